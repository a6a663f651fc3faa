//! The layout list of `docs/development.md` against the workspace: every
//! member of `Cargo.toml`'s `[workspace] members` is listed there, and
//! every path listed exists.

use std::collections::BTreeSet;

/// The `members = [...]` of a workspace manifest's text, in order.
pub fn members(manifest: &str) -> Vec<String> {
    let Some(start) = manifest.find("members = [") else {
        return Vec::new();
    };
    let list = &manifest[start + "members = [".len()..];
    let list = &list[..list.find(']').unwrap_or(list.len())];
    list.split(',')
        .map(|item| item.trim().trim_matches('"').to_owned())
        .filter(|item| !item.is_empty())
        .collect()
}

/// The paths of the first fenced block under the `## Layout` heading of a
/// guide's text: each line's first word, without a trailing `/`.
pub fn listed(guide: &str) -> Vec<String> {
    let mut lines = guide.lines().skip_while(|l| l.trim() != "## Layout");
    let mut out = Vec::new();
    let mut fenced = false;
    for line in lines.by_ref().skip(1) {
        if line.starts_with("```") {
            if fenced {
                break;
            }
            fenced = true;
        } else if line.starts_with("## ") && !fenced {
            break;
        } else if fenced && let Some(word) = line.split_whitespace().next() {
            out.push(word.trim_end_matches('/').to_owned());
        }
    }
    out
}

/// The problems of a layout list (`guide`, the file `path`) against the
/// workspace `members`; `exists` says whether a listed path is there.
pub fn problems(
    path: &str,
    guide: &str,
    members: &[String],
    exists: impl Fn(&str) -> bool,
) -> Vec<String> {
    let listed = listed(guide);
    if listed.is_empty() {
        return vec![format!(
            "{path}: no `## Layout` block listing the workspace"
        )];
    }
    let set: BTreeSet<&str> = listed.iter().map(String::as_str).collect();
    let mut out = Vec::new();
    for member in members {
        if !set.contains(member.as_str()) {
            out.push(format!(
                "{path}: its layout lacks the workspace member `{member}`"
            ));
        }
    }
    for entry in &listed {
        if !exists(entry) {
            out.push(format!(
                "{path}: its layout names `{entry}`, which does not exist"
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = "[workspace]\nresolver = \"3\"\nmembers = [\"crates/a\", \"tables\",\n  \"xtask\"]\nexclude = [\"fuzz\"]\n";

    #[test]
    fn the_members_are_read_from_the_manifest() {
        assert_eq!(members(MANIFEST), ["crates/a", "tables", "xtask"]);
    }

    #[test]
    fn a_member_missing_from_the_layout_and_a_stale_entry_are_named() {
        let guide = "# Guide\n\n## Layout\n\n```text\nCargo.toml   the workspace\ncrates/a     a crate\n\
                     crates/gone  an old crate\nxtask/       tasks\n```\n\n## Next\n```text\nnot/layout\n```\n";
        let exists = |p: &str| p != "crates/gone";
        assert_eq!(
            problems("docs/g.md", guide, &members(MANIFEST), exists),
            [
                "docs/g.md: its layout lacks the workspace member `tables`",
                "docs/g.md: its layout names `crates/gone`, which does not exist",
            ]
        );
        assert_eq!(
            problems("docs/g.md", "# Guide\n", &members(MANIFEST), exists),
            ["docs/g.md: no `## Layout` block listing the workspace"]
        );
    }
}
