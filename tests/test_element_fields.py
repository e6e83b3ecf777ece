"""Every setting of every layout element is drawn, and documented in docs/reference.md.

A setting the schema accepts but the resolver never reads prints nothing a designer can see (the
`dash` of a shape once drew a solid line): each setting here is given a value of its own on one
element of a scratch layout, and the element's resolved drawing (its operations, or the warnings
it gives, for the settings that only speak: `about`, `legible_size`) must change. A setting added
to the schema without a probe below, or without its row in the reference, fails here.
(After Squib's spec/docs/options_documented_spec.rb.)
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from dataclasses import dataclass, field
from typing import Any, get_args

import pytest
from conftest import DECKS, ROOT
from PIL import Image
from pydantic import TypeAdapter

from printgen.draw.fonts import FontSet
from printgen.draw.paint import draw_ops
from printgen.draw.pdfcanvas import finish, new_canvas
from printgen.draw.template import Resolver
from printgen.files import schema
from printgen.files.schema import AnyElement
from printgen.model.deck import Deck, Layout
from printgen.model.layouts import load_layout
from printgen.model.load import ALL_CARDS, load_deck

REFERENCE = ROOT / "docs" / "reference.md"
ELEMENT_TYPES: dict[str, type] = {get_args(m.model_fields["type"].annotation)[0]: m
                                  for m in get_args(get_args(AnyElement)[0])}
# the settings every type (or every type with a box) inherits, documented once for all
SHARED_BASES = (schema.Element, schema.SizedElement, schema.BoxElement)


@dataclass(frozen=True)
class Probe:
    """A value for one setting; `also` is set on both sides of the comparison (what the setting
    needs to show: a fill for a list's corner radius, text too long for its box for min_size)."""

    value: Any
    also: dict = field(default_factory=dict)


SHRUNK = {"size": 30, "min_size": 4}               # text that must shrink to fit, below the legible size
SHRUNK_AND_SAID = {**SHRUNK, "legible_size": 20}   # ... and says so
LIST_SHRUNK = {"size": 80, "min_size": 4}          # a list's lines share its box's height: they shrink to 24.5 pt
LIST_SHRUNK_AND_SAID = {**LIST_SHRUNK, "legible_size": 40}

# a plain element of each type, the base every probe changes one setting of
BASE: dict[str, dict] = {
    "text": {"type": "text", "text": "Words enough for two lines here", "x": 5, "y": 5, "width": 40, "height": 12},
    "image": {"type": "image", "src": "one.png", "x": 5, "y": 5, "width": 30, "height": 30},   # pictures are 3:2
    "shape": {"type": "shape", "x": 5, "y": 5, "width": 30, "height": 20, "stroke": "#000000"},
    "symbol": {"type": "symbol", "symbol": "pp-suns", "x": 5, "y": 5, "width": 30, "height": 20},
    "list": {"type": "list", "items": "['one', 'two']", "text": "{{ item }}", "x": 5, "y": 5, "width": 40,
             "height": 20},
    "slot": {"type": "slot", "x": 5, "y": 5, "label": "Draw pile"},
    "repeat": {"type": "repeat", "items": "[1, 2, 3]", "x": 5, "y": 5, "columns": 3, "dx": 6,
               "elements": {"dot": {"type": "shape", "width": 4, "height": 4, "fill": "#000000"}}},
    "table": {"type": "table", "table": "croquetnole", "x": 2, "y": 2, "width": 59, "height": 84},
}

# settings every type takes (a type may override its probe below)
SHARED: dict[str, Probe] = {
    "x": Probe(7), "y": Probe(9), "when": Probe("false"), "rotation": Probe(180),
    "width": Probe(25), "height": Probe(15),
    "bleed": Probe(True, {"x": 0, "y": 0}),      # only a box touching the trim reaches into the bleed
}

PROBES: dict[str, dict[str, Probe]] = {
    "text": {"text": Probe("Other words"), "about": Probe("the probe's words", SHRUNK_AND_SAID),
             "font": Probe("serif-bold"), "size": Probe(8), "min_size": Probe(4, {"size": 30}),
             "legible_size": Probe(20, SHRUNK), "colour": Probe("#AA0000"), "align": Probe("left"),
             "valign": Probe("top"), "leading": Probe(2.0), "wrap": Probe(False), "tracking": Probe(1.5)},
    "image": {"src": Probe("two.png"), "fit": Probe("cover")},
    "shape": {"shape": Probe("ellipse"), "radius": Probe(2), "fill": Probe("#AA0000"), "stroke": Probe("#00AA00"),
              "stroke_width": Probe(1), "dash": Probe([2, 1])},
    "symbol": {"symbol": Probe("pp-moons"), "colour": Probe("#AA0000"),
               "key": Probe("Tudor", {"symbol": ""})},      # no symbol: a shield made from the key
    "list": {"items": Probe("['one', 'two', 'three']"), "text": Probe("{{ item }}!"),
             "about": Probe("the probe's words", LIST_SHRUNK_AND_SAID), "font": Probe("serif"), "size": Probe(9),
             "min_size": Probe(4, {"size": 60}), "legible_size": Probe(40, LIST_SHRUNK), "colour": Probe("#AA0000"),
             "fill": Probe("#EEEEEE"), "align": Probe("left"), "gap": Probe(2),
             "radius": Probe(2, {"fill": "#EEEEEE"}), "tracking": Probe(1.5)},
    "slot": {"card": Probe("bridge"), "sideways": Probe(True), "label": Probe("Discards"), "font": Probe("serif"),
             "size": Probe(16), "colour": Probe("#AA0000"), "fill": Probe("#EEEEEE")},
    "repeat": {"items": Probe("[1, 2, 3, 4]"), "positions": Probe("[[0, 0], [10, 10]]"), "scale": Probe("2"),
               "columns": Probe(2), "dx": Probe(9), "dy": Probe(6, {"columns": 1}),
               "elements": Probe({"ring": {"type": "shape", "shape": "ellipse", "width": 4, "height": 4,
                                           "stroke": "#000000"}}),
               # a repeat draws nothing in its own box: it is the box the copies turn about
               "width": Probe(25, {"rotation": 90}), "height": Probe(15, {"rotation": 90})},
    "table": {"table": Probe("croquetnole-copy"), "scale": Probe(0.05), "area": Probe("pieces"),
              "margin": Probe(20, {"area": "pieces"}), "dimensions": Probe(True), "labels": Probe("full"),
              "font": Probe("serif-bold")},
}


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> tuple[Deck, Layout]:
    """The piecepack (it has a table layout) in a scratch folder, with two pictures and a second
    table, and the plain base layout to put each probed element on."""
    folder = tmp_path_factory.mktemp("fields") / "piecepack"
    shutil.copytree(DECKS / "piecepack", folder)
    for name, colour in (("one.png", (200, 40, 40)), ("two.png", (40, 40, 200))):
        Image.new("RGB", (600, 400), colour).save(folder / name)
    table = (folder / "tables" / "croquetnole.yaml").read_text(encoding="utf-8")
    (folder / "tables" / "croquetnole-copy.yaml").write_text(table.replace("width: 32in", "width: 36in"),
                                                             encoding="utf-8")
    deck = load_deck(folder, ALL_CARDS)
    return deck, load_layout("base", deck)


def drawn(deck: Deck, layout: Layout, data: dict) -> tuple[bytes, tuple[str, ...]]:
    """One element on the deck's first card as the PDF page it prints (its resolved operations
    painted, so an operation's field the painter ignores counts as not drawn), and the warnings
    it gives."""
    element = TypeAdapter(AnyElement).validate_python(data)
    spec = layout.spec.model_copy(update={"face": {"probe": element}, "back": {}})
    warnings: list = []
    fonts = FontSet(layout.fonts)
    ops = Resolver(deck, dataclasses.replace(layout, spec=spec), fonts, warnings.append).side("face", deck.cards[0])
    canvas = new_canvas((layout.card.width, layout.card.height), fonts.default(), "probe", "probe")
    draw_ops(canvas, ops)
    canvas.showPage()
    return finish(canvas), tuple(w.message for w in warnings)


def probe_for(kind: str, name: str) -> Probe | None:
    return PROBES[kind].get(name) or SHARED.get(name)


def settings(kind: str) -> list[str]:
    return [name for name in ELEMENT_TYPES[kind].model_fields if name != "type"]


CASES = [(kind, name) for kind in ELEMENT_TYPES for name in settings(kind)]


@pytest.mark.parametrize("kind,name", CASES, ids=[f"{k}.{n}" for k, n in CASES])
def test_every_element_setting_changes_the_drawing(scratch, kind, name):
    probe = probe_for(kind, name)
    assert probe is not None, (f"the {kind} element's '{name}' has no probe: give it a value here that the "
                               f"resolver must draw differently")
    deck, layout = scratch
    base = {**BASE[kind], **probe.also}
    assert base.get(name) != probe.value, f"the probe of {kind}.{name} is its base value"
    before = drawn(deck, layout, base)
    after = drawn(deck, layout, {**base, name: probe.value})
    assert after != before, f"setting {kind}.{name} to {probe.value!r} changes nothing that is drawn or said"


def test_every_probe_names_a_setting():
    """A probe left behind by a setting taken out of the schema (or misspelt) would test nothing."""
    stale = [f"{kind}.{name}" for kind, probes in PROBES.items() for name in probes if name not in settings(kind)]
    stale += [name for name in SHARED if not any(name in settings(kind) for kind in ELEMENT_TYPES)]
    assert not stale
    assert set(BASE) == set(ELEMENT_TYPES) == set(PROBES)


# --- documented -----------------------------------------------------------------------------

def documented(heading: str) -> set[str]:
    """The settings named in the first column of the table under a `### heading` of the reference
    (`a`, `b` in one cell names both; `columns.count` a setting of a part)."""
    text = REFERENCE.read_text(encoding="utf-8")
    match = re.search(rf"^### {re.escape(heading)}\n(.*?)(?=^#)", text + "\n#", re.M | re.S)
    assert match, f"docs/reference.md has no section '### {heading}'"
    names: set[str] = set()
    for line in match.group(1).splitlines():
        cells = line.split("|")
        if line.startswith("|") and len(cells) > 2 and not set(cells[1].strip()) <= set("-: "):
            names.update(re.findall(r"`([a-z_.]+)`", cells[1]))
    return names


def declared_by(model: type, name: str) -> type:
    """The class that first declares a setting (a type's own, or one every element shares)."""
    return next(k for k in reversed(model.__mro__) if name in getattr(k, "__annotations__", {}))


def test_every_element_setting_is_documented():
    shared = documented("Every element")
    wanted_shared = {n for kind in ELEMENT_TYPES for n in settings(kind)
                     if declared_by(ELEMENT_TYPES[kind], n) in SHARED_BASES}
    assert shared == wanted_shared, "the reference's 'Every element' table and the shared settings differ"
    for kind, model in ELEMENT_TYPES.items():
        own = {n for n in settings(kind) if declared_by(model, n) not in SHARED_BASES}
        assert documented(f"`{kind}`") == own, f"the reference's table of `{kind}` and its settings differ"


def test_the_reference_says_which_types_take_each_shared_setting():
    """A shared setting some types refuse (a slot has no width) says which, in its row."""
    text = REFERENCE.read_text(encoding="utf-8")
    for base in (schema.SizedElement, schema.BoxElement):
        refusing = sorted(k for k, m in ELEMENT_TYPES.items() if not issubclass(m, base))
        for name in base.__annotations__:
            row = next(line for line in text.splitlines() if line.startswith(f"| `{name}`") or
                       re.match(rf"\| `\w+`, `{name}`", line))
            for kind in refusing:
                assert f"`{kind}`" in row, f"the row of `{name}` does not say that a `{kind}` takes none"


# --- the settings that were not drawn, one by one -------------------------------------------------

def test_the_quick_reference_folds_on_a_dashed_line(tmp_path):
    """The Coppertwaddle quick reference's fold line (`dash: [2, 2]`) prints as dashes 2 mm long
    with 2 mm gaps: ink on about half of its length, not a solid line."""
    from pdfcheck import Raster

    from printgen.draw.documents.boards import render_board

    deck = load_deck("coppertwaddle", ALL_CARDS)
    board = render_board(deck, load_layout(deck.layout, deck), deck.folder / "boards" / "quick-reference.yaml")
    (tmp_path / "board.pdf").write_bytes(board.pdf)
    page = Raster(tmp_path / "board.pdf", 1, dpi=300)
    middle = page.width_mm / 2           # the copies are centred across the paper, the fold halves each
    x0, y0, x1, y1 = page.colour_box(middle - 3, 0, middle + 3, page.height_mm / 2, "#B8A98A", tolerance=30)
    assert x1 - x0 < 1.0 and y1 - y0 > 70, "the lower copy's fold is not a line down its middle"
    top, bottom = int(page.px(page.height_mm - y1)), int(page.px(page.height_mm - y0))
    column = page.pixels[top:bottom, int(page.px((x0 + x1) / 2))]
    inked = (abs(column - [0xB8, 0xA9, 0x8A]) <= 30).all(axis=1)
    assert 0.4 < inked.mean() < 0.6, f"ink on {inked.mean():.0%} of the fold"
    runs = [len(run) for run in "".join("x" if i else " " for i in inked).split()]
    assert all(abs(run / page.px(1) - 2) < 0.3 for run in runs[1:-1]), "dashes are not 2 mm long"


def test_a_dash_is_in_millimetres_and_scales_with_the_stroke(scratch):
    """A layout drawn for another card size scales its dashes as it scales its strokes."""
    deck, layout = scratch
    element = TypeAdapter(AnyElement).validate_python({"type": "shape", "stroke": "#000000", "stroke_width": 0.5,
                                                       "dash": [2, "1pt"]})
    spec = layout.spec.model_copy(update={"face": {"line": element}, "back": {}})
    for design in (layout.card, schema.Size(width=layout.card.width * 1.5, height=layout.card.height * 1.5)):
        scaled = dataclasses.replace(layout, spec=spec, design=design)
        (op,) = Resolver(deck, scaled, FontSet(layout.fonts), lambda w: None).side("face", deck.cards[0])
        assert op.dash == pytest.approx((2 * 72 / 25.4 * scaled.scale, 1.0 * scaled.scale))
        assert op.stroke_width == pytest.approx(0.5 * 72 / 25.4 * scaled.scale)


@pytest.mark.parametrize("dash", [[0, 0], [0]])
def test_a_dash_pattern_of_no_ink_is_refused(dash):
    with pytest.raises(ValueError, match="at least one length above zero"):
        schema.ShapeElement(type="shape", dash=dash)


@pytest.mark.parametrize("colour,same_as", [("white", "#FFFFFF"), ("#FA0", "#FFAA00"), ("navy", "#000080")])
def test_a_symbol_takes_any_colour_a_shape_takes(scratch, colour, same_as):
    """An emblem's art wanted '#RRGGBB' and stopped the build on 'white' (a colour every other
    element takes): now it draws exactly as its '#RRGGBB' spelling does."""
    deck, layout = scratch
    for motif in ("", "crown", "pp-suns"):        # a shield made from the key, an emblem, a piecepack suit
        base = {"type": "symbol", "symbol": motif, "key": "Tudor", "x": 5, "y": 5, "width": 20, "height": 20}
        assert drawn(deck, layout, {**base, "colour": colour}) == drawn(deck, layout, {**base, "colour": same_as})


@pytest.mark.parametrize("kind,name", [("slot", "width"), ("slot", "height"), ("slot", "bleed"), ("repeat", "bleed"),
                                       ("shape", "about"), ("symbol", "about"), ("image", "about")])
def test_a_setting_a_type_does_not_draw_is_refused(kind, name):
    """Each type takes only what it draws: a slot's box is its card's size, a repeat draws nothing
    in its own box, and only words are spoken of in warnings."""
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        TypeAdapter(AnyElement).validate_python({**BASE[kind], name: PROBES.get(kind, {}).get(name, SHARED.get(
            name, Probe("the words"))).value})


@pytest.mark.parametrize("line,says,hint", [
    ("{type: shape, stroke: black, about: the fold}", "'about' is not a setting of a shape element",
     "a text or list element takes 'about'"),
    ("{type: slot, bleed: true}", "'bleed' is not a setting of a slot element",
     "a text, image, shape, symbol, list or table element takes 'bleed'"),
])
def test_a_refused_setting_says_which_types_take_it(tmp_path, line, says, hint):
    """A layout written when every element took every setting loads no more: the error says, at
    its line, which types do take the setting, so it can be moved or taken out."""
    from printgen.files.errors import UserError

    (tmp_path / "deck.yaml").write_text("title: Mine\nlayout: mine\nfields:\n  name: {type: text}\n"
                                        "cards:\n  - name: One\n")
    (tmp_path / "mine.yaml").write_text(f"extends: base\nface:\n  probe: {line}\n")
    with pytest.raises(UserError) as info:
        load_layout("mine", load_deck(tmp_path))
    assert says in info.value.message and info.value.where.line == 3
    assert hint in info.value.hint


# --- boards, score sheets and component kinds -----------------------------------------------------

# settings that are words for whoever reads the file: their row in the reference says "not printed"
NOT_PRINTED = {"ComponentKind.note"}
# Read from the layout's YAML before it is checked (model/backs.py merges the variant onto `back`),
# so never through the checked model; tests/test_backs_light.py prints them.
MERGED_BEFORE_CHECKING = {"ComponentKind.backs"}
FILES = {"Boards (`boards/*.yaml`)": (schema.BoardFile, ()),
         "Score sheets (`sheets/*.yaml`)": (schema.SheetFile, ("columns", "rows")),
         "Component kinds (`components:` in a layout)": (schema.ComponentKind, ())}


def file_settings(model: type, parts: tuple[str, ...]) -> dict[str, tuple[type, str]]:
    """'columns.count' -> (SheetColumns, 'count'): each setting of a file, a part's by its dotted name."""
    found = {}
    for name, info in model.model_fields.items():
        if name in parts:
            found.update({f"{name}.{inner}": (info.annotation, inner) for inner in info.annotation.model_fields})
        else:
            found[name] = (model, name)
    return found


@pytest.mark.parametrize("heading", FILES)
def test_every_setting_of_a_board_sheet_or_component_is_documented(heading):
    model, parts = FILES[heading]
    assert documented(heading) == set(file_settings(model, parts)), \
        f"the reference's table '{heading}' and the schema differ"
    text = REFERENCE.read_text(encoding="utf-8")
    for qualified in NOT_PRINTED:
        owner, name = qualified.split(".")
        if owner == model.__name__:
            row = next(line for line in text.splitlines() if line.startswith(f"| `{name}`"))
            assert "not printed" in row


@pytest.fixture(scope="module")
def traced_build(tmp_path_factory) -> set[str]:
    """'BoardFile.copies', ...: every setting of a board, score sheet or component kind that a whole
    build of a deck having all three reads (the piecepack, with a score sheet added)."""
    from printgen.draw.build import BuildOptions, build_deck

    folder = tmp_path_factory.mktemp("traced") / "piecepack"
    shutil.copytree(DECKS / "piecepack", folder)
    (folder / "sheets").mkdir()
    shutil.copy(DECKS / "coppertwaddle" / "sheets" / "suite-score.yaml", folder / "sheets")
    models = [schema.BoardFile, schema.SheetFile, schema.SheetColumns, schema.SheetRows, schema.ComponentKind]
    read: set[str] = set()

    def tracing(self, name):
        if name in type(self).model_fields:
            read.add(f"{type(self).__name__}.{name}")
        return object.__getattribute__(self, name)

    for model in models:
        model.__getattribute__ = tracing
    try:
        only = frozenset({"cards", "sheets", "boards"})
        build_deck(folder, BuildOptions(out=tmp_path_factory.mktemp("out"), only=only), write=False)
    finally:
        for model in models:
            del model.__getattribute__
    return read


@pytest.mark.parametrize("heading", FILES)
def test_every_setting_of_a_board_sheet_or_component_is_read_by_a_build(traced_build, heading):
    model, parts = FILES[heading]
    wanted = {f"{owner.__name__}.{name}" for owner, name in file_settings(model, parts).values()}
    unread = sorted(wanted - traced_build - NOT_PRINTED - MERGED_BEFORE_CHECKING)
    assert not unread, f"a build never reads {', '.join(unread)}"
    assert not (NOT_PRINTED & traced_build), "a setting said not to be printed is read: take it off NOT_PRINTED"
