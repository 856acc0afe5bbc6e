//! Reading a filled grid from JSON: the answer `solve --format json` prints
//! (its `grid`), or a bare array of rows (`[[1,2],[4,3]]`, what `jq .grid`
//! gives), so that a script can pipe an answer into `check` as it came.
//!
//! The grid is read into the row-major cells of a [`Filled`] as it streams
//! by, one `Option<u64>` a cell, so that it is never held twice and a grid
//! of more than [`MAX_CELLS`] cells is refused while it is read.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::error::InputError;

use super::{Filled, MAX_CELLS};

/// Does this input look like JSON (after a byte-order mark and blanks)? A
/// board file never starts with `{` or `[`.
pub(super) fn is_json(text: &[u8]) -> bool {
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
    matches!(
        text.iter().find(|byte| !byte.is_ascii_whitespace()),
        Some(b'{' | b'[')
    )
}

/// Reads the grid of a JSON answer, or a bare array of rows.
pub(super) fn parse_filled(text: &[u8]) -> Result<Filled, InputError> {
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
    let mut deserializer = serde_json::Deserializer::from_slice(text);
    let found = Answer
        .deserialize(&mut deserializer)
        .and_then(|found| deserializer.end().map(|()| found))
        .map_err(json_error)?;
    match found {
        Found::Grid(filled) if filled.rows == 0 || filled.cols == 0 => Err(InputError::Empty),
        Found::Grid(filled) => Ok(filled),
        Found::NoGrid { status } => Err(InputError::NoGrid { status }),
        Found::NoGridField => Err(InputError::NoGridField),
    }
}

/// serde_json's message without the place it appends, and the place apart;
/// JSON cut short is said so, without a place past its end.
fn json_error(error: serde_json::Error) -> InputError {
    let message = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    let message = message
        .strip_suffix(&suffix)
        .unwrap_or(&message)
        .to_string();
    if error.is_eof() {
        return InputError::JsonCutShort { message };
    }
    InputError::Json {
        line: error.line(),
        column: error.column(),
        message,
    }
}

/// What the top of the JSON held.
enum Found {
    Grid(Filled),
    /// `"grid": null`, with the answer's `status` when it has one.
    NoGrid {
        status: Option<String>,
    },
    /// An object without a `grid`: some other JSON.
    NoGridField,
}

/// The whole input: an object with a `grid`, or the grid alone.
struct Answer;

impl<'de> DeserializeSeed<'de> for Answer {
    type Value = Found;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Found, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Answer {
    type Value = Found;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the answer of `solve --format json`, or an array of rows")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, rows: A) -> Result<Found, A::Error> {
        Rows.visit_seq(rows).map(Found::Grid)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut fields: A) -> Result<Found, A::Error> {
        let mut grid = None;
        let mut status = None;
        while let Some(key) = fields.next_key::<String>()? {
            match key.as_str() {
                "grid" if grid.is_some() => return Err(de::Error::duplicate_field("grid")),
                "grid" => grid = Some(fields.next_value_seed(MaybeRows)?),
                "status" => status = fields.next_value::<Option<String>>()?,
                _ => {
                    fields.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(match grid {
            Some(Some(filled)) => Found::Grid(filled),
            Some(None) => Found::NoGrid { status },
            None => Found::NoGridField,
        })
    }
}

/// A `grid` field: the rows, or `null` when the answer has no solution.
struct MaybeRows;

impl<'de> DeserializeSeed<'de> for MaybeRows {
    type Value = Option<Filled>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for MaybeRows {
    type Value = Option<Filled>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of rows, or null")
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(Rows).map(Some)
    }
}

/// The rows, each an array of the same length, read into one row-major
/// vector.
struct Rows;

impl<'de> Visitor<'de> for Rows {
    type Value = Filled;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of rows")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut rows: A) -> Result<Filled, A::Error> {
        let mut filled = Filled {
            rows: 0,
            cols: 0,
            values: Vec::new(),
        };
        while rows
            .next_element_seed(Row {
                filled: &mut filled,
            })?
            .is_some()
        {}
        Ok(filled)
    }
}

/// One row, appended to the cells read so far; its length must be the
/// first row's.
struct Row<'a> {
    filled: &'a mut Filled,
}

impl<'de> DeserializeSeed<'de> for Row<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Row<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a row: an array of values")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut values: A) -> Result<(), A::Error> {
        let filled = self.filled;
        let start = filled.values.len();
        while let Some(value) = values.next_element_seed(Value)? {
            if filled.values.len() == MAX_CELLS {
                return Err(de::Error::custom(format_args!(
                    "more than {MAX_CELLS} cells, the most a board can have"
                )));
            }
            filled.values.push(value);
        }
        let length = filled.values.len() - start;
        filled.rows += 1;
        if filled.rows == 1 {
            filled.cols = length;
        } else if length != filled.cols {
            return Err(de::Error::custom(format_args!(
                "row {} has {}, but row 1 has {} (every row needs the same number)",
                filled.rows,
                crate::words::how_many(length as u64, "value", "values"),
                filled.cols
            )));
        }
        Ok(())
    }
}

