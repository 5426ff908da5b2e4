#!/usr/bin/env bash
# The editor plugins of a DESTDIR installation load from where they were installed: Neovim
# finds the plugin as a start package of <datadir>/nvim/site with no configuration at all
# (-u NORC) and `:checkhealth fantasma` finds the installed fantasma-ls on PATH; Emacs loads
# fantasma.el, and its lsp-mode client once lsp-mode loads, from site-lisp/fantasma.
#   editor_plugins_test.sh DESTDIR
set -euo pipefail
destdir=$(cd "$1" && pwd -P)
share=$destdir/usr/share
fail() { echo "editor-plugins: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v nvim >/dev/null || fail "nvim is not installed (scripts/install-deps.sh --test installs it)"
report=$(cd "$work" && HOME=$work XDG_CONFIG_HOME=$work XDG_DATA_HOME=$work XDG_DATA_DIRS=$share \
    PATH=$destdir/usr/bin:$PATH timeout 60 nvim --headless -u NORC -i NONE -n \
    -c 'checkhealth fantasma' \
    -c 'lua io.stdout:write(table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n"))' \
    -c 'qall!' 2>&1)
grep -q "OK:\? fantasma-ls found: $destdir/usr/bin/fantasma-ls" <<<"$report" ||
    fail "Neovim did not find the installed plugin and server: $report"
echo "Neovim: the installed plugin's :checkhealth finds $destdir/usr/bin/fantasma-ls"

command -v emacs >/dev/null || fail "emacs is not installed (scripts/install-deps.sh --test installs it)"
loaded=$(HOME=$work timeout 60 emacs --batch -L "$share/emacs/site-lisp/fantasma" --eval \
    "(progn (require 'fantasma) (require 'eglot) (require 'lsp-mode)
            (princ (format \"%s %s %s\" (featurep 'fantasma-eglot)
                           (funcall (cdr (assq 'markdown-mode eglot-server-programs)))
                           (and (gethash 'fantasma lsp-clients) t))))" 2>/dev/null)
[[ $loaded == "t (fantasma-ls --stdio) t" ]] ||
    fail "Emacs: eglot's client loaded, its command, lsp-mode's client registered? '$loaded'"
echo "Emacs: fantasma.el loads from site-lisp/fantasma, its clients with eglot and lsp-mode"
