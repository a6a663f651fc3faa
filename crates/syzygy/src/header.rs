//! The header of one table file, WDL (`.rtbw`) or DTZ (`.rtbz`): read and
//! checked when the file is opened, then used to find one position's value
//! in the file's compressed blocks.

use crate::format::{Format, Kind};
use crate::index::{
    Encoding, Layout, MAX_PIECES, PieceEncoding, encode_pawns, encode_pieces, pawn_file,
};
use crate::material::{Material, Placement};
use crate::pairs::{Bytes, Damage, PairsData, Sizes};
use crate::values::Wdl;
use bitmoves::{Bitboard, Color, Piece};

/// One side's (or for DTZ, the stored side's) layout and values, per file.
#[derive(Debug, Clone)]
struct Part {
    layout: Layout,
    pairs: PairsData,
}

/// A table's header, decoded.
#[derive(Debug)]
pub(crate) struct Header {
    kind: Kind,
    /// The material in the colour order the table's pieces use.
    key: Material,
    symmetric: bool,
    count: usize,
    encoding: Encoding,
    /// `parts[file][side]`: WDL tables have both sides (the second only
    /// when split), DTZ tables side 0 only; pawnless tables one file.
    parts: Vec<[Option<Part>; 2]>,
    /// DTZ only: where the maps start, and per file the four maps'
    /// offsets (in bytes, or in `u16` entries for wide maps).
    map: usize,
    map_index: Vec<[usize; 4]>,
}

fn align64(at: usize) -> usize {
    at.div_ceil(64) * 64
}

/// Reads `count` piece codes at `at`, from the low or the high nibbles.
fn codes(data: &[u8], at: usize, count: usize, high: bool) -> Result<[u8; MAX_PIECES], Damage> {
    let mut pieces = [0; MAX_PIECES];
    for (i, piece) in pieces.iter_mut().enumerate().take(count) {
        let byte = data.u8_at(at + i)?;
        *piece = if high { byte >> 4 } else { byte & 0x0f };
        if !(1..=6).contains(&(*piece & 0x07)) {
            return Err("a piece code that names no piece");
        }
    }
    Ok(pieces)
}

fn material_of(codes: &[u8]) -> Material {
    let mut material = Material::default();
    for &code in codes {
        let color = usize::from(code >> 3 & 1);
        let piece = usize::from(code & 0x07) - 1;
        material.counts[color][piece] += 1;
    }
    material
}

