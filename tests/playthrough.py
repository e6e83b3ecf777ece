"""Readable playthroughs: each game pinned by a text file a person can read and a diff can point into.

A playthrough file (tests/playthroughs/<game>-<variant>.txt) holds, for one game and variant:

- the setup (deck, players, options, seed, the bot in each seat);
- one seeded game step by step: the state as it prints (State.__str__), the legal actions by name,
  the action taken and by which seat, then the final state and the scores;
- results: sets of seeded games, as the replay digests of earlier versions pinned them, each with
  the figures of its first games one by one and totals over all of them (steps, wins, scores,
  length, cards held and used, and the game's own figures), so a change to what any of those games
  does shows as a line that changed, not a digest.

Why text instead of digests: when a game changes, the diff says at which step of which game, and
what the state was; when the change is meant, regenerating the files and reading their diff is the
review. `PINS` below is the one list of what is pinned; `tests/playthroughs/regenerate.py` writes
the files from it, and tests/test_playthrough.py replays each and compares line by line.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

from printgen.games.registry import get_game
from printgen.model.load import load_deck
from printgen.sim.engine import Game, bot_for, game_rng, play
from printgen.sim.report import Result, report_of

HERE = Path(__file__).parent
FOLDER = HERE / "playthroughs"
ROOT = HERE.parent
FIRST = 10            # games listed one by one in each set of results
# extras of a Result that are card masks: totalled as the number of cards they hold
MASKS = {"drawn"}


@dataclass(frozen=True)
class Results:
    """A set of seeded games pinned by their figures: games 0..games-1 of `seed`, two or more seats
    with the named bots. `was`: the replay digest these games were pinned by before (its first
    eight digits), so the change of pins can be followed."""

    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    games: int = 100
    seed: int = 0
    deck: str = ""                # another deck than the playthrough's
    was: str = ""


@dataclass(frozen=True)
class Pin:
    """One playthrough file: a game and variant, the deck (a folder from the repository's root, kept
    as pinned so a change to a shipped deck does not move the pins), the seeded game traced step by
    step, and the sets of results. `home`: for a plug-in game printgen does not find installed (the
    template), the folder from the repository's root its package (named as the game) imports from."""

    game: str
    variant: str
    deck: str
    players: int
    seed: int
    bots: tuple[str, ...]
    index: int = 0
    options: tuple[tuple[str, Any], ...] = ()
    results: tuple[Results, ...] = ()
    home: str = ""

    @property
    def file(self) -> Path:
        return FOLDER / f"{self.game}-{self.variant}.txt"


SPANISH = "tests/data/conquian-pinned"        # the Spanish deck as pinned for Conquian, both packs
RANKWISE = "tests/data/conquian-pinned-rankwise"
REFUSED = (("force_drawn", "refused"),)
RR, GG, RG, GR = ("random", "random"), ("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")
COPPER_RULES = (("covered_support", "yes"), ("rob_full", "midden"), ("wind_alone", "blocks"))
POSITIVE = (("robbers", "positive"),)
TEMPLATE = "examples/game-template"           # the template plug-in (docs/adding-a-game.md), not installed here


def _each_bot(players: int, seed: int, games: int, options: tuple[tuple[str, Any], ...] = ()) -> tuple[Results, ...]:
    """Random bots in every seat, then greedy ones."""
    return (Results(("random",) * players, options, games, seed), Results(("greedy",) * players, options, games, seed))


