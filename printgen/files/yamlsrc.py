"""Read YAML while remembering the line of every key and item, and refuse what is broken or hostile.

PyYAML's parse events carry positions that plain `safe_load` throws away; keeping a map from data
path to line lets every later check point at the exact line the user must edit.

The file is read by our own small composer over libyaml's event stream (still the fast C
parser), because composing is where every hostile shape shows itself while the line of the
culprit is still at hand: a key given twice, an alias inside its own anchor, aliases that
multiply into billions of values, nesting thousands deep (libyaml's own composer recurses in C
and crashes on it), a megabyte caption. Each is refused there, at its line, against the limits
in printgen.files.limits. Scalars follow the YAML 1.2 core schema: `12:30` is text, not 750, and
`yes`/`no`/`on`/`off` are words; only true/false, null, whole and decimal numbers are special.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    StreamEndEvent,
)

from printgen.files.deckfiles import read_bytes
from printgen.files.errors import UserError, Where
from printgen.files.hidden_chars import check_characters, describe_hidden, hidden_character
from printgen.files.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_TEXT_CHARS, MAX_VALUES, describe_bytes
from printgen.files.smart_quotes import straighten
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
    CoreLoader,
    resolve_plain,
    value_of,
)
from printgen.files.yaml_explain import TOO_DEEP, TOO_DEEP_HINT, card_at, explain_yaml_error

PathKey = tuple[Any, ...]


@dataclass
class Located:
    """Parsed YAML data plus the line (1-based) of each path inside it."""

    data: Any
    file: Path
    lines: dict[PathKey, int]
    # The text as typed of plain scalars YAML read as numbers: a text field shows `1.50`, not 1.5.
    written: dict[PathKey, str] = field(default_factory=dict)
    # Unquoted values followed on their line by a note ('# ...'): in a caption, 'Henry #8 had six
    # wives' is cut at the '#', which the loader refuses for text fields (the note as typed).
    noted: dict[PathKey, str] = field(default_factory=dict)

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


def load_yaml(path: Path, *, within: Path | None = None, what: str = "settings file",
              place: str | None = None) -> Located:
    """Parse a YAML file into data and a path-to-line map, or raise a UserError.

    `within` is the folder the file must stay in (its own folder when not given), `place` that
    folder in a message's words ("the deck's folder"), `what` the file's ("deck"): see read_source."""
    path = Path(path)
    return parse_yaml(read_source(path, within=within, what=what, place=place), path)


def read_source(path: Path, limit: int = MAX_FILE_BYTES, *, within: Path | None = None,
                what: str = "settings file", place: str | None = None) -> str:
    """A user's text file as a string: refused, at its line, when too big or not UTF-8.

    Read as every file of a deck is (printgen.files.deckfiles): only a regular file lying inside
    `within` (the deck's folder, or layouts/; the file's own folder when not given, so the file
    itself is never a link leading elsewhere), opened without waiting, its size checked before
    reading, so a 50 MB file costs one bounded read of its start and a pipe none.
    """
    path = Path(path)
    data = read_bytes(path, within=path.parent if within is None else within, what=what, limit=limit, place=place,
                      too_big=lambda handle, size: _too_big(path, handle, size, limit))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        lines = data.decode("utf-8", "replace").splitlines()
        raise UserError(f"this line holds a character that is not saved as UTF-8 text "
                        f"(the byte 0x{data[exc.start]:02X} at column {column})",
                        Where(path, line, card_at(lines, line)),
                        "save the file as UTF-8 in your editor (Save As, then Encoding: UTF-8); it is often an "
                        "accented letter or a curly quote saved in another encoding") from None


_SCAN_BYTES = 64_000_000    # how much of a too-big file is searched for the line that makes it so
_KEY = re.compile(r"^\s*(?:-\s+)?([\w-]+):\s")