impl Header {
    /// Decodes the header of a file of `kind` for `material` (from its
    /// name) in the variant's `format`, checking that every region it
    /// describes lies in `data`.
    pub fn read(
        data: &[u8],
        kind: Kind,
        material: Material,
        format: Format,
    ) -> Result<Header, Damage> {
        let count = material.count();
        let symmetric = material == material.mirrored();
        let has_pawns = material.has_pawns();
        let encoding = if has_pawns {
            Encoding::Pawns(material.pawns())
        } else {
            Encoding::Pieces(piece_encoding(&material, format)?)
        };
        let flags = data.u8_at(4)?;
        let split = kind == Kind::Wdl && flags & 1 != 0;
        let files = if has_pawns { 4 } else { 1 };
        if has_pawns && flags & 2 == 0 {
            return Err("a pawn table without its four files");
        }
        let sides = if split { 2 } else { 1 };
        let side_count = if kind == Kind::Wdl { 2 } else { 1 };

        // The piece orders and codes, per file and side.
        let mut at = 5;
        let order_bytes = match encoding {
            Encoding::Pawns([_, other]) if other > 0 => 2,
            _ => 1,
        };
        let mut layouts: Vec<[Option<(Layout, u64)>; 2]> = Vec::new();
        for file in 0..files {
            let mut pair = [None, None];
            for (side, slot) in pair.iter_mut().enumerate().take(side_count) {
                let high = side == 1;
                let nibble = |b: u8| if high { b >> 4 } else { b & 0x0f };
                let order = nibble(data.u8_at(at)?);
                let order2 = if order_bytes == 2 {
                    nibble(data.u8_at(at + 1)?)
                } else {
                    0x0f
                };
                let pieces = codes(data, at + order_bytes, count, high)?;
                let layout = Layout::new(encoding, count, pieces, order, order2, file)
                    .ok_or("an inconsistent piece order")?;
                *slot = Some(layout);
            }
            layouts.push(pair);
            at += count + order_bytes;
        }
        at += at & 1;
        let first = layouts[0][0].as_ref().ok_or("no pieces")?;
        let header_material = material_of(&first.0.pieces[..count]);
        if header_material != material && header_material != material.mirrored() {
            return Err("pieces that do not match the file name");
        }
        // python-chess and the format's reference code: pawnless tables
        // take their colour order from the header, pawn tables from the name.
        let key = if has_pawns { material } else { header_material };

        // Pairs data headers.
        let mut parts: Vec<[Option<Part>; 2]> = Vec::new();
        let mut sizes: Vec<[Sizes; 2]> = Vec::new();
        for layout_pair in &layouts {
            let mut pair = [None, None];
            let mut size_pair = [Sizes::default(); 2];
            for side in 0..sides {
                let (layout, size) = layout_pair[side].clone().ok_or("no layout")?;
                let (pairs, region, next) = PairsData::read(
                    data,
                    at,
                    size,
                    kind == Kind::Wdl,
                    format.captures_compulsory(),
                )?;
                at = next;
                pair[side] = Some(Part { layout, pairs });
                size_pair[side] = region;
            }
            parts.push(pair);
            sizes.push(size_pair);
        }

        // DTZ maps.
        let map = at;
        let mut map_index = Vec::new();
        if kind == Kind::Dtz {
            for pair in &parts {
                let flags = pair[0].as_ref().map_or(0, |p| p.pairs.flags);
                let mut offsets = [0; 4];
                if flags & 2 != 0 {
                    if flags & 16 == 0 {
                        for offset in &mut offsets {
                            *offset = at + 1 - map;
                            at += 1 + usize::from(data.u8_at(at)?);
                        }
                    } else {
                        at += at & 1;
                        for offset in &mut offsets {
                            *offset = (at + 2 - map) / 2;
                            at += 2 + 2 * usize::from(data.u16_le(at)?);
                        }
                    }
                }
                map_index.push(offsets);
            }
            at += at & 1;
        }

        // Index tables, size tables, then the data, each region in file
        // and side order.
        let grow = |at: usize, by: u64| -> Result<usize, Damage> {
            usize::try_from(by)
                .ok()
                .and_then(|by| at.checked_add(by))
                .filter(|&end| end <= data.len())
                .ok_or("a region past the end of the file")
        };
        for (pair, size) in parts.iter_mut().zip(&sizes) {
            for side in 0..sides {
                if let Some(part) = &mut pair[side] {
                    part.pairs.index_table = at;
                    at = grow(at, size[side].index_table)?;
                }
            }
        }
        for (pair, size) in parts.iter_mut().zip(&sizes) {
            for side in 0..sides {
                if let Some(part) = &mut pair[side] {
                    part.pairs.size_table = at;
                    at = grow(at, size[side].size_table)?;
                }
            }
        }
        for (pair, size) in parts.iter_mut().zip(&sizes) {
            for side in 0..sides {
                if let Some(part) = &mut pair[side] {
                    at = align64(at);
                    part.pairs.data = at;
                    at = grow(at, size[side].data)?;
                }
            }
        }
        Ok(Header {
            kind,
            key,
            symmetric,
            count,
            encoding,
            parts,
            map,
            map_index,
        })
    }

    /// How the board's colours relate to the table's: (`cmirror`,
    /// `mirror`, the stored side to read).
    #[inline]
    fn orientation(&self, board: &impl Placement, material: &Material) -> (u8, u8, usize) {
        let white = board.turn() == Color::White;
        if self.symmetric {
            if white { (0, 0, 0) } else { (8, 0x38, 0) }
        } else if *material != self.key {
            (8, 0x38, usize::from(white))
        } else {
            (0, 0, usize::from(!white))
        }
    }

    /// The squares of the pieces `codes[start..]` names, in order, into
    /// `squares` (ranks flipped by `mirror`).
    #[inline]
    fn fill(
        board: &impl Placement,
        codes: &[u8; MAX_PIECES],
        start: usize,
        count: usize,
        cmirror: u8,
        mirror: u8,
        squares: &mut [u8; MAX_PIECES],
    ) -> Result<usize, Damage> {
        let mut i = start;
        while i < count {
            let set =
                pieces_of(board, codes[i] ^ cmirror).ok_or("a piece code that names no piece")?;
            if set.is_empty() {
                return Err("pieces that do not match the position");
            }
            for square in set {
                *squares
                    .get_mut(i)
                    .ok_or("pieces that do not match the position")? =
                    square.index() as u8 ^ mirror;
                i += 1;
            }
        }
        Ok(i)
    }

