"""The skill ladder's duplicate deals: the games of one deal start from the same cards with the
seats turned, and the rung's interval is drawn from the deals (printgen.sim.stats.clustered_wilson),
checked on a worked example, against Student's t tables, and for its coverage on made-up deals."""

from __future__ import annotations

import math
import random

import pytest

from printgen.games.registry import get_game
from printgen.model.load import load_deck
from printgen.sim.engine import bot_for, play
from printgen.sim.ladder import BETTER, NO_BETTER, WORSE, deal_wins, judge_rung, rung_lineup
from printgen.sim.report import Result
from printgen.sim.runner import batches, deal_of, execute, seated
from printgen.sim.stats import DEFF_FLOOR, Z95, clustered_wilson, t_for, wilson
from printgen.sim.verdicts import UNDECIDED, looking


def first_tables(name: str, deck: str, players: int, indices: range, deals: bool) -> list[tuple]:
    """What every seat knows at the first decision of each game (its own cards among it)."""
    game = get_game(name)
    prepared = game.prepare(load_deck(deck), game.variants[0], game.read_options(game.variants[0], {}))
    lineup = rung_lineup("greedy", "random", players)
    seen: list[tuple] = []
    for index in indices:
        first: list[tuple] = []

        def watch(step, state, seat, action, first=first, game=game):
            if step == 0:
                first.append(tuple(game.information(state, s) for s in range(players)))

        play(game, prepared, players, 1, index, [bot_for(b, game) for b in seated(lineup, index)], watch=watch,
             deal=deal_of(index, players) if deals else None)
        seen.append(first[0])
    return seen


@pytest.mark.parametrize(("name", "deck", "players"), [("casita", "spanish", 2), ("conquian", "spanish", 2),
                                                       ("drafting", "standard", 4)])
def test_the_games_of_one_deal_start_from_the_same_cards(name, deck, players):
    tables = first_tables(name, deck, players, range(2 * players), deals=True)
    assert all(t == tables[0] for t in tables[:players])                 # deal 0, every rotation
    assert all(t == tables[players] for t in tables[players:])           # deal 1
    assert tables[0] != tables[players]
    plain = first_tables(name, deck, players, range(players), deals=False)
    assert len(set(plain)) == players                                     # without deals, each game its own


def test_duplicate_games_replay_and_seat_the_higher_rung_once_a_deal():
    game = get_game("conquian")
    lineup = rung_lineup("greedy", "random", 2)
    work = batches(game, "basic", "spanish", {}, 2, 12, 7, lineup, 5, deals=True)
    first, again = execute(work), execute(batches(game, "basic", "spanish", {}, 2, 12, 7, lineup, 12, deals=True))
    assert first == again                                                 # the batch cut changes nothing
    per_deal = deal_wins(first, lineup)
    assert len(per_deal) == 6 and all(k == 2 for _, k in per_deal if k)
    assert sum(w for w, _ in per_deal) == pytest.approx(sum(
        1 / len(r.winners) for r in first if seated(lineup, r.index).index("greedy") in r.winners))


def test_deal_wins_groups_by_deal_and_leaves_stopped_games_out():
    lineup = rung_lineup("search:4", "greedy", 2)
    games = [Result(0, 2, 10, False, [1.0, 0.0], [0], [5, 5], 0, 0),        # deal 0: the higher rung wins at seat 0
             Result(1, 2, 10, False, [1.0, 1.0], [0, 1], [5, 5], 0, 0),     # and shares the second game's win
             Result(2, 2, 10, False, [0.0, 1.0], [1], [5, 5], 0, 0),        # deal 1: loses at seat 0
             Result(3, 2, 9999, True, [0.0, 0.0], [], [5, 5], 0, 0)]        # and is stopped at seat 1
    assert deal_wins(games, lineup) == [(1.5, 2), (0.0, 1)]


def test_the_interval_on_deals_is_the_worked_example():
    """Four deals of two games, 1, 2, 0 and 2 wins: share 5/8; the ratio estimator's variance
    4/3 * (0.25^2 + 0.75^2 + 1.25^2 + 0.75^2) / 8^2; the binomial one 5/8 * 3/8 / 8; the effective
    games 8 / (their ratio), times (1.96 / 3.18245)^2 (Student's t, 3 degrees of freedom, 95 %, from tables)."""
    variance = 4 / 3 * (0.25 ** 2 + 0.75 ** 2 + 1.25 ** 2 + 0.75 ** 2) / 64
    effective = 8 / (variance / (5 / 8 * 3 / 8 / 8)) * (Z95 / 3.18245) ** 2
    low, high, eff = clustered_wilson([(1, 2), (2, 2), (0, 2), (2, 2)], Z95)
    assert eff == pytest.approx(effective, rel=1e-4)
    assert (low, high) == pytest.approx(wilson(5 / 8 * effective, effective, Z95), rel=1e-4)


