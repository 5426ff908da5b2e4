#!/usr/bin/env bash
# Packages the VS Code extension for linux-x64 carrying the built fantasma-ls (as users get
# it), installs code-server + puppeteer-core (npm) if missing, then runs vscode_e2e.js: the
# extension must start the server it carries, with no fantasma.serverPath set.
#   run_vscode_test.sh SERVER CACHE_DIR ARTIFACTS_DIR
set -euo pipefail
server=$1 cache=$2 artifacts=$3
here=$(cd "$(dirname "$0")" && pwd)
extension=$here/../../../editors/vscode
"$extension/build.sh" --target linux-x64 --server "$server"
"$here/install_code_server.sh" "$cache/code-server"
node "$here/vscode_e2e.js" --code-server "$cache/code-server" --vsix "$extension/fantasma-linux-x64.vsix" \
    --sample "$here/sample.md" \
    --latex-project "$here/../../stylometry/submissions/article" \
    --review-project "$here/../../stylometry/submissions/acmart" --artifacts "$artifacts"
