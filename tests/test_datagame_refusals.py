"""Game files that are wrong in ways the first checks let through (issue 27's review): a card
attribute reading a field the deck lacks, a key beside a step, numbers without bound.

Why: each of these once validated "fine" and reported games that never happened (every card
reading -1, a loop body dropped, a hang on huge numbers). Each must be one clear refusal at the
game file's line instead. In-process and tiny: the whole file runs in well under a second.
"""

from __future__ import annotations

import pytest
from test_datagame_language import GOOD, line_of, refusal, write

from printgen.files.errors import UserError
from printgen.games.datagame import load_game_file
from printgen.model.load import load_deck


@pytest.fixture(scope="module")
def standard():
    return load_deck("standard")


def _prepare_refusal(tmp_path, text, deck) -> UserError:
    game = load_game_file(write(tmp_path, text))
    with pytest.raises(UserError) as caught:
        game.prepare(deck, "basic", {})
    return caught.value


def test_a_misspelt_field_is_refused_at_the_attribute_line(tmp_path, standard):
    """`rank: rnak.value` used to read -1 on every card, silently; now it names the field, the
    attribute's line, and the deck's field it was probably meant to be."""
    text = GOOD.replace("rank: rank.value", "rank: rnak.value")
    error = _prepare_refusal(tmp_path, text, standard)
    assert error.where.line == line_of(text, "rnak.value")
    assert "'rnak'" in error.message and "no such field" in error.message
    assert error.hint is not None and "did you mean 'rank'" in error.hint and "suit" in error.hint


def test_a_deck_without_the_field_is_refused_listing_its_fields(tmp_path):
    """The Cromwell deck has houses and reigns, no suits: a game reading suit says so."""
    deck = load_deck("cromwell")
    error = _prepare_refusal(tmp_path, GOOD, deck)
    assert error.where.line == line_of(GOOD, "suit: suit")
    assert "'suit'" in error.message and error.hint is not None and "house" in error.hint


@pytest.mark.parametrize("change, fragment, words", [
    (("  - shuffle: stock", "  - {shuffle: stock, foo: 3}"), "foo: 3", "'foo' stands beside the step 'shuffle'"),
    (("  - turns:\n      until: count(hand) == 0\n      do:",
      "  - turns:\n      until: count(hand) == 0\n    do:"), "    do:", "'do' stands beside the step 'turns'"),
])
def test_a_key_beside_a_step_is_refused(tmp_path, change, fragment, words):
    """`do:` one level too far out used to be dropped silently, the loop running with no body; now
    it is refused at its own line with a hint to indent it."""
    text = GOOD.replace(*change)
    assert text != GOOD
    error = refusal(tmp_path, text)
    assert error.where.line == line_of(text, fragment), str(error)
    assert words in error.message and error.hint is not None and "indent" in error.hint, str(error)


BIG_SET = ("  - shuffle: stock", "  - shuffle: stock\n  - repeat: {times: 40, do: [{set: {total: total * total + 2}}]}")
BIG_SCORE = ('add: "sum(table, rank)"', 'add: "sum(table, rank) * 999999999 * 999999999"')


@pytest.mark.parametrize("change, fragment, words", [(BIG_SET, "times: 40", "the variable 'total'"),
                                                     (BIG_SCORE, "add:", "a score")])
@pytest.mark.parametrize("write_source", [True, False])
def test_a_number_past_the_bound_stops_the_game_at_its_step(tmp_path, standard, change, fragment, words,
                                                            write_source):
    """Squaring a variable forty times used to hang validate on numbers of millions of digits; now
    the step that makes a number past 10**12 stops the game with an error at its line, in the
    compiled source and in the plain closures alike."""
    from printgen.sim.engine import play, random_bot

    text = GOOD.replace(*change).replace("players: [2, 3, 4]", "players: [2, 3, 4]\nvars: {total: 0}")
    assert text != GOOD
    game = load_game_file(write(tmp_path, text))
    prepared = game.prepare(standard, "basic", {}, write=write_source)
    with pytest.raises(UserError) as caught:
        play(game, prepared, 2, 1, 0, [random_bot, random_bot], checked=True)
    assert caught.value.where.line == line_of(text, fragment), str(caught.value)
    assert words in caught.value.message and "1,000,000,000,000" in caught.value.message, str(caught.value)


