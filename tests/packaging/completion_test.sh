#!/usr/bin/env bash
# The installed completions complete: bash's and fish's are asked for completions of partial
# command lines (a subcommand, an option, an option's values); zsh's is parsed (zsh -n) and
# must name every subcommand.
#   completion_test.sh DESTDIR
set -euo pipefail
share=$1/usr/share
fail() { echo "completion: $*" >&2; exit 1; }
expect() {  # expect SHELL LINE WANTED GOT
    grep -qx -- "$3" <<<"$4" || fail "$1 completes '$2' to '$(tr '\n' ' ' <<<"$4")', not '$3'"
}
bash_complete() {  # the words of a command line, the last the one being completed
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
             "_${1//-/_}"; printf "%s\n" "${COMPREPLY[@]}"' \
        sh "$share/bash-completion/completions/$1" "$@"
}
expect bash "fantasma ch" check "$(bash_complete fantasma ch)"
expect bash "fantasma --ver" --version "$(bash_complete fantasma --ver)"
expect bash "fantasma check --for" --format "$(bash_complete fantasma check --for)"
expect bash "fantasma check --format " json "$(bash_complete fantasma check --format '')"
expect bash "fantasma-ls --log-l" --log-level "$(bash_complete fantasma-ls --log-l)"
expect bash "fantasma-ls --log-level " trace "$(bash_complete fantasma-ls --log-level '')"

command -v fish >/dev/null || fail "fish is not installed (scripts/install-deps.sh --test installs it)"
fish_complete() {
    HOME=$(mktemp -d) fish --no-config -c "source $share/fish/vendor_completions.d/$1.fish
        complete -C '$2'" | cut -f1
}
expect fish "fantasma ch" check "$(fish_complete fantasma 'fantasma ch')"
expect fish "fantasma check --for" --format "$(fish_complete fantasma 'fantasma check --for')"
expect fish "fantasma check --format " json "$(fish_complete fantasma 'fantasma check --format ')"
expect fish "fantasma-ls --log-level " trace "$(fish_complete fantasma-ls 'fantasma-ls --log-level ')"

command -v zsh >/dev/null || fail "zsh is not installed (scripts/install-deps.sh --test installs it)"
for name in fantasma fantasma-ls; do
    zsh -n "$share/zsh/vendor-completions/_$name" || fail "_$name does not parse"
    head -1 "$share/zsh/vendor-completions/_$name" | grep -qx "#compdef $name" ||
        fail "_$name does not begin with #compdef $name"
done
for sub in $("$1/usr/bin/fantasma" --help | sed -n '/^Subcommands:/,$s/^  \([a-z]*\) .*/\1/p'); do
    grep -q "'$sub:" "$share/zsh/vendor-completions/_fantasma" || fail "_fantasma lacks $sub"
done
echo "bash, fish and zsh completions complete subcommands, options and their values"
