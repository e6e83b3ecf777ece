"""The skill ladder (validate --skill): the verdict read from the rungs' intervals, the higher
rung's share counted seat by seat as the runner seats it, and the ladder played through the real
command on a quick game (Conquian) with tiny budgets: every rung in the table, the JSON and the
chart, the same seed giving the same ladder."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli
from pdfcheck import page_text, squash

from printgen.commands.validate_skill import GAME_WORK, QUICK_RUNG
from printgen.sim.ladder import (
    BETTER,
    LITTLE,
    NO_BETTER,
    NOT_AT_ALL,
    PAYS,
    WORSE,
    game_work,
    higher_share,
    judge_rung,
    ladder_verdict,
    rung_games,
    rung_lineup,
    rungs,
    settled,
    verdict_words,
    work,
)
from printgen.sim.report import Result
from printgen.sim.runner import seated
from printgen.sim.verdicts import UNDECIDED, looking

U = UNDECIDED


@pytest.mark.parametrize(("calls", "verdict"), [
    ([BETTER, BETTER, BETTER, BETTER], PAYS),
    ([BETTER, BETTER, NO_BETTER, NO_BETTER], PAYS),          # half the rungs, one a search rung
    ([NO_BETTER, BETTER, WORSE, BETTER], PAYS),
    ([BETTER, NO_BETTER, NO_BETTER, NO_BETTER], LITTLE),     # only greedy over random
    ([BETTER, NO_BETTER, WORSE, NO_BETTER], LITTLE),
    ([NO_BETTER, BETTER, NO_BETTER, NO_BETTER], LITTLE),     # one rung of four is not most
    ([BETTER, BETTER, NO_BETTER], PAYS),
    ([NO_BETTER, BETTER], PAYS),                               # a ladder of one search rung: half, and searching
    ([BETTER, NO_BETTER], LITTLE),                             # half, but only the rule of thumb
    ([NO_BETTER, NO_BETTER, WORSE, NO_BETTER], NOT_AT_ALL),
    ([BETTER, U, NO_BETTER, NO_BETTER], U),                  # little, or skill pays if the rung is better
    ([NO_BETTER, U, NO_BETTER, NO_BETTER], U),               # not at all, or little
    ([BETTER, BETTER, BETTER, U], PAYS),                     # pays however the last rung goes
    ([BETTER, U, U, NO_BETTER], U),
    ([NO_BETTER, NO_BETTER, NO_BETTER, U], U),
])
def test_the_game_verdict_is_the_one_every_undecided_rung_agrees_on(calls, verdict):
    assert ladder_verdict(calls) == verdict


@pytest.mark.parametrize(("calls", "done"), [
    ([BETTER], False),                                  # little or skill pays: climb on
    ([BETTER, BETTER], True),                           # skill pays, whatever search:2B and 4B show
    ([NO_BETTER, BETTER], False),                       # little, or skill pays if one more rung is better
    ([BETTER, NO_BETTER, NO_BETTER], False),            # the last rung could still make it pay
    ([BETTER, NO_BETTER, NO_BETTER, NO_BETTER], True),
    ([NO_BETTER, WORSE, NO_BETTER], False),             # not at all, or little
])
def test_the_ladder_is_climbed_only_while_its_verdict_is_open(calls, done):
    assert settled(calls, 4) is done
    rest = 4 - len(calls)
    if done:        # the rungs left out could have shown anything
        assert ladder_verdict(calls + [BETTER] * rest) == ladder_verdict(calls + [WORSE] * rest) != U


def test_an_undecided_verdict_names_what_it_lies_between():
    assert verdict_words([BETTER, U, NO_BETTER, NO_BETTER]) == "undecided (between little and skill pays)"
    assert verdict_words([NO_BETTER] * 3 + [WORSE]) == NOT_AT_ALL


def as_deals(wins: int, games: int, players: int) -> list[tuple[float, int]]:
    """`wins` of `games` spread over deals of `players` games, as evenly as counts allow."""
    deals = games // players
    return [(float(wins // deals + (d < wins % deals)), players) for d in range(deals)]


def test_a_rung_is_judged_by_its_interval_against_the_no_skill_band():
    """Counts, not point estimates: against a 2-player band of 37.5-62.5 %, 55 % of 1,000 lies
    inside, 60 % of 1,000 reaches across its top, 70 % of 1,000 lies above it; 70 % of 10 cannot tell."""
    with looking(1):
        assert judge_rung("greedy", "random", 2, as_deals(900, 1000, 2)).call == BETTER
        assert judge_rung("greedy", "random", 2, as_deals(500, 1000, 2)).call == NO_BETTER
        assert judge_rung("greedy", "random", 2, as_deals(550, 1000, 2)).call == NO_BETTER
        assert judge_rung("greedy", "random", 2, [(2, 2)] * 200 + [(1, 2)] * 200 + [(0, 2)] * 100).call == U
        assert judge_rung("greedy", "random", 2, as_deals(700, 1000, 2)).call == BETTER
        assert judge_rung("greedy", "random", 2, as_deals(7, 10, 2)).call == U
        assert judge_rung("greedy", "random", 2, as_deals(100, 1000, 2)).call == WORSE
        four = judge_rung("search:50", "search:25", 4, as_deals(400, 1000, 4))      # fair 25 %: band 18.75-31.25 %
        assert four.call == BETTER and four.verdict.band == pytest.approx((0.1875, 0.3125))
        assert four.as_dict()["win_share"] == 0.4


def test_the_higher_rung_is_counted_at_the_seat_it_played_and_ties_are_shared():
    lineup = rung_lineup("greedy", "random", 3)
    assert lineup == ("greedy", "random", "random")
    games = []
    for i in range(6):
        seat = seated(lineup, i).index("greedy")
        games.append(Result(i, 3, 10, False, [0.0] * 3, [seat], [5] * 3, 0, 0))   # greedy wins games 0-5
    games.append(Result(6, 3, 10, False, [0.0] * 3, [0, 1, 2], [5] * 3, 0, 0))   # a three-way tie: 1/3
    games.append(Result(7, 3, 10, False, [0.0] * 3, [(seated(lineup, 7).index("greedy") + 1) % 3], [5] * 3, 0, 0))
    games.append(Result(8, 3, 9999, True, [0.0] * 3, [], [5] * 3, 0, 0))          # stopped: left out
    wins, ended, stopped = higher_share(games, lineup)
    assert (wins, ended, stopped) == (pytest.approx(6 + 1 / 3), 8, 1)


def test_ladder_names_and_games_round_to_whole_turns_of_the_table():
    assert rungs(25, 3) == ["random", "greedy", "search:25", "search:50", "search:100"]
    assert rung_games(30, 4) == 32 and rung_games(30, 3) == 30 and rung_games(1, 5) == 5


QUICK = ("--game", "conquian", "--variant", "basic", "--games", "20", "--looks", "1", "--skill",
         "--skill-games", "8", "--budget", "2", "-q")


def test_the_ladder_in_the_report_json_and_chart(tmp_path):
    out = tmp_path / "figures.json"
    chart = tmp_path / "chart.pdf"
    run = run_cli("validate", "spanish", *QUICK, "--json", str(out), "--chart", str(chart))
    assert run.code in (0, 1), run.err
    lines = run.out.splitlines()
    head = next(i for i, line in enumerate(lines) if "skill ladder, 2 players:" in line)
    table = [line.split() for line in lines[head + 2:head + 5]]
    assert [(row[0], row[1]) for row in table] == [("greedy", "random"), ("search:2", "greedy"),
                                                   ("search:4", "search:2")]
    skill = json.loads(out.read_text())["sections"][0]["skill"]
    ladder = skill["2"]
    # three rungs undecided at 8 games: no way the last could fall decides the verdict, so it is left out
    assert [r["bot"] for r in ladder["rungs"]] == ["greedy", "search:2", "search:4"]
    assert ladder["unplayed"] == ["search:8 against search:4"] and ladder["unplayed_hopeless"]
    assert "stays undecided whatever they show: search:8 against search:4" in run.out
    assert "why undecided: greedy against random wins" in run.out
    # greedy against random, no seat searching, plays QUICK_RUNG times the games of a search rung
    assert [r["games"] + r["stopped"] for r in ladder["rungs"]] == [8 * QUICK_RUNG, 8, 8]
    assert ladder["verdict"] == ladder_verdict([r["verdict"] for r in ladder["rungs"]])
    for row, rung in zip(table, ladder["rungs"]):
        assert row[-1] == rung["verdict"].split()[-1]        # 'no better' ends in 'better'
    drawn = squash(page_text(chart, 1))
    assert "skill ladder" in drawn and f"2 players: {ladder['words']}" in drawn

    again = tmp_path / "again.json"
    assert run_cli("validate", "spanish", *QUICK, "--json", str(again)).code in (0, 1)
    assert json.loads(again.read_text())["sections"][0]["skill"] == skill


@pytest.mark.parametrize(("args", "said"), [
    (("--skill-games", "0"), "--skill-games 0"),
    (("--budget", "0"), "--budget 0"),
])
def test_bad_ladder_numbers_are_refused_before_any_game(args, said):
    run = run_cli("validate", "spanish", "--game", "conquian", "--skill", *args)
    assert run.code == 2 and said in run.err and "Traceback" not in run.err


def test_budget_with_no_search_seat_and_no_ladder_is_refused():
    """With --skill, --budget sets the ladder (QUICK gives both); without it and no search seat it sets nothing."""
    run = run_cli("validate", "spanish", "--game", "conquian", "--budget", "3", "--games", "5", "--looks", "1", "-q")
    assert run.code == 2 and "no seat plays 'search'" in run.err


@pytest.mark.parametrize(("args", "said"), [
    (("validate", "piecepack", "--skill"), "so --skill does not apply"),
    (("validate", "piecepack", "--skill-games", "5"), "so --skill-games does not apply"),
    (("validate", "spanish", "--game", "casita", "--players", "2", "--skill", "--replay", "1"),
     "--skill plays a ladder of many"),
])
def test_skill_where_no_ladder_can_be_climbed_is_refused(args, said):
    run = run_cli(*args)
    assert run.code == 2 and said in run.err and "Traceback" not in run.err


def test_the_work_of_a_rung_is_the_playout_moves_its_games_counted():
    games = [Result(i, 2, 10, False, [0.0, 0.0], [0], [5, 5], 0, 0, work=w) for i, w in enumerate((300, 0, 1200))]
    assert work(games) == 1500 and work(games[1:2]) == 0
    assert game_work(games) == 500 and game_work([]) == 0


def test_a_search_rung_is_spread_over_the_workers():
    """A search line-up's games take seconds each: 20 of them are cut for two workers, not played
    as one batch on one core as 20 games of greedy players are."""
    from printgen.sim.runner import chunk_size

    assert chunk_size(20, 2, ("search:10", "greedy")) == 3 and chunk_size(20, 2, ("greedy", "random")) == 50
    assert chunk_size(20_000, 2, ("search:10", "greedy")) == chunk_size(20_000, 2) == 2_000


def test_an_undecided_rung_is_played_again_with_twice_the_games(tmp_path):
    """Four games cannot decide a 2-player rung (all four won is still within chance's reach at
    this width), so with two looks every rung is played again, to eight games."""
    out = tmp_path / "figures.json"
    args = [a for a in QUICK if a not in ("--looks", "1", "--skill-games", "8")]
    run = run_cli("validate", "spanish", *args, "--looks", "2", "--skill-games", "4", "--json", str(out))
    assert run.code in (0, 1), run.err
    rungs_played = json.loads(out.read_text())["sections"][0]["skill"]["2"]["rungs"]
    assert [(r["games"] + r["stopped"], r["looks"]) for r in rungs_played] == [(8 * QUICK_RUNG, 2)] + [(8, 2)] * 2
    assert "greedy 2 looks" in run.out


def test_the_json_says_how_the_ladder_was_climbed(tmp_path):
    out = tmp_path / "figures.json"
    assert run_cli("validate", "spanish", *QUICK, "--json", str(out)).code in (0, 1)
    said = json.loads(out.read_text())["skill"]
    assert said["rungs"] == ["random", "greedy", "search:2", "search:4", "search:8"] and said["games"] == 8
    plain = tmp_path / "plain.json"
    assert run_cli("validate", "spanish", "--game", "conquian", "--games", "10", "--looks", "1", "-q",
                   "--json", str(plain)).code in (0, 1)
    data = json.loads(plain.read_text())
    assert data["skill"] is None and data["sections"][0]["skill"] == {}


def test_the_ladder_is_climbed_at_the_smallest_count_unless_counts_are_named():
    from printgen.commands.validate_skill import ladder_counts

    assert ladder_counts([4, 3, 5], None, None) == [3]
    assert ladder_counts([3, 4], "3-4", None) == [3, 4]
    assert ladder_counts([4], None, "search,greedy,greedy,greedy") == [4]


@pytest.mark.parametrize(("name", "deck", "players"), [("lombre", "spanish", 3), ("cromwell", "cromwell", 3)])
def test_a_game_records_every_move_its_search_seats_played(name, deck, players, monkeypatch):
    """Result.work, what the ladder judges a rung's cost by, against a count of its own: every
    move applied to a state other than the game's own (the searches' determinisations, in the
    tree and in the playouts) and one for dealing each determinisation. L'Ombre's playouts end with
    the hand (Game.horizon) and skip the bid (Game.searched); Cromwell's run to the game's end."""
    from printgen.games.registry import get_game
    from printgen.model.load import load_deck
    from printgen.sim.engine import bot_for, play

    game = get_game(name)
    variant = game.variants[0]
    prepared = game.prepare(load_deck(deck), variant, game.read_options(variant, {}))
    kind, real, counted = type(game), [], [0]
    setup, apply, determinize = kind.setup, kind.apply, kind.determinize

    def own_setup(self, *args):
        real.append(setup(self, *args))
        return real[-1]

    def counting_apply(self, state, action):
        counted[0] += state is not real[-1]
        apply(self, state, action)

    def counting_determinize(self, *args):
        counted[0] += 1
        return determinize(self, *args)

    monkeypatch.setattr(kind, "setup", own_setup)
    monkeypatch.setattr(kind, "apply", counting_apply)
    monkeypatch.setattr(kind, "determinize", counting_determinize)
    seats = [bot_for("search:3", game)] + [bot_for("greedy", game)] * (players - 1)
    result = play(game, prepared, players, 1, 0, seats)
    assert result.work == counted[0] > 1000
    assert play(game, prepared, players, 1, 0, [bot_for("greedy", game)] * players).work == 0


def ladder_json(tmp_path, *args: str) -> dict:
    """The skill ladder of the one section of an in-process validate run (so a test can patch the caps)."""
    from conftest import ROOT

    from printgen.commands.cli import run

    out = tmp_path / "figures.json"
    code = run(["validate", str(ROOT / "decks" / "spanish"), *args, "--looks", "1", "--skill", "-q",
                "--json", str(out)])
    assert code in (0, 1)
    return next(iter(json.loads(out.read_text())["sections"][0]["skill"].values()))


def test_lombre_climbs_its_search_rungs_as_their_playouts_end_with_the_hand(tmp_path):
    """L'Ombre's playouts end with the hand, a twelfth of a session: its search:12 rung costs tens
    of thousands of playout moves a game, counted, where a reckoning of half a session a playout
    (the one this replaced) made it 1,254,400, over the cap of a million, and left it out as too
    costly. About 2 s of processor time."""
    ladder = ladder_json(tmp_path, "--game", "lombre", "--games", "3", "--skill-games", "3", "--budget", "3",
                         "--workers", "1")
    assert [r["bot"] for r in ladder["rungs"]] == ["greedy", "search:3", "search:6", "search:12"]
    assert ladder["unplayed_game_work"] == 0
    works = [r["work"] / r["games"] for r in ladder["rungs"][1:]]
    assert 0 < works[0] < works[1] < works[2] < GAME_WORK / 5


def test_a_rung_whose_first_deal_costs_too_much_is_left_out(tmp_path, monkeypatch, capsys):
    """The cost is measured on the rung's first deal, and a rung over the cap is left out with the
    rungs above it, the report saying what a game would cost."""
    import printgen.commands.validate_skill as validate_skill

    monkeypatch.setattr(validate_skill, "GAME_WORK", 50)
    ladder = ladder_json(tmp_path, "--game", "conquian", "--variant", "basic", "--games", "20",
                         "--skill-games", "8", "--budget", "2")
    assert [r["bot"] for r in ladder["rungs"]] == ["greedy"]
    assert ladder["unplayed"] == ["search:2 against greedy", "search:4 against search:2", "search:8 against search:4"]
    assert ladder["unplayed_game_work"] > 50
    assert "not played, as the first of them cost" in capsys.readouterr().out
