"""The Ombre family's determinisation held to what the table saw, recorded by the test itself as
the game is played (not read back from printgen.games.common.ombre.hidden): each player's own
discards, every card played to a trick and by whom, Tresillo's vuelta card; L'Ombre's matadors."""

from __future__ import annotations

from typing import Any

from printgen.games.common.ombre.state import DONE, EXCHANGE, PLAY, VUELTA
from printgen.games.common.tricks import follow


class Seen:
    """What play showed in the hand under way, kept as the test plays it (Watch and Extra of
    determinize_checks)."""

    def __init__(self) -> None:
        self.hand_no = 0
        self.moves: list[tuple[int, int, int]] = []     # (seat, card, card led or -1)
        self.discards: dict[int, list[int]] = {}        # seat -> the cards it discarded
        self.turned = -1

    def before(self, st: Any, action: int) -> None:
        if st.hand_no != self.hand_no:
            self.__init__()                             # type: ignore[misc]
            self.hand_no = st.hand_no
        if st.contract == VUELTA and self.turned < 0 and not st.out:    # turned up, nobody has drawn yet
            self.turned = st.talon[-1]
        if st.phase == PLAY:
            self.moves.append((st.actor, action, st.trick[0] if st.trick else -1))
        elif st.phase == EXCHANGE and action == DONE:
            self.discards.setdefault(st.actor, []).extend(st.pending)

    def extra(self, st: Any, det: Any, seat: int) -> None:
        """Everything the seat saw placed is where it saw it; every card a player played to a trick
        was one the rules let it play from the hand the determinisation gives it."""
        assert det.hand[seat] == st.hand[seat]
        assert [len(h) for h in det.hand] == [len(h) for h in st.hand]
        assert len(det.talon) == len(st.talon) and len(det.out) == len(st.out)
        if st.hand_no != self.hand_no:
            return
        for c in self.discards.get(seat, []):
            assert det.out.index(c) == st.out.index(c), "the seat's own discard moved"
        played = len(st.out) - 3 * st.played
        assert det.out[played:] == st.out[played:] and det.trick == st.trick
        if self.turned >= 0:
            assert where(det, self.turned) == where(st, self.turned), "the turned vuelta card moved"
        for i, (p, c, led) in enumerate(self.moves):
            if p == seat or led < 0:
                continue
            then = det.hand[p] + [c] + [x for q, x, _ in self.moves[i + 1:] if q == p]
            assert c in follow(then, led, st.tsuit, st.tpower, st.tmatador, st.trumps, st.opts["privilege"]), \
                f"seat {p} could not have played card {c} from the hand dealt it"


def where(st: Any, c: int) -> tuple[str, int]:
    for p, h in enumerate(st.hand):
        if c in h:
            return ("hand", p)
    if c in st.talon:
        return ("talon", st.talon.index(c) - len(st.talon))
    if c in st.out:
        return ("out", st.out.index(c))
    return ("trick", st.trick.index(c))


def unseen(st: Any, seat: int) -> tuple:
    """The layout a determinisation deals anew for `seat`: the other hands, the talon, the out pile."""
    return tuple(tuple(sorted(h)) for p, h in enumerate(st.hand) if p != seat), tuple(st.talon), tuple(st.out)
