"""A game file as a game: the play contract (printgen.sim.engine.Game) and the report protocol
(printgen.sim.report.Report) over a compiled program, so the runner, bots, statistics, charts,
workers and Ray play a designer's game as they play the hand-written ones.

Why the state runs itself between decisions: everything a player does not choose (dealing,
scoring, the turn passing on, a decision with one way only) happens inside `apply`, so bots and
the step cap see real choices only, as in printgen's own games.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from printgen.files.errors import UserError
from printgen.games.datagame import melds as _melds  # registers the meld steps, options and functions
from printgen.games.datagame.hidden import Hidden, card_variables
from printgen.games.datagame.linking import lazy_run, lazy_take
from printgen.games.datagame.ops import AUTO, CHOOSE, COUNT, END, JUMP, MAX_AUTO, RAN_ON, UNLESS, Stopped
from printgen.games.datagame.program import Compiler, Prepared
from printgen.games.datagame.report import DataReport
from printgen.games.datagame.scope import BUILTIN_VARS, CURRENT, DEALER, Scope
from printgen.games.datagame.source import Writer
from printgen.games.datagame.spec import Spec, attribute_tables, card_measure, read_game_file
from printgen.games.datagame.state import BOTH, EVERY, HAND, PLACE, USE, Moves, State
from printgen.model.deck import Deck
from printgen.sim.engine import Action, Game


class DataGame(Hidden, DataReport, Game[Prepared, State]):
    """A game read from a game file. The instance holds the file as read (plain data, so it
    pickles to worker processes); each worker compiles it again for its deck."""

    def __init__(self, spec: Spec):
        self.spec = spec
        self.name = spec.name
        self.title = spec.title
        self.variants = tuple(spec.variants)
        self.players = spec.players
        self.options = tuple(_with_variants(spec))
        self.step_cap = spec.step_cap
        self.good_hand = spec.good_hand
        self.length_unit = spec.length
        self.file = spec.source.file

    # -- preparing ----------------------------------------------------------------------------
    def prepare(self, deck: Deck, variant: str, options: dict[str, Any], *, write: bool = True) -> Prepared:
        """The game ready to play on `deck`; write=False links the plain closures only, never the
        compiled source (tests/test_datagame_source.py plays both and compares)."""
        from printgen.games.common.suited import pack_deck

        spec = self.spec
        values = self.read_options(variant, options)
        pack = values.get("pack") if "pack" in values else spec.source.data.get("pack")
        if pack is None and deck.pack is None and deck.packs:
            # a deck loaded whole (every pack: a build, a rule sheet) plays its first pack, as
            # validate loads it, so a sheet's setup table counts the cards the simulator deals
            pack = deck.packs[0]
        deck = pack_deck(deck, {"pack": pack} if pack is not None else {}, None, spec.title)
        tables, groups = attribute_tables(spec, deck)
        names = [card.name for card in deck.cards]
        if spec.source.data.get("in_play") is not None:
            tables, names, groups = _in_play(spec, tables, names, groups)
        return compile_program(spec, tables, names, groups, values, write=write)

    def read_options(self, variant: str, given: Any) -> dict[str, Any]:
        return super().read_options(variant, given)

    # -- one game -----------------------------------------------------------------------------
    def setup(self, prepared: Prepared, players: int, rng: random.Random) -> State:
        if players not in self.players:
            raise UserError(f"{self.title} is for {', '.join(map(str, self.players))} players, not {players}")
        s = State(prepared, players, rng)
        s.z[prepared.start].extend(range(prepared.cards))
        s.v[:len(prepared.first_vars)] = prepared.first_vars
        s.v[DEALER] = rng.randrange(players) if self.spec.dealer == "random" else 0
        s.v[CURRENT] = s.v[DEALER]
        run(s, 0)
        return s

    def to_act(self, state: State) -> int:
        return state.actor

    def legal(self, state: State) -> list[Action]:
        return list(state.acts)

    def apply(self, state: State, action: Action) -> None:
        ahead = state.ahead
        if ahead is not None:             # the greedy player has played this action on a copy
            state.ahead = None
            if ahead[0] == action and ahead[1].lent:
                state.adopt(ahead[1])
                return
        acts = state.acts
        if state.over or action not in acts:
            raise ValueError(f"{action} is not a legal action here")
        state.decisions += 1
        state.choices += len(acts)
        take = state.choice.take
        if take is None:
            run(state, state.choice.enter(state, action))
            return
        state.budget = MAX_AUTO           # as run() does: take is run's first call (linking.taking)
        try:
            pc = take(state, action)
            if pc >= 0:
                run_on(state, pc)
        except Stopped:
            return

    def is_over(self, state: State) -> bool:
        return state.over

    def stopped(self, state: State) -> bool:
        return bool(state.stopped_at)

    def scores(self, state: State) -> list[float]:
        sign = -1 if self.spec.winner == "lowest" else 1
        return [float(sign * x) for x in state.score]

    def horizon(self, state: State) -> Any:
        """The file's `horizon: mark:` worked out for the state (seat 0's view: a mark is the same
        for every seat, e.g. the hands played), or None when the file gives no horizon: a search's
        playout stops where it changes (engine.Game.horizon)."""
        mark = state.prep.horizon
        return None if mark is None else mark(state, 0, -1)

    def horizon_scores(self, state: State) -> list[float]:
        """The file's `horizon: score:` for each seat (higher is better), or the scores when it gives
        none: a playout stopped at the horizon is won by the seats that gained most of it."""
        measure = state.prep.horizon_score
        if measure is None:
            return self.scores(state)
        return [float(measure(state, seat, -1)) for seat in range(state.n)]

    def action_name(self, state: State, action: Action) -> str:
        return state.choice.name(state, action)

    def clone(self, state: State) -> State:
        return state.copied()

    def check(self, state: State) -> None:
        seen = [k for zone in state.z for k in zone]
        assert sorted(seen) == list(range(state.prep.cards)), "cards are lost or doubled"
        for slot, zone in enumerate(state.z):
            for k in zone:
                assert state.loc[k] == slot, f"card {k} is in zone slot {slot} but recorded in {state.loc[k]}"
        for k, who in enumerate(state.seen):     # a seat knows a card's place only in the zone it knows
            assert not who >> PLACE & ~who & EVERY, f"card {k}: its place known, not its zone"
        if not state.over:
            assert state.acts and len(set(state.acts)) == len(state.acts), "a decision without distinct actions"

    def greedy(self, state: State, rng: random.Random) -> Action:
        """One step ahead: each action tried on a copy, the one leaving the chooser's measure (the
        file's `greedy:`, its score by default) highest taken, equal ones drawn at random. The copy
        the pick was tried on is kept with the state (State.ahead): apply() of that action next
        takes it over instead of playing the action again (a playout or a greedy bot always does)."""
        seat = state.actor
        measure = state.prep.greedy
        best: list[Action] = []
        after: list[State] = []
        top = None
        for action in state.acts:
            trial = state.copied(lend=True)       # its generator this state's until it draws
            self.apply(trial, action)
            value = measure(trial, seat, -1)
            if top is None or value > top:
                top, best, after = value, [action], [trial]
            elif value == top:
                best.append(action)
                after.append(trial)
        pick = rng.randrange(len(best)) if len(best) > 1 else 0
        state.ahead = (best[pick], after[pick])
        return best[pick]


def _in_play(spec: Spec, tables: dict[str, list[int]], names: list[str],
             groups: list[str]) -> tuple[dict[str, list[int]], list[str], list[str]]:
    """Only the cards the file's `in_play:` condition keeps: the others (a turn marker, a rules
    card) are no cards of the game at all, never dealt, counted or reported."""
    keep_card = card_measure(spec, str(spec.source.data["in_play"]), tables, ("in_play",))
    keep = [k for k in range(len(names)) if keep_card(k)]
    if not keep:
        raise UserError("the game file's in_play: condition leaves no card in play", spec.where(("in_play",)))
    return ({a: [t[k] for k in keep] for a, t in tables.items()}, [names[k] for k in keep],
            [groups[k] for k in keep] if groups else groups)


def _with_variants(spec: Spec) -> list[Any]:
    from dataclasses import replace
    out = []
    for option in spec.options:
        per = {v: given[option.name] for v, given in spec.variants.items() if option.name in given}
        out.append(replace(option, variants=per) if per else option)
    return out


def option_number(value: Any, allowed: Any = None) -> int:
    """An option's value as expressions read it: a whole number as it is, yes/true 1, no/false 0,
    another word its place among the option's values (0 for the first)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    text = str(value).strip().lower()
    if text in ("yes", "true", "on"):
        return 1
    if text in ("no", "false", "off"):
        return 0
    try:
        return int(text)
    except ValueError:
        words = [str(w).lower() for w in allowed] if isinstance(allowed, tuple) else []
        return words.index(text) if text in words else -1


