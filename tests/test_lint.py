"""The habits that keep the code clean, run with the tests so that nobody has to remember them.

ruff (a linter: unused and undefined names, import order, likely bugs, outdated spellings) and mypy
(a type checker: the whole package, strict on the model and the game contract) are configured in
pyproject.toml and installed by the `test` extra. Each test runs the tool as a subprocess on the
repository and fails with its report, so a red run says exactly which line to fix.

The size test holds modules to about 500 lines and functions to 80: past that a module holds more
than one responsibility, and a function does several things in a row that deserve names.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Checked by ruff and for size: the package, the benchmark scripts kept beside it, and the examples (the
# template game a game's author starts from copies its habits too).
LINTED = ("printgen", "tests", "bench", "examples")
SIZED = ("printgen", "bench", "examples")
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 80


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    """A checking tool run as `python -m TOOL` from the repository root, so it reads pyproject.toml."""
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing() -> None:
    done = _run("ruff", "check", "--no-fix", *LINTED)
    assert done.returncode == 0, f"ruff check found problems:\n{done.stdout}{done.stderr}"


def test_mypy_finds_nothing() -> None:
    # The cache lives in the repository (ignored by git): a second local run takes a second or two, and
    # a fresh clone, as on CI, checks everything from cold (about 15 s of one core).
    done = _run("mypy", "--cache-dir", str(ROOT / ".mypy_cache"))
    assert done.returncode == 0, f"mypy found problems:\n{done.stdout}{done.stderr}"


def _python_files() -> list[Path]:
    return sorted(path for folder in SIZED for path in (ROOT / folder).rglob("*.py"))


def oversized(path: Path, root: Path = ROOT) -> list[str]:
    """What in one file is over the limits: the module's line count, and each function's.

    A function's length runs from its `def` line to its last line, docstring and nested functions
    included (a closure is part of the function that holds it), decorators not."""
    source = path.read_text(encoding="utf-8")
    where = path.relative_to(root).as_posix()
    found = []
    lines = len(source.splitlines())
    if lines > MAX_MODULE_LINES:
        found.append(f"{where}: module of {lines} lines (at most {MAX_MODULE_LINES})")
    for node in ast.walk(ast.parse(source, filename=where)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append(f"{where}:{node.lineno}: {node.name}() of {length} lines (at most {MAX_FUNCTION_LINES})")
    return found


def test_no_module_or_function_is_oversized() -> None:
    found = [problem for path in _python_files() for problem in oversized(path)]
    assert not found, "split these by responsibility:\n" + "\n".join(found)


def test_the_size_check_counts_a_long_function_and_a_long_module(tmp_path: Path) -> None:
    """The measure itself: a function of 81 lines and a module of 501 are caught, 80 and 500 are not."""
    body = "\n".join(f"    x{i} = {i}" for i in range(79))
    fits = tmp_path / "fits.py"
    fits.write_text(f"def f():\n{body}\n" + "\n" * (MAX_MODULE_LINES - 80), encoding="utf-8")
    over = tmp_path / "over.py"
    over.write_text(f"def f():\n{body}\n    x = 0\n" + "\n" * (MAX_MODULE_LINES - 80), encoding="utf-8")
    assert oversized(fits, tmp_path) == []
    assert [problem.split(":")[-1].strip() for problem in oversized(over, tmp_path)] == [
        "module of 501 lines (at most 500)", "f() of 81 lines (at most 80)"]
