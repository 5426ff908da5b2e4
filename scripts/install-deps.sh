#!/usr/bin/env bash
# Installs the Debian packages that building and testing fantasma needs.
# Idempotent and fast when everything is present: apt is only called for what is missing.
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config
    libboost-dev nlohmann-json3-dev catch2 libcli11-dev libutf8proc-dev
    # ICU: Unicode's confusables (spoof checker) and scripts, for look-alike letters.
    libicu-dev
    libcmark-gfm-dev libcmark-gfm-extensions-dev libbenchmark-dev
    ocl-icd-opencl-dev opencl-headers opencl-clhpp-headers pocl-opencl-icd clinfo
    libclblast-dev libsentencepiece-dev
    python3 python3-venv scowl
)
# Test-only tools (end-to-end clients; clang 16 with its libFuzzer runtime, since clang 14
# lacks C++20 pieces the code uses).
if [[ "${1:-}" == "--test" ]]; then
    packages+=(clang-16 libclang-rt-16-dev neovim emacs-nox elpa-eglot elpa-markdown-mode
               chromium ripgrep libkrb5-dev)
    # Node.js with npm (VS Code extension): Debian's, unless the machine already has one.
    command -v npm >/dev/null || packages+=(nodejs npm)
fi

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
        missing+=("$package")
done
if ((${#missing[@]} == 0)); then
    exit 0
fi
echo "install-deps: installing ${missing[*]}" >&2
sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