def compile_program(spec: Spec, tables: dict[str, list[int]], names: list[str], groups: list[str],
                    options: dict[str, Any], write: bool = True) -> Prepared:
    """The file's steps compiled against the deck's tables and these option values (written out as
    compiled Python from our own templates, source.py, unless `write` is off: closures only)."""
    layout: dict[str, tuple[int, bool]] = {}
    kinds: list[int] = []
    slot_zone: list[str] = []
    faces: list[str] = []
    owners: list[int] = []
    slot = 0
    seats = max(spec.players)         # a zone each player has: a slot per seat there can be (not
    for zone in spec.zones:           # MAX_PLAYERS: every state copy copies every slot, empty or not)
        width = seats if zone.each else 1
        layout[zone.name] = (slot, zone.each)
        kinds += [(HAND if zone.hand else 0) | (USE if zone.uses else 0)] * width
        slot_zone += [zone.name] * width
        faces += [zone.faces] * width
        owners += list(range(width)) if zone.each else [-1]
        slot += width
    variables = {name: i for i, name in enumerate(BUILTIN_VARS)}
    variables.update({name: len(BUILTIN_VARS) + i for i, name in enumerate(spec.vars)})
    allowed = {o.name: o.allowed for o in spec.options}
    scope = Scope(tables, variables, layout, {k: option_number(v, allowed.get(k)) for k, v in options.items()})
    scope.players = spec.players
    scope.card_names = names  # type: ignore[attr-defined]
    sight, sight_top = _sights(faces, owners)
    named = tuple(variables[name] for name in card_variables(spec))
    scope.writer = Writer(scope) if write else None
    if scope.writer is not None:
        scope.writer.zone_kinds = {name: kinds[first] for name, (first, _) in layout.items()}
        scope.writer.sights = (sight, sight_top, named)
    _melds.prepare(scope, spec, tables)
    compiler = Compiler(scope, spec.where, Moves)
    compiler.steps(spec.source.data["play"], ("play",))
    compiler.emit(END)
    greedy = compiler.expr(spec.greedy, ("greedy",))
    mark, score = spec.horizon or (None, None)      # compiled before the slots are counted, as greedy
    horizon = (None if mark is None else compiler.expr(mark, ("horizon", "mark")),
               None if score is None else compiler.expr(score, ("horizon", "score")))
    first_vars = [0] * len(BUILTIN_VARS) + list(spec.vars.values())
    prepared = Prepared(link(compiler.code, scope.writer), compiler.code, names, groups, len(names), slot,
                    len(variables) + compiler.extra_slots, layout[spec.start][0], kinds, slot_zone, layout, first_vars,
                    [first for name, (first, each) in layout.items() if each and kinds[first] & HAND],
                    greedy, options, faces, owners, named, sight, sight_top)
    prepared.texts = scope.writer.texts if scope.writer is not None else []
    prepared.horizon, prepared.horizon_score = horizon
    return prepared


