"""Before/after paragraphs for a reader to judge, drawn by a fixed rule.

Among the held-out samples of one method, every paragraph whose rewrite has at least
MIN_WORD_EDITS word edits (edits.py's alignment) and MIN_WORDS to MAX_WORDS words is a
candidate; samples whose paragraphs do not pair up one to one are left out. The candidates are
shuffled with a fixed seed and taken in that order, one per author, until COUNT are chosen.
When the cosine was measured on some samples, only their paragraphs are drawn, so that every
example shows its sample's cosine.
"""
import random

from . import edits
from .harper import paragraphs, word_count

COUNT = 10
SEED = 15  # issue 15
MIN_WORD_EDITS = 2
MIN_WORDS, MAX_WORDS = 20, 200


def _paragraph_pairs(original: str, rewritten: str):
    """(original paragraph, rewritten paragraph, its offset in the rewrite), or nothing when
    the two do not have the same number of paragraphs."""
    before = [p for _, p in paragraphs(original) if p.strip()]
    after = [(o, p) for o, p in paragraphs(rewritten) if p.strip()]
    if len(before) != len(after):
        return []
    return [(b, a, offset) for b, (offset, a) in zip(before, after)]


def choose(samples: list[dict]) -> list[dict]:
    """samples: {author, fold, original, rewrite, cosine (or None), new_lints (harper.Lint
    list of the rewrite, or None)}. Returns the chosen paragraphs as
    {author, fold, paragraph (1-based), original, rewrite, cosine, word_edits, new_lints}."""
    measured = [s for s in samples if s["cosine"] is not None]
    candidates = []
    for sample in measured or samples:
        pairs = _paragraph_pairs(sample["original"], sample["rewrite"])
        for number, (before, after, offset) in enumerate(pairs, 1):
            word_edits = sum(e.kind == "word" for e in edits.guided_edits(before, after))
            if word_edits >= MIN_WORD_EDITS and MIN_WORDS <= word_count(before) <= MAX_WORDS:
                new = [f"{lint.rule} “{lint.text}”" for lint in sample["new_lints"] or []
                       if offset <= lint.start < offset + len(after)]
                candidates.append({
                    "author": sample["author"], "fold": sample["fold"], "paragraph": number,
                    "original": before, "rewrite": after, "cosine": sample["cosine"],
                    "word_edits": word_edits,
                    "new_lints": None if sample["new_lints"] is None else new})
    random.Random(SEED).shuffle(candidates)
    chosen, authors = [], set()
    for candidate in candidates:
        if candidate["author"] not in authors:
            chosen.append(candidate)
            authors.add(candidate["author"])
        if len(chosen) == COUNT:
            break
    return chosen
