#!/usr/bin/env bash
# Runs a headless-Neovim end-to-end test against the built fantasma-ls.
#   run_nvim_test.sh SERVER TEST.lua SAMPLE           (a file, copied and opened)
#   run_nvim_test.sh SERVER TEST.lua FOLDER MAIN      (a folder, copied whole; MAIN opened)
set -euo pipefail
server=$1 test=$2 sample=$3
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v nvim >/dev/null; then
    echo "nvim is not installed (scripts/install-deps.sh --test installs it)" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -d "$sample" ]; then
    mkdir "$work/project"
    cp -r "$sample/." "$work/project/"
    file=$work/project/${4:?the main file of the folder}
else
    cp "$sample" "$work/sample${sample##*sample}"
    file=$work/sample${sample##*sample}
fi
export FANTASMA_LS=$server FANTASMA_PLUGIN=$here/../../editors/nvim
export FANTASMA_FILE=$file HOME=$work XDG_STATE_HOME=$work XDG_CACHE_HOME=$work
timeout 120 nvim --headless -u NONE -i NONE -n -c "luafile $test"
