"""Would a robbing succeed after one more play? The greedy player asks it of every play that might
turn a robbing, several times a decision.

Two answers, which must agree:
- `carried_out` is the reference: the play carried out by the rules themselves on a copy of the
  game (its cost of covering itself, then Abilities._effects), and the robbing's sums read from
  that copy. Plain and certain, but a copy of the game a play.
- `Forecast` notes once per decision the two sums and which Threlms count in each, then works out
  each play as a change to those sums: a Power change moves the sum its Threlm counts in, a
  negation or a covering takes a Threlm out (and a negated Threlm's effects on others with it), a
  destroyed or returned Threlm leaves (its effects on others stay: only a negation takes them
  back, and a negated Threlm's negation leaves the table with it, so they count again), a Threlm
  made Proud comes in (after a release, the Threlm the Wind pressed may stand up).
  A few set look-ups a play instead of a copy of the game, which is what the greedy player's speed
  needs. A promotion moves a Threlm to another Ditch, and taking a pressed Threlm off the table
  leaves its Wind lying alone (a lone Wind beside a Peasant target defends): both change who
  stands beside whom, so such a play is asked of the reference. Tests compare the two on every
  play of every robbing decision in thousands of seeded games, with the shipped deck and with
  decks of random records.

A protected, destroyed or returned robbing target fails the robbing; effects that do not touch
the sums (draw, discard, a release alone) change nothing in either.
"""

from __future__ import annotations

from printgen.games.coppertwaddle.cards import (
    CHOOSE,
    COST_COVER,
    DECLARATION,
    E_COVER,
    E_DESTROY,
    E_MAKE_PROUD,
    E_NEGATE,
    E_POWER,
    E_PROTECT,
    E_RELEASE,
    E_RETURN,
)
from printgen.games.coppertwaddle.state import DITCHES, State, clone
from printgen.games.coppertwaddle.table import BESIDE


def carried_out(game, st: State, c: int, use: bool, target: int) -> bool:
    """Would the robbing succeed after this play, as the rules carry it out: on a copy of the game,
    the cost of covering oneself, then the effects by Abilities._effects (as _use and
    _resolve_stack call it, a Declaration laid under its target first); a discard the opponent
    must make takes the first cards of the hand (the sums do not read the hand)."""
    copy = clone(st)
    prep = copy.prep
    spec = prep.spec[c]
    assert spec is not None                 # (a card played or used has a record)
    if use and spec.cost == COST_COVER:
        copy.proud[c] = False
    laid = not use and prep.kind[c] == DECLARATION and target >= 0
    if laid:
        copy.under[target] += (c,)
        copy.host[c] = target
    game.carry_out_effects(copy, ("effects", copy.actor, c, target, 0, c if use else -1, c if laid else -1))
    while copy.stage == CHOOSE:
        game._chosen(copy, copy.hand[copy.actor][0])
    copy.memo = {}
    return game.robbing_succeeds(copy)


