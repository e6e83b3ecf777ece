"""The piecepack: pieces of four kinds measured on the printed sheets against the manifest, their
backs under their fronts for both flip rules, the set's composition, and Castle Croquetnole's
table layout checked by geometry (the shipped layout passes, a broken copy is refused)."""

from __future__ import annotations

import re
import shutil

import numpy as np
import pytest
from conftest import DECKS, read_manifest, run_cli
from pdfcheck import Raster, near, page_text

DPI = 200         # 0.127 mm a pixel
FACE, BACK, DIE = "#3050C0", "#20A040", "#E02020"
TOLERANCE = 0.2     # mm

# A layout that keeps the piecepack's shapes and sizes but paints each side one flat colour with
# no bleed and a gutter between pieces, so every piece's edge is where its colour stops.
GEOMETRY_LAYOUT = f"""
extends: piecepack
imposition: {{gutter: 4}}
components:
  tile:
    bleed: 0
    face: {{frame: null, suit: null, value: null, background: {{type: shape, fill: "{FACE}", bleed: true}}}}
    back: {{frame: null, across: null, down: null, background: {{type: shape, fill: "{BACK}", bleed: true}}}}
  coin:
    bleed: 0
    cut: none
    face: {{ring: null, value: null, background: {{type: shape, fill: "{FACE}", bleed: true}}}}
    back: {{ring: null, suit: null, background: {{type: shape, fill: "{BACK}", bleed: true}}}}
  die:
    face:
      faces:
        elements:
          ground: {{fill: "{DIE}"}}
          value: null
"""


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    out = tmp_path_factory.mktemp("piecepack")
    run = run_cli("build", "piecepack", "--out", str(out), "--quiet")
    assert run.code == 0, run.err
    return out / "piecepack"


@pytest.fixture(scope="module")
def geometry(tmp_path_factory):
    """The piecepack in flat colours, built for each flip rule (long with a back offset)."""
    root = tmp_path_factory.mktemp("pieces")
    deck = root / "piecepack"
    shutil.copytree(DECKS / "piecepack", deck)
    (deck / "geometry.yaml").write_text(GEOMETRY_LAYOUT, encoding="utf-8")
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(text.replace("layout: piecepack", "layout: geometry"), encoding="utf-8")
    built = {}
    for duplex, offset in (("long", "1.5,-1"), ("short", "0,0")):
        out = root / duplex
        run = run_cli("build", str(deck), "--only", "cards", "--duplex", duplex, "--back-offset", offset,
                      "--out", str(out), "--quiet")
        assert run.code == 0, run.err
        folder = out / "piecepack"
        built[duplex] = (folder / "piecepack-cards.pdf", read_manifest(folder, "piecepack"))
    return built


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])


def _run(raster: Raster, x_mm: float, y_mm: float, colour: str, across: bool,
         outside: tuple[str, ...] | None = None) -> tuple[float, float]:
    """The ends (mm) of the run of `colour` through a point, across the page or up it; with
    `outside`, the run of anything but those colours (a die net: faces, folds and all)."""
    row = int(round(raster.px(raster.height_mm - y_mm)))
    col = int(round(raster.px(x_mm)))
    line = raster.pixels[row, :] if across else raster.pixels[:, col]
    if outside is None:
        inside = (np.abs(line - _rgb(colour)) <= 40).all(axis=1)
    else:
        inside = ~np.any([(np.abs(line - _rgb(c)) <= 12).all(axis=1) for c in outside], axis=0)
    at = col if across else row
    assert inside[at], f"no {colour} at ({x_mm:.1f}, {y_mm:.1f}) mm"
    lo, hi = at, at
    while lo > 0 and inside[lo - 1]:
        lo -= 1
    while hi < len(inside) - 1 and inside[hi + 1]:
        hi += 1
    to_mm = 25.4 / raster.dpi
    if across:
        return lo * to_mm, (hi + 1) * to_mm
    return raster.height_mm - (hi + 1) * to_mm, raster.height_mm - lo * to_mm


_PAGES: dict = {}


