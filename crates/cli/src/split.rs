//! `bitmoves split`, `bitmoves work` and `bitmoves merge`: deep perft in
//! work units, for batch engines (docs/deep-perft.md). The library's
//! `bitmoves_perft::split` does the work; this reads arguments and files.

use crate::{
    error::{CliError, file_name, say},
    gpu,
    perft::{parse_depth, parse_hash},
    position::SetupArgs,
};
use bitmoves_perft::{
    Counting, Table,
    split::{
        self, Merge, MergeError, ResultsFile, ResultsReader, Shard, SplitOptions, UnitFile,
        WorkSummary, Worker,
    },
};
use clap::Args;
use std::{
    fs::{self, File},
    io::{BufReader, BufWriter, Write},
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

/// Arguments of `bitmoves split`.
#[derive(Args, Debug)]
pub struct SplitArgs {
    /// startpos, a name from `bitmoves positions`, or a FEN as one quoted
    /// argument
    pub position: String,
    /// The total depth of the perft, 0 to 16 (a unit file holds no deeper
    /// perft: 17 to 20, which `perft` accepts, are refused here)
    #[arg(value_parser = parse_depth, allow_negative_numbers = true)]
    pub depth: u32,
    /// The split ply: the units are the unique positions PLY plies below
    /// POSITION (at most DEPTH)
    #[arg(long = "at", value_name = "PLY", value_parser = parse_depth,
          allow_negative_numbers = true)]
    pub ply: u32,
    /// The unit file to write (refused if it exists, unless --force)
    #[arg(short, long, value_name = "UNITS")]
    pub output: PathBuf,
    /// Replace UNITS if it exists (the old file stays until the new one is
    /// complete; a symlink is replaced, not written through)
    #[arg(long)]
    pub force: bool,
    /// The most memory for the table of unique positions, in binary units
    /// (512M, 8G); the split stops with an error rather than exceed it
    #[arg(long, value_name = "SIZE", default_value = "8G", value_parser = parse_hash)]
    pub max_memory: usize,
    #[command(flatten)]
    // --moves, --chess960 and --lenient.
    pub setup: SetupArgs,
}

/// Arguments of `bitmoves work`.
#[derive(Args, Debug)]
pub struct WorkArgs {
    /// The unit file made by `bitmoves split`
    pub units: PathBuf,
    /// This worker's shard, I/N with 0 <= I < N. Without it, I and N are
    /// $SLURM_ARRAY_TASK_ID and $SLURM_ARRAY_TASK_COUNT
    #[arg(long, value_name = "I/N", value_parser = parse_shard, allow_hyphen_values = true)]
    pub shard: Option<Shard>,
    /// Count each unit with hashed perft, in a table of SIZE bytes (256M,
    /// 1G; binary units) shared by the threads and kept from unit to unit;
    /// 0 for no table
    #[arg(long, value_name = "SIZE", default_value = "0", value_parser = parse_hash)]
    pub hash: usize,
    /// Threads to count with: they take whole units when the shard has at
    /// least 16 per thread left to count, and share each unit otherwise
    #[arg(long, value_name = "T", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: u16,
    /// Make every move down to the leaves instead of counting the last ply
    /// from the move generator (slower, same counts)
    #[arg(long)]
    pub no_bulk: bool,
    /// The results directory (created if missing); this shard appends to
    /// shard-I-of-N.results there
    #[arg(short, long, value_name = "RESULTS_DIR")]
    pub output: PathBuf,
    /// Count on an NVIDIA GPU, with the bitmoves-gpu program (built by
    /// `cargo build --release -p bitmoves-gpu`; docs/gpu.md): the same
    /// results file, many units at a time
    #[arg(long)]
    pub gpu: bool,
}

/// Arguments of `bitmoves merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The unit file made by `bitmoves split`
    pub units: PathBuf,
    /// The directory the workers wrote their *.results files to
    pub results: PathBuf,
}

/// Reads `I/N`.
fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse()
        .map_err(|error: split::ShardError| error.to_string())
}

