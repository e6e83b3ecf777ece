"""Errors a teacher understands.

Every case edits a scratch copy of the Cromwell deck the way a teacher might get it wrong, rebuilds
it, and checks: exit status 2, no traceback, one message naming the file, the exact line, the card
and the field, what was expected (with a "did you mean" where it helps), and the PDF and manifest
of the previous good build left byte-for-byte untouched, with no temporary files left behind.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from badinput import good_build
from conftest import ROOT, run_cli
from PIL import Image

DECK = "cromwell"
FILE = f"{DECK}/deck.yaml"  # as printed: relative to the working folder, which is tmp_path



def _card_lines(name: str) -> dict[str, str]:
    """The shipped lines of one card, read from deck.yaml, so that a teacher's new caption does
    not break these tests: they edit whatever the card says today."""
    lines = (ROOT / "decks" / DECK / "deck.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index(f"  - name: {name}\n")
    block = [lines[start]]
    for line in lines[start + 1:]:
        if not line.startswith("    "):
            break
        block.append(line)
    return {"block": "".join(block), **{line.split(":")[0].strip(): line for line in block[1:]}}


_HENRY = _card_lines("Henry VIII")
HENRY_BLOCK = _HENRY["block"]
HENRY_CAPTION = _HENRY["caption"]
HENRY_HOUSE = _HENRY["house"] + _HENRY["reign"]
HENRY_REIGN = _HENRY["reign"]
HENRY_VII_CAPTION = _card_lines("Henry VII")["caption"]


# --- helpers ----------------------------------------------------------------------------------

def line_number(text: str, line: str, occurrence: int = 1) -> int:
    """1-based number of the `occurrence`-th line of `text` that is exactly `line`."""
    hits = [i + 1 for i, current in enumerate(text.splitlines()) if current == line.rstrip("\n")]
    assert len(hits) >= occurrence, f"{line!r} occurs {len(hits)} times"
    return hits[occurrence - 1]


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


@dataclass
class Deck:
    """A scratch copy of the Cromwell deck, built once, with the good build's files recorded."""

    root: Path  # tmp_path: the working folder of every run, and the home of files "outside" the deck
    folder: Path
    out: Path
    before: dict[str, tuple[bytes, int]]

    @property
    def yaml(self) -> Path:
        return self.folder / "deck.yaml"

    @property
    def built(self) -> Path:
        return self.out / DECK

    def edit(self, old: str, new: str) -> str:
        """Replace the one place where a line starts with `old` in deck.yaml; return the new text.

        Matching from the start of a line keeps the examples in the file's opening comment safe.
        """
        text = self.yaml.read_text(encoding="utf-8")
        hits = text.count("\n" + old)
        assert hits == 1, f"{old!r} starts {hits} lines"
        text = text.replace("\n" + old, "\n" + new)
        self.yaml.write_text(text, encoding="utf-8")
        return text

    def build(self, *extra: str):
        return run_cli("build", str(self.folder), "--out", str(self.out), "--quiet", *extra, cwd=self.root)

    def fails(self, *extra: str) -> str:
        """Rebuild, expect a clean user error, check nothing was touched; return the error text."""
        run = self.build(*extra)
        assert run.code == 2, (run.code, run.err)
        assert "Traceback" not in run.err
        assert run.out == ""
        assert run.err.startswith("error: "), run.err
        assert run.err.count("error: ") == 1, run.err
        assert "nothing was written; any earlier PDF is unchanged." in run.err
        self.assert_untouched()
        return run.err

    def assert_untouched(self) -> None:
        after = snapshot(self.built)
        assert sorted(after) == sorted(self.before), f"files changed: {sorted(after)}"
        assert not [name for name in after if name.startswith(".")]
        for name, (data, mtime) in self.before.items():
            assert after[name][0] == data, f"{name} was rewritten"
            assert after[name][1] == mtime, f"{name} was touched"
        assert [p.name for p in self.out.iterdir()] == [DECK]


