"""Coppertwaddle for two players (seed 001 and the project's rule sheet), as an engine Game.

A turn: Engagement (the Guardian's covered Threlms become Proud, except pressed ones; one card is
drawn from the Trumpet, or the game is a tie), Challenging (the Challenger plays Favours and uses
abilities, one at a time, until passing), En Garde (the Guardian plays Favours, lays one Threlm or
one Wind, lays Declarations, uses abilities, in any order, and ends the stage by passing or by
announcing a Robbing), Robbing (the Guardian first, the players alternately play one Favour or
ability until both pass in a row; then the sums decide), Respite (a full Domain of Proud Threlms
wins; hands over the limit discard down to it; effects "until the end of the turn" end).

Decisions are ints (see Prepared in cards.py for the numbering): PASS; PLAY(card in hand,
target); USE(Threlm on the table, target); DISCARD(card) when a choice of cards is asked for (a
cost, an opponent's 'discard' effect, the hand limit); ROB(target, robbers as a mask of the
Guardian's Ditches). A decision with nothing but PASS is taken automatically, so the bots (and
the step count) only see real choices.

Readings the seed leaves open or contradicts, each a game option (cards.OPTIONS) with the rule
sheet's as its default, marked there as a clarification: the starting hand (4), a robbing needs a
vacant Ditch of the target's Rank, the victory scale edges, Suite ties, whether covered Threlms
support a defence (no), whether a Wind lying alone fills a Peasant Ditch (yes, Power 0), where the
robbing comes (after En Garde, ending it; robbing=any plays the seed's order, the robbing one of
En Garde's actions), who may rob (any Proud Threlm whose support is not negated, a lone Wind
included; robbers=positive: Power above 0), and what a negation switches off (every ability, as
Compass says; negated=power: those that change another Threlm's Power, the seed's rule of
support). Further readings, not options: one robbing a turn; a Threlm's ability may be used once
per turn; a negated Threlm counts 0 in every robbing sum (the seed's second example announces 8
against the negated Fish); Favours and Declarations being played can be answered by a counter
(Coppertwaddle), which can itself be countered; `out_of_turn` lets a card answer the opponent's
cards in any stage. validate counts how often each rule option's situation arose (State.arose,
state.SITUATIONS, situations.py; the scale's, an edge score, from the game's end).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from printgen.files.errors import UserError
from printgen.games.coppertwaddle.bots import greedy as greedy_choice
from printgen.games.coppertwaddle.cards import (
    CHALLENGING,
    CHOOSE,
    COST_COVER,
    COST_DISCARD,
    DECLARATION,
    EN_GARDE,
    NOBLE,
    OPTIONS,
    OVER,
    PASS,
    PEASANT,
    PERMANENT,
    RESPITE,
    RESPOND,
    ROBBING,
    STAGE_NAMES,
    UNTIL_ROBBING,
    WIND,
    Prepared,
    compile_deck,
)
from printgen.games.coppertwaddle.hidden import Hidden
from printgen.games.coppertwaddle.report import CoppertwaddleReport
from printgen.games.coppertwaddle.situations import note_respite, note_robbing
from printgen.games.coppertwaddle.state import DITCHES, NOBLES, PEASANTS, ROBBING_LEFT, WINDS, State, clone
from printgen.sim.engine import Action, Game, shuffle


class Refused(ValueError):
    """An action that is not legal now. Its words are made when read: the contract tests offer
    hundreds of thousands of refused actions and read none of the messages, and naming the cards
    was most of their time."""

    def __init__(self, game: Any, prep: Any, action: Action, stage: int) -> None:
        super().__init__(action)
        self._what = (game, prep, action, stage)

    def __str__(self) -> str:
        game, prep, action, stage = self._what
        return f"{game.describe(prep, action)} is not a legal choice while {STAGE_NAMES[stage]}"

    def __reduce__(self) -> tuple:
        return ValueError, (str(self),)          # sent between processes as the plain error it reads as

__all__ = ["Coppertwaddle", "State", "clone", "PASS", "RESPOND", "CHOOSE", "OVER", "DITCHES"]


class Coppertwaddle(CoppertwaddleReport, Hidden, Game[Prepared, State]):
    """The game: its play (Table, Abilities, Decisions, Invariants, Hidden and the turn here), its greedy
    player (bots.py) and its report (report.py's CoppertwaddleReport)."""

    name = "coppertwaddle"
    variants = ("basic",)
    step_cap = 3000
    title = "Coppertwaddle"
    players = (2,)
    options = OPTIONS                  # the readings, for validate (the rule sheet's is each default)

    # -- the deck --------------------------------------------------------------------------------
    def prepare(self, deck, variant: str, options: dict[str, Any]) -> Prepared:
        if variant not in self.variants:
            raise UserError(f"Coppertwaddle has no variant '{variant}'", hint="variants: " + ", ".join(self.variants))
        return compile_deck(deck, options)

    # -- one game --------------------------------------------------------------------------------
    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        if players != 2:
            raise UserError(f"Coppertwaddle is for 2 players, not {players}")
        order = list(range(prepared.n))
        shuffle(rng, order)
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
            state.cache = [] if state.stage == OVER else self.choices(state)
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

    # the greedy player (bots.greedy(game, state, rng)) is this method itself: one call less a step
    greedy = greedy_choice      # type: ignore[assignment]   # (the function is the method: game, state, rng)

    # -- applying a decision ----------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> None:
        st = state
        # legal() listed already (a random bot), or the greedy player found the choice among the
        # legal ones on this very state: either says the same as allowed(), at no further cost
        cache = st.cache
        if action != st.vouched and (cache is None or action not in cache) and not self.allowed(st, action):
            raise Refused(self, st.prep, action, st.stage)
        st.cache = None
        st.vouched = -1
        prep = st.prep
        # what was found for a decision (Powers, robbings: st.memo) holds until the table changes:
        # a pass that only hands the decision on and announcing a robbing keep it (_pass says when
        # a pass changes the table); a play, a use or a discard (and what follows it) does not.
        # Target lists (st.aims) are dropped only by what changes them (see State)
        if action == PASS:
            self._pass(st)
        elif action >= prep.rob_base:
            target, mask = divmod(action - prep.rob_base, 256)
            self.begin_robbing(st, target, mask)
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
            if self.has_choice(st):
                st.cache = None
                if st.prep.watch:
                    self._watch(st)
                return
            self._pass(st)
        st.cache = []

    def playable(self, state: State) -> int:
        """The cards the player to act could play or use now, among its legal moves (the Report's
        hook, for a game's log). It only reads the state."""
        prep = state.prep
        could = 0
        for action in self.legal(state):
            if PASS < action < prep.disc_base:
                use = action >= prep.use_base
                could |= 1 << (action - (prep.use_base if use else prep.play_base)) // prep.codes
        return could

    def _watch(self, st: State) -> None:
        """Note every card the player to act could play or use now (watch=yes). It only reads the
        state, so a watched game is the same game."""
        st.could |= self.playable(st)

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
        if kind in (NOBLE, PEASANT):
            self.place_card(st, c, actor, True)
            st.laid = True
            return
        if kind == WIND:
            p, i = divmod(tc - prep.n - 1, DITCHES)
            st.wind[p][i] = c
            st.pos[c] = p * 8 + DITCHES + i
            st.proud[c] = True
            st.laid = True
            self.note_moved(st, p, c, WINDS, True)
            return
        if st.stage != RESPOND:
            st.acting = actor
        st.pending.append((actor, c, tc))
        spec = prep.spec[c]
        assert spec is not None                # (a Favour or Declaration has a record)
        if spec.cost == COST_DISCARD:
            self._choose(st, actor, 1, ("window",))
        else:
            self._window(st)

    def _use(self, st: State, c: int, tc: int) -> None:
        actor = st.actor
        st.abil_used |= 1 << c
        st.used |= 1 << c
        spec = st.prep.spec[c]
        assert spec is not None            # (an ability used has a record)
        if spec.counter:                   # a Threlm answering a card: it joins the stack
            if spec.cost == COST_COVER:
                st.proud[c] = False
                st.aims = {}
            st.pending.append((actor, c, tc))
            if spec.cost == COST_DISCARD:
                self._choose(st, actor, 1, ("window",))
            else:
                self._window(st)
            return
        st.acting = actor
        if spec.cost == COST_COVER:
            st.proud[c] = False
            st.aims = {}
        if spec.cost == COST_DISCARD:
            self._choose(st, actor, 1, ("effects", actor, c, tc - 1, 0, c, -1))
        else:
            self.carry_out_effects(st, ("effects", actor, c, tc - 1, 0, c, -1))

    def _window(self, st: State) -> None:
        """The card on top of the stack may be answered by the other player's counter."""
        responder = 1 - st.pending[-1][0]
        if self.counter_plays(st, responder):
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
            spec = prep.spec[c]
            if spec is not None and spec.counter:
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
                    self.carry_out_effects(st, ("effects", player, c, target, 0, -1, c))
                else:
                    st.midden.append(c)
                    self._after(st)
            else:
                st.midden.append(c)
                self.carry_out_effects(st, ("effects", player, c, target, 0, -1, -1))
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
            self.carry_out_effects(st, job)
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
        stood = False                    # the target lists hold unless a card stood up
        for c in seen[NOBLES]:           # covered Threlms stand up, except those a Wind presses
            if not proud[c]:
                proud[c] = stood = True
        if seen[WINDS]:
            low = 8 * g + DITCHES
            pos = st.pos
            for c in seen[PEASANTS]:
                if not proud[c] and winds[pos[c] - low] < 0:
                    proud[c] = stood = True
            for w in seen[WINDS]:        # a covered Wind stands up too
                if not proud[w]:
                    proud[w] = stood = True
        else:
            for c in seen[PEASANTS]:
                if not proud[c]:
                    proud[c] = stood = True
        if stood:
            st.aims = {}
        if not st.trumpet:
            st.exhausted = True
            st.stage = OVER
            return
        self._draw(st, g)
        st.stage = st.base = CHALLENGING
        st.actor = st.acting = 1 - g

    def _resolve_robbing(self, st: State) -> None:
        g = st.guardian
        rob = st.rob
        assert rob is not None
        target = rob[0]
        note_robbing(st, target)
        if self.robbing_outcome(st):        # as the last decision found it, if it was asked
            for r in self.involved(st):
                st.proud[r] = False
            st.aims = {}
            st.robbed[g] += 1
            if not self.move_card(st, target, g):
                self.lift_card(st, target)           # rob_full=midden and no vacant Ditch
                st.midden.append(target)
        st.rob = None
        self.expire_effects(st, UNTIL_ROBBING)
        st.stage = st.base = EN_GARDE         # as En Garde stands after the robbing (robbing_done: no other)
        st.actor = st.acting = g
        if self.has_choice(st):             # a play left: robbing=any lets the Guardian make it
            st.arose[ROBBING_LEFT] = 1
        st.memo = {}
        if not st.prep.rob_any:              # the rule sheet: the robbing ends En Garde
            self._respite(st)

    def _respite(self, st: State) -> None:
        st.stage = st.base = RESPITE       # its discards come back here
        g = st.guardian
        note_respite(st, g)
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
        self.expire_effects(st, PERMANENT - 1)
        st.after_respite = [len(st.hand[0]), len(st.hand[1])]
        st.abil_used = 0
        st.laid = False
        st.robbing_done = False
        st.turn += 1
        st.guardian = 1 - g
        self._engage(st)
