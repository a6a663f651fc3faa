//! `bitmoves book`: the moves a Polyglot opening book has for a position.

use crate::{
    error::{CliError, shorten},
    position::SetupArgs,
};
use bitmoves::polyglot::{Book, BookError};
use clap::Args;
use std::{
    io::{self, Write},
    path::{Path, PathBuf},
};

/// Arguments of `bitmoves book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// The Polyglot book, a `.bin` file
    pub file: PathBuf,
    /// startpos, a name from `bitmoves positions`, 960:N or 960:W:B (a
    /// Chess960 start by number), or a FEN as one quoted argument
    pub position: String,
    #[command(flatten)]
    // --moves, --chess960 and --lenient.
    pub setup: SetupArgs,
}

/// Prints the book moves of the position as `UCI weight` lines, highest
/// weight first and equal weights in book order. A position the book does
/// not have prints nothing on stdout, says so on stderr, and succeeds.
pub fn run(args: &BookArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let board = args.setup.board(&args.position)?;
    let fail = |error: BookError| book_error(&args.file, &error);
    let mut book = Book::open(&args.file).map_err(fail)?;
    let moves = book.moves(&board).map_err(fail)?;
    if moves.is_empty() {
        let why = if book.is_empty() {
            "the book has no entries".to_owned()
        } else {
            format!("key {:016x}", board.key())
        };
        // As in `error::report`: nowhere is left to report a failed write.
        let _ = writeln!(
            io::stderr().lock(),
            "note: no book moves for this position ({why})"
        );
    }
    for book_move in moves {
        writeln!(out, "{} {}", book_move.mv, book_move.weight)?;
    }
    Ok(())
}

/// The one-line error for a book that cannot be read, naming the file.
fn book_error(path: &Path, error: &BookError) -> CliError {
    // Quoted as Rust writes a string: a control character is escaped.
    let quoted = format!("{path:?}");
    let inner = quoted
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap_or(&quoted);
    CliError::input(format!("book file \"{}\": {error}", shorten(inner)))
}
