"""The first round's leftovers (issue 24, item 9): each refused at its own file, line, card and
field, fast, with nothing written; accents that cannot sit on their letter said, not hidden.

The build cases run the real command on one scratch Cromwell deck built once for the module (each
case puts back the files it broke), through the shared harness in badinput.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badinput import Workspace, assert_refused, snapshot, workspace
from printgen.draw.fonts import loose_marks, runs
from printgen.draw.text import typographic
from printgen.files.font_files import register

DECK_FILE = "cromwell/deck.yaml"
FAST = {"time_limit": 15.0, "memory_mib": 500}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Workspace:
    return workspace(tmp_path_factory.mktemp("leftovers"))


@pytest.fixture
def ws(built: Workspace) -> Workspace:
    original = snapshot(built.deck)
    yield built
    for name in set(snapshot(built.deck)) - set(original):
        (built.deck / name).unlink()
    for name, data in original.items():
        if (built.deck / name).read_bytes() != data:
            (built.deck / name).write_bytes(data)


def _henry_caption(ws: Workspace, new: str) -> int:
    """Replace Henry VIII's caption line; its 1-based number."""
    path = ws.deck / "deck.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    start = lines.index("  - name: Henry VIII")
    index = next(i for i in range(start, start + 6) if lines[i].startswith("    caption:"))
    lines[index] = new
    path.write_text("\n".join(lines), encoding="utf-8")
    return index + 1


@pytest.mark.parametrize("value, says", [
    ("!!binary aGVsbG8=", "'!!binary' is a YAML tag"),
    ("&a [*a]", "a value cannot contain itself"),
    ("&a [1, [*a]]", "a value cannot contain itself"),
])
def test_a_tag_or_alias_in_a_caption_names_the_card_and_the_field(ws: Workspace, value: str, says: str) -> None:
    line = _henry_caption(ws, f"    caption: {value}")
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII", field="caption", says=[says], **FAST)


def test_an_alias_bomb_inside_a_caption_names_the_field(ws: Workspace) -> None:
    levels = "".join(f"&l{k} [*l{k - 1}, *l{k - 1}, *l{k - 1}, *l{k - 1}, *l{k - 1}, *l{k - 1}, *l{k - 1}, *l{k - 1}] "
                     for k in range(1, 2))
    nested = "[&l0 [x, x, x, x, x, x, x, x, x, x]"
    for k in range(1, 8):
        nested += f", &l{k} [" + ", ".join([f"*l{k - 1}"] * 10) + "]"
    line = _henry_caption(ws, f"    caption: {nested}]")
    assert levels
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII", field="caption",
                   says=["repeat values more than"], **FAST)


def test_a_key_glued_to_its_value_is_found_at_its_own_line(ws: Workspace) -> None:
    """'caption:"..."' with no space was blamed on the next card, two lines down."""
    line = _henry_caption(ws, '    caption:"I broke with Rome so I could remarry."')
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII", field="caption",
                   says=["'caption:' needs a space after its colon"], **FAST)


def test_fields_written_as_a_list_is_said_so(ws: Workspace) -> None:
    """'fields:' as a list made the deck's groups look unknown ("'houses' is not a setting")."""
    def as_list(text: str) -> str:
        lines = text.split("\n")
        start = lines.index("fields:") + 1
        end = lines.index("", start)
        lines[start:end] = ["  - " + l.strip() for l in lines[start:end]]
        return "\n".join(lines)

    text = ws.edit("deck.yaml", as_list)
    line = text.read_text(encoding="utf-8").split("\n").index("fields:") + 1
    outcome = ws.build()
    assert_refused(outcome, ws, file=DECK_FILE, line=line, says=["'fields' should hold one line per field",
                                                                  "without a '- '"], **FAST)
    assert "'houses' is not a setting" not in outcome.err


# --- accents --------------------------------------------------------------------------------------

def _caladea() -> str:
    root = Path(__file__).resolve().parent.parent / "printgen" / "fonts"
    return register(root / "caladea" / "Caladea-Regular.ttf")


def test_an_accent_typed_after_its_letter_is_joined_to_it():
    assert typographic("Cafe\u0301 'noir'") == "Caf\u00e9 \u2018noir\u2019"
    assert loose_marks(typographic("Cafe\u0301")) == []


