#!/usr/bin/env python3
"""Writes a program's man page or shell completion from its own --help (CLI11's layout).

    help_pages.py PROGRAM NAME VERSION FORMAT OUTPUT [SEE_ALSO...]

FORMAT is man, bash, zsh or fish. Subcommands listed under "Subcommands:" are asked for
their own --help. The build runs this on the built programs, so the pages and completions
say what the binaries accept; tests/packaging checks the installed page against --help.
"""
import re
import subprocess
import sys

COLUMN = 30  # CLI11's default column width: names left of it, descriptions right


def run_help(program, args):
    done = subprocess.run([program, *args, "--help"], capture_output=True, text=True,
                          check=True)
    return done.stdout


def parse(text):
    """Description lines, the usage line, and [(section, [(name, description)])]."""
    description, usage, sections = [], "", []
    for line in text.splitlines():
        if line.startswith("Usage:"):
            usage = line[len("Usage:"):].strip()
        elif not usage:
            description.append(line)
        elif line and not line.startswith(" ") and line.endswith(":"):
            sections.append((line[:-1], []))
        elif line.startswith("  ") and line[2] != " " and sections:
            name, desc = line[:COLUMN].strip(), line[COLUMN:].strip()
            if len(line) > COLUMN and line[COLUMN - 1] != " ":
                name, desc = line.strip(), ""  # a long name: its description follows
            sections[-1][1].append([name, desc])
        elif line.strip() and sections and sections[-1][1]:
            entry = sections[-1][1][-1]
            entry[1] = (entry[1] + "\n" + line.strip()).strip()
    return description, usage, sections


def option_names(name):
    """'-f,--format TEXT:{text,json}' -> (['-f', '--format'], 'TEXT', ['text', 'json'])."""
    spelling, _, value = name.partition(" ")
    choices = re.search(r"\{([^}]*)\}", value)
    # CLI11 writes an enumeration's values as {json->1,text->0}: the names are left of '->'.
    values = [c.split("->")[0] for c in choices.group(1).split(",")] if choices else []
    return spelling.split(","), value, values


def load(program):
    top = parse(run_help(program, []))
    subcommands = []
    for title, entries in top[2]:
        if title == "Subcommands":
            subcommands = [(n, d, parse(run_help(program, [n]))) for n, d in entries]
    return top, subcommands


def roff(text):
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join("\\&" + l if l.startswith((".", "'")) else l for l in text.split("\n"))


def man(name, version, top, subcommands, see_also):
    description, usage, sections = top
    summary = description[0].split(": ", 1)[-1] if description else name
    out = [f'.TH {name.upper()} 1 "" "{name} {version}" "User Commands"', ".SH NAME",
           f"{roff(name)} \\- {roff(summary)}", ".SH SYNOPSIS", f".B {roff(name)}",
           roff(usage.split(" ", 1)[1] if " " in usage else ""), ".SH DESCRIPTION",
           roff("\n".join(l for l in description[1:] if l) or summary[:1].upper() + summary[1:])]

    def entries(items):
        for entry_name, entry_desc in items:
            out.extend([".TP", f".B {roff(entry_name)}", roff(entry_desc) or "\\&"])

    for title, items in sections:
        if title != "Subcommands":
            out.append(f".SH {title.upper()}")
            entries(items)
    if subcommands:
        out.append(".SH COMMANDS")
        entries([(sub, desc) for sub, desc, _ in subcommands])
        for sub, _, (sub_desc, sub_usage, sub_sections) in subcommands:
            out.extend([f'.SS "{roff(sub_usage)}"', roff("\n".join(l for l in sub_desc if l))])
            for title, items in sub_sections:
                out.append(f".PP\n{roff(title)}:")
                entries(items)
    out.extend([".SH SEE ALSO", ",\n".join(f".BR {roff(s)} (1)" for s in see_also) or "",
                ".PP", f"The README in /usr/share/doc/{name.split('-')[0]}/."])
    return "\n".join(l for l in out if l) + "\n"


def flag_sets(sections):
    """Every option of a help as (names, value, choices, first line of description)."""
    return [(*option_names(n), d.split("\n")[0]) for t, items in sections
            if t not in ("Subcommands", "Positionals") for n, d in items]


