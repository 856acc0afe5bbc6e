//! `numbrix compare`: every board x model x solver is measured, the numbers
//! agree with `solve`, the outputs parse, and nothing stops the run.

use std::collections::BTreeSet;
use std::process::Output;

use numbrix::compare::{board_files, CSV_COLUMNS};
use serde_json::Value;

mod common;

use common::{board_file, json, numbrix, stdout};

/// Two boards every model and solver settles in seconds.
const SMALL_BOARDS: [&str; 2] = [
    "examples/boards/classic_9x9.csv",
    "examples/boards/scale/06x06_1.csv",
];

/// A 12x12 board whose faithful MTZ model HiGHS cannot solve in a fraction
/// of a second (it needs minutes).
const SLOW_BOARD: &str = "examples/boards/scale/12x12_1.csv";

/// `compare` over the two small boards with both models and both solvers.
fn compare_small_boards(format: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "compare",
        SMALL_BOARDS[0],
        SMALL_BOARDS[1],
        "--models",
        "assignment,mtz",
        "--solvers",
        "highs,cbc",
        "--unique",
        "--format",
        format,
    ];
    args.extend_from_slice(extra);
    numbrix(&args)
}

#[test]
fn compare_lists_every_board_model_and_solver() {
    let output = compare_small_boards("json", &[]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = json(&output);
    let measurements = report["measurements"].as_array().expect("measurements");
    let seen: BTreeSet<(String, String, String)> = measurements
        .iter()
        .map(|row| {
            (
                row["board"].as_str().unwrap().to_string(),
                row["model"].as_str().unwrap().to_string(),
                row["solver"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(measurements.len(), 8);
    for board in SMALL_BOARDS {
        for model in ["assignment", "mtz"] {
            for solver in ["highs", "cbc"] {
                let key = (board.to_string(), model.to_string(), solver.to_string());
                assert!(seen.contains(&key), "missing {key:?}");
            }
        }
    }
    for row in measurements {
        assert_eq!(row["status"], "solved", "{row}");
        assert_eq!(row["unique"], true, "{row}");
    }
    let summary = report["summary"].as_array().expect("summary");
    assert_eq!(summary.len(), 4);
    for line in summary {
        assert_eq!(line["boards"], 2);
        assert_eq!(line["solved"], 2);
        assert_eq!(line["unique"], 2);
    }
}

#[test]
fn compare_numbers_match_solve_json_for_the_same_board() {
    let output = compare_small_boards("json", &[]);
    let report = json(&output);
    for row in report["measurements"].as_array().expect("measurements") {
        let board = row["board"].as_str().unwrap();
        let model = row["model"].as_str().unwrap();
        let solver = row["solver"].as_str().unwrap();
        let solved = numbrix(&[
            "solve",
            board,
            "--model",
            model,
            "--solver",
            solver,
            "--unique",
            "--format",
            "json",
            // compare measures HiGHS and CBC without the search ahead of them.
            "--search-budget",
            "0",
        ]);
        let single = json(&solved);
        let context = format!("{board} {model} {solver}");
        assert_eq!(row["status"], single["status"], "{context}");
        assert_eq!(row["unique"], single["unique"], "{context}");
        for size in ["variables", "constraints", "nonzeros"] {
            assert_eq!(row[size], single["stats"][size], "{context}: {size}");
        }
    }
}

/// The columns docs/benchmarks.md lists under "CSV and JSON columns", in
/// the order it lists them.
fn documented_columns() -> Vec<String> {
    let text = std::fs::read_to_string(common::root().join("docs/benchmarks.md")).unwrap();
    let section = text
        .split("## CSV and JSON columns")
        .nth(1)
        .expect("the section")
        .split("\n## ")
        .next()
        .unwrap();
    let mut columns = Vec::new();
    for line in section.lines().filter(|line| line.starts_with("| `")) {
        let first_cell = line.split('|').nth(1).unwrap();
        columns.extend(first_cell.split('`').skip(1).step_by(2).map(String::from));
    }
    columns
}

/// A 2x3 board with only the clue 1 in a corner: three solutions, which
/// the search finds and the reduction does not decide.
const CORNER: &str = "1,,\n,,\n";

#[test]
fn csv_has_the_documented_header() {
    let output = numbrix(&[
        "compare",
        "examples/boards/tiny_2x3.csv",
        "--models",
        "assignment",
        "--solvers",
        "highs",
        "--format",
        "csv",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = stdout(&output);
    let header: Vec<String> = text
        .lines()
        .next()
        .unwrap()
        .split(',')
        .map(String::from)
        .collect();
    assert_eq!(header, documented_columns());
    assert_eq!(header, CSV_COLUMNS);
}

#[test]
fn compare_csv_has_a_line_per_run_with_numbers_where_they_exist() {
    let output = compare_small_boards("csv", &[]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = stdout(&output);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("a header")
        .iter()
        .map(String::from)
        .collect();
    let records: Vec<csv::StringRecord> = reader
        .records()
        .collect::<Result<_, _>>()
        .expect("every line parses");
    assert_eq!(records.len(), 8);
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    for record in &records {
        assert_eq!(&record[column("status")], "solved");
        let rows: usize = record[column("rows")].parse().unwrap();
        let cols: usize = record[column("cols")].parse().unwrap();
        assert_eq!(
            record[column("cells")].parse::<usize>().unwrap(),
            rows * cols
        );
        record[column("variables")]
            .parse::<u64>()
            .expect("variables is a count");
        record[column("solve_ms")]
            .parse::<f64>()
            .expect("solve_ms is a number");
        let nodes = &record[column("nodes")];
        // With no variables left after the reduction no solver runs: 0 nodes.
        if &record[column("solver")] == "cbc" && &record[column("variables")] != "0" {
            assert_eq!(nodes, "", "CBC exposes no node count: empty, not 0");
        } else {
            nodes.parse::<u64>().expect("HiGHS reports its nodes");
        }
    }
}

#[test]
fn csv_says_who_found_the_solution_and_whether_a_model_was_built() {
    let dir = tempfile::tempdir().unwrap();
    let corner = board_file(dir.path(), "corner.csv", CORNER);
    let output = numbrix(&[
        "compare",
        corner.to_str().unwrap(),
        "--models",
        "assignment",
        "--solvers",
        "highs,search",
        "--unique",
        "--format",
        "csv",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = stdout(&output);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let (highs, search) = (&records[0], &records[1]);
    assert_eq!(&highs[column("solver")], "highs");
    assert_eq!(&highs[column("model_built")], "true");
    assert_eq!(&highs[column("found_by")], "solver");
    assert_eq!(&highs[column("unique_decided_by")], "solver");
    assert_eq!(
        &highs[column("search_nodes")],
        "",
        "no search ahead of HiGHS"
    );
    assert_eq!(&search[column("solver")], "search");
    assert_eq!(&search[column("unique")], "false");
    assert_eq!(&search[column("model_built")], "false");
    assert_eq!(&search[column("variables")], "", "no model, no size");
    assert_eq!(&search[column("found_by")], "search");
    assert_eq!(&search[column("unique_decided_by")], "search");
    // The corner board is small and tight: the search by propagation
    // settles it, and its decisions are counted apart from the fill's nodes.
    let decisions: u64 = search[column("search_decisions")].parse().unwrap();
    assert!(decisions > 0);
    assert_eq!(&search[column("search_nodes")], "0");
}

#[test]
fn a_search_budget_puts_the_search_ahead_of_each_mip_solver_as_in_solve() {
    let output = numbrix(&[
        "compare",
        "examples/boards/not_unique_9x9.csv",
        "--models",
        "assignment",
        "--solvers",
        "highs,cbc",
        "--unique",
        "--search-budget",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = json(&output);
    let rows = report["measurements"].as_array().expect("measurements");
    assert_eq!(rows.len(), 2);
    for row in rows {
        let solver = row["solver"].as_str().unwrap();
        assert_eq!(row["unique"], false, "{solver}");
        assert_eq!(row["found_by"], "search", "{solver}");
        assert_eq!(row["unique_decided_by"], "search", "{solver}");
        assert_eq!(row["model_built"], false, "{solver}");
        assert!(row["search_decisions"].as_u64().unwrap() > 0, "{solver}");
    }
}

#[test]
fn search_runs_once_per_board() {
    // The reduction decides classic_9x9 on its own; the search used to be
    // run with the MTZ model there too, and failed.
    let output = numbrix(&[
        "compare",
        SMALL_BOARDS[0],
        SMALL_BOARDS[1],
        "--models",
        "assignment,mtz",
        "--solvers",
        "search",
        "--both",
        "--unique",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = json(&output);
    let measurements = report["measurements"].as_array().unwrap();
    let boards: Vec<&str> = measurements
        .iter()
        .map(|row| row["board"].as_str().unwrap())
        .collect();
    assert_eq!(boards, SMALL_BOARDS);
    for row in measurements {
        assert_eq!(row["solver"], "search", "{row}");
        assert_eq!(row["model"], Value::Null, "{row}");
        assert_eq!(row["variant"], Value::Null, "{row}");
        assert_eq!(row["status"], "solved", "{row}");
        assert_eq!(row["unique"], true, "{row}");
    }
    let summary = report["summary"].as_array().unwrap();
    assert_eq!(summary.len(), 1);
    assert_eq!(summary[0]["model"], Value::Null);
    assert_eq!(summary[0]["boards"], 2);
}

#[test]
fn search_row_shows_dashes_for_model_and_variant_in_the_table() {
    let output = numbrix(&[
        "compare",
        "examples/boards/tiny_2x3.csv",
        "--models",
        "assignment,mtz",
        "--solvers",
        "highs,search",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = stdout(&output);
    let runs: Vec<Vec<&str>> = text
        .lines()
        .take_while(|line| !line.is_empty())
        .skip(2)
        .map(|line| line.split_whitespace().collect())
        .collect();
    let setups: Vec<(&str, &str, &str)> = runs.iter().map(|f| (f[2], f[3], f[4])).collect();
    assert_eq!(
        setups,
        [
            ("assignment", "highs", "reduced"),
            ("-", "search", "-"),
            ("mtz", "highs", "reduced"),
        ],
        "{text}"
    );
}

#[test]
fn variants_flag_selects_variants() {
    let output = numbrix(&[
        "compare",
        "examples/boards/tiny_2x3.csv",
        "--models",
        "mtz",
        "--solvers",
        "highs",
        "--variants",
        "faithful,reduced-no-shave",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report = json(&output);
    let variants: Vec<&str> = report["measurements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["variant"].as_str().unwrap())
        .collect();
    assert_eq!(variants, ["faithful", "reduced-no-shave"]);
}

#[test]
fn variants_flag_refuses_an_unknown_variant() {
    let output = numbrix(&[
        "compare",
        "examples/boards/tiny_2x3.csv",
        "--variants",
        "faithful,reduce",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(
        common::stderr(&output).contains("'reduce' is not a model variant"),
        "{output:?}"
    );
}

#[test]
fn variants_flag_does_not_go_with_both() {
    let output = numbrix(&[
        "compare",
        "examples/boards/tiny_2x3.csv",
        "--both",
        "--variants",
        "faithful",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}

#[test]
fn plot_into_a_missing_directory_fails_before_any_solve() {
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("no/such/folder/compare.svg");
    let output = numbrix(&[
        "compare",
        SLOW_BOARD,
        "--faithful",
        "--models",
        "mtz",
        "--solvers",
        "highs",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "nothing was solved or printed");
    let stderr = common::stderr(&output);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("does not exist"), "{stderr}");
}

#[test]
fn compare_table_aligns_columns_and_dashes_what_cbc_does_not_report() {
    let output = compare_small_boards("table", &[]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("board"), "{text}");
    let nodes_end = lines[0].find("nodes").unwrap() + "nodes".len();
    let runs = &lines[2..10];
    for line in runs {
        assert!(
            line.starts_with("classic_9x9 ") || line.starts_with("06x06_1 "),
            "{line}"
        );
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (variables, nodes) = (fields[7], fields[15]);
        assert!(
            line[..nodes_end].ends_with(nodes),
            "numbers end under their header: {line}"
        );
        // With no variables left after the reduction no solver runs: 0 nodes.
        if fields[3] == "cbc" && variables != "0" {
            assert_eq!(nodes, "-", "CBC exposes no node count: {line}");
        } else {
            nodes.parse::<u64>().expect("a node count");
        }
    }
    assert!(text.contains("median ms"), "the summary follows: {text}");
}

#[test]
fn compare_plot_is_well_formed_svg_with_one_series_per_model_and_solver() {
    let dir = tempfile::tempdir().unwrap();
    let svg_path = dir.path().join("compare.svg");
    let output = compare_small_boards("csv", &["--plot", svg_path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let svg = std::fs::read_to_string(&svg_path).expect("the SVG was written");

    let mut reader = quick_xml::Reader::from_str(&svg);
    let mut texts = Vec::new();
    let mut in_text = false;
    let mut root = None;
    loop {
        match reader.read_event().expect("well-formed XML") {
            quick_xml::events::Event::Start(element) => {
                let name = String::from_utf8(element.name().as_ref().to_vec()).unwrap();
                root.get_or_insert(name.clone());
                in_text = name == "text";
            }
            quick_xml::events::Event::Text(text) if in_text => {
                texts.push(text.unescape().unwrap().trim().to_string());
            }
            quick_xml::events::Event::End(_) => in_text = false,
            quick_xml::events::Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(root.as_deref(), Some("svg"));
    let series: Vec<&String> = texts
        .iter()
        .filter(|text| text.starts_with("assignment / ") || text.starts_with("mtz / "))
        .collect();
    assert_eq!(series.len(), 4, "legend entries: {series:?}");
    for model in ["assignment", "mtz"] {
        for solver in ["highs", "cbc"] {
            let label = format!("{model} / {solver} / reduced");
            assert_eq!(
                texts.iter().filter(|text| **text == label).count(),
                1,
                "one series {label}"
            );
        }
    }
    assert!(
        texts.iter().any(|text| text.contains("total time")),
        "a title and y axis"
    );
    assert!(
        texts.iter().any(|text| text.contains("board cells")),
        "an x axis label"
    );
}

#[test]
fn compare_goes_on_past_a_time_limit_and_an_infeasible_board() {
    let dir = tempfile::tempdir().unwrap();
    // 1 and 2 two steps apart: the prechecks refute it.
    let infeasible = board_file(dir.path(), "infeasible.csv", "1,,2\n,,\n,,\n");
    let output = numbrix(&[
        "compare",
        infeasible.to_str().unwrap(),
        SLOW_BOARD,
        SMALL_BOARDS[0],
        "--faithful",
        "--models",
        "mtz",
        "--solvers",
        "highs",
        "--time-limit",
        "0.2",
        "--format",
        "json",
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "limits and infeasibility are results: {output:?}"
    );
    let report = json(&output);
    let measurements = report["measurements"].as_array().unwrap();
    assert_eq!(measurements.len(), 3);
    assert_eq!(measurements[0]["status"], "infeasible");
    assert_eq!(
        measurements[0]["variables"],
        Value::Null,
        "no model was built"
    );
    assert_eq!(measurements[0]["model_built"], false);
    assert_eq!(measurements[1]["status"], "time_limit");
    assert_eq!(measurements[1]["stopped_in"], "solve");
    assert_eq!(measurements[2]["board"], SMALL_BOARDS[0], "the run went on");
    assert_eq!(report["summary"][0]["infeasible"], 1);
    assert!(report["summary"][0]["time_limit"].as_u64().unwrap() >= 1);
}

#[test]
fn compare_table_shows_time_limit_and_infeasible_statuses() {
    let dir = tempfile::tempdir().unwrap();
    let infeasible = board_file(dir.path(), "infeasible.csv", "1,,2\n,,\n,,\n");
    let output = numbrix(&[
        "compare",
        infeasible.to_str().unwrap(),
        SLOW_BOARD,
        "--faithful",
        "--models",
        "mtz",
        "--solvers",
        "highs",
        "--time-limit",
        "0.2",
    ]);
    let text = stdout(&output);
    let line_of = |board: &str| text.lines().find(|line| line.starts_with(board)).unwrap();
    assert!(line_of("infeasible").contains(" infeasible "), "{text}");
    assert!(line_of("12x12_1").contains(" time_limit "), "{text}");
}

#[test]
fn compare_reports_an_unreadable_board_as_failed_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let ragged = board_file(dir.path(), "ragged.csv", "1,2\n3\n");
    let output = numbrix(&[
        "compare",
        ragged.to_str().unwrap(),
        SMALL_BOARDS[0],
        "--models",
        "assignment",
        "--solvers",
        "highs",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(2), "a bad board fails the run");
    let report = json(&output);
    let measurements = report["measurements"].as_array().unwrap();
    assert_eq!(measurements[0]["status"], "failed");
    assert!(measurements[0]["message"]
        .as_str()
        .unwrap()
        .contains("line 2"));
    assert_eq!(
        measurements[1]["status"], "solved",
        "the next board still runs"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("FAILED"), "loud on stderr: {stderr}");
}

#[test]
fn an_unreadable_board_is_named_once_in_its_error_line() {
    let dir = tempfile::tempdir().unwrap();
    let ragged = board_file(dir.path(), "ragged.csv", "1,2\n3\n");
    let name = ragged.to_str().unwrap();
    let output = numbrix(&[
        "compare",
        name,
        "--models",
        "assignment",
        "--solvers",
        "highs",
    ]);
    let stderr = common::stderr(&output);
    let line = stderr.lines().find(|line| line.contains("FAILED")).unwrap();
    assert_eq!(line.matches(name).count(), 1, "{line}");
    assert!(line.contains("line 2"), "{line}");
}

#[test]
fn compare_quiet_prints_only_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let ragged = board_file(dir.path(), "ragged.csv", "1,2\n3\n");
    let output = numbrix(&[
        "-q",
        "compare",
        ragged.to_str().unwrap(),
        "--models",
        "assignment",
        "--solvers",
        "highs",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout(&output).contains("FAILED"),
        "the table still says so"
    );
}

#[test]
fn a_folder_means_its_boards_sorted_without_solution_files() {
    let folder = tempfile::tempdir().unwrap();
    for name in ["b_9x9.csv", "a_6x6.csv", "a_6x6.solution.csv", "notes.txt"] {
        std::fs::write(folder.path().join(name), "1,2\n4,3\n").unwrap();
    }
    let files = board_files(&[folder.path().to_path_buf()]).unwrap();
    let names: Vec<&str> = files
        .iter()
        .map(|path| path.file_name().unwrap().to_str().unwrap())
        .collect();
    assert_eq!(names, ["a_6x6.csv", "b_9x9.csv"]);
}

#[test]
fn the_search_rows_start_from_the_seed_asked_for() {
    // 16x16 with 8 clues of a random path: many solutions, and the nodes
    // the search takes to two of them differ from seed to seed.
    let dir = tempfile::tempdir().unwrap();
    let board = numbrix::generate::Puzzle::generate(16, 16, 8, 7).board;
    let path = board_file(dir.path(), "loose_16x16.csv", &board.to_csv());
    let path = path.to_str().unwrap();
    let search_row = |seed: &str| {
        let args = ["compare", path, "--solvers", "search", "--unique"];
        let output = numbrix(&[&args[..], &["--seed", seed, "--format", "json"]].concat());
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let report = json(&output);
        assert_eq!(report["seed"], seed.parse::<u64>().unwrap());
        let row = report["measurements"][0].clone();
        assert_eq!(
            (&row["status"], &row["unique"]),
            (&"solved".into(), &false.into())
        );
        row["search_nodes"].as_u64().unwrap()
    };
    assert_ne!(search_row("0"), search_row("1"));
}

#[test]
fn a_cbc_time_limit_spent_waiting_for_a_run_left_behind_is_said_on_stderr() {
    // CBC solves the root LP of 30x30_1's faithful assignment model (810,000
    // columns) for minutes past a 1-s limit; the classic board, seconds
    // faster alone, then waits for CBC behind it.
    let output = numbrix(&[
        "compare",
        "examples/boards/scale/30x30_1.csv",
        "examples/boards/classic_9x9.csv",
        "--models",
        "assignment",
        "--solvers",
        "cbc",
        "--variants",
        "faithful",
        "--search-budget",
        "0",
        "--time-limit",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", common::stderr(&output));
    let statuses: Vec<Value> = json(&output)["measurements"]
        .as_array()
        .expect("measurements")
        .iter()
        .map(|run| run["status"].clone())
        .collect();
    assert_eq!(statuses, ["time_limit", "time_limit"]);
    let warnings: Vec<String> = common::stderr(&output)
        .lines()
        .filter(|line| line.contains("WARN"))
        .map(String::from)
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].ends_with(
        "CBC reached its time limit while a run left behind at an earlier limit still held it \
         (CBC solves one model at a time): that time may have been all waiting"
    ));
}
