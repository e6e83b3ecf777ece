"""A decision of a game file (`choose:`): its options, the actions they open, and taking one.

An option is a plain choice (`draw`, `pass`), or one per card of a zone that passes a condition
(`play a card of your hand that follows suit`), optionally times a seat (`steal the pile of a
player whose top card matches`). Why one shape for all: the random and greedy players pick among
the actions of one list, so a game file decides the branching of every decision exactly as its
author wrote it, and a twin written in Python can be compared decision for decision.

Actions are ints, stable for a decision: option index + options * payload, the payload 0 for a
plain option, else (card + 1) + (cards + 1) * (seat + 1) with -1 for "none".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from printgen.games.datagame.expr import Fn
from printgen.games.datagame.ops import CHOOSE, JUMP
from printgen.games.datagame.scope import CARD, CURRENT, TARGET

MAX_OPTIONS = 32


@dataclass
class Option:
    label: str
    cond: Fn | None
    zone: Callable[[Any, int, int], list[int]] | None
    where: Fn | None
    target: Fn | None
    must: bool
    start: int = -1             # the first instruction of its steps
    lays: Any = None            # (state, seat) -> the lays it offers (an option kind of OPTION_KINDS)
    subset: Any = None          # a set of cards chosen by their sum (subsets.Subset), or None


class Choice:
    """One `choose:` step compiled: who chooses, the options, where play goes on after."""

    def __init__(self, who: Fn, options: list[Option], cards: int, names: list[str], line: int | None):
        self.who = who
        self.options = options
        self.width = len(options)
        self.cards = cards
        self.names = names
        self.line = line
        self.end = -1
        self.take: Any = None           # (state, action) -> next instruction: enter and run compiled (linking.py)
        self.any_must = any(o.must for o in options)
        self.any_sets = any(o.subset is not None for o in options)
        first = options[0]
        if len(options) == 1 and first.zone is not None and first.cond is None and first.target is None \
                and first.lays is None and first.subset is None:
            self.legal = self._one_zone                 # type: ignore[method-assign]
        if not any(o.lays is not None or o.subset is not None for o in options):
            self.enter = self._enter_plain              # type: ignore[method-assign]
            if len(options) == 1 and first.target is None:
                self.enter = self._enter_card           # type: ignore[method-assign]

    def _enter_card(self, s: Any, action: int) -> int:
        """enter() of a decision with one option and no target: the action is the card + 1 (or 0)."""
        v = s.v
        v[CARD] = action - 1
        v[TARGET] = -1
        return self.options[0].start

    def _enter_plain(self, s: Any, action: int) -> int:
        """enter() when no option lays melds or takes a set of cards: the card and seat bound."""
        payload, i = divmod(action, self.width)
        seat, card = divmod(payload, self.cards + 1)
        v = s.v
        v[CARD] = card - 1
        v[TARGET] = seat - 1
        return self.options[i].start

    def _one_zone(self, s: Any) -> list[int]:
        """legal() of the commonest decision: one option, a card of one zone (that passes `where`)."""
        p = self.who(s, s.v[CURRENT], -1) % s.n
        s.actor = p
        o = self.options[0]
        where, zone = o.where, o.zone
        assert zone is not None
        if where is None:
            return [k + 1 for k in zone(s, p, -1)]
        return [k + 1 for k in zone(s, p, -1) if where(s, p, k)]

    def legal(self, s: Any) -> list[int]:
        """The actions open to the chooser, option by option in the file's order; sets state.actor."""
        p = self.who(s, s.v[CURRENT], -1) % s.n
        s.actor = p
        if self.any_sets:
            s.picks = []                  # a new list: a copy of the state may hold the last one
        width, stride = self.width, self.cards + 1
        acts: list[int] = []
        musts: list[int] = []
        offered: dict[int, list[Any]] = {}      # a new one each time: a copied state shares the old
        for i, o in enumerate(self.options):
            if o.cond is not None and not o.cond(s, p, -1):
                continue
            out = musts if o.must else acts
            if o.lays is not None:
                found = o.lays(s, p)
                if found:
                    offered[i] = found
                    out += [i + width * (j + 1) for j in range(len(found))]
                continue
            if o.subset is not None:
                self._sets(s, p, i, o, out)
                continue
            if o.zone is None:
                if o.target is None:
                    out.append(i)
                else:
                    target = o.target
                    out += [i + width * stride * (t + 1) for t in range(s.n) if target(s, t, -1)]
                continue
            where, aim = o.where, o.target
            if aim is None:
                if where is None:
                    out += [i + width * (k + 1) for k in o.zone(s, p, -1)]
                else:
                    out += [i + width * (k + 1) for k in o.zone(s, p, -1) if where(s, p, k)]
                continue
            for k in o.zone(s, p, -1):
                if where is None or where(s, p, k):
                    out += [i + width * ((k + 1) + stride * (t + 1)) for t in range(s.n) if aim(s, t, k)]
        if offered:
            s.offered = offered
        return musts if musts else acts

    def _sets(self, s: Any, p: int, i: int, o: Option, out: list[int]) -> None:
        """One action per set of cards adding up (per chosen card, when the option also has `card:`):
        the set is kept in state.picks, the action naming it by its place there."""
        picks = s.picks
        width, stride = self.width, self.cards + 1
        chosen = [-1] if o.zone is None else [k for k in o.zone(s, p, -1) if o.where is None or o.where(s, p, k)]
        for k in chosen:
            for mask in o.subset.sets(s, p, k):
                picks.append(mask)
                out.append(i + width * ((k + 1) + stride * len(picks)))

    def enter(self, s: Any, action: int) -> int:
        """Bind the chosen card and seat (variables `card`, `target`) and give the option's first instruction."""
        payload, i = divmod(action, self.width)
        option = self.options[i]
        if option.lays is not None:
            s.laying = lay = s.offered[i][payload - 1]
            s.v[CARD] = lay[3] if lay[1] >= 0 else -1
            return option.start
        seat, card = divmod(payload, self.cards + 1)
        s.v[CARD] = card - 1
        if self.options[i].subset is not None:
            s.picked = s.picks[seat - 1]
            s.v[TARGET] = -1
        else:
            s.v[TARGET] = seat - 1
        return self.options[i].start

    def name(self, s: Any, action: int) -> str:
        payload, i = divmod(action, self.width)
        if self.options[i].lays is not None:
            lay = s.offered[i][payload - 1]
            shown = "-".join(self.names[k] for k in range(self.cards) if lay[4] >> k & 1)
            return self.options[i].label.replace("{meld}", shown).replace("{card}", shown)
        seat, card = divmod(payload, self.cards + 1)
        label = self.options[i].label
        card_name = self.names[card - 1] if card else ""
        if self.options[i].subset is not None:
            mask = s.picks[seat - 1]
            taken = " + ".join(self.names[k] for k in range(mask.bit_length()) if mask >> k & 1)
            return (label.replace("{card}", card_name).replace("{cards}", taken) if "{cards}" in label
                    else f"{label.replace('{card}', card_name)} taking {taken}")
        seat_name = f"seat {seat}" if seat else ""
        text = label.replace("{card}", card_name).replace("{target}", seat_name)
        if card and "{card}" not in label:
            text += f" {card_name}"
        if seat and "{target}" not in label:
            text += f" ({seat_name})"
        return text


