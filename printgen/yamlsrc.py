"""Read YAML while remembering the line of every key and item, and refuse what is broken or hostile.

PyYAML's parse events carry positions that plain `safe_load` throws away; keeping a map from data
path to line lets every later check point at the exact line the user must edit.

The file is read by our own small composer over libyaml's event stream (still the fast C
parser), because composing is where every hostile shape shows itself while the line of the
culprit is still at hand: a key given twice, an alias inside its own anchor, aliases that
multiply into billions of values, nesting thousands deep (libyaml's own composer recurses in C
and crashes on it), a megabyte caption. Each is refused there, at its line, against the limits
in printgen.limits. Scalars follow the YAML 1.2 core schema: `12:30` is text, not 750, and
`yes`/`no`/`on`/`off` are words; only true/false, null, whole and decimal numbers are special.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import (AliasEvent, DocumentEndEvent, MappingEndEvent, MappingStartEvent, ScalarEvent,
                         SequenceEndEvent, StreamEndEvent)

from printgen.errors import UserError, Where
from printgen.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_TEXT_CHARS, MAX_VALUES, describe_bytes

PathKey = tuple[Any, ...]


@dataclass
class Located:
    """Parsed YAML data plus the line (1-based) of each path inside it."""

    data: Any
    file: Path
    lines: dict[PathKey, int]
    # The text as typed of plain scalars YAML read as numbers: a text field shows `1.50`, not 1.5.
    written: dict[PathKey, str] = field(default_factory=dict)

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

    def as_written(self, path: PathKey) -> str | None:
        """The characters the user typed for a value YAML read as a number, else None."""
        return self.written.get(tuple(path))


def load_yaml(path: Path) -> Located:
    """Parse a YAML file into data and a path-to-line map, or raise a UserError."""
    path = Path(path)
    return parse_yaml(read_source(path), path)


def read_source(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """A user's text file as a string: refused, at its line, when too big or not UTF-8.

    The size is checked before reading, so a 50 MB file costs one bounded read of its start.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > limit:
            raise _too_big(path, size, limit)
        data = path.read_bytes()
    except FileNotFoundError:
        raise UserError("file not found", Where(path)) from None
    except OSError as exc:
        raise UserError(f"the file cannot be read ({exc.strerror or exc})", Where(path)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        lines = data.decode("utf-8", "replace").splitlines()
        raise UserError(f"this line holds a character that is not saved as UTF-8 text "
                        f"(the byte 0x{data[exc.start]:02X} at column {column})",
                        Where(path, line, _card_at(lines, line)),
                        "save the file as UTF-8 in your editor (Save As, then Encoding: UTF-8); it is often an "
                        "accented letter or a curly quote saved in another encoding") from None


_SCAN_BYTES = 64_000_000    # how much of a too-big file is searched for the line that makes it so
_KEY = re.compile(r"^\s*(?:-\s+)?([\w-]+):\s")


def _too_big(path: Path, size: int, limit: int) -> UserError:
    """The refusal of a file over the size limit, at the over-long line when there is one.

    A file this big is nearly always one enormous pasted value; naming its line (and card and
    field) tells the user what to delete. Only the start of the file is searched, so a huge file
    costs a bounded read.
    """
    what = f"the file is {describe_bytes(size)}; printgen reads files up to {describe_bytes(limit)}"
    hint = ("a deck or layout file is usually under 100 KB: check that this is the right file and that nothing "
            "was pasted into it by mistake")
    with path.open("rb") as stream:
        head = stream.read(_SCAN_BYTES)
    start = 0
    for number, raw in enumerate(head.split(b"\n"), start=1):
        if len(raw) > MAX_TEXT_CHARS:
            chars = len(raw.decode("utf-8", "replace"))
            if chars > MAX_TEXT_CHARS:
                before = head[max(0, start - 1_000_000): start].decode("utf-8", "replace").split("\n")
                key = _KEY.match(raw[:200].decode("utf-8", "replace"))
                return UserError(f"this line is {chars:,} characters long (one value may hold at most "
                                 f"{MAX_TEXT_CHARS:,}), so {what}", Where(path, number, _card_at(before, len(before)),
                                 key.group(1) if key else None), hint)
        start += len(raw) + 1
    return UserError(what, Where(path), hint)


def parse_yaml(text: str, path: Path) -> Located:
    """Parse YAML text (a whole file, or a rule sheet's front matter whose lines are the file's)."""
    path = Path(path)
    if len(text) > MAX_FILE_BYTES:
        raise UserError(f"this holds {len(text):,} characters; printgen reads files up to {describe_bytes(MAX_FILE_BYTES)}",
                        Where(path), "check that this is the right file and that nothing was pasted into it by mistake")
    _check_characters(text, path)
    loader = CoreLoader(text)
    composer = _Composer(loader, text, path)
    try:
        data = composer.compose()
    except yaml.MarkedYAMLError as exc:
        raise _explain(exc, text, path) from None
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        raise UserError(f"this is not valid YAML: {exc}", Where(path)) from None
    finally:
        loader.dispose()
    composer.lines.setdefault((), 1)      # an empty file: what it lacks is reported at its first line
    return Located(data, path, composer.lines, composer.written)


# --- characters -------------------------------------------------------------------------------

# What YAML forbids or a text editor does not show: C0 and C1 control characters other than tab
# and line ends, DEL, Unicode line and paragraph separators (editors and YAML disagree on whether
# they end a line, so line numbers would drift), a byte-order mark inside the text, non-characters.
_INVISIBLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]")


