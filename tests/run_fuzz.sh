#!/usr/bin/env bash
# Builds libFuzzer targets in the shared clang fuzz build (configure_fuzz_build.sh) and runs
# each for a bounded time from its committed corpus, with its dictionary when it has one.
#   run_fuzz.sh SOURCE_DIR BUILD_DIR SECONDS_EACH TARGET:CORPUS:MAX_LEN[:DICTIONARY[,DICTIONARY]...]...
# CORPUS and DICTIONARY are relative to SOURCE_DIR; several dictionaries are joined into one
# (libFuzzer reads a single -dict). New inputs go to a scratch folder (the
# committed corpus only changes by hand); a crash leaves its input as
# BUILD_DIR/fuzz-crash-TARGET-<hash> and fails the run. FANTASMA_FUZZ_SECONDS, when set,
# replaces SECONDS_EACH (scripts/fuzz.sh, the long run).
set -euo pipefail
source_dir=$1
build_dir=$2
seconds=${FANTASMA_FUZZ_SECONDS:-$3}
shift 3

"$source_dir/tests/configure_fuzz_build.sh" "$source_dir" "$build_dir"
targets=()
for spec in "$@"; do targets+=("${spec%%:*}"); done
cmake --build "$build_dir" -j "$(nproc)" --target "${targets[@]}"

for spec in "$@"; do
    IFS=: read -r target corpus max_len dictionary <<<"$spec"
    binary=$(find "$build_dir/tests" -name "$target" -type f -perm -u+x | head -1)
    scratch=$build_dir/fuzz-scratch/$target
    mkdir -p "$scratch"
    joined=""
    if [[ -n $dictionary ]]; then
        joined=$build_dir/fuzz-scratch/$target.dict
        IFS=, read -ra parts <<<"$dictionary"
        for part in "${parts[@]}"; do cat "$source_dir/$part"; done >"$joined"
    fi
    echo "run_fuzz: $target for $seconds s"
    "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
        -print_final_stats=1 ${joined:+-dict="$joined"} \
        -artifact_prefix="$build_dir/fuzz-crash-$target-" "$scratch" "$source_dir/$corpus"
done
