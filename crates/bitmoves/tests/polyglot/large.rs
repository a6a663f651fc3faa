//! Searching a large book on disk, and properties of the search over
//! generated books.

use super::{Random, START_KEY, TempFile, bits, board, raw};
use bitmoves::{
    Board,
    polyglot::{Book, BookEntry, BookMove},
};
use proptest::prelude::*;
use std::{
    fs,
    io::{self, Read, Seek, SeekFrom},
};

/// A reader that counts the bytes read through it.
struct Counting<R> {
    inner: R,
    bytes: usize,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes += n;
        Ok(n)
    }
}

impl<R: Seek> Seek for Counting<R> {
    fn seek(&mut self, pos: SeekFrom) -> io::Result<u64> {
        self.inner.seek(pos)
    }
}

#[test]
fn a_million_entry_book_on_disk_is_searched_with_a_few_reads() {
    const ENTRIES: usize = 1 << 20;
    let mut random = Random::new(0x706f_6c79_676c_6f74);
    let start = Board::default();
    let kiwipete = board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut entries: Vec<(u64, u16, u16)> = (0..ENTRIES - 6)
        .map(|_| (random.next(), bits("e2e4"), 1))
        .collect();
    entries.extend([
        (START_KEY, bits("e2e4"), 50),
        (START_KEY, bits("d2d4"), 40),
        (START_KEY, bits("c2c4"), 10),
        (kiwipete.key(), bits("e1h1"), 7),
        (kiwipete.key(), bits("e2a6"), 9),
        (kiwipete.key(), bits("e1a1"), 3),
    ]);
    entries.sort_by_key(|&(key, _, _)| key);
    let bytes: Vec<u8> = entries
        .iter()
        .flat_map(|&(key, mv, weight)| raw(key, mv, weight, 0))
        .collect();
    let file = TempFile::new("million", &bytes);
    drop(bytes);

    let mut reader = Counting {
        inner: fs::File::open(&file.0).unwrap(),
        bytes: 0,
    };
    {
        let mut book = Book::from_reader(&mut reader).unwrap();
        assert_eq!(book.len(), ENTRIES as u64);
        let moves = |book: &mut Book<&mut Counting<fs::File>>, board: &Board| -> Vec<String> {
            let moves: Vec<BookMove> = book.moves(board).unwrap();
            moves
                .iter()
                .map(|m| format!("{} {}", m.mv, m.weight))
                .collect()
        };
        assert_eq!(moves(&mut book, &start), ["e2e4 50", "d2d4 40", "c2c4 10"]);
        assert_eq!(moves(&mut book, &kiwipete), ["e2a6 9", "e1g1 7", "e1c1 3"]);
    }
    // Two searches: at most 21 probes of 16 bytes each, then the run,
    // read a chunk at a time (at most 256 entries, 4 KiB).
    assert!(
        reader.bytes <= 2 * (21 * 16 + 4096),
        "{} bytes",
        reader.bytes
    );

    // Random keys of the book, and keys next to them, agree with a scan.
    let mut book = Book::open(&file.0).unwrap();
    for _ in 0..200 {
        let (key, _, _) = entries[(random.next() % ENTRIES as u64) as usize];
        for probe in [key, key.wrapping_add(1), key.wrapping_sub(1)] {
            let expected = entries.iter().filter(|e| e.0 == probe).count();
            assert_eq!(book.entries(probe).unwrap().len(), expected, "{probe:x}");
        }
    }
    book.validate().unwrap();
}

proptest! {
    /// For every sorted book and every key, the binary search returns
    /// exactly the entries that a scan of the whole book finds, in book
    /// order.
    #[test]
    fn search_equals_scan_on_sorted_books(
        mut keys in prop::collection::vec(0u64..12, 0..80),
        probe in 0u64..13,
    ) {
        keys.sort_unstable();
        let entries: Vec<BookEntry> = keys
            .iter()
            .enumerate()
            .map(|(i, &key)| BookEntry { key, raw_move: i as u16, weight: 1, learn: 0 })
            .collect();
        let bytes: Vec<u8> = entries.iter().flat_map(BookEntry::to_bytes).collect();
        let mut book = Book::from_bytes(&bytes).unwrap();
        let expected: Vec<BookEntry> = entries.iter().copied().filter(|e| e.key == probe).collect();
        prop_assert_eq!(book.entries(probe).unwrap(), expected);
        prop_assert!(book.validate().is_ok());
    }

    /// For any bytes at all, reading them as a book never panics, and every
    /// move returned is legal on the board asked about.
    #[test]
    fn any_bytes_give_legal_moves_or_an_error(
        bytes in prop::collection::vec(any::<u8>(), 0..400),
        pin_keys in any::<bool>(),
    ) {
        let boards = [
            Board::default(),
            board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
            board("r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1"),
        ];
        let mut bytes = bytes;
        if pin_keys {
            // Point every whole entry at one of the boards, to reach the
            // move checks and not only the search.
            for (i, entry) in bytes.chunks_exact_mut(16).enumerate() {
                entry[..8].copy_from_slice(&boards[i % 3].key().to_be_bytes());
            }
        }
        if let Ok(mut book) = Book::from_bytes(&bytes) {
            for board in &boards {
                if let Ok(moves) = book.moves(board) {
                    for m in moves {
                        prop_assert!(board.is_legal(m.mv), "{board}: {}", m.mv);
                    }
                }
                let _ = book.pick(board, 12345);
            }
        }
    }
}
