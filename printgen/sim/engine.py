"""The play contract every game implements (Game), the bots that play by it, and `play`, which
plays one seeded game to its end.

A game is a small state machine over plain ints and lists (no per-step copies): set up from a
prepared deck, a player count and a seeded random generator; the legal actions of the player
to act (ints); apply one; over or not; scores. Everything random goes through the generator
given to `setup`, so the same seed replays the same game. A step cap turns a game that would
loop into a reported timeout instead of a hang. What `printgen validate` measures of a game and
says about it is a protocol of its own (printgen.sim.report.Report): the contract here is what
the runner, the bots and the tests need to play, and no more.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from printgen.sim.options import Option, read_options
from printgen.sim.report import Report, Result
from printgen.sim.search import parse_search, search_bot

if TYPE_CHECKING:                  # the deck is only named here: importing it would build the YAML schema
    from printgen.model.deck import Deck

Action = int
P = TypeVar("P")        # a game's prepared deck: compiled once per run, never changed by play
S = TypeVar("S")        # the state of one game, changed in place by apply


class Game(Generic[P, S]):
    """The play contract: subclass it per game. Methods take the state `setup` returned and change it
    in place; the prepared deck is shared by every game of a run and never changed by play."""

    name: str = ""
    title: str = ""                    # the game in messages ("Casita Robada"); the name when empty
    aliases: tuple[str, ...] = ()      # other names --game accepts (e.g. the rule sheet's name)
    variants: tuple[str, ...] = ("basic",)
    players: tuple[int, ...] = (2,)    # the player counts the rules allow (a prepared deck may allow fewer)
    options: tuple[Option, ...] = ()   # its -O options, each declared once
    step_cap: int = 5000               # decisions after which a game is stopped and called a timeout

    # -- preparing the deck once per run ----------------------------------------------------
    def prepare(self, deck: Deck, variant: str, options: dict[str, Any]) -> P:
        """Compile the deck into what setup needs (ints, tables); UserError if it cannot play."""
        raise NotImplementedError

    def player_counts(self, prepared: P) -> tuple[int, ...]:
        """The player counts this prepared deck can be dealt to (by default every count of `players`)."""
        return self.players

    def read_options(self, variant: str, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value in `variant`, the given ones checked (UserError naming a bad one)."""
        return read_options(self.title or self.name, self.options, variant, given)

    def option_default(self, key: str, variant: str | None = None) -> Any:
        """Option `key`'s value in `variant` (the first when None) when none is given; None if undeclared."""
        chosen = variant if variant is not None else self.variants[0]
        return next((o.default_for(chosen) for o in self.options if o.name == key), None)

    # -- one game -----------------------------------------------------------------------------
    def setup(self, prepared: P, players: int, rng: random.Random) -> S:
        """A new game for `players`, dealt with `rng`, which the state keeps for every later draw."""
        raise NotImplementedError

    def to_act(self, state: S) -> int:
        """The seat whose decision it is."""
        raise NotImplementedError

    def legal(self, state: S) -> list[Action]:
        """The actions open to the seat to act, distinct, in a fixed order (a random bot picks by place)."""
        raise NotImplementedError

    def apply(self, state: S, action: Action) -> None:
        """Take `action` for the seat to act, changing `state` in place; ValueError if it is not legal."""
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        """Whether the game has ended: no seat acts any more."""
        raise NotImplementedError

    def scores(self, state: S) -> list[float]:
        """Each seat's score at the end: the highest wins, equal highest share the win."""
        raise NotImplementedError

    def action_name(self, state: S, action: Action) -> str:
        """`action` in words as the seat to act would say it in `state`; distinct among legal(state)."""
        raise NotImplementedError

    def num_actions(self, prepared: P, players: int) -> int | None:
        """A bound on the actions (each in range(num_actions)); None where actions are no small range."""
        return None

    def clone(self, state: S) -> S:
        """A copy of `state` to play on that shares nothing play can change (its generator included)."""
        prep = getattr(state, "prep", None)
        return copy.deepcopy(state, _kept(prep) if prep is not None else {})

    # -- what one seat knows (a search player plays from it) ------------------------------------
    def information(self, state: S, seat: int) -> Hashable:
        """What `seat` knows of the game now, as a value two states share exactly when the seat cannot
        tell them apart: its own cards, every card face up, the size of every pile it cannot see
        into, whose turn and which phase, and whatever play has shown it (a card taken from the
        discard pile is known to be in that hand). Why: a search player must not play from cards
        it cannot see, and a determinised state is right only if the seat would see the same."""
        raise NotImplementedError

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A copy of `state` (shares nothing play can change, as `clone`) in which everything `seat`
        cannot see is drawn anew with `rng`, consistently with what it has seen: the copy has the
        same `information(_, seat)`, every card the seat knows the place of stays there, and the
        unseen cards are dealt at random among the unseen places (hands keep their sizes). The
        copy's own generator is a fresh one drawn from `rng`, so play on it cannot replay the real
        game's future draws."""
        raise NotImplementedError

    # -- how a search player treats the game (printgen/sim/search.py) ---------------------------
    def searched(self, state: S) -> bool:
        """Whether a search player searches the decision in `state` (True by default); False leaves
        it to the game's greedy player. Why: a game whose first decisions shape a whole hand from
        few clues (L'Ombre's bid, trumps and exchange) can be decided better by its rule of thumb
        than by a small search; a game says so only where a bench shows it."""
        return True

    def horizon(self, state: S) -> Hashable:
        """A mark of the part of the game `state` is in, or None (the default): a search's playout
        stops where the mark changes, not at the game's end, and is won by the seats whose `scores`
        gained most since the decision searched. Why: a game of independent deals (L'Ombre's
        hands, Burro's) is played out deal by deal; later deals say nothing of the decision and
        cost most of the time. A playout that ends the game is scored by the final scores."""
        return None

    def horizon_scores(self, state: S) -> list[float]:
        """What a playout stopped at the horizon is judged by: the seats whose values gained most
        since the decision win it. The scores by default; a game file may give its own per-seat
        measure (`horizon: score:`), where its score says too little by the end of a part."""
        return self.scores(state)

    def stopped(self, state: S) -> bool:
        """Whether the game ended by being stopped rather than by its rules (a game file's loop past
        its max): the game is then a timeout, like one stopped at the step cap."""
        return False

    def check(self, state: S) -> None:
        """Assert every invariant of `state` (cards conserved, hands consistent...): checked play calls it
        at every step."""

    # equal choices are broken at random with the game's own generator (a seed still replays the game):
    # a fixed order, the lowest card first, would make some cards look dead only because of the bot
    def greedy(self, state: S, rng: random.Random) -> Action:
        """The game's own rule-of-thumb choice among legal(state), equal choices broken with `rng`."""
        raise NotImplementedError

    def own_bots(self) -> Mapping[str, Bot]:
        """Bots of this game's own, by name, beside the ones every game has (random, greedy, search):
        a player the game alone can describe, such as Cromwell's pupil who does not know the houses.
        Why a mapping of names: a line-up (--seats) crosses to worker processes as names, and each
        worker finds the bot again here. A name every game has cannot be taken."""
        return {}


