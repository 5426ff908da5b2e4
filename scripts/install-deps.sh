#!/usr/bin/env bash
# Installs the Debian packages that building and testing fantasma needs.
# Idempotent and fast when everything is present: apt is only called for what is missing.
set -euo pipefail

# Each package with the reason it is here (the README lists them too).
packages=(
    cmake ninja-build g++ pkg-config  # the build
    libboost-dev                      # Boost.Asio: the language server's transport
    nlohmann-json3-dev                # JSON: LSP messages, model configs, --format json
    libcli11-dev                      # the command line's options
    catch2                            # the unit tests (Catch2 v2), configured in every build
    libutf8proc-dev                   # Unicode normalisation and categories (text, tokenizer)
    libicu-dev                        # Unicode confusables and scripts: look-alike letters
    ocl-icd-opencl-dev opencl-headers opencl-clhpp-headers  # the OpenCL backend's build
    pocl-opencl-icd                   # an OpenCL device on any CPU (tests; users without a GPU)
    libclblast-dev                    # CLBlast: the OpenCL backend's matrix products (prefill)
    libsentencepiece-dev              # sentencepiece .model tokenizers
    libqpdf-dev                       # a built PDF's objects: Info, XMP, /PTEX entries, annotations, links
    libpoppler-cpp-dev                # a built PDF's text layer, page by page
    libarchive-dev                    # a source archive's members (.tar.gz, .zip), read in memory
    libexiv2-dev                      # figures' EXIF, XMP and IPTC metadata in a source archive
    liblinear-dev                     # the attacker of --profile: logistic regression (issue 29)
    python3 python3-venv              # data-building scripts; the test and eval environments
    scowl                             # word lists the committed reference tables are built from
    wordnet-base                      # WordNet 3.0: the committed synonym table (tools/wordnet/) is built from it
    dpkg-dev file                     # the .deb (scripts/package.sh): dpkg-shlibdeps computes Depends; CPack finds programs with file
)
# Test-only packages.
if [[ "${1:-}" == "--test" ]]; then
    packages+=(
        clang-16 libclang-rt-16-dev         # libFuzzer (clang 14 lacks C++20 pieces we use)
        neovim                              # Neovim 0.7 end-to-end tests
        emacs-nox elpa-eglot elpa-markdown-mode  # Emacs + eglot end-to-end test
        elpa-lsp-mode                       # Emacs + lsp-mode end-to-end test (fantasma-lsp.el)
        chromium                            # drives code-server headless (VS Code test)
        ripgrep                             # code-server wants rg; Debian's, not a download
        libkrb5-dev                         # code-server's kerberos module builds against it
        lintian                             # checks the .deb (tests/packaging)
        mmdebstrap                          # the clean Debian 12 root the .deb is installed into
        strace                              # the DESTDIR test: the installed programs never read the build tree
        groff-base                          # renders the man pages to check them against --help
        zsh fish                            # the completion test runs their completions
        texlive-latex-base texlive-latex-recommended texlive-fonts-recommended texlive-publishers
                                            # pdfTeX builds the PDF check's papers (tests/pdf), IEEEtran among them
        pandoc                              # ... and the Markdown submissions' PDFs, as their writers make them
    )
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
