"""Parsed YAML with the line of each key: what a checked deck keeps of its file, for errors found
later (printgen/files/yamlsrc.py reads it).

Why a module of its own, without yaml: a deck from the cache of checked decks
(printgen/model/load_cache.py) carries its `Located`, and unpickling it must not import the
YAML reader (issue 30, start-up).
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import Any

from printgen.files.errors import Where
from printgen.files.lean import lean_dataclass

PathKey = tuple[Any, ...]   # a path into the data: keys and list indexes, outermost first


@lean_dataclass
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
