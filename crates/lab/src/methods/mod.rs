//! The methods the page teaches, each a function from the lab board (a
//! [`Scene`]) to the steps the write-ups draw, and the registry the page
//! reads its method list from.

mod leapers;
mod lookups;
mod sets;
mod sliders;

use crate::json::{Json, hex};
use bitmoves::{Bitboard, Color, Direction, Piece, Square, attacks};
use bitmoves_shift::sliders::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS};

/// The lab board: the piece being studied, and what stands around it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scene {
    /// The square of the piece the methods study.
    pub subject: Square,
    /// The studied piece's colour: it decides which occupancy is "own".
    pub color: Color,
    /// Pieces by colour and kind (`pieces[color][piece]`).
    pub pieces: [[Bitboard; Piece::NUM]; Color::NUM],
    /// Blockers of no colour: they stop sliders and count as occupied.
    pub blockers: Bitboard,
    /// Markers of the studied piece's side (own occupancy).
    pub own_markers: Bitboard,
    /// Markers of the other side (enemy occupancy).
    pub enemy_markers: Bitboard,
}

impl Scene {
    /// A scene from 64 cells in square order (a1, b1, …, h8): `.` empty,
    /// a FEN piece letter, `x` a blocker, `o` an own and `e` an enemy
    /// marker. The subject's colour is that of the piece on it (White
    /// when it holds none).
    pub fn from_cells(subject: Square, cells: &str) -> Result<Self, String> {
        let cells: Vec<char> = cells.chars().collect();
        if cells.len() != Square::NUM {
            return Err(format!("expected 64 cells, got {}", cells.len()));
        }
        let mut scene = Scene {
            subject,
            color: Color::White,
            pieces: [[Bitboard::EMPTY; Piece::NUM]; Color::NUM],
            blockers: Bitboard::EMPTY,
            own_markers: Bitboard::EMPTY,
            enemy_markers: Bitboard::EMPTY,
        };
        for (square, cell) in Square::ALL.into_iter().zip(cells) {
            let set = match cell {
                '.' => continue,
                'x' => &mut scene.blockers,
                'o' => &mut scene.own_markers,
                'e' => &mut scene.enemy_markers,
                letter => {
                    let piece = Piece::from_char(letter.to_ascii_lowercase())
                        .ok_or_else(|| format!("unknown cell `{letter}` on {square}"))?;
                    let color = if letter.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    if square == subject {
                        scene.color = color;
                    }
                    &mut scene.pieces[color.index()][piece.index()]
                }
            };
            set.insert(square);
        }
        Ok(scene)
    }

    /// Every occupied square, the subject's included.
    pub fn occupied(&self) -> Bitboard {
        let pieces = self
            .pieces
            .iter()
            .flatten()
            .fold(Bitboard::EMPTY, |a, &b| a | b);
        pieces | self.blockers | self.own_markers | self.enemy_markers | self.subject.bitboard()
    }

    /// The squares of `color`'s side: its pieces and its markers.
    pub fn side(&self, color: Color) -> Bitboard {
        let pieces = self.pieces[color.index()]
            .iter()
            .fold(Bitboard::EMPTY, |a, &b| a | b);
        let markers = if color == self.color {
            self.own_markers
        } else {
            self.enemy_markers
        };
        pieces | markers
    }

    /// `color`'s pieces of kind `piece`.
    pub fn pieces(&self, color: Color, piece: Piece) -> Bitboard {
        self.pieces[color.index()][piece.index()]
    }
}

/// What one step shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// A bitboard, drawn as a diagram with its hex value.
    Board,
    /// A number (a magic, a shift, an index), in hex and decimal.
    Number,
    /// Two results compared: `equal` or `NOT equal`.
    Verdict(bool),
}

/// One step of a method: a labelled value with a line of explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Stable name within its section (`no_no_ea`, `union`, `index`): the
    /// tests find the step by `section/step`.
    pub id: String,
    /// The write-ups' name for it, like `noNoEa = (b << 17) & notAFile`.
    pub label: String,
    /// The value: a bitboard, or a number.
    pub value: u64,
    /// How the page shows it.
    pub shown: Shown,
}

impl Step {
    /// A bitboard step.
    pub fn board(id: &str, label: impl Into<String>, set: Bitboard) -> Self {
        Self {
            id: id.into(),
            label: label.into(),
            value: set.0,
            shown: Shown::Board,
        }
    }

    /// A number step.
    pub fn number(id: &str, label: impl Into<String>, value: u64) -> Self {
        Self {
            id: id.into(),
            label: label.into(),
            value,
            shown: Shown::Number,
        }
    }

    /// The verdict on two sets: whether `ours` (by the method) equals
    /// `lookup` (the library's table).
    pub fn verdict(id: &str, label: impl Into<String>, ours: Bitboard, lookup: Bitboard) -> Self {
        let equal = ours == lookup;
        Self {
            id: id.into(),
            label: label.into(),
            value: u64::from(equal),
            shown: Shown::Verdict(equal),
        }
    }
}

