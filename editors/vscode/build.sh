#!/usr/bin/env bash
# Compiles the extension and packages it as editors/vscode/fantasma.vsix (npm ci installs
# the pinned dependencies of package-lock.json when they are missing or stale).
set -euo pipefail
cd "$(dirname "$0")"
if [[ ! -d node_modules || package-lock.json -nt node_modules ]]; then
    npm ci --no-audit --no-fund >/dev/null
fi
npx tsc -p .
npx vsce package --allow-missing-repository -o fantasma.vsix >/dev/null
echo "packaged $(pwd)/fantasma.vsix"
