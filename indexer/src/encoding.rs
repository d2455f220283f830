//! Columns in other units. codemap counts columns in characters (Unicode code points, 1-based);
//! language servers count UTF-8 or UTF-16 code units and SCIP documents declare one of UTF-8,
//! UTF-16 or UTF-32 (0-based). These pure functions convert one line's column both ways; the
//! bridge uses them for servers, the SCIP export for its documents.

/// How an outside party counts columns on a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// Bytes.
    Utf8,
    /// UTF-16 code units (a character outside the BMP counts two).
    Utf16,
    /// Code points: codemap's own unit.
    Utf32,
}

impl Encoding {
    pub const ALL: [Encoding; 3] = [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32];

    /// The name people and the CLI use: utf-8, utf-16, utf-32.
    pub fn label(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf16 => "utf-16",
            Encoding::Utf32 => "utf-32",
        }
    }

    pub fn from_label(s: &str) -> Option<Encoding> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "utf-8" | "utf8" => Some(Encoding::Utf8),
            "utf-16" | "utf16" => Some(Encoding::Utf16),
            "utf-32" | "utf32" => Some(Encoding::Utf32),
            _ => None,
        }
    }

    pub fn units(self, c: char) -> u64 {
        match self {
            Encoding::Utf8 => c.len_utf8() as u64,
            Encoding::Utf16 => c.len_utf16() as u64,
            Encoding::Utf32 => 1,
        }
    }
}

/// A 0-based offset in `enc` units on one line → a 1-based character column. An offset inside
/// a character counts that character as passed; one past the end gives the column after it.
pub fn to_char_col(line_text: &str, units: u64, enc: Encoding) -> u32 {
    if enc == Encoding::Utf32 || line_text.is_ascii() {
        let max = if enc == Encoding::Utf32 {
            u64::MAX
        } else {
            line_text.len() as u64
        };
        return (units.min(max) as u32).saturating_add(1);
    }
    let mut seen = 0u64;
    let mut chars = 0u32;
    for c in line_text.chars() {
        if seen >= units {
            break;
        }
        seen += enc.units(c);
        chars += 1;
    }
    chars + 1
}

/// A 1-based character column → a 0-based offset in `enc` units on one line. A column past the
/// line's end counts only the characters the line has (UTF-8, UTF-16) or is kept (UTF-32).
pub fn from_char_col(line_text: &str, col: u32, enc: Encoding) -> u64 {
    let n = col.saturating_sub(1) as usize;
    if enc == Encoding::Utf32 {
        return n as u64;
    }
    if line_text.is_ascii() {
        return n.min(line_text.len()) as u64;
    }
    line_text.chars().take(n).map(|c| enc.units(c)).sum()
}

/// [`from_char_col`] on a line's bytes, which need not be UTF-8: characters are counted as the
/// map counts them (`syntax::char_count`: each byte that does not continue a UTF-8 sequence),
/// so a UTF-8 offset lands on the same byte the map's column names.
pub fn from_char_col_bytes(line: &[u8], col: u32, enc: Encoding) -> u64 {
    if let Ok(s) = std::str::from_utf8(line) {
        return from_char_col(s, col, enc);
    }
    let byte = nth_char_start(line, col.saturating_sub(1) as usize);
    match enc {
        Encoding::Utf8 => byte as u64,
        Encoding::Utf32 => col.saturating_sub(1) as u64,
        Encoding::Utf16 => String::from_utf8_lossy(&line[..byte])
            .encode_utf16()
            .count() as u64,
    }
}

/// [`to_char_col`] on a line's bytes, which need not be UTF-8 (see [`from_char_col_bytes`]).
pub fn to_char_col_bytes(line: &[u8], units: u64, enc: Encoding) -> u32 {
    if let Ok(s) = std::str::from_utf8(line) {
        return to_char_col(s, units, enc);
    }
    match enc {
        Encoding::Utf8 => {
            let end = (units as usize).min(line.len());
            crate::syntax::char_count(&line[..end]) as u32 + 1
        }
        Encoding::Utf32 => units as u32 + 1,
        Encoding::Utf16 => to_char_col(&String::from_utf8_lossy(line), units, enc),
    }
}

/// The byte where the `n`th character (0-based, counted as `syntax::char_count` does) starts.
fn nth_char_start(line: &[u8], n: usize) -> usize {
    line.iter()
        .enumerate()
        .filter(|(_, b)| (*b & 0xC0) != 0x80)
        .nth(n)
        .map_or(line.len(), |(i, _)| i)
}

/// A 0-based offset in `enc` units on one line → the byte offset on that line (the line's
/// length when past its end).
pub fn byte_of(line_text: &str, units: u64, enc: Encoding) -> usize {
    let mut seen = 0u64;
    for (i, c) in line_text.char_indices() {
        if seen >= units {
            return i;
        }
        seen += enc.units(c);
    }
    line_text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_both_ways() {
        // 'é' is 2 bytes / 1 UTF-16 unit, '😀' is 4 bytes / 2 units; the target is 't'.
        let line = "é😀 x = t";
        let t = 8; // 1-based character column of 't'
        let cases = [
            (Encoding::Utf8, 11),
            (Encoding::Utf16, 8),
            (Encoding::Utf32, 7),
        ];
        for (enc, units) in cases {
            assert_eq!(from_char_col(line, t, enc), units, "{enc:?}");
            assert_eq!(to_char_col(line, units, enc), t, "{enc:?}");
        }
        assert_eq!(to_char_col(line, 0, Encoding::Utf16), 1);
        assert_eq!(to_char_col("ab", 99, Encoding::Utf16), 3, "past the end");
        assert_eq!(from_char_col("ab", 9, Encoding::Utf8), 2, "past the end");
        assert_eq!(from_char_col("ab", 9, Encoding::Utf32), 8);
        assert_eq!(
            from_char_col("abc", 3, Encoding::Utf8),
            2,
            "ASCII fast path"
        );
        assert_eq!(
            byte_of(line, 8, Encoding::Utf16),
            line.find('t').unwrap_or(0)
        );
        assert_eq!(
            byte_of(line, 7, Encoding::Utf32),
            line.find('t').unwrap_or(0)
        );
        assert_eq!(byte_of(line, 99, Encoding::Utf8), line.len());
    }

    #[test]
    fn lines_that_are_not_utf8() {
        // Latin-1 'é' (one byte, 0xE9) then "x": the map counts 0xE9 as one character.
        let line = b"a\xE9 x";
        assert_eq!(from_char_col_bytes(line, 4, Encoding::Utf8), 3);
        assert_eq!(to_char_col_bytes(line, 3, Encoding::Utf8), 4);
        assert_eq!(from_char_col_bytes(line, 4, Encoding::Utf32), 3);
        assert_eq!(from_char_col_bytes(line, 4, Encoding::Utf16), 3);
        assert_eq!(to_char_col_bytes(line, 3, Encoding::Utf16), 4);
        // Valid lines take the ordinary path.
        assert_eq!(from_char_col_bytes("é x".as_bytes(), 3, Encoding::Utf8), 3);
    }
}
