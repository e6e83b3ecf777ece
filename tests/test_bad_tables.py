"""Bad table layouts and pieces (issue 24, item 5): each refused at the table layout's file and the
line of the group or rule at fault, never a crash, with the deck folder and earlier output
untouched; a piece too big for the paper at its layout line; a table layout named by a path (or a
link leading out of tables/) refused wherever a deck names one.

Each kind is checked when the file is read (printgen/model/tablelayout.py), so one end-to-end case per
kind runs the real command and the variants run in this process through the same reader.
"""

from __future__ import annotations

import os
import re
import shutil
from functools import partial

import pytest
from badinput import Outcome, Workspace, assert_refused, snapshot, workspace
from conftest import ROOT

from printgen.files.errors import UserError

TABLE = "tables/croquetnole.yaml"
RULES = "rules/croquetnole.md"
BOARD = "boards/croquetnole-diagram.yaml"


@pytest.fixture(scope="module")
def shared(tmp_path_factory) -> Workspace:
    """One good build of the whole piecepack (pieces, diagram, guide and rule sheet), shared."""
    return workspace(tmp_path_factory.mktemp("tables"), "piecepack")


@pytest.fixture
def ws(shared: Workspace):
    """The shared workspace; every file a case edits or adds in the deck is put back after it."""
    saved = {p: p.read_bytes() for p in shared.deck.rglob("*") if p.is_file() and not p.is_symlink()}
    yield shared
    for path in sorted(shared.deck.rglob("*"), reverse=True):
        if path.is_symlink() or (path.is_file() and path not in saved) or (path.exists() and not path.is_dir()
                                                                           and not path.is_file()):
            path.unlink()
    for path, data in saved.items():
        path.write_bytes(data)


def _edit(ws: Workspace, old: str, new: str, relative: str = TABLE) -> None:
    text = (ws.deck / relative).read_text(encoding="utf-8")
    assert old in text, old
    (ws.deck / relative).write_text(text.replace(old, new, 1), encoding="utf-8")


def _refused_untouched(ws: Workspace, outcome: Outcome, deck_before: dict, **expected) -> None:
    """The harness's promise, and the deck folder byte-identical to what the case wrote."""
    assert_refused(outcome, ws, **expected)
    assert snapshot(ws.deck) == deck_before, "the refusal changed a file of the deck folder"


def _load(ws: Workspace):
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck
    from printgen.model.tablelayout import load_table

    deck = load_deck(str(ws.deck), ALL_CARDS)
    layout = load_layout(deck.layout, deck)
    return lambda: load_table(deck, layout, "croquetnole")


def refused_here(call, **expected) -> str:
    """The harness's checks on a UserError raised in this process (what the command prints)."""
    with pytest.raises(UserError) as caught:
        call()
    err = f"error: {caught.value}"
    assert_refused(Outcome(2, "", err, 0.0, 0.0), **expected)
    return err


NOTHING = "  Arms knight:  [coin-arms-null]\n"


# --- 1. an empty group: refused where it is written, by the build and by validate ---------------

def test_an_empty_group_in_a_line_rule_is_refused_at_the_group_by_the_build(ws):
    _edit(ws, NOTHING, NOTHING + "  Nothing: []\n")
    _edit(ws, 'line: ["{castle} gate", "{castle} door", "{castle} tower"]',
          'line: ["{castle} gate", "Nothing", "{castle} tower"]')
    before = snapshot(ws.deck)
    _refused_untouched(ws, ws.build(), before, file=TABLE, line=ws.line_of(TABLE, "Nothing: []"),
                       says=["the group 'Nothing' has no pieces"])


def test_an_empty_group_in_a_within_rule_is_refused_at_the_group_by_validate(ws):
    from badinput import run_limited

    _edit(ws, NOTHING, NOTHING + "  Nothing: []\n")
    _edit(ws, 'within: ["{castle} guard", "{castle} tower"]', 'within: ["Nothing", "{castle} tower"]')
    before = snapshot(ws.deck)
    outcome = run_limited(["validate", ws.deck.name, "--game", "croquetnole"], ws.root)
    _refused_untouched(ws, outcome, before, file=TABLE, line=ws.line_of(TABLE, "Nothing: []"),
                       says=["has no pieces"])


