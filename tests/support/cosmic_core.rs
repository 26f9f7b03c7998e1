//! What the four Cosmic reference generators (squares `cosmic_ref.rs`,
//! hexagons `cosmic_hex_ref.rs`, triangles `cosmic_tri_ref.rs`, the round
//! board `cosmic_round_ref.rs`) share, written once: the Cosmic piece set,
//! the game's end, and the rules that do not depend on the board — turn
//! order among the players still in play, `pass` and `out` for a player with
//! no move, legality by playing the move on a copy, move keys, perft and
//! divide. Each board's file keeps only its geometry and its board-specific
//! rules (how pieces move and attack, en passant, castling, the text of a
//! position) and takes part through `CosmicRules`.
//!
//! Written from `docs/COSMIC.md` and the rules digest
//! `shared/rules/cosmic.md` beside the repository, like the generators; it
//! shares nothing with the engine (no `runtime` or `compiler` import).
//! A test binary declares `mod cosmic_core;` beside the generators.
#![allow(dead_code)]

use std::collections::BTreeMap;

// ---------------------------------------------------------------------------
// The pieces (squares, hexagons and triangles; the round board has its own
// smaller set)
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Dragon,
    Medusa,
    Fish,
    Bird,
    Snake,
    Teacher,
    Pawn,
    Dog,
}

pub const ALL_KINDS: [Kind; 13] = [
    Kind::King,
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Dragon,
    Kind::Medusa,
    Kind::Fish,
    Kind::Bird,
    Kind::Snake,
    Kind::Teacher,
    Kind::Pawn,
    Kind::Dog,
];

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Dragon => 'D',
            Kind::Medusa => 'M',
            Kind::Fish => 'F',
            Kind::Bird => 'W',
            Kind::Snake => 'S',
            Kind::Teacher => 'T',
            Kind::Pawn => 'P',
            Kind::Dog => 'H',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        ALL_KINDS.iter().copied().find(|k| k.letter() == c)
    }

    pub fn is_figurant(self) -> bool {
        matches!(self, Kind::Pawn | Kind::Dog)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub owner: u8,
    pub kind: Kind,
}

// ---------------------------------------------------------------------------
// Moves and their keys
// ---------------------------------------------------------------------------

/// What a move does besides moving one piece.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum MvKind {
    Normal,
    /// En passant: the figurant on `victim` is removed.
    Ep {
        victim: u8,
    },
    /// Castling: from/to are the King's; the partner goes from pf to pt.
    Castle {
        pf: u8,
        pt: u8,
    },
    /// The forced moves of a player with no piece move (three or more in
    /// play).
    Pass,
    Out,
}

/// A move on any Cosmic board: cells are the board's indices, `K` its piece
/// kinds (the round board has its own).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Mv<K> {
    pub from: u8,
    pub to: u8,
    pub promo: Option<K>,
    pub kind: MvKind,
}

impl<K: Copy> Mv<K> {
    pub fn plain(from: usize, to: usize) -> Self {
        Mv {
            from: from as u8,
            to: to as u8,
            promo: None,
            kind: MvKind::Normal,
        }
    }

    pub fn forced(kind: Forced) -> Self {
        Mv {
            from: 0,
            to: 0,
            promo: None,
            kind: match kind {
                Forced::Pass => MvKind::Pass,
                Forced::Out => MvKind::Out,
            },
        }
    }

    /// The move's key: `<from><to>` (`e3e5`); a promotion appends `=` and
    /// the new piece's letter (`a9a10=Q`); an en-passant capture appends
    /// `/ep` (`d4e3/ep`, `b3a4=Q/ep`); a castling is `<king from><king
    /// to>/castle/<partner from>` (`e1g1/castle/h1`); `pass`, `out`.
    pub fn key(&self, name: impl Fn(usize) -> String, letter: impl Fn(K) -> char) -> String {
        match self.kind {
            MvKind::Pass => "pass".to_string(),
            MvKind::Out => "out".to_string(),
            MvKind::Castle { pf, .. } => format!(
                "{}{}/castle/{}",
                name(self.from as usize),
                name(self.to as usize),
                name(pf as usize)
            ),
            _ => {
                let mut s = format!("{}{}", name(self.from as usize), name(self.to as usize));
                if let Some(k) = self.promo {
                    s.push('=');
                    s.push(letter(k));
                }
                if matches!(self.kind, MvKind::Ep { .. }) {
                    s.push_str("/ep");
                }
                s
            }
        }
    }
}

