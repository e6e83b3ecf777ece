"""What a new user's review of the Croquetnole simulation found (issue 31), each as a test that
failed before its fix: layouts no coin can be played on refused before play, naming the option
(or the layout file's line) and the smallest value that works; unfinished games judged, not
passed silently; every number -O sets checked against its range under the name the user typed;
the skill ladder's odd hand seated evenly over seats and line-ups; the bonus flicks of the rule
sheet's table asserted in scripted positions."""

from __future__ import annotations

import math
import re
import shutil
from functools import cache

import pytest
from badinput import DECKS, assert_refused, refused_here, run_limited


@cache
def _table():
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck
    from printgen.model.tablelayout import load_table

    deck = load_deck("piecepack", ALL_CARDS)
    return load_table(deck, load_layout(deck.layout, deck), "croquetnole")


def _played(options: dict, games: int = 2, deck: str = "piecepack"):
    from printgen.commands.croquetnole import validate_played
    from printgen.commands.tables import report
    from printgen.commands.validate import ValidateOptions

    opts = ValidateOptions(game="croquetnole", games=games, options=options)
    return validate_played(deck, "croquetnole", opts, None, None, None, None, report)


# --- 1. a gate a coin cannot pass, a table too small: refused before play ------------------------

@pytest.mark.parametrize("options, says", [
    ({"gate": -33}, ["-O gate=-33:", "17.8 mm wide", "narrower than a coin", "-O gate=-29.7 or more"]),
    ({"table": 300}, ["-O table=300:", "596.9 mm", "-O table=597 or more"]),
    ({"compare": "gate:-6,table:300"}, ["-O compare=gate:-6,table:300", "'table:300'", "table:597 or more"]),
    ({"compare": "gate:-31"}, ["'gate:-31'", "19.8 mm wide", "gate:-29.7 or more"]),
    ({"gate": -10, "compare": "gate:-20"}, ["'gate:-20'", "20.8 mm", "gate:-19.7 or more"]),
])
def test_a_layout_no_coin_can_be_played_on_is_refused_by_its_option(options, says):
    refused_here(lambda: _played(options), says=says)


def test_the_smallest_values_the_hints_give_are_played():
    """The hints' values are the edge: the value given is accepted, a tenth of a mm (or 1 mm) less is not."""
    from printgen.games.croquetnole.report import Settings, layouts
    from printgen.games.croquetnole.table import CLEARANCE, narrowest

    table = _table()
    base, _, _ = layouts(table, Settings(gate=-29.7, table=597, compare="gate:0"), 2)[0]
    assert narrowest(base)[0] >= table.lengths["coin"] + CLEARANCE and base.width == 597
    refused_here(lambda: layouts(table, Settings(gate=-29.8), 2), says=["-O gate=-29.8", "-O gate=-29.7 or more"])
    refused_here(lambda: layouts(table, Settings(table=596), 2), says=["-O table=596", "-O table=597 or more"])


def test_the_check_printed_is_of_the_table_played():
    out, status = _played({"table": 711, "gate": -4, "compare": "table:762", "ladder": ""})
    check, _, report = out.partition("Castle Croquetnole played")
    assert "711 x 711 mm table" in check and "812.8" not in check
    assert re.search(r"the layout as played \(played, -O gate=-4\).*\(Arms gate\) 46\.8 mm", check)
    assert "'table 762 mm (30 in) square' (played, compared): no two pieces overlap, every piece on the 762 mm" in check
    assert check.index("compared") < check.index("Result: passes")      # the checks sit above the check's result


