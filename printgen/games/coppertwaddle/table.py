"""The table of a Coppertwaddle game: Domains and Ditches, Powers, the two robbing sums, and
cards coming onto and leaving the table. The first part of the rules (Table, Abilities,
Decisions, Invariants, then rules.Coppertwaddle, each built on the one before; self is the
game)."""

from __future__ import annotations

from bisect import insort

from printgen.games.coppertwaddle.cards import NOBLE, ROBBING, WIND
from printgen.games.coppertwaddle.state import DITCHES, NOBLES, ODD_ROBBER, PEASANTS, WINDS, State

# the Ditches beside each Ditch 0-7 of a Domain, in its own Rank
BESIDE = tuple(tuple(row + j for j in (i - 1, i + 1) if 0 <= j < DITCHES)
               for row in (0, DITCHES) for i in range(DITCHES))


class Table:
    def power(self, st: State, c: int, robbing: bool = True) -> int:
        """A Threlm's current Power: printed, plus Declarations and effects in force, less those
        from a negated Threlm. In a robbing (the default) a negated Threlm counts 0."""
        if robbing and c in st.negset:
            return 0
        pw = st.pw
        return (pw if pw is not None else self.powers(st))[c]

    def powers(self, st: State) -> list[int]:
        """Every card's Power as power(robbing=False) gives it, worked out once and kept in st.pw
        until an effect or a negation changes (set_mods, set_negs drop it). Without effects in
        force it is the printed list itself, shared and never written to."""
        mods = st.mods
        if not mods:
            pw = st.prep.power
        else:
            pw = list(st.prep.power)
            negset = st.negset
            for t, amount, _, source, _ in mods:
                if source < 0 or source not in negset:
                    pw[t] += amount
        st.pw = pw
        return pw

    def defence(self, st: State, target: int, powers: list[int] | None = None) -> int:
        """The Defenders' Power: the target, the Threlms left and right of it (a Wind lying alone
        there too) and below a Noble the Peasant under it, covered ones only with covered_support.
        `powers`: the owner's ditch_powers(), when the caller has them already."""
        pos = st.pos[target]
        p = pos // 8                         # (two divisions: cheaper than divmod's tuple)
        d = pos % 8
        i = d % DITCHES
        row = d - i
        slots = st.slot[p]
        proud = st.proud
        support = st.prep.covered_support
        if powers is None:                   # the Threlm's own Powers; a negated one counts 0
            pw = st.pw
            if pw is None:
                pw = self.powers(st)
            negset = st.negset
            total = 0 if target in negset else pw[target]
            for e in BESIDE[d]:
                c = slots[e]
                if c >= 0:
                    if (proud[c] or support) and c not in negset:
                        total += pw[c]
                elif row:                    # a Wind lying alone beside a Peasant: a Threlm like any other
                    w = st.wind[p][e - DITCHES]
                    if w >= 0 and (proud[w] or support) and w not in negset:
                        total += pw[w]
            if row == 0:
                c = slots[DITCHES + i]
                if c >= 0 and (proud[c] or support) and c not in negset:
                    total += pw[c]
            return total
        total = powers[d]
        for e in BESIDE[d]:
            c = slots[e]
            if c >= 0:
                if proud[c] or support:
                    total += powers[e]
            elif row:
                w = st.wind[p][e - DITCHES]
                if w >= 0 and (proud[w] or support):
                    total += powers[8 + e - DITCHES]
        if row == 0:
            c = slots[DITCHES + i]
            if c >= 0 and (proud[c] or support):
                total += powers[DITCHES + i]
        return total

    def ditch_powers(self, st: State, p: int) -> list[int]:
        """Robbing Powers of player p's Ditches 0-7 (0 when vacant) and of lone Winds (8-11)."""
        known = st.memo.get(-1 - p)
        if known is not None:
            return known
        pw = st.pw
        if pw is None:
            pw = self.powers(st)
        negset = st.negset
        slots, winds = st.slot[p], st.wind[p]
        # plain loops: in Python 3.11 a comprehension's own call costs more than these short lists
        out = []
        for c in slots:
            out.append(pw[c] if c >= 0 and c not in negset else 0)
        for i in range(DITCHES):
            w = winds[i]
            out.append(pw[w] if w >= 0 and slots[DITCHES + i] < 0 and w not in negset else 0)
        st.memo[-1 - p] = out
        return out

    def involved(self, st: State) -> list[int]:
        """The robbers still taking part: in the Guardian's Domain, Proud and not negated. (A card
        off the table is never Proud, check() asserts it, and nothing moves a robber to the other
        Domain before the robbing is resolved: Proud says it is still in the Guardian's Domain.)"""
        proud, negset, rob = st.proud, st.negset, st.rob
        assert rob is not None                # (a robbing is on: for the type checker)
        out = []
        for r in rob[1]:
            if proud[r] and r not in negset:
                out.append(r)
        return out

    def attack(self, st: State) -> int:
        """The robbers' Power: those still taking part (see involved())."""
        pw = st.pw
        if pw is None:
            pw = self.powers(st)
        proud, negset, rob = st.proud, st.negset, st.rob
        assert rob is not None
        total = 0
        for r in rob[1]:
            if proud[r] and r not in negset:
                total += pw[r]
        return total

    def robbing_outcome(self, st: State) -> bool:
        """robbing_succeeds(), remembered until something on the table changes."""
        known = st.memo.get("outcome")
        if known is None:
            if self.robbing_open(st):
                attack, defence = self.robbing_sums(st)
                known = attack > defence
            else:
                known = False
            st.memo["outcome"] = known
        return known

    def robbing_sums(self, st: State) -> tuple[int, int]:
        """(attack(), defence() of the target), remembered until something on the table changes:
        the greedy player's predictions start from them. The target must be on the table."""
        known = st.memo.get("sums")
        if known is None:
            rob = st.rob
            assert rob is not None
            known = st.memo["sums"] = (self.attack(st), self.defence(st, rob[0]))
        return known

    def robbing_open(self, st: State, proud: bool = True) -> bool:
        """Could the robbing succeed, sums aside: the target still in the other Domain, Proud (if
        `proud`), not protected, and (rob_full=vacant) a Ditch of its Rank free for it."""
        rob = st.rob
        assert rob is not None
        target = rob[0]
        pos = st.pos[target]
        if pos < 0 or pos // 8 == st.guardian or (proud and not st.proud[target]) or target in st.protset:
            return False
        return not st.prep.rob_full_vacant or st.vacant[st.guardian][st.rank[target]] >= 0

    def begin_robbing(self, st: State, target: int, mask: int) -> None:
        """The Guardian announces a robbing of `target` by the Threlms in the Ditches of `mask`:
        the Robbing stage starts, the Guardian to play first. (apply() for ROB; the greedy player
        on a copy of the game, to see whether a robbing it could turn is worth announcing.)"""
        g = st.guardian
        slots, winds = st.slot[g], st.wind[g]
        robbers = []
        used = st.used
        for d in range(8):                   # the Threlm in each Ditch of the mask, or the Wind lying alone there
            if mask >> d & 1:
                r = slots[d] if slots[d] >= 0 else winds[d - DITCHES]
                robbers.append(r)
                used |= 1 << r
        st.used = used
        if self.odd_robbers(st):
            st.arose[ODD_ROBBER] = 1
        st.robbing_done = True
        st.rob = [target, robbers]
        st.robs[g] += 1
        st.stage = st.base = ROBBING
        st.actor = st.acting = g
        st.rob_passes = 0

    def odd_robbers(self, st: State) -> bool:
        """Has the Guardian a robber only the rule sheet's reading admits (robbers=proud): a Proud
        Threlm of Power 0 or less whose support is not negated, or a Proud Wind lying alone? The
        situation the option `robbers` governs, looked for under either reading."""
        g = st.guardian
        proud, negset, slots, winds = st.proud, st.negset, st.slot[g], st.wind[g]
        pw = st.pw if st.pw is not None else self.powers(st)
        for d in range(8):
            c = slots[d]
            if c >= 0 and proud[c] and c not in negset and pw[c] <= 0:
                return True
            if c < 0 and d >= DITCHES:
                w = winds[d - DITCHES]
                if w >= 0 and proud[w] and w not in negset:
                    return True
        return False

    def robbing_succeeds(self, st: State) -> bool:
        rob = st.rob
        assert rob is not None
        return self.robbing_open(st) and self.attack(st) > self.defence(st, rob[0])

    def vacant_ditch(self, st: State, p: int, rank: int) -> int:
        """The leftmost vacant Ditch of a Rank (a Peasant Ditch with a Wind is not vacant), or -1:
        found by relist() when the side last changed (hot paths read st.vacant[p][rank] inline)."""
        return st.vacant[p][rank]

    def pressed(self, st: State, c: int) -> bool:
        pos = st.pos[c]
        if pos < 0 or st.prep.kind[c] == WIND:
            return False
        d = pos % 8
        return d >= DITCHES and st.wind[pos // 8][d - DITCHES] >= 0 and st.slot[pos // 8][d] == c

    def relist(self, st: State, p: int) -> None:
        """List the cards on player p's side (State.seen), those of them with an ability used on
        its own (State.bearers) and the vacant Ditches (State.vacant) from the Ditches themselves.
        Targets, robbings, Engagements and the abilities to use are then looked for among the cards
        there are, rather than in every Ditch at every decision. Cards coming and going keep the
        lists by note_moved(); this is for a table set up at once (arrange) and for check()."""
        slots, winds = st.slot[p], st.wind[p]
        nobles = [c for c in slots[:DITCHES] if c >= 0]
        peasants = [c for c in slots[DITCHES:] if c >= 0]
        ditched = nobles + peasants
        lone = [w for w in winds if w >= 0]
        every = ditched + lone if lone else ditched
        st.seen[p] = (nobles, peasants, every, lone, ditched)
        st.aims = {}
        bearer = st.prep.bearer
        st.bearers[p] = [c for c in every if bearer[c]]
        # the leftmost vacant Ditch of each Rank (unrolled: DITCHES is 4); a Wind fills a Peasant Ditch
        st.vacant[p] = (0 if slots[0] < 0 else 1 if slots[1] < 0 else 2 if slots[2] < 0 else 3 if slots[3] < 0 else -1,
                        4 if slots[4] < 0 and winds[0] < 0 else 5 if slots[5] < 0 and winds[1] < 0 else
                        6 if slots[6] < 0 and winds[2] < 0 else 7 if slots[7] < 0 and winds[3] < 0 else -1)

    def note_moved(self, st: State, p: int, c: int, row: int, entering: bool) -> None:
        """Card c came into (`entering`) or left one row of player p's side (NOBLES, PEASANTS or
        WINDS): State.seen is updated from that row alone, the bearers only if c has an ability of
        its own, the leftmost vacant Ditch of the Rank the row belongs to found anew. Cheaper than
        relist(), and a card comes and goes a few times a turn. The lists are shared with clones
        of the state, so they are replaced, never changed in place."""
        seen = st.seen[p]
        cards = seen[row].copy()
        if entering:
            insort(cards, c, key=st.pos.__getitem__)      # Ditch order (Winds: their Ditch's order)
        else:
            cards.remove(c)
        nobles = cards if row == NOBLES else seen[NOBLES]
        peasants = cards if row == PEASANTS else seen[PEASANTS]
        lone = cards if row == WINDS else seen[WINDS]
        ditched = nobles + peasants
        every = ditched + lone if lone else ditched
        st.seen[p] = (nobles, peasants, every, lone, ditched)
        st.aims = {}
        bearer = st.prep.bearer
        if bearer[c]:
            bearers = []
            for x in every:
                if bearer[x]:
                    bearers.append(x)
            st.bearers[p] = bearers
        slots = st.slot[p]
        if row == NOBLES:
            first = 0 if slots[0] < 0 else 1 if slots[1] < 0 else 2 if slots[2] < 0 else 3 if slots[3] < 0 else -1
            st.vacant[p] = (first, st.vacant[p][1])
        else:
            winds = st.wind[p]
            st.vacant[p] = (st.vacant[p][0],
                            4 if slots[4] < 0 and winds[0] < 0 else 5 if slots[5] < 0 and winds[1] < 0 else
                            6 if slots[6] < 0 and winds[2] < 0 else 7 if slots[7] < 0 and winds[3] < 0 else -1)

    def place_card(self, st: State, c: int, p: int, proud: bool) -> bool:
        d = st.vacant[p][st.rank[c]]
        if d < 0:
            return False
        st.slot[p][d] = c
        st.pos[c] = p * 8 + d
        st.proud[c] = proud
        st.serial += 1
        st.placed_at[p][d] = st.serial
        self.note_moved(st, p, c, NOBLES if d < DITCHES else PEASANTS, True)
        return True

    def lift_card(self, st: State, c: int) -> None:
        """Take a card off the table: its Declarations go to the Midden and effects on it end."""
        pos = st.pos[c]
        p, d = divmod(pos, 8)
        st.serial += 1
        if st.prep.kind[c] == WIND:
            st.wind[p][d - DITCHES] = -1
            if st.slot[p][d] < 0:
                st.vacated_at[p][d] = st.serial
        else:
            st.slot[p][d] = -1
            if d < DITCHES or st.wind[p][d - DITCHES] < 0:
                st.vacated_at[p][d] = st.serial
        st.pos[c] = -1
        st.proud[c] = False
        kind = st.prep.kind[c]
        self.note_moved(st, p, c, WINDS if kind == WIND else NOBLES if d < DITCHES else PEASANTS, False)
        st.rank[c] = st.prep.rank[c]
        gone = {c}
        for dcl in st.under[c]:
            st.host[dcl] = -1
            st.midden.append(dcl)
            gone.add(dcl)
        st.under[c] = ()
        if st.mods:
            self.set_mods(st, [m for m in st.mods if m[0] not in gone and m[4] not in gone])
        if st.negs:
            self.set_negs(st, [x for x in st.negs if x[0] not in gone and x[2] not in gone])
        if st.prot:
            self.set_prot(st, [x for x in st.prot if x[0] not in gone and x[2] not in gone])

    def set_mods(self, st: State, mods: list) -> None:
        """Every change to the effects in force goes through here: the Powers are worked out anew."""
        st.mods = mods
        st.pw = None

    def set_negs(self, st: State, negs: list) -> None:
        st.negs = negs
        negset = set()
        for x in negs:
            negset.add(x[0])
        st.negset = negset
        silenced = st.prep.silenced          # whose abilities the negation switches off (option negated)
        silent = negset
        for c in negset:
            if not silenced[c]:
                silent = {x for x in negset if silenced[x]}
                break
        st.silent = silent
        st.pw = None                # an effect from a negated Threlm no longer counts

    def set_prot(self, st: State, prot: list) -> None:
        st.prot = prot
        protset = set()
        for x in prot:
            protset.add(x[0])
        st.protset = protset

    def expire_effects(self, st: State, until: int) -> None:
        """End the effects that last until the robbing (until=UNTIL_ROBBING) or the turn."""
        # replaced only when something ends (Powers are kept otherwise); plain loops, as the
        # lists are short and a comprehension's set-up would cost more
        for m in st.mods:
            if m[2] <= until:
                self.set_mods(st, [m for m in st.mods if m[2] > until])
                break
        for x in st.negs:
            if x[1] <= until:
                self.set_negs(st, [x for x in st.negs if x[1] > until])
                break
        for x in st.prot:
            if x[1] <= until:
                self.set_prot(st, [x for x in st.prot if x[1] > until])
                break

    def full_domain(self, st: State, p: int) -> bool:
        vacant = st.vacant[p]
        if vacant[0] >= 0 or vacant[1] >= 0:        # a Ditch with neither Threlm nor Wind: most Respites
            return False
        slots, winds, proud = st.slot[p], st.wind[p], st.proud
        for d in range(DITCHES):
            c = slots[d]
            if c < 0 or not proud[c] or st.rank[c] != NOBLE:
                return False
        for i in range(DITCHES):
            c = slots[DITCHES + i]
            if c < 0:
                if winds[i] < 0 or not st.prep.wind_fills or not proud[winds[i]]:
                    return False
            elif not proud[c] or winds[i] >= 0:
                return False
        return True

    def domain_score(self, st: State, p: int) -> int:
        pw = st.pw
        if pw is None:
            pw = self.powers(st)
        return sum(pw[c] for c in st.slot[p] if c >= 0) + sum(pw[w] for w in st.wind[p] if w >= 0)

    def move_card(self, st: State, c: int, p: int) -> bool:
        """A robbed Threlm changes Domain, covered, into the leftmost vacant Ditch of its Rank; its
        Declarations and the effects on it go with it. False if that Rank is full."""
        d = self.vacant_ditch(st, p, st.rank[c])
        if d < 0:
            return False
        old, od = divmod(st.pos[c], 8)
        st.serial += 1
        st.slot[old][od] = -1
        if od < DITCHES or st.wind[old][od - DITCHES] < 0:
            st.vacated_at[old][od] = st.serial
        st.slot[p][d] = c
        st.pos[c] = p * 8 + d
        st.proud[c] = False
        st.placed_at[p][d] = st.serial
        self.note_moved(st, old, c, NOBLES if od < DITCHES else PEASANTS, False)
        self.note_moved(st, p, c, NOBLES if d < DITCHES else PEASANTS, True)
        return True
