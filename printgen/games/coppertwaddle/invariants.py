"""The invariants of a Coppertwaddle state, asserted by check() at every step of a checked game
(tests): every card in exactly one place, Ditches filled left to right, the lists the rules keep
for speed (cards on each side, vacant Ditches) equal to what the Ditches say, targets found as the
records' reference reading says, one robbing a turn, and a decision left to a player only when
there is a choice; and a decision in words (describe), for those checks' messages. The fourth part of
the rules (Table, Abilities, Decisions, Invariants, then rules.Coppertwaddle, each built on the one
before; self is the game), kept apart from the turn machinery it checks.
"""

from __future__ import annotations

from printgen.games.common.names import distinct_names
from printgen.games.coppertwaddle.abilities import target_key
from printgen.games.coppertwaddle.cards import (
    CHALLENGING,
    CHOOSE,
    DECLARATION,
    EN_GARDE,
    NOBLE,
    OVER,
    PASS,
    PEASANT,
    RESPOND,
    ROBBING,
    S_PROUD,
    STAGE_NAMES,
    T_CARD,
    WIND,
    Prepared,
)
from printgen.games.coppertwaddle.decisions import Decisions
from printgen.games.coppertwaddle.state import DITCHES, State
from printgen.sim.engine import Action


class Invariants(Decisions):
    def num_actions(self, prepared: Prepared, players: int) -> int:
        """Every decision of this prepared deck (plays, abilities, discards, robberies)."""
        return prepared.n_actions

    def action_name(self, state: State, action: Action) -> str:
        """The decision in words (Coppertwaddle's decisions say all they do without the state)."""
        return self.describe(state.prep, action)

    def describe(self, prep: Prepared, action: Action) -> str:
        """A decision in words, for tests and the messages of failed checks (a card the deck holds
        more than once is named with its copy number)."""
        names = distinct_names(prep.names)
        if action == PASS:
            return "pass"
        if not 0 < action < prep.n_actions:
            return f"no such choice ({action})"
        if action >= prep.rob_base:
            target, mask = divmod(action - prep.rob_base, 256)
            return f"rob {names[target]} with Ditches {[d for d in range(8) if mask >> d & 1]}"
        if action >= prep.disc_base:
            return f"discard {names[action - prep.disc_base]}"
        use = action >= prep.use_base
        c, tc = divmod(action - (prep.use_base if use else prep.play_base), prep.codes)
        verb = "use the ability of" if use else "play"
        if tc == 0:
            return f"{verb} {names[c]}"
        if tc <= prep.n:
            return f"{verb} {names[c]} on {names[tc - 1]}"
        p, i = divmod(tc - prep.n - 1, DITCHES)
        return f"{verb} {names[c]} on Peasant Ditch {i + 1} of player {p + 1}"

    def check(self, state: State) -> None:
        """Every invariant of the state, in turn: where the cards are, the lists kept for speed, the
        stage, the choice left to the player, and the targets offered (tests call it after every step)."""
        st = state
        aims = st.aims                   # the target lists kept so far (relist() drops them; see below)
        self._check_every_card_once(st)
        self._check_domains(st)
        self._check_kept_lists(st)
        st.aims = aims
        self._check_stage(st)
        legal = self.legal(st)
        if st.stage != OVER:             # a decision is left to a player only when there is something to choose
            assert len(legal) > 1 or (legal and legal[0] != PASS), f"nothing to choose while {STAGE_NAMES[st.stage]}"
        self._check_targets(st, aims)
        st.aims = aims
        self._check_offered_targets(st, legal)

    @staticmethod
    def _check_every_card_once(st: State) -> None:
        """Every card in exactly one place: the Trumpet, a hand, a Domain, the Winds, the Midden, under
        a Threlm, or on its way to the table."""
        n = st.prep.n
        seen = [0] * n

        def count(cards: list[int], what: str) -> None:
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
        bad = [st.prep.names[c] + f" x{seen[c]}" for c in range(n) if seen[c] != 1]
        assert not bad, f"cards not in exactly one place: {bad}"

    @staticmethod
    def _check_domains(st: State) -> None:
        """Each card where its kind may lie: Nobles and Peasants in their Rank's Ditches, filled left
        to right, Winds in the Peasant Rank only, Declarations under a Threlm on the table; and a card
        is Proud only on the table and unpressed."""
        prep = st.prep
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
        for c in range(prep.n):
            if st.pos[c] < 0:
                assert not st.proud[c], f"{prep.names[c]} is Proud off the table"
            elif prep.kind[c] == WIND:
                assert st.pos[c] % 8 >= DITCHES, f"the Wind {prep.names[c]} lies outside the Peasant Rank"
        for dcl in range(prep.n):
            h = st.host[dcl]
            if h >= 0:
                assert prep.kind[dcl] == DECLARATION and st.pos[h] >= 0 and dcl in st.under[h], \
                    f"Declaration {prep.names[dcl]} is not under a Threlm on the table"

    def _check_kept_lists(self, st: State) -> None:
        """The lists the rules keep for speed (cards on each side, those bearing an ability, vacant
        Ditches) equal what listing the Ditches anew gives (relist() drops the kept target lists:
        the caller puts them back)."""
        for p in range(2):
            listed, bearers, vacant = st.seen[p], st.bearers[p], st.vacant[p]
            self.relist(st, p)
            assert (listed, bearers, vacant) == (st.seen[p], st.bearers[p], st.vacant[p]), \
                "the cards on a side were not listed anew"

    def _check_stage(self, st: State) -> None:
        """Effects only on cards on the table, a game over only with a winner (whose Domain is full) or
        an empty Trumpet, a known stage, one robbing a turn, and hands within the limit after the
        Respite."""
        prep = st.prep
        for m in st.mods:
            assert st.pos[m[0]] >= 0, f"an effect on {prep.names[m[0]]}, which is off the table"
        if st.stage == OVER:
            assert st.winner >= 0 or st.exhausted, "a game over without a winner or an empty Trumpet"
            if st.winner >= 0:
                assert self.full_domain(st, st.winner)
        assert st.stage in (CHALLENGING, EN_GARDE, ROBBING, RESPOND, CHOOSE, OVER), f"stage {st.stage}"
        if st.stage == ROBBING:
            assert st.rob is not None and st.robbing_done, "a robbing under way, not marked as this turn's one"
        if st.robbing_done and st.base == EN_GARDE:
            assert prep.rob_any, "back in En Garde after the robbing, though the robbing ends En Garde (robbing=after)"
        if st.robbing_done and st.stage == EN_GARDE:
            assert not self.rob_options(st), "a second robbing offered in one turn"
        # hands are within the limit once a turn has passed its Respite
        assert max(st.after_respite) <= prep.limit, f"hands of {st.after_respite} cards after the Respite"

    def _check_targets(self, st: State, aims: dict) -> None:
        """targets() finds what matches_spec(), the reference reading of a record, accepts, in Ditch
        order, for every card that can be played or used now (in a hand or on the table); and a list
        kept from an earlier decision (`aims`, State.aims) is still that list: the table has not
        changed in any way it reads without the list being dropped. Leaves st.aims emptied."""
        prep = st.prep
        live = sorted({*st.hand[0], *st.hand[1], *(c for c in range(prep.n) if st.pos[c] >= 0)})
        for c in live:
            spec = prep.spec[c]
            if spec is not None and spec.has_target and spec.tkind != T_CARD:
                for user in (0, 1):
                    kept = aims.get(target_key(spec, c, user))
                    st.aims = {}
                    reference = [1 + t for p in spec.sides[user] for t in st.slot[p] + st.wind[p]
                                 if t >= 0 and self.matches_spec(st, spec, t, c)]
                    assert list(self.targets(st, user, spec, c)) == reference, f"targets of {prep.names[c]}"
                    assert kept is None or list(kept) == reference, \
                        f"targets of {prep.names[c]} kept from before the table changed"

    def _check_offered_targets(self, st: State, legal: list[Action]) -> None:
        """A covered Threlm is offered as a target only to cards that say so, and every target offered
        is one the card's record allows."""
        prep = st.prep
        n = prep.n
        for action in legal:
            if PASS < action < prep.disc_base:
                use = action >= prep.use_base
                c, tc = divmod(action - (prep.use_base if use else prep.play_base), prep.codes)
                if 0 < tc <= n and prep.kind[c] not in (NOBLE, PEASANT, WIND) or use and 0 < tc <= n:
                    spec = prep.spec[c]
                    assert spec is not None, f"{prep.names[c]} is played without a record"
                    assert spec.counter or self.target_ok(st, st.actor, spec, c, tc), \
                        f"{self.describe(prep, action)} offered, but its record does not allow that target"
                    t = tc - 1
                    if st.pos[t] >= 0 and not st.proud[t]:
                        assert spec.tstate != S_PROUD, f"{prep.names[c]} may aim at covered {prep.names[t]}"