def _check_characters(text: str, path: Path) -> None:
    match = _INVISIBLE.search(text, 1 if text.startswith("\ufeff") else 0)
    if match is None:
        return
    at = match.start()
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    raise UserError(f"this line holds an invisible control character (U+{ord(match.group()):04X}) at column {column}",
                    Where(path, line, _card_at(text.split("\n"), line)),
                    "delete it by retyping the text around that spot; when copying text from another program, "
                    "paste it as plain text")


# What no printed text may hold once YAML has read it (escapes such as "\\x1b" or "\\u202e"
# included): control characters other than tab and newline, invisible formatting characters
# (bidirectional overrides and isolates, zero-width spaces, soft hyphens), line and paragraph
# separators, lone surrogates and non-characters. The two joiners stay: emoji sequences and
# several scripts are written with them.
_ASCII_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_JOINERS = frozenset("\u200c\u200d\t\n")


def hidden_character(text: str) -> str | None:
    """The first character of `text` that is invisible or controls the output, else None."""
    if text.isascii():
        match = _ASCII_CONTROL.search(text)
        return match.group() if match else None
    for char in text:
        if char in _JOINERS:
            continue
        code = ord(char)
        if unicodedata.category(char) in _REFUSED_CATEGORIES or (code & 0xFFFE) == 0xFFFE or 0xFDD0 <= code <= 0xFDEF:
            return char
    return None


# The usual short names of the control characters, which Unicode leaves unnamed.
_CONTROL_NAMES = dict(enumerate("NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN "
                                "ETB CAN EM SUB ESC FS GS RS US".split()))
_CONTROL_NAMES.update({0x7F: "DEL", 0x85: "NEL"})


def describe_hidden(char: str) -> str:
    """'U+202E (RIGHT-TO-LEFT OVERRIDE), an invisible formatting character ...' for a message."""
    code = ord(char)
    name = unicodedata.name(char, "") or _CONTROL_NAMES.get(code, "")
    label = f"U+{code:04X}" + (f" ({name})" if name else "")
    if unicodedata.category(char) == "Cf":
        return (f"{label}, an invisible formatting character that can hide or reorder the text around it "
                "and cannot be printed")
    return f"{label}, an invisible control character that cannot be printed"


# --- the YAML 1.2 core schema ---------------------------------------------------------------

