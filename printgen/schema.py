"""The shapes of the YAML files, checked by pydantic.

Strict models (unknown keys forbidden) turn a misspelt key into an error with a 'did you mean'
hint instead of a silently ignored setting. Card fields are declared by each deck and checked in
model.py, because their types are the deck's, not printgen's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from printgen.units import parse_length

Length = Annotated[float, BeforeValidator(parse_length)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- catalogues in layouts/ -------------------------------------------------------------------

class Size(Strict):
    width: Length
    height: Length
    note: Optional[str] = None


# --- imposition -------------------------------------------------------------------------------

class CropMarks(Strict):
    length: Length = 5.0
    offset: Length = 1.0
    width: Length = 0.2


class Imposition(Strict):
    paper: str = "a4"
    margin: Length = 5.0
    gutter: Length = 0.0
    bleed: Length = 3.0
    safe: Length = 3.0
    crop_marks: CropMarks = CropMarks()
    ruler: Length = 50.0


# --- template elements ------------------------------------------------------------------------

class Element(Strict):
    """A box on the card, in mm from the trim's top-left corner (y grows downwards).

    Missing x/y/width/height fill the trim. `bleed: true` stretches the box out to the bleed
    edge on every side where it touches the trim, so the design does not depend on the bleed
    chosen at build time. `when` is an expression; the element is drawn only when it is true.
    """

    x: Optional[Length] = None
    y: Optional[Length] = None
    width: Optional[Length] = None
    height: Optional[Length] = None
    bleed: bool = False
    when: Optional[str] = None


class TextElement(Element):
    type: Literal["text"]
    text: str
    font: str = "serif"
    size: float = Field(10.0, gt=0)
    min_size: Optional[float] = Field(None, gt=0)
    legible_size: Optional[float] = Field(None, gt=0)   # shrinking below this warns; default: the layout's
    colour: str = "#000000"
    align: Literal["left", "center", "right"] = "center"
    valign: Literal["top", "middle", "bottom"] = "middle"
    leading: float = Field(1.2, gt=0)
    wrap: bool = True
    tracking: float = 0.0


class ImageElement(Element):
    type: Literal["image"]
    src: str
    fit: Literal["contain", "cover"] = "contain"


class ShapeElement(Element):
    type: Literal["shape"]
    shape: Literal["rect", "ellipse", "line"] = "rect"
    radius: Length = 0.0
    fill: Optional[str] = None
    stroke: Optional[str] = None
    stroke_width: Length = 0.3
    dash: Optional[list[float]] = None


class SymbolElement(Element):
    type: Literal["symbol"]
    symbol: str
    key: str = ""
    colour: str = "#444444"
    rotation: float = 0.0


class ListElement(Element):
    """One line per item of a collection, spread evenly over the box (e.g. houses on a back)."""

    type: Literal["list"]
    items: str
    text: str
    font: str = "serif-bold"
    size: float = Field(14.0, gt=0)
    min_size: Optional[float] = Field(None, gt=0)
    legible_size: Optional[float] = Field(None, gt=0)
    colour: str = "#000000"
    fill: Optional[str] = None
    align: Literal["left", "center", "right"] = "center"
    gap: Length = 0.0
    radius: Length = 0.0
    tracking: float = 0.0


class SlotElement(Element):
    """Where a card goes on a board: a card-sized dashed outline with a label."""

    type: Literal["slot"]
    card: str = "poker"
    sideways: bool = False
    label: str = ""
    font: str = "serif-bold"
    size: float = Field(11.0, gt=0)
    colour: str = "#7A6A4A"
    fill: Optional[str] = None


class RepeatElement(Element):
    """Its elements drawn once per item of a collection, on a grid: x/y of the repeat, then
    each copy `dx` further right and, after `columns` copies, `dy` further down. Inside,
    `item` is the current item and `index` counts from 0."""

    type: Literal["repeat"]
    items: str = "[]"
    positions: Optional[str] = None   # an expression giving [x, y] or [x, y, degrees] per copy
    columns: int = Field(1, ge=1)
    dx: Length = 0.0
    dy: Length = 0.0
    elements: dict[str, Optional["AnyElement"]]


AnyElement = Annotated[
    Union[TextElement, ImageElement, ShapeElement, SymbolElement, ListElement, SlotElement, RepeatElement],
    Field(discriminator="type"),
]
RepeatElement.model_rebuild()


class BoardFile(Strict):
    """A board or mat: a true-scale drawing made of the same elements as a card."""

    title: str
    size: Size
    background: Optional[str] = "#FFFFFF"
    overlap: Length = 10.0
    elements: dict[str, Optional[AnyElement]]


class SheetColumns(Strict):
    label: str = ""
    headings: Optional[list[str]] = None
    heading: str = ""
    count: int = Field(1, ge=1)
    width: Optional[Length] = None


class SheetRows(Strict):
    labels: Optional[list[str]] = None
    label: str = "{{ n }}"
    count: int = Field(1, ge=1)
    height: Length = 11.0


class SheetFile(Strict):
    """A printable form (score sheet): a grid of columns and rows with a title and a foot."""

    title: str
    subtitle: Optional[str] = None
    paper: Optional[str] = None
    orientation: Literal["portrait", "landscape"] = "portrait"
    columns: SheetColumns
    rows: SheetRows
    names: bool = True
    total: Optional[str] = None
    foot: str = ""


class LayoutFile(Strict):
    """A layout after `extends` has been merged: everything a card look needs."""

    extends: Optional[str] = None
    description: Optional[str] = None
    card_size: str = "poker"
    imposition: Imposition = Imposition()
    fonts: dict[str, str] = {}
    legible_size: Optional[float] = Field(None, gt=0)   # pt: text shrunk below this gets a warning
    data: dict[str, Any] = {}          # tables templates may read as `layout.NAME` (e.g. pip positions)
    face: dict[str, Optional[AnyElement]] = {}
    back: dict[str, Optional[AnyElement]] = {}


# --- decks ------------------------------------------------------------------------------------

FieldType = Literal["text", "group", "years", "image", "emblem", "flag", "number", "ability"]


class FieldSpec(Strict):
    type: FieldType
    required: bool = False
    group: Optional[str] = None
    default: Union[bool, int, float, str, None] = None


class GroupEntry(Strict):
    name: str
    colour: str = "#444444"
    emblem: Optional[str] = None
    note: Optional[str] = None
    label: Optional[str] = None     # how the entry is printed on a card, e.g. "10" or "S"
    value: Optional[float] = None   # a number for games and layouts (rank order, face value)


class Generate(Strict):
    """Cards made from every combination of group entries (suits x ranks), so a 48-card pack
    is four lines of suits and twelve of ranks rather than 48 cards."""

    each: dict[str, str]            # field -> group, outermost first
    name: str                       # template, e.g. "{{ rank.label }} de {{ suit.name }}"
    id: Optional[str] = None        # template; default: the name made file-safe


class Composition(Strict):
    cards: int
    # field -> cards expected for each of its values: one number for all (4 of each suit), or a
    # number per value (14 Noble Threlms, 16 Peasant Threlms, ...).
    per: dict[str, Union[int, dict[str, int]]] = {}


class Pack(Strict):
    """A selection of the deck's cards printed as its own PDF, checked against `expect`."""

    only: dict[str, list[Union[str, int, float, bool]]] = {}
    leave_out: dict[str, list[Union[str, int, float, bool]]] = {}
    note: Optional[str] = None
    expect: Optional[Composition] = None


GameOptions = dict[str, Any]           # a game's options, e.g. {houses: Plantagenet..Tudor}


class VariantSetup(Strict):
    """Options for one variant of a game: for every player count, then per player count."""

    options: GameOptions = {}
    players: dict[int, GameOptions] = {}


class GameSetup(VariantSetup):
    """How the deck's rule sheet sets a game up, as data: `printgen validate` plays these setups
    by default. Later, more specific settings win: the game's `options`, its `players` entry,
    then the variant's `options` and `players` entry (and last, -O on the command line)."""

    note: Optional[str] = None
    variants: dict[str, VariantSetup] = {}


class DeckHeader(Strict):
    """The deck file without its cards and groups, which are checked against `fields`."""

    title: str
    subtitle: Optional[str] = None
    layout: str = "base"
    card_size: Optional[str] = None
    # the games `printgen validate` plays: a list of names, or name -> how it is set up
    games: Union[list[str], dict[str, Optional[GameSetup]]] = []
    fields: dict[str, FieldSpec]
    generate: Optional[Generate] = None
    packs: dict[str, Pack] = {}
