#!/usr/bin/env bash
# The long fuzzing run, outside the test command (which gives each target seconds): every
# libFuzzer target for SECONDS each (default 600), from its committed corpus and dictionary,
# in the clang build folder build/fuzz. A crash stops its target and leaves the input as
# build/fuzz/fuzz-crash-<target>-<hash>: fix the bug, then copy the input into the target's
# corpus folder as a regression seed (tests/lsp/fuzz_corpus, tests/engine/fuzz/corpus/<target>,
# tests/stylometry/fuzz/corpus/<language>).
#   scripts/fuzz.sh [SECONDS_EACH]
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
build=build/fuzz
scripts/install-deps.sh --test

status=0
for run in tests/lsp/fuzz/run_fuzz.sh tests/engine/fuzz/run_fuzz.sh tests/stylometry/fuzz/run_fuzz.sh; do
    echo "== $run ($seconds s each)"
    "$run" "$PWD" "$PWD/$build" "$seconds" || status=1
done
ls "$build"/fuzz-crash-* 2>/dev/null && echo "fuzz: crashes above" >&2
exit $status