def _sights(faces: list[str], owners: list[int]) -> tuple[list[int], list[int]]:
    """Per zone slot, the seats that see every card in it and those that see its top card (as
    masks times state.BOTH, ready for State.seen): what a move there shows whom (docs/game-files.md)."""
    sight, sight_top = [], []
    for face, owner in zip(faces, owners):
        seats = EVERY if face == "up" else 1 << owner if face == "owner" else 0
        sight.append(seats * BOTH)
        sight_top.append((EVERY if face == "top" else seats) * BOTH)
    return sight, sight_top


def link(code: list[tuple[Any, ...]], writer: Any = None) -> list[Any]:
    """The instructions as closures, each taking the state and giving the next instruction's index
    (-1 when play stops: a decision waits or the game is over). Why: running a game is then one
    call per instruction, with no dispatch on its kind; jumps to a jump are followed here once."""
    def target(at: int) -> int:
        seen = 0
        while code[at][0] == JUMP and seen < len(code):
            at, seen = code[at][1], seen + 1
        return at

    aimed = _targets(code)
    for op in code:                   # where each decision goes on, first: a run may hold a decision
        if op[0] == CHOOSE:
            op[1].end = target(op[1].end)
            for option in op[1].options:
                option.start = target(option.start)
    if writer is not None:
        for at, op in enumerate(code):
            if op[0] == CHOOSE:
                op[1].take = lazy_take(op[1], at, code, target, writer, _stop)
    linked: list[Any] = []
    for pc, op in enumerate(code):
        kind = op[0]
        if kind == AUTO:
            fns = [op[1]]
            while code[pc + len(fns)][0] == AUTO and pc + len(fns) not in aimed:
                fns.append(code[pc + len(fns)][1])
            linked.append(_auto(fns, target(pc + len(fns))))
        elif kind == UNLESS and code[pc + 1][0] == COUNT and pc + 1 not in aimed:
            counting = code[pc + 1]          # a loop's test and its round counter, as one instruction
            linked.append(_test_count(op[1], counting[1], counting[2], counting[3].describe(), counting[4],
                                      target(pc + 2), target(op[2])))
        elif kind == UNLESS:
            linked.append(_unless(op[1], target(pc + 1), target(op[2])))
        elif kind == JUMP:
            linked.append(_jump(target(op[1])))
        elif kind == COUNT:
            linked.append(_count(op[1], op[2], op[3].describe(), op[4], target(pc + 1)))
        elif kind == CHOOSE:
            linked.append(_choose(op[1], pc))
        else:
            linked.append(_end(pc))
        if writer is not None and kind in (AUTO, UNLESS, COUNT, CHOOSE):
            linked[pc] = lazy_run(linked, pc, code, target, writer, _stop)
    return linked


