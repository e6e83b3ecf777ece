"""Coppertwaddle against its seed: the readings the seed leaves open, each played both ways.

Scripted positions (a table set up, plays made, the outcome checked) for the decisions the rule
sheet marks: where the robbing comes in the turn (the sheet: after En Garde; the seed's order:
anywhere in it), who may rob (the sheet: any Proud Threlm whose support is not negated, a Wind
lying alone included; the narrower reading: Power above 0 in a Ditch), and what a negation
switches off (the sheet, as Compass says: every ability; the seed's rule of support: those that
change another Threlm's Power). And the sheet's reason for letting a lone Wind fill its Ditch,
held to the deck's own cards.
"""

from __future__ import annotations

import pytest
from conftest import DECKS
from test_sim_coppertwaddle import card, play_action

from printgen.games.coppertwaddle import Coppertwaddle
from printgen.games.coppertwaddle.cards import CHALLENGING, E_DESTROY, E_RELEASE, E_RETURN, EN_GARDE, ROBBING
from printgen.games.coppertwaddle.rules import PASS
from printgen.games.coppertwaddle.state import NEGATED_OTHER, ODD_ROBBER, ROBBING_LEFT
from printgen.model.load import load_deck

GAME = Coppertwaddle()


@pytest.fixture(scope="module")
def deck():
    return load_deck("coppertwaddle")


def prepared(deck, **options):
    return GAME.prepare(deck, "basic", options)


def rob(st, target: str, robbers: list[str]) -> int:
    """The robbing of `target` by the Guardian's Threlms named, a Wind lying alone among them if named."""
    prep, g = st.prep, st.guardian
    mask = 0
    for d in range(8):
        c = st.slot[g][d] if st.slot[g][d] >= 0 else (st.wind[g][d - 4] if d >= 4 else -1)
        if c >= 0 and prep.names[c] in robbers:
            mask |= 1 << d
    return prep.rob_base + card(prep, target) * 256 + mask


def robbers_offered(st) -> set[frozenset[str]]:
    """The robber sets legal() offers, by name."""
    prep = st.prep
    out = set()
    for action in GAME.legal(st):
        if action >= prep.rob_base:
            mask = (action - prep.rob_base) % 256
            names = set()
            for d in range(8):
                if mask >> d & 1:
                    c = st.slot[st.guardian][d]
                    names.add(prep.names[c if c >= 0 else st.wind[st.guardian][d - 4]])
            out.add(frozenset(names))
    return out


def settle_to(st, guardian: int, stage: int) -> None:
    """Pass (or take the first choice a discard asks for) until `guardian`'s turn reaches `stage`."""
    for _ in range(200):
        if st.guardian == guardian and st.stage == stage:
            return
        legal = GAME.legal(st)
        GAME.apply(st, PASS if PASS in legal else legal[0])
    raise AssertionError("the turn never came")


# -- where the robbing comes in the turn (-O robbing) ----------------------------------------------

HENRY = {"noble": ["Mount Ararat", "Sir Gawkin"]}
ANNE = {"noble": ["Trepaner"]}


@pytest.mark.parametrize("reading", ["after", "any"])
def test_a_robbing_before_laying_a_threlm(deck, reading):
    """Henry robs before laying his Noble. The rule sheet: the robbing ends En Garde, so the Noble
    stays in his hand and his turn is over. The seed's order: En Garde goes on, so he may still
    lay it, stand the robbed Threlm up with Favour at Court, and lay a Declaration; but not rob
    again."""
    prep = prepared(deck, robbing=reading)
    st = GAME.arrange(prep, [HENRY, ANNE], [["Lady Wimple", "Favour at Court", "The Birthday"], []], guardian=0)
    trepaner, wimple = card(prep, "Trepaner"), card(prep, "Lady Wimple")
    GAME.apply(st, rob(st, "Trepaner", ["Mount Ararat"]))
    assert st.robbed == [1, 0] and st.slot[0][2] == trepaner and not st.proud[trepaner], "8 against 1: robbed"
    assert st.arose[ROBBING_LEFT] == 1, "he still had a Threlm to lay"
    if reading == "after":
        assert st.guardian == 1 and wimple in st.hand[0], "the robbing ended his turn"
        return
    assert (st.guardian, st.stage, GAME.to_act(st)) == (0, EN_GARDE, 0), "back to En Garde"
    assert robbers_offered(st) == set(), "one robbing a turn"
    GAME.apply(st, play_action(prep, "Favour at Court", "Trepaner"))
    assert st.proud[trepaner]
    GAME.apply(st, play_action(prep, "Lady Wimple"))
    assert st.slot[0][3] == wimple
    GAME.apply(st, play_action(prep, "The Birthday", "Sir Gawkin"))
    assert GAME.power(st, card(prep, "Sir Gawkin")) == 6 + 1
    GAME.check(st)