/// Decision (5), free castling along one line: `path[0]` is the King's
/// cell (the King has never moved), `path[1..]` the cells along the line up
/// to `path[d]`, the first piece on it, an own partner. A Rook or Bird lets
/// the King go any 1..=d cells towards it (`any_distance`), a Fish or
/// Teacher d-1 (next to it) or d (onto its cell); the partner goes to the
/// cell the King passed last, `path[i - 1]`.
pub fn castlings_along<K: Copy>(path: &[usize], any_distance: bool) -> Vec<Mv<K>> {
    let d = path.len() - 1;
    let range: Vec<usize> = if any_distance {
        (1..=d).collect()
    } else {
        [d - 1, d].into_iter().filter(|&i| i >= 1).collect()
    };
    range
        .into_iter()
        .map(|i| Mv {
            from: path[0] as u8,
            to: path[i] as u8,
            promo: None,
            kind: MvKind::Castle {
                pf: path[d] as u8,
                pt: path[i - 1] as u8,
            },
        })
        .collect()
}

// ---------------------------------------------------------------------------
// The end of a game
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefEnd {
    Mate,
    Stalemate,
    /// Three or more players: one player left in play.
    LastInPlay,
}

#[derive(Clone, PartialEq, Debug)]
pub struct RefOutcome {
    pub end: RefEnd,
    pub winner: Option<usize>,
    /// The mated player (Mate only).
    pub loser: Option<usize>,
    /// Players still in play at the end.
    pub in_play: Vec<usize>,
    pub scores: Vec<f64>,
}

/// The move of a player with no piece move while three or more are in
/// play: `pass` the first time, `out` at the next turn still stuck.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Forced {
    Pass,
    Out,
}

// ---------------------------------------------------------------------------
// The rules every board shares
// ---------------------------------------------------------------------------

/// What a board's position tells the shared rules; the rules themselves
/// (turn order, pass and out, legality by playing, perft, the end) are the
/// provided methods.
pub trait CosmicRules: Clone {
    /// A move of the board (a piece move, or a forced `pass` / `out`).
    type Move: Copy;

    fn player_count(&self) -> usize;
    fn player_name(&self, p: usize) -> &'static str;
    /// The player whose turn it is.
    fn to_move(&self) -> usize;
    /// Has `p` gone out (its pieces frozen, its turns skipped)?
    fn is_out(&self, p: usize) -> bool;
    /// Did `p` pass at its last turn (and has not moved since)?
    fn has_passed(&self, p: usize) -> bool;
    /// Is `p`'s King attacked by a piece of another player in play?
    fn in_check(&self, p: usize) -> bool;
    /// The piece moves of the player to move, its King's safety unchecked.
    fn pseudo_moves(&self) -> Vec<Self::Move>;
    /// Make a move without any checking; the turn passes on (by
    /// `next_in_play`).
    fn apply(&mut self, m: &Self::Move);
    /// The move's key (`e3e5`, `a9a10=Q`, `d4e3/ep`, `e1g1/castle/h1`,
    /// `pass`, `out`).
    fn key(&self, m: &Self::Move) -> String;
    /// The board's `pass` or `out` move. Only asked for with three or more
    /// players in play.
    fn forced_move(&self, kind: Forced) -> Self::Move;
    /// The position in the general notation.
    fn to_text(&self) -> String;

    /// Players still in play, in seat order.
    fn in_play(&self) -> Vec<usize> {
        (0..self.player_count())
            .filter(|&p| !self.is_out(p))
            .collect()
    }

    /// The next player after `p` in seat order who is still in play (`p`
    /// itself when nobody else is).
    fn next_in_play(&self, p: usize) -> usize {
        let np = self.player_count();
        let mut q = p;
        for _ in 0..np {
            q = (q + 1) % np;
            if !self.is_out(q) {
                return q;
            }
        }
        p
    }

    /// Legal moves of the pieces of the player to move (no pass / out): a
    /// move is legal when, played on a copy, it leaves the mover's King
    /// attacked by no piece of a player in play (pieces of players out are
    /// frozen and attack nothing).
    fn piece_moves(&self) -> Vec<Self::Move> {
        let p = self.to_move();
        self.pseudo_moves()
            .into_iter()
            .filter(|m| {
                let mut next = self.clone();
                next.apply(m);
                !next.in_check(p)
            })
            .collect()
    }

