"""Hostile and broken YAML: refused at the right line, quickly, with nothing written.

The build cases run the real command on one scratch Cromwell deck (built once for the module;
each case restores the files it broke) through the shared harness in badinput.py. The unit
cases call parse_yaml directly, where a subprocess would add nothing but time.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
import yaml
from badinput import Workspace, assert_refused, loader, refused_here, replace_line, set_caption, snapshot, workspace
from pdfcheck import squash, text_in_box, trim_box

from printgen.files.errors import UserError
from printgen.files.limits import MAX_DEPTH, MAX_TEXT_CHARS, MAX_VALUES
from printgen.files.yaml_core import CoreLoader
from printgen.files.yamlsrc import parse_yaml

DECK_FILE = "cromwell/deck.yaml"      # as the message prints it: relative to the working folder
DECK = "deck.yaml"                    # as the workspace names it, inside the deck's folder
RULES_FILE = "cromwell/rules/cromwell.md"
# A hostile file must be refused well inside these, not merely inside the harness's hang limits.
FAST = {"time_limit": 15.0, "memory_mib": 500}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Workspace:
    return workspace(tmp_path_factory.mktemp("bad-yaml"))


@pytest.fixture
def ws(built: Workspace) -> Workspace:
    """The built workspace, with every deck file put back as it was after the case."""
    original = snapshot(built.deck)
    yield built
    for name in set(snapshot(built.deck)) - set(original):
        (built.deck / name).unlink()
    for name, data in original.items():
        if (built.deck / name).read_bytes() != data:
            (built.deck / name).write_bytes(data)


def set_line(ws: Workspace, card: str, field: str, new: str | None, *, after: bool = False) -> int:
    """Replace (or with after=True, add a line after) one card's `field:` line in deck.yaml.

    Returns the 1-based number of the new line. The card is found by its '- name:' line, so the
    examples in the file's opening comment are left alone.
    """
    path = ws.deck / "deck.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    start = lines.index(f"  - name: {card}")
    index = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(f"    {field}:"))
    if after:
        index += 1
        lines.insert(index, new)
    else:
        lines[index] = new
    path.write_text("\n".join(lines), encoding="utf-8")
    return index + 1


def bomb(levels: int = 9) -> list[str]:
    """A 'billion laughs': each level repeats the one before it ten times."""
    rows = ["lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    rows += [f"lol{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 10)}]" for n in range(1, levels)]
    return rows


# --- through the real command -------------------------------------------------------------------

def test_recursive_alias(ws: Workspace) -> None:
    line = set_line(ws, "Henry VIII", "caption", "    caption: &me [a caption, *me]")
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII",
                   says=["'*me' repeats '&me'", "contains this very line"], **FAST)


def test_a_hash_inside_an_unquoted_caption_is_refused_not_cut(ws: Workspace) -> None:
    """'Henry #8 had six wives' unquoted: YAML takes ' #8 ...' for a note and the card would print
    'Henry'. A note after a group value (house: Stuart  # ...) is still allowed: the shipped deck has them."""
    line = set_line(ws, "Henry VIII", "caption", "    caption: Henry #8 had six wives")
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII", field="caption",
                   says=["stops before '#8 had six wives'", "double quotes"])


def test_a_hash_inside_an_unquoted_subtitle_is_refused_too(ws: Workspace) -> None:
    ws.edit("deck.yaml", lambda text: text.replace("\nsubtitle: The kings and queens of England, house by house\n",
                                                   "\nsubtitle: Monarchs #1 to #42\n", 1))
    line = ws.line_of("deck.yaml", "subtitle: Monarchs")
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, field="subtitle", says=["stops before '#1 to #42'"])


def test_deep_nesting(ws: Workspace) -> None:
    line = set_line(ws, "Henry VIII", "caption", "    caption: " + "[" * 20_000 + "]" * 20_000)
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII",
                   says=[f"more than {MAX_DEPTH} levels deep"], **FAST)


def test_billion_laughs_in_the_deck(ws: Workspace) -> None:
    rows = bomb()
    text = ws.edit("deck.yaml", lambda t: t.rstrip("\n") + "\n" + "\n".join(rows) + "\n").read_text()
    # Levels 0-3 hold 12,344 values; the fourth level's repeats pass the limit on its own line.
    line = text.split("\n").index(rows[4]) + 1
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, says=[f"more than {MAX_VALUES:,} times"], **FAST)


