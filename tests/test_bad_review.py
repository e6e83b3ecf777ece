"""The defects a reviewer playing a new user found after the bad-input corpus (issue 9).

Each kind is fixed by a general mechanism, so each test tries more than the one case reported:
several decks built as one all-or-none act, blank required text, invisible characters typed as
escapes, warnings at the field's own line, an unclosed bracket at the end of the file, a layout
element off the card, ability and number mistakes in plain words, a full disk naming its file,
and an empty deck file.
"""

from __future__ import annotations

import errno
import re
import shutil

import pytest

from badinput import Outcome, Workspace, assert_refused, run_limited, snapshot, workspace
from conftest import DECKS
from printgen.files.errors import UserError

DECK = "deck.yaml"


def refused_here(call, **expected) -> str:
    """The harness's checks on a UserError raised in this process (the same message the command
    prints after 'error: '): most variants are checked this way, one per kind end to end."""
    with pytest.raises(UserError) as caught:
        call()
    err = f"error: {caught.value}"
    assert_refused(Outcome(2, "", err, 0.0, 0.0), **expected)
    return err


def _load(ws: Workspace):
    from printgen.model.load import load_deck

    return lambda: load_deck(str(ws.deck))


@pytest.fixture(scope="module")
def shared(tmp_path_factory) -> Workspace:
    """One good Cromwell cards build, shared by the cases that put the deck back afterwards."""
    return workspace(tmp_path_factory.mktemp("review"), only="cards")


@pytest.fixture
def ws(shared: Workspace):
    """The shared workspace; every file a case edits or adds outside the output is put back."""
    saved = {p: p.read_bytes() for p in shared.root.rglob("*") if p.is_file() and shared.out not in p.parents}
    yield shared
    for path in sorted(shared.root.rglob("*"), reverse=True):
        if shared.out in path.parents or path == shared.out:
            continue
        if path.is_file() and path not in saved:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()) and not any(p.is_relative_to(path) for p in saved):
            path.rmdir()
    for path, data in saved.items():
        path.write_bytes(data)


def _replace_line(ws: Workspace, relative: str, needle: str, new: str) -> int:
    """Replace the first line holding `needle` by `new`; returns its line number."""
    line = ws.line_of(relative, needle)
    ws.edit(relative, lambda text: "\n".join(new if n == line else t for n, t in enumerate(text.splitlines(), 1)) + "\n")
    return line


def _caption_line(ws: Workspace, card: str) -> int:
    lines = (ws.deck / DECK).read_text(encoding="utf-8").splitlines()
    start = lines.index(f"  - name: {card}")
    return next(n for n, t in enumerate(lines[start:], start + 1) if t.lstrip().startswith("caption:"))


def _set_caption(ws: Workspace, card: str, caption: str) -> int:
    line = _caption_line(ws, card)
    ws.edit(DECK, lambda text: "\n".join(f'    caption: "{caption}"' if n == line else t
                                         for n, t in enumerate(text.splitlines(), 1)) + "\n")
    return line


# --- 1. several decks: all or none ---------------------------------------------------------------

@pytest.fixture(scope="module")
def pair_built(tmp_path_factory) -> Workspace:
    """Two decks (Cromwell and a copy named 'second') built together once."""
    ws = workspace(tmp_path_factory.mktemp("pair"), build_first=False)
    shutil.copytree(DECKS / "cromwell", ws.root / "second")
    good = run_limited(["build", "cromwell", "second", "--out", str(ws.out), "-q", "--only", "cards"], ws.root)
    assert good.code == 0, good.err
    ws.before = snapshot(ws.out)
    assert {"cromwell/cromwell-cards.pdf", "second/second-cards.pdf"} <= set(ws.before)
    return ws


@pytest.fixture
def pair(pair_built: Workspace):
    """The pair with its first outputs put back after each case, so a case that wrongly replaced
    them cannot hide the same fault in the next."""
    yield pair_built
    for path in sorted(pair_built.out.rglob("*"), reverse=True):
        if path.is_file() and str(path.relative_to(pair_built.out)) not in pair_built.before:
            path.unlink()
    for name, data in pair_built.before.items():
        target = pair_built.out / name
        if target.is_dir():
            shutil.rmtree(target)
        target.write_bytes(data)


def _both(ws: Workspace, *extra: str):
    # --bleed 2 changes every PDF: an output replaced before the failure would show.
    return run_limited(["build", "cromwell", "second", "--out", str(ws.out), "-q", "--only", "cards",
                        "--bleed", "2", *extra], ws.root)


