"""The labelled samples of the benchmark: which markers were labelled, on which binary.

Each sample is kept as it was labelled: a regression set of the binary it was drawn on. A
detector change that reports something new is measured by a new sample (another seed), never
by relabelling an old one.
"""
import json
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Sample:
    name: str
    labels: Path  # one labelled marker a line (sample.py label)
    before: Path  # the drawing binary's marker and word counts (report.py --record-before)
    binary: str  # the commit whose `fantasma` reported the markers the sample was drawn from
    drawn: str  # how the markers were chosen

    def read_labels(self):
        """[] while the sample is drawn but not labelled yet."""
        if not self.labels.exists():
            return []
        with open(self.labels, encoding="utf-8") as lines:
            return [json.loads(line) for line in lines if line.strip()]

    def read_before(self):
        return json.loads(self.before.read_text())


SAMPLES = (
    Sample(name="seed 13",
           labels=HERE / "labels-seed13.jsonl",
           before=HERE / "before-seed13.json",
           binary="1e4e690",
           drawn="420 markers, seed 13, stratified by code, drawn on the binary before any of "
                 "issue 13's detector fixes"),
    Sample(name="seed 14",
           labels=HERE / "labels-seed14.jsonl",
           before=HERE / "before-seed14.json",
           binary="5e48653",
           drawn="320 markers, seed 14, stratified by code, drawn on the binary after the first "
                 "round of issue 13's fixes (and issue 14's leak detectors), and every other "
                 "`personal-name` marker of that binary (27)"),
    Sample(name="seed 15",
           labels=HERE / "labels-seed15.jsonl",
           before=HERE / "before-seed15.json",
           binary="dc7ea48",
           drawn="260 markers, seed 15, stratified by code, drawn on the binary after issue 13's "
                 "second round of fixes (genre-bound rates as hints, extraction of code in mail "
                 "and LaTeX) and issue 14's review-copy work"),
    Sample(name="seed 16",
           labels=HERE / "labels-seed16.jsonl",
           before=HERE / "before-seed16.json",
           binary="16cf0cc",
           drawn="200 markers, seed 16, stratified by code, drawn only from the 25 documents "
                 "added for issue 34 (`documents-seed16.txt`: mail, essays, a blog post, FAQs, "
                 "release notes, papers, manuals, Markdown documentation and game lore that "
                 "nobody here had read fantasma's output on), on the binary after issue 32, to "
                 "be labelled blind by two labellers before any fix"),
    Sample(name="seed 17",
           labels=HERE / "labels-seed17.jsonl",
           before=HERE / "before-seed17.json",
           binary="4864317",
           drawn="every self-identifying marker (personal-name, comment-identity, "
                 "contact-detail, title-block, acknowledgement, self-citation, link-target: "
                 "187, `--codes`) of the 16 documents added for issue 33 "
                 "(`documents-seed17.txt`: papers and publishers' templates, release notes "
                 "and author lists, READMEs), on the binary after issue 33's names and shapes "
                 "work, labelled blind by two labellers before any fix"),
    Sample(name="seed 18",
           labels=HERE / "labels-seed18.jsonl",
           before=HERE / "before-seed18.json",
           binary="3f0602d",
           drawn="160 of the 341 self-identifying markers (the codes of seed 17), seed 18, "
                 "stratified by code, of the 13 documents added in issue 33's second round "
                 "(`documents-seed18.txt`: R vignettes, the TeX Live guide, release notes, "
                 "author and thanks lists, READMEs), on the binary after the fixes seed 17 led "
                 "to, labelled blind by two more labellers"),
)


def by_name(name):
    for sample in SAMPLES:
        if sample.name == name:
            return sample
    raise SystemExit(f"no sample named '{name}' (samples: {', '.join(s.name for s in SAMPLES)})")
