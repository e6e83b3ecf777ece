"""libyaml's events composed into data, with the line of every key and item recorded and every
hostile shape refused at its line (see yamlsrc for why the composing is printgen's own).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    StreamEndEvent,
)

from printgen.files.errors import UserError, Where
from printgen.files.hidden_chars import describe_hidden, hidden_character
from printgen.files.limits import MAX_DEPTH, MAX_TEXT_CHARS, MAX_VALUES
from printgen.files.located import PathKey as PathKey
from printgen.files.yaml_core import (
    FLOAT,
    INT,
    MAP,
    MERGE,
    NUMBER_DIGITS,
    PATTERNS,
    SCALAR_TAGS,
    SEQ,
    SPECIAL_START,
    STR,
    TAG,
    resolve_plain,
    value_of,
)
from printgen.files.yaml_explain import TOO_DEEP, TOO_DEEP_HINT, card_at

_NO_KEY = object()


class _Open:
    """A list or mapping being read: its data so far, where it is, and what is pending."""

    __slots__ = ("data", "path", "is_map", "key", "height", "anchor", "merges")

    def __init__(self, data: Any, path: PathKey, anchor: _Anchor | None):
        self.data, self.path, self.anchor = data, path, anchor
        self.is_map = type(data) is dict
        self.key: Any = _NO_KEY            # a mapping's key whose value comes next (MERGE for '<<')
        self.height = 0                   # lists and mappings nested inside, through aliases
        self.merges: list[tuple[Any, int]] = []


def _entry_start(text_lines: list[str], line: int) -> int | None:
    """The first line of the block of key lines that holds `line`, when a blank line or a note sets
    it apart from the entry above (the usual way cards are written); None when nothing does."""
    indent = len(text_lines[line - 1]) - len(text_lines[line - 1].lstrip(" "))
    number = line
    while number > 1:
        above = text_lines[number - 2]
        stripped = above.strip()
        if not stripped or stripped.startswith("#"):
            return number
        if len(above) - len(above.lstrip(" ")) != indent or stripped.startswith("-"):
            return None
        number -= 1
    return None


class _Anchor:
    """An '&name': its value, and what repeating it with '*name' costs."""

    __slots__ = ("value", "path", "line", "start", "size", "height", "first", "last")

    def __init__(self, value: Any, path: PathKey, line: int, start: int, first: int):
        self.value, self.path, self.line, self.start, self.first = value, path, line, start, first
        self.size: int | None = None      # values it expands to; None while it is still being read
        self.height = 0
        self.last = first                 # its lines are entries[first:last]


class Composer:
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
        self.noted: dict[PathKey, str] = {}
        # Every (path, line, number text) recorded, in order: an anchor's lines are one slice of it.
        self.entries: list[tuple[PathKey, int, str | None]] = []
        self.anchors: dict[str, _Anchor] = {}
        self.here: PathKey = ()      # where the value being read goes: a refusal names its field
        self.total = 0               # values so far, aliases expanded
        self.aliased = False         # whether an alias has added to the total
        self._text_lines: list[str] | None = None

    def refuse(self, message: str, line: int, hint: str | None = None, field: str | None = None) -> UserError:
        if self._text_lines is None:
            self._text_lines = self.text.splitlines()
        if field is None:
            field = _field_of(self.here)
        return UserError(message, Where(self.path, line, card_at(self._text_lines, line), field), hint)

    def given_twice(self, top: _Open, key: Any, first: int, line: int) -> UserError:
        """A key repeated in one mapping. In an entry of a list (a card, a house), the usual cause
        is not a value typed twice but a lost '- name:' line, which joins the next entry's lines to
        this one: deleting one of the two values, as a plain 'given twice' suggests, would then
        delete that card bit by bit. So an entry's repeat says what most likely happened."""
        said = f"'{key}' is given twice: line {first} and line {line}"
        if not (top.path and type(top.path[-1]) is int):
            return self.refuse(said, line, "delete one of them: YAML would silently keep only the last", str(key))
        listed = top.path[-2] if len(top.path) > 1 else None
        entry = "card" if listed == "cards" else "entry"
        if self._text_lines is None:
            self._text_lines = self.text.splitlines()
        typed = self._text_lines[line - 1].strip() if 0 < line <= len(self._text_lines) else ""
        start = _entry_start(self._text_lines, line)
        if key == "name" and typed.startswith("name:"):
            message = f"{said}, in one {entry}: line {line} seems to start the next {entry}, but has no '- ' before it"
            hint = f"write line {line} as '- {typed}', lined up with the '- ' of the {entry} above it"
        elif start is not None and start > first:
            message = (f"{said}, in one {entry}: the '- name:' line of the next {entry} seems to be missing, "
                       "so its lines were read as part of this one")
            hint = (f"put the next {entry}'s '- name: ...' line back above line {start}, where it starts; if line "
                    f"{line} really repeats a value of this {entry}, delete one of the two")
        else:
            message = f"{said}, in one {entry}"
            hint = (f"if line {line} begins the next {entry}, its '- name: ...' line is missing above it: put it back; "
                    "if the same value was simply typed twice, delete one of the two")
        return self.refuse(message, line, hint, str(key))

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
            top = stack[-1] if stack else None
            is_key, path, field_name = _place(top)
            self.here = path
            value, tag, number = self.read(event, line, is_key, path, field_name, stack)
            if top is None:
                root = value
            elif not self.attach(top, value, tag, path, line, is_key):
                continue
            lines.setdefault(path, line)
            entries.append((path, line, number))
            if number is not None:
                written[path] = number
            if kind is ScalarEvent and not event.style:         # plain (libyaml says "", PyYAML None)
                self.note_after(event, path)
        event = get()
        if type(event) is not StreamEndEvent:
            raise self.refuse("this file holds a second YAML document (after a line '---'); printgen reads one "
                              "per file", event.start_mark.line + 1,
                              "delete the '---' line, or move what follows into its own file")
        return root

    def read(self, event: Any, line: int, is_key: bool, path: PathKey, field_name: str | None,
             stack: list[_Open]) -> tuple[Any, str | None, str | None]:
        """One value, checked and counted: (the value, its tag if it is a scalar, its text if it is a
        number). A list or mapping that starts here is opened on the stack, still empty."""
        kind = type(event)
        if kind is ScalarEvent:
            value, tag = self.scalar(event, line, is_key, field_name)
            number = event.value if tag is not STR and tag in (INT, FLOAT) else None
            self.count(1, line)
            if event.anchor is not None:
                anchor = self.define(event.anchor, value, path, line)
                anchor.size, anchor.last = 1, anchor.first + (0 if is_key else 1)
            return value, tag, number
        if kind is AliasEvent:
            return self.alias(event, line, is_key, path, len(stack), stack[-1] if stack else None), None, None
        if is_key:                                      # a list or mapping starts
            raise self.complex_key(line)
        if len(stack) >= MAX_DEPTH:
            raise self.refuse(TOO_DEEP, line, TOO_DEEP_HINT)
        is_map = kind is MappingStartEvent
        if event.tag not in (None, "!", MAP if is_map else SEQ):
            raise self.tag_error(event.tag, line)
        opened: Any = {} if is_map else []
        self.count(1, line)
        stack.append(_Open(opened, path, self.define(event.anchor, opened, path, line)
                           if event.anchor is not None else None))
        return opened, None, None

    def attach(self, top: _Open, value: Any, tag: str | None, path: PathKey, line: int, is_key: bool) -> bool:
        """Put a value into the list or mapping it belongs to. True when it now stands at `path` (its
        line is recorded there); False when it was a key, or a '<<' merge, waiting for what follows."""
        if is_key:
            if tag == MERGE:
                top.key = MERGE
                return False
            key_path = path + (value,)
            if value in top.data:
                raise self.given_twice(top, value, self.lines[key_path], line)
            self.lines[key_path] = line
            self.entries.append((key_path, line, None))
            top.key = value
            return False
        if not top.is_map:
            top.data.append(value)
        elif top.key is MERGE:
            top.merges.append((value, line))
            top.key = _NO_KEY
            return False
        else:
            top.data[top.key] = value
            top.key = _NO_KEY
        return True

    def note_after(self, event: ScalarEvent, path: PathKey) -> None:
        """Record a note ('# ...') that follows an unquoted value on its line."""
        if self._text_lines is None:
            self._text_lines = self.text.splitlines()
        end = event.end_mark
        assert end is not None, "libyaml marks where every event ends"
        if end.line < len(self._text_lines):
            rest = self._text_lines[end.line][end.column:]
            if rest[:1] in (" ", "\t") and rest.lstrip().startswith("#"):
                self.noted[path] = rest.strip()

    def scalar(self, event: ScalarEvent, line: int, is_key: bool, field_name: str | None) -> tuple[Any, str]:
        value = event.value
        if len(value) > MAX_TEXT_CHARS:
            raise self.refuse(f"this text is {len(value):,} characters long; one value may hold at most "
                              f"{MAX_TEXT_CHARS:,}", line, "a card's words are a line or a few sentences; check for a "
                              "quote that is never closed, or text pasted here by mistake", field_name)
        hidden = hidden_character(value)
        if hidden is not None:
            raise self.hidden(event, hidden, line, is_key, field_name)
        tag = event.tag
        if tag is None or tag == "!":                   # '!' alone means "text" (YAML 1.2)
            if tag or not event.implicit[0] or (value and value[0] not in SPECIAL_START):
                return value, STR                       # the common case: text
            tag = resolve_plain(value)
            if tag == MERGE:
                return (MERGE, MERGE) if is_key else (value, STR)
        elif tag not in SCALAR_TAGS:
            raise self.tag_error(tag, line)
        elif tag != STR and not (PATTERNS[tag].match(value) or (tag == FLOAT and PATTERNS[INT].match(value))):
            raise self.refuse(f"'{value}' is marked {_short(tag)} but is not one", line,
                              "remove the '!!' mark", field_name)
        if (tag in (INT, FLOAT)) and len(value) > NUMBER_DIGITS:
            raise self.refuse("this number is too long", line, "if it is meant as text, put it in double quotes",
                              field_name)
        result = value_of(tag, value)
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
        start, end = event.start_mark, event.end_mark
        assert start is not None and end is not None, "libyaml marks where every event starts and ends"
        at = self.text[start.index:end.index].find(char)
        if at >= 0:               # typed (pasted) as it is: its own line
            line = self.text.count("\n", 0, start.index + at) + 1
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
        assert name is not None, "an alias always names its anchor"
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


def _field_of(path: PathKey) -> str | None:
    """The field of an entry of a list that a path leads into: 'caption' for ('cards', 7, 'caption',
    0), a value deep inside a card's caption; None outside such an entry."""
    for index, key in enumerate(path[:-1]):
        if type(key) is int and type(path[index + 1]) is str:
            return path[index + 1]
    return None


def _short(tag: str) -> str:
    return "!!" + tag[len(TAG):] if tag.startswith(TAG) else tag


def _place(top: _Open | None) -> tuple[bool, PathKey, str | None]:
    """Where the next value goes: whether it is a key, the path it stands at, and the field it is the
    value of (None when it is not a mapping's value)."""
    if top is None:
        return False, (), None
    if not top.is_map:
        return False, top.path + (len(top.data),), None
    if top.key is _NO_KEY:
        return True, top.path, None
    if top.key is MERGE:
        return False, top.path, None
    return False, top.path + (top.key,), str(top.key)
