"""The shapes of the YAML files, checked by pydantic.

Strict models (unknown keys forbidden) turn a misspelt key into an error with a 'did you mean'
hint instead of a silently ignored setting. Card fields are declared by each deck and checked
when it loads (printgen/model/card_values.py), because their types are the deck's, not printgen's.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from printgen.files import records
from printgen.files.limits import MAX_NUMBER
from printgen.files.units import parse_length

# No length on a card, a sheet or a board comes near 5 m: anything beyond is a typo (an extra
# zero, 1e308, .inf) that would otherwise draw off the paper or stall the drawing.
LONGEST_MM = 5000.0


def _length(value: object) -> float:
    mm = parse_length(value)
    if not math.isfinite(mm):
        raise ValueError("should be a length in millimetres (or with a unit, '2.5in', '10pt'), not .nan or .inf")
    if abs(mm) > LONGEST_MM:
        raise ValueError(f"{value} is not a usable length: lengths are millimetres (or with a unit, '2.5in', "
                         f"'10pt') and at most {LONGEST_MM:g} mm")
    return mm


def _within(low: float, high: float, unit: str = "", *, above: bool = False) -> AfterValidator:
    """A range check with a message saying the range (pydantic's names only one bound)."""

    def check(value: float) -> float:
        if value > high:
            raise ValueError(f"should be at most {high:g}{unit} (found {value:g}{unit})")
        if value < low or (above and value == low):
            least = "more than" if above else ("zero or more" if low == 0 else "at least")
            bound = "" if least == "zero or more" else f" {low:g}{unit}"
            raise ValueError(f"should be {least}{bound} (found {value:g}{unit})")
        return value
    return AfterValidator(check)


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("this is blank: write some words here")
    return value


def _some_ink(pattern: list[float]) -> list[float]:
    """A dash pattern of nothing but zeros draws no line at all, and PDF readers refuse it."""
    if pattern and not any(length > 0 for length in pattern):
        raise ValueError("a dash pattern needs at least one length above zero (e.g. [2, 1]: 2 mm drawn, 1 mm gap)")
    return pattern


# Text a file must give and that is printed or names something (a title, a house): never blank.
Words = Annotated[str, AfterValidator(_not_blank)]
Length = Annotated[float, BeforeValidator(_length)]
Dimension = Annotated[float, BeforeValidator(_length), _within(0, LONGEST_MM, " mm", above=True)]   # a width or height
Extent = Annotated[float, BeforeValidator(_length), _within(0, LONGEST_MM, " mm")]              # zero or more
Points = Annotated[float, _within(0, 1000, " pt", above=True)]                                # a type size


class Strict(BaseModel):
    # allow_inf_nan=False: YAML's .nan and .inf are refused wherever a number is expected.
    # defer_build=True: a model's checking code is built when it first checks something, not at
    # import. A build whose deck comes from the cache of checked decks (printgen/model/load_cache.py)
    # checks nothing, so it builds none (that was most of a small build's start-up, issue 30); and a
    # cards build never builds the models of boards and forms.
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, defer_build=True)


# --- catalogues in layouts/ -------------------------------------------------------------------

class Size(Strict):
    width: Dimension
    height: Dimension
    note: str | None = None


# --- imposition -------------------------------------------------------------------------------

class CropMarks(Strict):
    length: Annotated[Extent, _within(0, 50, " mm")] = 5.0
    offset: Annotated[Extent, _within(0, 50, " mm")] = 1.0
    width: Annotated[Extent, _within(0, 5, " mm")] = 0.2


class Imposition(Strict):
    paper: str = "a4"
    margin: Extent = 5.0
    gutter: Extent = 0.0
    bleed: Extent = 3.0
    safe: Extent = 3.0
    crop_marks: CropMarks = CropMarks.model_construct()     # the defaults, without building a check
    ruler: Extent = 50.0
    picture_dpi: float = Field(300.0, ge=72, le=1200)


# --- template elements ------------------------------------------------------------------------

