//! Hand-checked Shakhmattron and Mattrix rules (shared/rules/shakhmattron.md).
//! Every expected value is derived by hand from the digest and explained
//! beside the test; the independent reference generator
//! (tests/support/shakhmattron_ref.rs) is compared with the engine in
//! tests/shakhmattron_reference.rs.
//!
//! Coordinates: rows a..o (no j) from the top, r = the row counted from o
//! (o = 0 .. a = 13), v the vertical number (a row's cells are v, v+2, ...).
//! Edge neighbours (r, v±2), (r±1, v±1); vertex neighbours ("diagonals")
//! (r±2, v), (r±1, v±3). White moves up the board (towards row a).

#[path = "support/games.rs"]
mod games;
use runtime::notation::{move_to_string, parse_move, parse_position, write_general};
use runtime::{Game, GameEnd, GameResult, MoveError, MoveKind, Position};
use std::collections::BTreeSet;
use std::sync::OnceLock;

fn shakhmattron() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "stdlib/shakhmattron.variant", games::Claims::Skipped)
}

fn mattrix() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    games::shared(&GAME, "stdlib/mattrix.variant", games::Claims::Skipped)
}

fn pos(game: &'static Game, text: &str) -> Position<'static> {
    parse_position(game, text).unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

fn legal(p: &mut Position) -> BTreeSet<String> {
    let mut list = Vec::new();
    p.legal_moves(&mut list);
    list.iter().map(|&m| move_to_string(p.game(), m)).collect()
}

/// The legal moves of the piece on `from`.
fn moves_from(p: &mut Position, from: &str) -> BTreeSet<String> {
    legal(p)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(char::is_numeric))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn play(p: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = parse_move(p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make(mv);
    }
}

fn scores(game: &Game, r: &GameResult) -> Vec<f64> {
    (0..game.players()).map(|p| r.score(game, p)).collect()
}

/// The cells of a player's setup, per piece name, as in the digest.
fn setup_of(game: &Game, player: usize) -> Vec<(String, BTreeSet<String>)> {
    let start = Position::start(game);
    let mut by_kind: std::collections::BTreeMap<String, BTreeSet<String>> = Default::default();
    for c in start.pieces_of(player).iter() {
        let kind = &game.ir().kinds[game.kind_of(start.board()[c])].name;
        by_kind
            .entry(kind.clone())
            .or_default()
            .insert(game.cell_name(c).to_string());
    }
    by_kind.into_iter().collect()
}

fn cells(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(String::from).collect()
}

#[test]
fn blue_and_red_setups_are_the_digests_lists() {
    // The game file writes only White's setup; Blue's and Red's are White's
    // turned about the Throne's centre. The digest lists them explicitly.
    let g = shakhmattron();
    let expect = |lists: &[(&str, &str)]| -> Vec<(String, BTreeSet<String>)> {
        let mut v: Vec<(String, BTreeSet<String>)> = lists
            .iter()
            .map(|(k, c)| (k.to_string(), cells(c)))
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        setup_of(g, 1),
        expect(&[
            ("Rook", "a8 h1"),
            ("Bishop", "b7 g2 e6"),
            ("Knight", "c6 f3"),
            ("Queen", "d5"),
            ("King", "e4"),
            ("LightPawn", "a10 b9 c8 d7 f5 g4 h3 i2 e8 f7"),
            ("HeavyPawn", "b11 c10 d9 g6 h5 i4 f9"),
        ])
    );
    assert_eq!(
        setup_of(g, 2),
        expect(&[
            ("Rook", "h27 a20"),
            ("Bishop", "g26 b21 e22"),
            ("Knight", "f25 c22"),
            ("Queen", "e24"),
            ("King", "d23"),
            ("LightPawn", "i26 h25 g24 f23 d21 c20 b19 a18 f21 e20"),
            ("HeavyPawn", "i24 h23 g22 d19 c18 b17 f19"),
        ])
    );
}

#[test]
fn promotion_edges_and_thrones_are_the_digests() {
    let g = shakhmattron();
    let region = |name: &str, player: usize| -> BTreeSet<String> {
        let r = g
            .ir()
            .regions
            .iter()
            .find(|r| r.name == name && r.player == Some(player as u8))
            .unwrap_or_else(|| panic!("no region {name}"));
        r.cells
            .iter()
            .map(|&c| g.cell_name(c as usize).to_string())
            .collect()
    };
    assert_eq!(region("far_edge", 0), cells("a8 a10 a12 a14 a16 a18 a20"));
    assert_eq!(region("far_edge", 1), cells("h27 i26 k25 l24 m23 n22 o21"));
    assert_eq!(region("far_edge", 2), cells("h1 i2 k3 l4 m5 n6 o7"));
    assert_eq!(region("own_throne", 0), cells("h13"));
    assert_eq!(region("own_throne", 1), cells("g14"));
    assert_eq!(region("own_throne", 2), cells("h15"));
}

#[test]
fn castlings_are_the_digests() {
    // White short K o15->o19, R o21->o17; long K o15->o9, R o7->o11. Blue
    // short K e4->g2, R h1->f3; long K e4->b7, R a8->c6. Red short
    // K d23->b21, R a20->c22; long K d23->g26, R h27->f25.
    let g = shakhmattron();
    let name = |c: u16| g.cell_name(c as usize).to_string();
    let got: BTreeSet<(usize, String, String, String, String, String)> = g
        .ir()
        .castlings
        .iter()
        .map(|c| {
            (
                c.player as usize,
                c.aliases[0].clone(),
                name(c.king_from),
                name(c.king_to),
                name(c.partner_from),
                name(c.partner_to),
            )
        })
        .collect();
    let row = |p: usize, a: &str, k0: &str, k1: &str, r0: &str, r1: &str| {
        (p, a.into(), k0.into(), k1.into(), r0.into(), r1.into())
    };
    let want: BTreeSet<_> = [
        row(0, "0-0", "o15", "o19", "o21", "o17"),
        row(0, "0-0-0", "o15", "o9", "o7", "o11"),
        row(1, "0-0", "e4", "g2", "h1", "f3"),
        row(1, "0-0-0", "e4", "b7", "a8", "c6"),
        row(2, "0-0", "d23", "b21", "a20", "c22"),
        row(2, "0-0-0", "d23", "g26", "h27", "f25"),
    ]
    .into_iter()
    .collect();
    assert_eq!(got, want);
}

#[test]
fn start_position_has_34_moves_for_white() {
    // Heavy pawns m7 m9 m11 m17 m19 m21 two forward edges each (12), l14
    // two (k13 k15); light pawns: n6 l6; n8 l8 m5; n10 l10; n12 l12; n16 l16;
    // n18 l18; n20 l20 m23; n22 l22; m13 k13 l10 l16; m15 k15 l12 l18 (16);
    // knights o11 l10 l12, o17 l16 l18 (4); everything else is blocked.
    let mut p = Position::start(shakhmattron());
    assert_eq!(p.count_legal(), 34);
}

#[test]
fn no_move_captures_a_king() {
    // White to move; Blue's King on k9 stands attacked by White's Rook on k3
    // along row k (Red moved last, so the position is legal): the Rook may
    // go to k5 and k7 but not take the King.
    let g = shakhmattron();
    let mut p = pos(g, "white: Ko15 Rk3; blue: Kk9; red: Kd23; turn white");
    let rook = moves_from(&mut p, "k3");
    assert!(rook.contains("k3k5") && rook.contains("k3k7"), "{rook:?}");
    assert!(!rook.contains("k3k9"), "{rook:?}");
    assert!(!legal(&mut p).iter().any(|m| m.ends_with("k9")));
}

#[test]
fn a_move_must_leave_the_king_safe_from_both_opponents() {
    // White's Rook on o17 is pinned by Red's Rook on o21 along row o: it
    // may only move along the row (o19, or take on o21). White's King on
    // o15 may not step to n14, which Blue's Bishop on l14 attacks.
    let g = shakhmattron();
    let mut p = pos(
        g,
        "white: Ko15 Ro17; blue: Ke4 Bl14; red: Kd23 Ro21; turn white",
    );
    let rook = moves_from(&mut p, "o17");
    assert_eq!(rook, set(&["o17o19", "o17o21"]));
    // Blue's Bishop on l14 (r3) attacks n14 (r1) by the vertex step
    // (r-2, v); n14 is an edge neighbour of o15 (r+1, v-1).
    let king = moves_from(&mut p, "o15");
    assert!(!king.contains("o15n14"), "{king:?}");
    assert!(king.contains("o15n16"), "{king:?}");
}

#[test]
fn checks_by_two_players_are_met_by_king_moves_only() {
    // White's King on o15 is attacked by Blue's Rook on k11 (the edge line
    // (r-1, v+1): l12 m13 n14 o15) and by Red's Bishop on m21 (the vertex
    // line (r-1, v-3): n18 o15). No one move removes or blocks both checks,
    // so every legal move is a King move (White's Knight and Bishop have
    // none).
    let g = shakhmattron();
    let mut p = pos(
        g,
        "white: Ko15 Nm9 Bo11; blue: Ke4 Rk11; red: Kd23 Bm21; turn white",
    );
    assert!(p.in_check());
    let all = legal(&mut p);
    assert!(!all.is_empty());
    assert!(all.iter().all(|m| m.starts_with("o15")), "{all:?}");
}

#[test]
fn mate_by_one_player_is_won_by_that_player() {
    // Blue's King on h1 (a corner: neighbours h3 i2 g2, diagonals i4 g4).
    // White's Rook on h7 checks along row h; Red's Rooks on i10 and g10
    // cover i2 i4 and g2 g4; h3 is on the Rook's line. Blue has no move:
    // mated, and only White attacks the King, so White scores 3.
    let g = shakhmattron();
    let mut p = pos(
        g,
        "white: Ko7 Rh7; blue: Kh1; red: Kd23 Ri10 Rg10; turn blue",
    );
    assert!(p.in_check());
    let r = p.result().expect("mate");
    assert_eq!(r.end, GameEnd::Checkmate);
    assert_eq!(r.winner, Some(0));
    assert_eq!(scores(g, &r), vec![3.0, 0.0, 0.0]);
}

#[test]
fn mate_by_two_players_is_won_by_the_most_recent_mover() {
    // As above, plus Red's Bishop on e10 attacking h1 along the diagonal
    // (r-1, v-3): f7 g4 h1. Both White and Red attack the mated King;
    // White moved last (the turn order is White, Blue, Red), so White wins.
    let g = shakhmattron();
    let mut p = pos(
        g,
        "white: Ko7 Rh7; blue: Kh1; red: Kd23 Ri10 Rg10 Be10; turn blue",
    );
    let r = p.result().expect("mate");
    assert_eq!((r.end, r.winner), (GameEnd::Checkmate, Some(0)));
    // With Red's Rook giving the check on row h instead, only Red attacks:
    // Red wins, although White moved after Red.
    let mut p = pos(
        g,
        "white: Ko7; blue: Kh1; red: Kd23 Ri10 Rg10 Rh7; turn blue",
    );
    let r = p.result().expect("mate");
    assert_eq!((r.end, r.winner), (GameEnd::Checkmate, Some(2)));
    assert_eq!(scores(g, &r), vec![0.0, 0.0, 3.0]);
}

#[test]
fn stalemate_is_a_draw_of_one_point_each() {
    // Blue's King on h1 is not attacked, but h3 (White's Bishop on f3, the
    // vertex step (r-2, v)), i2 i4 (Red's Rook on i10) and g2 g4 (Red's
    // Rook on g10) all are.
    let g = shakhmattron();
    let mut p = pos(
        g,
        "white: Ko7 Bf3; blue: Kh1; red: Kd23 Ri10 Rg10; turn blue",
    );
    assert!(!p.in_check());
    let r = p.result().expect("stalemate");
    assert_eq!(r.end, GameEnd::Stalemate);
    assert_eq!(scores(g, &r), vec![1.0, 1.0, 1.0]);
}

#[test]
fn time_forfeit_scores_zero_and_one_and_a_half() {
    let g = shakhmattron();
    let r = GameResult::loss_on_time(g, 1);
    assert_eq!(scores(g, &r), vec![1.5, 0.0, 1.5]);
}

#[test]
fn a_king_entering_its_own_throne_wins_at_once() {
    // White's King on g16 reaches h13 by the diagonal (r-1, v-3); nothing
    // attacks h13. The game is over: White scores 3 and nobody moves on.
    let g = shakhmattron();
    let mut p = pos(g, "white: Kg16; blue: Ke4; red: Kd23; turn white");
    play(&mut p, "g16h13");
    let r = p.result().expect("throne win");
    assert_eq!((r.end, r.winner), (GameEnd::WinningArrival, Some(0)));
    assert_eq!(scores(g, &r), vec![3.0, 0.0, 0.0]);
    assert_eq!(p.count_legal(), 0);
    assert!(legal(&mut p).is_empty());
}

#[test]
fn a_king_may_not_enter_a_foreign_throne_but_guards_it() {
    // From g16 the White King's neighbours g14 (Blue's Throne) and h15
    // (Red's) are closed to it, even by capture (a Red Knight on h15).
    let g = shakhmattron();
    let mut p = pos(g, "white: Kg16; blue: Ke4; red: Kd23 Nh15; turn white");
    let king = moves_from(&mut p, "g16");
    assert!(
        !king.contains("g16g14") && !king.contains("g16h15"),
        "{king:?}"
    );
    assert!(king.contains("g16h13"), "{king:?}");
    // It still guards Blue's Throne cell: with the White King on f17
    // (f17 -> g14 is the diagonal (r-1, v-3)), Blue's King on g12 may not
    // step onto g14 (the edge step (r, v+2)); with the White King far away
    // it may, and wins. (h13, White's Throne, is closed to Blue's King.)
    let mut p = pos(g, "white: Kf17; blue: Kg12; red: Kd23; turn blue");
    let blue = moves_from(&mut p, "g12");
    assert!(
        !blue.contains("g12g14") && !blue.contains("g12h13"),
        "{blue:?}"
    );
    assert!(blue.contains("g12g10"), "{blue:?}");
    let mut p = pos(g, "white: Ko7; blue: Kg12; red: Kd23; turn blue");
    assert!(moves_from(&mut p, "g12").contains("g12g14"));
    play(&mut p, "g12g14");
    let r = p.result().expect("Blue's throne win");
    assert_eq!((r.end, r.winner), (GameEnd::WinningArrival, Some(1)));
}

#[test]
fn a_king_attacked_on_its_throne_cell_may_not_go_there() {
    // White's King on g12 could step to h13 (edge step (r-1, v+1)), but
    // Blue's Rook on h9 attacks h13 along row h (h11 empty). Without the
    // Rook the step is legal.
    let g = shakhmattron();
    let mut p = pos(g, "white: Kg12; blue: Ke4 Rh9; red: Kd23; turn white");
    let king = moves_from(&mut p, "g12");
    assert!(!king.contains("g12h13"), "{king:?}");
    assert!(king.contains("g12f13"), "{king:?}");
    let mut p = pos(g, "white: Kg12; blue: Ke4; red: Kd23; turn white");
    assert!(moves_from(&mut p, "g12").contains("g12h13"));
}

#[test]
fn mattrix_has_no_throne() {
    // The same moves in Mattrix: the King enters g14 and h15 like any cell,
    // and reaching h13 does not end the game.
    let g = mattrix();
    assert_eq!(g.ir().name, "Mattrix");
    let mut p = pos(g, "white: Kg16; blue: Ke4; red: Kd23 Nh15; turn white");
    let king = moves_from(&mut p, "g16");
    assert!(
        king.contains("g16g14") && king.contains("g16h15"),
        "{king:?}"
    );
    play(&mut p, "g16h13");
    assert!(p.result().is_none());
    assert!(p.count_legal() > 0);
    assert!(g.ir().marks.is_empty());
}

#[test]
fn castling_needs_the_kings_cell_and_the_cells_between_unattacked() {
    // A Blue Knight on l20 attacks o19 (leap (r-3, v-1)) and o21: the short
    // castling crosses o19, so only the long one remains. On l22 it
    // attacks o21 (the Rook's own cell), n18 and m17 only: both castlings.
    let g = shakhmattron();
    let base = |knight: &str| {
        format!("white: Ro7 Ko15 Ro21; blue: Ke4 N{knight}; red: Kd23; turn white; castling o7 o21")
    };
    let castles = |p: &mut Position| -> BTreeSet<String> {
        let mut list = Vec::new();
        p.legal_moves(&mut list);
        list.iter()
            .filter(|m| m.kind() == MoveKind::Castle)
            .map(|&m| move_to_string(p.game(), m))
            .collect()
    };
    let mut p = pos(g, &base("l20"));
    assert_eq!(castles(&mut p), set(&["o15o9"]));
    let mut p = pos(g, &base("l22"));
    assert_eq!(castles(&mut p), set(&["o15o19", "o15o9"]));
    // Played: the Rook jumps to the King's other side.
    play(&mut p, "0-0");
    let text = write_general(&p);
    assert!(text.contains("Ko19") && text.contains("Ro17"), "{text}");
}

#[test]
fn the_digests_opening_sequence_is_legal_and_leaves_both_castlings() {
    // White: Тm9-l8, Сo9-m9, Кo11-l10, Пn12-l12, Кo17-l18, Пn16-l16,
    // Сo19-n16, Фo13-n12, written in the original's long form; Blue and Red
    // move a Knight out and back in between.
    let g = shakhmattron();
    let mut p = Position::start(g);
    let white = [
        "Тm9-l8",
        "Сo9-m9",
        "Кo11-l10",
        "Пn12-l12",
        "Кo17-l18",
        "Пn16-l16",
        "Сo19-n16",
        "Фo13-n12",
    ];
    let others = ["c6d11", "c22d17", "d11c6", "d17c22"];
    for (i, w) in white.iter().enumerate() {
        play(&mut p, w);
        let blue = others[(i % 2) * 2];
        let red = others[(i % 2) * 2 + 1];
        play(&mut p, &format!("{blue} {red}"));
    }
    let all = legal(&mut p);
    assert!(all.contains("o15o19") && all.contains("o15o9"), "{all:?}");
}

#[test]
fn the_long_form_checks_the_piece_letter() {
    // m9 holds a heavy pawn (т), not a Knight (К).
    let g = shakhmattron();
    let mut p = Position::start(g);
    assert!(matches!(
        parse_move(&mut p, "Кm9-l8"),
        Err(MoveError::WrongPiece { .. })
    ));
    assert!(parse_move(&mut p, "Тm9-l8").is_ok());
    assert!(parse_move(&mut p, "Hm9-l8").is_ok());
}

#[test]
fn promotion_choices_per_pawn_kind_on_the_own_edge_only() {
    // White's light pawn on b9 moves to a12 (r+1, v+3) only (a6 is off the
    // board, row 14 does not exist): Rook, Bishop or Knight. The heavy pawn
    // on b17 moves to a16 and a18: Queen, Rook, Bishop or Knight each. A
    // White light pawn on i24 reaching h27 (Blue's edge) stays a pawn.
    let g = shakhmattron();
    let mut p = pos(
        g,
        "white: Ko15 Pb9 Hb17 Pi24; blue: Ke4; red: Kd23; turn white",
    );
    assert_eq!(
        moves_from(&mut p, "b9"),
        set(&["b9a12r", "b9a12b", "b9a12n"])
    );
    assert_eq!(
        moves_from(&mut p, "b17"),
        set(&[
            "b17a16q", "b17a16r", "b17a16b", "b17a16n", "b17a18q", "b17a18r", "b17a18b", "b17a18n"
        ])
    );
    assert!(moves_from(&mut p, "i24").contains("i24h27"));
}

/// The text's short notation, a piece letter and the target (`Кl10`): the
/// one legal move of such a piece to that cell; two such moves are
/// ambiguous (both heavy pawns m7 and m9 reach l8), none is refused with
/// the piece named.
#[test]
fn the_short_form_names_a_piece_and_its_target() {
    let g = shakhmattron();
    let mut p = Position::start(g);
    let knight = parse_move(&mut p, "Кl10").expect("the Knight o11 reaches l10");
    assert_eq!(g.cell_name(knight.from()), "o11");
    assert_eq!(parse_move(&mut p, "К:l10"), Ok(knight));
    match parse_move(&mut p, "Тl8") {
        Err(MoveError::Ambiguous { moves, .. }) => assert_eq!(moves, ["m7l8", "m9l8"]),
        other => panic!("Тl8 from the start: {other:?}"),
    }
    assert!(matches!(
        parse_move(&mut p, "Фl12"),
        Err(MoveError::NoPieceGoesThere { .. })
    ));
    play(&mut p, "Кl10");
    assert!(write_general(&p).contains("Nl10"));
}

/// The Shakhmattron file with `claim` appended, its claims verified: the
/// rendered diagnostics (empty when every claim holds).
fn claims_said(claim: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("stdlib/shakhmattron.variant");
    let text = std::fs::read_to_string(&path).unwrap() + "\n" + claim + "\n";
    let verify = compiler::Verify::Claims(compiler::claims::ClaimBudget::default());
    compiler::compile_bytes_with(&path, text.into_bytes(), verify).rendered()
}

/// `claim mate-in N` with three players: N counts the side to move's own
/// moves, each followed by both opponents' (plies 1 + 3 (N - 1)), and the
/// opponents defend together, each searching every move. A King entering
/// its own Throne cell unattacked wins: from g16 White steps to h13 (one
/// move); from e16 it steps to g16 first (two moves; Blue's and Red's lone
/// Kings, far away, cannot touch h13 or g16 in between). A Blue Queen on
/// a8 sweeps onto a line through the Throne cell in her one move between
/// White's two, so the two-move win is gone (the Paranoid search finds no
/// win in 4 plies); and from g16 a two-move claim fails as too slow, the
/// win coming sooner.
#[test]
fn claim_mate_in_counts_every_players_turn() {
    let near = "position \"white: Kg16; blue: Ke4; red: Kd23; turn white\"";
    let far = "position \"white: Ke16; blue: Ke4; red: Kd23; turn white\"";
    let guarded = "position \"white: Ke16; blue: Ke4 Qa8; red: Kd23; turn white\"";
    assert_eq!(claims_said(&format!("claim mate-in 1 {near}")), "");
    assert_eq!(claims_said(&format!("claim mate-in 2 {far}")), "");
    let sooner = claims_said(&format!("claim mate-in 2 {near}"));
    assert!(sooner.contains("wins sooner, in 1 move"), "{sooner}");
    let slower = claims_said(&format!("claim mate-in 1 {far}"));
    assert!(
        slower.contains("claim failed: no win in 1 move"),
        "{slower}"
    );
    let defended = claims_said(&format!("claim mate-in 2 {guarded}"));
    assert!(
        defended.contains("no win in 2 moves (searched all 4 plies"),
        "{defended}"
    );
}