/// `bitmoves split`: writes the unit file, reports on stderr.
pub fn run_split(args: &SplitArgs) -> Result<(), CliError> {
    let board = args.setup.board(&args.position)?;
    let output = &args.output;
    // symlink_metadata: a symlink is there, whether or not it leads anywhere.
    if !args.force && fs::symlink_metadata(output).is_ok() {
        return Err(already_exists(output));
    }
    let options = SplitOptions {
        max_memory: args.max_memory,
    };
    let start = Instant::now();
    let (units, stats) = UnitFile::split(&board, args.depth, args.ply, options)
        .map_err(|error| CliError::input(error.to_string()))?;
    let split_time = start.elapsed();
    write_atomically(output, args.force, |out| units.write(out))?;
    say(&format_args!(
        "split: {} units from {} paths at ply {} (table {:.1} MiB), {:.2} s; wrote {} \
         (checksum {:016x}) in {:.2} s",
        stats.units,
        stats.paths,
        args.ply,
        mib(stats.table_bytes as u64),
        split_time.as_secs_f64(),
        file_name(output),
        units.checksum(),
        (start.elapsed() - split_time).as_secs_f64(),
    ));
    Ok(())
}

/// Bytes as MiB, for reports.
fn mib(bytes: u64) -> f64 {
    // Precision loss only past 2^53 bytes.
    bytes as f64 / f64::from(1 << 20)
}

/// The error for an output that is already there.
fn already_exists(path: &Path) -> CliError {
    CliError::input(format!(
        "{} already exists: pass --force to replace it",
        file_name(path)
    ))
}

/// Writes `path` through a temporary file beside it, put into place only
/// once complete: an error or a kill never leaves a half-written file, nor
/// touches an old one. Without `replace`, it is put there by a hard link,
/// which fails if anything (a file, a symlink, dangling or not) took the
/// name meanwhile: of two racing writers one wins and the other fails.
/// With `replace`, a rename replaces the name itself (a symlink, not the
/// file it leads to).
fn write_atomically(
    path: &Path,
    replace: bool,
    write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> Result<(), CliError> {
    let name = path
        .file_name()
        .ok_or_else(|| CliError::input(format!("{} is not a file name", file_name(path))))?;
    let mut temporary = name.to_os_string();
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary);
    let cannot = |error: std::io::Error| {
        CliError::input(format!("cannot write {}: {error}", file_name(path)))
    };
    // A new file, never one found there (not through a symlink planted at
    // the temporary name); a stale one of a killed split is removed.
    let create = || {
        File::options()
            .write(true)
            .create_new(true)
            .open(&temporary)
    };
    let created = match create() {
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
            fs::remove_file(&temporary).and_then(|()| create())
        }
        created => created,
    };
    let mut out = BufWriter::new(created.map_err(cannot)?);
    let written = write(&mut out).and_then(|()| {
        out.into_inner()
            .map_err(|error| error.into_error())?
            .sync_all()
    });
    let result = written.and_then(|()| {
        if replace {
            fs::rename(&temporary, path)
        } else {
            fs::hard_link(&temporary, path)
        }
    });
    let _ = fs::remove_file(&temporary);
    match result {
        Err(error) if !replace && error.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(already_exists(path))
        }
        Err(error) => Err(cannot(error)),
        Ok(()) => Ok(()),
    }
}

/// Reads and checks a unit file.
fn read_units(path: &Path) -> Result<UnitFile, CliError> {
    let file = File::open(path)
        .map_err(|error| CliError::input(format!("cannot read {}: {error}", file_name(path))))?;
    UnitFile::read(BufReader::with_capacity(1 << 16, file))
        .map_err(|error| CliError::input(format!("{}: {error}", file_name(path))))
}

