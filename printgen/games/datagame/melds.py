"""Melds for game files: the rummy family's runs and sets, tables of melds, laying down and laying off.

A game file declares its meld kinds under `melds:`, e.g.

    melds:
      sequence: {run: place, within: house, min: 3}     # Cromwell: monarchs of a house in reign order
      run: {run: rank, within: suit, min: 3}            # a standard rummy's runs
      set: {same: rank, min: 3, distinct: suit}         # ...and its sets

and a zone that holds melds names the kinds laid on it (`table: {melds: [run, set], uses: true}`).
A table's cards lie in its zone like any others (so moves, conservation and the report see them);
which of them make up which meld is kept beside, one card mask per meld.

Why "consecutive" means next to each other among the values the group's cards have in the pack,
not numbers one apart: a stripped pack (the Spanish 40 has no 8 or 9) runs 7-10, and Cromwell's
places are years. Cards whose order value is equal share a place: with `shared: all` (a joint reign)
a run passes through a shared place only with all its cards and may start or end on any of them;
with `shared: one` (a double pack) a run takes one card of each place.

What it adds: the option kinds `meld:` (one action per meld of a kind the zone holds, every such
set of cards, as a player could lay any of them) and `lay_off:` (one action per card and table
meld it extends), both with `keep_layable:` (only lays after which the rest of the zone can still
all be laid: going out without a discard); the step `lay` (carries out the lay chosen); the
functions melds(ZONE, KIND), lay_offs(ZONE, TABLE) and layable(ZONE, TABLE).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.files.errors import UserError, did_you_mean
from printgen.games.datagame.choice import OPTION_KINDS
from printgen.games.datagame.expr import ExprError, Fn, Node, parse, quoted
from printgen.games.datagame.meldrules import Kind, Lay, Melds, card_bits
from printgen.games.datagame.ops import AUTO
from printgen.games.datagame.program import STEPS, STRAIGHT
from printgen.games.datagame.scope import _ARITY, _FUNCTIONS, Scope

MAX_KINDS = 8


def _melds_of(scope: Scope) -> Melds:
    found = getattr(scope, "melds", None)
    if found is None:
        found = Melds()
        scope.melds = found  # type: ignore[attr-defined]
    return found


def prepare(scope: Scope, spec: Any, tables: dict[str, list[int]]) -> None:
    """The file's meld kinds made for this deck and attached to the scope, before any step is
    compiled (the options, functions and steps below read them); UserError at the line of a mistake."""
    melds = _melds_of(scope)
    raw = spec.source.data.get("melds") or {}
    if not isinstance(raw, dict) or len(raw) > MAX_KINDS:
        raise UserError(f"melds: names at most {MAX_KINDS} meld kinds and their rules, e.g. "
                        "{run: {run: rank, within: suit, min: 3}}", spec.where(("melds",)))
    for name, settings in raw.items():
        where = spec.where(("melds", name))
        if not isinstance(settings, dict) or ("run" in settings) == ("same" in settings):
            raise UserError(f"the meld kind '{name}' is a run (run: ORDER, within: GROUP) or a set (same: ATTRIBUTE)",
                            where, "e.g. {run: rank, within: suit, min: 3} or {same: rank, min: 3}")
        allowed = {"run", "within", "same", "min", "shared", "distinct"}
        for key, value in settings.items():
            if key not in allowed:
                raise UserError(f"a meld kind has no setting '{key}'", spec.where(("melds", name, key)),
                                did_you_mean(str(key), allowed) or "settings: " + ", ".join(sorted(allowed)))
            if key in ("run", "within", "same", "distinct") and value not in tables:
                raise UserError(f"'{value}' is not a card attribute", spec.where(("melds", name, key)),
                                "attributes: " + ", ".join(tables))
        if "run" in settings and "within" not in settings:
            raise UserError("a run says which cards may run together: within: GROUP (e.g. within: suit)", where)
        least = settings.get("min", 3)
        if isinstance(least, bool) or not isinstance(least, int) or not 1 <= least <= 20:
            raise UserError("a meld's min is a whole number of cards from 1 to 20", spec.where(("melds", name, "min")))
        if str(settings.get("shared", "all")) not in ("all", "one"):
            raise UserError("shared: is 'all' (a place shared by cards needs them all inside a run: a joint reign) "
                            "or 'one' (one card of each place: a double pack)", spec.where(("melds", name, "shared")))
        melds.by_name[str(name)] = len(melds.kinds)
        melds.kinds.append(Kind(str(name), settings, tables))
    melds.split = len({k.same_attr for k in melds.kinds}) <= 1
    slot_kinds: dict[str, list[int]] = {}
    for zone in spec.zones:
        for kind in zone.melds:
            if kind not in melds.by_name:
                raise UserError(f"'{kind}' is no meld kind of this game", spec.where(("zones", zone.name, "melds")),
                                did_you_mean(kind, melds.by_name) or "declare it under melds:")
        if zone.melds:
            slot_kinds[zone.name] = [melds.by_name[k] for k in zone.melds]
    melds.slot_kinds = slot_kinds


# -- helpers for the compiler ---------------------------------------------------------------------

def _kind_name(melds: Melds, node: Node) -> int:
    if node.kind != "name" or node.value not in melds.by_name:
        shown = node.value if node.kind == "name" else "this"
        raise ExprError(f"'{shown}' is no meld kind", "meld kinds: " + (", ".join(melds.by_name) or "none declared"))
    return melds.by_name[node.value]


def _table_slot(scope: Scope, node: Node, in_card: bool) -> Callable[[Any, int, int], int]:
    melds = _melds_of(scope)
    if node.kind not in ("name", "zone") or node.value not in melds.slot_kinds:
        shown = node.value if node.kind in ("name", "zone") else "this"
        raise ExprError(f"'{shown}' is no table of melds", "declare the zone with melds: [KIND, ...]")
    first, each = scope.zones[node.value]
    if node.kind == "zone":
        owner = scope.build(node.args[0], in_card)
        return lambda s, p, c: first + owner(s, p, c) % s.n
    if each:
        return lambda s, p, c: first + p
    return lambda s, p, c: first


def _mask(cards: list[int]) -> int:
    m = 0
    for k in cards:
        m |= 1 << k
    return m


# -- functions ------------------------------------------------------------------------------------

def _fn_melds(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    """melds(ZONE, KIND): how many melds of the kind the zone's cards hold (any of them, overlapping)."""
    zone = scope.zone(args[0], in_card)
    melds = _melds_of(scope)
    kind = _kind_name(melds, args[1])

    def count(s: Any, p: int, c: int) -> int:
        return len(melds.kinds[kind].found(_mask(zone(s, p, c))))
    return count


