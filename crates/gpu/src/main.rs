//! `bitmoves-gpu`: perft and deep-perft work units counted on an NVIDIA
//! GPU. `bitmoves perft … --gpu` and `bitmoves work … --gpu` run it; it
//! can be run by itself too (docs/gpu.md).

use bitmoves::{Board, FenOptions};
use bitmoves_gpu::{Gpu, PerftOptions, work_gpu};
use bitmoves_perft::split::{ResultsFile, Shard, UnitFile, WorkSummary};
use clap::{Parser, Subcommand};
use std::{
    fs::{self, File},
    io::{BufReader, Write},
    path::PathBuf,
    process::ExitCode,
    time::{Duration, Instant},
};

/// Perft on an NVIDIA GPU.
#[derive(Parser, Debug)]
#[command(name = "bitmoves-gpu", version)]
struct Cli {
    /// The CUDA device to count on (0 is the first)
    #[arg(long, global = true, default_value_t = 0)]
    device: usize,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Counts the leaf nodes of a position at a depth
    Perft {
        /// startpos or a FEN as one quoted argument
        position: String,
        /// Plies to count, 0 to 16
        #[arg(value_parser = clap::value_parser!(u32).range(0..=16))]
        depth: u32,
        /// The last plies counted on the GPU (1 to 7); the ones above are
        /// split on the CPU
        #[arg(long, default_value_t = bitmoves_gpu::SEARCH_PLIES,
              value_parser = clap::value_parser!(u32).range(1..=7))]
        plies: u32,
        /// Count every path from the split ply, without merging
        /// transpositions there (slower; shows the GPU's raw speed)
        #[arg(long)]
        paths: bool,
        /// Print the count as `perft;POSITION;DEPTH;NODES`, POSITION as
        /// given, instead of `Nodes searched: NODES` (what `bitmoves perft
        /// --gpu` reads and checks)
        #[arg(long)]
        result_line: bool,
    },
    /// Counts one shard of a unit file (made by `bitmoves split`) into
    /// its results file, as `bitmoves work` does on the CPU
    Work {
        /// The unit file
        units: PathBuf,
        /// This worker's shard, I/N with 0 <= I < N. Without it, I and N
        /// are $SLURM_ARRAY_TASK_ID and $SLURM_ARRAY_TASK_COUNT
        #[arg(long, value_name = "I/N", allow_hyphen_values = true)]
        shard: Option<String>,
        /// The results directory (created if missing); this shard appends
        /// to shard-I-of-N.results there
        #[arg(short, long, value_name = "RESULTS_DIR")]
        output: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft {
            position,
            depth,
            plies,
            paths,
            result_line,
        } => {
            let options = PerftOptions {
                plies,
                merge_transpositions: !paths,
            };
            perft(cli.device, &position, depth, options, result_line)
        }
        Command::Work {
            units,
            shard,
            output,
        } => work(cli.device, &units, shard.as_deref(), &output),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // One line whatever the message holds (a file name with a line
            // break cannot forge a second); a failed write is ignored.
            let line: String = message
                .chars()
                .map(|c| match c {
                    '\n' => " ".to_owned(),
                    c if c.is_control() => c.escape_debug().to_string(),
                    c => c.to_string(),
                })
                .collect();
            let _ = writeln!(std::io::stderr(), "error: {line}");
            ExitCode::FAILURE
        }
    }
}

fn open(device: usize) -> Result<Gpu, String> {
    let start = Instant::now();
    let gpu = Gpu::open(device).map_err(|error| error.to_string())?;
    eprintln!(
        "{} ready in {:.2} s",
        gpu.name(),
        start.elapsed().as_secs_f64()
    );
    Ok(gpu)
}

fn perft(
    device: usize,
    position: &str,
    depth: u32,
    options: PerftOptions,
    result_line: bool,
) -> Result<(), String> {
    let board = if position == "startpos" {
        Board::default()
    } else {
        Board::from_fen_with(
            position,
            FenOptions {
                lenient: true,
                ..FenOptions::default()
            },
        )
        .map_err(|error| format!("{position}: {error}"))?
    };
    let mut gpu = open(device)?;
    let start = Instant::now();
    let mut last_report = start;
    let report = gpu
        .perft_with_progress(&board, depth, options, |done, total| {
            if last_report.elapsed() >= Duration::from_secs(10) {
                eprintln!(
                    "perft: {done} of {total} positions, {:.1} s",
                    start.elapsed().as_secs_f64()
                );
                last_report = Instant::now();
            }
        })
        .map_err(|error| error.to_string())?;
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let line = if result_line {
        format!("perft;{position};{depth};{}\n", report.nodes)
    } else {
        format!("Nodes searched: {}\n", report.nodes)
    };
    let mut out = std::io::stdout().lock();
    out.write_all(line.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|error| format!("cannot write the count: {error}"))?;
    eprintln!(
        "{seconds:.3} s, {:.1} billion nodes/s on {}; {} positions at ply {}, {} leaves counted on the GPU ({:.1} billion/s)",
        report.nodes as f64 / seconds / 1e9,
        gpu.name(),
        report.positions,
        report.split_ply,
        report.counted,
        report.counted as f64 / seconds / 1e9,
    );
    Ok(())
}

fn work(
    device: usize,
    path: &PathBuf,
    shard: Option<&str>,
    output: &PathBuf,
) -> Result<(), String> {
    let shard: Shard = match shard {
        Some(text) => text.parse().map_err(|error| format!("--shard: {error}"))?,
        None => Shard::from_env(|name| std::env::var(name).ok()).map_err(|error| {
            format!("no --shard I/N given, and the Slurm array variables do not say: {error}")
        })?,
    };
    let file =
        File::open(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let units = UnitFile::read(BufReader::with_capacity(1 << 16, file))
        .map_err(|error| format!("{}: {error}", path.display()))?;
    let unit_count = units.units().len();
    if shard.count() as usize > unit_count {
        return Err(format!(
            "shard {shard}: {} shards for {unit_count} units; at most {unit_count} shards make sense",
            shard.count()
        ));
    }
    // The device first: without one, nothing is created.
    let mut gpu = open(device)?;
    fs::create_dir_all(output)
        .map_err(|error| format!("cannot create {}: {error}", output.display()))?;
    let results_path = output.join(ResultsFile::name(shard));
    let mut results = ResultsFile::open(&results_path, &units)
        .map_err(|error| format!("{}: {error}", results_path.display()))?;
    let (set_aside, damaged) = results.set_aside();
    for error in set_aside {
        eprintln!("work: {}: set aside {error}", results_path.display());
    }
    if damaged > 0 {
        eprintln!(
            "work: {damaged} damaged lines set aside in {}; units without a good line are counted again",
            results_path.display()
        );
    }
    let start = Instant::now();
    let mut last_report = start;
    let report = |summary: &WorkSummary| {
        eprintln!(
            "shard {shard}: {} of {} units done ({} earlier), {:.1} s on the GPU",
            summary.skipped + summary.counted,
            summary.assigned,
            summary.skipped,
            start.elapsed().as_secs_f64(),
        );
    };
    let summary = work_gpu(&units, shard, &mut results, &mut gpu, |summary| {
        if last_report.elapsed() >= Duration::from_secs(10) {
            report(summary);
            last_report = Instant::now();
        }
    })
    .map_err(|error| format!("{}: {error}", results_path.display()))?;
    report(&summary);
    Ok(())
}
