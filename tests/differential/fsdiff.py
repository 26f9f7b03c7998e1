#!/usr/bin/env python3
"""Differential test of `variant` against Fairy-Stockfish (pyffish).

For each game (chess, capablanca, mirodol) play N random games of up to P plies
from the start position.  At every position the set of legal moves reported by
pyffish is compared with the set printed by

    variant moves FILE --fen "FEN" [--moves m1 m2 ...]

and then a random move (chosen with random.Random(seed), a fresh generator per
game kind, from the sorted common move list) is played.  On the first mismatch
the game, start FEN, move list and the two set differences are printed and the
script exits 1.

    python3 tests/differential/fsdiff.py --variant-bin target/release/variant \
        --games 20 --plies 80 --seed 1

    python3 tests/differential/fsdiff.py --check-config [--deep]

--check-config needs no Rust: it validates the pyffish side (the Mirodol
configuration in mirodol.ini and the built-in capablanca/chess variants) with
perft against published Fairy-Stockfish numbers and with rule probes.

With --fairy it plays instead every file of dsl-examples/fairy/ whose row in
dsl-examples/fairy/README.md has status `exact`: random games from the start
position and from each FEN of that variant in Fairy-Stockfish's perft suite
(../shared/perft/fsf-perft-suite.tsv), comparing at every ply the legal-move
set and the game's verdict (`variant moves ... --result` against pyffish's
is_immediate_game_end, is_optional_game_end and game_result; see
tests/differential/README.md for the mapping).

    python3 tests/differential/fsdiff.py --variant-bin target/ci/variant \
        --fairy --games 2 --plies 60 --seed 7

Dependencies: Python >= 3.11, pyffish, the standard library.
Exit status: 0 success, 1 mismatch / CLI failure / failed check, 2 setup error.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import random
import re
import shlex
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
MIRODOL_INI = HERE / "mirodol.ini"


@dataclass(frozen=True)
class Game:
    name: str  # our name, used on the command line and in reports
    fs_variant: str  # pyffish variant name
    file: str  # our rules file, relative to the repository root
    fen: str  # start FEN given to both sides


GAMES = [
    Game(
        "chess",
        "chess",
        "dsl-examples/chess.variant",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    Game(
        "capablanca",
        "capablanca",
        "dsl-examples/capablanca.variant",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    ),
    Game(
        "mirodol",
        "mirodol",  # defined in mirodol.ini
        "stdlib/mirodol.variant",
        "arnbkqbnra/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ARNBKQBNRA w - - 0 1",
    ),
]
GAME_BY_NAME = {g.name: g for g in GAMES}

# Published Fairy-Stockfish perft of the start positions.
#  mirodol: ../shared/perft/mirodol.tsv (depths 1-4).
#  capablanca: depth 4 = 805128 from ../shared/perft/fairy.tsv; depths 1-3
#   are the standard Capablanca perft values (28, 784, 25228).
#  chess: the standard values, as a sanity check of the perft helper itself.
# Entries are (depth, nodes, deep): deep ones only run with --deep (slow).
PERFT = {
    "chess": [(1, 20, False), (2, 400, False), (3, 8902, False)],
    "capablanca": [(1, 28, False), (2, 784, False), (3, 25228, False), (4, 805128, True)],
    "mirodol": [(1, 40, False), (2, 1600, False), (3, 67442, False), (4, 2828643, True)],
}

# Mirodol rule probes, derived by hand from the rules text:
# (description, fen, moves played, move prefix filter, expected moves).
# The expected set is compared with pyffish's legal moves that start with prefix.
MIRODOL_PROBES = [
    ("start: pawn e2 goes 1-3 squares",
     "arnbkqbnra/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ARNBKQBNRA w - - 0 1", [], "e2",
     {"e2e3", "e2e4", "e2e5"}),
    ("start: no castling, king has no move",
     "arnbkqbnra/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ARNBKQBNRA w - - 0 1", [], "e1",
     set()),
    ("pawn on rank 3 goes 1-2 squares",
     "4k5/10/10/10/10/10/10/4P5/10/9K w - - 0 1", [], "e3", {"e3e4", "e3e5"}),
    ("pawn on rank 4 goes 1 square (never beyond rank 5)",
     "4k5/10/10/10/10/10/4P5/10/10/9K w - - 0 1", [], "e4", {"e4e5"}),
    ("pawn on rank 5 steps to rank 6 only",
     "4k5/10/10/10/10/4P5/10/10/10/9K w - - 0 1", [], "e5", {"e5e6"}),
    ("pawn on enemy half steps 1",
     "4k5/10/10/4P5/10/10/10/10/10/9K w - - 0 1", [], "e7", {"e7e8"}),
    ("pawn run stops before a blocker",
     "4k5/10/10/10/10/10/4n5/10/4P5/9K w - - 0 1", [], "e2", {"e2e3"}),
    ("black pawn on rank 9 goes 1-3 squares",
     "4k5/4p5/10/10/10/10/10/10/10/9K b - - 0 1", [], "e9", {"e9e8", "e9e7", "e9e6"}),
    ("black pawn on rank 7 steps 1",
     "4k5/10/10/4p5/10/10/10/10/10/9K b - - 0 1", [], "e7", {"e7e6"}),
    ("en passant onto both passed squares after a triple step",
     "4k5/10/10/10/10/3p6/5p4/10/4P5/9K w - - 0 1", ["e2e5"], "",
     {"d5d4", "d5e4", "f4f3", "f4e3", "e10d10", "e10d9", "e10e9", "e10f10", "e10f9"}),
    ("en passant after a double step from rank 3",
     "4k5/10/10/10/10/3p6/10/4P5/10/9K w - - 0 1", ["e3e5"], "d5", {"d5d4", "d5e4"}),
    ("en passant only on the very next move",
     "4k5/10/10/10/10/3p6/5p4/10/4P5/9K w - - 0 1", ["e2e5", "e10e9", "j1j2"], "d5",
     {"d5d4"}),
    ("black triple step, white captures en passant",
     "4k5/4p5/10/10/3P1P4/10/10/10/10/9K b - - 0 1", ["e9e6"], "",
     {"d6d7", "d6e7", "f6f7", "f6e7", "j1i1", "j1i2", "j1j2"}),
    ("white promotion to q r b n a",
     "4k5/1P8/10/10/10/10/10/10/10/9K w - - 0 1", [], "b9",
     {"b9b10q", "b9b10r", "b9b10b", "b9b10n", "b9b10a"}),
    ("black promotion to q r b n a",
     "4k5/10/10/10/10/10/10/10/1p8/9K b - - 0 1", [], "b2",
     {"b2b1q", "b2b1r", "b2b1b", "b2b1n", "b2b1a"}),
    ("archer in a corner: 4 targets",
     "4k5/10/10/10/10/10/10/10/10/A8K w - - 0 1", [], "a1",
     {"a1b4", "a1c4", "a1d2", "a1d3"}),
    ("archer in the centre: 16 targets, jumping",
     "4k5/10/10/10/10/4A5/3PPP4/10/10/9K w - - 0 1", [], "e5",
     {"e5" + f + r for f, r in [
         ("b", "4"), ("b", "6"), ("h", "4"), ("h", "6"), ("d", "2"), ("f", "2"), ("d", "8"), ("f", "8"),
         ("b", "3"), ("b", "7"), ("h", "3"), ("h", "7"), ("c", "2"), ("g", "2"), ("c", "8"), ("g", "8")]}),
]


def die(msg: str, code: int = 2) -> None:
    print(f"fsdiff: {msg}", file=sys.stderr)
    sys.exit(code)


def import_pyffish():
    try:
        import pyffish  # type: ignore
    except ImportError as e:
        die(f"cannot import pyffish ({e}); install it with `pip install pyffish`")
    return pyffish


def load_variants(sf) -> None:
    try:
        text = MIRODOL_INI.read_text()
    except OSError as e:
        die(f"cannot read {MIRODOL_INI}: {e}")
    sf.load_variant_config(text)
    available = set(sf.variants())
    for g in GAMES:
        # pyffish crashes (segfault) on unknown variant names: check first.
        if g.fs_variant not in available:
            die(f"pyffish has no variant {g.fs_variant!r} (after loading {MIRODOL_INI.name})")


# --------------------------------------------------------------------------
# --check-config


def perft(sf, variant: str, fen: str, path: list[str], depth: int) -> int:
    moves = sf.legal_moves(variant, fen, path)
    if depth <= 1:
        return len(moves)
    return sum(perft(sf, variant, fen, path + [m], depth - 1) for m in moves)


def check_config(sf, deep: bool) -> int:
    failures = 0
    for g in GAMES:
        start = sf.start_fen(g.fs_variant)
        if start != g.fen:
            print(f"FAIL {g.name}: pyffish start FEN {start!r} != {g.fen!r}")
            failures += 1
        for depth, expected, is_deep in PERFT[g.name]:
            if is_deep and not deep:
                continue
            t0 = time.perf_counter()
            nodes = perft(sf, g.fs_variant, g.fen, [], depth)
            dt = time.perf_counter() - t0
            ok = nodes == expected
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} perft {g.name} depth {depth}: "
                  f"{nodes} (expected {expected}) [{dt:.1f}s]")
    for desc, fen, played, prefix, expected in MIRODOL_PROBES:
        got = {m for m in sf.legal_moves("mirodol", fen, played) if m.startswith(prefix)}
        ok = got == expected
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} mirodol probe: {desc}")
        if not ok:
            print(f"     fen {fen} moves {' '.join(played) or '-'} prefix {prefix!r}")
            print(f"     missing {sorted(expected - got)} unexpected {sorted(got - expected)}")
    print("check-config: " + ("all ok" if not failures else f"{failures} failure(s)"))
    return 0 if not failures else 1


# --------------------------------------------------------------------------
# differential run


class CliError(Exception):
    pass


def our_moves(variant_bin: str, rules_file: Path, fen: str, moves: list[str],
              timeout: float) -> tuple[list[str], list[str]]:
    cmd = [variant_bin, "moves", str(rules_file), "--fen", fen]
    if moves:
        cmd += ["--moves", *moves]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        raise CliError(f"cannot run {variant_bin!r}: not found (build it with `cargo build --release`)")
    except PermissionError:
        raise CliError(f"cannot run {variant_bin!r}: permission denied")
    except subprocess.TimeoutExpired:
        raise CliError(f"timed out after {timeout}s:\n  {shlex.join(cmd)}")
    if p.returncode != 0:
        raise CliError(f"our CLI exited with status {p.returncode}:\n  {shlex.join(cmd)}\n"
                       f"--- stderr ---\n{p.stderr.rstrip()}\n--- stdout ---\n{p.stdout.rstrip()}")
    out = []
    for line in p.stdout.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out, cmd


def draw_by_rule(sf, variant: str, fen: str, moves: list[str]) -> str | None:
    """Why the game may be over although pyffish still lists moves (pyffish's
    legal_moves ignores claimable draws).  Our engine may legitimately end the
    game there and report no moves."""
    if sf.is_optional_game_end(variant, fen, moves)[0]:
        return "n-fold repetition / n-move rule"
    if sf.is_immediate_game_end(variant, fen, moves)[0]:
        return "immediate game end"
    if all(sf.has_insufficient_material(variant, fen, moves)):
        return "insufficient material"
    return None


def report_mismatch(sf, g: Game, game_no: int, moves: list[str], fs: set[str],
                    ours: list[str], cmd: list[str], note: str = "") -> None:
    ours_set = set(ours)
    print(f"MISMATCH in game '{g.name}' (random game #{game_no + 1}, after {len(moves)} plies){note}")
    print(f"  start FEN : {g.fen}")
    print(f"  moves     : {' '.join(moves) if moves else '(none)'}")
    print(f"  FEN now   : {sf.get_fen(g.fs_variant, g.fen, moves)} (pyffish)")
    print(f"  only pyffish ({len(fs - ours_set)}): {' '.join(sorted(fs - ours_set)) or '-'}")
    print(f"  only ours    ({len(ours_set - fs)}): {' '.join(sorted(ours_set - fs)) or '-'}")
    dups = sorted({m for m in ours if ours.count(m) > 1})
    if dups:
        print(f"  printed more than once by ours: {' '.join(dups)}")
    print(f"  counts: pyffish {len(fs)}, ours {len(ours)}")
    print(f"  reproduce : {shlex.join(cmd)}")


def run_game_kind(sf, g: Game, args) -> tuple[int, dict]:
    rng = random.Random(args.seed)
    rules_file = Path(args.root) / g.file
    if not rules_file.is_file():
        print(f"fsdiff: our rules file {rules_file} does not exist", file=sys.stderr)
        return 1, {}
    stats = {"games": 0, "positions": 0, "plies": 0, "no_moves": 0, "max_plies": 0, "draw_rule": 0}
    for game_no in range(args.games):
        moves: list[str] = []
        stats["games"] += 1
        while True:
            fs = set(sf.legal_moves(g.fs_variant, g.fen, moves))
            try:
                ours, cmd = our_moves(args.variant_bin, rules_file, g.fen, moves, args.timeout)
            except CliError as e:
                print(f"fsdiff: game '{g.name}', start FEN {g.fen}")
                print(f"  moves: {' '.join(moves) if moves else '(none)'}")
                print(str(e))
                return 1, stats
            stats["positions"] += 1
            if len(ours) != len(set(ours)) or set(ours) != fs:
                reason = draw_by_rule(sf, g.fs_variant, g.fen, moves) if fs and not ours else None
                if reason:  # our engine ended the game by a draw rule: accept, stop.
                    stats["draw_rule"] += 1
                    break
                note = "; ours has duplicates" if len(ours) != len(set(ours)) else ""
                report_mismatch(sf, g, game_no, moves, fs, ours, cmd, note)
                return 1, stats
            if not fs:
                stats["no_moves"] += 1
                break
            if len(moves) >= args.plies:
                stats["max_plies"] += 1
                break
            moves.append(rng.choice(sorted(fs)))
            stats["plies"] += 1
        if args.verbose:
            print(f"  {g.name} game {game_no + 1}: {len(moves)} plies", file=sys.stderr)
    return 0, stats


# --------------------------------------------------------------------------
# --fairy: the files of dsl-examples/fairy/ with status `exact`

FAIRY_DIR = REPO / "dsl-examples" / "fairy"
SUITE = REPO.parent / "shared" / "perft" / "fsf-perft-suite.tsv"

# Promotion letters where Fairy-Stockfish's UCI move differs from ours
# (its last character): Wolf chess writes the pawn's promotion to the
# elephant as a piece promotion, `h9h10+`; our file names the elephant, `h9h10e`.
PROMOTION_LETTERS = {"wolf": {"+": "e"}}

# Variants whose promotions Fairy-Stockfish writes `a4a5+` whatever the piece
# becomes: our listed moves' promotion letter is read as `+` for them (our
# move reader takes `+` for the one promotion of a move).
PLUS_PROMOTIONS = {"torishogi", "dobutsu", "minishogi", "shogi", "shoshogi", "euroshogi", "yarishogi"}
PLUS_MOVE = re.compile(r"^([a-z]+\d+)([a-z]+\d+)[a-z]$")


# Variants whose pieces turn over and back (Fairy-Stockfish writes `a1a2+`
# and `a1a2-`): our letter of the kind a move turns a piece into is `-`
# when it is one of these (the unpromoted sides), else `+`.
DEMOTED_LETTERS = {"kyotoshogi": "psln", "micro": "lbrp"}


def plus_form(variant: str, moves: list[str]) -> list[str]:
    if variant in DEMOTED_LETTERS:
        down = DEMOTED_LETTERS[variant]
        return [PLUS_MOVE.sub(lambda g: g[1] + g[2] + ("-" if g[0][-1] in down else "+"), m)
                for m in moves]
    if variant not in PLUS_PROMOTIONS:
        return moves
    return [PLUS_MOVE.sub(r"\1\2+", m) for m in moves]

# Comment written by the fairy files above a claim whose FEN our reader takes
# only in another form: the suite's FEN, then the claim's FEN on the next line.
FEN_NOTE = 'The suite writes this position "'


@dataclass(frozen=True)
class FairyStart:
    variant: str      # the suite's (pyffish's) variant name
    file: Path        # our file
    fs_fen: str       # the FEN given to pyffish
    our_fen: str | None  # the FEN given to us; None: our file's own start position
    label: str


def fairy_table() -> list[tuple[str, str, str]]:
    """(variant, file, status) of each README row with status `exact` or `partial`."""
    rows = []
    readme = FAIRY_DIR / "README.md"
    for line in readme.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not line.startswith("|") or cells[0] in ("variant", "") or set(cells[0]) <= {"-"}:
            continue
        if cells[3] in ("exact", "partial"):
            rows.append((cells[0], cells[1].strip("`"), cells[3]))
    return rows


def suite_fens(variant: str) -> list[str]:
    fens = []
    for line in SUITE.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        v, pos = line.split("\t")[:2]
        if v == variant and pos != "startpos" and pos not in fens:
            fens.append(pos)
    return fens


def fen_map(file: Path) -> dict[str, str]:
    """The suite's FEN -> the FEN our file's claim uses instead (see FEN_NOTE)."""
    out = {}
    lines = file.read_text().splitlines()
    for i, line in enumerate(lines):
        if FEN_NOTE in line and i + 1 < len(lines):
            suite = line.split(FEN_NOTE, 1)[1].split('"', 1)[0]
            ours = lines[i + 1].split('position "', 1)[1].split('"', 1)[0]
            out[suite] = ours
    return out


def fairy_starts(sf, only: list[str] | None) -> list[FairyStart]:
    starts = []
    available = set(sf.variants())
    for variant, name, status in fairy_table():
        if only and variant not in only:
            continue
        # A partial file plays by Fairy-Stockfish's rules from the positions
        # it claims (its note says which rule it cannot state): compared
        # only when named with --only, from its start and claimed FENs.
        if status == "partial" and not only:
            continue
        file = FAIRY_DIR / name
        if variant not in available:
            die(f"pyffish has no variant {variant!r} (README row of {name})")
        starts.append(FairyStart(variant, file, sf.start_fen(variant), None, "start"))
        mapping = fen_map(file)
        claimed = file.read_text()
        for fen in suite_fens(variant):
            if status == "partial" and f'position "{mapping.get(fen, fen)}"' not in claimed:
                continue
            starts.append(FairyStart(variant, file, fen, mapping.get(fen, fen), fen))
    return starts


def to_ours(variant: str, move: str) -> str:
    letters = PROMOTION_LETTERS.get(variant, {})
    if move and move[-1] in letters:
        return move[:-1] + letters[move[-1]]
    return move


def our_position(variant_bin: str, st: FairyStart, moves: list[str], timeout: float):
    """Our legal moves and verdict: (moves, verdict line, command)."""
    cmd = [variant_bin, "moves", str(st.file)]
    if st.our_fen is not None:
        cmd += ["--fen", st.our_fen]
    if moves:
        cmd += ["--moves", *[to_ours(st.variant, m) for m in moves]]
    cmd.append("--result")
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        raise CliError(f"cannot run {variant_bin!r}: not found")
    except subprocess.TimeoutExpired:
        raise CliError(f"timed out after {timeout}s:\n  {shlex.join(cmd)}")
    if p.returncode != 0:
        raise CliError(f"our CLI exited with status {p.returncode}:\n  {shlex.join(cmd)}\n"
                       f"--- stderr ---\n{p.stderr.rstrip()}\n--- stdout ---\n{p.stdout.rstrip()}")
    lines = [l.strip() for l in p.stdout.splitlines() if l.strip() and not l.startswith("#")]
    if not lines or not lines[-1].startswith("result:"):
        raise CliError(f"no `result:` line from\n  {shlex.join(cmd)}")
    return lines[:-1], lines[-1], cmd


def our_verdict(line: str, to_move: str) -> tuple[str, str]:
    """`result: REASON win|loss PLAYER | REASON draw | none` -> (outcome, reason):
    outcome `none`, `draw`, `white` or `black` (the winner)."""
    words = line.split()[1:]
    if words == ["none"]:
        return "none", ""
    reason = words[0]
    if words[1:] == ["draw"]:
        return "draw", reason
    if len(words) == 3 and words[1] in ("win", "loss") and words[2] in ("white", "black"):
        player = words[2]
        other = "black" if player == "white" else "white"
        return (player if words[1] == "win" else other), reason
    raise CliError(f"cannot read our verdict {line!r}")


def fs_verdict(sf, variant: str, fen: str, moves: list[str], fs_moves: set[str]) -> tuple[str, str, bool]:
    """Fairy-Stockfish's verdict: (outcome, reason class, claimable).

    Its values are from the side to move's point of view: > 0 a win for it,
    < 0 a loss, 0 a draw. Order as its own game loop judges: a variant's
    immediate end first, then no legal move (game_result: checkmate or
    stalemate by the variant's values), then a claimable end
    (is_optional_game_end: n-move rule, repetition), which our engine takes
    at once."""
    to_move = "white" if sf.get_fen(variant, fen, moves).split()[1] == "w" else "black"
    other = "black" if to_move == "white" else "white"

    def outcome(value: int) -> str:
        return "draw" if value == 0 else (to_move if value > 0 else other)

    end, value = sf.is_immediate_game_end(variant, fen, moves)
    if end:
        return outcome(value), "variant", False
    if not fs_moves:
        value = sf.game_result(variant, fen, moves)
        in_check = sf.gives_check(variant, fen, moves)
        return outcome(value), ("checkmate" if in_check else "stalemate"), False
    end, value = sf.is_optional_game_end(variant, fen, moves)
    if end:
        return outcome(value), "claim", True
    return "none", "", False


# Our reasons that each of Fairy-Stockfish's reason classes may stand for.
REASONS = {
    "variant": {"winning_arrival", "extinction", "checks", "facing", "double-pass"},
    "checkmate": {"checkmate"},
    "stalemate": {"stalemate"},
    "claim": {"repetition", "move_rule", "counting"},
    "": {""},
}

# Where a file words a rule differently with the same result in every
# position (said in the file): Clobber needs an end for a game without a
# royal piece, so a player left with no stone loses by extinction there,
# while Fairy-Stockfish sees that player, to move, without a move.
# Sittuyin's king and pawn whose only moves are promotions: a claimable
# draw in Fairy-Stockfish (is_optional_game_end), a stalemate in the file
# (`end stalemate draw or-promotions-only`), drawn at once.
REASON_ALIASES = {"clobber": {"stalemate": {"extinction"}},
                  "sittuyin": {"claim": {"stalemate"}}}


PRINT_LOCK = threading.Lock()


def report_fairy(sf, st: FairyStart, game_no: int, moves: list[str], fs: set[str],
                 ours: list[str], cmd: list[str], what: str) -> None:
    with PRINT_LOCK:
        _report_fairy(sf, st, game_no, moves, fs, ours, cmd, what)


def _report_fairy(sf, st: FairyStart, game_no: int, moves: list[str], fs: set[str],
                  ours: list[str], cmd: list[str], what: str) -> None:
    ours_set = set(ours)
    print(f"MISMATCH ({what}) in fairy variant '{st.variant}' ({st.file.name}), "
          f"start {st.label!r}, random game #{game_no + 1}, after {len(moves)} plies")
    print(f"  start FEN : {st.fs_fen} (pyffish)" + ("" if st.our_fen in (None, st.fs_fen) else f", {st.our_fen} (ours)"))
    print(f"  moves     : {' '.join(moves) if moves else '(none)'}")
    print(f"  FEN now   : {sf.get_fen(st.variant, st.fs_fen, moves)} (pyffish)")
    print(f"  only pyffish ({len(fs - ours_set)}): {' '.join(sorted(fs - ours_set)) or '-'}")
    print(f"  only ours    ({len(ours_set - fs)}): {' '.join(sorted(ours_set - fs)) or '-'}")
    print(f"  reproduce : {shlex.join(cmd)}")


def run_fairy_start(sf, st: FairyStart, rng: random.Random, args, stats: dict) -> int:
    for game_no in range(args.games):
        moves: list[str] = []
        stats["games"] += 1
        while True:
            fs_list = sf.legal_moves(st.variant, st.fs_fen, moves)
            fs = {to_ours(st.variant, m) for m in fs_list}
            try:
                ours, line, cmd = our_position(args.variant_bin, st, moves, args.timeout)
                ours = plus_form(st.variant, ours)
                to_move = "white" if sf.get_fen(st.variant, st.fs_fen, moves).split()[1] == "w" else "black"
                mine = our_verdict(line, to_move)
            except CliError as e:
                with PRINT_LOCK:
                    print(f"fsdiff: fairy variant '{st.variant}', start {st.label!r}")
                    print(f"  moves: {' '.join(moves) if moves else '(none)'}")
                    print(str(e))
                return 1
            stats["positions"] += 1
            if len(ours) != len(set(ours)) or set(ours) != fs:
                report_fairy(sf, st, game_no, moves, fs, ours, cmd, "legal moves")
                return 1
            theirs, reason, claimable = fs_verdict(sf, st.variant, st.fs_fen, moves, set(fs_list))
            allowed = REASONS[reason] | REASON_ALIASES.get(st.variant, {}).get(reason, set())
            if mine[0] != theirs or mine[1] not in allowed:
                report_fairy(sf, st, game_no, moves, fs, ours, cmd,
                             f"verdict: ours {line!r}, pyffish {theirs}"
                             + (f" by {reason}" if reason else "")
                             + (" (claimable)" if claimable else ""))
                return 1
            if theirs != "none":
                stats["ended"][reason] = stats["ended"].get(reason, 0) + 1
                break
            if len(moves) >= args.plies:
                stats["max_plies"] += 1
                break
            moves.append(rng.choice(sorted(fs_list)))
            stats["plies"] += 1
    return 0


def run_fairy_variant(sf, variant: str, sts: list[FairyStart], args) -> tuple[int, str]:
    """Plays one variant's games; returns (status, summary line). Output of a
    mismatch is printed at once (a lock keeps parallel variants apart)."""
    t0 = time.perf_counter()
    rng = random.Random(f"{args.seed}/{variant}")
    stats = {"games": 0, "positions": 0, "plies": 0, "max_plies": 0, "ended": {}}
    for st in sts:
        if run_fairy_start(sf, st, rng, args, stats):
            return 1, ""
    ended = ", ".join(f"{n} {k or 'none'}" for k, n in sorted(stats["ended"].items())) or "none"
    return 0, (f"{variant}: {len(sts)} start positions, {stats['games']} games, "
               f"{stats['positions']} positions compared (moves and verdict), {stats['plies']} plies "
               f"(ended: {ended}; {stats['max_plies']} ply limit) [{time.perf_counter() - t0:.1f}s]")


def run_fairy(sf, args) -> int:
    starts = fairy_starts(sf, args.only)
    if not starts:
        die("no fairy variant selected (README rows with status `exact`)")
    by_variant: dict[str, list[FairyStart]] = {}
    for st in starts:
        by_variant.setdefault(st.variant, []).append(st)
    total = time.perf_counter()
    # Each variant's games depend only on its own generator (seeded by the
    # variant's name), so running variants in parallel changes no game.
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_fairy_variant, sf, v, sts, args) for v, sts in by_variant.items()]
        failed = False
        for fut in futures:
            rc, line = fut.result()
            if rc:
                failed = True
            elif line:
                print(line, flush=True)
        if failed:
            return 1
    print(f"fairy: {len(by_variant)} variants, all positions agree [{time.perf_counter() - total:.1f}s]")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant-bin", default="target/release/variant",
                    help="our CLI binary (default: %(default)s)")
    ap.add_argument("--games", type=int, default=10, help="random games per game kind")
    ap.add_argument("--plies", type=int, default=60, help="maximum plies per random game")
    ap.add_argument("--seed", type=int, default=0, help="random seed")
    ap.add_argument("--only", action="append",
                    help="run only this game kind (repeatable; with --fairy a suite variant name)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="with --fairy: variants played at once (our CLI calls run in parallel)")
    ap.add_argument("--fairy", action="store_true",
                    help="play the `exact` files of dsl-examples/fairy/ (legal moves and verdicts)")
    ap.add_argument("--root", default=str(REPO),
                    help="directory our rules files are relative to (default: the repository root)")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds allowed per CLI call (default: %(default)s)")
    ap.add_argument("--check-config", action="store_true",
                    help="validate the pyffish side (perft, Mirodol rule probes) and exit")
    ap.add_argument("--deep", action="store_true",
                    help="with --check-config: also the slow depth-4 perfts (minutes)")
    ap.add_argument("-v", "--verbose", action="store_true", help="progress on stderr")
    args = ap.parse_args()
    if args.games < 0 or args.plies < 0:
        ap.error("--games and --plies must be >= 0")

    sf = import_pyffish()
    load_variants(sf)

    if args.check_config:
        return check_config(sf, args.deep)
    if args.fairy:
        return run_fairy(sf, args)
    if args.only and any(n not in GAME_BY_NAME for n in args.only):
        ap.error(f"--only: choose from {', '.join(GAME_BY_NAME)} (or use --fairy)")

    games = [GAME_BY_NAME[n] for n in args.only] if args.only else GAMES
    summaries = []
    for g in games:
        t0 = time.perf_counter()
        rc, st = run_game_kind(sf, g, args)
        if rc:
            return rc
        dt = time.perf_counter() - t0
        summaries.append(
            f"{g.name}: {st['games']} games, {st['positions']} positions compared, "
            f"{st['plies']} plies played (ended: {st['no_moves']} no legal moves, "
            f"{st['max_plies']} ply limit, {st['draw_rule']} draw rule) [{dt:.1f}s]")
    for line in summaries:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