def _rasters(pdf):
    """Pages rendered once for the whole module: the tests read the same few sheets."""
    def get(page: int) -> Raster:
        if (pdf, page) not in _PAGES:
            _PAGES[(pdf, page)] = Raster(pdf, page, DPI)
        return _PAGES[(pdf, page)]
    return get


def _centre(side: dict) -> tuple[float, float]:
    return side["x_mm"] + side["width_mm"] / 2, side["y_mm"] + side["height_mm"] / 2


def test_composition(shipped):
    manifest = read_manifest(shipped, "piecepack")
    kinds = [c["kind"] for c in manifest["cards"]]
    assert {k: kinds.count(k) for k in set(kinds)} == {"tile": 24, "coin": 24, "die": 4, "pawn": 4}
    assert {k: v["shape"] for k, v in manifest["components"].items()} == \
        {"tile": "rect", "coin": "round", "die": "cube-net", "pawn": "fold-stand"}
    for card in manifest["cards"]:
        assert card["shape"] == manifest["components"][card["kind"]]["shape"]
    values = ["null", "ace", "2", "3", "4", "5"]
    for suit in ("suns", "moons", "crowns", "arms"):
        tiles = sorted(c["id"] for c in manifest["cards"] if c["kind"] == "tile" and c["id"].split("-")[1] == suit)
        assert tiles == sorted(f"tile-{suit}-{v}" for v in values)
        assert f"die-{suit}" in {c["id"] for c in manifest["cards"]}
    assert manifest["sheets"] <= 2        # the whole set on two sheets of A4


def test_sizes_measured_on_the_sheet_match_the_manifest(geometry):
    pdf, manifest = geometry["long"]
    kinds = manifest["components"]
    assert (kinds["tile"]["width_mm"], kinds["tile"]["height_mm"]) == (50.8, 50.8)
    assert kinds["coin"]["diameter_mm"] == 19.05
    assert kinds["die"]["face_mm"]["width"] == 12.7
    raster = _rasters(pdf)
    for card in manifest["cards"]:
        front = card["front"]
        if card["kind"] not in ("tile", "coin"):
            continue
        x, y = _centre(front)
        left, right = _run(raster(front["page"]), x, y, FACE, across=True)
        low, high = _run(raster(front["page"]), x, y, FACE, across=False)
        size = 50.8 if card["kind"] == "tile" else 19.05
        for measured, wanted, at in ((right - left, front["width_mm"], "width"),
                                     (high - low, front["height_mm"], "height")):
            assert abs(measured - wanted) <= TOLERANCE, (card["id"], at, measured, wanted)
            assert abs(measured - size) <= TOLERANCE, (card["id"], at, measured)
        assert abs(left - front["x_mm"]) <= TOLERANCE and abs(low - front["y_mm"]) <= TOLERANCE, card["id"]
        if card["kind"] == "coin":     # round: a chord a quarter of the way in is shorter
            chord = _run(raster(front["page"]), x, y + 19.05 / 4, FACE, across=True)
            assert abs((chord[1] - chord[0]) - 19.05 * np.sqrt(0.75)) <= 0.3, card["id"]


def _runs(raster: Raster, x_mm: float, y_mm: float, colour: str, across: bool) -> list[tuple[float, float]]:
    """Every run of `colour` along the row (or column) through a point, as (start, end) in mm."""
    row = int(round(raster.px(raster.height_mm - y_mm)))
    col = int(round(raster.px(x_mm)))
    line = raster.pixels[row, :] if across else raster.pixels[::-1, col]
    inside = np.concatenate([[False], (np.abs(line - _rgb(colour)) <= 40).all(axis=1), [False]])
    edges = np.flatnonzero(np.diff(inside.astype(int)))
    to_mm = 25.4 / raster.dpi
    return [(start * to_mm, end * to_mm) for start, end in zip(edges[::2], edges[1::2])]


