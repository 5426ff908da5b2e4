#!/usr/bin/env bash
# Configures (once) the clang build folder that every libFuzzer target is built in, since the
# main build may use g++. Used by tests/run_fuzz.sh.
#   configure_fuzz_build.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir=$1
build_dir=$2
[[ -f $build_dir/build.ninja ]] && exit 0

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
cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER="clang${compiler:+-$compiler}" \
    -DCMAKE_CXX_COMPILER="clang++${compiler:+-$compiler}" \
    -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined" \
    -DFANTASMA_FUZZ=ON -DFANTASMA_BENCHMARKS=OFF >/dev/null
