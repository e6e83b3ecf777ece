"""Table layouts: where a game's pieces go on the table at the start, and the rules of spacing
they must keep, checked by geometry and drawn to scale.

A table layout (decks/<deck>/tables/<name>.yaml) places pieces of the deck (tiles, coins ...)
by their ids, with their real sizes from the layout's component kinds, and lists rules as data:
`gap`, `within`, `stack`, `line`, `share` and `face` (see the file shipped with the piecepack).
A piece that comes into play later rather than at set-up (a knight set down on its player's first
turn) says so with `enters:`; it is checked like the rest, and drawn as a dashed outline that
marks where it comes in.
Besides its own rules every layout must keep three: no two pieces overlap (except a piece
stacked `on` another), every piece lies on the table with a coin-width (`spare`) to its edge,
and no piece of the deck is used twice. A broken rule is a finding naming the rule and its line,
with what was measured; the build refuses to draw a layout with findings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Optional, Union

from pydantic import Field

from printgen.errors import UserError, Where, did_you_mean
from printgen.schema import Extent, Size, Strict

TABLES = "tables"


class TablePiece(Strict):
    id: str
    at: Optional[list[float]] = Field(None, min_length=2, max_length=2)
    on: Optional[str] = None
    face: Literal["up", "down"] = "up"
    label: Optional[str] = None
    enters: Optional[str] = None      # when it comes into play, if not at set-up ("on its player's first turn")


class TableRule(Strict):
    model_config = Strict.model_config | {"populate_by_name": True}

    each: dict[str, list[str]] = {}
    gap: Optional[list[str]] = None
    within: Optional[list[str]] = None
    stack: Optional[list[str]] = None
    line: Optional[list[str]] = None
    share: Optional[list[str]] = None
    face: Optional[list[str]] = None
    row: Optional[list[str]] = None
    is_: Union[str, float, None] = Field(None, alias="is")
    top: dict[str, str] = {}
    says: str
    show: bool = False


class TableFile(Strict):
    title: str
    table: Size
    unit: str = "tile"
    spare: str = "1 coin"
    tolerance: Extent = 1.0
    pieces: list[TablePiece]
    groups: dict[str, list[str]] = {}
    rules: list[TableRule] = []


KINDS = ("gap", "within", "stack", "line", "share", "face", "row")


@dataclass
class Piece:
    id: str
    name: str
    kind: str
    round: bool
    x: float              # centre, mm from the table's top-left, y down
    y: float
    w: float
    h: float
    face: str
    label: str | None
    on: str | None
    card: Any
    where: Where
    enters: str | None = None

    def box(self) -> tuple[float, float, float, float]:
        return self.x - self.w / 2, self.y - self.h / 2, self.x + self.w / 2, self.y + self.h / 2


@dataclass
class Rule:
    kind: str
    sets: list[list[str]]
    names: list[str]
    value: Any
    top: dict[str, str]
    says: str
    show: bool
    where: Where


@dataclass
class Finding:
    message: str
    where: Where


@dataclass
class Table:
    name: str
    title: str
    width: float
    height: float
    pieces: list[Piece]
    rules: list[Rule]
    groups: dict[str, list[str]]
    tolerance: float
    spare: float
    spare_words: str
    lengths: dict[str, float]        # 'tile' and 'coin' (the kinds' widths) in mm
    unused: list[str] = field(default_factory=list)
    file: Path | None = None

    def by_id(self) -> dict[str, Piece]:
        return {p.id: p for p in self.pieces}


# --- loading ------------------------------------------------------------------------------------

def table_path(deck, name: str, where: Where | None = None) -> Path:
    folder = deck.folder / TABLES
    path = folder / f"{name}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []
        raise UserError(f"the deck '{deck.key}' has no table layout '{name}'", where or Where(),
                        did_you_mean(name, known) or (f"table layouts: {', '.join(known)}" if known else
                                                      f"a table layout is a file in {deck.key}/{TABLES}/"))
    return path


def table_names(deck) -> list[str]:
    folder = deck.folder / TABLES
    return sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []


def spare_words(text: str, mm: float) -> str:
    """'1 coin' -> 'a coin-width (19.05 mm)'."""
    words = str(text).split()
    if len(words) == 2 and words[0] == "1":
        return f"a {words[1].rstrip('s')}-width ({mm:.2f} mm)"
    return f"{text} ({mm:.2f} mm)" if not str(text).endswith("mm") else str(text)


def _length(text: Any, lengths: dict[str, float], where: Where) -> float:
    """'1 tile', '0.5 coins', '2in', 50.8 -> mm."""
    from printgen.units import parse_length

    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return float(text)
    words = str(text).split()
    if len(words) == 2 and words[1].rstrip("s") in lengths:
        try:
            return float(words[0]) * lengths[words[1].rstrip("s")]
        except ValueError:
            pass
    if len(words) == 1 and words[0].rstrip("s") in lengths:
        return lengths[words[0].rstrip("s")]
    try:
        return parse_length(text)
    except ValueError:
        raise UserError(f"'{text}' is not a length here: write a number of tiles or coins ('1 tile'), "
                        f"or millimetres, or a length with a unit ('2in')", where) from None


def load_table(deck, layout, name: str, where: Where | None = None) -> Table:
    """A table layout with its pieces sized from the deck's component kinds."""
    from printgen.schema_errors import load_file
    from printgen.render.components import CARD_KIND, kind_layout, kind_of

    path = table_path(deck, name, where)
    spec, located = load_file(path, TableFile, "in a table layout")
    cards = {card.id: card for card in deck.cards}
    kinds: dict[str, Any] = {}

    def kind(kind_name: str):
        if kind_name not in kinds:
            kinds[kind_name] = kind_layout(layout, kind_name)
        return kinds[kind_name]

    lengths = {k: kind(k).shape.width for k in layout.spec.components}
    unit_where = located.where(("unit",), field="unit")
    unit = _length(f"1 {spec.unit}" if spec.unit in lengths else spec.unit, lengths, unit_where)
    pieces: list[Piece] = []
    seen: dict[str, Piece] = {}
    for index, raw in enumerate(spec.pieces):
        spot = located.where(("pieces", index))
        card = cards.get(raw.id)
        if card is None:
            raise UserError(f"there is no piece '{raw.id}' in the deck", spot,
                            did_you_mean(raw.id, cards) or f"piece ids are listed at the top of {deck.file.name}")
        if raw.id in seen:
            raise UserError(f"'{raw.id}' is placed twice: a piecepack has only one of each piece (it is already on "
                            f"line {seen[raw.id].where.line})", spot)
        if (raw.at is None) == (raw.on is None):
            raise UserError(f"give '{raw.id}' either a place (at: [x, y]) or the piece it lies on (on: ID)", spot)
        name_of_kind = kind_of(deck, layout, card)
        shape = kind(name_of_kind).shape if name_of_kind != CARD_KIND else None
        w, h = (shape.width, shape.height) if shape else (layout.card.width, layout.card.height)
        if raw.on is not None:
            base = seen.get(raw.on)
            if base is None:
                raise UserError(f"'{raw.id}' lies on '{raw.on}', which is not placed above it in the list", spot,
                                did_you_mean(raw.on, seen))
            x, y = base.x, base.y
        else:
            x, y = spec.table.width / 2 + raw.at[0] * unit, spec.table.height / 2 + raw.at[1] * unit
        piece = Piece(raw.id, card.name, name_of_kind, bool(shape and shape.round), x, y, w, h, raw.face, raw.label,
                      raw.on, card, spot, raw.enters)
        seen[raw.id] = piece
        pieces.append(piece)
    groups = {}
    for group, members in spec.groups.items():
        for member in members:
            if member not in seen:
                raise UserError(f"the group '{group}' names '{member}', which is not placed",
                                located.where(("groups", group)), did_you_mean(member, seen))
        groups[group] = list(members)
    rules = []
    for index, raw in enumerate(spec.rules):
        rules += _expand(raw, located.where(("rules", index)), groups, seen, lengths)
    spare_where = located.where(("spare",), field="spare")
    tiles_used = {p.kind for p in pieces}
    unused = [c.name for c in deck.cards if c.id not in seen and kind_of(deck, layout, c) in tiles_used
              and kind_of(deck, layout, c) == "tile"]
    spare = _length(spec.spare, lengths, spare_where)
    return Table(name, spec.title, spec.table.width, spec.table.height, pieces, rules, groups, spec.tolerance,
                 spare, spare_words(spec.spare, spare), lengths, unused, path)


