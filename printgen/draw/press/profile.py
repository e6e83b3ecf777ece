"""The CMYK press profile printgen converts through: a named ICC profile that an installed
package ships, looked up where that package puts it and never fetched at run time.

Why Ghostscript's `default_cmyk.icc` ("Artifex CMYK SWOP Profile"): it is the one CMYK output
profile any of Debian's free packages carries (colord-data and icc-profiles-free ship RGB, grey
and Lab profiles only), it comes in the small `libgs-common` package with no dependencies, and
Ghostscript on macOS and Windows ships the same file in its `iccprofiles` folder. A press
profile in a user's own folder is not looked for: a build must not depend on what happens to lie
about the machine.
"""

from __future__ import annotations

import glob
from dataclasses import dataclass
from pathlib import Path

from printgen.files.errors import UserError

PROFILE_FILE = "default_cmyk.icc"
PROFILE_NAME = "Artifex CMYK SWOP Profile"
PACKAGE = "libgs-common"
# Where Debian and Ubuntu (libgs-common), other Linux systems' ghostscript packages, Homebrew and
# the Windows installer of Ghostscript put the file: fixed places first, then versioned folders.
PLACES = (
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",
    "/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/usr/local/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/opt/homebrew/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/usr/local/Cellar/ghostscript/*/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "C:/Program Files/gs/gs*/iccprofiles/default_cmyk.icc",
)


@dataclass(frozen=True)
class PressProfile:
    """The profile's file, its bytes and the name it gives itself (written into the PDF's
    OutputIntent, so a print shop sees which press the colours were separated for)."""

    path: Path
    data: bytes
    name: str


def find_profile() -> PressProfile:
    """The installed press profile; a UserError saying which package to install when none is."""
    for place in PLACES:
        for found in sorted(glob.glob(place), reverse=True):     # the newest Ghostscript first
            path = Path(found)
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if _is_cmyk_output_profile(data):
                return PressProfile(path, data, _description(data) or PROFILE_NAME)
    raise UserError(f"--colour cmyk converts through Ghostscript's CMYK press profile ({PROFILE_FILE}, "
                    f"'{PROFILE_NAME}'), and it is not installed",
                    hint=f"install it: `sudo apt-get install {PACKAGE}` on Debian or Ubuntu, `brew install "
                         f"ghostscript` on macOS, Ghostscript from its site on Windows; or build with "
                         f"--colour rgb")


def _is_cmyk_output_profile(data: bytes) -> bool:
    """An ICC header (the 'acsp' signature) of an output profile whose colours are CMYK."""
    return len(data) > 128 and data[36:40] == b"acsp" and data[16:20] == b"CMYK" and data[12:16] == b"prtr"


def _description(data: bytes) -> str | None:
    import io

    from PIL import ImageCms

    try:
        text = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(data)))
    except (ImageCms.PyCMSError, OSError):
        return None
    return text.strip() or None