def test_no_declaration_while_a_robbing_is_answered_in_either_order(deck):
    for reading in ("after", "any"):
        prep = prepared(deck, robbing=reading)
        st = GAME.arrange(prep, [HENRY, {"noble": ["Trepaner", "Lady Wimple"]}],
                          [["The Birthday", "One Hundred Buttons"], []], guardian=0)
        GAME.apply(st, rob(st, "Trepaner", ["Mount Ararat"]))
        assert st.stage == ROBBING and GAME.to_act(st) == 0
        played = {GAME.describe(prep, a).split(" on ")[0] for a in GAME.legal(st) if a != PASS}
        assert played == {"play One Hundred Buttons"}, played


# -- who may rob (-O robbers) ----------------------------------------------------------------------

def test_a_wind_lying_alone_robs_under_the_rule_sheet_only(deck):
    """North Wind lies alone in Henry's first Peasant Ditch; The Hazelnut raises it to 2, more than
    Trepaner's 1. The rule sheet lets it rob (covered on success, Proud again at his next
    Engagement); robbers=positive never offers it."""
    henry = {"noble": ["Mount Ararat"], "winds": {0: "North Wind"}}
    for reading in ("proud", "positive"):
        prep = prepared(deck, robbers=reading)
        st = GAME.arrange(prep, [henry, ANNE], [["The Hazelnut"], []], guardian=0)
        wind, trepaner = card(prep, "North Wind"), card(prep, "Trepaner")
        offered = robbers_offered(st)
        assert frozenset({"Mount Ararat"}) in offered
        assert (frozenset({"Mount Ararat", "North Wind"}) in offered) == (reading == "proud"), \
            "a Wind of Power 0 is among all the robbers there are, on the rule sheet"
        GAME.apply(st, play_action(prep, "The Hazelnut", "North Wind"))
        assert GAME.power(st, wind) == 2
        alone = rob(st, "Trepaner", ["North Wind"])
        if reading == "positive":
            assert alone not in GAME.legal(st) and not GAME.allowed(st, alone)
            assert all("North Wind" not in robbers for robbers in robbers_offered(st))
            continue
        assert alone in GAME.legal(st) and GAME.allowed(st, alone)
        GAME.apply(st, alone)
        assert st.arose[ODD_ROBBER] == 1, "a Wind lying alone robs on the rule sheet only"
        assert st.robbed == [1, 0] and st.pos[trepaner] // 8 == 0, "2 against 1: robbed"
        assert not st.proud[wind] and st.wind[0][0] == wind, "the Wind robbed: covered where it lies"
        assert st.proud[card(prep, "Mount Ararat")], "Mount Ararat took no part"
        settle_to(st, 0, CHALLENGING)
        assert st.proud[wind] and st.proud[trepaner], "both stand up at Henry's Engagement"
        GAME.check(st)


def test_a_threlm_of_power_0_is_offered_only_among_all_the_robbers(deck):
    """A robber of Power 0 adds nothing, so only the set of all the robbers holds it; its
    presence is the situation robbers=positive counts."""
    prep = prepared(deck)
    henry = {"noble": ["Mount Ararat"], "winds": {1: "South Wind"}}
    st = GAME.arrange(prep, [henry, ANNE], [[], []], guardian=0)
    assert robbers_offered(st) == {frozenset({"Mount Ararat"}), frozenset({"Mount Ararat", "South Wind"})}
    GAME.apply(st, rob(st, "Trepaner", ["Mount Ararat"]))
    assert st.arose[ODD_ROBBER] == 1
    assert st.robbed == [1, 0]


# -- what a negation switches off (-O negated) -----------------------------------------------------

