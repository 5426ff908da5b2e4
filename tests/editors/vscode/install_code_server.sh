#!/usr/bin/env bash
# Installs code-server (VS Code for the Web) and puppeteer-core from npm into DIR, offline
# apart from the npm registry, for the VS Code end-to-end test. Idempotent.
#   install_code_server.sh DIR
# code-server 4.100.3 (VS Code 1.100.3) is the newest release that runs on Debian 12's
# Node.js 20. Its install scripts would download ripgrep from GitHub: Debian's `rg` is put
# where @vscode/ripgrep looks for its cached download instead.
set -euo pipefail
dir=$1
[[ -x $dir/node_modules/.bin/code-server && -d $dir/node_modules/puppeteer-core ]] && exit 0
mkdir -p "$dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rg=$(command -v rg) || { echo "ripgrep (Debian package) is required" >&2; exit 1; }
mkdir -p "$tmp/rg/ripgrep/bin" "$tmp/vscode-ripgrep-cache-1.15.11"
cp "$rg" "$tmp/rg/ripgrep/bin/rg"
tar -C "$tmp/rg/ripgrep/bin" -czf \
    "$tmp/vscode-ripgrep-cache-1.15.11/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" rg
(
    cd "$dir"
    TMPDIR=$tmp npm_config_yes=true npm install --no-audit --no-fund --unsafe-perm \
        --foreground-scripts code-server@4.100.3 puppeteer-core@22.9.0 >"$tmp/npm.log" 2>&1 ||
        { tail -40 "$tmp/npm.log" >&2; exit 1; }
)
