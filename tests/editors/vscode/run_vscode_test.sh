#!/usr/bin/env bash
# Builds and packages the VS Code extension, installs code-server + puppeteer-core (npm) and
# Debian's chromium if missing, then runs vscode_e2e.js against the built fantasma-ls.
#   run_vscode_test.sh SERVER CACHE_DIR ARTIFACTS_DIR
set -euo pipefail
server=$1 cache=$2 artifacts=$3
here=$(cd "$(dirname "$0")" && pwd)
extension=$here/../../../editors/vscode
"$extension/build.sh"
"$here/install_code_server.sh" "$cache/code-server"
node "$here/vscode_e2e.js" --code-server "$cache/code-server" --vsix "$extension/fantasma.vsix" \
    --server "$server" --sample "$here/sample.md" \
    --latex-project "$here/../../stylometry/submissions/article" \
    --review-project "$here/../../stylometry/submissions/acmart" --artifacts "$artifacts"
