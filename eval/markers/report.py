#!/usr/bin/env python3
"""Writes docs/marker-quality.md: how many of fantasma's markers a careful editor believes.

    report.py --fantasma BIN [--out docs/marker-quality.md]
    report.py --fantasma BIN --record-before     (once, with the binary the labels were made on)

Runs BIN over the documents gathered by gather.py, finds each labelled marker of
labels.jsonl among its markers, and reports precision (genuine / labelled markers the binary
still reports) per code and overall, the markers per 1,000 words per genre, and how many of
the current markers no label covers. before.json keeps the counts of the binary the labels
were made on, so the report shows before and now side by side.
"""
import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

from gather import read_manifest
from markers import MarkerIndex, check_documents

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
BEFORE = HERE / "before.json"
# Codes whose marker is the writer's identity itself (names, addresses, places).
SELF_IDENTIFYING = {"contact-detail", "personal-name", "affiliation-place"}


def read_labels():
    with open(HERE / "labels.jsonl", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


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


def genre_table(documents, before, now):
    lines = ["| genre | documents | words | markers per 1,000 words, before | now |",
             "|---|---|---|---|---|"]
    by_genre = defaultdict(list)
    for document in documents:
        by_genre[document.genre].append(document.id)
    for genre in sorted(by_genre):
        ids = by_genre[genre]
        words = sum(now[d]["words"] for d in ids)
        rate = {run: 1000 * sum(sum(counts_[d]["codes"].values()) for d in ids) / words
                for run, counts_ in (("before", before), ("now", now))}
        lines.append(f"| {genre} | {len(ids)} | {words:,} | {rate['before']:.1f} | "
                     f"{rate['now']:.1f} |")
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


def render(documents, labels, still_reported, before, now, unlabelled):
    rows = precision_rows(labels, still_reported)
    before_codes, now_codes = code_counts(before), code_counts(now)
    codes = sorted(set(rows) | set(now_codes) | set(before_codes))
    everything = total(rows, codes)
    identifying = total(rows, [c for c in codes if c in SELF_IDENTIFYING])
    words = sum(d["words"] for d in now.values())
    genres = sorted({d.genre for d in documents})

    def overall(row):
        return (percent(row["genuine"], row["labelled"]),
                percent(row["reported genuine"], row["reported"]))

    before_all, now_all = overall(everything)
    before_self, now_self = overall(identifying)
    weighted_before = weighted_precision(rows, before_codes, "genuine", "labelled")
    weighted_now = weighted_precision(rows, now_codes, "reported genuine", "reported")

    def share(value):
        return "–" if value is None else f"{100 * value:.0f} %"

    out = [
        "# Marker quality: how many markers a careful editor believes",
        "",
        "Generated by `make eval-markers` (`eval/markers/report.py`); do not edit by hand.",
        "",
        f"{len(documents)} real documents nobody here wrote ({words:,} words; genres: "
        f"{', '.join(genres)}), listed with their sources and licences in "
        "`eval/markers/manifest.tsv` and gathered by `eval/markers/gather.py`. "
        f"{len(labels)} of the markers that fantasma reported on them before issue 13's "
        "fixes were drawn with a fixed seed, stratified by marker code, and labelled against "
        "`eval/markers/RUBRIC.md`: *genuine* (an identifying habit of this writer, right "
        "position, safe fix), *genre* (true, but the genre, the topic or a habit shared by "
        "more than about a quarter of writers), *wrong* (wrong label, position or fix). "
        "**Precision** is genuine / labelled. *Before* is the binary the labels were made "
        "on; *now* is the binary this report ran, over the labelled markers it still "
        "reports (a labelled marker it no longer reports has been removed: good if it was "
        "not genuine, a loss if it was).",
        "",
        "## Overall",
        "",
        "| | before | now |",
        "|---|---|---|",
        f"| precision, labelled sample | {before_all} | {now_all} |",
        f"| precision, self-identifying codes ({', '.join(sorted(SELF_IDENTIFYING))}) "
        f"| {before_self} | {now_self} |",
        f"| precision weighted by how often each code fires | {share(weighted_before)} "
        f"| {share(weighted_now)} |",
        f"| markers reported | {sum(before_codes.values()):,} | {sum(now_codes.values()):,} |",
        f"| labelled markers still reported | {everything['labelled']} "
        f"| {everything['reported']} |",
        f"| genuine labelled markers no longer reported | – "
        f"| {everything['genuine'] - everything['reported genuine']} |",
        f"| current markers no label covers | – | {unlabelled:,} |",
        f"| of them new: beyond the before count of their document and code | – "
        f"| {beyond_before(before, now):,} |",
        "",
        "## Per marker code",
        "",
        "| code | markers before | now | labelled (genuine / genre / wrong) | precision before "
        "| still reported | precision now |",
        "|---|---|---|---|---|---|---|",
    ]
    for code in codes:
        row = rows[code]
        out.append(
            f"| `{code}` | {before_codes[code]:,} | {now_codes[code]:,} | {row['labelled']} "
            f"({row['genuine']} / {row['genre']} / {row['wrong']}) "
            f"| {percent(row['genuine'], row['labelled'])} | {row['reported']} "
            f"| {percent(row['reported genuine'], row['reported'])} |")
    out += ["", "## Markers per 1,000 words, per genre", ""]
    out += genre_table(documents, before, now)
    out += ["", "Each habit is listed at its first 1,000 occurrences per file, as "
            "`fantasma check` shows them.", ""]
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fantasma", type=Path, required=True)
    parser.add_argument("--docs", type=Path, default=REPO / "build/eval-markers/docs")
    parser.add_argument("--out", type=Path, default=REPO / "docs/marker-quality.md")
    parser.add_argument("--record-before", action="store_true",
                        help="store this binary's counts as the 'before' of the report")
    args = parser.parse_args()

    documents = read_manifest()
    reports = check_documents(args.fantasma, args.docs)
    now = counts(reports)
    if args.record_before:
        BEFORE.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        print(f"wrote {BEFORE}", file=sys.stderr)
        return
    before = json.loads(BEFORE.read_text())
    labels = read_labels()
    index = MarkerIndex(reports, args.docs)
    found = [index.find(label) for label in labels]
    matched = {(f["doc"], f["code"], tuple(f["byteRange"])) for f in found if f}
    unlabelled = sum(1 for key in index.all_keys()
                     if (key["doc"], key["code"], tuple(key["byteRange"])) not in matched)
    args.out.write_text(render(documents, labels, [f is not None for f in found],
                               before, now, unlabelled))
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
