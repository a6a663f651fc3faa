//! The `Variant` tag: which names play by which rules. Standard names
//! (FICS's `wild/N` included, as python-chess plays them) and Chess960 stay
//! on the fast board; a variant of the core's table is read by its rules
//! when the visitor takes variant games, else skipped with a note; an
//! unknown name is an error at the tag, and the next game is read.

use bitmoves::variant::{VariantKind, uci};
use bitmoves::{Board, Move};
use bitmoves_pgn::{ErrorKind, Flow, Reader, VariantPosition, Visitor};

/// Each game's mainline in UCI and how it started: `board` or the
/// variant's name.
#[derive(Default)]
struct Moves {
    start: String,
    moves: Vec<String>,
}

impl Visitor for Moves {
    fn begin_game(&mut self, _number: u64) -> Flow {
        self.moves.clear();
        Flow::Continue
    }
    fn begin_moves(&mut self, _start: &Board) -> Flow {
        self.start = "board".into();
        Flow::Continue
    }
    fn play(&mut self, _board: &Board, mv: Move, _san: &str) {
        self.moves.push(mv.to_string());
    }
    fn begin_variant_moves(&mut self, start: &VariantPosition) -> Flow {
        self.start = start.kind().to_string();
        Flow::Continue
    }
    fn play_variant(&mut self, _position: &VariantPosition, mv: Move, _san: &str) {
        self.moves.push(uci(mv).to_string());
    }
}

/// Each game as `start: moves`, or its error.
fn read(pgn: &str) -> Vec<Result<String, bitmoves_pgn::PgnError>> {
    let mut reader = Reader::new(pgn.as_bytes());
    let mut visitor = Moves::default();
    let mut games = Vec::new();
    while let Some(result) = reader.read_game(&mut visitor) {
        games.push(result.map(|()| format!("{}: {}", visitor.start, visitor.moves.join(" "))));
    }
    games
}

#[test]
fn standard_names_stay_on_the_board_and_variants_take_their_rules() {
    for name in [
        "Standard",
        "chess",
        "From Position",
        "wild/0",
        "WILD/8a",
        "Illegal",
        "",
    ] {
        let games = read(&format!("[Variant \"{name}\"]\n\n1. e4 e5 *\n"));
        assert_eq!(games[0].as_ref().expect(name), "board: e2e4 e7e5", "{name}");
    }
    for (name, kind) in [
        ("Crazyhouse", VariantKind::Crazyhouse),
        ("crazy house", VariantKind::Crazyhouse),
        ("King of the Hill", VariantKind::KingOfTheHill),
        ("KOTH", VariantKind::KingOfTheHill),
        ("Three-check", VariantKind::ThreeCheck),
        ("3check", VariantKind::ThreeCheck),
        ("threeCheck", VariantKind::ThreeCheck),
        ("Racing Kings", VariantKind::RacingKings),
        ("Antichess", VariantKind::Antichess),
        ("Giveaway", VariantKind::Giveaway),
        ("Suicide", VariantKind::Suicide),
        ("Atomic", VariantKind::Atomic),
        ("Horde", VariantKind::Horde),
        (" atomic ", VariantKind::Atomic),
    ] {
        let fen = kind.start_fen();
        let games = read(&format!("[Variant \"{name}\"]\n[FEN \"{fen}\"]\n\n*\n"));
        assert_eq!(
            games[0].as_ref().expect(name),
            &format!("{kind}: "),
            "{name}"
        );
    }
}

#[test]
fn an_unknown_variant_is_an_error_at_its_tag_and_the_next_game_is_read() {
    let games = read("[Event \"x\"]\n[Variant \"Bughouse\"]\n\n1. e4 *\n\n1. d4 *\n");
    let error = games[0].as_ref().expect_err("unknown");
    assert!(!error.is_note(), "{error}");
    assert!(
        matches!(&error.kind, ErrorKind::UnknownVariant { name } if name == "Bughouse"),
        "{error}"
    );
    assert_eq!((error.game, error.line, error.column), (1, 2, 11));
    assert_eq!(games[1].as_ref().expect("read"), "board: d2d4");
}

