#!/usr/bin/env python3
"""Writes docs/marker-quality.md: how many of fantasma's markers a careful editor believes.

    report.py --fantasma BIN [--out docs/marker-quality.md]
    report.py --fantasma BIN --record-before --sample NAME
        (once per sample, with the binary its markers were drawn on)

Runs BIN over the documents gathered by gather.py, finds each labelled marker of every sample
(samples.py) among its markers, and reports per sample precision (genuine / labelled markers
the binary still reports) per code and overall, then the markers per 1,000 words per genre,
and how many of the current markers no label covers. Each sample's before file keeps the
counts of the binary it was drawn on, so the report shows before and now side by side.
"""
import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

from gather import read_manifest
from markers import MarkerIndex, check_documents
from samples import SAMPLES, by_name

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
# Codes whose marker is the writer's identity itself: names, addresses, places, and what
# gives them away in a paper's source (issue 14's leak detectors).
SELF_IDENTIFYING = {"contact-detail", "personal-name", "affiliation-place", "title-block",
                    "acknowledgement", "comment-identity", "link-target", "pdf-metadata",
                    "self-citation", "bibliography-author"}


def counts(reports):
    """{doc: {"words": n, "codes": {code: markers}}} of one run."""
    return {doc: {"words": report["words"],
                  "codes": dict(Counter(m["code"] for m in report["markers"]))}
            for doc, report in reports.items()}


def percent(part, whole):
    return f"{100 * part / whole:.0f} %" if whole else "–"


def precision_rows(labels, still_reported):
    """Per code: labelled, genuine among them, still reported, genuine still reported."""
    rows = defaultdict(Counter)
    for label, found in zip(labels, still_reported):
        row = rows[label["code"]]
        row["labelled"] += 1
        row[label["label"]] += 1
        if found:
            row["reported"] += 1
            row["reported " + label["label"]] += 1
    return rows


def total(rows, codes):
    summed = Counter()
    for code in codes:
        summed.update(rows[code])
    return summed


def weighted_precision(rows, code_counts, key_genuine, key_all):
    """Precision over all markers a user sees: each code's sample precision weighted by how
    many markers of that code the run reports."""
    seen = sum(n for code, n in code_counts.items() if rows[code][key_all])
    if not seen:
        return None
    genuine = sum(n * rows[code][key_genuine] / rows[code][key_all]
                  for code, n in code_counts.items() if rows[code][key_all])
    return genuine / seen


def genre_table(documents, befores, now):
    """befores: [(the binary's name, its counts)], shown before now."""
    columns = [name for name, _ in befores]
    lines = ["| genre | documents | words | " + " | ".join(columns) + " | now |",
             "|---|---|---|" + "---|" * (len(columns) + 1)]
    by_genre = defaultdict(list)
    for document in documents:
        by_genre[document.genre].append(document.id)
    partial = False
    for genre in sorted(by_genre):
        ids = by_genre[genre]
        words = sum(now[d]["words"] for d in ids)
        # Each binary's markers over the words it counted itself, over the documents it
        # counted: a sample's before file lacks the documents added after it was drawn.
        cells = []
        for run in [counts_ for _, counts_ in befores] + [now]:
            counted = [d for d in ids if d in run]
            if not counted:
                cells.append("–")
                continue
            rate = (1000 * sum(sum(run[d]["codes"].values()) for d in counted)
                    / sum(run[d]["words"] for d in counted))
            partial |= len(counted) < len(ids)
            cells.append(f"{rate:.1f}" + ("*" if len(counted) < len(ids) else ""))
        lines.append(f"| {genre} | {len(ids)} | {words:,} | " + " | ".join(cells) + " |")
    if partial:
        lines += ["", "\\* over the genre's documents that binary counted (documents added to "
                  "the manifest after its sample was drawn are not in its before file); – none."]
    return lines


def beyond_before(before, now):
    """Markers a document has now beyond what the labelled binary reported there for the
    same code: output the labels cannot have judged (a new code, or more of one)."""
    extra = 0
    for doc, counted in now.items():
        earlier = before.get(doc, {}).get("codes", {})
        extra += sum(max(0, n - earlier.get(code, 0)) for code, n in counted["codes"].items())
    return extra


