"""The printed rules say what the seeds say, and mark every rule the project added.

The rule sheets and score sheets are built once, read back as text (PDFium) and as pixels: the
scoring, stealing and forcing wording the seeds give, the project's own decisions each under the
CLARIFICATION label, that label drawn the same way (colour, size, rule down the left) on every sheet,
and the Cromwell captions and house notes as printed on the cards.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
import yaml
from badinput import shipped_build
from conftest import DECKS, read_manifest, run_cli
from pdfcheck import MM, Raster, near, page_text, squash, text_in_box, trim_box
from pypdf import PdfReader

LABEL = "CLARIFICATION"
LABEL_COLOUR = "#2B6C8F"
# Every shipped rule sheet: the clarification style must be the same on all of them.
SHEETS = [(p.parent.parent.name, p.stem) for p in sorted(DECKS.glob("*/rules/*.md"))]
DECKS_WITH_RULES = sorted({deck for deck, _ in SHEETS})
# The pages each sheet had before its clarifications were marked: marking must not make it longer.
PAGES = {"cromwell": 2, "burro": 2, "casita-robada": 1, "conquian": 2, "lombre": 2, "tresillo": 2, "drafting": 1}

# The decisions each sheet must mark (titles of its clarifications): where the seed is silent.
REQUIRED = {
    "cromwell": ["A stuck round", "Nobody holds it", "The joint reign", "Awkward answers", "Players and houses"],
    "burro": ["The deciding hand"],
    "tresillo": ["Sitting out and the reserve", "The turned card, and who exchanges first"],
    "casita-robada": ["Stealing", "The last deal", "A tie", "Who plays first"],
    "drafting": ["Sets and ties"],
    "lombre": ["What counts as failing", "When to stop, and the pool"],
    "conquian": ["When to force a drawn card"],
    "croquetnole": ["Which coins", "The plan", "Playing one coin or none"],
}


@pytest.fixture(scope="module")
def built() -> Path:
    """The rule and score sheets of every deck that has them, from the run's one whole build."""
    return shipped_build()


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("cards")
    run = run_cli("build", "cromwell", "--only", "cards", "--out", str(out), "--quiet")
    assert run.code == 0, run.err
    return out / "cromwell"


def rules_pdf(built: Path, deck: str, game: str) -> Path:
    return built / deck / f"{game}-rules.pdf"


def text_of(pdf: Path) -> str:
    """The whole document as one line, no-break spaces and curly apostrophes made plain."""
    pages = len(PdfReader(pdf).pages)
    text = " ".join(page_text(pdf, n) for n in range(1, pages + 1))
    return squash(text.replace("\u00a0", " ").replace("\u2019", "'").replace("\ufffe", ""))


def source_clarifications(deck: str, game: str) -> list[tuple[str, str]]:
    """(title, first words after it) of each clarification blockquote in the Markdown source."""
    source = (DECKS / deck / "rules" / f"{game}.md").read_text()
    found = re.findall(r"^> \*\*Clarification:\s*(.*?)\*\*\s*([^*{`]{0,30}\w)", source, re.M)
    return [(title.strip().rstrip("."), " ".join(words.replace("\u2019", "'").split()[:3])) for title, words in found]


def section(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end, text.index(start))]


@pytest.mark.parametrize("deck,game", SHEETS, ids=[g for _, g in SHEETS])
def test_each_decision_is_printed_under_the_clarification_label(built, deck, game):
    pdf = rules_pdf(built, deck, game)
    text = text_of(pdf)
    found = source_clarifications(deck, game)
    titles = [title for title, _ in found]
    for required in REQUIRED.get(game, []):
        assert any(t.lower() == required.lower() for t in titles), (game, required, titles)
    assert found or game not in REQUIRED, game
    assert text.count(LABEL) == len(found), (game, text.count(LABEL), titles)
    for title, words in found:
        opening = f"{title[:1].upper()}{title[1:]}. {words}" if title else words
        assert f"{LABEL} {opening}" in text, (game, opening)
    assert "**" not in text and "Clarification:" not in text      # the marker word became the label
    assert len(PdfReader(pdf).pages) <= PAGES.get(game, 2)          # still fits its pages


