"""The runner under `printgen validate`: the bots turn round the table between games, a Ray backend
is started once per run, and progress covers every game played (a report's further comparisons
too, not only the main batch)."""

from __future__ import annotations

import sys
import types
from collections import Counter

from printgen.commands.validate import ValidateOptions, validate
from printgen.commands.validate_bots import who_plays
from printgen.commands.validate_report import report
from printgen.games.registry import get_game
from printgen.model.load import load_deck
from printgen.sim import runner
from printgen.sim.engine import bot_for, play
from printgen.sim.runner import Batch, bot_win_rates, run_batch, seat_mix, seated

MIXED3 = ("random", "greedy", "greedy")


def test_the_random_player_sits_in_every_seat_in_turn():
    assert [seated(MIXED3, i) for i in range(4)] == [
        ("random", "greedy", "greedy"), ("greedy", "random", "greedy"), ("greedy", "greedy", "random"),
        ("random", "greedy", "greedy")]
    # over any run every seat is the random player's equally often (to within one game)
    for players in (2, 3, 4, 5):
        lineup = ("random",) + ("greedy",) * (players - 1)
        seats = Counter(seated(lineup, i).index("random") for i in range(301))
        assert set(seats) == set(range(players)) and max(seats.values()) - min(seats.values()) <= 1
    # one kind of bot: nothing moves, so greedy and random runs are what they were
    assert all(seated(("greedy",) * 3, i) == ("greedy",) * 3 for i in range(5))
    assert seat_mix(MIXED3) == ("random+greedy+greedy",) * 3 and seat_mix(("greedy",) * 2) == ("greedy", "greedy")


def test_the_runner_seats_the_bots_as_seated_says(monkeypatch):
    """Each game of a batch is played with the bots `seated` gives for its index: the random bot
    is asked for decisions in every seat, and each game is the one play() gives with that seating."""
    asked: Counter[int] = Counter()

    def spying(name, game):
        real = bot_for(name, game)
        if name != "random":
            return real

        def bot(g, state, rng):
            asked[g.to_act(state)] += 1
            return real(g, state, rng)
        return bot
    monkeypatch.setattr(runner, "bot_for", spying)
    game = get_game("casita")
    batch = Batch(game, "basic", "spanish", (), 3, 4, 0, 6, MIXED3)
    results = run_batch(batch)
    assert set(asked) == {0, 1, 2}
    # and the results are those of play() with that seating, game by game
    prepared = game.prepare(load_deck("spanish"), "basic", {})
    for r in results:
        bots = [bot_for(name, game) for name in seated(MIXED3, r.index)]
        again = play(game, prepared, 3, 4, r.index, bots)
        assert (again.scores, again.steps, again.held, again.used) == (r.scores, r.steps, r.held, r.used)


def test_bot_win_rates_count_each_bot_in_the_seat_it_played():
    from printgen.sim.report import Result

    def won(index, seat):
        return Result(index, 3, 10, False, [0.0] * 3, [seat], [], 0, 0)
    # game 0: random in seat 0 wins; game 1: random in seat 1, seat 0 (greedy) wins; game 2 shared
    results = [won(0, 0), won(1, 0), Result(2, 3, 10, False, [1.0] * 3, [1, 2], [], 0, 0),
               Result(3, 3, 10, True, [0.0] * 3, [], [], 0, 0)]
    rates = bot_win_rates(results, MIXED3)
    assert rates["random"] == {"played": 3, "wins": 1.5, "win_rate": 0.5}     # game 2: random in seat 2 shares
    assert rates["greedy"] == {"played": 6, "wins": 1.5, "win_rate": 0.25}


def test_mixed_bots_are_measured_apart_from_the_seats():
    # looks=2: the rates are counted over a second look's games too; more looks only add games
    opts = ValidateOptions(game="lombre", games=150, bots="mixed", deck_ref="spanish", looks=2)
    sections, deck = validate("spanish", opts)
    summary = sections[0].summaries[3]
    rates = summary["bot_win_rate"]
    games = summary["games"]           # 150 asked, 300 at the second look
    assert summary["looks"] == {"looks": 2, "games": 300, "cap": 300}
    assert rates["random"]["played"] == games and rates["greedy"]["played"] == 2 * games
    assert rates["random"]["win_rate"] < 0.15 < rates["greedy"]["win_rate"]      # the careless player loses ...
    assert min(summary["seat_win_rate"]) > 0.15        # ... in every seat in turn, so no seat is left the loser
    text = report(sections, deck, opts)
    assert "a seat further round each game" in text and "wins by bot" in text
    assert "no seat is judged" not in text            # every seat saw the same players: seats are compared


