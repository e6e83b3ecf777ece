"""What a seat of a game file knows, and the game dealt anew behind it (printgen/games/datagame/
hidden.py, the zones' `faces:` in docs/game-files.md): for every shipped game file and every
template, at many steps of seeded checked games and for every seat, a determinised copy passes the
game's checks, looks the same to the seat, offers the seat the same actions when it is to choose,
keeps every card the seat sees where it is, really deals the rest anew, and plays on apart.

Why: the search player (issue 28) samples these copies thousands of times a decision; a copy that
leaks a hidden card makes it a cheat, one that breaks the state makes its results noise.
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from printgen.files.errors import UserError
from printgen.games.datagame import load_game_file
from printgen.games.datagame.hidden import card_variables
from printgen.games.datagame.scope import CARD
from printgen.model.load import load_deck

ROOT = Path(__file__).resolve().parent.parent
FILES = [
    ("decks/cromwell/games/cromwell-data.yaml", "cromwell"),
    ("decks/spanish/games/burro-data.yaml", "spanish"),
    ("decks/spanish/games/casita-data.yaml", "spanish"),
    ("decks/standard/games/drafting-data.yaml", "standard"),
    *((f"printgen/editing/game_templates/{p.name}", "standard")
      for p in sorted((ROOT / "printgen/editing/game_templates").glob("*.yaml"))),
]
STEPS = 60           # decisions looked at per game (every one of them, for every seat)
DECKS: dict[str, object] = {}


def loaded(file: str, deck: str):
    game = load_game_file(ROOT / file)
    if deck not in DECKS:
        DECKS[deck] = load_deck(deck)
    return game, game.prepare(DECKS[deck], game.variants[0], {})


def seen(game, state, seat: int) -> dict[int, tuple[int, int]]:
    """The places of the cards the seat sees, worked out from the file's zones as the docs say (not
    from hidden.py): face-up zones, its own `owner` zones, the top of `top` ones, cards in variables."""
    places = {}
    for zone in game.spec.zones:
        first, each = state.prep.zone_layout[zone.name]
        for slot in range(first, first + (state.n if each else 1)):
            cards = state.z[slot]
            if zone.faces == "up" or (zone.faces == "owner" and slot - first == seat):
                places.update({k: (slot, i) for i, k in enumerate(cards)})
            elif zone.faces == "top" and cards:
                places[cards[-1]] = (slot, len(cards) - 1)
    for name in card_variables(game.spec):
        k = state.v[_slot(game, name)]
        if 0 <= k < state.prep.cards:
            places[k] = (state.loc[k], state.z[state.loc[k]].index(k))
    return places


def _slot(game, name: str) -> int:
    from printgen.games.datagame.scope import BUILTIN_VARS
    return len(BUILTIN_VARS) + list(game.spec.vars).index(name)


def snapshot(state) -> tuple:
    return (tuple(map(tuple, state.z)), tuple(state.v), tuple(state.score), tuple(state.loc), tuple(state.by),
            tuple(state.user), state.held, state.used, state.pc, tuple(state.acts), state.over,
            state.rng.getstate())


@pytest.mark.parametrize("file,deck", FILES, ids=[Path(f).stem for f, _ in FILES])
def test_a_determinised_copy_agrees_with_what_the_seat_knows(file, deck):
    game, prep = loaded(file, deck)
    assert exercise(game, prep, game.players[:2], file) >= 40


def exercise(game, prep, counts, file: str) -> int:
    """Seeded games played with checks; at each of their first STEPS decisions, every seat's copy
    checked; how many copies were."""
    rng = random.Random(28)
    looked = 0
    for n in counts:
        state = game.setup(prep, n, random.Random(n))
        for step in range(STEPS):
            if state.over:
                break
            for seat in range(n):
                before = snapshot(state)
                det = game.determinize(state, seat, rng)
                game.check(det)
                assert game.information(det, seat) == game.information(state, seat), (file, step, seat)
                if seat == game.to_act(state):
                    assert game.legal(det) == game.legal(state)
                visible = seen(game, state, seat)
                for k, (slot, i) in visible.items():
                    assert det.z[slot][i] == k, f"{file}: card {k} seen by seat {seat} moved"
                for table in state.melds.values():   # melds lie face up: their cards are all seen
                    assert all(k in visible for _, mask in table for k in range(prep.cards) if mask >> k & 1)
                assert sorted(map(len, det.z)) == sorted(map(len, state.z))
                assert [len(z) for z in det.z] == [len(z) for z in state.z], "zone sizes kept"
                assert det.rng is not state.rng and det.rng.getstate() != state.rng.getstate()
                if step % 7 == seat:                  # play the copy out a while: the game is untouched
                    for _ in range(30):
                        if det.over:
                            break
                        acts = game.legal(det)
                        game.apply(det, acts[rng.randrange(len(acts))])
                    assert snapshot(state) == before
                looked += 1
            acts = game.legal(state)
            game.apply(state, acts[rng.randrange(len(acts))])
            game.check(state)
    return looked


@pytest.mark.parametrize("file,deck", FILES, ids=[Path(f).stem for f, _ in FILES])
def test_the_hidden_cards_are_dealt_anew(file, deck):
    """At the first decision the next seat cannot see most of the pack: thirty copies deal it thirty
    ways (far from one copy of the real game), and the same generator seed the same way."""
    game, prep = loaded(file, deck)
    n = game.players[0]
    state = game.setup(prep, n, random.Random(5))
    seat = (game.to_act(state) + 1) % n
    hidden = [(slot, i) for slot, z in enumerate(state.z) for i, k in enumerate(z)
              if k not in seen(game, state, seat)]
    assert len(hidden) >= 5, "most of the pack is out of sight at the start"
    rng = random.Random(1)
    deals = [tuple(game.determinize(state, seat, rng).z[slot][i] for slot, i in hidden) for _ in range(30)]
    real = tuple(state.z[slot][i] for slot, i in hidden)
    assert len(set(deals)) >= 25
    for j, place in enumerate(hidden):          # every hidden place, the other hands' included
        assert len({deal[j] for deal in deals}) >= 2, f"{file}: the card at {place} is never dealt anew"
    assert sum(deal == real for deal in deals) <= 1
    again = [game.determinize(state, seat, random.Random(9)) for _ in range(2)]
    assert again[0].z == again[1].z and again[0].rng.getstate() == again[1].rng.getstate()


def test_a_face_down_pick_does_not_leak_through_the_chosen_card():
    """In the drafting game each pick lies face down until all four have picked: while it does, the
    variable `card` (the pick just made) is known to the others as a place only, and a copy points
    it at whatever card it deals there."""
    game, prep = loaded("decks/standard/games/drafting-data.yaml", "standard")
    rng = random.Random(3)
    state = game.setup(prep, 4, random.Random(3))
    tried = 0
    while not state.over and tried < 10:
        k = state.v[CARD]
        if 0 <= k < prep.cards and prep.slot_zone[state.loc[k]] == "chosen":
            seat = (state.loc[k] - prep.zone_layout["chosen"][0] + 1) % 4     # another seat than the picker's
            others = {game.determinize(state, seat, rng).v[CARD] for _ in range(20)}
            assert len(others) > 5, "the pick would be known by its name"
            assert game.information(state, seat) == game.information(game.determinize(state, seat, rng), seat)
            tried += 1
        acts = game.legal(state)
        game.apply(state, acts[rng.randrange(len(acts))])
    assert tried == 10


def test_cards_named_aloud_are_the_variables_set_to_a_card():
    """Cromwell's announced monarch and the rummy's card taken from the pile: kept in place in every
    copy; the counts and seats in other variables are no cards."""
    cromwell = load_game_file(ROOT / "decks/cromwell/games/cromwell-data.yaml")
    rummy = load_game_file(ROOT / "printgen/editing/game_templates/rummy.yaml")
    burro = load_game_file(ROOT / "decks/spanish/games/burro-data.yaml")
    assert card_variables(cromwell.spec) == ["announced"]
    assert card_variables(rummy.spec) == ["took"]
    assert card_variables(burro.spec) == []        # led is a suit, leader a seat


def test_the_defaults_and_the_files_faces():
    faces = {Path(f).stem: {z.name: z.faces for z in load_game_file(ROOT / f).spec.zones} for f, _ in FILES}
    for stem, zones in faces.items():
        assert zones["hand"] == "owner" and zones["stock"] == "down", stem
    assert faces["drafting-data"]["down"] == "owner" and faces["drafting-data"]["chosen"] == "owner"
    assert faces["cromwell-data"]["offer"] == "up" and faces["cromwell-data"]["table"] == "up"
    assert faces["burro-data"]["trick"] == "up"


GOOD = """\
title: Highest total
players: [2, 3]
cards: {rank: rank.value}
zones:
  stock: {}
  hand: {each: true}
  table: {each: true, uses: true}