def test_billion_laughs_in_rule_sheet_front_matter(ws: Workspace) -> None:
    rows = bomb()
    text = ws.edit("rules/cromwell.md", lambda t: t.replace("---\n", "---\n" + "\n".join(rows) + "\n", 1)).read_text()
    line = text.split("\n").index(rows[4]) + 1
    assert_refused(ws.build("--only", "rules"), ws, file=RULES_FILE, line=line,
                   says=[f"more than {MAX_VALUES:,} times"], **FAST)


def test_front_matter_errors_give_the_file_line(ws: Workspace) -> None:
    text = ws.edit("rules/cromwell.md", lambda t: t.replace("age: 11+\n", "colour: red\n", 1)).read_text()
    line = text.split("\n").index("colour: red") + 1
    assert line > 2
    assert_refused(ws.build("--only", "rules"), ws, file=RULES_FILE, line=line,
                   says=["'colour' is not a front matter setting"], **FAST)


@pytest.mark.parametrize("size", [1_000_000, 50_000_000], ids=["1MB", "50MB"])
def test_huge_caption(ws: Workspace, size: int) -> None:
    line = set_line(ws, "Henry VIII", "caption", '    caption: "' + "x" * size + '"')
    says = [f"{MAX_TEXT_CHARS:,}"] + (["2 MB"] if size > 2_000_000 else [])
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII", field="caption", says=says, **FAST)


def test_a_key_given_twice(ws: Workspace) -> None:
    first = set_line(ws, "Henry VIII", "caption", '    caption: "First words."')
    second = set_line(ws, "Henry VIII", "caption", '    caption: "Second words."', after=True)
    assert_refused(ws.build(), ws, file=DECK_FILE, line=second, card="Henry VIII", field="caption",
                   says=[f"'caption' is given twice: line {first} and line {second}"], **FAST)


def test_a_deck_setting_given_twice(ws: Workspace) -> None:
    text = ws.edit("deck.yaml", lambda t: t.replace("\ncards:\n", "\ncards:\ncards:\n", 1)).read_text()
    first = text.split("\n").index("cards:") + 1
    assert_refused(ws.build(), ws, file=DECK_FILE, line=first + 1,
                   says=[f"'cards' is given twice: line {first} and line {first + 1}"], **FAST)


def test_yes_is_not_a_flag(ws: Workspace) -> None:
    line = set_line(ws, "Oliver Cromwell", "in_play", "    in_play: yes")
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Oliver Cromwell", field="in_play",
                   says=["should be true or false", "write true or false"], **FAST)


@pytest.mark.parametrize("opened, quote", [("'I broke with Rome", "single quote"),
                                           ("[I broke, with Rome", "'['"),
                                           ("{I broke: with Rome", "'{'")], ids=["quote", "bracket", "brace"])
def test_unclosed_opener_is_reported_where_it_opens(ws: Workspace, opened: str, quote: str) -> None:
    line = set_line(ws, "Henry VIII", "caption", f"    caption: {opened}")
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII", says=[quote, "never closed"], **FAST)


def test_byte_that_is_not_utf8(ws: Workspace) -> None:
    line = set_line(ws, "Henry VIII", "caption", '    caption: "Caf\ue000 au lait."')
    path = ws.deck / "deck.yaml"
    path.write_bytes(path.read_bytes().replace("\ue000".encode(), b"\xe9"))   # Latin-1 'é'
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII", says=["UTF-8", "0xE9"], **FAST)


def test_control_character(ws: Workspace) -> None:
    line = set_line(ws, "Henry VIII", "caption", '    caption: "I broke\x07 with Rome."')
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII",
                   says=["control character (U+0007) at column 22"], **FAST)


