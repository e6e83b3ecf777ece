"""The situations four of Coppertwaddle's rule options govern, looked for under either reading at
the moments the game passes once a turn (the Respite) or once a robbing (its outcome), so the
counting stays off the hot paths the bots search. validate reports how often each arose
(state.SITUATIONS, State.arose)."""

from __future__ import annotations

from printgen.games.coppertwaddle.cards import OPTIONS
from printgen.games.coppertwaddle.state import COVERED, DITCHES, FULL_RANK, OVER_LIMIT, WIND_FILLS, State
from printgen.games.coppertwaddle.table import BESIDE

RULE_LIMIT = next(o.default for o in OPTIONS if o.name == "limit")    # the rule sheet's hand limit


def note_respite(st: State, g: int) -> None:
    """At a Respite of Guardian g: a full Rank of g's facing a Proud Threlm of that Rank on the other
    side (-O rob_full), a Domain full only thanks to a Wind lying alone (-O wind_alone), a hand over
    the lower of this run's limit and the rule sheet's (-O limit)."""
    arose, slot, proud = st.arose, st.slot, st.proud
    other = slot[1 - g]
    for rank in (0, 1):
        if st.vacant[g][rank] < 0 and any(c >= 0 and proud[c] for c in other[rank * DITCHES:(rank + 1) * DITCHES]):
            arose[FULL_RANK] = 1
    if not arose[WIND_FILLS] and _full_by_lone_wind(st, g):
        arose[WIND_FILLS] = 1
    limit = min(st.prep.limit, RULE_LIMIT)
    if len(st.hand[0]) > limit or len(st.hand[1]) > limit:
        arose[OVER_LIMIT] = 1


def _full_by_lone_wind(st: State, p: int) -> bool:
    """Is p's Domain full when a Wind lying alone fills its Peasant Ditch, and is one doing so?"""
    if st.vacant[p][0] >= 0:
        return False
    slots, winds, proud = st.slot[p], st.wind[p], st.proud
    if any(c < 0 or not proud[c] for c in slots[:DITCHES]):
        return False
    lone = False
    for i in range(DITCHES):
        c = slots[DITCHES + i]
        if c < 0:
            if winds[i] < 0 or not proud[winds[i]]:
                return False
            lone = True
        elif not proud[c] or winds[i] >= 0:
            return False
    return lone


def note_robbing(st: State, target: int) -> None:
    """At a robbing's outcome: a covered Threlm (or a covered Wind lying alone) beside the target, or
    below it for a Noble, whose Power only -O covered_support=yes adds to the defence."""
    pos = st.pos[target]
    if pos < 0:
        return
    p, d = divmod(pos, 8)
    i = d % DITCHES
    row = d - i
    slots, proud, negset = st.slot[p], st.proud, st.negset
    near = [slots[e] if slots[e] >= 0 else (st.wind[p][e - DITCHES] if row else -1) for e in BESIDE[d]]
    if row == 0:
        near.append(slots[DITCHES + i])
    if any(c >= 0 and not proud[c] and c not in negset for c in near):
        st.arose[COVERED] = 1