def _too_big(path: Path, stream: BinaryIO, size: int, limit: int) -> UserError:
    """The refusal of a file over the size limit, at the over-long line when there is one.

    A file this big is nearly always one enormous pasted value; naming its line (and card and
    field) tells the user what to delete. Only the start of the file is searched, so a huge file
    costs a bounded read.
    """
    what = f"the file is {describe_bytes(size)}; printgen reads files up to {describe_bytes(limit)}"
    hint = ("a deck or layout file is usually under 100 KB: check that this is the right file and that nothing "
            "was pasted into it by mistake")
    stream.seek(0)
    head = stream.read(_SCAN_BYTES)
    start = 0
    for number, raw in enumerate(head.split(b"\n"), start=1):
        if len(raw) > MAX_TEXT_CHARS:
            chars = len(raw.decode("utf-8", "replace"))
            if chars > MAX_TEXT_CHARS:
                before = head[max(0, start - 1_000_000): start].decode("utf-8", "replace").split("\n")
                key = _KEY.match(raw[:200].decode("utf-8", "replace"))
                return UserError(f"this line is {chars:,} characters long (one value may hold at most "
                                 f"{MAX_TEXT_CHARS:,}), so {what}", Where(path, number, card_at(before, len(before)),
                                 key.group(1) if key else None), hint)
        start += len(raw) + 1
    return UserError(what, Where(path), hint)


def parse_yaml(text: str, path: Path) -> Located:
    """Parse YAML text (a whole file, or a rule sheet's front matter whose lines are the file's)."""
    path = Path(path)
    if len(text) > MAX_FILE_BYTES:
        raise UserError(f"this holds {len(text):,} characters; printgen reads files up to {describe_bytes(MAX_FILE_BYTES)}",
                        Where(path), "check that this is the right file and that nothing was pasted into it by mistake")
    check_characters(text, path)
    text = straighten(text)               # “a caption” typed in a word processor: its quotes are YAML's
    loader = CoreLoader(text)
    composer = _Composer(loader, text, path)
    try:
        data = composer.compose()
    except yaml.MarkedYAMLError as exc:
        raise explain_yaml_error(exc, text, path) from None
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        raise UserError(f"this is not valid YAML: {exc}", Where(path)) from None
    finally:
        loader.dispose()
    composer.lines.setdefault((), 1)      # an empty file: what it lacks is reported at its first line
    return Located(data, path, composer.lines, composer.written, composer.noted)


# --- composing, with every check at its line ----------------------------------------------------

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
            self.here = path
            number: str | None = None
            if kind is ScalarEvent:
                value, tag = self.scalar(event, line, is_key, field_name)
                if tag is not STR and (tag in (INT, FLOAT)):
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
                    raise self.refuse(TOO_DEEP, line, TOO_DEEP_HINT)
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
                    raise self.given_twice(top, value, lines[key_path], line)
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
            if kind is ScalarEvent and not event.style:         # plain (libyaml says "", PyYAML None)
                self.note_after(event, path)
        event = get()
        if type(event) is not StreamEndEvent:
            raise self.refuse("this file holds a second YAML document (after a line '---'); printgen reads one "
                              "per file", event.start_mark.line + 1,
                              "delete the '---' line, or move what follows into its own file")
        return root

    def note_after(self, event: ScalarEvent, path: PathKey) -> None:
        """Record a note ('# ...') that follows an unquoted value on its line."""
        if self._text_lines is None:
            self._text_lines = self.text.splitlines()
        end = event.end_mark
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


def _field_of(path: PathKey) -> str | None:
    """The field of an entry of a list that a path leads into: 'caption' for ('cards', 7, 'caption',
    0), a value deep inside a card's caption; None outside such an entry."""
    for index, key in enumerate(path[:-1]):
        if type(key) is int and type(path[index + 1]) is str:
            return path[index + 1]
    return None


def _short(tag: str) -> str:
    return "!!" + tag[len(TAG):] if tag.startswith(TAG) else tag
