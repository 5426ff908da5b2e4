"""The EBG corpus as the harness uses it: each author's ordinary samples and their deliberate
obfuscation. Imitation and verification texts are left out."""
import re
from dataclasses import dataclass
from pathlib import Path

SAMPLE = re.compile(r"^[a-z]+_\d\d_[\d_]+\.txt$")  # X_NN_*.txt: ordinary writing samples


@dataclass(frozen=True)
class Author:
    name: str
    samples: tuple[Path, ...]  # sorted by name, i.e. in the order they were written
    obfuscation: Path | None


def load_authors(corpus: Path, limit: int = 0) -> list[Author]:
    """Authors with at least 3 samples, sorted by name; only the first `limit` when > 0."""
    if not corpus.is_dir():
        raise FileNotFoundError(f"corpus not found: {corpus}")
    authors = []
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()):
        samples = tuple(sorted(p for p in folder.iterdir() if SAMPLE.match(p.name)))
        obfuscation = folder / f"{folder.name}_obfuscation.txt"
        if len(samples) >= 3:
            authors.append(Author(folder.name, samples,
                                  obfuscation if obfuscation.is_file() else None))
    return authors[:limit] if limit else authors


def held_out(author: Author, fold: int) -> Path:
    """The sample held out in this fold: the last one in fold 0, the one before in fold 1...
    (the same split as tools/eval/profile_attribution.py)."""
    return author.samples[-1 - fold]


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")
