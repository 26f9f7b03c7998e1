#!/usr/bin/env bash
# Side-by-side perft speed: variant vs Fairy-Stockfish vs shakmaty.
#
#   tests/bench/compare.sh [RUNS]        (RUNS per engine and position, default 5)
#
# Builds target/release/variant, builds a tiny shakmaty perft binary in a temp
# dir (skipped with a message if cargo cannot reach crates.io), then for each
# position runs the engines alternately (variant, Fairy-Stockfish, shakmaty,
# variant, ...) RUNS times and prints markdown tables of the medians and ratios.
# See docs/PERFORMANCE.md for what is timed and the recorded results.
#
# Every figure is the wall time of one whole process (bash's `time`), nothing
# subtracted: process start, for variant compiling the .variant source, for
# Fairy-Stockfish reading UCI commands and setting up the variant, then one
# single-threaded, bulk-counted perft. CPU time (user+sys) is recorded too.
#
# Environment (all optional):
#   FS=../shared/peers/fairy-stockfish   Fairy-Stockfish binary (skipped if
#                                   absent): the current upstream engine built
#                                   for this CPU (its README), not a distribution's
#   CHESS_DEPTH=6 KIWI_DEPTH=4      chess depths (KIWI_DEPTH=5 is the heavier
#                                   run recorded in docs/PERFORMANCE.md: ~2 min more)
#   SHAKMATY_VERSION='=0.30.1'      shakmaty version requirement
#   NO_BUILD=1                      use the existing target/release/variant
set -euo pipefail
cd "$(dirname "$0")/../.."

RUNS=${1:-5}
case "$RUNS" in '' | *[!0-9]* | 0) echo "usage: $0 [RUNS>0]" >&2; exit 2 ;; esac
FS=${FS:-../shared/peers/fairy-stockfish}
FS_PATH=$FS
CHESS_DEPTH=${CHESS_DEPTH:-6}
KIWI_DEPTH=${KIWI_DEPTH:-4}
SHAKMATY_VERSION=${SHAKMATY_VERSION:-=0.30.1}
OURS=target/release/variant

WORK=$(mktemp -d "${TMPDIR:-/tmp}/variant-compare.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
say() { echo "$*" >&2; }

# ---------------------------------------------------------------- builds
if [ -z "${NO_BUILD:-}" ]; then
  say "building variant (cargo build --release) ..."
  cargo build --release --quiet --bin variant
fi
[ -x "$OURS" ] || { say "no $OURS"; exit 1; }
# What was built (the tree may have uncommitted changes: name the files).
COMMIT=$(git describe --always --dirty 2>/dev/null || echo unknown)
CHANGED=$(git diff --name-only HEAD -- runtime compiler src Cargo.toml Cargo.lock 2>/dev/null | tr '\n' ' ' | sed 's/ $//' || true)
[ -n "$CHANGED" ] && COMMIT="$COMMIT (uncommitted: $CHANGED)"

SHAK=""
if command -v cargo >/dev/null; then
  say "building the shakmaty perft bench in $WORK/shakbench ..."
  mkdir -p "$WORK/shakbench/src"
  cat >"$WORK/shakbench/Cargo.toml" <<EOF
[package]
name = "shakbench"
version = "0.1.0"
edition = "2021"

[dependencies]
shakmaty = "$SHAKMATY_VERSION"

[profile.release]
lto = true
codegen-units = 1
EOF
  cat >"$WORK/shakbench/src/main.rs" <<'EOF'
use shakmaty::{fen::Fen, perft, CastlingMode, Chess};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).expect("usage: shakbench DEPTH [FEN]").parse().unwrap();
    let pos: Chess = match args.get(2) {
        Some(fen) => fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap(),
        None => Chess::default(),
    };
    let start = Instant::now();
    let nodes = perft(&pos, depth);
    let secs = start.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    eprintln!("time {secs:.3} s, {:.2} M nodes/s", nodes as f64 / secs / 1e6);
}
EOF
  if (cd "$WORK/shakbench" && cargo build --release --quiet) >"$WORK/shak-build.log" 2>&1; then
    SHAK="$WORK/shakbench/target/release/shakbench"
    SHAK_VER=$(awk '/^name = "shakmaty"/{getline; print $3}' "$WORK/shakbench/Cargo.lock" | tr -d '"')
  else
    say "shakmaty bench NOT built (no crates.io?); skipping shakmaty. Last lines of the build:"
    tail -5 "$WORK/shak-build.log" >&2
  fi
