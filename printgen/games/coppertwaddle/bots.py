"""The greedy Coppertwaddle player: lays Threlms toward a full Domain, robs when the sums say it
wins (or when a play of its own would turn them at once: the Guardian plays first in a robbing),
answers a robbing only with a play that turns its outcome, and values other plays by what their
effects do (read from the ability records, so a changed card is valued anew).

Equal choices are broken at random with the game's generator: a fixed order would make the
first copy of a card look stronger than the second only because of the bot.
"""

from __future__ import annotations

import random

from printgen.games.coppertwaddle.cards import (
    CHALLENGING,
    CHOOSE,
    COST_COVER,
    COST_DISCARD,
    E_COVER,
    E_DESTROY,
    E_DISCARD,
    E_DRAW,
    E_MAKE_PROUD,
    E_POWER,
    E_PROMOTE,
    E_PROTECT,
    E_RELEASE,
    E_RETURN,
    EN_GARDE,
    NOBLE,
    PASS,
    PEASANT,
    PERMANENT,
    RESPOND,
    ROBBING,
    SIDE_EITHER,
    WIND,
)
from printgen.games.coppertwaddle.forecast import Forecast
from printgen.games.coppertwaddle.state import DITCHES, clone

LAY, HELP, ROB = 200, 100, 50        # a Threlm laid comes first, then helpful plays, then a robbing


def _pick(scored: list[tuple[float, int]], rng: random.Random) -> int:
    """The best-scored action; equal best ones in the order found, one drawn with `rng`."""
    if len(scored) == 1:
        return scored[0][1]
    best = scored[0][0]
    ties = []
    for score, action in scored:
        if score > best:
            best = score
            ties = [action]
        elif score == best:
            ties.append(action)
    return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]


def keep_value(game, st, p: int, c: int) -> float:
    """How much a card in hand is worth keeping (the lowest is discarded first)."""
    prep = st.prep
    kind = prep.kind[c]
    if kind in (NOBLE, PEASANT):
        return prep.power[c] + (10 if st.vacant[p][kind] >= 0 else 0)
    if kind == WIND:
        return 3
    spec = prep.spec[c]
    return 11 if spec.counter else 6


def _filled(st, p: int) -> int:
    """Ditches of player p holding a Threlm or a lone Wind."""
    slots, winds = st.slot[p], st.wind[p]
    n = 8 - slots.count(-1)
    for d in range(DITCHES):
        if winds[d] >= 0 and slots[DITCHES + d] < 0:
            n += 1
    return n


def _value(game, st, me: int, spec, card: int, target: int, stage: int) -> float:
    """What a play is worth to `me` outside a robbing, from its effects and cost."""
    mine = target >= 0 and st.pos[target] >= 0 and st.pos[target] // 8 == me
    sign = 1 if mine else -1
    value = 0.0
    for code, amount, until in spec.effects:
        if code == E_POWER:
            value += sign * amount if until == PERMANENT else 0
        elif code == E_COVER:
            if not mine and stage == CHALLENGING and _filled(st, 1 - me) >= 7:
                value += 8
            elif mine:
                value -= 3
        elif code == E_MAKE_PROUD:
            value += 4 * sign
        elif code == E_RELEASE:
            value += 5 * sign
        elif code == E_PROTECT:
            value += (2 + game.power(st, target) / 3) if mine and until == PERMANENT else 0
        elif code == E_PROMOTE:
            if mine:
                slots = st.slot[me]
                value += 2 if slots[:DITCHES].count(-1) > slots[DITCHES:].count(-1) else -1
        elif code in (E_DRAW, E_DISCARD):
            value += 2 * amount
        elif code == E_RETURN:
            value += -sign * (5 + game.power(st, target, robbing=False))
        elif code == E_DESTROY:
            value += -sign * (6 + game.power(st, target, robbing=False))
    if spec.cost == COST_DISCARD:
        value -= 2
    elif spec.cost == COST_COVER:
        value -= 30 if stage == EN_GARDE and _filled(st, me) == 8 else 1
    return value


def _robbing_choice(game, st, rng: random.Random) -> int:
    """Pass while the robbing goes my way; otherwise a play that turns it, if there is one (one
    drawn with `rng` if several: all are scored alike)."""
    turning = _turning(game, st)
    if not turning:
        return PASS
    return turning[0] if len(turning) == 1 else turning[int(rng.random() * len(turning))]