@pytest.mark.parametrize("group", ["[]", "[tile-moons-4, tile-moons-4]", "[tile-nowhere]"])
def test_a_group_that_could_measure_nothing_or_twice_is_refused_at_its_line(ws, group):
    _edit(ws, NOTHING, NOTHING + f"  Odd group: {group}\n")
    refused_here(_load(ws), file=TABLE, line=ws.line_of(TABLE, "Odd group:"), says=["the group 'Odd group'"])


def test_a_group_named_like_a_placed_piece_is_refused(ws):
    _edit(ws, NOTHING, NOTHING + "  tile-moons-2: [tile-moons-3]\n")
    refused_here(_load(ws), file=TABLE, line=ws.line_of(TABLE, "  tile-moons-2: [tile-moons-3]"),
                 says=["has the id of a placed piece"])


# --- 2. a rule measuring a group against itself: blamed on the rule's line in the table file ----

def test_a_rule_measuring_a_group_against_itself_is_blamed_on_the_table_not_the_rule_sheet(ws):
    _edit(ws, 'gap: ["{castle} gate", "{castle} door"]', 'gap: ["{castle} gate", "{castle} gate"]')
    before = snapshot(ws.deck)
    line = ws.line_of(TABLE, 'gap: ["{castle} gate", "{castle} gate"]') - 1     # the rule's '- each:' line
    outcome = ws.build("--only", "rules")
    _refused_untouched(ws, outcome, before, file=TABLE, line=line, says=["against itself"])
    assert RULES not in outcome.err and "croquetnole.md" not in outcome.err


@pytest.mark.parametrize("old, new, says", [
    ('within: ["{castle} guard", "{castle} tower"]', 'within: ["{castle} guard", "{castle} guard"]', "twice"),
    ('within: ["{castle} guard", "{castle} tower"]', 'within: ["{castle} tower", "Moons tower"]', "twice"),
    ('share: ["{castle} gate", "{next} gate"]', 'share: ["{castle} gate", "{castle} gate"]', "twice"),
    # two names for the same pieces
    ('within: ["{castle} guard", "{castle} tower"]', 'within: ["Moons guard", "coin-moons-ace"]',
     "are the same pieces"),
    # two sets sharing a piece: a distance from a piece to itself measures nothing
    ('gap: ["{castle} gate", "{castle} door"]', 'gap: ["Moons gate", "tile-moons-4"]', "cannot be measured"),
    ('line: ["{castle} gate", "{castle} door", "{castle} tower"]',
     'line: ["{castle} gate", "{castle} door", "{castle} gate"]', "twice"),
    # a gap inside one piece, or between a tile and the one lying on it
    ('gap: ["{castle} door"]', 'gap: ["{castle} guard"]', "is one piece"),
    ('gap: ["{castle} door"]', 'gap: ["{castle} tower"]', "lie on each other"),
    ('gap: ["{castle} door", "{castle} tower"]', 'gap: ["tile-moons-null", "tile-moons-ace"]',
     "lie on those of"),
    ('stack: ["{castle} tower"]', 'stack: ["{castle} guard"]', "a set of two pieces"),
    ('row: ["{castle} door"]', 'row: ["{castle} guard"]', "two or more pieces"),
    ('line: ["{castle} gate", "{castle} door", "{castle} tower"]', 'line: ["{castle} gate", "{castle} door"]',
     "3 to 9 sets"),
    ('each: {castle: [Moons, Suns, Crowns, Arms]}\n    gap: ["{castle} gate"]',
     'each: {castle: []}\n    gap: ["{castle} gate"]',
     "the lists under 'each' are empty"),
    ('gap: ["{castle} gate"]\n    is: 1 tile', 'gap: ["{castle} gate"]\n    is: -1 tile', "zero or more"),
])
def test_rules_that_cannot_measure_are_refused_at_the_rules_line(ws, old, new, says):
    _edit(ws, old, new)
    first = new.splitlines()[0]
    lines = (ws.deck / TABLE).read_text(encoding="utf-8").splitlines()
    at = next(i for i, text in enumerate(lines) if first in text)
    rule_line = next(i for i in range(at, -1, -1) if lines[i].lstrip().startswith("- ")) + 1
    refused_here(_load(ws), file=TABLE, line=rule_line, says=[says])


