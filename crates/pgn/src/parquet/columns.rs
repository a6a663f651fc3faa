//! The Arrow column builders that rows are gathered into: [`GameBatch`] (one row per
//! game) and [`PositionBatch`] (one row per position).

use super::clock_eval::Eval;
use super::rows::{GameError, GameRow};
use super::schema;
use super::tags::{self, NAMED};
use arrow_array::builder::{
    ArrayBuilder, Date32Builder, Float64Builder, Int32Builder, Int64Builder, ListBuilder,
    MapBuilder, StringBuilder, Time32MillisecondBuilder, UInt32Builder, UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, Schema, SchemaRef};
use std::sync::Arc;

/// What a batch of either kind offers the dataset writer.
pub(crate) trait Batch {
    /// Adds a game's rows (none for a failed game, in positions).
    fn push(&mut self, file: Option<&str>, row: &GameRow);
    /// The rows as a record batch; the batch is empty afterwards.
    fn finish(&mut self) -> Result<RecordBatch, ArrowError>;
    /// Its schema, leading columns and counts.
    fn common(&self) -> &Common;
    /// The rows held.
    fn rows(&self) -> usize {
        self.common().rows
    }
    /// About how many bytes the rows hold.
    fn bytes(&self) -> usize {
        self.common().bytes
    }
}

/// What both kinds of batch hold: the schema, the game number and file
/// columns that lead every row, and the rows and bytes held.
pub(crate) struct Common {
    schema: SchemaRef,
    game: UInt64Builder,
    file: StringBuilder,
    rows: usize,
    bytes: usize,
}

impl Common {
    fn new(schema: Schema) -> Self {
        Self {
            schema: Arc::new(schema),
            game: UInt64Builder::new(),
            file: StringBuilder::new(),
            rows: 0,
            bytes: 0,
        }
    }

    /// Starts a row of game `number` from `file`, of about `bytes` bytes.
    fn push(&mut self, number: u64, file: Option<&str>, bytes: usize) {
        self.game.append_value(number);
        self.file.append_option(file);
        self.rows += 1;
        self.bytes += bytes;
    }

    /// The game and file columns, to which the caller adds the rest; the
    /// counts start again.
    fn finish(&mut self) -> Vec<ArrayRef> {
        self.rows = 0;
        self.bytes = 0;
        vec![Arc::new(self.game.finish()), Arc::new(self.file.finish())]
    }

    /// The record batch of `columns` (those of [`Common::finish`] first).
    fn batch(&self, columns: Vec<ArrayRef>) -> Result<RecordBatch, ArrowError> {
        RecordBatch::try_new(Arc::clone(&self.schema), columns)
    }
}

/// The value column of a named tag.
enum TagColumn {
    Text(StringBuilder),
    Date(Date32Builder),
    Time(Time32MillisecondBuilder),
    Integer(Int32Builder),
}

/// The game rows, column by column.
pub(crate) struct GameBatch {
    common: Common,
    named: Vec<TagColumn>,
    base_seconds: Int32Builder,
    increment_seconds: Int32Builder,
    fen: StringBuilder,
    variant: StringBuilder,
    tags: MapBuilder<StringBuilder, StringBuilder>,
    uci: ListBuilder<StringBuilder>,
    san: ListBuilder<StringBuilder>,
    clock: ListBuilder<Float64Builder>,
    eval_cp: ListBuilder<Int64Builder>,
    eval_mate: ListBuilder<Int32Builder>,
    plies: UInt32Builder,
    final_fen: StringBuilder,
    error: StringBuilder,
}

impl GameBatch {
    pub(crate) fn new() -> Self {
        let named = NAMED
            .iter()
            .map(|name| match *name {
                "Date" | "UTCDate" => TagColumn::Date(Date32Builder::new()),
                "UTCTime" => TagColumn::Time(Time32MillisecondBuilder::new()),
                "WhiteElo" | "BlackElo" | "WhiteRatingDiff" | "BlackRatingDiff" => {
                    TagColumn::Integer(Int32Builder::new())
                }
                _ => TagColumn::Text(StringBuilder::new()),
            })
            .collect();
        Self {
            common: Common::new(schema::games()),
            named,
            base_seconds: Int32Builder::new(),
            increment_seconds: Int32Builder::new(),
            fen: StringBuilder::new(),
            variant: StringBuilder::new(),
            tags: MapBuilder::new(None, StringBuilder::new(), StringBuilder::new()),
            uci: ListBuilder::new(StringBuilder::new()),
            san: ListBuilder::new(StringBuilder::new()),
            clock: ListBuilder::new(Float64Builder::new()),
            eval_cp: ListBuilder::new(Int64Builder::new()),
            eval_mate: ListBuilder::new(Int32Builder::new()),
            plies: UInt32Builder::new(),
            final_fen: StringBuilder::new(),
            error: StringBuilder::new(),
        }
    }
}

