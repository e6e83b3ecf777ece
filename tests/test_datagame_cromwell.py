"""Cromwell's basic play written as a game file (decks/cromwell/games/cromwell-data.yaml) against
printgen's own Cromwell: the same game with random players (the twin test), a changed rule told
apart, and seeded checked games at every player count. Also the meld words on a suited pack, so the
rummy words are shown to work beyond Cromwell's houses and reigns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from printgen.games.datagame import load_game_file
from printgen.games.registry import get_game
from printgen.model.load import load_deck
from printgen.sim.agreement import agreements
from printgen.sim.engine import play, random_bot

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "decks" / "cromwell" / "games" / "cromwell-data.yaml"


@pytest.fixture(scope="module")
def deck() -> Any:
    return load_deck("cromwell")


def _data(deck: Any, path: Path = FILE) -> tuple[Any, Any]:
    game = load_game_file(path)
    return game, game.prepare(deck, "basic", {})


def _hand(deck: Any) -> tuple[Any, Any]:
    game = get_game("cromwell")
    return game, game.prepare(deck, "basic", {})


def _melds(prepared: Any) -> Any:
    """The meld tables a prepared data game compiled (found through the lay options' closures)."""
    from printgen.games.datagame.meldrules import Melds
    for op in prepared.instructions:
        for option in getattr(op[1], "options", []) if len(op) > 1 else []:
            for cell in (option.lays.__closure__ or ()) if option.lays is not None else ():
                if isinstance(cell.cell_contents, Melds):
                    return cell.cell_contents
    raise AssertionError("no meld option in the program")


def test_the_sequences_are_the_hand_written_games_sequences(deck: Any) -> None:
    """Every set of cards the file's run rule calls a sequence, by name, is one of the hand-written
    game's and the other way round: the joint reign (William III and Mary II) and the one-year
    reigns (Edward V, Edward VIII) included."""
    game, prepared = _data(deck)
    hand, hprep = _hand(deck)
    kind = _melds(prepared).kinds[0]
    ours = {frozenset(n for k, n in enumerate(prepared.names) if m >> k & 1)
            for m in kind.found((1 << prepared.cards) - 1)}
    theirs = {frozenset(n for c, n in enumerate(hprep.names) if m >> c & 1) for m in hprep.seqs}
    assert ours == theirs
    assert frozenset({"James II", "William III", "Anne"}) not in ours
    assert frozenset({"James II", "William III", "Mary II", "Anne"}) in ours
    assert "Oliver Cromwell" not in prepared.names and len(prepared.names) == hprep.n


def test_the_twins_agree_with_random_players(deck: Any) -> None:
    found = agreements(_data(deck), _hand(deck), (3, 4), 100, seed=5)
    assert all(a.agrees for a in found), "\n".join(a.words() for a in found)


def test_a_changed_rule_disagrees(deck: Any, tmp_path: Path) -> None:
    """Sequences of two instead of three: the twin test must tell this game from Cromwell."""
    text = FILE.read_text(encoding="utf-8")
    changed = text.replace("run: place, within: house, min: 3", "run: place, within: house, min: 2")
    assert changed != text
    path = tmp_path / "cromwell-two.yaml"
    path.write_text(changed, encoding="utf-8")
    found = agreements(_data(deck, path), _hand(deck), (3,), 60, seed=2)
    assert not found[0].agrees and found[0].rejected("length")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_seeded_checked_games_conserve_cards_and_repeat(deck: Any, players: int) -> None:
    game, prepared = _data(deck)
    bots = [random_bot] * players
    for index in range(2):
        first = play(game, prepared, players, 9, index, bots, checked=True)
        again = play(game, prepared, players, 9, index, bots, checked=True)
        assert not first.timed_out and first.length > 0
        assert (first.length, first.scores, first.winners, first.held, first.used) == \
            (again.length, again.scores, again.winners, again.held, again.used)
        assert first.used and first.used & ~first.held == 0


SUITED = """
title: Tiny rummy
players: [2]
pack: "40"
cards: {suit: suit, rank: rank.value}
melds:
  run: {run: rank, within: suit, min: 3}
  set: {same: rank, min: 3, distinct: suit}
zones:
  stock: {}
  hand: {each: true}
  table: {melds: [run, set], uses: true}
play:
  - deal: {from: stock, to: hand, count: 7}
  - turns:
      until: count(hand) == 0 or count(stock) == 0
      max: 200
      do:
        - move: {from: stock, to: hand}
        - repeat:
            while: melds(hand, run) + melds(hand, set) + lay_offs(hand, table) > 0
            max: 20
            do:
              - choose:
                  options:
                    - {name: "run {meld}", meld: {from: hand, kind: run, to: table}, do: [lay]}
                    - {name: "set {meld}", meld: {from: hand, kind: set, to: table}, do: [lay]}
                    - {name: "lay off {card}", lay_off: {from: hand, onto: table}, do: [lay]}
  - score: {to: each, add: "count(table, played_by(card) == seat)"}
"""


def test_the_meld_words_play_a_suited_rummy(tmp_path: Path) -> None:
    """Runs of a suit over the ranks the pack has (the Spanish 40 runs 7, sota), sets of one rank in
    different suits, lays off onto either: a small rummy on the Spanish pack plays to its end."""
    path = tmp_path / "tiny.yaml"
    path.write_text(SUITED, encoding="utf-8")
    game = load_game_file(path)
    prepared = game.prepare(load_deck("spanish"), "basic", {})
    kinds = _melds(prepared).kinds
    names = prepared.names
    hand = [names.index(n) for n in names if n.endswith("de Oros") and n.split()[0] in ("Siete", "Sota", "Caballo")]
    hand += [names.index(n) for n in names if n.startswith("Siete ")]
    mask = sum(1 << k for k in set(hand))
    runs = {frozenset(names[k] for k in range(len(names)) if m >> k & 1) for m in kinds[0].found(mask)}
    sets = kinds[1].found(mask)
    assert len(runs) == 1 and all("de Oros" in n for n in next(iter(runs)))
    assert len(sets) == 5                       # the four 7s, and each three of them
    lays = 0
    for index in range(5):
        result = play(game, prepared, 2, 3, index, [random_bot] * 2, checked=True)
        assert not result.timed_out
        lays += bin(result.used).count("1")
    assert lays > 0
