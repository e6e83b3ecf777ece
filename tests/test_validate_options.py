"""Every -O option of every game says, in the validate report, how often the situation it governs
arose (or that it shapes every game) and whether it changed any game's result."""

from __future__ import annotations

from collections import Counter

import pytest

from printgen.commands.validate import ValidateOptions, validate
from printgen.commands.validate_report import report
from printgen.games.registry import get_game, names
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, play
from printgen.sim.report import report_of

DECK_OF = {"conquian": "spanish", "casita": "spanish", "burro": "spanish", "coppertwaddle": "coppertwaddle",
           "cromwell": "cromwell", "drafting": "standard", "lombre": "spanish", "tresillo": "spanish"}
PLAYERS = {"conquian": 2, "coppertwaddle": 2, "drafting": 4}
SPARSE = {"lombre", "tresillo"}     # the Ombre family counts a situation only once it has arisen


def test_every_option_of_every_game_declares_its_situation_or_that_it_shapes_every_game():
    for name in names():
        game = get_game(name)
        rep = report_of(game, name)
        options = {o.name for o in game.options}
        situations, settings = set(rep.situations), set(rep.settings)
        assert not situations & settings, f"{name}: {situations & settings} declared twice"
        assert options == situations | settings, (f"{name}: undeclared {options - situations - settings}, "
                                                  f"not options {(situations | settings) - options}")
        counters = [counter for counter, _ in rep.situations.values()]
        assert len(counters) == len(set(counters)), f"{name}: two options count the same situation"


@pytest.mark.parametrize("name", sorted(DECK_OF))
def test_every_option_takes_its_declared_default_when_given(name):
    """validate replays an option given on the command line against its declared default, so the
    default must be a value the game reads (Cromwell's houses=all once was not)."""
    game = get_game(name)
    deck = load_deck(DECK_OF[name])
    for variant in game.variants:
        for option in game.options:
            game.prepare(deck, variant, {option.name: option.default_for(variant)})


@pytest.mark.parametrize("name", sorted(DECK_OF))
def test_every_situation_is_counted_in_every_game(name):
    """Each declared counter is in every game's Result, and the situations the bots meet most
    (one at least a game) are seen in a few seeded games."""
    game = get_game(name)
    rep = report_of(game, name)
    deck = load_deck(DECK_OF[name])
    players = PLAYERS.get(name, 3)
    seen: Counter[str] = Counter()
    for variant in game.variants:
        prep = game.prepare(deck, variant, {})
        for i in range(10):
            result = play(game, prep, players, 4, i, [BOTS["greedy"]] * players)
            arose = result.extra.get("arose", {})
            counters = {counter for counter, _ in rep.situations.values()}
            assert set(arose) <= counters, f"{name}: counts {set(arose) - counters}, which no option declares"
            if name not in SPARSE:
                assert set(arose) == counters, f"{name} {variant}: game {i} does not count {counters - set(arose)}"
            assert all(0 <= k <= result.extra.get("occasions", 1) for k in arose.values())
            seen.update(arose)
    common = {"burro": "found_drawing", "casita": "could_steal", "conquian": "forcible", "cromwell": "scored_apart",
              "coppertwaddle": "full_rank", "lombre": "privilege", "tresillo": "privilege"}
    if name in common:
        assert seen[common[name]] > 0, f"{name}: {common[name]} never arose in {sum(1 for _ in seen)} games"


def _validate(deck: str, game: str, options: dict, games: int = 40, players: str | None = None):
    opts = ValidateOptions(deck_ref=deck, game=game, games=games, options=options, players=players)
    sections, loaded = validate(deck, opts)
    lines = {f.figure["option"]: f for s in sections for fs in s.findings.values() for f in fs
             if isinstance(f.figure, dict) and "option" in f.figure}
    return lines, report(sections, loaded, opts)


# one option of each kind a game has, given on the command line at its rule-sheet value (no replay)
# or at another (replayed against the rule sheet's)
CASES = [
    ("spanish", "casita", {"steal": "may", "pack": "40"}),
    ("spanish", "burro", {"keep_drawing": "yes", "decider": "first_out", "deal": 5}),
    ("spanish", "conquian", {"force_drawn": "refused", "deal": 10}),
    ("cromwell", "cromwell", {"scoring": "out", "stalemate": "stop", "even_up": "auto", "knowledge": 0.8,
                              "houses": "Plantagenet..Stuart"}),
]


@pytest.mark.parametrize("deck,game,options", CASES, ids=[c[1] for c in CASES])
def test_the_report_says_how_often_each_given_option_mattered(deck, game, options):
    lines, text = _validate(deck, game, options, players=str(PLAYERS.get(game, 3)))
    assert set(lines) == set(options)
    rep = report_of(get_game(game), game)
    default = {o.name: o.default for o in get_game(game).options}
    for key, value in options.items():
        line = lines[key]
        assert line.figure["arose"] <= line.figure["of"] and line.message in text
        if key in rep.settings:
            assert line.figure["arose"] == line.figure["of"] and "in every" in line.message
        else:
            assert f"({rep.situations[key][1]})" in line.message or f"governs {rep.situations[key][1]}" in line.message
        if str(value) != str(default[key]):
            assert "games_changed" in line.figure
            said = "changed nothing measurable" if line.figure["games_changed"] == 0 else "changed the result of"
            assert said in line.message


def test_an_option_that_shapes_no_game_says_it_changed_nothing():
    """Coppertwaddle's `explain` and `hands` steer only the report: the same seeds play the same
    games, and the report says the option changed nothing measurable."""
    lines, text = _validate("coppertwaddle", "coppertwaddle", {"explain": "no", "hands": "none"}, games=30,
                              players="2")
    for key in ("explain", "hands"):
        assert lines[key].figure["games_changed"] == 0
        assert f"-O {key}=" in text and "the option changed nothing measurable" in lines[key].message
