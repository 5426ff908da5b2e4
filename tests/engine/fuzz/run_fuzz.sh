#!/usr/bin/env bash
# Builds the engine's libFuzzer targets with clang in a build folder of its own (the main
# build may use g++) and runs each for a bounded time from its committed corpus:
# GGUF parsing, safetensors parsing, tokenizer.json loading.
#   run_fuzz.sh SOURCE_DIR BUILD_DIR SECONDS_EACH
set -euo pipefail
source_dir=$1
build_dir=$2
seconds=$3
corpora=$source_dir/tests/engine/fuzz/corpus

"$source_dir/tests/configure_fuzz_build.sh" "$source_dir" "$build_dir"
targets=(gguf safetensors tokenizer)
cmake --build "$build_dir" -j "$(nproc)" --target "${targets[@]/#/fantasma_engine_fuzz_}"

for target in "${targets[@]}"; do
    # New inputs go to a scratch folder: the committed corpus only changes by hand.
    scratch=$build_dir/fuzz-scratch/$target
    mkdir -p "$scratch"
    echo "run_fuzz: $target for $seconds s"
    "$build_dir/tests/engine/fantasma_engine_fuzz_$target" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$build_dir/fuzz-crash-$target-" \
        "$scratch" "$corpora/$target"
done