    /// Decision (7) and (10): pass / out with three or more in play; with
    /// two left (always, in a two-player game) no move means the game is
    /// over.
    fn legal(&self) -> Vec<Self::Move> {
        let alive = self.in_play().len();
        if alive <= 1 {
            return Vec::new();
        }
        let moves = self.piece_moves();
        if !moves.is_empty() || alive == 2 {
            return moves;
        }
        // Three or more in play: pass, or out at the next turn still stuck.
        let kind = if self.has_passed(self.to_move()) {
            Forced::Out
        } else {
            Forced::Pass
        };
        vec![self.forced_move(kind)]
    }

    /// Sorted keys of the legal moves; empty once the game is over. Two
    /// moves never share a key.
    fn legal_moves(&self) -> Vec<String> {
        let mut keys: Vec<String> = self.legal().iter().map(|m| self.key(m)).collect();
        keys.sort();
        let n = keys.len();
        keys.dedup();
        assert_eq!(n, keys.len(), "two moves with one key");
        keys
    }

    fn play(&mut self, key: &str) -> Result<(), String> {
        let moves = self.legal();
        match moves.iter().find(|m| self.key(m) == key) {
            Some(m) => {
                let m = *m;
                self.apply(&m);
                Ok(())
            }
            None => Err(format!(
                "'{}' is not legal for {} in {}",
                key,
                self.player_name(self.to_move()),
                self.to_text()
            )),
        }
    }

    /// Play whitespace-separated keys; atomic (unchanged on an error),
    /// Decision (11).
    fn play_all(&mut self, keys: &str) -> Result<(), String> {
        let mut next = self.clone();
        for (i, k) in keys.split_whitespace().enumerate() {
            next.play(k)
                .map_err(|e| format!("move {} ({k}): {e}", i + 1))?;
        }
        *self = next;
        Ok(())
    }

    /// Decision (7): `pass` and `out` count as one node each; Decision (11).
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for m in moves.iter() {
            let mut next = self.clone();
            next.apply(m);
            total += next.perft(depth - 1);
        }
        total
    }

    /// Perft below each legal move, by the move's key.
    fn divide(&self, depth: u32) -> BTreeMap<String, u64> {
        let mut out = BTreeMap::new();
        if depth == 0 {
            return out;
        }
        for m in self.legal().iter() {
            let mut next = self.clone();
            next.apply(m);
            out.insert(self.key(m), next.perft(depth - 1));
        }
        out
    }

    /// None while the game goes on. Decision (8): the last player in play
    /// wins; with two in play and no move, mate (the other one wins) or
    /// stalemate (half a point each).
    fn outcome(&self) -> Option<RefOutcome> {
        let alive = self.in_play();
        let mut scores = vec![0.0; self.player_count()];
        if alive.len() == 1 {
            scores[alive[0]] = 1.0;
            return Some(RefOutcome {
                end: RefEnd::LastInPlay,
                winner: Some(alive[0]),
                loser: None,
                in_play: alive,
                scores,
            });
        }
        if alive.len() > 2 || !self.piece_moves().is_empty() {
            return None;
        }
        let p = self.to_move();
        if self.in_check(p) {
            let w = *alive.iter().find(|&&q| q != p).expect("two in play");
            scores[w] = 1.0;
            Some(RefOutcome {
                end: RefEnd::Mate,
                winner: Some(w),
                loser: Some(p),
                in_play: alive,
                scores,
            })
        } else {
            for &q in &alive {
                scores[q] = 0.5;
            }
            Some(RefOutcome {
                end: RefEnd::Stalemate,
                winner: None,
                loser: None,
                in_play: alive,
                scores,
            })
        }
    }
}

// ---------------------------------------------------------------------------
// The general notation of a position
// ---------------------------------------------------------------------------

/// How a board names its players, cells and pieces, for the general
/// notation: `white: Ke1 Pa3; black: Ke10; turn white; moved e1; ep e4
/// victim e5; passed red; out blue` (Decision 9 for what is accepted).
pub struct Notation<'a, K> {
    pub names: &'a [&'static str],
    pub parse_cell: &'a dyn Fn(&str) -> Option<usize>,
    pub parse_kind: &'a dyn Fn(char) -> Option<K>,
    pub is_king: &'a dyn Fn(K) -> bool,
    /// The square boards refuse `passed` and `out` in a two-player game
    /// even when empty (`passed -`); the others refuse only a player
    /// named there.
    pub refuse_empty_flags: bool,
}