def test_words_print_as_written(ws: Workspace, tmp_path: Path) -> None:
    """12:30, 1.50 and yes are captions, printed as typed (YAML 1.1 made them 750, 1.5 and True)."""
    captions = {"Henry VIII": "12:30", "Henry VII": "1.50", "Henry I": "yes"}
    for card, caption in captions.items():
        set_line(ws, card, "caption", f"    caption: {caption}")
    out = tmp_path / "out"
    from badinput import run_limited
    run = run_limited(["build", str(ws.deck), "--out", str(out), "--quiet", "--only", "cards"], ws.root)
    assert run.code == 0, run.err
    manifest = json.loads((out / "cromwell" / "cromwell-cards.json").read_text())
    for card in manifest["cards"]:
        if card["name"] in captions:
            text = squash(text_in_box(out / "cromwell" / "cromwell-cards.pdf", card["front"]["page"],
                                      trim_box(card["front"])))
            assert captions[card["name"]] in text.split(), (card["name"], text)


# --- parse_yaml directly ------------------------------------------------------------------------

FILE = Path("d.yaml")


def refused(text: str) -> UserError:
    with pytest.raises(UserError) as caught:
        parse_yaml(text, FILE)
    return caught.value


@pytest.mark.parametrize("text, value", [
    ("12:30", "12:30"), ("1:20:30", "1:20:30"), ("yes", "yes"), ("No", "No"), ("on", "on"), ("off", "off"),
    ("y", "y"), ("2024-01-31", "2024-01-31"), ("1_000", "1_000"), (".inf", ".inf"), (".nan", ".nan"),
    ("true", True), ("False", False), ("TRUE", True), ("null", None), ("~", None), ("", None),
    ("42", 42), ("-7", -7), ("007", 7), ("0o17", 15), ("0x1F", 31), ("1.50", 1.5), ("1e3", 1000.0),
    (".5", 0.5), ("'12:30'", "12:30"), ('"true"', "true"), ("!!str 42", "42"), ("!!float 1", 1.0),
])
def test_core_schema(text: str, value) -> None:
    data = parse_yaml(f"v: {text}\n", FILE).data["v"]
    assert data == value and type(data) is type(value)
    assert yaml.load(f"v: {text}\n", Loader=CoreLoader)["v"] == value   # the loader class agrees


def test_numbers_remember_how_they_were_written() -> None:
    located = parse_yaml("a: 1.50\nb: [007, x]\nc: &n 0x1F\nd: *n\n", FILE)
    assert located.as_written(("a",)) == "1.50"
    assert located.as_written(("b", 0)) == "007" and located.as_written(("b", 1)) is None
    assert located.as_written(("d",)) == "0x1F"


def test_lines_follow_aliases_and_merges() -> None:
    located = parse_yaml("base: &b\n  size: 3\n  colour: red\nitem:\n  <<: *b\n  size: 4\nlist:\n  - *b\n", FILE)
    assert located.data["item"] == {"size": 4, "colour": "red"}
    assert located.lines[("item", "size")] == 6 and located.lines[("item", "colour")] == 3
    assert located.lines[("list", 0)] == 8 and located.lines[("list", 0, "size")] == 2


@pytest.mark.parametrize("text", [
    "a: &a {x: 1, y: 2}\nb: &b {y: 3, z: 4}\nc:\n  w: 0\n  <<: [*a, *b]\n  x: 9\n",
    "a: &a {x: 1, <<: {q: 5}}\nc: {<<: *a, x: 2}\nd: [*a, *a]\n",
])
def test_merges_and_aliases_build_what_pyyaml_builds(text: str) -> None:
    # the order of merged keys is no part of the data (PyYAML 6.0.4 changed its own): compared sorted
    assert (json.dumps(parse_yaml(text, FILE).data, sort_keys=True)
            == json.dumps(yaml.load(text, Loader=yaml.SafeLoader), sort_keys=True))


