"""What `printgen validate` measures of a game and says about it: the Report protocol, and the
records it is made of (Result, Finding, Tip, Deal).

Why apart from the play contract (printgen.sim.engine.Game): playing a game (the runner, the bots,
a search bot, a playthrough) needs none of this, and what a report says of a game grows with what
designers ask of it. A shipped game implements both: its class is made of its package's rules.py
(a Game) and report.py (a Report). engine.play records a Result of any game, and fills in the
measures (starting hands, cards held and used, length, the game's own figures) when the game is
also a Report; validate plays only games that are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from printgen.files.errors import UserError, Where

if TYPE_CHECKING:                  # the deck is only named here: importing it would build the YAML schema
    from printgen.model.deck import Deck

P = TypeVar("P")        # a game's prepared deck
S = TypeVar("S")        # the state of one game


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
    work: int = 0           # the moves the search seats' playouts took (engine.play; the ladder's cost)


@dataclass
class Finding:
    """A static-check result in plain words, with the figure behind it."""

    level: str          # "warning", "undecided", "error" or "info"
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
    topic: tuple[Any, ...] = ()
    explains: tuple[Any, ...] = ()
    # a finding decided by an interval against a band (printgen.sim.verdicts.Verdict.as_dict): the
    # counts, interval, band and decision; level "undecided" when the interval straddles an edge,
    # and then validate plays more games of that player count and looks again
    verdict: dict[str, Any] | None = None


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
    where: Where | None = None                 # the line of a game file's deal, when a file says it

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


class More(Protocol):
    """Further games of the player count being judged, through the same runner (same seed, deck
    and workers): `more(options, games)` with the same bots, `more(options, games, bots=(...))`
    with others. `bots` names the bots that played the results being judged, so a game can tell a
    finding of the deck from one of the bots' play."""

    @property
    def bots(self) -> tuple[str, ...]: ...

    def __call__(self, options: dict[str, Any], games: int, bots: tuple[str, ...] | None = None) -> list[Result]: ...

    def already(self, options: dict[str, Any], bots: tuple[str, ...] | None = None) -> int:
        """How many of these games an earlier call played (a finding decided on them at an earlier
        look can stand without more)."""
        ...


class Report(Generic[P, S]):
    """What validate measures of one game and says about a deck, beyond the figures every game
    shares (printgen.sim.metrics). Every hook has a default but the measures of one game and the
    names and groups of the cards, which only the game knows."""

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
    # An option that shapes every game rather than governing a situation that may or may not arise
    # (the deal's size, the pack, a session's length, a bot's knowledge): option -> what it shapes,
    # in words. Every option of a game is in `situations` or here, so validate can say of each
    # -O option how often it mattered.
    settings: dict[str, str] = {}

    # -- what one game's Result records (asked once the deal is done, and at the end) ------------
    def length(self, state: S) -> int:
        """How long the game has lasted so far, in `length_unit`."""
        raise NotImplementedError

    def hand_sizes(self, state: S) -> list[int]:
        """Each seat's hand size now (asked once the deal is done: the starting hands)."""
        raise NotImplementedError

    def card_usage(self, state: S) -> tuple[int, int]:
        """(held, used) as bitmasks over the prepared deck's card indices: cards that were in a
        player's hand at some point, and cards that were put to use (melded, scored). A card
        held but never used is 'dead' in that game."""
        raise NotImplementedError

    def playable(self, state: S) -> int | None:
        """The cards (a bitmask over card indices) the seat to act could put to use now, among the
        moves open to it; None when the game cannot say. A game's log (`printgen validate --replay`)
        tells by it a card that was never playable from one the bot chose not to play."""
        return None

    def result_extra(self, state: S) -> dict[str, Any]:
        """Small per-game figures a game wants reported (kept in Result.extra; they cross process
        boundaries, so plain ints and lists)."""
        return {}

    # -- the deck --------------------------------------------------------------------------------
    def card_names(self, prepared: P) -> list[str]:
        """The name of each card index, for the dead and strong cards of the report."""
        raise NotImplementedError

    def card_groups(self, prepared: P) -> list[str]:
        """The group (house, suit) of each card index, for per-group dead rates."""
        raise NotImplementedError

    def deal_needs(self, prepared: P, players: int) -> Deal:
        """The cards set-up takes from the pack for `players` (see Deal); every game declares it,
        and the tests measure it against what `setup` deals."""
        raise NotImplementedError

    def pack_size(self, prepared: P) -> int:
        """How many cards the prepared pack holds (a game that plays only part of a deck says so)."""
        return len(self.card_names(prepared))

    # -- what the report says --------------------------------------------------------------------
    def static_checks(self, prepared: P, players: int) -> list[Finding]:
        """Findings about the deck before any game is played (the deal, cards left out)."""
        return []

    def advice(self, prepared: P, counts: Sequence[int]) -> list[Tip]:
        """Plain-words recommendations (e.g. which houses to use for each player count)."""
        return []

    def extra_findings(self, results: list[Result], prepared: P, players: int, options: dict[str, Any],
                       more: More) -> list[Finding]:
        """The game's own figures and advice from one player count's results ('info' lines and
        warnings). `more(options, games)` plays further games with other options through the same
        runner (same seed, bots and workers), e.g. to compare starting hands; `more(options, games,
        bots=(...))` plays them with other bots, and `more.bots` names the bots that played
        `results`, so a game can tell a finding of the deck from one of the bots' play."""
        return []

    def judge_again(self, topic: tuple[Any, ...], results: list[Result], prepared: P, players: int) -> Any:
        """The verdict (printgen.sim.verdicts.Verdict) on the game's own finding `topic` (such as
        ("strong", card)) from other games of the same player count, judged as the finding was;
        None when the game cannot judge that topic again. Why: validate plays a card warned about
        again with the search player in every seat, and keeps the warning only if those games
        confirm it (printgen.commands.validate_confirm)."""
        return None

    def sheet_tables(self, deck: Deck) -> dict[str, Any]:
        """Tables the game's rule sheet prints (as `game` in its template), made from the same data
        the simulator plays by, such as ranking charts, so the sheet and the simulator agree."""
        return {}


def report_of(game: object, name: str) -> Report[Any, Any]:
    """`game` as the Report validate reads; UserError when the game declares none (a plug-in that
    implements only the play contract can be played, not reported on)."""
    if isinstance(game, Report):
        return game
    raise UserError(f"the game '{name}' has no report to validate it with",
                    hint="its class must also subclass printgen.sim.report.Report (card names, groups, the deal)")


def short_deal(game: Report[Any, Any], prepared: Any, players: int) -> tuple[str, str] | None:
    """(what is short, how to fix it) when the game's deal for `players` needs more cards than its
    pack holds; None when it fits. (Deal.where, when set, is where the deal is written.)"""
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
