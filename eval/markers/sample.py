#!/usr/bin/env python3
"""Draws a labelling sample and turns labellers' decisions into a sample's labels.

    sample.py draw --fantasma BIN [--size 420] [--seed 13] [--documents-from FILE]
            [--codes CODE,...]
        writes build/eval-markers/sample.jsonl and a sheet to read (sheet.txt): each marker
        with its document's id and genre, its code, message, fixes and context, the marked
        text between ⟦ ⟧; --documents-from draws only from the documents FILE lists (one id
        a line, or the first field of a tab-separated line such as a manifest excerpt; blank
        lines and '#' comments are skipped), e.g. documents-seed16.txt, the documents added for
        issue 34; --codes draws only markers of those codes (issue 33's sample of the
        self-identifying codes)
    sample.py label --sample "seed 14" [--drawn SAMPLE.jsonl] [--append] DECISIONS.tsv...
            [--second DECISIONS.tsv...]
        DECISIONS.tsv: "index<TAB>genuine|genre|wrong<TAB>one-line reason" per drawn marker
        (several files may share the indices of one drawing between labellers); writes the
        sample's labels file (samples.py), or adds to it with --append. --second: a second
        labeller's decisions on the same markers, made blind; each label then keeps both
        (`labellers`), and its `label` is the stricter (wrong before genre before genuine), so
        a marker counts as genuine only when both labellers call it so

The sample is stratified by marker code: the markers of each code are shuffled with the
seed, and one is taken from each code in turn until the sample is full or the codes run out,
so rare codes are labelled as thoroughly as common ones.
"""
import argparse
import json
import random
import sys
from pathlib import Path

from gather import read_manifest
from markers import check_documents, marker_key, text_digest
from samples import by_name

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
WORK = REPO / "build/eval-markers"
KINDS = ("genuine", "genre", "wrong")
STRICTNESS = ("wrong", "genre", "genuine")  # of two labels, the first in this order counts


def stratified(markers_by_code, size, seed):
    rng = random.Random(seed)
    queues = {}
    for code in sorted(markers_by_code):
        shuffled = list(markers_by_code[code])
        rng.shuffle(shuffled)
        queues[code] = shuffled
    sample = []
    while len(sample) < size and any(queues.values()):
        for code in sorted(queues):
            if queues[code] and len(sample) < size:
                sample.append(queues[code].pop())
    return sample


def context(data, byte_range, width=160):
    begin, end = byte_range
    before = data[max(0, begin - width):begin].decode("utf-8", errors="replace")
    marked = data[begin:end].decode("utf-8", errors="replace")
    after = data[end:end + width].decode("utf-8", errors="replace")
    return f"{before}⟦{marked}⟧{after}"


def read_document_ids(path, known):
    """The document ids a file lists, in its order; refuses an id the manifest lacks."""
    ids = []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if not line.strip() or line.startswith("#"):
            continue
        document = line.split("\t")[0].strip()
        if document not in known:
            raise SystemExit(f"{path}:{number}: '{document}' is not a document of the manifest")
        if document not in ids:
            ids.append(document)
    if not ids:
        raise SystemExit(f"{path}: no document ids")
    return ids


def drawable(reports, only=None):
    """The reports the sample is drawn from: all of them, or those of the documents `only`."""
    return {d: r for d, r in reports.items() if only is None or d in only}


def sheet_entry(index, entry):
    """What a blind labeller reads of one drawn marker: the document, the marker as a writer
    sees it (code, message, fixes) and its context, the marked text between ⟦ ⟧."""
    fixes = entry["fixes"]
    shown = f"{fixes[:3]}" + (f" (first 3 of {len(fixes)})" if len(fixes) > 3 else "")
    return (f"#{index} {entry['doc']} (genre: {entry['genre']}) [{entry['code']}] "
            f"{entry['bits']:.1f} bits {entry['byteRange']}\n  message: {entry['message']}\n"
            f"  fixes: {shown}\n  context: {entry['context']!r}\n\n")


