"""Who plays the games of `printgen validate`: --bots (one kind at every seat, or mixed), --budget
(the search bot's iterations) and --seats (a line-up by seat). Why apart: every bot is named by a
string that crosses to worker processes as it is ('search:400' carries its budget), and a line-up
is checked against the player counts before a game is played.
"""

from __future__ import annotations

from typing import Any

from printgen.files.errors import UserError
from printgen.sim.engine import Game, is_bot_name
from printgen.sim.search import DEFAULT_BUDGET, parse_search

# A search bot's budget is refused above this: a decision's time grows with its iterations, and a
# game of Cromwell at 50 already takes the search player about a second of processor time, so one at
# 10,000 takes minutes and a run of them hours. Why a refusal and not a clamp: a run that quietly
# played another budget would report figures for a player that was never asked for.
MAX_BUDGET = 10_000
BUDGET_HINT = f"at most {MAX_BUDGET:,}; the default is {DEFAULT_BUDGET}, 50 is quick, 1000 plays well and slowly"

KINDS = ("greedy", "random", "mixed", "search")
SEAT_HINT = ("name each seat random, greedy, search or search:N (or search-random:N), "
             "e.g. --seats search:400,greedy,greedy,greedy")


def who_plays(bots: str | None, seats: str | None) -> str:
    """--bots as given (greedy when neither it nor --seats is); UserError when both are."""
    if bots is not None and seats is not None:
        raise UserError(f"--bots {bots} and --seats both say who plays", hint="give one: --seats names every seat")
    return bots or "greedy"


def check_bots(bots: str, budget: int | None, seats: str | None) -> None:
    """--bots, --budget and --seats together; UserError for a bad one, before any deck is loaded."""
    if bots not in KINDS:
        raise UserError(f"unknown bots '{bots[:40]}'", hint="use " + ", ".join(KINDS) + " (or --seats for a line-up)")
    if budget is not None and budget < 1:
        raise UserError(f"--budget {budget}: a search takes at least 1 iteration a decision", hint=BUDGET_HINT)
    if budget is not None and budget > MAX_BUDGET:
        raise UserError(f"--budget {str(budget)[:40]}: too many iterations a decision to finish in bounded time",
                        hint=BUDGET_HINT)
    if seats is not None:
        for name in seat_names(seats):
            head, colon, tail = name.partition(":")
            if colon and parse_search(head) is not None and tail.isdigit() and int(tail) < 1:
                raise UserError(f"--seats: '{name[:40]}': a search takes at least 1 iteration a decision",
                                hint=BUDGET_HINT)
            if not name.isidentifier() and not is_bot_name(name):     # a game's own bot is checked with its game
                raise UserError(f"--seats: no bot is called '{name[:40]}'", hint=SEAT_HINT)
            asked = parse_search(name)
            if asked is not None and asked > MAX_BUDGET:
                raise UserError(f"--seats: '{name[:40]}' asks too many iterations a decision to finish in bounded "
                                "time", hint=BUDGET_HINT)
    if budget is not None and search_budget(bots, None, seats) is None:
        raise UserError(f"--budget {budget} sets the search bot's iterations, and no seat plays 'search'",
                        hint="add --bots search, or name a seat 'search' in --seats")


def check_seat_bots(seats: str | None, game: Game[Any, Any], name: str) -> None:
    """Every bot of --seats known to `game` (a game may add bots of its own: Game.own_bots), before
    any of its games is played; UserError naming the game and its own bots otherwise."""
    if seats is None:
        return
    for bot in seat_names(seats):
        if not is_bot_name(bot, game):
            own = sorted(game.own_bots())
            extra = f"; the game '{name}' also has " + ", ".join(own) if own else ""
            raise UserError(f"--seats: no bot is called '{bot[:40]}' for the game '{name}'", hint=SEAT_HINT + extra)


def seat_names(seats: str) -> list[str]:
    """The bots of --seats A,B,C, one a seat, spaces around the commas left out."""
    return [name.strip() for name in seats.split(",")]


def lineup(kind: str, players: int, budget: int | None = None, seats: str | None = None) -> tuple[str, ...]:
    """The bots at `players` seats as game 0 seats them (runner.seated turns them): --seats as
    given, else --bots KIND at every seat (mixed: one random player among greedy ones). 'search'
    alone becomes 'search:BUDGET', so the run's labels and the workers know the budget."""
    chosen = budget if budget is not None else DEFAULT_BUDGET
    if seats is not None:
        names = seat_names(seats)
        if len(names) != players:
            raise UserError(f"--seats names {len(names)} seats, and this run plays {players} players",
                            hint=f"name {players} bots, or choose --players {len(names)}")
    elif kind == "mixed":       # one careless player among careful ones
        names = ["random"] + ["greedy"] * (players - 1)
    else:
        names = [kind] * players
    return tuple(f"search:{chosen}" if name == "search" else name for name in names)


def bots_words(bots: str, budget: int | None, seats: str | None) -> str:
    """Who played, for the report's first line."""
    if seats is not None:
        named = ", ".join(lineup(bots, len(seat_names(seats)), budget, seats))
        return f"seats {named} (a seat further round each game)"
    if bots == "mixed":
        return "mixed bots (one random player among greedy ones, a seat further round each game)"
    if bots == "search":
        return f"search bots ({search_budget(bots, budget, seats)} iterations a decision)"
    return f"{bots} bots"


def search_budget(bots: str, budget: int | None, seats: str | None) -> int | None:
    """The budget of a seat named plain 'search' (--budget, or the default), None when none is."""
    plain = bots == "search" if seats is None else "search" in seat_names(seats)
    return (budget if budget is not None else DEFAULT_BUDGET) if plain else None