def test_a_first_value_past_the_bound_is_refused(tmp_path):
    text = GOOD.replace("players: [2, 3, 4]", "players: [2, 3, 4]\nvars: {total: 10000000000000}")
    error = refusal(tmp_path, text)
    assert error.where.line == line_of(text, "vars:") and "1,000,000,000,000" in error.message


def test_the_sheet_setup_counts_the_pack_validate_deals(tmp_path, standard):
    """A rule sheet is built from the whole deck (54 cards with the jokers); validate deals from the
    deck's first pack (52). A game file naming no pack must give the sheet the simulator's count."""
    from printgen.model.load import ALL_CARDS

    whole = load_deck("standard", ALL_CARDS)
    assert len(whole.cards) == 54 and len(standard.cards) == 52
    game = load_game_file(write(tmp_path, GOOD))
    rows = {row["players"]: row for row in game.sheet_tables(whole)["setup"]}
    prepared = game.prepare(standard, "basic", {})
    for n in game.players:
        dealt = game.deal_needs(prepared, n).cards
        assert dealt == 5 * n and rows[n]["hand"] == 5
        assert rows[n]["left"] == game.pack_size(prepared) - dealt == 52 - 5 * n


def test_new_refuses_a_template_on_a_blank_deck_naming_the_field(tmp_path, capsys):
    """`printgen new mydeck` (no suit, no rank) then `new mydeck --game fishing` used to write a
    file validate played with 0 moves a game; now nothing is written and the error names the field."""
    from printgen.commands.cli import run

    deck = tmp_path / "mydeck"
    assert run(["new", str(deck)]) == 0
    before = sorted(p.relative_to(deck) for p in deck.rglob("*"))
    capsys.readouterr()
    assert run(["new", str(deck), "--game", "fishing"]) == 2
    err = capsys.readouterr().err
    assert "'suit'" in err and "no such field" in err and "nothing was written" in err, err
    assert "Traceback" not in err
    assert sorted(p.relative_to(deck) for p in deck.rglob("*")) == before


def test_a_misindented_line_of_a_game_file_is_not_told_about_cards(tmp_path):
    """A game file has no cards: its indentation hint names the line above to line up with (where
    the setting after a '- ' starts), not "the lines of one card", which sent an author looking
    for a card that is not there."""
    text = GOOD.replace('                card: {from: hand}', '                 card: {from: hand}')
    assert text != GOOD
    error = refusal(tmp_path, text)
    assert error.where.line == line_of(text, "card: {from: hand}")
    assert "indentation" in error.message
    assert error.hint is not None and "card" not in error.hint.replace("count", "")
    assert f"line {line_of(text, 'play {card}')}, whose setting starts in column 17" in error.hint


def test_a_long_expression_is_quoted_by_its_start_and_length(tmp_path):
    """A pasted wall of an expression used to be echoed whole (4,000 characters of error); its
    error now quotes its start and says how long it is, and still names its line."""
    long = "count(hand) + " * 300 + "0 == 0"
    text = GOOD.replace("until: count(hand) == 0", f"until: {long}")
    error = refusal(tmp_path, text)
    assert error.where.line == line_of(text, "until:")
    assert f"{len(long):,} characters" in error.message and len(error.message) < 300, error.message
    short = refusal(tmp_path, GOOD.replace("until: count(hand) == 0", "until: count(hand) ==")).message
    assert "(in 'count(hand) ==')" in short       # a short one is still quoted whole