    /// The stored value for the board: WDL tables 0 to 4 (loss to win),
    /// DTZ tables the raw value with the part's flags, or `None` when
    /// the DTZ table holds the other side to move.
    #[inline]
    fn value(
        &self,
        data: &[u8],
        board: &impl Placement,
        material: &Material,
    ) -> Result<Option<(u16, u8, usize)>, Damage> {
        // DTZ tables hold one side to move (`dtz_side` must match it).
        let (cmirror, mirror, dtz_side) = self.orientation(board, material);
        let side = if self.kind == Kind::Dtz { 0 } else { dtz_side };
        let mut squares = [0u8; MAX_PIECES];
        match self.encoding {
            Encoding::Pieces(kind) => {
                let part = self.parts[0][side]
                    .as_ref()
                    .ok_or("no values for this side to move")?;
                if self.kind == Kind::Dtz
                    && usize::from(part.pairs.flags & 1) != dtz_side
                    && !self.symmetric
                {
                    return Ok(None);
                }
                Self::fill(
                    board,
                    &part.layout.pieces,
                    0,
                    self.count,
                    cmirror,
                    0,
                    &mut squares,
                )?;
                let index = encode_pieces(kind, &part.layout, &mut squares, self.count)
                    .ok_or("kings the table cannot place")?;
                Ok(Some((part.pairs.get(data, index)?, part.pairs.flags, 0)))
            }
            Encoding::Pawns(pawns) => {
                let lead_code = self.parts[0][0].as_ref().ok_or("no pieces")?.layout.pieces[0];
                let lead = Self::fill(
                    board,
                    &[lead_code; MAX_PIECES],
                    0,
                    usize::from(pawns[0]),
                    cmirror,
                    mirror,
                    &mut squares,
                )?;
                let file = pawn_file(&mut squares, usize::from(pawns[0]));
                let part = self.parts[file][side]
                    .as_ref()
                    .ok_or("no values for this side to move")?;
                if self.kind == Kind::Dtz && usize::from(part.pairs.flags & 1) != dtz_side {
                    return Ok(None);
                }
                Self::fill(
                    board,
                    &part.layout.pieces,
                    lead,
                    self.count,
                    cmirror,
                    mirror,
                    &mut squares,
                )?;
                let index = encode_pawns(pawns, &part.layout, &mut squares, self.count);
                Ok(Some((part.pairs.get(data, index)?, part.pairs.flags, file)))
            }
        }
    }

    /// The WDL table's value for the board.
    #[inline]
    pub fn wdl(
        &self,
        data: &[u8],
        board: &impl Placement,
        material: &Material,
    ) -> Result<Wdl, Damage> {
        let (value, _, _) = self
            .value(data, board, material)?
            .ok_or("no values for this side to move")?;
        let value = value & 0xff;
        if value > 4 {
            return Err("a WDL value out of range");
        }
        Ok(Wdl::from_value(value as i8 - 2))
    }

    /// The DTZ table's value for the board whose WDL is `wdl` (not a draw), in
    /// plies as the table rounds them; `None` when the table holds the
    /// other side to move.
    #[inline]
    pub fn dtz(
        &self,
        data: &[u8],
        board: &impl Placement,
        material: &Material,
        wdl: Wdl,
    ) -> Result<Option<i32>, Damage> {
        let Some((mut value, flags, file)) = self.value(data, board, material)? else {
            return Ok(None);
        };
        let slot = (wdl.value() + 2) as usize;
        let map_for = [1, 3, 0, 2, 0][slot];
        if flags & 2 != 0 {
            let offset = self.map_index.get(file).ok_or("no map")?[map_for];
            value = if flags & 16 == 0 {
                u16::from(data.u8_at(self.map + offset + usize::from(value))?)
            } else {
                data.u16_le(self.map + 2 * (offset + usize::from(value)))?
            };
        }
        let in_moves = [8, 0, 0, 0, 4][slot];
        let mut dtz = i32::from(value);
        if flags & in_moves == 0 || wdl.is_spoiled() {
            dtz *= 2;
        }
        Ok(Some(dtz))
    }
}

/// How a pawnless table of `material` indexes its leading pieces: three
/// unique pieces, two (kings, which may touch in atomic and antichess), or
/// in antichess the smallest group of identical pieces.
fn piece_encoding(material: &Material, format: Format) -> Result<PieceEncoding, Damage> {
    let unique = material.unique_pieces();
    if unique >= 3 {
        return Ok(PieceEncoding::Three);
    }
    if unique == 2 {
        return Ok(PieceEncoding::Kings {
            connected: format.connected_kings(),
        });
    }
    let smallest = material
        .counts
        .iter()
        .flatten()
        .filter(|&&n| n > 1)
        .min()
        .ok_or("no pieces")?;
    Ok(PieceEncoding::Group(*smallest))
}

/// The pieces a code names (type 1 to 6, plus 8 for black).
#[inline(always)]
fn pieces_of(board: &impl Placement, code: u8) -> Option<Bitboard> {
    let piece = Piece::try_index(usize::from(code & 0x07).checked_sub(1)?)?;
    let color = if code & 0x08 == 0 {
        Color::White
    } else {
        Color::Black
    };
    Some(board.colored(color, piece))
}
