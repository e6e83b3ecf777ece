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

This module reads a layout and refuses, at its line, what no check could measure (an empty
group, a set measured against itself, a path for a name); printgen/model/tablecheck.py measures it.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, Field

from printgen.files.deckfiles import DECK_FOLDER, contained, exists, link_target, what_is
from printgen.files.deckfiles import shown as shown_file
from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.schema import Extent, Size, Strict
from printgen.model.tabletypes import Piece, Rule, Table, piece_pairs

if TYPE_CHECKING:
    from printgen.files.yamlsrc import Located
    from printgen.model.deck import Deck, Layout
    from printgen.model.kinds import Kind

TABLES = "tables"
# A table layout's name: its file name without '.yaml', as a layout's (no folder, no leading dot).
TABLE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")
# How far from the table's centre a piece may be placed, in units: a typo (an extra zero, 1e300)
# rather than a layout; a real table is a few dozen tile-widths across.
FARTHEST_AT = 1000.0


# Rules a table layout may hold once each 'each:' is counted out: every rule measures its groups
# against one another, so the count bounds the check's time. Castle Croquetnole needs about 40.
MAX_RULES = 2_000


def _some_pieces(pieces: list[TablePiece]) -> list[TablePiece]:
    if not pieces:
        raise ValueError("a table layout places at least one piece: list them, each with its id and where it goes")
    return pieces


class TablePiece(Strict):
    id: str
    at: list[Annotated[float, Field(ge=-FARTHEST_AT, le=FARTHEST_AT)]] | None = Field(None, min_length=2,
                                                                                         max_length=2)
    on: str | None = None
    face: Literal["up", "down"] = "up"
    label: str | None = None
    enters: str | None = None      # when it comes into play, if not at set-up ("on its player's first turn")


class TableRule(Strict):
    model_config = Strict.model_config | {"populate_by_name": True}

    each: dict[str, list[str]] = {}
    gap: list[str] | None = None
    within: list[str] | None = None
    stack: list[str] | None = None
    line: list[str] | None = None
    share: list[str] | None = None
    face: list[str] | None = None
    row: list[str] | None = None
    is_: str | float | None = Field(None, alias="is")
    top: dict[str, str] = {}
    says: str
    show: bool = False


class TableFile(Strict):
    title: str
    table: Size
    unit: str = "tile"
    spare: str = "1 coin"
    tolerance: Extent = 1.0
    pieces: Annotated[list[TablePiece], AfterValidator(_some_pieces)]
    groups: dict[str, list[str]] = {}
    rules: list[TableRule] = []


KINDS = ("gap", "within", "stack", "line", "share", "face", "row")


# --- loading ------------------------------------------------------------------------------------

def table_path(deck: Deck, name: object, where: Where | None = None) -> Path:
    """The file of a table layout named in a deck (a rule sheet's `table:` or `![](table:NAME)`, a
    board's `table` element, `validate --game NAME`). Why a plain name and never a path: a name in
    a deck must not reach a file outside the deck's folder, as for layouts and pictures; a link in
    tables/ leading out of it, or anything that is not a regular file, is refused the same way."""
    folder = deck.folder / TABLES
    known = table_names(deck)
    where = where or Where()
    text = str(name)
    shown = (text if len(text) <= 60 else text[:40] + "..." + text[-10:]).replace("\x00", "\\0")
    if not isinstance(name, str) or not TABLE_NAME.fullmatch(name):
        raise UserError(f"'{shown}' is not the name of a table layout: a table layout is named by its file name in "
                        f"{deck.key}/{TABLES}/ without '.yaml', with no folder", where,
                        did_you_mean(Path(text.replace("\\", "/")).stem, known)
                        or (f"table layouts: {', '.join(known)}" if known else
                            f"put the file in {deck.key}/{TABLES}/ and give its plain name"))
    contained(folder, deck.folder, where=where, place=DECK_FOLDER)     # tables/ itself a link out of the deck
    path = folder / f"{name}.yaml"
    if exists(path):         # whatever has the name is what was meant: refused as what it is
        try:
            inside = path.resolve().is_relative_to(folder.resolve())
        except (OSError, RuntimeError):        # a link loop: what_is says so
            inside = True
        if not inside:
            raise UserError(f"the table layout '{name}' is a link to a file outside {deck.key}/{TABLES}/ "
                            f"({link_target(path)})", where,
                            f"copy the file itself into {deck.key}/{TABLES}/")
        kind = what_is(path)
        if kind is not None:
            raise UserError(f"the deck '{deck.key}' has no table layout '{name}' that can be read: "
                            f"{shown_file(path)} is {kind}, not an ordinary file", where,
                            "in its place put the table layout itself, saved as an ordinary file")
        return path
    raise UserError(f"the deck '{deck.key}' has no table layout '{name}'", where,
                    did_you_mean(name, known) or (f"table layouts: {', '.join(known)}" if known else
                                                  f"a table layout is a file in {deck.key}/{TABLES}/"))