def test_die_faces_measure_half_an_inch(geometry):
    """Between the fold lines, each face of a net is 12.7 mm from the middle of one face to
    the middle of the next (the fold lines are printed on the edges, so the faces' centres,
    not their coloured runs, give the true pitch), and the net spans four faces by three."""
    pdf, manifest = geometry["long"]
    entry = manifest["components"]["die"]
    raster = _rasters(pdf)
    face = entry["face_mm"]["width"]
    assert face == 12.7
    middle = entry["face_mm"]["faces"][2]          # the face in the middle of the cross
    for card in (c for c in manifest["cards"] if c["kind"] == "die"):
        side = card["front"]
        page = raster(side["page"])
        x = side["x_mm"] + middle["x_mm"] + face / 2
        y = side["y_mm"] + side["height_mm"] - middle["y_mm"] - face / 2
        for across, count in ((True, 4), (False, 3)):
            for shift in np.arange(0, 6, 0.35):   # a line that crosses the dashed folds on their dashes
                along = (x, y + shift) if across else (x + shift, y)
                low, high = (side["x_mm"], side["x_mm"] + side["width_mm"]) if across else \
                    (side["y_mm"], side["y_mm"] + side["height_mm"])
                runs = [r for r in _runs(page, *along, DIE, across)
                        if r[1] - r[0] > 5 and r[0] >= low - 0.5 and r[1] <= high + 0.5]
                if len(runs) == count:
                    break
            assert len(runs) == count, (card["id"], across, runs)
            centres = [(a + b) / 2 for a, b in runs]
            for first, second in zip(centres, centres[1:]):
                assert abs((second - first) - face) <= TOLERANCE, (card["id"], across, centres)
            assert abs((runs[-1][1] - runs[0][0]) - count * face) <= 0.3, (card["id"], runs)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_of_tiles_and_coins_lie_under_their_fronts(geometry, duplex):
    pdf, manifest = geometry[duplex]
    paper_w, paper_h = manifest["paper"]["width_mm"], manifest["paper"]["height_mm"]
    dx, dy = manifest["back_offset_mm"]["x"], manifest["back_offset_mm"]["y"]
    raster = _rasters(pdf)
    for card in manifest["cards"]:
        if card["kind"] not in ("tile", "coin"):
            continue
        front, back = card["front"], card["back"]
        assert back["page"] == front["page"] + 1
        fx, fy = _centre(front)
        # the flip rule, worked out here: the long edge mirrors across, the short edge up and down
        wx, wy = (paper_w - fx, fy) if duplex == "long" else (fx, paper_h - fy)
        bx, by = _centre(back)
        assert abs(bx - (wx + dx)) < 0.01 and abs(by - (wy + dy)) < 0.01, card["id"]
        left, right = _run(raster(back["page"]), bx, by, BACK, across=True)
        low, high = _run(raster(back["page"]), bx, by, BACK, across=False)
        assert abs((left + right) / 2 - (wx + dx)) <= TOLERANCE, (card["id"], duplex)
        assert abs((low + high) / 2 - (wy + dy)) <= TOLERANCE, (card["id"], duplex)
        assert abs((right - left) - front["width_mm"]) <= TOLERANCE, card["id"]
        assert near(raster(front["page"]).colour_at(fx, fy), FACE)


def test_shipped_table_layout_passes_the_check():
    run = run_cli("validate", "piecepack")        # the layout's check alone (--game croquetnole also plays it)
    assert run.code == 0, run.out + run.err
    assert "Result: passes" in run.out
    assert "20 tiles and 8 coins placed (4 of them marked where they come into play later)" in run.out
    assert "Suns 5 tile" in run.out        # the four 5s are left over


