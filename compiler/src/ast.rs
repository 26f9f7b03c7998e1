//! The typed syntax tree of a `.variant` file. Every node keeps its span so
//! later phases can point at the source; the tree is serialisable so
//! `variant check --dump ast` can show it.

use serde::Serialize;

mod castling;
mod explosion;
mod modifier;
mod passing;
pub use castling::{Castling, PartnerClass};
pub use explosion::{Explosion, UncapturableBy};
pub use modifier::Modifier;
pub use passing::MaterialCount;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Span {
    pub file: usize,
    pub start: usize,
    pub end: usize,
}

/// A word or literal with its place in the source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Debug, Serialize)]
pub struct File {
    pub statements: Vec<Stmt>,
}

#[derive(Clone, Debug, Serialize)]
pub enum Stmt {
    Game(Name),
    /// A file to import, without the pieces listed after `except`.
    Import(Name, Vec<Name>),
    Board(Board),
    Colours {
        names: Vec<Name>,
        anchor: Name,
    },
    Players(Vec<Name>),
    Orientation {
        player: Name,
        orientation: Orientation,
        /// `about CELLS`: the centre of a rotation (one cell, two cells
        /// sharing an edge, or three cells around a vertex).
        about: Vec<Name>,
        span: Span,
    },
    Turn(Name),
    Region {
        name: Name,
        def: RegionDef,
    },
    Piece(Piece),
    Promote(Promote),
    /// The `cargo` kinds may ride on `carrier`; `atoms` are the cargo's moves
    /// out of the stack, `laden` the stack's own moves (`None`: the carrier's).
    Carry {
        cargo: Vec<Name>,
        carrier: Name,
        boarding: bool,
        atoms: Vec<Atom>,
        laden: Option<Vec<Atom>>,
        span: Span,
    },
    /// A declaration the players attach to moves; `draw` ends the game when
    /// all have it made, otherwise it switches rules (`when`/`unless`) on.
    Agreement {
        name: Name,
        draw: bool,
        /// (player, marker cell while withdrawn, marker cell while made).
        markers: Vec<(Name, Name, Name)>,
        span: Span,
    },
    Castling(Box<Castling>),
    Setup {
        player: Name,
        body: SetupBody,
        span: Span,
    },
    End(EndRule, Span),
    /// This material is drawn at once (the FIDE dead position; the
    /// compiler checks that no mate is possible with it).
    Insufficient {
        material: Material,
        span: Span,
    },
    Claim(Claim),
    /// Overrides an (imported) piece's value.
    Value {
        piece: Name,
        value: i32,
    },
    /// `piece` may exchange places with a friendly `partners` piece at `offset`.
    Swap {
        piece: Name,
        partners: Vec<Name>,
        offset: (i32, i32),
        filters: Vec<Filter>,
        from: Option<Name>,
        span: Span,
    },
    /// A `piece` arriving on `trigger` places a `place` piece on `on`, once per game.
    Arrival {
        piece: Name,
        trigger: Name,
        place: Name,
        on: Name,
        span: Span,
    },
    /// Cells of `region` are drawn in `colour`.
    Mark {
        region: Name,
        colour: Name,
    },
    /// A cell beside the board: it may hold pieces (from the setup), which
    /// leave it with their normal moves; no move ends on it or crosses it.
    SideCell {
        name: Name,
        at: (i32, i32),
        span: Span,
    },
    /// These pieces may capture en passant.
    Capturers(Vec<Name>),
    /// Seconds per player for the whole game.
    Clock {
        seconds: u64,
        span: Span,
    },
    /// A `piece` ending a move on a cell of `trigger` wins the game at once.
    WinningArrival {
        piece: Name,
        trigger: Name,
        /// `after-reply`: the second player may answer the first's arrival.
        after_reply: bool,
        /// `if-held`: the piece must still stand there at its owner's next turn.
        if_held: bool,
        /// `if-safe`: the piece wins while it stands there and no enemy
        /// piece attacks it, tested whoever is to move.
        if_safe: bool,
        span: Span,
    },
    /// These pieces never end a move on, nor ride through, a cell of the
    /// region (a per-player region: each player's own cells); they still
    /// guard those cells.
    Forbid {
        pieces: Vec<Name>,
        region: Name,
        span: Span,
    },
    /// Pieces no move captures; with `unless out`, only while their owner
    /// is in play.
    Uncapturable(Vec<Name>, bool),
    /// `partners P Q ...`: a team.
    Partners(Vec<Name>),
    /// `en-passant until-owner-moves`: passed cells stay open until the
    /// passing piece's owner moves again.
    EnPassantUntilOwnerMoves(Span),
    /// `capture forced`.
    CaptureForced(Span),
    /// `check forbidden`.
    CheckForbidden(Span),
    /// `check when all royal attacked`: a player is in check only while all
    /// its royal pieces are attacked.
    CheckAllRoyals(Span),
    /// `in-check capture-checker-only KINDS`.
    CheckerCapturesOnly(Vec<Name>, Span),
    /// `first-move KIND lost when aimed by KINDS`.
    FirstMoveLost {
        piece: Name,
        aimers: Vec<Name>,
        span: Span,
    },
    /// `hand captures [revert-promoted]`: a captured piece joins the
    /// captor's hand; with `revert-promoted`, a piece that promoted on the
    /// board joins it as what it was (the span of that word).
    HandCaptures {
        revert_promoted: Option<Span>,
        span: Span,
    },
    /// `hand PLAYER { KIND [N] ... }`: what a player holds at the start.
    HandHolds {
        player: Name,
        pieces: Vec<(Name, i32)>,
        span: Span,
    },
    /// `hand KIND as KIND`: a captured piece of the first kind joins the
    /// hand as the second.
    HandAs {
        captured: Name,
        joins_as: Name,
        span: Span,
    },
    /// `drop KINDS in REGION | one-per-file | at-most N per-file | no-mate`.
    Drop {
        pieces: Vec<Name>,
        rule: DropRule,
        span: Span,
    },
    /// `gate KINDS in REGION [only]`: a piece on REGION that has not moved
    /// may leave a held piece of these kinds on the cell it leaves; `only`:
    /// these kinds enter the board no other way.
    Gate {
        pieces: Vec<Name>,
        region: Name,
        only: bool,
        span: Span,
    },
    /// `promotion-limit KIND N ...`: a piece may promote to KIND only while
    /// its player has fewer than N pieces of it (each number with its span).
    PromotionLimit(Vec<(Name, i32, Span)>, Span),
    /// `royal-while-last KINDS`: pieces of these kinds are royal only while
    /// their player holds one of them.
    RoyalWhileLast(Vec<Name>, Span),
    /// `facing KINDS along (m,n) FILTERS`.
    Facing {
        kinds: Vec<Name>,
        vector: (i32, i32),
        filters: Vec<Filter>,
        must_break: Option<OutcomeWord>,
        span: Span,
    },
    /// What a finished game shares out among the players.
    Points(i32, Span),
    /// A named group of statements; `import ... except NAME` leaves it out.
    /// The loader flattens groups, so later phases never see one.
    Rules(Name, Vec<Stmt>),
    /// `explosion ...`: captures blast the pieces around them.
    Explosion(Explosion),
    /// `uncapturable KINDS by KINDS`.
    UncapturableBy(UncapturableBy),
    /// `unjumpable KINDS by KINDS` (`pieces`: the screens barred).
    Unjumpable(UncapturableBy),
    /// `pass`.
    Pass(Span),
    /// `wall KIND`.
    Wall(Name, Span),
    MaterialCount(MaterialCount),
}