class Element(Strict, records.Element):
    """What every element has: where it starts, whether it is drawn, and its turn.

    x and y are mm from the trim's top-left corner (y grows downwards); a missing one is the
    trim's edge. `when` is an expression; the element is drawn only when it is true.

    `rotation` turns the element, whatever its type, by that many degrees counter-clockwise
    about the centre of its box: 180 prints it upside down (the lower index of a playing card),
    90 reads upwards and 270 downwards. At 90 and 270 the content is laid out in the box turned
    on its side, so a tall narrow box holds a line of text running along it.

    Each type takes only the settings it draws with (tests/test_element_fields.py holds every
    one to being drawn and documented), so a setting a type would ignore is refused at its line.
    """

    x: Length | None = None
    y: Length | None = None
    when: str | None = None
    rotation: float = 0.0


class SizedElement(Element, records.SizedElement):
    """An element with a box of its own: a missing width or height runs to the trim's far edge."""

    width: Extent | None = None
    height: Extent | None = None


class BoxElement(SizedElement, records.BoxElement):
    """An element drawn in its box. `bleed: true` stretches the box out to the bleed edge on every
    side where it touches the trim, so the design does not depend on the bleed chosen at build time."""

    bleed: bool = False


class TextElement(BoxElement, records.TextElement):
    type: Literal["text"]
    text: str
    # how warnings speak of it to the person making the deck ("the name in the card's corners");
    # elements with the same words are warned about once
    about: str | None = None
    font: str = "serif"
    size: Points = 10.0
    min_size: Points | None = None
    legible_size: Points | None = None   # shrinking below this warns; default: the layout's
    colour: str = "#000000"
    align: Literal["left", "center", "right"] = "center"
    valign: Literal["top", "middle", "bottom"] = "middle"
    leading: Annotated[float, _within(0, 10, above=True)] = 1.2
    wrap: bool = True
    tracking: Annotated[float, _within(-100, 100, " pt")] = 0.0


class ImageElement(BoxElement, records.ImageElement):
    type: Literal["image"]
    src: str
    fit: Literal["contain", "cover"] = "contain"


class ShapeElement(BoxElement, records.ShapeElement):
    type: Literal["shape"]
    shape: Literal["rect", "ellipse", "line"] = "rect"
    radius: Extent = 0.0
    fill: str | None = None
    stroke: str | None = None
    stroke_width: Annotated[Extent, _within(0, 50, " mm")] = 0.3
    # the stroke's dash pattern, mm on, off, on ...; none (or an empty list) draws it solid
    dash: Annotated[list[Annotated[Extent, _within(0, 100, " mm")]], AfterValidator(_some_ink)] | None = None


class SymbolElement(BoxElement, records.SymbolElement):
    type: Literal["symbol"]
    symbol: str
    key: str = ""
    colour: str = "#444444"


class ListElement(BoxElement, records.ListElement):
    """One line per item of a collection, spread evenly over the box (e.g. houses on a back)."""

    type: Literal["list"]
    items: str
    text: str
    about: str | None = None       # as a text's: the words warnings use for it
    font: str = "serif-bold"
    size: Points = 14.0
    min_size: Points | None = None
    legible_size: Points | None = None   # shrinking below this warns; default: the layout's
    colour: str = "#000000"
    fill: str | None = None
    align: Literal["left", "center", "right"] = "center"
    gap: Extent = 0.0
    radius: Extent = 0.0
    tracking: Annotated[float, _within(-100, 100, " pt")] = 0.0


class SlotElement(Element, records.SlotElement):
    """Where a card goes on a board: a card-sized dashed outline with a label. Its box is the card
    size it names, so it takes no width, height or bleed (code measuring any element reads them
    as none, as for an element without them)."""

    width: ClassVar[None] = None
    height: ClassVar[None] = None
    bleed: ClassVar[bool] = False
    type: Literal["slot"]
    card: str = "poker"
    sideways: bool = False
    label: str = ""
    font: str = "serif-bold"
    size: Points = 11.0
    colour: str = "#7A6A4A"
    fill: str | None = None


