//! `perft`, `moves` and `show` with `--variant`: the same output as for
//! standard chess, through the core's rules engine for any variant.

use crate::error::CliError;
use crate::moves::MovesArgs;
use crate::perft::PerftArgs;
use crate::show::{ShowArgs, squares};
use crate::variant::{load, refuse, with_variant};
use bitmoves::variant::{
    LooseMoveList, Position, Termination, Variant, VariantKind, as_drop, is_capture, perft, uci,
};
use bitmoves::{Color, Move, Piece};
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// `bitmoves perft --variant NAME`: `Nodes searched: N`, after the divide
/// lines when asked, as for standard chess; `--threads` shares the root
/// moves out. `--hash` and `--gpu` count standard chess only.
pub fn perft_command(
    kind: VariantKind,
    args: &PerftArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    refuse(kind, &[(args.hash != 0, "--hash"), (args.gpu, "--gpu")])?;
    with_variant!(kind, V => {
        let pos = load::<V>(&args.position, &args.setup)?;
        let start = Instant::now();
        let divide = divide(&pos, args.depth, usize::from(args.threads), !args.no_bulk);
        let elapsed = start.elapsed();
        let nodes: u128 = if args.depth == 0 {
            1
        } else {
            divide.iter().map(|&(_, n)| u128::from(n)).sum()
        };
        let rows = args.divide.then(|| {
            let mut rows: Vec<_> = divide
                .iter()
                .map(|&(mv, n)| (uci(mv).to_string(), u128::from(n)))
                .collect();
            rows.sort_unstable();
            rows
        });
        crate::perft::write_counts(out, rows, nodes)?;
        crate::perft::report_speed(nodes, elapsed);
        Ok(())
    })
}

/// Each root move's count at `depth` (empty at depth 0), counted by
/// `threads` threads taking root moves in turn; `bulk` counts the last
/// ply from the move list, else every leaf is played.
fn divide<V: Variant + Sync>(
    pos: &Position<V>,
    depth: u32,
    threads: usize,
    bulk: bool,
) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let roots = pos.legal_moves();
    let counts = Mutex::new(vec![0u64; roots.len()]);
    let next = AtomicUsize::new(0);
    let work = || {
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = roots.get(index) else {
                break;
            };
            let mut child = *pos;
            child.play(mv);
            let count = if bulk {
                perft(&child, depth - 1)
            } else {
                perft_full(&child, depth - 1)
            };
            if let Ok(mut counts) = counts.lock() {
                counts[index] = count;
            }
        }
    };
    let threads = threads.clamp(1, roots.len().max(1));
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(work);
            }
        });
    }
    let counts = counts.into_inner().unwrap_or_default();
    roots.iter().copied().zip(counts).collect()
}

/// Perft that plays every move down to the leaves (`--no-bulk`).
fn perft_full<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play(mv);
            perft_full(&child, depth - 1)
        })
        .sum()
}

/// Whether a move counts as a capture for `--captures`: it takes a
/// piece, or it promotes (as for standard chess).
fn is_noisy<V: Variant>(pos: &Position<V>, mv: Move) -> bool {
    as_drop(mv).is_none() && (mv.promotion.is_some() || is_capture(pos.setup(), mv))
}

/// `bitmoves moves --variant NAME`: the legal moves in UCI (drops
/// `N@e4`), sorted as text, or their SAN in that order.
pub fn moves_command(
    kind: VariantKind,
    args: &MovesArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    with_variant!(kind, V => {
        let pos = load::<V>(&args.position, &args.setup)?;
        let legal: LooseMoveList = pos.legal_moves();
        let mut moves: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&mv| {
                if args.captures {
                    is_noisy(&pos, mv)
                } else if args.quiets {
                    !is_noisy(&pos, mv)
                } else {
                    true
                }
            })
            .collect();
        moves.sort_unstable_by_key(|&mv| uci(mv).to_string());
        for mv in moves {
            match pos.san(mv) {
                Some(san) if args.san => writeln!(out, "{san}")?,
                _ => writeln!(out, "{}", uci(mv))?,
            }
        }
        Ok(())
    })
}

/// `bitmoves show --variant NAME`: the diagram, the FEN, the variant, side to move, status,
/// checkers and legal moves; the pockets and remaining checks where the
/// variant has them.
pub fn show_command(
    kind: VariantKind,
    args: &ShowArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    with_variant!(kind, V => {
        let pos = load::<V>(&args.position, &args.setup)?;
        write!(out, "{}", diagram(&pos, args.unicode))?;
        writeln!(out)?;
        writeln!(out, "FEN:          {}", pos.fen())?;
        writeln!(out, "Variant:      {kind}")?;
        writeln!(out, "Side to move: {}", pos.turn())?;
        writeln!(out, "Status:       {}", status(&pos))?;
        writeln!(out, "Checkers:     {}", squares(pos.checkers()))?;
        writeln!(out, "Legal moves:  {}", pos.legal_moves().len())?;
        if V::POCKETS {
            let setup = pos.setup();
            let pocket = |color: Color| {
                let text: String = Piece::ALL
                    .iter()
                    .flat_map(|&piece| {
                        let letter = match color {
                            Color::White => piece.to_char().to_ascii_uppercase(),
                            Color::Black => piece.to_char(),
                        };
                        std::iter::repeat_n(letter, usize::from(setup.pockets[color.index()].count(piece)))
                    })
                    .collect();
                if text.is_empty() { "-".to_owned() } else { text }
            };
            writeln!(out, "Pockets:      white {}, black {}", pocket(Color::White), pocket(Color::Black))?;
        }
        if V::CHECKS_IN_FEN {
            let [white, black] = pos.setup().remaining_checks;
            writeln!(out, "Checks left:  white {white}, black {black}")?;
        }
        if pos.is_chess960() {
            writeln!(out, "Chess960:     yes (castling is written king-takes-rook)")?;
        }
        Ok(())
    })
}

/// `check`, `ongoing`, or how the game ended and who won.
fn status<V: Variant>(pos: &Position<V>) -> String {
    let Some(outcome) = pos.outcome() else {
        return if pos.is_check() { "check" } else { "ongoing" }.into();
    };
    let why = match outcome.termination {
        Termination::Checkmate => "checkmate",
        Termination::Stalemate => "stalemate",
        Termination::InsufficientMaterial => "insufficient material",
        Termination::SeventyFiveMoves => "the seventy-five-move rule",
        Termination::VariantWin | Termination::VariantLoss => "the variant's end",
        Termination::VariantDraw => "the variant's draw",
    };
    match outcome.winner {
        Some(winner) => format!("{winner} wins by {why}"),
        None => format!("draw by {why}"),
    }
}

/// The board as `bitmoves show` draws it, from a setup (any number of
/// kings, pieces anywhere).
fn diagram<V: Variant>(pos: &Position<V>, unicode: bool) -> String {
    crate::diagram::of(|square| pos.setup().piece_on(square), unicode)
}
