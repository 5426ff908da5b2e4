import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "eval"))

SUBSET = 5  # authors


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    path = Path(os.environ.get("FANTASMA_CORPUS", ROOT.parent / "shared/corpora/ebg-amt"))
    if not path.is_dir():
        pytest.skip(f"EBG corpus not found at {path}")
    return path


@pytest.fixture(scope="session")
def fantasma() -> Path:
    path = Path(os.environ.get("FANTASMA", ROOT / "build/release/cli/fantasma"))
    if not path.is_file():
        pytest.fail(f"fantasma binary not found at {path} (set FANTASMA)")
    return path


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("eval-cache")


@pytest.fixture(scope="session")
def harper_installed() -> None:
    """harper.js in .venv-eval/npm (installed with npm the first time), or the test skipped."""
    from fantasma_eval import harper

    try:
        harper.install(harper.INSTALL_FOLDER)
    except harper.HarperUnavailable as error:
        pytest.skip(f"harper.js could not be installed: {error}")