_TAG = "tag:yaml.org,2002:"
STR, INT, FLOAT, BOOL, NULL, SEQ, MAP, MERGE = (_TAG + name for name in
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
_PATTERNS = {tag: re.compile(rf"(?:{pattern})\Z") for tag, pattern, _ in _CORE}
# First character -> the patterns worth trying, in order: most plain scalars are words and try none.
_BY_FIRST = {char: [(tag, _PATTERNS[tag]) for tag, _, first in _CORE if char in first]
             for char in "".join(first for _, _, first in _CORE)}
_SPECIAL_START = frozenset(_BY_FIRST)
_SCALAR_TAGS = {STR, INT, FLOAT, BOOL, NULL}
_NUMBER_DIGITS = 100   # longer than any real number; Python refuses ints of over 4,300 digits


def _resolve_plain(value: str) -> str:
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


def _value_of(tag: str, text: str) -> Any:
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


class CoreLoader(_Base):  # type: ignore[misc, valid-type]
    """PyYAML's safe loader reading plain scalars by the YAML 1.2 core schema.

    parse_yaml builds the data itself from this class's parser events, with its own checks; the
    resolvers and constructors are set too, so `yaml.load(text, Loader=CoreLoader)` reads values
    the same way (without the checks).
    """

    yaml_implicit_resolvers: dict = {}


for _tag, _pattern, _first in _CORE:
    CoreLoader.add_implicit_resolver(_tag, _PATTERNS[_tag], list(_first) + ([""] if _tag == NULL else []))
for _tag in (INT, FLOAT, BOOL, NULL):
    CoreLoader.add_constructor(_tag, lambda loader, node, tag=_tag: _value_of(tag, node.value))


# --- composing, with every check at its line ----------------------------------------------------

_NO_KEY = object()


class _Open:
    """A list or mapping being read: its data so far, where it is, and what is pending."""

    __slots__ = ("data", "path", "is_map", "key", "height", "anchor", "merges")

    def __init__(self, data: Any, path: PathKey, anchor: "_Anchor | None"):
        self.data, self.path, self.anchor = data, path, anchor
        self.is_map = type(data) is dict
        self.key: Any = _NO_KEY            # a mapping's key whose value comes next (MERGE for '<<')
        self.height = 0                   # lists and mappings nested inside, through aliases
        self.merges: list[tuple[Any, int]] = []


class _Anchor:
    """An '&name': its value, and what repeating it with '*name' costs."""

    __slots__ = ("value", "path", "line", "start", "size", "height", "first", "last")

    def __init__(self, value: Any, path: PathKey, line: int, start: int, first: int):
        self.value, self.path, self.line, self.start, self.first = value, path, line, start, first
        self.size: int | None = None      # values it expands to; None while it is still being read
        self.height = 0
        self.last = first                 # its lines are entries[first:last]


class _Composer:
    """Build the data from libyaml's events, recording lines and refusing hostile shapes.

    Counting is done on the anchor graph, not the data: an alias adds the size of its anchor
    (known once the anchor is closed), so a billion-laughs file is refused after a few hundred
    events, and an alias to an anchor still open is exactly a value that contains itself.
    Repeated values are shared, as PyYAML shares them, and merge keys ('<<: *name') work as in
    PyYAML: the mapping's own keys win, then earlier merged mappings over later ones.
    """

    def __init__(self, loader: Any, text: str, path: Path):
        self.loader, self.text, self.path = loader, text, path
        self.lines: dict[PathKey, int] = {}
        self.written: dict[PathKey, str] = {}
        # Every (path, line, number text) recorded, in order: an anchor's lines are one slice of it.
        self.entries: list[tuple[PathKey, int, str | None]] = []
        self.anchors: dict[str, _Anchor] = {}
        self.total = 0               # values so far, aliases expanded
        self.aliased = False         # whether an alias has added to the total
        self._text_lines: list[str] | None = None

    def refuse(self, message: str, line: int, hint: str | None = None, field: str | None = None) -> UserError:
        if self._text_lines is None:
            self._text_lines = self.text.splitlines()
        return UserError(message, Where(self.path, line, _card_at(self._text_lines, line), field), hint)

    def compose(self) -> Any:
        """The document's data (None for an empty file)."""
        get = self.loader.get_event
        get()                                           # the stream starts
        if type(get()) is StreamEndEvent:               # nothing but comments
            return None
        stack: list[_Open] = []
        lines, entries, written = self.lines, self.entries, self.written
        root: Any = None
        while True:
            event = get()
            kind = type(event)
            if kind is MappingEndEvent or kind is SequenceEndEvent:
                self.end(stack)
                continue
            if kind is DocumentEndEvent:
                break
            line = event.start_mark.line + 1
            # Where this value goes: a key, or a value at `path`.
            top = stack[-1] if stack else None
            is_key, field_name = False, None
            if top is None:
                path: PathKey = ()
            elif not top.is_map:
                path = top.path + (len(top.data),)
            elif top.key is _NO_KEY:
                is_key, path = True, top.path
            elif top.key is MERGE:
                path = top.path
            else:
                path, field_name = top.path + (top.key,), str(top.key)
            number: str | None = None
            if kind is ScalarEvent:
                value, tag = self.scalar(event, line, is_key, field_name)
                if tag is not STR and (tag == INT or tag == FLOAT):
                    number = event.value
                self.count(1, line)
                if event.anchor is not None:
                    anchor = self.define(event.anchor, value, path, line)
                    anchor.size, anchor.last = 1, anchor.first + (0 if is_key else 1)
            elif kind is AliasEvent:
                value = self.alias(event, line, is_key, path, len(stack), top)
            else:   # a list or mapping starts
                if is_key:
                    raise self.complex_key(line)
                if len(stack) >= MAX_DEPTH:
                    raise self.refuse(f"lists and settings are nested here more than {MAX_DEPTH} levels deep, far "
                                      "more than any printgen file needs", line,
                                      "check for '[' or '{' typed many times, or indentation that keeps growing")
                is_map = kind is MappingStartEvent
                if event.tag not in (None, "!", MAP if is_map else SEQ):
                    raise self.tag_error(event.tag, line)
                value = {} if is_map else []
                self.count(1, line)
                anchor = self.define(event.anchor, value, path, line) if event.anchor is not None else None
                stack.append(_Open(value, path, anchor))
            # Attach it to its parent and record its line.
            if top is None:
                root = value
            elif is_key:
                if tag == MERGE and kind is ScalarEvent:
                    top.key = MERGE
                    continue
                key_path = path + (value,)
                if value in top.data:
                    raise self.refuse(f"'{value}' is given twice: line {lines[key_path]} and line {line}", line,
                                      "delete one of them: YAML would silently keep only the last", str(value))
                lines[key_path] = line
                entries.append((key_path, line, None))
                top.key = value
                continue
            elif not top.is_map:
                top.data.append(value)
            elif top.key is MERGE:
                top.merges.append((value, line))
                top.key = _NO_KEY
                continue
            else:
                top.data[top.key] = value
                top.key = _NO_KEY
            lines.setdefault(path, line)
            entries.append((path, line, number))
            if number is not None:
                written[path] = number
        event = get()
        if type(event) is not StreamEndEvent:
            raise self.refuse("this file holds a second YAML document (after a line '---'); printgen reads one "
                              "per file", event.start_mark.line + 1,
                              "delete the '---' line, or move what follows into its own file")
        return root

    def scalar(self, event: ScalarEvent, line: int, is_key: bool, field_name: str | None) -> tuple[Any, str]:
        value = event.value
        if len(value) > MAX_TEXT_CHARS:
            raise self.refuse(f"this text is {len(value):,} characters long; one value may hold at most "
                              f"{MAX_TEXT_CHARS:,}", line, "a caption is a sentence or two; check for a quote that "
                              "is never closed, or text pasted here by mistake", field_name)
        hidden = hidden_character(value)
        if hidden is not None:
            raise self.hidden(event, hidden, line, is_key, field_name)
        tag = event.tag
        if tag is None or tag == "!":                   # '!' alone means "text" (YAML 1.2)
            if tag or not event.implicit[0] or (value and value[0] not in _SPECIAL_START):
                return value, STR                       # the common case: text
            tag = _resolve_plain(value)
            if tag == MERGE:
                return (MERGE, MERGE) if is_key else (value, STR)
        elif tag not in _SCALAR_TAGS:
            raise self.tag_error(tag, line)
        elif tag != STR and not (_PATTERNS[tag].match(value) or (tag == FLOAT and _PATTERNS[INT].match(value))):
            raise self.refuse(f"'{value}' is marked {_short(tag)} but is not one", line,
                              "remove the '!!' mark", field_name)
        if (tag == INT or tag == FLOAT) and len(value) > _NUMBER_DIGITS:
            raise self.refuse("this number is too long", line, "if it is meant as text, put it in double quotes",
                              field_name)
        result = _value_of(tag, value)
        if tag == FLOAT and result in (float("inf"), float("-inf")):
            raise self.refuse("this number is too large", line, "if it is meant as text, put it in double quotes",
                              field_name)
        return result, tag

    def hidden(self, event: ScalarEvent, char: str, line: int, is_key: bool, field_name: str | None) -> UserError:
        """The refusal of a value holding an invisible character, at the line where it is.

        Typed as an escape in double quotes ("\\a", "\\x1b", "\\u202e"), it is only there once YAML
        has read the text, so the raw-text check cannot see it; pasted in, it is found here too
        when it is a formatting character (a right-to-left override hides or reorders the text).
        """
        source = self.text[event.start_mark.index:event.end_mark.index]
        at = source.find(char)
        if at >= 0:               # typed (pasted) as it is: its own line
            line = self.text.count("\n", 0, event.start_mark.index + at) + 1
            hint = ("delete it by retyping the text around that spot; when copying text from another program, "
                    "paste it as plain text")
        else:                     # made by an escape after a backslash
            hint = ("delete the escape that makes it: a backslash inside double quotes followed by a letter or "
                    "code (such as \\a, \\x1b or \\u202e); to print a backslash, write two (\\\\)")
        what = "this key" if is_key else f"the {field_name}" if field_name else "this text"
        return self.refuse(f"{what} holds {describe_hidden(char)}", line, hint, field_name)

    def count(self, amount: int, line: int, alias: bool = False) -> None:
        self.total += amount
        self.aliased = self.aliased or alias
        if self.total <= MAX_VALUES:
            return
        if self.aliased:
            raise self.refuse(f"the aliases ('*name') in this file repeat values more than {MAX_VALUES:,} times "
                              "in all, far more than any printgen file needs", line,
                              "use fewer '*' repeats here, or write the values out")
        raise self.refuse(f"this file holds more than {MAX_VALUES:,} values, far more than any printgen file needs",
                          line, "check that this is the right file; a deck of 1,000 cards holds about 25,000")

    def define(self, name: str, value: Any, path: PathKey, line: int) -> _Anchor:
        if name in self.anchors:
            raise self.refuse(f"'&{name}' is defined twice: line {self.anchors[name].line} and line {line}", line,
                              "give each '&name' a different name")
        anchor = self.anchors[name] = _Anchor(value, path, line, self.total - 1, len(self.entries))
        return anchor

    def end(self, stack: list[_Open]) -> None:
        done = stack.pop()
        if done.merges:
            self.merge(done)
        height = done.height + 1
        anchor = done.anchor
        if anchor is not None:
            anchor.size, anchor.height, anchor.last = self.total - anchor.start, height, len(self.entries)
        if stack and stack[-1].height < height:
            stack[-1].height = height

    def merge(self, done: _Open) -> None:
        """Apply '<<' keys as PyYAML does: own keys win, then earlier merged mappings over later ones."""
        layers: list[dict] = []
        for value, line in done.merges:
            group = [value] if type(value) is dict else value if type(value) is list else None
            if group is None or any(type(item) is not dict for item in group):
                raise self.refuse("'<<' must be followed by '*name' of a group of settings, or a list of them", line,
                                  "'<<: *name' copies the settings marked '&name'; write the settings out instead")
            layers += reversed(group)
        own = dict(done.data)
        done.data.clear()
        for layer in layers:
            done.data.update(layer)
        done.data.update(own)

    def alias(self, event: AliasEvent, line: int, is_key: bool, path: PathKey, depth: int, top: _Open | None) -> Any:
        name = event.anchor
        anchor = self.anchors.get(name)
        if anchor is None:
            raise self.refuse(f"'*{name}' repeats '&{name}', but no '&{name}' is defined above this line", line,
                              f"mark the value to repeat with '&{name}' before this line, or check the spelling")
        if anchor.size is None:
            raise self.refuse(f"'*{name}' repeats '&{name}' from line {anchor.line}, which contains this very line: "
                              "a value cannot contain itself", line, f"write the values out instead of '*{name}' here")
        if is_key and type(anchor.value) in (dict, list):
            raise self.complex_key(line)
        if depth + anchor.height > MAX_DEPTH:
            raise self.refuse(f"through '*{name}', lists and settings are nested here more than {MAX_DEPTH} levels "
                              "deep, far more than any printgen file needs", line, "use fewer '*' repeats here")
        self.count(anchor.size, line, alias=True)
        if top is not None and top.height < anchor.height:
            top.height = anchor.height
        if not is_key and anchor.last > anchor.first:
            self.expand(anchor, path, line)
        return anchor.value

    def expand(self, anchor: _Anchor, path: PathKey, line: int) -> None:
        """Record lines for everything an alias repeats, under the alias's own path."""
        lines, written, entries = self.lines, self.written, self.entries
        cut = len(anchor.path)
        lines.setdefault(path, line)
        for old, old_line, number in entries[anchor.first:anchor.last]:
            new = path + old[cut:]
            lines.setdefault(new, old_line)
            entries.append((new, old_line, number))
            if number is not None:
                written.setdefault(new, number)

    def complex_key(self, line: int) -> UserError:
        return self.refuse("a list or a group of settings is used here as a key; a key is a word followed by ':'",
                           line, "write 'key: value', with the key as plain text")

    def tag_error(self, tag: str, line: int) -> UserError:
        return self.refuse(f"'{_short(tag)}' is a YAML tag that printgen does not read", line,
                           "delete the tag (the word starting with '!') and write the value on its own")


def _short(tag: str) -> str:
    return "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag


# --- explaining libyaml's complaints --------------------------------------------------------------

_HINTS = {
    "mapping values are not allowed": "a value that contains ': ' must be put in double quotes",
    "found character '\\t'": "indent with spaces, not tabs",
    "could not find expected ':'": "each line inside a card needs 'field: value'; check the quotes on this line or the one above",
    "found unexpected end of stream": "a quote or bracket was opened and never closed",
    "did not find expected key": "check the indentation: fields of one card must line up",
}

# What was left open, how to say it, and how to fix it.
_OPENERS = {
    '"': ("a double quote (\")", "end the text with a straight double quote; inside it use curly quotes \u201c \u201d"),
    "'": ("a single quote (')", "end the text with a straight single quote, or put the whole text in double quotes "
                                "and use curly apostrophes \u2019 inside it"),
    "[": ("a list with '['", "end the list with ']' (on the same line is clearest)"),
    "{": ("a group of settings with '{'", "end it with '}' (on the same line is clearest)"),
}
# libyaml's words for "still inside something opened at the context mark".
_OPEN_CONTEXTS = (("quoted scalar", None), ("flow sequence", "["), ("flow mapping", "{"))


def _explain(exc: yaml.MarkedYAMLError, text: str, path: Path) -> UserError:
    """Turn libyaml's complaint into one message at the line the user must fix.

    libyaml reports where it gave up, which for an unclosed quote or bracket can be many lines
    later or the end of the file. Two clues find the opening instead: a line that leaves a
    quoted value open is almost always the culprit (a quote it leaves open pairs with the next
    line's quote, so everything after shifts); and when libyaml was still inside a quoted value
    or a '[' or '{' it names where that began.
    """
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark is not None else None
    lines = text.splitlines()
    culprit = next(((n, q) for n, t in _structure_lines(lines[: line or len(lines)]) if (q := _open_quote(t))), None)
    if culprit is None:
        culprit = _context_opener(exc, lines)
    if culprit is None and _at_end(mark, lines):
        culprit = _unclosed_bracket(lines)     # libyaml gave up at the end, inside a '[' or '{'
    if culprit is not None:
        number, opener = culprit
        what, hint = _OPENERS[opener]
        return UserError(f"this line opens {what} that is never closed", Where(path, number, _card_at(lines, number)), hint)
    problem = exc.problem or exc.context or "malformed YAML"
    if line is not None and line > max(len(lines), 1):
        line = _last_content_line(lines)       # never a line past the end of the file
    source = lines[line - 1] if line and line <= len(lines) else ""
    inner = next((n for n in (line, (line or 1) - 1) if n and n <= len(lines) and _INNER_QUOTE.search(lines[n - 1])), None)
    if inner is not None:
        quote = _INNER_QUOTE.search(lines[inner - 1]).group(1)[0]
        name = "double" if quote == '"' else "single"
        return UserError(f"a straight {name} quote ({quote}) inside the text ends it too early",
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


def _context_opener(exc: yaml.MarkedYAMLError, lines: list[str]) -> tuple[int, str] | None:
    """(line, character) of the quote, '[' or '{' libyaml was still inside when it gave up."""
    mark, context = exc.context_mark, exc.context or ""
    if mark is None or mark.line >= len(lines):
        return None
    for words, opener in _OPEN_CONTEXTS:
        if words in context:
            if opener is None:   # a quoted scalar: the quote is at the mark, after any '&anchor' or '!tag'
                opener = next((ch for ch in lines[mark.line][mark.column:] if ch in "\"'"), None)
            return (mark.line + 1, opener) if opener else None
    return None


def _at_end(mark, lines: list[str]) -> bool:
    """Whether libyaml gave up at the end of the file (nothing but blanks and notes follow)."""
    if mark is None:
        return True
    return all(not text.strip() or text.lstrip().startswith("#") for text in lines[mark.line + 1:])


def _last_content_line(lines: list[str]) -> int:
    """The last line holding something other than blanks and notes (1 for an empty file)."""
    for number in range(len(lines), 0, -1):
        text = lines[number - 1].strip()
        if text and not text.startswith("#"):
            return number
    return 1


def _unclosed_bracket(lines: list[str]) -> tuple[int, str] | None:
    """(line, '[' or '{') of the outermost bracket the file opens and never closes.

    Brackets count only where YAML reads them as brackets: at the start of a value or inside
    another bracket, outside quotes, notes and block text; so `caption: see [1` is text.
    """
    stack: list[tuple[int, str]] = []
    quoted: str | None = None
    for number, line in _structure_lines(lines):
        i = 0
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
            elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
                break
            elif ch in "\"'" and _at_value(line, i):
                quoted = ch
            elif ch in "[{" and (stack or _at_value(line, i)):
                stack.append((number, ch))
            elif ch in "]}" and stack:
                stack.pop()
            i += 1
        if not stack:
            quoted = None     # a quote is only carried to the next line inside brackets
    return stack[0] if stack else None


def _open_quote(line: str) -> str | None:
    """The quote a line opens for a value and does not close, if any.

    A quote only opens a string at the start of a value (after ': ', '- ', '[', '{' or ','),
    and '#' starts a comment only outside quotes, so `title: 12" ruler`, `name: O'Brien` and a
    caption holding ' #1' are not mistaken for unclosed quotes.
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
            if ch == "#" and (i == 0 or line[i - 1] in " \t"):
                break
            if ch in "\"'" and _at_value(line, i):
                quoted = ch
        i += 1
    return quoted


def _at_value(line: str, i: int) -> bool:
    """Whether position i is where a value starts, so a quote there opens a quoted value."""
    before = line[:i].rstrip()
    if not before or before[-1] in "[{,":
        return True
    if before[-1] in ":-?" and len(before) < i:          # an indicator needs a space after it
        return len(before) == 1 or before[-2] in " \t" or before[-1] == ":"
    return False


# A block scalar header ('key: |', '- >-'): the more-indented lines after it are text, not YAML.
_BLOCK_HEADER = re.compile(r"^(\s*)(?:.*?(?::|-|\?)\s+)?(?:&\S+\s+|!\S*\s+)*[|>][-+1-9]{0,2}\s*(?:#.*)?$")


def _structure_lines(lines: list[str]):
    """(number, line) for the lines that are YAML structure, skipping the text of block scalars."""
    block_indent: int | None = None
    for number, line in enumerate(lines, start=1):
        indent = len(line) - len(line.lstrip(" "))
        if block_indent is not None:
            if not line.strip() or indent > block_indent:
                continue
            block_indent = None
        header = _BLOCK_HEADER.match(line)
        if header is not None and not line.lstrip().startswith("#"):
            block_indent = indent
        yield number, line


def _card_at(lines: list[str], line: int | None) -> str | None:
    """The name of the card a line belongs to, read from the text (the YAML may not parse)."""
    if not line:
        return None
    for text in reversed(lines[:line]):
        match = _CARD_START.match(text)
        if match:
            return match.group(1).strip().strip('"')
        if text and not text[0].isspace() and not text.startswith("#"):
            return None   # reached a top-level key: the line is not inside a card
    return None


# A quoted value closed and then followed by more text: a quote inside the text.
_INNER_QUOTE = re.compile(r""":\s+("[^"]*"|'(?:[^']|'')*')[^\s#,}\]]""")
# What PyYAML and libyaml say when a line is indented wrongly.
_INDENTATION_SIGNALS = ("mapping values are not allowed", "expected <block end>", "did not find expected key",
                        "did not find expected '-' indicator")
_CARD_START = re.compile(r"^\s*-\s+name:\s*(.+?)\s*(?:#.*)?$")
