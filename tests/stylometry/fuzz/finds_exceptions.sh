#!/usr/bin/env bash
# Shows that the analysis fuzz targets treat a detector's exception as a finding (the analyzer
# itself contains it, so a fuzzer that only watched for crashes would miss it): the text target
# built with a detector that throws (tests/faulty_detector.hpp) must fail on a plain sentence,
# naming the detector, and the shipped text target must pass every committed seed, among them
# the shouted contractions that once made the capitalization detector throw.
#   finds_exceptions.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir=$1
build_dir=$2
"$source_dir/tests/configure_fuzz_build.sh" "$source_dir" "$build_dir"
cmake --build "$build_dir" -j "$(nproc)" --target fantasma_extract_fuzz_faulty \
    fantasma_extract_fuzz_text
find_binary() { find "$build_dir/tests" -name "$1" -type f -perm -u+x | head -1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

printf 'I wrote this letter myself.\n' >"$scratch/plain.txt"
if "$(find_binary fantasma_extract_fuzz_faulty)" -artifact_prefix="$scratch/" \
    "$scratch/plain.txt" >"$scratch/faulty.log" 2>&1; then
    echo "finds_exceptions: the target with a throwing detector passed its input" >&2
    exit 1
fi
if ! grep -q "detector 'test-faulty' threw: map::at" "$scratch/faulty.log"; then
    echo "finds_exceptions: the failure does not name the detector:" >&2
    cat "$scratch/faulty.log" >&2
    exit 1
fi
echo "finds_exceptions: a throwing detector is a finding, named"

for seed in "$source_dir"/tests/stylometry/fuzz/corpus/text/*; do
    "$(find_binary fantasma_extract_fuzz_text)" -artifact_prefix="$scratch/" "$seed" \
        >"$scratch/seed.log" 2>&1 || {
        echo "finds_exceptions: $(basename "$seed") fails the text target:" >&2
        cat "$scratch/seed.log" >&2
        exit 1
    }
done
echo "finds_exceptions: every text seed passes"
