//! The dataset's two Arrow schemas, one row per game and one row per
//! position, with the schema version they carry in their metadata.

use super::tags::NAMED;
use arrow_schema::{DataType, Field, Fields, Schema, TimeUnit};
use std::collections::HashMap;
use std::sync::Arc;

/// The version of the dataset's columns, in each file's metadata under
/// [`SCHEMA_VERSION_KEY`]; it changes whenever a column does.
pub const SCHEMA_VERSION: &str = "2";

/// The metadata key of [`SCHEMA_VERSION`].
pub const SCHEMA_VERSION_KEY: &str = "bitmoves.schema_version";

/// The metadata key naming the kind of rows: `games` or `positions`.
pub const ROWS_KEY: &str = "bitmoves.rows";

/// The Arrow type of a list of `item` (the `item` field, nullable, as
/// Arrow's list builder makes it).
fn list_of(item: DataType) -> DataType {
    DataType::List(Arc::new(Field::new_list_field(item, true)))
}

/// The Arrow type of the `tags` column: a map from name to value, as
/// Arrow's map builder makes it.
fn tag_map() -> DataType {
    let entries = Fields::from(vec![
        Field::new("key", DataType::Utf8, false),
        Field::new("value", DataType::Utf8, true),
    ]);
    DataType::Map(
        Arc::new(Field::new("entries", DataType::Struct(entries), false)),
        false,
    )
}

/// The type of the named tag column `name`.
fn tag_type(name: &str) -> DataType {
    match name {
        "Date" | "UTCDate" => DataType::Date32,
        "UTCTime" => DataType::Time32(TimeUnit::Millisecond),
        "WhiteElo" | "BlackElo" | "WhiteRatingDiff" | "BlackRatingDiff" => DataType::Int32,
        _ => DataType::Utf8,
    }
}

/// The metadata of both schemas, naming the kind of rows.
fn metadata(rows: &str) -> HashMap<String, String> {
    HashMap::from([
        (SCHEMA_VERSION_KEY.to_owned(), SCHEMA_VERSION.to_owned()),
        (ROWS_KEY.to_owned(), rows.to_owned()),
    ])
}

/// One row per game: `game`, `file`, the named tags (typed),
/// `base_seconds`, `increment_seconds`, `FEN`, `uci_variant`, `tags`, the per-ply lists
/// `uci`, `san`, `clock`, `eval_cp`, `eval_mate`, then `plies`,
/// `final_fen` and `error`.
pub fn games() -> Schema {
    let mut fields = vec![
        Field::new("game", DataType::UInt64, false),
        Field::new("file", DataType::Utf8, true),
    ];
    for name in NAMED {
        fields.push(Field::new(name, tag_type(name), true));
        if name == "TimeControl" {
            fields.push(Field::new("base_seconds", DataType::Int32, true));
            fields.push(Field::new("increment_seconds", DataType::Int32, true));
        }
    }
    fields.extend([
        Field::new("FEN", DataType::Utf8, true),
        Field::new("uci_variant", DataType::Utf8, true),
        Field::new("tags", tag_map(), false),
        Field::new("uci", list_of(DataType::Utf8), false),
        Field::new("san", list_of(DataType::Utf8), false),
        Field::new("clock", list_of(DataType::Float64), false),
        Field::new("eval_cp", list_of(DataType::Int64), false),
        Field::new("eval_mate", list_of(DataType::Int32), false),
        Field::new("plies", DataType::UInt32, false),
        Field::new("final_fen", DataType::Utf8, true),
        Field::new("error", DataType::Utf8, true),
    ]);
    Schema::new_with_metadata(fields, metadata("games"))
}

/// One row per position of each game read without error: `game`,
/// `file`, `ply` (0 for the start), `fen`, `uci_variant` (as in the games'
/// rows), `uci` (the move played from
/// it; null for the last), `clock`, `eval_cp`, `eval_mate` (from the
/// comment of the move that reached it; null for the start) and
/// `result`.
pub fn positions() -> Schema {
    let fields = vec![
        Field::new("game", DataType::UInt64, false),
        Field::new("file", DataType::Utf8, true),
        Field::new("ply", DataType::UInt32, false),
        Field::new("fen", DataType::Utf8, false),
        Field::new("uci_variant", DataType::Utf8, true),
        Field::new("uci", DataType::Utf8, true),
        Field::new("clock", DataType::Float64, true),
        Field::new("eval_cp", DataType::Int64, true),
        Field::new("eval_mate", DataType::Int32, true),
        Field::new("result", DataType::Utf8, true),
    ];
    Schema::new_with_metadata(fields, metadata("positions"))
}
