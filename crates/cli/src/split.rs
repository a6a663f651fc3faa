//! `bitmoves split`, `bitmoves work` and `bitmoves merge`: deep perft in
//! work units, for batch engines (docs/deep-perft.md). The library's
//! `bitmoves_perft::split` does the work; this reads arguments and files.

use crate::{
    error::CliError,
    perft::{parse_depth, parse_hash},
    position::SetupArgs,
};
use bitmoves_perft::{
    Counting, Table,
    split::{
        self, Merge, MergeError, ResultLines, ResultsFile, Shard, SplitOptions, UnitFile,
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
    /// The total depth of the perft, 0 to 16
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
    /// complete)
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
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// Count each unit with hashed perft, in a table of SIZE bytes (256M,
    /// 1G; binary units) shared by the threads and kept from unit to unit;
    /// 0 for no table
    #[arg(long, value_name = "SIZE", default_value = "0", value_parser = parse_hash)]
    pub hash: usize,
    /// Threads to count with: they take whole units when the shard has at
    /// least 64 per thread left to count, and share each unit otherwise
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
    if !args.force && output.exists() {
        return Err(CliError::input(format!(
            "{} already exists: pass --force to replace it",
            output.display()
        )));
    }
    let options = SplitOptions {
        max_memory: args.max_memory,
    };
    let start = Instant::now();
    let (units, stats) = UnitFile::split(&board, args.depth, args.ply, options)
        .map_err(|error| CliError::input(error.to_string()))?;
    let split_time = start.elapsed();
    write_atomically(output, |out| units.write(out))?;
    eprintln!(
        "split: {} units from {} paths at ply {} (table {:.1} MiB), {:.2} s; wrote {} \
         (checksum {:016x}) in {:.2} s",
        stats.units,
        stats.paths,
        args.ply,
        mib(stats.table_bytes as u64),
        split_time.as_secs_f64(),
        output.display(),
        units.checksum(),
        (start.elapsed() - split_time).as_secs_f64(),
    );
    Ok(())
}

/// Bytes as MiB, for reports.
fn mib(bytes: u64) -> f64 {
    // Precision loss only past 2^53 bytes.
    bytes as f64 / f64::from(1 << 20)
}

/// Writes `path` through a temporary file beside it, renamed into place
/// only once complete: an error or a kill never leaves a half-written
/// file, nor touches an old one.
fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> Result<(), CliError> {
    let name = path
        .file_name()
        .ok_or_else(|| CliError::input(format!("{} is not a file name", path.display())))?;
    let mut temporary = name.to_os_string();
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary);
    let cannot = |error: std::io::Error| {
        CliError::input(format!("cannot write {}: {error}", path.display()))
    };
    let result = File::create(&temporary).and_then(|file| {
        let mut out = BufWriter::new(file);
        write(&mut out)?;
        out.into_inner()
            .map_err(|error| error.into_error())?
            .sync_all()?;
        fs::rename(&temporary, path)
    });
    if let Err(error) = result {
        let _ = fs::remove_file(&temporary);
        return Err(cannot(error));
    }
    Ok(())
}

/// Reads and checks a unit file.
fn read_units(path: &Path) -> Result<UnitFile, CliError> {
    let file = File::open(path)
        .map_err(|error| CliError::input(format!("cannot read {}: {error}", path.display())))?;
    UnitFile::read(BufReader::with_capacity(1 << 16, file))
        .map_err(|error| CliError::input(format!("{}: {error}", path.display())))
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
    fs::create_dir_all(&args.output).map_err(|error| {
        CliError::input(format!("cannot create {}: {error}", args.output.display()))
    })?;
    let path = args.output.join(ResultsFile::name(shard));
    let mut results = ResultsFile::open(&path, &units)
        .map_err(|error| CliError::input(format!("{}: {error}", path.display())))?;
    let start = Instant::now();
    let mut last_report = start;
    let report = |summary: &WorkSummary, now: Instant| {
        eprintln!(
            "shard {shard}: {} of {} units done ({} earlier), {:.1} s",
            summary.skipped + summary.counted,
            summary.assigned,
            summary.skipped,
            now.duration_since(start).as_secs_f64(),
        );
    };
    let summary = worker
        .work(&units, shard, &mut results, |summary, _, _| {
            let now = Instant::now();
            if now.duration_since(last_report) >= Duration::from_secs(10) {
                report(summary, now);
                last_report = now;
            }
        })
        .map_err(|error| CliError::input(format!("{}: {error}", path.display())))?;
    report(&summary, Instant::now());
    Ok(())
}

/// `bitmoves merge`: checks the results and prints the total.
pub fn run_merge(args: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let units = read_units(&args.units)?;
    let dir = &args.results;
    let cannot_read =
        |path: &Path, error| CliError::input(format!("cannot read {}: {error}", path.display()));
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(|error| cannot_read(dir, error))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "results") && path.is_file())
        .collect();
    files.sort();
    let mut merge = Merge::new(&units);
    for path in &files {
        let bytes = fs::read(path).map_err(|error| cannot_read(path, error))?;
        let read = ResultLines::parse(&bytes)
            .map_err(|error| CliError::input(format!("{}: {error}", path.display())))?;
        for (line, result) in &read.lines {
            merge.add(result).map_err(|error| {
                CliError::input(format!("{} line {line}: {error}", path.display()))
            })?;
        }
    }
    let total = merge.total().map_err(|error| {
        let hint = match &error {
            MergeError::Missing { units: missing } => rerun_hint(&units, &files, missing),
            _ => String::new(),
        };
        CliError::input(format!("{}: {error}{hint}", dir.display()))
    })?;
    writeln!(out, "Nodes searched: {total}")?;
    eprintln!(
        "merge: {} units, {} results files; perft({}) of {}",
        units.units().len(),
        files.len(),
        units.depth(),
        units.root()
    );
    Ok(())
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
    if count == 0 || counts.iter().any(|&other| other != count) {
        return String::new();
    }
    let assignment = split::assign(units, count);
    let mut shards: Vec<u32> = missing.iter().map(|&index| assignment[index]).collect();
    shards.sort_unstable();
    shards.dedup();
    let list: Vec<String> = shards
        .iter()
        .map(|shard| format!("{shard}/{count}"))
        .collect();
    format!(" (run these shards again: {})", list.join(", "))
}
