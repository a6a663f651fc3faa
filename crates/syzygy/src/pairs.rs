//! Pairs data: one compressed value stream of a table (one side, one
//! pawn file). The header's Huffman code (symlen, base, the symbol
//! pairs) is read and checked once; [`PairsData::get`] decodes the value
//! at an index, every read bounds-checked.

/// Why a table's bytes cannot be used: what is wrong with them.
pub(crate) type Damage = &'static str;

/// Bounds-checked little- and big-endian reads.
pub(crate) trait Bytes {
    /// The byte at `at`.
    fn u8_at(&self, at: usize) -> Result<u8, Damage>;
    /// The little-endian `u16` at `at`.
    fn u16_le(&self, at: usize) -> Result<u16, Damage>;
    /// The little-endian `u32` at `at`.
    fn u32_le(&self, at: usize) -> Result<u32, Damage>;
    /// The big-endian `u32` at `at`.
    fn u32_be(&self, at: usize) -> Result<u32, Damage>;
    /// The big-endian `u64` at `at`.
    fn u64_be(&self, at: usize) -> Result<u64, Damage>;
}

const OUTSIDE: Damage = "a read past the end of the file";

fn array<const N: usize>(data: &[u8], at: usize) -> Result<[u8; N], Damage> {
    let end = at.checked_add(N).ok_or(OUTSIDE)?;
    let bytes = data.get(at..end).ok_or(OUTSIDE)?;
    bytes.try_into().map_err(|_| OUTSIDE)
}

impl Bytes for [u8] {
    #[inline(always)]
    fn u8_at(&self, at: usize) -> Result<u8, Damage> {
        self.get(at).copied().ok_or(OUTSIDE)
    }
    #[inline(always)]
    fn u16_le(&self, at: usize) -> Result<u16, Damage> {
        array(self, at).map(u16::from_le_bytes)
    }
    #[inline(always)]
    fn u32_le(&self, at: usize) -> Result<u32, Damage> {
        array(self, at).map(u32::from_le_bytes)
    }
    #[inline(always)]
    fn u32_be(&self, at: usize) -> Result<u32, Damage> {
        array(self, at).map(u32::from_be_bytes)
    }
    #[inline(always)]
    fn u64_be(&self, at: usize) -> Result<u64, Damage> {
        array(self, at).map(u64::from_be_bytes)
    }
}

/// One pairs data block's header, decoded: a constant value, or a
/// Huffman-coded stream with its index table, size table and data.
#[derive(Debug, Clone, Default)]
pub(crate) struct PairsData {
    /// The header's first byte: for DTZ tables, which side is stored
    /// (bit 0), whether values go through a map (bit 1), which results
    /// are stored in full moves (bits 2, 3), and wide maps (bit 4).
    pub flags: u8,
    /// `Some(value)` when every position has the same value.
    constant: Option<u16>,
    /// Each block holds `1 << block_size` bytes.
    block_size: u8,
    /// One index table entry per `1 << index_bits` positions.
    index_bits: u8,
    /// Blocks in the data, counting none of the padding ones.
    real_blocks: u64,
    /// Entries in the size table (the padding blocks included).
    blocks: u64,
    /// Index table entries.
    indices: u64,
    /// Where the index table, the size table and the data start.
    pub index_table: usize,
    pub size_table: usize,
    pub data: usize,
    /// The shortest code length; `base[len - min_len]` is the first code
    /// of each length, left-aligned in 64 bits.
    min_len: u8,
    /// Unused lengths (past the longest) hold 0, which no code is below.
    base: [u64; 32],
    /// `first_symbol[len - min_len]`: the symbol of each length's first code.
    first_symbol: Vec<u16>,
    /// `symlen[sym]`: how many values the symbol expands to, less one
    /// (at most 255, as in every prober: one byte keeps the table small).
    symlen: Vec<u8>,
    /// `pairs[sym]`: the two symbols a symbol stands for (leaves: none).
    pairs: Vec<(u16, u16)>,
    /// `value[sym]`: a leaf symbol's value (12 bits).
    value: Vec<u16>,
}

/// The sizes of the three regions a pairs data block points to.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Sizes {
    pub index_table: u64,
    pub size_table: u64,
    pub data: u64,
}