def code_counts(run):
    summed = Counter()
    for document in run.values():
        summed.update(document["codes"])
    return summed


def share(value):
    return "–" if value is None else f"{100 * value:.0f} %"


class SampleResult:
    """One sample's labels, which of them the current binary still reports, and the counts of
    the binary it was drawn on."""

    def __init__(self, sample, labels, still_reported, now):
        self.sample = sample
        self.labels = labels
        self.rows = precision_rows(labels, still_reported)
        self.before = sample.read_before()
        # Now over the documents this sample's binary counted: documents added since (issue
        # 34's) would otherwise change an older sample's figures without any label of it.
        self.before_codes = code_counts(self.before)
        self.now_codes = code_counts({doc: now[doc] for doc in self.before if doc in now})
        self.now = now
        self.codes = sorted(set(self.rows) | set(self.now_codes) | set(self.before_codes))
        self.everything = total(self.rows, self.codes)
        self.identifying = total(self.rows, [c for c in self.codes if c in SELF_IDENTIFYING])
        self.habits = total(self.rows, [c for c in self.codes if c not in SELF_IDENTIFYING])

    def precision(self, row, when):
        if when == "before":
            return percent(row["genuine"], row["labelled"])
        return percent(row["reported genuine"], row["reported"])

    def weighted(self, when):
        if when == "before":
            return share(weighted_precision(self.rows, self.before_codes, "genuine", "labelled"))
        return share(weighted_precision(self.rows, self.now_codes, "reported genuine",
                                        "reported"))

    def overview_row(self):
        return (f"| {self.sample.name} | `{self.sample.binary}` | {self.everything['labelled']} "
                f"| {self.precision(self.everything, 'before')} "
                f"| {self.precision(self.everything, 'now')} "
                f"| {self.precision(self.identifying, 'before')} "
                f"| {self.precision(self.identifying, 'now')} "
                f"| {self.precision(self.habits, 'before')} "
                f"| {self.precision(self.habits, 'now')} "
                f"| {self.weighted('before')} | {self.weighted('now')} |")

    def agreement_rows(self):
        """How often the sample's two blind labellers agree, when it has two."""
        doubled = [label["labellers"] for label in self.labels if "labellers" in label]
        if not doubled:
            return []
        same = sum(1 for first, second in doubled if first["label"] == second["label"])
        return [f"| two blind labellers agree (a label counts at the stricter of the two) "
                f"| {same} of {len(doubled)} ({percent(same, len(doubled))}) | – |"]

    def section(self, unlabelled):
        everything, binary = self.everything, self.sample.binary
        out = [
            f"## Sample {self.sample.name}: drawn on `{binary}`",
            "",
            f"{self.sample.drawn[0].upper()}{self.sample.drawn[1:]} "
            f"(`{self.sample.labels.relative_to(REPO)}`).",
            "",
            f"| | before (`{binary}`) | now |",
            "|---|---|---|",
            f"| precision, labelled sample | {self.precision(everything, 'before')} "
            f"| {self.precision(everything, 'now')} |",
            f"| precision, self-identifying codes | {self.precision(self.identifying, 'before')} "
            f"| {self.precision(self.identifying, 'now')} |",
            f"| precision, habits (every other code) | {self.precision(self.habits, 'before')} "
            f"| {self.precision(self.habits, 'now')} |",
            f"| precision weighted by how often each code fires | {self.weighted('before')} "
            f"| {self.weighted('now')} |",
            f"| markers reported | {sum(self.before_codes.values()):,} "
            f"| {sum(self.now_codes.values()):,} |",
            f"| labelled markers still reported | {everything['labelled']} "
            f"| {everything['reported']} |",
            f"| genuine labelled markers no longer reported | – "
            f"| {everything['genuine'] - everything['reported genuine']} |",
            f"| current markers no label of this sample covers | – | {unlabelled:,} |",
            *self.agreement_rows(),
            f"| of them new: beyond the before count of their document and code | – "
            f"| {beyond_before(self.before, self.now):,} |",
            "",
            "| code | markers before | now | labelled (genuine / genre / wrong) "
            "| precision before | still reported | precision now |",
            "|---|---|---|---|---|---|---|",
        ]
        for code in self.codes:
            row = self.rows[code]
            out.append(
                f"| `{code}` | {self.before_codes[code]:,} | {self.now_codes[code]:,} "
                f"| {row['labelled']} ({row['genuine']} / {row['genre']} / {row['wrong']}) "
                f"| {self.precision(row, 'before')} | {row['reported']} "
                f"| {self.precision(row, 'now')} |")
        return out + [""]


