//! `attacks`, `mask`, `moves`, `show` and `positions`: the diagrams and
//! lists, checked as text.

mod common;

use common::{one_line, run, stdout};
use std::{
    io::Read,
    process::{Command, Stdio},
    thread,
};

#[test]
fn knight_attacks_from_d4() {
    assert_eq!(
        stdout(&["attacks", "knight", "d4"]),
        "\
8 0 0 0 0 0 0 0 0
7 0 0 0 0 0 0 0 0
6 0 0 1 0 1 0 0 0
5 0 1 0 0 0 1 0 0
4 0 0 0 0 0 0 0 0
3 0 1 0 0 0 1 0 0
2 0 0 1 0 1 0 0 0
1 0 0 0 0 0 0 0 0
  A B C D E F G H
"
    );
}

#[test]
fn own_pieces_block_and_are_left_out() {
    let args = [
        "attacks",
        "rook",
        "d4",
        "--occupied",
        "d6,g4",
        "--own",
        "b4,D2",
    ];
    assert_eq!(
        stdout(&args),
        "\
8 0 0 0 0 0 0 0 0
7 0 0 0 0 0 0 0 0
6 0 0 0 1 0 0 0 0
5 0 0 0 1 0 0 0 0
4 0 0 1 0 1 1 1 0
3 0 0 0 1 0 0 0 0
2 0 0 0 0 0 0 0 0
1 0 0 0 0 0 0 0 0
  A B C D E F G H
"
    );
}

#[test]
fn black_pawns_attack_south() {
    let out = stdout(&["attacks", "pawn", "e4", "--color", "b"]);
    assert!(out.contains("3 0 0 0 1 0 1 0 0\n"), "{out}");
    assert_eq!(out.matches(" 1").count(), 2, "{out}");
}

#[test]
fn shift_method_draws_what_lookup_draws_on_every_square() {
    let occupied = "c3,d6,f4,g7,b5,e2";
    let pieces = [
        ("pawn", "w"),
        ("pawn", "b"),
        ("knight", "w"),
        ("bishop", "w"),
        ("rook", "w"),
        ("queen", "w"),
        ("king", "w"),
    ];
    thread::scope(|scope| {
        for (piece, color) in pieces {
            scope.spawn(move || {
                for file in 'a'..='h' {
                    for rank in '1'..='8' {
                        let square = format!("{file}{rank}");
                        let args = |method| {
                            stdout(&[
                                "attacks",
                                piece,
                                &square,
                                "--color",
                                color,
                                "--occupied",
                                occupied,
                                "--method",
                                method,
                            ])
                        };
                        assert_eq!(args("lookup"), args("shift"), "{piece} {color} {square}");
                    }
                }
            });
        }
    });
}

#[test]
fn center_and_edges_are_drawn() {
    assert_eq!(
        stdout(&["mask", "center"]),
        "\
8 0 0 0 0 0 0 0 0
7 0 0 0 0 0 0 0 0
6 0 0 0 0 0 0 0 0
5 0 0 0 1 1 0 0 0
4 0 0 0 1 1 0 0 0
3 0 0 0 0 0 0 0 0
2 0 0 0 0 0 0 0 0
1 0 0 0 0 0 0 0 0
  A B C D E F G H
"
    );
    assert_eq!(
        stdout(&["mask", "EDGES"]),
        "\
8 1 1 1 1 1 1 1 1
7 1 0 0 0 0 0 0 1
6 1 0 0 0 0 0 0 1
5 1 0 0 0 0 0 0 1
4 1 0 0 0 0 0 0 1
3 1 0 0 0 0 0 0 1
2 1 0 0 0 0 0 0 1
1 1 1 1 1 1 1 1 1
  A B C D E F G H
"
    );
}