@pytest.mark.parametrize("reading", ["all", "power"])
def test_a_negated_threlm_keeps_only_abilities_that_leave_powers_alone_under_the_seeds_rule(deck, reading):
    """Henry negates his own Bentham Fish (Compass) and Abbot (Sextant), then robs. In the robbing
    the Fish's ability (+4 to another Noble) is off either way; The Abbot's (protect) is off on
    the rule sheet, as Compass says, and on under the seed's rule of support, since it changes no
    Threlm's Power. (One Hundred Buttons in his hand keeps the robbing open for him to answer.)"""
    prep = prepared(deck, negated=reading)
    henry = {"noble": ["Mount Ararat", "The Bentham Fish", "The Abbot"]}
    st = GAME.arrange(prep, [henry, ANNE], [["Compass", "Sextant", "One Hundred Buttons"], []], guardian=0)
    fish, abbot = card(prep, "The Bentham Fish"), card(prep, "The Abbot")
    GAME.apply(st, play_action(prep, "Compass", "The Bentham Fish"))
    assert st.arose[NEGATED_OTHER] == 0, "the Fish's ability changes a Power: both readings switch it off"
    GAME.apply(st, play_action(prep, "Sextant", "The Abbot"))
    assert st.arose[NEGATED_OTHER] == 1, "The Abbot's does not: the readings differ"
    assert {fish, abbot} <= st.negset
    GAME.apply(st, rob(st, "Trepaner", ["Mount Ararat"]))
    assert st.stage == ROBBING and GAME.to_act(st) == 0
    used = {GAME.describe(prep, a) for a in GAME.legal(st) if a >= prep.use_base}
    assert not any("The Bentham Fish" in u.split(" on ")[0] for u in used)
    assert any(u.startswith("use the ability of The Abbot") for u in used) == (reading == "power"), used
    assert GAME.power(st, fish) == 0 and GAME.power(st, abbot) == 0, "negated: no Power in the sums either way"


# -- the lone Wind's Ditch: the sheet's reason, held to the deck's cards ----------------------------

def test_only_the_opponent_can_take_a_lone_wind_away(deck):
    """The rule sheet lets a Proud lone Wind fill its Ditch because, word for word, its owner could
    never take it away: The Tinker and Glad Tidings lift only a Wind that presses a Threlm, and only
    Captain's Reversal takes away a Wind lying alone, and only the opponent's. Every card whose record
    lifts a card or a Wind is tried on a table holding both kinds of Wind in both Domains."""
    prep = prepared(deck)
    henry = {"noble": ["Trepaner"], "peasant": ["-Yeoman"], "winds": {0: "North Wind", 1: "South Wind"}}
    anne = {"noble": ["Lady Wimple"], "peasant": ["-Spleen"], "winds": {0: "East Wind", 1: "West Wind"}}
    st = GAME.arrange(prep, [henry, anne], [[], []], guardian=0)
    own_lone, opponents_lone = card(prep, "South Wind"), card(prep, "West Wind")
    own_pressed = card(prep, "Yeoman")
    removes_own_lone, removes_opponents_lone, lifts_own_pressing = set(), set(), set()
    for c, spec in enumerate(prep.spec):
        if spec is None:
            continue
        codes = {code for code, _, _ in spec.effects}
        aimed = {tc - 1 for tc in GAME.targets(st, 0, spec, c)}
        if codes & {E_RETURN, E_DESTROY}:
            if own_lone in aimed:
                removes_own_lone.add(prep.names[c])
            if opponents_lone in aimed:
                removes_opponents_lone.add(prep.names[c])
        if E_RELEASE in codes:
            assert own_lone not in aimed and opponents_lone not in aimed, "a release aims at a pressed Threlm"
            if own_pressed in aimed:
                lifts_own_pressing.add(prep.names[c])
    assert removes_own_lone == set()
    assert removes_opponents_lone == {"Captain's Reversal"}
    assert lifts_own_pressing == {"The Tinker", "Glad Tidings"}
    sheet = (DECKS / "coppertwaddle" / "rules" / "coppertwaddle.md").read_text(encoding="utf-8")
    for name in removes_opponents_lone | lifts_own_pressing:
        assert name.replace("'", "\u2019") in sheet or name in sheet, f"the sheet's reason names {name}"
    assert "nothing takes a Wind away" not in sheet