@pytest.mark.parametrize(("df", "z", "t"), [(1, Z95, 12.706), (3, Z95, 3.182), (9, Z95, 2.262), (4, 3.0902, 7.173),
                                           (30, 3.0902, 3.385)])
def test_student_quantiles_match_the_tables(df, z, t):
    assert t_for(z, df) == pytest.approx(t, abs=2e-3)


def test_agreeing_deals_cannot_make_the_interval_a_point():
    """Ten deals each split 1-1: no spread at all, yet the design effect is floored, so the interval
    keeps a width (the games counted at most 1 / DEFF_FLOOR times)."""
    low, high, eff = clustered_wilson([(1, 2)] * 10, Z95)
    assert eff == pytest.approx(20 / DEFF_FLOOR * (Z95 / t_for(Z95, 9)) ** 2)
    assert low < 0.5 - 0.1 and high > 0.5 + 0.1
    assert clustered_wilson([(2, 2)], Z95) == (0.0, 1.0, 0.0)                 # one deal: no spread to judge


def test_the_interval_on_deals_covers_the_truth_as_often_as_it_says():
    """Made-up duplicate deals of two games whose luck is shared (a deal favours one seat, which the
    higher rung holds in one of its two games): over 1,500 rungs of 10 deals the 90 % interval misses
    the true share 0.6 about 10 % of the time (at most 13 %), where Wilson over the games as if
    independent would miss far less (too wide) — the clusters are judged as they are."""
    rng = random.Random(3)
    z = 1.6449
    misses = wide = 0
    for _ in range(1500):
        deals = []
        for _ in range(10):
            luck = rng.choice((0.35, -0.35, 0.0))                   # the deal favours seat 0, seat 1, or neither
            wins = sum(rng.random() < 0.6 + (luck if game == 0 else -luck) for game in range(2))
            deals.append((float(wins), 2))
        low, high, _ = clustered_wilson(deals, z)
        misses += not low <= 0.6 <= high
        plain = wilson(sum(w for w, _ in deals), 20, z)
        wide += (plain[1] - plain[0]) > (high - low)
    assert 0.05 <= misses / 1500 <= 0.13
    assert wide > 750                       # the deals' interval is the narrower in most rungs


def test_a_rung_is_called_on_the_band_top_alone():
    """2 players, band 37.5-62.5 %: better above it, worse below it, no better when the interval is
    not above its top even if it reaches across the bottom, undecided across the top."""
    with looking(1):
        assert judge_rung("greedy", "random", 2, [(2, 2)] * 160 + [(1, 2)] * 40).call == BETTER
        assert judge_rung("greedy", "random", 2, [(0, 2)] * 160 + [(1, 2)] * 40).call == WORSE
        wide = judge_rung("search:4", "greedy", 2, [(1, 2)] * 30 + [(0, 2)] * 20 + [(2, 2)] * 5)
        assert wide.verdict.low < 0.375 and wide.verdict.high <= 0.625 and wide.call == NO_BETTER
        edge = judge_rung("greedy", "random", 2, [(1, 2)] * 100 + [(2, 2)] * 25 + [(0, 2)] * 5)
        assert edge.verdict.low < 0.625 < edge.verdict.high and edge.call == UNDECIDED
        assert edge.deals == 130 and edge.as_dict()["deals"] == 130
    assert math.isclose(edge.verdict.rate, 150 / 260)


@pytest.mark.parametrize(("calls", "hopeless_"), [
    ([UNDECIDED, UNDECIDED, NO_BETTER], True),      # not at all or skill pays, whatever search:4B shows
    ([UNDECIDED], False),                             # three better search rungs would make it pay
    ([BETTER, NO_BETTER], False),                     # little, or pays with one more better rung
    ([UNDECIDED, NO_BETTER, NO_BETTER], True),        # not at all or little, and search:4B cannot settle it
])
def test_the_ladder_stops_climbing_when_no_rung_left_could_decide_it(calls, hopeless_):
    from printgen.sim.ladder import hopeless

    assert hopeless(calls, 4) is hopeless_


def test_a_rung_on_the_band_top_is_looked_at_no_further():
    """60 % of 160 games (2 players, top 62.5 %) lies within half of 320 games' half-width of the top,
    so the rung stops; at 160 games it is the last look anyway; a share far from the top is kept."""
    from printgen.sim.ladder import futile

    with looking(5):
        edge = judge_rung("search:4", "greedy", 2, [(2, 2)] * 28 + [(1, 2)] * 40 + [(0, 2)] * 12).verdict
        assert edge.low < 0.625 < edge.high and futile(edge, 320) and not futile(edge, 160)
        far = judge_rung("search:4", "greedy", 2, [(2, 2)] * 2 + [(1, 2)] * 3 + [(0, 2)] * 3).verdict
        assert far.low < 0.625 < far.high and not futile(far, 320)
