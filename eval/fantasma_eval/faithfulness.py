"""How much of what a text says survives a rewrite, measured without a model: the share of
the original's content words, numbers and names that are still there (as multisets, so a
word used three times counts three times)."""
import re
from collections import Counter

from .function_words import FUNCTION_WORDS

WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)*")
NUMBER = re.compile(r"\d+(?:[.,:/]\d+)*")
# Whitespace here includes the invisible direction and format marks some editors leave.
SENTENCE_START = re.compile(r"(?:^[\s\u200b-\u200f\u202a-\u202e\ufeff]*|[.!?…]\s+"
                            r"|\n[\s\u200b-\u200f\u202a-\u202e\ufeff]*)[\"'“‘(]*$")
POSSESSIVE = re.compile(r"(?<=.)(?:['’]s|(?<=s)['’])$")
# The invisible direction and format marks, which a reader never sees.
INVISIBLE = re.compile(r"[\u200b-\u200f\u202a-\u202e\ufeff]")
FUNCTION_WORD_SET = set(FUNCTION_WORDS)


def content_words(text: str) -> Counter:
    return Counter(w.lower() for w in WORD.findall(text) if w.lower() not in FUNCTION_WORD_SET)


def numbers(text: str) -> Counter:
    return Counter(NUMBER.findall(text))


def names(text: str) -> Counter:
    """Capitalized words that do not open a sentence (and are not "I" or "I'm"): a plain proxy
    for proper names. A possessive ending is not part of the name ("Edna’s" counts as "Edna"),
    so a rewrite that only changes the style of its apostrophe keeps the name; an apostrophe
    inside a name ("O’Brien") still counts. Counted on the text as a reader sees it, without
    invisible marks: in "genre.\u202d (\u202cBerelian" the name follows a sentence's end, as it
    does once a rewrite removes them."""
    text = INVISIBLE.sub("", text)
    found = Counter()
    for match in WORD.finditer(text):
        word = match.group()
        if not word[0].isupper() or word == "I" or word.startswith(("I'", "I’")):
            continue
        if SENTENCE_START.search(text[max(0, match.start() - 8):match.start()]):
            continue
        found[POSSESSIVE.sub("", word)] += 1
    return found


def kept_share(original: Counter, rewritten: Counter) -> float | None:
    """Share of the original's items still present; None when the original has none."""
    total = sum(original.values())
    if total == 0:
        return None
    return sum(min(count, rewritten[item]) for item, count in original.items()) / total


def measure(original: str, rewritten: str) -> dict:
    return {
        "content_words": kept_share(content_words(original), content_words(rewritten)),
        "numbers": kept_share(numbers(original), numbers(rewritten)),
        "names": kept_share(names(original), names(rewritten)),
    }
