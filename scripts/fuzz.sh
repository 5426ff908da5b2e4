#!/usr/bin/env bash
# The long fuzzing run, outside the test command (which gives each target seconds): every
# libFuzzer target of the test command (label "fuzz": the server's framing and dispatch, the
# GGUF, safetensors and tokenizer.json parsers, the Markdown and LaTeX extractors) for
# SECONDS each (default 600), from its committed corpus and dictionary. A crash fails its test
# and leaves the input as build/release/fuzz/fuzz-crash-<target>-<hash>: fix the bug, then
# copy the input into the target's corpus folder as a regression seed (tests/lsp/fuzz_corpus,
# tests/engine/fuzz/corpus/<parser>, tests/stylometry/fuzz/corpus/<language>).
#   scripts/fuzz.sh [SECONDS_EACH]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
[[ -f build/release/build.ninja ]] ||
    cmake -S . -B build/release -G Ninja -DFANTASMA_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
FANTASMA_FUZZ_SECONDS=${1:-600} ctest --test-dir build/release -L fuzz --output-on-failure
