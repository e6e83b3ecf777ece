"""The seed's tactics and croquet kinds that the Croquetnole bots choose, each in a scripted
position played through one coin's turn by the bot itself (a steady hand, a fixed seed): a guard
stepping out of its gate and back in for the bonus flicks to reach an invader, a guard freeing its
own prisoner before that prisoner's rescuer strikes, and the tight croquet (kind 4) that drives an
off-duty guard home. Each is counted in the report's rule counts under its own name."""

from __future__ import annotations

import math
import random
from functools import cache

from printgen.games.croquetnole.game import GameResult, Setup, _play_coin, _tight_croquet, croquet_kind
from printgen.games.croquetnole.hand import Hand
from printgen.games.croquetnole.physics import World
from printgen.games.croquetnole.rules import PRISON, RESTING, TABLE, Turn, apply, new_state
from printgen.games.croquetnole.table import court

MOONS_K, MOONS_G, SUNS_K, SUNS_G = "coin-moons-null", "coin-moons-ace", "coin-suns-null", "coin-suns-2"
ARMS_K, ARMS_G = "coin-arms-null", "coin-arms-4"
OUT_AND_IN = "tactic: guard out and back in to reach an invader"
FREED = "tactic: own prisoner freed before its rescuer strikes"
TIGHT = "croquet: tight, the guard driven home"


@cache
def _court():
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck
    from printgen.model.tablelayout import load_table

    deck = load_deck("piecepack", ALL_CARDS)
    return court(load_table(deck, load_layout(deck.layout, deck), "croquetnole"))


class Table:
    """Chosen coins at chosen places (the others off the table), and one coin's turn played by the bot."""

    def __init__(self, **coins):
        self.court = _court()
        self.setup = Setup(self.court)
        self.world = World(self.court)
        self.state = new_state(self.court)
        for coin in self.state.coins.values():
            coin.where = "hand"
        for cid, (at, inside) in coins.items():
            self.world.place(cid, at)
            self.state.coins[cid].inside = inside
            self.state.coins[cid].where = TABLE

    def play(self, cid, strategy="defensive", seed=1):
        game = GameResult(None, 0, 0, 0, [0] * 4, self.state.counts, {})
        _play_coin(self.setup, self.world, self.state, cid, Hand(precision=20.0), strategy, random.Random(seed), game)
        return game


def _suns_post():
    gate = _court().castles[1].gate
    return gate.middle[0] + gate.normal[0] * 36.0, gate.middle[1]


def test_a_guard_steps_out_and_back_in_to_take_a_far_invader():
    """The Suns guard on duty at its post, the Moons knight deep in the Suns castle behind the door:
    out by the gate (a bonus flick), back in towards the knight (another), then the knight struck and
    taken prisoner, all in the guard's one turn."""
    t = Table(**{SUNS_G: (_suns_post(), 1), MOONS_K: ((215.0, 406.4), 1)})
    t.play(SUNS_G)
    counts = t.state.counts
    assert counts[OUT_AND_IN] == 1
    assert counts["guard off duty"] == 1 and counts["guard back on duty"] == 1
    assert counts["prisoner taken"] == 1 and t.state.coins[MOONS_K].where == PRISON


def test_a_guard_holding_a_prisoner_does_not_step_out():
    """The same position with the Arms knight held on the Suns tower: stepping out would free it, so
    the guard goes straight for the invader."""
    t = Table(**{SUNS_G: (_suns_post(), 1), MOONS_K: ((215.0, 406.4), 1)})
    arms = t.state.coins[ARMS_K]
    arms.where, arms.prison, arms.inside = PRISON, 1, None
    t.play(SUNS_G)
    assert t.state.counts[OUT_AND_IN] == 0 and t.state.counts["guard off duty"] == 0
    assert arms.where == PRISON


def test_a_guard_frees_its_own_prisoner_before_the_rescuer_strikes():
    """The Suns castle holds the Arms knight; the Arms guard, on duty, is a coin-length from the Suns
    tower; the Suns knight raids Arms next. The Suns guard steps out (the prisoner goes free, the
    rescuer stays where it is, far from home) and back in."""
    t = Table(**{SUNS_G: (_suns_post(), 1), ARMS_G: ((152.4, 470.0), 3)})
    arms = t.state.coins[ARMS_K]
    arms.where, arms.prison, arms.inside = PRISON, 1, None
    suns = t.state.players[1]
    suns.step = suns.plan.index(("in", 3))
    t.play(SUNS_G)
    counts = t.state.counts
    assert counts[FREED] == 1 and counts["released: their guard went off duty"] == 1
    assert arms.where == RESTING and counts["guard back on duty"] == 1
    assert t.world.at(ARMS_G) == (152.4, 470.0)          # the rescuer was not sent home


