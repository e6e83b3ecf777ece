"""A deck's values refused in plain words at their own line: blank required text (a card's name,
a required field, the deck's title, a house's name), ability records and numbers out of bounds,
and the warnings about a card's text, each at the line of the field it is about.

The build cases run the real command on one scratch Cromwell deck (cards only, built once for the
module; each case puts back what it changed); most variants load the deck in this process
(refused_here), which checks the same message without a process's start-up.
"""

from __future__ import annotations

import re

import pytest
from badinput import (
    Workspace,
    assert_refused,
    loader,
    refused_here,
    replace_line,
    restored,
    run_limited,
    set_caption,
    workspace,
)

DECK = "deck.yaml"


@pytest.fixture(scope="module")
def shared(tmp_path_factory) -> Workspace:
    """One good Cromwell cards build, shared by the cases that put the deck back afterwards."""
    return workspace(tmp_path_factory.mktemp("values"), only="cards")


@pytest.fixture
def ws(shared: Workspace):
    yield from restored(shared)


# --- blank required text ------------------------------------------------------------------------

def test_a_blank_card_name_is_refused_at_its_line(ws: Workspace):
    line = replace_line(ws, DECK, "  - name: Stephen", '  - name: "   "')
    lines = (ws.deck / DECK).read_text(encoding="utf-8").splitlines()
    number = sum(t.startswith("  - name:") for t in lines[ws.line_of(DECK, "cards:"):line])   # its place in the list
    assert_refused(ws.build("--only", "cards"), ws, file=DECK, line=line, card=f"number {number}", field="name",
                   says=["blank"])
    for blank in ('""', "'\t'", '" \u3000 "'):        # nothing, a tab, an ideographic space
        replace_line(ws, DECK, '  - name: "', f"  - name: {blank}")
        refused_here(loader(ws), file=DECK, line=line, field="name", says=["blank"])
        replace_line(ws, DECK, f"  - name: {blank}", '  - name: "   "')


def test_a_blank_required_field_of_a_card_is_refused(ws: Workspace):
    """Any required text field, not only the name: with every caption required, one left blank."""
    replace_line(ws, DECK, "  caption: {type: text}", "  caption: {type: text, required: true}")
    line = set_caption(ws, "Henry II", "  ")
    refused_here(loader(ws), file=DECK, line=line, card="Henry II", field="caption", says=["blank"])


@pytest.mark.parametrize("needle, new, field", [
    ("title: Cromwell", 'title: "  "', "title"),
    ("  - name: Blois", '  - name: ""', "name"),
], ids=["deck-title", "house-name"])
def test_blank_required_deck_settings_are_refused(ws: Workspace, needle, new, field):
    line = replace_line(ws, DECK, needle, new)
    refused_here(loader(ws), file=DECK, line=line, field=field, says=["blank"])


# --- warnings at the field's own line ------------------------------------------------------------

def test_text_warnings_name_the_fields_own_line(ws: Workspace, tmp_path):
    emoji = set_caption(ws, "Stephen", "\U0001F600 I fought my cousin Matilda.")
    cut = set_caption(ws, "Henry I", "word " * 80)
    small = set_caption(ws, "Henry II", ("word " * 50)[:220])
    # What stays allowed: a tab and a new line are ordinary text, and emoji sequences and several
    # scripts are written with the zero-width joiners.
    set_caption(ws, "Richard I", "Tab\\there, line\\nthere, \u0928\u094d\u200d\u0937 joined.")
    outcome = run_limited(["build", ws.deck.name, "--out", str(tmp_path / "out"), "-q", "--only", "cards"], ws.root)
    assert outcome.code == 0, outcome.err
    warnings = [w for w in outcome.err.splitlines() if w.startswith("warning:")]
    for card, line, words in (("Stephen", emoji, "U+1F600"), ("Henry I", cut, "cut off"),
                              ("Henry II", small, "pupils can read")):
        found = [w for w in warnings if words in w]
        assert len(found) == 1, outcome.err
        assert f"line {line}, card '{card}', field 'caption'" in found[0], found[0]


def test_an_accent_no_letter_has_built_in_is_warned_about(ws: Workspace) -> None:
    line = set_caption(ws, "Henry VIII", "Marks: e\u0351 o\u0352 a\u0358, and caf\u00e9.")
    # built elsewhere: the workspace's own output is the earlier build the refusal cases compare with
    outcome = run_limited(["build", ws.deck.name, "--out", str(ws.root / "accents"), "--quiet", "--only", "cards"],
                          ws.root)
    assert outcome.code == 0, outcome.err
    said = [line for line in outcome.err.splitlines() if "accent" in line]
    assert len(said) == 1, outcome.err
    assert f"line {line}, card 'Henry VIII', field 'caption'" in said[0], said
    assert all(f"U+{cp}" in said[0] for cp in ("0351", "0352", "0358")) and "U+0301" not in said[0], said


# --- abilities and numbers ---------------------------------------------------------------------

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
    line = replace_line(copper, DECK, "          amount: 4", "          amount: lots")
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
    line = replace_line(copper, DECK, needle, new)
    err = refused_here(loader(copper), file=DECK, line=line, card="The Bentham Fish", field="ability",
                       says=says + ([hint] if hint else []))
    assert "Input should" not in err and "Value error" not in err


@pytest.mark.parametrize("value, says", [("1e308", "from -1,000,000 to 1,000,000"), ("lots", "should be a number"),
                                         ("-2e6", "from -1,000,000")], ids=["huge", "words", "huge-negative"])
def test_a_number_field_out_of_all_bounds(copper: Workspace, value, says):
    line = replace_line(copper, DECK, "    power: 9", f"    power: {value}")
    refused_here(loader(copper), file=DECK, line=line, card="The Bentham Fish", field="power", says=[says])