play:
  - shuffle: stock
  - deal: {from: stock, to: hand, count: 5}
  - turns:
      until: count(hand) == 0
      do:
        - choose:
            options:
              - {name: "play {card}", card: {from: hand}, do: [{move: {card: card, to: table}}]}
  - score: {to: each, add: "sum(table, rank)"}
"""


@pytest.mark.parametrize("change,fragment,words", [
    (("  stock: {}", "  stock: {faces: sideways}"), "sideways", "faces: is one of up, down, owner, top"),
    (("  stock: {}", "  stock: {faces: owner}"), "faces: owner", "has no owner"),
    (("  table: {each: true, uses: true}", "  table: {melds: [run], faces: down}\n"), "melds: [run]",
     "face up"),
])
def test_a_wrong_faces_is_refused_at_its_line(tmp_path, change, fragment, words):
    text = GOOD.replace(*change)
    if "melds" in text:
        text = "melds: {run: {run: rank, min: 3}}\n" + text
    assert text != GOOD
    path = tmp_path / "game.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_game_file(path)
    error = caught.value
    assert error.where.file is not None and error.where.file.name == "game.yaml"
    line = next(i for i, row in enumerate(text.splitlines(), 1) if fragment in row)
    assert error.where.line == line, str(error)
    assert words in error.message, str(error)


def test_a_pile_seen_by_its_top_card_only(tmp_path):
    """`faces: top`: the pile's top card stays in every copy, the cards under it are dealt anew with
    the hands and the stock."""
    text = GOOD.replace("  table: {each: true, uses: true}", "  table: {faces: top, uses: true}")
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    game = load_game_file(path)
    if "standard" not in DECKS:
        DECKS["standard"] = load_deck("standard")
    prep = game.prepare(DECKS["standard"], game.variants[0], {})
    assert exercise(game, prep, (2, 3), str(path)) >= 40
    state = game.setup(prep, 2, random.Random(4))
    rng = random.Random(4)
    for _ in range(5):
        acts = game.legal(state)
        game.apply(state, acts[rng.randrange(len(acts))])
    pile = prep.zone_layout["table"][0]
    copies = [game.determinize(state, 0, rng).z[pile] for _ in range(20)]
    assert all(c[-1] == state.z[pile][-1] and len(c) == 5 for c in copies)
    assert len({tuple(c[:-1]) for c in copies}) > 10


def test_a_copy_has_every_field_and_shares_no_list_play_changes():
    """State.copied names its fields one by one (the quickest copy): a field added to State and
    forgotten there would be shared or lost. A lent generator is the state's own object until the
    copy draws; then the copy draws from a copy of it and the state's is untouched."""
    from printgen.games.datagame.state import State
    game, prep = loaded("decks/spanish/games/burro-data.yaml", "spanish")
    state = game.setup(prep, 3, random.Random(3))
    rng = random.Random(3)
    for _ in range(8):
        acts = game.legal(state)
        game.apply(state, acts[rng.randrange(len(acts))])
    for lend in (False, True):
        copy = state.copied(lend)
        for name in State.__slots__:
            mine, theirs = getattr(state, name), getattr(copy, name)
            if name == "rng":
                assert (theirs is mine) == lend and theirs.getstate() == mine.getstate()
            elif name == "lent":
                assert theirs == lend
            elif name == "ahead":
                assert theirs is None
            else:
                assert theirs == mine, name
                if isinstance(mine, (list, dict)) and name not in ("offered", "picks"):   # replaced, never changed
                    assert theirs is not mine, name
        assert all(a is not b for a, b in zip(copy.z, state.z))
    from printgen.games.datagame.state import Moves
    lent, before = state.copied(lend=True), state.rng.getstate()
    Moves.shuffle(lent, list(range(10)))
    assert lent.rng is not state.rng and state.rng.getstate() == before and not lent.lent


