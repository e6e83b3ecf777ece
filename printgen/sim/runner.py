"""Running many seeded games, in this process, in worker processes, or on a Ray cluster.

Work is cut into batches of game indices. Every game draws its randomness from (seed, player
count, index) alone, and results are put back in index order, so a report is the same whatever
the number of workers or the backend.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from printgen.files.errors import UserError
from printgen.sim.engine import Game, bot_for, play
from printgen.sim.report import Result
from printgen.sim.search import parse_search


@dataclass(frozen=True)
class Batch:
    game: Game[Any, Any]  # the game itself: a worker unpickles it by its class's import path
    variant: str
    deck: str            # a deck name or folder, loaded again in each worker
    options: tuple       # sorted (key, value) pairs of game options
    players: int
    seed: int
    start: int
    count: int
    bots: tuple[str, ...]
    deals: bool = False   # duplicate deals: game i plays deal i // players (see deal_of)


_prepared: dict[tuple, tuple] = {}


def _prepare(batch: Batch):
    """The game and its prepared deck, cached per process (workers reuse them across batches)."""
    key = (type(batch.game), batch.game.name, batch.variant, batch.deck, batch.options)
    if key not in _prepared:
        from printgen.model.load import load_deck

        game = batch.game
        options = {k: list(v) if isinstance(v, tuple) else v for k, v in batch.options}
        _prepared[key] = (game, game.prepare(load_deck(batch.deck), batch.variant, options))
    return _prepared[key]


def seated(lineup: Sequence[str], index: int) -> tuple[str, ...]:
    """Who plays each seat in game `index`: the lineup turned one seat further each game, so
    that with one random player among greedy ones (--bots mixed) the random player sits in every
    seat equally often (game 0 as listed, game 1 with the first bot in seat 2...). Why: a bot tied
    to one seat makes that seat's figures the bot's, and the deck's seats could not be compared.
    With one kind of bot in every seat it changes nothing."""
    n = len(lineup)
    turn = index % n if n else 0
    return tuple(lineup[(seat - turn) % n] for seat in range(n))


def seat_mix(lineup: Sequence[str]) -> tuple[str, ...]:
    """What played each seat over a run: with the lineup turning (see seated) every seat saw the
    same mix, so every seat carries the same label ('random+greedy+greedy'), and one kind of bot
    keeps its own name. Seat figures are the deck's whenever these labels are all the same."""
    kinds = sorted(set(lineup))
    label = lineup[0] if len(kinds) == 1 else "+".join(lineup)
    return (label,) * len(lineup)


def bot_win_rates(results: Sequence[Result], lineup: Sequence[str]) -> dict[str, dict[str, float]]:
    """For each kind of bot in the lineup, the games its seats played and the share of them it won
    (a shared win counted as a share): how the bots did against one another, apart from the seats."""
    seats = {kind: 0 for kind in lineup}
    wins = {kind: 0.0 for kind in lineup}
    for r in results:
        if r.timed_out:
            continue
        who = seated(lineup, r.index)
        for kind in who:
            seats[kind] += 1
        for seat in r.winners:
            wins[who[seat]] += 1 / len(r.winners)
    return {kind: {"played": seats[kind], "wins": round(wins[kind], 2),
                   "win_rate": round(wins[kind] / seats[kind], 4) if seats[kind] else 0.0} for kind in seats}


def deal_of(index: int, players: int) -> int:
    """The deal game `index` plays in duplicate deals: games 0 to players-1 play deal 0, the next
    `players` deal 1... Why so: seated turns the line-up a seat each game, so the games of one deal
    are its every rotation, and each seat of the deal is played once by each bot of the line-up."""
    return index // players


def run_batch(batch: Batch) -> list[Result]:
    game, prepared = _prepare(batch)
    by_name = {name: bot_for(name, game) for name in set(batch.bots)}
    return [play(game, prepared, batch.players, batch.seed, index,
                 [by_name[name] for name in seated(batch.bots, index)],
                 deal=deal_of(index, batch.players) if batch.deals else None)
            for index in range(batch.start, batch.start + batch.count)]


Progress = Callable[[str, int], "Callable[[int], None] | None"]     # (label, games) -> a tick per batch, or None


@dataclass(frozen=True)
class MoreGames:
    """The `more` a game's report is handed (printgen.sim.report.More): further games of one
    player count, played as the ones it judges were (game, variant, deck, seed, workers, backend)
    with other options, and with the same bots unless others are named. Each call shows its own
    progress, labelled with what it changes: a game's comparisons can be most of a run."""

    game: Game[Any, Any]
    variant: str
    deck: str
    players: int
    seed: int
    workers: int
    backend: str
    address: str | None
    bots: tuple[str, ...]
    options: tuple = ()                # the judged games' options (options_key), to say what a call changes
    label: str = ""                    # the section and player count, as the main batch's progress names them
    progress: Progress | None = None
    deals: bool = False                # duplicate deals (the skill ladder's: see deal_of)

    # games already played, per (options, bots): a later call asking for more plays only the games
    # it lacks (every game draws its randomness from its index alone, so extending a batch gives the
    # very games a longer run would). Why: validate looks again at a player count with twice the
    # games while a finding is undecided, and a game's comparisons are asked again at each look.
    played: dict[tuple, list[Result]] = field(default_factory=dict, compare=False, repr=False)

    def __call__(self, options: dict[str, Any], games: int, bots: tuple[str, ...] | None = None) -> list[Result]:
        lineup = self.bots if bots is None else bots
        return self._games(options, games, lineup, self._what(options, lineup))

    def already(self, options: dict[str, Any], bots: tuple[str, ...] | None = None) -> int:
        lineup = self.bots if bots is None else bots
        return len(self.played.get((options_key(options), lineup), ()))

    def judged(self, options: dict[str, Any], games: int) -> list[Result]:
        """The games being judged themselves (the main batch), the first `games` of them."""
        return self._games(options, games, self.bots, self.label)

    def _games(self, options: dict[str, Any], games: int, lineup: tuple[str, ...], what: str) -> list[Result]:
        have = self.played.setdefault((options_key(options), lineup), [])
        if len(have) < games:
            todo = games - len(have)
            work = batches(self.game, self.variant, self.deck, options, self.players, todo, self.seed,
                           lineup, chunk_size(todo, self.workers, lineup), start=len(have), deals=self.deals)
            label = what if not have else f"{what}, games {len(have) + 1:,} to {games:,}"
            tick = self.progress(label, todo) if self.progress is not None else None
            have.extend(execute(work, self.workers, self.backend, tick, self.address))
        return have[:games]

    def _what(self, options: dict[str, Any], lineup: tuple[str, ...]) -> str:
        """The progress label of one call: the section, then what differs from the judged games."""
        before = dict(self.options)
        changed = [f"{k}={_said(v)}" for k, v in options_key(options) if before.get(k, _UNSET) != v]
        changed += [f"no {k}" for k in before if k not in options]
        if lineup != self.bots:
            changed.append(f"{'/'.join(sorted(set(lineup)))} bots")
        return f"{self.label}, " + (" ".join(changed) if changed else "again")


