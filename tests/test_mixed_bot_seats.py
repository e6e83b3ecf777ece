"""Seat figures of a game's own report under --bots mixed: the runner turns the bots round the
table game by game (printgen.sim.runner.seated), so a figure about one seat must be made of games
in which that seat held the same kind of bot, or it scores a seat for two bots at once."""

from __future__ import annotations

from printgen.games.coppertwaddle.report import _suites
from printgen.games.registry import get_game
from printgen.model.load import load_deck
from printgen.sim.report import Result
from printgen.sim.runner import seated

MIXED2 = ("random", "greedy")


def _game(index: int, winner: int, players: int = 2) -> Result:
    scores = [0.0] * players
    scores[winner] = 1.0
    return Result(index, players, 10, False, scores, [winner], [5] * players, 0, 0,
                  extra={"winner": winner, "victory": 30})


def test_coppertwaddle_suites_are_made_of_games_with_the_same_seating():
    """The greedy bot wins every game: the Suites of each seating go to the greedy seat every time.
    Grouped as games 1-3, 4-6... the seats' bots alternate inside a Suite, and seat 2 (greedy in two
    games of three) would seem to take most Suites."""
    prep = get_game("coppertwaddle").prepare(load_deck("coppertwaddle"), "basic", {})
    results = [_game(i, seated(MIXED2, i).index("greedy")) for i in range(60)]
    found = {f.figure["seats"][0]: f for f in _suites(results, prep, MIXED2)}
    assert set(found) == {"random", "greedy"}
    assert found["greedy"].figure == {"seat1": 10, "seat2": 0, "level": 0, "seats": ["greedy", "random"]}
    assert found["random"].figure == {"seat1": 0, "seat2": 10, "level": 0, "seats": ["random", "greedy"]}
    assert "with seat 1 greedy and seat 2 random: seat 1 takes 100%" in found["greedy"].message


def test_coppertwaddle_suites_with_one_kind_of_bot_are_games_1_3_4_6():
    prep = get_game("coppertwaddle").prepare(load_deck("coppertwaddle"), "basic", {})
    results = [_game(i, 0 if i % 3 else 1) for i in range(30)]      # seat 2 wins the first game of three
    (found,) = _suites(results, prep, ("greedy", "greedy"))
    assert found.figure["seat1"] == 10 and found.message.startswith("Suites of three games: seat 1 takes 100%")


class _More:
    """The `more` of a mixed run, only for its bots (the first-player line plays no further games)."""

    bots = ("random", "greedy", "greedy")


def test_casita_judges_the_first_player_under_mixed_bots_by_kind_of_bot():
    """Whoever sits first wins every game: seat 1 held the random bot in a third of the games and a
    greedy one in the rest, and for each kind playing first is an edge against the same kind in the
    other seats. The report used to skip the verdict whenever the bots were mixed."""
    game = get_game("casita")
    prep = game.prepare(load_deck("spanish"), "basic", {})
    results = [_game(i, 0, players=3) for i in range(90)]
    results = [Result(r.index, 3, 10, False, r.scores, r.winners, [4] * 3, 0, 0,
                      extra={"steals": 0, "stolen": 0, "turns": 30}) for r in results]
    (first, _) = game.extra_findings(results, prep, 3, {}, _More())
    assert "a random bot first wins 100 % of its 30 games" in first.message
    assert "a greedy bot first wins 100 % of its 60 games" in first.message
    assert first.message.count("playing first is an edge") == 2
    assert "a greedy bot last wins 0 % of its 60 games" in first.message


def test_casita_seated_bots_with_an_even_first_seat_show_no_edge():
    """The greedy bots win every game wherever they sit (turn by turn between them), the random bot
    none: seat 1 is no edge for either kind, however much greedy beats random."""
    game = get_game("casita")
    prep = game.prepare(load_deck("spanish"), "basic", {})
    results = []
    for i in range(90):
        greedy = [s for s, bot in enumerate(seated(_More.bots, i)) if bot == "greedy"]
        winner = greedy[(i // 3) % 2]
        scores = [0.0] * 3
        scores[winner] = 1.0
        results.append(Result(i, 3, 10, False, scores, [winner], [4] * 3, 0, 0,
                              extra={"steals": 0, "stolen": 0, "turns": 30}))
    (first, _) = game.extra_findings(results, prep, 3, {}, _More())
    assert "an edge" not in first.message and "a handicap" not in first.message
    assert "a random bot first wins 0 % of its 30 games" in first.message
