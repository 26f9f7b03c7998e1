#!/usr/bin/env python3
"""The move rule stretched by checks (`end move-rule 50
stretched-by-checks-after 10`, xiangqi) against Fairy-Stockfish.

From sparse positions whose move counter is already high (50 to 75 plies),
White (a chariot, a horse, a cannon) gives check whenever it can and Black
(its general and advisors) answers, no move a capture and, where it can,
none to a position seen before (so that repetition ends few games), for
up to 80 plies:
at each ply our verdict (`variant moves FILE --fen --moves ... --result`)
must be pyffish's (is_immediate_game_end, then is_optional_game_end), up
to the first ply where either ends the game.

  move_rule_checks.py --variant-bin target/ci/variant [--trials 30] [--seed 1]
"""
import argparse
import random
import sys

import pyffish as sf

from chase_cycles import ours, theirs as special_end


def theirs(variant, fen, moves):
    """pyffish's verdict: a game without legal moves by `game_result`,
    else its immediate and optional ends."""
    if not sf.legal_moves(variant, fen, moves):
        value = sf.game_result(variant, fen, moves)
        to_move = "white" if sf.get_fen(variant, fen, moves).split()[1] == "w" else "black"
        other = "black" if to_move == "white" else "white"
        return "draw" if value == 0 else (to_move if value > 0 else other)
    return special_end(variant, fen, moves)

STARTS = [
    "3k5/4a4/9/9/9/9/9/9/4A4/R2NK1C2 w - - {hm} 1",
    "3ka4/9/9/9/9/9/9/9/9/RN1AKC3 w - - {hm} 1",
    "3ak4/9/9/9/9/9/9/9/4A4/1CRK1N3 w - - {hm} 1",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant-bin", required=True)
    ap.add_argument("--file", default="dsl-examples/fairy/xiangqi.variant")
    ap.add_argument("--variant", default="xiangqi")
    ap.add_argument("--trials", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    compared = stretched = 0
    for t in range(args.trials):
        fen = rng.choice(STARTS).format(hm=rng.randint(50, 75))
        moves = []
        seen = {" ".join(fen.split()[:2])}
        for _ in range(80):
            legal = [m for m in sf.legal_moves(args.variant, fen, moves)
                     if not sf.is_capture(args.variant, fen, moves, m)]
            if not legal:
                break
            # Positions not seen before, so that repetition ends few games.
            fresh = [m for m in legal
                     if " ".join(sf.get_fen(args.variant, fen, moves + [m]).split()[:2]) not in seen]
            legal = fresh or legal
            checking = [m for m in legal if sf.gives_check(args.variant, fen, moves + [m])]
            pool = checking if checking and rng.random() < 0.9 else legal
            moves.append(rng.choice(pool))
            seen.add(" ".join(sf.get_fen(args.variant, fen, moves).split()[:2]))
            want = theirs(args.variant, fen, moves)
            got = ours(args, fen, moves)
            compared += 1
            if want != got:
                print(f"MISMATCH trial {t}: fen {fen} moves {' '.join(moves)}: "
                      f"pyffish {want}, ours {got}")
                return 1
            if want != "none":
                # Ended later than the plain rule would have: stretched.
                hm = int(fen.split()[4]) + len(moves)
                stretched += hm > 100
                break
    print(f"move_rule_checks: {args.trials} trials, {compared} positions agree, "
          f"{stretched} games ended past the plain rule's 100 plies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
