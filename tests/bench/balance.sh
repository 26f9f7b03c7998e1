#!/usr/bin/env bash
# The balance report, docs/BALANCE.md: self-play of every stdlib game, the
# same engine in every seat at a short fixed depth (2 for two players, 1
# for more: a depth-2 game of six players takes about 12 s), with the
# default opening of one random move per player.
#
#   tests/bench/balance.sh [GAMES]      (default 200; writes docs/BALANCE.md)
#
# BIN=target/ci/variant by default (`cargo build --profile ci`); THREADS
# defaults to every core. The games are kept in target/bench/balance/.
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${1:-200}
BIN=${BIN:-target/ci/variant}
THREADS=${THREADS:-$(nproc)}
OUT=target/bench/balance
mkdir -p "$OUT"
REPORT=$OUT/BALANCE.md
{
  echo "# Balance: self-play of every stdlib game"
  echo
  echo "Made by \`tests/bench/balance.sh $GAMES\` ($(date -u +%Y-%m-%d), commit"
  echo "$(git rev-parse --short HEAD)). Each game: the same engine in every seat,"
  echo "depth 2 for two players and depth 1 for more, the first ply of each"
  echo "player random (so that games differ), a draw at 500 plies (\`ply_cap\`)."
  echo "A seat's points are the game's own (\`points\`; 1 for a win, a shared"
  echo "draw; Shakhmattron 3 / 0 / 0). Intervals are 95%: Wilson's for the"
  echo "win rates, the normal approximation for the means. Every row is one"
  echo "command, shown above its table; \`selfplay --merge\` of the file"
  echo "reprints it. The engine is weak at these depths: the numbers say what"
  echo "a short search makes of each game, not what masters would."
  echo
} > "$REPORT"
for file in stdlib/mirodol.variant stdlib/hundred.variant stdlib/das.variant \
  stdlib/shakhmattron.variant stdlib/mattrix.variant stdlib/cosmic/square-10.variant \
  stdlib/cosmic/square-9.variant stdlib/cosmic/square-diag.variant \
  stdlib/cosmic/square-4p.variant stdlib/cosmic/hex-3p.variant stdlib/cosmic/hex-6p.variant \
  stdlib/cosmic/tri-2p.variant stdlib/cosmic/tri-3p.variant stdlib/cosmic/round-2p.variant; do
  name=$(basename "$file" .variant)
  seats=$("$BIN" check "$file" --no-claims --dump ir | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["players"]))')
  depth=2
  [ "$seats" -gt 2 ] && depth=1
  cmd="variant selfplay $file --games $GAMES --players engine:depth=$depth --seed 1 --out $name.jsonl"
  start=$(date +%s)
  "$BIN" selfplay "$file" --games "$GAMES" --players "engine:depth=$depth" --seed 1 \
    --threads "$THREADS" --out "$OUT/$name.jsonl" > "$OUT/$name.txt"
  secs=$(( $(date +%s) - start ))
  {
    echo "## $(head -1 "$OUT/$name.txt" | cut -d: -f1)"
    echo
    echo "\`$cmd\` ($secs s on $THREADS thread(s))"
    echo
    echo '```'
    cat "$OUT/$name.txt"
    echo '```'
    echo
  } >> "$REPORT"
  echo "$name: $secs s" >&2
done
cp "$REPORT" docs/BALANCE.md
