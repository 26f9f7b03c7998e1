#!/usr/bin/env bash
# Remakes the pictures listed in docs/pictures/pictures.txt with `variant draw`
# (through the test that checks they are current).
set -euo pipefail
cd "$(dirname "$0")/../.."
VARIANT_UPDATE_PICTURES=1 cargo test --release --test pictures docs_pictures
