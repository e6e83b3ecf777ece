"""Coppertwaddle's report tells the deck from the bots: a card found strong with one kind of bot
is a warning only if it leans the same way with the other kind; a card held in vain is explained
by whether it could have been played at all (watch=yes replays the same games)."""

from __future__ import annotations

import pytest

from printgen.games.coppertwaddle import Coppertwaddle
from printgen.games.coppertwaddle.report import dead_diagnosis
from printgen.games.coppertwaddle.strength import card_findings
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, play
from printgen.sim.report import Result

GAME = Coppertwaddle()


@pytest.fixture(scope="module")
def prep():
    return GAME.prepare(load_deck("coppertwaddle"), "basic", {})


def card(prep, name: str) -> int:
    return prep.names.index(name)


def games(prep, strong: str, rate: float, n: int = 1000, held: int = 0, used: int = 0, could: int = 0) -> list[Result]:
    """n decided games; the seat holding `strong` wins `rate` of them, a second card is held by
    the other seat (so the baseline stays near a half)."""
    a, b = 1 << card(prep, strong), 1 << card(prep, "Spleen")
    out = []
    for i in range(n):
        winner = 0 if i < n * rate else 1
        out.append(Result(i, 2, 10, False, [0.0, 0.0], [winner], [4, 4], held or a | b, used, 10,
                          {"winner": winner, "victory": 30, "exhausted": False, "robs": [0, 0], "robbed": [0, 0],
                           "drawn": [a, b], "could": could}))
    return out


def test_a_card_strong_with_both_bots_is_a_warning_about_the_deck(prep):
    found = card_findings(games(prep, "The Abbot", 0.7), prep, games(prep, "The Abbot", 0.66))
    warnings = [f for f in found if f.level == "warning" and f.message.startswith("'The Abbot'")]
    assert len(warnings) == 1 and "wins 70 % of" in warnings[0].message
    assert "whoever plays it, a property of the deck" in warnings[0].message
    assert "99.8 % interval" in warnings[0].message and "random bots" in warnings[0].message


def test_a_card_strong_with_one_kind_of_bot_only_is_no_warning(prep):
    found = card_findings(games(prep, "The Abbot", 0.7), prep, games(prep, "The Abbot", 0.45))
    assert not [f for f in found if f.level == "warning" and f.message.startswith("'The Abbot'")]
    said = [f for f in found if f.message.startswith("'The Abbot'")]
    assert len(said) == 1 and "depends on how it is played" in said[0].message
    assert "not reported as a property of the deck" in said[0].message


def test_without_other_bots_a_strong_card_is_not_taken_for_the_decks(prep):
    found = card_findings(games(prep, "The Abbot", 0.7), prep)
    assert not [f for f in found if f.level == "warning"]
    said = [f for f in found if f.message.startswith("'The Abbot'")]
    assert len(said) == 1 and "not reported as a property of the deck" in said[0].message


def test_a_dead_card_is_told_apart_by_whether_it_could_be_played(prep):
    tidings, buttons = card(prep, "Glad Tidings"), card(prep, "One Hundred Buttons")
    held = 1 << tidings | 1 << buttons
    results = games(prep, "The Abbot", 0.5, 200, held=held)            # both held, never used
    watched = games(prep, "The Abbot", 0.5, 200, held=held, could=1 << buttons)
    found = {f.figure["card"]: f for f in dead_diagnosis(results, watched, prep, "greedy")}
    lines = {name: f.message for name, f in found.items()}
    assert "seldom arises in play" in lines["Glad Tidings"] and "100 %" in lines["Glad Tidings"]
    assert "chose not to play it" in lines["One Hundred Buttons"]
    # the bots' choice explains away the shared dead-card warning (validate drops it); the card's
    # own condition is the warning, in its place, with advice and the line to change
    assert found["One Hundred Buttons"].explains == ("dead", "One Hundred Buttons")
    assert found["One Hundred Buttons"].level == "info"
    assert found["Glad Tidings"].level == "warning" and found["Glad Tidings"].explains == ("dead", "Glad Tidings")
    where = prep.places["Glad Tidings"]["ability"]
    assert "loosen what it asks for" in lines["Glad Tidings"]
    assert f"deck.yaml, line {where.line}, card 'Glad Tidings', field 'ability'" in lines["Glad Tidings"]


def test_watching_for_playable_cards_plays_the_same_games(prep):
    watching = GAME.prepare(load_deck("coppertwaddle"), "basic", {"watch": "yes"})
    bots = [BOTS["greedy"], BOTS["random"]]
    for i in range(20):
        plain, watched = play(GAME, prep, 2, 3, i, bots), play(GAME, watching, 2, 3, i, bots)
        could = watched.extra.pop("could")
        assert (plain.steps, plain.scores, plain.held, plain.used, plain.extra) == \
            (watched.steps, watched.scores, watched.held, watched.used, watched.extra)
        assert watched.used and watched.used & ~could == 0, "a card was used without being playable"


