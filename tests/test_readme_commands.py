"""The README's two set-up commands are the ones CI runs: `.ci/run` may not drift from them."""

from __future__ import annotations

import re

from conftest import ROOT


def _sh_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text[text.index("## Set up"):]
    setup = setup[:setup.index("\n## ", 1)]
    return [b.strip() for b in re.findall(r"```sh\n(.*?)```", setup, re.S)]


def test_the_readme_has_exactly_two_posix_set_up_commands():
    blocks = _sh_blocks()
    assert len(blocks) == 2 and all("\n" not in b for b in blocks), blocks
    assert blocks[0].endswith("printgen build")
    assert blocks[1].endswith("python -m pytest -q")


def test_ci_runs_the_readme_test_command_and_nothing_else():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    commands = [line for line in script if line.strip() and not line.startswith("#")
                and not line.startswith(("set -", "cd ", "if [ \"$(id -u)\" = 0 ]"))]
    assert commands == [_sh_blocks()[1]], commands
