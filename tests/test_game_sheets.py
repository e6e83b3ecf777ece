"""Rule sheets and score sheets of the Spanish and standard decks; the Cromwell mat and the Croquetnole
sheets counted from their data; the designer's side of each clarification (docs/clarifications.md and
the validate report)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from badinput import shipped_build
from conftest import DECKS, ROOT, run_cli
from pdfcheck import page_text, squash
from pypdf import PdfReader

SHEETS = sorted((DECKS / "spanish" / "rules").glob("*.md")) + [DECKS / "standard" / "rules" / "drafting.md"]


@pytest.fixture(scope="module")
def built() -> Path:
    """The Spanish and standard decks' sheets, from the run's one whole build of the shipped decks."""
    return shipped_build()


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
    """The charts are drawn from the simulator's own ranking tables (printgen.games.common.tricks)."""
    from printgen.games.registry import sheet_tables
    from printgen.model.load import load_deck

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
    if paper == "a4":               # the default paper: the run's one whole build of the shipped decks
        out = shipped_build()
    else:
        out = tmp_path / paper
        run = run_cli("build", "--only", "rules", "--paper", paper, "--out", str(out), "--quiet")
        assert run.code == 0, run.err
    sheets = sorted(out.glob("*/*-rules.pdf"))
    assert len(sheets) >= 9
    width = {"a4": 595, "letter": 612}[paper]
    for pdf in sheets:
        reader = PdfReader(pdf)
        assert round(float(reader.pages[0].mediabox.width)) == width, (paper, pdf.name)
        assert len(reader.pages) == (1 if pdf.name in ONE_PAGE else 2), (paper, pdf.name)


# --- player aids that follow the data, and the designer's side of each clarification -------------

