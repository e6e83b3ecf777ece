"""printgen.sim.agreement: the two-sample comparison a data game and its hand-written twin must pass.

Shown to fail and to pass: a shipped game agrees with itself (played with other seeds), and a
version of it changed by one rule option disagrees, on the measure that option changes; on samples
made with random.Random, equal distributions are falsely told apart at most about alpha of the time
over the whole family of tests, and a real shift is found. The statistics are checked against a
second way of computing each.
"""

from __future__ import annotations

import itertools
import math
import random
from functools import cache
from typing import Any

import pytest

from printgen.games.registry import get_game
from printgen.model.load import load_deck
from printgen.sim.agreement import ALPHA, Sample, agreement, agreements, compare, play_sample
from printgen.sim.report import Result
from printgen.sim.stats import chi2_sf, holm, mann_whitney, mean_difference, two_proportions


@cache
def _spanish() -> Any:
    return load_deck("decks/spanish")


def side(name: str, variant: str, **options: Any) -> tuple[Any, Any]:
    game = get_game(name)
    return game, game.prepare(_spanish(), variant, game.read_options(variant, options))


# -- the statistics against a second way of computing them -------------------------------------------

def test_mann_whitney_u_counts_the_pairs_and_its_p_follows_z() -> None:
    rng = random.Random(5)
    x = [rng.randint(0, 6) for _ in range(40)]
    y = [rng.randint(1, 7) for _ in range(30)]
    u, z, p = mann_whitney(x, y)
    pairs = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a, b in itertools.product(x, y))
    assert u == pytest.approx(pairs)
    assert z < 0 and p == pytest.approx(math.erfc(abs(z) / math.sqrt(2)))
    assert mann_whitney(y, x)[1] == pytest.approx(-z)
    # every value tied: nothing to tell apart; two constants: the ranks separate them, and the tie
    # correction (variance n1 n2 / 12 * (n + 1 - sum(t^3 - t) / (n (n - 1)))) makes z exactly this
    assert mann_whitney([3.0] * 10, [3.0] * 12) == (60.0, 0.0, 1.0)
    var = 10 * 12 / 12 * (23 - (10 ** 3 - 10 + 12 ** 3 - 12) / (22 * 21))
    assert mann_whitney([3.0] * 10, [4.0] * 12)[1] == pytest.approx((0 - 60) / math.sqrt(var))


def test_two_proportions_is_the_chi_square_of_the_two_by_two_table() -> None:
    k1, n1, k2, n2 = 37, 120, 58, 130
    z, p = two_proportions(k1, n1, k2, n2)
    table = [[k1, n1 - k1], [k2, n2 - k2]]
    total = n1 + n2
    cols = [k1 + k2, total - k1 - k2]
    chi2 = sum((table[i][j] - (n1, n2)[i] * cols[j] / total) ** 2 / ((n1, n2)[i] * cols[j] / total)
               for i in range(2) for j in range(2))
    assert z * z == pytest.approx(chi2)
    assert p == pytest.approx(chi2_sf(chi2, 1), rel=1e-9)
    assert two_proportions(0, 50, 0, 70) == (0.0, 1.0)


def test_holm_steps_down_and_never_lets_a_larger_p_pass_a_smaller_one() -> None:
    adjusted = holm([0.01, 0.04, 0.03, 0.005])
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5]) == [0.5]


def test_mean_difference_interval_is_z_standard_errors_wide() -> None:
    x, y = [1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 4.0, 4.0]
    diff, low, high = mean_difference(x, y, 2.0)
    se = math.sqrt((5 / 3) / 4 + (4 / 3) / 4)
    assert diff == pytest.approx(-0.5) and (low, high) == pytest.approx((-0.5 - 2 * se, -0.5 + 2 * se))


# -- the whole family on synthetic games: false alarms near alpha, and a real shift found ---------------

CARDS = ["A", "B", "C", "D", "E", "E", "F", "G", "H", "I", "J", "K"]      # "E" has two copies


def synthetic(rng: random.Random, games: int, longer: float = 0.0, seat0: float = 1.0, label: str = "") -> Sample:
    """Three-seat games: length 8-20 (plus `longer` on average), a winner with seat 1 weighted `seat0`,
    5 % shared wins, each card held with chance 0.7 and used with a chance that depends on the card."""
    results = []
    for index in range(games):
        length = sum(rng.random() < 0.5 for _ in range(12)) + 8 + (rng.random() < longer)
        pick = rng.choices(range(3), weights=(seat0, 1.0, 1.0))[0]
        winners = [pick, (pick + 1) % 3] if rng.random() < 0.05 else [pick]
        held = used = 0
        for i, name in enumerate(CARDS):
            if rng.random() < 0.7:
                held |= 1 << i
                if rng.random() < 0.3 + 0.05 * (ord(name) - ord("A")):
                    used |= 1 << i
        results.append(Result(index, 3, length, False, [0.0] * 3, winners, [5, 5, 5], held, used, length))
    return Sample(label or "synthetic", results, list(CARDS))


