"""Where the shipped decks and layouts live, however printgen was installed.

In a source checkout (and an editable install) they are the repository's top-level `decks/` and
`layouts/` folders. A wheel, `pip install .` or pipx copies them into the package as
`printgen/shipped/decks` and `printgen/shipped/layouts` (see pyproject.toml), because a wheel can
only carry files inside its packages. Looking in both places lets every install work from any
folder, and keeps the repository's layout as the user fixed it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent     # printgen/, above this folder (files/)
FONTS_DIR = PACKAGE_DIR / "fonts"
DECK_FILE = "deck.yaml"
# A file every complete set of shipped data has: how a data root is recognised.
_MARKER = Path("layouts") / "card-sizes.yaml"


@lru_cache(maxsize=1)
def data_root() -> Path:
    """The folder holding `decks/` and `layouts/`: the checkout, else the installed copy."""
    for candidate in (PACKAGE_DIR.parent, PACKAGE_DIR / "shipped"):
        if (candidate / _MARKER).is_file():
            return candidate
    raise RuntimeError(f"printgen's shipped layouts are missing: neither {PACKAGE_DIR.parent / _MARKER} "
                       f"nor {PACKAGE_DIR / 'shipped' / _MARKER} exists; reinstall printgen")


def decks_dir() -> Path:
    return data_root() / "decks"


def layouts_dir() -> Path:
    return data_root() / "layouts"
