"""The markers of the benchmark's documents, and how a labelled marker is found again."""
import hashlib
import json
import subprocess
from pathlib import Path

from gather import read_manifest


def check_documents(fantasma, docs_dir):
    """{document id: fantasma's JSON report of it} for every document of the manifest."""
    documents = read_manifest()
    paths = [str(Path(docs_dir) / d.file_name) for d in documents]
    result = subprocess.run([str(fantasma), "check", "--format", "json", *paths],
                            capture_output=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"fantasma check failed ({result.returncode}):\n"
                         f"{result.stderr.decode(errors='replace')}")
    reports = json.loads(result.stdout)
    by_name = {Path(report["file"]).name: report for report in reports}
    return {d.id: by_name[d.file_name] for d in documents}


def marker_text(data, marker):
    begin, end = marker["byteRange"]
    return data[begin:end].decode("utf-8", errors="replace")


def text_digest(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def marker_key(document, marker, data):
    """What a labelled marker is stored and found again by."""
    return {
        "doc": document,
        "code": marker["code"],
        "byteRange": marker["byteRange"],
        "text": marker_text(data, marker),
    }


class MarkerIndex:
    """The current markers of all documents, to find labelled ones in."""

    def __init__(self, reports, docs_dir):
        self.by_doc_code = {}
        for document, report in reports.items():
            data = (Path(docs_dir) / Path(report["file"]).name).read_bytes()
            for marker in report["markers"]:
                # A habit's other occurrences in a paragraph are the marker's further ranges
                # (its related locations): still reported, each found as itself.
                ranges = [marker["byteRange"], *marker.get("moreByteRanges", [])]
                for byte_range in ranges:
                    key = marker_key(document, {**marker, "byteRange": byte_range}, data)
                    self.by_doc_code.setdefault((document, key["code"]), []).append(key)

    def find(self, label):
        """The current marker a label refers to: the same code over the same bytes, else
        (the document or the detector moved it) the same code over the same text within 200
        bytes of where it was, else the same code over overlapping bytes (the detector
        reshaped the span); None when the current binary no longer reports it."""
        candidates = self.by_doc_code.get((label["doc"], label["code"]), [])
        same_text = [c for c in candidates if text_digest(c["text"]) == label["textSha256"]]
        for candidate in same_text:
            if candidate["byteRange"] == label["byteRange"]:
                return candidate
        begin, end = label["byteRange"]
        if same_text:
            nearest = min(same_text, key=lambda c: abs(c["byteRange"][0] - begin))
            if abs(nearest["byteRange"][0] - begin) <= 200:
                return nearest
        for candidate in candidates:  # the same marker over a span reshaped
            if candidate["byteRange"][0] < end and begin < candidate["byteRange"][1]:
                return candidate
        return None

    def all_keys(self):
        for keys in self.by_doc_code.values():
            yield from keys
