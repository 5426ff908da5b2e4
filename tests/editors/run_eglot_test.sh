#!/usr/bin/env bash
# Runs an Emacs end-to-end test (eglot or lsp-mode) in batch Emacs against the built fantasma-ls.
#   run_eglot_test.sh SERVER TEST.el SAMPLE
set -euo pipefail
server=$1 test=$2 sample=$3
here=$(cd "$(dirname "$0")" && pwd)
command -v emacs >/dev/null || { echo "emacs is not installed (scripts/install-deps.sh --test)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$sample" "$work/sample.md"
export FANTASMA_LS=$server FANTASMA_PLUGIN=$here/../../editors/emacs FANTASMA_FILE=$work/sample.md
HOME=$work timeout 120 emacs --batch -l "$test"