/// A group of steps under one heading, like "Knight: eight masked shifts".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Stable name, like `knight` or `rook-magic`.
    pub id: String,
    /// The heading.
    pub title: String,
    /// A paragraph saying what the steps do.
    pub intro: String,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// A method the page offers: a name and the sections it draws.
pub struct Method {
    /// Stable name, as the page asks for it.
    pub id: &'static str,
    /// What the page's picker shows.
    pub title: &'static str,
    /// Draws the method for a scene.
    pub build: fn(&Scene) -> Vec<Section>,
}

/// Every method, in the picker's order. To add one, write a function from
/// a [`Scene`] to its sections and list it here: the page needs no change.
pub const METHODS: &[Method] = &[
    Method {
        id: "knight",
        title: "Knight: eight masked shifts",
        build: leapers::knight,
    },
    Method {
        id: "king",
        title: "King: eight compass steps",
        build: leapers::king,
    },
    Method {
        id: "pawns",
        title: "Pawns: pushes and captures, both colours",
        build: leapers::pawns,
    },
    Method {
        id: "knights",
        title: "Many knights at once",
        build: sets::knights,
    },
    Method {
        id: "forks",
        title: "Knight fill and fork squares",
        build: sets::fill_and_forks,
    },
    Method {
        id: "rook",
        title: "Rook: ray loop, Kogge-Stone, magic, PEXT",
        build: sliders::rook,
    },
    Method {
        id: "bishop",
        title: "Bishop: ray loop, Kogge-Stone, magic, PEXT",
        build: sliders::bishop,
    },
    Method {
        id: "queen",
        title: "Queen: rook and bishop together",
        build: sliders::queen,
    },
];

/// The method named `id`.
pub fn find(id: &str) -> Option<&'static Method> {
    METHODS.iter().find(|method| method.id == id)
}

/// Writes sections as the page reads them.
pub fn write_sections(json: &mut Json, subject: Square, sections: &[Section]) {
    json.begin_object().field_shown("subject", &subject);
    json.key("sections").begin_array();
    for section in sections {
        json.begin_object()
            .field("id", &section.id)
            .field("title", &section.title);
        json.field("intro", &section.intro)
            .key("steps")
            .begin_array();
        for step in &section.steps {
            json.begin_object()
                .field("id", &step.id)
                .field("label", &step.label);
            json.field("hex", &hex(step.value));
            match step.shown {
                Shown::Board => json.field("shown", "board"),
                Shown::Number => json
                    .field("shown", "number")
                    .key("decimal")
                    .number(step.value),
                Shown::Verdict(equal) => json.field("shown", "verdict").key("equal").boolean(equal),
            };
            json.end_object();
        }
        json.end_array().end_object();
    }
    json.end_array().end_object();
}

/// A section from its parts.
fn section(id: &str, title: &str, intro: &str, steps: Vec<Step>) -> Section {
    Section {
        id: id.into(),
        title: title.into(),
        intro: intro.into(),
        steps,
    }
}

/// The last three steps of a method that builds a set piece by piece: the
/// union it built, the library's lookup, and the verdict on the two.
fn union_and_lookup(
    steps: &mut Vec<Step>,
    what: &str,
    union: Bitboard,
    lookup_name: String,
    lookup: Bitboard,
) {
    steps.push(Step::board("union", format!("union of {what}"), union));
    steps.push(Step::board(
        "lookup",
        format!("lookup: {lookup_name}"),
        lookup,
    ));
    steps.push(Step::verdict("equal", "union = lookup", union, lookup));
}

/// The pieces a set-wise method starts from: `found`, or the subject
/// square alone when the board has none.
fn or_subject(found: Bitboard, scene: &Scene) -> Bitboard {
    if found.is_empty() {
        scene.subject.bitboard()
    } else {
        found
    }
}

/// Which slider, with what the steps need to know of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slider {
    /// Moves along ranks and files.
    Rook,
    /// Moves along diagonals.
    Bishop,
}

impl Slider {
    /// `rook` or `bishop`, for ids and labels.
    pub fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Bishop => "bishop",
        }
    }

    fn directions(self) -> [Direction; 4] {
        match self {
            Slider::Rook => ROOK_DIRECTIONS,
            Slider::Bishop => BISHOP_DIRECTIONS,
        }
    }

    /// The library's lookup for this slider on the scene.
    pub fn lookup(self, scene: &Scene) -> Bitboard {
        self.lookup_with(scene.subject, scene.occupied())
    }

    /// The library's lookup for this slider on `square` through `occupied`.
    pub fn lookup_with(self, square: Square, occupied: Bitboard) -> Bitboard {
        match self {
            Slider::Rook => attacks::rook(square, occupied),
            Slider::Bishop => attacks::bishop(square, occupied),
        }
    }
}

/// `Rook` from `rook`.
pub fn title(name: &str) -> String {
    let mut title = name.to_owned();
    if let Some(first) = title.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    title
}
