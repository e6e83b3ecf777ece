"""Small pieces with exact answers: years, lengths, YAML positions, layout inheritance."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.files.errors import UserError, did_you_mean
from printgen.files.units import parse_length
from printgen.files.yamlsrc import parse_yaml
from printgen.model.deck import parse_years
from printgen.model.layouts import load_layout
from printgen.model.load import load_deck, slug


@pytest.mark.parametrize("text,printed,start,end", [
    ("1066-1087", "1066\u20131087", 1066, 1087),
    (1483, "1483", 1483, 1483),
    ("2022-", "2022\u2013", 2022, None),
    ("1422-1461, 1470-1471", "1422\u20131461, 1470\u20131471", 1422, 1471),
    ("1509 \u2013 1547", "1509\u20131547", 1509, 1547),
])
def test_years(text, printed, start, end):
    years = parse_years(text)
    assert (str(years), years.start, years.end) == (printed, start, end)


@pytest.mark.parametrize("text,message", [
    ("1547-1509", "ends before it starts"),
    ("1470-1471, 1422-1461", "begins before the previous span ends"),
    ("2022-, 2030-2031", "must be the last"),
    ("Tudor", "not a span of years"),
    ("1509-47", "write both years in full: 1509-1547, not 1509-47"),
    ("1509-04-21 00:00:00", "is a date, not a span of years"),
    ("1307-07-07", "type the years again, like 1066-1087"),     # no other monarch's reign as the example
])
def test_bad_years(text, message):
    with pytest.raises(ValueError, match=message):
        parse_years(text)


@pytest.mark.parametrize("value,mm", [(63.5, 63.5), ("63.5mm", 63.5), ("2.5in", 63.5), ("72pt", 25.4), ("1cm", 10.0)])
def test_lengths(value, mm):
    assert parse_length(value) == pytest.approx(mm)


def test_length_errors_in_plain_words():
    with pytest.raises(ValueError, match="not a length"):
        parse_length("wide")


def test_yaml_lines_point_at_keys_and_items():
    located = parse_yaml("title: x\ncards:\n  - name: A\n    house: B\n  - name: C\n", Path("d.yaml"))
    assert located.line_of(("cards", 0, "house")) == 4
    assert located.line_of(("cards", 1)) == 5
    assert located.line_of(("cards", 1, "missing")) == 5   # a missing key points at its card


def test_did_you_mean_and_slug():
    assert did_you_mean("Tudro", ["Tudor", "Stuart"]) == "did you mean 'Tudor'?"
    assert "capital letters" in did_you_mean("tudor", ["Tudor"])
    assert did_you_mean("zzz", ["Tudor"]) is None
    assert slug("Henry VIII") == "henry-viii" and slug("Oliver Cromwell") == "oliver-cromwell"


def test_cromwell_model():
    deck = load_deck("cromwell")
    assert deck.key == "cromwell" and len(deck.cards) == 43
    assert [g.name for g in deck.groups["houses"]][:3] == ["Normandy", "Blois", "Plantagenet"]
    henry6 = next(c for c in deck.cards if c.name == "Henry VI")
    assert len(henry6.values["reign"].spans) == 2 and henry6.values["house"].name == "Lancaster"


def _deck_with_layout(tmp_path: Path, layout_text: str) -> Path:
    folder = tmp_path / "mydeck"
    folder.mkdir()
    (folder / "deck.yaml").write_text(
        "title: Mine\nlayout: mine\nfields:\n  name: {type: text, required: true}\ncards:\n  - name: One\n")
    (folder / "mine.yaml").write_text(layout_text)
    return folder


def test_layout_extends_merges_and_removes(tmp_path):
    folder = _deck_with_layout(tmp_path, "extends: cromwell\nface:\n  caption: {size: 7}\n  emblem: null\n"
                                         "imposition: {bleed: 2}\n")
    deck = load_deck(folder)
    layout = load_layout(deck.layout, deck)
    assert layout.spec.face["caption"].size == 7
    assert layout.spec.face["caption"].font == "serif-italic"      # inherited from cromwell
    assert "emblem" not in layout.spec.face
    assert layout.imposition.bleed == 2 and layout.imposition.margin == 5   # from base
    assert layout.card.width == 63.5


def test_layout_unknown_key_names_file_line_and_suggestion(tmp_path):
    folder = _deck_with_layout(tmp_path, "extends: base\nface:\n  name:\n    fnt: serif\n")
    deck = load_deck(folder)
    with pytest.raises(UserError) as info:
        load_layout(deck.layout, deck)
    text = str(info.value)
    assert "mine.yaml, line 4" in text and "'fnt'" in text and "did you mean 'font'?" in text


def test_layout_loop_is_reported(tmp_path):
    folder = _deck_with_layout(tmp_path, "extends: mine\n")
    with pytest.raises(UserError, match="loop"):
        load_layout("mine", load_deck(folder))


def test_unknown_font_in_element_is_reported_at_build(tmp_path):
    from printgen.draw.sheets.faces import resolve_faces

    folder = _deck_with_layout(tmp_path, "extends: base\nface:\n  name: {font: serif-blod}\n")
    deck = load_deck(folder)
    with pytest.raises(UserError) as info:
        resolve_faces(deck, load_layout(deck.layout, deck))
    assert "did you mean 'serif-bold'?" in str(info.value) and "card 'One'" in str(info.value)


def test_template_cannot_reach_python_internals(tmp_path):
    from printgen.draw.sheets.faces import resolve_faces

    folder = _deck_with_layout(tmp_path, "extends: base\nface:\n  name: {text: \"{{ card.__class__.__mro__ }}\"}\n")
    deck = load_deck(folder)
    with pytest.raises(UserError):
        resolve_faces(deck, load_layout(deck.layout, deck))


def test_map_box_keeps_edges_and_safe_zone(tmp_path):
    deck = load_deck("cromwell")
    layout = load_layout(deck.layout, deck, card_size="mini-euro")
    assert (layout.design.width, layout.card.width) == (63.5, 44.0)
    # A full-width band still spans the card; a box starting at the safe line still starts there.
    assert layout.map_box(None, None, None, 12.5)[0::2] == pytest.approx((0.0, 44.0))
    x, y, w, h = layout.map_box(3.0, 3.0, 57.5, 82.9)
    assert (x, y, x + w, y + h) == pytest.approx((3.0, 3.0, 41.0, 65.0))
    assert 0.6 < layout.scale < 0.7
    assert load_layout(deck.layout, deck).map_box(4, 14, 55.5, 10) == (4, 14, 55.5, 10)


def test_content_outside_the_safe_zone_warns_with_its_line(tmp_path):
    folder = _deck_with_layout(tmp_path, "extends: base\nface:\n  name: {x: 1.5}\n")
    deck = load_deck(folder)
    warnings = [str(w) for w in load_layout(deck.layout, deck).warnings]
    assert len(warnings) == 1
    assert "mine.yaml, line 3" in warnings[0] and "'name'" in warnings[0]
    assert "1.50 mm past the 3 mm safe zone" in warnings[0]
