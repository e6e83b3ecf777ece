"""What L'Ombre adds to the family's hidden information (printgen.games.common.ombre.hidden): the
matadors are paid for when the tricks begin, in front of everyone, so the table knows who held
the three matadors and how long a run of trumps below them."""

from __future__ import annotations

from printgen.games.common.ombre.hidden import OmbreHidden
from printgen.games.common.ombre.state import State


class LOmbreHidden(OmbreHidden):
    """The payment for the matadors read back as what it shows of the hands the tricks began with."""

    def shown_holdings(self, st: State, start: dict[int, list[int]]) -> tuple[dict[int, int], dict[int, int],
                                                                             list[tuple[int, list[int]]]]:
        rule = st.opts["matadors"]
        pins: dict[int, int] = {}
        never: dict[int, int] = {}
        not_all: list[tuple[int, list[int]]] = []
        if rule == "off":
            return {}, {}, []
        top = st.prep.orders.trump_cards[st.trumps]
        for seat in ([st.ombre] if rule == "ombre" else st.active):
            begun = set(start[seat])
            if not (top[0] in begun and top[1] in begun and top[2] in begun):
                not_all.append((seat, list(top[:3])))   # not paid: it lacked one of them at least
                continue
            run = 3
            while run < len(top) and top[run] in begun:
                run += 1
            for c in top[:run]:                         # paid for this run: held, or played since
                if c in st.hand[seat]:
                    pins[c] = seat
            if run < len(top):                          # ... and not the next trump down
                never[seat] = 1 << top[run]
        return pins, never, not_all
