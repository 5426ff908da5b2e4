"""SCOWL word lists (Debian package `scowl`, /usr/share/dict/scowl): the spelling dictionary
and the regional spelling variants."""

import os
from collections import defaultdict

FOLDER = "/usr/share/dict/scowl"
LEVELS = (10, 20, 35, 40, 50, 55, 60, 70)  # SCOWL sizes up to 70: common to fairly rare
KINDS = ("words", "upper", "proper-names", "contractions", "abbreviations")

# SCOWL splits each spelling region's words into lists: `english` holds the forms every
# region shares; `american`, `british` (-ise), `british_z` (Oxford -ize), `canadian` and
# `australian` hold each region's own forms. `variant_N` lists (accepted alternatives) are
# not standard anywhere, so they count for the dictionary only at level 1.
REGION_LISTS = {
    "american": ("american",),
    "british": ("british", "british_z"),  # both -ise and Oxford -ize are standard British
    "canadian": ("canadian",),
    "australian": ("australian",),
}
DICTIONARY_LISTS = ("english", "american", "british", "british_z", "canadian", "australian",
                    "variant_1")
REGIONS = tuple(REGION_LISTS)  # in the order the table writes them


def read_list(name, kinds=KINDS):
    """Every word of SCOWL list `name` (e.g. "british") up to size 70, as written."""
    words = set()
    for kind in kinds:
        for level in LEVELS:
            path = os.path.join(FOLDER, f"{name}-{kind}.{level}")
            if os.path.exists(path):
                # Debian ships the lists in UTF-8 (a few accented loanwords: café).
                with open(path, encoding="utf-8") as lines:
                    words.update(line.strip() for line in lines if line.strip())
    return words


def dictionary():
    """Lower-cased words of every region (proper names, contractions and abbreviations
    included, so that capitalised names are not misspellings)."""
    words = set()
    for name in DICTIONARY_LISTS:
        words.update(word.lower().rstrip(".") for word in read_list(name))
    return {word for word in words if word and " " not in word and "\t" not in word}


# Rewrites that turn a British, Canadian or Australian form into its American counterpart.
# Each is tried at every position; up to two may combine (manoeuvres -> maneuvers).
REWRITES = (
    ("our", "or"), ("ise", "ize"), ("isi", "izi"), ("isa", "iza"), ("yse", "yze"),
    ("ysi", "yzi"), ("tre", "ter"), ("bre", "ber"), ("ll", "l"), ("l", "ll"), ("ae", "e"),
    ("oe", "e"), ("ogue", "og"), ("ence", "ense"), ("mme", "m"), ("eing", "ing"),
    ("gement", "gment"), ("yre", "ire"), ("ould", "old"), ("oul", "ol"), ("grey", "gray"),
    ("ough", "ow"), ("que", "ck"), ("chequ", "check"), ("ph", "f"), ("ium", "um"),
    ("pyj", "paj"), ("s", "c"), ("tr", "ter"), ("br", "ber"), ("aught", "aft"), ("enq", "inq"),
    ("ellery", "elry"), ("artef", "artif"), ("aerop", "airp"), ("axe", "ax"), ("os", "oz"),
    ("re", "er"), ("sc", "sk"), ("ette", "et"), ("mous", "mus"),
)


def _rewrites(word):
    for old, new in REWRITES:
        start = word.find(old)
        while start != -1:
            yield word[:start] + new + word[start + len(old):]
            start = word.find(old, start + 1)


def american_counterpart(form, targets):
    """The form of `targets` that `form` rewrites to (one or two rewrites), or None."""
    first = list(_rewrites(form))
    for candidate in first:
        if candidate in targets:
            return candidate
    for step in first:
        for candidate in _rewrites(step):
            if candidate in targets:
                return candidate
    return None


def variants():
    """Groups of regional forms: {form: (neutral, regions)}. `neutral` is the American form:
    American English is the spelling of most English writers (the US has about 2.5 times as
    many native speakers as the UK, Canada, Australia, New Zealand and Ireland together) and
    the one Brown was written in. `regions` lists where the form is standard."""
    shared = {w for w in read_list("english", ("words",)) if w.islower()}
    lists = {region: set().union(*(read_list(name, ("words",)) for name in names))
             for region, names in REGION_LISTS.items()}
    lists = {region: {w for w in words if w.islower()} for region, words in lists.items()}
    regions_of = defaultdict(set)
    for region, words in lists.items():
        for word in words:
            regions_of[word].add(region)
    american = lists["american"]
    groups = defaultdict(set)
    unpaired = []
    for form, regions in sorted(regions_of.items()):
        if len(regions) == len(REGIONS) or form in shared:
            continue  # standard everywhere: not a regional form
        if "american" in regions:
            groups[form].add(form)
            continue
        # Prefer an American-only form; else a shared one (British "practise", "licence"
        # against the shared "practice", "license").
        counterpart = american_counterpart(form, american) or american_counterpart(form, shared)
        if counterpart is not None:
            groups[counterpart].update((form, counterpart))
        else:
            unpaired.append(form)
    table = {}
    for neutral, forms in groups.items():
        if len(forms) < 2:
            continue  # an American form with no non-American counterpart found
        for form in forms:
            regions = [r for r in REGIONS if r in regions_of[form]] if form in regions_of \
                else list(REGIONS)
            table[form] = (neutral, regions)
    return table, unpaired