def _expand(raw: TableRule, where: Where, groups: dict[str, list[str]], seen: dict, lengths: dict) -> list[Rule]:
    kinds = [k for k in KINDS if getattr(raw, k) is not None]
    if len(kinds) != 1:
        raise UserError("each rule is one of " + ", ".join(KINDS) + (f"; this one has {', '.join(kinds)}" if kinds
                                                                       else "; this one has none"), where)
    kind = kinds[0]
    lists = list(raw.each.values())
    if lists and len({len(v) for v in lists}) != 1:
        raise UserError("the lists under 'each' must be equally long (they are taken side by side)", where)
    count = len(lists[0]) if lists else 1
    out = []
    for i in range(count):
        values = {k: v[i] for k, v in raw.each.items()}

        def fill(text: str) -> str:
            for k, v in values.items():
                text = text.replace("{" + k + "}", v)
            return text

        names = [fill(s) for s in getattr(raw, kind)]
        sets = []
        for name in names:
            if name in groups:
                sets.append(groups[name])
            elif name in seen:
                sets.append([name])
            else:
                raise UserError(f"the rule names '{name}', which is neither a group nor a placed piece", where,
                                did_you_mean(name, list(groups) + list(seen)))
        value: Any = raw.is_
        if kind in ("gap", "within"):
            if value is None:
                raise UserError(f"a '{kind}' rule needs 'is:' (a length such as 1 tile)", where)
            value = _length(value, lengths, where)
        elif kind == "face" and value not in ("up", "down"):
            raise UserError("a 'face' rule needs 'is: up' or 'is: down'", where)
        needed = {"gap": (1, 2), "within": (2, 2), "stack": (1, 1), "line": (2, 9), "share": (2, 2), "face": (1, 9),
                  "row": (1, 1)}[kind]
        if not needed[0] <= len(sets) <= needed[1]:
            raise UserError(f"a '{kind}' rule names {needed[0]}" + (f" to {needed[1]}" if needed[1] != needed[0] else "")
                            + f" sets of pieces, not {len(sets)}", where)
        out.append(Rule(kind, sets, names, value, {k: fill(v) for k, v in raw.top.items()}, fill(raw.says),
                        raw.show and i == 0, where))
    return out


