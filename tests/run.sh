#!/usr/bin/env bash
# Runs every test: the Rust suites (release: perft is heavy), the deep
# published perft rows, and the differential test against Fairy-Stockfish
# (pyffish, installed into .venv on first use); and the web board in
# headless Chromium (Debian's chromium and chromium-driver, installed with
# apt-get on first use).
set -euo pipefail
cd "$(dirname "$0")/.."

# Issue 29's bound: no function over 150 lines, no file over 700, in the
# crates' sources (prints the offenders and fails otherwise).
python3 tests/tools/lengths.py 150 compiler/src runtime/src src

# Profile `ci` (Cargo.toml): release speed without release's build time.
cargo build --profile ci --workspace --all-targets

if [ ! -x /usr/bin/chromedriver ] || [ ! -x /usr/bin/chromium ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "tests/run.sh: the browser test needs /usr/bin/chromium and /usr/bin/chromedriver" \
      "(Debian packages chromium and chromium-driver), and apt-get is not here to install them" >&2
    exit 1
  fi
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
fi
# The script stops the server and chromedriver on any exit, timeout's included.
timeout 120 python3 tests/browser/board_test.py --bin target/ci/variant
cargo test --profile ci --workspace
cargo test --profile ci --test perft_tables -- --ignored
# The fuzz harness again with debug assertions and overflow checks on.
cargo test --profile fuzz --test fuzz

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -c 'import pyffish' 2>/dev/null || .venv/bin/pip install --quiet pyffish
.venv/bin/python tests/differential/fsdiff.py --check-config
.venv/bin/python tests/differential/fsdiff.py --variant-bin target/ci/variant --games 10 --plies 80 --seed 7
.venv/bin/python tests/differential/fsdiff.py --variant-bin target/ci/variant --fairy --games 2 --plies 40 --seed 7 --jobs 2
# Xiangqi's long-game rules: longer games, repetition cycles (perpetual
# check and chase) and the move rule that checks stretch, against pyffish.
.venv/bin/python tests/differential/fsdiff.py --variant-bin target/ci/variant --fairy --only xiangqi --games 2 --plies 60 --seed 7
.venv/bin/python tests/differential/chase_cycles.py --variant-bin target/ci/variant --trials 20 --seed 7
.venv/bin/python tests/differential/move_rule_checks.py --variant-bin target/ci/variant --trials 30 --seed 1
echo "all tests passed"
