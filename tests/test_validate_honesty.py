"""`printgen validate` says only what its games can carry: findings of the bots are not passed
off as findings of the deck, options the games never exercised are said to be untested, tiny runs
do not pass, and every rule of a table layout is listed with what was measured."""

from __future__ import annotations

from collections import Counter

from printgen.commands.validate import ValidateOptions, exit_status, validate
from printgen.commands.validate_report import report


def run(deck: str, **settings):
    """Validate in this process (fast): the sections, the report's text and the exit status."""
    opts = ValidateOptions(deck_ref=deck, **settings)
    sections, loaded = validate(deck, opts)
    return sections, report(sections, loaded, opts), exit_status(sections)


# -- 6. a game answers to the name of its rule sheet ------------------------------------------------

def test_a_game_answers_to_its_alias():
    from printgen.files.errors import UserError
    from printgen.games.registry import canonical, get_game

    assert canonical("casita-robada") == "casita" and canonical("casita") == "casita"
    assert get_game("casita-robada").name == "casita"
    # looks=1: the games asked and no more (the verdict's further looks are not what this checks)
    sections, text, _ = run("spanish", game="casita-robada", players="2", games=100, looks=1)
    assert [s.game for s in sections] == ["casita"] and "== casita (basic) ==" in text
    try:
        get_game("casita-robad")
    except UserError as error:
        assert "did you mean 'casita-robada'" in (error.hint or "")
    else:
        raise AssertionError("an unknown game name was accepted")


# -- 1. with mixed bots the random player is no seat's --------------------------------------------------

def test_mixed_bots_never_make_a_seat_warning():
    # one look of 300 games: were the random player always in one seat, that seat's 0 % would be a decided
    # warning at this size (its interval far below the band's 25 %), so no further looks are needed to show it is not
    sections, text, status = run("spanish", game="lombre", games=300, looks=1, bots="mixed")
    summary = sections[0].summaries[3]
    assert summary["bot_win_rate"]["random"]["win_rate"] < 0.15      # the random player loses nearly always ...
    assert min(summary["seat_win_rate"]) > 0.25       # ... in every seat in turn (runner.seated): no seat is the bot's
    assert not [w for w in sections[0].warnings if "seat" in w.message and w.level == "warning"]   # ... never a warning
    assert status == 0, text
    # the same run with one kind of bot in every seat still judges seats
    from printgen.sim.metrics import judge
    from printgen.sim.report import Finding

    seat = Finding("warning", "seat 1 wins 0%", 0.0, about="seat")
    assert judge([seat], 500, ("greedy",) * 3) == [seat]
    kept = judge([seat], 500, ("random", "greedy", "greedy"))
    assert kept[0].level == "info" and "seat 1 random, seats 2-3 greedy" in kept[0].message


# -- 4. a run too small to judge does not pass -----------------------------------------------------------

def test_the_minimum_number_of_games_is_derived_from_the_interval():
    from printgen.sim.metrics import JUDGE_HALF_WIDTH, MIN_GAMES
    from printgen.sim.stats import Z95

    half = lambda n: Z95 * (0.25 / n) ** 0.5        # noqa: E731  (95 % half-width of a rate of one half)
    assert half(MIN_GAMES) <= JUDGE_HALF_WIDTH < half(MIN_GAMES - 1)
    assert MIN_GAMES == 97


def test_a_tiny_run_judges_no_card_or_seat_and_fails():
    sections, text, status = run("coppertwaddle", games=3, options={"hands": "none"})
    assert status == 1, text
    assert "too few games to judge (3; at least 97 needed)" in text
    assert "card strength" not in text and "most often dead" not in text and "Suites" not in text
    sections, text, status = run("spanish", game="lombre", games=5)
    assert status == 1 and "too few games to judge (5; at least 97 needed)" in text
    assert "the Ombre ends sacado" in text           # figures of the whole game are still given


# -- 5. a table layout's check lists every rule with what was measured ---------------------------------

def test_every_table_rule_is_listed_with_its_figure(deck_copy):
    import re

    from printgen.commands.tables import validate_tables

    text, status = validate_tables("piecepack", "croquetnole")
    rules = int(re.search(r"(\d+) rules plus", text).group(1))
    listed = [line for line in text.splitlines() if re.match(r"   (pass|fail): line \d+: ", line)]
    assert status == 0 and len(listed) == rules == 48
    assert all(line.startswith("   pass:") and line.endswith(")") for line in listed)
    assert "pass: no two pieces overlap" in text and "pass: every piece lies on the table" in text
    assert any("one tile-width apart (50.8 mm, wanted 50.8 mm)" in line for line in listed)
    # a door moved half a tile-width: its rule fails, with the gap measured
    folder = deck_copy("piecepack")
    table = folder / "tables" / "croquetnole.yaml"
    table.write_text(table.read_text(encoding="utf-8").replace("{id: tile-moons-3,  at: [1, 3]",
                                                               "{id: tile-moons-3,  at: [1, 3.5]"), encoding="utf-8")
    text, status = validate_tables(str(folder), "croquetnole")
    assert status == 1
    assert re.search(r"fail: line \d+: the Moons door is one tile-width from the Moons tower \(25\.4 mm, wanted "
                     r"50\.8 mm\)", text), text


