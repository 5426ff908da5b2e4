#!/usr/bin/env bash
# Installs what is missing, builds fantasma, and checks the bundled example documents.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
[[ -f build/release/build.ninja ]] ||
    cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/release -j "$(nproc)" --target fantasma
build/release/cli/fantasma check examples/*
