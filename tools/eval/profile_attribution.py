#!/usr/bin/env python3
"""Does a personal profile single out its writer? An evaluation on the EBG corpus.

For each author of ../shared/corpora/ebg-amt (45 writers, 12-17 ordinary samples of about
500 words each): hold one sample out, build a profile from the author's other samples, and
score every author's held-out sample against that profile with
`fantasma check --format json --profile`. The author's own sample should score the most bits.

Reports the share of authors whose own held-out sample ranks first (chance: 1 in the number
of authors), the share in the top 5, and the mean rank. With --folds K, repeats this with the
K last samples held out in turn and averages. Ties count against the author (rank = 1 + the
number of other samples scoring at least as much).

Usage: tools/eval/profile_attribution.py [--fantasma build/release/cli/fantasma]
           [--corpus ../shared/corpora/ebg-amt] [--authors N] [--folds K] [--verbose]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SAMPLE = re.compile(r"^[a-z]+_\d\d_[\d_]+\.txt$")  # X_NN_*.txt: ordinary writing samples


def author_samples(corpus: Path, limit: int):
    authors = {}
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()):
        samples = sorted(p for p in folder.iterdir() if SAMPLE.match(p.name))
        if len(samples) >= 3:
            authors[folder.name] = samples
    names = sorted(authors)[:limit] if limit else sorted(authors)
    return {name: authors[name] for name in names}


def score(fantasma: str, profile_dir: Path, documents):
    """Bits per document against the profile in `profile_dir`."""
    result = subprocess.run(
        [fantasma, "check", "--format", "json", "--profile", str(profile_dir)]
        + [str(d) for d in documents],
        capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"fantasma failed ({result.returncode}): {result.stderr.strip()}")
    return {report["file"]: report["bits"] for report in json.loads(result.stdout)}


def evaluate_fold(fantasma: str, authors, fold: int, verbose: bool):
    """Ranks of each author's own held-out sample (the fold-th from the end)."""
    held_out = {name: samples[-1 - fold] for name, samples in authors.items()}
    ranks = {}
    for name, samples in authors.items():
        with tempfile.TemporaryDirectory(prefix="fantasma-eval-") as profile_dir:
            for sample in samples:
                if sample != held_out[name]:
                    os.symlink(sample.resolve(), Path(profile_dir) / sample.name)
            bits = score(fantasma, Path(profile_dir), held_out.values())
        own = bits[str(held_out[name])]
        others = [b for author, doc in held_out.items() if author != name
                  for b in [bits[str(doc)]]]
        ranks[name] = 1 + sum(1 for b in others if b >= own)
        if verbose:
            best_other = max(others)
            print(f"  fold {fold} {name:>3}: own {own:6.1f} bits, best other {best_other:6.1f}, "
                  f"rank {ranks[name]}", file=sys.stderr)
    return ranks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    root = Path(__file__).resolve().parents[2]
    parser.add_argument("--fantasma", default=str(root / "build/release/cli/fantasma"))
    parser.add_argument("--corpus", default=str(root.parent / "shared/corpora/ebg-amt"))
    parser.add_argument("--authors", type=int, default=0, help="only the first N authors")
    parser.add_argument("--folds", type=int, default=1, help="held-out samples per author")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    corpus = Path(args.corpus)
    if not corpus.is_dir():
        sys.exit(f"corpus not found: {corpus}")
    authors = author_samples(corpus, args.authors)
    all_ranks = []
    for fold in range(args.folds):
        all_ranks += evaluate_fold(args.fantasma, authors, fold, args.verbose).values()
    n = len(all_ranks)
    figures = {
        "authors": len(authors),
        "trials": n,
        "top1": sum(r == 1 for r in all_ranks) / n,
        "top5": sum(r <= 5 for r in all_ranks) / n,
        "mean_rank": sum(all_ranks) / n,
        "chance_top1": 1 / len(authors),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{figures['authors']} authors, {n} held-out samples: own sample first in "
              f"{figures['top1']:.0%} (chance {figures['chance_top1']:.0%}), top 5 in "
              f"{figures['top5']:.0%}, mean rank {figures['mean_rank']:.1f}")


if __name__ == "__main__":
    main()