#[derive(Clone, Debug, Serialize)]
pub enum Board {
    Square {
        width: i32,
        height: i32,
        files: Option<Name>,
        /// Cells of the rectangle that are not on the board (`except { ... }`).
        holes: Vec<CellItem>,
        /// The diagonal positioning: the first player looks along the
        /// cells' diagonal `(1,1)`, so a step advances by `x + y`.
        diagonal: bool,
        span: Span,
    },
    Hex {
        lines: Vec<HexLine>,
        /// Pointy-topped cells: rows run across the first player's forward
        /// direction, a vertex direction (flat-topped: an edge direction).
        pointy: bool,
        span: Span,
    },
    /// Rings of cells about a centre cell (docs/LANGUAGE.md, "Round boards").
    Round {
        rings: i32,
        sectors: i32,
        files: Option<Name>,
        span: Span,
    },
    /// Triangular cells (docs/LANGUAGE.md, "Triangular boards").
    Triangle {
        shape: TriangleShape,
        files: Option<Name>,
        holes: Vec<CellItem>,
        span: Span,
    },
}

/// The outline of a triangular board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TriangleShape {
    /// A big triangle of this side on its base (`point_down`: on its point).
    Big { side: i32, point_down: bool },
    /// Six big triangles of this side about a vertex.
    Hexagon { side: i32 },
    /// `height` rows of `width` cells, the first cell pointing up.
    Rows { width: i32, height: i32 },
}