_UNSET = object()


def _said(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, tuple) else str(value)


def batches(game: Game[Any, Any], variant: str, deck: str, options: dict, players: int, games: int, seed: int,
            bots: tuple[str, ...], size: int, start: int = 0, deals: bool = False) -> list[Batch]:
    """`games` games from index `start` on, cut into batches of `size` (duplicate deals with `deals`)."""
    frozen = options_key(options)
    return [Batch(game, variant, deck, frozen, players, seed, first, min(size, start + games - first), bots, deals)
            for first in range(start, start + games, size)]


def execute(work: list[Batch], workers: int = 1, backend: str = "local",
            tick: Callable[[int], None] | None = None, address: str | None = None) -> list[Result]:
    """All results of all batches, in batch order."""
    tick = tick or (lambda n: None)
    if backend == "ray":
        return _ray(work, tick, address)
    if backend != "local":
        raise UserError(f"unknown backend '{backend}'", hint="use local or ray")
    workers = min(workers, len(work))      # no process without a batch to play
    if workers <= 1:
        out: list[Result] = []
        for batch in work:
            out.extend(run_batch(batch))
            tick(batch.count)
        return out
    with _pool(workers) as pool:
        results = []
        for batch, done in zip(work, pool.map(run_batch, work)):
            results.extend(done)
            tick(batch.count)
        return results


_held: list[Any] = []          # the worker processes a local session holds for its run (at most one pool)


@contextmanager
def _pool(workers: int) -> Iterator[Any]:
    """The session's worker processes, or a pool of this call's own (shut down after it)."""
    if _held:
        yield _held[0]
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield pool


def _import_ray():
    try:
        import ray
    except ImportError:
        raise UserError("the Ray backend needs Ray installed", hint="pip install 'printgen[ray]'") from None
    return ray


@contextmanager
def session(backend: str, address: str | None = None, workers: int = 1) -> Iterator[None]:
    """The backend held open for a whole run. For Ray: join the instance already running in this
    process, or start (or connect to, with `address`) one here and shut it down at the end. Why
    once per run: starting a local Ray takes seconds, and a validation asks it for games many
    times (every game, variant and player count, and a game's further comparisons); starting it
    for each made a run of eight player counts 7 times slower. Locally with several workers, the
    same pool of processes serves the whole run, and each keeps the decks it has prepared."""
    if backend != "ray":
        if workers <= 1 or _held:
            yield
            return
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            _held.append(pool)
            try:
                yield
            finally:
                _held.clear()
        return
    ray = _import_ray()
    started = not ray.is_initialized()
    if started:
        # a Ray started here runs --workers processes, as the local backend does (Ray's own default,
        # one a core, started a process for each core whatever --workers said)
        own = {"num_cpus": max(1, workers)} if address is None else {}
        # Ray's own log lines (that it started, how its cluster authenticates) are for whoever runs
        # the cluster, not for a designer reading a report: only its errors reach the terminal
        ray.init(address=address, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True,
                 logging_level=logging.ERROR, **own)
    try:
        yield
    finally:
        if started:
            ray.shutdown()


def _ray(work: list[Batch], tick: Callable[[int], None], address: str | None) -> list[Result]:
    """The batches as Ray tasks, in the run's session (or one of their own when called outside one)."""
    with session("ray", address):
        ray = _import_ray()
        remote = ray.remote(run_batch)
        futures = [remote.remote(batch) for batch in work]
        results: list[Result] = []
        for batch, future in zip(work, futures):
            batch_results: list[Result] = ray.get(future)
            results.extend(batch_results)
            tick(batch.count)
        return results


def chunk_size(games: int, workers: int, bots: Sequence[str] = ()) -> int:
    """Batches of a few hundred games: small enough to spread over workers, large enough that
    process or Ray overhead stays small (Ray wants tasks of seconds, not milliseconds). A line-up
    with a search player takes about a second a game or more, so its batches are only as large as
    spreading them over the workers needs: at least 50 would play the skill ladder's 20-game looks,
    its costliest games, in one batch on one core whatever --workers said."""
    least = 1 if any(parse_search(name) is not None for name in bots) else 50
    return max(least, min(2000, -(-games // max(1, workers * 4))))


def options_key(options: dict[str, Any]) -> tuple:
    """Options as a hashable, ordered key (lists become tuples): batches are cached by it."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))
