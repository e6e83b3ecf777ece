"""Read YAML while remembering the line of every key and item.

PyYAML's composed node tree carries positions that plain `safe_load` throws away; keeping a
map from data path to line lets every later check point at the exact line the user must edit.
"""

from __future__ import annotations

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


def parse_yaml(text: str, path: Path) -> Located:
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        raise _explain(exc, text, path) from None
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        raise UserError(f"this is not valid YAML: {exc}", Where(path)) from None
    finally:
        loader.dispose()
    lines: dict[PathKey, int] = {}
    if node is not None:
        _record(node, (), lines)
    return Located(data, path, lines)


def _explain(exc: yaml.MarkedYAMLError, text: str, path: Path) -> UserError:
    """Turn PyYAML's complaint into one message at the line the user must fix.

    PyYAML reports where it gave up, which for an unclosed quote can be many lines later; a
    line with an odd number of double quotes before that point is almost always the culprit.
    """
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark is not None else None
    problem = exc.problem or exc.context or "malformed YAML"
    hint = next((h for k, h in _HINTS.items() if k in str(exc)), None)
    culprit = _unbalanced_quote_line(text, line)
    if culprit is not None:
        return UserError("this line opens a double quote (\") that is never closed", Where(path, culprit),
                         "end the text with a straight double quote; inside it use curly quotes \u201c \u201d")
    return UserError(f"this is not valid YAML: {problem}", Where(path, line), hint)


def _unbalanced_quote_line(text: str, limit: int | None) -> int | None:
    for number, line in enumerate(text.splitlines(), start=1):
        if limit is not None and number > limit:
            break
        code = line.split(" #")[0] if not line.lstrip().startswith("#") else ""
        if (code.count('"') - code.count('\\"')) % 2 == 1:
            return number
    return None


def _record(node: yaml.Node, path: PathKey, lines: dict[PathKey, int]) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                continue
            if key_node.value == "<<":  # merge keys: the merged keys point at the '<<' line
                _record(value_node, path, lines)
                continue
            key = _scalar_key(key_node)
            lines[path + (key,)] = key_node.start_mark.line + 1
            _record(value_node, path + (key,), lines)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines[path + (index,)] = item.start_mark.line + 1
            _record(item, path + (index,), lines)


def _scalar_key(node: yaml.ScalarNode) -> Any:
    """The key as safe_load constructs it, so paths match the data (e.g. int keys)."""
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node)
    finally:
        loader.dispose()