#[derive(Clone, Debug, Serialize)]
pub struct HexLine {
    pub name: Name,
    pub from: (i32, i32),
    pub to: (i32, i32),
    /// First number and step of the cell names along the line (default 1, 1).
    pub numbered: (i32, i32),
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Orientation {
    Identity,
    /// Mirror forward and backward (ranks).
    Flip,
    /// Mirror left and right (files).
    Mirror,
    /// Rotate by this many degrees.
    Rotate(i32),
}

#[derive(Clone, Debug, Serialize)]
pub enum RegionDef {
    Shared(RegionExpr),
    PerPlayer(Vec<(Name, RegionExpr)>),
}

#[derive(Clone, Debug, Serialize)]
pub struct RegionExpr {
    /// The first term is always added.
    pub terms: Vec<(bool, RegionTerm)>,
    pub span: Span,
}

#[derive(Clone, Debug, Serialize)]
pub enum RegionTerm {
    Rank(i32, Span),
    Ranks(i32, i32, Span),
    File(Name),
    Files(Name, Name),
    Line(Name),
    All(Span),
    Cells(Vec<CellItem>),
    Ref(Name),
    /// In a per-player region: the named player's cells of this region,
    /// carried over by the two players' orientations.
    Like(Name),
}

#[derive(Clone, Debug, Serialize)]
pub enum CellItem {
    One(Name),
    Range(Name, Name, Span),
}

#[derive(Clone, Debug, Serialize)]
pub struct Piece {
    pub name: Name,
    pub letter: Option<Name>,
    pub aliases: Vec<Name>,
    pub value: Option<i32>,
    pub royal: bool,
    pub captures_en_passant: bool,
    pub atoms: Vec<Atom>,
    pub span: Span,
}

#[derive(Clone, Debug, Serialize)]
pub struct Atom {
    pub shape: AtomShape,
    pub filters: Vec<Filter>,
    pub modifiers: Vec<Modifier>,
    pub span: Span,
}

/// Which of a vector's images under the board's symmetries an atom or a
/// swap keeps. Several filters intersect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Filter {
    /// Every image (the default).
    All,
    /// The vector as written, no other image.
    Exact,
    Forward,
    Backward,
    /// Neither forward nor backward.
    Sideways,
    /// No step to either side.
    Straight,
    /// Some step to a side.
    Oblique,
    /// Forward or backward (Betza `v`; not a word of the language).
    Vertical,
}

/// `promote PIECE in REGION [when|unless A] [optional] to ... [if ...]`.
#[derive(Clone, Debug, Serialize)]
pub struct Promote {
    pub piece: Name,
    pub region: Name,
    /// Piece names, `origin` (the piece that stood there at the start) and
    /// `any` (every piece the game sets up that is neither royal nor
    /// promotes itself).
    pub choices: Vec<Name>,
    /// `by file { a P ... }`: per file, the piece and the colour it is said to have.
    pub by_file: Vec<(Name, Name, Option<Name>)>,
    /// `when A` (true) or `unless A` (false): the rule depends on agreement A.
    pub condition: Option<(bool, Name)>,
    /// `optional`: the piece may also stay what it is.
    pub optional: bool,
    /// `or-leaving`: a move that starts in the region may promote too.
    pub leaving: bool,
    /// `to playing ...`: only the listed kinds some setup places.
    pub only_playing: bool,
    /// `if ...`: the rule holds only in games that meet it.
    pub game_condition: Option<GameCondition>,
    pub span: Span,
    /// `in-place ...`: the piece promotes as its move, where it stands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_place: Option<InPlace>,
}

/// `in-place [or-moving] [peaceful] [anywhere-if-last]` on a promotion.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct InPlace {
    /// `or-moving`: also by a quiet move of the new kind.
    pub moving: bool,
    /// `peaceful`: the new piece attacks no enemy piece, and the move gives
    /// no check.
    pub peaceful: bool,
    /// `anywhere-if-last`: a player's only piece of the kind promotes from
    /// any cell.
    pub anywhere_if_last: bool,
    pub span: Span,
}