def test_every_card_that_may_be_warned_as_dead_is_explained(prep):
    """Beyond the worst five, every card dead often enough for a shared warning is diagnosed too, so
    none of those warnings stands unexplained (here seven Favours, all held in vain, all playable)."""
    names = ["Glad Tidings", "One Hundred Buttons", "Compass", "Sextant", "The Wheel", "Capstan", "Land Ho!"]
    held = sum(1 << card(prep, name) for name in names)
    results = games(prep, "The Abbot", 0.5, 200, held=held)
    watched = games(prep, "The Abbot", 0.5, 200, held=held, could=held)
    found = dead_diagnosis(results, watched, prep, "greedy")
    assert sorted(f.figure["card"] for f in found) == sorted(names)
    assert all(f.explains == ("dead", f.figure["card"]) for f in found)


def test_a_top_of_the_scale_no_game_can_reach_is_a_warning(tmp_path):
    """The shipped deck can score 51 at most (four strongest Nobles and Peasants, every lasting
    bonus): Triumphal (50) is reachable. Weakened Nobles put it out of reach, and the report says so."""
    import shutil

    from printgen.games.coppertwaddle.report import findings, highest_score
    from printgen.model.load import load_deck

    prep = GAME.prepare(load_deck("coppertwaddle"), "basic", {})
    assert highest_score(prep) == 51
    folder = tmp_path / "weak"
    shutil.copytree(load_deck("coppertwaddle").folder, folder)
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    for power in ("power: 9", "power: 8", "power: 7"):
        text = text.replace(power, "power: 4")
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    weak = GAME.prepare(load_deck(str(folder)), "basic", {})
    top = highest_score(weak)
    assert top is not None and top < 50
    from printgen.sim.engine import BOTS, play
    results = [play(GAME, weak, 2, 1, i, [BOTS["greedy"], BOTS["greedy"]]) for i in range(40)]
    found = findings(results, weak, {}, None)
    warning = [f for f in found if f.level == "warning" and "Triumphal" in f.message]
    assert len(warning) == 1 and f"the highest score this deck can make is {top}" in warning[0].message
    assert any(f"no score can pass {top}" in f.message for f in found if f.message.startswith("victories"))


def test_two_copies_of_a_card_are_counted_by_game(prep):
    """A card with two copies counts by game: held in a game when either copy is, used when either
    is, in the shared figures and in the diagnosis alike (not holdings of copies, nor one copy's)."""
    from dataclasses import replace

    from printgen.sim.metrics import summarise

    first, second = [i for i, name in enumerate(prep.names) if name == "Lady Wimple"]
    spleen = 1 << card(prep, "Spleen")
    base = games(prep, "The Abbot", 0.5, 200, held=spleen, used=spleen)
    # the first copy held in even games, the second in odd ones, and in games 0-49 both; never used
    results = [replace(r, held=r.held | (1 << (first if r.index % 2 == 0 else second))
                       | (1 << first | 1 << second if r.index < 50 else 0)) for r in base]
    summary = summarise(results, prep.names, prep.groups)
    assert summary["held_by_card"]["Lady Wimple"] == 200 and summary["dead_rate_by_card"]["Lady Wimple"] == 1.0
    found = {f.figure["card"]: f for f in dead_diagnosis(results, results, prep, "greedy")}
    assert "never used in 100 % of the 200 games it is held" in found["Lady Wimple"].message
    # the first copy used in every game it is held: the card is used in the even games and games 0-49
    used = [replace(r, used=r.used | (1 << first if r.held >> first & 1 else 0)) for r in results]
    assert summarise(used, prep.names, prep.groups)["dead_rate_by_card"]["Lady Wimple"] == 0.375   # 75 odd of 200


def test_advice_on_a_card_the_rules_give_says_so(prep):
    """The Bentham Fish's Power is the published game's (provenance R): the advice to lower it
    says where its values come from, so the designer changes the original knowingly."""
    found = card_findings(games(prep, "The Bentham Fish", 0.7), prep, games(prep, "The Bentham Fish", 0.66))
    warning = [f for f in found if f.level == "warning" and f.message.startswith("'The Bentham Fish'")]
    assert len(warning) == 1 and "lower its power, now 9" in warning[0].message
    assert "mind its provenance, R: named with its values in the rules" in warning[0].message


def test_a_chance_sized_difference_dismisses_nothing(prep):
    """Strong with greedy bots (70 % of 1,000 games), and 58 % of only 100 games with random ones:
    the random figure neither confirms the finding nor lies clearly apart from it, so the card is
    undecided, not put down to the bots."""
    found = card_findings(games(prep, "The Abbot", 0.7), prep, games(prep, "The Abbot", 0.58, n=100))
    abbot = [f for f in found if f.message.startswith("'The Abbot'")]
    assert len(abbot) == 1 and abbot[0].level == "undecided", abbot
    assert "neither confirm it nor clearly differ from it" in abbot[0].message
    # the same random figure from 1,000 games lies clearly apart and inside the band: the bots' play
    found = card_findings(games(prep, "The Abbot", 0.7), prep, games(prep, "The Abbot", 0.5))
    abbot = [f for f in found if f.message.startswith("'The Abbot'")]
    assert abbot[0].level == "info" and "not reported as a property of the deck" in abbot[0].message