def _turning(game, st) -> list[int]:
    """The plays of the player to act in a robbing that turn its outcome their way (none while it
    goes their way already).

    The plays tried are those aimed at a card in the sums (the target, the robbers, the Threlms
    beside and below the target, a lone Wind beside it) or at a Threlm whose ability changed the
    Power of one of them (negating it takes that back), a Threlm of mine in the sums covering
    itself, and any promotion (a Threlm moved may come to stand beside the target), in the order
    legal() lists them, each record on each target once (copies of a card alike). No other play
    can turn a robbing: the forecast test checks it on the shipped deck, on a deck whose Threlms
    give Power and stay Proud and may promote during a robbing, and on decks of random records."""
    me = st.actor
    robber = me == st.guardian
    if game.robbing_outcome(st) == robber:
        return []
    if not game.robbing_open(st, proud=False):       # the defender is safe whatever it plays
        return []
    prep = st.prep
    specs, discard_cost, codes = prep.spec, prep.discard_cost, prep.codes
    forecast = Forecast(game, st)
    involved = forecast.beside.union(forecast.announced)
    involved.add(forecast.target)
    aimed = involved          # ... and the Threlms whose abilities changed a Power in the sums
    sources = [m[3] for m in st.mods if m[3] >= 0 and m[0] in involved]
    if sources:
        aimed = involved.union(sources)
    succeeds_after, targets = forecast.succeeds_after, game.targets
    turning = []
    tried = set()
    hand = st.hand[me]
    playable = prep.from_hand[ROBBING]
    for c in hand:
        if playable[c] and (not discard_cost[c] or len(hand) >= 2):
            spec = specs[c]
            for tc in targets(st, me, spec, c):
                x = tc - 1
                if x in aimed or spec.promote:
                    key = (spec.text, -1, tc)
                    if key not in tried:
                        tried.add(key)
                        if succeeds_after(c, False, x) == robber:
                            turning.append(prep.play_base + c * codes + tc)
    usable, proud, silent, used = prep.ability_in[ROBBING], st.proud, st.silent, st.abil_used
    for c in st.bearers[me]:
        if usable[c] and proud[c] and c not in silent and not used >> c & 1 and (not discard_cost[c] or hand):
            spec = specs[c]
            cover = c in involved and spec.cost == COST_COVER
            for tc in targets(st, me, spec, c):
                x = tc - 1
                if cover or x in aimed or spec.promote:
                    key = (spec.text, c, tc)
                    if key not in tried:
                        tried.add(key)
                        if succeeds_after(c, True, x) == robber:
                            turning.append(prep.use_base + c * codes + tc)
    return turning


def greedy(game, st, rng: random.Random) -> int:
    """The greedy choice on this state. It is always one of the legal choices (built from the
    same target lists the rules offer; checked games assert it), so it is marked as vouched for:
    apply() then skips checking it again from the rules."""
    action = _decide(game, st, rng)
    st.vouched = action
    return action


def _decide(game, st, rng: random.Random) -> int:
    stage = st.stage
    me = st.actor
    prep = st.prep
    if stage == ROBBING:
        return _robbing_choice(game, st, rng)
    if stage == CHOOSE:
        return _pick([(-keep_value(game, st, me, a - prep.disc_base), a) for a in game.legal(st)], rng)
    if stage == RESPOND:                 # answer the opponent's card with a counter
        return _pick([(0.0, a) for a in game.legal(st) if a != PASS], rng)
    # Challenging or En Garde: only the plays worth something are looked at
    codes = prep.codes
    lay = stage == EN_GARDE and not st.laid
    if lay:        # a Threlm toward a full Domain comes before anything else: the strongest
        # (what _pick() makes of PASS scored 0 and each Threlm that can be laid, without the list)
        vacant = None
        found = False
        best, ties = 0.0, [PASS]
        for c in st.hand[me]:
            kind = prep.kind[c]
            if kind in (NOBLE, PEASANT):
                if vacant is None:
                    vacant = st.vacant[me]
                if vacant[kind] >= 0:
                    found = True
                    score = LAY + prep.power[c]
                    if score > best:
                        best, ties = score, [prep.play_base + c * codes]
                    elif score == best:
                        ties.append(prep.play_base + c * codes)
        if found:
            return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]
    scored: list[tuple[float, int]] = [(0.0, PASS)]
    hand = st.hand[me]
    lasting, discard_cost = prep.lasting, prep.discard_cost
    playable = prep.from_hand[stage]
    for c in hand:             # no Threlm can be laid now (see above)
        kind = prep.kind[c]
        if kind == WIND:
            if lay:
                base = prep.play_base + c * codes
                for p in (me, 1 - me):
                    for i in range(DITCHES):
                        if game.wind_ok(st, p, i):
                            under = st.slot[p][DITCHES + i]
                            if p != me:
                                score = LAY - 50 if under >= 0 else (LAY - 60 if not prep.wind_fills else -5.0)
                            else:
                                score = LAY - 80 if under < 0 and prep.wind_fills else -5.0
                            scored.append((score, base + prep.n + 1 + p * DITCHES + i))
        elif lasting[c] and playable[c] and (not discard_cost[c] or len(hand) >= 2):    # never a Threlm
            _helpful(game, st, me, c, prep.play_base + c * codes, stage, scored)
    usable, proud, silent, used = prep.ability_in[stage], st.proud, st.silent, st.abil_used
    for c in st.bearers[me]:
        if lasting[c] and usable[c] and proud[c] and c not in silent and not used >> c & 1 \
                and (not discard_cost[c] or hand):
            _helpful(game, st, me, c, prep.use_base + c * codes, stage, scored)
    if len(scored) == 1 and stage == EN_GARDE:     # nothing better to do: rob, if it wins
        return _announce(game, st, rng)
    return _pick(scored, rng)