def _kept(prep: Any) -> dict[int, Any]:
    """A deepcopy memo that keeps the prepared deck and each table it holds as they are: a clone
    shares them (play never changes them), so cloning costs what the state itself holds."""
    memo = {id(prep): prep}
    slots = getattr(type(prep), "__slots__", ())
    fields = getattr(prep, "__dict__", None) or {name: getattr(prep, name) for name in slots if hasattr(prep, name)}
    for value in fields.values():
        memo[id(value)] = value
    return memo


Bot = Callable[[Game[Any, Any], Any, random.Random], Action]


def random_bot(game: Game[Any, Any], state: Any, rng: random.Random) -> Action:
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


def shuffle(rng: random.Random, cards: list[Any]) -> None:
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



def greedy_bot(game: Game[Any, Any], state: Any, rng: random.Random) -> Action:
    """The game's own greedy player, as a bot."""
    return game.greedy(state, rng)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}


def bot_for(name: str, game: Game[Any, Any]) -> Bot:
    """The bot called `name` for `game`. The greedy one is the game's own method taken from its class:
    that is a bot already (game, state, rng), and one call a decision fewer than greedy_bot. A search
    bot is named with its budget in iterations ('search:400'; 'search' alone the default;
    'search-random:400' the same search with uniformly random playouts), so the
    name alone, a string, carries it to a worker process; a game's own bots (Game.own_bots) come
    after those every game has. KeyError for a name no bot has."""
    if name == "greedy":
        return type(game).greedy
    searcher = search_bot(name)
    if searcher is not None:
        return searcher
    if name not in BOTS:
        own = game.own_bots()
        if name in own:
            return own[name]
    return BOTS[name]