impl PairsData {
    /// Reads a pairs data header at `at` for a table of `size` positions;
    /// `wdl` tables keep their constant value in the header. Returns the
    /// header, the sizes of its regions and where the next header starts.
    pub fn read(
        data: &[u8],
        at: usize,
        size: u64,
        wdl: bool,
        captures_compulsory: bool,
    ) -> Result<(Self, Sizes, usize), Damage> {
        let flags = data.u8_at(at)?;
        if flags & 0x80 != 0 {
            // A DTZ table of one value stores none: 0, or 1 where captures
            // are compulsory (python-chess's reading of the generator).
            let constant = if wdl {
                u16::from(data.u8_at(at + 1)?)
            } else {
                u16::from(captures_compulsory)
            };
            let pairs = PairsData {
                flags,
                constant: Some(constant),
                ..PairsData::default()
            };
            return Ok((pairs, Sizes::default(), at + 2));
        }
        let block_size = data.u8_at(at + 1)?;
        let index_bits = data.u8_at(at + 2)?;
        if !(1..=40).contains(&index_bits) || block_size > 32 {
            return Err("a block or index size out of range");
        }
        let real_blocks = u64::from(data.u32_le(at + 4)?);
        let blocks = real_blocks + u64::from(data.u8_at(at + 3)?);
        let max_len = data.u8_at(at + 8)?;
        let min_len = data.u8_at(at + 9)?;
        if min_len == 0 || max_len < min_len || max_len > 32 {
            return Err("Huffman code lengths out of range");
        }
        let lengths = usize::from(max_len - min_len) + 1;
        let offsets = at + 10;
        let symbols = usize::from(data.u16_le(offsets + 2 * lengths)?);
        let sympat = offsets + 2 * lengths + 2;
        let next = sympat + 3 * symbols + (symbols & 1);
        if next > data.len() {
            return Err("symbol table past the end of the file");
        }
        let indices = size.div_ceil(1 << index_bits);
        let sizes = Sizes {
            index_table: indices.saturating_mul(6),
            size_table: 2 * blocks,
            data: real_blocks.saturating_mul(1 << block_size),
        };

        let mut first_symbol = Vec::with_capacity(lengths);
        for i in 0..lengths {
            first_symbol.push(data.u16_le(offsets + 2 * i)?);
        }
        let mut base = [0u64; 32];
        for i in (0..lengths - 1).rev() {
            let sum = base[i + 1]
                .wrapping_add(u64::from(first_symbol[i]))
                .wrapping_sub(u64::from(first_symbol[i + 1]));
            base[i] = sum / 2;
        }
        for (i, b) in base.iter_mut().enumerate().take(lengths) {
            let shift = 64 - (u32::from(min_len) + i as u32);
            *b = b.checked_shl(shift).unwrap_or(0);
        }

        let mut pairs = Vec::with_capacity(symbols);
        let mut value = Vec::with_capacity(symbols);
        for s in 0..symbols {
            let w = sympat + 3 * s;
            let (b0, b1, b2) = (data.u8_at(w)?, data.u8_at(w + 1)?, data.u8_at(w + 2)?);
            let left = (u16::from(b1 & 0x0f) << 8) | u16::from(b0);
            let right = (u16::from(b2) << 4) | u16::from(b1 >> 4);
            pairs.push((left, right));
            value.push(left);
        }
        let symlen = symbol_lengths(&pairs)?;
        let pairs_data = PairsData {
            flags,
            constant: None,
            block_size,
            index_bits,
            real_blocks,
            blocks,
            indices,
            index_table: 0,
            size_table: 0,
            data: 0,
            min_len,
            base,
            first_symbol,
            symlen,
            pairs,
            value,
        };
        Ok((pairs_data, sizes, next))
    }