def table_names(deck: Deck) -> list[str]:
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
    from printgen.files.units import parse_length

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


def load_table(deck: Deck, layout: Layout, name: str, where: Where | None = None) -> Table:
    """A table layout with its pieces sized from the deck's component kinds."""
    from printgen.files.schema_errors import load_file
    from printgen.model.kinds import CARD_KIND, kind_layout, kind_of

    path = table_path(deck, name, where)
    spec, located = load_file(path, TableFile, "in a table layout", within=deck.folder, kind="table layout",
                              place=DECK_FOLDER)
    cards = {card.id: card for card in deck.cards}
    kinds: dict[str, Kind] = {}

    def kind(kind_name: str) -> Kind:
        if kind_name not in kinds:
            kinds[kind_name] = kind_layout(layout, kind_name)
        return kinds[kind_name]

    lengths = {k: kind(k).shape.width for k in layout.spec.components}
    unit_where = located.where(("unit",), field="unit")
    unit = _length(f"1 {spec.unit}" if spec.unit in lengths else spec.unit, lengths, unit_where)
    if unit <= 0:
        raise UserError(f"the unit '{spec.unit}' is {unit:g} mm: places are counted in a length above zero",
                        unit_where, "write 'unit: tile', 'unit: coin' or a length such as 'unit: 1in'")
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
    groups = _groups(spec.groups, located, seen)
    rules = []
    for index, raw in enumerate(spec.rules):
        rules += _expand(raw, located.where(("rules", index)), groups, seen, lengths)
        if len(rules) > MAX_RULES:
            raise UserError(f"the table layout holds more than {MAX_RULES:,} rules (with 'each:' counted out); a "
                            f"game's table needs a few dozen", located.where(("rules", index)),
                            "check for a rule repeated by mistake, or an 'each:' over a long list")
    spare_where = located.where(("spare",), field="spare")
    tiles_used = {p.kind for p in pieces}
    unused = [c.name for c in deck.cards if c.id not in seen and kind_of(deck, layout, c) in tiles_used
              and kind_of(deck, layout, c) == "tile"]
    spare = _length(spec.spare, lengths, spare_where)
    if spare < 0:
        raise UserError(f"'spare: {spec.spare}' is less than nothing: the room kept at the table's edge is zero or "
                        f"more", spare_where)
    return Table(name, spec.title, spec.table.width, spec.table.height, pieces, rules, groups, spec.tolerance,
                 spare, spare_words(spec.spare, spare), lengths, unused, path)


def _groups(raw: dict[str, list[str]], located: Located, seen: dict[str, Piece]) -> dict[str, list[str]]:
    """The named sets of pieces, each checked where it is written: a group with no pieces, one
    naming a piece twice or a piece not placed, or one named like a placed piece, would make every
    rule that names it measure nothing, a piece against itself, or something other than meant."""
    groups = {}
    for group, members in raw.items():
        where = located.where(("groups", group))
        if not members:
            raise UserError(f"the group '{group}' has no pieces: a rule naming it would have nothing to measure",
                            where, "list the ids of its pieces, such as [tile-moons-4, tile-arms-4], or remove it")
        for member in members:
            if member not in seen:
                raise UserError(f"the group '{group}' names '{member}', which is not placed", where,
                                did_you_mean(member, seen))
        twice = next((m for i, m in enumerate(members) if m in members[:i]), None)
        if twice is not None:
            raise UserError(f"the group '{group}' names '{twice}' twice: a piece is in a group once", where)
        if group in seen and list(members) != [group]:
            raise UserError(f"the group '{group}' has the id of a placed piece, so a rule naming '{group}' could "
                            f"mean either", where, "give the group another name")
        groups[group] = list(members)
    return groups


