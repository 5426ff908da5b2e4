#!/usr/bin/env bash
# The Emacs package as package-vc-install (Emacs 29+) would build it: package.el reads
# fantasma.el's headers (name, version = the project's, requirements), and its files
# byte-compile without a warning, the clients against Debian's eglot and lsp-mode.
#   emacs_package_test.sh PLUGIN_DIR PROJECT_VERSION
set -euo pipefail
plugin=$1 version=$2
command -v emacs >/dev/null || { echo "emacs is not installed (scripts/install-deps.sh --test)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$plugin"/*.el "$work/"
cd "$work"
info=$(emacs --batch --eval "(progn (require 'package)
  (with-temp-buffer (insert-file-contents \"fantasma.el\")
    (let ((d (package-buffer-info)))
      (princ (format \"%s %s %S\" (package-desc-name d)
                     (package-version-join (package-desc-version d)) (package-desc-reqs d))))))" 2>/dev/null)
echo "package.el reads: $info"
[[ $info == "fantasma $version ((emacs (28 1)) (eglot (1 9)))" ]] ||
    { echo "fantasma.el's headers say '$info', not version $version with emacs 28.1 and eglot 1.9" >&2; exit 1; }
emacs --batch -L . --eval "(setq byte-compile-error-on-warn t)" -f batch-byte-compile \
    fantasma.el fantasma-eglot.el fantasma-lsp.el 2>&1 | grep -v "^Loading" || true
[[ -f fantasma.elc && -f fantasma-eglot.elc && -f fantasma-lsp.elc ]] || { echo "byte-compilation failed (above)" >&2; exit 1; }
echo "fantasma.el, fantasma-eglot.el and fantasma-lsp.el byte-compile without warnings"
