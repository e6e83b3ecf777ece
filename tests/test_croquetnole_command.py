"""`printgen validate piecepack --game croquetnole`: the layout measured, then played, with the
changed layouts beside it; --replay with --chart draws one game; what does not apply is refused."""

from __future__ import annotations

from functools import cache

import pytest
from badinput import assert_refused, refused_here, run_limited


@cache
def _table():
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck
    from printgen.model.tablelayout import load_table

    deck = load_deck("piecepack", ALL_CARDS)
    return load_table(deck, load_layout(deck.layout, deck), "croquetnole")


def test_the_report_plays_the_layout_and_a_changed_one():
    """The report as `validate piecepack --game croquetnole --games 2 --precision 2 -O ...` prints it
    (in this process: the command line's own run is the replay test's)."""
    from printgen.commands.croquetnole import validate_played
    from printgen.commands.tables import report
    from printgen.commands.validate import ValidateOptions

    opts = ValidateOptions(game="croquetnole", games=2,
                           options={"compare": "gate:-6", "seconds": 12, "ladder": 0.5})
    played = validate_played("piecepack", "croquetnole", opts, 2.0, None, None, None, report)
    assert played is not None
    out, status = played
    assert status in (0, 1)
    assert "Result: passes" in out                   # the layout's geometry, as before
    assert "2 games (seed 1)" in out and "precision 2 (aim spread 1.5 degrees" in out
    assert "at 12 s a flick" in out and "the seed's 30 to 45 minutes" in out
    assert "seat wins: Moons" in out and "knight flicks to score each target" in out
    assert "gates 6 mm narrower" in out and "   as laid out" in out
    assert "Skill ladder" in out and "precision 0.5 among 2: wins" in out
    assert validate_played("piecepack", None, opts, None, None, None, None, report) is None


def test_the_figures_file_holds_the_report_figures(tmp_path):
    """`--json FILE` (in this process, 4 games and 2 on a changed layout): the same figures as the
    text, each verdict with the counts behind its interval."""
    import json

    from printgen.commands.croquetnole import validate_played
    from printgen.commands.tables import report
    from printgen.commands.validate import ValidateOptions

    figures = tmp_path / "croq.json"
    opts = ValidateOptions(game="croquetnole", games=4, options={"compare": "gate:-6", "ladder": 2})
    played = validate_played("piecepack", "croquetnole", opts, None, None, None, str(figures), report)
    assert played is not None
    text, status = played
    data = json.loads(figures.read_text())
    assert data["deck"] == "piecepack" and data["game"] == "croquetnole" and data["status"] == status
    assert data["seed"] == 1 and data["games"] == 4 and data["settings"]["compare"] == "gate:-6"
    base, narrow = data["layouts"]
    assert base["layout"] == "as laid out" and narrow["layout"] == "gates 6 mm narrower" and narrow["games"] == 2
    assert f"median {base['flicks']['median']:.0f} flicks" in text
    seats = base["seat_wins"]
    assert list(seats) == ["Moons", "Suns", "Crowns", "Arms"]
    assert sum(v["successes"] for v in seats.values()) == seats["Moons"]["trials"] == 4 - base["unfinished"]
    for v in seats.values():
        assert v["interval"][0] <= v["rate"] <= v["interval"][1] and v["decision"] in ("fine", "warning", "undecided")
    assert base["rules_per_game"]["scored: gate in"] > 0 and "gate in" in base["knight_flicks_to_score"]
    assert data["ladder"][0]["precision"] == 2 and data["ladder"][0]["wins"]["trials"] <= 4


def test_a_replay_draws_the_coins_paths(tmp_path):
    chart = tmp_path / "game.png"
    outcome = run_limited(["validate", "piecepack", "--game", "croquetnole", "--replay", "2", "--chart", str(chart)],
                          tmp_path, time_limit=60.0)
    assert outcome.code == 0, outcome.err
    assert "game 2 of 200 (seed 1)" in outcome.out and "flicks by seat" in outcome.out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, says", [
    (["--players", "3"], ["so --players does not apply", "physics simulation"]),
    (["--chart", "x.png"], ["--chart", "with --replay N"]),
    (["--json", "x.json", "--replay", "1"], ["--json with --replay", "one game"]),
])
def test_what_the_croquetnole_run_cannot_use_is_refused(tmp_path, args, says):
    outcome = run_limited(["validate", "piecepack", "--game", "croquetnole", "--games", "2", *args], tmp_path,
                          time_limit=30.0)
    assert_refused(outcome, says=says)


@pytest.mark.parametrize("options, precision, says", [
    ({"precison": 2}, None, ["no option 'precison'", "precision"]),
    ({}, 0.0, ["precision 0", "from 0.05"]),
    ({"precision": 1.5}, 2.0, ["--precision 2 and -O precision=1.5 disagree"]),
    ({"mu": "lots"}, None, ["-O mu=lots", "a number"]),
])
def test_a_bad_option_is_refused_by_name(options, precision, says):
    from printgen.commands.croquetnole import settings_from
    from printgen.games.croquetnole.hand import Hand

    refused_here(lambda: Hand(settings_from(options, precision).precision), says=says)


@pytest.mark.parametrize("settings, says", [
    ({"strategies": "sneaky"}, ["strategies=sneaky", "mixed"]),
    ({"compare": "gate:x"}, ["compare=gate:x", "gate:MM"]),
    ({"mu": 5.0}, ["-O mu=5", "more than 0 and at most 2"]),
    ({"bonus": "all"}, ["bonus=all"]),
])
def test_a_setting_out_of_range_is_refused_before_any_game(settings, says):
    from printgen.games.croquetnole.report import Settings, run
    from printgen.games.croquetnole.table import court as court_of

    table = _table()
    refused_here(lambda: run(table, Settings(**settings), 0, 1), says=says)
    assert court_of(table).castles


def test_precision_is_refused_for_a_card_game(tmp_path):
    outcome = run_limited(["validate", "cromwell", "--games", "2", "--precision", "2"], tmp_path, time_limit=30.0)
    assert_refused(outcome, says=["--precision 2", "only Castle Croquetnole"])
