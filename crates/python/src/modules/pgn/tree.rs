//! `bitmoves.pgn.read_game`'s fast path: the movetext of one game read as
//! python-chess's `read_game` reads it into its stock `GameBuilder`
//! (tokens, SAN, variations, comments and NAGs placed on the nodes), all
//! in Rust, and the node objects made from Rust.

use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyList, PySet, PyType};

use super::line::{CoreLine, Line};
use super::scan::{in_comment_after, is_space};
use super::tokens::{Token, Tokens};
use crate::board::PyBoard;
use crate::values::PyMove;

/// A node of the tree being built (index 0: the game).
struct Node {
    parent: usize,
    mv: PyMove,
    comment: String,
    starting_comment: String,
    nags: Vec<u64>,
    has_children: bool,
}

/// What `GameBuilder` holds while it builds (python-chess's fields).
struct Builder {
    nodes: Vec<Node>,
    /// `variation_stack`, node indices.
    stack: Vec<usize>,
    starting_comment: String,
    in_variation: bool,
    results: Vec<&'static str>,
    errors: Vec<PyErr>,
}

/// Where python-chess's `GameBuilder` would raise out of `read_game`
/// (a variation stack emptied by a stray `)` after an error, a variation
/// opened at the root): the caller reads the game the slow way, which
/// raises as python-chess does.
struct Unusual;

/// Why [`read`] stopped before the movetext's end.
enum Stop {
    /// [`Unusual`].
    Unusual,
    /// A position the core's board does not hold (a null move in check):
    /// the game is read again on a `PyBoard`.
    OffCore,
}

fn joined(first: &mut String, second: &str) {
    if !second.is_empty() {
        if !first.is_empty() {
            first.push(' ');
        }
        first.push_str(second);
    }
}

impl Builder {
    /// A builder at the start of a game (python-chess's `begin_game`).
    fn new() -> Self {
        Self {
            nodes: vec![Node {
                parent: 0,
                mv: PyMove::null_move(),
                comment: String::new(),
                starting_comment: String::new(),
                nags: Vec::new(),
                has_children: false,
            }],
            stack: vec![0],
            starting_comment: String::new(),
            in_variation: false,
            results: Vec::new(),
            errors: Vec::new(),
        }
    }

    fn top(&self) -> Result<usize, Unusual> {
        self.stack.last().copied().ok_or(Unusual)
    }

    fn comment(&mut self, text: &str) -> Result<(), Unusual> {
        let top = self.top()?;
        if self.in_variation || (top == 0 && !self.nodes[0].has_children) {
            joined(&mut self.nodes[top].comment, text);
        } else {
            joined(&mut self.starting_comment, text);
        }
        Ok(())
    }

    fn play(&mut self, mv: PyMove) -> Result<(), Unusual> {
        let top = self.top()?;
        self.nodes[top].has_children = true;
        self.nodes.push(Node {
            parent: top,
            mv,
            comment: String::new(),
            starting_comment: std::mem::take(&mut self.starting_comment),
            nags: Vec::new(),
            has_children: false,
        });
        let last = self.stack.len() - 1;
        self.stack[last] = self.nodes.len() - 1;
        self.in_variation = true;
        Ok(())
    }

    fn nag(&mut self, nag: u64) -> Result<(), Unusual> {
        let top = self.top()?;
        let nags = &mut self.nodes[top].nags;
        if !nags.contains(&nag) {
            nags.push(nag);
        }
        Ok(())
    }

    fn begin_variation(&mut self) -> Result<(), Unusual> {
        let top = self.top()?;
        if top == 0 {
            return Err(Unusual);
        }
        self.stack.push(self.nodes[top].parent);
        self.in_variation = false;
        Ok(())
    }

    fn end_variation(&mut self) -> Result<(), Unusual> {
        self.stack.pop().map(drop).ok_or(Unusual)
    }
}

/// The NAG of a mark.
fn mark_nag(mark: &str) -> u64 {
    match mark {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        _ => 6,
    }
}

