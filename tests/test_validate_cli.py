"""Command-line faults of `printgen validate`: each refused with one message naming what is wrong,
a hint, exit status 2 and no traceback, before any game is played."""

from __future__ import annotations

import pytest
from conftest import run_cli

QUICK = ("--game", "casita", "--players", "3", "--games", "20", "-q")


def refused(run, *says: str) -> None:
    assert run.code == 2, run.out + run.err
    assert "Traceback" not in run.err and run.err.count("error:") == 1 and "hint:" in run.err
    for words in says:
        assert words in run.err, run.err


def test_json_naming_a_folder_is_refused_without_hinting_at_a_missing_option(tmp_path):
    run = run_cli("validate", "spanish", *QUICK, "--json", str(tmp_path))
    refused(run, "that is a folder", "--json " + str(tmp_path / "figures.json"))
    assert "--out" not in run.err


def test_json_that_cannot_be_written_names_json_in_its_hint(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    run = run_cli("validate", "spanish", *QUICK, "--json", str(blocker / "figures.json"))
    refused(run, "write elsewhere with --json")
    assert "--out" not in run.err


@pytest.mark.parametrize("second", ["same.pdf", "sub/../same.pdf"])
def test_json_and_chart_on_one_file_are_refused(tmp_path, second):
    (tmp_path / "sub").mkdir()
    run = run_cli("validate", "spanish", *QUICK, "--json", str(tmp_path / "same.pdf"),
                  "--chart", str(tmp_path / second))
    refused(run, "--json and --chart both name", "the chart would overwrite the figures")
    assert not (tmp_path / "same.pdf").exists()


@pytest.mark.parametrize("flag", [("--json", "x.json"), ("--chart", "x.pdf"), ("--games", "50"),
                                  ("--bots", "random"), ("--looks", "2")])
def test_a_table_layout_refuses_what_it_cannot_honour(tmp_path, flag):
    """piecepack's table layouts are measured, not played: a play setting or an output file is
    refused by name rather than silently ignored."""
    name, value = flag
    run = run_cli("validate", "piecepack", name, str(tmp_path / value) if name in ("--json", "--chart") else value)
    refused(run, name)
    assert not list(tmp_path.iterdir())


def test_too_few_houses_speaks_of_the_player_count_asked_for():
    run = run_cli("validate", "cromwell", "-O", "houses=Tudor", "--players", "4", "--games", "20", "-q")
    refused(run, "5 monarchs", "4 players 15")
    assert "the smallest game" not in run.err