/// `bitmoves work`: counts one shard's units into its results file.
pub fn run_work(args: &WorkArgs) -> Result<(), CliError> {
    let shard = match args.shard {
        Some(shard) => shard,
        None => Shard::from_env(|name| std::env::var(name).ok()).map_err(|error| {
            CliError::input(format!(
                "no --shard I/N given, and the Slurm array variables do not say: {error}"
            ))
        })?,
    };
    if args.gpu {
        gpu::refuse(&[
            (args.threads != 1, "--threads"),
            (args.hash != 0, "--hash"),
            (args.no_bulk, "--no-bulk"),
        ])?;
        let units = read_units(&args.units)?;
        check_shard_count(shard, &units)?;
        gpu::run(&[
            "work".into(),
            args.units.clone().into(),
            format!("--shard={shard}").into(),
            "--output".into(),
            args.output.clone().into(),
        ])?;
        return check_gpu_results(&args.output, shard, &units);
    }
    if args.hash != 0 && args.no_bulk {
        return Err(CliError::input(
            "--hash cannot be combined with --no-bulk: the hashed count always counts the last ply in bulk",
        ));
    }
    let table = match args.hash {
        0 => None,
        bytes => {
            Some(Table::new(bytes).map_err(|error| CliError::input(format!("--hash: {error}")))?)
        }
    };
    let counting = match &table {
        Some(table) => Counting::Hashed(table),
        None if args.no_bulk => Counting::Full,
        None => Counting::Bulk,
    };
    let worker = Worker {
        counting,
        threads: usize::from(args.threads),
    };
    let units = read_units(&args.units)?;
    check_shard_count(shard, &units)?;
    fs::create_dir_all(&args.output).map_err(|error| {
        CliError::input(format!(
            "cannot create {}: {error}",
            file_name(&args.output)
        ))
    })?;
    let path = args.output.join(ResultsFile::name(shard));
    let mut results = ResultsFile::open(&path, &units)
        .map_err(|error| CliError::input(format!("{}: {error}", file_name(&path))))?;
    let (set_aside, damaged) = results.set_aside();
    for error in set_aside {
        say(&format_args!(
            "work: {}: set aside {error}",
            file_name(&path)
        ));
    }
    if damaged > 0 {
        say(&format_args!(
            "work: {} damaged lines set aside in {}; units without a good line are counted again",
            damaged,
            file_name(&path)
        ));
    }
    let start = Instant::now();
    let mut last_report = start;
    let report = |summary: &WorkSummary, now: Instant| {
        say(&format_args!(
            "shard {shard}: {} of {} units done ({} earlier), {:.1} s",
            summary.skipped + summary.counted,
            summary.assigned,
            summary.skipped,
            now.duration_since(start).as_secs_f64(),
        ));
    };
    let summary = worker
        .work(&units, shard, &mut results, |summary, _, _| {
            let now = Instant::now();
            if now.duration_since(last_report) >= Duration::from_secs(10) {
                report(summary, now);
                last_report = now;
            }
        })
        .map_err(|error| CliError::input(format!("{}: {error}", file_name(&path))))?;
    report(&summary, Instant::now());
    Ok(())
}

/// Refuses more shards than units.
fn check_shard_count(shard: Shard, units: &UnitFile) -> Result<(), CliError> {
    let unit_count = units.units().len();
    if shard.count() as usize > unit_count {
        return Err(CliError::input(format!(
            "shard {shard}: {} shards for {unit_count} units; at most {unit_count} shards \
             make sense (each gets at least one unit)",
            shard.count()
        )));
    }
    Ok(())
}

/// After `bitmoves-gpu work` exited 0: checks that its results file has a
/// count for every unit of the shard, rather than trusting the status.
fn check_gpu_results(dir: &Path, shard: Shard, units: &UnitFile) -> Result<(), CliError> {
    let path = dir.join(ResultsFile::name(shard));
    let program = "bitmoves-gpu exited 0";
    if fs::symlink_metadata(&path).is_err() {
        return Err(CliError::input(format!(
            "{program}, but wrote no results file {}",
            file_name(&path)
        )));
    }
    let results = ResultsFile::open(&path, units)
        .map_err(|error| CliError::input(format!("{}: {error}", file_name(&path))))?;
    let (todo, summary) = split::to_do(units, shard, &results)
        .map_err(|error| CliError::input(format!("{}: {error}", file_name(&path))))?;
    if !todo.is_empty() {
        return Err(CliError::input(format!(
            "{program}, but {} of shard {shard}'s {} units have no count in {}",
            todo.len(),
            summary.assigned,
            file_name(&path)
        )));
    }
    Ok(())
}

/// How many ignored lines `merge` names per results file.
const IGNORED_SHOWN: usize = 5;

