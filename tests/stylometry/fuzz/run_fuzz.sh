#!/usr/bin/env bash
# Builds the extractors' libFuzzer targets in the shared clang fuzz build and runs each for a
# bounded time from its committed corpus (corpus/markdown, corpus/latex).
#   run_fuzz.sh SOURCE_DIR BUILD_DIR SECONDS_EACH
set -euo pipefail
source_dir=$1
build_dir=$2
seconds=$3
corpora=$source_dir/tests/stylometry/fuzz/corpus

"$source_dir/tests/configure_fuzz_build.sh" "$source_dir" "$build_dir"
languages=(markdown latex)
cmake --build "$build_dir" -j "$(nproc)" --target "${languages[@]/#/fantasma_extract_fuzz_}"

for language in "${languages[@]}"; do
    # New inputs go to a scratch folder: the committed corpus only changes by hand.
    scratch=$build_dir/fuzz-scratch/$language
    mkdir -p "$scratch"
    echo "run_fuzz: $language for $seconds s"
    "$build_dir/tests/stylometry/fuzz/fantasma_extract_fuzz_$language" -max_total_time="$seconds" \
        -timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
        -dict="$source_dir/tests/stylometry/fuzz/$language.dict" \
        -artifact_prefix="$build_dir/fuzz-crash-$language-" "$scratch" "$corpora/$language"
done
