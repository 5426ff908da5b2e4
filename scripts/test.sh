#!/usr/bin/env bash
# The README's test command, and what CI (.ci/run) calls: installs what is missing, builds,
# runs the tests. The builds are the presets of CMakePresets.json (build/<preset>).
#   scripts/test.sh          everything, in three builds:
#       release  warnings as errors; every tier (unit, e2e, fuzz, opencl, corpus)
#       asan     AddressSanitizer + UBSan: the unit tier, in a build without OpenCL and
#                sentencepiece, so that configuration is built and tested too
#       tsan     ThreadSanitizer: the unit tests tagged [concurrent] (workspace, rewrite queue,
#                thread pool)
#   scripts/test.sh --quick  the inner loop: the dev build's unit tier (a few minutes)
# A test that cannot run here is reported skipped by CTest, never passed. This script installs
# PoCL, so a skipped OpenCL test fails the full run; under CI (CI=true), where ../shared is
# there too, any skipped test does.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

quick=false
case "${1:-}" in
    "") ;;
    --quick) quick=true ;;
    *)
        echo "usage: scripts/test.sh [--quick]" >&2
        exit 2
        ;;
esac

# ctest_preset PRESET [args...]: runs that test preset, keeping its output in
# build/PRESET/ctest.log as well.
ctest_preset() {
    local preset=$1
    shift
    ctest --preset "$preset" -j "$jobs" "$@" 2>&1 | tee "build/$preset/ctest.log"
    return "${PIPESTATUS[0]}"
}
# build_preset PRESET: configures (when new) and builds it.
build_preset() {
    [[ -f build/$1/build.ninja ]] || cmake --preset "$1" >/dev/null
    cmake --build --preset "$1" -j "$jobs"
}
# skipped PRESET PATTERN: the names of the tests that preset's run skipped matching PATTERN.
skipped() { grep -E '\(Skipped\)$' "build/$1/ctest.log" | grep -E "$2" || true; }

status=0
if $quick; then
    scripts/install-deps.sh
    build_preset dev
    echo "== dev build: unit tests"
    ctest_preset dev || status=1
    presets=(dev)
else
    scripts/install-deps.sh --test
    scripts/python-env.sh tests  # .venv: pytest-lsp, for the language server's e2e tests
    scripts/python-env.sh eval   # .venv-eval: the evaluation harness and its tests
    mkdir -p build/pocl-cache    # PoCL's compiled kernels (the test presets point there)
    for preset in release asan tsan; do build_preset "$preset"; done
    echo "== release build: every tier"
    ctest_preset release || status=1
    echo "== asan+ubsan build: unit tests"
    ctest_preset asan || status=1
    echo "== tsan build: the unit tests tagged [concurrent]"
    ctest_preset tsan || status=1
    presets=(release asan tsan)
fi

must_run='opencl:'
[[ ${CI:-} == true ]] && must_run='.'
# A test of a processor feature this machine lacks (its name ends "(processors with …)") is
# reported skipped and does not fail the run: no machine has every x86 extension.
not_run=$(for preset in "${presets[@]}"; do skipped "$preset" "$must_run"; done |
    grep -v '(processors with [^)]*) (Skipped)$' || true)
if [[ -n $not_run ]]; then
    echo "== these tests were skipped, but must run here (PoCL is installed; under CI, ../shared is there):"
    echo "$not_run"
    status=1
fi
exit $status