def test_a_copied_decks_own_narrow_gate_is_refused_at_its_line(tmp_path):
    """A copied piecepack whose gateposts stand 15 mm apart (its own gate rule saying so, so the table
    check passes): refused at the layout file's line of the gate's post (in this process: the command
    line's exit 2 for a refused layout is test_a_bad_option_on_the_command_line_exits_2's)."""
    deck = tmp_path / "mypp"
    shutil.copytree(DECKS / "piecepack", deck)
    layout = deck / "tables" / "croquetnole.yaml"
    lines = []
    for row in layout.read_text().splitlines():     # every castle 0.35 tile nearer the middle, as the review did
        if "at: [" in row:
            x, y = (float(v) for v in re.search(r"at: \[([^]]+)\]", row).group(1).split(","))
            shift = (lambda v: v - 0.35 * (v > 0) + 0.35 * (v < 0)) if "gatepost" in row else \
                (lambda v: v - 0.35 * (v >= 2.5) + 0.35 * (v <= -2.5))
            row = re.sub(r"at: \[[^]]+\]", f"at: [{shift(x):g}, {shift(y):g}]", row)
        lines.append(row)
    text = "\n".join(lines).replace("is: 1 tile\n    says: the posts", "is: 15 mm\n    says: the posts") + "\n"
    layout.write_text(text)
    err = refused_here(lambda: _played({}, deck=str(deck)), file="croquetnole.yaml",
                       says=["gate of the table layout 'croquetnole' is 15.2 mm wide", "at least 21.05 mm apart"])
    line = int(re.search(r"line (\d+)", err).group(1))
    assert "gatepost" in text.splitlines()[line - 1]


# --- 2. unfinished games: a finding with its verdict ---------------------------------------------

def _run_of(winners: list[int | None]):
    from collections import Counter

    from printgen.games.croquetnole.game import GameResult
    from printgen.games.croquetnole.report import Run

    games = [GameResult(w, 100, 40, 400 if w is None else 10, [25] * 4, Counter(), {}) for w in winners]
    return Run("as laid out", games, [("defensive",) * 4], ["Moons", "Suns", "Crowns", "Arms"], 10.0)


def test_unfinished_games_are_a_warning_not_a_pass():
    from printgen.games.croquetnole.report import summary_lines, unfinished_verdict

    stuck = _run_of([None] * 8)
    assert unfinished_verdict(stuck).decision == "warning"
    text = "\n".join(summary_lines(stuck))
    assert "8 of 8 games reached the round limit of 400 rounds" in text and "at most 5 % of the games: warning" in text
    assert "no target was scored in any game" in text and "(mean): \n" not in text + "\n"
    ended = _run_of([0, 1, 2, 3] * 50)
    assert unfinished_verdict(ended).decision == "fine"
    text = "\n".join(summary_lines(ended))
    assert "unfinished:" not in text and re.search(r"every game ended within 400 rounds \(99 % interval 0-3\.2 %, "
                                                    r"against at most 5 % of the games: fine\)", text), text
    assert unfinished_verdict(_run_of([0, 1, 2, None])).decision == "undecided"


def test_a_run_whose_games_do_not_finish_exits_1():
    """The command's status and result line when every game reaches the round limit (-O rounds=1, so
    that no game can end: the physics is not what is tested)."""
    out, status = _played({"compare": "", "rounds": 1}, games=8)
    assert status == 1 and out.endswith("Result: games do not finish (exit status 1)")
    assert "8 of 8 games reached the round limit of 1 rounds" in out


# --- 3. every number -O sets, in its range, named as typed ---------------------------------------

@pytest.mark.parametrize("options, says", [
    ({"seconds": -5}, ["-O seconds=-5:", "more than 0"]),
    ({"seconds": 0}, ["-O seconds=0:", "more than 0"]),
    ({"gate": -40}, ["-O gate=-40:", "-O gate=-29.7 or more"]),
    ({"gate": 250}, ["-O gate=250:", "up to 200 mm"]),
    ({"table": -5}, ["-O table=-5:", "300 to 3000 mm"]),
    ({"aim": 90}, ["-O aim=90:", "0 to 45 degrees"]),
    ({"strength": -0.1}, ["-O strength=-0.1:"]),
    ({"mass": 0}, ["-O mass=0:"]),
    ({"coin_bounce": 1.5}, ["-O coin_bounce=1.5:"]),
    ({"ladder": "0.01"}, ["-O ladder=0.01:", "'0.01' is not one"]),
])
def test_an_option_out_of_range_is_refused_under_its_own_name(options, says):
    err = refused_here(lambda: _played(options), says=says)
    assert "compare=" not in err


