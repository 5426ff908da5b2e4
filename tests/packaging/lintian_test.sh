#!/usr/bin/env bash
# lintian on the package make_deb.sh made: any error fails; warnings and notes are printed.
#   lintian_test.sh BUILD_DIR
set -euo pipefail
command -v lintian >/dev/null ||
    { echo "lintian is not installed (scripts/install-deps.sh --test installs it)" >&2; exit 1; }
deb=$(ls "$1"/package/fantasma_*_amd64.deb)
start=$SECONDS
# --fail-on error: warnings are printed, not fatal (notes are left out: the spelling notes
# are the misspellings the embedded dictionary lists on purpose). Root may run it here.
lintian --allow-root --fail-on error --tag-display-limit 0 "$deb"
echo "lintian: no errors in $(basename "$deb") ($((SECONDS - start)) s)"