def _targets(code: list[tuple[Any, ...]]) -> set[int]:
    """The instructions something jumps to (a run of steps is fused only up to one of them)."""
    found = set()
    for op in code:
        if op[0] == JUMP:
            found.add(op[1])
        elif op[0] == UNLESS:
            found.add(op[2])
        elif op[0] == CHOOSE:
            found.add(op[1].end)
            found.update(option.start for option in op[1].options)
    return found


def _auto(fns: list[Any], nxt: int) -> Any:
    """Steps that follow one another with no jump between them, as one instruction."""
    if len(fns) == 1:
        fn = fns[0]

        def auto(s: State) -> int:
            fn(s)
            return nxt
        return auto
    if len(fns) == 2:
        f1, f2 = fns

        def auto2(s: State) -> int:
            f1(s)
            f2(s)
            return nxt
        return auto2
    chain = tuple(fns)

    def autos(s: State) -> int:
        for fn in chain:
            fn(s)
        return nxt
    return autos


def _unless(cond: Any, nxt: int, other: int) -> Any:
    return lambda s: nxt if cond(s, s.v[CURRENT], -1) else other


def _jump(to: int) -> Any:
    return lambda s: to


def _count(slot: int, most: int, where: str, counted: int | None, nxt: int) -> Any:
    def count(s: State) -> int:
        v = s.v
        v[slot] += 1
        if v[slot] > most:
            _stop(s, -1, where)
            return -1
        if counted is not None:
            v[counted] += 1
        return nxt
    return count


def _test_count(cond: Any, slot: int, most: int, where: str, counted: int | None, nxt: int, other: int) -> Any:
    def test_count(s: State) -> int:
        v = s.v
        if not cond(s, v[CURRENT], -1):
            return other
        v[slot] += 1
        if v[slot] > most:
            _stop(s, -1, where)
            return -1
        if counted is not None:
            v[counted] += 1
        return nxt
    return test_count


def _choose(choice: Any, pc: int) -> Any:
    def choose(s: State) -> int:
        acts = choice.legal(s)
        if not acts:
            return choice.end
        if len(acts) == 1:
            return choice.enter(s, acts[0])
        s.dealing = False
        s.pc, s.acts, s.choice = pc, acts, choice
        return -1
    return choose


def _end(pc: int) -> Any:
    def end(s: State) -> int:
        s.over, s.pc, s.acts = True, pc, []
        return -1
    return end


def run(s: State, pc: int) -> None:
    """Play on from instruction `pc` until a decision with two or more actions waits, or the game ends."""
    code = s.prep.code
    s.budget = MAX_AUTO               # rounds the loops run as one function may take (blocks.py)
    try:
        pc = code[pc](s)              # compiled runs (linking.py) mostly reach the next decision at once
        if pc < 0:
            return
        for _ in range(MAX_AUTO - 1):
            pc = code[pc](s)
            if pc < 0:
                return
    except Stopped:                   # a loop run as one function passed its max (blocks.py)
        return
    _stop(s, pc, RAN_ON)


def run_on(s: State, pc: int) -> None:
    """run() after its first call (made by apply: a decision's take), with the budget it set."""
    code = s.prep.code
    for _ in range(MAX_AUTO - 1):
        pc = code[pc](s)
        if pc < 0:
            return
    _stop(s, pc, RAN_ON)


def _stop(s: State, pc: int, where: str) -> None:
    s.over, s.pc, s.acts, s.stopped_at = True, pc, [], where


def load_game_file(path: Path, within: Path | None = None) -> DataGame:
    """The game file at `path` as a game; every mistake a UserError at its line (the steps are
    compiled once here, against the file's own names, so a mistake shows before any deck is read)."""
    spec = read_game_file(path, within)
    tables: dict[str, list[int]] = {name: [] for name in spec.attrs}
    defaults = {o.name: o.default for o in spec.options}
    compile_program(spec, tables, [], [], defaults)
    return DataGame(spec)