def test_broken_layouts_are_refused_naming_the_rule(tmp_path):
    deck = tmp_path / "piecepack"
    shutil.copytree(DECKS / "piecepack", deck)
    table = deck / "tables" / "croquetnole.yaml"
    text = table.read_text(encoding="utf-8")
    # a table too small for the castles
    table.write_text(text.replace("table: {width: 32in, height: 32in}", "table: {width: 23in, height: 23in}"),
                     encoding="utf-8")
    run = run_cli("build", str(deck), "--only", "boards", "--out", str(tmp_path / "out"))
    assert run.code == 2
    assert "croquetnole.yaml, line" in run.err
    assert "on the table with at least a coin-width (19.05 mm) to spare" in run.err
    assert not (tmp_path / "out").exists()
    # a door moved half a tile-width further from its gate
    table.write_text(text.replace("{id: tile-moons-3,  at: [1, 3]", "{id: tile-moons-3,  at: [1, 3.5]"),
                     encoding="utf-8")
    run = run_cli("validate", str(deck), "--game", "croquetnole")
    assert run.code == 1
    assert re.search(r"fail: line \d+: the Moons door is one tile-width from the Moons tower "
                     r"\(25\.4 mm, wanted 50\.8 mm\)", run.out), run.out
    assert re.search(r"fail: line \d+: the two tiles of the Moons door sit side by side", run.out)
    assert "broken:" not in run.out and run.out.count("the Moons door is one tile-width from the Moons tower") == 1


def test_diagram_guide_and_rules(shipped):
    from pypdf import PdfReader

    diagram = PdfReader(str(shipped / "croquetnole-diagram.pdf"))
    assert len(diagram.pages) == 1
    words = page_text(shipped / "croquetnole-diagram.pdf", 1)
    assert "Scale 1:5" in words and "812.8 mm (32 in) square table" in words and "50.8 mm" in words
    assert "`" not in words and "build measures" not in words      # plain words for players, no code markup
    guide = PdfReader(str(shipped / "croquetnole-guide.pdf"))
    assert len(guide.pages) == 5                   # true size, tiled: the cross's four empty corners left out
    sheets = [page_text(shipped / "croquetnole-guide.pdf", p) for p in range(1, 6)]
    assert all("placement guide" in text for text in sheets)
    assert "Moons door" in sheets[-1] and "centre of the table" in sheets[2]
    every = " ".join(sheets)
    # pieces named as the deck names them, never by their ids
    assert "Suns 4 tile, face down" in every and "Moons ace tile, face up" in every
    assert "on the Moons null tile, face down" in every
    assert "tile-" not in every and "coin-" not in every
    # the knights are not set up: they are marked where they come in
    assert "set down on its player's first turn" in every
    assert all(f"{suit} knight" in every for suit in ("Moons", "Suns", "Crowns", "Arms"))
    rules = " ".join(page_text(shipped / "croquetnole-rules.pdf", p) for p in (1, 2))
    for heading in ("The aim", "Setting up", "Starting", "Flicking", "Inside and outside castles", "Raiding castles",
                    "Prisoners", "Bonus flicks", "The five kinds of croquet", "Mistakes and penalties"):
        assert heading in rules, heading
    assert "the table at 1:" in rules            # the layout diagram, with its scale
    assert "dashed knight: set down on its player's first turn" in rules


def test_diagram_is_drawn_to_its_stated_scale(shipped):
    """The table's outline on the 1:5 page measures 812.8 / 5 mm."""
    raster = Raster(shipped / "croquetnole-diagram.pdf", 1, 200)
    page = raster.pixels
    target = np.array([0xEF, 0xE6, 0xD2])
    mask = (np.abs(page - target) <= 6).all(axis=2)
    rows, cols = np.nonzero(mask)
    width = (cols.max() - cols.min() + 1) * 25.4 / 200
    assert abs(width - 812.8 / 5) <= 1.0, width


def test_an_unknown_kind_of_component_is_named_at_its_card(tmp_path):
    deck = tmp_path / "pieces"
    shutil.copytree(DECKS / "piecepack", deck)
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    text = text[:text.index("# Checked at every build")].replace("set: {piece: coin}", "set: {piece: coins}")
    (deck / "deck.yaml").write_text(text, encoding="utf-8")
    run = run_cli("build", str(deck), "--only", "cards", "--out", str(tmp_path / "out"))
    assert run.code == 2
    assert "card 'Suns null coin', field 'piece': unknown kind of component 'coins'" in run.err
    assert "did you mean 'coin'?" in run.err
    assert "Traceback" not in run.err