def bash(name, top, subcommands):
    fn = "_" + name.replace("-", "_")
    lines = [f"# bash completion for {name}, generated from its --help by packaging/help_pages.py",
             f"{fn}() {{", "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
             '    local sub="" i words=""']
    groups = [("", flag_sets(top[2]), [s[0] for s in subcommands])]
    groups += [(s, flag_sets(h[2]), []) for s, _, h in subcommands]
    if subcommands:
        lines += ["    for ((i = 1; i < COMP_CWORD; i++)); do",
                  '        [[ ${COMP_WORDS[i]} != -* ]] && { sub=${COMP_WORDS[i]}; break; }',
                  "    done"]
    lines.append('    case "$sub" in')
    for sub, flags, more in groups:
        words = [n for names, _, _, _ in flags for n in names] + more
        lines.append(f'        "{sub}") words="{" ".join(words)}"')
        for names, _, choices, _ in flags:
            if choices:
                pattern = "|".join(names)
                lines.append(f'            case $prev in {pattern}) COMPREPLY=($(compgen -W '
                             f'"{" ".join(choices)}" -- "$cur")); return ;; esac')
        lines.append("            ;;")
    lines += ["    esac",
              '    if [[ $cur == -* || ( -z $sub && -n "$words" && $COMP_CWORD -eq 1 ) ]]; then',
              '        COMPREPLY=($(compgen -W "$words" -- "$cur"))', "    fi", "}",
              f"complete -o default -F {fn} {name}"]
    return "\n".join(lines) + "\n"


def zsh_text(text):
    return re.sub(r"[\[\]:'\\]", "", text)


def zsh_specs(flags):
    specs = []
    for names, value, choices, desc in flags:
        arg = f":{zsh_text(value) or 'value'}:({' '.join(choices)})" if choices else \
            (":value:_files" if value else "")
        specs += [f"'{n}[{zsh_text(desc)}]{arg}'" for n in names]
    return " ".join(specs + ["'*:file:_files'"])


def zsh(name, top, subcommands):
    fn = "_" + name.replace("-", "_")
    lines = [f"#compdef {name}", f"# generated from {name} --help by packaging/help_pages.py",
             f"{fn}() {{"]
    if subcommands:
        commands = " ".join(f"'{s}:{zsh_text(d)}'" for s, d, _ in subcommands)
        lines += [f"    local -a commands=({commands})", "    if (( CURRENT == 2 )); then",
                  "        _describe command commands", "        return", "    fi",
                  '    case "${words[2]}" in']
        for sub, _, help_text in subcommands:
            lines.append(f"        {sub}) _arguments {zsh_specs(flag_sets(help_text[2]))} ;;")
        lines.append("    esac")
    else:
        lines.append(f"    _arguments {zsh_specs(flag_sets(top[2]))}")
    lines += ["}", f'{fn} "$@"']
    return "\n".join(lines) + "\n"


def fish_text(text):
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def fish(name, top, subcommands):
    lines = [f"# fish completion for {name}, generated from its --help by packaging/help_pages.py"]

    def options(flags, condition):
        for names, value, choices, desc in flags:
            spec = " ".join(f"-l {n[2:]}" if n.startswith("--") else f"-s {n[1:]}" for n in names)
            arg = f" -x -a {fish_text(' '.join(choices))}" if choices else (" -r" if value else "")
            lines.append(f"complete -c {name}{condition} {spec}{arg} -d {fish_text(desc)}")

    if subcommands:
        options(flag_sets(top[2]), " -n __fish_use_subcommand")
        for sub, desc, help_text in subcommands:
            lines.append(f"complete -c {name} -f -n __fish_use_subcommand -a {sub} "
                         f"-d {fish_text(desc.split(chr(10))[0])}")
            options(flag_sets(help_text[2]), f" -n '__fish_seen_subcommand_from {sub}'")
    else:
        options(flag_sets(top[2]), "")
    return "\n".join(lines) + "\n"


def main():
    program, name, version, form, output, *see_also = sys.argv[1:]
    top, subcommands = load(program)
    if form == "man":
        text = man(name, version, top, subcommands, see_also)
    else:
        text = {"bash": bash, "zsh": zsh, "fish": fish}[form](name, top, subcommands)
    with open(output, "w", encoding="utf-8") as out:
        out.write(text)


if __name__ == "__main__":
    main()
