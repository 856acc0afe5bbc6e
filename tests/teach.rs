//! The teaching commands on real boards: `export`, `model`, `solve --relax`,
//! and the atomic output file behind `-o` (`solve --svg` is in svg.rs).

use std::collections::HashMap;
use std::ffi::{CStr, CString};
use std::path::Path;

use numbrix::export::FileFormat;
use numbrix::{Backend, Formulation, Modelled, Options, Variant};

mod common;

use common::{board_at, json, numbrix, CLASSIC};

const HARD: &str = "examples/boards/hard_9x9.csv";
const TINY: &str = "examples/boards/tiny_2x3.csv";

/// A model file read and solved by HiGHS on its own (its C API, not the
/// crate's backend): the status and each column's value by name.
struct HighsReadBack {
    optimal: bool,
    columns: usize,
    rows: usize,
    integer_columns: usize,
    values: HashMap<String, f64>,
}

fn highs_read_back(path: &Path) -> HighsReadBack {
    let file = CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: one HiGHS instance, created and destroyed here; every buffer
    // is sized from the instance's own counts (names are at most 512 bytes).
    unsafe {
        let highs = highs_sys::Highs_create();
        highs_sys::Highs_setBoolOptionValue(highs, c"output_flag".as_ptr(), 0);
        let read = highs_sys::Highs_readModel(highs, file.as_ptr());
        assert_eq!(read, highs_sys::STATUS_OK, "HiGHS reads {}", path.display());
        let columns = highs_sys::Highs_getNumCol(highs) as usize;
        let rows = highs_sys::Highs_getNumRow(highs) as usize;
        highs_sys::Highs_run(highs);
        let optimal = highs_sys::Highs_getModelStatus(highs) == highs_sys::MODEL_STATUS_OPTIMAL;
        let mut col_value = vec![0.0; columns];
        let mut col_dual = vec![0.0; columns];
        let mut row_value = vec![0.0; rows];
        let mut row_dual = vec![0.0; rows];
        highs_sys::Highs_getSolution(
            highs,
            col_value.as_mut_ptr(),
            col_dual.as_mut_ptr(),
            row_value.as_mut_ptr(),
            row_dual.as_mut_ptr(),
        );
        let mut values = HashMap::new();
        let mut integer_columns = 0;
        for (column, value) in col_value.iter().enumerate() {
            let mut name = vec![0 as std::ffi::c_char; 1024];
            highs_sys::Highs_getColName(highs, column as _, name.as_mut_ptr());
            let name = CStr::from_ptr(name.as_ptr()).to_str().unwrap().to_string();
            values.insert(name, *value);
            let mut integrality = 0;
            highs_sys::Highs_getColIntegrality(highs, column as _, &mut integrality);
            if integrality == highs_sys::VAR_TYPE_INTEGER {
                integer_columns += 1;
            }
        }
        highs_sys::Highs_destroy(highs);
        HighsReadBack {
            optimal,
            columns,
            rows,
            integer_columns,
            values,
        }
    }
}

/// Exports the model in `format`, has HiGHS read and solve the file, and
/// decodes its answer with the crate's own model: the grid `solve` prints.
fn exported_file_solves_to_the_solve_grid(
    path: &str,
    formulation: Formulation,
    reduce: bool,
    format: FileFormat,
) {
    let board = board_at(path);
    // Without shaving, so that a reduced model keeps binaries to read back
    // (shaving decides the sparse 9x9 boards completely).
    let options = Options {
        variant: if reduce {
            Variant::UNSHAVED
        } else {
            Variant::Faithful
        },
        ..Options::new(formulation, Backend::Highs)
    };
    let Modelled::Model(text) = numbrix::export::export(&board, &options, format).unwrap() else {
        panic!("the board has a model")
    };
    let directory = tempfile::tempdir().unwrap();
    let file = directory
        .path()
        .join(format!("model.{}", format.extension()));
    std::fs::write(&file, &text).unwrap();

    let read_back = highs_read_back(&file);
    let Modelled::Model(prepared) = numbrix::solve::prepare(&board, &options).unwrap() else {
        panic!("the board has a model")
    };
    let model = prepared.model;
    assert!(read_back.optimal, "HiGHS solves the exported file");
    assert_eq!(read_back.columns, model.mip.vars.len());
    assert_eq!(read_back.rows, model.mip.rows.len());
    let binaries = model.mip.vars.iter().filter(|var| var.integer).count();
    assert_eq!(read_back.integer_columns, binaries, "binaries stay integer");
    let values: Vec<f64> = model
        .mip
        .vars
        .iter()
        .map(|var| read_back.values[&var.name.to_string()])
        .collect();
    let grid = model.decode(&values).expect("HiGHS's answer decodes");
    let solved = numbrix::solve(&board, &options).unwrap();
    assert_eq!(grid, solved.grid.unwrap().values());
}