def _table_outline(raster: Raster) -> tuple[float, float, float, float]:
    """(left, top, width, height) in mm from the page's top-left of the table's fill colour."""
    mask = (np.abs(raster.pixels - np.array([0xEF, 0xE6, 0xD2])) <= 6).all(axis=2)
    # rows and columns that cross the table: a few stray pixels of the colour elsewhere do not count,
    # nor a thin line of it elsewhere on the page (the edge of a shaded row of a text table)
    def solid(lines):
        runs = np.split(lines, np.nonzero(np.diff(lines) > 1)[0] + 1)
        return np.concatenate([run for run in runs if len(run) >= 5])
    rows, cols = solid(np.nonzero(mask.sum(axis=1) > 50)[0]), solid(np.nonzero(mask.sum(axis=0) > 50)[0])
    to_mm = 25.4 / raster.dpi
    return (cols.min() * to_mm, rows.min() * to_mm, (cols.max() - cols.min() + 1) * to_mm,
            (rows.max() - rows.min() + 1) * to_mm)


def test_rule_sheet_picture_is_drawn_at_the_scale_its_caption_states(shipped):
    import re

    text = page_text(shipped / "croquetnole-rules.pdf", 1)
    denominator = int(re.search(r"the table at 1:(\d+),", text).group(1))
    _, _, width, height = _table_outline(Raster(shipped / "croquetnole-rules.pdf", 1, 200))
    assert abs(width - 812.8 / denominator) <= 0.5 and abs(height - 812.8 / denominator) <= 0.5, (width, denominator)


def test_knights_are_marked_where_they_enter_and_guards_are_set_up(shipped):
    """On the 1:5 diagram a guard is a filled coin; a knight only a dashed outline, the table
    showing through, since it is set down on its player's first turn, not at set-up."""
    import yaml

    layout = yaml.safe_load((DECKS / "piecepack" / "tables" / "croquetnole.yaml").read_text(encoding="utf-8"))
    raster = Raster(shipped / "croquetnole-diagram.pdf", 1, 200)
    left, top, width, _ = _table_outline(raster)
    k = width / 812.8
    coins = [p for p in layout["pieces"] if p["id"].startswith("coin-")]
    assert {p.get("label") for p in coins if p.get("enters")} == {"knight"}
    assert {p.get("label") for p in coins if not p.get("enters")} == {"guard"}
    for piece in coins:
        x = left + (406.4 + piece["at"][0] * 50.8) * k
        y = top + (406.4 + piece["at"][1] * 50.8) * k
        inside = raster.colour_at(x + 0.3 * 19.05 * k, raster.height_mm - y)   # between the middle and the rim
        wanted = "#EFE6D2" if piece.get("enters") else "#F3EDE0"
        assert near(inside, wanted, 3), (piece["id"], inside)


def test_the_manifest_gives_no_back_to_a_piece_printed_without_one(tmp_path):
    """Dice nets and pawns have nothing on their backs: the manifest says so (a cutter or a
    virtual table reading it must not look for a back there); tiles and coins keep theirs."""
    out = tmp_path / "out"
    run = run_cli("build", "piecepack", "--only", "cards", "--out", str(out), "--quiet")
    assert run.code == 0, run.err
    manifest = read_manifest(out / "piecepack", "piecepack")
    kinds = {card["kind"]: card["back"] is None for card in manifest["cards"]}
    assert kinds == {"tile": False, "coin": False, "die": True, "pawn": True}


def test_a_sheet_of_pieces_without_room_for_the_ruler_is_said_naming_the_deck(tmp_path):
    """On Letter the piecepack's first sheet of tiles leaves no room for the 50 mm ruler: the build
    says so, naming the deck and how many sheets, as it does for cards."""
    run = run_cli("build", "piecepack", "--paper", "letter", "--only", "cards", "--out", str(tmp_path / "out"))
    assert run.code == 0, run.err
    assert "piecepack: no room for the 50 mm ruler on 1 of 2 sheets: the pieces fill the paper" in run.err, run.err