def _helpful(game, st, me: int, c: int, base: int, stage: int, scored: list) -> None:
    spec = st.prep.spec[c]
    # most effects are worth the same on every target of one side: value each side once
    per_side = spec.per_side
    targets = game.targets(st, me, spec, c)
    if per_side and spec.side != SIDE_EITHER and spec.has_target:      # one side: one value
        if targets:
            v = _value(game, st, me, spec, c, targets[0] - 1, stage)
            if v > 0:
                for tc in targets:
                    scored.append((HELP + v, base + tc))
        return
    known: dict[bool, float] = {}
    pos = st.pos
    for tc in targets:
        t = tc - 1
        if per_side:
            mine = t >= 0 and pos[t] // 8 == me
            got = known.get(mine)
            if got is None:
                got = known[mine] = _value(game, st, me, spec, c, t, stage)
            v = got
        else:
            v = _value(game, st, me, spec, c, t, stage)
        if v > 0:
            scored.append((HELP + v, base + tc))


def _announce(game, st, rng: random.Random) -> int:
    """Rob when the sums say the robbing wins now: the dearest target, with all the robbers
    (the widest margin; covered robbers are safe from robbing until the next Engagement). If
    none wins now, rob the dearest target that a play of mine would turn at once (the Guardian
    plays first in a robbing): a negation or a Power in hand is worth a robbing too."""
    prep = st.prep
    _, every, attack, targets = game.robbable(st)      # all the robbers of Power above 0
    if not targets:
        return PASS
    # what _pick() makes of PASS scored 0 and each winning robbing, without the list; a target
    # whose score could not reach the best so far, even with the widest margin counted, is not
    # summed at all
    best, ties = 0.0, [PASS]
    base = prep.rob_base + every
    power = prep.power
    defence = game.defence                 # (from the Powers: cheaper here than ditch_powers() first)
    for target in targets:
        score = ROB + power[target]
        if score + 5 < best:
            continue
        margin = attack - defence(st, target)
        if margin > 0:
            score += min(margin, 5)
            if score > best:
                best, ties = score, [base + target * 256]
            elif score == best:
                ties.append(base + target * 256)
    if best == 0.0 and _answers_in_robbing(st, st.actor):
        ties = _turnable(game, st, every, targets)
    return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]


def _answers_in_robbing(st, me: int) -> bool:
    """Has player `me` a card or an ability that may be played in a robbing (targets aside)?"""
    prep = st.prep
    hand = st.hand[me]
    playable, discard_cost = prep.from_hand[ROBBING], prep.discard_cost
    for c in hand:
        if playable[c] and (not discard_cost[c] or len(hand) >= 2):
            return True
    usable, proud, silent, used = prep.ability_in[ROBBING], st.proud, st.silent, st.abil_used
    for c in st.bearers[me]:
        if usable[c] and proud[c] and c not in silent and not used >> c & 1 and (not discard_cost[c] or hand):
            return True
    return False


def _turnable(game, st, every: int, targets: list[int]) -> list[int]:
    """The robbings (all the robbers) of the dearest targets that a play of mine turns at once,
    tried on a copy of the game, dearest first; [PASS] if none."""
    base = st.prep.rob_base + every
    power = st.prep.power
    found: list[int] = []
    level = None
    for target in sorted(targets, key=power.__getitem__, reverse=True):
        if found and power[target] < level:
            break                           # a cheaper target cannot score as high
        copy = clone(st)
        game.begin_robbing(copy, target, every)
        if _turning(game, copy):
            found.append(base + target * 256)
            level = power[target]
    return found or [PASS]

