#!/usr/bin/env bash
# Runs `fantasma bench` on each GGUF file with each CPU kernel table this processor runs, the
# tables alternating within each round, and prints one Markdown table: per file and table the
# median prefill and decode tokens/s over all rounds, and the ratio to the first table's.
#   compare_kernel_tables.sh MODEL.gguf...
# Settings from the environment: TABLES ("avx2 avx-vnni avx512-vnni"; the first is the
# baseline), THREADS (2), PROMPT (512), GEN (128), REPS (3, each run's median), ROUNDS (3),
# FANTASMA (the fantasma binary; default build/release/cli/fantasma under the repository).
set -euo pipefail
if [[ $# -lt 1 ]]; then
    echo "usage: $0 MODEL.gguf..." >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
read -r -a tables <<<"${TABLES:-avx2 avx-vnni avx512-vnni}"
fantasma=${FANTASMA:-$here/../../build/release/cli/fantasma}
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT

for ((round = 1; round <= ${ROUNDS:-3}; ++round)); do
    for model in "$@"; do
        for table in "${tables[@]}"; do
            "$fantasma" bench --model "$model" --backend cpu --kernels "$table" \
                --threads "${THREADS:-2}" --prompt-tokens "${PROMPT:-512}" \
                --gen-tokens "${GEN:-128}" --repetitions "${REPS:-3}" --json |
                python3 -c 'import json, sys
d = json.load(sys.stdin)
print(sys.argv[1], sys.argv[2], d["prefill_tokens_per_s"], d["decode_tokens_per_s"])' \
                    "$(basename "$model")" "$table" >>"$runs"
        done
    done
done

python3 - "$runs" "${tables[@]}" <<'EOF'
import statistics, sys
runs, tables = sys.argv[1], sys.argv[2:]
speeds = {}
for line in open(runs):
    model, table, prefill, decode = line.split()
    speeds.setdefault((model, table), []).append((float(prefill), float(decode)))
print("| file | table | prefill tokens/s | × first | decode tokens/s | × first |")
print("|---|---|--:|--:|--:|--:|")
for model in dict.fromkeys(m for m, _ in speeds):
    base = None
    for table in tables:
        runs_here = speeds[(model, table)]
        prefill = statistics.median(p for p, _ in runs_here)
        decode = statistics.median(d for _, d in runs_here)
        base = base or (prefill, decode)
        print(f"| {model} | {table} | {prefill:.1f} | {prefill / base[0]:.2f} | "
              f"{decode:.1f} | {decode / base[1]:.2f} |")
EOF
