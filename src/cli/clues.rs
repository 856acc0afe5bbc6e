//! `numbrix clues`: the fewest clues that define a puzzle, and the most that
//! fail to, on one board shape or on every shape up to a size.

use clap::{Args, ValueEnum};
use numbrix::clues::store::StoreError;
use numbrix::clues::{research, Part, Progress, Research, ResearchError, ResearchOptions};
use numbrix::words::how_many;
use numbrix::{Backend, Error, InputError};

use crate::cli::answer::Answer;
use crate::cli::progress;
use crate::{at_least_one, parse_seconds};

#[derive(Args)]
pub struct CluesArgs {
    /// Rows of the board.
    #[arg(long, requires = "cols", conflicts_with = "up_to")]
    rows: Option<usize>,
    /// Columns of the board.
    #[arg(long, requires = "rows")]
    cols: Option<usize>,
    /// Every board m x n with 3 <= m <= n and m n <= CELLS, smallest first
    /// (CELLS from 9, 3x3, to 64, the research's largest).
    #[arg(long, value_name = "CELLS", required_unless_present = "rows",
          value_parser = clap::value_parser!(u64).range(9..=numbrix::clues::MAX_CELLS as u64))]
    up_to: Option<u64>,
    /// Give up looking for a minimum after this many clues (1 or more).
    #[arg(long, value_name = "N", default_value_t = numbrix::clues::DEFAULT_MAX_CLUES as u64,
          value_parser = at_least_one::<u64>)]
    max_clues: u64,
    /// Threads that count cell sets [default: every core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// MiB the solutions may take (a solution takes one byte per cell).
    #[arg(long, value_name = "MIB", default_value_t = numbrix::clues::DEFAULT_MEMORY >> 20)]
    memory: u64,
    /// Seconds for each board.
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    time_limit: Option<f64>,
    /// Look at part K of N of the cell sets (1 <= K <= N): N runs with
    /// K = 1..N share the work of one board.
    #[arg(long, value_name = "K/N", value_parser = parse_part)]
    part: Option<Part>,
    /// Stop at the first puzzle with the fewest clues: the minimum and a
    /// witness, without counting every such puzzle.
    #[arg(long)]
    first: bool,
    /// Also prove each witness unique with the MIP alone, on these solvers.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "SOLVERS")]
    prove: Vec<Backend>,
    /// How the research is printed.
    #[arg(long, value_enum, default_value_t = CluesFormat::Text)]
    format: CluesFormat,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum CluesFormat {
    /// The levels, the witness and its solution, the two twin solutions.
    Text,
    /// One JSON object per board (fields in docs/clues.md).
    Json,
    /// The table of docs/clues.md, with every witness drawn.
    Markdown,
}

fn parse_part(text: &str) -> Result<Part, String> {
    let (index, of) = text
        .split_once('/')
        .ok_or_else(|| format!("'{text}' is not K/N"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<usize>()
            .map_err(|_| format!("'{text}' is not K/N with whole numbers"))
    };
    let part = Part {
        index: number(index)?,
        of: number(of)?,
    };
    if part.of == 0 || part.index == 0 || part.index > part.of {
        return Err(format!("'{text}': K must be between 1 and N"));
    }
    Ok(part)
}

impl CluesArgs {
    fn shapes(&self) -> Vec<(usize, usize)> {
        match (self.rows, self.cols, self.up_to) {
            (Some(rows), Some(cols), _) => vec![(rows, cols)],
            (_, _, Some(cells)) => {
                let cells = cells as usize;
                let mut shapes: Vec<(usize, usize)> = (3..)
                    .take_while(|rows| rows * rows <= cells)
                    .flat_map(|rows| (rows..=cells / rows).map(move |cols| (rows, cols)))
                    .collect();
                shapes.sort_by_key(|&(rows, cols)| (rows * cols, rows));
                shapes
            }
            _ => Vec::new(),
        }
    }

    fn options(&self) -> ResearchOptions {
        let defaults = ResearchOptions::default();
        ResearchOptions {
            max_clues: self.max_clues as usize,
            threads: self
                .threads
                .map_or(defaults.threads, |threads| threads as usize),
            memory: self.memory.saturating_mul(1 << 20),
            time_limit: self.time_limit,
            part: self.part.unwrap_or(Part::WHOLE),
            first: self.first,
            prove: self
                .prove
                .iter()
                .copied()
                .filter(|&b| b != Backend::Search)
                .collect(),
            ..defaults
        }
    }
}

pub fn run_clues(
    args: &CluesArgs,
    verbose: u8,
    quiet: bool,
    answer: &mut Answer,
) -> Result<i32, Error> {
    if args.prove.contains(&Backend::Search) {
        return Err(InputError::Usage(
            "--prove takes MIP solvers (highs, cbc): the search is what found the witness".into(),
        )
        .into());
    }
    let options = args.options();
    let bar = progress::bar(quiet, 0);
    let mut researches: Vec<Research> = Vec::new();
    let mut status = 0;
    for (rows, cols) in args.shapes() {
        let started = std::time::Instant::now();
        let shown = |progress: Progress| {
            // Without a terminal, -v logs each finished level instead.
            if let (true, None, Progress::Counting { clues, done, of }) =
                (verbose > 0, &bar, progress)
            {
                if done == of {
                    eprintln!(
                        "numbrix: {rows}x{cols}: {of} cell sets of {clues} counted after {:.1} s",
                        started.elapsed().as_secs_f64()
                    );
                }
            }
            if let Some(bar) = &bar {
                match progress {
                    Progress::Listing { solutions } => {
                        bar.set_length(0);
                        bar.set_message(format!(
                            "{rows}x{cols}: {} listed",
                            how_many(solutions, "solution", "solutions")
                        ));
                    }
                    Progress::Counting { clues, done, of } => {
                        bar.set_length(of);
                        bar.set_position(done);
                        bar.set_message(format!("{rows}x{cols}: cell sets of {clues}"));
                    }
                }
            }
        };
        match research(rows, cols, &options, &shown) {
            Ok(found) => {
                if !found.complete {
                    status = 3;
                }
                if found.proofs.iter().any(|proof| !proof.confirms()) {
                    status = status.max(1);
                }
                if let Some(bar) = &bar {
                    bar.set_position(0);
                }
                match args.format {
                    CluesFormat::Text => answer.print(numbrix::clues::render::text(&found))?,
                    CluesFormat::Json => answer.println(numbrix::clues::render::json(&found))?,
                    CluesFormat::Markdown => {}
                }
                researches.push(found);
                // Nobody reads the researches any more (`| head`).
                if answer.closed() {
                    break;
                }
            }
            Err(ResearchError::Store(StoreError::TimeLimit { solutions })) => {
                if !quiet {
                    eprintln!("numbrix: {rows}x{cols}: the time limit was reached while listing the solutions ({solutions} so far)");
                }
                status = 3;
            }
            Err(error) => return Err(into_error(error)),
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if args.format == CluesFormat::Markdown {
        answer.print(numbrix::clues::render::markdown(&researches))?;
    }
    Ok(status)
}

/// Exit status 2 for what cannot be researched: each message says why.
fn into_error(error: ResearchError) -> Error {
    match error {
        ResearchError::Input(input) => input.into(),
        ResearchError::Proof(error) => error,
        other => InputError::Usage(other.to_string()).into(),
    }
}
