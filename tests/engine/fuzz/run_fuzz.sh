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

# The newest clang with a libFuzzer runtime (as tests/lsp/fuzz/run_fuzz.sh chooses it).
compiler=""
for version in 19 18 17 16 15; do
    if command -v "clang++-$version" >/dev/null &&
        compgen -G "/usr/lib/llvm-$version/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null; then
        compiler=$version
        break
    fi
done
if [[ -z $compiler ]] && ! command -v clang++ >/dev/null; then
    echo "run_fuzz: clang++ is missing (scripts/install-deps.sh --test installs it)" >&2
    exit 1
fi
cxx=clang++${compiler:+-$compiler}
cc=clang${compiler:+-$compiler}
if [[ ! -f $build_dir/build.ninja ]]; then
    cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
        -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined" \
        -DFANTASMA_ENGINE_FUZZ=ON -DFANTASMA_BENCHMARKS=OFF >/dev/null
fi
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
