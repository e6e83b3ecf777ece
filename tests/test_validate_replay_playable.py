"""Report.playable, the cards the seat to act could put to use now, for every shipped game: what a
game's log (`printgen validate --replay N`) says of each card held in vain rests on it.

"Put to use" is each game's own card_usage: played to a trick (Burro), taken into a casita
(Casita), laid on a meld (Conquian, Cromwell), picked and played in front of the player (drafting),
taking a trick (L'Ombre, Tresillo), played to the Domain (Coppertwaddle). The invariants, per game:

* a game whose use happens with the move (Burro, Casita, Conquian): a card that the move taken at
  a decision plays, and that is put to use by it, was playable at that decision; and a card
  playable there that the move plays is put to use by it (Burro, Casita; a Conquian meld the
  game ends on is the game's last use). Cards the game plays itself, without a decision (a
  Burro follower's only card of the suit led, a lone last card in Casita) and a Casita card taken
  from the middle, by a capture or the sweep at the end, are not any decision's;
* a game whose use comes after the move (drafting: the picks are carried out when the last seat
  has picked; L'Ombre and Tresillo: a card takes the trick when the trick is complete): a card put
  to use was playable at the decision that played it;
* Coppertwaddle and Cromwell (their moves are no card index): a card put to use was playable at
  some decision before it was used.

In every game a card playable at a decision is one that a move open there plays (when the test
knows what a move plays).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_game_conformance import DECK_OF, KINDS

from printgen.commands.validate import ValidateOptions
from printgen.commands.validate_replay import replay
from printgen.games.burro.tables import DRAW
from printgen.games.common.ombre.state import PLAY
from printgen.games.conquian.tables import DISCARD, DISCARD_FORCE, FORCE, MELD_FLAG
from printgen.games.drafting.tables import DRAFTS
from printgen.games.registry import get_game
from printgen.model.load import load_deck
from printgen.sim.engine import bot_for, play

PLAYERS = {"drafting": 4, "conquian": 2, "coppertwaddle": 2}      # else 3


def _conquian(state: Any, action: int) -> int:
    if action >= MELD_FLAG:
        return 1 << state.card | action >> 16
    if action >= DISCARD_FORCE:
        return 1 << (action - DISCARD_FORCE >> 3)
    if action >= DISCARD:
        return 1 << (action - DISCARD)
    return 1 << state.card if action >= FORCE else 0


# what a move plays (the cards it moves out of a hand or into play), whether or not it puts them to use
MOVED: dict[str, Callable[[Any, int], int]] = {
    "burro": lambda st, a: 0 if a == DRAW else 1 << a,
    "casita": lambda st, a: 1 << a % st.prep.cards.n,
    "conquian": _conquian,
    "drafting": lambda st, a: 1 << a if st.phase in DRAFTS else 0,
    "lombre": lambda st, a: 1 << a if st.phase == PLAY else 0,
    "tresillo": lambda st, a: 1 << a if st.phase == PLAY else 0,
}
AT_ONCE = {"burro", "casita", "conquian"}          # a move puts its card to use as it is made
SURE = {"burro", "casita"}                         # ... and a playable card played is always put to use


def _bits(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def _watched(name: str, bot: str, index: int) -> tuple[list[tuple[Any, ...]], Any, Any]:
    """One seeded game: per decision (playable, moved by the move taken, moved by any move open,
    held and used before it), and the Result."""
    game = get_game(name)
    prepared = game.prepare(load_deck(DECK_OF[name]), game.variants[0], {})
    moved = MOVED.get(name)
    steps: list[tuple[Any, ...]] = []

    def watch(step: int, state: Any, seat: int, action: int) -> None:
        mask = game.playable(state)
        assert mask is not None, f"{name} does not say which cards are playable"
        taken = moved(state, action) if moved else -1
        open_ = 0
        for a in game.legal(state):
            open_ |= moved(state, a) if moved else -1
        steps.append((mask, taken, open_, *game.card_usage(state)))

    players = PLAYERS.get(name, 3)
    result = play(game, prepared, players, 41, index, [bot_for(bot, game)] * players, watch=watch)
    return steps, result, game


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_card_put_to_use_was_playable_when_its_move_was_made(name):
    checked = 0
    for bot, index in (("greedy", 0), ("random", 1)):
        steps, result, _ = _watched(name, bot, index)
        after = [(held, used) for *_, held, used in steps[1:]] + [(result.held, result.used)]
        said = 0                                           # playable at some decision so far
        last_said: dict[int, bool] = {}                    # per card: playable at the decision that last played it
        for k, ((mask, taken, open_, _, used), (held, now)) in enumerate(zip(steps, after)):
            swept = name == "casita" and k == len(steps) - 1       # the middle goes to a casita at the end
            stray = 0 if open_ == -1 else mask & ~open_
            assert not stray, f"{name}: playable cards {_bits(stray)} that no open move plays"
            said |= mask
            fresh = now & ~used & held
            if taken != -1:
                for c in _bits(taken):
                    last_said[c] = bool(mask >> c & 1)
            for c in _bits(fresh):
                checked += 1
                if name in AT_ONCE:
                    if taken >> c & 1 and not swept:
                        assert mask >> c & 1, f"{name}: card {c} was put to use by the move taken, not playable"
                elif name in MOVED:
                    assert last_said.get(c), f"{name}: card {c} was put to use, not playable when played"
                else:
                    assert said >> c & 1, f"{name}: card {c} was put to use and never said playable"
            if name in SURE:
                missed = taken & mask & ~now & ~used
                assert not missed, f"{name}: card(s) {_bits(missed)} playable and played, yet not put to use"
    assert checked, f"{name}: no card was put to use in the games watched"


# games in whose logs no card is held in vain: every Burro card is played in some hand of a game,
# and the last Casita player to capture takes the middle (their playable is checked above)
NONE_IN_VAIN = {"burro", "casita"}


@pytest.mark.parametrize("name", sorted(set(KINDS) - NONE_IN_VAIN))
def test_a_replay_of_every_game_says_why_each_card_was_held_in_vain(name):
    players = PLAYERS.get(name, 3)
    settings: dict[str, Any] = {"game": name, "variant": get_game(name).variants[0], "players": str(players),
                                "games": 4}
    if name in ("lombre", "tresillo"):
        settings["options"] = {"hands": 3}
    text = replay(DECK_OF[name], ValidateOptions(deck_ref=DECK_OF[name], **settings), 2)
    assert "held but never used" in text
    assert "does not say which cards could be played" not in text
    assert ": never playable while held" in text or "and was not chosen" in text
