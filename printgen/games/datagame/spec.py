"""Reading a game file: its top-level settings checked with their lines, its card attributes made
into tables from a deck, and its options as printgen's own option declarations.

Why apart from the compiled program: this is what a game *is* (players, options, variants, zones,
what it reads of a card), known before any deck is at hand; the program is built from it per
prepared deck (program.py). Every mistake names the game file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.yamlsrc import Located, load_yaml
from printgen.games.datagame.scope import BUILTIN_VARS
from printgen.games.datagame.state import MAX_PLAYERS
from printgen.model.deck import Deck
from printgen.sim.options import Option

TOP = {"name", "title", "about", "players", "pack", "variants", "options", "cards", "in_play", "vars", "zones",
       "start", "dealer", "play", "winner", "length", "greedy", "horizon", "report", "step_cap",
       "melds"}
MAX_ZONES = 32
MAX_VARS = 64
MAX_OPTIONS = 16
MAX_NUMBER = 10 ** 12     # the bound on any value of a game (program.py checks set: and score:)
FACES = ("up", "down", "owner", "top")     # a zone's visibility: everyone, nobody, its owner, its top card
PARTS = ("index", "value", "start", "end", "number", "name")
_FIELD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_]+)?")
_PLAIN_CALLS = {"abs", "max", "min"}


@dataclass
class Zone:
    name: str
    each: bool
    hand: bool
    uses: bool
    melds: tuple[str, ...] = ()              # a table of melds: the meld kinds laid on it (melds.py)
    faces: str = "up"                        # who sees its cards (FACES; hidden.py)


@dataclass
class Spec:
    """A game file read and checked: everything but the steps, which program.py compiles per deck."""

    source: Located
    name: str
    title: str
    players: tuple[int, ...]
    variants: dict[str, dict[str, Any]]
    options: tuple[Option, ...]
    attrs: dict[str, tuple[str, str]]        # attribute -> (field, part)
    zones: list[Zone]
    vars: dict[str, int]                     # a game file's own variables and their first values
    start: str
    dealer: str
    winner: str
    length: str
    greedy: str
    good_hand: tuple[int, int] | None
    group: str | None
    step_cap: int
    horizon: tuple[Any, Any] | None = None   # (mark, score) expressions: where a search's playout stops

    def where(self, path: tuple[Any, ...]) -> Where:
        return self.source.where(path)


def read_game_file(path: Path, within: Path | None = None) -> Spec:
    """The game file at `path` (kept inside `within`, the deck's folder), checked; UserError at its line."""
    located = load_yaml(path, within=within, what="game file", place="the deck's folder")
    data = located.data
    if not isinstance(data, dict):
        raise UserError("a game file holds settings (players:, zones:, play: ...)", located.where(()))

    def fail(key: tuple[Any, ...], message: str, hint: str | None = None) -> UserError:
        return UserError(message, located.where(key), hint)

    for key in data:
        if key not in TOP:
            raise fail((key,), f"a game file has no setting '{key}'", did_you_mean(str(key), TOP)
                       or "settings: " + ", ".join(sorted(TOP)))
    for key in ("players", "zones", "play"):
        if key not in data:
            raise fail((), f"the game file gives no '{key}'",
                       "printgen new --game KIND writes a commented game file to start from")
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name.replace("-", "").replace("_", "").isalnum():
        raise fail(("name",), f"a game's name is a word (letters, digits, - and _), not {name!r}")
    players = _players(data["players"], fail)
    zones = _zones(data["zones"], fail)
    names = {z.name for z in zones}
    start_zone = data.get("start") or next((z.name for z in zones if not z.each), None)
    _faces(zones, data["zones"], start_zone, fail)
    options = _options(data.get("options") or {}, fail)
    variants = _variants(data.get("variants"), {o.name for o in options}, fail)
    attrs = _attrs(data.get("cards") or {}, fail)
    vars_ = _vars(data.get("vars") or {}, fail)
    clash = (set(attrs) & set(vars_)) | (set(attrs) & names) | (set(vars_) & names) | \
        ({o.name for o in options} & (set(attrs) | set(vars_) | names))
    if clash:
        word = sorted(clash)[0]
        raise fail((), f"'{word}' names two things (a card attribute, variable, zone or option)",
                   "give each its own name")
    start = data.get("start") or next((z.name for z in zones if not z.each), None)
    if start is None or start not in names or next(z for z in zones if z.name == start).each:
        raise fail(("start",), "the pack starts in a shared zone (one that is not 'each'): name it under start:",
                   "e.g. zones: {stock: {}} and start: stock")
    dealer = str(data.get("dealer", "first"))
    if dealer not in ("first", "random"):
        raise fail(("dealer",), f"the dealer is 'first' (seat 0) or 'random', not '{dealer}'")
    winner = str(data.get("winner", "highest"))
    if winner not in ("highest", "lowest"):
        raise fail(("winner",), f"the winner has the 'highest' or the 'lowest' score, not '{winner}'")
    length = str(data.get("length", "turns"))
    if length not in set(vars_) | {"turns", "rounds"}:
        raise fail(("length",), f"a game's length is counted in turns, rounds or one of its variables, not '{length}'")
    report = data.get("report") or {}
    if not isinstance(report, dict) or set(report) - {"good_hand", "group"}:
        raise fail(("report",), "report: takes good_hand: [FEWEST, MOST] and group: ATTRIBUTE")
    good = report.get("good_hand", (5, 12))
    good_hand = (int(good[0]), int(good[1])) if isinstance(good, (list, tuple)) and len(good) == 2 else None
    if good is not None and good_hand is None:
        raise fail(("report", "good_hand"), "good_hand is two numbers, [FEWEST, MOST], or null for no check")
    group = report.get("group", "suit" if "suit" in attrs else next(iter(attrs), None))
    if group is not None and group not in attrs:
        raise fail(("report", "group"), f"'{group}' is not a card attribute", "attributes: " + ", ".join(attrs))
    cap = data.get("step_cap", 5000)
    if isinstance(cap, bool) or not isinstance(cap, int) or not 10 <= cap <= 1_000_000:
        raise fail(("step_cap",), "step_cap is a whole number of decisions from 10 to 1,000,000")
    title = data.get("title", name)
    return Spec(located, name, str(title), players, variants, options, attrs, zones, vars_, start, dealer, winner,
                length, str(data.get("greedy", "score")), good_hand, group, cap, _horizon(data.get("horizon"), fail))


def _horizon(value: Any, fail: Any) -> tuple[Any, Any] | None:
    """`horizon: {mark: EXPRESSION, score: EXPRESSION}` as (mark, score or None), the two checked
    for shape here and compiled per deck (machine.compile_program) like `greedy:`."""
    if value is None:
        return None
    shape = ("horizon: takes mark: EXPRESSION (a search's trial game stops where its value changes) and, if the "
             "score will not do, score: EXPRESSION (what each seat gained, per seat)")
    if not isinstance(value, dict):
        raise fail(("horizon",), shape, "e.g. horizon: {mark: hands}")
    for key, text in value.items():     # a misspelt key first: 'mrk' is named, not a missing mark
        if key not in ("mark", "score"):
            raise fail(("horizon", key), f"horizon: has no setting '{key}'",
                       did_you_mean(str(key), {"mark", "score"}) or "settings: mark, score")
        if isinstance(text, bool) or not isinstance(text, (str, int)):
            given = "nothing" if text is None else f"{text!r}"
            raise fail(("horizon", key), f"horizon's {key} is an expression, and it was given {given}",
                       "e.g. horizon: {mark: hands}")
    if "mark" not in value:
        raise fail(("horizon",), shape, "e.g. horizon: {mark: hands}")
    return value["mark"], value.get("score")


def _players(value: Any, fail: Any) -> tuple[int, ...]:
    counts = value if isinstance(value, list) else [value]
    if not counts or any(isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_PLAYERS for n in counts):
        raise fail(("players",), f"players is a list of player counts from 1 to {MAX_PLAYERS}, e.g. [2, 3, 4]")
    return tuple(sorted(set(counts)))


def _zones(value: Any, fail: Any) -> list[Zone]:
    if not isinstance(value, dict) or not value:
        raise fail(("zones",), "zones names the places cards can be: zones: {stock: {}, hand: {each: true}}")
    if len(value) > MAX_ZONES:
        raise fail(("zones",), f"a game has at most {MAX_ZONES} zones")
    out = []
    for name, settings in value.items():
        settings = settings or {}
        if not isinstance(settings, dict) or set(settings) - {"each", "hand", "uses", "about", "melds", "faces"}:
            raise fail(("zones", name), "a zone takes each: (one per player), hand: (its cards are held), "
                       "uses: (a card moved into it is put to use), melds: (the meld kinds laid on it), "
                       "faces: (who sees its cards) and about:")
        kinds = settings.get("melds") or []
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
            raise fail(("zones", name, "melds"), "melds: names the meld kinds laid on this table: melds: [run, set]")
        if not str(name).isidentifier():
            raise fail(("zones", name), f"a zone's name is a word, not '{name}'")
        out.append(Zone(str(name), bool(settings.get("each", False)), bool(settings.get("hand", name == "hand")),
                        bool(settings.get("uses", False)), tuple(kinds)))
    return out


def _faces(zones: list[Zone], raw: dict[Any, Any], start: Any, fail: Any) -> None:
    """Each zone's `faces:`, given or by default: a hand each player has is seen by its owner only,
    the pack's starting zone (a stock) by nobody, any other zone by everyone. Why defaults: most
    files name a hand and a stock, and a search player must never read the cards a seat cannot see."""
    for zone in zones:
        given = (raw.get(zone.name) or {}).get("faces")
        if given is None:
            zone.faces = "owner" if zone.each and zone.hand else "down" if zone.name == start else "up"
            continue
        if given not in FACES:
            raise fail(("zones", zone.name, "faces"), f"faces: is one of {', '.join(FACES)}, not '{given}'",
                       "up: everyone sees its cards; down: nobody (only how many); owner: only the player whose "
                       "zone it is; top: only its top card")
        if given == "owner" and not zone.each:
            raise fail(("zones", zone.name, "faces"), f"'{zone.name}' is one shared zone: it has no owner to see it",
                       "faces: owner is for a zone each player has (each: true)")
        if zone.melds and given != "up":
            raise fail(("zones", zone.name, "faces"), "a table of melds lies face up: its melds are read by everyone",
                       "leave out faces: here, or say faces: up")
        zone.faces = str(given)


def _options(value: Any, fail: Any) -> tuple[Option, ...]:
    if not isinstance(value, dict) or len(value) > MAX_OPTIONS:
        raise fail(("options",), f"options is a mapping of at most {MAX_OPTIONS} options")
    out = []
    for name, settings in value.items():
        if not isinstance(settings, dict) or "default" not in settings or set(settings) - {"values", "default",
                                                                                           "meaning"}:
            raise fail(("options", name), "an option takes values: (a list), default: and meaning:")
        values = settings.get("values")
        allowed: Any = None
        if isinstance(values, list) and values:
            allowed = tuple(str(v) for v in values)
            if str(settings["default"]) not in allowed:
                raise fail(("options", name, "default"), f"the default '{settings['default']}' is not among the values")
        elif values is not None:
            raise fail(("options", name, "values"), "values is a list of what the option may be")
        default = str(settings["default"]) if allowed else settings["default"]
        out.append(Option(str(name), allowed, default, str(settings.get("meaning", ""))))
    return tuple(out)


def _variants(value: Any, options: set[str], fail: Any) -> dict[str, dict[str, Any]]:
    if value is None:
        return {"basic": {}}
    if not isinstance(value, dict) or not value:
        raise fail(("variants",), "variants maps each variant's name to its options: {basic: {}, short: {deal: 5}}")
    out = {}
    for name, settings in value.items():
        settings = settings or {}
        if not isinstance(settings, dict):
            raise fail(("variants", name), "a variant gives option values: {deal: 5}")
        for key in settings:
            if key not in options:
                raise fail(("variants", name, key), f"'{key}' is not an option of this game",
                           did_you_mean(str(key), options) or "declare it under options:")
        out[str(name)] = dict(settings)
    return out


def _attrs(value: Any, fail: Any) -> dict[str, tuple[str, str]]:
    if not isinstance(value, dict):
        raise fail(("cards",), "cards maps each attribute the game reads to a field: {suit: suit, rank: rank.value}")
    out = {}
    for attr, source in value.items():
        if not str(attr).isidentifier():
            raise fail(("cards", attr), f"an attribute's name is a word, not '{attr}'")
        if not _FIELD.fullmatch(str(source)):
            out[str(attr)] = (str(source), "expr")        # worked out from the attributes before it
            continue
        field, _, part = str(source).partition(".")
        part = part or "index"
        if part not in PARTS:
            raise fail(("cards", attr), f"'.{part}' is not a part of a field", "parts: " + ", ".join(PARTS))
        out[str(attr)] = (field, part)
    return out


def _vars(value: Any, fail: Any) -> dict[str, int]:
    if isinstance(value, list):
        value = {name: 0 for name in value}
    if not isinstance(value, dict) or len(value) > MAX_VARS:
        raise fail(("vars",), f"vars lists at most {MAX_VARS} variables (with first values: {{led: -1}})")
    out = {}
    for name, first in value.items():
        if not str(name).isidentifier() or name in BUILTIN_VARS:
            raise fail(("vars", name), f"'{name}' cannot be a variable's name",
                       "built in already: " + ", ".join(BUILTIN_VARS))
        if isinstance(first, bool) or not isinstance(first, int) or abs(first) > MAX_NUMBER:
            raise fail(("vars", name), f"a variable starts as a whole number (-1 for none) of at most {MAX_NUMBER:,} "
                       "either way")
        out[str(name)] = first
    return out


def attribute_tables(spec: Spec, deck: Deck) -> tuple[dict[str, list[int]], list[str]]:
    """Each card attribute as a table over the deck's cards, and each card's group for the report;
    UserError naming the card and field a value cannot be read from, or the attribute's line when
    the deck has no such field at all."""
    _check_fields(spec, deck)
    tables: dict[str, list[int]] = {name: [] for name in spec.attrs}
    words: dict[str, list[str]] = {name: [] for name in spec.attrs}
    groups = []
    for card in deck.cards:
        for attr, (field, part) in spec.attrs.items():
            if part != "expr":
                tables[attr].append(_number(card, field, part, words[attr], spec, attr))
        if spec.group is not None:
            field = spec.attrs[spec.group][0]
            value = card.values.get(field)
            groups.append(str(getattr(value, "name", value)))
        else:
            groups.append("")
    known: dict[str, list[int]] = {a: t for a, t in tables.items() if spec.attrs[a][1] != "expr"}
    for attr, (text, part) in spec.attrs.items():
        if part == "expr":
            test = card_measure(spec, text, known, ("cards", attr))
            tables[attr] = [test(k) for k in range(len(deck.cards))]
            known[attr] = tables[attr]
    return tables, groups


def _check_fields(spec: Spec, deck: Deck) -> None:
    """Every field an attribute reads is one the deck declares. Why here, per deck: a game file is
    read before any deck is at hand, and a misspelt field would otherwise read as "none" (-1) on
    every card, so validate would report games that never happened instead of an error."""
    known = set(deck.fields)
    for card in deck.cards:
        known.update(card.values)
    for attr, (field, part) in spec.attrs.items():
        if part == "expr" or field in known:
            continue
        fields = sorted(known)
        listed = "the deck's fields: " + (", ".join(fields) if fields else "none")
        close = did_you_mean(field, fields)
        raise UserError(f"the card attribute '{attr}' reads the field '{field}', and the deck '{deck.key}' "
                        "has no such field", spec.where(("cards", attr)),
                        f"{close} ({listed})" if close else
                        f"{listed}; add the field to the deck's fields: or read another one")


def card_measure(spec: Spec, text: str, tables: dict[str, list[int]], path: tuple[Any, ...]) -> Any:
    """A number worked out for each card from its attributes alone (`start * 2 + (end > start)`,
    `in_play == 1`): card -> int. Why checked apart: it is worked out once per deck, before any game,
    so only the card's own attributes, numbers, arithmetic and abs/max/min may appear in it."""
    from printgen.games.datagame.expr import ExprError, Node, parse, quoted
    from printgen.games.datagame.scope import Scope

    def plain(node: Node) -> bool:
        if node.kind == "call" and node.value not in _PLAIN_CALLS:
            return False
        if node.kind in ("zone",) or (node.kind == "name" and node.value not in tables and node.value != "card"):
            return False
        return all(plain(arg) for arg in node.args)
    try:
        tree = parse(text)
        if not plain(tree):
            raise ExprError("a card's worked-out attribute reads only the card's attributes (declared above it), "
                            "numbers, arithmetic and abs/max/min", "attributes: " + ", ".join(tables))
        fn = Scope(attrs=tables).build(tree, True)
    except ExprError as error:
        raise UserError(f"{error} ({quoted(text)})", spec.where(path), error.hint) from None
    return lambda k: fn(None, 0, k)


def _number(card: Any, field: str, part: str, seen: list[str], spec: Spec, attr: str) -> int:
    value = card.values.get(field)
    if value is None:
        return -1                               # a card without the field: "none"
    if part == "index":
        if hasattr(value, "index"):
            return int(value.index)
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, (int, float)):
            return int(value)
        if hasattr(value, "start"):
            return int(value.start)
        text = str(value)
        if text not in seen:
            seen.append(text)
        return seen.index(text)
    got = getattr(value, part, None)
    if part == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
        got = value
    if part == "end" and got is None and hasattr(value, "start"):
        got = 10_000
    if isinstance(got, (int, float)) and not isinstance(got, bool) and float(got).is_integer():
        return int(got)
    raise UserError(f"the game file reads '{field}.{part}' of each card as the attribute '{attr}', "
                    f"and this card's {field} has no whole-number {part}", card.where_of(field),
                    "a group's entries need a value: (e.g. ranks with value: 1 ... 13)")
