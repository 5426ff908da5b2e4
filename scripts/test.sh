#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test. This is the README's test command
# and what CI (.ci/run) calls.
#   build/release  warnings as errors, all tests (unit, end-to-end, fuzzing for a bounded time)
#   build/asan     AddressSanitizer + UBSan, the unit tests
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

scripts/install-deps.sh --test
if [[ -f tests/requirements.txt ]]; then scripts/python-env.sh; fi
eval/setup.sh  # .venv-eval for the evaluation harness and its tests (tests/eval)

export POCL_CACHE_DIR="${POCL_CACHE_DIR:-$PWD/build/pocl-cache}"
mkdir -p "$POCL_CACHE_DIR"

configure() {  # configure DIR [cmake args...]
    local dir=$1; shift
    [[ -f $dir/build.ninja ]] || cmake -S . -B "$dir" -G Ninja -DFANTASMA_WERROR=ON "$@" >/dev/null
}

configure build/release -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build/release -j "$jobs"
configure build/asan -DCMAKE_BUILD_TYPE=Debug -DFANTASMA_SANITIZE=ON -DFANTASMA_BENCHMARKS=OFF
cmake --build build/asan -j "$jobs"

status=0
echo "== release build: all tests"
ctest --test-dir build/release --output-on-failure -j "$jobs" || status=1
echo "== asan+ubsan build: unit tests"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build/asan --output-on-failure -j "$jobs" -L unit || status=1
exit $status
