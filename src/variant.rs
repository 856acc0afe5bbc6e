//! Which version of a formulation is built: the faithful model, or the model
//! over the reduced domains, with or without shaving and the tightening rows.
//!
//! One value says it everywhere: [`crate::Options`] holds one, `compare` runs
//! a list of them, and reports print [`Variant::name`].

use std::fmt;
use std::str::FromStr;

/// The model variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Exactly the formulation's model on its models/ page: every variable
    /// and the `given` rows, no reduction.
    Faithful,
    /// Built over the domains the reduction leaves (models/reduction.md).
    Reduced {
        /// Run shaving and learn nogoods (rules 6 and 7); without them the
        /// reduction stops at rules 1-5 and the solver has more to do.
        shave: bool,
        /// Add the valid but redundant rows that tighten the LP relaxation
        /// (`prev` for the assignment model, `order` for MTZ).
        strengthen: bool,
    },
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::REDUCED
    }
}

impl Variant {
    /// The full reduction with the tightening rows: what `solve` builds.
    pub const REDUCED: Variant = Variant::Reduced {
        shave: true,
        strengthen: true,
    };

    /// Rules 1-5 only: the reduced model on which the solver still works.
    pub const UNSHAVED: Variant = Variant::Reduced {
        shave: false,
        strengthen: true,
    };

    /// The variants `compare` offers by name, in the order it lists them.
    pub const NAMED: [Variant; 3] = [Variant::Faithful, Variant::UNSHAVED, Variant::REDUCED];

    /// Is the model built over reduced domains?
    pub fn is_reduced(self) -> bool {
        matches!(self, Variant::Reduced { .. })
    }

    /// Does the reduction shave (rules 6 and 7)?
    pub fn shaves(self) -> bool {
        matches!(self, Variant::Reduced { shave: true, .. })
    }

    /// Are the tightening rows added?
    pub fn strengthens(self) -> bool {
        matches!(
            self,
            Variant::Reduced {
                strengthen: true,
                ..
            }
        )
    }

    /// `faithful`, `reduced`, or `reduced` followed by `-no-shave` and
    /// `-no-strengthen` for what it leaves out (the `solve` flags' names).
    pub fn name(self) -> &'static str {
        match self {
            Variant::Faithful => "faithful",
            Variant::Reduced {
                shave: true,
                strengthen: true,
            } => "reduced",
            Variant::Reduced {
                shave: false,
                strengthen: true,
            } => "reduced-no-shave",
            Variant::Reduced {
                shave: true,
                strengthen: false,
            } => "reduced-no-strengthen",
            Variant::Reduced {
                shave: false,
                strengthen: false,
            } => "reduced-no-shave-no-strengthen",
        }
    }

    /// `faithful` or `reduced`, for sentences and file names.
    pub fn kind(self) -> &'static str {
        match self {
            Variant::Faithful => "faithful",
            Variant::Reduced { .. } => "reduced",
        }
    }

    /// The scope, in words, as `model` and `--relax` print it.
    pub fn describe(self) -> &'static str {
        match self {
            Variant::Faithful => "faithful",
            Variant::Reduced {
                strengthen: true, ..
            } => "reduced (strengthened)",
            Variant::Reduced {
                strengthen: false, ..
            } => "reduced",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;

    fn from_str(text: &str) -> Result<Variant, String> {
        let all = [
            Variant::Faithful,
            Variant::REDUCED,
            Variant::UNSHAVED,
            Variant::Reduced {
                shave: true,
                strengthen: false,
            },
            Variant::Reduced {
                shave: false,
                strengthen: false,
            },
        ];
        all.into_iter()
            .find(|variant| variant.name() == text.trim())
            .ok_or_else(|| {
                let names: Vec<&str> = all.iter().map(|variant| variant.name()).collect();
                format!("'{text}' is not a model variant ({})", names.join(", "))
            })
    }
}

impl serde::Serialize for Variant {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_variant() {
        for shave in [true, false] {
            for strengthen in [true, false] {
                let variant = Variant::Reduced { shave, strengthen };
                assert_eq!(variant.name().parse(), Ok(variant));
            }
        }
        assert_eq!("faithful".parse(), Ok(Variant::Faithful));
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let error = "reduce".parse::<Variant>().unwrap_err();
        assert_eq!(
            error,
            "'reduce' is not a model variant (faithful, reduced, reduced-no-shave, \
             reduced-no-strengthen, reduced-no-shave-no-strengthen)"
        );
    }
}