def compile_choice(c: Any, body: Any, path: tuple[Any, ...]) -> None:
    """Emit the decision and, after it, each option's steps (each jumping past the rest)."""
    if isinstance(body, list):
        body = {"options": body}
    if not isinstance(body, dict):
        raise c.fail(path, "choose takes options: a list of what the player may do")
    body = c.settings({"choose": body}, path[:-1], "choose", {"who", "options"})
    options = body.get("options")
    if not isinstance(options, list) or not options:
        raise c.fail(path, "choose lists at least one option under options:")
    if len(options) > MAX_OPTIONS:
        raise c.fail((*path, "options"), f"a decision has at most {MAX_OPTIONS} options, not {len(options)}")
    who = c.expr(body.get("who", "current"), (*path, "who"))
    compiled = [_option(c, o, (*path, "options", i)) for i, o in enumerate(options)]
    names = c.moves.card_names(c.scope)
    choice = Choice(who, compiled, len(names), names, c.where(path).line)
    c.emit(CHOOSE, choice)
    ends = []
    for i, option in enumerate(options):
        compiled[i].start = len(c.code)
        c.steps(option.get("do"), (*path, "options", i, "do"))
        ends.append(c.emit(JUMP, -1))
    choice.end = len(c.code)
    for at in ends:
        c.patch(at, choice.end)


def _option(c: Any, raw: Any, path: tuple[Any, ...]) -> Option:
    if not isinstance(raw, dict):
        raise c.fail(path, "an option is settings: name, and card:, target:, if:, must:, do: as it needs")
    allowed = {"name", "if", "card", "cards", "target", "must", "do", *OPTION_KINDS}
    for key in raw:
        if key not in allowed:
            from printgen.files.errors import did_you_mean
            raise c.fail((*path, key), f"an option has no setting '{key}'",
                         did_you_mean(str(key), allowed) or "settings: " + ", ".join(sorted(allowed)))
    label = raw.get("name")
    if not isinstance(label, str) or not label.strip():
        raise c.fail(path, "an option has a name (how a player says it, e.g. 'play {card}')")
    cond = c.expr(raw["if"], (*path, "if")) if "if" in raw else None
    zone = where = None
    card = raw.get("card")
    if card is not None:
        if isinstance(card, str):
            card = {"from": card}
        if not isinstance(card, dict) or "from" not in card or set(card) - {"from", "where"}:
            raise c.fail((*path, "card"), "card: says which cards may be chosen: {from: ZONE, where: CONDITION}")
        zone = c.zone(card["from"], (*path, "card", "from"))
        where = c.expr(card["where"], (*path, "card", "where"), card=True) if "where" in card else None
    target = c.expr(raw["target"], (*path, "target"), card=True) if "target" in raw else None
    kinds = [k for k in OPTION_KINDS if k in raw]
    if len(kinds) + (card is not None) + ("cards" in raw) > 1 and not ("cards" in raw and card is not None
                                                                      and not kinds):
        raise c.fail(path, "an option offers one kind of thing: card: (with cards: as it needs), "
                     + ", ".join(f"{k}:" for k in OPTION_KINDS) + " are given together")
    lays = OPTION_KINDS[kinds[0]](c, raw[kinds[0]], (*path, kinds[0])) if kinds else None
    subset = None
    if "cards" in raw:
        from printgen.games.datagame.subsets import compile_subset
        if target is not None:
            raise c.fail((*path, "cards"), "an option takes a set of cards (cards:) or a seat (target:), not both")
        subset = compile_subset(c, raw["cards"], (*path, "cards"))
    return Option(label.strip(), cond, zone, where, target, bool(raw.get("must", False)), lays=lays, subset=subset)


# Option kinds other modules add (melds.py: meld, lay_off): key -> (compiler, settings, path) -> a
# function (state, seat) -> the things offered, each a tuple the option's `lay` step carries out.
OPTION_KINDS: dict[str, Callable[[Any, Any, tuple[Any, ...]], Callable[[Any, int], list[Any]]]] = {}
