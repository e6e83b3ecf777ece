"""The abilities interpreter: what an ability record may aim at, whether it may be used now,
and what its effects do. It reads only the compiled records (cards.Spec), never a card's name,
so a changed record in deck.yaml plays differently with no Python edit. The second part
of the rules (built on Table; self is the game)."""

from __future__ import annotations

from collections.abc import Sequence

from printgen.games.coppertwaddle.cards import (
    COST_DISCARD,
    DECLARATION,
    E_COVER,
    E_DESTROY,
    E_DISCARD,
    E_DRAW,
    E_MAKE_PROUD,
    E_NEGATE,
    E_POWER,
    E_PROMOTE,
    E_PROTECT,
    E_RELEASE,
    E_RETURN,
    FAVOUR,
    NOBLE,
    PEASANT,
    ROBBING,
    S_COVERED,
    S_PRESSED,
    S_PROUD,
    SIDE_OPPONENT,
    SIDE_OWN,
    T_CARD,
    T_NOBLE,
    T_PEASANT,
    T_WIND,
    USE_ABILITY,
    WIND,
)
from printgen.games.coppertwaddle.state import DITCHES, NEGATED_OTHER, NOBLES, PEASANTS, State
from printgen.games.coppertwaddle.table import Table
from printgen.sim.engine import Action

NO_TARGET = (0,)          # what targets() gives for an ability without a target (never written to)


def target_key(spec, self_card: int, user: int) -> int:
    """The key of targets() in State.aims: records that aim alike share their list (a card
    that says 'another' keeps its own), so copies and look-alike cards are searched once."""
    return spec.tkey + ((self_card + 1) << 1 if spec.other else 0) + user


