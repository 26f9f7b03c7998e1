//! Lines read with a bound, from a player at the terminal (`play`), a UCI
//! front end (`uci`) or an outside engine (`match`): a line longer than
//! the bound is never held whole (a pasted megabyte, or an endless line
//! of `/dev/zero`, costs its reading only), and a line that is not UTF-8
//! is reported as such, so neither ends the session (an invalid byte used
//! to read as the end of the input).

use std::io::{self, BufRead};

/// The longest input line `play` reads: moves are a few dozen bytes, and
/// their declarations name agreements of the game.
pub const MAX_LINE: usize = 64 * 1024;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line of more than the bound: `bytes` is its length when it was
    /// skipped to its end, or the bytes read before stopping.
    TooLong { bytes: usize },
    /// A line that is not UTF-8.
    NotUtf8,
}

/// What to do with a line past the bound.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Overlong {
    /// Read it to its end without keeping it, and go on with the next
    /// (a person or a GUI sent one bad line).
    Skip,
    /// Stop at once, the rest unread (an engine that sends an endless line
    /// is broken; reading on would never end).
    Stop,
}

/// Reads the next line of at most `MAX_LINE` bytes, skipping a longer one;
/// `None` at the end of the input.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    read_line_max(input, MAX_LINE, Overlong::Skip)
}

/// Reads the next line of at most `max` bytes (its `\r\n` or `\n` not
/// counted); `None` at the end of the input.
pub fn read_line_max(
    input: &mut impl BufRead,
    max: usize,
    overlong: Overlong,
) -> io::Result<Option<Line>> {
    let mut kept: Vec<u8> = Vec::new();
    let mut total = 0usize;
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let (chunk, ends) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], Some(i + 1)),
            None => (available, None),
        };
        total = total.saturating_add(chunk.len());
        // One byte more than the bound is kept: a `\r` before the `\n`.
        if kept.len() + chunk.len() <= max + 1 {
            kept.extend_from_slice(chunk);
        }
        let used = ends.unwrap_or(available.len());
        input.consume(used);
        if ends.is_some() {
            break;
        }
        if overlong == Overlong::Stop && total > max + 1 {
            return Ok(Some(Line::TooLong { bytes: total }));
        }
    }
    if !any {
        return Ok(None);
    }
    if kept.last() == Some(&b'\r') && total <= max + 1 {
        kept.pop();
        total -= 1;
    }
    if total > max {
        return Ok(Some(Line::TooLong { bytes: total }));
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotUtf8,
    }))
}