class RepeatElement(SizedElement, records.RepeatElement):
    """Its elements drawn once per item of a collection, on a grid: x/y of the repeat, then
    each copy `dx` further right and, after `columns` copies, `dy` further down. Inside,
    `item` is the current item and `index` counts from 0. `scale`, an expression, sizes every
    copy's elements about the copy's origin (e.g. larger pips on cards with fewer of them).
    Its width and height are the box it turns about when given a `rotation`; it draws nothing of
    its own there, so it takes no bleed."""

    bleed: ClassVar[bool] = False
    type: Literal["repeat"]
    items: str = "[]"
    positions: str | None = None   # an expression giving [x, y] or [x, y, degrees] per copy
    scale: str | None = None       # an expression giving a factor for the copies' boxes
    columns: int = Field(1, ge=1, le=1000)
    dx: Length = 0.0
    dy: Length = 0.0
    elements: dict[str, AnyElement | None]


class TableElement(BoxElement, records.TableElement):
    """A table layout of the deck (decks/<deck>/tables/NAME.yaml) drawn in the box: every piece
    where it starts, at `scale` (1 is true size; none: as large as the box allows). `area: table`
    shows the whole table, `pieces` only the pieces with `margin` mm round them. `dimensions`
    draws the rules marked `show` and the table's size; `labels` names the pieces (short: the
    castles only; full: every piece, with its id and which way up)."""

    type: Literal["table"]
    table: str
    scale: Annotated[float, _within(0, 1, above=True)] | None = None
    area: Literal["table", "pieces"] = "table"
    margin: Extent = 10.0
    dimensions: bool = False
    labels: Literal["none", "short", "full"] = "short"
    font: str = "serif"


AnyElement = Annotated[
    TextElement | ImageElement | ShapeElement | SymbolElement | ListElement | SlotElement | RepeatElement
    | TableElement,
    Field(discriminator="type"),
]


class BoardFile(Strict):
    """A board or mat: a true-scale drawing made of the same elements as a card."""

    title: Words
    size: Size
    background: str | None = "#FFFFFF"
    overlap: Extent = 10.0
    # leave out the sheets of a tiled board on which nothing is drawn (the corners of a cross-shaped layout)
    skip_blank: bool = False
    # how many copies to print (one per player, say): a board smaller than the paper is laid out
    # several to a sheet, each with its own cut marks; a tiled board's sheets are printed again
    copies: Annotated[int, _within(1, 100)] = 1
    elements: dict[str, AnyElement | None]


class SheetColumns(Strict):
    label: str = ""
    headings: list[str] | None = None
    heading: str = ""
    count: int = Field(1, ge=1, le=200)
    width: Dimension | None = None


class SheetRows(Strict):
    labels: list[str] | None = None
    label: str = "{{ n }}"
    count: int = Field(1, ge=1, le=500)
    height: Dimension = 11.0


class SheetFile(Strict):
    """A printable form (score sheet): a grid of columns and rows with a title and a foot."""

    title: Words
    subtitle: str | None = None
    paper: str | None = None
    orientation: Literal["portrait", "landscape"] = "portrait"
    columns: SheetColumns
    rows: SheetRows
    names: bool = True
    total: str | None = None
    foot: str = ""


class ComponentKind(Strict):
    """A kind of component other than the layout's card: its own shape, size, face and back.

    `size` is the trim: a rect's width and height, a round piece's diameter (width = height),
    one face of a `cube-net` (a die folded from six faces and glue tabs) or one side of a
    `fold-stand` (a silhouette folded over its top, standing on two base tabs). The face and
    back are elements as on a card, in mm from the top-left of the whole piece as printed;
    `layout.component` tells the templates the piece's geometry (its faces' boxes). `fill`
    colours the cut outline itself, out to the bleed (a silhouette in its suit's colour);
    `cut` prints a thin cut line on the outline (`line`), short marks beyond the bleed
    (`marks`) or nothing."""

    shape: Literal["rect", "round", "cube-net", "fold-stand"] = "rect"
    size: Size
    tab: Annotated[Extent, _within(0, 50, " mm")] = 4.0    # glue tab (cube-net) or base (fold-stand)
    bleed: Annotated[Extent, _within(0, 10, " mm")] | None = None   # default: the layout's
    safe: Extent | None = None                                       # default: the layout's
    cut: Literal["line", "marks", "none"] = "marks"
    fill: str | None = None
    plural: str | None = None      # how the build names several (dice); default: the name and 's'
    note: str | None = None
    face: dict[str, AnyElement | None] = {}
    back: dict[str, AnyElement | None] = {}
    # back variants for `build --backs NAME` (model/backs.py): changes merged onto `back`, checked
    # as elements once merged (a change may be a single key of an element the back has)
    backs: dict[str, dict[str, dict[str, Any] | None]] = {}