def test_a_bad_option_on_the_command_line_exits_2(tmp_path):
    """End to end, a gate no coin passes: exit 2, one message, no traceback, nothing played."""
    outcome = run_limited(["validate", "piecepack", "--game", "croquetnole", "-O", "gate=-33"], tmp_path,
                          time_limit=60.0)
    assert_refused(outcome, says=["-O gate=-33", "-O gate=-29.7 or more"])
    assert "Castle Croquetnole played" not in outcome.out


def test_a_resized_or_regated_layout_keeps_the_changes_exact():
    """The gate's width moves one for one with -O gate (the hint's arithmetic rests on it)."""
    from printgen.games.croquetnole.table import narrowest, regated, smallest_square

    table = _table()
    for extra in (-20.0, -5.0, 0.0):            # wider, the doors (a tile-width) are the narrowest
        assert narrowest(regated(table, extra))[0] == pytest.approx(table.lengths["tile"] + extra)
    assert smallest_square(table) == pytest.approx(11 * table.lengths["tile"] + 2 * table.spare)


# --- 4. the skill ladder: the odd hand over every seat and line-up -------------------------------

def test_the_ladders_odd_hand_sits_at_every_seat_under_every_line_up(monkeypatch):
    """The games the rung plays (recorded, not played): over every 8 games the odd hand sits once at
    each seat under each of the two line-ups, so it plays each strategy in half its games; a win
    counts for it when its own seat wins."""
    from collections import Counter

    from printgen.games.croquetnole import report
    from printgen.games.croquetnole.game import GameResult
    from printgen.games.croquetnole.report import Settings, rung_verdict

    seen = []

    def fake(setup, games, seed, lineups, workers=1, hands=None):
        out = []
        for i in range(games):
            lineup, hand_set = lineups[i % len(lineups)], hands[i % len(hands)]
            odd = [s for s, h in enumerate(hand_set) if h.precision == 2.0] or [0]    # [0]: the run's own games
            if hand_set[odd[0]].precision == 2.0:
                seen.append((odd[0], lineup[odd[0]]))
            out.append(GameResult(odd[0] if i % 3 else (odd[0] + 1) % 4, 50, 20, 5, [12] * 4, Counter(), {}))
        return out

    monkeypatch.setattr(report, "play_games", fake)
    settings = Settings(compare="", ladder="2")
    rung = report.run(_table(), settings, 16, 1)[-1]
    assert Counter(seen) == Counter({(s, st): 2 for s in range(4) for st in ("defensive", "offensive")})
    assert rung.extra["odd_wins"] == sum(1 for i in range(16) if i % 3)
    assert Counter(st for _, st in seen) == {"defensive": 8, "offensive": 8}
    v = rung_verdict(rung)
    assert v.decision in ("fine", "warning", "undecided") and v.trials == 16


def test_each_ladder_line_carries_its_verdict():
    out, _ = _played({"compare": "", "ladder": 2}, games=4)
    line = next(x for x in out.splitlines() if x.startswith("   precision 2 among 1: wins"))
    assert re.search(r"\(99 % interval [\d.]+-[\d.]+ %, against a fair 25 %, give or take a quarter of it: "
                     r"(fine|warning|undecided)\)$", line), line


# --- 5. every bonus flick in a scripted position, asserted ----------------------------------------

def _scene(**coins):
    from test_croquetnole_rules import Scene

    return Scene(**coins)


