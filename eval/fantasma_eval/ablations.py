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


def _every_surface_fix(text):
    """Whitespace, typographic punctuation, case and punctuation all at once: the most that
    edits below the word level could change."""
    return re.sub(r"[^\w\s]", "", _straight_punctuation(_collapse_whitespace(text))).lower()


def _collapse_whitespace(text):
    return re.sub(r"[ \t]+", " ", re.sub(r"\s*\n\s*", "\n", text)).strip()


def rare_words_masked(common: set[str]):
    """Masks the words outside `common` (the training texts' most frequent words): roughly the
    topic and the writer's own vocabulary, with the everyday words kept."""
    def mask(text):
        return WORD.sub(lambda m: m.group() if m.group().lower() in common
                        else "x" * len(m.group()), text)
    return mask


ABLATIONS = {
    "whitespace runs collapsed to one space, edges stripped": _collapse_whitespace,
    "typographic punctuation made plain (quotes, dashes, ellipses)": _straight_punctuation,
    "all punctuation removed": lambda t: re.sub(r"[^\w\s]", "", t),
    "lowercased": str.lower,
    "all four above at once (every edit below the word level)": _every_surface_fix,
    "content words masked (x per letter), function words kept": _content_words_masked,
}