def test_a_line_rule_whose_first_and_last_middles_coincide_is_measured_not_divided_by_zero(ws):
    """A tower's tile and the one on it share a middle; the line runs through the two middles
    farthest apart, so naming them first and last measures the door between them."""
    from printgen.model.tablecheck import check

    _edit(ws,
          'each: {castle: [Moons, Suns, Crowns, Arms]}\n    line: ["{castle} gate", "{castle} door", "{castle} tower"]',
          'each: {castle: [moons]}\n    line: ["tile-{castle}-null", "Moons door", "Moons gate", "tile-{castle}-ace"]')
    assert check(_load(ws)()) == []
    _edit(ws, "{id: tile-moons-3,  at: [1, 3]", "{id: tile-moons-3,  at: [1.5, 3]")
    broken = [f.message for f in check(_load(ws)()) if "stand in one line" in f.message]
    assert broken and "mm off the line" in broken[0], broken


@pytest.mark.parametrize("old, new, says", [
    ("{id: tile-moons-4,  at: [-1, 1]", "{id: tile-moons-4,  at: [-1e300, 1]", "at least -1000"),
    ("{id: tile-moons-4,  at: [-1, 1]", "{id: tile-moons-4,  at: [-1, .nan]", None),
])
def test_a_place_no_table_has_is_refused_at_the_piece(ws, old, new, says):
    _edit(ws, old, new)
    refused_here(_load(ws), file=TABLE, line=ws.line_of(TABLE, new), says=[says] if says else [])


@pytest.mark.parametrize("setting, says",
                         [("unit: 0 mm", "a length above zero"), ("unit: -1 tile", "a length above zero"),
                                           ("spare: -1 coin", "zero or more")])
def test_a_unit_or_spare_that_measures_nothing_is_refused_at_its_line(ws, setting, says):
    _edit(ws, "unit: tile\n", f"unit: tile\n{setting}\n" if setting.startswith("spare") else f"{setting}\n")
    refused_here(_load(ws), file=TABLE, line=ws.line_of(TABLE, setting), says=[says])


def test_a_table_layout_with_no_pieces_is_refused(ws):
    (ws.deck / TABLE).write_text("title: Nothing yet\ntable: {width: 32in, height: 32in}\npieces: []\n",
                                 encoding="utf-8")
    refused_here(_load(ws), file=TABLE, line=3, says=["places at least one piece"])


# --- 3. a piece larger than the paper: at the line of its kind in the layout --------------------

def test_a_piece_larger_than_the_paper_is_refused_at_its_layout_line(ws):
    layout = ws.deck / "piecepack.yaml"          # the deck's own copy of the layout, found first
    shutil.copy(ROOT / "layouts" / "piecepack.yaml", layout)
    _edit(ws, "size: {width: 2in, height: 2in}", "size: {width: 2in, height: 290}", "piecepack.yaml")
    before = snapshot(ws.deck)
    lines = layout.read_text(encoding="utf-8").splitlines()
    line = next(i for i in range(len(lines)) if lines[i] == "  tile:") + 1
    _refused_untouched(ws, ws.build(), before, file="piecepack.yaml", line=line,
                       says=["a tile (50.8 x 290 mm", "does not fit on A4 paper", "inside its 5 mm margins"])


def test_the_packer_names_the_box_that_does_not_fit_not_the_largest():
    """A long thin piece may be smaller than another in area and still be the one too wide."""
    from printgen.model.packing import TooBig, pack

    with pytest.raises(TooBig) as caught:
        pack([(150.0, 150.0), (20.0, 20.0), (250.0, 10.0)], 200.0, 287.0)
    assert caught.value.index == 2
    assert len(pack([(150.0, 150.0), (20.0, 20.0)], 200.0, 287.0)) == 2


# --- 4. a table layout named by a path: refused wherever a deck names one ----------------------

@pytest.fixture
def outside(shared):
    """A table layout outside the deck folder, two folders up from tables/, where '../../x' leads."""
    path = shared.root / "x.yaml"
    shutil.copy(shared.deck / TABLE, path)
    yield path
    path.unlink()