# --- geometry -----------------------------------------------------------------------------------

def distance(a: Piece, b: Piece) -> float:
    """The shortest distance between the edges of two pieces; negative when they overlap."""
    if a.round and b.round:
        return math.hypot(a.x - b.x, a.y - b.y) - a.w / 2 - b.w / 2
    if a.round or b.round:
        circle, rect = (a, b) if a.round else (b, a)
        x0, y0, x1, y1 = rect.box()
        dx = max(x0 - circle.x, 0.0, circle.x - x1)
        dy = max(y0 - circle.y, 0.0, circle.y - y1)
        if dx == 0 and dy == 0:
            inside = min(circle.x - x0, x1 - circle.x, circle.y - y0, y1 - circle.y)
            return -inside - circle.w / 2
        return math.hypot(dx, dy) - circle.w / 2
    dx = abs(a.x - b.x) - (a.w + b.w) / 2
    dy = abs(a.y - b.y) - (a.h + b.h) / 2
    if dx < 0 and dy < 0:
        return max(dx, dy)
    return math.hypot(max(dx, 0.0), max(dy, 0.0))


def _set_distance(table: Table, first: list[str], second: list[str] | None) -> tuple[float, Piece, Piece]:
    pieces = table.by_id()
    pairs = ([(a, b) for i, a in enumerate(first) for b in first[i + 1:]] if second is None else
             [(a, b) for a in first for b in second if a not in second and b not in first])
    pairs = [(pieces[a], pieces[b]) for a, b in pairs if pieces[a].on != b and pieces[b].on != a]
    if not pairs:
        raise UserError("a 'gap' rule needs two pieces to measure between")
    return min(((distance(a, b), a, b) for a, b in pairs), key=lambda t: (t[0], t[1].id, t[2].id))


def _centre(table: Table, ids: list[str]) -> tuple[float, float]:
    pieces = table.by_id()
    return (sum(pieces[i].x for i in ids) / len(ids), sum(pieces[i].y for i in ids) / len(ids))


def _mm(value: float, table: Table) -> str:
    tile = table.lengths.get("tile")
    words = f"{value:.1f} mm"
    if tile and abs(value) > 0.05:
        count = value / tile
        words += f" ({count:.2g} tile-width{'' if abs(count - 1) < 0.005 else 's'})"
    return words


