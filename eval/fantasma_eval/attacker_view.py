"""Issue 29's evaluation: does fantasma's own attacker (`fantasma check --profile`) agree
with an independent one, and does its sentence-by-sentence evidence point at what gives the
writer away?

- Agreement: for every EBG author and fold, the held-out sample, the author's obfuscation and
  their imitations are judged by the independent char n-gram attacker of attackers.py, trained
  on the 45 authors' other samples (its top-1 is the truth, "picked"), and by fantasma's
  verdict, trained only on the author's other samples and its distractors (picked when the
  probability is at least 0.5). Balanced accuracy, Brier score, confusion per kind.
- Faithfulness: the held-out samples with the 20 % of their sentences fantasma gives the
  largest share deleted, against 20 % deleted at random (five seeds); the independent
  attacker's top-1 on each.

    python -m fantasma_eval.attacker_view [--authors N] [--folds F] [--output docs]

writes its section of docs/evaluation.md (make eval writes it with the rest).
"""
import argparse
import json
import math
import os
import random
import subprocess
import time
from pathlib import Path

from . import corpus
from .attackers import CharNgramAttacker
from .run import ROOT, fantasma_version, profile_folder, progress

KINDS = ("sample", "obfuscation", "imitation")
DELETED = 0.2
SEEDS = 5


def texts_of(author, fold):
    """(kind, path) of the texts judged for this author and fold."""
    texts = [("sample", corpus.held_out(author, fold))]
    if author.obfuscation:
        texts.append(("obfuscation", author.obfuscation))
        texts += [("imitation", p) for p in sorted(author.obfuscation.parent.glob(
            f"{author.name}_imitation_*.txt"))]
    return texts


def verdicts(fantasma, profile, paths, cache):
    """fantasma's JSON "attacker" object for each path, in order."""
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    done = subprocess.run([str(fantasma), "check", "--format", "json", "--profile", str(profile),
                           *map(str, paths)], capture_output=True, text=True, env=env)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"fantasma check failed ({done.returncode}): {done.stderr[-2000:]}")
    reports = json.loads(done.stdout)
    by_file = {r["file"]: r.get("attacker") for r in reports}
    return [by_file[str(p)] for p in paths]


def without(text, ranges):
    """`text` (as UTF-8 bytes' offsets) with the byte ranges removed."""
    data = text.encode("utf-8")
    kept, at = [], 0
    for begin, end in sorted(ranges):
        kept.append(data[at:begin])
        at = max(at, end)
    kept.append(data[at:])
    return b"".join(kept).decode("utf-8", errors="replace")


def confusion(rows):
    tp = sum(1 for r in rows if r["truth"] and r["probability"] >= 0.5)
    fn = sum(1 for r in rows if r["truth"] and r["probability"] < 0.5)
    tn = sum(1 for r in rows if not r["truth"] and r["probability"] < 0.5)
    fp = sum(1 for r in rows if not r["truth"] and r["probability"] >= 0.5)
    rates = [tp / (tp + fn)] if tp + fn else []
    rates += [tn / (tn + fp)] if tn + fp else []
    return {"uncertain": sum(1 for r in rows if r.get("uncertain")),
            "picked, said picked": tp, "picked, said not": fn, "not picked, said not": tn,
            "not picked, said picked": fp, "texts": len(rows),
            "balanced_accuracy": sum(rates) / len(rates) if rates else float("nan"),
            "brier": sum((r["probability"] - r["truth"]) ** 2 for r in rows) / len(rows)}


def evaluate(args):
    authors = corpus.load_authors(Path(args.corpus), args.authors)
    cache = Path(args.cache)
    rows, faithful = [], {"original": [0, 0], "fantasma's top 20 %": [0, 0],
                          "random 20 %": [0, 0]}
    for fold in range(args.folds):
        held = {a.name: corpus.held_out(a, fold) for a in authors}
        train = [(corpus.read(s), a.name) for a in authors for s in a.samples
                 if s != held[a.name]]
        started = time.time()
        independent = CharNgramAttacker().fit([t for t, _ in train], [n for _, n in train])
        progress(f"attacker view, fold {fold + 1}: independent attacker trained "
                 f"({time.time() - started:.0f} s)")
        for number, author in enumerate(authors):
            judged = texts_of(author, fold)
            found = verdicts(args.fantasma, profile_folder(cache, author, fold),
                             [p for _, p in judged], cache)
            texts = [corpus.read(p) for _, p in judged]
            picks = [ranking[0] for ranking in independent.rank(texts)]
            for (kind, path), verdict, pick in zip(judged, found, picks):
                rows.append({"author": author.name, "fold": fold, "kind": kind,
                             "file": path.name, "truth": pick == author.name,
                             "probability": verdict["probability"], "rank": verdict["rank"],
                             "uncertain": verdict["uncertain"],
                             "candidates": verdict["candidates"]})
            # Faithfulness on the held-out sample.
            sentences = found[0]["sentences"]
            count = max(1, round(DELETED * len(sentences)))
            top = [s["byteRange"] for s in sentences[:count]]
            variants = [("original", texts[0]), ("fantasma's top 20 %", without(texts[0], top))]
            for seed in range(SEEDS):
                chosen = random.Random(f"{author.name}-{fold}-{seed}").sample(sentences, count)
                variants.append(("random 20 %", without(texts[0], [s["byteRange"] for s in chosen])))
            for (label, _), ranking in zip(variants, independent.rank([t for _, t in variants])):
                faithful[label][0] += ranking[0] == author.name
                faithful[label][1] += 1
            progress(f"attacker view, fold {fold + 1}: {number + 1}/{len(authors)} authors")
    return {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "authors": len(authors), "folds": args.folds, "rows": rows,
            "all": confusion(rows),
            "kinds": {k: confusion([r for r in rows if r["kind"] == k]) for k in KINDS
                      if any(r["kind"] == k for r in rows)},
            "faithfulness": {k: v[0] / v[1] for k, v in faithful.items()}}