MOONS_K, MOONS_G, SUNS_K = "coin-moons-null", "coin-moons-ace", "coin-suns-null"
CENTRE = (406.4, 406.4)
LEFT, RIGHT, UP = math.pi, 0.0, -math.pi / 2


def test_a_knight_scoring_the_door_gets_one_bonus_flick():
    s = _scene(**{MOONS_K: ((300.0, 406.4), 1)})
    s.state.players[0].step = 1                        # through the Suns gate: the door is next
    result = s.flick(MOONS_K, LEFT, 80)
    assert result.scored == ["door"] and result.bonus == [1]
    assert s.state.players[0].target == ("tower", 1)


def test_after_scoring_the_same_coin_struck_again_earns_two_flicks_again():
    s = _scene(**{MOONS_K: ((120.0, 150.0), None), SUNS_K: ((170.0, 150.0), None)})
    assert s.flick(MOONS_K, RIGHT, 60).bonus == [2]
    s.world.place(MOONS_K, (120.0, 150.0))
    s.world.place(SUNS_K, (170.0, 150.0))
    assert s.flick(MOONS_K, RIGHT, 60).bonus == []          # barred: nothing scored since
    s.world.place(MOONS_K, CENTRE)
    assert s.flick(MOONS_K, LEFT, 120).scored == ["gate in"]   # scores the Suns gate: the bar is lifted
    s.world.place(MOONS_K, (120.0, 150.0))
    s.world.place(SUNS_K, (170.0, 150.0))
    assert s.flick(MOONS_K, RIGHT, 60).bonus == [2]


@pytest.mark.parametrize("struck, next_turn", [("turn", [2]), ("scored", [])])
def test_the_bar_on_a_struck_coin_lasts_the_turn_or_until_it_scores(struck, next_turn):
    """The sheet's clarification (the rest of the turn) and -O struck=scored (kept from turn to turn):
    the turn is begun as game.py begins it."""
    from printgen.games.croquetnole.report import Settings
    from printgen.games.croquetnole.rules import Turn

    rules = Settings(struck=struck).rules()
    s = _scene(**{MOONS_K: ((120.0, 150.0), None), SUNS_K: ((170.0, 150.0), None)})
    for expected in ([2], next_turn):                  # two turns of the Moons knight
        s.turn = Turn(struck=s.state.barred(MOONS_K) if rules.struck == "scored" else set())
        s.world.place(MOONS_K, (120.0, 150.0))
        s.world.place(SUNS_K, (170.0, 150.0))
        assert s.flick(MOONS_K, RIGHT, 60).bonus == expected


@pytest.mark.parametrize("bonus, flicks", [("add", 3), ("max", 2)])
def test_a_flick_meeting_two_grants_earns_both_or_the_largest(bonus, flicks):
    """The Moons knight passes the Suns gate (one flick) and hits the Suns knight beyond it (two)."""
    from printgen.games.croquetnole.game import flicks_earned
    from printgen.games.croquetnole.report import Settings

    s = _scene(**{MOONS_K: (CENTRE, None), SUNS_K: ((318.0, 406.4), 1)})
    result = s.flick(MOONS_K, LEFT, 150)
    assert result.scored == ["gate in"] and sorted(result.bonus) == [1, 2]
    assert flicks_earned(Settings(bonus=bonus).rules(), result.bonus) == flicks


