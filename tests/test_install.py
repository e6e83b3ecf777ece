"""A real install, not the checkout: the wheel carries the shipped decks and layouts.

`pip install .`, a wheel and pipx all install the same wheel, so building one and running
printgen from it, in a folder far from the repository, checks every non-editable install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

pytestmark = pytest.mark.slow

_SKIP = shutil.ignore_patterns(".venv", "venv", ".git", "output", "build", "dist", "*.egg-info", "__pycache__",
                               ".pytest_cache", "tests")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The project built as a wheel from a clean copy and unpacked into its own target folder."""
    work = tmp_path_factory.mktemp("install")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=_SKIP)
    wheels = work / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(wheels), str(source)], check=True, capture_output=True, timeout=300)
    wheel = next(wheels.glob("printgen-*.whl"))
    target = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(wheel)],
                   check=True, capture_output=True, timeout=300)
    return target


def _run(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    # Only the installed copy on the path: the checkout must not be importable from cwd.
    env = dict(os.environ, PYTHONPATH=str(target))
    return subprocess.run([sys.executable, "-m", "printgen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_the_wheel_carries_every_shipped_deck_and_layout(installed: Path) -> None:
    shipped = installed / "printgen" / "shipped"
    for deck in sorted((ROOT / "decks").glob("*/deck.yaml")):
        for path in deck.parent.rglob("*"):
            if path.is_file():
                relative = path.relative_to(ROOT / "decks")
                assert (shipped / "decks" / relative).read_bytes() == path.read_bytes(), relative
    for layout in (ROOT / "layouts").glob("*.yaml"):
        assert (shipped / "layouts" / layout.name).is_file(), layout.name


def test_the_wheel_carries_every_file_of_the_package(installed: Path) -> None:
    """Every module of every folder, and every file the code reads beside it (the fonts, the web
    editor's page and scripts): a folder moved without its package-data line would be missing."""
    package = ROOT / "printgen"
    wanted = [p.relative_to(package) for p in package.rglob("*")
              if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]
    assert any(w.suffix == ".html" for w in wanted) and any(w.suffix == ".ttf" for w in wanted)
    missing = [str(w) for w in wanted if not (installed / "printgen" / w).is_file()]
    assert not missing, missing


def test_an_installed_printgen_builds_shipped_and_own_decks_from_any_folder(installed: Path, tmp_path: Path) -> None:
    probe = subprocess.run([sys.executable, "-c", "import printgen; print(printgen.__file__)"], cwd=tmp_path,
                           env=dict(os.environ, PYTHONPATH=str(installed)), capture_output=True, text=True)
    assert Path(probe.stdout.strip()).is_relative_to(installed), probe.stdout
    shutil.copytree(ROOT / "decks" / "cromwell", tmp_path / "class-7b")
    run = _run(installed, tmp_path, "build", "cromwell", "class-7b", "--only", "cards", "--quiet")
    assert run.returncode == 0, run.stderr
    for deck in ("cromwell", "class-7b"):
        pdf = tmp_path / "output" / deck / f"{deck}-cards.pdf"
        assert pdf.read_bytes().startswith(b"%PDF"), deck
    listing = _run(installed, tmp_path, "build", "no-such-deck")
    assert listing.returncode == 2
    assert "cromwell" in listing.stderr and "spanish" in listing.stderr, listing.stderr



def test_an_installed_shipped_deck_is_never_edited_and_a_copy_is(installed: Path, tmp_path: Path) -> None:
    """After `pip install .`, import and serve would write into site-packages: refused, with the copy
    command; the copy made by that command takes the same sheet."""
    shipped = installed / "printgen" / "shipped" / "decks" / "cromwell"
    before = {p.name: p.read_bytes() for p in shipped.iterdir() if p.is_file()}
    sheet = tmp_path / "class.csv"
    assert _run(installed, tmp_path, "export", "cromwell", "-o", str(sheet)).returncode == 0
    text = sheet.read_text(encoding="utf-8-sig")
    sheet.write_text(text.replace("six wives.", "six wives in all.", 1), encoding="utf-8")
    refused = _run(installed, tmp_path, "import", "cromwell", str(sheet))
    assert refused.returncode == 2, refused.stderr
    assert "printgen new my-cromwell --from cromwell" in refused.stderr, refused.stderr
    assert {p.name: p.read_bytes() for p in shipped.iterdir() if p.is_file()} == before
    copied = _run(installed, tmp_path, "new", "my-cromwell", "--from", "cromwell")
    assert copied.returncode == 0, copied.stderr
    done = _run(installed, tmp_path, "import", "my-cromwell", str(sheet))
    assert done.returncode == 0, done.stderr
    assert "six wives in all." in (tmp_path / "my-cromwell" / "deck.yaml").read_text(encoding="utf-8")
    assert {p.name: p.read_bytes() for p in shipped.iterdir() if p.is_file()} == before