# -- 2. a card's strength is the deck's only if every kind of bot agrees; advice says how to try it ----

def coppertwaddle_games(prep, strong: str, rate: float, n: int = 600):
    """n decided games in which the seat that drew `strong` wins `rate` of them."""
    from printgen.sim.report import Result

    a, b = 1 << prep.names.index(strong), 1 << prep.names.index("Spleen")
    return [Result(i, 2, 10, False, [0.0, 0.0], [0 if i < n * rate else 1], [4, 4], a | b, a | b, 10,
                   {"winner": 0 if i < n * rate else 1, "victory": 30, "exhausted": False, "robs": [0, 0],
                    "robbed": [0, 0], "drawn": [a, b], "could": 0}) for i in range(n)]


def test_card_strength_is_checked_with_every_other_kind_of_bot():
    from printgen.games.coppertwaddle import Coppertwaddle
    from printgen.games.coppertwaddle.report import findings
    from printgen.model.load import load_deck

    prep = Coppertwaddle().prepare(load_deck("coppertwaddle"), "basic", {"hands": "none"})
    asked: list[tuple] = []

    def more_for(kind_rates: dict[str, float], bots: tuple):
        def more(options, games, bots=bots):
            if options.get("watch") != "yes":       # the replay watching for playable cards is another matter
                asked.append(bots)
            return coppertwaddle_games(prep, "The Abbot", kind_rates[bots[0]], games)
        more.bots = bots
        return more

    # the Abbot strong with the bots asked, weak with the other kind: information, never advice
    for asked_bots, other in ((("random",) * 2, "greedy"), (("greedy",) * 2, "random")):
        asked.clear()
        rates = {asked_bots[0]: 0.7, other: 0.35}
        found = findings(coppertwaddle_games(prep, "The Abbot", 0.7), prep, {"hands": "none"},
                         more_for(rates, asked_bots))
        assert (other, other) in asked and asked_bots not in asked
        abbot = [f for f in found if f.message.startswith("'The Abbot'")]
        assert len(abbot) == 1 and abbot[0].level == "info" and "power" not in abbot[0].message
    # mixed bots are checked against both kinds: strong with both, a warning naming the field to change
    asked.clear()
    found = findings(coppertwaddle_games(prep, "The Abbot", 0.7), prep, {"hands": "none"},
                     more_for({"random": 0.68, "greedy": 0.69}, ("random", "greedy")))
    assert ("greedy", "greedy") in asked and ("random", "random") in asked
    warning = [f for f in found if f.level == "warning" and f.message.startswith("'The Abbot'")]
    assert len(warning) == 1, [f.message for f in found]
    where = prep.places["The Abbot"]["power"]
    assert f"lower its power, now {prep.power[prep.names.index('The Abbot')]}" in warning[0].message
    assert f"deck.yaml, line {where.line}, card 'The Abbot', field 'power'" in warning[0].message
    assert "power:" in where.file.read_text().splitlines()[where.line - 1]


def test_advice_an_option_can_try_ends_with_the_whole_command():
    import shlex

    from printgen.commands.validate import Setup, _with_command
    from printgen.games.coppertwaddle import Coppertwaddle
    from printgen.games.coppertwaddle.strength import card_findings
    from printgen.model.load import load_deck

    deck = load_deck("coppertwaddle")
    prep = Coppertwaddle().prepare(deck, "basic", {})
    wind = next(name for name, kind in zip(prep.names, prep.groups) if kind == "Wind")
    found = card_findings(coppertwaddle_games(prep, wind, 0.3), prep, {"random": coppertwaddle_games(prep, wind, 0.32)})
    warning = next(f for f in found if f.level == "warning" and f.message.startswith(f"'{wind}'"))
    assert warning.tries == {"wind_alone": "blocks"}
    line = _with_command(warning, "coppertwaddle", "coppertwaddle", "basic", deck, Setup({}, "game defaults"), 2,
                         {"hands": "none"}).message
    args = shlex.split(line.split(": printgen ", 1)[1])
    assert args == ["validate", "coppertwaddle", "--variant", "basic", "--players", "2", "-O", "hands=none",
                    "-O", "wind_alone=blocks"]