def test_a_mistake_in_a_later_deck_leaves_the_earlier_decks_outputs(pair: Workspace):
    deck = pair.root / "second" / DECK
    good = deck.read_text(encoding="utf-8")
    try:
        deck.write_text(good.replace("  - name: Stephen\n", '  - name: ""\n'), encoding="utf-8")
        line = good.splitlines().index("  - name: Stephen") + 1
        outcome = _both(pair)
        assert_refused(outcome, pair, file="second/deck.yaml", line=line, field="name",
                       says=["blank", "nothing was written for any of the 2 decks"])
        assert "cromwell-cards" not in outcome.err      # the good deck is not said to be written
    finally:
        deck.write_text(good, encoding="utf-8")


def test_a_later_deck_whose_file_cannot_be_written_leaves_the_earlier_decks_outputs(pair: Workspace):
    """The failure comes only when writing: every deck was fine, the second's manifest is blocked."""
    blocked = pair.out / "second" / "second-cards.json"
    data = blocked.read_bytes()
    blocked.unlink()
    blocked.mkdir()
    before = snapshot(pair.out)
    outcome = _both(pair)
    assert_refused(outcome, file="second-cards.json", says=["there is a folder with that name", "nothing was written"])
    assert snapshot(pair.out) == before and blocked.is_dir()
    assert not [p for p in pair.out.rglob("*") if p.name.startswith(".")]
    blocked.rmdir()
    blocked.write_bytes(data)


def test_two_decks_with_the_same_folder_name_are_refused(pair: Workspace):
    other = pair.root / "elsewhere" / "cromwell"
    shutil.copytree(DECKS / "cromwell", other)
    try:
        text = (other / DECK).read_text(encoding="utf-8")
        (other / DECK).write_text(text.replace("title: Cromwell", "title: Cromwell too"), encoding="utf-8")
        outcome = run_limited(["build", "cromwell", str(other), "--out", str(pair.out), "-q", "--only", "cards"],
                              pair.root)
        assert_refused(outcome, pair, says=["both called 'cromwell'", "same output folder", "nothing was written"])
        assert outcome.seconds < 5          # refused before any deck is drawn
    finally:
        shutil.rmtree(pair.root / "elsewhere")


def test_plain_build_of_every_deck_is_all_or_none(pair: Workspace, monkeypatch, capsys):
    """`printgen build` with no names builds every shipped deck: here, the pair's two folders."""
    from printgen.commands import cli
    from printgen.model import load

    deck = pair.root / "second" / DECK
    good = deck.read_text(encoding="utf-8")
    monkeypatch.setattr(load, "shipped_decks", lambda: [pair.root / "cromwell", pair.root / "second"])
    monkeypatch.chdir(pair.root)
    try:
        deck.write_text(good + "extra: [\n", encoding="utf-8")
        code = cli.run(["build", "--out", str(pair.out), "-q", "--only", "cards", "--bleed", "2"])
        err = capsys.readouterr().err
        assert code == 2, err
        assert f"second/deck.yaml, line {len(good.splitlines()) + 1}" in err and "'['" in err, err
        assert "nothing was written for any of the 2 decks" in err
        assert snapshot(pair.out) == pair.before
    finally:
        deck.write_text(good, encoding="utf-8")


# --- 2. blank required text -----------------------------------------------------------------------

def test_a_blank_card_name_is_refused_at_its_line(ws: Workspace):
    line = _replace_line(ws, DECK, "  - name: Stephen", '  - name: "   "')
    lines = (ws.deck / DECK).read_text(encoding="utf-8").splitlines()
    number = sum(t.startswith("  - name:") for t in lines[ws.line_of(DECK, "cards:"):line])   # its place in the list
    assert_refused(ws.build("--only", "cards"), ws, file=DECK, line=line, card=f"number {number}", field="name",
                   says=["blank"])
    for blank in ('""', "'\t'", '" \u3000 "'):        # nothing, a tab, an ideographic space
        _replace_line(ws, DECK, '  - name: "', f"  - name: {blank}")
        refused_here(_load(ws), file=DECK, line=line, field="name", says=["blank"])
        _replace_line(ws, DECK, f"  - name: {blank}", '  - name: "   "')


def test_a_blank_required_field_of_a_card_is_refused(ws: Workspace):
    """Any required text field, not only the name: with every caption required, one left blank."""
    _replace_line(ws, DECK, "  caption: {type: text}", "  caption: {type: text, required: true}")
    line = _set_caption(ws, "Henry II", "  ")
    refused_here(_load(ws), file=DECK, line=line, card="Henry II", field="caption", says=["blank"])


