//! [`Claim`]: one run's exclusive hold on a dataset folder, the lock file
//! `.bitmoves.lock` that names the run (its id, pid, host, the process's
//! start time and, under Slurm, its job). It is made whole under another
//! name and hard-linked into place (a link fails where the lock exists,
//! atomically, NFS included), so no run ever sees half a lock. A lock
//! whose process is dead (same host, no such pid or another process under
//! it) is taken over; any other lock refuses the folder.

use super::error::{DatasetError, io_at};
use std::fs::{self, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The lock file's name in the dataset folder.
pub const LOCK: &str = ".bitmoves.lock";

/// The prefix of the hidden folder a run writes its parts into
/// (`.bitmoves-RUN/`).
pub(crate) const RUN_PREFIX: &str = ".bitmoves-";

/// A run's hold on a folder, released (the lock file removed, if it is
/// still this run's) when dropped.
#[derive(Debug)]
pub(crate) struct Claim {
    lock: PathBuf,
    run: String,
    /// The lock file's text, which says the lock is this run's.
    text: String,
}

impl Claim {
    /// Takes `dir` (which must exist) for a new run: refused
    /// ([`DatasetError::Busy`]) while a live run holds it.
    pub fn take(dir: &Path) -> Result<Self, DatasetError> {
        let run = run_id();
        let text = describe(&run);
        let lock = dir.join(LOCK);
        let mine = dir.join(format!("{LOCK}.{run}"));
        write_new(&mine, &text)?;
        let claim = Self { lock, run, text };
        let taken = claim.link(&mine, dir);
        let _ = fs::remove_file(&mine);
        taken.map(|()| claim)
    }

    /// Links the whole lock `mine` into place, taking over a dead run's.
    fn link(&self, mine: &Path, dir: &Path) -> Result<(), DatasetError> {
        // A dead run's lock moved aside, then ours linked; a third try
        // only if another run moved it first.
        for _ in 0..3 {
            let error = match fs::hard_link(mine, &self.lock) {
                Ok(()) => return Ok(()),
                Err(error) => error,
            };
            match error.kind() {
                // Held (or our name removed by the holder's clean-up).
                ErrorKind::AlreadyExists | ErrorKind::NotFound => {}
                // A file system without hard links: an exclusive create.
                _ => match write_new(&self.lock, &self.text) {
                    Ok(()) => return Ok(()),
                    Err(DatasetError::Io { error, .. })
                        if error.kind() == ErrorKind::AlreadyExists => {}
                    Err(error) => return Err(error),
                },
            }
            let holder = match fs::read_to_string(&self.lock) {
                Ok(holder) => holder,
                Err(error) if error.kind() == ErrorKind::NotFound => continue,
                Err(error) => return Err(io_at(&self.lock)(error)),
            };
            if !is_dead(&holder) || !self.take_over(&holder) {
                return Err(DatasetError::Busy {
                    dir: dir.to_owned(),
                    lock: self.lock.clone(),
                    holder: who(&holder),
                });
            }
        }
        Err(DatasetError::Busy {
            dir: dir.to_owned(),
            lock: self.lock.clone(),
            holder: "runs that keep taking it".to_owned(),
        })
    }

    /// Moves a dead run's lock (whose text is `holder`) out of the way:
    /// renamed aside first, so that of two runs taking it over only one
    /// removes it, and put back should it have been a live one's by then.
    fn take_over(&self, holder: &str) -> bool {
        let aside = self
            .lock
            .with_file_name(format!("{LOCK}.{}.dead", self.run));
        if fs::rename(&self.lock, &aside).is_err() {
            // Another run moved it first: try again.
            return true;
        }
        let moved = fs::read_to_string(&aside).unwrap_or_default();
        if moved != holder {
            let _ = fs::hard_link(&aside, &self.lock);
            let _ = fs::remove_file(&aside);
            return false;
        }
        fs::remove_file(&aside).is_ok()
    }

    /// This run's id, unique to it (the name of its folder of parts).
    pub fn run(&self) -> &str {
        &self.run
    }

    /// Whether the lock is still this run's (checked before publishing:
    /// someone may have removed it by hand).
    pub fn check(&self, dir: &Path) -> Result<(), DatasetError> {
        match fs::read_to_string(&self.lock) {
            Ok(text) if text == self.text => Ok(()),
            Ok(text) => Err(DatasetError::Busy {
                dir: dir.to_owned(),
                lock: self.lock.clone(),
                holder: who(&text),
            }),
            Err(error) => Err(io_at(&self.lock)(error)),
        }
    }
}

impl Drop for Claim {
    /// Removes the lock, if it is still this run's.
    fn drop(&mut self) {
        if fs::read_to_string(&self.lock).is_ok_and(|text| text == self.text) {
            let _ = fs::remove_file(&self.lock);
        }
    }
}

/// Writes `text` into a new file `path` (refused if it exists), synced.
fn write_new(path: &Path, text: &str) -> Result<(), DatasetError> {
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(io_at(path))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(io_at(path))
}

/// A new run's id: the time in nanoseconds and the pid, in hex.
fn run_id() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |t| t.as_nanos());
    format!("{nanos:x}-{:x}", std::process::id())
}