#[test]
fn exported_lp_of_the_faithful_assignment_model_solves_to_the_solve_grid() {
    exported_file_solves_to_the_solve_grid(CLASSIC, Formulation::Assignment, false, FileFormat::Lp);
}

#[test]
fn exported_mps_of_the_faithful_assignment_model_solves_to_the_solve_grid() {
    exported_file_solves_to_the_solve_grid(
        CLASSIC,
        Formulation::Assignment,
        false,
        FileFormat::Mps,
    );
}

#[test]
fn exported_lp_of_the_reduced_mtz_model_solves_to_the_solve_grid() {
    exported_file_solves_to_the_solve_grid(CLASSIC, Formulation::Mtz, true, FileFormat::Lp);
}

#[test]
fn exported_mps_of_the_reduced_mtz_model_solves_to_the_solve_grid() {
    exported_file_solves_to_the_solve_grid(CLASSIC, Formulation::Mtz, true, FileFormat::Mps);
}

#[test]
fn exported_mps_of_a_reduced_strengthened_assignment_model_solves_to_the_solve_grid() {
    // Without shaving the reduction leaves 600 binaries and `prev` rows on this board.
    exported_file_solves_to_the_solve_grid(
        "examples/boards/scale/09x09_1.csv",
        Formulation::Assignment,
        true,
        FileFormat::Mps,
    );
}

#[test]
fn export_writes_the_same_bytes_every_time() {
    for format in ["lp", "mps"] {
        let args = [
            "export",
            CLASSIC,
            "--model",
            "mtz",
            "--faithful",
            "--format",
            format,
        ];
        let first = numbrix(&args);
        let second = numbrix(&args);
        assert!(first.status.success());
        assert!(!first.stdout.is_empty());
        assert_eq!(first.stdout, second.stdout, "{format}");
    }
}

#[test]
fn export_to_a_file_writes_what_it_prints() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("tiny.lp");
    let written = numbrix(&["export", TINY, "--faithful", "-o", path.to_str().unwrap()]);
    assert!(written.status.success());
    assert!(written.stdout.is_empty());
    let printed = numbrix(&["export", TINY, "--faithful"]);
    assert_eq!(std::fs::read(&path).unwrap(), printed.stdout);
    let names: Vec<_> = std::fs::read_dir(directory.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file is left beside it");
}

