"""Table layouts measured: the geometry of pieces on a table, and the check of every rule a layout
keeps (its own and the three every layout keeps). Why apart from reading
(printgen/model/tablelayout.py): the reader refuses what cannot be measured, at its line, so
everything here may trust a layout's sets of pieces. The report of `printgen validate DECK --game
NAME` for a table layout is printgen/commands/tables.py.
"""

from __future__ import annotations

import math

from printgen.files.errors import UserError, Where
from printgen.model.deck import Deck, Layout
from printgen.model.tabletypes import Finding, Piece, Rule, Table, piece_pairs

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


def set_distance(table: Table, first: list[str], second: list[str] | None,
                 where: Where | None = None) -> tuple[float, Piece, Piece]:
    pieces = table.by_id()
    pairs = [(pieces[a], pieces[b]) for a, b in piece_pairs(first, second, pieces)]
    if not pairs:       # load_table refuses such a rule; a Table made by hand still gets its line
        raise UserError("a 'gap' rule needs two pieces to measure between", where or Where(table.file))
    return min(((distance(a, b), a, b) for a, b in pairs), key=lambda t: (t[0], t[1].id, t[2].id))


def _centre(table: Table, ids: list[str]) -> tuple[float, float]:
    pieces = table.by_id()
    return (sum(pieces[i].x for i in ids) / len(ids), sum(pieces[i].y for i in ids) / len(ids))


def _off_line(points: list[tuple[float, float]], names: list[str]) -> tuple[float, str]:
    """How far the middle farthest from a straight line is from it, and whose middle it is. The
    line runs through the two middles farthest apart (not the first and last named: those may
    coincide, a tower's tile under another), so no choice of order makes the measure meaningless;
    when every middle is one point they are on a line."""
    pairs = [(i, j) for i in range(len(points)) for j in range(i + 1, len(points))]
    i, j = max(pairs, key=lambda p: (math.dist(points[p[0]], points[p[1]]), -p[0], -p[1]))
    (x0, y0), (x1, y1) = points[i], points[j]
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1e-9:
        return 0.0, names[0]
    off = [(abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / length, -k) for k, (x, y) in enumerate(points)]
    worst, k = max(off)
    return worst, names[-k]


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
        d, a, b = set_distance(table, rule.sets[0], rule.sets[1] if len(rule.sets) > 1 else None, rule.where)
        seen = f"{d:.1f} mm, wanted {rule.value:.1f} mm"
        if abs(d - rule.value) > tol:
            return seen, f"the gap between {a.id} and {b.id} is {_mm(d, table)}, not {_mm(rule.value, table)}"
        return seen, None
    if rule.kind == "within":
        worst, far = None, -math.inf
        for member in rule.sets[0]:
            d = min(distance(by_id[member], by_id[other]) for other in rule.sets[1])
            if d > rule.value + tol:
                return (f"{member} {_mm(d, table)} away",
                        f"{member} is {_mm(d, table)} away, more than {_mm(rule.value, table)}")
            if d < -tol:
                return f"{member} overlaps", f"{member} overlaps {rule.names[1]}"
            if d > far:
                worst, far = member, d
        return f"farthest {max(far, 0.0):.1f} mm ({worst}), at most {rule.value:.1f} mm", None
    if rule.kind == "stack":
        members = rule.sets[0]          # two pieces, the lower first (load_table checks)
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
        off, name = _off_line([_centre(table, ids) for ids in rule.sets], rule.names)
        seen = f"{off:.1f} mm off the line"
        return seen, (f"the middle of {name} is {off:.1f} mm off the line" if off > tol else None)
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


def checked_table(deck: Deck, layout: Layout, name: str, where: Where | None = None) -> Table:
    """A table layout that keeps every rule, or a UserError naming the first broken one."""
    kept = layout.tables.get(name)
    if kept is not None:        # checked when the layout was read (checked_tables)
        return kept
    from printgen.model.tablelayout import load_table

    table = load_table(deck, layout, name, where)
    found = check(table)
    if found:
        from printgen.model.finding import deck_ref

        more = f" ({len(found) - 1} more rule{'s' if len(found) > 2 else ''} broken too)" if len(found) > 1 else ""
        raise UserError(found[0].message + more, found[0].where,
                        "move the pieces or change the rule in the table layout; "
                        f"`printgen validate {deck_ref(deck.folder, deck.key)} --game {name}` lists every "
                        "broken rule")
    return table


def checked_tables(deck: Deck, layout: Layout) -> dict[str, Table]:
    """Every table layout of the deck that keeps its rules with this layout's pieces, by name, to
    keep with the layout (Layout.tables). One with a mistake is left out: the part that draws it
    reads it again and reports the mistake there, as without this."""
    import contextlib

    from printgen.model.tablelayout import table_names

    found: dict[str, Table] = {}
    if not layout.spec.components:      # pieces are sized from the layout's component kinds
        return found
    for name in table_names(deck):
        with contextlib.suppress(UserError):
            found[name] = checked_table(deck, layout, name)
    return found