#[test]
fn variant_errors_name_the_move_and_the_variants_fen() {
    let games = read(
        "[Variant \"Crazyhouse\"]\n\n1. e4 N@e5 *\n\n\
         [Variant \"Three-check\"]\n[FEN \"8/8/8/8 w - - 9+9 0 1\"]\n\n*\n\n\
         [Variant \"Atomic\"]\n\n1. e4 -- *\n\n\
         [Variant \"Three-check\"]\n\n1. e4 f5 2. Qh5+ -- *\n",
    );
    let error = games[0].as_ref().expect_err("no knight in hand");
    assert!(
        matches!(&error.kind, ErrorKind::IllegalVariantMove { san, fen, .. }
            if san == "N@e5" && fen.ends_with("[] b KQkq - 0 1")),
        "{error}"
    );
    assert_eq!((error.line, error.column), (3, 7));
    let error = games[1].as_ref().expect_err("bad FEN");
    assert!(
        matches!(error.kind, ErrorKind::BadVariantFen { .. }),
        "{error}"
    );
    // A null move passes, as python-chess reads it (the visitor has no
    // `null_variant`: only the move is seen)...
    assert_eq!(games[2].as_ref().expect("a null move"), "atomic: e2e4");
    // ... but never in check, as on the fast board.
    let error = games[3].as_ref().expect_err("a null move in check");
    assert!(
        matches!(&error.kind, ErrorKind::NullMoveInCheck { fen } if fen.contains(" 2+3 ")),
        "{error}"
    );
    assert_eq!((error.line, error.column), (16, 18));
}

#[test]
fn variations_of_variant_games_are_replayed_by_the_variants_rules_when_entered() {
    // White has no knight in hand in the variation: entered, it is an
    // error with its place; skipped (the default), the game reads.
    let pgn = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 (1... e5 2. N@f3) 2. exd5 *\n\n\
               [Variant \"Crazyhouse\"]\n\n1. e4 d5 (1... e5 2. Nf3 (2. d4 exd4 3. Nf3 P@e3) Nc6) 2. exd5 *\n";
    assert_eq!(
        read(pgn)[0].as_ref().expect("skipped"),
        "crazyhouse: e2e4 d7d5 e4d5"
    );
    let mut reader = Reader::new(pgn.as_bytes());
    let mut builder = bitmoves_pgn::GameBuilder::new().with_variants();
    let error = reader
        .read_game(&mut builder)
        .expect("a game")
        .expect_err("an illegal drop in the variation");
    assert!(
        matches!(&error.kind, ErrorKind::IllegalVariantMove { san, .. } if san == "N@f3"),
        "{error}"
    );
    assert_eq!((error.game, error.line, error.column), (1, 3, 22));
    reader
        .read_game(&mut builder)
        .expect("a game")
        .expect("the second reads");
    let game = builder.finish();
    let variation = &game.moves.moves[1].variations[0];
    let nested = &variation.moves[1].variations[0];
    assert_eq!(nested.moves.len(), 4);
    assert_eq!(uci(nested.moves[3].mv.expect("a drop")).to_string(), "P@e3");
    assert_eq!(
        uci(variation.moves[2].mv.expect("a move")).to_string(),
        "b8c6"
    );
}

#[test]
fn a_visitor_that_does_not_take_variant_games_skips_them_with_a_note() {
    struct Plain;
    impl Visitor for Plain {}
    let mut reader = Reader::new(&b"[Variant \"Horde\"]\n\n1. e4 *\n\n1. e4 *\n"[..]);
    let note = reader
        .read_game(&mut Plain)
        .expect("a game")
        .expect_err("a note");
    assert!(note.is_note(), "{note}");
    assert!(reader.read_game(&mut Plain).expect("a game").is_ok());
}