@pytest.fixture
def deck(deck_copy, tmp_path: Path) -> Deck:
    folder = deck_copy()
    out = tmp_path / "out"
    shutil.copytree(good_build(DECK), out)  # a copy of one good build, file times kept
    built = out / DECK
    before = snapshot(built)
    assert {f"{DECK}-cards.json", f"{DECK}-cards.pdf", f"{DECK}-rules.pdf"} <= set(before)
    return Deck(tmp_path, folder, out, before)


def place(line: int, card: str | None = None, field: str | None = None) -> str:
    """The start of the error line: 'error: FILE, line N, card '...', field '...': '."""
    parts = [FILE, f"line {line}"]
    if card is not None:
        parts.append(f"card '{card}'")
    if field is not None:
        parts.append(f"field '{field}'")
    return "error: " + ", ".join(parts) + ": "


def make_png(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (600, 400), "#8B0000").save(path)   # sharp enough for its box
    return path


# --- malformed YAML ---------------------------------------------------------------------------

@pytest.mark.parametrize(
    "old, new, problem, hint",
    [
        pytest.param(HENRY_CAPTION, "    caption: Note: this breaks\n", "this value contains ': '",
                     "hint: put the whole value in double quotes", id="unquoted-colon"),
        pytest.param(HENRY_REIGN, "\treign: 1509-1547\n", "this line is indented with a tab",
                     "hint: indent with spaces, not tabs", id="tab-indent"),
        pytest.param(HENRY_REIGN, "     reign: 1509-1547\n", "the indentation of this line does not match",
                     "hint: the lines of one card must start in the same column", id="one-space-too-many"),
        pytest.param(HENRY_REIGN, "   reign: 1509-1547\n", "the indentation of this line does not match",
                     "hint: the lines of one card must start in the same column", id="one-space-too-few"),
    ],
)
def test_malformed_yaml(deck: Deck, old: str, new: str, problem: str, hint: str) -> None:
    text = deck.edit(old, new)
    line = line_number(text, new)
    err = deck.fails()
    assert err.startswith(place(line, "Henry VIII") + problem), err
    assert hint in err


UNCLOSED = [
    pytest.param(HENRY_CAPTION, '    caption: "I broke with Rome so I could remarry.\n', id="mid-file"),
    pytest.param(_card_lines("Charles III")["caption"],
                 _card_lines("Charles III")["caption"].rstrip().rstrip('"') + "\n",
                 id="last-card"),
]


@pytest.mark.parametrize("old, new", UNCLOSED)
def test_unclosed_quote_points_at_the_opening_quote(deck: Deck, old: str, new: str) -> None:
    text = deck.edit(old, new)
    err = deck.fails()
    card = "Henry VIII" if "Rome" in new else "Charles III"
    assert err.startswith(place(line_number(text, new), card)
                          + "this line opens a double quote (\") that is never closed\n"), err
    assert "  hint: end the text with a straight double quote" in err


def test_hash_inside_a_caption_is_not_taken_for_an_unclosed_quote(deck: Deck) -> None:
    """A later, unrelated YAML error must be reported where it is, not blamed on a good caption."""
    deck.edit(HENRY_VII_CAPTION,
              '    caption: "Winner of battle #1 of my reign: Bosworth, 1485."\n')
    text = deck.edit(HENRY_REIGN, "\treign: 1509-1547\n")
    err = deck.fails()
    assert err.startswith(place(line_number(text, "\treign: 1509-1547"), "Henry VIII")
                          + "this line is indented with a tab"), err
    assert "  hint: indent with spaces, not tabs\n" in err


# --- unknown field ----------------------------------------------------------------------------

def test_unknown_card_field(deck: Deck) -> None:
    new = HENRY_CAPTION.replace("caption:", "captoin:")
    text = deck.edit(HENRY_CAPTION, new)
    err = deck.fails()
    assert err.startswith(place(line_number(text, new), "Henry VIII", "captoin")
                          + "'captoin' is not a field of this deck\n"), err
    assert "  hint: did you mean 'caption'?\n" in err