/// Reads the movetext from `line` (the first after the tags) on, its
/// further lines from `readline` (python-chess's rules for where it
/// ends), from `board` as python-chess's `read_game` reads them into a
/// `GameBuilder` whose game is `game`: the nodes are made as
/// instances of `child_class` (python-chess's `ChildNode` attributes set,
/// its `__init__` not run) under `game`, whose `comment` and `nags` are
/// set. Returns `(results, errors)`: the result tokens of the mainline
/// and the exceptions of the moves that could not be read; where
/// python-chess would raise, the list of the movetext's lines instead,
/// with `game` untouched (the caller then reads them the slow way).
#[pyfunction]
pub fn build_tree<'py>(
    py: Python<'py>,
    readline: &Bound<'py, PyAny>,
    line: String,
    board: PyRef<'py, PyBoard>,
    game: &Bound<'py, PyAny>,
    child_class: &Bound<'py, PyType>,
) -> PyResult<Bound<'py, PyAny>> {
    let lines = movetext_lines(readline, line)?;
    let mut builder = Builder::new();
    let mut outcome = match board.core() {
        Some(&core) => read(
            py,
            &lines,
            CoreLine::new(core, board.chess960),
            &mut builder,
        )?,
        None => Err(Stop::OffCore),
    };
    if let Err(Stop::OffCore) = outcome {
        builder = Builder::new();
        outcome = read(py, &lines, board.duplicate(py)?, &mut builder)?;
    }
    drop(board);
    if outcome.is_err() {
        return Ok(PyList::new(py, &lines)?.into_any());
    }
    make_nodes(py, &builder.nodes, game, child_class)?;
    let errors = PyList::empty(py);
    for error in builder.errors {
        errors.append(error.into_value(py))?;
    }
    Ok((builder.results, errors).into_pyobject(py)?.into_any())
}

/// The movetext's lines from `line` on, read with `readline` as
/// python-chess's `read_game` reads them: up to a blank line outside
/// `{…}` comments (read and dropped) or the end of input, `%` lines
/// dropped.
fn movetext_lines(readline: &Bound<'_, PyAny>, first: String) -> PyResult<Vec<String>> {
    let next = || -> PyResult<String> { readline.call0()?.extract() };
    let mut lines = Vec::new();
    let mut line = first;
    let mut in_comment = false;
    while !line.is_empty() {
        if !in_comment {
            if is_space(&line) {
                break;
            }
            if line.starts_with('%') {
                line = next()?;
                continue;
            }
        }
        in_comment = in_comment_after(&line, in_comment);
        lines.push(line);
        line = next()?;
    }
    Ok(lines)
}

/// The Python objects of `nodes` (`nodes[0]` is `game`, which exists).
fn make_nodes(
    py: Python<'_>,
    nodes: &[Node],
    game: &Bound<'_, PyAny>,
    child_class: &Bound<'_, PyType>,
) -> PyResult<()> {
    let root = &nodes[0];
    if !root.comment.is_empty() {
        game.setattr(intern!(py, "comment"), &root.comment)?;
    }
    if !root.nags.is_empty() {
        let nags = game.getattr(intern!(py, "nags"))?;
        for nag in &root.nags {
            nags.call_method1(intern!(py, "add"), (nag,))?;
        }
    }
    let new = py.get_type::<PyAny>().getattr(intern!(py, "__new__"))?;
    let variations = game
        .getattr(intern!(py, "variations"))?
        .downcast_into::<PyList>()?;
    let mut made: Vec<(Bound<'_, PyAny>, Bound<'_, PyList>)> = Vec::with_capacity(nodes.len());
    made.push((game.clone(), variations));
    for node in &nodes[1..] {
        let object = new.call1((child_class,))?;
        let children = PyList::empty(py);
        let (parent, siblings) = &made[node.parent];
        object.setattr(intern!(py, "parent"), parent)?;
        object.setattr(intern!(py, "move"), node.mv)?;
        object.setattr(intern!(py, "variations"), &children)?;
        object.setattr(intern!(py, "comment"), &node.comment)?;
        object.setattr(intern!(py, "starting_comment"), &node.starting_comment)?;
        object.setattr(intern!(py, "nags"), PySet::new(py, &node.nags)?)?;
        siblings.append(&object)?;
        made.push((object, children));
    }
    Ok(())
}