def test_no_prisoner_is_freed_when_its_castle_is_not_raided_next():
    t = Table(**{SUNS_G: (_suns_post(), 1), ARMS_G: ((152.4, 470.0), 3)})
    arms = t.state.coins[ARMS_K]
    arms.where, arms.prison, arms.inside = PRISON, 1, None
    t.play(SUNS_G)                     # the Suns knight raids Crowns first
    assert t.state.counts[FREED] == 0 and arms.where == PRISON


def test_a_knight_heading_home_takes_a_tight_croquet_that_drives_its_guard_home():
    """The Moons knight, raids done (home gate next), has struck its own off-duty guard north of the
    Moons gate: the bot's croquet is kind 4. Its stroke: the knight set down touching the guard on the
    far side from the gate and held, the guard driven in through the Moons gate, back on duty; the
    knight has not moved from where it was set down. Not heading home, or the guard already on duty,
    it takes the placed croquet (kind 2) instead."""
    c = _court()
    gate = c.castles[0].gate
    guard_at = (gate.middle[0], gate.middle[1] - 50.0)
    t = Table(**{MOONS_K: ((guard_at[0] + 35.0, guard_at[1]), None), MOONS_G: (guard_at, None)})
    moons = t.state.players[0]
    moons.step = moons.plan.index(("in", 0))
    assert croquet_kind("choose", t.state, 0) == "tight" and croquet_kind("placed", t.state, 0) == "placed"
    stroke = _tight_croquet(t.setup, t.world, t.state, 0, Hand(precision=20.0), random.Random(2))
    assert stroke is not None
    out, spot = stroke
    assert math.dist(spot, guard_at) < c.coin + 0.1 and spot[1] < guard_at[1]      # behind it, touching
    result = apply(t.state, t.world, MOONS_K, spot, out, Turn())
    assert t.state.counts[TIGHT] == 1 and not result.lost
    assert t.state.on_duty(t.state.coins[MOONS_G]) and t.state.counts["guard back on duty"] == 1
    assert t.world.at(MOONS_K) == spot
    assert croquet_kind("choose", t.state, 0) == "placed"                   # the guard is home now
    moons.step = 0
    t.state.coins[MOONS_G].inside = None
    assert croquet_kind("choose", t.state, 0) == "placed"                   # raids still to do


def test_croquet_kinds_the_bot_does_not_take_are_refused_by_name():
    import pytest

    from printgen.files.errors import UserError
    from printgen.games.croquetnole.rules import Rules

    with pytest.raises(UserError, match="croquet=loose"):
        Rules(croquet="loose")
    assert Turn().stepped_out is False


def test_a_knight_holds_back_from_its_home_tower_until_its_guard_is_on_duty():
    """The Moons knight, raids done and in through its own gate, stands by its tower with its guard
    off duty outside the gate: striking the tower now would win nothing, so the bot leaves the knight
    where it is (counted). With the guard back on duty the same knight strikes the tower and wins."""
    c = _court()
    moons = c.castles[0]
    guard_out = (moons.gate.middle[0] - moons.gate.normal[0] * 60.0,
                 moons.gate.middle[1] - moons.gate.normal[1] * 60.0)
    t = Table(**{MOONS_K: (moons.knight_start, 0), MOONS_G: (guard_out, None)})
    player = t.state.players[0]
    player.step = player.plan.index(("tower", 0))
    game = t.play(MOONS_K)
    held = "knight held back: its guard is not on duty for the home tower"
    assert game.flicks == 0 and t.state.counts[held] == 1
    assert t.world.at(MOONS_K) == moons.knight_start and t.state.winner is None
    t.state.coins[MOONS_G].inside = 0                   # the guard back in: on duty
    game = t.play(MOONS_K)
    assert game.flicks >= 1 and t.state.winner == 0 and t.state.counts[held] == 1