def _labels(pdf: Path) -> list[tuple[int, tuple[float, float, float, float]]]:
    """(page, box in mm) of every printed label."""
    found = []
    document = pdfium.PdfDocument(str(pdf))
    for number in range(1, len(document) + 1):
        textpage = document[number - 1].get_textpage()
        searcher = textpage.search(LABEL, match_case=True)
        while (hit := searcher.get_next()) is not None:
            index, count = hit
            boxes = [textpage.get_charbox(i) for i in range(index, index + count)]
            found.append((number, (min(b[0] for b in boxes) / MM, min(b[1] for b in boxes) / MM,
                                   max(b[2] for b in boxes) / MM, max(b[3] for b in boxes) / MM)))
        searcher.close()
        textpage.close()
    document.close()
    return found


def test_the_clarification_style_is_the_same_on_every_sheet(built):
    heights, widths, rule_gaps = [], [], []
    for deck, game in SHEETS:
        pdf = rules_pdf(built, deck, game)
        labels = _labels(pdf)
        assert labels, game
        rasters: dict[int, Raster] = {}
        for page, (x0, y0, x1, y1) in labels:
            raster = rasters.setdefault(page, Raster(pdf, page, dpi=120))
            heights.append(round(y1 - y0, 1))
            widths.append(round(x1 - x0, 1))
            # The label is drawn in the clarification colour ...
            rows = slice(int(raster.px(raster.height_mm - y1)), int(np.ceil(raster.px(raster.height_mm - y0))))
            cols = slice(int(raster.px(x0)), int(np.ceil(raster.px(x1))))
            target = np.array([int(LABEL_COLOUR[i:i + 2], 16) for i in (1, 3, 5)])
            coloured = (np.abs(raster.pixels[rows, cols] - target).max(axis=2) < 40).sum()
            assert coloured > 12, (game, page, coloured)
            # ... and a rule of the same colour runs down its left, a few mm away.
            y = (y0 + y1) / 2
            gap = next((d / 10 for d in range(5, 60) if near(raster.colour_at(x0 - d / 10, y), LABEL_COLOUR)), None)
            assert gap is not None, (game, page, "no rule left of the label")
            rule_gaps.append(round(gap, 1))
    # One look everywhere: the same label size, and the rule the same distance from it.
    assert max(heights) - min(heights) <= 0.2 and max(widths) - min(widths) <= 0.3, (heights, widths)
    assert max(rule_gaps) - min(rule_gaps) <= 0.3, rule_gaps


def test_examples_keep_their_own_look(built):
    """An example box is not a clarification: it carries no label and no clarification colour."""
    pdf = rules_pdf(built, "spanish", "casita-robada")
    text = text_of(pdf)
    assert "Example: three choices." in text and f"{LABEL} Example" not in text


def test_cromwell_scoring_follows_the_seed_with_the_other_reading_as_a_variant(built):
    text = text_of(rules_pdf(built, "cromwell", "cromwell"))
    scoring = section(text, "Going out and scoring", "Advanced play")
    assert "every player scores the round" in scoring
    assert "1 point for each card they laid down or laid off" in scoring
    assert "1 point for each card the other players still hold" in scoring
    assert "The player who went out also scores" not in text
    variant = scoring[scoring.index("Variant: winner takes the rest."):]
    assert "Only the player who went out scores the cards still held" in variant
    assert "scoring" not in variant and "-O" not in text         # said in words; the option is the report's
    sheet = text_of(built / "cromwell" / "cromwell-score.pdf")
    assert "Every player scores 1 point for each card they have laid down or laid off" in sheet
    assert "plus 1 point for each card the other players still hold" in sheet
    assert "Variant, winner takes the rest: only the player who went out" in sheet


def test_cromwell_choice_of_houses_never_contradicts_leaving_short_houses_out(built):
    text = text_of(rules_pdf(built, "cromwell", "cromwell"))
    deck = yaml.safe_load((DECKS / "cromwell" / "deck.yaml").read_text())
    sizes = {h["name"]: sum(1 for c in deck["cards"] if c.get("house") == h["name"]) for h in deck["houses"]}
    usable = sum(n for n in sizes.values() if n >= 3)
    assert usable < len(deck["cards"]) - 1                       # Blois really is left out of the count
    assert "whole deck" not in text
    assert f"for five or six players every house that can make a sequence ({usable} cards)" in text
    assert "Blois has fewer than three monarchs" in text and "always leave it out, even with six players" in text


def test_casita_steal_is_instead_of_capturing(built):
    text = text_of(rules_pdf(built, "spanish", "casita-robada"))
    turn = section(text, "Your turn", "New hands")
    assert "you take that player's whole pile instead of capturing from the middle" in turn
    assert "Otherwise, if your card has the same rank as one or more cards in the middle" in turn
    assert "you choose one" not in turn and "you may take that player" not in turn