/// A position's text read into its parts; the players, pieces and flags
/// are checked, the en-passant fields only for their syntax (the board
/// checks that the cells lie behind the victim).
pub struct Fields<K> {
    /// (player, kind, cell) in the text's order; no cell twice.
    pub pieces: Vec<(usize, K, usize)>,
    /// Each player's one King.
    pub kings: Vec<usize>,
    pub turn: usize,
    /// The cells of the `moved` field.
    pub moved: Vec<usize>,
    /// The passed cells and the victim's cell.
    pub ep: Option<(Vec<usize>, usize)>,
    pub passed: Vec<bool>,
    pub out: Vec<bool>,
}

fn split_list(s: &str) -> Vec<String> {
    s.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| t.to_string())
        .collect()
}

impl<K: Copy> Notation<'_, K> {
    fn player(&self, w: &str) -> Result<usize, String> {
        self.names
            .iter()
            .position(|n| *n == w)
            .ok_or_else(|| format!("unknown player '{w}'"))
    }

    fn cell(&self, w: &str, what: &str) -> Result<usize, String> {
        (self.parse_cell)(w).ok_or_else(|| format!("unknown {what} '{w}'"))
    }

    /// `player: Ke1 Pa3`: the player's pieces.
    fn pieces(
        &self,
        head: &str,
        rest: &str,
        f: &mut Fields<K>,
        listed: &mut [bool],
    ) -> Result<(), String> {
        let p = self.player(head.trim())?;
        if listed[p] {
            return Err(format!("player '{}' listed twice", self.names[p]));
        }
        listed[p] = true;
        for tok in rest.split_whitespace() {
            let mut chars = tok.chars();
            let letter = chars.next().expect("a token is not empty");
            let kind = (self.parse_kind)(letter)
                .ok_or_else(|| format!("unknown piece letter in '{tok}'"))?;
            let c = (self.parse_cell)(chars.as_str())
                .ok_or_else(|| format!("unknown cell in '{tok}'"))?;
            if f.pieces.iter().any(|&(_, _, d)| d == c) {
                return Err(format!("two pieces on {}", chars.as_str()));
            }
            f.pieces.push((p, kind, c));
        }
        Ok(())
    }

    /// `ep e4 victim e5` (or `ep -`).
    fn ep(&self, field: &str, rest: &str) -> Result<Option<(Vec<usize>, usize)>, String> {
        if rest == "-" {
            return Ok(None);
        }
        let (cells, victim) = rest
            .split_once(" victim ")
            .ok_or_else(|| format!("ep without victim: '{field}'"))?;
        let mut cs = Vec::new();
        for w in split_list(cells) {
            let c = self.cell(&w, "ep cell")?;
            if cs.contains(&c) {
                return Err(format!("ep cell {w} twice"));
            }
            cs.push(c);
        }
        let vw: Vec<&str> = victim.split_whitespace().collect();
        if cs.is_empty() || vw.len() != 1 {
            return Err(format!("bad ep field '{field}'"));
        }
        Ok(Some((cs, self.cell(vw[0], "victim cell")?)))
    }

    /// `passed red` / `out blue`.
    fn flags(&self, key: &str, rest: &str, flags: &mut [bool]) -> Result<(), String> {
        let two = self.names.len() == 2;
        if two && self.refuse_empty_flags {
            return Err(format!("'{key}' in a two-player game"));
        }
        for w in split_list(rest) {
            if w == "-" {
                continue;
            }
            if two {
                return Err(format!("'{key}' is for three players or more"));
            }
            let p = self.player(&w)?;
            if flags[p] {
                return Err(format!("{w} listed twice in {key}"));
            }
            flags[p] = true;
        }
        Ok(())
    }

    /// One `key value` field other than a player's pieces.
    fn field(&self, field: &str, key: &str, rest: &str, f: &mut Fields<K>) -> Result<(), String> {
        match key {
            "turn" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                if words.len() != 1 {
                    return Err(format!("bad turn field '{field}'"));
                }
                f.turn = self.player(words[0])?;
            }
            "moved" => {
                for w in split_list(rest) {
                    if w != "-" {
                        f.moved.push(self.cell(&w, "cell in moved")?);
                    }
                }
            }
            "ep" => f.ep = self.ep(field, rest)?,
            "passed" => self.flags(key, rest, &mut f.passed)?,
            "out" => self.flags(key, rest, &mut f.out)?,
            "clocks" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                if words.len() != 2 || words.iter().any(|w| w.parse::<u32>().is_err()) {
                    return Err(format!("bad clocks field '{field}'"));
                }
            }
            "castling" => {
                for w in split_list(rest) {
                    if w != "-" {
                        self.cell(&w, "castling cell")?;
                    }
                }
            }
            _ => return Err(format!("unknown field '{field}'")),
        }
        Ok(())
    }

    /// Read a position's text; anything Decision (9) does not accept is an
    /// `Err`.
    pub fn parse(&self, text: &str) -> Result<Fields<K>, String> {
        let np = self.names.len();
        let mut f = Fields {
            pieces: Vec::new(),
            kings: vec![0; np],
            turn: 0,
            moved: Vec::new(),
            ep: None,
            passed: vec![false; np],
            out: vec![false; np],
        };
        let mut listed = vec![false; np];
        let mut seen: Vec<&str> = Vec::new();
        for field in text.split(';') {
            let field = field.trim();
            if field.is_empty() {
                continue;
            }
            if let Some((head, rest)) = field.split_once(':') {
                self.pieces(head, rest, &mut f, &mut listed)?;
                continue;
            }
            let (key, rest) = match field.split_once(char::is_whitespace) {
                Some((k, r)) => (k, r.trim()),
                None => (field, ""),
            };
            if seen.contains(&key) {
                return Err(format!("field '{key}' given twice"));
            }
            self.field(field, key, rest, &mut f)?;
            seen.push(key);
        }
        for (p, &was_listed) in listed.iter().enumerate() {
            if !was_listed {
                return Err(format!("player {} missing", self.names[p]));
            }
            let kings: Vec<usize> = f
                .pieces
                .iter()
                .filter(|&&(q, k, _)| q == p && (self.is_king)(k))
                .map(|&(_, _, c)| c)
                .collect();
            match kings[..] {
                [] => return Err(format!("{} has no King", self.names[p])),
                [c] => f.kings[p] = c,
                _ => return Err(format!("{} has more than one King", self.names[p])),
            }
            if f.passed[p] && f.out[p] {
                return Err(format!("{} both passed and out", self.names[p]));
            }
        }
        if f.out[f.turn] {
            return Err(format!("turn of {}, who is out", self.names[f.turn]));
        }
        Ok(f)
    }
}