else
  say "no cargo: skipping shakmaty"
fi
if [ ! -x "$FS" ]; then
  say "no Fairy-Stockfish at $FS: skipping it"
  FS=""
fi

# ---------------------------------------------------------------- cases
KIWI='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
# label | variant file | FEN ('' = the game's start) | depth | FS variant ('' = not run) | shakmaty (y/n)
CASES=(
  "chess startpos|dsl-examples/chess.variant||$CHESS_DEPTH|chess|y"
  "Kiwipete|dsl-examples/chess.variant|$KIWI|$KIWI_DEPTH|chess|y"
  "Mirodol startpos|stdlib/mirodol.variant||5|mirodol@tests/differential/mirodol.ini|n"
  "100-cell chess startpos|stdlib/hundred.variant||5||n"
  "Capablanca startpos|dsl-examples/capablanca.variant||5|capablanca|n"
  "Glinski startpos|dsl-examples/glinski.variant||5||n"
  "Shakhmattron startpos|stdlib/shakhmattron.variant||5||n"
  "Das startpos|stdlib/das.variant||5||n"
)
# Known counts: chess/Kiwipete/Mirodol/Capablanca are published tables
# (../shared/perft); 100-cell and Glinski d5 are variant's own counts
# (checked against independent slow generators only to depth 4); Das d5 equals
# its independent reference (run once, tests/perft/README.md), as does
# Shakhmattron d5.
expected() {
  case "$1/$2" in
    "chess startpos/4") echo 197281 ;; "chess startpos/5") echo 4865609 ;;
    "chess startpos/6") echo 119060324 ;;
    "Kiwipete/3") echo 97862 ;; "Kiwipete/4") echo 4085603 ;; "Kiwipete/5") echo 193690690 ;;
    "Mirodol startpos/5") echo 125517267 ;;
    "100-cell chess startpos/5") echo 18919696 ;;
    "Capablanca startpos/5") echo 28741319 ;;
    "Glinski startpos/5") echo 401622759 ;;
    "Shakhmattron startpos/5") echo 52448562 ;;
    "Das startpos/5") echo 325451984 ;;
    *) echo "" ;;
  esac
}

# ---------------------------------------------------------------- engines
# Each writes the node count to stdout as its last number.
run_ours() { # file fen depth
  if [ -n "$2" ]; then "$OURS" perft "$1" --depth "$3" --fen "$2"; else "$OURS" perft "$1" --depth "$3"; fi
}
run_fs() { # variant[@variants.ini] fen depth
  local pos="startpos" variant=$1
  [ -n "$2" ] && pos="fen $2"
  : >"$WORK/fs.in"
  # A variant Fairy-Stockfish does not know is read from a variants file
  # (Mirodol without castling: castling cannot occur before depth 6).
  if [[ $variant == *@* ]]; then
    printf 'setoption name VariantPath value %s\n' "${variant#*@}" >>"$WORK/fs.in"
    variant=${variant%%@*}
  fi
  printf 'setoption name UCI_Variant value %s\nposition %s\ngo perft %s\nquit\n' "$variant" "$pos" "$3" >>"$WORK/fs.in"
  "$FS" <"$WORK/fs.in"
}
run_shak() { # fen depth
  if [ -n "$1" ]; then "$SHAK" "$2" "$1"; else "$SHAK" "$2"; fi
}

