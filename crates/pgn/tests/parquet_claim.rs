//! The dataset folder's claim and publishing in the library (issue 54):
//! a folder held by a live [`Dataset`] refuses a second one
//! ([`DatasetError::Busy`]), a dead run's lock is taken over, a dataset
//! dropped after an input error (as `to_parquet(force=True)` does) leaves
//! the old one as it was; and the columns issue 54 found: the first
//! `[%eval]` even when its value does not fit, X-FEN castling in
//! Chess960 as python-chess's `board.fen()`, tag escapes.

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int32Type, Int64Type};
use arrow_array::{Array, RecordBatch};
use bitmoves_pgn::Reader;
use bitmoves_pgn::parquet::{Dataset, DatasetError, DatasetOptions, LOCK};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use std::fs::File;
use std::path::{Path, PathBuf};

fn dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("parquet-claim")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn write(dir: &Path, text: &str, force: bool) -> Result<u64, DatasetError> {
    let options = DatasetOptions {
        force,
        ..DatasetOptions::default()
    };
    let mut dataset = Dataset::create(dir, options)?;
    dataset.write_pgn(&mut Reader::new(text.as_bytes()), None, |_| {})?;
    Ok(dataset.finish()?.rows)
}

fn batch(dir: &Path) -> RecordBatch {
    let part = File::open(dir.join("part-00000.parquet")).expect("part");
    let mut reader = ParquetRecordBatchReaderBuilder::try_new(part)
        .expect("parquet")
        .build()
        .expect("reader");
    reader.next().expect("a batch").expect("read")
}

#[test]
fn a_folder_held_by_a_live_dataset_refuses_another_until_it_ends() {
    let dir = dir("busy");
    let mut first = Dataset::create(&dir, DatasetOptions::default()).expect("first");
    for force in [false, true] {
        let second = write(&dir, "1. d4 *\n", force);
        match second {
            Err(DatasetError::Busy { holder, .. }) => {
                assert!(
                    holder.contains(&format!("pid {}", std::process::id())),
                    "{holder}"
                )
            }
            other => panic!("{other:?}"),
        }
    }
    first
        .write_pgn(
            &mut Reader::new("1. e4 *\n\n1. c4 *\n".as_bytes()),
            None,
            |_| {},
        )
        .expect("written");
    assert_eq!(first.finish().expect("finished").rows, 2);
    assert_eq!(
        names(&dir),
        ["_SUCCESS", "part-00000.parquet"],
        "the lock is gone"
    );
    assert!(matches!(
        write(&dir, "1. d4 *\n", false),
        Err(DatasetError::Exists { .. })
    ));
    assert_eq!(write(&dir, "1. d4 *\n", true).expect("forced"), 1);
}

#[test]
fn a_dead_run_s_lock_and_files_are_taken_over() {
    let dir = dir("dead");
    std::fs::create_dir_all(dir.join(".bitmoves-dead/")).unwrap();
    std::fs::write(dir.join(".bitmoves-dead/part-00000.parquet.tmp"), "x").unwrap();
    std::fs::write(dir.join(".part-00000.parquet.tmp"), "x").unwrap();
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    // A pid past Linux's highest: no such process.
    let lock = format!("run=dead\npid=4194305\nhost={}\nstart=1\n", host.trim());
    std::fs::write(dir.join(LOCK), lock).unwrap();
    assert_eq!(write(&dir, "1. e4 *\n", false).expect("taken over"), 1);
    assert_eq!(names(&dir), ["_SUCCESS", "part-00000.parquet"]);
}

#[test]
fn force_and_an_input_error_leave_the_old_dataset_as_it_was() {
    let dir = dir("kept");
    assert_eq!(
        write(&dir, &"1. e4 e5 *\n\n".repeat(400), false).unwrap(),
        400
    );
    let before = std::fs::read(dir.join("part-00000.parquet")).unwrap();
    let text = "1. d4 d5 *\n\n".repeat(4000);
    let compressed = zstd::encode_all(text.as_bytes(), 1).unwrap();
    let cut = &compressed[..compressed.len() / 2];
    let options = DatasetOptions {
        force: true,
        ..DatasetOptions::default()
    };
    let mut dataset = Dataset::create(&dir, options).expect("created");
    let mut reader = Reader::new(bitmoves_pgn::decompress(cut).expect("zstd"));
    let outcome = dataset.write_pgn(&mut reader, None, |_| {});
    assert!(
        matches!(outcome, Err(DatasetError::Input(_))),
        "{outcome:?}"
    );
    drop(dataset);
    assert_eq!(names(&dir), ["_SUCCESS", "part-00000.parquet"]);
    assert_eq!(
        std::fs::read(dir.join("part-00000.parquet")).unwrap(),
        before
    );
}

/// The value of a list column's first row, ply by ply.
fn plies<T: arrow_array::ArrowPrimitiveType>(
    batch: &RecordBatch,
    column: &str,
) -> Vec<Option<T::Native>> {
    let list = batch.column_by_name(column).expect(column).as_list::<i32>();
    let values = list.value(0);
    let values = values.as_primitive::<T>();
    (0..values.len())
        .map(|i| values.is_valid(i).then(|| values.value(i)))
        .collect()
}

#[test]
fn the_first_annotation_counts_even_when_its_value_does_not_fit() {
    let dir = dir("annotations");
    let text = "1. e4 { [%eval #99999999999] [%eval 3.14] [%clk 99999999999999999999:59:59.5] } \
                e5 { [%eval #2147483648] [%eval #1] [%clk 0:00:05] } \
                2. Nf3 { [%eval 0.5] [%eval #2] } *\n";
    write(&dir, text, false).expect("written");
    let batch = batch(&dir);
    // python-chess 1.11.2: Mate(99999999999), Mate(2147483648), Cp(50).
    assert_eq!(
        plies::<Int64Type>(&batch, "eval_cp"),
        [None, None, Some(50)]
    );
    assert_eq!(plies::<Int32Type>(&batch, "eval_mate"), [None, None, None]);
    // python-chess: 3.6e+23, 5.0, None.
    assert_eq!(
        plies::<Float64Type>(&batch, "clock"),
        [Some(3.6e23), Some(5.0), None]
    );
}

#[test]
fn chess960_fens_are_python_chess_s_x_fen() {
    let dir = dir("x-fen");
    let text = "[Variant \"Chess960\"]\n\
                [FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n\
                9. g3 *\n";
    write(&dir, text, false).expect("written");
    let batch = batch(&dir);
    let column = |name: &str| {
        batch
            .column_by_name(name)
            .unwrap()
            .as_string::<i32>()
            .value(0)
            .to_owned()
    };
    // python-chess 1.11.2's `board.fen()` of the start and of the end.
    assert_eq!(
        column("FEN"),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    assert_eq!(
        column("final_fen"),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P2P1/NPP1P2P/BQ1BNRKR b KQkq - 0 9"
    );
}

#[test]
fn tag_values_read_the_standard_s_escapes() {
    // python-chess 1.11.2's headers keep `a \"b\" \\ c` as written; the
    // Parquet `White` is the PGN standard's value (docs/parquet.md).
    let dir = dir("escapes");
    write(&dir, "[White \"a \\\"b\\\" \\\\ c\"]\n\n*\n", false).expect("written");
    let batch = batch(&dir);
    let white = batch.column_by_name("White").unwrap().as_string::<i32>();
    assert_eq!(white.value(0), "a \"b\" \\ c");
}
