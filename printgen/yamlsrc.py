"""Read YAML while remembering the line of every key and item.

PyYAML's composed node tree carries positions that plain `safe_load` throws away; keeping a
map from data path to line lets every later check point at the exact line the user must edit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from printgen.errors import UserError, Where

PathKey = tuple[Any, ...]


@dataclass
class Located:
    """Parsed YAML data plus the line (1-based) of each path inside it."""

    data: Any
    file: Path
    lines: dict[PathKey, int]

    def line_of(self, path: PathKey) -> int | None:
        """Line of the deepest known prefix of `path`: a missing key points at its parent."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def where(self, path: PathKey, card: str | None = None, field: str | None = None) -> Where:
        return Where(self.file, self.line_of(path), card, field)


_HINTS = {
    "mapping values are not allowed": "a value that contains ': ' must be put in double quotes",
    "found character '\\t'": "indent with spaces, not tabs",
    "could not find expected ':'": "each line inside a card needs 'field: value'; check the quotes on this line or the one above",
    "found unexpected end of stream": "a quote was opened and never closed",
    "did not find expected key": "check the indentation: fields of one card must line up",
    "found undefined alias": "an '*name' refers to an '&name' that is not defined above it",
}


def load_yaml(path: Path) -> Located:
    """Parse a YAML file into data and a path-to-line map, or raise a UserError."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError("file not found", Where(path)) from None
    except UnicodeDecodeError as exc:
        raise UserError(
            f"the file is not UTF-8 text (byte {exc.start})",
            Where(path),
            "save the file as UTF-8 in your editor",
        ) from None
    return parse_yaml(text, path)


# libyaml's loader when PyYAML has it: same nodes and marks, several times faster.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str, path: Path) -> Located:
    loader = _Loader(text)
    lines: dict[PathKey, int] = {}
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
        if node is not None:
            _record(node, (), lines, loader)
    except yaml.MarkedYAMLError as exc:
        raise _explain(exc, text, path) from None
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        raise UserError(f"this is not valid YAML: {exc}", Where(path)) from None
    finally:
        loader.dispose()
    return Located(data, path, lines)


def _explain(exc: yaml.MarkedYAMLError, text: str, path: Path) -> UserError:
    """Turn PyYAML's complaint into one message at the line the user must fix.

    PyYAML reports where it gave up, which for an unclosed quote can be many lines later; a
    line that leaves a double-quoted value open before that point is almost always the culprit.
    """
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark is not None else None
    lines = text.splitlines()
    culprit = next((n for n, t in enumerate(lines[: line or len(lines)], start=1) if _leaves_quote_open(t)), None)
    if culprit is not None:
        return UserError("this line opens a double quote (\") that is never closed",
                         Where(path, culprit, _card_at(lines, culprit)),
                         "end the text with a straight double quote; inside it use curly quotes \u201c \u201d")
    problem = exc.problem or exc.context or "malformed YAML"
    source = lines[line - 1] if line and line <= len(lines) else ""
    inner = next((n for n in (line, (line or 1) - 1) if n and n <= len(lines) and _INNER_QUOTE.search(lines[n - 1])), None)
    if inner is not None:
        return UserError("a straight double quote (\") inside the text ends it too early",
                         Where(path, inner, _card_at(lines, inner)),
                         "inside a caption use curly quotes \u201c \u201d (or \u2018 \u2019), and keep the straight ones "
                         "only at the start and end")
    if "found character '\\t'" in str(exc) or "\t" in source[: len(source) - len(source.lstrip())]:
        message, hint = "this line is indented with a tab", "indent with spaces, not tabs"
    elif "mapping values are not allowed" in problem and ": " in source.split(": ", 1)[-1]:
        message, hint = "this value contains ': '", "put the whole value in double quotes"
    elif any(signal in problem for signal in _INDENTATION_SIGNALS):
        message = "the indentation of this line does not match the lines around it"
        hint = "the lines of one card must start in the same column (count the spaces)"
    else:
        message = f"this is not valid YAML: {problem}"
        hint = next((h for k, h in _HINTS.items() if k in str(exc)), None)
    return UserError(message, Where(path, line, _card_at(lines, line)), hint)


def _leaves_quote_open(line: str) -> bool:
    """Whether a line starts a double-quoted value and does not close it.

    A quote only opens a string at the start of a value (after ': ', '- ', '[', '{' or ','),
    and '#' starts a comment only outside quotes, so `title: 12" ruler` and a caption holding
    ' #1' are not mistaken for unclosed quotes.
    """
    i, quoted = 0, None
    while i < len(line):
        ch = line[i]
        if quoted == '"':
            if ch == "\\":
                i += 2
                continue
            if ch == '"':
                quoted = None
        elif quoted == "'":
            if ch == "'":
                if line[i + 1: i + 2] == "'":
                    i += 2
                    continue
                quoted = None
        else:
            before = line[:i].rstrip()
            at_value = not before or before[-1] in ":-[{,"
            if ch == "#" and (i == 0 or line[i - 1] in " \t"):
                break
            if ch in "\"'" and at_value:
                quoted = ch
        i += 1
    return quoted == '"'


def _card_at(lines: list[str], line: int | None) -> str | None:
    """The name of the card a line belongs to, read from the text (the YAML did not parse)."""
    if not line:
        return None
    for text in reversed(lines[:line]):
        match = _CARD_START.match(text)
        if match:
            return match.group(1).strip().strip('"')
        if text and not text[0].isspace() and not text.startswith("#"):
            return None   # reached a top-level key: the line is not inside a card
    return None


# A double-quoted value closed and then followed by more text: a quote inside the text.
_INNER_QUOTE = re.compile(r':\s+"[^"]*"[^\s#,}\]]')
# What PyYAML and libyaml say when a line is indented wrongly.
_INDENTATION_SIGNALS = ("mapping values are not allowed", "expected <block end>", "did not find expected key",
                        "did not find expected '-' indicator")
_CARD_START = re.compile(r"^\s*-\s+name:\s*(.+?)\s*(?:#.*)?$")


def _record(node: yaml.Node, path: PathKey, lines: dict[PathKey, int], loader) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                continue
            if key_node.value == "<<":  # merge keys: the merged keys point at the '<<' line
                _record(value_node, path, lines, loader)
                continue
            # The key as the data holds it (an int key stays an int), so paths match the data.
            key = loader.construct_object(key_node)
            lines[path + (key,)] = key_node.start_mark.line + 1
            _record(value_node, path + (key,), lines, loader)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines[path + (index,)] = item.start_mark.line + 1
            _record(item, path + (index,), lines, loader)
