//! `bitmoves attacks`: the squares a piece attacks, from the generated
//! lookups or from the shift-based fills, drawn as a diagram.

use crate::error::CliError;
use bitmoves::{Bitboard, Color, Piece, Square, attacks};
use bitmoves_shift::{kings, knights, pawns, sliders};
use clap::{Args, ValueEnum};
use std::io::Write;

/// Arguments of `bitmoves attacks`.
#[derive(Args, Debug)]
pub struct AttacksArgs {
    /// pawn, knight, bishop, rook, queen or king (or p, n, b, r, q, k)
    #[arg(value_parser = parse_piece)]
    pub piece: Piece,
    /// The square the piece stands on, like d4
    #[arg(value_parser = parse_square)]
    pub square: Square,
    /// The piece's colour, w or b (only pawns attack by colour)
    #[arg(long, value_parser = parse_color, default_value = "w")]
    pub color: Color,
    /// Occupied squares that stop sliders, comma-separated (d6,g4)
    #[arg(long, value_name = "SQUARES", value_delimiter = ',', value_parser = parse_square)]
    pub occupied: Vec<Square>,
    /// Squares of the piece's own side: they block, and are left out of
    /// the result (attacks & !own)
    #[arg(long, value_name = "SQUARES", value_delimiter = ',', value_parser = parse_square)]
    pub own: Vec<Square>,
    /// Where the answer comes from
    #[arg(long, value_enum, default_value_t = Method::Lookup)]
    pub method: Method,
}

/// How the attack set is computed.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The generated tables of `bitmoves::attacks` (magic or PEXT sliders)
    Lookup,
    /// The shift-based fills of the `bitmoves-shift` crate
    Shift,
}

/// Draws the attack set as `Bitboard`'s diagram.
pub fn run(args: &AttacksArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let own: Bitboard = args.own.iter().copied().collect();
    let occupied = args.occupied.iter().copied().collect::<Bitboard>() | own;
    let set = attack_set(args.method, args.piece, args.color, args.square, occupied) - own;
    write!(out, "{set}")?;
    Ok(())
}

/// The squares `piece` of `color` on `square` attacks, with `occupied`
/// blocking sliders, computed by `method`.
pub fn attack_set(
    method: Method,
    piece: Piece,
    color: Color,
    square: Square,
    occupied: Bitboard,
) -> Bitboard {
    match (method, piece) {
        (Method::Lookup, Piece::Pawn) => attacks::pawn(color, square),
        (Method::Lookup, Piece::Knight) => attacks::knight(square),
        (Method::Lookup, Piece::Bishop) => attacks::bishop(square, occupied),
        (Method::Lookup, Piece::Rook) => attacks::rook(square, occupied),
        (Method::Lookup, Piece::Queen) => attacks::queen(square, occupied),
        (Method::Lookup, Piece::King) => attacks::king(square),
        (Method::Shift, Piece::Pawn) => pawns::attacks(color, square.bitboard()),
        (Method::Shift, Piece::Knight) => knights::attacks(square),
        (Method::Shift, Piece::Bishop) => sliders::bishop(square, occupied),
        (Method::Shift, Piece::Rook) => sliders::rook(square, occupied),
        (Method::Shift, Piece::Queen) => sliders::queen(square, occupied),
        (Method::Shift, Piece::King) => kings::attacks(square),
    }
}

/// Reads a piece name (`knight`) or letter (`n`), in any case.
pub fn parse_piece(text: &str) -> Result<Piece, String> {
    let lower = text.to_ascii_lowercase();
    let by_name = Piece::ALL
        .into_iter()
        .find(|piece| piece.to_string() == lower);
    let mut chars = lower.chars();
    let by_letter = match (chars.next(), chars.next()) {
        (Some(letter), None) => Piece::from_char(letter),
        _ => None,
    };
    by_name.or(by_letter).ok_or_else(|| {
        "expected pawn, knight, bishop, rook, queen or king (or p, n, b, r, q, k)".into()
    })
}

/// Reads a square name such as `e4` (either case).
pub fn parse_square(text: &str) -> Result<Square, String> {
    text.trim()
        .to_ascii_lowercase()
        .parse()
        .map_err(|error| format!("{error}"))
}

/// Reads a colour: `w`, `b`, `white` or `black`.
pub fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "w" | "white" => Ok(Color::White),
        "b" | "black" => Ok(Color::Black),
        _ => Err("expected w or b (white or black)".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_squares_and_colours_parse_leniently() {
        assert_eq!(parse_piece("Knight"), Ok(Piece::Knight));
        assert_eq!(parse_piece("q"), Ok(Piece::Queen));
        assert!(parse_piece("dragon").is_err());
        assert!(parse_piece("").is_err());
        assert_eq!(parse_square("E4"), Ok(Square::E4));
        assert!(parse_square("i9").is_err());
        assert_eq!(parse_color("black"), Ok(Color::Black));
        assert!(parse_color("red").is_err());
    }

    #[test]
    fn both_methods_agree_on_every_piece_and_square() {
        let occupied: Bitboard = [Square::C3, Square::D6, Square::F4, Square::G7, Square::B5]
            .into_iter()
            .collect();
        for piece in Piece::ALL {
            for color in Color::ALL {
                for square in Square::ALL {
                    let lookup = attack_set(Method::Lookup, piece, color, square, occupied);
                    let shift = attack_set(Method::Shift, piece, color, square, occupied);
                    assert_eq!(lookup, shift, "{piece:?} {color} {square}");
                }
            }
        }
    }
}
