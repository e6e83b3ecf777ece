"""Finding a deck by name or path, without reading it.

Why a module of its own: `printgen build` finds the deck before it asks the cache of checked
decks (printgen/model/load_cache.py), and a deck taken from there is never read, so finding it must
not import the readers (YAML, the schema, pydantic: issue 30, start-up). printgen.model.load names
both functions too.
"""

from __future__ import annotations

from pathlib import Path

from printgen.files.deckfiles import exists
from printgen.files.errors import UserError, did_you_mean
from printgen.files.paths import DECK_FILE, decks_dir


def shipped_decks() -> list[Path]:
    """Every folder under decks/ holding a deck.yaml, in name order (stable builds)."""
    return sorted(p.parent for p in decks_dir().glob(f"*/{DECK_FILE}"))


def find_deck(name_or_path: str) -> Path:
    """A deck name under decks/ or a path to a deck folder (or its deck.yaml) anywhere."""
    candidate = Path(name_or_path).expanduser()
    # Anything named deck.yaml makes its folder the deck, whatever it is: a pipe or a link to
    # /dev/zero there is refused by the reader as what it is, not said to be missing.
    if candidate.name == DECK_FILE and exists(candidate) and not candidate.is_dir():
        return candidate.parent
    if candidate.is_dir() and exists(candidate / DECK_FILE):
        return candidate
    shipped = decks_dir() / name_or_path
    if candidate.is_dir():
        # a folder of that name here is what the user means, even when printgen ships a deck of the
        # same name: building the shipped one instead would replace the user's PDFs with it
        also = (f" (printgen also has a deck called '{name_or_path}': run the command from another folder to "
                "build that one)") if "/" not in name_or_path and (shipped / DECK_FILE).is_file() else ""
        raise UserError(f"the folder '{name_or_path}' has no {DECK_FILE}{also}",
                        hint="a deck folder holds a deck.yaml file")
    if "/" not in name_or_path and (shipped / DECK_FILE).is_file():
        return shipped
    names = [p.name for p in shipped_decks()]
    hint = did_you_mean(name_or_path, names) or f"the shipped decks are: {', '.join(names)}"
    raise UserError(f"no deck called '{name_or_path}' (not a shipped deck, nor a deck folder)", hint=hint)


def deck_ref(folder: Path, key: str) -> str:
    """How to name a deck on the command line so that printgen finds this very folder from here:
    its key when that finds it (a shipped deck, or a folder of that name here), else its path
    (relative to the working folder when inside it), quoted for a shell when it needs quoting."""
    import shlex

    try:
        if find_deck(key).resolve() == folder.resolve():
            return key
    except (UserError, OSError):
        pass
    path = folder.resolve()
    try:
        text = str(path.relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        text = str(path)
    return shlex.quote(text)
