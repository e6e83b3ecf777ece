"""Casita Robada as a game file (decks/spanish/games/casita-data.yaml) against printgen's own.

The twins play the same game, shown statistically: random bots on both sides, the same 40-card
pack, two-sample tests of length, seat wins, draws and dead cards (printgen.sim.agreement) at each
player count. That the comparison can fail is shown on a copy of the file with one rule taken out
(the middle no longer goes to the last capturer), which it must find disagreeing. Then the game
file alone: every player count plays seeded games with every invariant checked, every decision's
actions are exactly the ones the rule sheet allows in that position, and a seed replays the same.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from printgen.games.datagame import load_game_file
from printgen.games.registry import get_game
from printgen.model.load import load_deck
from printgen.sim.agreement import ALPHA, Agreement, agreements
from printgen.sim.engine import play, random_bot

FILE = Path(__file__).resolve().parents[1] / "decks" / "spanish" / "games" / "casita-data.yaml"
COUNTS = (2, 3, 4)
GAMES = 400             # a side, per player count: the data game plays over 1,000 games a second
SEED = 27
SWEEP = """  - if: last >= 0
    then: [{move: {from: middle, to: casita@last, count: all, bottom: true}}]
"""


@cache
def _deck() -> Any:
    return load_deck("spanish")


def _data(path: Path = FILE) -> tuple[Any, Any]:
    game = load_game_file(path)
    return game, game.prepare(_deck(), "basic", {})


@cache
def _twin() -> tuple[Any, Any]:
    game = get_game("casita")
    return game, game.prepare(_deck(), "basic", {})


def _compare(path: Path) -> list[Agreement]:
    return agreements(_data(path), _twin(), COUNTS, GAMES, seed=SEED, alpha=ALPHA, labels=("data", "printgen"))


def test_the_game_file_plays_casita_robada_as_printgen_does() -> None:
    found = _compare(FILE)
    assert all(f.agrees for f in found), "\n".join(f.words() for f in found)
    for f in found:             # the measures the twins share were compared, not skipped
        assert {t.measure for t in f.tests} >= {"length", "seat", "draws"} and f.timeouts == (0, 0)


def test_the_comparison_finds_a_changed_rule(tmp_path: Path) -> None:
    text = FILE.read_text(encoding="utf-8")
    assert SWEEP in text, "the end's sweep of the middle is not where this test expects it"
    changed = tmp_path / "casita-nosweep.yaml"
    changed.write_text(text.replace(SWEEP, ""), encoding="utf-8")
    found = _compare(changed)
    assert not all(f.agrees for f in found)
    # cards played to the middle and never captured stay there: held, never used
    assert any(f.rejected("dead") for f in found), "\n".join(f.words() for f in found)


def _rule_sheet_actions(state: Any) -> set[str]:
    """The actions the rule sheet allows the seat to act, worked out from the zones: a card whose
    rank is on top of another player's casita must steal it (from each such player), any other card
    is played to capture or to the middle."""
    prep = state.prep
    rank = _ranks(tuple(prep.names))
    hand, casita = prep.zone_layout["hand"][0], prep.zone_layout["casita"][0]
    me = state.actor
    tops = {t: rank[state.z[casita + t][-1]] for t in range(state.n) if t != me and state.z[casita + t]}
    out = set()
    for k in state.z[hand + me]:
        name = prep.names[k]
        thieves = [t for t, r in tops.items() if r == rank[k]]
        out |= {f"steal seat {t + 1}'s casita with {name}" for t in thieves}
        if not thieves:
            out.add(f"play {name}")
    return out


@cache
def _ranks(names: tuple[str, ...]) -> list[str]:
    """Each card's rank as the deck names it (read apart from the game file's own `cards:` tables)."""
    by_name = {c.name: str(getattr(c.values["rank"], "name", c.values["rank"])) for c in _deck().cards}
    return [by_name[name] for name in names]


def test_every_player_count_plays_legal_seeded_games_to_the_end() -> None:
    game, prep = _data()
    decisions: list[int] = []

    def watch(step: int, state: Any, seat: int, action: int) -> None:
        named = {game.action_name(state, a) for a in state.acts}
        assert named == _rule_sheet_actions(state), f"step {step}: {sorted(named)}"
        decisions.append(step)

    for players in game.players:
        decisions.clear()
        results = [play(game, prep, players, 11, i, [random_bot] * players, checked=True, watch=watch)
                   for i in range(60)]
        assert not any(r.timed_out for r in results) and len(decisions) > 60 * players
        # all 40 cards end in the casitas (someone always captures), and every card held was played
        assert all(sum(r.scores) == 40 and r.length == 36 for r in results)
        again = [play(game, prep, players, 11, i, [random_bot] * players) for i in range(0, 60, 6)]
        assert [(r.scores, r.winners, r.steps) for r in again] == \
            [(r.scores, r.winners, r.steps) for r in results[::6]]
