#!/usr/bin/env bash
# Runs pytest from .venv-eval with the given arguments; says how to create it when missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
python="$root/.venv-eval/bin/python"
if [[ ! -x $python ]]; then
    echo "tests/eval: $python is missing; create it with scripts/python-env.sh eval" >&2
    exit 1
fi
exec "$python" -m pytest "$@"
