"""What the web editor's page says, in the words of the page: cards and boxes, not files and lines.

The command line names a file, a line and a field, and may say what to type in the YAML
("write the name after 'name:'"), because the teacher there is looking at deck.yaml. On the page
she is looking at a card and its boxes, so the same problem is said of the card and the box
("Henry VIII, the Reign box: ..."), a hint that speaks of YAML or of a spreadsheet's column is
said of the box or left out, and no folder path is shown: a file is only named (by its name)
for a problem the page cannot mend, such as a mistake in deck.yaml outside any card.
"""

from __future__ import annotations

import re
from pathlib import Path

from printgen.errors import UserError

# Words that belong to deck.yaml's syntax, not to a box on the page.
YAML_WORDS = re.compile(r"YAML|mapping|scalar|indentation|after '[\w-]+:'|a line '|'[\w-]+: \.\.\.'|"
                        r"double quotes|quotes, if|\bkey\b|line \d+", re.IGNORECASE)
PATH = re.compile(r"(?:[A-Za-z]:)?[\\/][^\s'\"]+[\\/][^\s'\";,]*")      # /home/..., C:\Users\...


def label(field: str) -> str:
    """A field's name as the page shows it over its box: 'in_play' -> 'In play'."""
    words = field.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def sentence(text: str) -> str:
    """Text as a sentence of its own: a capital first, a full stop last (so two never run together)."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    ended = text[-1] in ".!?…" or (text[-1] in "\"'’”" and text[-2:-1] in (".", "!", "?"))
    return text if ended else text + "."


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
    return PATH.sub(lambda m: Path(m.group(0)).name, text)


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
    name = card or where.card
    message = field_words(_no_paths(error.message.replace("deck.yaml", "the deck's file"), folder), fields)
    if name and where.field:
        head = f"{name}, the {label(where.field)} box: "
    elif name:
        head = f"{name}: "
    elif where.file is not None:
        shown = Path(where.file).name
        head = f"{shown}, line {where.line}: " if where.line else f"{shown}: "
    else:
        head = ""
    text = sentence(head + message) if head else sentence(message)
    hint = page_hint(error, folder)
    return text + (" " + sentence(hint) if hint else "")


def file_problem(error: UserError, folder: Path | None = None) -> str:
    """A problem of deck.yaml that is not any card's box (the page cannot mend it)."""
    where = error.where
    at = f" at line {where.line}" if where.line else ""
    shown = Path(where.file).name if where.file is not None else "the deck's file"
    text = _no_paths(error.message, folder)
    hint = error.hint if error.hint and not PATH.search(error.hint) else None
    return (f"{shown} has a mistake{at} that this page cannot mend: {text}."
            + (f" {sentence(hint)}" if hint else "")
            + f" Correct it in a text editor, then reload this page.")
