"""Bad validate options (issue 24, item 6): a deal the pack cannot give is refused with its numbers
before any game is played; a player range is checked against the game's own counts before
anything is allocated; a setting that only a simulated game uses is refused for a table layout's
check, as a game refuses an option it does not know. Exit status 2, one message, no traceback,
bounded time and memory, the deck folder untouched.

Each game declares what its deal takes (engine.Deal); the last tests measure every declaration
against what the game's set-up really deals, so a declaration cannot drift from the game.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from badinput import Outcome, assert_refused, run_limited, snapshot
from conftest import DECKS

from printgen.files.errors import UserError


def refused_here(call, **expected) -> str:
    with pytest.raises(UserError) as caught:
        call()
    err = f"error: {caught.value}"
    assert_refused(Outcome(2, "", err, 0.0, 0.0), **expected)
    return err


def _validate(folder: Path, *args: str, memory_mib: int = 1500) -> tuple[Outcome, dict, dict]:
    before = snapshot(folder)
    outcome = run_limited(["validate", folder.name, "--games", "20", "--quiet", *args], folder.parent,
                          memory_mib=memory_mib)
    return outcome, before, snapshot(folder)


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    """Coppertwaddle cut to a pack of eight cards (four Nobles, four Peasants: what the game needs to
    fill its Ranks), its deck.yaml still setting up two players with a hand of four."""
    folder = tmp_path_factory.mktemp("small") / "coppertwaddle"
    shutil.copytree(DECKS / "coppertwaddle", folder)
    data = yaml.safe_load((folder / "deck.yaml").read_text(encoding="utf-8"))
    data.pop("packs", None)
    kept = [c for c in data["cards"] if c["kind"] == "Noble Threlm"][:4] + \
           [c for c in data["cards"] if c["kind"] == "Peasant Threlm"][:4]
    for card in kept:
        card.pop("count", None)
    data["cards"] = kept
    (folder / "deck.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return folder


# --- 1. a deal the pack cannot give -----------------------------------------------------------

def test_a_hand_bigger_than_the_pack_allows_is_refused_with_the_numbers(small):
    outcome, before, after = _validate(small, "-O", "hand=10")
    assert_refused(outcome, says=["cannot be dealt to 2 players with hand=10",
                                  "the deal needs 21 cards (2 hands of 10 and 1 to draw at the first Engagement)",
                                  "the pack has 8", "-O hand=3 is the most that fits"])
    assert "deck.yaml" not in outcome.err.splitlines()[0]      # the command line asked for it, not the deck
    assert after == before and not outcome.out


def test_the_decks_own_setup_that_cannot_be_dealt_is_refused_at_its_line(small):
    """The deck's own hand of four needs nine cards with the first draw: said at deck.yaml's line."""
    lines = (small / "deck.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines) if text.strip().startswith("2:")) + 1
    outcome, before, after = _validate(small)
    assert_refused(outcome, file="coppertwaddle/deck.yaml", line=line,
                   says=["the deal needs 9 cards", "the pack has 8"])
    assert after == before


def test_a_deal_that_fits_is_played(small):
    outcome, _, _ = _validate(small, "-O", "hand=3")
    assert outcome.code in (0, 1), outcome.err
    assert "2 hands of" not in outcome.err


@pytest.mark.parametrize("game, options, players, says", [
    ("conquian", {"pack": "eight", "deal": 10}, 2, "the deal needs 21 cards (2 hands of 10 and 1 turned up"),
    ("casita", {"pack": "eight"}, 3, "the deal needs 16 cards (3 hands of 4 and 4 to the middle)"),
])
def test_every_game_checks_its_deal_against_the_pack(tmp_path, game, options, players, says):
    """A pack of eight Spanish cards (two ranks of four suits) for the games that take a pack."""
    from printgen.games.registry import get_game
    from printgen.model.load import load_deck
    from printgen.sim.report import short_deal

    folder = tmp_path / "spanish"
    shutil.copytree(DECKS / "spanish", folder)
    text = (folder / "deck.yaml").read_text(encoding="utf-8")
    ranks = "Tres, Cuatro, Cinco, Seis, Siete, Ocho, Nueve, Sota, Caballo, Rey"
    text = text.replace('\npacks:\n', f'\npacks:\n  "eight":\n    leave_out: {{rank: [{ranks}]}}\n', 1)
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    engine_game = get_game(game)
    prepared = engine_game.prepare(load_deck(str(folder)), "basic", options)
    problem, hint = short_deal(engine_game, prepared, players)
    assert says in problem and "the pack has 8" in problem, problem
    assert hint


# --- 2. a player range checked by its ends ------------------------------------------------------

def test_a_huge_player_range_is_refused_at_once_in_little_memory(small):
    outcome, before, after = _validate(small, "-O", "hand=3", "--players", "2-100000000000", memory_mib=400)
    assert_refused(outcome, says=["cannot be played by 3, 4, 5 ... 100,000,000,000 players", "supported: 2"],
                   time_limit=20, memory_mib=400)
    assert after == before


@pytest.mark.parametrize("text, says", [
    ("2-100000000000", "cannot be played by 2, 7, 8 ... 100,000,000,000 players"),
    ("1-1000000000000000000000", "by 1, 2, 7 ... 1,000,000,000,000,000,000,000 players"),
    ("3-1" + "0" * 4000,
     "cannot be played by 7, 8, 9 ... 10,000,000,000,000,0...00,000,000 (5,334 characters) players"),
    ("3-7", "cannot be played by 7 players"),
    ("9" * 5000, "should be a number"),
    ("6-3", "a range runs from the smaller count to the larger"),
    ("0", "cannot be played by 0 players"),
    ("-3", "should be a number or a range"),
    ("three", "should be a number or a range"),
    ("3-x", "should be a number or a range"),
])
def test_player_counts_are_parsed_against_the_games_own(text, says):
    from printgen.commands.validate import parse_players

    err = refused_here(lambda: parse_players(text, (3, 4, 5, 6)), says=[says])
    assert len(err) < 300, err


def test_a_range_within_the_games_counts_is_every_count():
    from printgen.commands.validate import parse_players

    assert parse_players("3-5", (3, 4, 5, 6)) == [3, 4, 5]
    assert parse_players("4", (3, 4, 5, 6)) == [4]
    assert parse_players(None, (3, 4)) == [3, 4]


# --- 3. what a table layout's check cannot use -----------------------------------------------
# (`--game croquetnole` is played by its physics simulation since issue 31: what it refuses is
# tested in tests/test_croquetnole_command.py; these run the check of every table layout.)

@pytest.mark.parametrize("args, flag", [
    (["-O", "hand=10"], "-O"),
    (["-O", "tolerance=5"], "-O"),
    (["--players", "3"], "--players"),
    (["--variant", "advanced"], "--variant"),
    (["--seed", "7"], "--seed"),
    (["--workers", "2"], "--workers"),
    (["--backend", "ray"], "--backend"),
])
def test_a_setting_for_simulated_play_is_refused_on_a_table_layouts_check(tmp_path, args, flag):
    folder = tmp_path / "piecepack"
    shutil.copytree(DECKS / "piecepack", folder)
    before = snapshot(folder)
    outcome = run_limited(["validate", "piecepack", *args], tmp_path)
    assert_refused(outcome, says=[f"so {flag} does not apply", "checked by measuring, not played",
                                  "piecepack/tables/croquetnole.yaml"])
    assert snapshot(folder) == before


def test_a_table_layouts_check_without_such_settings_still_passes(tmp_path):
    folder = tmp_path / "piecepack"
    shutil.copytree(DECKS / "piecepack", folder)
    outcome = run_limited(["validate", "piecepack"], tmp_path)
    assert outcome.code == 0 and "Result: passes" in outcome.out, outcome.err


# --- 4. every game's declared deal is what its set-up deals --------------------------------------

SHIPPED = [("cromwell", "cromwell", "basic"), ("cromwell", "cromwell", "advanced"),
           ("coppertwaddle", "coppertwaddle", "basic"), ("standard", "drafting", "basic"),
           ("spanish", "burro", "basic"), ("spanish", "casita", "basic"), ("spanish", "conquian", "basic"),
           ("spanish", "lombre", "basic"), ("spanish", "tresillo", "basic")]


@pytest.mark.parametrize("deck_name, game_name, variant", SHIPPED)
def test_each_games_declared_deal_is_measured_in_its_setup(deck_name, game_name, variant):
    """Set-up is played for every count the game supports, with a few seeds: the hands it deals
    are the declared ones, and the shipped deck's pack holds the declared deal."""
    import random

    from printgen.games.registry import get_game
    from printgen.model.load import load_deck
    from printgen.sim.report import short_deal

    game = get_game(game_name)
    assert variant in game.variants
    prepared = game.prepare(load_deck(deck_name), variant, {})
    for players in game.player_counts(prepared):
        deal = game.deal_needs(prepared, players)
        assert short_deal(game, prepared, players) is None, (game_name, players)
        assert deal.cards <= game.pack_size(prepared)
        for seed in range(3):
            state = game.setup(prepared, players, random.Random(seed))
            dealt = sorted(game.hand_sizes(state))
            assert dealt == sorted(deal.hands), (game_name, players, dealt, deal)


