"""The presets of `printgen export`: what a print shop or a virtual table wants of a card picture.

They are data (layouts/export-presets.yaml), read by the same checked loader as every other file,
so a shop that changes its template is a line of YAML, not a release. Why the pixel check here: a
shop's pixels, trim, bleed and dpi say the same thing four ways, and a typo in one would make
every card a pixel off where nobody would see it until the cards came back from the printer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from printgen.files.errors import UserError, Where, did_you_mean
from printgen.files.paths import layouts_dir
from printgen.files.schema import Extent, Size, Strict
from printgen.files.schema_errors import load_file
from printgen.files.yamlsrc import Located

PRESETS_FILE = "export-presets.yaml"
MM_PER_INCH = 25.4

Dpi = Annotated[int, Field(ge=20, le=1200)]
Pixels = Annotated[int, Field(ge=1, le=20000)]


class PixelSize(Strict):
    width: Pixels
    height: Pixels


class PresetSpec(Strict):
    title: str
    trim: Size | None = None
    bleed: Extent | None = None
    pixels: PixelSize | None = None
    dpi: Dpi
    colour: Literal["rgb"] = "rgb"
    aspect_tolerance: Annotated[float, Field(ge=0, le=0.5)] = 0.03
    source: str


class TableSpec(Strict):
    columns: Annotated[int, Field(ge=1, le=100)]
    rows: Annotated[int, Field(ge=1, le=100)]
    max_side_px: Pixels
    dpi: Dpi
    colour: Literal["rgb"] = "rgb"
    source: str


class PresetsFile(Strict):
    presets: dict[str, PresetSpec]
    tts: TableSpec


@dataclass(frozen=True)
class Preset:
    """One preset by name, with the place it was read from (for the messages about it)."""

    name: str
    spec: PresetSpec
    where: Where

    @property
    def shop(self) -> bool:
        """A preset naming a card of its own (a shop's), rather than the deck's own size."""
        return self.spec.trim is not None


def load_presets() -> tuple[PresetsFile, Located]:
    """The presets file, checked: each shop preset's pixels agree with its trim, bleed and dpi."""
    folder = layouts_dir()
    presets, located = load_file(folder / PRESETS_FILE, PresetsFile, "in the export presets", within=folder,
                                 kind="list of export presets")
    for name, spec in presets.presets.items():
        where = located.where(("presets", name))
        named = [spec.trim is not None, spec.bleed is not None, spec.pixels is not None]
        if any(named) and not all(named):
            raise UserError(f"the preset '{name}' gives some of trim, bleed and pixels but not all three", where,
                            "a shop's preset gives all three; a preset of the deck's own size (like plain) none")
        if spec.trim is not None and spec.bleed is not None and spec.pixels is not None:
            for axis, length, px in (("width", spec.trim.width, spec.pixels.width),
                                     ("height", spec.trim.height, spec.pixels.height)):
                expected = (length + 2 * spec.bleed) / MM_PER_INCH * spec.dpi
                if abs(expected - px) > 1.0:
                    raise UserError(f"the preset '{name}' is {px} px in {axis}, but its trim {length:g} mm plus "
                                    f"twice its bleed {spec.bleed:g} mm at {spec.dpi} dpi make {expected:.1f} px",
                                    located.where(("presets", name, "pixels", axis)),
                                    "check the shop's template: one of trim, bleed, dpi or pixels is mistyped")
    return presets, located


def find_preset(name: str) -> Preset:
    """A preset by name; an unknown one is refused with the list of known ones."""
    presets, located = load_presets()
    key = name.strip().lower()
    if key not in presets.presets:
        known = ", ".join(presets.presets)
        close = did_you_mean(key, presets.presets)
        raise UserError(f"unknown --preset '{name}'", Where(),
                        f"{close + ' ' if close else ''}the presets are: {known} (from layouts/{PRESETS_FILE})")
    return Preset(key, presets.presets[key], located.where(("presets", key)))


def table_spec() -> TableSpec:
    """Tabletop Simulator's limits on a card sheet."""
    return load_presets()[0].tts
