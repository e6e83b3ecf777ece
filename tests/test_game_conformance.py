"""Every game keeps the play contract (engine.Game), checked the same way for each game, each variant
at the fewest and most players its shipped deck allows, and once more with every worded option at
another reading: what `legal` lists is exactly what `apply` accepts, a refused action leaves the
state as it was, `check` holds after every step, action names are distinct within a state, a clone
shares nothing play can change with its original, and the same seed plays the same game.

Why one test for all: a copy per game drifts (five copies had five ways of choosing the actions to
try, and three games had none), and a new game is held to the contract by being registered.

Where to look: every action a game can name is tried at a few states of each kind of decision (the
first words of the actions open, such as "offer/pass" or "rob/pass/play"), spread over whole games
played by random and by greedy bots; the other states of a kind get a cheaper probe or none. KINDS
lists each game's kinds, so a kind that is no longer reached, or a new one, fails the test instead
of going unprobed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from functools import cache
from typing import Any

import pytest

from printgen.games.registry import get_game, names
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, game_rng, play

DECK_OF = {"conquian": "spanish", "casita": "spanish", "burro": "spanish", "coppertwaddle": "coppertwaddle",
           "cromwell": "cromwell", "drafting": "standard", "lombre": "spanish", "tresillo": "spanish"}

# every kind of decision each game offers (the first words of the actions open, sorted), all of
# which the games below reach and probe exhaustively
KINDS = {
    "burro": {"play", "draw/play"},
    "casita": {"play", "play/steal", "steal"},
    "conquian": {"meld/refuse", "discard", "do/force"},
    "coppertwaddle": {"pass/play", "pass/play/rob", "pass/use", "discard", "pass/play/rob/use",
                      "pass/play/use", "pass/rob", "pass/rob/use"},
    "cromwell": {"announce", "offer/pass", "accept/draw", "accept", "answer", "done/lay", "lay"},
    "drafting": {"pick", "put", "make", "discard"},
    "lombre": {"play", "discard/done", "bid/pass", "look/name", "discard/done/play", "done", "name"},
    "tresillo": {"play", "discard/done", "bid/pass", "name", "pass", "done"},
}
# one whole game by each bot, every seat the same bot, as games 0 and 1 of seed 17: with these the
# games reach every kind in KINDS (a Cromwell player going out, the "lay" kind, ends only some rounds)
BOTS_PLAYED = ("greedy", "random")
FLOOR = 1024          # a game whose actions are no small range has every code below this tried
FULL = 64             # a cheap probe tries every action up to this bound ...
TRIED = 32            # ... and this many more above it, drawn at random, when a game has more
SPREAD = 16           # a kind's 1st, 4th, 16th, 64th... state is probed exhaustively, every SPREAD-th cheaply

Readings = tuple[tuple[str, Any], ...]   # options given to prepare, as (name, value) pairs


@cache
def _prepared(name: str, variant: str) -> tuple[Any, Any]:
    game = get_game(name)
    return game, game.prepare(load_deck(DECK_OF[name]), variant, {})


def other_readings(game: Any) -> Readings:
    """Every option that is a choice of words at a word other than its default: the open rules read
    the other way, which open decisions the defaults never offer (robbing at any time, a steal
    that may be declined)."""
    return tuple((option.name, next(word for word in option.allowed if word != option.default))
                 for option in game.options if isinstance(option.allowed, tuple))


def fewest_and_most(game: Any, prepared: Any) -> list[int]:
    """The fewest and the most players a prepared deck can be dealt to (one count when they agree)."""
    counts = game.player_counts(prepared)
    return sorted({counts[0], counts[-1]})


def cases() -> list[tuple[str, str, int]]:
    """Every game and variant with the fewest and the most players its shipped deck allows (the
    cases other tests print and replay: tests/test_playthrough_states.py)."""
    return [(name, variant, players) for name in names() for variant in get_game(name).variants
            for players in fewest_and_most(*_prepared(name, variant))]


def test_every_game_is_checked():
    assert set(DECK_OF) == set(names()) == set(KINDS)


def kind_of(words: Iterable[str]) -> str:
    """The kind of a decision: the first words of the actions open, sorted ('offer/pass')."""
    return "/".join(sorted({word.split()[0].rstrip(":") for word in words}))


def exhaustive(bound: int | None, legal: list[int]) -> list[int]:
    """Every action in range, a little either side of it, and each legal action with each bit
    flipped (a meld with one card more or fewer, where an action packs several fields)."""
    top = bound if bound is not None else FLOOR
    flips = [a ^ (1 << bit) for a in legal for bit in range(a.bit_length() + 1)]
    return list(range(-2, top + 2)) + flips


def sampled(bound: int | None, legal: list[int], pick: random.Random) -> list[int]:
    """Every action up to FULL, a sample above it up to the bound and just past it, and each legal
    action with one bit flipped."""
    top = bound if bound is not None else max(legal) + 2
    out = list(range(-1, min(top, FULL) + 1))
    if top > FULL:
        out += pick.sample(range(FULL + 1, top + 1), min(TRIED, top - FULL)) + [top - 1, top]
    return out + [a ^ (1 << pick.randrange(a.bit_length() + 1)) for a in legal]


def probe(game: Any, fresh: Any, legal: list[int], others: Iterable[int], where: str) -> None:
    """Each legal action is accepted by a clone of `fresh` (a state that has not been asked for its
    legal actions, so apply cannot lean on a list legal left behind), which then checks; every other
    action is refused, and the refusals (all tried on one clone) leave it as `fresh` is."""
    for action in legal:
        trial = game.clone(fresh)
        try:
            game.apply(trial, action)
        except ValueError as refused:
            raise AssertionError(f"{where}: apply refused {game.action_name(fresh, action)!r}, "
                                 f"which legal lists: {refused}") from None
        game.check(trial)
    trial = game.clone(fresh)
    tried = set(legal)
    for action in others:
        if action in tried:
            continue
        tried.add(action)
        try:
            game.apply(trial, action)
        except ValueError:
            continue
        raise AssertionError(f"{where}: apply accepted {action}, which legal does not list: "
                             f"{[game.action_name(fresh, a) for a in legal]}")
    assert str(trial) == str(fresh) and game.legal(trial) == legal, f"{where}: a refused action changed the state"


Plan = dict[int, tuple[str, bool, list[int]]]     # step: its kind, whether every action is tried, legal


def play_checked(game: Any, prepared: Any, players: int, index: int, bot: str, label: str,
                 seen: Counter[str]) -> Plan:
    """Play one whole game, checking every state (legal distinct and in range, names distinct,
    `check` after each step); the states to probe: a kind's 1st, 4th, 16th... state (its count in
    `seen`) exhaustively, every SPREAD-th with a sample."""
    bound = game.num_actions(prepared, players)
    rng = game_rng(17, players, index)
    state = game.setup(prepared, players, rng)
    game.check(state)
    plan: Plan = {}
    for step in range(game.step_cap):
        if game.is_over(state):
            return plan
        where = f"{label}, {bot} game, step {step}"
        legal = list(game.legal(state))
        assert legal and len(set(legal)) == len(legal), f"{where}: legal lists {legal}"
        words = [game.action_name(state, a) for a in legal]
        assert len(set(words)) == len(words), f"{where}: two actions share a name: {words}"
        assert bound is None or all(0 <= a < bound for a in legal), f"{where}: {legal} outside range({bound})"
        kind = kind_of(words)
        count = seen[kind]
        seen[kind] += 1
        if count & (count + 1) == 0 and count.bit_length() % 2 == 0:     # 0, 3, 15, 63 ...: 4**k - 1
            plan[step] = (kind, True, legal)
        elif count % SPREAD == 1:
            plan[step] = (kind, False, legal)
        game.apply(state, BOTS[bot](game, state, rng))
        game.check(state)
    raise AssertionError(f"{label}: the {bot} game did not end in {game.step_cap} steps")


def replay_probing(game: Any, prepared: Any, players: int, index: int, bot: str, label: str, plan: Plan) -> None:
    """Play the same game again (same seed, same bot: the same game) and probe the planned states,
    each cloned before its legal actions are listed."""
    bound = game.num_actions(prepared, players)
    pick = random.Random(f"{label}/{bot}")
    rng = game_rng(17, players, index)
    state = game.setup(prepared, players, rng)
    for step in range(max(plan, default=-1) + 1):
        if step in plan:
            kind, every, legal = plan[step]
            where = f"{label}, {bot} game, step {step} ({kind})"
            fresh = game.clone(state)
            assert game.legal(state) == legal, f"{where}: the same seed played another game"
            others = exhaustive(bound, legal) if every else sampled(bound, legal, pick)
            probe(game, fresh, legal, others, where)
        game.apply(state, BOTS[bot](game, state, rng))


def play_and_probe(game: Any, prepared: Any, players: int, label: str) -> Counter[str]:
    """A whole game by each bot of BOTS_PLAYED, every state checked and a spread of the states of
    each kind of decision probed; how many states of each kind were probed exhaustively."""
    seen: Counter[str] = Counter()
    full: Counter[str] = Counter()
    for index, bot in enumerate(BOTS_PLAYED):
        plan = play_checked(game, prepared, players, index, bot, label, seen)
        replay_probing(game, prepared, players, index, bot, label, plan)
        full.update(kind for kind, every, _ in plan.values() if every)
    return full


def probe_every_case(game: Any, deck: Any) -> dict[str, Counter[str]]:
    """Play and probe each variant of `game` on `deck` with the fewest and the most players the deck
    allows, and the first variant with the other readings at its fewest players; for each case, how
    many states of each kind of decision were probed exhaustively. A plug-in's tests call this on
    their own game and deck (tests/test_game_template.py does)."""
    cases: list[tuple[str, Readings, int]] = []
    for variant in game.variants:
        cases += [(variant, (), players) for players in fewest_and_most(game, game.prepare(deck, variant, {}))]
    readings = other_readings(game)
    if readings:
        first = game.variants[0]
        cases.append((first, readings, game.player_counts(game.prepare(deck, first, dict(readings)))[0]))
    probed = {}
    for variant, readings, players in cases:
        label = f"{game.name} {variant}{' (other readings)' if readings else ''}, {players} players"
        probed[label] = play_and_probe(game, game.prepare(deck, variant, dict(readings)), players, label)
    return probed


@pytest.mark.parametrize("name", sorted(DECK_OF))
def test_legal_is_exactly_what_apply_accepts_and_every_state_checks(name):
    probed = probe_every_case(get_game(name), load_deck(DECK_OF[name]))
    reached = set().union(*probed.values())
    table = "\n".join(f"  {label}: {dict(sorted(kinds.items()))}" for label, kinds in probed.items())
    assert reached == KINDS[name], \
        f"kinds probed exhaustively (states of each):\n{table}\nnever reached: {KINDS[name] - reached}; " \
        f"not in KINDS: {reached - KINDS[name]}"


def faulty_casita(fault: str) -> Any:
    """Casita with its apply broken one way: accepting an action legal does not list, changing the
    state before refusing, or refusing what it was not first asked to list."""
    base = type(get_game("casita"))

    class Faulty(base):  # type: ignore[valid-type, misc]
        def apply(self, state: Any, action: int) -> None:
            if fault == "accepts" and action == self.num_actions(state.prep, state.n) - 1:
                return
            if fault == "trusts" and state.cache is None:
                raise ValueError("asked before listing")
            try:
                super().apply(state, action)
            except ValueError:
                if fault == "leaks":
                    state.hand[state.actor].append(state.hand[state.actor][0])
                raise
    return Faulty()


@pytest.mark.parametrize("fault, says", [("accepts", "apply accepted 119"), ("leaks", "a refused action changed"),
                                         ("trusts", "apply refused")])
def test_the_probe_sees_each_way_apply_can_break_the_contract(fault, says):
    prepared = _prepared("casita", "basic")[1]
    with pytest.raises(AssertionError, match=says):
        play_and_probe(faulty_casita(fault), prepared, 2, "faulty casita")


def mutable_ids(root: Any, skip: set[int]) -> set[int]:
    """The ids of every mutable object reachable from `root` (lists, dicts, sets, objects, random
    generators), not entering those in `skip` (the prepared deck, shared on purpose)."""
    seen: set[int] = set()
    found: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or id(obj) in skip or obj is None or isinstance(obj, (int, float, str, bytes, type)):
            continue
        seen.add(id(obj))
        if isinstance(obj, random.Random):
            found.add(id(obj))
        elif isinstance(obj, (list, dict, set, bytearray)):
            found.add(id(obj))
            stack.extend(obj.items() if isinstance(obj, dict) else obj)
        elif isinstance(obj, (tuple, frozenset)):
            stack.extend(obj)
        else:
            found.add(id(obj))
            stack.extend(vars(obj).values() if hasattr(obj, "__dict__") else
                         [getattr(obj, slot) for k in type(obj).__mro__ for slot in getattr(k, "__slots__", ())
                          if hasattr(obj, slot)])
    return found


@pytest.mark.parametrize("name", sorted(DECK_OF))
def test_a_clone_shares_nothing_play_can_change(name):
    game, prepared = _prepared(name, get_game(name).variants[0])
    players = game.player_counts(prepared)[0]
    rng = game_rng(5, players, 1)
    state = game.setup(prepared, players, rng)
    skip = mutable_ids(prepared, set())
    for _ in range(12):
        if game.is_over(state):
            break
        twin = game.clone(state)
        assert twin is not state and twin.prep is state.prep
        shared = mutable_ids(state, skip) & mutable_ids(twin, skip)
        assert not shared, f"{len(shared)} mutable objects shared between a state and its clone"
        before = game.legal(state)
        assert game.legal(twin) == before
        # playing the clone to its end leaves the original as it was
        while not game.is_over(twin):
            game.apply(twin, BOTS["random"](game, twin, twin.rng if hasattr(twin, "rng") else random.Random(0)))
        assert game.legal(state) == before
        game.check(state)
        game.apply(state, BOTS["random"](game, state, rng))


@pytest.mark.parametrize("name", sorted(DECK_OF))
def test_the_same_seed_plays_the_same_game(name):
    game, prepared = _prepared(name, get_game(name).variants[-1])
    players = game.player_counts(prepared)[-1]
    for bot in ("random", "greedy"):
        bots = [BOTS[bot]] * players
        first = [play(game, prepared, players, 23, index, bots, checked=True) for index in range(2)]
        again = [play(game, prepared, players, 23, index, bots) for index in range(2)]
        assert first == again, (name, bot)
