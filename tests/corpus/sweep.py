#!/usr/bin/env python3
"""The real-text sweep: `fantasma check`, `check --profile` and `rewrite --diff` over every
Markdown, text and LaTeX file that the machine's Debian documentation (/usr/share/doc: files
ending .md, .markdown, .txt, .tex, and the plain-text README, NEWS, TODO, AUTHORS, THANKS,
CHANGES and change logs; .gz files decompressed) and the test corpora (../shared/corpora/ebg-amt, the test submissions)
provide. Asserts that none of them meets an internal error (a detector that threw, an
exception's bare message such as "map::at"), a crash or a timeout; a refusal the writer can act
on (a file that is not UTF-8 for rewrite) is no error.

Documents come in groups, one a Debian package or an EBG author, each content once (packages
share change logs): `check` reads a group in one run, `check --profile` checks up to three of
its files against the group's other files (as a writer's folder would hold them), and
`rewrite --diff` runs once a file up to 128 KB.

    sweep.py --fantasma BUILD/cli/fantasma [--shared ../shared] [--jobs 2]

Prints one line a failure and a closing count; exits 1 on any failure. Prints the skip marker
when there is no document at all. Nothing of the documents is written anywhere but a scratch
folder, removed at the end."""

import argparse
import concurrent.futures
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SKIP_MARKER = "FANTASMA-TEST-SKIPPED: "
SUFFIXES = (".md", ".markdown", ".txt", ".tex")
# Plain-text documents of Debian packages that carry no suffix: read-me files, news, change
# logs (upstream's and the Debian maintainers'), credits.
PROSE_NAMES = re.compile(r"^(README|NEWS|TODO|AUTHORS|THANKS|CHANGES|changelog)(\.Debian)?$",
                         re.IGNORECASE)
# The longest a run may take before it counts as a timeout: a group's check reads up to a few
# MB (git's documentation), a rewrite judges its edits with many analyses.
GROUP_TIMEOUT_S = 600
FILE_TIMEOUT_S = 120
LARGEST_BYTES = 4 << 20  # `fantasma check` refuses larger files, with a message
# `rewrite --diff` runs on every file up to this size (the few larger change logs, megabytes
# each, would take most of the sweep's time; `check` reads them all the same).
REWRITE_LARGEST_BYTES = 128 << 10

# What fantasma may say on stderr without anything having gone wrong: notes on how a file was
# read, profile notes, the rewrite's summary and its refusals.
EXPECTED = [
    re.compile(p)
    for p in (
        r"^fantasma: .*: (is not UTF-8|read as|the encoding).*",
        r"^fantasma: .*; --encoding says otherwise$",
        r"^fantasma: .*: a review copy \(.*",
        r"^fantasma: profile: .*",
        # A group whose other files hold no words (a profile needs some): refused, exit 2.
        r"^fantasma: profile directory .* holds no prose .*",
        # A profile of one or two texts: its markers, and no attacker's verdict.
        r"^fantasma: no attacker's verdict: the profile holds [12] texts?; .*",
        r"^fantasma: attacker: .* skipped: .*",
        r"^fantasma: .*: \d+ edits? applied, .*",
        r"^fantasma: .*: rewrite refused: .*",
        r"^fantasma: .*: is not UTF-8 \(it reads as .*\), and rewrite changes UTF-8 files only.*",
        r"^fantasma: .*: includes .*, which cannot be read.*",
    )
]


def gather(shared: Path, source_dir: Path, scratch: Path):
    """{group name: [document paths]}: Debian packages' documentation (gzipped files
    decompressed into `scratch`), EBG authors, the test submissions."""
    groups = {}
    seen = set()  # the contents already gathered: packages share change logs (libssl3, openssl)

    def fresh(path):
        digest = hashlib.sha256(path.read_bytes()).digest()
        if digest in seen:
            return False
        seen.add(digest)
        return True

    doc = Path("/usr/share/doc")
    if doc.is_dir():
        for package in sorted(p for p in doc.iterdir() if p.is_dir()):
            files = []
            for path in sorted(package.rglob("*")):
                if not path.is_file() or path.is_symlink():
                    continue
                packed = path.name.endswith(".gz")
                name = path.name[:-3] if packed else path.name
                if not name.endswith(SUFFIXES):
                    if not PROSE_NAMES.match(name):
                        continue
                    name += ".txt"  # plain text, and so a profile document
                target = scratch / "doc" / path.relative_to(doc).parent / name
                target.parent.mkdir(parents=True, exist_ok=True)
                if packed:
                    try:
                        with gzip.open(path, "rb") as source, open(target, "wb") as out:
                            shutil.copyfileobj(source, out)
                    except (OSError, EOFError):
                        continue
                else:
                    os.symlink(path, target)
                files.append(target)
            files = [f for f in files if f.stat().st_size <= LARGEST_BYTES and fresh(f)]
            if files:
                groups["deb:" + package.name] = files
    ebg = shared / "corpora" / "ebg-amt"
    if ebg.is_dir():
        for author in sorted(p for p in ebg.iterdir() if p.is_dir()):
            files = sorted(f for f in author.rglob("*") if f.is_file() and f.name.endswith(SUFFIXES))
            if files:
                groups["ebg:" + author.name] = files
    submissions = source_dir / "tests" / "stylometry" / "submissions"
    for submission in sorted(p for p in submissions.iterdir() if p.is_dir()):
        files = sorted(f for f in submission.rglob("*") if f.is_file() and f.name.endswith(SUFFIXES))
        if files:
            groups["submission:" + submission.name] = files
    return groups