@pytest.mark.parametrize("needle, new, field", [
    ("title: Cromwell", 'title: "  "', "title"),
    ("  - name: Blois", '  - name: ""', "name"),
], ids=["deck-title", "house-name"])
def test_blank_required_deck_settings_are_refused(ws: Workspace, needle, new, field):
    line = _replace_line(ws, DECK, needle, new)
    refused_here(_load(ws), file=DECK, line=line, field=field, says=["blank"])


# --- 3. invisible characters made by escapes ------------------------------------------------------

def test_an_escaped_control_character_in_a_caption(ws: Workspace):
    line = _set_caption(ws, "Stephen", "I fought my cousin\\u202e Matilda.")
    assert_refused(ws.build("--only", "cards"), ws, file=DECK, line=line, card="Stephen", field="caption",
                   says=["U+202E", "RIGHT-TO-LEFT OVERRIDE", "escape"])


@pytest.mark.parametrize("escape, code", [
    ("\\a", "U+0007 (BEL)"), ("\\x1b", "U+001B (ESC)"), ("\\u2066", "U+2066"), ("\\x85", "U+0085"),
    ("\\u200b", "U+200B"), ("\\r", "U+000D"), ("\\u00ad", "U+00AD"), ("\\U000E0041", "U+E0041"),
], ids=["bell", "escape", "isolate", "c1-nel", "zero-width", "carriage-return", "soft-hyphen", "tag"])
def test_every_kind_of_escaped_control_character(ws: Workspace, escape: str, code: str):
    line = _set_caption(ws, "Stephen", f"I fought my cousin{escape} Matilda.")
    refused_here(_load(ws), file=DECK, line=line, card="Stephen", field="caption", says=[code, "escape"])


def test_a_pasted_bidi_override_is_refused_at_its_own_line(ws: Workspace):
    """Pasted in a caption over two lines: the line is the one holding it, not where the caption starts."""
    line = _set_caption(ws, "Stephen", "I fought my cousin\n      and \u202eadlitaM.")
    refused_here(_load(ws), file=DECK, line=line + 1, card="Stephen", field="caption",
                 says=["U+202E", "RIGHT-TO-LEFT OVERRIDE", "paste it as plain text"])


def test_an_escaped_control_character_in_a_deck_setting_or_a_key(ws: Workspace):
    line = _replace_line(ws, DECK, "subtitle:", 'subtitle: "The kings\\u2067 and queens"')
    refused_here(_load(ws), file=DECK, line=line, field="subtitle", says=["U+2067"])
    _replace_line(ws, DECK, "subtitle:", 'subtitle: The kings and queens')
    line = _replace_line(ws, DECK, "  - name: Stephen", '  - "name\\x1b": Stephen')
    refused_here(_load(ws), file=DECK, line=line, says=["U+001B", "this key"])


def test_an_escaped_control_character_in_rule_sheet_front_matter(ws: Workspace):
    line = _replace_line(ws, "rules/cromwell.md", "subtitle:", 'subtitle: "A rummy \\x1b[31mgame"')
    assert_refused(ws.build("--only", "rules"), ws, file="cromwell.md", line=line, field="subtitle",
                   says=["U+001B"])


# --- 4. warnings at the field's own line ----------------------------------------------------------

def test_text_warnings_name_the_fields_own_line(ws: Workspace, tmp_path):
    emoji = _set_caption(ws, "Stephen", "\U0001F600 I fought my cousin Matilda.")
    cut = _set_caption(ws, "Henry I", "word " * 80)
    small = _set_caption(ws, "Henry II", ("word " * 50)[:220])
    # What stays allowed: a tab and a new line are ordinary text, and emoji sequences and several
    # scripts are written with the zero-width joiners.
    _set_caption(ws, "Richard I", "Tab\\there, line\\nthere, \u0928\u094d\u200d\u0937 joined.")
    outcome = run_limited(["build", ws.deck.name, "--out", str(tmp_path / "out"), "-q", "--only", "cards"], ws.root)
    assert outcome.code == 0, outcome.err
    warnings = [w for w in outcome.err.splitlines() if w.startswith("warning:")]
    for card, line, words in (("Stephen", emoji, "U+1F600"), ("Henry I", cut, "cut off"),
                              ("Henry II", small, "pupils can read")):
        found = [w for w in warnings if words in w]
        assert len(found) == 1, outcome.err
        assert f"line {line}, card '{card}', field 'caption'" in found[0], found[0]


