//! `--variant NAME`: the variant a command plays by, read from the core's
//! variant table, and POSITION arguments read as that variant's positions
//! (`startpos` its start, FENs with pockets and check counts).

use crate::error::{CliError, shorten};
use crate::position::{self, SetupArgs};
use bitmoves::Move;
use bitmoves::setup::Setup;
use bitmoves::variant::{Position, Status, Variant, VariantKind, parse_uci};
use clap::Args;

/// Runs `$body` with `$v` bound to the rules type of a [`VariantKind`]
/// (the core's own dispatch is private to it).
macro_rules! with_variant {
    ($kind:expr, $v:ident => $body:expr) => {{
        use bitmoves::variant as rules;
        match $kind {
            rules::VariantKind::Standard => {
                type $v = rules::Standard;
                $body
            }
            rules::VariantKind::KingOfTheHill => {
                type $v = rules::KingOfTheHill;
                $body
            }
            rules::VariantKind::ThreeCheck => {
                type $v = rules::ThreeCheck;
                $body
            }
            rules::VariantKind::RacingKings => {
                type $v = rules::RacingKings;
                $body
            }
            rules::VariantKind::Horde => {
                type $v = rules::Horde;
                $body
            }
            rules::VariantKind::Suicide => {
                type $v = rules::Suicide;
                $body
            }
            rules::VariantKind::Giveaway => {
                type $v = rules::Giveaway;
                $body
            }
            rules::VariantKind::Antichess => {
                type $v = rules::Antichess;
                $body
            }
            rules::VariantKind::Atomic => {
                type $v = rules::Atomic;
                $body
            }
            rules::VariantKind::Crazyhouse => {
                type $v = rules::Crazyhouse;
                $body
            }
        }
    }};
}
pub(crate) use with_variant;

/// The `--variant` option of `perft`, `moves` and `show`.
#[derive(Args, Debug, Clone, Default)]
pub struct VariantArgs {
    /// Play by a variant's rules: standard, crazyhouse, antichess (or
    /// giveaway, suicide), atomic, horde, kingofthehill, racingkings,
    /// 3check, or any name python-chess or Lichess gives them ("King of
    /// the Hill", threeCheck, ZH, …), in any case. POSITION is then
    /// `startpos` (the variant's start) or a FEN in the variant's form
    #[arg(long, value_name = "NAME", value_parser = parse_variant)]
    pub variant: Option<VariantKind>,
}

impl VariantArgs {
    /// The variant to play when it is not standard chess, which keeps the
    /// fast board.
    pub fn kind(&self) -> Option<VariantKind> {
        self.variant.filter(|&kind| kind != VariantKind::Standard)
    }
}

/// Reads a `--variant` name: any name the table knows, in any case; else
/// the message lists our names.
pub fn parse_variant(text: &str) -> Result<VariantKind, String> {
    text.trim().parse().map_err(|_| {
        let names: Vec<_> = VariantKind::ALL.iter().map(|kind| kind.name()).collect();
        format!(
            "unknown variant \"{}\": known variants are {} (and python-chess's and Lichess's names for them)",
            shorten(text),
            names.join(", ")
        )
    })
}

/// Reads POSITION for variant `V` and plays the `--moves`: `startpos` is
/// the variant's start, a name from `bitmoves positions` or a FEN in any
/// variant's form. A position python-chess would call invalid for the
/// variant is refused unless `--lenient`.
pub fn load<V: Variant>(position: &str, setup: &SetupArgs) -> Result<Position<V>, CliError> {
    let kind = V::KIND;
    if position.starts_with("960:") {
        return Err(CliError::input(format!(
            "Chess960 starts by number (\"{}\") are for standard chess, not {kind}",
            shorten(position)
        )));
    }
    let fen = if position.eq_ignore_ascii_case("startpos") {
        kind.start_fen()
    } else {
        position::resolve(position)?
    };
    let parsed = Setup::from_fen(fen).map_err(|error| {
        let hint = if fen.trim().contains(char::is_whitespace) {
            String::new()
        } else {
            format!("; {}", position::QUOTE_FEN_HINT)
        };
        CliError::input(format!("{error} (in \"{}\"){hint}", shorten(fen)))
    })?;
    let mut pos = Position::<V>::from_setup(parsed, setup.chess960);
    let status = pos.status();
    if !setup.lenient && !status.is_valid() {
        return Err(CliError::input(format!(
            "not a valid {kind} position ({}): \"{}\" (pass --lenient to play on it anyway)",
            problems(status),
            shorten(fen)
        )));
    }
    let moves = setup.moves.iter().flat_map(|text| text.split_whitespace());
    for (index, text) in moves.enumerate() {
        let mv = read_move(&pos, text).map_err(|error| {
            CliError::input(format!(
                "--moves entry {} \"{}\": {error}",
                index + 1,
                shorten(text)
            ))
        })?;
        pos.play(mv);
    }
    Ok(pos)
}

