"""The page's print choices (issue 29): what `printgen build` offers with `--imposition`,
`--page-order`, `--crop`, `--colour`, `--ink-limit` and `--backs`, said in a teacher's words, and
the request's choices checked and turned into the build's options.

The command line may say "--duplex short is for duplex sheets"; the page has no options, only
boxes, so every refusal here names the boxes as the page labels them ("How the cards go on the
paper", "Sides of the paper") and says which choice to make instead. A choice the page would never
send (an unknown value, a page order for sheets) is refused in the same words, never passed on to
the build to fail there in the command line's.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from printgen.editing.web.page_words import PageError
from printgen.files.errors import UserError

PAPERS = ("a4", "letter")
# Each box of the page's Print section: its choices (value, words), the first the usual one.
DUPLEX = (("long", "Both sides, long edge"), ("short", "Both sides, short edge"),
          ("none", "One side: backs after fronts"))
IMPOSITION = (("sheets", "Both sides, on a duplex printer"),
              ("gutter-fold", "Folded sheets: fold and glue"),
              ("single", "One card a page, for a shop"))
PAGE_ORDER = (("back-first", "Back first (DriveThruCards)"), ("front-first", "Front first"))
CROP = (("marks", "Small marks round the cards"), ("lines", "Lines across the sheet, for a guillotine"))
COLOUR = (("rgb", "For a home printer"), ("cmyk", "CMYK, for a print shop's press"))
BACKS = (("dark", "Full colour"), ("light", "Light, to save ink"))
INK_LIMIT = (100, 400, 300)            # the least, the most and the usual total ink, percent

# Which box a choice of "How the cards go on the paper" leaves to be chosen, and why not the others.
APPLIES = {"duplex": ("sheets",), "crop": ("sheets", "gutter-fold"), "page_order": ("single",)}
NOT_FOR = {
    "duplex": "Folded sheets and one card a page print on one side of the paper, so the sides are not chosen.",
    "crop": "One card a page is already the card's size: there is nothing to cut across.",
    "page_order": "Only for one card a page.",
    "ink_limit": "Only for CMYK: a home printer's colours are not limited.",
}
BOXES = {"duplex": "Sides of the paper", "crop": "Cut guides", "page_order": "Page order"}


def print_choices() -> dict[str, Any]:
    """The Print section's boxes for the page (deck_json): each box's choices in words, which
    choice of the layout each one applies to, and the line said under a box that does not."""
    def listed(pairs: tuple[tuple[str, str], ...]) -> list[dict[str, str]]:
        return [{"value": value, "label": words} for value, words in pairs]

    return {"duplex": listed(DUPLEX), "imposition": listed(IMPOSITION), "page_order": listed(PAGE_ORDER),
            "crop": listed(CROP), "colour": listed(COLOUR), "backs": listed(BACKS),
            "ink_limit": {"least": INK_LIMIT[0], "most": INK_LIMIT[1], "usual": INK_LIMIT[2]},
            "applies": {box: list(layouts) for box, layouts in APPLIES.items()}, "not_for": NOT_FOR}


def _chosen(body: dict[str, Any], key: str, pairs: tuple[tuple[str, str], ...], box: str) -> str:
    """The value of one box, or the usual one when the page left it out; an unknown value refused."""
    value = body.get(key) or pairs[0][0]
    if value not in dict(pairs):
        usual = ", ".join(f"‘{words}’" for _, words in pairs)
        raise PageError(f"{box}: the page sent a choice this editor does not have. Choose one of {usual}, "
                        "then make the PDFs again.")
    return value


def _ink_limit(body: dict[str, Any], colour: str) -> float | None:
    text = (body.get("ink_limit") or "").strip().rstrip("%").strip()
    if not text:
        return None
    least, most, usual = INK_LIMIT
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and least <= value <= most):
        raise PageError(f"Most ink: ‘{text[:20]}’ is not a percentage from {least} to {most}. {usual} suits most "
                        "print shops; DriveThruCards asks 240.")
    if colour != "cmyk":
        raise PageError(f"Most ink: {NOT_FOR['ink_limit']} Choose ‘CMYK, for a print shop's press’ under Colour, "
                        "or leave Most ink empty.")
    return value


def build_options(body: Any, out: Path):
    """The build's options for the page's choices, every one checked against the boxes' lists and
    against the others (a refusal in the page's words, as PageError), before anything is drawn."""
    from printgen.draw.build import BuildOptions

    body = body if isinstance(body, dict) else {}
    paper = body.get("paper")
    if paper not in (None, "", *PAPERS):
        raise PageError("Paper: choose A4 or Letter, then make the PDFs again.")
    chosen = {"duplex": _chosen(body, "duplex", DUPLEX, BOXES["duplex"]),
              "imposition": _chosen(body, "imposition", IMPOSITION, "How the cards go on the paper"),
              "page_order": _chosen(body, "page_order", PAGE_ORDER, BOXES["page_order"]),
              "crop": _chosen(body, "crop", CROP, BOXES["crop"]),
              "colour": _chosen(body, "colour", COLOUR, "Colour"),
              "backs": _chosen(body, "backs", BACKS, "Backs")}
    layout = chosen["imposition"]
    for box, layouts in APPLIES.items():
        if layout not in layouts and chosen[box] != dict(_usual())[box]:
            words = dict(IMPOSITION)[layout]
            raise PageError(f"{BOXES[box]} ‘{dict(_pairs(box))[chosen[box]]}’ does not go with ‘{words}’: "
                            f"{NOT_FOR[box]} Choose another way under How the cards go on the paper, or leave "
                            f"{BOXES[box]} as it was.")
    ink = _ink_limit(body, chosen["colour"])
    if chosen["colour"] == "cmyk":
        _press_profile()
    return BuildOptions(out=out, paper=paper or None, duplex=chosen["duplex"], imposition=layout,
                        crop=chosen["crop"], page_order=chosen["page_order"], colour=chosen["colour"],
                        ink_limit=ink, backs=chosen["backs"])


def _pairs(box: str) -> tuple[tuple[str, str], ...]:
    return {"duplex": DUPLEX, "crop": CROP, "page_order": PAGE_ORDER}[box]


def _usual() -> list[tuple[str, str]]:
    return [(box, _pairs(box)[0][0]) for box in APPLIES]


def _press_profile() -> None:
    """CMYK needs the press profile an installed package ships: its absence said on the page, with
    what to install, rather than as the command line's words about --colour."""
    from printgen.draw.press.profile import PACKAGE, PROFILE_NAME, find_profile

    try:
        find_profile()
    except UserError:
        raise PageError(f"CMYK needs Ghostscript's press profile (‘{PROFILE_NAME}’), and it is not installed on this "
                        f"computer, so the PDFs were not made. Install it (on Debian or Ubuntu: sudo apt-get install "
                        f"{PACKAGE}; on a Mac or Windows: Ghostscript), or choose ‘For a home printer’ under "
                        "Colour.") from None
