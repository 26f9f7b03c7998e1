//! Betza notation for square-board atoms (`CZ`, `mWcF`, `NN`, `fR`), read
//! into base vectors that the checker expands by symmetry like `leap`/`ride`.
//!
//! Directional prefixes keep the images going forward (`f`), backward (`b`),
//! sideways (`s`, no forward component) or vertically (`v` = `f` or `b`);
//! several prefixes are a union. On oblique leapers this is coarser than full
//! Betza (`fN` keeps all four forward knight moves).

use crate::ast::Filter;

pub struct BetzaPart {
    pub vector: (i32, i32),
    pub ride: bool,
    pub max: Option<u32>,
    pub move_only: bool,
    pub capture_only: bool,
    /// A union of directions is several parts.
    pub filter: Option<Filter>,
    /// `p`: a hopper (`ir::HOP`); `g`: one that lands just behind its
    /// screen (`ir::HOP | ir::HOP_BEHIND`); 0: neither.
    pub hop: u16,
    /// `n`: a lame leaper (`ir::LAME`).
    pub lame: bool,
}

fn base(letter: char) -> Option<Vec<(i32, i32)>> {
    Some(match letter {
        'W' => vec![(1, 0)],
        'F' => vec![(1, 1)],
        'D' => vec![(2, 0)],
        'N' => vec![(2, 1)],
        'A' => vec![(2, 2)],
        'H' => vec![(3, 0)],
        'C' => vec![(3, 1)],
        'Z' => vec![(3, 2)],
        'G' => vec![(3, 3)],
        'K' => vec![(1, 0), (1, 1)],
        _ => return None,
    })
}

/// A Betza prefix the language does not read, and what it offers instead.
fn unsupported_prefix(prefix: char) -> String {
    let instead = match prefix {
        'i' => "a first-move-only atom is `unmoved`: `leap (0,2) forward move-only unmoved`",
        'l' | 'r' => "left and right are `sideways` (`s`), which keeps both",
        'h' => "half-directions are not read: use `f`, `b`, `s`, `v` or a `leap` with filters",
        'j' | 'z' | 'o' | 'a' | 'y' | 'x' | 't' | 'e' | 'u' | 'k' | 'd' | 'q' | 'w' => {
            "the language reads the prefixes `m`, `c`, `f`, `b`, `s`, `v`, `p`, `g` and `n`; \
             write the move as `leap`, `ride`, `hook` or `path` atoms"
        }
        _ => "the language reads the prefixes `m`, `c`, `f`, `b`, `s`, `v`, `p`, `g` and `n`",
    };
    format!("unsupported prefix '{prefix}': {instead}")
}

pub fn parse(text: &str) -> Result<Vec<BetzaPart>, String> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if chars.is_empty() {
        return Err("empty".into());
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let mut move_only = false;
        let mut capture_only = false;
        let mut dirs: Vec<Filter> = Vec::new();
        let mut hop = 0;
        let mut lame = false;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                'm' => move_only = true,
                'c' => capture_only = true,
                'f' => dirs.push(Filter::Forward),
                'b' => dirs.push(Filter::Backward),
                's' => dirs.push(Filter::Sideways),
                'v' => dirs.push(Filter::Vertical),
                'p' => hop = runtime::ir::HOP,
                'g' => hop = runtime::ir::HOP | runtime::ir::HOP_BEHIND,
                'n' => lame = true,
                other => return Err(unsupported_prefix(other)),
            }
            i += 1;
        }
        let Some(&letter) = chars.get(i) else {
            return Err("prefix without a piece letter".into());
        };
        i += 1;
        let (vectors, mut ride) = match letter {
            'R' => (vec![(1, 0)], true),
            'B' => (vec![(1, 1)], true),
            'Q' => (vec![(1, 0), (1, 1)], true),
            l => (base(l).ok_or_else(|| format!("unknown atom '{l}'"))?, false),
        };
        let mut max = None;
        if !ride && chars.get(i) == Some(&letter) {
            ride = true;
            i += 1;
        }
        let digits: String = chars[i..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        if !digits.is_empty() {
            i += digits.len();
            let n: u32 = digits.parse().map_err(|_| "range too large".to_string())?;
            if n == 0 {
                return Err("range 0".into());
            }
            ride = true;
            max = Some(n);
        }
        if hop != 0 && !ride {
            return Err(format!(
                "a hopper (`p`, `g`) rides: write it on `R`, `B`, `Q` or a doubled letter, not `{letter}`"
            ));
        }
        if lame && ride {
            return Err(format!(
                "a lame leaper (`n`) leaps: write it on a single leaper letter, not the rider `{letter}`"
            ));
        }
        let dir_sets: Vec<Option<Filter>> = if dirs.is_empty() {
            vec![None]
        } else {
            dirs.into_iter().map(Some).collect()
        };
        for v in vectors {
            for f in &dir_sets {
                out.push(BetzaPart {
                    vector: v,
                    ride,
                    max,
                    move_only: move_only && !capture_only,
                    capture_only: capture_only && !move_only,
                    filter: *f,
                    hop,
                    lame,
                });
            }
        }
    }
    Ok(out)
}