BEGIN = "<!-- attacker view: python -m fantasma_eval.attacker_view -->"
END = "<!-- end of attacker view -->"


def markdown(figures):
    """The section of docs/evaluation.md, between BEGIN and END."""
    lines = [BEGIN, "## fantasma's own attacker against an independent one (issue 29)", "",
             f"`python -m fantasma_eval.attacker_view` on {figures['date']} "
             f"({figures.get('fantasma', 'fantasma binary')}): {figures['authors']} EBG authors, "
             f"{figures['folds']} fold(s). For each author and fold, the held-out sample, the "
             "author's own obfuscation and their imitations are each judged by both attackers. The truth "
             "(\"picked\") is the independent char 2-5-gram attacker's top-1 among the 45 "
             "authors, trained on their other samples. fantasma's verdict (`check --profile`, "
             "picked when its probability is at least 0.5) is trained on the author's other "
             "samples and its Brown Corpus distractors only, never on the other EBG authors. "
             "The obfuscation and imitations are judged once per fold.", "",
             "| texts | n | picked, said picked | picked, said not | not picked, said not | "
             "not picked, said picked | balanced accuracy | Brier | said uncertain |",
             "|---|---|---|---|---|---|---|---|---|"]
    for label, c in [("all three kinds", figures["all"])] + list(figures["kinds"].items()):
        lines.append(f"| {label} | {c['texts']} | {c['picked, said picked']} | "
                     f"{c['picked, said not']} | {c['not picked, said not']} | "
                     f"{c['not picked, said picked']} | {c['balanced_accuracy']:.1%} | "
                     f"{c['brier']:.3f} | {c.get('uncertain', '–')} |")
    f = figures["faithfulness"]
    drop_top = f["original"] - f["fantasma's top 20 %"]
    drop_random = f["original"] - f["random 20 %"]
    ratio = drop_top / drop_random if drop_random > 0 else math.inf
    lines += ["", "Within one kind the table is lopsided (few held-out samples escape the "
              "independent attacker, few imitations are caught), so a kind's balanced accuracy "
              "rests on a handful of texts.", "",
              "**Faithfulness of the sentence shares**: the independent attacker's top-1 on the "
              "held-out samples, whole and with a fifth of their sentences deleted:", "",
              "| version | top-1 |", "|---|---|"]
    lines += [f"| {k} | {v:.1%} |" for k, v in f.items()]
    lines += ["", f"Deleting the sentences fantasma gives the largest shares lowers top-1 by "
              f"{drop_top:.1%} (points); deleting as many at random, by {drop_random:.1%} (mean "
              f"of {SEEDS} seeds): {ratio:.1f} times as much.", END]
    return "\n".join(lines) + "\n"


def insert(section, path):
    """`path` with its attacker-view section replaced by `section` (appended when absent)."""
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + section + text[text.index(END) + len(END) + 1:]
    else:
        text = text.rstrip("\n") + "\n\n" + section
    path.write_text(text, encoding="utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m fantasma_eval.attacker_view")
    parser.add_argument("--fantasma", default=str(ROOT / "build/release/cli/fantasma"))
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared/corpora/ebg-amt"))
    parser.add_argument("--authors", type=int, default=0)
    parser.add_argument("--folds", type=int, default=3)
    parser.add_argument("--cache", default=str(ROOT / "build/eval-cache"))
    parser.add_argument("--output", default=str(ROOT / "docs"))
    args = parser.parse_args(argv)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    figures = evaluate(args)
    figures["fantasma"] = fantasma_version(Path(args.fantasma))
    Path(args.cache).mkdir(parents=True, exist_ok=True)
    (Path(args.cache) / "attacker-figures.json").write_text(json.dumps(figures, indent=1))
    Path(args.output).mkdir(parents=True, exist_ok=True)
    insert(markdown(figures), Path(args.output) / "evaluation.md")
    progress(f"wrote the attacker's section of {Path(args.output) / 'evaluation.md'}")


if __name__ == "__main__":
    main()
