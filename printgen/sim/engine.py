"""The contract every game implements, the bots, and the runner that plays one game.

A game is a small state machine over plain ints and lists (no per-step copies): set up from a
prepared deck, a player count and a seeded random generator; the legal actions of the player
to act (ints); apply one; over or not; scores. Everything random goes through the generator
given to `setup`, so the same seed replays the same game. A step cap turns a game that would
loop into a reported timeout instead of a hang.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from printgen.sim.options import Option, read_options

Action = int


@dataclass
class Finding:
    """A static-check result in plain words, with the figure behind it."""

    level: str          # "warning" or "error" or "info"
    message: str
    figure: Any = None
    # "seat" or "card" for a finding about one seat or card: validate holds it back when too few games
    # were played to judge one seat or card, and takes a seat finding as a fact of the deck only when
    # every seat was played by the same kind of bot (else it compares the bots, not the seats)
    about: str = ""
    # game options that try the change a finding advises: validate ends its line with the whole command
    tries: dict[str, Any] | None = None
    # what a shared warning is about, e.g. ("dead", card) for a card held in vain; a game's own
    # finding that `explains` it as the bots' doing (they could have played the card and did not)
    # makes validate drop that warning: a bot's quirk is not a property of the deck
    topic: tuple = ()
    explains: tuple = ()


@dataclass
class Tip:
    """A recommendation for one player count, with the game options that carry it out, so the
    report can print the exact command that tries it."""

    players: int
    text: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Deal:
    """What a game's set-up takes from the pack for one player count, before the first decision:
    each seat's hand, and any other cards the start needs (a talon, cards to the middle, the card
    drawn or turned up at once). Why declared: a deal the pack cannot give would otherwise be
    played short (ten cards each from a pack of eight gives one hand of eight and one of none), so
    validate compares it with the pack first and refuses it with these numbers."""

    hands: tuple[int, ...]
    more: tuple[tuple[int, str], ...] = ()     # (cards, what they are for): (13, "in the talon")
    option: str | None = None                  # the -O option that sets the hand size, if one does

    @property
    def cards(self) -> int:
        return sum(self.hands) + sum(n for n, _ in self.more)

    def words(self) -> str:
        """'2 hands of 10 and 1 to draw at the first turn'."""
        sizes = sorted(set(h for h in self.hands if h), reverse=True)
        dealt = [h for h in self.hands if h]
        if len(sizes) == 1:
            parts = [f"{len(dealt)} hand{'s' if len(dealt) != 1 else ''} of {sizes[0]}"]
        else:
            parts = [f"hands of {', '.join(map(str, sorted(dealt, reverse=True)))}"]
        parts += [f"{n} {what}" for n, what in self.more if n]
        return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def short_deal(game: "Game", prepared: Any, players: int) -> tuple[str, str] | None:
    """(what is short, how to fix it) when the game's deal for `players` needs more cards than its
    pack holds; None when it fits."""
    deal = game.deal_needs(prepared, players)
    pack = game.pack_size(prepared)
    if deal.cards <= pack:
        return None
    problem = f"the deal needs {deal.cards} cards ({deal.words()}) and the pack has {pack}"
    dealt = [h for h in deal.hands if h]
    fit = (pack - sum(n for n, _ in deal.more)) // len(dealt) if dealt else 0
    if deal.option and fit >= 1:
        return problem, f"-O {deal.option}={fit} is the most that fits {players} players, or play with more cards"
    return problem, "play with more cards (a larger pack), or fewer players"


class Game:
    """Subclass per game. Methods take the state object `setup` returned and mutate it in place."""

    name: str = ""
    title: str = ""                    # the game in messages ("Casita Robada"); the name when empty
    aliases: tuple[str, ...] = ()      # other names --game accepts (e.g. the rule sheet's name)
    variants: tuple[str, ...] = ("basic",)
    players: tuple[int, ...] = (2,)    # the player counts the rules allow (a prepared deck may allow fewer)
    options: tuple[Option, ...] = ()   # its -O options, each declared once
    step_cap: int = 5000
    # Starting hand sizes that play well; outside them validation warns. None: no such check
    # (a drafting game deals 13 cards that are split at once).
    good_hand: tuple[int, int] | None = (5, 12)
    # What a game's length is counted in, as players count it (turns, picks), and a note saying so
    # in the report. Steps (single decisions) are the engine's business, not the players'.
    length_unit: str = "turns"
    length_note: str = ""
    # For a rule option, the situation it governs: option -> (a key of Result.extra["arose"], counting
    # the occasions it arose in; the situation in words). Result.extra["occasions"] counts the
    # occasions (in situation_unit) a game had, 1 when absent. validate says how often each -O
    # option's situation arose, so an option the bots never reach is not taken for a tested one.
    situations: dict[str, tuple[str, str]] = {}
    situation_unit: str = "games"

    # -- preparing the deck once per run ----------------------------------------------------
    def prepare(self, deck, variant: str, options: dict[str, Any]) -> Any:
        """Compile the deck into what setup needs (ints, tables); UserError if it cannot play."""
        raise NotImplementedError

    def player_counts(self, prepared: Any) -> tuple[int, ...]:
        """The player counts this prepared deck can be dealt to: every count of `players` unless
        the game says otherwise (a deal the pack cannot give to eight)."""
        return self.players

    def read_options(self, variant: str, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value in `variant`, the given ones checked (UserError naming a bad one)."""
        return read_options(self.title or self.name, self.options, variant, given)

    def deal_needs(self, prepared: Any, players: int) -> Deal:
        """The cards set-up takes from the pack for `players` (see Deal); every game declares it,
        and the tests measure it against what `setup` deals."""
        raise NotImplementedError

    def pack_size(self, prepared: Any) -> int:
        """How many cards the prepared pack holds (a game that plays only part of a deck says so)."""
        return len(self.card_names(prepared))

    def static_checks(self, prepared: Any, players: int) -> list[Finding]:
        return []

    def option_default(self, key: str, variant: str | None = None) -> Any:
        """The value option `key` takes in `variant` (the first when None) when none is given: the
        rule sheet's reading. None when the game declares no such option."""
        chosen = variant if variant is not None else self.variants[0]
        return next((o.default_for(chosen) for o in self.options if o.name == key), None)

    def advice(self, prepared: Any, counts: Sequence[int]) -> list[Tip]:
        """Plain-words recommendations (e.g. which houses to use for each player count)."""
        return []

    # -- one game -----------------------------------------------------------------------------
    def setup(self, prepared: Any, players: int, rng: random.Random) -> Any:
        """A new game for `players`, dealt with `rng`, which the state keeps for every later draw."""
        raise NotImplementedError

    def to_act(self, state: Any) -> int:
        """The seat whose decision it is."""
        raise NotImplementedError

    def legal(self, state: Any) -> list[Action]:
        """The actions open to the seat to act, distinct, in a fixed order (a random bot picks by place)."""
        raise NotImplementedError

    def apply(self, state: Any, action: Action) -> None:
        """Take `action` for the seat to act, changing `state` in place; ValueError if it is not legal."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended: no seat acts any more."""
        raise NotImplementedError

    def scores(self, state: Any) -> list[float]:
        """Each seat's score at the end: the highest wins, equal highest share the win."""
        raise NotImplementedError

    def action_name(self, state: Any, action: Action) -> str:
        """`action` in words as the seat to act would say it in `state`; distinct among legal(state)."""
        raise NotImplementedError

    def num_actions(self, prepared: Any, players: int) -> int | None:
        """A bound on the actions (each in range(num_actions)); None where actions are no small range."""
        return None

    def clone(self, state: Any) -> Any:
        """A copy of `state` to play on that shares nothing play can change (its generator included)."""
        prep = getattr(state, "prep", None)
        return copy.deepcopy(state, _kept(prep) if prep is not None else {})

    def length(self, state: Any) -> int:
        """How long the game has lasted so far, in `length_unit`."""
        raise NotImplementedError

    def greedy(self, state: Any, rng: random.Random) -> Action:
        """A simple heuristic choice among legal(state). Equally good choices are broken at random
        with `rng` (the game's own generator, so a seed still replays the game): a fixed order
        (the lowest card first) would make some cards look dead only because of the bot."""
        raise NotImplementedError

    # -- what the metrics need ----------------------------------------------------------------
    def hand_sizes(self, state: Any) -> list[int]:
        raise NotImplementedError

    def card_usage(self, state: Any) -> tuple[int, int]:
        """(held, used) as bitmasks over the prepared deck's card indices: cards that were in a
        player's hand at some point, and cards that were put to use (melded, scored). A card
        held but never used is 'dead' in that game."""
        raise NotImplementedError

    def card_names(self, prepared: Any) -> list[str]:
        raise NotImplementedError

    def card_groups(self, prepared: Any) -> list[str]:
        """The group (house, suit) of each card index, for per-group dead rates."""
        raise NotImplementedError

    def check(self, state: Any) -> None:
        """Assert every invariant of `state` (cards conserved, hands consistent...): checked play calls it at every step."""

    # -- the rule sheet ---------------------------------------------------------------------------
    def sheet_tables(self, deck) -> dict[str, Any]:
        """Tables the game's rule sheet prints (as `game` in its template), made from the same data
        the simulator plays by, such as ranking charts, so the sheet and the simulator agree."""
        return {}

    # -- game-specific figures in the report ----------------------------------------------------
    def result_extra(self, state: Any) -> dict[str, Any]:
        """Small per-game figures a game wants reported (kept in Result.extra; they cross process
        boundaries, so plain ints and lists)."""
        return {}

    def extra_findings(self, results: list["Result"], prepared: Any, players: int, options: dict[str, Any],
                       more: Callable[[dict[str, Any], int], list["Result"]]) -> list[Finding]:
        """The game's own figures and advice from one player count's results ('info' lines and
        warnings). `more(options, games)` plays further games with other options through the same
        runner (same seed, bots and workers), e.g. to compare starting hands; `more(options, games,
        bots=(...))` plays them with other bots, and `more.bots` names the bots that played
        `results`, so a game can tell a finding of the deck from one of the bots' play."""
        return []


