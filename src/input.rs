//! Lines typed to `play`, read with a bound: a line longer than `MAX_LINE`
//! bytes is skipped without being kept (a pasted megabyte costs its reading
//! only), and a line that is not UTF-8 is reported as such, so neither ends
//! the game (an invalid byte used to read as the end of the input).

use std::io::{self, BufRead};

/// The longest input line `play` reads: moves are a few dozen bytes, and
/// their declarations name agreements of the game.
pub const MAX_LINE: usize = 64 * 1024;

/// One line of input.
pub enum Line {
    /// A line of text, without its line ending.
    Text(String),
    /// A line of `bytes` bytes, more than `MAX_LINE`: skipped.
    TooLong { bytes: usize },
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads the next line; `None` at the end of the input.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
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
        total += chunk.len();
        if kept.len() + chunk.len() <= MAX_LINE {
            kept.extend_from_slice(chunk);
        }
        let used = ends.unwrap_or(available.len());
        input.consume(used);
        if ends.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if total > MAX_LINE {
        return Ok(Some(Line::TooLong { bytes: total }));
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotUtf8,
    }))
}