/// Appends the words of `text` cut at `ends` to a list column.
fn push_words(list: &mut ListBuilder<StringBuilder>, text: &str, ends: &[u32]) {
    let mut start = 0;
    for &end in ends {
        let end = end as usize;
        list.values().append_value(&text[start..end]);
        start = end;
    }
    list.append(true);
}

/// `None` for an empty string.
fn non_empty(text: &str) -> Option<&str> {
    (!text.is_empty()).then_some(text)
}

fn cp(eval: &Option<Eval>) -> Option<i64> {
    match eval {
        Some(Eval::Cp(cp)) => Some(*cp),
        _ => None,
    }
}

fn mate(eval: &Option<Eval>) -> Option<i32> {
    match eval {
        Some(Eval::Mate(mate)) => Some(*mate),
        _ => None,
    }
}

impl Batch for GameBatch {
    fn push(&mut self, file: Option<&str>, row: &GameRow) {
        let bytes = 200 + row.uci.len() + row.san.len() + 24 * row.plies() + row.tags.bytes();
        self.common.push(row.number, file, bytes);
        for (column, value) in self.named.iter_mut().zip(row.tags.named()) {
            match column {
                TagColumn::Text(builder) => builder.append_option(value),
                TagColumn::Date(builder) => builder.append_option(value.and_then(tags::date)),
                TagColumn::Time(builder) => {
                    builder.append_option(value.and_then(tags::time).map(|s| s * 1000))
                }
                TagColumn::Integer(builder) => builder.append_option(value.and_then(tags::integer)),
            }
        }
        let control = row.tags.get("TimeControl").and_then(tags::time_control);
        self.base_seconds.append_option(control.map(|c| c.0));
        self.increment_seconds.append_option(control.map(|c| c.1));
        self.fen.append_option(row.start_fen.as_deref());
        self.variant.append_option(row.variant);
        for (name, value) in row.tags.others() {
            self.tags.keys().append_value(name);
            self.tags.values().append_value(value);
        }
        // Appending a map entry only fails when keys and values differ
        // in number, which the loop above rules out.
        let _ = self.tags.append(true);
        push_words(&mut self.uci, &row.uci, &row.uci_ends);
        push_words(&mut self.san, &row.san, &row.san_ends);
        self.clock.append_value(row.clocks.iter().copied());
        self.eval_cp.append_value(row.evals.iter().map(cp));
        self.eval_mate.append_value(row.evals.iter().map(mate));
        self.plies.append_value(row.plies() as u32);
        self.final_fen.append_option(non_empty(&row.final_fen));
        self.error
            .append_option(row.error.as_ref().map(GameError::message));
    }

    fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        // The next rows' lists start as big as these: no growing, and no
        // copying as they grow (these are the bulk of the rows).
        let (games, plies) = (self.common.rows, self.clock.values().len());
        let uci_bytes = self.uci.values().values_slice().len();
        let san_bytes = self.san.values().values_slice().len();
        let mut columns = self.common.finish();
        for (column, name) in self.named.iter_mut().zip(NAMED) {
            columns.push(match column {
                TagColumn::Text(builder) => Arc::new(builder.finish()),
                TagColumn::Date(builder) => Arc::new(builder.finish()),
                TagColumn::Time(builder) => Arc::new(builder.finish()),
                TagColumn::Integer(builder) => Arc::new(builder.finish()),
            });
            if name == "TimeControl" {
                columns.push(Arc::new(self.base_seconds.finish()));
                columns.push(Arc::new(self.increment_seconds.finish()));
            }
        }
        columns.extend([
            Arc::new(self.fen.finish()) as ArrayRef,
            Arc::new(self.variant.finish()),
            Arc::new(self.tags.finish()),
            Arc::new(self.uci.finish()),
            Arc::new(self.san.finish()),
            Arc::new(self.clock.finish()),
            Arc::new(self.eval_cp.finish()),
            Arc::new(self.eval_mate.finish()),
            Arc::new(self.plies.finish()),
            Arc::new(self.final_fen.finish()),
            Arc::new(self.error.finish()),
        ]);
        let strings = |bytes| StringBuilder::with_capacity(plies, bytes);
        self.uci = ListBuilder::with_capacity(strings(uci_bytes), games);
        self.san = ListBuilder::with_capacity(strings(san_bytes), games);
        self.clock = ListBuilder::with_capacity(Float64Builder::with_capacity(plies), games);
        self.eval_cp = ListBuilder::with_capacity(Int64Builder::with_capacity(plies), games);
        self.eval_mate = ListBuilder::with_capacity(Int32Builder::with_capacity(plies), games);
        self.common.batch(columns)
    }

    fn common(&self) -> &Common {
        &self.common
    }
}

/// The position rows, column by column.
pub(crate) struct PositionBatch {
    common: Common,
    ply: UInt32Builder,
    fen: StringBuilder,
    variant: StringBuilder,
    uci: StringBuilder,
    clock: Float64Builder,
    eval_cp: Int64Builder,
    eval_mate: Int32Builder,
    result: StringBuilder,
}

impl PositionBatch {
    pub(crate) fn new() -> Self {
        Self {
            common: Common::new(schema::positions()),
            ply: UInt32Builder::new(),
            fen: StringBuilder::new(),
            variant: StringBuilder::new(),
            uci: StringBuilder::new(),
            clock: Float64Builder::new(),
            eval_cp: Int64Builder::new(),
            eval_mate: Int32Builder::new(),
            result: StringBuilder::new(),
        }
    }

    /// One position: its FEN, the move played from it, and the
    /// annotations of the move that reached it.
    fn position(
        &mut self,
        file: Option<&str>,
        row: &GameRow,
        ply: usize,
        fen: &str,
        uci: Option<&str>,
    ) {
        self.common.push(row.number, file, 48 + fen.len());
        self.ply.append_value(ply as u32);
        self.fen.append_value(fen);
        self.variant.append_option(row.variant);
        self.uci.append_option(uci);
        let reached = ply.checked_sub(1);
        let eval = reached.and_then(|i| row.evals[i]);
        self.clock
            .append_option(reached.and_then(|i| row.clocks[i]));
        self.eval_cp.append_option(cp(&eval));
        self.eval_mate.append_option(mate(&eval));
        self.result.append_option(row.result());
    }
}

impl Batch for PositionBatch {
    fn push(&mut self, file: Option<&str>, row: &GameRow) {
        if row.error.is_some() {
            return;
        }
        let (mut fen_start, mut uci_start) = (0, 0);
        for (ply, (&fen_end, &uci_end)) in row.fen_ends.iter().zip(&row.uci_ends).enumerate() {
            let (fen_end, uci_end) = (fen_end as usize, uci_end as usize);
            let fen = &row.fens[fen_start..fen_end];
            let uci = &row.uci[uci_start..uci_end];
            self.position(file, row, ply, fen, Some(uci));
            (fen_start, uci_start) = (fen_end, uci_end);
        }
        self.position(file, row, row.plies(), &row.final_fen, None);
    }

    fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        // The next rows' FENs start with room for as many as these.
        let (rows, fen_bytes) = (self.common.rows, self.fen.values_slice().len());
        let mut columns = self.common.finish();
        columns.extend([
            Arc::new(self.ply.finish()) as ArrayRef,
            Arc::new(self.fen.finish()),
            Arc::new(self.variant.finish()),
            Arc::new(self.uci.finish()),
            Arc::new(self.clock.finish()),
            Arc::new(self.eval_cp.finish()),
            Arc::new(self.eval_mate.finish()),
            Arc::new(self.result.finish()),
        ]);
        self.fen = StringBuilder::with_capacity(rows, fen_bytes);
        self.common.batch(columns)
    }

    fn common(&self) -> &Common {
        &self.common
    }
}
