"""The edits a rewrite made, and a random-edit baseline with the same number and kinds of edits.

Guided edits are what `fantasma rewrite` changed, recovered by aligning the original and the
rewrite token by token (words, single punctuation marks, whitespace runs). Each edit has a
kind: "whitespace" (only whitespace on both sides), "punctuation" (no letters or digits on
either side) or "word"; an insertion's kind is that of what it inserts.

The baseline asks whether the markers chose *where* to edit well. For a document with n guided
edits it makes n edits of the same kinds, drawn from the pool of every (old -> new, kind) replacement
the rewriter made anywhere in the evaluated documents, at places chosen uniformly at random
among all occurrences of a pool replacement's old text in this document, never overlapping the
places the rewriter itself edited or one another. The pool holds each replacement in both
directions (colour -> color and color -> colour): the rewriter often fixes every occurrence of
what it replaces, which would leave a one-way baseline nowhere to go, and a random edit need not
remove a habit. So the random edits change the same sorts of
things by the same amounts; only the choice of place differs. When a document has too few places
for a kind, the remaining edits are drawn from the other kinds (counted as a shortfall).
"""
import difflib
import random
import re
from dataclasses import dataclass

TOKEN = re.compile(r"\w+|\s+|[^\w\s]")


@dataclass(frozen=True)
class Edit:
    start: int  # character offsets in the original
    end: int
    old: str
    new: str
    kind: str  # of what changed (for an insertion, of what was inserted)


def kind_of(old: str, new: str) -> str:
    both = old + new
    if both.strip() == "":
        return "whitespace"
    if not any(c.isalnum() for c in both):
        return "punctuation"
    return "word"


def _token_class(token: str) -> str:
    return kind_of(token, "")


def guided_edits(original: str, rewritten: str) -> list[Edit]:
    before = TOKEN.findall(original)
    after = TOKEN.findall(rewritten)
    offsets = [0]
    for token in before:
        offsets.append(offsets[-1] + len(token))
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    edits = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if i2 - i1 == j2 - j1 and all(  # token for token: one edit per changed token
                _token_class(before[i]) == _token_class(after[j])
                for i, j in zip(range(i1, i2), range(j1, j2))):
            edits += [Edit(offsets[i], offsets[i + 1], before[i], after[j],
                           kind_of(before[i], after[j]))
                      for i, j in zip(range(i1, i2), range(j1, j2)) if before[i] != after[j]]
            continue
        kind = kind_of("".join(before[i1:i2]), "".join(after[j1:j2]))
        if i1 == i2 and i1 > 0:  # a pure insertion: anchor it on the token before
            i1 -= 1
            j1 -= 1
        edits.append(Edit(offsets[i1], offsets[i2], "".join(before[i1:i2]),
                          "".join(after[j1:j2]), kind))
    return edits


def apply(text: str, edits: list[Edit]) -> str:
    pieces, position = [], 0
    for edit in sorted(edits, key=lambda e: e.start):
        pieces += [text[position:edit.start], edit.new]
        position = edit.end
    pieces.append(text[position:])
    return "".join(pieces)


def _occurrences(text: str, old: str):
    pattern = re.escape(old)
    if old[:1].isalnum():
        pattern = r"(?<!\w)" + pattern
    if old[-1:].isalnum():
        pattern += r"(?!\w)"
    return (m.start() for m in re.finditer(pattern, text))


def random_edits(text: str, guided: list[Edit], pool: set[tuple[str, str, str]],
                 rng: random.Random) -> tuple[list[Edit], int]:
    """As many random edits as `guided`, of the same kinds; returns them and the shortfall
    (edits that had to take another kind, or could not be placed at all)."""
    taken = [(e.start, max(e.end, e.start + 1)) for e in guided]
    sites = {}
    for old, new, kind in sorted(pool):
        if not old:
            continue
        for start in _occurrences(text, old):
            sites.setdefault(kind, []).append(Edit(start, start + len(old), old, new, kind))

    def free(edit):
        end = max(edit.end, edit.start + 1)
        return all(end <= s or edit.start >= e for s, e in taken)

    chosen, shortfall = [], 0
    for wanted in [e.kind for e in guided]:
        for kind in [wanted] + sorted(k for k in sites if k != wanted):
            candidates = [edit for edit in sites.get(kind, []) if free(edit)]
            if candidates:
                edit = rng.choice(candidates)
                chosen.append(edit)
                taken.append((edit.start, max(edit.end, edit.start + 1)))
                shortfall += kind != wanted
                break
        else:
            shortfall += 1
    return chosen, shortfall
