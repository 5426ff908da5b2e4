"""Runs the fantasma binary: rewrites (cached by content) and the profile attribution check."""
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path


PARAGRAPH_COUNT = re.compile(r"the document has (\d+) paragraphs")


# `fantasma rewrite`'s exit status when it refuses a rewrite whose score would rise.
REFUSED = 3


class FantasmaError(RuntimeError):
    pass


def _digest(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


class Rewriter:
    """`fantasma rewrite [OPTIONS] [--model PATH] FILE` with its output cached under
    `cache_dir`, keyed by the binary, the options, the model file and the text (and the
    profile's texts, given to `rewrite`), so a rerun only rewrites what changed."""

    def __init__(self, fantasma: Path, cache_dir: Path, model: Path | None = None,
                 options: list[str] | None = None):
        self.fantasma = Path(fantasma)
        if not self.fantasma.is_file():
            raise FantasmaError(f"fantasma binary not found: {self.fantasma} "
                                "(build it with `make fantasma` or pass --fantasma)")
        self.model = Path(model) if model else None
        self.cache_dir = Path(cache_dir)
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        model_id = b""
        if self.model:
            stat = self.model.stat()
            model_id = f"{self.model.resolve()}:{stat.st_size}:{stat.st_mtime_ns}".encode()
        self.options = list(options or [])
        self._key = _digest(self.fantasma.read_bytes(), model_id,
                            json.dumps(self.options).encode())
        self.misses = 0

    def rewrite(self, path: Path, text: str, profile: Path | None = None) -> str:
        """`profile`: a folder of the writer's other texts, for `--profile`."""
        profile_id = b""
        options = list(self.options)
        if profile:
            options += ["--profile", str(profile)]
            profile_id = b"".join(sorted(f.read_bytes() for f in Path(profile).iterdir()))
        key = _digest(self._key.encode(), text.encode("utf-8"), profile_id)
        cached = self.cache_dir / f"{key}.txt"
        if cached.is_file():
            return cached.read_text(encoding="utf-8")
        self.misses += 1
        if self.model:
            # The model rewrites one passage at a time: every paragraph in turn, each run
            # starting from the previous one's output.
            output = text
            for paragraph in range(1, self._paragraphs(path, text) + 1):
                output = self._run(path, output, options + ["--model", str(self.model),
                                                            "--paragraph", str(paragraph)])
        else:
            output = self._run(path, text, options)
        temporary = cached.with_suffix(".tmp")
        temporary.write_text(output, encoding="utf-8")
        temporary.replace(cached)
        return output


    def _run(self, path: Path, text: str, options: list[str]) -> str:
        command = [str(self.fantasma), "rewrite", "--lang", "text"] + options
        with tempfile.TemporaryDirectory(prefix="fantasma-eval-") as folder:
            copy = Path(folder) / Path(path).name  # the text, wherever it came from
            copy.write_text(text, encoding="utf-8")
            result = subprocess.run(command + [str(copy)], capture_output=True, check=False)
        if result.returncode == REFUSED:
            return text  # every edit would have raised the score: the text stays as it was
        if result.returncode != 0:
            raise FantasmaError(f"fantasma rewrite failed on {path} ({result.returncode}): "
                                f"{result.stderr.decode(errors='replace').strip()}")
        return result.stdout.decode("utf-8")

    def _paragraphs(self, path: Path, text: str) -> int:
        """The number of paragraphs, from the message `--paragraph` gives past the last."""
        try:
            self._run(path, text, ["--paragraph", str(2**31)])
        except FantasmaError as error:
            found = PARAGRAPH_COUNT.search(str(error))
            if found:
                return int(found.group(1))
            raise
        raise FantasmaError(f"fantasma accepted --paragraph {2**31} on {path}")


def profile_attribution(fantasma: Path, corpus: Path, authors: int, folds: int) -> dict:
    """The detector's own ranking of each author's held-out sample against the author's
    profile, measured by tools/eval/profile_attribution.py (through `fantasma check
    --profile`)."""
    script = Path(__file__).resolve().parents[2] / "tools/eval/profile_attribution.py"
    command = [sys.executable, str(script), "--fantasma", str(fantasma), "--corpus",
               str(corpus), "--folds", str(folds), "--json"]
    if authors:
        command += ["--authors", str(authors)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise FantasmaError(f"profile attribution failed: {result.stderr.strip()}")
    return json.loads(result.stdout)
