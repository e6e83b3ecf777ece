"""What the web editor's page says, in the words of the page: cards and boxes, not files and lines.

The command line names a file, a line and a field, and may say what to type in the YAML
("write the name after 'name:'"), because the teacher there is looking at deck.yaml. On the page
she is looking at a card and its boxes, so the same problem is said of the card and the box
("Henry VIII, the Reign box: ..."), a hint that speaks of YAML or of a spreadsheet's column is
said of the box or left out, and no folder path is shown. A file is named only for a problem the
page cannot mend (deck.yaml changed outside the page, with a mistake outside any card's boxes, or
not readable at all), and then once, at the end, as the place to mend it. Another page of the deck
(a rule sheet, a board, a form) is named by the title it prints: "the rule sheet 'Cromwell'".
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from printgen.files.errors import UserError


class PageError(UserError):
    """A problem told on the page: its words (page_words) and the card key and box it is about."""

    def __init__(self, text: str, card: str | None = None, field_name: str | None = None, status: int = 400,
                 extra: dict[str, Any] | None = None):
        super().__init__(text)
        self.card, self.field_name, self.status, self.extra = card, field_name, status, extra or {}

    def __str__(self) -> str:
        return self.message

    def answer(self) -> dict[str, Any]:
        return {"error": self.message, "card": self.card, "field": self.field_name, **self.extra}


# Words that belong to deck.yaml's syntax, not to a box on the page.
YAML_WORDS = re.compile(r"YAML|mapping|scalar|indentation|after '[\w-]+:'|a line '|'[\w-]+: \.\.\.'|"
                        r"double quotes|quotes, if|\bkey\b|line \d+", re.IGNORECASE)
# A folder path (/home/..., ~/decks/..., C:\Users\...) begins a word: a slash inside a word is not one
# ('!!python/object/apply:os.system' is a YAML tag, 'either/or' two words).
PATH = re.compile(r"(?<![^\s'\"(\[{<=,;])(?:[A-Za-z]:|~)?[\\/][^\s'\"]+[\\/][^\s'\";,]*")


def label(field: str) -> str:
    """A field's name as the page shows it over its box: 'in_play' -> 'In play'."""
    words = field.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def sentence(text: str, capital: bool = True) -> str:
    """Text as a sentence of its own: a capital first, a full stop last (so two never run together);
    without `capital`, the end of a sentence begun before it ('... has a mistake: unknown ...')."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:] if capital else text
    ended = text[-1] in ".!?…" or (text[-1] in "\"'’”" and text[-2:-1] in (".", "!", "?"))
    return text if ended else text + "."


def joined(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def field_words(text: str, fields) -> str:
    """A message's field names as the page labels its boxes: 'house' is the house, in_play is in play."""
    for name in sorted(fields, key=len, reverse=True):
        words = label(name).lower()
        text = re.sub(rf"'{re.escape(name)}'", words, text)
        if "_" in name:
            text = re.sub(rf"(?<![\w']){re.escape(name)}(?![\w'])", words, text)
    return text


def _no_paths(text: str, folder: Path | None) -> str:
    if folder is not None:
        for shown in {str(folder), str(folder.resolve())}:
            text = text.replace(shown + "/", "").replace(shown, "the deck's folder")
    return PATH.sub(lambda m: re.split(r"[\\/]", m.group(0).rstrip("\\/"))[-1], text)   # a Windows path on any system


def page_hint(error: UserError, folder: Path | None = None) -> str | None:
    """The hint for the page: a spreadsheet's 'the X column' is the X box there; a hint in YAML's
    words (or naming a folder) has no meaning on the page and is left out."""
    if error.sheet_hint:
        return re.sub(r"the '([\w-]+)' column", lambda m: f"the {label(m.group(1))} box", error.sheet_hint)
    hint = error.hint
    if not hint or YAML_WORDS.search(hint) or PATH.search(hint) or (folder is not None and str(folder) in hint):
        return None
    return hint


def page_message(error: UserError, folder: Path | None = None, card: str | None = None, fields=()) -> str:
    """One problem as the page says it (see the module's note). `card` is the card's name as the page
    shows it, when known; `fields`, the deck's field names, said as the boxes' labels."""
    where = error.where
    name = _clipped(card or where.card)
    message = field_words(_no_paths(error.message.replace("deck.yaml", "the deck's file"), folder), fields)
    if name and where.field:
        head = f"{name}, the {label(where.field)} box: "
    elif name:
        head = f"{name}: "
    elif where.file is not None:            # not a card's: the page cannot mend it
        return file_problem(error, folder)
    else:
        head = ""
    text = sentence(head + message) if head else sentence(message)
    hint = page_hint(error, folder)
    return text + (" " + sentence(hint) if hint else "")