/// python-chess's movetext loop over `lines`, played on `start`, into
/// `builder`.
fn read<L: Line>(
    py: Python<'_>,
    lines: &[String],
    start: L,
    builder: &mut Builder,
) -> PyResult<Result<(), Stop>> {
    let mut boards = vec![start];
    let mut skip_depth = 0usize;
    let mut next_line = 0usize;
    let mut readline = move || {
        let line = lines.get(next_line).map_or("", String::as_str);
        next_line += 1;
        line
    };
    let mut line: &str = readline();
    let mut fresh = true;
    macro_rules! unusual {
        ($e:expr) => {
            if let Err(Unusual) = $e {
                return Ok(Err(Stop::Unusual));
            }
        };
    }
    while !line.is_empty() {
        if fresh {
            if line.starts_with('%') || line.starts_with(';') {
                line = readline();
                continue;
            }
            if is_space(line) {
                return Ok(Ok(()));
            }
        }
        fresh = true;
        let mut rest_of_line = None;
        for token in Tokens::new(line) {
            match token {
                Token::Comment(text) => {
                    let mut part = text.strip_prefix("{ ").unwrap_or(&text[1..]);
                    let mut comment = String::new();
                    while !part.is_empty() && !part.contains('}') {
                        comment.push_str(part);
                        part = readline();
                    }
                    if !part.is_empty() {
                        let close = part.find('}').unwrap_or(part.len());
                        let end = if close > 0 && part.as_bytes()[close - 1] == b' ' {
                            close - 1
                        } else {
                            close
                        };
                        comment.push_str(&part[..end]);
                        part = &part[close + 1..];
                    }
                    if skip_depth == 0 {
                        unusual!(builder.comment(&comment));
                    }
                    rest_of_line = Some(part);
                    break;
                }
                Token::Open => {
                    if skip_depth > 0 {
                        skip_depth += 1;
                    } else if let Some(board) = boards.last()
                        && board.has_moves()
                    {
                        unusual!(builder.begin_variation());
                        let branch = board.branch(py)?;
                        boards.push(branch);
                    }
                }
                Token::Close => {
                    if skip_depth == 1 {
                        skip_depth = 0;
                        unusual!(builder.end_variation());
                    } else if skip_depth > 0 {
                        skip_depth -= 1;
                    } else if boards.len() > 1 {
                        unusual!(builder.end_variation());
                        boards.pop();
                    }
                }
                _ if skip_depth > 0 => {}
                Token::LineComment => break,
                Token::Nag(digits) => match digits.parse::<u64>() {
                    Ok(nag) => unusual!(builder.nag(nag)),
                    Err(_) => return Ok(Err(Stop::Unusual)),
                },
                Token::Mark(mark) => unusual!(builder.nag(mark_nag(mark))),
                Token::Result(result) if boards.len() == 1 => builder.results.push(match result {
                    "1-0" => "1-0",
                    "0-1" => "0-1",
                    "1/2-1/2" => "1/2-1/2",
                    _ => "*",
                }),
                Token::Result(text) | Token::Move(text) => {
                    let board = boards.last_mut().expect("the game's board is never popped");
                    match board.parse_san(py, text) {
                        Ok(mv) => {
                            unusual!(builder.play(mv));
                            if !board.push(py, mv)? {
                                return Ok(Err(Stop::OffCore));
                            }
                        }
                        Err(error) if error.is_instance_of::<PyValueError>(py) => {
                            builder.errors.push(error);
                            skip_depth = 1;
                        }
                        Err(error) => return Err(error),
                    }
                }
            }
        }
        match rest_of_line {
            Some(rest) => {
                line = rest;
                fresh = false;
            }
            None => line = readline(),
        }
    }
    Ok(Ok(()))
}
