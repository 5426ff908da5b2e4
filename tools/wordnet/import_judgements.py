#!/usr/bin/env python3
"""Adds people's verdicts on synonym pairs to tools/wordnet/judged_pairs.tsv.

  build_synonyms.py --unjudged pending.tsv        # the candidate pairs nobody judged yet
  (number the pairs of pending.tsv from --first, give them to two or more readers with
   JUDGING.md; each writes "number<TAB>yes|no" lines, blind to the code and to each other)
  import_judgements.py pending.tsv --first N DECISIONS...

Each decisions file may cover part of the numbers; a pair judged by fewer than two readers is
left for later. A pair is "yes" only when every reader of it said yes: a wrong replacement damages a writer's text,
a missed one costs little. Pairs already in judged_pairs.tsv keep their verdict.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def read_decisions(path):
    verdicts = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.strip().split("\t")
            if len(fields) == 2 and fields[0].isdigit():
                if fields[1] not in ("yes", "no"):
                    sys.exit(f"{path}: '{fields[1]}' is neither yes nor no")
                verdicts[int(fields[0])] = fields[1]
    return verdicts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pending", help="the --unjudged file the readers' numbers refer to")
    parser.add_argument("--first", type=int, default=1, help="number of pending.tsv's first pair")
    parser.add_argument("decisions", nargs="+")
    parser.add_argument("--judged", default=os.path.join(HERE, "judged_pairs.tsv"))
    args = parser.parse_args()
    with open(args.pending, encoding="utf-8") as f:
        pending = [line.rstrip("\n").split("\t")[:3] for line in f if not line.startswith("pos\t")]
    readers = [read_decisions(path) for path in args.decisions]
    with open(args.judged, encoding="utf-8") as f:
        lines = f.read().splitlines()
    known = {tuple(line.split("\t")[:3]) for line in lines if not line.startswith("#")}
    added = {"yes": 0, "no": 0}
    for index, pair in enumerate(pending):
        number = args.first + index
        verdicts = [reader[number] for reader in readers if number in reader]
        if len(verdicts) < 2 or tuple(pair) in known:
            continue
        verdict = "yes" if all(v == "yes" for v in verdicts) else "no"
        lines.append("\t".join(pair + [verdict]))
        added[verdict] += 1
    header = [line for line in lines if line.startswith("#") or line.startswith("pos\t")]
    rows = sorted(line for line in lines if not (line.startswith("#") or line.startswith("pos\t")))
    with open(args.judged, "w", encoding="utf-8") as f:
        f.write("\n".join(header + rows) + "\n")
    print(f"{args.judged}: {added['yes']} yes, {added['no']} no added", file=sys.stderr)


if __name__ == "__main__":
    main()