def test_unknown_deck_setting(deck: Deck) -> None:
    text = deck.edit("subtitle: The kings", "subtitel: The kings")
    err = deck.fails()
    line = next(i + 1 for i, current in enumerate(text.splitlines()) if current.startswith("subtitel:"))
    assert err.startswith(place(line) + "'subtitel' is not a setting in the deck\n"), err
    assert "  hint: did you mean 'subtitle'?\n" in err


def test_misspelt_required_deck_setting(deck: Deck) -> None:
    """'titel' is an unknown setting with a did-you-mean, not a missing 'title'."""
    text = deck.edit("title: Cromwell\n", "titel: Cromwell\n")
    err = deck.fails()
    assert err.startswith(place(line_number(text, "titel: Cromwell")) + "'titel' is not a setting in the deck\n"), err
    assert "  hint: did you mean 'title'?\n" in err


# --- wrong type -------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "old, new, card, field, message, hint",
    [
        pytest.param("    in_play: false ", "    in_play: maybe ", "Oliver Cromwell", "in_play",
                     "should be true or false", None, id="flag-maybe"),
        pytest.param(HENRY_REIGN, "    reign: [1509]\n", "Henry VIII", "reign",
                     "should be years such as 1066-1087", None, id="reign-list"),
        pytest.param(HENRY_CAPTION, "    caption: true\n", "Henry VIII", "caption",
                     "should be text, but YAML read it as true/false", "put the text in double quotes",
                     id="caption-true"),
        pytest.param("card_size: poker ", "card_size: 5 ", None, "card_size",
                     "should be text (found 5)", None, id="card-size-number"),
        pytest.param("title: Cromwell\n", "title: [Cromwell]\n", None, "title",
                     "should be text (found ['Cromwell'])", None, id="title-list"),
    ],
)
def test_wrong_type(deck: Deck, old: str, new: str, card: str | None, field: str, message: str,
                    hint: str | None) -> None:
    text = deck.edit(old, new)
    line = next(i + 1 for i, current in enumerate(text.splitlines()) if current.startswith(new.rstrip("\n")))
    err = deck.fails()
    assert err.startswith(place(line, card, field) + message + "\n"), err
    if hint is not None:
        assert f"  hint: {hint}\n" in err


# --- unknown house ----------------------------------------------------------------------------

@pytest.mark.parametrize("typo, hint", [
    ("Tudro", "did you mean 'Tudor'?\n"),
    ("tudor", "did you mean 'Tudor'? (capital letters matter)\n"),
])
def test_unknown_house(deck: Deck, typo: str, hint: str) -> None:
    new = HENRY_HOUSE.replace("Tudor", typo)
    text = deck.edit(HENRY_HOUSE, new)
    err = deck.fails()
    line = line_number(text, f"    house: {typo}")
    assert err.startswith(place(line, "Henry VIII", "house") + f"unknown house '{typo}'\n"), err
    assert "  hint: " + hint in err


# --- reign ends before it starts --------------------------------------------------------------

def test_reign_ends_before_it_starts(deck: Deck) -> None:
    new = "    reign: 1547-1509\n"
    text = deck.edit(HENRY_REIGN, new)
    err = deck.fails()
    assert err.startswith(place(line_number(text, new), "Henry VIII", "reign")
                          + "the span 1547-1509 ends before it starts\n"), err


# --- pictures ---------------------------------------------------------------------------------

def add_picture(deck: Deck, value: str) -> int:
    """Give Henry VIII a picture line; return its line number."""
    new = f"    picture: {value}\n"
    text = deck.edit(HENRY_REIGN, HENRY_REIGN + new)
    return line_number(text, new)


def test_missing_picture(deck: Deck) -> None:
    line = add_picture(deck, "art/nope.png")
    err = deck.fails()
    assert err.startswith(place(line, "Henry VIII", "picture") + "the picture 'art/nope.png' does not exist\n"), err
    assert f"  hint: paths are relative to {deck.folder}" in err


