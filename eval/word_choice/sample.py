#!/usr/bin/env python3
"""Draws word-choice replacements from `fantasma rewrite --word-choice` on the EBG corpus for
people to judge, and reports how many they judged good (the pass's precision).

  sample.py draw --fantasma BIN --seed N [--count 150] [--strength 1] --out DIR
      rewrites every author's last sample with and without word choice (profile: the
      author's other samples, as an attacker holds them), takes the words that differ, and
      writes DIR/sheet.md (each replacement in its sentence, numbered) and DIR/drawn.jsonl
      (where each one is: file, offset, old, new; no corpus text, which stays outside the
      repository).
  sample.py report DRAWN DECISIONS...
      DECISIONS: TSV files "number<TAB>good|meaning|grammar" from judges who read RUBRIC.md
      and the sheet, never the code; prints the share judged good, per judge and agreed.

Corpus: ../shared/corpora/ebg-amt (read-only, never copied into the repository).
"""
import argparse
import difflib
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "eval"))
from fantasma_eval.corpus import load_authors, read  # noqa: E402

TOKEN = re.compile(r"\w+(?:['’]\w+)*|\s+|[^\w\s]")
VERDICTS = ("good", "meaning", "grammar")


def rewrite(fantasma, path, strength, profile):
    options = ["--word-choice", str(strength)]
    if profile:
        options += ["--profile", str(profile)]
    result = subprocess.run([str(fantasma), "rewrite", *options, str(path)],
                            capture_output=True, text=True)
    if result.returncode not in (0, 3):
        sys.exit(f"fantasma rewrite {path} failed: {result.stderr.strip()}")
    return result.stdout


def word_replacements(before, after):
    """(offset in `after`, old word, new word) for each word replaced one for one."""
    a, b = TOKEN.findall(before), TOKEN.findall(after)
    offsets, at = [], 0
    for token in b:
        offsets.append(at)
        at += len(token)
    found = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "replace" and i2 - i1 == 1 and j2 - j1 == 1 and a[i1][0].isalpha():
            found.append((offsets[j1], a[i1], b[j1]))
    return found


def sentence_around(text, offset, length):
    """The text of the sentence before and after the replaced word, on one line."""
    starts = [m.end() for m in re.finditer(r"[.!?]\s+|\n\s*\n", text[:offset])]
    start = starts[-1] if starts else 0
    end_match = re.compile(r"[.!?](?=\s|$)|\n\s*\n").search(text, offset + length)
    end = end_match.end() if end_match else len(text)
    one_line = lambda part: re.sub(r"\s+", " ", part)
    return one_line(text[start:offset]).lstrip(), one_line(text[offset + length:end]).rstrip()


def draw(args):
    authors = load_authors(args.corpus)
    rng = random.Random(args.seed)
    found = []
    with tempfile.TemporaryDirectory() as scratch:
        for author in authors:
            held = author.samples[-1]
            profile = Path(scratch) / author.name
            profile.mkdir()
            for sample in author.samples[:-1]:
                shutil.copy(sample, profile / sample.name)
            plain = rewrite(args.fantasma, held, 0, None)
            chosen = rewrite(args.fantasma, held, args.strength, profile)
            for offset, old, new in word_replacements(plain, chosen):
                left, right = sentence_around(chosen, offset, len(new))
                found.append({"file": f"{author.name}/{held.name}", "offset": offset,
                              "old": old, "new": new, "left": left, "right": right})
    picked = rng.sample(found, min(args.count, len(found)))
    args.out.mkdir(parents=True, exist_ok=True)
    with open(args.out / "sheet.md", "w", encoding="utf-8") as sheet, \
            open(args.out / "drawn.jsonl", "w", encoding="utf-8") as drawn:
        sheet.write(f"# Word-choice replacements to judge ({len(picked)} of {len(found)}, "
                    f"seed {args.seed})\n\n")
        for number, item in enumerate(picked, 1):
            sheet.write(f"{number}. {item['left']}[{item['old']} → {item['new']}]"
                        f"{item['right']}\n\n")
            drawn.write(json.dumps({"number": number, **{k: item[k] for k in
                                    ("file", "offset", "old", "new")}}) + "\n")
    print(f"{len(found)} replacements in {len(authors)} samples; {len(picked)} drawn "
          f"into {args.out}", file=sys.stderr)


def report(args):
    drawn = [json.loads(line) for line in open(args.drawn, encoding="utf-8")]
    judges = []
    for path in args.decisions:
        verdicts = {}
        for line in open(path, encoding="utf-8"):
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 2 and fields[0].isdigit():
                if fields[1] not in VERDICTS:
                    sys.exit(f"{path}: '{fields[1]}' is not one of {', '.join(VERDICTS)}")
                verdicts[int(fields[0])] = fields[1]
        judges.append(verdicts)
        good = sum(v == "good" for v in verdicts.values())
        print(f"{path}: {good}/{len(verdicts)} good ({100 * good / max(len(verdicts), 1):.0f} %); "
              + ", ".join(f"{v} {sum(x == v for x in verdicts.values())}" for v in VERDICTS))
    both = [item["number"] for item in drawn if all(item["number"] in j for j in judges)]
    if len(judges) > 1 and both:
        agreed_good = sum(all(j[n] == "good" for j in judges) for n in both)
        any_good = sum(any(j[n] == "good" for j in judges) for n in both)
        print(f"judged by all {len(judges)}: {len(both)}; good for all {agreed_good} "
              f"({100 * agreed_good / len(both):.0f} %), for at least one {any_good} "
              f"({100 * any_good / len(both):.0f} %)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw")
    d.add_argument("--fantasma", type=Path, default=ROOT / "build/release/cli/fantasma")
    d.add_argument("--corpus", type=Path, default=ROOT.parent / "shared/corpora/ebg-amt")
    d.add_argument("--seed", type=int, required=True)
    d.add_argument("--count", type=int, default=150)
    d.add_argument("--strength", type=float, default=1.0)
    d.add_argument("--out", type=Path, required=True)
    r = sub.add_parser("report")
    r.add_argument("drawn", type=Path)
    r.add_argument("decisions", type=Path, nargs="+")
    args = parser.parse_args()
    draw(args) if args.command == "draw" else report(args)


if __name__ == "__main__":
    main()