@pytest.mark.parametrize("file,deck,players", [("decks/spanish/games/burro-data.yaml", "spanish", 2),
                                               ("decks/cromwell/games/cromwell-data.yaml", "cromwell", 3)])
def test_the_greedy_players_pick_taken_over_plays_the_same_game(file, deck, players):
    """apply() of the greedy player's pick takes over the copy the pick was tried on (State.ahead),
    unless that copy drew from the generator (a new hand's shuffle): the same seeded greedy game,
    with that taken away before every apply, passes through the same states and draws the same."""
    game, prep = loaded(file, deck)
    games = []
    for keep in (True, False):
        state, rng, seen = game.setup(prep, players, random.Random(11)), random.Random(11), []
        while not state.over and len(seen) < 400:
            action = game.greedy(state, rng)
            if not keep:
                state.ahead = None
            game.apply(state, action)
            game.check(state)
            melds = tuple((slot, tuple(map(tuple, table))) for slot, table in sorted(state.melds.items()))
            seen.append((snapshot(state), state.decisions, state.choices, state.actor, state.dealing,
                         tuple(state.want), tuple(sorted(state.more.items())), melds, state.stopped_at))
        games.append(seen)
    assert games[0] == games[1] and len(games[0]) >= 60      # Cromwell's file: a whole greedy game, 81