def _clipped(name: str | None, most: int = 60) -> str | None:
    """A card's name at the head of a message: a name pasted by mistake (thousands of characters)
    is said by its beginning, the cut marked."""
    return name if name is None or len(name) <= most else name[:most - 1].rstrip() + "\u2026"


def file_problem(error: UserError, folder: Path | None = None) -> str:
    """A mistake in one of the deck's files that is not any card's box, so the page cannot mend it:
    the deck's file was changed outside the page (the page's own saves are checked before they are
    written). Here a file must be named, with its line, but once, at the end, as the place to mend
    it: "The deck's file was changed outside this page and has a mistake: ... Mend it there (line
    189 of deck.yaml), then reload this page." """
    where = error.where
    shown = _relative(where.file, folder) if where.file is not None else "deck.yaml"
    if shown == "deck.yaml":
        head = "The deck's file was changed outside this page and has a mistake"
    else:
        head = f"One of the deck's files, {shown}, has a mistake"
    place = f"line {where.line} of {shown}" if where.line else shown
    if where.card:
        place += f", in the card {where.card}"
    hint = error.hint if error.hint and not PATH.search(error.hint) else None
    text = sentence(_no_paths(error.message, folder), capital=False)
    return (f"{head}: {text}" + (f" {sentence(hint)}" if hint else "")
            + f" Mend it there ({place}), then reload this page.")


def _relative(file: Path | str, folder: Path | None) -> str:
    """A file of the deck named from the deck's folder ('layouts/cromwell.yaml'), else by its name."""
    path = Path(file)
    if folder is not None:
        for base in (folder, folder.resolve()):
            try:
                return path.relative_to(base).as_posix()
            except ValueError:
                continue
    return path.name


# --- the deck's other pages, by their titles --------------------------------------------------

PAGE_KINDS = {"rules": "the rule sheet", "boards": "the board", "sheets": "the form"}


def file_title(path: Path) -> str | None:
    """The title a rule sheet gives itself (`title:` in its front matter) or a board or form does
    (`title:` in its YAML), as its PDF prints it; None when it has none."""
    import yaml

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if path.suffix == ".md":
        match = re.match(r"---[ \t]*\r?\n(.*?)\r?\n---", text, re.DOTALL)
        text = match.group(1) if match else ""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return None
    title = data.get("title") if isinstance(data, dict) else None
    return title.strip() or None if isinstance(title, str) else None


def page_name(path: Path, folder: Path | None) -> str | None:
    """A page of the deck by its kind and title ("the rule sheet 'Cromwell'"), or None for a file
    that is no rule sheet, board or form."""
    kind = PAGE_KINDS.get(_relative(path, folder).split("/")[0])
    if kind is None:
        return None
    title = file_title(Path(path)) or Path(path).stem.replace("-", " ").replace("_", " ").capitalize()
    return f"{kind} '{title}'"


def shown_in(folder: Path, places: list[tuple[Path, int]]) -> str:
    """Where a card is shown as a picture, in the page's words: 'the rule sheet 'Cromwell'' (each
    page of the deck once, by the title it prints, never by a path or a line)."""
    said: list[str] = []
    for path, _line in places:
        words = page_name(path, folder) or "the page " + _relative(path, folder)
        if words not in said:
            said.append(words)
    return " and ".join(said)


def page_warning(warning, folder: Path | None = None, fields=()) -> str:
    """A build's warning said as the page says a problem: of the card and its box; a warning about
    another page of the deck (a rule sheet) by its title, with the file and line to look at."""
    where = warning.where
    if where.card or where.file is None:
        return page_message(UserError(warning.message, where), folder, fields=fields)
    shown = _relative(where.file, folder)
    what = page_name(Path(where.file), folder) or ("the deck's file" if shown == "deck.yaml"
                                                   else "one of the deck's files")
    place = f"line {where.line} of {shown}" if where.line else shown
    return sentence(f"{what} ({place}): {_no_paths(warning.message, folder)}")