@pytest.mark.parametrize("text, line, says", [
    ("a: 1\nb:\n  c: 2\n  c: 3\n", 4, "'c' is given twice: line 3 and line 4"),
    ("a: {x: 1, x: 2}\n", 1, "'x' is given twice: line 1 and line 1"),
    ("1: a\n01: b\n", 2, "'1' is given twice"),
    ("a: &x 1\nb: &x 2\n", 2, "'&x' is defined twice: line 1 and line 2"),
    ("a: *nowhere\n", 1, "no '&nowhere' is defined above this line"),
    ("a: &x\n  - 1\n  - b: *x\n", 3, "'*x' repeats '&x' from line 1, which contains this very line"),
    ("a: !!set {x}\n", 1, "'!!set' is a YAML tag that printgen does not read"),
    ("a: !!python/object:os.system x\n", 1, "is a YAML tag that printgen does not read"),
    ("a: !!int many\n", 1, "'many' is marked !!int but is not one"),
    ("a: !!bool yes\n", 1, "'yes' is marked !!bool but is not one"),
    ("? [a, b]\n: c\n", 1, "used here as a key"),
    ("a: 1\n---\nb: 2\n", 2, "a second YAML document"),
    ("a: 1e999\n", 1, "this number is too large"),
    ("a: " + "9" * 5000 + "\n", 1, "this number is too long"),
    ("a: 1\nb: <<\nc:\n  <<: x\n", 4, "'<<' must be followed by '*name'"),
    ("x:\n" + "- " * 5000 + "deep\n", 2, f"more than {MAX_DEPTH} levels deep"),
    ("a: 1\nb: " + "[" * 5000 + "]" * 5000 + "\n", 2, f"more than {MAX_DEPTH} levels deep"),   # libyaml may stop first
    ("a: &a " + "[" * 30 + "x" + "]" * 30 + "\nb: " + "[" * 25 + "*a" + "]" * 25 + "\n", 2, "through '*a'"),
    ("a: " + "x" * (MAX_TEXT_CHARS + 1) + "\n", 1, f"at most {MAX_TEXT_CHARS:,}"),
])
def test_refused_at_its_line(text: str, line: int, says: str) -> None:
    error = refused(text)
    assert error.where.line == line, str(error)
    assert says in error.message, str(error)


def test_too_many_values(monkeypatch) -> None:
    """A file of plain values past the limit (lowered here to keep the test quick) is refused at the line."""
    monkeypatch.setattr("printgen.files.yaml_compose.MAX_VALUES", 1000)
    error = refused("a: 1\nb: [" + "1, " * 600 + "]\nc: [" + "2, " * 600 + "]\n")
    assert error.where.line == 3 and "holds more than 1,000 values" in error.message, str(error)


@pytest.mark.parametrize("char", ["\x00", "\x08", "\x0b", "\x0c", "\x0e", "\x1b", "\x1f", "\x7f", "\x85", "\x9f",
                                  "\u2028", "\u2029", "\ufeff", "\uffff"])
def test_control_characters(char: str) -> None:
    error = refused(f"a: 1\nb: 'x{char}y'\n")
    assert (error.where.line, f"U+{ord(char):04X}") == (2, error.message.split("(")[1].split(")")[0]), str(error)
    assert "column 6" in error.message


def test_tabs_line_ends_and_a_leading_byte_order_mark_are_fine() -> None:
    assert parse_yaml("\ufeffa: 'x\ty'\r\nb: 2\r\n", FILE).data == {"a": "x\ty", "b": 2}


@pytest.mark.parametrize("opener, text", [
    ("double quote", 'a: 1\nb: "open\nc: "closed"\nd: 2\n'),
    ("single quote", "a: 1\nb: 'open\nc: it's\nd: 2\n"),
    ("'['", "a: 1\nb: [x, y\nc: 3\nd: 4\n"),
    ("'{'", "a: 1\nb: {x: y\nc: 3\nd: 4\n"),
    ("single quote", "a: 1\nb: 'open\n"),
])
def test_unclosed_openers(opener: str, text: str) -> None:
    error = refused(text)
    opened = "a list with " if opener == chr(39) + "[" + chr(39) else ""
    assert error.where.line == 2 and f"opens {opened}" in error.message
    assert opener in error.message and "never closed" in error.message, str(error)


def test_block_text_is_not_mistaken_for_an_open_quote() -> None:
    """An apostrophe opening a line of block text is text; the real error below is reported."""
    error = refused("- name: A\n  text: |\n    'tis the season\n    it's fine\n- name: B\n\thouse: x\n")
    assert error.where.line == 6 and "tab" in error.message, str(error)