PINS: tuple[Pin, ...] = (
    Pin("burro", "basic", SPANISH, 2, 11, RG, 3, (), _each_bot(2, 11, 60) + _each_bot(5, 11, 20)),
    Pin("burro", "basic40", SPANISH, 2, 11, RG, 7, (), _each_bot(2, 11, 60)),
    Pin("burro", "portuguese", SPANISH, 2, 11, GR, 0, (), _each_bot(2, 11, 60)),
    Pin("casita", "basic", SPANISH, 2, 12, RG, 0, (),
        _each_bot(2, 12, 200) + _each_bot(2, 12, 100, (("steal", "may"),))),
    Pin("conquian", "basic", SPANISH, 2, 2024, RG, 0, REFUSED, (
        Results(RR, REFUSED, 100, 2024, was="0ecab10e"),
        Results(GG, REFUSED, 100, 2024, was="e5d28bd2"),
        Results(RG, REFUSED, 100, 2024, was="2899f9ac"),
        Results(RR, (("force_drawn", "at_once"),), 100, 2024, was="06f55956"),
        Results(GG, (("force_drawn", "at_once"),), 100, 2024, was="1656d662"),
        Results(RG, REFUSED + (("pack", "48"),), 100, 2024, was="3416dba0"),
        Results(RR, REFUSED, 100, 2024, RANKWISE, was="426ee35a"),
        Results(GR, REFUSED, 100, 2024, RANKWISE, was="d04ffa0b"),
        Results(RR, (("force_drawn", "at_once"),), 100, 2024, RANKWISE, was="e18fdd17"),
        Results(RG, REFUSED + (("pack", "48"),), 100, 2024, RANKWISE, was="988ca21d"))),
    Pin("conquian", "short", SPANISH, 2, 2024, GR, 0, REFUSED, (
        Results(RR, REFUSED, 100, 2024, was="6f90f5b2"),
        Results(GR, REFUSED, 100, 2024, was="adfa5d5d"),
        Results(RR, (("deal", 5),) + REFUSED, 100, 2024, was="dcf4c622"))),
    Pin("coppertwaddle", "basic", "tests/data/coppertwaddle-pinned", 2, 4242, RG, 3, (), (
        Results(RR, (), 20, 4242, was="80fe67c9"),
        Results(GG, (), 20, 4242, was="e0d28127"),
        Results(RG, (), 20, 4242, was="fb9ee279"),
        Results(RR, COPPER_RULES, 20, 4242, was="442722e8"),
        Results(GG, COPPER_RULES, 20, 4242, was="ce9190ad"),
        Results(GR, (("hand", 6), ("limit", 3)), 20, 4242, was="d76a0d75"),
        Results(RR, (("negated", "power"), ("robbing", "any")), 20, 4242, was="7332bb87"),
        Results(GG, (("negated", "power"), ("robbing", "any")), 20, 4242, was="0ea17288"),
        Results(RR, POSITIVE, 20, 4242, was="06dc19a2"),
        Results(GG, POSITIVE, 20, 4242, was="b23fa77e"),
        Results(RG, POSITIVE, 20, 4242, was="540beac5"),
        Results(RR, COPPER_RULES + POSITIVE, 20, 4242, was="132a4d48"),
        Results(GG, COPPER_RULES + POSITIVE, 20, 4242, was="ef3ad491"),
        Results(GR, (("hand", 6), ("limit", 3)) + POSITIVE, 20, 4242, was="da7b42e8"))),
    Pin("cromwell", "basic", "tests/playthroughs/decks/cromwell", 3, 13, ("greedy",) * 3, 24, (),
        _each_bot(3, 13, 30)),
    Pin("cromwell", "advanced", "tests/playthroughs/decks/cromwell", 3, 13, ("greedy", "random", "greedy"), 10, (),
        _each_bot(3, 13, 30)),
    Pin("drafting", "basic", "tests/playthroughs/decks/standard", 4, 14, ("random", "greedy") * 2, 0, (),
        _each_bot(4, 14, 100)),
    Pin("lombre", "basic", SPANISH, 3, 15, ("random", "greedy", "greedy"), 21, (("hands", 1),),
        _each_bot(3, 15, 20)),
    Pin("tresillo", "basic", SPANISH, 4, 16, ("greedy", "random", "greedy", "greedy"), 7, (("hands", 1),),
        _each_bot(4, 16, 20)),
    Pin("plaintricks", "basic", f"{TEMPLATE}/decks/plaintricks", 3, 18, ("greedy", "random", "greedy"), 0, (),
        _each_bot(3, 18, 100) + _each_bot(2, 18, 100, (("hand", 12),)), home=TEMPLATE),
    Pin("plaintricks", "trumps", f"{TEMPLATE}/decks/plaintricks", 4, 18, ("random", "greedy") * 2, 0, (),
        _each_bot(4, 18, 100), home=TEMPLATE),
)


@cache
def game_of(pin: Pin) -> Game[Any, Any]:
    """The game `pin` plays: by its name from the registry, or from its package in `pin.home`."""
    if not pin.home:
        return get_game(pin.game)
    sys.path.insert(0, str(ROOT / pin.home))
    try:
        return import_module(pin.game).GAME()
    finally:
        sys.path.remove(str(ROOT / pin.home))


@cache
def _deck(folder: str) -> Any:
    return load_deck(ROOT / folder)


def _prepare(game: Game, deck: str, variant: str, options: Iterable[tuple[str, Any]]) -> Any:
    return game.prepare(_deck(deck), variant, dict(options))


def _options(options: Sequence[tuple[str, Any]]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options) or "as the rule sheet reads"


def _number(x: Any) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def trace(pin: Pin) -> list[str]:
    """The seeded game of `pin`, step by step, as play() plays it: the state before each decision,
    the legal actions by name and the one taken; then the final state and scores."""
    game = game_of(pin)
    prepared = _prepare(game, pin.deck, pin.variant, pin.options)
    bots = [bot_for(name, game) for name in pin.bots]
    rng = game_rng(pin.seed, pin.players, pin.index)
    state = game.setup(prepared, pin.players, rng)
    lines: list[str] = []
    steps = 0
    while not game.is_over(state) and steps < game.step_cap:
        seat = game.to_act(state)
        legal = game.legal(state)
        lines += [f"-- step {steps}", *str(state).splitlines(),
                  f"legal ({len(legal)}): " + " | ".join(game.action_name(state, a) for a in legal)]
        action = bots[seat](game, state, rng)
        lines.append(f"seat {seat} ({pin.bots[seat]}) takes: {game.action_name(state, action)}")
        game.apply(state, action)
        steps += 1
    lines += [f"-- end after {steps} steps" + (" (the step cap)" if not game.is_over(state) else ""),
              *str(state).splitlines(), "scores: " + ", ".join(map(_number, game.scores(state)))]
    played = play(game, prepared, pin.players, pin.seed, pin.index, bots)
    assert (played.steps, played.scores) == (steps, game.scores(state) if game.is_over(state) else played.scores), \
        f"{pin.file.name}: the trace is not the game play() plays"
    return lines


