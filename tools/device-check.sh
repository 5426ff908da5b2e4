#!/usr/bin/env bash
# The OpenCL backend on whatever device a machine has, in one table: its tests, then
# `fantasma bench --backend opencl` on Qwen3.5-shaped files with random weights.
#
#   tools/device-check.sh prepare
#       Here, where packages can be installed: builds build/release and copies what the run
#       needs into build/device-check/ (the binaries without debug info; the shared libraries
#       they load that a bare machine may lack: the OpenCL ICD loader, CLBlast, sentencepiece,
#       utf8proc, ...). That folder is what a device machine gets (`carry` of the device tool).
#   tools/device-check.sh run [SIZES] [TYPES] [PROMPT] [GEN]
#       On the device machine (or here): from build/device-check/ alone, no compiler and no
#       package access needed. SIZES "0.8b 9b", TYPES "q8_0 q4_k", PROMPT 128 and GEN 32 by
#       default; the 9B files are made there (about 9.5 and 5.5 GB) and the whole run fits in
#       8 minutes on a GPU. On PoCL (a CPU) use: run 0.8b "q8_0 q4_k" 16 4.
#
# The random files come from bench/engine/random_model.cpp (the engine's own GGUF writer); Q4_K is
# fantasma's (every matrix Q4_K), close to but not llama-quantize's Q4_K_M.
set -euo pipefail
cd "$(dirname "$0")/.."
bundle=build/device-check

prepare() {
    scripts/install-deps.sh --test
    [[ -f build/release/build.ninja ]] ||
        cmake -S . -B build/release -G Ninja -DFANTASMA_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
    cmake --build build/release -j "$(nproc)" --target fantasma test_opencl fantasma-random-model
    rm -rf "$bundle"
    mkdir -p "$bundle/bin" "$bundle/lib"
    for binary in cli/fantasma tests/opencl/test_opencl bench/fantasma-random-model; do
        strip --strip-debug -o "$bundle/bin/$(basename "$binary")" "build/release/$binary"
    done
    # Every shared library but the C library's own: a bare machine may lack any of them.
    ldd "$bundle"/bin/* | awk '/=> \// {print $3}' | sort -u |
        grep -vE '/(libc|libm|libpthread|libdl|librt|ld-linux[^/]*)\.so' |
        while read -r library; do cp -L "$library" "$bundle/lib/"; done
    echo "$PWD" >"$bundle/source-dir"  # test_opencl reads tests/reference from there
    du -sh "$bundle"
}

run() {
    local sizes=${1:-"0.8b 9b"} types=${2:-"q8_0 q4_k"} prompt=${3:-128} gen=${4:-32}
    [[ -x $bundle/bin/fantasma ]] || { echo "device-check: run '$0 prepare' first" >&2; exit 1; }
    export LD_LIBRARY_PATH="$PWD/$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export POCL_CACHE_DIR="$PWD/$bundle/pocl-cache" FANTASMA_OPENCL_CACHE_DIR="$PWD/$bundle/opencl-cache"
    # The test binary was built with the source folder's path compiled in: make it resolve here.
    local source_dir
    source_dir=$(cat "$bundle/source-dir")
    if [[ $source_dir != "$PWD" && ! -e $source_dir ]]; then
        mkdir -p "$(dirname "$source_dir")" && ln -s "$PWD" "$source_dir"
    fi

    echo "== devices"
    "$bundle/bin/fantasma" devices
    echo "== OpenCL tests"
    local tests_status=passed
    "$bundle/bin/test_opencl" >"$bundle/test-opencl.log" 2>&1 || tests_status=FAILED
    tail -3 "$bundle/test-opencl.log"

    # The bench's JSON has one key a line: read without needing Python on the machine.
    field() { sed -n "s/^ *\"$1\": \"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}$/\1/p" <<<"$2" | head -1; }
    local table="| file | backend | prefill tokens/s (pp$prompt) | decode tokens/s (tg$gen) | weight MB read per token | effective GB/s in decode |"$'\n'"|---|---|--:|--:|--:|--:|"
    mkdir -p "$bundle/models"
    for size in $sizes; do
        for type in $types; do
            local file="$bundle/models/qwen35-$size-$type.gguf" json
            [[ -f $file ]] || "$bundle/bin/fantasma-random-model" "$size" "$type" "$file" 2>/dev/null
            json=$("$bundle/bin/fantasma" bench --model "$file" --backend opencl \
                --prompt-tokens "$prompt" --gen-tokens "$gen" --repetitions 1 --json)
            table+=$'\n'$(awk -v file="qwen35-$size-$type" -v backend="$(field backend "$json")" \
                -v pp="$(field prefill_tokens_per_s "$json")" -v tg="$(field decode_tokens_per_s "$json")" \
                -v bytes="$(field bytes_per_token "$json")" \
                'BEGIN { printf "| %s | %s | %.2f | %.2f | %.0f | %.1f |", file, backend, pp, tg, bytes / 1e6, bytes * tg / 1e9 }')
        done
    done
    echo "== bench (--backend opencl, one run each)"
    echo "$table"
    echo "OpenCL tests: $tests_status (log: $bundle/test-opencl.log)"
    [[ $tests_status == passed ]]
}

case ${1:-} in
    prepare) prepare ;;
    run) shift; run "$@" ;;
    *) echo "usage: $0 prepare | run [SIZES] [TYPES] [PROMPT] [GEN]" >&2; exit 2 ;;
esac
