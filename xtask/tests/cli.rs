//! The `xtask` binary: usage errors exit 2, and `--check` names what differs and exits 1.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .expect("xtask runs")
}

#[test]
fn usage_errors_exit_2_with_usage_on_stderr() {
    for args in [
        &[][..],
        &["frobnicate"],
        &["regenerate", "--bogus"],
        &["regenerate", "--root"],
        &["tidy", "--check"],
    ] {
        let out = xtask(args);
        assert_eq!(out.status.code(), Some(2), "args {args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("usage: cargo xtask"),
            "args {args:?}"
        );
    }
    let help = xtask(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("usage: cargo xtask"));
}

#[test]
fn check_names_a_modified_file_and_exits_1() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("xtask-check");
    let _ = fs::remove_dir_all(&root);
    let root_arg = root.to_str().expect("utf-8 temp path");

    let written = xtask(&["regenerate", "--root", root_arg]);
    assert!(
        written.status.success(),
        "{}",
        String::from_utf8_lossy(&written.stderr)
    );
    let fresh = xtask(&["regenerate", "--check", "--root", root_arg]);
    assert_eq!(fresh.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&fresh.stdout).contains("tables are up to date"));

    let leapers = root.join("tables/src/leapers.rs");
    let mut text = fs::read_to_string(&leapers).expect("leapers.rs was written");
    text.push_str("// edited by hand\n");
    fs::write(&leapers, text).expect("write leapers.rs");
    fs::write(root.join("tables/src/old.rs"), "").expect("write old.rs");

    let stale = xtask(&["regenerate", "--check", "--root", root_arg]);
    assert_eq!(stale.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&stale.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines,
        [
            "tables/src/leapers.rs (stale)",
            "tables/src/old.rs (extra: not generated)",
            xtask::STALE_HINT,
        ]
    );

    let again = xtask(&["regenerate", "--root", root_arg]);
    assert!(String::from_utf8_lossy(&again.stdout).contains("removed tables/src/old.rs"));
    assert!(xtask::stale_files(&root).is_empty());
    fs::remove_dir_all(&root).expect("clean up");
}

#[test]
fn test_refuses_unknown_suites_and_flags_before_running_anything() {
    let unknown = xtask(&["test", "no-such-suite"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&unknown.stderr).contains("unknown test suite `no-such-suite`")
    );
    let flag = xtask(&["test", "--bogus"]);
    assert_eq!(flag.status.code(), Some(2));
}
