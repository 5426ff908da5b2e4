"""What the character n-gram attacker relies on: the held-out texts are normalized one way at a
time (the training texts stay as they are) and the attacker's accuracy is measured again. A
large drop means the attacker leans on what that normalization removes, so a rewrite that
changed it would matter."""
import re

from .function_words import FUNCTION_WORDS

FUNCTION_WORD_SET = set(FUNCTION_WORDS)
WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")


def _straight_punctuation(text):
    for fancy, plain in (("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("—", "-"),
                         ("–", "-"), ("…", "...")):
        text = text.replace(fancy, plain)
    return re.sub(r"-{2,}", "-", text)


def _content_words_masked(text):
    return WORD.sub(lambda m: m.group() if m.group().lower() in FUNCTION_WORD_SET
                    else "x" * len(m.group()), text)


ABLATIONS = {
    "whitespace runs collapsed to one space, edges stripped":
        lambda t: re.sub(r"[ \t]+", " ", re.sub(r"\s*\n\s*", "\n", t)).strip(),
    "typographic punctuation made plain (quotes, dashes, ellipses)": _straight_punctuation,
    "all punctuation removed": lambda t: re.sub(r"[^\w\s]", "", t),
    "lowercased": str.lower,
    "content words masked (x per letter), function words kept": _content_words_masked,
}
