#!/usr/bin/env bash
# Compiles the extension and packages it (npm ci installs the pinned dependencies of
# package-lock.json when they are missing or stale):
#   build.sh                                  -> fantasma.vsix, for any platform; it starts
#                                                fantasma.serverPath's or PATH's fantasma-ls
#   build.sh --target linux-x64 --server FILE -> fantasma-linux-x64.vsix, carrying FILE
#                                                (stripped) as server/fantasma-ls
set -euo pipefail
target="" server=""
while (($#)); do
    case $1 in
        --target) target=$2; shift 2 ;;
        --server) server=$(realpath "$2"); shift 2 ;;
        *) echo "usage: build.sh [--target PLATFORM --server FANTASMA_LS]" >&2; exit 2 ;;
    esac
done
if [[ -n $target && -z $server ]]; then
    echo "build.sh: --target $target needs --server, the fantasma-ls to carry" >&2
    exit 2
fi
cd "$(dirname "$0")"
if [[ ! -d node_modules || package-lock.json -nt node_modules ]]; then
    npm ci --no-audit --no-fund >/dev/null
fi
npx tsc -p .
rm -rf server
if [[ -z $target ]]; then
    npx vsce package --allow-missing-repository -o fantasma.vsix >/dev/null
    echo "packaged $(pwd)/fantasma.vsix"
    exit 0
fi
trap 'rm -rf server' EXIT
mkdir server
# The build's server carries debug information the extension has no use for (tens of MB).
strip -o server/fantasma-ls "$server" 2>/dev/null || cp "$server" server/fantasma-ls
chmod 755 server/fantasma-ls
npx vsce package --allow-missing-repository --target "$target" -o "fantasma-$target.vsix" >/dev/null
echo "packaged $(pwd)/fantasma-$target.vsix ($(du -k "fantasma-$target.vsix" | cut -f1) KiB)"
