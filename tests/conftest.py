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
def shared_scratch(tmp_path_factory):
    """With pytest-xdist, the folder of the whole run (each worker's own lies inside it), named in
    the environment so that helpers (badinput.good_build) can share work between workers; pytest
    removes it with the run's other folders."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        os.environ["PRINTGEN_TESTS_SHARED"] = str(tmp_path_factory.getbasetemp().parent)
    yield


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


# --- the slowest modules first -------------------------------------------------------------------------
# pytest-xdist hands each worker a whole module at a time (--dist loadscope), by default the modules
# with the most tests first, so a module of one long test (the stability check, mypy) started last
# and one worker waited for it alone. The modules are put in order of the time their tests took when
# last run instead, longest first (pyproject sets --no-loadscope-reorder so that xdist keeps this
# order). Times are kept per test in pytest's cache, so a run of a few tests (-k, one file) corrects
# only theirs. A module with no recorded time (a first run, a new file) goes after those with one, by
# its number of tests as xdist would order it. Only the order changes: every test still runs.

TEST_SECONDS = "printgen/test-seconds"
MODULE_SECONDS = Path(__file__).resolve().parent / "module-seconds.json"   # a recent run's, for a fresh clone


def slowest_modules_first(nodeids: list[str], seconds: dict[str, float],
                          module_seconds: dict[str, float] | None = None, slow: frozenset[str] = frozenset()
                          ) -> list[str]:
    """The test ids with each module's kept together in their order, the modules longest first by
    the recorded seconds of their tests (or, for a module with none, `module_seconds`: the
    committed times of a recent run, tests/module_seconds.py), then those with neither, most tests
    first. Modules in `slow` (holding a test marked slow, whose time varies from run to run, such as
    the stability check's choice of unit) go before all others."""
    modules: dict[str, list[str]] = {}
    for nodeid in nodeids:
        modules.setdefault(nodeid.split("::")[0], []).append(nodeid)
    known = {m: sum(seconds[i] for i in ids if i in seconds) for m, ids in modules.items()
             if any(i in seconds for i in ids)}
    known.update({m: t for m, t in (module_seconds or {}).items() if m in modules and m not in known})
    order = sorted(modules, key=lambda m: (m not in slow, m not in known, -known.get(m, 0.0), -len(modules[m])))
    return [nodeid for module in order for nodeid in modules[module]]


def pytest_collection_modifyitems(config, items):
    seconds = config.cache.get(TEST_SECONDS, {}) if getattr(config, "cache", None) else {}
    committed = json.loads(MODULE_SECONDS.read_text()) if MODULE_SECONDS.exists() else {}
    by_id = {item.nodeid: item for item in items}
    slow = frozenset(item.nodeid.split("::")[0] for item in items if item.get_closest_marker("slow"))
    items[:] = [by_id[nodeid] for nodeid in slowest_modules_first(list(by_id), seconds, committed, slow)]


_timed: dict[str, float] = {}


def pytest_runtest_logreport(report):
    """Each test's setup, call and teardown time (in the process that reports them all: xdist's
    controller, or the one process of a run without workers)."""
    _timed[report.nodeid] = _timed.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session):
    config = session.config
    if hasattr(config, "workerinput") or not getattr(config, "cache", None) or not _timed:
        return          # a worker: the controller records the whole run's times
    recorded = config.cache.get(TEST_SECONDS, {})
    recorded.update({nodeid: round(total, 3) for nodeid, total in _timed.items()})
    config.cache.set(TEST_SECONDS, recorded)

