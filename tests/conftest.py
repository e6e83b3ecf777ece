"""Shared fixtures: a scratch copy of a shipped deck, and running the real CLI."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_runner import run_printgen

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks"

# Most tests run `python -m printgen` as a user does, hundreds of times. Where the environment sets
# PYTHONDONTWRITEBYTECODE (this machine's does), every one of those processes would compile
# printgen's ~50 modules from source again, 0.15-0.4 s each. The children may cache compiled
# modules instead, in a folder of their own outside the repository.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "printgen-tests-pycache"))


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_cli(*args: str, cwd: Path | None = None, fresh: bool = False) -> Run:
    """Run `python -m printgen ARGS` as a user would, in a separate process (see cli_runner)."""
    done = run_printgen(args, cwd, env=dict(os.environ, PYTHONPATH=str(ROOT)), fresh=fresh)
    return Run(done.code, done.out, done.err)


@pytest.fixture(scope="session", autouse=True)
def picture_cache(tmp_path_factory):
    """Prepared pictures go to a scratch cache, never the user's own (printgen.draw.pictures)."""
    old = os.environ.get("PRINTGEN_CACHE_DIR")
    os.environ["PRINTGEN_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if old is None:
        os.environ.pop("PRINTGEN_CACHE_DIR", None)
    else:
        os.environ["PRINTGEN_CACHE_DIR"] = old


@pytest.fixture
def deck_copy(tmp_path: Path):
    """A factory: copy a shipped deck into tmp_path (optionally renamed) and return its folder."""

    def make(name: str = "cromwell", as_name: str | None = None) -> Path:
        target = tmp_path / (as_name or name)
        shutil.copytree(DECKS / name, target)
        return target

    return make


@pytest.fixture(scope="session")
def built_cromwell(tmp_path_factory) -> dict[str, Path]:
    """The Cromwell deck built once per session for each duplex mode, with a back offset on long."""
    out = tmp_path_factory.mktemp("built")
    results = {}
    for mode, offset in (("long", "1.5,-2"), ("short", "-1,0.75"), ("none", "0,0")):
        folder = out / mode
        run = run_cli("build", "cromwell", "--duplex", mode, "--back-offset", offset, "--out", str(folder), "--quiet")
        assert run.code == 0, run.err
        results[mode] = folder / "cromwell"
    return results


def read_manifest(folder: Path, deck: str = "cromwell") -> dict:
    return json.loads((folder / f"{deck}-cards.json").read_text())
