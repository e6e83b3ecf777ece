"""The YAML 1.2 core schema for plain scalars: `12:30` and `yes` stay text, and only true/false,
null and ordinary numbers are read as something else, so a teacher's caption is never turned
into a number behind her back.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

TAG = "tag:yaml.org,2002:"
STR, INT, FLOAT, BOOL, NULL, SEQ, MAP, MERGE = (TAG + name for name in
                                                ("str", "int", "float", "bool", "null", "seq", "map", "merge"))
# Plain (unquoted) scalars that mean something other than text, tried in this order. YAML 1.1's
# sexagesimal numbers (12:30 -> 750), yes/no/on/off, dates and 1_000 are text here; so are
# .inf and .nan, which no printgen setting wants and would only poison a length.
_CORE: tuple[tuple[str, str, str], ...] = (
    (NULL, r"~|null|Null|NULL|", "~nN"),
    (BOOL, r"true|True|TRUE|false|False|FALSE", "tTfF"),
    (INT, r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+", "-+0123456789"),
    (FLOAT, r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?", "-+.0123456789"),
    (MERGE, r"<<", "<"),
)
PATTERNS = {tag: re.compile(rf"(?:{pattern})\Z") for tag, pattern, _ in _CORE}
# First character -> the patterns worth trying, in order: most plain scalars are words and try none.
_BY_FIRST = {char: [(tag, PATTERNS[tag]) for tag, _, first in _CORE if char in first]
             for char in "".join(first for _, _, first in _CORE)}
SPECIAL_START = frozenset(_BY_FIRST)
SCALAR_TAGS = {STR, INT, FLOAT, BOOL, NULL}
NUMBER_DIGITS = 100   # longer than any real number; Python refuses ints of over 4,300 digits


def resolve_plain(value: str) -> str:
    if not value:
        return NULL
    for tag, pattern in _BY_FIRST.get(value[0], ()):
        if pattern.match(value):
            return tag
    return STR


def _to_int(text: str) -> int:
    if text.startswith(("0o", "0x")):
        return int(text[2:], 8 if text[1] == "o" else 16)
    return int(text)


def value_of(tag: str, text: str) -> Any:
    """A scalar's value, once its tag is known and its text checked against the tag."""
    if tag == INT:
        return _to_int(text)
    if tag == FLOAT:
        return float(text)
    if tag == BOOL:
        return text.lower() == "true"
    if tag == NULL:
        return None
    return text


_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when PyYAML has it: several times faster


def compose_nodes(text: str) -> yaml.Node | None:
    """The text's node tree with the positions PyYAML's safe loader gives, for editing a file in
    place (the editor and spreadsheet round trip, a copy's new title). Why not yaml.compose with the
    pure-Python SafeLoader: libyaml gives the same marks several times faster (a deck of 43 cards was
    a tenth of a second); its one difference, a plain scalar's style '' where the pure loader says
    None, is put back, since the editing code tells plain from quoted values by it."""
    root = yaml.compose(text, Loader=_Base)
    waiting = [root] if root is not None else []
    while waiting:
        node = waiting.pop()
        if isinstance(node, yaml.ScalarNode):
            if not node.style:
                node.style = None
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                waiting.append(key)
                waiting.append(value)
        elif isinstance(node, yaml.SequenceNode):
            waiting.extend(node.value)
    return root


class CoreLoader(_Base):  # type: ignore[misc, valid-type]
    """PyYAML's safe loader reading plain scalars by the YAML 1.2 core schema.

    parse_yaml builds the data itself from this class's parser events, with its own checks; the
    resolvers and constructors are set too, so `yaml.load(text, Loader=CoreLoader)` reads values
    the same way (without the checks).
    """

    yaml_implicit_resolvers: dict = {}


for _tag, _pattern, _first in _CORE:
    CoreLoader.add_implicit_resolver(_tag, PATTERNS[_tag], list(_first) + ([""] if _tag == NULL else []))
for _tag in (INT, FLOAT, BOOL, NULL):
    CoreLoader.add_constructor(_tag, lambda loader, node, tag=_tag: value_of(tag, node.value))
