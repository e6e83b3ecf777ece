"""Several decks of one build drawn side by side (printgen/draw/build_pool.py): the same files as
one deck at a time, each deck's mistake kept with its place, and nothing written unless all built."""

from __future__ import annotations

import gc
import shutil
from pathlib import Path

import pytest
from conftest import DECKS, run_cli

from printgen.draw import build, build_pool
from printgen.draw.build import BuildOptions, Silent
from printgen.files.errors import UserError


def _staged(monkeypatch, refs: list[str], cores: int, out: Path) -> list:
    monkeypatch.setattr(build_pool, "cores", lambda: cores)
    options = BuildOptions(out=out, only=frozenset({"cards", "sheets"}))
    return build_pool.build_decks(refs, options, Silent)


def test_side_by_side_gives_the_files_of_one_deck_at_a_time(monkeypatch, tmp_path):
    refs = ["standard", "cromwell"]
    apart = _staged(monkeypatch, refs, 2, tmp_path)
    alone = _staged(monkeypatch, refs, 1, tmp_path)
    assert [r.deck for r in apart] == refs                  # in the order asked, whichever finished first
    assert [r.staged for r in apart] == [r.staged for r in alone]
    assert all(r.staged for r in apart) and [r.summary for r in apart] == [r.summary for r in alone]
    # the parent stops collecting garbage while it reads and forks, and freezes what it holds: both undone
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_a_caller_that_stopped_garbage_collection_finds_it_still_stopped(monkeypatch, tmp_path):
    gc.disable()
    try:
        got = _staged(monkeypatch, [str(tmp_path / "nosuchdeck"), str(tmp_path / "nosuchother")], 2, tmp_path)
        assert all(isinstance(r, UserError) for r in got)
        assert not gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.enable()


def test_a_mistake_in_one_deck_comes_back_whole_in_its_place(monkeypatch, tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(DECKS / "standard", broken)
    deck = broken / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("card_size:", "card_size: nosuchsize #", 1),
                    encoding="utf-8")
    got = _staged(monkeypatch, ["cromwell", str(broken)], 2, tmp_path / "out")
    assert not isinstance(got[0], UserError) and isinstance(got[1], UserError)
    error = got[1]
    assert error.where.file is not None and error.where.file.name == "deck.yaml" and error.where.line
    assert "nosuchsize" in str(error) and error.hint


def test_a_build_of_several_decks_with_one_bad_writes_none(tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(DECKS / "standard", broken)
    deck = broken / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("card_size:", "card_size: nosuchsize #", 1),
                    encoding="utf-8")
    run = run_cli("build", "cromwell", str(broken), "--only", "cards", "--out", str(tmp_path / "out"), "--quiet")
    assert run.code == 2 and "nosuchsize" in run.err and "Traceback" not in run.err
    assert run.err.count("error:") == 1 and "nothing was written for any of the 2 decks" in run.err
    assert not (tmp_path / "out").exists()


def test_each_part_of_a_deck_is_handed_out_alone_and_the_first_mistake_in_order_comes_back(monkeypatch, tmp_path):
    """The pool's unit is a part of a deck (a pack's cards, a rule sheet, a board): each is drawn
    once, by whichever process is free; a deck with two bad parts gives the mistake of the first,
    as a build one part at a time does."""
    broken = tmp_path / "broken"
    shutil.copytree(DECKS / "cromwell", broken)
    rules = broken / "rules" / "cromwell.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n{{ nosuchname.field }}\n", encoding="utf-8")
    board = broken / "boards" / "cromwell-mat.yaml"
    board.write_text("nosuchkey: 1\n" + board.read_text(encoding="utf-8"), encoding="utf-8")
    drawn = tmp_path / "drawn.txt"
    real = build.draw_unit

    def noted(plan, index, progress=None):
        with drawn.open("a", encoding="utf-8") as f:           # from each child: one line per part
            f.write(f"{plan.deck.key} {plan.units[index][0]} {index}\n")
        return real(plan, index, progress)

    monkeypatch.setattr(build, "draw_unit", noted)
    monkeypatch.setattr(build_pool, "cores", lambda: 2)
    options = BuildOptions(out=tmp_path / "out", only=frozenset({"rules", "boards"}))
    apart = build_pool.build_decks(["standard", str(broken)], options, Silent)
    lines = drawn.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(set(lines)) and {line.split()[0] for line in lines} == {"standard", "broken"}
    assert sorted(line.split()[1] for line in lines if line.startswith("broken ")) == ["board", "rules"]
    with pytest.raises(UserError) as caught:
        build.build_deck(str(broken), options, write=False)
    alone = caught.value
    error = apart[1]
    assert isinstance(error, UserError) and not isinstance(apart[0], UserError)
    assert (str(error), error.where) == (str(alone), alone.where) and error.where.file == rules