class Abilities(Table):
    # the turn machinery gives these (rules.Coppertwaddle): an effect draws, asks for a choice of
    # cards, and hands the decision back when it is done
    def _draw(self, st: State, p: int) -> None:
        raise NotImplementedError

    def _choose(self, st: State, who: int, count: int, job: tuple) -> None:
        raise NotImplementedError

    def _after(self, st: State) -> None:
        raise NotImplementedError

    def targets(self, st: State, user: int, spec, self_card: int) -> Sequence[int]:
        """Target codes (1 + card) an ability may aim at now; [0] when it needs no target."""
        if not spec.has_target:
            return NO_TARGET
        if spec.tkind == T_CARD:
            return []
        key = spec.tkey + ((self_card + 1) << 1 if spec.other else 0) + user       # target_key()
        known = st.aims.get(key)
        if known is not None:
            return known
        skip = self_card if spec.other else -1
        # the cards of the target's kind, in Ditch order (a Threlm's rank is the Rank of the Ditch
        # it lies in, check() asserts it, so a Noble or Peasant target is looked for in that row only)
        tkind = spec.tkind
        seen = st.seen
        out: list[int] = []
        if spec.simple:                    # proud targets by kind only: the common case, inline
            proud = st.proud
            for p in spec.sides[user]:
                for c in seen[p][tkind]:
                    if proud[c] and c != skip:
                        out.append(1 + c)
        else:
            # what matches_spec() asks beyond the kind (each list holds cards of the target's kind
            # only), inline: a call per card would cost more than the tests. matches_spec() stays
            # the reference, for allowed(); check() asserts the two agree on every legal choice.
            proud, kind, pressed = st.proud, st.prep.kind, self.pressed
            tstate, promote = spec.tstate, spec.promote
            want_pressed = tstate == S_PRESSED or spec.needs_pressed
            for p in spec.sides[user]:
                if want_pressed:
                    winds = st.wind[p]
                    if winds[0] < 0 and winds[1] < 0 and winds[2] < 0 and winds[3] < 0:
                        continue                # no Wind on this side: nothing is pressed (DITCHES is 4)
                for c in seen[p][tkind]:
                    pr = proud[c]
                    if c == skip or (pr if tstate == S_COVERED else not pr if tstate == S_PROUD else False):
                        continue
                    if want_pressed and not pressed(st, c):
                        continue
                    if spec.needs_unpressed and (pr or kind[c] == WIND or pressed(st, c)):
                        continue
                    if promote and (kind[c] == WIND or st.rank[c] != PEASANT or st.vacant[p][NOBLE] < 0):
                        continue
                    out.append(1 + c)
        st.aims[key] = out
        return out

    def any_target(self, st: State, user: int, spec, self_card: int) -> bool:
        """Does targets() offer anything? Without listing them when it need not."""
        if not spec.has_target:
            return True
        if spec.tkind == T_CARD:
            return False
        known = st.aims.get(spec.tkey + ((self_card + 1) << 1 if spec.other else 0) + user)     # target_key()
        if known is not None:
            return bool(known)
        if spec.simple:                   # any proud card of the kind, with no list made
            proud, seen, tkind = st.proud, st.seen, spec.tkind
            skip = self_card if spec.other else -1
            for p in spec.sides[user]:
                for c in seen[p][tkind]:
                    if proud[c] and c != skip:
                        return True
            return False
        return bool(self.targets(st, user, spec, self_card))

    def target_ok(self, st: State, user: int, spec, self_card: int, tc: int) -> bool:
        """Is target code `tc` one that targets() offers?"""
        if not spec.has_target:
            return tc == 0
        if tc <= 0 or tc > st.prep.n or spec.tkind == T_CARD:
            return False
        t = tc - 1
        pos = st.pos[t]
        if pos < 0:
            return False
        owner = pos // 8
        if (spec.side == SIDE_OWN and owner != user) or (spec.side == SIDE_OPPONENT and owner == user):
            return False
        if st.prep.kind[t] != WIND and st.slot[owner][pos % 8] != t:
            return False
        return self.matches_spec(st, spec, t, self_card)

    def matches_spec(self, st: State, spec, c: int, self_card: int) -> bool:
        if spec.other and c == self_card:
            return False
        is_wind = st.prep.kind[c] == WIND
        tkind = spec.tkind
        if tkind == T_WIND:
            if not is_wind:
                return False
        elif tkind in (T_NOBLE, T_PEASANT):
            if is_wind or st.rank[c] != (NOBLE if tkind == T_NOBLE else PEASANT):
                return False
        state = spec.tstate
        proud = st.proud[c]
        if state == S_PROUD:
            if not proud:
                return False
        elif state == S_COVERED:
            if proud:
                return False
        elif state == S_PRESSED:
            if not self.pressed(st, c):
                return False
        if spec.needs_pressed and not self.pressed(st, c):
            return False
        if spec.needs_unpressed and (proud or is_wind or self.pressed(st, c)):
            return False
        return not (spec.promote and (is_wind or st.rank[c] != PEASANT or st.vacant[st.pos[c] // 8][NOBLE] < 0))

    def hand_ok(self, st: State, actor: int, c: int) -> bool:
        """May the Favour or Declaration `c` in hand be played now (targets aside)?"""
        stage = st.stage
        prep = st.prep
        return (stage <= ROBBING and prep.from_hand[stage][c]
                and (not prep.discard_cost[c] or len(st.hand[actor]) >= 2))

    def ability_ok(self, st: State, actor: int, c: int) -> bool:
        """May the Threlm `c`, lying in the actor's Domain, use its ability now (targets aside)?"""
        stage = st.stage
        prep = st.prep
        return (stage <= ROBBING and prep.ability_in[stage][c] and st.proud[c]
                and c not in st.silent and not st.abil_used >> c & 1
                and (not prep.discard_cost[c] or bool(st.hand[actor])))

    def counter_plays(self, st: State, who: int) -> list[Action]:
        """Answers to the card on top of the pending stack: counters usable now."""
        if not st.pending:
            return []
        prep = st.prep
        top = st.pending[-1][1]
        base = st.base
        out = []
        hand = st.hand[who]
        for c in st.prep.counters:
            spec = prep.spec[c]
            assert spec is not None               # (a counter has a record)
            if base not in spec.stages or not (spec.out_of_turn or base == ROBBING) or spec.side == SIDE_OWN:
                continue
            if st.pos[c] < 0:
                if c in hand and (spec.cost != COST_DISCARD or len(hand) > 1) and prep.kind[c] in (FAVOUR, DECLARATION):
                    out.append(prep.play_base + c * prep.codes + 1 + top)
            elif st.pos[c] // 8 == who and spec.use == USE_ABILITY and st.proud[c] and c not in st.silent \
                    and not st.abil_used >> c & 1 and (spec.cost != COST_DISCARD or hand):
                out.append(prep.use_base + c * prep.codes + 1 + top)
        return out

    def carry_out_effects(self, st: State, job: tuple) -> None:
        """Carry out an ability's effects from number `start`; a 'discard' effect stops to let the
        opponent choose, and `job` resumes it."""
        _, user, card, target, start, source, attach = job
        prep = st.prep
        effects = prep.spec[card].effects
        for k in range(start, len(effects)):
            code, amount, until = effects[k]
            if code == E_DRAW:
                for _ in range(amount):
                    if st.trumpet:
                        self._draw(st, user)
                continue
            if code == E_DISCARD:
                victim = 1 - user
                n = min(amount, len(st.hand[victim]))
                if n:
                    self._choose(st, victim, n, ("effects", user, card, target, k + 1, source, attach))
                    return
                continue
            if target < 0 or st.pos[target] < 0:
                continue
            if code == E_POWER:
                self.set_mods(st, st.mods + [(target, amount, until, source, attach)])
            elif code == E_NEGATE:
                self.set_negs(st, st.negs + [(target, until, attach)])
                aimed = prep.spec[target]
                if aimed is not None and not aimed.touches_power:     # the readings of 'negated' differ here
                    st.arose[NEGATED_OTHER] = 1
            elif code == E_PROTECT:
                self.set_prot(st, st.prot + [(target, until, attach)])
            elif code == E_COVER:
                st.proud[target] = False
                st.aims = {}
            elif code == E_MAKE_PROUD:
                if not self.pressed(st, target):
                    st.proud[target] = True
                    st.aims = {}
            elif code == E_RELEASE:
                p, d = divmod(st.pos[target], 8)
                if d >= DITCHES and st.wind[p][d - DITCHES] >= 0:
                    w = st.wind[p][d - DITCHES]
                    self.lift_card(st, w)
                    st.midden.append(w)
            elif code == E_PROMOTE:
                p, d = divmod(st.pos[target], 8)
                nd = self.vacant_ditch(st, p, NOBLE)
                if st.rank[target] == PEASANT and nd >= 0:
                    st.serial += 1
                    st.slot[p][d] = -1
                    if st.wind[p][d - DITCHES] < 0:
                        st.vacated_at[p][d] = st.serial
                    st.slot[p][nd] = target
                    st.pos[target] = p * 8 + nd
                    st.rank[target] = NOBLE
                    st.placed_at[p][nd] = st.serial
                    self.note_moved(st, p, target, PEASANTS, False)
                    self.note_moved(st, p, target, NOBLES, True)
            elif code == E_RETURN:
                owner = st.pos[target] // 8
                self.lift_card(st, target)
                st.hand[owner].append(target)
                st.held |= 1 << target
            elif code == E_DESTROY:
                self.lift_card(st, target)
                st.midden.append(target)
        self._after(st)