def test_croquet_kind_2_puts_the_knight_down_by_its_guard_towards_its_next_target():
    """The knight hits its own off-duty guard, the bot takes croquet kind 2: the knight is set down
    no more than a coin-width from the guard (clear of it), on the side of its next leg."""
    from printgen.games.croquetnole.bots import knight_goal
    from printgen.games.croquetnole.game import Setup, _place_for_croquet
    from printgen.games.croquetnole.rules import Rules

    s = _scene(**{MOONS_K: ((120.0, 150.0), None), MOONS_G: ((170.0, 150.0), None)})
    result = s.flick(MOONS_K, RIGHT, 60)
    assert result.croquet
    setup = Setup(s.court, s.world.physics, Rules(croquet="placed"))
    guard, before = s.world.at(MOONS_G), s.world.at(MOONS_K)
    aim, _ = setup.nav().next_leg(guard, knight_goal(s.state, 0, before))
    _place_for_croquet(setup, s.world, s.state, 0)
    at = s.world.at(MOONS_K)
    coin = s.court.coin
    assert at != before and s.state.counts["croquet: knight placed by its guard"] == 1
    assert coin <= math.dist(at, guard) <= 2 * coin                     # touching at most, a coin-width apart at most
    assert math.dist(at, aim) < math.dist(guard, aim)                  # on the side of where it goes next


# --- 8. the safety nets and the hand's fixed numbers as options ----------------------------------

def test_the_former_constants_reach_the_hand_the_physics_and_the_rules():
    from printgen.games.croquetnole.report import Settings

    settings = Settings(strongest=2.0, floor=0.5, rest=5.0, longest=3.0, per_coin=7, rounds=50)
    hand, physics, rules = settings.hand(), settings.physics(), settings.rules()
    assert (hand.strongest, hand.floor, physics.rest, physics.longest) == (2000.0, 0.5, 5.0, 3.0)
    assert (rules.per_coin, rules.rounds) == (7, 50)
    assert Settings().hand().strongest == 2500.0 and Settings().rules().rounds == 400


def test_a_flick_comes_out_no_weaker_than_the_floor_nor_stronger_than_the_strongest():
    import random

    from printgen.games.croquetnole.hand import Hand

    hand = Hand(strength_sd=0.9, strongest=1500.0, floor=0.5)
    speeds = [hand.flick(random.Random(i), 0.0, 1000.0)[1] for i in range(200)]
    assert min(speeds) == pytest.approx(500.0) and max(speeds) == pytest.approx(1500.0)


@pytest.mark.parametrize("options, says", [
    ({"per_coin": 2.5}, ["-O per_coin=2.5", "whole number"]),
    ({"rounds": 0}, ["-O rounds=0", "1 to 100000"]),
    ({"strongest": 8}, ["-O strongest=8 with -O step=0.00416667", "more than its width", "a smaller -O step"]),
    ({"floor": 0}, ["-O floor=0"]),
])
def test_a_former_constant_out_of_range_is_refused(options, says):
    refused_here(lambda: _played(options), says=says)


def test_a_layout_with_overlapping_tiles_says_each_problem_once(tmp_path):
    """A door tile moved onto a gatepost: the overlap and each of the three rules it breaks on one
    'fail:' line each, the overlap with its place in the file, and no second 'broken:' list."""
    from printgen.commands.tables import validate_tables

    deck = tmp_path / "mypp"
    shutil.copytree(DECKS / "piecepack", deck)
    layout = deck / "tables" / "croquetnole.yaml"
    text = layout.read_text()
    assert "{id: tile-moons-2,  at: [-1, 3]" in text
    layout.write_text(text.replace("{id: tile-moons-2,  at: [-1, 3]", "{id: tile-moons-2,  at: [-1, 1.5]"))
    out, status = validate_tables(str(deck), "croquetnole")
    fails = [line for line in out.splitlines() if line.startswith("   fail:")]
    assert status == 1 and "broken:" not in out and "Result: 4 broken (exit status 1)" in out
    assert len(fails) == 4 and "pass: no two pieces overlap" not in out
    assert re.match(r"   fail: .*croquetnole\.yaml, line \d+: no two pieces may overlap: the Moons 4 tile "
                    r"\(tile-moons-4\) and the Moons 2 tile \(tile-moons-2\) overlap by 25\.4 mm$", fails[0]), fails[0]
    assert sum("the Moons gate is one tile-width from the Moons door" in line for line in out.splitlines()) == 1