def _fn_lay_offs(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    """lay_offs(ZONE, TABLE): how many (card, meld) pairs there are of a zone's card extending a table's meld."""
    zone = scope.zone(args[0], in_card)
    slot = _table_slot(scope, args[1], in_card)
    melds = _melds_of(scope)
    return lambda s, p, c: len(melds.lay_offs(s, slot(s, p, c), zone(s, p, c)))


def _fn_layable(scope: Scope, args: tuple[Node, ...], in_card: bool) -> Fn:
    """layable(ZONE, TABLE): 1 when every card of the zone can be laid, onto the table or in new melds."""
    zone = scope.zone(args[0], in_card)
    slot = _table_slot(scope, args[1], in_card)
    melds = _melds_of(scope)
    table_of = melds.table

    def layable(s: Any, p: int, c: int) -> int:
        here = slot(s, p, c)
        cards = zone(s, p, c)
        return 1 if cards and melds.layable(_mask(cards), table_of(s, here),
                                            melds.table_kinds_of_slot(s, here)) else 0
    return layable


# -- option kinds -----------------------------------------------------------------------------------

def _settings(c: Any, body: Any, path: tuple[Any, ...], allowed: set[str], needed: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise c.fail(path, "takes settings: " + ", ".join(sorted(allowed)))
    for key in body:
        if key not in allowed:
            raise c.fail((*path, key), f"no setting '{key}' here", did_you_mean(str(key), allowed)
                         or "settings: " + ", ".join(sorted(allowed)))
    for key in needed:
        if key not in body:
            raise c.fail(path, f"says {key}: as well")
    return body


def _parsed(c: Any, text: Any, path: tuple[Any, ...]) -> Node:
    try:
        return parse(text)
    except ExprError as error:
        raise c.fail(path, f"{error} ({quoted(text)})", error.hint) from None


def _option_meld(c: Any, body: Any, path: tuple[Any, ...]) -> Callable[[Any, int], list[Lay]]:
    """meld: {from: ZONE, kind: KIND, to: TABLE, keep_layable: yes}: one action per meld of the kind
    the zone holds, laid as a new meld on the table."""
    body = _settings(c, body, path, {"from", "kind", "to", "keep_layable"}, ("from", "kind", "to"))
    zone = c.zone(body["from"], (*path, "from"))
    melds = _melds_of(c.scope)
    try:
        kind = _kind_name(melds, _parsed(c, body["kind"], (*path, "kind")))
        slot = _table_slot(c.scope, _parsed(c, body["to"], (*path, "to")), False)
    except ExprError as error:
        raise c.fail(path, str(error), error.hint) from None
    if kind not in melds.slot_kinds[_parsed(c, body["to"], (*path, "to")).value]:
        raise c.fail((*path, "kind"), f"the table '{body['to']}' takes no melds of the kind '{body['kind']}'",
                     "add it to the zone's melds:")
    keep = bool(body.get("keep_layable", False))

    def offered(s: Any, p: int) -> list[Lay]:
        cards = zone(s, p, -1)
        here = slot(s, p, -1)
        out = [(here, -1, kind, -1, m) for m in melds.kinds[kind].found(_mask(cards))]
        if keep:
            out = [lay for lay in out if melds.keeps_layable(s, lay, cards)]
        return out
    return offered


def _option_lay_off(c: Any, body: Any, path: tuple[Any, ...]) -> Callable[[Any, int], list[Lay]]:
    """lay_off: {from: ZONE, onto: TABLE, keep_layable: yes}: one action per card of the zone and
    meld of the table that the card extends."""
    body = _settings(c, body, path, {"from", "onto", "keep_layable"}, ("from", "onto"))
    zone = c.zone(body["from"], (*path, "from"))
    melds = _melds_of(c.scope)
    try:
        slot = _table_slot(c.scope, _parsed(c, body["onto"], (*path, "onto")), False)
    except ExprError as error:
        raise c.fail(path, str(error), error.hint) from None
    keep = bool(body.get("keep_layable", False))

    def offered(s: Any, p: int) -> list[Lay]:
        cards = zone(s, p, -1)
        out = melds.lay_offs(s, slot(s, p, -1), cards)
        if keep:
            out = [lay for lay in out if melds.keeps_layable(s, lay, cards)]
        return out
    return offered


# -- the step ---------------------------------------------------------------------------------------

def _step_lay(c: Any, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    """`lay`: carry out the lay chosen in this option (a new meld, or a card laid off), moved by the chooser."""
    if step[kind] not in (True, None, {}):
        raise c.fail((*path, kind), "lay takes no settings: it lays what the option chose")
    move_one = c.moves.move_one
    melds = _melds_of(c.scope)

    def lay(s: Any) -> None:
        chosen = s.laying
        if chosen is None:
            return
        slot, j, kind_, _, cards = chosen
        s.laying = None
        table = melds.table(s, slot) if slot in s.melds else []     # read before the cards arrive
        by = s.actor
        for k in card_bits(cards):
            move_one(s, k, slot, False, by)
        if j < 0:
            table.append([kind_, cards])
        else:
            table[j][1] |= cards
        s.melds[slot] = table
    c.emit(AUTO, lay)


_FUNCTIONS.update({"melds": _fn_melds, "lay_offs": _fn_lay_offs, "layable": _fn_layable})
_ARITY.update({
    "melds": (2, 2, "melds(zone, meld kind): how many melds of the kind its cards hold"),
    "lay_offs": (2, 2, "lay_offs(zone, table): how many of its cards fit a meld of the table, per meld"),
    "layable": (2, 2, "layable(zone, table): 1 when all its cards can be laid, on the table's melds or in new ones"),
})
OPTION_KINDS.update({"meld": _option_meld, "lay_off": _option_lay_off})
STEPS["lay"] = _step_lay
STRAIGHT.add("lay")
