#!/usr/bin/env bash
# Creates .venv-eval at the repository root (once) and installs eval/requirements.txt into it
# (again only when the requirements changed). Every package is pinned in that file, so it is
# installed with --no-deps (see the file's header for why).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv-eval
requirements=eval/requirements.txt
stamp=$venv/.requirements.sha256

if [[ ! -x $venv/bin/python ]]; then
    python3 -m venv "$venv"
fi
wanted=$(sha256sum "$requirements" | cut -d' ' -f1)
if [[ -f $stamp && $(cat "$stamp") == "$wanted" ]]; then
    exit 0
fi
echo "eval/setup.sh: installing $requirements into $venv" >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps \
    -r "$requirements"
echo "$wanted" >"$stamp"