def test_casita_stock_counts_are_the_simulators(built):
    """The sheet works the stock out from the pack; the simulator deals the same game."""
    import random

    from printgen.games.casita import Casita
    from printgen.model.load import load_deck

    text = text_of(rules_pdf(built, "spanish", "casita-robada"))
    block = section(text, f"{LABEL} The last deal.", "End of the game")
    game = Casita()
    prep = game.prepare(load_deck("spanish"), "basic", {})
    for players in (2, 3, 4):
        state = game.setup(prep, players, random.Random(players))
        stock = len(state.stock)
        said = f"{stock} cards with {players} players" if players == 2 else f"{stock} with {players}"
        assert said in block, (players, stock, block)
        over = stock % (4 * players)
        if over:
            assert f"{over // players} each with {players} players" in block, (players, block)
    assert "36" not in block
    assert (stock, over) == (20, 4)          # four players: one more full deal and a card each


def test_conquian_forcing_covers_a_card_just_turned_up(built):
    text = text_of(rules_pdf(built, "spanish", "conquian"))
    forcing = section(text, "Forcing A card", "Going out")
    assert "turns up a card from the stock that fits one of their melds. Before they decide" in forcing
    assert "you may force it on them" in forcing
    assert "(Another reading: only a card they refuse can be forced on them.)" in forcing and "-O" not in forcing


def test_lombre_says_which_reading_of_failing_it_takes(built):
    text = text_of(rules_pdf(built, "spanish", "lombre"))
    block = text[text.index(f"{LABEL} What counts as failing."):]
    block = block[:block.index("Playing the tricks")]
    # the seed ties the announcement to five tricks: four that win the hand still fail it
    assert "four tricks that still win the hand" in block and "This sheet: they do" in block
    assert "(Another reading: only a hand the Ombre does not win fails it.)" in block and "-O" not in block
    assert "If the Ombre takes fewer than five, those counters go back" in text


def test_tresillo_marks_the_vuelta_and_exchange_order_and_words_the_puesta_its_own_way(built):
    text = text_of(rules_pdf(built, "spanish", "tresillo"))
    block = section(text, f"{LABEL} The turned card, and who exchanges first.", "Play ")
    assert "first card the Ombre draws" in block and "the one on the Ombre's left exchanges first" in block
    outside = text.replace(block, "")
    assert "Ombre draws" not in outside and "Ombre's left" not in outside      # said only as the decision it is
    assert "highest debt on the sheet plus the plato" not in text                # not the seed's sentence
    assert "amount in play is what the plato holds, added to the largest debt still open" in text
    clash = section(text, f"{LABEL} 4, 4 and 1.", "Paying")
    assert "opponents take 4 tricks each and the Ombre only 1" in clash


def test_lombre_says_whose_tricks_and_ends_the_session_as_the_simulator_does(built):
    from printgen.games.lombre import LOmbre

    text = text_of(rules_pdf(built, "spanish", "lombre"))
    assert "the opponents take 4 tricks each and the Ombre only 1" in text
    assert "With 4 for Ana (the Ombre), 4 for Ben and 1 for Carla it is repuesto" in text
    end = text[text.index(f"{LABEL} When to stop, and the pool."):]
    hands = LOmbre().option_default("hands")     # the simulator's session
    words = {9: "nine", 12: "twelve", 15: "fifteen", 3: "three", 4: "four", 5: "five"}
    assert hands % 3 == 0, hands
    assert f"{words[hands]} hands ({words[hands // 3]} deals each)" in end, (hands, end)
    assert "share what is in the pool equally among the three players" in end


SEEDS = Path("/work/shared/seeds")
# Each sheet and its seed, with the longest run of the seed's words the sheet may share: names and
# terms ("the amount in play into the plato") make short runs unavoidable, sentences must not.
OWN_WORDS = [("piecepack", "croquetnole", "004_fd5d63a0cbc0e0d4.txt", 6),
             ("cromwell", "cromwell", "000_8304446c34c5a10d.txt", 6),
             ("standard", "drafting", "003_0f932e6a7dc9c697.txt", 6)] + [
    ("spanish", game, "002_887bda5e533695fb.txt", 8) for game in ("burro", "casita-robada", "conquian", "lombre",
                                                                   "tresillo")]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("\u2019", "'").replace("-", " "))