def render(documents, results, unlabelled, now):
    words = sum(d["words"] for d in now.values())
    genres = sorted({d.genre for d in documents})
    out = [
        "# Marker quality: how many markers a careful editor believes",
        "",
        "Generated by `make eval-markers` (`eval/markers/report.py`); do not edit by hand.",
        "",
        f"{len(documents)} real documents nobody here wrote ({words:,} words; genres: "
        f"{', '.join(genres)}), listed with their sources and licences in "
        "`eval/markers/manifest.tsv` and gathered by `eval/markers/gather.py`. Each sample "
        "(`eval/markers/samples.py`) is a set of the markers one fantasma binary reported on "
        "them, drawn with a fixed seed, stratified by marker code, and labelled blind against "
        "`eval/markers/RUBRIC.md`: *genuine* (an identifying habit of this writer, right "
        "position, safe fix), *genre* (true, but the genre, the topic or a habit shared by "
        "more than about a quarter of writers), *wrong* (wrong label, position or fix). "
        "**Precision** is genuine / labelled. *Before* is the binary a sample was drawn and "
        "labelled on; *now* is the binary this report ran, over the labelled markers it still "
        "reports (a labelled marker it no longer reports has been removed: good if it was "
        "not genuine, a loss if it was). A sample keeps measuring the binary it was drawn on: "
        "markers that only a later binary reports are measured by a later sample.",
        "",
        "Self-identifying codes: " + ", ".join(f"`{c}`" for c in sorted(SELF_IDENTIFYING))
        + ".",
        "",
        "## Overall",
        "",
        "| sample | drawn on | labelled | precision before | now | self-identifying before "
        "| now | habits before | now | weighted by how often each code fires, before | now |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    out += [result.overview_row() for result in results]
    out.append("")
    for result in results:
        out += result.section(unlabelled[result.sample.name])
    out += ["## Markers per 1,000 words, per genre", ""]
    out += genre_table(documents, [(f"`{r.sample.binary}`", r.before) for r in results], now)
    out += ["", "Each habit is listed at its first 1,000 occurrences per file, as "
            "`fantasma check` shows them.", ""]
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fantasma", type=Path, required=True)
    parser.add_argument("--docs", type=Path, default=REPO / "build/eval-markers/docs")
    parser.add_argument("--out", type=Path, default=REPO / "docs/marker-quality.md")
    parser.add_argument("--record-before", action="store_true",
                        help="store this binary's counts as the 'before' of --sample")
    parser.add_argument("--sample", help="a sample's name in samples.py")
    args = parser.parse_args()

    documents = read_manifest()
    reports = check_documents(args.fantasma, args.docs)
    now = counts(reports)
    if args.record_before:
        sample = by_name(args.sample)
        sample.before.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        print(f"wrote {sample.before}", file=sys.stderr)
        return
    index = MarkerIndex(reports, args.docs)
    results, unlabelled = [], {}
    for sample in SAMPLES:
        labels = sample.read_labels()
        found = [index.find(label) for label in labels]
        matched = {(f["doc"], f["code"], tuple(f["byteRange"])) for f in found if f}
        unlabelled[sample.name] = sum(
            1 for key in index.all_keys()
            if (key["doc"], key["code"], tuple(key["byteRange"])) not in matched)
        results.append(SampleResult(sample, labels, [f is not None for f in found], now))
    args.out.write_text(render(documents, results, unlabelled, now))
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
