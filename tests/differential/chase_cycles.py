#!/usr/bin/env python3
"""Repetition verdicts against Fairy-Stockfish, for games with a
perpetual-check or perpetual-chase rule (xiangqi by default).

Random play reaches a position; then each side plays a random non-capture
and its reverse, twice (an 8-ply cycle, the start position's third
occurrence), so most cycles are plain repetitions and some are perpetual
checks or chases. At the first ply where pyffish's is_optional_game_end or
is_immediate_game_end ends the game (or at the cycle's end) our verdict
(`variant moves FILE --fen --moves ... --result`) must agree.

  chase_cycles.py --variant-bin target/ci/variant [--variant xiangqi]
                  [--file dsl-examples/fairy/xiangqi.variant] [--trials 200]
                  [--seed 1] [--fen FEN]
"""
import argparse
import random
import subprocess
import sys

import pyffish as sf


def ours(args, fen, moves):
    cmd = [args.variant_bin, "moves", args.file, "--fen", fen, "--moves", *moves, "--result"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return "error: " + (p.stderr.strip().splitlines() or ["?"])[-1]
    line = [l for l in p.stdout.splitlines() if l.startswith("result:")][-1]
    words = line.split()[1:]
    if words == ["none"]:
        return "none"
    if words[-1] == "draw":
        return "draw"
    player, other = words[-1], ("black" if words[-1] == "white" else "white")
    return player if words[-2] == "win" else other


def theirs(variant, fen, moves):
    to_move = "white" if sf.get_fen(variant, fen, moves).split()[1] == "w" else "black"
    other = "black" if to_move == "white" else "white"
    for judge in (sf.is_immediate_game_end, sf.is_optional_game_end):
        end, value = judge(variant, fen, moves)
        if end:
            return "draw" if value == 0 else (to_move if value > 0 else other)
    return "none"


def split(m):
    # Xiangqi-style coordinates: a letter and one or two digits per cell.
    i = 1
    while i < len(m) and m[i].isdigit():
        i += 1
    return m[:i], m[i:]


def piece_on(board, cell):
    f, r = ord(cell[0]) - ord("a"), int(cell[1:])
    row = board.split("/")[10 - r]
    i = 0
    for ch in row:
        if ch.isdigit():
            i += int(ch)
        else:
            if i == f:
                return ch
            i += 1
    return ""


def threatens(variant, fen, moves, m):
    """Could the piece moved by `m` capture something next, were it to
    move again?"""
    after = sf.get_fen(variant, fen, moves + [m]).split()
    after[1] = "w" if after[1] == "b" else "b"
    again = " ".join(after)
    if sf.validate_fen(again, variant) != 1:
        return False
    to = split(m)[1]
    try:
        return any(split(x)[0] == to and is_capture(variant, again, [], x)
                   for x in sf.legal_moves(variant, again, []))
    except Exception:
        return False


def reversed_move(m):
    a, b = split(m)
    return b + a


def is_capture(variant, fen, moves, m):
    def pieces(ms):
        return sum(c.isalpha() for c in sf.get_fen(variant, fen, ms).split()[0])
    return pieces(moves + [m]) < pieces(moves)


def sparse_fen(rng):
    """A random xiangqi position with few pieces: the generals in their
    palaces, a few chariots, horses, cannons and soldiers (and an advisor or
    elephant on its points), white to move; None if pyffish rejects it."""
    board = [["" for _ in range(9)] for _ in range(10)]  # [rank][file], rank 0 = white's back rank
    board[rng.randrange(0, 3)][rng.randrange(3, 6)] = "K"
    board[rng.randrange(7, 10)][rng.randrange(3, 6)] = "k"
    for white in (True, False):
        for _ in range(rng.randrange(2, 6)):
            letter = rng.choice("RRNNCCPPAB")
            if letter == "A":
                cells = [(0, 3), (0, 5), (1, 4), (2, 3), (2, 5)]
            elif letter == "B":
                cells = [(0, 2), (0, 6), (2, 0), (2, 4), (2, 8), (4, 2), (4, 6)]
            elif letter == "P":
                cells = [(r, f) for r in range(3, 10) for f in range(9) if r >= 5 or f % 2 == 0]
            else:
                cells = [(r, f) for r in range(10) for f in range(9)]
            r, f = rng.choice(cells)
            if not white:
                r = 9 - r
            if not board[r][f]:
                board[r][f] = letter if white else letter.lower()
    rows = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for f in range(9):
            if board[r][f]:
                row += (str(empty) if empty else "") + board[r][f]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    fen = "/".join(rows) + " w - - 0 1"
    if sf.validate_fen(fen, "xiangqi") != 1 or not sf.legal_moves("xiangqi", fen, []):
        return None
    black = fen.replace(" w ", " b ")
    if sf.gives_check("xiangqi", fen, []) or sf.validate_fen(black, "xiangqi") != 1 \
            or sf.gives_check("xiangqi", black, []):
        return None
    return fen


def trial(args, rng, fen):
    v = args.variant
    moves = []
    for _ in range(rng.randrange(0, args.max_start)):
        legal = sf.legal_moves(v, fen, moves)
        if not legal or theirs(v, fen, moves) != "none":
            return None
        moves.append(rng.choice(legal))
    cycle = []
    for _ in range(2):
        legal = [m for m in sf.legal_moves(v, fen, moves + cycle) if not is_capture(v, fen, moves + cycle, m)]
        board = sf.get_fen(v, fen, moves + cycle).split()[0]
        # Moves by riders and leapers that may chase, most of the time.
        chasing = [m for m in legal if piece_on(board, split(m)[0]) in "RNCrnc"]
        if chasing and rng.random() < 0.8:
            legal = chasing
            threats = [m for m in legal if threatens(v, fen, moves + cycle, m)]
            if threats and rng.random() < 0.8:
                legal = threats
        if not legal:
            return None
        cycle.append(rng.choice(legal))
    r = [reversed_move(cycle[0]), reversed_move(cycle[1])]
    cycle = (cycle + r) * 2
    played = list(moves)
    for m in cycle:
        if theirs(v, fen, played) != "none":
            break
        if m not in sf.legal_moves(v, fen, played):
            return None
        played.append(m)
    return played


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant-bin", required=True)
    ap.add_argument("--variant", default="xiangqi")
    ap.add_argument("--file", default="dsl-examples/fairy/xiangqi.variant")
    ap.add_argument("--trials", type=int, default=200)
    ap.add_argument("--max-start", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fen")
    ap.add_argument("--sparse", action="store_true", help="random positions with few pieces")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    fen = args.fen or sf.start_fen(args.variant)
    counts = {}
    bad = 0
    done = 0
    while done < args.trials:
        if args.sparse:
            fen = None
            while fen is None:
                fen = sparse_fen(rng)
        played = trial(args, rng, fen)
        if played is None:
            continue
        got = ours(args, fen, played)
        if "bad position" in got:
            continue  # the side not to move in check: no game reaches it
        done += 1
        want = theirs(args.variant, fen, played)
        counts[want] = counts.get(want, 0) + 1
        if want != got:
            bad += 1
            print(f"MISMATCH: pyffish {want}, ours {got}\n  fen {fen}\n  moves {' '.join(played)}")
    print(f"{done} cycles, verdicts (pyffish): {counts}, mismatches: {bad}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
