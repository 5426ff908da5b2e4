#!/usr/bin/env bash
# Creates a Python environment at the repository root (once) and installs its pinned
# requirements into it (again only when the requirements changed). One script for every
# environment the project uses:
#   scripts/python-env.sh tests       .venv       tests/requirements.txt (pytest-lsp end-to-end)
#   scripts/python-env.sh eval        .venv-eval  eval/requirements.txt (the evaluation, make eval)
#   scripts/python-env.sh reference   .venv-reference  tests/reference/requirements.txt
#                                     (transformers, to regenerate the engine's golden files)
# The eval requirements pin every package, dependencies included, so they install with
# --no-deps (see that file's header for why).
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
    tests) venv=.venv requirements=tests/requirements.txt pip_flags=() ;;
    eval) venv=.venv-eval requirements=eval/requirements.txt pip_flags=(--no-deps) ;;
    reference) venv=.venv-reference requirements=tests/reference/requirements.txt pip_flags=() ;;
    *)
        echo "usage: scripts/python-env.sh tests|eval|reference" >&2
        exit 2
        ;;
esac
stamp=$venv/.requirements.sha256

if [[ ! -x $venv/bin/python ]]; then
    python3 -m venv "$venv"
fi
wanted=$(sha256sum "$requirements" | cut -d' ' -f1)
if [[ -f $stamp && $(cat "$stamp") == "$wanted" ]]; then
    exit 0
fi
echo "python-env: installing $requirements into $venv" >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${pip_flags[@]}" \
    -r "$requirements"
echo "$wanted" >"$stamp"