RESULTS="$WORK/results" # case engine round wall cpu nodes
: >"$RESULTS"
measure() { # case-index engine round cmd...
  local ci=$1 eng=$2 round=$3
  shift 3
  local TIMEFORMAT='%3R %3U %3S' nodes
  { time "$@" >"$WORK/out" 2>"$WORK/err"; } 2>"$WORK/time"
  read -r wall usr sys <"$WORK/time"
  nodes=$(grep -Eo '(^nodes |Nodes searched: )[0-9]+' "$WORK/out" | grep -Eo '[0-9]+$' | tail -1)
  echo "$ci $eng $round $wall $(echo "$usr $sys" | awk '{printf "%.3f", $1 + $2}') ${nodes:-0}" >>"$RESULTS"
  say "  $eng run $round: ${nodes:-?} nodes, $wall s wall"
}

LOAD_BEFORE=$(uptime)
T0=$EPOCHREALTIME
say "load before: $LOAD_BEFORE"
# Warm-up (page cache, CPU frequency): one tiny run of each engine, not measured.
run_ours dsl-examples/chess.variant "" 3 >/dev/null 2>&1 || true
[ -n "$FS" ] && { run_fs chess "" 3 >/dev/null 2>&1 || true; }
[ -n "$SHAK" ] && { run_shak "" 3 >/dev/null 2>&1 || true; }

for ci in "${!CASES[@]}"; do
  IFS='|' read -r label file fen depth fsvar shak <<<"${CASES[$ci]}"
  say "$label depth $depth:"
  for ((r = 1; r <= RUNS; r++)); do
    measure "$ci" ours "$r" run_ours "$file" "$fen" "$depth"
    if [ -n "$FS" ] && [ -n "$fsvar" ]; then measure "$ci" fs "$r" run_fs "$fsvar" "$fen" "$depth"; fi
    if [ -n "$SHAK" ] && [ "$shak" = y ]; then measure "$ci" shak "$r" run_shak "$fen" "$depth"; fi
  done
done
T1=$EPOCHREALTIME
LOAD_AFTER=$(uptime)
say "load after: $LOAD_AFTER"