def test_a_letter_and_its_accent_are_drawn_in_one_font():
    """Caladea lacks U+0351, Noto Serif has it: the 'e' goes with its accent to Noto Serif, so
    the two are drawn from one font, the accent beside the letter it belongs to."""
    pieces = runs("be\u0351d", _caladea())
    assert [text for _, text in pieces] == ["b", "e\u0351", "d"], pieces
    assert pieces[0][0] == pieces[2][0] != pieces[1][0]


def test_an_accent_no_letter_has_built_in_is_warned_about(ws: Workspace) -> None:
    from badinput import run_limited

    line = _henry_caption(ws, '    caption: "Marks: e\u0351 o\u0352 a\u0358, and caf\u00e9."')
    # built elsewhere: the workspace's own output is the earlier build the refusal cases compare with
    outcome = run_limited(["build", ws.deck.name, "--out", str(ws.root / "accents"), "--quiet", "--only", "cards"],
                          ws.root)
    assert outcome.code == 0, outcome.err
    said = [l for l in outcome.err.splitlines() if "accent" in l]
    assert len(said) == 1, outcome.err
    assert f"line {line}, card 'Henry VIII', field 'caption'" in said[0], said
    assert all(f"U+{cp}" in said[0] for cp in ("0351", "0352", "0358")) and "U+0301" not in said[0], said


# --- long documents -------------------------------------------------------------------------------

def _document(parts: int) -> bytes:
    from printgen.draw.documents.document import TitleInfo, build_document, make_styles
    from printgen.draw.documents.markdown import to_flowables
    from printgen.draw.fonts import FontSet
    from printgen.model.layouts import load_layout

    styles = make_styles(FontSet(load_layout("base").fonts))
    text = "".join(f"## Part {i}\n\nA rule of the game in words enough to fill a few lines of a column, "
                   "and then a few more so that a part takes a good share of a column.\n\n- one\n- two\n\n"
                   for i in range(parts))
    return build_document((210, 297), 10, styles, lambda: to_flowables(text, styles, 250.0),
                          TitleInfo("Rules"), "rules")


def test_a_rule_book_of_real_length_builds_and_a_runaway_one_stops(monkeypatch):
    """Real rule books run to dozens of pages (the old cap of 40 refused some); the cap now sits
    past what any game's rule book reaches, and a document that passes it still stops there."""
    import pypdfium2

    from printgen.draw.documents import document
    from printgen.files.errors import UserError

    assert document.MAX_PAGES >= 300
    made = _document(700)
    assert len(pypdfium2.PdfDocument(made)) > 40
    monkeypatch.setattr(document, "MAX_PAGES", 5)         # the same stop, reached sooner
    with pytest.raises(UserError) as caught:
        _document(120)
    assert "more than 5 pages" in str(caught.value)


def test_sizes_are_said_as_a_person_reads_them():
    from printgen.files.limits import describe_bytes

    assert [describe_bytes(n) for n in (900, 2_000_000, 1_500_000, 1_500_000_000, 3_000_000_000)] == \
        ["1 KB", "2 MB", "1.5 MB", "1.5 GB", "3 GB"]


@pytest.mark.parametrize("written, says", [
    ('    caption "I crossed."', "'caption' has no ':' after it"),
    ('    caption="I crossed."', "'caption' is followed by '=' where a field takes ': '"),
    ('    caption; "I crossed."', "'caption' is followed by ';'"),
    ('    caption\uff1a"I crossed."', "'caption' is followed by '\uff1a'"),
])
def test_a_field_without_its_colon_and_space_is_found_at_its_own_line(ws: Workspace, written: str, says: str) -> None:
    """Each read as one plain word, which libyaml only notices at the next card: the message must
    name the line the teacher wrote, not the next card's."""
    line = _henry_caption(ws, written)
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII", field="caption", says=[says], **FAST)


def test_a_cards_name_line_glued_to_its_value_is_found_at_its_own_line(ws: Workspace) -> None:
    text = ws.edit("deck.yaml", lambda t: t.replace("\n  - name: Edward VI\n", '\n  - name:"Edward VI"\n', 1))
    line = text.read_text(encoding="utf-8").split("\n").index('  - name:"Edward VI"') + 1
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, field="name", says=["'name:' needs a space"], **FAST)


def test_a_list_of_words_badly_indented_is_not_taken_for_a_field():
    from printgen.files.yamlsrc import parse_yaml

    text = "houses:\n  - Red Rose\n    colour: red\n"
    with pytest.raises(Exception) as caught:
        parse_yaml(text, Path("deck.yaml"))
    assert "has no ':' after it" not in str(caught.value), str(caught.value)
