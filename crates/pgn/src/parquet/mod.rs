//! PGN to Parquet (feature `parquet`): a [`Dataset`] folder of zstd
//! Parquet files with one row per game (tags as typed columns, the
//! mainline's moves, clocks and evaluations as lists) or one row per
//! position, written in constant memory on several threads.
//!
//! | file | what it holds |
//! |---|---|
//! | `parquet/schema.rs` | the two schemas and their version ([`SCHEMA_VERSION`]) |
//! | `parquet/tags.rs` | the tag columns and their typed values ([`date`], [`time`], [`integer`], [`time_control`]) |
//! | `parquet/clock_eval.rs` | [`clock`] and [`eval`]: `[%clk …]` and `[%eval …]` as python-chess reads them |
//! | `parquet/rows.rs` | a game read into a row |
//! | `parquet/san.rs` | a mainline move's normalised SAN, from the move and the text it was read from |
//! | `parquet/columns.rs` | the Arrow column builders that rows are gathered into |
//! | `parquet/chunks.rs` | each chunk of games built into Arrow columns by the thread that read it |
//! | `parquet/record_batches.rs` | [`RecordBatches`]: the chunks, in input order, cut into row groups; PGN read into record batches on several threads |
//! | `parquet/encode.rs` | row groups encoded and compressed on threads of their own |
//! | `parquet/dataset.rs` | [`Dataset`]: row groups, the dataset's files, refusal and `force` |
//! | `parquet/claim.rs` | a run's exclusive hold on the folder: the lock file [`LOCK`], a dead run's taken over |
//! | `parquet/parts.rs` | the part files, under temporary names in the run's folder, appended to on their own thread |
//! | `parquet/publish.rs` | the folder's files: stale ones removed, the parts published, `_SUCCESS` last |
//! | `parquet/error.rs` | [`DatasetError`] |

mod chunks;
mod claim;
mod clock_eval;
mod columns;
mod dataset;
mod encode;
mod error;
mod parts;
mod publish;
mod record_batches;
mod rows;
mod san;
mod schema;
mod tags;

pub use claim::LOCK;
pub use clock_eval::{Eval, clock, eval};
pub use dataset::{Dataset, DatasetOptions, Summary};
pub use error::DatasetError;
pub use record_batches::{GameOutcome, RecordBatches};
pub use schema::{
    ROWS_KEY, SCHEMA_VERSION, SCHEMA_VERSION_KEY, games as game_schema,
    positions as position_schema,
};
pub use tags::{NAMED, date, integer, time, time_control};
