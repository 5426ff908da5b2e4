#!/usr/bin/env bash
# Installs the build into a DESTDIR (prefix /usr, as the package does) and runs the installed
# programs from a folder outside any build tree, with an empty environment, under strace:
# `fantasma check` on the installed example and fantasma-ls through an LSP exchange. Fails
# if either program opens (or tries to open) anything under the source or the build folder,
# so the installed programs run with the build tree gone. The man-page and completion tests
# use this installation.
#   destdir_test.sh SOURCE_DIR BUILD_DIR DESTDIR FANTASMA_BINARY
set -euo pipefail
source_dir=$(cd "$1" && pwd -P) build=$(cd "$2" && pwd -P) destdir=$3 binary=$4
destdir=$(mkdir -p "$destdir" && cd "$destdir" && pwd -P)
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "destdir: $*" >&2; exit 1; }
version=$("$binary" --version)
version=${version#fantasma }

rm -rf "$destdir"
DESTDIR=$destdir cmake --install "$build" --prefix /usr >/dev/null
bin=$destdir/usr/bin
[[ $("$bin/fantasma" --version) == "fantasma $version" ]] ||
    fail "installed fantasma --version says '$("$bin/fantasma" --version)', not $version"
[[ $("$bin/fantasma-ls" --version) == "fantasma-ls $version" ]] ||
    fail "installed fantasma-ls --version says '$("$bin/fantasma-ls" --version)', not $version"
if ldd "$bin/fantasma" "$bin/fantasma-ls" | grep "=>" | grep -e "$source_dir" -e "$build"; then
    fail "the installed programs load libraries from the build tree"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/writer"
cp "$destdir/usr/share/doc/fantasma/examples/field-notes.md" "$work/writer/"
cd "$work/writer"
traced() { strace -f -qq -s 4096 -e trace=%file -o "$work/trace.$1" env -i "${@:2}"; }
if ! strace -qq -o /dev/null true 2>/dev/null; then
    echo "FANTASMA-TEST-SKIPPED: strace cannot trace here (no ptrace), so the test cannot" \
         "tell whether the installed programs read the build tree"
    exit 0
fi
status=0
traced check "$bin/fantasma" check field-notes.md >"$work/check.out" || status=$?
[[ $status == 0 ]] || { cat "$work/check.out"; fail "fantasma check exited $status"; }
grep -q '^field-notes.md:[0-9]*:[0-9]*: ' "$work/check.out" ||
    { cat "$work/check.out"; fail "fantasma check found no marker in field-notes.md"; }
echo "fantasma check: $(grep -c '^field-notes.md:[0-9]' "$work/check.out") markers"
python3 "$here/lsp_exchange.py" "$version" field-notes.md -- \
    strace -f -qq -s 4096 -e trace=%file -o "$work/trace.ls" env -i "$bin/fantasma-ls"
# The DESTDIR lies in the build folder: its files are the installation, not the build tree.
if grep -h -e "\"$source_dir[/\"]" -e "\"$build[/\"]" "$work"/trace.* | grep -v "\"$destdir/"; then
    fail "the installed programs opened the files above in the source or build tree"
fi
echo "neither program touched $source_dir or $build"
