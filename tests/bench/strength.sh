#!/usr/bin/env bash
# The engine's strength against a random mover and a one-ply greedy player,
# on every stdlib game: about 100 games each, the engine playing every seat
# in turn (the others all random, or all greedy), scored by the engine's
# share of the points. Prints a markdown table (docs/PERFORMANCE.md).
#
#   tests/bench/strength.sh [ENGINE] [GAMES]   (default engine:nodes=5000, 100)
#
# FILES overrides the list of games (space-separated paths), OPPONENTS the
# opponents (default "random greedy").
# Deterministic: a node limit and fixed seeds. BIN=target/ci/variant by
# default (build it with `cargo build --profile ci`); THREADS=1.
set -euo pipefail
cd "$(dirname "$0")/../.."
ENGINE=${1:-engine:nodes=5000}
GAMES=${2:-100}
BIN=${BIN:-target/ci/variant}
THREADS=${THREADS:-1}
OUT=target/bench/strength
mkdir -p "$OUT"
GAME_FILES=${FILES:-"stdlib/mirodol.variant stdlib/hundred.variant stdlib/das.variant
  stdlib/shakhmattron.variant stdlib/mattrix.variant stdlib/cosmic/square-10.variant
  stdlib/cosmic/square-9.variant stdlib/cosmic/square-4p.variant stdlib/cosmic/hex-3p.variant
  stdlib/cosmic/hex-6p.variant stdlib/cosmic/square-diag.variant stdlib/cosmic/tri-2p.variant
  stdlib/cosmic/tri-3p.variant stdlib/cosmic/round-2p.variant"}
echo "| game | opponents | games | engine's points | share of all points | engine wins | other wins | no winner |"
echo "|---|---|---|---|---|---|---|---|"
for file in $GAME_FILES; do
  name=$(basename "$file" .variant)
  seats=$("$BIN" check "$file" --no-claims --dump ir 2>/dev/null | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["players"]))')
  for opp in ${OPPONENTS:-random greedy}; do
    per_seat=$(( (GAMES + seats - 1) / seats ))
    files=()
    for ((k = 0; k < seats; k++)); do
      players=()
      for ((s = 0; s < seats; s++)); do
        if [ "$s" -eq "$k" ]; then players+=("$ENGINE"); else players+=("$opp"); fi
      done
      list=$(IFS=,; echo "${players[*]}")
      f="$OUT/$name-$opp-seat$k.jsonl"
      "$BIN" selfplay "$file" --games "$per_seat" --players "$list" --threads "$THREADS" \
        --seed $((k + 1)) --max-plies $((300 * seats)) --out "$f" >/dev/null
      files+=("$f")
    done
    python3 - "$ENGINE" "$opp" "${files[@]}" <<'PY'
import json, sys
engine, opp, files = sys.argv[1], sys.argv[2], sys.argv[3:]
games = mine = total = ewins = owins = draws = 0
name = ""
for f in files:
    for line in open(f):
        r = json.loads(line)
        name = r["variant"]
        seat = r["players"].index(engine)
        games += 1
        mine += r["scores"][seat]
        total += sum(r["scores"])
        if r["winner"] == r["seats"][seat]:
            ewins += 1
        elif r["winner"] is not None:
            owins += 1
        else:
            draws += 1
print(f"| {name} | {opp} | {games} | {mine:g} of {total:g} | {100 * mine / max(total, 1e-9):.1f}% | {ewins} | {owins} | {draws} |")
PY
  done
done
