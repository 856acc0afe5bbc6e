//! What `compare` prints: the CSV columns docs/benchmarks.md lists, the
//! the plot, and nothing else with `--quiet`.

use numbrix::compare::CSV_COLUMNS;

use super::{compare_small_boards, SLOW_BOARD};
use crate::common::{self, board_file, numbrix, stdout};

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
