#!/usr/bin/env bash
# Runs every test: the Rust suites (release: perft is heavy), the deep
# published perft rows, and the differential test against Fairy-Stockfish
# (pyffish, installed into .venv on first use).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --workspace --all-targets
cargo test --release --workspace
cargo test --release --test perft_tables -- --ignored

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -c 'import pyffish' 2>/dev/null || .venv/bin/pip install --quiet pyffish
.venv/bin/python tests/differential/fsdiff.py --check-config
.venv/bin/python tests/differential/fsdiff.py --variant-bin target/release/variant --games 10 --plies 80 --seed 7
echo "all tests passed"