def test_equal_games_are_told_apart_at_most_about_alpha_of_the_time() -> None:
    rng = random.Random(2024)
    reps = 300
    false = sum(not compare(synthetic(rng, 150), synthetic(rng, 150)).agrees for _ in range(reps))
    # 16 tests each at 0.01 without the correction reject in 44 of these 300 comparisons; with it at most 1 %
    # (binomial(300, 0.01): above 8 one time in 250)
    assert false <= 8, f"{false} of {reps} comparisons of equal games disagreed"


def test_a_real_shift_is_found_and_named() -> None:
    rng = random.Random(7)
    longer = compare(synthetic(rng, 400), synthetic(rng, 400, longer=0.9))
    assert not longer.agrees and [t.subject for t in longer.rejected()] == ["game length"]
    length = longer.tests[0]
    assert length.interval is not None and length.interval[1] < 0 < length.interval[1] + 2   # a shorter by ~0.9
    seat = compare(synthetic(rng, 400), synthetic(rng, 400, seat0=2.0))
    assert not seat.agrees and {t.measure for t in seat.rejected()} == {"seat"}
    assert "seat 1" in " ".join(seat.disagreements)


# -- shipped games: against themselves, and against a rule changed ----------------------------------------

def test_a_game_agrees_with_itself_on_other_seeds() -> None:
    found = agreement(side("burro", "basic40"), side("burro", "basic40"), 2, 600, seed=11)
    assert found.agrees, found.words()
    assert found.alpha == ALPHA and "Holm" in found.correction
    measures = {t.measure for t in found.tests}
    assert measures == {"length", "seat", "draws", "dead"} and len(found.rejected()) == 0
    casita = agreement(side("casita", "basic"), side("casita", "basic"), 3, 1500, seed=2)
    assert casita.agrees, casita.words()


def test_the_two_sides_are_independent_samples() -> None:
    game, prepared = side("burro", "basic40")
    first = play_sample(game, prepared, 2, 50, seed=1)
    second = play_sample(game, prepared, 2, 50, seed=2)
    assert [r.steps for r in first.results] != [r.steps for r in second.results]


def test_a_longer_game_disagrees_on_length() -> None:
    found = agreement(side("conquian", "basic"), side("conquian", "short"), 2, 200, seed=4)
    assert not found.agrees
    assert [t.measure for t in found.rejected()] == ["length"], found.words()
    assert "game length" in found.disagreements[0]


def test_player_counts_share_alpha() -> None:
    found = agreements(side("casita", "basic"), side("casita", "basic", steal="may"), (2, 3), 1000, seed=8)
    assert [f.players for f in found] == [2, 3] and all(f.alpha == ALPHA / 2 for f in found)
    assert not found[0].agrees and [t.measure for t in found[0].rejected()] == ["draws"], found[0].words()


def test_a_bigger_deal_disagrees_on_dead_cards() -> None:
    found = agreement(side("burro", "basic40"), side("burro", "basic40", deal=8), 2, 400, seed=5)
    assert not found.agrees
    assert {t.measure for t in found.rejected()} == {"dead"}
    assert any("is dead in" in line for line in found.disagreements)


def test_shared_wins_disagree_on_draws() -> None:
    found = agreement(side("burro", "basic40"), side("burro", "basic40", decider="share"), 3, 400, seed=6)
    assert not found.agrees and "draws" in {t.measure for t in found.rejected()}, found.words()


def test_timeouts_and_missing_cards_are_disagreements() -> None:
    game, prepared = side("burro", "basic40")
    stuck = type(game)()
    stuck.step_cap = 10                                           # every game stops at the cap
    found = agreement((game, prepared), (stuck, prepared), 2, 60, seed=1)
    assert found.timeouts == (0, 60) and any("step cap" in line for line in found.disagreements)
    bigger = agreement(side("burro", "basic"), side("burro", "basic40"), 2, 60, seed=1)
    assert bigger.only_in_a and not bigger.only_in_b and not bigger.agrees
    assert any("cards only burro (a) has" in line for line in bigger.disagreements)