class LayoutFile(Strict):
    """A layout after `extends` has been merged: everything a card look needs."""

    extends: str | None = None
    description: str | None = None
    card_size: str = "poker"
    imposition: Imposition = Imposition.model_construct()   # the defaults, without building a check
    fonts: dict[str, str] = {}
    legible_size: float | None = Field(None, gt=0)   # pt: text shrunk below this gets a warning
    data: dict[str, Any] = {}          # tables templates may read as `layout.NAME` (e.g. pip positions)
    face: dict[str, AnyElement | None] = {}
    back: dict[str, AnyElement | None] = {}
    # back variants for `build --backs NAME` (model/backs.py): changes merged onto `back`, checked
    # as elements once merged (a change may be a single key of an element the back has)
    backs: dict[str, dict[str, dict[str, Any] | None]] = {}
    # kinds of component beside the card (tiles, coins, dice, pawns); a deck field of type
    # `component` names each card's kind, and a card without one is a card
    components: dict[str, ComponentKind] = {}


# --- decks ------------------------------------------------------------------------------------

FieldType = Literal["text", "group", "years", "image", "emblem", "flag", "number", "ability", "component"]


class FieldSpec(Strict):
    """A card field. `required: true` makes every card give it, except the cards matching
    `except_when` (field -> value or list of values), e.g. a card that is not played."""

    type: FieldType
    required: bool = False
    except_when: dict[str, bool | int | float | str | list[bool | int | float | str]] = {}
    group: str | None = None
    default: bool | int | float | str | None = None


class GroupEntry(Strict):
    name: Words
    colour: str = "#444444"
    emblem: str | None = None
    note: str | None = None
    label: str | None = None     # how the entry is printed on a card, e.g. "10" or "S"
    value: Annotated[float, _within(-MAX_NUMBER, MAX_NUMBER)] | None = None   # rank order, face value...


class Generate(Strict):
    """Cards made from every combination of group entries (suits x ranks), so a 48-card pack
    is four lines of suits and twelve of ranks rather than 48 cards."""

    each: dict[str, str]            # field -> group, outermost first
    name: Words                       # template, e.g. "{{ rank.label }} de {{ suit.name }}"
    id: str | None = None        # template; default: the name made file-safe
    # fixed values every card of this rule gets, e.g. {piece: coin}
    set: dict[str, bool | int | float | str] = {}


class Composition(Strict):
    cards: int
    # field -> cards expected for each of its values: one number for all (4 of each suit), or a
    # number per value (13 Noble Threlms, 15 Peasant Threlms, ...).
    per: dict[str, int | dict[str, int]] = {}


class Pack(Strict):
    """A selection of the deck's cards printed as its own PDF, checked against `expect`."""

    only: dict[str, list[str | int | float | bool]] = {}
    leave_out: dict[str, list[str | int | float | bool]] = {}
    note: str | None = None
    expect: Composition | None = None


GameOptions = dict[str, Any]           # a game's options, e.g. {houses: Plantagenet..Tudor}


class VariantSetup(Strict):
    """Options for one variant of a game: for every player count, then per player count."""

    options: GameOptions = {}
    players: dict[int, GameOptions] = {}


class GameSetup(VariantSetup):
    """How the deck's rule sheet sets a game up, as data: `printgen validate` plays these setups
    by default. Later, more specific settings win: the game's `options`, its `players` entry,
    then the variant's `options` and `players` entry (and last, -O on the command line)."""

    note: str | None = None
    variants: dict[str, VariantSetup] = {}


class DeckHeader(Strict):
    """The deck file without its cards and groups, which are checked against `fields`."""

    title: Words
    subtitle: str | None = None
    layout: str = "base"
    card_size: str | None = None
    # the games `printgen validate` plays: a list of names, or name -> how it is set up
    games: list[str] | dict[str, GameSetup | None] = []
    fields: dict[str, FieldSpec]
    generate: Generate | list[Generate] | None = None   # one rule, or several (tiles, coins, ...)
    packs: dict[str, Pack] = {}
