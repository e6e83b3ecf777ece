"""Running many seeded games, in this process, in worker processes, or on a Ray cluster.

Work is cut into batches of game indices. Every game draws its randomness from (seed, player
count, index) alone, and results are put back in index order, so a report is the same whatever
the number of workers or the backend.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from printgen.files.errors import UserError
from printgen.sim.engine import Game, bot_for, play
from printgen.sim.report import Result


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


def run_batch(batch: Batch) -> list[Result]:
    game, prepared = _prepare(batch)
    bots = [bot_for(name, game) for name in batch.bots]
    return [play(game, prepared, batch.players, batch.seed, index, bots)
            for index in range(batch.start, batch.start + batch.count)]


@dataclass(frozen=True)
class MoreGames:
    """The `more` a game's report is handed (printgen.sim.report.More): further games of one
    player count, played as the ones it judges were (game, variant, deck, seed, workers, backend)
    with other options, and with the same bots unless others are named."""

    game: Game[Any, Any]
    variant: str
    deck: str
    players: int
    seed: int
    workers: int
    backend: str
    address: str | None
    bots: tuple[str, ...]

    def __call__(self, options: dict[str, Any], games: int, bots: tuple[str, ...] | None = None) -> list[Result]:
        work = batches(self.game, self.variant, self.deck, options, self.players, games, self.seed,
                       self.bots if bots is None else bots, chunk_size(games, self.workers))
        return execute(work, self.workers, self.backend, None, self.address)


def batches(game: Game[Any, Any], variant: str, deck: str, options: dict, players: int, games: int, seed: int,
            bots: tuple[str, ...], size: int) -> list[Batch]:
    frozen = options_key(options)
    return [Batch(game, variant, deck, frozen, players, seed, start, min(size, games - start), bots)
            for start in range(0, games, size)]


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
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = []
        for batch, done in zip(work, pool.map(run_batch, work)):
            results.extend(done)
            tick(batch.count)
        return results


def _ray(work: list[Batch], tick: Callable[[int], None], address: str | None) -> list[Result]:
    try:
        import ray
    except ImportError:
        raise UserError("the Ray backend needs Ray installed", hint="pip install 'printgen[ray]'") from None
    started = False
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
        started = True
    try:
        remote = ray.remote(run_batch)
        futures = [remote.remote(batch) for batch in work]
        results: list[Result] = []
        for batch, future in zip(work, futures):
            batch_results: list[Result] = ray.get(future)
            results.extend(batch_results)
            tick(batch.count)
        return results
    finally:
        if started:
            ray.shutdown()


def chunk_size(games: int, workers: int) -> int:
    """Batches of a few hundred games: small enough to spread over workers, large enough that
    process or Ray overhead stays small (Ray wants tasks of seconds, not milliseconds)."""
    return max(50, min(2000, -(-games // max(1, workers * 4))))


def options_key(options: dict[str, Any]) -> tuple:
    """Options as a hashable, ordered key (lists become tuples): batches are cached by it."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))
