"""Fluency measured by an independent checker: the lints of harper (the npm package harper.js,
a grammar checker that shares nothing with fantasma) that a rewrite adds to a text.

harper.js is installed once, pinned, into the evaluation's environment with `npm install
--prefix` (as pip installs the Python packages: at set-up time, never when fantasma runs) and
run by node over harper.mjs beside this file (two processes, each given half of the texts at
once: harper builds its dictionary once a process, and node compiles its code as it runs).
Texts are linted one sentence at a time and each sentence's lints are cached by its text,
harper's version and harper.mjs: a rewrite differs from its original, and one strength of word
choice from another, in a few sentences, and only those are linted again (harper's rules look
within a sentence; the few that look across sentences, such as unclosed quotes, see less).

A lint of the rewrite is new unless the original has a lint of the same rule at the same place:
the rewrite's characters are mapped back to the original's through a token alignment (the one
edits.py uses), so a lint that only moved, or whose flagged text grew by an edited word (a long
sentence in which one word was replaced), is the original's lint, and an "a" the rewrite put
before "apple" is new. Every kind of lint counts, spelling too: a replacement word harper does
not know is a fluency problem, and a name already in the original is matched, not new.
"""
import difflib
import hashlib
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .edits import TOKEN

PACKAGE = "harper.js"
VERSION = "2.10.0"
# Its one dependency, pinned too (harper.js asks for fflate ^0.8.2).
DEPENDENCIES = ["fflate@0.8.3"]
SCRIPT = Path(__file__).with_name("harper.mjs")
# Beside the Python packages of the evaluation's environment (.venv-eval/npm), installed the
# first time it is needed.
INSTALL_FOLDER = Path(sys.prefix) / "npm"
# Node processes: harper takes tens of milliseconds a sentence, and the machines this runs on
# have two cores or more.
WORKERS = 2
SENTENCES_PER_WORKER = 200  # fewer: one process, which starts faster than two
BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n\s*")
# A sentence ends after . ! ? or … and any closing quotes or brackets, before whitespace.
SENTENCE_END = re.compile(r"(?<=[.!?…])[\"'”’)\]]*\s+")


class HarperUnavailable(RuntimeError):
    pass


@dataclass(frozen=True)
class Lint:
    rule: str  # the harper rule that found it ("AnA", "SpellCheck", ...)
    kind: str  # harper's category ("Miscellaneous", "Spelling", ...)
    start: int  # code points into the document
    end: int
    text: str  # the flagged text
    message: str


def install(folder: Path) -> Path:
    """Installs the pinned harper.js into folder/harper.js-VERSION (once); returns that folder."""
    target = Path(folder) / f"{PACKAGE}-{VERSION}"
    manifest = target / "node_modules" / PACKAGE / "package.json"
    if manifest.is_file() and json.loads(manifest.read_text())["version"] == VERSION:
        return target
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise HarperUnavailable(f"`{tool}` not found: harper's lints need node and npm "
                                    "(Debian: apt-get install nodejs npm), or pass --no-lints")
    target.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        ["npm", "install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund",
         "--prefix", str(target), f"{PACKAGE}@{VERSION}", *DEPENDENCIES],
        capture_output=True, text=True, check=False)
    if result.returncode != 0 or not manifest.is_file():
        raise HarperUnavailable(f"npm could not install {PACKAGE}@{VERSION} into {target}: "
                                f"{result.stderr.strip()[-500:]}")
    return target


def paragraphs(text: str):
    """(offset, paragraph) for each paragraph, paragraphs being separated by blank lines."""
    start = 0
    for separator in BLANK_LINE.finditer(text):
        yield start, text[start:separator.start()]
        start = separator.end()
    yield start, text[start:]


def sentences(text: str):
    """(offset, sentence) for each sentence of each paragraph, with the whitespace after it."""
    for offset, paragraph in paragraphs(text):
        bounds = [0] + [m.end() for m in SENTENCE_END.finditer(paragraph)] + [len(paragraph)]
        for start, end in zip(bounds, bounds[1:]):
            if paragraph[start:end].strip():
                yield offset + start, paragraph[start:end]