# --- checking -----------------------------------------------------------------------------------

def check(table: Table) -> list[Finding]:
    """Every broken rule, the layout's own and the three every layout keeps."""
    tol = table.tolerance
    found: list[Finding] = []
    pieces = table.pieces
    for i, a in enumerate(pieces):
        for b in pieces[i + 1:]:
            if a.on == b.id or b.on == a.id:
                continue
            d = distance(a, b)
            if d < -tol:
                found.append(Finding(f"no two pieces may overlap: the {a.name} ({a.id}) and the {b.name} ({b.id}) "
                                     f"overlap by {-d:.1f} mm", b.where))
    for p in pieces:
        x0, y0, x1, y1 = p.box()
        room = min(x0, y0, table.width - x1, table.height - y1)
        if room < table.spare - tol:
            where_words = "is off the table" if room < -tol else f"is {max(room, 0.0):.1f} mm from the table's edge"
            found.append(Finding(f"every piece must be on the table with at least {table.spare_words} "
                                 f"to spare: the {p.name} ({p.id}) {where_words}", p.where))
    by_id = table.by_id()
    for rule in table.rules:
        problem = _rule_problem(rule, table, by_id, tol)
        if problem:
            found.append(Finding(f"rule broken: {rule.says}: {problem}", rule.where))
    return found


def _rule_problem(rule: Rule, table: Table, by_id: dict[str, Piece], tol: float) -> str | None:
    return measure(rule, table, by_id, tol)[1]


def measure(rule: Rule, table: Table, by_id: dict[str, Piece], tol: float) -> tuple[str, str | None]:
    """What one rule measures on the table, in words, and what is wrong (None when it holds), so a
    report can list every rule with its figure, not only the broken ones."""
    if rule.kind == "gap":
        d, a, b = _set_distance(table, rule.sets[0], rule.sets[1] if len(rule.sets) > 1 else None)
        seen = f"{d:.1f} mm, wanted {rule.value:.1f} mm"
        if abs(d - rule.value) > tol:
            return seen, f"the gap between {a.id} and {b.id} is {_mm(d, table)}, not {_mm(rule.value, table)}"
        return seen, None
    if rule.kind == "within":
        worst, far = None, -math.inf
        for member in rule.sets[0]:
            d = min(distance(by_id[member], by_id[other]) for other in rule.sets[1])
            if d > rule.value + tol:
                return f"{member} {_mm(d, table)} away", f"{member} is {_mm(d, table)} away, more than {_mm(rule.value, table)}"
            if d < -tol:
                return f"{member} overlaps", f"{member} overlaps {rule.names[1]}"
            if d > far:
                worst, far = member, d
        return f"farthest {max(far, 0.0):.1f} mm ({worst}), at most {rule.value:.1f} mm", None
    if rule.kind == "stack":
        members = rule.sets[0]
        if len(members) != 2:
            return f"{len(members)} pieces", f"{rule.names[0]} should be two pieces, not {len(members)}"
        base, top = by_id[members[0]], by_id[members[1]]
        if top.on != base.id:
            return f"{top.id} not on {base.id}", f"{top.id} does not lie on {base.id}"
        for key, wanted in rule.top.items():
            shown = top.face if key == "face" else getattr(top.card.values.get(key), "name", top.card.values.get(key))
            if str(shown) != wanted:
                return f"top {key} {shown}", f"the top tile's {key} is {shown}, not {wanted}"
        tops = "".join(f", its {k} {v}" for k, v in rule.top.items())
        return f"{top.id} lies on {base.id}{tops}", None
    if rule.kind == "line":
        points = [_centre(table, ids) for ids in rule.sets]
        (x0, y0), (x1, y1) = points[0], points[-1]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        worst = max(abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / length for x, y in points[1:-1]) \
            if len(points) > 2 else 0.0
        seen = f"{worst:.1f} mm off the line"
        return seen, (f"the middle of {rule.names[1]} is {worst:.1f} mm off the line" if worst > tol else None)
    if rule.kind == "share":
        common = set(rule.sets[0]) & set(rule.sets[1])
        seen = f"{len(common)} piece{'s' if len(common) != 1 else ''} in common" + \
            (f" ({next(iter(common))})" if len(common) == 1 else "")
        return seen, (f"they have {len(common)} pieces in common" if len(common) != 1 else None)
    if rule.kind == "row":
        xs = [by_id[i].x for i in rule.sets[0]]
        ys = [by_id[i].y for i in rule.sets[0]]
        off = min(max(ys) - min(ys), max(xs) - min(xs))
        return f"{off:.1f} mm out of line", (f"they are {off:.1f} mm out of line" if off > tol else None)
    if rule.kind == "face":
        pieces = [pid for ids in rule.sets for pid in ids]
        wrong = [pid for pid in pieces if by_id[pid].face != rule.value]
        if wrong:
            return f"{wrong[0]} face {by_id[wrong[0]].face}", f"{wrong[0]} lies face {by_id[wrong[0]].face}"
        return f"all {len(pieces)} face {rule.value}", None
    return "", None