# --- 5. an unclosed bracket at the end of the file ------------------------------------------------

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
    err = refused_here(_load(ws), file=DECK, line=line, says=[opener, "never closed"])
    assert int(re.search(r"line (\d+)", err).group(1)) <= len(lines)


# --- 6. a layout element off the card -------------------------------------------------------------

def _look(ws: Workspace, element: str) -> None:
    ws.write_bytes("look.yaml", f"extends: cromwell\nface:\n  stray:\n{element}".encode())
    _replace_line(ws, DECK, "layout:", "layout: look")


def _layout(ws: Workspace):
    from printgen.model.layouts import load_layout
    from printgen.model.load import load_deck

    deck = load_deck(str(ws.deck))
    return load_layout(deck.layout, deck)


def test_an_element_wholly_off_the_card_is_an_error(ws: Workspace):
    _look(ws, "    type: text\n    text: hello\n    x: 400\n    y: 10\n    width: 20\n    height: 5\n")
    assert_refused(ws.build("--only", "cards"), ws, file="look.yaml", line=3, field="face.stray",
                   says=["'stray'", "wholly off the card"])


@pytest.mark.parametrize("element", [
    "    type: shape\n    fill: '#FF0000'\n    x: 10\n    y: -30\n    width: 20\n    height: 5\n",
    "    type: symbol\n    symbol: tudor\n    x: 63.5\n    y: 10\n    width: 5\n    height: 5\n",
    "    type: text\n    text: hello\n    x: 10\n    y: 95\n    width: 5\n    height: 30\n    rotation: 90\n",
    "    type: image\n    src: x.png\n    x: -20\n    y: 10\n    width: 15\n    height: 5\n    bleed: true\n",
], ids=["above", "just-past-the-edge", "turned-but-still-off", "bleed-art-left-of-the-card"])
def test_other_elements_wholly_off_the_card(ws: Workspace, element: str):
    _look(ws, element)
    refused_here(lambda: _layout(ws), file="look.yaml", line=3, field="face.stray", says=["wholly off the card"])


def test_partly_off_is_still_a_warning_and_turning_can_bring_an_element_on(ws: Workspace):
    _look(ws, "    type: text\n    text: hello\n    x: 55\n    y: 40\n    width: 20\n    height: 5\n")
    warnings = [str(w) for w in _layout(ws).warnings]
    assert any("look.yaml, line 3" in w and "'stray'" in w and "safe zone" in w for w in warnings), warnings
    # a 40 x 4 mm box starting just below the card, turned upright about its centre, reaches onto it
    _look(ws, "    type: shape\n    x: 10\n    y: 89\n    width: 40\n    height: 4\n    rotation: 90\n")
    assert _layout(ws) is not None


def test_every_shipped_layout_keeps_its_elements_on_the_card():
    from printgen.model.layouts import load_layout
    from printgen.model.load import load_deck, shipped_decks

    for folder in shipped_decks():
        deck = load_deck(str(folder))
        assert load_layout(deck.layout, deck) is not None


# --- 7. abilities and numbers ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def copper_built(tmp_path_factory) -> Workspace:
    """Coppertwaddle with its first ability written out one setting a line (not built: the
    outputs kept on a refusal are checked by the Cromwell cases)."""
    ws = workspace(tmp_path_factory.mktemp("copper"), "coppertwaddle", build_first=False)
    block = ("    ability:\n      use: ability\n      when: robbing\n      cost: cover_self\n"
             "      target:\n        side: own\n        kind: noble\n        other: true\n"
             "      effects:\n        - do: power\n          amount: 4\n          until: turn\n")
    ws.edit(DECK, lambda text: re.sub(r"    ability: \{use: ability, when: robbing, cost: cover_self, target: "
                                      r"\{side: own, kind: noble, other: true\}, effects: \[\{do: power, amount: 4, "
                                      r"until: turn\}\]\}\n", lambda _: block, text, count=1))
    assert "      when: robbing\n" in (ws.deck / DECK).read_text(encoding="utf-8")
    return ws


@pytest.fixture
def copper(copper_built: Workspace):
    good = (copper_built.deck / DECK).read_bytes()
    yield copper_built
    (copper_built.deck / DECK).write_bytes(good)


