#!/usr/bin/env bash
# Installs the package make_deb.sh made into a clean Debian 12 root with apt (which fetches
# its Depends from Debian, without Recommends: no OpenCL driver), then runs, inside the root
# and from a folder of its own, `fantasma check` on the installed example and fantasma-ls
# through an LSP exchange (the client runs here; the server in the root); then, with
# Debian's Neovim and Emacs installed too, the plugins the package carries.
# The root (Debian's essential packages and apt, by mmdebstrap) is made once and kept as a
# tarball in CACHE_DIR; each run unpacks a fresh copy.
#   debian_root_test.sh BUILD_DIR CACHE_DIR FANTASMA_BINARY
set -euo pipefail
build=$1 cache=$2 binary=$3
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "debian-root: $*" >&2; exit 1; }
skip() { echo "FANTASMA-TEST-SKIPPED: $* (the DESTDIR test runs the same programs without a root)"; exit 0; }
version=$("$binary" --version)
version=${version#fantasma }
deb=$(ls "$build"/package/fantasma_*_amd64.deb)

[[ $(id -u) == 0 ]] || skip "making a Debian root needs root (chroot, mounts)"
command -v mmdebstrap >/dev/null ||
    fail "mmdebstrap is not installed (scripts/install-deps.sh --test installs it)"
unshare --mount true 2>/dev/null || skip "no mount namespaces here (unshare --mount failed)"
base=$cache/debian12-root.tar
part=$cache/debian12-root.part.tar  # mmdebstrap writes a tarball when the name ends in .tar
mkdir -p "$cache"
if [[ ! -s $base ]]; then
    start=$SECONDS
    # The root gets the machine's own apt sources, so it installs from whatever mirror this
    # machine is set up with.
    sources=""
    for candidate in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list; do
        if [[ -s $candidate ]]; then
            sources=$candidate
            break
        fi
    done
    [[ -n $sources ]] || skip "this machine has no Debian apt sources to make a root from"
    if ! mmdebstrap --quiet --variant=apt --mode=root bookworm "$part" \
        "$sources" >"$cache/mmdebstrap.log" 2>&1; then
        tail -5 "$cache/mmdebstrap.log" >&2
        rm -f "$part"
        grep -qi -e "permission" -e "not permitted" "$cache/mmdebstrap.log" &&
            skip "mmdebstrap may not make a root here"
        fail "mmdebstrap failed (log: $cache/mmdebstrap.log)"
    fi
    mv "$part" "$base"
    echo "made the Debian 12 root in $((SECONDS - start)) s"
fi

work=$(mktemp -d)
cleanup() { rm -rf --one-file-system "$work"; }
trap cleanup EXIT
root=$work/root
mkdir "$root"
tar -C "$root" -xf "$base"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
# Every command runs in a mount namespace of its own: /proc is mounted for it and gone after.
cat >"$work/in-root" <<SCRIPT
#!/bin/sh
exec unshare --mount --fork sh -c 'mount -t proc proc "$root/proc" && exec chroot "$root" "\$@"' sh "\$@"
SCRIPT
chmod +x "$work/in-root"
in_root() { "$work/in-root" "$@"; }

start=$SECONDS
in_root sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends /tmp/$(basename "$deb")" >"$work/apt.log" 2>&1 ||
    { tail -20 "$work/apt.log" >&2; fail "apt-get install ./$(basename "$deb") failed"; }
echo "apt-get installed $(basename "$deb") and its Depends in $((SECONDS - start)) s"
if in_root dpkg -s pocl-opencl-icd >/dev/null 2>&1; then fail "an OpenCL driver came along"; fi

[[ $(in_root fantasma --version) == "fantasma $version" ]] ||
    fail "fantasma --version in the root says '$(in_root fantasma --version)'"
in_root sh -c 'mkdir -p /srv/writer && cp /usr/share/doc/fantasma/examples/field-notes.md /srv/writer/'
status=0
in_root sh -c 'cd /srv/writer && fantasma check field-notes.md' >"$work/check.out" || status=$?
[[ $status == 0 ]] || { cat "$work/check.out"; fail "fantasma check exited $status in the root"; }
grep -q '^field-notes.md:[0-9]*:[0-9]*: ' "$work/check.out" ||
    { cat "$work/check.out"; fail "fantasma check found no marker"; }
echo "fantasma check in the root: $(grep -c '^field-notes.md:[0-9]' "$work/check.out") markers"
cp "$root/srv/writer/field-notes.md" "$work/"
python3 "$here/lsp_exchange.py" "$version" "$work/field-notes.md" -- \
    "$work/in-root" sh -c 'cd /srv/writer && exec fantasma-ls'
in_root sh -c 'fantasma devices' || fail "fantasma devices failed without an OpenCL driver"

# The README's editor lines, with Debian's editors: Neovim finds the plugin the package put in
# its site folder (no plugin manager), Emacs finds fantasma.el on its load-path.
start=$SECONDS
in_root sh -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    neovim emacs-nox elpa-eglot" >"$work/apt-editors.log" 2>&1 ||
    { tail -20 "$work/apt-editors.log" >&2; fail "apt-get install neovim emacs-nox failed"; }
echo "apt-get installed Neovim and Emacs in $((SECONDS - start)) s"
health=$(in_root sh -c 'cd /srv/writer && HOME=/root nvim --headless -i NONE -n \
    -c "lua require(\"fantasma\").setup{}" -c "checkhealth fantasma" \
    -c "lua io.stdout:write(table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), \"\\n\"))" \
    -c "qall!"' 2>&1)
grep -q "OK:\? fantasma-ls found: /usr/bin/fantasma-ls" <<<"$health" ||
    fail "Neovim in the root: :checkhealth fantasma says: $health"
echo "Neovim in the root: setup{} and :checkhealth fantasma find /usr/bin/fantasma-ls"
command=$(in_root sh -c "HOME=/root emacs --batch --eval \"(progn (require 'fantasma)
    (add-hook 'markdown-mode-hook #'eglot-ensure) (require 'eglot)
    (princ (funcall (cdr (assq 'markdown-mode eglot-server-programs)))))\"" 2>/dev/null)
[[ $command == "(fantasma-ls --stdio)" ]] ||
    fail "Emacs in the root: (require 'fantasma) and eglot give the command '$command'"
echo "Emacs in the root: (require 'fantasma) needs no load-path; eglot starts $command"