def folder_of(files):
    """The folder holding every one of `files`."""
    return Path(os.path.commonpath([str(f.parent) for f in files]))


SLOWEST = []  # (seconds, command's last argument), every run's


def run(command, timeout):
    """(exit status or "timeout", stderr lines)."""
    start = time.monotonic()
    try:
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", []
    finally:
        SLOWEST.append((time.monotonic() - start, f"{command[1]} {command[-1]}"))
    return done.returncode, done.stderr.decode("utf-8", "replace").splitlines()


# `fantasma rewrite`'s exit status when every edit it found would raise the score, and
# `check`'s when the profile cannot be made (its message must then be an expected one).
REWRITE_REFUSED = 3
PROFILE_REFUSED = 2


def failures_of(what, status, lines, refused=()):
    """The failures one run shows: a timeout, a crash, an internal error, an unexpected line.
    `refused`: an exit status that is an answer, not a failure."""
    if status == "timeout":
        return [f"{what}: timeout"]
    found = []
    if (status < 0 or status >= 2) and status not in refused:
        found.append(f"{what}: exit status {status}")
    for line in lines:
        if "internal error" in line:
            found.append(f"{what}: {line}")
        elif not any(p.match(line) for p in EXPECTED):
            found.append(f"{what}: unexpected: {line}")
    return found


def sweep_group(fantasma, name, files):
    """(files checked, files rewritten, runs, failures) for one group."""
    runs, failures = 0, []
    paths = [str(f) for f in files]
    status, lines = run([fantasma, "check", *paths], GROUP_TIMEOUT_S)
    runs += 1
    failures += failures_of(f"{name}: check", status, lines)
    if len(files) >= 2:
        checked = paths[:min(3, len(paths) - 1)]  # the rest is the profile
        status, lines = run([fantasma, "check", "--profile", str(folder_of(files)), *checked],
                            GROUP_TIMEOUT_S)
        runs += 1
        failures += failures_of(f"{name}: check --profile", status, lines, (PROFILE_REFUSED,))
    rewritten = 0
    for path in paths:
        if os.path.getsize(path) > REWRITE_LARGEST_BYTES:
            continue
        status, lines = run([fantasma, "rewrite", "--diff", path], FILE_TIMEOUT_S)
        runs += 1
        rewritten += 1
        failures += failures_of(f"{name}: rewrite --diff {path}", status, lines, (REWRITE_REFUSED,))
    return len(files), rewritten, runs, failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fantasma", required=True)
    parser.add_argument("--shared", default=str(Path(__file__).resolve().parents[3] / "shared"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    source_dir = Path(__file__).resolve().parents[2]
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="fantasma-sweep-") as scratch:
        groups = gather(Path(args.shared), source_dir, Path(scratch))
        if not groups:
            print(SKIP_MARKER + "no documents: neither /usr/share/doc nor ../shared holds any")
            return 0
        files = rewritten = runs = 0
        failures = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for checked, rewrote, ran, found in pool.map(
                    lambda item: sweep_group(args.fantasma, *item), groups.items()):
                files += checked
                rewritten += rewrote
                runs += ran
                failures += found
                for failure in found:
                    print(failure, flush=True)
    kinds = {}
    for name in groups:
        kind = name.split(":")[0]
        kinds[kind] = kinds.get(kind, 0) + len(groups[name])
    print(f"sweep: {files} files in {len(groups)} groups "
          f"({', '.join(f'{kind} {count}' for kind, count in sorted(kinds.items()))}), "
          f"{rewritten} of them rewritten, {runs} runs of fantasma, {len(failures)} failures "
          f"(internal errors {sum('internal error' in f for f in failures)}, "
          f"timeouts {sum(f.endswith(': timeout') for f in failures)}), "
          f"{time.monotonic() - start:.0f} s")
    for seconds, what in sorted(SLOWEST, reverse=True)[:5]:
        print(f"sweep: slowest: {seconds:.1f} s {what}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