# -- 3. an option the games never reach is said to be untested ------------------------------------------

def test_each_option_says_how_often_its_situation_arose():
    sections, text, _ = run("spanish", game="lombre", games=100, options={"fail": "lose", "codillo_tie": "repuesto"},
                            looks=1)
    lines = {f.figure["option"]: f for f in sections[0].findings[3]
             if isinstance(f.figure, dict) and "option" in f.figure}
    fail, tie = lines["fail"], lines["codillo_tie"]
    # the greedy bots hardly ever play without taking in: the option changes no game, and the report says so
    hands = 12 * sections[0].summaries[3]["games"]          # the 100 games asked (looks=1: no further looks)
    assert hands == 1200
    assert fail.figure["arose"] < hands / 100 and fail.figure["of"] == hands and fail.figure["games_changed"] == 0
    assert (f"-O fail=lose: the option changed nothing measurable: the situation it governs (a game played "
            f"without taking in) arose in {fail.figure['arose']} of {hands:,} hands") in text
    # a tie of the opponents does arise, and changes games
    assert tie.figure["arose"] > 0 and tie.figure["games_changed"] > 0
    assert "-O codillo_tie=repuesto governs both opponents beating the Ombre with equal tricks" in text
    assert "changed nothing" not in tie.message


def test_situation_counters_agree_with_the_games_own_figures():
    from printgen.games.lombre import LOmbre
    from printgen.games.tresillo import Tresillo
    from printgen.model.load import load_deck
    from printgen.sim.engine import BOTS, play

    deck = load_deck("spanish")
    for game, options in ((LOmbre(), {}), (Tresillo(), {"all_pass": "redeal"})):
        prep = game.prepare(deck, "basic", options)
        results = [play(game, prep, 3, 4, i, [BOTS["random"]] * 3) for i in range(30)]
        arose = Counter()
        for r in results:
            arose.update(r.extra["arose"])
        assert arose["five_failed"] == sum(r.extra["five"][1] - r.extra["five"][2] for r in results)
        assert arose["sure"] == sum(r.extra["sure"][0] for r in results)
        assert sum(r.extra["occasions"] for r in results) == 30 * 12
        assert set(game.situations) <= {o.name for o in game.options} and "hands" not in game.situations
        # the privilege's two readings differ only after a matador is led (hand.py counts only then),
        # which holds because the matadors are the highest trumps
        o = prep.orders
        for t in range(4):
            trumps = [c for c in range(prep.n) if o.suit[t][c] == t]
            assert min(o.power[t][c] for c in trumps if o.matador[t][c]) > \
                max(o.power[t][c] for c in trumps if not o.matador[t][c])
    assert arose["all_pass"] == sum(r.extra["passed"] for r in results) > 0       # Tresillo redeals when all pass


# -- a card the bots could play but never do is not warned as a dead card of the deck ------------------

def test_a_card_dead_by_the_bots_choice_is_no_dead_card_warning(tmp_path):
    """Massinger's Protection rewritten to cover one's own Threlm En Garde: playable in nearly
    every game, but the greedy player never wants it. The report says it is held in vain and
    why, and does not warn about it as a dead card of the deck."""
    import shutil

    from conftest import DECKS

    folder = tmp_path / "coppertwaddle"
    shutil.copytree(DECKS / "coppertwaddle", folder)
    path = folder / "deck.yaml"
    old = "ability: {use: favour, target: {side: own, kind: threlm}, effects: [{do: protect, until: turn}]}"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, "ability: {use: favour, when: en_garde, target: {side: own, kind: threlm}, "
                                      "effects: [{do: cover}]}"), encoding="utf-8")
    sections, text, _ = run(str(folder), games=200, looks=1)
    # the shared figures alone would warn: its dead rate's interval lies wholly above 90 % ...
    from printgen.sim.metrics import DEAD_WARN
    from printgen.sim.verdicts import decide, looking

    summary = sections[0].summaries[2]
    with looking(1):
        shared = decide(summary["dead_by_card"]["Massinger's Protection"],
                        summary["held_by_card"]["Massinger's Protection"], (0.0, DEAD_WARN))
    assert shared.decision == "warning", shared
    # ... and the replayed games show, beyond chance, that the bots could have played it: no warning
    lines = [line for line in text.splitlines() if "Massinger's Protection" in line]
    assert any("most often dead" in line and "Massinger's Protection 100%" in line for line in lines)
    assert any("bots chose not to play it" in line and "not a property of the deck" in line for line in lines)
    assert not any("warning" in line for line in lines), lines
