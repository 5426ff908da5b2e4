"""Invisible characters and look-alike letters (issue 20): how many EBG texts carry each kind,
and the texts with only those cleaned, i.e. with the fixes `fantasma check --format json` marks
`keepsAppearance` applied (what `fantasma rewrite` does first, without the other fixes)."""
import json
import subprocess
import tempfile
from pathlib import Path

# The attack method of the texts with only these cleaned.
METHOD = "original, invisible characters and look-alike letters cleaned"

# The detectors of invisible fingerprints, as `fantasma check` names them.
KINDS = ("zero-width", "direction-mark", "tag-character", "variation-selector",
         "unusual-space", "soft-hyphen", "look-alike-letter", "spacing-pattern")


class CleaningError(RuntimeError):
    pass


def check(fantasma: Path, texts: list[str]) -> list[list[dict]]:
    """The markers of each text (read as plain text), from one `fantasma check` run."""
    with tempfile.TemporaryDirectory(prefix="fantasma-eval-clean-") as folder:
        paths = []
        for i, text in enumerate(texts):
            path = Path(folder) / f"{i:05d}.txt"
            path.write_text(text, encoding="utf-8")
            paths.append(str(path))
        result = subprocess.run([str(fantasma), "check", "--format", "json", "--all-markers",
                                 "--lang", "text"] + paths, capture_output=True, check=False)
    if result.returncode != 0:
        raise CleaningError(f"fantasma check failed ({result.returncode}): "
                            f"{result.stderr.decode(errors='replace').strip()}")
    reports = json.loads(result.stdout)
    if len(reports) != len(texts):
        raise CleaningError(f"fantasma check reported {len(reports)} of {len(texts)} texts")
    return [report["markers"] for report in reports]


def clean(text: str, markers: list[dict]) -> str:
    """`text` with the first fix of every marker whose fix keeps the text's appearance applied
    (byte ranges; of overlapping ones, the first)."""
    data = text.encode("utf-8")
    edits = sorted((m["byteRange"][0], m["byteRange"][1], m["fixes"][0]["newText"])
                   for m in markers if m["fixes"] and m["fixes"][0].get("keepsAppearance"))
    out, at = [], 0
    for begin, end, new_text in edits:
        if begin < at:
            continue
        out += [data[at:begin], new_text.encode("utf-8")]
        at = end
    out.append(data[at:])
    return b"".join(out).decode("utf-8")


def census(markers_per_text: list[list[dict]]) -> dict:
    """Per kind: how many texts carry it and how many marked places there are in all."""
    kinds = {kind: {"texts": 0, "places": 0} for kind in KINDS}
    for markers in markers_per_text:
        seen = set()
        for marker in markers:
            if marker["code"] in kinds:
                kinds[marker["code"]]["places"] += 1
                seen.add(marker["code"])
        for kind in seen:
            kinds[kind]["texts"] += 1
    carrying = sum(1 for markers in markers_per_text
                   if any(m["code"] in kinds for m in markers))
    return {"texts": len(markers_per_text), "carrying_any": carrying, "kinds": kinds}
