"""Two slips a teacher makes in deck.yaml, answered in her terms.

A lost `- name:` line joins two cards: the message must say so (not only that a value is given
twice, whose advice, followed, deletes the next card bit by bit). Curly quotes from a word
processor around a caption are read as the caption's quotes, not printed on the card.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli

from printgen.files.errors import UserError
from printgen.files.smart_quotes import straighten
from printgen.files.yamlsrc import parse_yaml
from printgen.model.load import load_deck


def _edit(folder: Path, old: str, new: str) -> str:
    path = folder / "deck.yaml"
    text = path.read_text(encoding="utf-8")
    marker = "\ncards:\n"
    head, cards = text.split(marker, 1)
    assert old in cards, old
    text = head + marker + cards.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return text


def _line(text: str, content: str) -> int:
    return text.split("\n").index(content) + 1


def test_a_deleted_name_line_is_said_to_be_missing_not_a_value_to_delete(deck_copy, tmp_path):
    folder = deck_copy("cromwell", "class")
    text = _edit(folder, "  - name: Edward VI\n", "")
    lines = text.split("\n")
    henry = lines.index("  - name: Henry VIII")
    # Henry VIII's house line, then Edward VI's, which has lost its name line
    first, second = [i + 1 for i in range(henry, henry + 8) if lines[i] == "    house: Tudor"]
    assert lines[second - 2] == "", "a blank line sets the cards apart, as in the shipped deck"
    done = run_cli("build", str(folder), "--only", "cards", cwd=tmp_path)
    assert done.code == 2 and "Traceback" not in done.err
    assert f"line {first} and line {second}" in done.err and "card 'Henry VIII'" in done.err, done.err
    assert "the '- name:' line of the next card seems to be missing" in done.err, done.err
    assert f"put the next card's '- name: ...' line back above line {second}" in done.err, done.err
    assert not (tmp_path / "output").exists()


def test_a_name_line_without_its_dash_is_told_to_get_one(deck_copy):
    folder = deck_copy("cromwell", "class")
    text = _edit(folder, "  - name: Edward VI\n", "    name: Edward VI\n")
    line = _line(text, "    name: Edward VI")
    with pytest.raises(UserError) as caught:
        load_deck(folder)
    message = str(caught.value)
    assert f"line {line}" in message and "has no '- ' before it" in message, message
    assert f"write line {line} as '- name: Edward VI'" in message, message


def test_a_value_typed_twice_in_a_row_offers_both_readings():
    text = "cards:\n  - name: A\n    caption: one\n    caption: two\n"
    with pytest.raises(UserError) as caught:
        parse_yaml(text, Path("deck.yaml"))
    message = str(caught.value)
    assert "'caption' is given twice: line 3 and line 4, in one card" in message, message
    assert "'- name: ...' line is missing above it" in message and "typed twice, delete one" in message, message


def test_a_group_entry_and_a_plain_mapping_keep_their_own_words():
    entry = "houses:\n  - name: Tudor\n    colour: red\n\n    colour: blue\n"
    with pytest.raises(UserError) as caught:
        parse_yaml(entry, Path("deck.yaml"))
    assert "in one entry" in str(caught.value) and "next entry" in str(caught.value), str(caught.value)
    plain = "fields:\n  name: {type: text}\n  name: {type: text}\n"
    with pytest.raises(UserError) as caught:
        parse_yaml(plain, Path("deck.yaml"))
    assert "delete one of them" in str(caught.value) and "entry" not in str(caught.value)


def test_curly_quotes_around_a_caption_are_its_quotes(deck_copy, tmp_path):
    import pypdfium2

    folder = deck_copy("cromwell", "class")
    caption = "I broke with Rome: so I could remarry. In the end I had six wives."
    _edit(folder, '    caption: "I broke with Rome so I could remarry. In the end I had six wives."',
          f"    caption: “{caption}”   # typed in TextEdit")
    deck = load_deck(folder)
    henry = next(card for card in deck.cards if card.name == "Henry VIII")
    assert henry.values["caption"] == caption
    done = run_cli("build", str(folder), "--only", "cards", "--quiet", cwd=tmp_path)
    assert done.code == 0, done.err
    pdf = pypdfium2.PdfDocument(tmp_path / "output" / "class" / "class-cards.pdf")
    printed = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdf)
    assert "I broke with Rome: so I" in printed and "“I broke" not in printed, printed[:200]


@pytest.mark.parametrize("written, read", [
    ("caption: “a” and “b”", "“a” and “b”"),                   # two quotations, not one quoted value
    ("caption: “Bloody Mary” they called me", "“Bloody Mary” they called me"),
    ('caption: "“We dub thee Sir Francis Drake”"', "“We dub thee Sir Francis Drake”"),   # meant to print
    ("caption: ‘I’m the king’", "I’m the king"),
    ("caption: „Guten Tag“", "Guten Tag"),
    ("caption: “a \\ b”", "“a \\ b”"),                         # a backslash would mean something in quotes
])
def test_only_quotes_wrapping_a_whole_value_are_read_as_yaml_quotes(written, read):
    assert parse_yaml(written + "\n", Path("deck.yaml")).data == {"caption": read}


def test_a_block_of_text_keeps_its_curly_quotes_and_every_line_keeps_its_number():
    text = "notes: |\n  say: “hello”\nlater: “x: y”\nbad: [\n"
    assert straighten(text).split("\n")[1] == "  say: “hello”"
    assert straighten(text).split("\n")[2] == 'later: "x: y"'
    assert len(straighten(text)) == len(text)
    with pytest.raises(UserError) as caught:
        parse_yaml(text, Path("deck.yaml"))
    assert caught.value.where.line in (4, 5), caught.value


def test_the_editors_read_a_curly_quoted_caption_as_the_loader_does(deck_copy):
    from printgen.editing.roundtrip import DeckSource, Edit

    folder = deck_copy("cromwell", "class")
    _edit(folder, '    caption: "I broke with Rome so I could remarry. In the end I had six wives."',
          "    caption: “I broke with Rome: so I could remarry.”")
    source = DeckSource(folder)
    henry = next(card for card in source.cards if card.name == "Henry VIII")
    assert henry.values["caption"] == "I broke with Rome: so I could remarry."
    text = source.apply([Edit(henry.index, "caption", "Six wives: one after another.")])
    assert "Six wives: one after another." in text and "“I broke" not in text
    source.check(text)


def test_quotes_nested_inside_curly_quotes_are_read_whole():
    assert parse_yaml("caption: “He said “no” to Rome.”\n", Path("d.yaml")).data == {"caption": "He said “no” to Rome."}
    assert parse_yaml("caption: ‘He said ‘no’ to Rome.’\n", Path("d.yaml")).data == {"caption": "He said ‘no’ to Rome."}


def test_a_curly_quote_opened_and_never_closed_is_warned_about(deck_copy, tmp_path):
    folder = deck_copy("cromwell", "class")
    _edit(folder, '    caption: "I broke with Rome so I could remarry. In the end I had six wives."',
          "    caption: “I broke with Rome so I could remarry")
    done = run_cli("build", str(folder), "--only", "cards", cwd=tmp_path)
    assert done.code == 0, done.err
    said = [line for line in done.err.splitlines() if "never closes it" in line]
    assert len(said) == 1 and "card 'Henry VIII'" in said[0] and "field 'caption'" in said[0], done.err


def test_the_first_cards_lost_name_line_is_found_where_it_was(deck_copy):
    """With the first card's '- name:' line gone, its lines read as a mapping and libyaml stops at
    the next card's '- ': the message points at the orphaned lines, not at the next card."""
    folder = deck_copy("cromwell", "class")
    text = _edit(folder, "  - name: William I\n", "")
    lines = text.split("\n")
    start = lines.index("    house: Normandy") + 1
    nxt = lines.index("  - name: William II") + 1
    with pytest.raises(UserError) as caught:
        load_deck(folder)
    message = str(caught.value)
    assert caught.value.where.line == start, message
    assert "a card that has lost its '- name:' line" in message and f"line {nxt}" in message, message
    assert f"put the '- name: ...' line back above line {start}" in message, message


def test_a_badly_indented_line_is_still_said_to_be_badly_indented():
    text = "cards:\n  - name: A\n    house: B\n   reign: 1\n"
    with pytest.raises(UserError) as caught:
        parse_yaml(text, Path("deck.yaml"))
    assert "lost its '- name:'" not in str(caught.value), str(caught.value)