@pytest.mark.parametrize("deck,game,seed,longest", OWN_WORDS, ids=[g for _, g, _, _ in OWN_WORDS])
def test_sheets_are_in_their_own_words(deck, game, seed, longest):
    if not (SEEDS / seed).is_file():
        pytest.skip("the seed texts are not here")
    seen = _words((SEEDS / seed).read_text(encoding="utf-8"))
    runs = {tuple(seen[i:i + longest + 1]) for i in range(len(seen) - longest)}
    sheet = _words((DECKS / deck / "rules" / f"{game}.md").read_text(encoding="utf-8"))
    copied = [" ".join(sheet[i:i + longest + 1]) for i in range(len(sheet) - longest)
              if tuple(sheet[i:i + longest + 1]) in runs]
    assert not copied, copied


CAPTION_FACTS = {
    # card: (words the caption must hold, words it must not)
    "James II": (["1688", "William of Orange", "landed"], ["arrived", "Mary and her husband"]),
    "William IV": (["1833", "most British colonies", "1838"], ["in the Empire"]),
}
# The band above says the house the card is grouped under; the note says the real one.
NOTES = {"William III": ["Really", "Orange-Nassau"], "Edward VII": ["Really", "Saxe-Coburg and Gotha"],
         "George V": ["Saxe-Coburg and Gotha", "1917"]}


def test_captions_and_house_notes_are_accurate_and_printed_on_their_cards(cards):
    deck = {c["name"]: c for c in yaml.safe_load((DECKS / "cromwell" / "deck.yaml").read_text())["cards"]}
    for name, (must, must_not) in CAPTION_FACTS.items():
        caption = deck[name]["caption"]
        assert len(caption) <= 90, (name, len(caption))
        assert all(w in caption for w in must) and not any(w in caption for w in must_not), (name, caption)
    # Only cards filed under a house they did not belong to carry a note.
    assert {n for n, c in deck.items() if c.get("note")} == set(NOTES)
    for name, words in NOTES.items():
        assert all(w in deck[name]["note"] for w in words), (name, deck[name]["note"])
    pdf = cards / "cromwell-cards.pdf"
    for entry in read_manifest(cards)["cards"]:
        if entry["name"] not in NOTES and entry["name"] not in CAPTION_FACTS:
            continue
        shown = squash(text_in_box(pdf, entry["front"]["page"], trim_box(entry["front"])).replace("\u2019", "'"))
        card = deck[entry["name"]]
        assert squash(card["caption"]).replace("\u2019", "'") in shown, (entry["name"], shown)
        if card.get("note"):
            assert card["note"] in shown, (entry["name"], shown)


def test_croquetnole_turn_after_the_first_round_is_a_choice(built):
    """The seed gives each player the option of playing the knight and then the guard; the sheet made
    the guard compulsory without saying so. Both are a choice now, and the reading is marked."""
    text = text_of(rules_pdf(built, "piecepack", "croquetnole"))
    start = section(text, "Starting Moons begins", "Inside and outside castles")
    assert "you may play your knight, if it is free (not a prisoner), and after it you may play your guard" in start
    assert "then you play your guard" not in start
    clarification = start[start.index(f"{LABEL} Playing one coin or none."):]
    assert "either coin may be left unplayed, or both" in clarification
    assert "the knight never moves after the guard" in clarification


# The player aids (boards and score sheets) of each deck, against the deck's seed.
AIDS = [(deck, path, seed) for deck, seed in (("cromwell", "000_8304446c34c5a10d.txt"),
                                              ("spanish", "002_887bda5e533695fb.txt"),
                                              ("standard", "003_0f932e6a7dc9c697.txt"),
                                              ("piecepack", "004_fd5d63a0cbc0e0d4.txt"))
        for path in sorted((DECKS / deck).glob("*/*.yaml")) if path.parent.name in ("boards", "sheets")]


@pytest.mark.parametrize("deck,path,seed", AIDS, ids=[p.stem for _, p, _ in AIDS])
def test_player_aids_are_in_their_own_words(deck, path, seed):
    if not (SEEDS / seed).is_file():
        pytest.skip("the seed texts are not here")
    seen = _words((SEEDS / seed).read_text(encoding="utf-8"))
    longest = 6
    runs = {tuple(seen[i:i + longest + 1]) for i in range(len(seen) - longest)}
    aid = _words(path.read_text(encoding="utf-8"))
    copied = [" ".join(aid[i:i + longest + 1]) for i in range(len(aid) - longest)
              if tuple(aid[i:i + longest + 1]) in runs]
    assert not copied, copied
