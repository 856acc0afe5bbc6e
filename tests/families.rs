//! Each formulation's models/ page and its code list the same families: the
//! table "Which Rust function builds what" names, in its first column, the
//! variable families and then the equation families in the order they are
//! built, exactly as `FAMILIES` and `VARIABLES` do.

use numbrix::Formulation;

mod common;

/// The family names in the first column of the page's builder table:
/// `one_value(i,j)` gives `one_value`, `y(a,b), u(c)` gives `y` and `u`.
fn families_on_page(formulation: Formulation) -> Vec<String> {
    let path = common::root().join(format!("models/{formulation}.md"));
    let page = std::fs::read_to_string(&path).expect("every formulation has a models/ page");
    let section = page
        .split("\n## ")
        .find(|section| section.starts_with("Which Rust function builds what"))
        .unwrap_or_else(|| panic!("{} has no builder table", path.display()));
    section
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|')) // the first table only
        .skip(2) // its header and rule
        .flat_map(|line| {
            let first = line.split('|').nth(1).unwrap_or("").trim().to_string();
            first
                .split(", ")
                .map(|entry| entry.split('(').next().unwrap_or("").trim().to_string())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn every_formulation_lists_the_families_its_models_page_lists() {
    for formulation in Formulation::ALL {
        let in_code: Vec<&str> = formulation
            .variables()
            .iter()
            .chain(formulation.families())
            .map(|family| family.name)
            .collect();
        assert_eq!(
            families_on_page(formulation),
            in_code,
            "models/{formulation}.md against the code"
        );
    }
}
