//! Text from game files and user input, made safe for a terminal: the one
//! helper every printer uses (the compiler's diagnostics renderer, `play`
//! and the other commands of the `variant` CLI). Control characters (C0,
//! DEL, C1) and the invisible characters that reorder a line (bidirectional
//! embeddings, overrides, isolates and marks) are written as escapes, `\x1b`
//! or `\u{202e}`, so a game named `"Ch\x1b]0;PWNED\x07ess"` cannot set the
//! window title or clear the screen.

use std::borrow::Cow;

/// Is `c` a character a terminal would act on or that hides how text reads?
fn unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

fn escape(c: char, out: &mut String) {
    use std::fmt::Write;
    if (c as u32) < 0x80 {
        let _ = write!(out, "\\x{:02x}", c as u32);
    } else {
        let _ = write!(out, "\\u{{{:x}}}", c as u32);
    }
}

/// `text` with every unsafe character escaped, line breaks and tabs
/// included: for text printed within one line (names, moves, input echoed).
pub fn printable(text: &str) -> Cow<'_, str> {
    escaped(text, |_, _| false)
}

/// `text` with unsafe characters escaped but line feeds, tabs and a
/// carriage return before a line feed kept: for messages and source lines.
pub fn printable_lines(text: &str) -> Cow<'_, str> {
    escaped(text, keeps_layout)
}

fn keeps_layout(c: char, next: Option<char>) -> bool {
    c == '\n' || c == '\t' || (c == '\r' && next == Some('\n'))
}

/// Does `text` hold a character to escape (unsafe and not kept)?
fn needs_escape(text: &str, keep: &impl Fn(char, Option<char>) -> bool) -> bool {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if unsafe_char(c) && !keep(c, chars.peek().copied()) {
            return true;
        }
    }
    false
}

fn escaped(text: &str, keep: impl Fn(char, Option<char>) -> bool) -> Cow<'_, str> {
    if !needs_escape(text, &keep) {
        return Cow::Borrowed(text);
    }
    let mut chars = text.chars().peekable();
    let mut out = String::with_capacity(text.len() + 8);
    while let Some(c) = chars.next() {
        if unsafe_char(c) && !keep(c, chars.peek().copied()) {
            escape(c, &mut out);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `printable_lines` of a source text, with the place of every byte offset
/// of `text` in the result (`offsets[i]`, for `i` in `0..=text.len()`), so
/// spans into the text can be moved onto the escaped copy. `None` when
/// nothing needs escaping (the offsets are the same).
pub fn printable_source(text: &str) -> (Cow<'_, str>, Option<Vec<usize>>) {
    if !needs_escape(text, &keeps_layout) {
        return (Cow::Borrowed(text), None);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut offsets = vec![0; text.len() + 1];
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        for o in &mut offsets[i..i + c.len_utf8()] {
            *o = out.len();
        }
        let next = chars.peek().map(|&(_, n)| n);
        if unsafe_char(c) && !keeps_layout(c, next) {
            escape(c, &mut out);
        } else {
            out.push(c);
        }
    }
    offsets[text.len()] = out.len();
    (Cow::Owned(out), Some(offsets))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_and_reordering_characters() {
        assert_eq!(printable("Chess"), "Chess");
        assert!(matches!(printable("Кр-0-0"), Cow::Borrowed(_)));
        assert_eq!(
            printable("Ch\u{1b}]0;PWNED\u{7}\u{1b}[2Jess"),
            "Ch\\x1b]0;PWNED\\x07\\x1b[2Jess"
        );
        assert_eq!(
            printable("a\u{202e}b\u{9b}c\u{7f}"),
            "a\\u{202e}b\\u{9b}c\\x7f"
        );
        assert_eq!(printable("a\nb\tc"), "a\\x0ab\\x09c");
        assert_eq!(printable_lines("a\nb\tc\r\nd\re"), "a\nb\tc\r\nd\\x0de");
    }

    #[test]
    fn source_offsets_follow_the_escapes() {
        let text = "ab\u{1b}cd";
        let (shown, offsets) = printable_source(text);
        assert_eq!(shown, "ab\\x1bcd");
        let offsets = offsets.unwrap();
        assert_eq!(offsets[2], 2);
        assert_eq!(offsets[3], 6);
        assert_eq!(offsets[text.len()], shown.len());
        assert!(printable_source("plain\n").1.is_none());
    }
}
