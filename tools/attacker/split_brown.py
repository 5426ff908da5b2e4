"""Writes the Brown Corpus samples as distractor writers: FOLDER/KIND/WRITER/N.txt.

Each Brown sample (~2,000 words from one 1961 publication) is one writer; it is cut at
paragraph ends into PARTS texts of about equal length, which is what an attacker holds of a
writer: several texts. WRITERS samples are taken from each kind, evenly over the corpus.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "reference"))
import brown  # noqa: E402

# Brown's categories by the kind of prose a writer would compare theirs with.
KINDS = {
    "journalism": ["news", "editorial", "reviews"],
    "essays": ["religion", "hobbies", "lore", "belles_lettres", "humor"],
    "academic": ["government", "learned"],
    "fiction": ["fiction", "mystery", "science_fiction", "adventure", "romance"],
}
WRITERS = 16
PARTS = 3


def parts(text, count):
    paragraphs = [p for p in text.split("\n\n") if p.strip()]
    total = sum(len(p.split()) for p in paragraphs)
    out, current, words = [], [], 0
    for paragraph in paragraphs:
        current.append(paragraph)
        words += len(paragraph.split())
        if words >= total * (len(out) + 1) / count and len(out) < count - 1:
            out.append("\n\n".join(current))
            current = []
    if current:
        out.append("\n\n".join(current))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/fantasma"))
    args = parser.parse_args()
    samples = brown.read(brown.install(args.cache))
    for kind, categories in KINDS.items():
        chosen = [s for s in samples if s.category in categories]
        step = len(chosen) / WRITERS
        for i in range(WRITERS):
            sample = chosen[int(i * step)]
            folder = os.path.join(args.out, kind, f"brown-{sample.name}")
            os.makedirs(folder, exist_ok=True)
            for n, part in enumerate(parts(brown.plain_text(sample), PARTS)):
                with open(os.path.join(folder, f"{n + 1}.txt"), "w", encoding="utf-8") as out:
                    out.write(part + "\n")


if __name__ == "__main__":
    main()