def _kept(prep: Any) -> dict[int, Any]:
    """A deepcopy memo that keeps the prepared deck and each table it holds as they are: a clone
    shares them (play never changes them), so cloning costs what the state itself holds."""
    memo = {id(prep): prep}
    fields = getattr(prep, "__dict__", None) or {name: getattr(prep, name) for name in getattr(type(prep), "__slots__", ())
                                                 if hasattr(prep, name)}
    for value in fields.values():
        memo[id(value)] = value
    return memo


Bot = Callable[[Game, Any, random.Random], Action]


def random_bot(game: Game, state: Any, rng: random.Random) -> Action:
    """A legal action drawn uniformly: actions[rng.randrange(n)], with randrange's draw for a
    random.Random written out (the same bits, two Python calls fewer at every step of every game)."""
    actions = game.legal(state)
    n = len(actions)
    if not n:
        raise ValueError("no legal action to choose from")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return actions[r]


def shuffle(rng: random.Random, cards: list) -> None:
    """rng.shuffle(cards) written out, with the same draws (randbelow's loop inline): half the
    time of the library's, which calls a Python method per card, for the deal of every game."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def greedy_bot(game: Game, state: Any, rng: random.Random) -> Action:
    return game.greedy(state, rng)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}


@dataclass
class Result:
    """One game, kept small: it crosses process boundaries."""

    index: int
    players: int
    steps: int              # decisions taken (the step cap counts these)
    timed_out: bool
    scores: list[float]
    winners: list[int]
    start_hands: list[int]
    held: int
    used: int
    length: int = 0         # in the game's length_unit (turns, picks)
    extra: dict[str, Any] = field(default_factory=dict)


def game_rng(seed: int, players: int, index: int) -> random.Random:
    """One generator per game, from (seed, players, index) alone, so results do not depend on
    how games are split between workers."""
    return random.Random(f"printgen/{seed}/{players}/{index}")


def play(game: Game, prepared: Any, players: int, seed: int, index: int, bots: Sequence[Bot],
         checked: bool = False) -> Result:
    """Play one game to its end or the step cap. `checked` verifies invariants and legality at
    every step (tests); it is off for speed in validation runs."""
    rng = game_rng(seed, players, index)
    # the greedy bot is the game's own method: called straight from the class (same arguments as
    # a bot's), one call fewer a decision than through greedy_bot
    bots = [type(game).greedy if bot is greedy_bot else bot for bot in bots]
    state = game.setup(prepared, players, rng)
    start_hands = game.hand_sizes(state)
    cap = game.step_cap
    steps = 0
    is_over, to_act, apply = game.is_over, game.to_act, game.apply
    if checked:
        game.check(state)
    while not is_over(state):
        if steps >= cap:
            held, used = game.card_usage(state)
            return Result(index, players, steps, True, [0.0] * players, [], start_hands, held, used,
                          game.length(state), game.result_extra(state))
        seat = to_act(state)
        action = bots[seat](game, state, rng)
        if checked:
            legal = game.legal(state)
            assert action in legal, f"step {steps}: seat {seat} chose {action}, not in {legal}"
        apply(state, action)
        if checked:
            game.check(state)
        steps += 1
    scores = game.scores(state)
    best = max(scores)
    winners = [seat for seat, score in enumerate(scores) if score == best]
    held, used = game.card_usage(state)
    return Result(index, players, steps, False, scores, winners, start_hands, held, used, game.length(state),
                  game.result_extra(state))