def _total(values: list[Any], key: str = "") -> Any:
    """The total of one figure over games: numbers summed, flags counted, lists by place, dicts by
    key, card masks (MASKS) as their number of cards."""
    first = values[0]
    if isinstance(first, bool):
        return sum(1 for v in values if v)
    if isinstance(first, (int, float)):
        return sum(v.bit_count() for v in values) if key in MASKS else sum(values)
    if isinstance(first, (list, tuple)):
        return [_total([v[i] for v in values], key) for i in range(len(first))]
    if isinstance(first, dict):
        keys = sorted({k for v in values for k in v})       # a key some games lack is totalled over those that have it
        return {k: _total([v[k] for v in values if k in v], k) for k in keys}
    return sorted({repr(v) for v in values})


def _words(value: Any) -> str:
    if isinstance(value, list):
        return "/".join(_words(v) for v in value)
    if isinstance(value, dict):
        return " ".join(f"{k} {_words(v)}" for k, v in value.items())
    return _number(value)


def _winners(r: Result) -> str:
    return "+".join(map(str, r.winners)) if r.winners else "-"


def results(pin: Pin, res: Results) -> list[str]:
    """A set of seeded games in a few lines: the first FIRST games one by one, then totals over all."""
    game = game_of(pin)
    prepared = _prepare(game, res.deck or pin.deck, pin.variant, res.options)
    players = len(res.bots)
    bots = [bot_for(name, game) for name in res.bots]
    played = [play(game, prepared, players, res.seed, i, bots) for i in range(res.games)]
    head = (f"== results: bots {', '.join(res.bots)}; {_options(res.options)}; seed {res.seed}, games 0-{res.games - 1}"
            + (f"; deck {res.deck}" if res.deck else "") + (f" (was digest {res.was})" if res.was else ""))
    first = played[:FIRST]
    wins = [sum(1 for r in played if r.winners == [s]) for s in range(players)]
    lines = [head,
             "  steps by game:   " + " ".join(str(r.steps) for r in first),
             "  winners by game: " + " ".join(_winners(r) for r in first),
             f"  all {len(played)}: steps {sum(r.steps for r in played)}; sole wins {'/'.join(map(str, wins))}, "
             f"shared {sum(1 for r in played if len(r.winners) > 1)}; timed out {sum(r.timed_out for r in played)}; "
             f"{report_of(game, pin.game).length_unit} {sum(r.length for r in played)}",
             f"  all {len(played)}: scores {_words(_total([r.scores for r in played]))}; start hands "
             f"{_words(_total([r.start_hands for r in played]))}; "
             f"cards held {sum(r.held.bit_count() for r in played)}, used {sum(r.used.bit_count() for r in played)}"]
    if played[0].extra:
        lines.append(f"  all {len(played)}: {_words(_total([r.extra for r in played]))}")
    return lines


def render(pin: Pin) -> list[str]:
    """The whole playthrough file of `pin`, line by line."""
    title = game_of(pin).title or pin.game
    lines = [f"# {title}, variant {pin.variant}: a pinned playthrough (tests/playthrough.py).",
             "# Regenerate with `.venv/bin/python tests/playthroughs/regenerate.py`, then read the diff:",
             "# every line that moved is something a game now does otherwise.",
             f"game {pin.game}; variant {pin.variant}; deck {pin.deck}; {pin.players} players",
             f"options {_options(pin.options)}; seed {pin.seed}, game {pin.index}; "
             f"bots by seat {', '.join(pin.bots)}", ""]
    lines += trace(pin)
    for res in pin.results:
        lines += [""] + results(pin, res)
    return lines


def first_difference(expected: list[str], got: list[str]) -> str | None:
    """Where two playthroughs part, in words: the line, the step or results it is in, both lines."""
    for n, (want, have) in enumerate(zip(expected, got)):
        if want != have:
            where = next((line for line in reversed(expected[:n + 1]) if line.startswith(("-- ", "== "))), "the setup")
            return f"line {n + 1}, in '{where}':\n  pinned: {want}\n  now:    {have}"
    if len(expected) != len(got):
        n = min(len(expected), len(got))
        more = expected[n] if len(expected) > n else got[n]
        return f"line {n + 1}: the {'pin' if len(expected) > n else 'replay'} goes on: {more}"
    return None
