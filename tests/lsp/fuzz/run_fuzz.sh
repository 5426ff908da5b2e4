#!/usr/bin/env bash
# Builds the libFuzzer target with clang in a build folder of its own (the main build may use
# g++) and fuzzes framing + dispatch for a bounded time, starting from the committed corpus.
#   run_fuzz.sh SOURCE_DIR BUILD_DIR SECONDS
set -euo pipefail
source_dir=$1
build_dir=$2
seconds=$3
corpus=$source_dir/tests/lsp/fuzz_corpus

# The newest clang with a libFuzzer runtime: clang 14 (Debian's default) lacks C++20 bits
# that newer ones have, such as lambdas capturing structured bindings.
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
        -DFANTASMA_LSP_FUZZ=ON -DFANTASMA_BENCHMARKS=OFF >/dev/null
fi
cmake --build "$build_dir" --target fantasma_ls_fuzz -j "$(nproc)"

# New inputs go to a scratch folder: the committed corpus only changes by hand.
scratch=$build_dir/fuzz-scratch
mkdir -p "$scratch"
"$build_dir/tests/lsp/fantasma_ls_fuzz" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 "$scratch" "$corpus"