#[test]
fn masks_are_drawn_and_listed() {
    assert_eq!(
        stdout(&["mask", "not-a-file"]),
        "\
8 0 1 1 1 1 1 1 1
7 0 1 1 1 1 1 1 1
6 0 1 1 1 1 1 1 1
5 0 1 1 1 1 1 1 1
4 0 1 1 1 1 1 1 1
3 0 1 1 1 1 1 1 1
2 0 1 1 1 1 1 1 1
1 0 1 1 1 1 1 1 1
  A B C D E F G H
"
    );
    let rank3 = stdout(&["mask", "rank-3"]);
    assert!(rank3.contains("4 0 0 0 0 0 0 0 0\n3 1 1 1 1 1 1 1 1\n2 0 0 0 0 0 0 0 0\n"));
    assert_eq!(rank3.matches(" 1").count(), 8);
    let names = stdout(&["mask"]);
    for name in [
        "a-file",
        "h-file",
        "rank-1",
        "rank-8",
        "not-ab-file",
        "not-gh-file",
    ] {
        assert!(names.lines().any(|line| line == name), "{name} in {names}");
        stdout(&["mask", name]);
    }
    for name in [
        "light-squares",
        "dark-squares",
        "center",
        "edges",
        "not-h-file",
    ] {
        assert!(names.lines().any(|line| line == name), "{name} in {names}");
    }
}

#[test]
fn moves_are_listed_sorted() {
    let out = stdout(&["moves", "startpos"]);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 20);
    assert!(moves.is_sorted());
    assert_eq!(moves[0], "a2a3");
    assert_eq!(stdout(&["moves", "max-moves"]).lines().count(), 218);
    let reply = stdout(&["moves", "startpos", "--moves", "e2e4", "e7e5", "d1h5"]);
    assert!(reply.lines().any(|mv| mv == "g8f6"));
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert_eq!(stdout(&["moves", mate]), "");
}