def test_an_ability_amount_in_words(copper: Workspace):
    line = _replace_line(copper, DECK, "          amount: 4", "          amount: lots")
    outcome = copper.build("--only", "cards")
    assert_refused(outcome, copper, file=DECK, line=line, card="The Bentham Fish", field="ability",
                   says=["'amount' of effect 1 should be a whole number", "'lots'"])
    assert "Input should" not in outcome.err and "pydantic" not in outcome.err.lower()


@pytest.mark.parametrize("needle, new, says, hint", [
    ("          amount: 4", "          amount: 1e308", ["amount"], None),
    ("          amount: 4", "          amount: -21", ["from -20 to 20"], None),
    ("          amount: 4", "          amout: 4", ["'amout' is not a setting of effect 1"], "did you mean 'amount'"),
    ("        - do: power", "        - do: powr", ["cannot be 'powr'"], "did you mean 'power'"),
    ("      when: robbing", "      when: robing", ["'when' cannot be 'robing'"], "did you mean 'robbing'"),
    ("        side: own", "        sid: own", ["'sid' is not a setting of the target"], "did you mean 'side'"),
    ("      cost: cover_self", "      cots: cover_self", ["'cots' is not a setting of the ability"],
     "did you mean 'cost'"),
    ("        other: true", "        other: maybe", ["should be true or false"], None),
    ("        kind: noble", "        kind: nobel", ["'kind' of the target cannot be 'nobel'"], "did you mean 'noble'"),
], ids=["amount-huge", "amount-past-bound", "amount-misspelt", "effect-misspelt", "when-misspelt", "target-key",
        "ability-key", "flag-word", "target-kind"])
def test_ability_mistakes_in_plain_words_at_their_line(copper: Workspace, needle, new, says, hint):
    line = _replace_line(copper, DECK, needle, new)
    err = refused_here(_load(copper), file=DECK, line=line, card="The Bentham Fish", field="ability",
                       says=says + ([hint] if hint else []))
    assert "Input should" not in err and "Value error" not in err


@pytest.mark.parametrize("value, says", [("1e308", "from -1,000,000 to 1,000,000"), ("lots", "should be a number"),
                                         ("-2e6", "from -1,000,000")], ids=["huge", "words", "huge-negative"])
def test_a_number_field_out_of_all_bounds(copper: Workspace, value, says):
    line = _replace_line(copper, DECK, "    power: 9", f"    power: {value}")
    refused_here(_load(copper), file=DECK, line=line, card="The Bentham Fish", field="power", says=[says])


# --- 8. a full disk names the file ---------------------------------------------------------------

def test_a_full_disk_names_the_file_and_says_earlier_files_are_unchanged(monkeypatch, tmp_path):
    from printgen.files import output

    files = {tmp_path / f"f{i}.pdf": f"old {i}".encode() for i in range(3)}
    output.publish(files)
    real, calls = output._write_all, []

    def write(fd, data):
        calls.append(data)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")     # what write() gives: no file name
        real(fd, data)

    monkeypatch.setattr(output, "_write_all", write)
    with pytest.raises(output.PublishError) as caught:
        output.publish({path: b"new " + data for path, data in files.items()})
    message = str(caught.value)
    assert "f1.pdf" in message and "the disk is full" in message and "unchanged" in message
    assert ".tmp" not in message
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == files


def test_a_full_disk_during_a_build(shared: Workspace, monkeypatch, capsys):
    from printgen.commands import cli
    from printgen.files import output

    real = output._write_all

    def write(fd, data):
        if data.startswith(b"{"):                   # the manifest, written after the cards PDF
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd, data)

    monkeypatch.setattr(output, "_write_all", write)
    monkeypatch.chdir(shared.root)
    code = cli.run(["build", shared.deck.name, "--out", str(shared.out), "-q", "--only", "cards", "--bleed", "2"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error:"), err
    assert "cromwell-cards.json" in err and "the disk is full" in err and "unchanged" in err
    assert snapshot(shared.out) == shared.before


# --- 9. an empty deck file -----------------------------------------------------------------------

def test_an_empty_deck_file_is_line_1_with_a_hint(ws: Workspace):
    (ws.deck / DECK).write_text("", encoding="utf-8")
    assert_refused(ws.build("--only", "cards"), ws, file=DECK, line=1, says=["empty", "title:", "fields:", "cards:"])
    for text in ("# only a note\n\n# and another\n", "\n\n   \n", "---\n# a note\n"):
        (ws.deck / DECK).write_text(text, encoding="utf-8")
        refused_here(_load(ws), file=DECK, line=1, says=["empty", "title:"])