# ---------------------------------------------------------------- report
# median of stdin numbers
median() { sort -g | awk '{a[NR] = $1} END {if (NR == 0) print ""; else if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
col() { # ci engine column(4=wall,5=cpu) -> values
  awk -v c="$1" -v e="$2" -v k="$3" '$1 == c && $2 == e {print $k}' "$RESULTS"
}
nodes_of() { awk -v c="$1" -v e="$2" '$1 == c && $2 == e {print $6}' "$RESULTS" | sort -u | tr '\n' ' ' | sed 's/ $//'; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN {if (s == "" || s <= 0) print ""; else printf "%.1f", n / s / 1e6}'; }
# paired per-round ratios rate_A / rate_B (= time_B / time_A): "median× (min–max)"
paired() { # ci engA engB column
  join <(awk -v c="$1" -v e="$2" -v k="$4" '$1 == c && $2 == e {print $3, $k}' "$RESULTS" | sort) \
       <(awk -v c="$1" -v e="$3" -v k="$4" '$1 == c && $2 == e {print $3, $k}' "$RESULTS" | sort) |
    awk '{print $3 / $2}' | sort -g |
    awk '{a[NR] = $1} END {if (NR == 0) exit; m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.2f× (%.2f–%.2f)", m, a[1], a[NR]}'
}

CPU=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
echo
echo "perft speed, $(date -u '+%Y-%m-%d %H:%M UTC'); variant $COMMIT; $(nproc) cores, $CPU"
FS_ID="not run"
[ -n "$FS" ] && FS_ID=$("$FS" <<<quit 2>/dev/null | head -1 || true)
SHAK_ID="not run"
[ -n "$SHAK" ] && SHAK_ID="shakmaty $SHAK_VER"
echo "Fairy-Stockfish: $FS_ID; shakmaty: $SHAK_ID; $RUNS runs each, alternating"
echo "load before: ${LOAD_BEFORE##*load average: }; after: ${LOAD_AFTER##*load average: }; measuring took $(awk -v a="$T0" -v b="$T1" 'BEGIN {printf "%.0f", b - a}') s"
MISMATCH=0
for what in wall cpu; do
  k=4
  [ "$what" = cpu ] && k=5
  echo
  if [ "$what" = wall ]; then
    echo "Wall time (whole process, median of $RUNS), M nodes/s (seconds):"
  else
    echo "CPU time (user+sys, median of $RUNS), M nodes/s (seconds):"
  fi
  echo
  echo "| position | depth | nodes | variant | Fairy-Stockfish | shakmaty | variant ÷ FS | shakmaty ÷ variant |"
  echo "|---|---|---|---|---|---|---|---|"
  for ci in "${!CASES[@]}"; do
    IFS='|' read -r label file fen depth fsvar shak <<<"${CASES[$ci]}"
    n=$(nodes_of "$ci" ours)
    cells=()
    for eng in ours fs shak; do
      m=$(col "$ci" $eng $k | median)
      if [ -z "$m" ]; then cells+=("—"); continue; fi
      en=$(nodes_of "$ci" $eng)
      cells+=("$(rate "$en" "$m") ($m s)")
      if [ "$en" != "$n" ]; then cells[-1]+=" **nodes $en ≠ $n**"; MISMATCH=1; fi
    done
    want=$(expected "$label" "$depth")
    note=""
    if [ -n "$want" ] && [ "$n" != "$want" ]; then note=" **≠ expected $want**"; MISMATCH=1; fi
    r_fs=$(paired "$ci" ours fs $k)
    r_sh=$(paired "$ci" shak ours $k)
    echo "| $label | $depth | $n$note | ${cells[0]} | ${cells[1]} | ${cells[2]} | ${r_fs:-—} | ${r_sh:-—} |"
  done
done
echo
echo "Commands (each timed as one process): variant: \`$OURS perft FILE --depth N [--fen FEN]\`;"
echo "Fairy-Stockfish: \`$FS_PATH < CMDS\`, CMDS holding the lines \`setoption name UCI_Variant value V\`, \`position startpos\` (or \`position fen FEN\`), \`go perft N\`, \`quit\`;"
echo "shakmaty: \`shakbench N [FEN]\` (source in docs/PERFORMANCE.md)."
echo "Ratios: median of the per-round ratios of rates (same round, engines run back to back), with min–max."
echo "Fairy-Stockfish plays Mirodol from tests/differential/mirodol.ini (no castling; none occurs by depth 5)."
# Targets. Mirodol: vs the issue's 12–13 M nodes/s for Fairy-Stockfish (d5, bulk counting).
for ci in "${!CASES[@]}"; do
  IFS='|' read -r label _ _ depth _ _ <<<"${CASES[$ci]}"
  if [ "$label" = "Mirodol startpos" ]; then
    m=$(col "$ci" ours 4 | median)
    r=$(rate "$(nodes_of "$ci" ours)" "$m")
    awk -v r="$r" 'BEGIN {printf "Target ≥ 2× Fairy-Stockfish on Mirodol: variant %.1f M nodes/s = %.2f×–%.2f× the reported 12–13 M nodes/s: %s\n", r, r / 13, r / 12, (r / 13 >= 2 ? "met" : (r / 12 >= 2 ? "borderline" : "NOT met"))}'
  fi
  if [ "$label" = "chess startpos" ] || [ "$label" = "Kiwipete" ]; then
    if [ -z "$SHAK" ]; then
      echo "Target within 4× of shakmaty on chess ($label): not checked, shakmaty not run"
    else
      p=$(paired "$ci" shak ours 4)
      awk -v l="$label" -v p="$p" 'BEGIN {printf "Target within 4× of shakmaty on chess (%s, wall): shakmaty ÷ variant = %s: %s\n", l, p, (p + 0 <= 4 ? "met" : "NOT met")}'
    fi
  fi
done
if [ "$MISMATCH" = 1 ]; then
  echo "WARNING: node counts disagree (marked in the table)."
  exit 1
fi