def test_wins_by_bot_are_judged_against_the_fair_share():
    """Review of issue 28: "wins by bot" gave bare rates. Each kind's share now carries its interval
    and a verdict against the fair share give or take a quarter (as a seat's): in 200 games of
    Conquian greedy wins clearly more than its 50 %, random clearly less."""
    opts = ValidateOptions(game="conquian", variant="basic", games=200, looks=1, confirm=0, deck_ref="spanish",
                           bots=who_plays(None, "greedy,random"), seats="greedy,random")
    sections, deck = validate("spanish", opts)
    rates = sections[0].summaries[2]["bot_win_rate"]
    assert rates["greedy"]["verdict"]["decision"] == "warning" and rates["greedy"]["verdict"]["band"] == [0.375, 0.625]
    assert rates["greedy"]["verdict"]["interval"][0] > 0.625 > 0.375 > rates["random"]["verdict"]["interval"][1]
    line = next(x for x in report(sections, deck, opts).splitlines() if "wins by bot" in x)
    assert "greedy 74.2 % of the 200 seats it played (99 % interval 65.6-81.3 %): more than its fair share" in line
    assert "random 25.8 % of the 200 seats it played" in line and "less than its fair share" in line
    assert "fine being 37.5 to 62.5 % (a fair 50 %, give or take a quarter of it)" in line


# -- Ray: one start per run ---------------------------------------------------------------------------

class FakeRay(types.ModuleType):
    """Ray's calls the runner makes, played here and counted: how many times an instance starts."""

    def __init__(self, running: bool = False):
        super().__init__("ray")
        self.running, self.starts, self.stops, self.tasks = running, 0, 0, 0

    def is_initialized(self):
        return self.running

    def init(self, **kwargs):
        self.starts += 1
        self.running = True

    def shutdown(self):
        self.stops += 1
        self.running = False

    def remote(self, function):
        fake = self

        class Remote:
            @staticmethod
            def remote(batch):
                fake.tasks += 1
                return function(batch)
        return Remote

    def get(self, future):
        return future


def ray_run(monkeypatch, fake: FakeRay, **settings):
    monkeypatch.setitem(sys.modules, "ray", fake)
    opts = ValidateOptions(backend="ray", deck_ref="spanish", **settings)
    return validate("spanish", opts)[0]


def test_ray_starts_once_for_a_run_of_many_sections(monkeypatch):
    fake = FakeRay()
    # burro at three counts, its three packs' comparisons and a second look at each count (looks=2:
    # every kind of runner call, without the default's further looks repeating them with more games)
    sections = ray_run(monkeypatch, fake, game="burro", variant="basic", players="2-4", games=100, looks=2)
    assert [s.counts for s in sections] == [[2, 3, 4]]
    assert [m["looks"]["looks"] for m in sections[0].summaries.values()] == [2, 2, 2]
    assert fake.tasks > 3 and (fake.starts, fake.stops) == (1, 1)


def test_ray_already_running_is_joined_and_left_running(monkeypatch):
    fake = FakeRay(running=True)
    ray_run(monkeypatch, fake, game="casita", players="2-3", games=60)
    assert fake.tasks >= 2 and (fake.starts, fake.stops) == (0, 0)


def test_ray_called_outside_a_run_starts_and_stops_its_own(monkeypatch):
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    game = get_game("casita")
    work = runner.batches(game, "basic", "spanish", {}, 2, 60, 1, ("greedy",) * 2, 50)
    assert len(runner.execute(work, backend="ray")) == 60
    assert (fake.starts, fake.stops) == (1, 1)


# -- progress over every game played ------------------------------------------------------------------

def test_progress_covers_the_further_games_a_report_plays():
    shown: dict[str, list[int]] = {}

    def factory(label: str, total: int):
        shown[label] = [total, 0]

        def tick(n: int) -> None:
            shown[label][1] += n
        return tick
    # looks=2: the bars of a second look too, without the default's further looks repeating them
    opts = ValidateOptions(game="burro", variant="basic", players="2", games=100, deck_ref="spanish", looks=2)
    sections = validate("spanish", opts, factory)[0]
    assert sections[0].summaries[2]["looks"]["looks"] == 2
    main = "burro basic, 2 players"
    assert shown[main] == [100, 100]
    further = [label for label in shown if label != main]
    assert further and all(label.startswith(main + ", ") for label in further)
    assert any("pack=" in label for label in further)               # burro compares its packs
    assert all(total == done for total, done in shown.values())     # every bar runs to its end


def test_worker_processes_serve_the_whole_run(monkeypatch):
    """With --workers K one pool of processes plays every batch of the run (each section and a
    report's further games), and the report is the one a single process makes."""
    import concurrent.futures

    pools = []

    class Counted(concurrent.futures.ProcessPoolExecutor):
        def __init__(self, *args, **kwargs):
            pools.append(kwargs.get("max_workers"))
            super().__init__(*args, **kwargs)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Counted)
    # looks=2: a second look at each count goes through the pool too; more looks only repeat it
    settings = dict(game="burro", variant="basic", players="2-3", games=100, deck_ref="spanish", looks=2)
    two = validate("spanish", ValidateOptions(workers=2, **settings))[0]
    assert pools == [2] and not runner._held
    one = validate("spanish", ValidateOptions(**settings))[0]
    assert [m["looks"]["looks"] for m in one[0].summaries.values()] == [2, 2]
    assert [s.summaries for s in two] == [s.summaries for s in one]
    assert [[f.message for f in s.warnings] for s in two] == [[f.message for f in s.warnings] for s in one]