@pytest.mark.parametrize("levels", [9, 30])
def test_alias_bomb_is_refused_fast(levels: int) -> None:
    start = time.perf_counter()
    error = refused("\n".join(bomb(levels)) + "\n")
    assert time.perf_counter() - start < 2.0
    assert error.where.line == 5 and f"more than {MAX_VALUES:,} times" in error.message


# --- invisible characters made by escapes -----------------------------------------------------------

def test_an_escaped_control_character_in_a_caption(ws: Workspace):
    line = set_caption(ws, "Stephen", "I fought my cousin\\u202e Matilda.")
    assert_refused(ws.build("--only", "cards"), ws, file=DECK, line=line, card="Stephen", field="caption",
                   says=["U+202E", "RIGHT-TO-LEFT OVERRIDE", "escape"])


@pytest.mark.parametrize("escape, code", [
    ("\\a", "U+0007 (BEL)"), ("\\x1b", "U+001B (ESC)"), ("\\u2066", "U+2066"), ("\\x85", "U+0085"),
    ("\\u200b", "U+200B"), ("\\r", "U+000D"), ("\\u00ad", "U+00AD"), ("\\U000E0041", "U+E0041"),
], ids=["bell", "escape", "isolate", "c1-nel", "zero-width", "carriage-return", "soft-hyphen", "tag"])
def test_every_kind_of_escaped_control_character(ws: Workspace, escape: str, code: str):
    line = set_caption(ws, "Stephen", f"I fought my cousin{escape} Matilda.")
    refused_here(loader(ws), file=DECK, line=line, card="Stephen", field="caption", says=[code, "escape"])


def test_a_pasted_bidi_override_is_refused_at_its_own_line(ws: Workspace):
    """Pasted in a caption over two lines: the line is the one holding it, not where the caption starts."""
    line = set_caption(ws, "Stephen", "I fought my cousin\n      and \u202eadlitaM.")
    refused_here(loader(ws), file=DECK, line=line + 1, card="Stephen", field="caption",
                 says=["U+202E", "RIGHT-TO-LEFT OVERRIDE", "paste it as plain text"])


def test_an_escaped_control_character_in_a_deck_setting_or_a_key(ws: Workspace):
    line = replace_line(ws, DECK, "subtitle:", 'subtitle: "The kings\\u2067 and queens"')
    refused_here(loader(ws), file=DECK, line=line, field="subtitle", says=["U+2067"])
    replace_line(ws, DECK, "subtitle:", 'subtitle: The kings and queens')
    line = replace_line(ws, DECK, "  - name: Stephen", '  - "name\\x1b": Stephen')
    refused_here(loader(ws), file=DECK, line=line, says=["U+001B", "this key"])


def test_an_escaped_control_character_in_rule_sheet_front_matter(ws: Workspace):
    line = replace_line(ws, "rules/cromwell.md", "subtitle:", 'subtitle: "A rummy \\x1b[31mgame"')
    assert_refused(ws.build("--only", "rules"), ws, file="cromwell.md", line=line, field="subtitle",
                   says=["U+001B"])


# --- an unclosed bracket at the end of the file ------------------------------------------------------

def _append(ws: Workspace, tail: str) -> list[str]:
    text = (ws.deck / DECK).read_text(encoding="utf-8") + tail
    (ws.deck / DECK).write_text(text, encoding="utf-8")
    return text.splitlines()


def test_an_unclosed_bracket_on_the_last_line_is_reported_where_it_opens(ws: Workspace):
    lines = _append(ws, "extra: [")
    outcome = ws.build("--only", "cards")
    assert_refused(outcome, ws, file=DECK, line=len(lines), says=["'['", "never closed"])


@pytest.mark.parametrize("tail, opener, back", [
    ("extra: {", "'{'", 0), ("extra: [\n\n\n# a note\n", "'['", 3), ("extra: [a,\n  {b: c,", "'['", 1),
    ("extra:\n  - [", "'['", 0), ("extra: {a: [1, 2], b: \"[\", c: [", "'{'", 0),
], ids=["brace", "blank-lines-after", "nested-over-lines", "in-a-list", "closed-and-quoted-inside"])
def test_unclosed_brackets_at_the_end_in_other_shapes(ws: Workspace, tail, opener, back):
    lines = _append(ws, tail)
    line = len(lines) - back
    err = refused_here(loader(ws), file=DECK, line=line, says=[opener, "never closed"])
    assert int(re.search(r"line (\d+)", err).group(1)) <= len(lines)