    /// The value stored for position `index`: a WDL table's 0 to 4, a DTZ
    /// table's (12-bit) value before its map.
    pub fn get(&self, data: &[u8], index: u64) -> Result<u16, Damage> {
        if let Some(value) = self.constant {
            return Ok(value);
        }
        let main = index >> self.index_bits;
        if main >= self.indices {
            return Err("a position index past the index table");
        }
        let half = 1i64 << (self.index_bits - 1);
        let mut literal = (index & ((1 << self.index_bits) - 1)) as i64 - half;
        let entry = usize::try_from(main)
            .ok()
            .and_then(|main| self.index_table.checked_add(6 * main))
            .ok_or(OUTSIDE)?;
        let mut block = u64::from(data.u32_le(entry)?);
        literal += i64::from(data.u16_le(entry + 4)?);
        let size_at = |block: u64| -> Result<i64, Damage> {
            if block >= self.blocks {
                return Err("a block past the size table");
            }
            let at = usize::try_from(block).map_err(|_| OUTSIDE)?;
            Ok(i64::from(data.u16_le(self.size_table + 2 * at)?))
        };
        while literal < 0 {
            block = block.checked_sub(1).ok_or("a block before the first")?;
            literal += size_at(block)? + 1;
        }
        loop {
            let size = size_at(block)?;
            if literal <= size {
                break;
            }
            literal -= size + 1;
            block += 1;
        }
        if block >= self.real_blocks {
            return Err("a block past the data");
        }
        let at = usize::try_from(block << self.block_size)
            .ok()
            .and_then(|offset| self.data.checked_add(offset))
            .ok_or(OUTSIDE)?;
        // The block's bits, from its first byte to the end of the file.
        let stream = data.get(at..).ok_or(OUTSIDE)?;
        let mut code = stream.u64_be(0)?;
        let mut next = 8;
        let mut bits = 0u32;
        let min_len = u32::from(self.min_len);
        let mut sym;
        loop {
            // The code's length: the first whose base the code reaches (the
            // bases fall as lengths grow, a canonical Huffman code; the last
            // used base is 0, so one always does). A linear search measured
            // faster than a branch-free binary one: lengths are few.
            let len = self
                .base
                .iter()
                .position(|&base| code >= base)
                .unwrap_or(31);
            let base = *self.base.get(len).ok_or("an invalid Huffman code")?;
            // Code lengths are 1 to 32 (checked when the header was read).
            let code_len = min_len + len as u32;
            let offset = code.wrapping_sub(base) >> (64 - code_len);
            let first = *self
                .first_symbol
                .get(len)
                .ok_or("an invalid Huffman code")?;
            sym = usize::from(first).wrapping_add(offset as usize);
            let expands = i64::from(*self.symlen.get(sym).ok_or("an invalid symbol")?) + 1;
            if literal < expands {
                break;
            }
            literal -= expands;
            code <<= code_len;
            bits += code_len;
            if bits >= 32 {
                bits -= 32;
                code |= u64::from(stream.u32_be(next)?) << bits;
                next += 4;
            }
        }
        while self.symlen[sym] != 0 {
            let (left, right) = self.pairs[sym];
            let left_len = i64::from(self.symlen[usize::from(left)]);
            if literal < left_len + 1 {
                sym = usize::from(left);
            } else {
                literal -= left_len + 1;
                sym = usize::from(right);
            }
        }
        Ok(self.value[sym])
    }
}

/// Each symbol's expansion length less one, checking that every pair
/// names existing symbols and that no symbol contains itself.
fn symbol_lengths(pairs: &[(u16, u16)]) -> Result<Vec<u8>, Damage> {
    const LEAF: u16 = 0x0fff;
    const TODO: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut symlen = vec![0u8; pairs.len()];
    let mut state = vec![TODO; pairs.len()];
    let mut stack = Vec::new();
    for start in 0..pairs.len() {
        if state[start] == DONE {
            continue;
        }
        stack.push(start);
        while let Some(&s) = stack.last() {
            let (left, right) = pairs[s];
            if right == LEAF {
                symlen[s] = 0;
                state[s] = DONE;
                stack.pop();
                continue;
            }
            let (left, right) = (usize::from(left), usize::from(right));
            if left >= pairs.len() || right >= pairs.len() {
                return Err("a symbol pair naming no symbol");
            }
            state[s] = OPEN;
            let mut pending = false;
            for child in [left, right] {
                match state[child] {
                    DONE => {}
                    OPEN => return Err("a symbol that contains itself"),
                    _ => {
                        stack.push(child);
                        pending = true;
                        break;
                    }
                }
            }
            if !pending {
                let len = u16::from(symlen[left]) + u16::from(symlen[right]) + 1;
                symlen[s] = u8::try_from(len).map_err(|_| "a symbol of more than 256 values")?;
                state[s] = DONE;
                stack.pop();
            }
        }
    }
    Ok(symlen)
}
