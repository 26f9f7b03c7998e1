//! What `variant values` prints and writes: each fitted kind's value
//! relative to an anchor kind with its bootstrap interval, the verdicts on
//! value statements (`--compare "A > B"`), and the file of `value`
//! statements (`--write`) through which the engine plays with them.

use crate::values::{interval95, Fit};

/// A fitted kind, as the report shows it.
pub struct Kind {
    pub name: String,
    /// The game file's `value` (0: none given).
    pub file: i32,
    /// Sampled positions in which two players' counts of it differed.
    pub unequal: u64,
}

/// A statement on two kinds' values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Relation {
    Above,
    Below,
    /// Within a ratio of `EQUAL_RATIO` either way.
    About,
}

/// "About equal": the ratio of the two values within 1/1.25 to 1.25.
pub const EQUAL_RATIO: f64 = 1.25;

/// `A > B`, `A < B` or `A ~ B` (kind names, as the game names them).
pub struct Statement {
    pub text: String,
    pub a: String,
    pub relation: Relation,
    pub b: String,
}

/// Reads a `--compare` statement.
pub fn parse_statement(text: &str) -> Result<Statement, String> {
    let bad = || {
        format!("`{text}`: a statement is `A > B`, `A < B` or `A ~ B` (about equal), A and B kinds")
    };
    let (at, relation) = [
        ('>', Relation::Above),
        ('<', Relation::Below),
        ('~', Relation::About),
    ]
    .iter()
    .find_map(|(c, r)| text.find(*c).map(|i| (i, *r)))
    .ok_or_else(bad)?;
    let (a, b) = (text[..at].trim(), text[at + 1..].trim());
    let word = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_');
    if !word(a) || !word(b) || a == b {
        return Err(bad());
    }
    Ok(Statement {
        text: format!("{a} {} {b}", &text[at..at + 1]),
        a: a.to_string(),
        relation,
        b: b.to_string(),
    })
}

/// `parse_statement` for clap: the text, checked.
pub fn parse_statement_text(text: &str) -> Result<String, String> {
    parse_statement(text).map(|_| text.to_string())
}

/// What the fit found, ready to print.
pub struct Values {
    pub kinds: Vec<Kind>,
    /// The kinds not fitted, each with why (never on the board in a
    /// sampled position; never unequal; royal).
    pub unfitted: Vec<(String, &'static str)>,
    /// The index (in `kinds`) of the kind whose value anchors the scale.
    pub anchor: usize,
    /// The anchor's value on the scale (its file value, or 1).
    pub unit: f64,
    pub fit: Fit,
    /// The model's standard errors (positions as if independent).
    pub se: Vec<f64>,
    pub boot: Vec<Fit>,
}

impl Values {
    /// Kind `k`'s value on the anchor's scale, from parameters `theta`.
    pub fn value(&self, theta: &[f64], k: usize) -> f64 {
        theta[k] / theta[self.anchor] * self.unit
    }

    /// The 95% interval of a function of each bootstrap fit.
    fn interval(&self, f: impl Fn(&[f64]) -> f64) -> (f64, f64) {
        interval95(&self.boot.iter().map(|b| f(&b.theta)).collect::<Vec<_>>())
    }

    /// Bootstrap fits in which the anchor's logit was not positive (its
    /// ratios are meaningless there).
    pub fn anchor_not_positive(&self) -> usize {
        self.boot
            .iter()
            .filter(|b| b.theta[self.anchor] <= 0.0)
            .count()
    }

    /// Each kind: (value, 95% low, 95% high).
    pub fn table(&self) -> Vec<(f64, f64, f64)> {
        (0..self.kinds.len())
            .map(|k| {
                let (lo, hi) = self.interval(|t| self.value(t, k));
                (self.value(&self.fit.theta, k), lo, hi)
            })
            .collect()
    }

    /// The value to write for kind `k`: the nearest whole unit, at least 1.
    pub fn whole(&self, k: usize) -> i32 {
        let v = self.value(&self.fit.theta, k);
        if v.is_finite() {
            (v.round() as i64).clamp(1, 1_000_000) as i32
        } else {
            1
        }
    }

    /// The verdict on a statement, with the interval that decided it.
    pub fn judge(&self, s: &Statement) -> String {
        let find = |n: &str| self.kinds.iter().position(|k| k.name == n);
        let (Some(a), Some(b)) = (find(&s.a), find(&s.b)) else {
            let missing = if find(&s.a).is_none() { &s.a } else { &s.b };
            let why = self
                .unfitted
                .iter()
                .find(|(n, _)| n == missing)
                .map_or("not fitted", |(_, why)| why);
            return format!("{:<18} undecided: {missing} {why}", s.text);
        };
        if s.relation == Relation::About {
            let ratio = |t: &[f64]| t[a] / t[b];
            let (lo, hi) = self.interval(ratio);
            let verdict = if lo.is_nan() || lo <= 0.0 {
                "undecided"
            } else if lo >= 1.0 / EQUAL_RATIO && hi <= EQUAL_RATIO {
                "confirmed"
            } else if lo > EQUAL_RATIO || hi < 1.0 / EQUAL_RATIO {
                "contradicted"
            } else {
                "undecided"
            };
            return format!(
                "{:<18} {verdict:<12} {} / {} = {:.2} (95% {lo:.2} to {hi:.2}; about equal: {:.2} to {EQUAL_RATIO:.2})",
                s.text,
                s.a,
                s.b,
                ratio(&self.fit.theta),
                1.0 / EQUAL_RATIO
            );
        }
        let sign = if s.relation == Relation::Above {
            1.0
        } else {
            -1.0
        };
        // Judged on the logits (no anchor in it), shown on the scale.
        let (lo, hi) = self.interval(|t| sign * (t[a] - t[b]));
        let verdict = if lo > 0.0 {
            "confirmed"
        } else if hi < 0.0 {
            "contradicted"
        } else {
            "undecided"
        };
        let diff = |t: &[f64]| self.value(t, a) - self.value(t, b);
        let (ulo, uhi) = self.interval(diff);
        format!(
            "{:<18} {verdict:<12} {} - {} = {:+.2} (95% {ulo:+.2} to {uhi:+.2})",
            s.text,
            s.a,
            s.b,
            diff(&self.fit.theta)
        )
    }
}

/// The path to write in an `import` of `target` from a file in `dir`:
/// relative where both are under one root, else absolute.
pub fn import_path(dir: &std::path::Path, target: &std::path::Path) -> Result<String, String> {
    let canon = |p: &std::path::Path| {
        std::fs::canonicalize(p).map_err(|e| format!("cannot resolve {}: {e}", p.display()))
    };
    let (dir, target) = (canon(dir)?, canon(target)?);
    let d: Vec<_> = dir.components().collect();
    let t: Vec<_> = target.components().collect();
    let common = d.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut rel = std::path::PathBuf::new();
    for _ in common..d.len() {
        rel.push("..");
    }
    for c in &t[common..] {
        rel.push(c);
    }
    let text = if common > 1 {
        rel.to_string_lossy().into_owned()
    } else {
        target.to_string_lossy().into_owned()
    };
    if text.contains(['"', '\\', '\n', '\r']) {
        return Err(format!(
            "cannot import {text} from the written file: a quote, a backslash or a line break in the path"
        ));
    }
    Ok(text)
}