@pytest.fixture(scope="module")
def aids(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("aids")
    for deck, parts in (("cromwell", ["boards"]), ("piecepack", ["rules", "boards"])):
        only = [arg for part in parts for arg in ("--only", part)]
        run = run_cli("build", deck, *only, "--out", str(out), "--quiet")
        assert run.code == 0, run.err
    return out


def _text(pdf: Path) -> str:
    return squash(" ".join(page_text(pdf, n) for n in range(1, len(PdfReader(pdf).pages) + 1)))


def test_cromwell_mat_has_an_area_for_each_house_the_rules_play_with(aids):
    """The rules always leave out a house of fewer than three monarchs (Blois); the mat gave it an
    area all the same. The areas now come from the same test on the deck's data."""
    import yaml

    deck = yaml.safe_load((DECKS / "cromwell" / "deck.yaml").read_text())
    sizes = {h["name"]: sum(1 for c in deck["cards"] if c.get("house") == h["name"]) for h in deck["houses"]}
    text = _text(aids / "cromwell" / "cromwell-mat.pdf")
    for house, size in sizes.items():
        banner = f"{house.upper()} {size} monarch"        # the area's band, then its count line
        assert (banner in text) == (size >= 3), (house, size)
    assert "Blois (never in play)" in text                   # still in the order of houses, marked


def _table_pieces() -> list[dict]:
    import yaml

    return yaml.safe_load((DECKS / "piecepack" / "tables" / "croquetnole.yaml").read_text())["pieces"]


def test_croquetnole_counts_the_pieces_its_table_uses(aids):
    """The header said 56 pieces (the whole piecepack) for a game set up with 28: the count and the
    'What you need' line come from the table layout the sheet names, not typed."""
    pieces = _table_pieces()
    kinds = [p["id"].split("-")[0] for p in pieces]
    text = _text(aids / "piecepack" / "croquetnole-rules.pdf")
    assert f"· {len(pieces)} pieces" in text and "56 pieces" not in text
    assert f"One piecepack: {kinds.count('tile')} of its 24 tiles and {kinds.count('coin')} of its 24 coins" in text
    assert "(the 4 tiles of value 5 stay in the box)" in text


def test_croquetnole_diagram_figures_match_its_table():
    """The diagram's explanation types its figures; they must be the table layout's."""
    import yaml

    spec = yaml.safe_load((DECKS / "piecepack" / "tables" / "croquetnole.yaml").read_text())
    board = yaml.safe_load((DECKS / "piecepack" / "boards" / "croquetnole-diagram.yaml").read_text())
    how = " ".join(board["elements"]["how"]["text"].split())
    tile_in = 2.0
    reach = max(max(abs(v) for v in p["at"]) for p in spec["pieces"] if "at" in p and p["id"].startswith("tile"))
    across = int(2 * reach + 1)                               # tile-widths, edge to edge
    table_in = float(spec["table"]["width"].removesuffix("in"))
    margin = (table_in - across * tile_in) / 2
    said = (f"The whole layout is {across} tile-widths across "
            f"({across * tile_in:g} in, {across * tile_in * 25.4:.1f} mm), "
            f"so a {table_in:g} in table")
    assert said in how, how
    assert f"leaves {margin:g} in between each tower and the edge" in how


def test_validate_report_says_which_reading_it_played():
    """A sheet states its reading in words only; the report names the option and its value."""
    run = run_cli("validate", "spanish", "--game", "burro", "--variant", "basic", "--players", "2", "--games", "20",
                  "--quiet")
    assert run.code in (0, 1), run.err
    assert "decider=first_out (default; also share)" in run.out
    run = run_cli("validate", "spanish", "--game", "burro", "--variant", "basic", "--players", "2", "--games", "20",
                  "--quiet", "-O", "decider=share")
    assert "decider=share (given with -O; default first_out)" in run.out
    run = run_cli("validate", "standard", "--games", "20", "--quiet")
    assert "rules read as" not in run.out                    # drafting declares no readings


CLARIFICATIONS = ROOT / "docs" / "clarifications.md"
DOC_SECTIONS = {"cromwell": "Cromwell", "burro": "Burro", "casita-robada": "Casita Robada", "conquian": "Conquian",
                "lombre": "L'Ombre", "tresillo": "Tresillo", "drafting": "Drafting",
                "croquetnole": "Castle Croquetnole",
                "coppertwaddle": "Coppertwaddle"}
GAMES = {"cromwell": "cromwell", "burro": "burro", "casita-robada": "casita", "conquian": "conquian",
         "lombre": "lombre", "tresillo": "tresillo", "drafting": "drafting", "coppertwaddle": "coppertwaddle"}


def _doc_section(title: str) -> str:
    doc = CLARIFICATIONS.read_text()
    start = doc.index(f"## {title} (")
    end = doc.find("\n## ", start + 1)
    return doc[start:end if end > 0 else len(doc)]


@pytest.mark.parametrize("sheet", sorted(DOC_SECTIONS))
def test_clarifications_doc_covers_every_decision_of_the_sheet(sheet):
    """docs/clarifications.md lists each clarification (and variant) of each sheet, and every -O it
    names is an option that game declares, with a value it accepts."""
    from printgen.games.registry import get_game

    source = next(DECKS.glob(f"*/rules/{sheet}.md")).read_text()
    titles = re.findall(r"^> \*\*(Clarification|Variant):\s*(.*?)\.?\*\*", source, re.M)
    section = _doc_section(DOC_SECTIONS[sheet])
    rows = [squash(row.split("|")[1]).lower() for row in section.splitlines() if row.startswith("| ")]
    for kind, title in titles:
        if not title:          # an untitled clarification (Coppertwaddle's): listed by topic, not checked by name
            continue
        name = title if kind == "Clarification" else f"Variant: {title}"
        assert name.lower() in rows, (sheet, name, rows)
    named = re.findall(r"-O (\w+)=([\w.,]+)", section)
    if sheet == "croquetnole":         # played by its own physics simulation: its -O are Settings' fields
        from dataclasses import fields

        from printgen.games.croquetnole.report import Settings

        known = {f.name for f in fields(Settings)}
        assert named and all(key in known for key, _ in named), named
        return
    if sheet not in GAMES:
        assert not named, (sheet, named)
        return
    options = {option.name: option for option in get_game(GAMES[sheet]).options}
    for key, value in named:
        assert key in options, (sheet, key)
        allowed = options[key].allowed
        if isinstance(allowed, (tuple, list)):
            assert value in map(str, allowed), (sheet, key, value)


def test_a_rule_sheet_naming_a_missing_table_layout_is_refused_at_its_line(tmp_path, deck_copy):
    folder = deck_copy("piecepack")
    sheet = folder / "rules" / "croquetnole.md"
    sheet.write_text(sheet.read_text().replace("table: croquetnole", "table: croquetnol"))
    run = run_cli("build", str(folder), "--only", "rules", "--out", str(tmp_path / "out"))
    assert run.code == 2, run.err
    line = next(n for n, text in enumerate(sheet.read_text().splitlines(), 1) if text.startswith("table:"))
    assert f"croquetnole.md, line {line}" in run.err or f"croquetnole.md:{line}" in run.err, run.err
    assert "no table layout 'croquetnol'" in run.err and "croquetnole" in run.err.split("no table layout")[1]