/// The lock's text for run `run` of this process.
fn describe(run: &str) -> String {
    let mut text = format!(
        "run={run}\npid={}\nhost={}\nstart={}\n",
        std::process::id(),
        host(),
        start_time("self").unwrap_or_default()
    );
    if let Ok(job) = std::env::var("SLURM_JOB_ID") {
        text.push_str(&format!("slurm_job={}\n", job.trim()));
    }
    text
}

/// The value of `key=` in a lock's text.
fn field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|line| line.strip_prefix(key)?.strip_prefix('='))
}

/// Who holds a lock, as error messages say it.
fn who(text: &str) -> String {
    let pid = field(text, "pid").unwrap_or("?");
    let host = field(text, "host").unwrap_or("?");
    match field(text, "slurm_job") {
        Some(job) => format!("pid {pid} on host {host}, Slurm job {job}"),
        None => format!("pid {pid} on host {host}"),
    }
}

/// This machine's name (Linux), else empty: then no lock is judged dead.
fn host() -> String {
    fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|name| name.trim().to_owned())
        .unwrap_or_default()
}

/// The start time (in clock ticks after boot) of process `pid` (`self`
/// for this one), from `/proc/PID/stat`; `None` for a zombie, or where
/// there is no such file.
fn start_time(pid: &str) -> Option<String> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which is in parentheses: the
    // state (3rd field), …, the start time (22nd).
    let mut fields = stat.get(stat.rfind(')')? + 1..)?.split_whitespace();
    let state = fields.next()?;
    let start = fields.nth(18)?;
    (state != "Z" && state != "X").then(|| start.to_owned())
}

/// Whether the run whose lock says `text` is dead: it ran on this host,
/// and its pid is gone, a zombie, or another process's now. A lock of
/// another host, or unreadable, is never judged dead.
fn is_dead(text: &str) -> bool {
    let mine = host();
    let (Some(host), Some(pid), Some(start)) = (
        field(text, "host"),
        field(text, "pid"),
        field(text, "start"),
    ) else {
        return false;
    };
    if mine.is_empty() || host != mine || pid.parse::<u32>().is_err() || start.is_empty() {
        return false;
    }
    start_time(pid).is_none_or(|now| now != start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_alive_and_a_gone_pid_is_dead() {
        let mine = describe("x");
        assert!(!is_dead(&mine), "{mine}");
        let other = mine.replace(&format!("pid={}", std::process::id()), "pid=4194305");
        assert!(is_dead(&other), "no such pid (past Linux's highest)");
        let reused = mine.replace("start=", "start=1");
        assert!(is_dead(&reused), "another process under the same pid");
        let remote = mine.replace("host=", "host=elsewhere-");
        assert!(!is_dead(&remote.replace("pid=", "pid=9")), "another host");
        assert!(!is_dead(""), "an unreadable lock");
    }
}
