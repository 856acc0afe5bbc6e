//! What a solve or a count is doing, told as it goes: a progress display
//! shows it, since either can spend seconds in any of its stages.

use std::fmt;

use crate::backend::Backend;
use crate::words::how_many;

/// A stage of a solve, as [`solve_with`](super::solve_with) enters it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The prechecks and rules 1-5 of the reduction.
    Reducing,
    /// Shaving (rules 6-7), or its first trials as a sample.
    Shaving,
    /// Deep shaving (rule 8), where shaving left a tight board undecided.
    DeepShaving,
    /// The search, with the nodes it has visited and the solutions it has
    /// found so far (told again every few thousand nodes).
    Searching { nodes: u64, solutions: u64 },
    /// Building the model.
    Building,
    /// HiGHS or CBC, on a first solution or, after the no-good cut, on the
    /// uniqueness question.
    Solving { backend: Backend, unique: bool },
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Phase::Reducing => write!(f, "reducing"),
            Phase::Shaving => write!(f, "shaving"),
            Phase::DeepShaving => write!(f, "deep shaving"),
            Phase::Searching { nodes, solutions } => {
                write!(
                    f,
                    "searching: {}, {}",
                    how_many(*nodes, "node", "nodes"),
                    how_many(*solutions, "solution", "solutions")
                )
            }
            Phase::Building => write!(f, "building the model"),
            Phase::Solving {
                backend,
                unique: false,
            } => write!(f, "{backend} looking for a solution"),
            Phase::Solving {
                backend,
                unique: true,
            } => write!(f, "{backend} looking for a second solution"),
        }
    }
}

/// How far a count has got, as
/// [`count_solutions_with`](super::count_solutions_with) tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counting {
    /// The solutions found so far (by the search, or by the no-good loop).
    Found(u64),
    /// The frontier program's rows done, of its rows: it finds no solution
    /// before its last cell (a board whose only clues are 1 and T).
    Rows { done: usize, of: usize },
}

impl fmt::Display for Counting {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Counting::Found(solutions) => {
                f.write_str(&how_many(*solutions, "solution", "solutions"))
            }
            Counting::Rows { done, of } => {
                let rows = how_many(*of as u64, "row", "rows");
                write!(f, "counting every path row by row: {done} of {rows}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Counting;

    #[test]
    fn a_count_row_by_row_names_its_rows_in_the_singular_or_plural() {
        let one = Counting::Rows { done: 1, of: 1 };
        assert_eq!(
            one.to_string(),
            "counting every path row by row: 1 of 1 row"
        );
        let twelve = Counting::Rows { done: 3, of: 12 };
        assert_eq!(
            twelve.to_string(),
            "counting every path row by row: 3 of 12 rows"
        );
    }
}
