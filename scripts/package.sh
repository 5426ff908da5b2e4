#!/usr/bin/env bash
# Builds the Debian package, checks it with lintian and leaves it in build/:
#   scripts/package.sh              -> build/fantasma_<version>_amd64.deb
#   scripts/package.sh BUILD_DIR    -> the same from an existing build (e.g. build/release)
# Without BUILD_DIR it configures build/package: optimised with debug info as the release
# preset, no tests or benchmarks (a quicker build); the package's programs are stripped.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build=${1:-build/package}
if [[ $# == 0 ]]; then
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFANTASMA_WERROR=ON \
        -DFANTASMA_TESTS=OFF -DFANTASMA_BENCHMARKS=OFF -DCMAKE_INSTALL_PREFIX=/usr >/dev/null
fi
cmake --build "$build" -j"$(nproc)"
rm -rf "$build/package"
(cd "$build" && cpack >/dev/null)
cp "$build"/package/fantasma_*_amd64.deb build/
deb=$(ls build/fantasma_*_amd64.deb)
if command -v lintian >/dev/null; then
    lintian --allow-root --fail-on error "$deb"
else
    echo "lintian is not installed (apt-get install lintian): the package is unchecked" >&2
fi
echo "$deb"
