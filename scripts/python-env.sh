#!/usr/bin/env bash
# Creates .venv (once) and installs tests/requirements.txt into it (again only when the
# requirements changed), for the Python end-to-end tests that CTest runs.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv
requirements=tests/requirements.txt
stamp=$venv/.requirements.sha256

if [[ ! -x $venv/bin/python ]]; then
    python3 -m venv "$venv"
fi
wanted=$(sha256sum "$requirements" | cut -d' ' -f1)
if [[ -f $stamp && $(cat "$stamp") == "$wanted" ]]; then
    exit 0
fi
echo "python-env: installing $requirements into $venv" >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
echo "$wanted" >"$stamp"
