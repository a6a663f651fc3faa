//! Drops the zero runs from a wasm module's data segments. Memory starts
//! zeroed, so a run of zero bytes inside an active segment can become a
//! gap between two segments: the lab's tables (`BETWEEN`, `LINE`) are
//! mostly zeros. This is the memory-packing pass of wasm optimisers, for
//! the one layout the Rust toolchain emits (active segments of memory 0
//! placed by an `i32.const`); any other module is returned unchanged.

/// Zero runs at least this long become gaps: a segment header costs
/// about ten bytes, so shorter runs are not worth splitting.
const MIN_GAP: usize = 16;

/// `module` with its data segments split around zero runs, or unchanged
/// when it has a layout this pass does not handle.
pub fn pack(module: &[u8]) -> Vec<u8> {
    try_pack(module).unwrap_or_else(|| module.to_vec())
}

fn try_pack(module: &[u8]) -> Option<Vec<u8>> {
    let mut out = module.get(..8)?.to_vec();
    let mut at = 8;
    // The data count section comes before the data section: its count is
    // written as a fixed five-byte LEB128 and patched at the end.
    let mut data_count_at = None;
    let mut segments = None;
    while at < module.len() {
        let id = module[at];
        let (len, body_at) = read_uleb(module, at + 1)?;
        let body = module.get(body_at..body_at + usize::try_from(len).ok()?)?;
        at = body_at + body.len();
        let body = match id {
            11 => {
                let (body, count) = split_segments(body)?;
                segments = Some(count);
                body
            }
            12 => {
                data_count_at = Some(out.len() + 2);
                vec![0x80, 0x80, 0x80, 0x80, 0]
            }
            _ => body.to_vec(),
        };
        out.push(id);
        write_uleb(&mut out, body.len() as u64);
        out.extend(body);
    }
    let segments = segments?;
    if let Some(pos) = data_count_at {
        for (i, byte) in out[pos..pos + 5].iter_mut().enumerate() {
            let more = if i < 4 { 0x80 } else { 0 };
            *byte = ((segments >> (7 * i)) & 0x7f) as u8 | more;
        }
    }
    Some(out)
}

/// The data section's body rewritten, and how many segments it now holds.
fn split_segments(body: &[u8]) -> Option<(Vec<u8>, u64)> {
    let (count, mut at) = read_uleb(body, 0)?;
    let mut pieces = Vec::new();
    for _ in 0..count {
        // Only flag 0 (active, memory 0) with `i32.const OFFSET end`.
        if body.get(at..at + 2)? != [0, 0x41] {
            return None;
        }
        let (offset, next) = read_sleb(body, at + 2)?;
        if body.get(next)? != &0x0b {
            return None;
        }
        let (len, data_at) = read_uleb(body, next + 1)?;
        let data = body.get(data_at..data_at + usize::try_from(len).ok()?)?;
        at = data_at + data.len();
        pieces.extend(
            non_zero_runs(data).map(|(start, end)| (offset + start as i64, &data[start..end])),
        );
    }
    let mut out = Vec::new();
    write_uleb(&mut out, pieces.len() as u64);
    for (offset, data) in &pieces {
        out.extend([0, 0x41]);
        write_sleb(&mut out, *offset);
        out.push(0x0b);
        write_uleb(&mut out, data.len() as u64);
        out.extend(*data);
    }
    Some((out, pieces.len() as u64))
}

/// The `(start, end)` ranges of `data` left once zero runs of at least
/// [`MIN_GAP`] bytes are cut out (and zeros at either end trimmed).
fn non_zero_runs(data: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < data.len() && data[at] == 0 {
            at += 1;
        }
        if at >= data.len() {
            return None;
        }
        let start = at;
        let mut zeros = 0;
        while at < data.len() && zeros < MIN_GAP {
            zeros = if data[at] == 0 { zeros + 1 } else { 0 };
            at += 1;
        }
        Some((start, at - zeros))
    })
}

fn read_uleb(bytes: &[u8], mut at: usize) -> Option<(u64, usize)> {
    let (mut value, mut shift) = (0u64, 0);
    loop {
        let byte = *bytes.get(at)?;
        at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        shift += 7;
        if byte < 0x80 {
            return Some((value, at));
        }
        if shift > 63 {
            return None;
        }
    }
}

fn read_sleb(bytes: &[u8], mut at: usize) -> Option<(i64, usize)> {
    let (mut value, mut shift) = (0i64, 0);
    loop {
        let byte = *bytes.get(at)?;
        at += 1;
        value |= i64::from(byte & 0x7f) << shift;
        shift += 7;
        if byte < 0x80 {
            if shift < 64 && byte & 0x40 != 0 {
                value |= -1 << shift;
            }
            return Some((value, at));
        }
        if shift > 63 {
            return None;
        }
    }
}

fn write_uleb(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn write_sleb(out: &mut Vec<u8>, mut value: i64) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        let done = (value == 0 && byte & 0x40 == 0) || (value == -1 && byte & 0x40 != 0);
        out.push(if done { byte } else { byte | 0x80 });
        if done {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with one memory and one data segment of `data` at `offset`.
    fn module(offset: i64, data: &[u8]) -> Vec<u8> {
        let mut section = vec![1, 0, 0x41];
        write_sleb(&mut section, offset);
        section.push(0x0b);
        write_uleb(&mut section, data.len() as u64);
        section.extend(data);
        let mut out = b"\0asm\x01\0\0\0".to_vec();
        out.extend([5, 3, 1, 0, 1]); // memory section: one memory, min 1 page
        out.push(11);
        write_uleb(&mut out, section.len() as u64);
        out.extend(section);
        out
    }

    /// The bytes the module's segments put in memory.
    fn memory(module: &[u8]) -> Vec<u8> {
        let mut memory = vec![0; 4096];
        let (_, at) = read_uleb(module, 14).unwrap();
        let (count, mut at) = read_uleb(module, at).unwrap();
        for _ in 0..count {
            let (offset, next) = read_sleb(module, at + 2).unwrap();
            let (len, data_at) = read_uleb(module, next + 1).unwrap();
            let len = len as usize;
            memory[offset as usize..offset as usize + len]
                .copy_from_slice(&module[data_at..data_at + len]);
            at = data_at + len;
        }
        memory
    }

    #[test]
    fn packing_keeps_the_memory_image_and_drops_long_zero_runs() {
        let mut data = vec![7u8; 10];
        data.extend([0; 100]);
        data.extend([1, 0, 0, 2]);
        data.extend([0; 40]);
        let original = module(1000, &data);
        let packed = pack(&original);
        assert_eq!(memory(&packed), memory(&original));
        assert!(
            packed.len() + 100 < original.len(),
            "{} against {}",
            packed.len(),
            original.len()
        );
    }

    #[test]
    fn an_unknown_layout_is_left_alone() {
        let mut odd = module(8, &[1, 2, 3]);
        let flag = odd.len() - 3 - 5; // the segment's flag byte: make it passive
        odd[flag] = 1;
        assert_eq!(pack(&odd), odd);
    }
}
