#!/usr/bin/env bash
# Runs llama.cpp's llama-bench and `fantasma bench` with the same settings on the same GGUF
# files, one after the other, measures memory read bandwidth before and after each file's two
# runs, and prints one Markdown table (medians of the repetitions; the decode bound is bytes
# read per token ÷ the mean of the bandwidths measured around that file's runs: this machine's
# bandwidth drifts by ±20 % within minutes; "with state" adds the recurrent state a decode step
# reads and writes, 2 × 20.2 MB on the 0.8B shape, which no kernel of the weights can avoid).
#   compare_llama_cpp.sh LLAMA_CPP_BUILD_DIR MODEL.gguf...
# Settings from the environment: THREADS (2), PROMPT (512; 0: decode only), GEN (128), REPS (3),
# ROUNDS (1: with more, each file's llama.cpp and fantasma runs alternate ROUNDS times and the
# table shows the medians over all runs), KERNELS (fantasma's kernel table, e.g. avx2 to force
# it on an AVX-512 processor; default the fastest), FANTASMA (the fantasma binary; default
# build/release/cli/fantasma under the repository).
# On a shared, busy machine run it with OMP_WAIT_POLICY=passive: llama.cpp's OpenMP threads
# spin while they wait and collapse there (docs/engine-speed.md, 2026-12-01 18:14).
set -euo pipefail
if [[ $# -lt 2 ]]; then
    echo "usage: $0 LLAMA_CPP_BUILD_DIR MODEL.gguf..." >&2
    exit 2
fi
llama_build=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
threads=${THREADS:-2}
prompt=${PROMPT:-512}
gen=${GEN:-128}
reps=${REPS:-3}
rounds=${ROUNDS:-1}
kernels=()
[[ -n ${KERNELS:-} ]] && kernels=(--kernels "$KERNELS")
fantasma=${FANTASMA:-$here/../../build/release/cli/fantasma}
llama_bench=$llama_build/bin/llama-bench
for tool in "$llama_bench" "$fantasma"; do
    [[ -x $tool ]] || { echo "compare: $tool is missing or not executable" >&2; exit 1; }
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
g++ -O2 -march=native -pthread "$here/memory_bandwidth.cpp" -o "$scratch/memory_bandwidth"

for round in $(seq "$rounds"); do
    for model in "$@"; do
        name=$(basename "$model" .gguf)
        "$scratch/memory_bandwidth" "$threads" >>"$scratch/$name.bandwidth"
        echo "compare: round $round, llama-bench on $name" >&2
        "$llama_bench" -m "$model" -p "$prompt" -n "$gen" -t "$threads" -r "$reps" -o json \
            >"$scratch/$name.$round.llama.json" 2>"$scratch/$name.llama.err" ||
            { echo "compare: llama-bench failed on $model:" >&2; tail -5 "$scratch/$name.llama.err" >&2; }
        echo "compare: round $round, fantasma bench on $name" >&2
        "$fantasma" bench --model "$model" --prompt-tokens "$prompt" --gen-tokens "$gen" \
            --threads "$threads" --repetitions "$reps" "${kernels[@]}" --json \
            >"$scratch/$name.$round.fantasma.json" ||
            echo "compare: fantasma bench failed on $model" >&2
        "$scratch/memory_bandwidth" "$threads" >>"$scratch/$name.bandwidth"
    done
done

python3 - "$scratch" "$threads" "$prompt" "$gen" "$reps" "$rounds" "$@" <<'PY'
import json, os, statistics, sys

scratch, threads, prompt, gen, reps, rounds = sys.argv[1:7]
models = sys.argv[7:]
rounds = int(rounds)


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def llama_samples(name, n_prompt, n_gen):
    samples = []
    for round in range(1, rounds + 1):
        for test in load(f"{scratch}/{name}.{round}.llama.json") or []:
            if test.get("n_prompt") == n_prompt and test.get("n_gen") == n_gen:
                samples += test["samples_ts"]
    return samples


def fantasma_runs(name):
    runs = [load(f"{scratch}/{name}.{round}.fantasma.json") for round in range(1, rounds + 1)]
    return [run for run in runs if run]


def median(values):
    return statistics.median(values) if values else None


def show(value, measured=True):
    return "–" if not measured else "failed" if value is None else f"{value:.1f}"


def bandwidth_around(name):
    try:
        with open(f"{scratch}/{name}.bandwidth") as f:
            values = [float(line) for line in f if line.strip()]
        return statistics.mean(values), values
    except (OSError, ValueError, statistics.StatisticsError):
        return None, []


print(f"threads {threads}, pp{prompt} / tg{gen}, median of {reps} repetitions x {rounds} alternating rounds; "
      f"read bandwidth (GB/s) before and after each file's runs\n")
print(f"| file | weights | llama.cpp pp{prompt} | fantasma pp{prompt} | llama.cpp tg{gen} | fantasma tg{gen} "
      f"| read GB/s | decode bound | fantasma / bound | llama.cpp / bound | fantasma / bound with state |")
print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
for model in models:
    name = os.path.basename(model)[: -len(".gguf")] if model.endswith(".gguf") else os.path.basename(model)
    runs = fantasma_runs(name)
    ours = runs[0] if runs else {}
    llama_pp = median(llama_samples(name, int(prompt), 0)) if int(prompt) > 0 else None
    llama_tg = median(llama_samples(name, 0, int(gen)))
    ours_pp = median([v for run in runs for v in run["prefill_runs_tokens_per_s"]])
    ours_tg = median([v for run in runs for v in run["decode_runs_tokens_per_s"]])
    per_token = ours.get("bytes_per_token")
    bandwidth, measured = bandwidth_around(name)
    bound = bandwidth * 1e9 / per_token if per_token and bandwidth else None
    share = lambda v, b=bound: "–" if v is None or b is None else f"{100 * v / b:.0f} %"
    state = ours.get("state_bytes")
    bound_with_state = bandwidth * 1e9 / (per_token + 2 * state) if bound and state else None
    size = f"{ours['weight_bytes'] / 1e6:.0f} MB {ours.get('matrix_types', ours['file_type'])}" if ours else "?"
    print(f"| {name} | {size} | {show(llama_pp, int(prompt) > 0)} | {show(ours_pp, int(prompt) > 0)} | {show(llama_tg)} | {show(ours_tg)} "
          f"| {' → '.join(f'{v:.1f}' for v in measured) or '?'} | {show(bound)} | {share(ours_tg)} "
          f"| {share(llama_tg)} | {share(ours_tg, bound_with_state)} |")
for model in models:
    name = os.path.basename(model)[: -len(".gguf")]
    runs = fantasma_runs(name)
    ours = runs[0] if runs else None
    if ours:
        print(f"\n{name}: fantasma backend {ours['backend']}, peak RSS {ours['peak_rss_bytes'] / 1e6:.0f} MB")
    err = f"{scratch}/{name}.llama.err"
    if not llama_samples(name, 0, int(gen)) and os.path.exists(err):
        print(f"\n{name}: llama-bench error:\n```\n" + open(err).read()[-1500:] + "\n```")
PY