#[test]
fn export_into_a_missing_directory_exits_2_and_leaves_nothing() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("missing").join("model.lp");
    let output = numbrix(&["export", CLASSIC, "-o", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8(output.stderr).unwrap();
    assert_eq!(message.lines().count(), 1, "one line: {message}");
    assert!(message.contains("does not exist"), "{message}");
    assert!(!path.exists());
    assert_eq!(std::fs::read_dir(directory.path()).unwrap().count(), 0);
}

#[test]
fn model_lists_every_family_with_counts_that_sum_to_the_solve_row_count() {
    for (model, families) in [
        (
            "assignment",
            vec!["one_value", "one_cell", "next", "given", "prev"],
        ),
        ("mtz", vec!["out", "in", "mtz", "given", "order"]),
    ] {
        let scope = ["--faithful"];
        let summary = json(&numbrix(
            &[
                &["model", HARD, "--model", model, "--format", "json"][..],
                &scope[..],
            ]
            .concat(),
        ));
        // The row count is in the statistics whether or not the solve
        // finishes: a short limit keeps the faithful MTZ model quick.
        let solved = json(&numbrix(
            &[
                &[
                    "solve",
                    HARD,
                    "--model",
                    model,
                    "--format",
                    "json",
                    "--time-limit",
                    "1",
                ][..],
                &scope[..],
            ]
            .concat(),
        ));
        let listed: Vec<&str> = summary["equations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|family| family["family"].as_str().unwrap())
            .collect();
        assert_eq!(listed, families, "{model}");
        let sum: u64 = summary["equations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|family| family["count"].as_u64().unwrap())
            .sum();
        assert_eq!(
            sum,
            solved["stats"]["constraints"].as_u64().unwrap(),
            "{model}"
        );
        assert_eq!(sum, summary["total_rows"].as_u64().unwrap());
    }
}

#[test]
fn model_writes_out_one_concrete_row_per_family_present() {
    let output = numbrix(&["model", CLASSIC, "--faithful"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("e.g. next(1,1,1): x(2,1,2) + x(1,2,2) - x(1,1,1) >= 0"),
        "{text}"
    );
    assert!(text.contains("e.g. given(2,2): x(2,2,25) = 1"), "{text}");
    assert!(text.contains("one_value(i,j)"), "{text}");
}

#[test]
fn model_says_a_family_of_one_in_the_singular() {
    let output = common::numbrix_with_input(&["model", "-", "--faithful"], b".\n");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let family = |name: &str| {
        let line = text
            .lines()
            .find(|line| line.trim_start().starts_with(name));
        line.unwrap_or_else(|| panic!("no {name} in\n{text}"))
            .split_whitespace()
            .skip(1)
            .take(2)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(family("x(i,j,k)"), "1 variable");
    assert_eq!(family("one_value(i,j)"), "1 row");
    assert_eq!(family("next(i,j,k<T)"), "0 rows");
    assert!(text.contains("Total: 2 rows"), "{text}");
}

#[test]
fn relaxation_of_the_faithful_assignment_model_is_integral_on_the_classic_board() {
    let output = numbrix(&[
        "solve",
        CLASSIC,
        "--relax",
        "--faithful",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let report = json(&output);
    assert_eq!(report["status"], "solved");
    assert_eq!(report["objective"], 0.0);
    assert_eq!(report["binaries"], 6561);
    assert_eq!(report["fractional"], 0);
    assert_eq!(report["integral"], true);
    assert_eq!(report["valid_grid"], true);
    let solution = numbrix::Filled::read(Path::new("examples/boards/classic_9x9.solution.csv"))
        .expect("the solution file reads");
    let rows: Vec<Vec<u64>> = solution
        .values
        .chunks(solution.cols)
        .map(|row| row.iter().map(|value| value.unwrap()).collect())
        .collect();
    assert_eq!(report["grid"], serde_json::json!(rows));
}

#[test]
fn relaxation_of_the_faithful_mtz_model_is_fractional_and_no_grid() {
    let output = numbrix(&[
        "solve",
        CLASSIC,
        "--relax",
        "--faithful",
        "--model",
        "mtz",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let report = json(&output);
    assert_eq!(report["binaries"], 450);
    assert!(report["fractional"].as_u64().unwrap() > 0);
    assert_eq!(report["integral"], false);
    assert_eq!(report["valid_grid"], false);
    assert!(report["grid"].is_null());
    let named = report["most_fractional"][0]["name"].as_str().unwrap();
    assert!(named.starts_with("y("), "{named}");
}

#[test]
fn relaxation_report_for_people_counts_fractional_binaries() {
    let output = numbrix(&["solve", HARD, "--relax", "--faithful"]);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("LP relaxation of the faithful assignment model on highs"),
        "{text}"
    );
    assert!(text.contains("binaries fractional"), "{text}");
    assert!(text.contains("objective 0"), "{text}");
}

#[test]
fn a_relaxation_whose_time_the_reduction_and_build_used_up_says_its_lp_did_not_run() {
    let output = numbrix(&["solve", CLASSIC, "--relax", "--time-limit", "0"]);
    assert_eq!(output.status.code(), Some(3));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.ends_with(
            "time limit: the reduction and the build used the time up: the LP did not run\n"
        ),
        "{text}"
    );
}

#[test]
fn model_and_export_use_the_same_family_names() {
    for model in ["assignment", "mtz"] {
        let summary = json(&numbrix(&[
            "model",
            CLASSIC,
            "--faithful",
            "--model",
            model,
            "--format",
            "json",
        ]));
        let mut listed: Vec<String> = summary["equations"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|family| family["count"].as_u64().unwrap() > 0)
            .map(|family| family["family"].as_str().unwrap().to_string())
            .collect();
        let exported =
            String::from_utf8(numbrix(&["export", CLASSIC, "--faithful", "--model", model]).stdout)
                .unwrap();
        let mut written: Vec<String> = Vec::new();
        for line in exported.lines() {
            // Row lines: ` name(indices): terms`.
            if let Some((name, _)) = line
                .strip_prefix(' ')
                .and_then(|rest| rest.split_once("):"))
            {
                let family = name.split('(').next().unwrap().to_string();
                if !written.contains(&family) {
                    written.push(family);
                }
            }
        }
        listed.sort();
        written.sort();
        assert_eq!(listed, written, "{model}");
    }
}

#[test]
fn export_of_a_model_the_reduction_emptied_is_still_a_file_highs_reads() {
    // The reduction decides every cell of the classic board: no variables.
    let board = board_at(CLASSIC);
    let options = Options::new(Formulation::Assignment, Backend::Highs);
    let directory = tempfile::tempdir().unwrap();
    for format in [FileFormat::Lp, FileFormat::Mps] {
        let text = numbrix::export::export(&board, &options, format)
            .unwrap()
            .into_model()
            .unwrap();
        assert!(text.contains("the reduction decided every cell"), "{text}");
        let file = directory
            .path()
            .join(format!("empty.{}", format.extension()));
        std::fs::write(&file, &text).unwrap();
        let read_back = highs_read_back(&file);
        assert_eq!((read_back.columns, read_back.rows), (0, 0));
    }
}

#[test]
fn models_readme_shows_the_real_export_of_the_2x3_board() {
    let readme = std::fs::read_to_string("models/README.md").unwrap();
    let exported = numbrix(&["export", TINY, "--faithful"]);
    let text = String::from_utf8(exported.stdout).unwrap();
    assert!(
        readme.contains(&format!("```\n{text}```")),
        "models/README.md's listing differs from `numbrix export {TINY} --faithful`"
    );
}
