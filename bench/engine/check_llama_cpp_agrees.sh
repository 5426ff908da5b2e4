#!/usr/bin/env bash
# Does llama.cpp load what `fantasma quantize` writes, tokenize as fantasma does, and pick the
# same greedy tokens? Converts the tiny reference model tests/reference/multimodal-sharded-f16
# (with the Qwen3.5 tokenizer subset) at each type, then prints, per type, the prompt ids and
# 24 greedy ids from llama.cpp (llama_greedy_ids.cpp, built here against llama.h) and from
# `fantasma tokenize --ids` / `fantasma generate --temp 0 --ids`.
#   check_llama_cpp_agrees.sh LLAMA_CPP_BUILD_DIR [FANTASMA]
set -euo pipefail
llama_build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../..
fantasma=${2:-$root/build/release/cli/fantasma}
llama_source=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$llama_build/CMakeCache.txt")
prompt="the cat sat on 12 mats and"
tokens=${TOKENS:-24}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
g++ -O1 -std=c++17 "$here/llama_greedy_ids.cpp" -I "$llama_source/include" \
    -I "$llama_source/ggml/include" -L "$llama_build/bin" -lllama -lggml -lggml-base \
    -Wl,-rpath,"$llama_build/bin" -o "$scratch/llama_greedy_ids"
mkdir "$scratch/model"
for file in "$root"/tests/reference/multimodal-sharded-f16/*; do ln -s "$file" "$scratch/model/"; done
cp "$root/tests/reference/tokenizer/qwen35-subset.json" "$scratch/model/tokenizer.json"

status=0
for type in ${TYPES:-f32 f16 q8_0 q4_0}; do
    out=$scratch/$type
    mkdir "$out"
    "$fantasma" quantize "$scratch/model" "$out/model.gguf" --type "$type" 2>/dev/null
    cp "$scratch/model/tokenizer.json" "$out/"  # fantasma reads it beside the model
    if ! "$scratch/llama_greedy_ids" "$out/model.gguf" "$tokens" "$prompt" >"$out/llama" \
        2>"$out/llama.err"; then
        echo "$type: llama.cpp failed:"
        tail -5 "$out/llama.err"
        status=1
        continue
    fi
    {
        "$fantasma" tokenize --ids --model "$out" "$prompt"
        "$fantasma" generate --model "$out/model.gguf" --prompt "$prompt" --temp 0 \
            --max-tokens "$tokens" --ids 2>/dev/null
    } >"$out/fantasma"
    echo "$type prompt    llama.cpp $(sed -n 1p "$out/llama")"
    echo "$type prompt    fantasma  $(sed -n 1p "$out/fantasma")"
    echo "$type generated llama.cpp $(sed -n 2p "$out/llama")"
    echo "$type generated fantasma  $(sed -n 2p "$out/fantasma")"
    if diff -q "$out/llama" "$out/fantasma" >/dev/null; then
        echo "$type: the same ids"
    else
        echo "$type: the ids differ"
        status=1
    fi
done
exit $status
