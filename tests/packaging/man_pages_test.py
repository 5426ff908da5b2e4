#!/usr/bin/env python3
"""The installed man pages say what the installed programs' --help says.

    man_pages_test.py DESTDIR

For fantasma and fantasma-ls: groff renders the page without warnings, and every line of
the program's --help (its description, and each option or subcommand with its description,
and the same for each subcommand's --help within that subcommand's part of the page) appears
in the rendered page, whitespace aside.
"""
import gzip
import re
import subprocess
import sys


def normal(text):
    return " ".join(text.split())


def help_of(program, *args):
    return subprocess.run([program, *args, "--help"], capture_output=True, text=True,
                          check=True).stdout


def entries(help_text):
    """The description lines and each entry (a name and its description, one string)."""
    found, lines = [], help_text.splitlines()
    for line in lines:
        if line.startswith("Usage:"):
            break
        if line.strip():
            found.append(line)
    body = lines[lines.index(next(l for l in lines if l.startswith("Usage:"))) + 1:]
    for line in body:
        if re.match(r"  \S", line):
            found.append(line)
        elif line.startswith("   ") and line.strip() and found:
            found[-1] += " " + line.strip()
    return [normal(e) for e in found]


def render(page):
    source = gzip.decompress(open(page, "rb").read()).decode()
    # HY=0: no hyphenation, so words come out whole; -ww: every warning.
    done = subprocess.run(["groff", "-man", "-Tascii", "-P-cbou", "-rHY=0", "-ww"],
                          input=source, capture_output=True, text=True, check=True)
    if done.stderr.strip():
        sys.exit(f"{page}: groff warns:\n{done.stderr}")
    return normal(done.stdout)


def require(text, wanted, where):
    # "name: what it does", the first line of --help, is the page's NAME line "name - what".
    missing = [w for w in wanted if w not in text and w.replace(": ", " - ", 1) not in text]
    if missing:
        sys.exit(f"{where} lacks what --help says:\n  " + "\n  ".join(missing))
    return len(wanted)


def main():
    destdir = sys.argv[1]
    for name in ("fantasma", "fantasma-ls"):
        program = f"{destdir}/usr/bin/{name}"
        page = f"{destdir}/usr/share/man/man1/{name}.1.gz"
        text = render(page)
        top = help_of(program)
        checked = require(text, entries(top), page)
        subcommands = re.findall(r"^  (\w+)  ", top.split("Subcommands:")[1], re.M) \
            if "Subcommands:" in top else []
        usages = [normal(help_of(program, s).split("Usage:")[1].splitlines()[0])
                  for s in subcommands]
        starts = [text.find(u) for u in usages]
        if -1 in starts or starts != sorted(starts):
            sys.exit(f"{page}: the subcommands' parts are missing or out of order: {usages}")
        for i, sub in enumerate(subcommands):
            part = text[starts[i]:starts[i + 1] if i + 1 < len(starts) else len(text)]
            checked += require(part, entries(help_of(program, sub)), f"{page} ({sub})")
        print(f"{name}(1): {checked} lines of --help found, {len(subcommands)} subcommands")


if __name__ == "__main__":
    main()
