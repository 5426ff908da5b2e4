#!/usr/bin/env bash
# Makes the Debian package from a build folder with CPack, as scripts/package.sh does, and
# checks what it says about itself: name, version, architecture, computed Depends (the
# libraries the programs link, no OpenCL driver), the driver as Recommends, and the files.
#   make_deb.sh BUILD_DIR FANTASMA_BINARY
set -euo pipefail
build=$1 binary=$2
version=$("$binary" --version)
version=${version#fantasma }
version=${version%%+*}  # the package has the project's version, without the git describe
fail() { echo "make_deb: $*" >&2; exit 1; }

rm -rf "$build/package"
start=$SECONDS
cpack --config "$build/CPackConfig.cmake" >"$build/cpack.log" 2>&1 ||
    { cat "$build/cpack.log" >&2; fail "cpack failed"; }
deb=$build/package/fantasma_${version}_amd64.deb
[[ -f $deb ]] || fail "no $deb; cpack made: $(ls "$build/package")"
echo "made $deb ($(du -k "$deb" | cut -f1) KiB) in $((SECONDS - start)) s"
dpkg-deb -f "$deb" Package Version Architecture Depends Recommends

field() { dpkg-deb -f "$deb" "$1"; }
[[ $(field Package) == fantasma && $(field Version) == "$version" ]] ||
    fail "package $(field Package) $(field Version), not fantasma $version"
[[ $(field Architecture) == amd64 ]] || fail "architecture $(field Architecture)"
depends=$(field Depends)
for library in libc6 libstdc++6 libicu72 libutf8proc2; do
    [[ $depends == *"$library"* ]] || fail "Depends lacks $library: $depends"
done
[[ $depends != *pocl* && $depends != *opencl-icd* ]] ||
    fail "Depends asks for an OpenCL driver, which a machine without a GPU stack lacks: $depends"
[[ $(field Recommends) == *opencl-icd* ]] || fail "Recommends has no OpenCL driver"

listing=$(dpkg-deb -c "$deb" | awk '{print $6}')
for path in ./usr/bin/fantasma ./usr/bin/fantasma-ls ./usr/share/man/man1/fantasma.1.gz \
    ./usr/share/man/man1/fantasma-ls.1.gz ./usr/share/bash-completion/completions/fantasma \
    ./usr/share/zsh/vendor-completions/_fantasma ./usr/share/fish/vendor_completions.d/fantasma.fish \
    ./usr/share/doc/fantasma/copyright ./usr/share/doc/fantasma/changelog.gz \
    ./usr/share/doc/fantasma/licenses/scowl ./usr/share/doc/fantasma/examples/field-notes.md; do
    grep -qx -- "$path" <<<"$listing" || fail "the package lacks $path"
done
outside=$(grep -v -e '^\./$' -e '^\./usr/' <<<"$listing" || true)
[[ -z $outside ]] || fail "files outside /usr: $outside"
