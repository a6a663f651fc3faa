//! A dataset folder's files: whether it holds a dataset, the clean-up of
//! what dead runs left, and [`publish`], the last step of a run, which
//! moves its parts into place and writes `_SUCCESS` last, so that no
//! reader ever sees `_SUCCESS` beside a half-written dataset.

use super::claim::{Claim, LOCK, RUN_PREFIX};
use super::error::{DatasetError, io_at};
use super::parts::part_name;
use std::fs::{self, File};
use std::path::{Path, PathBuf};

/// The file that says the dataset beside it is whole.
pub(crate) const SUCCESS: &str = "_SUCCESS";

/// The names in `dir`, read whole.
fn entries(dir: &Path) -> Result<Vec<String>, DatasetError> {
    let mut names = Vec::new();
    for entry in fs::read_dir(dir).map_err(io_at(dir))? {
        let name = entry.map_err(io_at(dir))?.file_name();
        names.push(name.to_string_lossy().into_owned());
    }
    Ok(names)
}

/// `removed` (a removal of `path`), where a file already gone is no
/// error.
fn gone(removed: std::io::Result<()>, path: &Path) -> Result<(), DatasetError> {
    match removed {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(io_at(path)(error)),
        _ => Ok(()),
    }
}

/// Whether `dir` holds a dataset: a part file or `_SUCCESS`.
pub(crate) fn holds_dataset(dir: &Path) -> Result<bool, DatasetError> {
    if !dir.exists() {
        return Ok(false);
    }
    Ok(entries(dir)?.iter().any(|name| is_final_name(name)))
}

/// Whether `name` is one of a finished dataset's files.
fn is_final_name(name: &str) -> bool {
    name == SUCCESS || (name.starts_with("part-") && name.ends_with(".parquet"))
}

/// Removes what dead runs left in `dir` (their folders of parts, their
/// lock names, the temporary parts of older versions), which only the
/// run holding `dir`'s lock may do: no other run is writing it.
pub(crate) fn clean_up(dir: &Path) -> Result<(), DatasetError> {
    let lock_names = format!("{LOCK}.");
    for name in entries(dir)? {
        let path = dir.join(&name);
        let removed = if name.starts_with(RUN_PREFIX) {
            fs::remove_dir_all(&path)
        } else if name.starts_with(&lock_names)
            || (name.starts_with(".part-") && name.ends_with(".parquet.tmp"))
        {
            fs::remove_file(&path)
        } else {
            continue;
        };
        gone(removed, &path)?;
    }
    Ok(())
}

/// Syncs the folder `dir` itself (its names), where the system can.
fn sync_dir(dir: &Path) {
    if let Ok(folder) = File::open(dir) {
        let _ = folder.sync_all();
    }
}

/// For tests of a run killed while publishing: aborts the process at
/// `step` when the environment variable `BITMOVES_PARQUET_ABORT_AT`
/// names it (`written`, `unmarked`, `removed`, `moved-one`, `moved`,
/// `marked`).
fn abort_at(step: &str) {
    if std::env::var_os("BITMOVES_PARQUET_ABORT_AT").is_some_and(|at| at == step) {
        std::process::abort();
    }
}

/// Publishes the parts `temporaries` (whole and synced, in the run's
/// folder) into `dir`, as `part-00000.parquet`, …, while `claim` holds
/// `dir`: a dataset already there is refused unless `replace`, else
/// removed first, its `_SUCCESS` before anything else; the parts are
/// moved in and `_SUCCESS` is written last. Killed at any step, the
/// folder holds either the dataset it held, whole with its `_SUCCESS`,
/// or no `_SUCCESS`. Returns the parts' paths.
pub(crate) fn publish(
    dir: &Path,
    temporaries: &[PathBuf],
    replace: bool,
    claim: &Claim,
) -> Result<Vec<PathBuf>, DatasetError> {
    abort_at("written");
    claim.check(dir)?;
    let old = entries(dir)?;
    if old.iter().any(|name| is_final_name(name)) {
        if !replace {
            return Err(DatasetError::Exists {
                dir: dir.to_owned(),
            });
        }
        let success = dir.join(SUCCESS);
        gone(fs::remove_file(&success), &success)?;
        sync_dir(dir);
        abort_at("unmarked");
        for name in old.iter().filter(|name| is_final_name(name)) {
            let path = dir.join(name);
            gone(fs::remove_file(&path), &path)?;
        }
        abort_at("removed");
    }
    let mut parts = Vec::with_capacity(temporaries.len());
    for (index, temporary) in temporaries.iter().enumerate() {
        let path = dir.join(part_name(index));
        fs::rename(temporary, &path).map_err(io_at(&path))?;
        parts.push(path);
        abort_at("moved-one");
    }
    sync_dir(dir);
    abort_at("moved");
    let success = dir.join(SUCCESS);
    File::create(&success)
        .and_then(|file| file.sync_all())
        .map_err(io_at(&success))?;
    sync_dir(dir);
    abort_at("marked");
    Ok(parts)
}