def draw(args):
    docs = WORK / "docs"
    genres = {d.id: d.genre for d in read_manifest()}
    only = None
    if args.documents_from:
        only = set(read_document_ids(args.documents_from, genres))
    reports = drawable(check_documents(args.fantasma, docs), only)
    by_code = {}
    for document, report in reports.items():
        data = (docs / Path(report["file"]).name).read_bytes()
        for marker in report["markers"]:
            if args.codes and marker["code"] not in args.codes:
                continue
            entry = marker_key(document, marker, data)
            entry["genre"] = genres[document]
            entry["message"] = marker["message"]
            entry["bits"] = marker["bits"]
            entry["fixes"] = [fix["newText"] for fix in marker.get("fixes", [])]
            entry["context"] = context(data, marker["byteRange"])
            by_code.setdefault(marker["code"], []).append(entry)
    sample = stratified(by_code, args.size, args.seed)
    with open(WORK / "sample.jsonl", "w", encoding="utf-8") as out:
        for entry in sample:
            out.write(json.dumps(entry, ensure_ascii=False) + "\n")
    with open(WORK / "sheet.txt", "w", encoding="utf-8") as sheet:
        sheet.write(f"# {len(sample)} markers (seed {args.seed}) from {len(reports)} documents. "
                    "Label each against RUBRIC.md, one line a marker: "
                    "index<TAB>genuine|genre|wrong<TAB>one-line reason\n\n")
        for index, entry in enumerate(sample):
            sheet.write(sheet_entry(index, entry))
    total = sum(len(v) for v in by_code.values())
    print(f"{len(sample)} of {total} markers in {len(by_code)} codes of {len(reports)} "
          f"documents sampled (seed {args.seed})", file=sys.stderr)


def read_decisions(paths):
    """{index: (label, reason)} from the labellers' files."""
    decisions = {}
    for path in paths:
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            if not line.strip() or line.startswith("#"):
                continue
            index, kind, reason = line.rstrip("\n").split("\t", 2)
            kind = kind.strip()
            if kind not in KINDS:
                raise SystemExit(f"{path}:{number}: '{kind}' is not one of {KINDS}")
            if int(index) in decisions:
                raise SystemExit(f"{path}:{number}: a second decision for #{index}")
            decisions[int(index)] = (kind, reason.strip())
    return decisions


def check_covers(drawn, decisions):
    missing = [i for i in range(len(drawn)) if i not in decisions]
    if missing:
        raise SystemExit(f"no decision for drawn markers {missing[:20]}")
    extra = sorted(set(decisions) - set(range(len(drawn))))
    if extra:
        raise SystemExit(f"decisions for markers that were not drawn: {extra[:20]}")


def labelled_entries(drawn, decisions, unpublished, second=None):
    """The labels of the drawn markers, in drawing order. The EBG corpus is not ours to
    publish: its labels keep a digest of the marked text and no message (which quotes it).
    With `second` (another labeller's decisions), each label keeps both and takes the
    stricter."""
    check_covers(drawn, decisions)
    if second is not None:
        check_covers(drawn, second)
    for index, entry in enumerate(drawn):
        kind, reason = decisions[index]
        both = None
        if second is not None:
            both = [decisions[index], second[index]]
            kind, reason = min(both, key=lambda decision: STRICTNESS.index(decision[0]))
        labelled = {k: entry[k] for k in ("doc", "code", "byteRange")}
        labelled["textSha256"] = text_digest(entry["text"])
        if entry["doc"] not in unpublished:
            labelled.update(text=entry["text"], message=entry["message"])
        labelled.update(label=kind, reason=reason)
        if both is not None:
            labelled["labellers"] = [{"label": k, "reason": r} for k, r in both]
        yield labelled


def label(args):
    sample = by_name(args.sample)
    drawn = [json.loads(line) for line in open(args.drawn, encoding="utf-8")]
    unpublished = {d.id for d in read_manifest() if d.source == "ebg"}
    second = read_decisions(args.second) if args.second else None
    entries = list(labelled_entries(drawn, read_decisions(args.decisions), unpublished, second))
    with open(sample.labels, "a" if args.append else "w", encoding="utf-8") as out:
        for labelled in entries:
            out.write(json.dumps(labelled, ensure_ascii=False) + "\n")
    print(f"{len(entries)} labels {'added to' if args.append else 'in'} {sample.labels}",
          file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    draw_parser = commands.add_parser("draw")
    draw_parser.add_argument("--fantasma", type=Path, required=True)
    draw_parser.add_argument("--size", type=int, default=420)
    draw_parser.add_argument("--seed", type=int, default=13)
    draw_parser.add_argument("--codes", type=lambda text: set(text.split(",")), default=None,
                             help="draw only markers of these codes, comma-separated")
    draw_parser.add_argument("--documents-from", type=Path,
                             help="draw only from the documents this file lists")
    label_parser = commands.add_parser("label")
    label_parser.add_argument("--sample", required=True, help="its name in samples.py")
    label_parser.add_argument("--drawn", type=Path, default=WORK / "sample.jsonl",
                              help="the markers drawn (sample.py draw)")
    label_parser.add_argument("--append", action="store_true")
    label_parser.add_argument("decisions", type=Path, nargs="+")
    label_parser.add_argument("--second", type=Path, nargs="+",
                              help="a second labeller's decisions on the same markers")
    args = parser.parse_args()
    draw(args) if args.command == "draw" else label(args)


if __name__ == "__main__":
    main()