class Linter:
    """harper's lints of whole documents, linted sentence by sentence, each sentence's lints
    cached under `cache_dir` by its text, harper's version and harper.mjs."""

    def __init__(self, install_dir: Path, cache_dir: Path):
        self.package = install(install_dir)
        self.cache_dir = Path(cache_dir)
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        self.linted = 0  # sentences not found in the cache
        # The cache key: harper's version and the script that reads its lints.
        self._key = f"{PACKAGE}@{VERSION}\n".encode() + SCRIPT.read_bytes()

    def _cached(self, sentence: str) -> Path:
        key = hashlib.sha256(self._key + sentence.encode("utf-8")).hexdigest()
        return self.cache_dir / f"{key}.json"

    def lint(self, documents: list[str]) -> list[list[Lint]]:
        """Each document's lints, offsets in the document; the sentences not in the cache are
        linted by up to WORKERS node processes side by side."""
        wanted = list(dict.fromkeys(sentence for d in documents for _, sentence in sentences(d)
                                    if not self._cached(sentence).is_file()))
        workers = max(1, min(WORKERS, len(wanted) // SENTENCES_PER_WORKER))
        # In order, each worker a stretch of it: harper remembers the clauses it has linted,
        # and a rewrite's sentences share most of them with its original's just before.
        size = max(1, -(-len(wanted) // workers))
        shares = [wanted[i:i + size] for i in range(0, len(wanted), size)]
        with ThreadPoolExecutor(workers) as pool:
            self.linted += sum(pool.map(self._run, shares))
        results = []
        for document in documents:
            lints = []
            for offset, sentence in sentences(document):
                for found in json.loads(self._cached(sentence).read_text(encoding="utf-8")):
                    lints.append(Lint(found["rule"], found["kind"], offset + found["start"],
                                      offset + found["end"], found["text"], found["message"]))
            results.append(lints)
        return results

    def _run(self, texts: list[str]) -> int:
        result = subprocess.run(["node", str(SCRIPT), str(self.package)],
                                input=json.dumps(texts), capture_output=True, text=True,
                                check=False)
        if result.returncode != 0:
            raise HarperUnavailable(f"harper.mjs failed ({result.returncode}): "
                                    f"{result.stderr.strip()[-1000:]}")
        for text, lints in zip(texts, json.loads(result.stdout), strict=True):
            path = self._cached(text)
            temporary = path.with_suffix(".tmp")
            temporary.write_text(json.dumps(lints), encoding="utf-8")
            temporary.replace(path)
        return len(texts)


def _origins(original: str, rewritten: str) -> tuple[list[int], list[int]]:
    """For each character of the rewrite (and its end), the span of the original it comes
    from: itself where the token is unchanged, the whole replaced stretch where it was edited,
    an empty span where it was inserted."""
    before, after = TOKEN.findall(original), TOKEN.findall(rewritten)
    at_before, at_after = [0], [0]
    for token in before:
        at_before.append(at_before[-1] + len(token))
    for token in after:
        at_after.append(at_after[-1] + len(token))
    low = [len(original)] * (len(rewritten) + 1)
    high = [len(original)] * (len(rewritten) + 1)
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        for j in range(j1, j2):
            for c in range(at_after[j], at_after[j + 1]):
                if tag == "equal":
                    low[c] = c - at_after[j] + at_before[i1 + j - j1]
                    high[c] = low[c] + 1
                else:
                    low[c], high[c] = at_before[i1], at_before[i2]
    return low, high


def _overlap(a_start, a_end, b_start, b_end) -> bool:
    if a_start == a_end or b_start == b_end:  # an empty span (a missing comma) touches
        return a_start <= b_end and b_start <= a_end
    return a_start < b_end and b_start < a_end


def new_lints(original: str, rewritten: str, before: list[Lint],
              after: list[Lint]) -> tuple[list[Lint], int]:
    """The rewrite's lints with no lint of the same rule at the same place in the original,
    and how many of the original's lints the rewrite no longer has."""
    if original == rewritten:
        return [], 0
    low, high = _origins(original, rewritten)
    unmatched = list(before)
    new = []
    for lint in after:
        start = low[lint.start]
        end = high[lint.end - 1] if lint.end > lint.start else start
        match = next((old for old in unmatched if old.rule == lint.rule
                      and _overlap(old.start, old.end, start, end)), None)
        if match is None:
            new.append(lint)
        else:
            unmatched.remove(match)
    return new, len(unmatched)


def word_count(text: str) -> int:
    from .faithfulness import WORD

    return len(WORD.findall(text))


def summarize(originals: list[str], rewrites: list[str], before: list[list[Lint]],
              after: list[list[Lint]]) -> dict:
    """New lints per 1,000 words of the originals, pooled over the samples, and the rules
    that found them."""
    new_total, removed_total, rules = 0, 0, Counter()
    per_sample = []
    for original, rewritten, old, new in zip(originals, rewrites, before, after, strict=True):
        added, removed = new_lints(original, rewritten, old, new)
        new_total += len(added)
        removed_total += removed
        rules.update(lint.rule for lint in added)
        per_sample.append(len(added))
    words = sum(word_count(t) for t in originals)
    return {
        "new": new_total,
        "removed": removed_total,
        "words": words,
        "new_per_1000_words": 1000 * new_total / words if words else None,
        "removed_per_1000_words": 1000 * removed_total / words if words else None,
        "rules": dict(rules.most_common()),
        "per_sample": per_sample,
    }