/// A fact of the game a rule may depend on (`if cells >= 100`, `if not
/// playing Pawn`), decided by the compiler.
#[derive(Clone, Debug, Serialize)]
pub enum GameCondition {
    /// The board has at least this many cells (side cells not counted).
    CellsAtLeast(i32, Span),
    /// Some setup places (true) or no setup places (false) this piece.
    Playing(bool, Name),
}

#[derive(Clone, Debug, Serialize)]
pub enum AtomShape {
    Leap((i32, i32)),
    Ride((i32, i32)),
    /// A step, then a turn by this many degrees (either way) and a second step.
    Hook((i32, i32), i32),
    /// A ride along the steps, repeated in order (two or more steps).
    Path(Vec<(i32, i32)>),
    Betza(Name),
}

#[derive(Clone, Debug, Serialize)]
pub enum SetupBody {
    /// The other player's setup reflected front to back.
    Mirror(Name),
    /// The other player's setup turned 180 degrees.
    Rotate(Name),
    /// The other player's setup carried over by the two players'
    /// orientations (their rotations about their centres).
    Like(Name),
    Explicit(Vec<(Name, Vec<CellItem>)>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum OutcomeWord {
    Loss,
    Win,
    Draw,
    /// The player goes out of the game, its pieces frozen.
    Out,
}

#[derive(Clone, Debug, Serialize)]
pub enum EndRule {
    /// The outcome for the mated player; `true`: the points go to the
    /// opponent attacking its royal piece who moved most recently
    /// (`loss to last-attacker`); the second `true`: `after-round`.
    Checkmate(OutcomeWord, bool, bool),
    /// The outcome; `true`: `after-round` (a pass first).
    Stalemate(OutcomeWord, bool),
    /// `end stalemate OUTCOME or-promotions-only`: the outcome, and a
    /// player holding two pieces whose every legal move is a promotion too.
    StalemateOrPromotionsOnly(OutcomeWord),
    /// The count, `perpetual-check`, and `perpetual-chase ...`.
    Repetition(i32, bool, Option<ChaseSpec>),
    /// The count, the kinds that reset it, and `stretched-by-checks-after C`.
    MoveRule(i32, Vec<Name>, Option<i32>),
    /// `end extinction KINDS|all [at-most N] [opponent-at-least M] [bare-back] OUTCOME`.
    Extinction(Extinction),
    /// `end checks N OUTCOME`: for the player who gives its N-th check.
    Checks(i32, OutcomeWord),
    /// `end counting OUTCOME { ... }`.
    Counting(Counting),
    /// `end checkmate by-only KINDS OUTCOME`.
    MateByOnly(Vec<Name>, OutcomeWord),
    /// `end checkmate needs-check-by KINDS OUTCOME`.
    MateNeedsCheckBy(Vec<Name>, OutcomeWord),
    /// `end double-pass OUTCOME`.
    DoublePass(OutcomeWord),
}

/// `perpetual-chase by KINDS [except KIND unless on REGION]...`.
#[derive(Clone, Debug, Serialize)]
pub struct ChaseSpec {
    /// The kinds whose attacks may be chases.
    pub by: Vec<Name>,
    /// Kinds that are chase targets only on a region: (kind, region).
    pub spared: Vec<(Name, Name)>,
}

/// What a `drop` line says of its kinds.
#[derive(Clone, Debug, Serialize)]
pub enum DropRule {
    /// Dropped only on the region's cells.
    In(Name),
    /// At most this many of the player's pieces of the kind per file, once
    /// dropped (`one-per-file` is 1), with the number's span.
    PerFile(i32, Span),
    /// A checkmate by a drop of the kind loses for the dropper.
    NoMate,
    /// While its player holds one, a piece of the kind must be dropped
    /// when one can be (no other move, no drop of another kind).
    First,
    /// A held piece of the kind may also be dropped as the one kind it
    /// promotes to.
    Promoted,
    /// The player's pieces of the kind end split evenly between the two
    /// regions: a drop may not put more than half of them (rounded up) in
    /// one, nor leave too few free cells of one for those still held.
    Split(Name, Name),
}

/// A counting rule as written: `end counting draw { starts-without KINDS
/// board-honour N  pieces-honour N [against KIND [at-least M]] ...
/// count-from pieces|zero }`.
#[derive(Clone, Debug, Serialize)]
pub struct Counting {
    pub outcome: OutcomeWord,
    pub starts_without: Vec<Name>,
    /// `lone-without KINDS`: kinds that keep a lone side's count from starting.
    pub lone_without: Vec<Name>,
    /// Every `board-honour N [at-most M]` line (one is allowed; the checker
    /// says so).
    pub board_honour: Vec<(i32, Option<i32>, Span)>,
    pub pieces_honour: Vec<HonourLine>,
    /// `count-from pieces` (true) or `zero`, each time it is said.
    pub count_from: Vec<(bool, Span)>,
}

/// `pieces-honour N [against KIND [at-least M]]`.
#[derive(Clone, Debug, Serialize)]
pub struct HonourLine {
    pub moves: i32,
    pub against: Option<Name>,
    pub at_least: Option<i32>,
    pub span: Span,
}

/// An extinction rule as written.
#[derive(Clone, Debug, Serialize)]
pub struct Extinction {
    /// The kinds counted one by one; empty for `all` (every piece together).
    pub kinds: Vec<Name>,
    /// `together`: the kinds counted as one.
    pub together: bool,
    pub at_most: Option<i32>,
    pub opponent_at_least: Option<i32>,
    pub bare_back: bool,
    pub outcome: OutcomeWord,
}

/// The pieces of two sides (royal included), as `King Bishop on light vs King`.
#[derive(Clone, Debug, Serialize)]
pub struct Material {
    pub sides: [Vec<MaterialPiece>; 2],
    pub span: Span,
}

/// A piece of a material, optionally held to the cells of a region.
#[derive(Clone, Debug, Serialize)]
pub struct MaterialPiece {
    pub piece: Name,
    pub on: Option<Name>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Claim {
    pub kind: ClaimKind,
    pub span: Span,
}

#[derive(Clone, Debug, Serialize)]
pub enum ClaimKind {
    /// Cells a piece alone on the board attacks (`attacks`) or moves to (`moves`).
    Count {
        what: CountWhat,
        player: Name,
        /// Only the moves the cargo of a stack makes while aboard.
        cargo_only: bool,
        piece: Name,
        /// `None`: at every cell of the board (each must give `expected`).
        cell: Option<Name>,
        /// Count only targets in this region.
        within: Option<Name>,
        expected: i64,
    },
    /// After the moves, this piece of this player stands on the cell.
    PieceAt {
        player: Name,
        piece: Name,
        cell: Name,
        moves: Name,
        position: Option<Name>,
    },
    /// In a position (the start if none), the number of (piece, cell)
    /// pairs where a piece of `player` (of `pieces`, or of every other kind
    /// with `except`; every kind if none are named) attacks a cell of
    /// `region`.
    Hits {
        player: Name,
        except: bool,
        pieces: Vec<Name>,
        region: Name,
        expected: i64,
        position: Option<Name>,
    },
    /// The cell belongs to the region.
    CellIn {
        cell: Name,
        region: Name,
    },
    /// No target of `piece` is a target of any of `others` (at `cell`, or at every cell).
    Disjoint {
        player: Name,
        piece: Name,
        others: Vec<Name>,
        cell: Option<Name>,
    },
    Perft {
        depth: i32,
        expected: i64,
        position: Option<Name>,
        after: Option<Name>,
    },
    Legal {
        moves: Name,
        position: Option<Name>,
    },
    Illegal {
        moves: Name,
        position: Option<Name>,
    },
    Ends {
        moves: Name,
        end: ClaimEnd,
        /// `scores 3 0 0`: each player's points, in seat order.
        scores: Option<Vec<f64>>,
        position: Option<Name>,
    },
    /// The region has this many cells.
    Size {
        region: Name,
        expected: i64,
    },
    /// The cell, or every cell of the region, has this many sides on the
    /// board's edge (directions to an edge neighbour with no cell there).
    FreeSides {
        what: Name,
        expected: i64,
    },
    /// The side to move forces a win in `moves` of its own moves, no fewer.
    MateIn {
        moves: i64,
        position: Option<Name>,
        after: Option<Name>,
    },
    /// A legal position with this material has the second side checkmated.
    MateExists(Material),
    /// No legal position with this material has either side checkmated.
    NoMate(Material),
    /// Every legal position with this material and the first side to move
    /// is a forced win for it.
    ForcedWin(Material),
}

#[derive(Clone, Debug, Serialize)]
pub enum ClaimEnd {
    Checkmate,
    Stalemate,
    Draw,
    Win(Name),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CountWhat {
    /// Cells the piece may capture on.
    Attacks,
    /// Cells the piece may move to without capturing.
    Moves,
    /// Cells it may move to or capture on.
    Reaches,
}