def is_bot_name(name: str, game: Game[Any, Any] | None = None) -> bool:
    """Whether bot_for knows `name` (random, greedy, search, search:N, and `game`'s own bots when
    a game is given)."""
    return name in BOTS or parse_search(name) is not None or (game is not None and name in game.own_bots())


def game_rng(seed: int, players: int, index: int) -> random.Random:
    """One generator per game, from (seed, players, index) alone, so results do not depend on
    how games are split between workers."""
    return random.Random(f"printgen/{seed}/{players}/{index}")


def bot_rng(seed: int, players: int, index: int) -> random.Random:
    """The bots' own generator in game `index` of duplicate deals (play's `deal`): apart from the
    game's, so what the bots draw cannot change the cards the deal gives later."""
    return random.Random(f"printgen/{seed}/{players}/{index}/bots")


Watch = Callable[[int, Any, int, Action], None]     # (step, state, seat, action), before the action is taken


def play(game: Game[P, S], prepared: P, players: int, seed: int, index: int, bots: Sequence[Bot],
         checked: bool = False, watch: Watch | None = None, deal: int | None = None) -> Result:
    """Play one game to its end or the step cap. `checked` verifies invariants and legality at
    every step (tests); it is off for speed in validation runs. `watch` is shown every decision
    before it is taken (a game's log: `printgen validate --replay`); it must only read the state,
    so a watched game is the same game. The Result's measures (starting hands, cards held and
    used, length, extras) are the game's Report's: a game that is no Report gets its steps for a
    length and none of the others. Its `work` is the moves the search seats' playouts made in
    this game (a bot that counts them, SearchBot.moves): what the skill ladder judges a rung's cost by.

    With `deal` (duplicate deals, the skill ladder's: printgen.sim.ladder), the game's own
    randomness (its deal, and every later draw of the state's generator) comes from
    (seed, players, deal) instead of the index, and the bots draw from a generator of their own
    (bot_rng): games of one deal start from the same cards whatever the seats' bots, and a game
    whose draws do not depend on the play (a later hand's shuffle) deals them the same too."""
    rng = game_rng(seed, players, index if deal is None else deal)
    choose = rng if deal is None else bot_rng(seed, players, index)
    report = game if isinstance(game, Report) else None
    state = game.setup(prepared, players, rng)
    start_hands = report.hand_sizes(state) if report is not None else []
    cap = game.step_cap
    steps = 0
    is_over, to_act, apply = game.is_over, game.to_act, game.apply
    counters = list({id(b): b for b in bots if hasattr(b, "moves")}.values())     # search bots (their work)
    before = sum(b.moves for b in counters)
    if checked:
        game.check(state)
    while not is_over(state):
        if steps >= cap:
            return _result(report, state, index, players, steps, True, [0.0] * players, start_hands,
                           sum(b.moves for b in counters) - before)
        seat = to_act(state)
        action = bots[seat](game, state, choose)
        if watch is not None:
            watch(steps, state, seat, action)
        if checked:
            legal = game.legal(state)
            assert action in legal, f"step {steps}: seat {seat} chose {action}, not in {legal}"
        apply(state, action)
        if checked:
            game.check(state)
        steps += 1
    return _result(report, state, index, players, steps, game.stopped(state), game.scores(state), start_hands,
                   sum(b.moves for b in counters) - before)


def _result(report: Report[Any, Any] | None, state: Any, index: int, players: int, steps: int, timed_out: bool,
            scores: list[float], start_hands: list[int], work: int = 0) -> Result:
    """The Result of a game that stopped (a timeout has no winners), measured by its report if any;
    `work` the moves its search seats' playouts took (SearchBot.moves)."""
    best = None if timed_out else max(scores)
    winners = [seat for seat, score in enumerate(scores) if score == best]
    if report is None:
        return Result(index, players, steps, timed_out, scores, winners, start_hands, 0, 0, steps, work=work)
    held, used = report.card_usage(state)
    return Result(index, players, steps, timed_out, scores, winners, start_hands, held, used, report.length(state),
                  report.result_extra(state), work)