#[test]
fn show_draws_the_board_and_describes_it() {
    let out = stdout(&["show", "startpos", "--moves", "e2e4"]);
    assert!(
        out.starts_with("8 r n b q k b n r\n7 p p p p p p p p\n"),
        "{out}"
    );
    assert!(out.contains("4 . . . . P . . .\n"));
    assert!(out.contains("1 R N B Q K B N R\n  a b c d e f g h\n"));
    assert!(
        out.contains("FEN:          rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n")
    );
    assert!(out.contains("Side to move: black\n"));
    assert!(out.contains("Status:       ongoing\n"));
    assert!(out.contains("Checkers:     -\n"));
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let out = stdout(&["show", mate, "--unicode"]);
    assert!(out.starts_with("8 ♜ ♞ ♝ · ♚ ♝ ♞ ♜\n"), "{out}");
    assert!(out.contains("Status:       checkmate\n") && out.contains("Checkers:     h4\n"));
    let stalemate = stdout(&["show", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"]);
    assert!(stalemate.contains("Status:       stalemate\n"));
    let pinned = stdout(&["show", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"]);
    assert!(pinned.contains("Pinned:       e2\n") && pinned.contains("Status:       ongoing\n"));
    let check = stdout(&["show", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"]);
    assert!(check.contains("Status:       check\n") && check.contains("Checkers:     a1\n"));
}

#[test]
fn positions_lists_every_name_with_a_fen_that_loads() {
    let out = stdout(&["positions"]);
    let names: Vec<&str> = out
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    for name in [
        "startpos",
        "kiwipete",
        "pos3",
        "pos4",
        "pos4-mirrored",
        "pos5",
        "pos6",
    ] {
        assert!(names.contains(&name), "{name} in {out}");
    }
    for line in out.lines() {
        let (name, fen) = line.split_once(' ').expect("name and FEN");
        assert_eq!(
            stdout(&["moves", name]),
            stdout(&["moves", fen.trim()]),
            "{name}"
        );
    }
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(["perft", "kiwipete", "3", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bitmoves binary runs");
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut stderr)
        .expect("stderr is UTF-8");
    let status = child.wait().expect("bitmoves exits");
    assert!(status.success(), "{stderr}");
    assert!(
        !stderr.contains("error") && !stderr.contains("panicked"),
        "{stderr}"
    );
}

#[test]
fn help_and_version_succeed_on_stdout() {
    let help = run(&["--help"]);
    assert!(help.success && help.stdout.contains("perftree") && help.stderr.is_empty());
    for command in [
        "perft",
        "perftree",
        "moves",
        "show",
        "attacks",
        "mask",
        "positions",
    ] {
        let help = run(&[command, "--help"]);
        assert!(
            help.success && help.stdout.contains("Usage: bitmoves"),
            "{command}"
        );
    }
    let version = run(&["--version"]);
    assert!(version.success && version.stdout.starts_with("bitmoves "));
}

#[test]
fn show_prints_the_polyglot_key() {
    let out = stdout(&["show", "startpos"]);
    assert!(out.contains("Key:          463b96181691fc9c\n"), "{out}");
    let out = stdout(&["show", "startpos", "--moves", "e2e4"]);
    assert!(out.contains("Key:          823c9b50fd114196\n"), "{out}");
}

#[test]
fn show_names_the_draws() {
    let bare = stdout(&["show", "8/8/4k3/8/8/2B5/4K3/8 w - - 0 60"]);
    assert!(
        bare.contains("Status:       draw by insufficient material\n"),
        "{bare}"
    );
    let slow = stdout(&["show", "8/8/4k3/8/8/2R5/4K3/8 w - - 100 60"]);
    assert!(
        slow.contains("Status:       draw by the fifty-move rule\n"),
        "{slow}"
    );
}

#[test]
fn moves_lists_captures_and_quiets_apart() {
    let captures = stdout(&["moves", "kiwipete", "--captures"]);
    assert_eq!(captures, "d5e6\ne2a6\ne5d7\ne5f7\ne5g6\nf3f6\nf3h3\ng2h3\n");
    let quiets = stdout(&["moves", "kiwipete", "--quiets"]);
    assert_eq!(quiets.lines().count(), 48 - 8);
    assert!(quiets.contains("e1g1\n") && !quiets.contains("d5e6"));
    let both = run(&["moves", "kiwipete", "--captures", "--quiets"]);
    assert_eq!(both.code, Some(2));
    assert!(both.stderr.starts_with("error: "), "{}", both.stderr);
}

#[test]
fn moves_in_san_follow_the_uci_order() {
    let uci = stdout(&["moves", "kiwipete"]);
    let san = stdout(&["moves", "kiwipete", "--san"]);
    assert_eq!(uci.lines().count(), san.lines().count());
    let pairs: Vec<(&str, &str)> = uci.lines().zip(san.lines()).collect();
    assert!(pairs.contains(&("e1g1", "O-O")), "{pairs:?}");
    assert!(pairs.contains(&("e5f7", "Nxf7")), "{pairs:?}");
    assert!(pairs.contains(&("d5e6", "dxe6")), "{pairs:?}");
    let captures = stdout(&["moves", "kiwipete", "--captures", "--san"]);
    assert!(captures.starts_with("dxe6\nBxa6\n"), "{captures}");
}

#[test]
fn moves_may_be_given_in_san_and_uci_mixed() {
    let mixed = stdout(&[
        "show", "startpos", "--moves", "e4", "e7e5", "Nf3", "Nc6", "Bb5",
    ]);
    assert!(
        mixed.contains(
            "FEN:          r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3\n"
        ),
        "{mixed}"
    );
    let bad = run(&["perft", "startpos", "1", "--moves", "e4", "Ke3"]);
    assert_eq!(bad.code, Some(1));
    one_line(&bad.stderr, "error: --moves entry 2 \"Ke3\"");
}

#[test]
fn chess960_starts_by_number() {
    let out = stdout(&["show", "960:518"]);
    assert!(
        out.contains("FEN:          rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
    );
    let perft = stdout(&["perft", "960:0", "3"]);
    // python-chess: perft(Board.from_chess960_pos(0), 3) == 9006.
    assert_eq!(common::nodes_searched(&perft), 9_006);
    let double = stdout(&["show", "960:0:959"]);
    assert!(double.contains("w KQkq - 0 1\n"), "{double}");
    for bad in ["960:960", "960:x", "960:1:2:3"] {
        let run = run(&["perft", bad, "1"]);
        assert_eq!(run.code, Some(1), "{bad}");
        one_line(&run.stderr, "error: ");
    }
}