def test_a_rule_sheet_picture_of_a_table_outside_the_deck_is_refused_at_its_line(ws, outside):
    text = (ws.deck / RULES).read_text(encoding="utf-8")
    (ws.deck / RULES).write_text(text.rstrip("\n") + "\n\n![](table:../../x)\n", encoding="utf-8")
    before = snapshot(ws.deck)
    line = ws.line_of(RULES, "table:../../x")
    _refused_untouched(ws, ws.build("--only", "rules"), before, file=RULES, line=line,
                       says=["'../../x' is not the name of a table layout", "with no folder"])


@pytest.mark.parametrize("relative, old, new, only", [
    (RULES, "\ntable: croquetnole\n", "\ntable: ../../x\n", "rules"),
    (RULES, "\ntable: croquetnole\n", "\ntable: /etc/passwd\n", "rules"),
    (RULES, "(table:croquetnole)", "(table:..\\..\\x)", "rules"),
    (RULES, "(table:croquetnole)", "(table:.hidden)", "rules"),
    (BOARD, "    table: croquetnole\n", "    table: ../../x\n", "boards"),
    (BOARD, "    table: croquetnole\n", "    table: croquetnole/../../../x\n", "boards"),
])
def test_a_table_named_by_a_path_is_refused_in_every_place_a_deck_names_one(ws, outside, relative, old, new, only):
    _edit(ws, old, new, relative)
    before = snapshot(ws.deck)
    # the line naming the table: a board's too (its property's own line, as a card layout's)
    line = ws.line_of(relative, new.strip("\n").lstrip("(").rstrip(")"))
    _refused_untouched(ws, ws.build("--only", only), before, file=relative, line=line,
                       says=["is not the name of a table layout"])


def test_a_table_layout_that_is_a_link_out_of_the_deck_is_refused(ws, outside):
    os.symlink(os.path.relpath(outside, ws.deck / "tables"), ws.deck / "tables" / "linked.yaml")
    _edit(ws, "\ntable: croquetnole\n", "\ntable: linked\n", RULES)
    outcome = ws.build("--only", "rules")
    assert_refused(outcome, ws, file=RULES, line=ws.line_of(RULES, "table: linked"),
                   says=["'linked' is a link to a file outside piecepack/tables/"])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_in_tables_is_no_table_layout_and_never_read(ws):
    os.mkfifo(ws.deck / "tables" / "pipe.yaml")
    _edit(ws, "\ntable: croquetnole\n", "\ntable: pipe\n", RULES)
    outcome = ws.build("--only", "rules", time_limit=30)
    assert_refused(outcome, ws, file=RULES, line=ws.line_of(RULES, "table: pipe"),
                   says=["has no table layout 'pipe'"], time_limit=30)


def test_a_name_with_a_nul_or_of_absurd_length_is_refused_without_touching_the_disk(ws):
    from printgen.model.load import ALL_CARDS, load_deck
    from printgen.model.tablelayout import table_path

    deck = load_deck(str(ws.deck), ALL_CARDS)
    for name in ("croque\x00tnole", "c" * 5000, "", "croquetnole.yaml/.."):
        err = refused_here(partial(table_path, deck, name))
        assert "is not the name of a table layout" in err and len(err) < 1000, err
        assert "\x00" not in err


def test_the_shipped_layout_still_reads_and_passes(ws):
    from printgen.model.tablecheck import check

    table = _load(ws)()
    assert check(table) == [] and len(table.rules) == 48
    assert re.fullmatch(r"[a-z]+", table.name)


def test_a_table_layout_of_thousands_of_rules_is_refused_at_once(ws):
    """Each rule measures its groups against one another: a runaway 'each:' (or a pasted list)
    would make the check run for minutes; past 2,000 rules it is refused at the rule, quickly."""
    castles = ", ".join(["Moons", "Suns", "Crowns", "Arms"] * 600)
    _edit(ws, "  - each: {castle: [Moons, Suns, Crowns, Arms]}\n    gap: [\"{castle} gate\"]",
          "  - each: {castle: [" + castles + "]}\n    gap: [\"{castle} gate\"]")
    before = snapshot(ws.deck)
    _refused_untouched(ws, ws.build(), before, file=TABLE,
                       line=ws.line_of(TABLE, "  - each: {castle: [Moons, Suns, Crowns, Arms, Moons"),
                       says=["more than 2,000 rules"], time_limit=20.0)
