"""Rule sheets and score sheets of the Spanish and standard decks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import DECKS, run_cli
from pdfcheck import page_text, squash

SHEETS = sorted((DECKS / "spanish" / "rules").glob("*.md")) + [DECKS / "standard" / "rules" / "drafting.md"]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("games")
    for deck in ("spanish", "standard"):
        run = run_cli("build", deck, "--only", "rules", "--only", "sheets", "--out", str(out), "--quiet")
        assert run.code == 0, run.err
    return out


def test_every_game_has_its_rule_sheet():
    assert {p.stem for p in SHEETS} == {"burro", "lombre", "tresillo", "casita-robada", "conquian", "drafting"}


@pytest.mark.parametrize("source", SHEETS, ids=lambda p: p.stem)
def test_rule_sheet_headings_pack_and_length(built, source):
    pdf = built / source.parent.parent.name / f"{source.stem}-rules.pdf"
    pages = len(PdfReader(pdf).pages)
    assert 1 <= pages <= 2
    text = squash(" ".join(page_text(pdf, n) for n in range(1, pages + 1)))
    for line in source.read_text().splitlines():
        if line.startswith("##"):
            heading = squash(re.sub(r"[*_`]", "", line.lstrip("#")))
            assert heading.replace("'", "\u2019") in text or heading in text, heading
    pack = re.search(r'^pack: "?(\d+)"?$', source.read_text(), re.M)
    assert pack and f"{pack.group(1)} cards" in text          # the game names its pack


@pytest.mark.parametrize("game", ["lombre", "tresillo"])
def test_ranking_charts_draw_every_card_they_name(built, game):
    """The charts are drawn from the simulator's own ranking tables (printgen.sim.tricks)."""
    from printgen.load import load_deck
    from printgen.sim.games import sheet_tables

    source = (DECKS / "spanish" / "rules" / f"{game}.md").read_text()
    assert "game.trumps.oros" in source and "game.trumps.espadas" in source
    tables = sheet_tables(game, load_deck("spanish"))
    named = {row["id"] for suit in ("oros", "espadas") for row in tables["trumps"][suit]}
    assert {"espadas-1", "bastos-1", "oros-7", "espadas-2"} <= named and len(named) >= 12
    reader = PdfReader(built / "spanish" / f"{game}-rules.pdf")
    drawn = set()
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        drawn |= {name for name in xobjects if name.startswith("/FormXob.side")}
    assert len(drawn) >= len(named)                          # one picture per distinct card named


@pytest.mark.parametrize("deck,name,words", [
    ("spanish", "burro-score", ["B", "U", "R", "O"]),
    ("spanish", "tresillo-puesta", ["Ombre", "Contract"]),
    ("standard", "drafting-score", ["Total", "19"]),
])
def test_score_sheets(built, deck, name, words):
    pdf = built / deck / f"{name}.pdf"
    assert len(PdfReader(pdf).pages) == 1
    text = page_text(pdf, 1)
    for word in words:
        assert word in text, word


# sheets of one page, the rest two; on either paper (Letter is shorter than A4)
ONE_PAGE = {"casita-robada-rules.pdf", "drafting-rules.pdf"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_rule_sheet_keeps_its_page_count_on_either_paper(tmp_path, paper):
    """A short game's rules fit one sheet, the others two, on A4 and on Letter (on Letter a last
    hint once spilled onto a second page, and a house table onto a third)."""
    out = tmp_path / paper
    run = run_cli("build", "--only", "rules", "--paper", paper, "--out", str(out), "--quiet")
    assert run.code == 0, run.err
    sheets = sorted(out.glob("*/*-rules.pdf"))
    assert len(sheets) >= 9
    for pdf in sheets:
        assert len(PdfReader(pdf).pages) == (1 if pdf.name in ONE_PAGE else 2), (paper, pdf.name)