def checked_table(deck, layout, name: str, where: Where | None = None) -> Table:
    """A table layout that keeps every rule, or a UserError naming the first broken one."""
    table = load_table(deck, layout, name, where)
    found = check(table)
    if found:
        more = f" ({len(found) - 1} more rule{'s' if len(found) > 2 else ''} broken too)" if len(found) > 1 else ""
        raise UserError(found[0].message + more, found[0].where,
                        "move the pieces or change the rule in the table layout; "
                        f"`printgen validate {deck.key} --game {name}` lists every broken rule")
    return table


def report(table: Table) -> tuple[str, int]:
    """The check as a report for `printgen validate DECK --game NAME`, and its exit status."""
    found = check(table)
    tiles = sum(1 for p in table.pieces if p.kind == "tile")
    coins = sum(1 for p in table.pieces if p.kind == "coin")
    later = [p for p in table.pieces if p.enters]
    marked = f" ({len(later)} of them marked where they come into play later)" if later else ""
    lines = [f"Table layout '{table.name}' ({table.title}): {table.width:g} x {table.height:g} mm table, "
             f"{tiles} tiles and {coins} coins placed{marked}, {len(table.rules)} rules plus overlap, edge and "
             f"one-of-each checks, within {table.tolerance:g} mm"]
    if table.unused:
        lines.append(f"   note: not used: {', '.join(table.unused)}")
    nearest = min(min(p.box()[0], p.box()[1], table.width - p.box()[2], table.height - p.box()[3]) for p in table.pieces)
    overlaps = sum(1 for f in found if f.message.startswith("no two pieces may overlap"))
    off = sum(1 for f in found if f.message.startswith("every piece must be on the table"))
    lines.append(f"   {'fail' if overlaps else 'pass'}: no two pieces overlap ({overlaps} overlapping pair"
                 f"{'' if overlaps == 1 else 's'} of {len(table.pieces)} pieces)")
    lines.append(f"   {'fail' if off else 'pass'}: every piece lies on the table with {table.spare_words} to spare "
                 f"(the nearest is {max(nearest, 0.0):.1f} mm from the edge, at least {table.spare:.2f} mm needed)")
    by_id, tol = table.by_id(), table.tolerance
    for rule in table.rules:             # every rule with its figure, so a pass says what was measured
        seen, problem = measure(rule, table, by_id, tol)
        place = f"line {rule.where.line}: " if rule.where.line else ""
        lines.append(f"   {'fail' if problem else 'pass'}: {place}{rule.says} ({seen})")
    for finding in found:
        lines.append(f"   broken: {finding.where.describe()}: {finding.message}" if finding.where.line
                     else f"   broken: {finding.message}")
    lines += ["", f"Result: {'passes' if not found else f'{len(found)} broken'} (exit status {1 if found else 0})"]
    return "\n".join(lines), 1 if found else 0


def validate_tables(deck_ref: str, game: str | None) -> tuple[str, int] | None:
    """`printgen validate DECK --game NAME` for a table layout (decks/DECK/tables/NAME.yaml), or
    every table layout of a deck that simulates no game; None when a simulated game is meant."""
    from printgen.layouts import load_layout
    from printgen.load import ALL_CARDS, load_deck

    deck = load_deck(deck_ref, ALL_CARDS)
    names = table_names(deck)
    if game is not None and game not in names:
        return None
    if game is None and (deck.games or not names):
        return None
    layout = load_layout(deck.layout, deck)
    texts, status = [], 0
    for name in [game] if game else names:
        text, code = report(load_table(deck, layout, name))
        texts.append(text)
        status = max(status, code)
    return "\n\n".join(texts), status