class Forecast:
    """The robbing's sums as they stand, and who counts in them, for one decision (the state must
    not change while it is used)."""

    __slots__ = ("game", "st", "pw", "attack", "defence", "robbers", "announced", "defenders", "beside",
                 "support", "target", "a", "d", "on_a", "on_d", "negated", "extra", "added", "proud_now")
    # what one play changes, worked out by _in_sequence() (None: nothing yet)
    negated: set[int] | None
    extra: dict[int, int] | None
    added: list[tuple[int, int, int]] | None
    proud_now: dict[int, bool] | None

    def __init__(self, game, st: State):
        self.game = game
        self.st = st
        pw = st.pw
        if pw is None:
            pw = game.powers(st)
        self.pw = pw
        proud, negset, rob = st.proud, st.negset, st.rob
        assert rob is not None
        self.target = target = rob[0]
        self.announced = announced = rob[1]
        # the robbers that count: Proud and not negated (Table.attack)
        robbers: set[int] = set()
        self.robbers = robbers
        attack = 0
        for r in announced:
            if proud[r] and r not in negset:
                robbers.add(r)
                attack += pw[r]
        # the Defenders that count (Table.defence): the target unless negated; the Threlms beside
        # it (a Wind lying alone there included) and below a Noble, if Proud (or covered_support)
        # and not negated
        pos = st.pos[target]
        p, d = pos // 8, pos % 8
        i = d % DITCHES
        slots, winds = st.slot[p], st.wind[p]
        self.support = support = st.prep.covered_support
        beside = set()
        defenders = set() if target in negset else {target}
        for e in BESIDE[d]:
            x = slots[e]
            if x >= 0:
                beside.add(x)
            elif d >= DITCHES and winds[e - DITCHES] >= 0:
                beside.add(winds[e - DITCHES])
        if d < DITCHES and slots[DITCHES + i] >= 0:
            beside.add(slots[DITCHES + i])
        for x in beside:
            if (proud[x] or support) and x not in negset:
                defenders.add(x)
        self.beside = beside
        self.defenders = defenders
        self.attack = attack
        defence = 0
        for x in defenders:
            defence += pw[x]
        self.defence = defence

    def succeeds_after(self, c: int, use: bool, target: int) -> bool:
        """carried_out(), worked out as changes to the sums."""
        st = self.st
        spec = st.prep.spec[c]
        assert spec is not None
        # a Threlm moves, or leaves a Wind that pressed it lying alone (which may then defend):
        # who stands beside whom changes, so the rules are asked
        if spec.promote or (spec.lifts and target >= 0 and self.game.pressed(st, target)):
            return carried_out(self.game, st, c, use, target)
        effects = spec.effects
        if len(effects) == 1 and target >= 0 and st.pos[target] >= 0:
            code = effects[0][0]
            if code in (E_POWER, E_NEGATE):
                return self._one_change(c, use and spec.cost == COST_COVER, target, code, effects[0][1])
        return self._in_sequence(c, use, target, spec)

    def _one_change(self, c: int, cover: bool, x: int, code: int, amount: int) -> bool:
        """The common plays, inline: one Power change or negation of x, after the user c covers
        itself if that is the cost. (What _in_sequence() works out for them, in fewer steps.)"""
        target = self.target
        if cover and c == target:
            return False                    # the target covers itself: it is no longer Proud
        if not self.st.proud[target]:
            return False
        a, d = self.attack, self.defence
        robbers, defenders = self.robbers, self.defenders
        pw = self.pw
        if cover:                           # c leaves a sum it counts in only while Proud
            if c in robbers:
                a -= pw[c]
            elif c in defenders and c in self.beside and not self.support:
                d -= pw[c]
            else:
                cover = False               # c counted nowhere: nothing left
        gone = c if cover else -1
        if code == E_POWER:                 # its source (the user, or -1 for a card) is never negated
            if x != gone:
                if x in robbers:
                    a += amount
                elif x in defenders:
                    d += amount
            return a > d
        st = self.st
        if x in st.negset:                  # a negation: x counts 0 and its effects on others end
            return a > d
        if x != gone:
            if x in robbers:
                a -= pw[x]
            elif x in defenders:
                d -= pw[x]
        for t, amount, _, source, _ in st.mods:
            if source == x and t != x and t != gone:
                if t in robbers:
                    a -= amount
                elif t in defenders:
                    d -= amount
        return a > d

    def _in_sequence(self, c: int, use: bool, target: int, spec) -> bool:
        """Any play: each effect changes the sums in turn, as the rules apply them."""
        st = self.st
        self.a, self.d = self.attack, self.defence
        self.on_a, self.on_d = self.robbers, self.defenders      # copied before the first change
        self.negated = self.extra = self.added = self.proud_now = None
        fail = False
        if use and spec.cost == COST_COVER:
            self._proud(c, False)
        rob_target = self.target
        released = False                    # the Wind pressing the target lifted (the effects share a target)
        if target >= 0 and st.pos[target] >= 0:
            for code, amount, _ in spec.effects:
                if code == E_POWER:
                    self._power(target, amount, c if use else -1)
                elif code == E_NEGATE:
                    self._negate(target)
                elif code in (E_DESTROY, E_RETURN):       # it leaves; its effects on others stay
                    if target == rob_target:
                        fail = True
                    else:
                        self._leave(target)
                        if self._is_negated(target):     # its negation leaves with it: those effects count again
                            self._revive(target)
                    break
                elif code == E_PROTECT:
                    fail = fail or target == rob_target
                elif code == E_COVER:
                    self._proud(target, False)
                elif code == E_RELEASE:
                    released = True
                elif code == E_MAKE_PROUD and (released or not self.game.pressed(st, target)):
                    self._proud(target, True)
        if fail:
            return False
        proud_now = self.proud_now
        proud = st.proud[rob_target] if proud_now is None else proud_now.get(rob_target, st.proud[rob_target])
        return proud and self.a > self.d

    # -- one change each ------------------------------------------------------------------------
    def _power_of(self, x: int) -> int:
        extra = self.extra
        return self.pw[x] + (extra.get(x, 0) if extra else 0)

    def _is_negated(self, x: int) -> bool:
        return x in self.st.negset or (self.negated is not None and x in self.negated)

    def _power(self, x: int, amount: int, source: int) -> None:
        """A Power change on x from `source` (a Threlm's ability, or -1 for a card): it counts
        unless its source is negated."""
        added, extra = self.added, self.extra
        if added is None or extra is None:          # (the two are made together)
            added, extra = self.added, self.extra = [], {}
        added.append((x, amount, source))
        if source >= 0 and self._is_negated(source):
            return
        extra[x] = extra.get(x, 0) + amount
        if x in self.on_a:
            self.a += amount
        elif x in self.on_d:
            self.d += amount

    def _negate(self, x: int) -> None:
        """x counts 0, and the Power changes x is the source of end."""
        if self._is_negated(x):
            return
        if self.negated is None:
            self.negated = set()
        self.negated.add(x)
        self._leave(x)
        self._count_changes_of(x, -1)

    def _revive(self, x: int) -> None:
        """x, negated, left the table: its negation ended with it, so the Power changes it is the
        source of count again (Table.lift_card drops the negation; Table.powers then counts them)."""
        self._count_changes_of(x, +1)

    def _count_changes_of(self, x: int, sign: int) -> None:
        """Take away (sign -1: x negated) or give back (+1: its negation gone) the Power changes
        x is the source of, on the other Threlms and in the two sums."""
        mods = [(t, amount, source) for t, amount, _, source, _ in self.st.mods if source == x]
        if self.added:
            mods += [m for m in self.added if m[2] == x]
        if not mods:
            return
        extra = self.extra
        if extra is None:
            self.added, extra = [], {}
            self.extra = extra
        for t, amount, _ in mods:
            if t != x:
                extra[t] = extra.get(t, 0) + sign * amount
                if t in self.on_a:
                    self.a += sign * amount
                elif t in self.on_d:
                    self.d += sign * amount

    def _proud(self, x: int, proud: bool) -> None:
        """x covered (proud=False) or made Proud: a robber counts only while Proud; a Threlm beside
        or below the target too, unless covered ones support the defence."""
        st = self.st
        if self.proud_now is None:
            self.proud_now = {}
        if self.proud_now.get(x, st.proud[x]) == proud:
            return
        self.proud_now[x] = proud
        if proud:
            if self._is_negated(x):
                return
            if x in self.announced:
                self._join(x, True)
            elif x in self.beside and not self.support:
                self._join(x, False)
        elif x in self.on_a or (x in self.on_d and x in self.beside and not self.support):
            self._leave(x)

    def _leave(self, x: int) -> None:
        if x in self.on_a:
            self.a -= self._power_of(x)
            self.on_a = self.on_a - {x}
        elif x in self.on_d:
            self.d -= self._power_of(x)
            self.on_d = self.on_d - {x}

    def _join(self, x: int, robber: bool) -> None:
        if robber:
            self.a += self._power_of(x)
            self.on_a = self.on_a | {x}
        else:
            self.d += self._power_of(x)
            self.on_d = self.on_d | {x}
