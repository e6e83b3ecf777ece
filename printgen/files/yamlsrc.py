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
from pathlib import Path
from typing import BinaryIO

import yaml

from printgen.files.deckfiles import read_bytes
from printgen.files.errors import UserError, Where
from printgen.files.hidden_chars import check_characters
from printgen.files.limits import MAX_FILE_BYTES, MAX_TEXT_CHARS, describe_bytes
from printgen.files.located import Located as Located  # kept in a module without yaml: see there
from printgen.files.smart_quotes import straighten
from printgen.files.yaml_compose import Composer
from printgen.files.yaml_core import CoreLoader
from printgen.files.yaml_explain import card_at, explain_yaml_error


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
        raise UserError(f"this holds {len(text):,} characters; printgen reads files up to "
                        f"{describe_bytes(MAX_FILE_BYTES)}", Where(path),
                        "check that this is the right file and that nothing was pasted into it by mistake")
    check_characters(text, path)
    text = straighten(text)               # “a caption” typed in a word processor: its quotes are YAML's
    loader = CoreLoader(text)
    composer = Composer(loader, text, path)
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
