"""Coppertwaddle for two players (seed 001 and the project's rule sheet), as an engine Game.

A turn: Engagement (the Guardian's covered Threlms become Proud, except pressed ones; one card is
drawn from the Trumpet, or the game is a tie), Challenging (the Challenger plays Favours and uses
abilities, one at a time, until passing), En Garde (the Guardian plays Favours, lays one Threlm or
one Wind, lays Declarations, uses abilities, in any order, and ends the stage by passing or by
announcing a Robbing), Robbing (the Guardian first, the players alternately play one Favour or
ability until both pass in a row; then the sums decide), Respite (a full Domain of Proud Threlms wins; hands over the limit
discard down to it; effects "until the end of the turn" end).

Decisions are ints (see Prepared in cards.py for the numbering): PASS; PLAY(card in hand,
target); USE(Threlm on the table, target); DISCARD(card) when a choice of cards is asked for (a
cost, an opponent's 'discard' effect, the hand limit); ROB(target, robbers as a mask of the
Guardian's Ditches). A decision with nothing but PASS is taken automatically, so the bots (and
the step count) only see real choices.

Readings the seed leaves open, each a game option (cards.OPTIONS) where a designer may want the
other one: the starting hand (4), a robbing needs a vacant Ditch of the target's Rank, the
victory scale edges, Suite ties, whether covered Threlms support a defence (no), and whether a
Wind lying alone fills a Peasant Ditch (yes, Power 0). Further readings, not options: a Threlm's
ability may be used once per turn; a negated Threlm counts 0 in every robbing sum (the seed's
second example announces 8 against the negated Fish); Favours and Declarations being played can
be answered by a counter (Coppertwaddle), which can itself be countered; `out_of_turn` lets a card
answer the opponent's cards in any stage.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any, Sequence

from printgen.errors import UserError
from printgen.sim.coppertwaddle.abilities import Abilities
from printgen.sim.coppertwaddle.cards import (
    CHALLENGING, CHOOSE, COST_COVER, COST_DISCARD, DECLARATION, EN_GARDE, NOBLE, OVER, PASS, PEASANT, PERMANENT,
    RESPITE, RESPOND, ROBBING, S_PROUD, T_CARD, UNTIL_ROBBING, WIND, Prepared, compile_deck,
)
from printgen.sim.coppertwaddle.bots import greedy as greedy_choice
from printgen.sim.coppertwaddle.state import DITCHED, DITCHES, NOBLES, PEASANTS, WINDS, State, robber_sets, clone
from printgen.sim.coppertwaddle.table import Table
from printgen.sim.engine import Action, Finding, Game, Result

STAGE_NAMES = ("Challenging", "En Garde", "Robbing", "answering a card", "choosing a card", "over",
               "the Respite")
__all__ = ["Coppertwaddle", "State", "clone", "PASS", "RESPOND", "CHOOSE", "OVER", "DITCHES"]
MINIMAL_SETS = 3    # robber sets offered per target and threshold (see rob_options)


class Coppertwaddle(Abilities, Table, Game):
    name = "coppertwaddle"
    variants = ("basic",)
    step_cap = 3000
    good_hand = (3, 6)
    length_unit = "turns"
    length_note = "a turn is one player's Engagement to Respite"

    # -- the deck --------------------------------------------------------------------------------
    def prepare(self, deck, variant: str, options: dict[str, Any]) -> Prepared:
        if variant not in self.variants:
            raise UserError(f"Coppertwaddle has no variant '{variant}'", hint="variants: " + ", ".join(self.variants))
        return compile_deck(deck, options)

    def player_counts(self, prepared: Prepared) -> tuple[int, ...]:
        return (2,)

    def static_checks(self, prepared: Prepared, players: int) -> list[Finding]:
        from printgen.sim.coppertwaddle.report import static_findings
        return static_findings(prepared)

    # -- one game --------------------------------------------------------------------------------
    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        if players != 2:
            raise UserError(f"Coppertwaddle is for 2 players, not {players}")
        order = list(range(prepared.n))
        rng.shuffle(order)
        hand = prepared.hand
        hands = [order[:hand], order[hand:2 * hand]]
        st = State(prepared, order[2 * hand:][::-1], hands)    # the Trumpet's top is its last card
        self._engage(st)
        self._settle(st)
        return st

    def arrange(self, prepared: Prepared, domains: Sequence[dict[str, Sequence]], hands: Sequence[Sequence[str]],
                guardian: int = 0, trumpet: Sequence[str] = (), stage: int = EN_GARDE) -> State:
        """A scripted position (tests, examples): `domains[p]` maps 'noble' and 'peasant' to four entries
        each, a card name (proud), '-name' (covered) or None (vacant); 'winds' maps a Peasant Ditch
        to a Wind's name. Cards are taken by name from the deck, each copy once; the rest form the
        Trumpet under the named `trumpet` cards. The game starts at `stage` of the Guardian's turn."""
        free = list(range(prepared.n))

        def take(name: str) -> int:
            for c in free:
                if prepared.names[c] == name:
                    free.remove(c)
                    return c
            raise KeyError(name)
        hand_cards = [[take(n) for n in h] for h in hands]
        placed = []
        for p, domain in enumerate(domains):
            for r, key in enumerate(("noble", "peasant")):
                for i, entry in enumerate(list(domain.get(key, ())) + [None] * (DITCHES - len(domain.get(key, ())))):
                    if entry:
                        placed.append((p, r * DITCHES + i, take(entry.lstrip("-")), not entry.startswith("-")))
            for i, name in dict(domain.get("winds", {})).items():
                placed.append((p, -1 - i, take(name), True))
        top = [take(n) for n in trumpet]
        st = State(prepared, free[::-1] + top[::-1], [list(h) for h in hand_cards], guardian)
        for p, d, c, proud in placed:
            if d < 0:
                st.wind[p][-1 - d] = c
                st.pos[c] = p * 8 + DITCHES + (-1 - d)
                st.proud[c] = True
            else:
                st.slot[p][d] = c
                st.pos[c] = p * 8 + d
                st.proud[c] = proud
                if prepared.kind[c] in (NOBLE, PEASANT):
                    st.rank[c] = d // DITCHES
            st.used |= 1 << c
        st.serial = 1
        for p in range(2):
            self.relist(st, p)
        for p in range(2):
            for d in range(8):
                st.vacated_at[p][d] = 1 if st.slot[p][d] < 0 else 0
        st.stage = st.base = stage
        st.actor = st.acting = guardian if stage != CHALLENGING else 1 - guardian
        self._settle(st)
        return st

    def to_act(self, state: State) -> int:
        return state.actor

    def legal(self, state: State) -> list[Action]:
        if state.cache is None:
            state.cache = [] if state.stage == OVER else self._options(state)
        return state.cache

    def is_over(self, state: State) -> bool:
        return state.stage == OVER

    def scores(self, state: State) -> list[float]:
        """The winner's victory score; the loser a point below zero (or below the victory score, if
        Powers made it negative). A tie: both 0."""
        if state.winner < 0:
            return [0.0, 0.0]
        out = [0.0, 0.0]
        out[state.winner] = float(state.victory)
        out[1 - state.winner] = float(min(state.victory, 0) - 1)
        return out

    def length(self, state: State) -> int:
        return state.turn + 1

    # the greedy player (bots.greedy(game, state, rng)) is this method itself: one call less a step
    greedy = greedy_choice

    # -- metrics ----------------------------------------------------------------------------------
    def hand_sizes(self, state: State) -> list[int]:
        return list(state.dealt)

    def card_usage(self, state: State) -> tuple[int, int]:
        return state.held, state.used

    def card_names(self, prepared: Prepared) -> list[str]:
        return list(prepared.names)

    def card_groups(self, prepared: Prepared) -> list[str]:
        return list(prepared.groups)

    def result_extra(self, state: State) -> dict[str, Any]:
        extra = {"winner": state.winner, "victory": state.victory, "exhausted": state.exhausted,
                 "robs": list(state.robs), "robbed": list(state.robbed), "drawn": list(state.drawn)}
        if state.prep.watch:
            extra["could"] = state.could
        return extra

    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more) -> list[Finding]:
        from printgen.sim.coppertwaddle.report import findings
        return findings(results, prepared, options, more)

    # -- the legal decisions ----------------------------------------------------------------------
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

    def _options(self, st: State) -> list[Action]:
        """Every legal decision."""
        stage = st.stage
        prep = st.prep
        actor = st.actor
        hand = st.hand[actor]
        if stage == CHOOSE:
            return [prep.disc_base + c for c in hand]
        codes = prep.codes
        if stage == RESPOND:
            return [PASS] + self._counters(st, actor)
        out = [PASS]
        play_base, kind = prep.play_base, prep.kind
        lay = stage == EN_GARDE and not st.laid
        playable, discard_cost, specs = prep.from_hand[stage], prep.discard_cost, prep.spec
        targets = self.targets
        for c in hand:
            k = kind[c]
            if k == NOBLE or k == PEASANT:
                if lay and self._vacant(st, actor, k) >= 0:
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
        usable, proud, negset, used = prep.ability_in[stage], st.proud, st.negset, st.abil_used
        for c in st.bearers[actor]:
            if usable[c] and proud[c] and c not in negset and not used >> c & 1 and (not discard_cost[c] or hand):
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
            _, every, targets = self.robbable(st)
            if mask == every:                  # all the robbers: offered for every target
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
        if k == NOBLE or k == PEASANT:
            return stage == EN_GARDE and not st.laid and tc == 0 and self._vacant(st, actor, k) >= 0
        if k == WIND:
            ditch = tc - prep.n - 1
            return (stage == EN_GARDE and not st.laid and 0 <= ditch < 2 * DITCHES
                    and self.wind_ok(st, ditch // DITCHES, ditch % DITCHES))
        return self.hand_ok(st, actor, c) and self.target_ok(st, actor, prep.spec[c], c, tc)

    def rob_options(self, st: State) -> list[Action]:
        """Robbings the Guardian may announce, with sensible robber sets rather than every subset:
        for each target, the minimal sets (no robber could be left out) that beat the Defenders'
        Power as it stands, and those that beat the target's own Power (the least the rules ask),
        the cheapest MINIMAL_SETS of each; and all the robbers there are."""
        known = st.memo.get("rob")
        if known is not None:
            return known
        st.memo["rob"] = out = self._rob_options(st)
        return out

    def robbable(self, st: State) -> tuple[list[tuple[int, int]], int, list[int]]:
        """The Guardian's possible robbers as (Power, Ditch), weakest first; all of them as a
        Ditch mask; and the opponent's Threlms a robbing may target (all robbers together beat
        the target's own Power, it is Proud and not protected, a Ditch of its Rank is free)."""
        known = st.memo.get("robbable")
        if known is not None:
            return known
        g = st.guardian
        prep = st.prep
        powers = st.pw
        if powers is None:
            powers = self.powers(st)
        proud, negset, pos = st.proud, st.negset, st.pos
        eligible = []
        every = total = 0
        low = 8 * g
        for c in st.seen[g][DITCHED]:
            if proud[c] and c not in negset:
                pw = powers[c]
                if pw > 0:
                    d = pos[c] - low
                    eligible.append((pw, d))
                    every |= 1 << d
                    total += pw
        targets = []
        if eligible:
            eligible.sort()
            vacant = st.vacant[g]
            rank, protset, full_vacant = st.rank, st.protset, prep.rob_full_vacant
            for c in st.seen[1 - g][DITCHED]:
                if proud[c] and c not in protset and not (full_vacant and vacant[rank[c]] < 0) \
                        and total > (0 if c in negset else powers[c]):
                    targets.append(c)
        st.memo["robbable"] = known = (eligible, every, targets)
        return known

    def _rob_options(self, st: State) -> list[Action]:
        eligible, every, targets = self.robbable(st)
        if not targets:
            return []
        prep = st.prep
        # every subset of the robbers: its Power, its weakest member, its Ditches
        key = tuple(eligible)
        known = prep.subsets.get(key)
        if known is None:
            if len(prep.subsets) > 4096:
                prep.subsets.clear()
            known = prep.subsets[key] = robber_sets(eligible)
        subsets, sums = known
        strongest = eligible[-1][0]
        powers = self.ditch_powers(st, 1 - st.guardian)
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
            if every not in masks:
                masks.append(every)
            out += [base + m for m in masks]
        return out

    # -- applying a decision ----------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> None:
        st = state
        # legal() listed already (a random bot), or the greedy player found the choice among the
        # legal ones on this very state: either says the same as allowed(), at no further cost
        cache = st.cache
        if action != st.vouched and (cache is None or action not in cache) and not self.allowed(st, action):
            raise ValueError(f"{self.describe(st.prep, action)} is not a legal choice while {STAGE_NAMES[st.stage]}")
        st.cache = None
        st.vouched = -1
        prep = st.prep
        # what was found for a decision (targets, Powers, robbings) holds until the table changes:
        # a pass that only hands the decision on and announcing a robbing keep it (_pass says when
        # a pass changes the table); a play, a use or a discard (and what follows it) does not
        if action == PASS:
            self._pass(st)
        elif action >= prep.rob_base:
            target, mask = divmod(action - prep.rob_base, 256)
            g = st.guardian
            low = 8 * g
            pos = st.pos
            robbers = [r for r in st.seen[g][DITCHED] if mask >> (pos[r] - low) & 1]
            used = st.used
            for r in robbers:
                used |= 1 << r
            st.used = used
            st.rob = [target, robbers]
            st.robs[g] += 1
            st.stage = st.base = ROBBING
            st.actor = st.acting = g
            st.rob_passes = 0
        else:
            if action >= prep.disc_base:
                self._chosen(st, action - prep.disc_base)
            else:
                use = action >= prep.use_base
                code = action - (prep.use_base if use else prep.play_base)
                c = code // prep.codes
                tc = code - c * prep.codes
                if use:
                    self._use(st, c, tc)
                else:
                    self._play(st, c, tc)
            st.memo = {}
        self._settle(st)

    def _settle(self, st: State) -> None:
        """Take every decision that has only one choice (PASS), so the bots see real choices only."""
        while st.stage != OVER:
            if self._has_choice(st):
                st.cache = None
                if st.prep.watch:
                    self._watch(st)
                return
            self._pass(st)
        st.cache = []

    def _watch(self, st: State) -> None:
        """Note every card the player to act could play or use now (watch=yes). It only reads the
        state, so a watched game is the same game."""
        prep = st.prep
        could = st.could
        for action in self.legal(st):
            if PASS < action < prep.disc_base:
                use = action >= prep.use_base
                could |= 1 << (action - (prep.use_base if use else prep.play_base)) // prep.codes
        st.could = could

    def _has_choice(self, st: State) -> bool:
        """Is there any decision but PASS? As _options() would say, stopping at the first found."""
        stage = st.stage
        actor = st.actor
        if stage == CHOOSE:
            return True
        if stage == RESPOND:
            return bool(self._counters(st, actor))
        prep = st.prep
        specs = prep.spec
        any_target = self.any_target
        hand = st.hand[actor]
        if stage == EN_GARDE and not st.laid:         # a Threlm or a Wind to lay
            kind, vacant = prep.kind, st.vacant[actor]
            for c in hand:
                k = kind[c]
                if (k == NOBLE or k == PEASANT) and vacant[k] >= 0 or k == WIND and self._wind_room(st):
                    return True
        playable, discard_cost = prep.from_hand[stage], prep.discard_cost     # never a Threlm or a Wind
        two = len(hand) >= 2
        for c in hand:
            if playable[c] and (two or not discard_cost[c]) and any_target(st, actor, specs[c], c):
                return True
        usable, proud, negset, used = prep.ability_in[stage], st.proud, st.negset, st.abil_used
        for c in st.bearers[actor]:
            if usable[c] and proud[c] and c not in negset and not used >> c & 1 \
                    and (not discard_cost[c] or hand) and any_target(st, actor, specs[c], c):
                return True
        return stage == EN_GARDE and bool(self.robbable(st)[2])

    def _pass(self, st: State) -> None:
        stage = st.stage
        # A pass that only hands the decision on changes nothing on the table: what was found
        # (targets, Powers, robbings) still holds. One that ends a stage does change it.
        if stage == CHALLENGING:
            st.stage = st.base = EN_GARDE
            st.actor = st.acting = st.guardian
        elif stage == EN_GARDE:
            self._respite(st)
            st.memo = {}
        elif stage == ROBBING:
            st.rob_passes += 1
            if st.rob_passes >= 2:
                self._resolve_robbing(st)
                st.memo = {}
            else:
                st.actor = 1 - st.actor
        elif stage == RESPOND:
            self._resolve_stack(st)
            st.memo = {}
        else:
            raise ValueError(f"nothing to pass while {STAGE_NAMES[stage]}")

    def _play(self, st: State, c: int, tc: int) -> None:
        actor = st.actor
        prep = st.prep
        st.hand[actor].remove(c)
        st.used |= 1 << c
        kind = prep.kind[c]
        if kind == NOBLE or kind == PEASANT:
            self._place(st, c, actor, True)
            st.laid = True
            return
        if kind == WIND:
            p, i = divmod(tc - prep.n - 1, DITCHES)
            st.wind[p][i] = c
            st.pos[c] = p * 8 + DITCHES + i
            st.proud[c] = True
            st.laid = True
            self._moved(st, p, c, WINDS, True)
            return
        if st.stage != RESPOND:
            st.acting = actor
        st.pending.append((actor, c, tc))
        if prep.spec[c].cost == COST_DISCARD:
            self._choose(st, actor, 1, ("window",))
        else:
            self._window(st)

    def _use(self, st: State, c: int, tc: int) -> None:
        actor = st.actor
        st.abil_used |= 1 << c
        st.used |= 1 << c
        spec = st.prep.spec[c]
        if spec.counter:                   # a Threlm answering a card: it joins the stack
            if spec.cost == COST_COVER:
                st.proud[c] = False
            st.pending.append((actor, c, tc))
            if spec.cost == COST_DISCARD:
                self._choose(st, actor, 1, ("window",))
            else:
                self._window(st)
            return
        st.acting = actor
        if spec.cost == COST_COVER:
            st.proud[c] = False
        if spec.cost == COST_DISCARD:
            self._choose(st, actor, 1, ("effects", actor, c, tc - 1, 0, c, -1))
        else:
            self._effects(st, ("effects", actor, c, tc - 1, 0, c, -1))

    def _window(self, st: State) -> None:
        """The card on top of the stack may be answered by the other player's counter."""
        responder = 1 - st.pending[-1][0]
        if self._counters(st, responder):
            st.stage = RESPOND
            st.actor = responder
        else:
            self._resolve_stack(st)

    def _resolve_stack(self, st: State) -> None:
        """Counters cancel the card beneath them (both to the Midden); the card at the bottom, if
        not cancelled, takes effect."""
        prep = st.prep
        stack = st.pending
        st.pending = []
        cancel = False
        while stack:
            player, c, tc = stack.pop()
            on_table = st.pos[c] >= 0
            if cancel:
                if not on_table:
                    st.midden.append(c)
                cancel = False
                continue
            if prep.spec[c].counter:
                if not on_table:
                    st.midden.append(c)
                cancel = True
                continue
            # the card played at the bottom resolves
            target = tc - 1
            if prep.kind[c] == DECLARATION:
                if target >= 0 and st.pos[target] >= 0:
                    st.under[target] += (c,)
                    st.host[c] = target
                    self._effects(st, ("effects", player, c, target, 0, -1, c))
                else:
                    st.midden.append(c)
                    self._after(st)
            else:
                st.midden.append(c)
                self._effects(st, ("effects", player, c, target, 0, -1, -1))
            return
        self._after(st)

    def _after(self, st: State) -> None:
        """Back to the stage the play was made in; in a robbing the other player answers next."""
        base = st.base
        st.stage = base
        if base == CHALLENGING:
            st.actor = 1 - st.guardian
        elif base == EN_GARDE:
            st.actor = st.guardian
        elif base == ROBBING:
            st.actor = 1 - st.acting
            st.rob_passes = 0
        else:                               # the Respite's discards
            self._respite(st)

    def _choose(self, st: State, who: int, count: int, job: tuple) -> None:
        n = min(count, len(st.hand[who]))
        if n == 0:
            self._resume(st, job)
            return
        st.stage = CHOOSE
        st.actor = who
        st.choose_left = n
        st.job = job

    def _chosen(self, st: State, c: int) -> None:
        who = st.actor
        st.hand[who].remove(c)
        st.midden.append(c)
        st.choose_left -= 1
        if st.choose_left == 0:
            self._resume(st, st.job)

    def _resume(self, st: State, job: tuple) -> None:
        st.job = ()
        if job[0] == "window":
            self._window(st)
        elif job[0] == "effects":
            self._effects(st, job)
        else:
            self._respite(st)

    def _draw(self, st: State, p: int) -> None:
        c = st.trumpet.pop()
        st.hand[p].append(c)
        st.held |= 1 << c
        st.drawn[p] |= 1 << c

    # -- the turn ---------------------------------------------------------------------------------
    def _engage(self, st: State) -> None:
        g = st.guardian
        proud, winds, seen = st.proud, st.wind[g], st.seen[g]
        for c in seen[NOBLES]:           # covered Threlms stand up, except those a Wind presses
            proud[c] = True
        if seen[WINDS]:
            low = 8 * g + DITCHES
            pos = st.pos
            for c in seen[PEASANTS]:
                if winds[pos[c] - low] < 0:
                    proud[c] = True
            for w in seen[WINDS]:        # a covered Wind stands up too
                proud[w] = True
        else:
            for c in seen[PEASANTS]:
                proud[c] = True
        if not st.trumpet:
            st.exhausted = True
            st.stage = OVER
            return
        self._draw(st, g)
        st.stage = st.base = CHALLENGING
        st.actor = st.acting = 1 - g

    def _resolve_robbing(self, st: State) -> None:
        g = st.guardian
        target = st.rob[0]
        if self.robbing_outcome(st):        # as the last decision found it, if it was asked
            for r in self.involved(st):
                st.proud[r] = False
            st.robbed[g] += 1
            if not self._move(st, target, g):
                self._lift(st, target)           # rob_full=midden and no vacant Ditch
                st.midden.append(target)
        st.rob = None
        self._expire(st, UNTIL_ROBBING)
        self._respite(st)

    def _respite(self, st: State) -> None:
        st.stage = st.base = RESPITE       # its discards come back here
        g = st.guardian
        if self.full_domain(st, g):
            st.winner = g
            st.victory = self.domain_score(st, g)
            st.stage = OVER
            return
        limit = st.prep.limit
        for p in (g, 1 - g):
            if len(st.hand[p]) > limit:
                self._choose(st, p, len(st.hand[p]) - limit, ("respite",))
                return
        self._expire(st, PERMANENT - 1)
        st.after_respite = [len(st.hand[0]), len(st.hand[1])]
        st.abil_used = 0
        st.laid = False
        st.turn += 1
        st.guardian = 1 - g
        self._engage(st)

    # -- words, for tests and messages --------------------------------------------------------------
    def describe(self, prep: Prepared, action: Action) -> str:
        if action == PASS:
            return "pass"
        if not 0 < action < prep.n_actions:
            return f"no such choice ({action})"
        if action >= prep.rob_base:
            target, mask = divmod(action - prep.rob_base, 256)
            return f"rob {prep.names[target]} with Ditches {[d for d in range(8) if mask >> d & 1]}"
        if action >= prep.disc_base:
            return f"discard {prep.names[action - prep.disc_base]}"
        use = action >= prep.use_base
        c, tc = divmod(action - (prep.use_base if use else prep.play_base), prep.codes)
        verb = "use the ability of" if use else "play"
        if tc == 0:
            return f"{verb} {prep.names[c]}"
        if tc <= prep.n:
            return f"{verb} {prep.names[c]} on {prep.names[tc - 1]}"
        p, i = divmod(tc - prep.n - 1, DITCHES)
        return f"{verb} {prep.names[c]} on Peasant Ditch {i + 1} of player {p + 1}"

    # -- invariants --------------------------------------------------------------------------------
    def check(self, state: State) -> None:
        st = state
        prep = st.prep
        n = prep.n
        seen = [0] * n

        def count(cards, what):
            for c in cards:
                assert 0 <= c < n, f"{what}: no card {c}"
                seen[c] += 1
        count(st.trumpet, "Trumpet")
        for p in range(2):
            count(st.hand[p], f"hand {p}")
            count([c for c in st.slot[p] if c >= 0], f"Domain {p}")
            count([c for c in st.wind[p] if c >= 0], f"Winds {p}")
        count(st.midden, "Midden")
        count([c for c in range(n) if st.host[c] >= 0], "Declarations")
        count([c for _, c, _ in st.pending if st.pos[c] < 0], "cards being played")
        bad = [prep.names[c] + f" x{seen[c]}" for c in range(n) if seen[c] != 1]
        assert not bad, f"cards not in exactly one place: {bad}"
        for p in range(2):
            for d, c in enumerate(st.slot[p]):
                if c < 0:
                    continue
                assert st.pos[c] == p * 8 + d, f"{prep.names[c]}: position {st.pos[c]} != {p * 8 + d}"
                assert prep.kind[c] in (NOBLE, PEASANT), f"{prep.names[c]} in a Ditch is not a Noble or Peasant"
                assert st.rank[c] == d // DITCHES, f"{prep.names[c]} is in the wrong Rank"
                row = d - d % DITCHES
                for j in range(row, d):        # filled left to right: no gap left of it when it came
                    occupied = st.slot[p][j] >= 0 or (row and st.wind[p][j - DITCHES] >= 0)
                    assert occupied or st.vacated_at[p][j] > st.placed_at[p][d], \
                        f"{prep.names[c]} was placed right of a vacant Ditch"
                if d >= DITCHES and st.wind[p][d - DITCHES] >= 0:
                    assert not st.proud[c], f"{prep.names[c]} is pressed but Proud"
            for i, w in enumerate(st.wind[p]):
                if w >= 0:
                    assert prep.kind[w] == WIND, f"{prep.names[w]} lies as a Wind"
                    assert st.pos[w] == p * 8 + DITCHES + i, f"Wind {prep.names[w]} misplaced"
        for c in range(n):
            if st.pos[c] < 0:
                assert not st.proud[c], f"{prep.names[c]} is Proud off the table"
            elif prep.kind[c] == WIND:
                assert st.pos[c] % 8 >= DITCHES, f"the Wind {prep.names[c]} lies outside the Peasant Rank"
        for dcl in range(n):
            h = st.host[dcl]
            if h >= 0:
                assert prep.kind[dcl] == DECLARATION and st.pos[h] >= 0 and dcl in st.under[h], \
                    f"Declaration {prep.names[dcl]} is not under a Threlm on the table"
        for p in range(2):
            seen, bearers, vacant = st.seen[p], st.bearers[p], st.vacant[p]
            self.relist(st, p)
            assert (seen, bearers, vacant) == (st.seen[p], st.bearers[p], st.vacant[p]), \
                "the cards on a side were not listed anew"
        for m in st.mods:
            assert st.pos[m[0]] >= 0, f"an effect on {prep.names[m[0]]}, which is off the table"
        if st.stage == OVER:
            assert st.winner >= 0 or st.exhausted, "a game over without a winner or an empty Trumpet"
            if st.winner >= 0:
                assert self.full_domain(st, st.winner)
        assert st.stage in (CHALLENGING, EN_GARDE, ROBBING, RESPOND, CHOOSE, OVER), f"stage {st.stage}"
        if st.stage == ROBBING:
            assert st.rob is not None
        # hands are within the limit once a turn has passed its Respite
        assert max(st.after_respite) <= prep.limit, f"hands of {st.after_respite} cards after the Respite"
        # a decision is left to a player only when there is something to choose
        legal = self.legal(st)
        if st.stage != OVER:
            assert len(legal) > 1 or (legal and legal[0] != PASS), f"nothing to choose while {STAGE_NAMES[st.stage]}"
        # targets() finds what _matches(), the reference reading of a record, accepts, in Ditch order
        memo = st.memo
        for c in range(n):
            spec = prep.spec[c]
            if spec is not None and spec.has_target and spec.tkind != T_CARD:
                for user in (0, 1):
                    st.memo = {}
                    reference = [1 + t for p in spec.sides[user] for t in st.slot[p] + st.wind[p]
                                 if t >= 0 and self._matches(st, spec, t, c)]
                    assert list(self.targets(st, user, spec, c)) == reference, f"targets of {prep.names[c]}"
        st.memo = memo
        # a covered Threlm is offered as a target only to cards that say so
        for action in legal:
            if PASS < action < prep.disc_base:
                use = action >= prep.use_base
                c, tc = divmod(action - (prep.use_base if use else prep.play_base), prep.codes)
                if 0 < tc <= n and prep.kind[c] not in (NOBLE, PEASANT, WIND) or use and 0 < tc <= n:
                    assert prep.spec[c].counter or self.target_ok(st, st.actor, prep.spec[c], c, tc), \
                        f"{self.describe(prep, action)} offered, but its record does not allow that target"
                    t = tc - 1
                    if st.pos[t] >= 0 and not st.proud[t]:
                        assert prep.spec[c].tstate != S_PROUD, f"{prep.names[c]} may aim at covered {prep.names[t]}"

