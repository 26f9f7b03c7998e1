"""Writes tests/counting/pyffish.tsv: positions under counting rules as
pyffish (Fairy-Stockfish's Python binding) plays them, for tests/counting.rs.

Random games (seed 11) from endgame FENs of makruk, asean, ai-wok,
makpong and cambodian; at a third, two thirds and the end of each game it records the FEN
pyffish writes (the running count stands in its en-passant and halfmove
fields) and whether pyffish then reports an optional game end (a draw by
the count, the move rule or repetition). Run: .venv/bin/python tests/counting/make.py
"""
import random
from pathlib import Path

import pyffish as sf

STARTS = {
    "makruk": [
        "8/2s5/3k4/8/8/3K4/3R1n2/8 w - - 0 1",
        "4k3/8/8/3p4/8/3K4/3S1n2/8 w - - 0 1",
        "8/8/8/3k4/4P3/8/R7/3K4 b - - 0 1",
        "8/8/3k4/8/8/3K4/3R4/8 w - 32 30 20",
        "4k3/8/8/8/8/3K4/3SS3/8 w - - 0 1",
    ],
    "asean": [
        "8/1b6/3k4/8/8/3K4/3R1n2/8 w - - 0 1",
        "4k3/8/8/8/8/3K4/2N5/8 w - - 0 1",
        "4k3/8/8/3p4/8/3K4/3B1n2/8 w - - 0 1",
    ],
    "ai-wok": ["8/2s5/3k4/8/8/3K4/3A1n2/8 w - - 0 1"],
    "makpong": ["8/2s5/3k4/8/8/3K4/3R1n2/8 w - - 0 1"],
    # Cambodian counting: the board's honour up to three pieces, pawns or
    # not; a side of four does not count.
    "cambodian": [
        "8/2s5/3k4/8/8/3K4/3R1n2/8 w - - 0 1",
        "4k3/8/8/3p4/8/3K4/3S1n2/8 w - - 0 1",
        "8/8/8/3k4/4P3/8/R7/3K4 b - - 0 1",
        "4k3/8/8/8/8/3K4/2RSS3/8 w - - 0 1",
        "4k3/3pp3/8/8/8/3K4/2RS4/8 b - - 0 1",
    ],
}


def main() -> None:
    rng = random.Random(11)
    rows = []
    for variant, fens in STARTS.items():
        for fen in fens:
            for _ in range(2):
                moves: list[str] = []
                while len(moves) <= 300:
                    if sf.is_optional_game_end(variant, fen, moves)[0]:
                        break
                    legal = sf.legal_moves(variant, fen, moves)
                    if not legal:
                        break
                    moves.append(rng.choice(legal))
                for n in sorted({len(moves) // 3, len(moves) * 2 // 3, len(moves)}):
                    played = moves[:n]
                    end = sf.is_optional_game_end(variant, fen, played)[0]
                    rows.append((variant, fen, " ".join(played), sf.get_fen(variant, fen, played),
                                 "draw" if end else "-"))
    out = Path(__file__).with_name("pyffish.tsv")
    with out.open("w") as f:
        f.write(f"# Positions under counting rules from pyffish {sf.version()}: written by make.py (its docstring).\n")
        f.write("# variant\tstart FEN\tmoves\tpyffish's FEN after them\t'draw' if pyffish then reports an optional end\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    print(f"{len(rows)} rows")


if __name__ == "__main__":
    main()
