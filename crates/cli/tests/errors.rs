//! Every bad input: a non-zero exit and exactly one stderr line,
//! `error: …`, naming what is wrong. Never a panic.

mod common;

use common::{assert_error, assert_input_error, assert_usage_error, error_line};

#[test]
fn bad_fens_pass_the_library_message_through() {
    assert_error(&["perft", "8/8/8 w - - 0 1", "1"], "expected 8 ranks");
    assert_error(
        &[
            "moves",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        ],
        "'X'",
    );
    assert_error(
        &[
            "show",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        ],
        "side to move",
    );
    assert_error(&["perft", "8/8/8/8/8/8/8/8 w - - 0 1", "1"], "no king");
    assert_error(
        &["perft", "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", "1"],
        "--lenient",
    );
    assert_error(&["perftree", "1", "not a fen"], "invalid FEN");
}

#[test]
fn unknown_position_names_point_to_the_list() {
    assert_error(&["perft", "kiwipeet", "1"], "bitmoves positions");
    assert_error(&["show", "nowhere"], "\"nowhere\"");
}

#[test]
fn bad_depths_are_refused() {
    assert_error(&["perft", "startpos", "three"], "whole number");
    assert_error(&["perft", "startpos", "-1"], "negative");
    assert_error(&["perft", "startpos", "21"], "too large");
    assert_error(
        &["perft", "startpos", "123456789012345678901234567890"],
        "too large",
    );
    assert_error(&["perftree", "x", "startpos"], "<DEPTH>");
    assert_error(&["perft", "startpos"], "<DEPTH>");
    assert_error(&["perft", "startpos", "3", "--threads", "0"], "--threads");
}

#[test]
fn bad_moves_name_the_entry_and_its_index() {
    assert_error(
        &["perft", "startpos", "2", "--moves", "e2e4", "e7e5x"],
        "--moves entry 2 \"e7e5x\": not a UCI move",
    );
    assert_error(
        &[
            "moves",
            "startpos",
            "--moves",
            "e2e4 e7e5 e1e2 e8e7 e2e3 a7a5 e3e5",
        ],
        "--moves entry 7 \"e3e5\": illegal move",
    );
    assert_error(
        &["show", "startpos", "--moves", "e2"],
        "--moves entry 1 \"e2\"",
    );
    assert_error(
        &["perftree", "2", "startpos", "e2e4 e2e4"],
        "MOVES entry 2 \"e2e4\"",
    );
    assert_error(&["moves", "startpos", "--moves"], "--moves");
}

#[test]
fn bad_attack_arguments_are_refused() {
    assert_error(&["attacks", "dragon", "d4"], "expected pawn, knight");
    assert_error(&["attacks", "knight", "z9"], "invalid file 'z'");
    assert_error(&["attacks", "knight", "d9"], "invalid rank '9'");
    assert_error(&["attacks", "rook", "d4", "--occupied", "d6,e44"], "'e44'");
    assert_error(&["attacks", "rook", "d4", "--own", "x1"], "--own");
    assert_error(
        &["attacks", "pawn", "d4", "--color", "red"],
        "expected w or b",
    );
    assert_error(
        &["attacks", "rook", "d4", "--method", "magic"],
        "lookup, shift",
    );
    assert_error(&["attacks", "rook"], "<SQUARE>");
    assert_error(&["mask", "not-z-file"], "bitmoves mask");
}

#[test]
fn usage_errors_fit_on_one_line() {
    assert_error(&[], "perft");
    assert_error(&["frobnicate"], "'frobnicate'");
    assert_error(&["perfto", "startpos", "1"], "did you mean");
    assert_error(&["perft", "startpos", "1", "--bogus"], "'--bogus'");
    assert_error(&["moves"], "<POSITION>");
    assert_error(&["positions", "extra"], "'extra'");
}

#[test]
fn thread_counts_outside_1_to_1024_name_the_option_and_the_range() {
    for threads in ["abc", "18446744073709551616", "-1", "0", "1025", "2.5", ""] {
        assert_usage_error(
            &["perft", "startpos", "1", "--threads", threads],
            "for '--threads <N>': the number of threads must be a whole number from 1 to 1024",
        );
    }
    assert_usage_error(
        &["perft", "startpos", "1", "--threads=-7"],
        "from 1 to 1024",
    );
}

#[test]
fn the_thread_limit_is_in_the_help() {
    let help = common::stdout(&["perft", "--help"]);
    assert!(help.contains("1 to 1024"), "{help}");
}

#[test]
fn long_arguments_are_shortened_in_errors() {
    // Near the largest single argument Linux passes (128 KiB).
    let long = "x".repeat(130_000);
    let excerpt = format!("\"{}…\"", "x".repeat(40));
    for args in [
        vec!["perft", long.as_str(), "1"],
        vec!["show", long.as_str()],
        vec!["mask", long.as_str()],
        vec!["moves", "startpos", "--moves", long.as_str()],
    ] {
        let out = error_line(&args, &excerpt);
        assert!(out.stderr.len() < 300, "{} bytes", out.stderr.len());
    }
    let digits = "9".repeat(130_000);
    let out = error_line(&["perft", "startpos", &digits], "too large");
    assert!(out.stderr.len() < 300, "{} bytes", out.stderr.len());
    let out = error_line(&["perft", "startpos", "1", &long], "unexpected argument");
    assert!(out.stderr.len() < 300, "{} bytes", out.stderr.len());
}

#[test]
fn unquoted_fens_get_the_hint_to_quote_them() {
    let hint = "a FEN is one argument: put it in quotes";
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let split = |command: &'static str, tail: &[&'static str]| {
        let mut args = vec![command];
        args.extend(fen.split(' '));
        args.extend(tail);
        args
    };
    assert_usage_error(&split("perft", &["3"]), hint);
    assert_usage_error(&split("moves", &[]), hint);
    assert_usage_error(&split("show", &["--unicode"]), hint);
    // Only the board field reached the command, as when the rest was lost.
    assert_input_error(
        &["show", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"],
        hint,
    );
    // A quoted FEN that is wrong gets no such hint.
    let out = error_line(&["moves", "8/8/8 w - - 0 1"], "expected 8 ranks");
    assert!(!out.stderr.contains(hint), "{}", out.stderr);
}

#[test]
fn help_mentions_only_the_arguments_a_command_takes() {
    for command in ["moves", "show"] {
        let help = common::stdout(&[command, "--help"]);
        assert!(!help.contains("DEPTH"), "{command} --help: {help}");
        assert!(help.contains("--moves"), "{command} --help: {help}");
    }
}

#[test]
fn usage_errors_exit_2_and_input_errors_exit_1() {
    assert_usage_error(&["perft", "startpos"], "<DEPTH>");
    assert_usage_error(&["perft", "startpos", "x"], "whole number");
    assert_usage_error(&["frobnicate"], "'frobnicate'");
    assert_input_error(&["perft", "kiwipeet", "1"], "unknown position name");
    assert_input_error(&["moves", "startpos", "--moves", "e2e5"], "illegal move");
    assert_input_error(&["mask", "middle"], "unknown mask");
}
