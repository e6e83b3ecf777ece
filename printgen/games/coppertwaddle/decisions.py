"""The legal decisions of a Coppertwaddle game: every choice the player to act has (legal()),
whether one given choice is allowed (apply()'s check, worked out from the rules for that choice
alone), the robbings the Guardian may announce, and whether there is any choice but PASS at all
(the rules take a decision with nothing else automatically). The third part of the
rules (built on Abilities; self is the game); split from rules.py, which plays the decisions out,
so each stays readable.
"""

from __future__ import annotations

from bisect import bisect_right

from printgen.games.coppertwaddle.abilities import Abilities
from printgen.games.coppertwaddle.cards import CHOOSE, EN_GARDE, NOBLE, OVER, PASS, PEASANT, RESPOND, WIND
from printgen.games.coppertwaddle.state import DITCHED, DITCHES, EVERY, State, robber_sets
from printgen.sim.engine import Action

MINIMAL_SETS = 3    # robber sets offered per target and threshold (see rob_options)


class Decisions(Abilities):
    def legal(self, state: State) -> list[Action]:
        """Every legal decision, listed once per decision (rules.Coppertwaddle keeps the list)."""
        raise NotImplementedError

    def wind_ok(self, st: State, p: int, i: int) -> bool:
        """May a Wind be laid on Peasant Ditch i of player p: vacant, or holding a covered Threlm?"""
        if st.wind[p][i] >= 0:
            return False
        t = st.slot[p][DITCHES + i]
        return t < 0 or not st.proud[t]

    def _wind_room(self, st: State) -> bool:
        """May a Wind be laid anywhere: a Peasant Ditch of either Domain without a Wind and vacant
        or holding a covered Threlm (wind_ok for some Ditch)."""
        proud = st.proud
        for p in (0, 1):
            slots, winds = st.slot[p], st.wind[p]
            for i in range(DITCHES):
                if winds[i] < 0:
                    t = slots[DITCHES + i]
                    if t < 0 or not proud[t]:
                        return True
        return False

    def choices(self, st: State) -> list[Action]:
        """Every legal decision."""
        stage = st.stage
        prep = st.prep
        actor = st.actor
        hand = st.hand[actor]
        if stage == CHOOSE:
            return [prep.disc_base + c for c in hand]
        codes = prep.codes
        if stage == RESPOND:
            return [PASS] + self.counter_plays(st, actor)
        out = [PASS]
        play_base, kind = prep.play_base, prep.kind
        lay = stage == EN_GARDE and not st.laid
        playable, discard_cost, specs = prep.from_hand[stage], prep.discard_cost, prep.spec
        targets = self.targets
        for c in hand:
            k = kind[c]
            if k in (NOBLE, PEASANT):
                if lay and self.vacant_ditch(st, actor, k) >= 0:
                    out.append(play_base + c * codes)
            elif k == WIND:
                if lay:
                    for p in (actor, 1 - actor):
                        for i in range(DITCHES):
                            if self.wind_ok(st, p, i):
                                out.append(play_base + c * codes + prep.n + 1 + p * DITCHES + i)
            elif playable[c] and (not discard_cost[c] or len(hand) >= 2):
                base = play_base + c * codes
                for tc in targets(st, actor, specs[c], c):
                    out.append(base + tc)
        use_base = prep.use_base
        usable, proud, silent, used = prep.ability_in[stage], st.proud, st.silent, st.abil_used
        for c in st.bearers[actor]:
            if usable[c] and proud[c] and c not in silent and not used >> c & 1 and (not discard_cost[c] or hand):
                base = use_base + c * codes
                for tc in targets(st, actor, specs[c], c):
                    out.append(base + tc)
        if stage == EN_GARDE:
            out += self.rob_options(st)
        return out

    def allowed(self, st: State, action: Action) -> bool:
        """Would apply() accept this decision? Checked from the rules for that one decision, not
        by looking it up in legal(), so a test comparing the two means something."""
        stage = st.stage
        if action == PASS and isinstance(action, int):
            return stage != CHOOSE and stage != OVER
        prep = st.prep
        actor = st.actor
        if stage == OVER or not isinstance(action, int) or not 0 <= action < prep.n_actions:
            return False
        if stage == CHOOSE:
            return prep.disc_base <= action < prep.rob_base and action - prep.disc_base in st.hand[actor]
        if stage == RESPOND:
            return action in self.legal(st)
        if action >= prep.rob_base:
            if stage != EN_GARDE:
                return False
            target, mask = divmod(action - prep.rob_base, 256)
            _, strong, _, targets = self.robbable(st)
            if mask == strong:                 # all the robbers of Power above 0: offered for every target
                return target in targets
            return action in self.rob_options(st)
        if action >= prep.disc_base:
            return False
        use = action >= prep.use_base
        c, tc = divmod(action - (prep.use_base if use else prep.play_base), prep.codes)
        if use:
            pos = st.pos[c]
            return (pos >= 0 and pos // 8 == actor and self.ability_ok(st, actor, c)
                    and self.target_ok(st, actor, prep.spec[c], c, tc))
        if c not in st.hand[actor]:
            return False
        k = prep.kind[c]
        if k in (NOBLE, PEASANT):
            return stage == EN_GARDE and not st.laid and tc == 0 and self.vacant_ditch(st, actor, k) >= 0
        if k == WIND:
            ditch = tc - prep.n - 1
            return (stage == EN_GARDE and not st.laid and 0 <= ditch < 2 * DITCHES
                    and self.wind_ok(st, ditch // DITCHES, ditch % DITCHES))
        return self.hand_ok(st, actor, c) and self.target_ok(st, actor, prep.spec[c], c, tc)

    def rob_options(self, st: State) -> list[Action]:
        """Robbings the Guardian may announce, with sensible robber sets rather than every subset:
        for each target, the minimal sets (no robber could be left out) that beat the Defenders'
        Power as it stands, and those that beat the target's own Power (the least the rules ask),
        the cheapest MINIMAL_SETS of each; all the robbers whose Power is above 0; and all the
        robbers there are (a robber of Power 0 or less, or a Wind lying alone, only in this last
        set: it adds nothing now, but a play in the robbing may raise it)."""
        known = st.memo.get("rob")
        if known is not None:
            return known
        st.memo["rob"] = out = self._rob_options(st)
        return out

    def robbable(self, st: State) -> tuple[int, int, int, list[int]]:
        """The Guardian's possible robbers as Ditch masks: every one the rules admit (Proud, support
        not negated, in a Ditch or a Wind lying alone; robbers=positive: in a Ditch, Power above 0),
        and those of them whose Power is above 0, with their Power together; and the opponent's
        Threlms a robbing may target (those robbers together beat the target's own Power, it is
        Proud and not protected, a Ditch of its Rank is free). None once a robbing was announced
        this turn."""
        known = st.memo.get("robbable")
        if known is not None:
            return known
        g = st.guardian
        prep = st.prep
        powers = st.pw
        if powers is None:
            powers = self.powers(st)
        proud, negset, pos = st.proud, st.negset, st.pos
        every = strong = total = 0
        targets = []
        if not st.robbing_done:
            low = 8 * g
            positive = prep.robbers_positive
            slots = st.slot[g]
            for c in st.seen[g][DITCHED if positive else EVERY]:
                if proud[c] and c not in negset and slots[pos[c] - low] in (c, -1):    # not a Wind pressing
                    bit = 1 << (pos[c] - low)
                    pw = powers[c]
                    if pw > 0:
                        strong |= bit
                        total += pw
                    elif not positive:
                        every |= bit
            every |= strong
        if strong:
            vacant = st.vacant[g]
            rank, protset, full_vacant = st.rank, st.protset, prep.rob_full_vacant
            for c in st.seen[1 - g][DITCHED]:
                if proud[c] and c not in protset and not (full_vacant and vacant[rank[c]] < 0) \
                        and total > (0 if c in negset else powers[c]):
                    targets.append(c)
        st.memo["robbable"] = known = (every, strong, total, targets)
        return known

    def _rob_options(self, st: State) -> list[Action]:
        every, strong, total, targets = self.robbable(st)
        if not targets:
            return []
        prep = st.prep
        # the robbers as (Power, Ditch), weakest first (a Wind lying alone in the Ditch it lies on)
        g = st.guardian
        slots, winds = st.slot[g], st.wind[g]
        powers = st.pw if st.pw is not None else self.powers(st)
        eligible = []
        for d in range(8):
            if every >> d & 1:
                c = slots[d]
                eligible.append((powers[c if c >= 0 else winds[d - DITCHES]], d))
        eligible.sort()
        all_power = sum(pw for pw, _ in eligible)
        # every subset of the robbers: its Power, its weakest member, its Ditches
        key = tuple(eligible)
        known = prep.subsets.get(key)
        if known is None:
            if len(prep.subsets) > 4096:
                prep.subsets.clear()
            known = prep.subsets[key] = robber_sets(eligible)
        subsets, sums = known
        strongest = eligible[-1][0]
        powers = self.ditch_powers(st, 1 - g)
        out = []
        for c in targets:
            own = powers[st.pos[c] % 8]
            base = prep.rob_base + c * 256
            masks = []
            for threshold in (max(own, self.defence(st, c, powers)), own):
                found = 0
                for k in range(bisect_right(sums, threshold), len(subsets)):
                    power, _, mask, weakest = subsets[k]
                    if power > threshold + strongest:      # no minimal set beyond this
                        break
                    if power - weakest <= threshold:       # minimal: without its weakest it fails
                        if mask not in masks:
                            masks.append(mask)
                        found += 1
                        if found == MINIMAL_SETS:
                            break
            if strong not in masks:
                masks.append(strong)
            if every != strong and all_power > own:        # the robbers there are, if they may announce
                masks.append(every)
            out += [base + m for m in masks]
        return out

    def has_choice(self, st: State) -> bool:
        """Is there any decision but PASS? As choices() would say, stopping at the first found."""
        stage = st.stage
        actor = st.actor
        if stage == CHOOSE:
            return True
        if stage == RESPOND:
            return bool(self.counter_plays(st, actor))
        prep = st.prep
        specs = prep.spec
        any_target = self.any_target
        hand = st.hand[actor]
        if stage == EN_GARDE and not st.laid:         # a Threlm or a Wind to lay
            kind, vacant = prep.kind, st.vacant[actor]
            for c in hand:
                k = kind[c]
                if k in (NOBLE, PEASANT) and vacant[k] >= 0 or k == WIND and self._wind_room(st):
                    return True
        playable, discard_cost = prep.from_hand[stage], prep.discard_cost     # never a Threlm or a Wind
        two = len(hand) >= 2
        for c in hand:
            if playable[c] and (two or not discard_cost[c]) and any_target(st, actor, specs[c], c):
                return True
        usable, proud, silent, used = prep.ability_in[stage], st.proud, st.silent, st.abil_used
        for c in st.bearers[actor]:
            if usable[c] and proud[c] and c not in silent and not used >> c & 1 \
                    and (not discard_cost[c] or hand) and any_target(st, actor, specs[c], c):
                return True
        return stage == EN_GARDE and bool(self.robbable(st)[3])