# --- an empty deck file --------------------------------------------------------------------------

def test_an_empty_deck_file_is_line_1_with_a_hint(ws: Workspace):
    (ws.deck / DECK).write_text("", encoding="utf-8")
    assert_refused(ws.build("--only", "cards"), ws, file=DECK, line=1, says=["empty", "title:", "fields:", "cards:"])
    for text in ("# only a note\n\n# and another\n", "\n\n   \n", "---\n# a note\n"):
        (ws.deck / DECK).write_text(text, encoding="utf-8")
        refused_here(loader(ws), file=DECK, line=1, says=["empty", "title:"])


# --- a caption or a field line written wrong: said at its own line, of its card and field ------------

@pytest.mark.parametrize("value, says", [
    ("!!binary aGVsbG8=", "'!!binary' is a YAML tag"),
    ("&a [*a]", "a value cannot contain itself"),
    ("&a [1, [*a]]", "a value cannot contain itself"),
])
def test_a_tag_or_alias_in_a_caption_names_the_card_and_the_field(ws: Workspace, value: str, says: str) -> None:
    line = set_line(ws, "Henry VIII", "caption", f"    caption: {value}")
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII", field="caption", says=[says], **FAST)


def test_an_alias_bomb_inside_a_caption_names_the_field(ws: Workspace) -> None:
    levels = "".join(f"&l{k} [*l{k - 1}, *l{k - 1}, *l{k - 1}, *l{k - 1}, *l{k - 1}, *l{k - 1}, *l{k - 1}, *l{k - 1}] "
                     for k in range(1, 2))
    nested = "[&l0 [x, x, x, x, x, x, x, x, x, x]"
    for k in range(1, 8):
        nested += f", &l{k} [" + ", ".join([f"*l{k - 1}"] * 10) + "]"
    line = set_line(ws, "Henry VIII", "caption", f"    caption: {nested}]")
    assert levels
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII", field="caption",
                   says=["repeat values more than"], **FAST)


def test_a_key_glued_to_its_value_is_found_at_its_own_line(ws: Workspace) -> None:
    """'caption:"..."' with no space was blamed on the next card, two lines down."""
    line = set_line(ws, "Henry VIII", "caption", '    caption:"I broke with Rome so I could remarry."')
    assert_refused(ws.build(), ws, file=DECK_FILE, line=line, card="Henry VIII", field="caption",
                   says=["'caption:' needs a space after its colon"], **FAST)


def test_fields_written_as_a_list_is_said_so(ws: Workspace) -> None:
    """'fields:' as a list made the deck's groups look unknown ("'houses' is not a setting")."""
    def as_list(text: str) -> str:
        lines = text.split("\n")
        start = lines.index("fields:") + 1
        end = lines.index("", start)
        lines[start:end] = ["  - " + line.strip() for line in lines[start:end]]
        return "\n".join(lines)

    text = ws.edit("deck.yaml", as_list)
    line = text.read_text(encoding="utf-8").split("\n").index("fields:") + 1
    outcome = ws.build()
    assert_refused(outcome, ws, file=DECK_FILE, line=line, says=["'fields' should hold one line per field",
                                                                  "without a '- '"], **FAST)
    assert "'houses' is not a setting" not in outcome.err


@pytest.mark.parametrize("written, says", [
    ('    caption "I crossed."', "'caption' has no ':' after it"),
    ('    caption="I crossed."', "'caption' is followed by '=' where a field takes ': '"),
    ('    caption; "I crossed."', "'caption' is followed by ';'"),
    ('    caption\uff1a"I crossed."', "'caption' is followed by '\uff1a'"),
])
def test_a_field_without_its_colon_and_space_is_found_at_its_own_line(ws: Workspace, written: str, says: str) -> None:
    """Each read as one plain word, which libyaml only notices at the next card: the message must
    name the line the teacher wrote, not the next card's."""
    line = set_line(ws, "Henry VIII", "caption", written)
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