# How many sets of pieces each kind of rule names, and which kinds measure one set against another
# (so no piece may be in both: a piece's distance to itself measures nothing).
SETS = {"gap": (1, 2), "within": (2, 2), "stack": (1, 1), "line": (3, 9), "share": (2, 2), "face": (1, 9),
        "row": (1, 1)}
APART = ("gap", "within")


def _expand(raw: TableRule, where: Where, groups: dict[str, list[str]], seen: dict[str, Piece],
            lengths: dict[str, float]) -> list[Rule]:
    """One rule of the file as the rules it stands for (one per `each` entry), each checked for
    what it can measure when the file is read, at the rule's line: the checks and drawings that
    use a rule can then trust its sets (never empty, never a set measured against itself)."""
    kinds = [k for k in KINDS if getattr(raw, k) is not None]
    if len(kinds) != 1:
        raise UserError("each rule is one of " + ", ".join(KINDS) + (f"; this one has {', '.join(kinds)}" if kinds
                                                                       else "; this one has none"), where)
    kind = kinds[0]
    lists = list(raw.each.values())
    if lists and len({len(v) for v in lists}) != 1:
        raise UserError("the lists under 'each' must be equally long (they are taken side by side)", where)
    if lists and not lists[0]:
        raise UserError("the lists under 'each' are empty, so this rule would never be checked", where,
                        "list what the rule is repeated for, such as {castle: [Moons, Suns]}, or remove 'each'")
    count = len(lists[0]) if lists else 1
    out = []
    for i in range(count):
        fill = partial(_fill, {k: v[i] for k, v in raw.each.items()})
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
            if value < 0:
                raise UserError(f"a '{kind}' rule's length is {value:g} mm: a distance between pieces is zero or more",
                                where)
        elif kind == "face" and value not in ("up", "down"):
            raise UserError("a 'face' rule needs 'is: up' or 'is: down'", where)
        _check_sets(kind, names, sets, seen, where)
        out.append(Rule(kind, sets, names, value, {k: fill(v) for k, v in raw.top.items()}, fill(raw.says),
                        raw.show and i == 0, where))
    return out


def _fill(values: dict[str, str], text: str) -> str:
    """A rule's text with each `{name}` of its `each` lists replaced by this repetition's value."""
    for k, v in values.items():
        text = text.replace("{" + k + "}", v)
    return text


def _check_sets(kind: str, names: list[str], sets: list[list[str]], seen: dict[str, Piece], where: Where) -> None:
    """What a rule's sets must be for its measure to mean anything (see _expand)."""
    low, high = SETS[kind]
    if not low <= len(sets) <= high:
        raise UserError(f"a '{kind}' rule names {low}" + (f" to {high}" if high != low else "")
                        + f" set{'s' if high > 1 else ''} of pieces, not {len(sets)}", where)
    for i, name in enumerate(names):
        if name in names[:i]:
            raise UserError(f"the rule names '{name}' twice: it would measure '{name}' against itself", where,
                            "name two different groups or pieces")
        same = next((other for other, members in zip(names[:i], sets) if set(members) == set(sets[i])), None)
        if same is not None:
            raise UserError(f"'{same}' and '{name}' are the same pieces: the rule would measure them against "
                            f"themselves", where, "name two different groups or pieces")
    if kind in APART and len(sets) == 2:
        both = [p for p in sets[0] if p in sets[1]]
        if both:
            raise UserError(f"'{names[0]}' and '{names[1]}' both hold {both[0]}: a '{kind}' rule measures between "
                            f"two sets of pieces, and {both[0]} cannot be measured against itself", where,
                            "name sets with no piece in common")
    if kind == "gap" and not piece_pairs(sets[0], sets[1] if len(sets) > 1 else None, seen):
        why = (f"'{names[0]}' is one piece" if len(sets) == 1 and len(sets[0]) == 1 else
               f"the pieces of '{names[0]}' lie on each other" if len(sets) == 1 else
               f"the pieces of '{names[0]}' lie on those of '{names[1]}'")
        raise UserError(f"the 'gap' rule has no two pieces to measure between: {why}", where,
                        "name a group of two or more pieces side by side, or two sets of pieces apart")
    if kind == "stack" and len(sets[0]) != 2:
        raise UserError(f"a 'stack' rule names a set of two pieces, the lower first; '{names[0]}' has "
                        f"{len(sets[0])}", where)
    if kind == "row" and len(sets[0]) < 2:
        raise UserError(f"a 'row' rule names a set of two or more pieces; '{names[0]}' has one", where)
