"""A reader that leaves early (`printgen build ... 2>&1 | head -c 20`) must not turn a failure into
"warnings": an error being reported still exits 2. (A new-user review found exit 1 in 3 runs of 4:
click ends with status 1 when a write meets a closed pipe.) The pipe is closed before printgen
starts, so every write fails, every time."""

from __future__ import annotations

import os
import subprocess
import sys


def _exit_status_with_closed_output(args: list[str], cwd) -> int:
    read_end, write_end = os.pipe()
    os.close(read_end)                   # nobody reads: the first write is a broken pipe
    try:
        return subprocess.run([sys.executable, "-m", "printgen", *args], stdout=write_end, stderr=write_end,
                              cwd=cwd, timeout=60).returncode
    finally:
        os.close(write_end)


def test_an_error_reported_into_a_closed_pipe_still_exits_2(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "deck.yaml").write_text("title: [never closed\ncards: []\n", encoding="utf-8")
    assert _exit_status_with_closed_output(["build", str(deck), "--out", str(tmp_path / "out")], tmp_path) == 2
    assert not (tmp_path / "out").exists()


def test_output_into_a_closed_pipe_without_an_error_is_status_1_not_2(tmp_path):
    # the help is long enough to be written, and it fails: no error was being reported
    assert _exit_status_with_closed_output(["build", "--help"], tmp_path) == 1
