"""Coppertwaddle: the designed deck, its abilities as data, the mat at true size, the rule sheet.

The deck is checked where a playtester would look: the printed ability words against the words
made from each record, the provenance letter on every face, the Ditches measured on the
rasterised mat, and the robbing examples' sums against the Powers of the cards they show.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from badinput import assert_refused, workspace
from conftest import run_cli
from pdfcheck import Raster, page_text, squash, text_in_box, trim_box

DECK = "coppertwaddle"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("ct")
    run = run_cli("build", DECK, "--out", str(out), "--quiet")
    assert run.code == 0, run.err
    return out / DECK


@pytest.fixture(scope="module")
def deck():
    from printgen.model.load import ALL_CARDS, load_deck

    return load_deck(DECK, ALL_CARDS)


def test_fifty_five_cards_with_the_declared_composition(deck) -> None:
    from collections import Counter

    assert len(deck.cards) == 55
    kinds = Counter(card.values["kind"].name for card in deck.cards)
    assert kinds == {"Noble Threlm": 13, "Peasant Threlm": 15, "Wind Threlm": 4, "Favour": 15, "Declaration": 8}
    assert len({card.id for card in deck.cards}) == 55, "every copy has its own id"
    for card in deck.cards:
        is_threlm = card.values["kind"].name.endswith("Threlm")
        assert (card.values["power"] is not None) == is_threlm, card.name
        assert card.values["provenance"].name in {"rules", "named", "designed"}


def test_the_values_the_rules_give_are_kept(deck) -> None:
    power = {card.name: card.values["power"] for card in deck.cards}
    assert {name: power[name] for name in ("The Bentham Fish", "Mount Ararat", "Trepaner", "Hammer & Anvil",
                                           "Flibber-de-Gibbet", "Yeoman", "Lecturn")} == \
        {"The Bentham Fish": 9, "Mount Ararat": 8, "Trepaner": 1, "Hammer & Anvil": 1, "Flibber-de-Gibbet": 3,
         "Yeoman": 2, "Lecturn": 1}
    for wind in ("North Wind", "South Wind", "East Wind", "West Wind"):
        assert wind in power


def test_a_broken_count_is_refused_by_the_pack_check(tmp_path: Path) -> None:
    ws = workspace(tmp_path, DECK, only="cards")
    ws.edit("deck.yaml", lambda t: t.replace("    count: 3\n", "    count: 2\n", 1))
    outcome = ws.build("--only", "cards")
    assert_refused(outcome, ws, file="deck.yaml", line=ws.line_of("deck.yaml", "  full:"),
                   says=["should have 55 cards but has 54"])


def _face_pages(manifest: dict) -> dict[str, tuple[int, dict]]:
    faces = {}
    for entry in manifest["cards"]:
        faces.setdefault(entry["id"], (entry["front"]["page"], entry["front"]))
    return faces


def test_every_printed_ability_is_the_text_made_from_its_record(built: Path, deck) -> None:
    manifest = json.loads((built / f"{DECK}-cards.json").read_text())
    faces = _face_pages(manifest)
    pdf = built / f"{DECK}-cards.pdf"
    checked = 0
    for card in deck.cards:
        page, side = faces[card.id]
        printed = squash(text_in_box(pdf, page, trim_box(side)))
        bare = printed.replace(" ", "")     # PDFium joins wrapped lines without a space
        ability = card.values["ability"]
        if ability is not None:
            from printgen.model.abilities import describe

            expected = describe(ability).replace(" ", "")
            assert expected in bare, f"{card.name}: {printed!r}"
            checked += 1
        letter = card.values["provenance"].label
        assert re.search(rf"\b{letter} \u00b7 {card.values['provenance'].name}\b", printed), (card.name, printed)
    assert checked >= 30


def test_an_ability_outside_the_vocabulary_is_refused_at_its_line(tmp_path: Path) -> None:
    ws = workspace(tmp_path, DECK, only="cards")
    ws.edit("deck.yaml", lambda t: t.replace("{do: counter}", "{do: countre}", 1))
    line = ws.line_of("deck.yaml", "{do: countre}")
    outcome = ws.build("--only", "cards")
    assert_refused(outcome, ws, file="deck.yaml", line=line, card="Coppertwaddle", field="ability",
                   says=["countre", "did you mean 'counter'"])


def test_an_effect_missing_its_setting_is_refused(tmp_path: Path) -> None:
    ws = workspace(tmp_path, DECK, build_first=False)
    ws.edit("deck.yaml", lambda t: t.replace("{do: draw, amount: 2}", "{do: draw}", 1))
    outcome = ws.build("--only", "cards")
    assert_refused(outcome, file="deck.yaml", line=ws.line_of("deck.yaml", "{do: draw}"), card="Land Ho!",
                   field="ability", says=["'draw' needs 'amount'"])


def _edges(mask: np.ndarray, axis: int, minimum: int, maximum: int) -> list[float]:
    """Centres of runs of rows (axis=1) or columns (axis=0) holding minimum..maximum marked pixels."""
    counts = mask.sum(axis=axis)
    hits = np.nonzero((counts >= minimum) & (counts <= maximum))[0]
    runs: list[list[int]] = []
    for index in hits:
        if runs and index - runs[-1][-1] <= 2:
            runs[-1].append(index)
        else:
            runs.append([index])
    return [(run[0] + run[-1]) / 2 for run in runs]


def test_the_mat_ditches_are_the_card_size(built: Path) -> None:
    dpi = 200
    raster = Raster(built / "domain-mat.pdf", 1, dpi)
    plum = (np.abs(raster.pixels - np.array([0x6B, 0x2D, 0x5C])) < 40).all(axis=2)
    px_per_mm = dpi / 25.4
    # A Ditch's side is 88.9 mm of dashes (about 60 % ink); the Noble Rank's top and bottom edges run
    # under the Ditches on this sheet. Longer runs of the colour are not Ditch edges.
    cols = _edges(plum, 0, int(30 * px_per_mm), int(89 * px_per_mm))
    rows = _edges(plum, 1, int(40 * px_per_mm), int(300 * px_per_mm))
    assert len(cols) >= 2 and len(rows) >= 2, (cols, rows)
    width = (cols[1] - cols[0]) / px_per_mm
    height = (rows[-1] - rows[0]) / px_per_mm
    assert width == pytest.approx(63.5, abs=0.5)
    assert height == pytest.approx(88.9, abs=0.5)


def test_the_rule_sheet_examples_add_up(built: Path, deck) -> None:
    power = {card.id: int(card.values["power"]) for card in deck.cards if card.values["power"] is not None}
    text = squash(page_text(built / f"{DECK}-rules.pdf", 1) + " " + page_text(built / f"{DECK}-rules.pdf", 2))
    fish, ararat, trepaner = power["the-bentham-fish"], power["mount-ararat"], power["trepaner-1"]
    hammer, flibber = power["hammer-anvil"], power["flibber-de-gibbet"]
    assert f"{fish} + {trepaner} = {fish + trepaner} against Mount Ararat\u2019s {ararat}" in text
    assert f"{ararat} + {hammer} = {ararat + hammer}" in text
    assert f"{ararat} + {hammer + 3} = {ararat + hammer + 3}: the robbing fails" in text
    assert fish + trepaner > ararat and fish + trepaner <= ararat + hammer + 3, "example 1 must fail as told"
    assert f"0 + {trepaner} + {flibber} = {trepaner + flibber}" in text
    assert ararat > trepaner + flibber, "example 2 must succeed as told"
    for heading in ("Engagement", "Challenging", "En Garde", "Robbing", "Respite", "Miserae", "Triumphal", "Suite"):
        assert heading in text


def test_the_examples_follow_a_changed_power(tmp_path: Path) -> None:
    ws = workspace(tmp_path, DECK, build_first=False)
    ws.edit("deck.yaml", lambda t: t.replace("- name: Mount Ararat\n    kind: Noble Threlm\n    power: 8",
                                             "- name: Mount Ararat\n    kind: Noble Threlm\n    power: 7"))
    outcome = ws.build("--only", "rules")
    assert outcome.code == 0, outcome.err
    text = squash(page_text(ws.out / DECK / f"{DECK}-rules.pdf", 2) + page_text(ws.out / DECK / f"{DECK}-rules.pdf", 1))
    assert "against Mount Ararat\u2019s 7" in text


def test_everything_builds(built: Path) -> None:
    names = sorted(p.name for p in built.iterdir())
    assert names == ["coppertwaddle-cards.json", "coppertwaddle-cards.pdf", "coppertwaddle-rules.pdf",
                     "domain-mat.pdf", "quick-reference.pdf", "suite-score.pdf"]
    assert "Suite points" in page_text(built / "suite-score.pdf", 1)


def _all_text(pdf: Path) -> str:
    from pypdf import PdfReader

    return squash(" ".join(page_text(pdf, n) for n in range(1, len(PdfReader(pdf).pages) + 1)))


def test_the_player_sheets_state_rules_in_words_not_commands(built: Path) -> None:
    """A player's sheet and aids say a rule and its clarification in words: the simulator's option
    names and command lines belong in the validate report (issue 23, item 8)."""
    for name in (f"{DECK}-rules.pdf", "domain-mat.pdf", "quick-reference.pdf", "suite-score.pdf"):
        text = _all_text(built / name)
        for word in ("printgen", "validate", "-O ", "=yes", "=blocks", "covered_support", "wind_alone"):
            assert word not in text, (name, word)


def test_every_clarification_on_the_sheet_is_titled_and_none_echoes_the_seed() -> None:
    """One style on every sheet: '> **Clarification: a title.**'. And the robbing's result is said in
    the project's words, not the seed's (item 17)."""
    sheet = (Path(__file__).parent.parent / "decks" / DECK / "rules" / f"{DECK}.md").read_text(encoding="utf-8")
    quotes = [line for line in sheet.splitlines() if line.startswith("> **Clarification")]
    assert len(quotes) >= 8
    for line in quotes:
        assert re.match(r"> \*\*Clarification: \S[^*]*\.\*\* ", line), line[:80]
    assert "robbers' Power is **greater** and the target is still Proud" not in sheet
    assert "the target is still Proud, the robbing succeeds" not in sheet


def test_the_player_aids_say_what_the_sheet_says(built: Path) -> None:
    """The mat's winning line and the quick reference's defenders carry the sheet's readings: a
    Proud lone Wind fills its Peasant Ditch, and only Proud neighbours defend (item 14)."""
    mat = _all_text(built / "domain-mat.pdf")
    assert "Proud lone Wind fills a Peasant Ditch" in mat
    aid = _all_text(built / "quick-reference.pdf")
    assert "the Proud Threlms left and right of it" in aid and "the Proud Peasant below a Noble" in aid
    assert "a lone Wind" in aid, "a lone Wind robs and counts toward the eight"
    sheet = _all_text(built / f"{DECK}-rules.pdf")
    assert "Here only Proud ones do" in sheet and "a Proud lone Wind fills its Ditch" in sheet


# --- the two named Favours the seed's card list lacks (Mappa Mundi, Captain's Reversal) ------------

def test_the_two_missing_cards_are_in_the_deck_as_named_favours(deck):
    from collections import Counter

    cards = {card.name: card for card in deck.cards}
    assert len(deck.cards) == 55, "the seed's deck of fifty-five, everything included"
    for name in ("Mappa Mundi", "Captain\u2019s Reversal"):
        card = next((c for c in deck.cards if c.name.replace("'", "\u2019") == name), None)
        assert card is not None, name
        assert card.values["kind"].name == "Favour" and card.values["provenance"].name == "named", name
        assert card.values["ability"] is not None
    kinds = Counter(card.values["kind"].name for card in deck.cards)
    assert kinds == {"Noble Threlm": 13, "Peasant Threlm": 15, "Wind Threlm": 4, "Favour": 15, "Declaration": 8}
    assert sum(1 for c in deck.cards if c.name == "The Reeve") == 1 and "Mother Ratchet" not in cards


def test_the_winds_power_is_marked_as_designed(deck):
    winds = [c for c in deck.cards if c.values["kind"].name == "Wind Threlm"]
    assert len(winds) == 4
    for wind in winds:
        assert wind.values["power"] == 0
        assert wind.values["provenance"].name == "named", f"{wind.name}: the seed gives no Power"


def test_the_rule_sheet_says_how_the_count_was_kept(tmp_path: Path):
    run = run_cli("build", "coppertwaddle", "--only", "rules", "--out", str(tmp_path), "--quiet")
    assert run.code == 0, run.err
    pdf = tmp_path / "coppertwaddle" / "coppertwaddle-rules.pdf"
    import pypdfium2 as pdfium

    pages = len(pdfium.PdfDocument(str(pdf)))
    text = squash(" ".join(page_text(pdf, p) for p in range(1, pages + 1)))
    assert "13 Nobles, 15 Peasants, 4 Winds, 15 Favour cards and 8 Declaration cards" in text
    clarification = text[text.index("The original gives the deck"):][:600]
    for words in ("55 cards", "Mappa Mundi", "Captain\u2019s Reversal", "Reeve", "Mother Ratchet"):
        assert words in clarification, words
