#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test. This is the README's test command
# and what CI (.ci/run) calls.
#   build/release  warnings as errors, all tests (unit, end-to-end, fuzzing for a bounded time)
#   build/asan     AddressSanitizer + UBSan, the unit tests; configured without OpenCL and
#                  sentencepiece (-DFANTASMA_OPENCL=OFF -DFANTASMA_SENTENCEPIECE=OFF), so that
#                  configuration is built and tested too (its OpenCL tests are never unit tests)
# A test that cannot run here is reported skipped by CTest, never passed. This script installs
# PoCL, so a skipped OpenCL test fails the run; under CI (CI=true), where ../shared is there
# too, any skipped test does.
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
configure build/asan -DCMAKE_BUILD_TYPE=Debug -DFANTASMA_SANITIZE=ON -DFANTASMA_BENCHMARKS=OFF \
    -DFANTASMA_OPENCL=OFF -DFANTASMA_SENTENCEPIECE=OFF
cmake --build build/asan -j "$jobs"

# ctest LOG [args...]: runs ctest, keeping its output in LOG as well.
run_ctest() {
    local log=$1
    shift
    ctest "$@" 2>&1 | tee "$log"
    return "${PIPESTATUS[0]}"
}
# skipped LOG PATTERN: the names of the skipped tests in LOG that match PATTERN.
skipped() { grep -E '\(Skipped\)$' "$1" | grep -E "$2" || true; }

status=0
echo "== release build: all tests"
run_ctest build/release/ctest.log --test-dir build/release --output-on-failure -j "$jobs" || status=1
echo "== asan+ubsan build: unit tests"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    run_ctest build/asan/ctest.log --test-dir build/asan --output-on-failure -j "$jobs" -L unit ||
    status=1

must_run='opencl: '
[[ ${CI:-} == true ]] && must_run='.'
not_run=$(skipped build/release/ctest.log "$must_run"; skipped build/asan/ctest.log "$must_run")
if [[ -n $not_run ]]; then
    echo "== these tests were skipped, but must run here (PoCL is installed; under CI, ../shared is there):"
    echo "$not_run"
    status=1
fi
exit $status
