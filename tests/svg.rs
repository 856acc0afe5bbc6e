//! `solve --svg`: the picture of the path, drawn from the checked answer,
//! and written whole or not at all.

mod common;

use common::{board_at, numbrix, CLASSIC};

fn attribute(element: &quick_xml::events::BytesStart, name: &[u8]) -> String {
    element
        .try_get_attribute(name)
        .unwrap()
        .map(|value| value.unescape_value().unwrap().into_owned())
        .unwrap_or_default()
}

/// The elements of an SVG file: (tag, class, font-weight, text inside).
fn svg_elements(text: &str) -> Vec<(String, String, String, String)> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(text);
    let mut elements: Vec<(String, String, String, String)> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    loop {
        match reader.read_event().expect("the SVG is well-formed XML") {
            Event::Empty(element) => {
                let tag = String::from_utf8(element.name().as_ref().to_vec()).unwrap();
                let class = attribute(&element, b"class");
                let weight = attribute(&element, b"font-weight");
                elements.push((tag, class, weight, String::new()));
            }
            Event::Start(element) => {
                let tag = String::from_utf8(element.name().as_ref().to_vec()).unwrap();
                let class = attribute(&element, b"class");
                let weight = attribute(&element, b"font-weight");
                elements.push((tag, class, weight, String::new()));
                open.push(elements.len() - 1);
            }
            Event::End(_) => {
                open.pop();
            }
            Event::Text(content) => {
                if let Some(&index) = open.last() {
                    elements[index].3.push_str(&content.unescape().unwrap());
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    elements
}

#[test]
fn svg_draws_the_path_as_t_minus_1_segments_with_the_clues_in_bold() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("classic.svg");
    let output = numbrix(&["solve", CLASSIC, "-q", "--svg", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    let text = std::fs::read_to_string(&path).unwrap();
    let elements = svg_elements(&text);
    assert_eq!(elements[0].0, "svg");
    let steps = elements
        .iter()
        .filter(|(tag, class, ..)| tag == "line" && class == "step")
        .count();
    assert_eq!(steps, 80, "T - 1 segments on a 9x9 board");
    let board = board_at(CLASSIC);
    let mut clues: Vec<String> = elements
        .iter()
        .filter(|(tag, class, ..)| tag == "text" && class == "clue")
        .map(|(_, _, weight, content)| {
            assert_eq!(weight, "bold");
            content.clone()
        })
        .collect();
    let mut expected: Vec<String> = board.clues().map(|(_, value)| value.to_string()).collect();
    clues.sort();
    expected.sort();
    assert_eq!(clues, expected);
    let others = elements
        .iter()
        .filter(|(tag, class, weight, _)| tag == "text" && class == "value" && weight != "bold")
        .count();
    assert_eq!(others, 81 - board.clue_count());
    assert!(elements.iter().any(|(_, class, ..)| class == "start"));
    assert!(elements.iter().any(|(_, class, ..)| class == "end"));
}

#[test]
fn svg_into_a_missing_directory_exits_2_and_leaves_nothing() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("missing").join("classic.svg");
    let output = numbrix(&["solve", CLASSIC, "-q", "--svg", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        output.stdout.is_empty(),
        "no answer printed without its picture"
    );
    assert!(!path.exists());
    assert_eq!(std::fs::read_dir(directory.path()).unwrap().count(), 0);
}
