"""Before/after passages for a reader to judge, drawn by a fixed rule.

Most EBG samples are one paragraph of ~500 words, so the unit is a passage: a run of whole
sentences of one paragraph of the original, MIN_WORDS to MAX_WORDS words (a longer sentence is
a passage of its own, and is left out). Among the held-out samples of one method, every passage
where the rewrite made a visible word edit (edits.py's alignment; invisible characters the
rewrite removed do not count) is a candidate. The candidates are shuffled with a fixed seed and
taken in that order, one per author, until COUNT are chosen: first those with at least
MIN_WORD_EDITS word edits, then, when too few have that many, those with one.
When the cosine was measured on some samples, only their passages are drawn, so that every
example shows its sample's cosine.
"""
import dataclasses
import random
import unicodedata

from . import edits
from .harper import SENTENCE_END, paragraphs, word_count

COUNT = 10
SEED = 15  # issue 15
MIN_WORD_EDITS = 2
MIN_WORDS, MAX_WORDS = 25, 120


def visible(text: str) -> str:
    """The text without invisible format characters (direction marks, zero-width spaces)."""
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def passages(text: str):
    """(start, end) of each passage of text: whole sentences of one paragraph, as many as fit
    in MAX_WORDS words."""
    for offset, paragraph in paragraphs(text):
        bounds = [0] + [m.end() for m in SENTENCE_END.finditer(paragraph)] + [len(paragraph)]
        start, end, words = None, None, 0
        for a, b in zip(bounds, bounds[1:]):
            count = word_count(paragraph[a:b])
            if start is not None and words + count > MAX_WORDS:
                yield start, end
                start, words = None, 0
            if start is None:
                start = offset + a
            end, words = offset + b, words + count
        if start is not None:
            yield start, end


def _passage_pairs(original: str, rewritten: str):
    """(original passage, rewritten passage, the latter's offset in the rewrite, its edits)
    for every passage no edit straddles."""
    document_edits = edits.guided_edits(original, rewritten)
    for start, end in passages(original):
        end = start + len(original[start:end].rstrip())
        inside = [e for e in document_edits if start <= e.start and e.end <= end]
        if any(e.start < end and e.end > start for e in document_edits if e not in inside):
            continue
        moved = [dataclasses.replace(e, start=e.start - start, end=e.end - start) for e in inside]
        before = original[start:end]
        after = edits.apply(before, moved)
        offset = start + sum(len(e.new) - len(e.old) for e in document_edits if e.end <= start)
        yield before, after, offset, inside


def choose(samples: list[dict]) -> list[dict]:
    """samples: {author, fold, original, rewrite, cosine (or None), new_lints (harper.Lint
    list of the rewrite, or None)}. Returns the chosen passages as
    {author, fold, original, rewrite, cosine, word_edits, new_lints}."""
    measured = [s for s in samples if s["cosine"] is not None]
    candidates = []
    for sample in measured or samples:
        for before, after, offset, inside in _passage_pairs(sample["original"],
                                                            sample["rewrite"]):
            word_edits = sum(e.kind == "word" and visible(e.old).split() != visible(e.new).split()
                             for e in inside)
            if word_edits < 1 or not MIN_WORDS <= word_count(before) <= MAX_WORDS:
                continue
            new = None
            if sample["new_lints"] is not None:
                new = [f"{lint.rule} “{lint.text}”" for lint in sample["new_lints"]
                       if offset <= lint.start < offset + len(after)]
            candidates.append({"author": sample["author"], "fold": sample["fold"],
                               "original": before, "rewrite": after, "cosine": sample["cosine"],
                               "word_edits": word_edits, "new_lints": new})
    random.Random(SEED).shuffle(candidates)
    # Passages with a single word edit only fill the places the others leave.
    candidates.sort(key=lambda candidate: candidate["word_edits"] < MIN_WORD_EDITS)
    chosen, authors = [], set()
    for candidate in candidates:
        if candidate["author"] not in authors:
            chosen.append(candidate)
            authors.add(candidate["author"])
        if len(chosen) == COUNT:
            break
    return chosen
