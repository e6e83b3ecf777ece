"""A user's own copy of a shipped deck, and the rule that printgen's own copies are never edited.

The decks that come with printgen live in the checkout's `decks/` or, after `pip install`, in
site-packages. Writing into either would lose a teacher's work at the next update (and in a
checkout it would change files under version control), so every command that writes into a deck
folder first asks `refuse_shipped`, whose message names the one command that makes a copy to edit:
`printgen new my-cromwell --from cromwell`.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import yaml

from printgen.files.deckfiles import read_bytes
from printgen.files.errors import UserError, Where
from printgen.files.limits import describe_bytes
from printgen.files.paths import DECK_FILE, decks_dir
from printgen.files.smart_quotes import straighten
from printgen.files.yaml_core import compose_nodes

# Files a deck folder may hold that belong to one person's editing, not to the deck: they are not
# copied (a backup, the record of a spreadsheet's last import, the system's own litter).
_PRIVATE_SUFFIXES = (".bak", ".tmp", ".pyc")
_PRIVATE_NAMES = {"__pycache__", ".DS_Store", "Thumbs.db", "desktop.ini"}
# A shipped deck is small; a folder past these is not a deck to copy whole.
MAX_FILES = 2000
MAX_BYTES = 200 * 1024 * 1024


def is_shipped(folder: Path) -> bool:
    """True for a deck folder that is one of printgen's own (in the checkout or the install)."""
    try:
        return Path(folder).resolve().parent == decks_dir().resolve()
    except (OSError, RuntimeError):
        return False


def copy_command(name: str) -> str:
    from printgen.editing.scaffold import command_line

    return command_line("printgen", "new", f"my-{name}", "--from", name)


DECK = object()      # stands for the copy's name in the command `refuse_shipped` suggests


def refuse_shipped(folder: Path, doing: str, then: tuple) -> None:
    """Stop a command that would write into a shipped deck, naming the command that makes a copy.

    `doing` says what would have been changed ("importing a spreadsheet"); `then` is the command
    to run on the copy, as words, with DECK standing for its name."""
    from printgen.editing.scaffold import command_line

    if not is_shipped(folder):
        return
    name = Path(folder).name
    mine = command_line(*(f"my-{name}" if word is DECK else word for word in then))
    raise UserError(f"'{name}' is a deck that comes with printgen: {doing} would change printgen's own copy, "
                    "which an update or a reinstall replaces (and your changes with it)",
                    Where(Path(folder) / DECK_FILE),
                    f"make a copy of your own first, then use it: {copy_command(name)}  and then  "
                    f"{mine}")


def _private(path: Path) -> bool:
    return (path.name.startswith(".") or path.name in _PRIVATE_NAMES
            or path.name.endswith(_PRIVATE_SUFFIXES))


def deck_files(source: Path) -> dict[Path, bytes]:
    """Every file of a deck folder that belongs to the deck, by its path inside the folder."""
    files: dict[Path, bytes] = {}
    total = 0
    stack = [source]
    while stack:
        folder = stack.pop()
        for path in sorted(folder.iterdir()):
            if _private(path) or path.is_symlink():
                continue                   # a link could point anywhere: a deck's files are its own
            if path.is_dir():
                stack.append(path)
            elif path.is_file():
                total += path.stat().st_size
                if len(files) >= MAX_FILES or total > MAX_BYTES:
                    raise UserError(f"'{source}' holds more than {MAX_FILES:,} files or {describe_bytes(MAX_BYTES)}: "
                                    "that is not a deck folder to copy whole", Where(source))
                files[path.relative_to(source)] = read_bytes(path, within=source, what="file", limit=MAX_BYTES)
    return files


def retitle(text: str, title: str, file: Path) -> str:
    """deck.yaml with its title replaced, every other character kept."""
    root = compose_nodes(straighten(text))
    node = None
    if isinstance(root, yaml.MappingNode):
        node = next((v for k, v in root.value if isinstance(k, yaml.ScalarNode) and k.value == "title"), None)
    if not isinstance(node, yaml.ScalarNode):
        raise UserError("the deck has no 'title:' line to change", Where(file), "leave out --title")
    start, end = node.start_mark.index, node.end_mark.index
    return text[:start] + json.dumps(title, ensure_ascii=False) + text[end:]


def copy_deck(ref: str, folder: Path, title: str | None = None, force: bool = False) -> list[Path]:
    """Copy a deck (shipped or any deck folder) into a new folder of the user's; the files written.

    All or nothing: the copy is checked to load before `new` reports success, and on any failure
    nothing is left behind."""
    from printgen.editing.scaffold import check_new_folder
    from printgen.files.output import publish
    from printgen.model.load import ALL_CARDS, find_deck, load_deck

    source = find_deck(ref)
    folder = Path(folder)
    check_new_folder(folder, force, ("--from", ref))
    if folder.resolve() == source.resolve() or source.resolve() in folder.resolve().parents:
        raise UserError(f"'{folder}' is inside the deck it would copy", Where(folder),
                        "choose a folder outside it, e.g. in your home folder")
    files = deck_files(source)
    if Path(DECK_FILE) not in files:
        raise UserError(f"'{source}' has no {DECK_FILE} to copy", Where(source))
    if title is not None:
        title = title.strip()
        if not title or "\n" in title or len(title) > 200:
            raise UserError("the title should be one short line", hint='for example --title "Year 8 monarchs"')
        deck_text = files[Path(DECK_FILE)].decode("utf-8")
        files[Path(DECK_FILE)] = retitle(deck_text, title, source / DECK_FILE).encode("utf-8")
    targets = {folder / relative: data for relative, data in files.items()}
    publish(targets)
    try:
        load_deck(folder, ALL_CARDS)
    except UserError:
        _remove(folder, list(targets))
        raise
    return sorted(targets)


def _remove(folder: Path, files: list[Path]) -> None:
    for path in files:
        path.unlink(missing_ok=True)
    for path in sorted({p.parent for p in files} | {folder}, key=lambda p: len(p.parts), reverse=True):
        with contextlib.suppress(OSError):
            path.rmdir()