/// `bitmoves merge`: checks the results and prints the total. Each
/// `*.results` file is read as a stream; damaged lines and anything that is
/// not a regular file are ignored, and said so on stderr.
pub fn run_merge(args: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let units = read_units(&args.units)?;
    let dir = &args.results;
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).map_err(|error| cannot_read(dir, &error))? {
        let path = entry.map_err(|error| cannot_read(dir, &error))?.path();
        if path.extension().is_none_or(|ext| ext != "results") {
            continue;
        }
        // Followed through symlinks; checked before opening (a FIFO would wait).
        match fs::metadata(&path) {
            Ok(meta) if meta.is_file() => files.push(path),
            Ok(_) => say(&format_args!(
                "merge: ignored {}: not a regular file",
                file_name(&path)
            )),
            Err(error) => return Err(cannot_read(&path, &error)),
        }
    }
    files.sort();
    let mut merge = Merge::new(&units).map_err(|_| {
        CliError::input(format!(
            "out of memory for the counts of {} units",
            units.units().len()
        ))
    })?;
    for path in &files {
        let mut ignored = 0;
        let mut lines = results_lines(path)?;
        while let Some((line, read)) = lines.next_line().map_err(|e| cannot_read(path, &e))? {
            let at = |message: &dyn std::fmt::Display| {
                CliError::input(format!("{} line {line}: {message}", file_name(path)))
            };
            match read {
                Ok(result) => merge.add(&result).map_err(|error| match error {
                    MergeError::Conflict { index, .. } => {
                        let first = first_result(&files, index).unwrap_or_default();
                        at(&format_args!("{error} (the first in {first})"))
                    }
                    error => at(&error),
                })?,
                Err(problem) if problem.is_damage() => {
                    ignored += 1;
                    if ignored <= IGNORED_SHOWN {
                        say(&format_args!(
                            "merge: ignored {} line {line}: {problem}",
                            file_name(path)
                        ));
                    }
                }
                Err(problem) => return Err(at(&problem)),
            }
        }
        if ignored > IGNORED_SHOWN {
            say(&format_args!(
                "merge: ignored {} more damaged lines in {}",
                ignored - IGNORED_SHOWN,
                file_name(path)
            ));
        }
    }
    let total = merge.total().map_err(|error| {
        let hint = match &error {
            MergeError::Missing { units: missing } => rerun_hint(&units, &files, missing),
            _ => String::new(),
        };
        CliError::input(format!("{}: {error}{hint}", file_name(dir)))
    })?;
    writeln!(out, "Nodes searched: {total}")?;
    say(&format_args!(
        "merge: {} units, {} results files; perft({}) of {}",
        units.units().len(),
        files.len(),
        units.depth(),
        units.root()
    ));
    Ok(())
}

/// The error for a file or directory that cannot be read.
fn cannot_read(path: &Path, error: &std::io::Error) -> CliError {
    CliError::input(format!("cannot read {}: {error}", file_name(path)))
}

/// The lines of a results file, read as a stream.
fn results_lines(path: &Path) -> Result<ResultsReader<BufReader<File>>, CliError> {
    let file = File::open(path).map_err(|error| cannot_read(path, &error))?;
    Ok(ResultsReader::new(BufReader::with_capacity(1 << 16, file)))
}

/// Where the first good result for unit `index` is, as `FILE line N`:
/// for a conflict's message, which names both results.
fn first_result(files: &[PathBuf], index: usize) -> Option<String> {
    files.iter().find_map(|path| {
        let mut lines = results_lines(path).ok()?;
        while let Ok(Some((line, read))) = lines.next_line() {
            if read.is_ok_and(|result| result.index == index) {
                return Some(format!("{} line {line}", file_name(path)));
            }
        }
        None
    })
}

/// When the results files are the shards of one `N`, the shards that the
/// missing units belong to: the tasks to run again.
fn rerun_hint(units: &UnitFile, files: &[PathBuf], missing: &[usize]) -> String {
    let counts: Vec<u32> = files
        .iter()
        .filter_map(|path| ResultsFile::shard_of(path.file_name()?.to_str()?))
        .map(|shard| shard.count())
        .collect();
    let Some(&count) = counts.first() else {
        return String::new();
    };
    // A count from a file name is computed with only when it can be right:
    // more shards than units is no shard count `work` accepts.
    if count == 0
        || count as usize > units.units().len()
        || counts.iter().any(|&other| other != count)
    {
        return String::new();
    }
    let Ok(assignment) = split::assign(units, count) else {
        return String::new();
    };
    let mut shards: Vec<u32> = missing.iter().map(|&index| assignment[index]).collect();
    shards.sort_unstable();
    shards.dedup();
    // As many as the error line names units; the rest counted.
    const SHOWN: usize = 20;
    let mut list: Vec<String> = shards
        .iter()
        .take(SHOWN)
        .map(|shard| format!("{shard}/{count}"))
        .collect();
    if shards.len() > SHOWN {
        list.push(format!("and {} more", shards.len() - SHOWN));
    }
    format!(" (run these shards again: {})", list.join(", "))
}
