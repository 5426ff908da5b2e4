#!/usr/bin/env bash
# Builds the libFuzzer target with clang in a build folder of its own (the main build may use
# g++) and fuzzes framing + dispatch for a bounded time, starting from the committed corpus.
#   run_fuzz.sh SOURCE_DIR BUILD_DIR SECONDS
set -euo pipefail
source_dir=$1
build_dir=$2
seconds=$3
corpus=$source_dir/tests/lsp/fuzz_corpus

"$source_dir/tests/configure_fuzz_build.sh" "$source_dir" "$build_dir"
cmake --build "$build_dir" --target fantasma_ls_fuzz -j "$(nproc)"

# New inputs go to a scratch folder: the committed corpus only changes by hand.
scratch=$build_dir/fuzz-scratch/lsp
mkdir -p "$scratch"
"$build_dir/tests/lsp/fantasma_ls_fuzz" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 -dict="$source_dir/tests/lsp/fuzz/lsp.dict" \
    -artifact_prefix="$build_dir/fuzz-crash-lsp-" "$scratch" "$corpus"
