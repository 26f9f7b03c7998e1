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


def reversed_move(m):
    a, b = split(m)
    return b + a


def is_capture(variant, fen, moves, m):
    def pieces(ms):
        return sum(c.isalpha() for c in sf.get_fen(variant, fen, ms).split()[0])
    return pieces(moves + [m]) < pieces(moves)


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
    args = ap.parse_args()
    rng = random.Random(args.seed)
    fen = args.fen or sf.start_fen(args.variant)
    counts = {}
    bad = 0
    done = 0
    while done < args.trials:
        played = trial(args, rng, fen)
        if played is None:
            continue
        done += 1
        want = theirs(args.variant, fen, played)
        got = ours(args, fen, played)
        counts[want] = counts.get(want, 0) + 1
        if want != got:
            bad += 1
            print(f"MISMATCH: pyffish {want}, ours {got}\n  fen {fen}\n  moves {' '.join(played)}")
    print(f"{done} cycles, verdicts (pyffish): {counts}, mismatches: {bad}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