/// A cell: a positive integer, or `null` for an empty cell.
struct Value;

impl<'de> DeserializeSeed<'de> for Value {
    type Value = Option<u64>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<u64>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Value {
    type Value = Option<u64>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a positive integer, or null for an empty cell")
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Option<u64>, E> {
        Ok(Some(value))
    }

    /// JSON reads an integer past `u64` as a float: it is kept as a number
    /// too large, for the checker to name, as in CSV.
    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Option<u64>, E> {
        if value.fract() == 0.0 && value >= u64::MAX as f64 {
            Ok(Some(u64::MAX))
        } else {
            Err(de::Error::invalid_type(de::Unexpected::Float(value), &self))
        }
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<u64>, E> {
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(text: &str) -> String {
        parse_filled(text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn the_grid_of_an_answer_is_read_row_by_row() {
        let filled =
            parse_filled(br#"{"rows":2,"cols":2,"status":"solved","grid":[[1,2],[4,3]]}"#).unwrap();
        assert_eq!((filled.rows, filled.cols), (2, 2));
        assert_eq!(filled.values, [Some(1), Some(2), Some(4), Some(3)]);
    }

    #[test]
    fn a_bare_array_of_rows_is_a_grid_and_null_an_empty_cell() {
        let filled = parse_filled(b"\xEF\xBB\xBF [[1,null,3]]\n").unwrap();
        assert_eq!((filled.rows, filled.cols), (1, 3));
        assert_eq!(filled.values, [Some(1), None, Some(3)]);
    }

    #[test]
    fn an_answer_without_a_solution_says_its_status() {
        assert_eq!(
            error_of(r#"{"status":"infeasible","grid":null}"#),
            "the JSON answer holds no grid (status: infeasible)"
        );
    }

    #[test]
    fn json_without_a_grid_is_named() {
        assert_eq!(
            error_of(r#"{"solutions":552}"#),
            "the JSON has no `grid`: check reads the answer of `solve --format json`, or an array of rows"
        );
    }

    #[test]
    fn a_ragged_row_is_named_with_its_place() {
        assert_eq!(
            error_of("[[1,2],\n[3]]"),
            "line 2, character 3: row 2 has 1 value, but row 1 has 2 (every row needs the same number) (in JSON)"
        );
    }

    #[test]
    fn a_value_that_is_no_positive_integer_is_named_with_its_place() {
        assert_eq!(
            error_of("[[1,-2]]"),
            "line 1, character 6: invalid type: integer `-2`, expected a positive integer, or null for an empty cell (in JSON)"
        );
        assert_eq!(
            error_of(r#"{"grid":[[1,"2"]]}"#),
            r#"line 1, character 15: invalid type: string "2", expected a positive integer, or null for an empty cell (in JSON)"#
        );
    }

    #[test]
    fn json_cut_short_is_said_so() {
        assert_eq!(
            error_of("{\"grid\":[[1,2],[3,4]\n"),
            "the JSON ends too soon: EOF while parsing a list"
        );
    }

    #[test]
    fn an_integer_past_u64_is_a_number_too_large_and_a_fraction_no_value() {
        let filled = parse_filled(b"[[1,18446744073709551616]]").unwrap();
        assert_eq!(filled.values, [Some(1), Some(u64::MAX)]);
        assert_eq!(
            error_of("[[1.5]]"),
            "line 1, character 5: invalid type: floating point `1.5`, expected a positive integer, or null for an empty cell (in JSON)"
        );
    }

    #[test]
    fn text_after_the_json_is_refused() {
        assert!(error_of("[[1]] [[2]]").contains("trailing characters"));
    }

    #[test]
    fn an_empty_grid_is_refused() {
        assert_eq!(error_of("[]"), "no rows: the board is empty");
        assert_eq!(error_of("[[]]"), "no rows: the board is empty");
    }
}
