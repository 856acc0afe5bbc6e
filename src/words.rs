//! Counts said as a person says them: "1 failure", "2 failures".

/// `count` followed by `one` or by `many`, as the count asks.
pub fn how_many(count: u64, one: &str, many: &str) -> String {
    match count {
        1 => format!("1 {one}"),
        _ => format!("{count} {many}"),
    }
}

#[cfg(test)]
mod tests {
    use super::how_many;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(how_many(1, "binary", "binaries"), "1 binary");
        assert_eq!(how_many(0, "binary", "binaries"), "0 binaries");
        assert_eq!(how_many(2, "row", "rows"), "2 rows");
    }
}