/// The player who moved last before `turn`'s turn: the previous one in
/// seat order still in play.
pub fn previous_in_play(turn: usize, out: &[bool]) -> Option<usize> {
    let np = out.len();
    (1..np).map(|i| (turn + np - i) % np).find(|&q| !out[q])
}

/// What a position's text says, each part already in the board's words.
pub struct Text<'a> {
    pub names: &'a [&'static str],
    /// Each player's pieces (`Ke1`), in board order.
    pub pieces: Vec<Vec<String>>,
    pub turn: usize,
    /// Decision (6): the start cells of Kings back on them after moving.
    pub moved: Vec<String>,
    /// The passed cells and the victim's cell.
    pub ep: Option<(Vec<String>, String)>,
    pub passed: &'a [bool],
    pub out: &'a [bool],
}

impl Text<'_> {
    /// The general notation, fields with nothing to say left out.
    pub fn write(&self) -> String {
        let mut parts = Vec::new();
        for (pname, toks) in self.names.iter().zip(&self.pieces) {
            parts.push(format!("{}: {}", pname, toks.join(" ")));
        }
        parts.push(format!("turn {}", self.names[self.turn]));
        if !self.moved.is_empty() {
            parts.push(format!("moved {}", self.moved.join(" ")));
        }
        if let Some((cells, victim)) = &self.ep {
            parts.push(format!("ep {} victim {}", cells.join(","), victim));
        }
        let list = |flags: &[bool]| -> Vec<&str> {
            (0..self.names.len())
                .filter(|&p| flags[p])
                .map(|p| self.names[p])
                .collect()
        };
        let passed = list(self.passed);
        if !passed.is_empty() {
            parts.push(format!("passed {}", passed.join(" ")));
        }
        let out = list(self.out);
        if !out.is_empty() {
            parts.push(format!("out {}", out.join(" ")));
        }
        parts.join("; ")
    }
}
