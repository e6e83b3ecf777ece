"""The web editor's "Make pictures": `printgen export --to images|tts` from the page, so a teacher
sending the deck to a print shop that takes card pictures, or playing it on Tabletop Simulator,
needs no command line either.

The pictures go where the command line puts them (the editor's output folder, in <deck>/images-tgc,
images-mpc, images-plain or tts), and the page names that folder, since the pictures are many
files to be uploaded or copied from it; it links the one file that says which picture is which
(the manifest, or Tabletop Simulator's saved object and its note on hosting the pictures).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printgen.editing.web.page_words import PageError, page_message, sentence
from printgen.editing.web.webbuild import COMMAND_WORDS, page_warnings
from printgen.files.errors import UserError

# The page's choices: value, words, and the folder (inside the deck's) the pictures go in.
EXPORTS = (("tgc", "The Game Crafter", "images-tgc"),
           ("mpc", "MakePlayingCards", "images-mpc"),
           ("plain", "Another shop: the deck's size", "images-plain"),
           ("tts", "Tabletop Simulator", "tts"))
FOLDERS = tuple(folder for _, _, folder in EXPORTS)
SERVED = (".json", ".txt", ".png")       # what the page may open of an export's folder


def export_choices() -> list[dict[str, str]]:
    return [{"value": value, "label": words} for value, words, _ in EXPORTS]


def export(folder: Path, out: Path, body: Any) -> dict[str, Any]:
    """Write the deck's pictures (all or none, as the command line does): where they are, the
    files to open (each with its address on the editor), and the warnings in the page's words."""
    from printgen.draw.build import check_out_folder
    from printgen.files.output import publish

    body = body if isinstance(body, dict) else {}
    to = body.get("to") or ""
    found = next((e for e in EXPORTS if e[0] == to), None)
    if found is None:
        raise PageError("Pictures: the page sent a choice this editor does not have. Choose one of "
                        + ", ".join(f"‘{words}’" for _, words, _ in EXPORTS) + ", then try again.")
    value, words, sub = found
    try:
        check_out_folder(out, out)
        if value == "tts":
            from printgen.draw.export.tts import export_tts

            results = export_tts(str(folder), None, out)
        else:
            from printgen.draw.export.images import export_images

            results = export_images(str(folder), value, None, out)
        files = {path: data for result in results for path, data in result.files.items()}
        publish(files)
    except UserError as error:
        raise _refused(error, folder, value) from None
    base = (out / folder.name).resolve()
    shown = [path for path in files if path.suffix in (".json", ".txt")]
    pictures = sum(1 for path in files if path.suffix == ".png")
    warnings = page_warnings(folder, [w for result in results for w in result.warnings])
    where = (out / folder.name / sub).resolve()
    return {"folder": str(where), "pictures": pictures,
            "files": [{"name": path.name, "title": _title(path, value),
                       "href": "/exported/" + path.resolve().relative_to(base).as_posix()} for path in sorted(shown)],
            "warnings": warnings,
            "said": f"The pictures for {words} are ready ({pictures} files), in the folder named below."}


def _title(path: Path, to: str) -> str:
    pack = f" ({path.parent.name})" if path.parent.name not in FOLDERS else ""
    if path.suffix == ".txt":
        return "How to host the pictures for Tabletop Simulator" + pack
    if to == "tts":
        return "The saved object for Tabletop Simulator" + pack
    return "Which picture is which card" + pack


def _refused(error: UserError, folder: Path, to: str) -> PageError:
    """A refusal said on the page: the export's own words (no file, line or option), and for a
    shop whose card is another shape, the choice that fits any deck."""
    said = page_message(UserError(error.message), folder)
    hint = error.hint if error.hint and not COMMAND_WORDS.search(error.hint) else None
    if error.where.field == "card_size" and to in ("tgc", "mpc"):
        hint = "Choose ‘Another shop: the deck's size’ for a shop that prints cards of other sizes"
    return PageError("The pictures were not made. " + said + (" " + sentence(hint) if hint else ""))


def exported_file(out: Path, deck: str, path: str) -> Path | None:
    """The export's file a page link names (/exported/<folder>/...), or None for anything else: only
    files of an export's folder, of the kinds it writes."""
    parts = Path(path).parts
    if len(parts) < 2 or parts[0] not in FOLDERS or Path(path).suffix not in SERVED or ".." in parts:
        return None
    return (out / deck).resolve() / path
