#!/usr/bin/env python3
"""Gathers the documents of the marker-precision benchmark (eval/markers/manifest.tsv).

The texts are not committed: Debian packages are fetched with `apt-get download` (never
installed, so no root and no dependencies are needed beyond apt's package lists) and
unpacked with `dpkg-deb -x`; the EBG essays come from ../shared/corpora/ebg-amt. Each
document is written to OUT/<id>.<ext> and checked against eval/markers/checksums.sha256,
because the labels point at byte ranges of exactly these texts.

    eval/markers/gather.py [--out build/eval-markers/docs] [--record]
"""
import argparse
import gzip
import hashlib
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
CHECKSUMS = HERE / "checksums.sha256"


@dataclass
class Document:
    id: str
    genre: str
    source: str
    path: str
    licence: str

    @property
    def extension(self):
        name = self.path.removesuffix(".gz")
        if name.endswith(".md"):
            return "md"
        if name.endswith((".tex", ".Rnw")):
            return "tex"
        return "txt"

    @property
    def file_name(self):
        return f"{self.id}.{self.extension}"


def read_manifest(path=HERE / "manifest.tsv"):
    documents = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        documents.append(Document(*line.split("\t")))
    return documents


def unpack_package(package, cache):
    """The folder the package is unpacked in, downloading its .deb the first time."""
    root = cache / "root" / package
    if root.is_dir():
        return root
    debs = cache / "debs"
    debs.mkdir(parents=True, exist_ok=True)
    if not list(debs.glob(f"{package}_*.deb")):
        print(f"apt-get download {package}", file=sys.stderr)
        if subprocess.run(["apt-get", "download", "-q", package], cwd=debs).returncode != 0:
            raise SystemExit(f"could not download the Debian package {package}; "
                             "on a fresh machine run 'apt-get update' first")
    deb = sorted(debs.glob(f"{package}_*.deb"))[-1]
    partial = root.with_suffix(".partial")
    partial.mkdir(parents=True, exist_ok=True)
    subprocess.run(["dpkg-deb", "-x", str(deb), str(partial)], check=True)
    partial.rename(root)
    return root


# A chunk's lines may end in CRLF (xtable's gallery does).
R_CHUNK = re.compile(rb"^<<[^\n]*>>=[ \t]*\r?\n.*?^@[ \t]*\r?$\n?", re.MULTILINE | re.DOTALL)


def without_r_chunks(rnw):
    """A Sweave vignette's LaTeX: its R code chunks are code, not the authors' prose."""
    return R_CHUNK.sub(b"", rnw)


def document_bytes(document, cache, shared):
    if document.source == "ebg":
        data = (shared / "corpora" / "ebg-amt" / document.path).read_bytes()
    elif document.source.startswith("deb:"):
        root = unpack_package(document.source.removeprefix("deb:"), cache)
        data = (root / document.path).read_bytes()
    else:
        raise SystemExit(f"{document.id}: unknown source {document.source!r}")
    if document.path.endswith(".gz"):
        data = gzip.decompress(data)
    if document.path.endswith(".Rnw"):
        data = without_r_chunks(data)
    return data


def read_checksums():
    if not CHECKSUMS.exists():
        return {}
    sums = {}
    for line in CHECKSUMS.read_text().splitlines():
        digest, name = line.split(maxsplit=1)
        sums[name] = digest
    return sums


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "build/eval-markers/docs")
    parser.add_argument("--cache", type=Path, default=REPO / "build/eval-markers")
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--record", action="store_true", help="write checksums.sha256 anew")
    args = parser.parse_args()

    args.out.mkdir(parents=True, exist_ok=True)
    expected = read_checksums()
    recorded = []
    changed = []
    for document in read_manifest():
        data = document_bytes(document, args.cache, args.shared)
        (args.out / document.file_name).write_bytes(data)
        digest = hashlib.sha256(data).hexdigest()
        recorded.append(f"{digest}  {document.file_name}")
        if not args.record and expected.get(document.file_name) != digest:
            changed.append(document.file_name)
    if args.record:
        CHECKSUMS.write_text("\n".join(recorded) + "\n")
    for name in changed:
        print(f"warning: {name} differs from the labelled version (checksums.sha256); "
              "its labels match by text where they can", file=sys.stderr)
    print(f"{len(recorded)} documents in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