/// A legal move of `pos` written in UCI (drops `N@e4`) or SAN.
pub fn read_move<V: Variant>(pos: &Position<V>, text: &str) -> Result<Move, String> {
    if let Ok(mv) = parse_uci(text) {
        return if pos.is_legal(mv) {
            Ok(bitmoves::variant::from_chess960(
                pos.setup(),
                pos.is_chess960(),
                bitmoves::variant::to_chess960(pos.setup(), mv),
            ))
        } else {
            Err(format!("illegal move in {}", pos.fen()))
        };
    }
    pos.parse_san(text)
        .map_err(|error| format!("{error} in {}", pos.fen()))
}

/// The problems `status` flags, by name.
fn problems(status: Status) -> String {
    const NAMES: [(Status, &str); 17] = [
        (Status::NO_WHITE_KING, "no white king"),
        (Status::NO_BLACK_KING, "no black king"),
        (Status::TOO_MANY_KINGS, "too many kings"),
        (Status::TOO_MANY_WHITE_PAWNS, "too many white pawns"),
        (Status::TOO_MANY_BLACK_PAWNS, "too many black pawns"),
        (Status::PAWNS_ON_BACKRANK, "pawns on the back rank"),
        (Status::TOO_MANY_WHITE_PIECES, "too many white pieces"),
        (Status::TOO_MANY_BLACK_PIECES, "too many black pieces"),
        (Status::BAD_CASTLING_RIGHTS, "bad castling rights"),
        (Status::INVALID_EP_SQUARE, "invalid en passant square"),
        (Status::OPPOSITE_CHECK, "the side not to move is in check"),
        (Status::EMPTY, "no pieces"),
        (Status::RACE_CHECK, "a king in check"),
        (Status::RACE_OVER, "the race is over"),
        (Status::RACE_MATERIAL, "material the race cannot have"),
        (Status::TOO_MANY_CHECKERS, "too many checkers"),
        (Status::IMPOSSIBLE_CHECK, "impossible check"),
    ];
    let names: Vec<_> = NAMES
        .iter()
        .filter(|(flag, _)| status.contains(*flag))
        .map(|(_, name)| *name)
        .collect();
    if names.is_empty() {
        format!("status {:#x}", status.0)
    } else {
        names.join(", ")
    }
}

/// The options of the fast board that mean nothing for a variant: each
/// one set is refused, naming it.
pub fn refuse(kind: VariantKind, options: &[(bool, &str)]) -> Result<(), CliError> {
    match options.iter().find(|(set, _)| *set) {
        Some((_, name)) => Err(CliError::input(format!(
            "{name} is not available with --variant {kind}: it works on standard chess only"
        ))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitmoves::variant::{Crazyhouse, ThreeCheck};

    #[test]
    fn names_and_aliases_are_read_in_any_case() {
        assert_eq!(parse_variant("ZH"), Ok(VariantKind::Crazyhouse));
        assert_eq!(
            parse_variant("king of the hill"),
            Ok(VariantKind::KingOfTheHill)
        );
        assert_eq!(parse_variant("threeCheck"), Ok(VariantKind::ThreeCheck));
        assert_eq!(parse_variant("chess"), Ok(VariantKind::Standard));
        let error = parse_variant("bughouse").unwrap_err();
        assert!(error.contains("unknown variant \"bughouse\""), "{error}");
        assert!(
            error.contains("crazyhouse, atomic") || error.contains("atomic"),
            "{error}"
        );
    }

    #[test]
    fn startpos_is_the_variants_start_and_moves_are_uci_or_san() {
        let setup = SetupArgs {
            moves: vec!["e4 d5 exd5 Qxd5 P@e6".into()],
            ..SetupArgs::default()
        };
        let pos = load::<Crazyhouse>("startpos", &setup).unwrap();
        assert_eq!(
            pos.fen().to_string(),
            // As python-chess writes it (its `CrazyhouseBoard`).
            "rnb1kbnr/ppp1pppp/4P3/3q4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 1 3"
        );
        let three = load::<ThreeCheck>("startpos", &SetupArgs::default()).unwrap();
        assert_eq!(three.setup().remaining_checks, [3, 3]);
    }
}