@pytest.mark.parametrize("how", ["dotdot", "absolute", "symlink"])
def test_picture_outside_the_deck_folder(deck: Deck, how: str) -> None:
    outside = make_png(deck.root / "outside.png")
    if how == "dotdot":
        value = "../outside.png"
    elif how == "absolute":
        value = str(outside)
    else:
        link = deck.folder / "art" / "link.png"
        link.parent.mkdir()
        os.symlink("../../outside.png", link)
        assert link.resolve() == outside.resolve() and link.is_file()
        value = "art/link.png"
    assert (deck.folder / value).is_file()  # it exists: refused for where it is, not for being missing
    line = add_picture(deck, value)
    err = deck.fails()
    assert err.startswith(place(line, "Henry VIII", "picture")
                          + f"the picture '{value}' is outside the deck's folder\n"), err
    assert f"  hint: copy the picture into {deck.folder}" in err


def test_picture_inside_the_deck_folder_builds(deck: Deck) -> None:
    make_png(deck.folder / "art" / "henry-viii.png")
    os.symlink("henry-viii.png", deck.folder / "art" / "alias.png")  # a symlink that stays inside is fine
    add_picture(deck, "art/henry-viii.png")
    deck.edit("    reign: 1547-1553\n", "    reign: 1547-1553\n    picture: art/alias.png\n")
    run = deck.build()
    assert run.code == 0, run.err
    assert run.err == ""
    pdf = f"{DECK}-cards.pdf"
    assert (deck.built / pdf).read_bytes() != deck.before[pdf][0]  # the pictures were drawn
    assert sorted(p.name for p in deck.built.iterdir()) == sorted(deck.before)


# --- duplicate card ---------------------------------------------------------------------------

def test_duplicate_card(deck: Deck) -> None:
    text = deck.edit(HENRY_BLOCK, HENRY_BLOCK + "\n" + HENRY_BLOCK)
    first = line_number(text, "  - name: Henry VIII", 1)
    duplicate = line_number(text, "  - name: Henry VIII", 2)
    assert duplicate > first
    err = deck.fails()
    assert err.startswith(place(duplicate, "Henry VIII")
                          + f"this card is a duplicate: 'Henry VIII' is already on line {first}\n"), err
    assert "  hint: give each card a different name, or delete one of them\n" in err


# --- command-line names -----------------------------------------------------------------------

def test_unknown_card_size_option(deck: Deck) -> None:
    err = deck.fails("--card-size", "pokr")
    assert err.startswith("error: unknown card size 'pokr'\n"), err
    assert "  hint: did you mean 'poker'?\n" in err


def test_unknown_deck_name(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = run_cli("build", "cromwel", "--out", str(out), "--quiet")
    assert run.code == 2, run.err
    assert "Traceback" not in run.err
    assert run.err.startswith("error: no deck called 'cromwel'"), run.err
    assert "  hint: did you mean 'cromwell'?\n" in run.err
    assert not out.exists()


def test_straight_quote_inside_a_caption(deck: Deck) -> None:
    text = deck.edit(HENRY_CAPTION, '    caption: "I broke with "Rome" so I could remarry."\n')
    err = deck.fails()
    assert err.startswith(place(line_number(text, '    caption: "I broke with "Rome" so I could remarry."'),
                                "Henry VIII")
                          + 'a straight double quote (") inside the text ends it too early'), err
    assert "curly quotes" in err


def test_a_tiny_picture_builds_with_a_warning(deck: Deck, tmp_path: Path) -> None:
    art = deck.folder / "art"
    art.mkdir(exist_ok=True)
    Image.new("RGB", (30, 20), "#8B0000").save(art / "tiny.png")
    deck.edit(HENRY_REIGN, HENRY_REIGN + "    picture: art/tiny.png\n")
    run = deck.build()
    assert run.code == 0, run.err
    assert "card 'Henry VIII'" in run.err and "30 x 20 pixels" in run.err and "blurred" in run.err


def test_a_caption_starting_with_hash(deck: Deck) -> None:
    text = deck.edit(HENRY_CAPTION, "    caption: #1 wife: Catherine of Aragon\n")
    err = deck.fails()
    assert err.startswith(place(line_number(text, "    caption: #1 wife: Catherine of Aragon"), "Henry VIII", "caption")
                          + "the caption starts with '#'"), err