# --- a pack far past any card game ------------------------------------------------------------

def test_a_deck_of_thousands_of_cards_is_refused_before_any_game(tmp_path):
    """A Cromwell deck with 1,000 pasted extra cards builds (slowly, but it is a deck), yet a game
    dealt from it would play for minutes: validate refuses it at once, with the count."""
    folder = tmp_path / "cromwell"
    shutil.copytree(DECKS / "cromwell", folder)
    extra = "".join(f"\n  - name: Extra {i}\n    house: Tudor\n    reign: 1509-1547\n" for i in range(1000))
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").rstrip("\n") + "\n" + extra, encoding="utf-8")
    outcome, before, after = _validate(folder)
    assert_refused(outcome, file="cromwell/deck.yaml", says=["1,043 cards", "at most 1,000 cards"], time_limit=20.0)
    assert before == after


@pytest.mark.parametrize("flag", ["--json", "--chart"])
def test_a_table_check_refuses_a_figures_file_or_chart_it_would_not_write(tmp_path, flag):
    folder = tmp_path / "piecepack"
    shutil.copytree(DECKS / "piecepack", folder)
    out = "x.json" if flag == "--json" else "x.svg"
    outcome = run_limited(["validate", "piecepack", flag, out], tmp_path, time_limit=20.0)
    assert_refused(outcome, says=[f"{flag}: a table layout's check writes no figures file or chart"])
    assert not (tmp_path / out).exists()


def test_an_option_given_twice_is_refused_not_the_last_one_taken(tmp_path):
    outcome = run_limited(["validate", "cromwell", "-O", "houses=Tudor,Stuart", "-O", "houses=York", "--games", "10"],
                          tmp_path, time_limit=20.0)
    assert_refused(outcome, says=["-O houses is given twice: houses=Tudor,Stuart and houses=York"])


def test_houses_too_few_for_any_game_say_so_whatever_count_was_asked(tmp_path):
    """'-O houses=Blois --players 6' spoke of dealing to 3 players: the refusal is about every count."""
    outcome = run_limited(["validate", "cromwell", "-O", "houses=Blois", "--players", "6", "--games", "10"],
                          tmp_path, time_limit=20.0)
    assert_refused(outcome, says=["hold 1 monarch: too few for any number of players"])
