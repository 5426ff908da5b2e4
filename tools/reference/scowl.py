"""SCOWL word lists (Debian package `scowl`, /usr/share/dict/scowl): the spelling dictionary
and the regional spelling variants."""

import os
import re
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


def read_list(name, kinds=KINDS, max_level=70):
    """Every word of SCOWL list `name` (e.g. "british") up to `max_level`, as written."""
    words = set()
    for kind in kinds:
        for level in (level for level in LEVELS if level <= max_level):
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


# Rewrites that turn a British, Canadian or Australian form into its American counterpart,
# as (pattern, replacement); each is tried at every match, and up to two may combine
# (manoeuvres -> maneuvers). Anchored where a bare rule would pair unrelated words.
REWRITES = tuple((re.compile(pattern), replacement) for pattern, replacement in (
    (r"(?<=.)our", "or"),  # colour, honours, favourite
    (r"is(?=[eai])", "iz"),  # realise, organisation, realising
    (r"ys(?=[ei])", "yz"),  # analyse, analysing
    (r"(?<=[bcdgkptv])re(?=$|s$|d$|ly$|ness$)", "er"),  # centre, fibre, meagre, manoeuvre
    (r"(?<=[bcdgkptv])r(?=ed$|ing$|ings$)", "er"),  # centred, manoeuvring
    (r"ll", "l"),  # travelled, counsellor
    (r"l", "ll"),  # fulfil, enrol, skilful
    (r"ae(?!$)", "e"),  # anaemia, aeon
    (r"oe(?!$)", "e"),  # oestrogen, manoeuvre
    (r"ogue", "og"),  # catalogue
    (r"ence", "ense"),  # defence, licence
    (r"mme", "m"),  # programme
    (r"eing", "ing"),  # ageing
    (r"gement", "gment"),  # judgement
    (r"yre", "ire"),  # tyre
    (r"ould", "old"),  # mould
    (r"oul", "ol"),  # smoulder
    (r"grey", "gray"),
    (r"ough", "ow"),  # plough
    (r"que", "ck"),  # cheque
    (r"chequ", "check"),  # chequing
    (r"ulph", "ulf"),  # sulphur
    (r"inium", "inum"),  # aluminium
    (r"pyj", "paj"),  # pyjamas
    (r"(?<=t)is(?=e|ed|es|ing)", "ic"),  # practise
    (r"aught", "aft"),  # draught
    (r"^enq", "inq"),  # enquire
    (r"ellery", "elry"),  # jewellery
    (r"^artef", "artif"),  # artefact
    (r"^aerop", "airp"),  # aeroplane
    (r"axe", "ax"),
    (r"^cos(?=y|ie|ily|ine)", "coz"),  # cosy
    (r"^sc(?=ep)", "sk"),  # sceptic
    (r"ette(?=s?$)", "et"),  # omelette
    (r"^mous", "mus"),  # moustache
))
# Pairs the rules would make that are not spelling variants (names, unrelated words).
NOT_VARIANTS = {"caesar", "lilly", "pilly", "poe", "stour", "bourg", "doura", "loury", "haem",
                "oecus"}
# Both forms of a pair must be common enough (SCOWL size): rarer words pair too often by
# accident.
MAX_VARIANT_LEVEL = 60


def _rewrites(word):
    for pattern, replacement in REWRITES:
        for match in pattern.finditer(word):
            yield word[:match.start()] + replacement + word[match.end():]


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
    def common_words(name):
        return read_list(name, ("words",), MAX_VARIANT_LEVEL)

    shared = {w for w in common_words("english") if w.islower()}
    lists = {region: set().union(*(common_words(name) for name in names))
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
        if len(regions) == len(REGIONS) or form in shared or form in NOT_VARIANTS:
            continue  # standard everywhere, or not a spelling variant
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
            regions = [r for r in REGIONS if r in regions_of.get(form, REGIONS)]
            # A form every region writes ("check" beside "cheque") reveals nothing and would
            # dilute a writer's share of regional forms: left out.
            if len(regions) < len(REGIONS):
                table[form] = (neutral, regions)
    return table, unpaired
