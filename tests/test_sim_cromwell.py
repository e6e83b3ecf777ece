"""The Cromwell simulation: its rules on scripted deals with exact outcomes, and thousands of
seeded games checked step by step (invariants, legal actions only, scores as the rules say)."""

from __future__ import annotations

import random
import re

import pytest

from printgen.files.errors import UserError
from printgen.games.cromwell import ANNOUNCE, ANSWER, DECIDE, END_LAY, GO_OUT, OFFER, OVER, START_LAY, Cromwell
from printgen.model.load import load_deck
from printgen.sim.engine import BOTS, game_rng, play
from printgen.sim.report import Result

GAME = Cromwell()


@pytest.fixture(scope="module")
def deck():
    return load_deck("cromwell")


@pytest.fixture(scope="module")
def basic(deck):
    return GAME.prepare(deck, "basic", {})


@pytest.fixture(scope="module")
def advanced(deck):
    return GAME.prepare(deck, "advanced", {})


# -- helpers -----------------------------------------------------------------------------------

def idx(prep, *names: str) -> list[int]:
    return [prep.index(n) for n in names]


def mask(prep, *names: str) -> int:
    return prep.mask(*names)


def names_of(prep, m: int) -> set[str]:
    return {prep.names[c] for c in range(prep.n) if m >> c & 1}


def deal(prep, hands: list[list[str]], stock: list[str] = (), block: list[str] = (), cromwell: int = 0,
         seed: int = 0):
    """A state for a known deal: hands by seat, the stock with its top card LAST, the Block."""
    return GAME.deal(prep, [idx(prep, *h) for h in hands], idx(prep, *stock), idx(prep, *block), cromwell,
                     random.Random(seed))


def act(state, action: int) -> None:
    """Apply a scripted action, asserting that it is legal, and check every invariant."""
    legal = GAME.legal(state)
    assert action in legal, f"{GAME.describe(state.prep, action)} is not legal; legal: " + \
        ", ".join(GAME.describe(state.prep, a) for a in legal)
    GAME.apply(state, action)
    GAME.check(state)


def hand(state, seat: int) -> set[str]:
    return names_of(state.prep, state.hands[seat])


def table(state) -> list[set[str]]:
    return [names_of(state.prep, t) for t in state.table]


def block(state) -> list[str]:
    return [state.prep.names[c] for c in state.block]


def stock(state) -> list[str]:
    return [state.prep.names[c] for c in state.stock]


def lay_downs(state) -> set[frozenset[str]]:
    prep = state.prep
    return {frozenset(names_of(prep, prep.seqs[a])) for a in GAME.legal(state) if a < prep.S}


def expected_scores(state, laid_by_seat: list[int]) -> list[float]:
    """The seed's scoring, from the final state: one point per card laid, plus one per card left
    in the other players' hands - for every player (scoring=everyone, the default) or only for
    the player who went out, the one with an empty hand (scoring=out)."""
    out = [float(x) for x in laid_by_seat]
    empty = [s for s, h in enumerate(state.hands) if h == 0]
    if state.winner >= 0:
        assert empty and state.winner in empty
    if state.phase != OVER:
        return out
    for seat in range(len(out)):
        if state.prep.scoring == "everyone" or seat == state.winner:
            out[seat] += sum(h.bit_count() for s, h in enumerate(state.hands) if s != seat)
    return out


# -- sequences: consecutive by reign dates, house by house --------------------------------------

@pytest.mark.parametrize("names,valid", [
    (("Henry VII", "Henry VIII", "Edward VI"), True),
    (("Henry VII", "Henry VIII", "Edward VI", "Mary I", "Elizabeth I"), True),
    (("Henry VII", "Edward VI", "Mary I"), False),                   # Henry VIII skipped
    (("Henry VI", "Henry VII", "Henry VIII"), False),                # three Henrys, two houses
    (("Henry VII", "Henry VIII"), False),                            # only two
    # joint reign: either order, neither may be skipped
    (("James II", "William III", "Mary II", "Anne"), True),
    (("William III", "Mary II", "Anne"), True),
    (("James II", "William III", "Mary II"), True),
    (("Charles II", "James II", "William III"), True),               # ends on one of the pair
    (("Charles II", "James II", "Mary II"), True),
    (("James II", "Mary II", "Anne"), False),                        # William III skipped
    (("James II", "William III", "Anne"), False),                    # Mary II skipped
    # interrupted reigns never break a sequence of one house
    (("Henry IV", "Henry V", "Henry VI"), True),
    (("Edward IV", "Edward V", "Richard III"), True),
    (("Henry VI", "Edward IV", "Edward V"), False),                  # two houses
    # the Interregnum does not count
    (("James I", "Charles I", "Charles II"), True),
    # same start year, the short reign first
    (("George V", "Edward VIII", "George VI"), True),
    (("Edward V", "Richard III", "Henry VII"), False),
])
def test_sequences(basic, names, valid):
    assert (mask(basic, *names) in basic.valid) is valid


def test_lay_off_cards_of_every_sequence_match_a_brute_force(basic):
    for seq in basic.seqs:
        expect = 0
        for c in range(basic.n):
            if not seq >> c & 1 and (seq | 1 << c) in basic.valid:
                expect |= 1 << c
        assert basic.ext_of(seq) == expect
    # a table sequence ending on William III takes Mary II, never Anne
    seq = mask(basic, "Charles II", "James II", "William III")
    assert names_of(basic, basic.ext_of(seq)) == {"Charles I", "Mary II"}


@pytest.mark.parametrize("card,before,after", [
    ("William I", (), ("William II",)),
    ("Henry I", ("William II",), ("Stephen",)),
    ("Henry VI", ("Henry V", "Edward IV"), ("Edward IV",)),          # either of his reigns
    ("Edward IV", ("Henry VI",), ("Henry VI", "Edward V")),
    ("Charles I", ("James I",), ("Charles II",)),                    # the Interregnum is skipped
    ("James II", ("Charles II",), ("Mary II", "William III")),        # the joint reign is one
    ("William III", ("James II",), ("Anne",)),
    ("Mary II", ("James II",), ("Anne",)),
    ("Anne", ("Mary II", "William III"), ("George I",)),
    ("Edward VIII", ("George V",), ("George VI",)),
    ("Charles III", ("Elizabeth II",), ()),
])
def test_successor_and_predecessor(basic, card, before, after):
    c = basic.index(card)
    assert {basic.names[x] for x in basic.right[c][0]} == set(before)
    assert {basic.names[x] for x in basic.right[c][1]} == set(after)
    assert basic.has_dir[c] == (bool(before), bool(after))


# -- basic play, scripted ------------------------------------------------------------------------

def test_trade_lay_down_draw_discard_and_lay_off(basic):
    p = basic
    st = deal(p, [["Henry VII", "Edward VI", "George II", "Victoria"],        # Priya (seat 0)
                  ["Henry V", "Charles I", "William IV"],                     # Tom
                  ["Henry VIII", "Mary I", "Elizabeth I", "George III"]],     # Sam
              stock=["Anne", "James I", "Edward V"])
    assert (st.phase, st.actor) == (ANNOUNCE, 0)              # nothing to lay: no lay step
    act(st, GAME.announce(p, "George II"))
    assert (st.phase, st.actor) == (OFFER, 1)
    act(st, GAME.offer(p, "Henry V"))
    act(st, GAME.offer(p, "Henry VIII"))
    assert (st.phase, st.actor) == (DECIDE, 0)
    assert set(GAME.legal(st)) == {GAME.accept(p, 1), GAME.accept(p, 2), p.DRAW}
    act(st, GAME.accept(p, 2))                                # face-down swap with Sam
    assert hand(st, 0) == {"Henry VII", "Henry VIII", "Edward VI", "Victoria"}
    assert hand(st, 2) == {"George II", "Mary I", "Elizabeth I", "George III"}
    assert hand(st, 1) == {"Henry V", "Charles I", "William IV"}
    assert block(st) == [] and stock(st) == ["Anne", "James I", "Edward V"]
    assert (st.phase, st.actor) == (END_LAY, 0)
    act(st, GAME.lay_down(p, "Henry VII", "Henry VIII", "Edward VI"))
    assert table(st) == [{"Henry VII", "Henry VIII", "Edward VI"}]
    assert hand(st, 0) == {"Victoria"} and st.laid == [3, 0, 0]
    # nothing more to lay: the Cromwell card passes to Tom
    assert (st.phase, st.crom, st.actor) == (ANNOUNCE, 1, 1)

    act(st, GAME.announce(p, "William IV"))
    act(st, p.PASS)                                           # Sam
    act(st, p.PASS)                                           # Priya: no offer, so Tom draws
    assert hand(st, 1) == {"Henry V", "Charles I", "Edward V"}
    assert block(st) == ["William IV"] and stock(st) == ["Anne", "James I"]

    # Sam lays off Mary I, then Elizabeth I, on Priya's sequence
    assert (st.phase, st.crom) == (START_LAY, 2)
    assert set(GAME.legal(st)) == {GAME.lay_off(p, "Mary I", 0), p.DONE}
    act(st, GAME.lay_off(p, "Mary I", 0))
    assert set(GAME.legal(st)) == {GAME.lay_off(p, "Elizabeth I", 0), p.DONE}
    act(st, GAME.lay_off(p, "Elizabeth I", 0))
    assert table(st) == [{"Henry VII", "Henry VIII", "Edward VI", "Mary I", "Elizabeth I"}]
    assert hand(st, 2) == {"George II", "George III"} and st.laid == [3, 0, 2]
    assert (st.phase, st.actor) == (ANNOUNCE, 2)
    assert st.held == mask(p, "Henry VII", "Edward VI", "George II", "Victoria", "Henry V", "Charles I",
                           "William IV", "Henry VIII", "Mary I", "Elizabeth I", "George III", "Edward V")
    assert GAME.card_usage(st) == (st.held, mask(p, "Henry VII", "Henry VIII", "Edward VI", "Mary I", "Elizabeth I"))


def test_going_out_without_a_discard(basic):
    p = basic
    st = deal(p, [["Edward IV", "Edward V"], ["Anne", "George I"], ["Stephen", "John", "Victoria"]],
              stock=["Henry II", "Richard III"])
    act(st, GAME.announce(p, "Edward V"))
    act(st, p.PASS)
    act(st, p.PASS)
    # Richard III drawn: the whole hand, announced card included, can be laid
    assert (st.phase, st.actor) == (GO_OUT, 0)
    assert GAME.legal(st) == [GAME.lay_down(p, "Edward IV", "Edward V", "Richard III")]
    act(st, GAME.lay_down(p, "Edward IV", "Edward V", "Richard III"))
    assert GAME.is_over(st) and st.winner == 0
    assert block(st) == [] and stock(st) == ["Henry II"] and hand(st, 0) == set()
    assert GAME.scores(st) == [3 + 5, 0 + 3, 0 + 2]   # every player counts the cards left in the others' hands


def test_a_draw_that_does_not_finish_the_hand_is_followed_by_the_discard(basic):
    p = basic
    st = deal(p, [["Edward IV", "Edward V"], ["Anne", "George I"], ["Stephen", "John", "Victoria"]],
              stock=["Richard III", "Henry II"])
    act(st, GAME.announce(p, "Edward V"))
    act(st, p.PASS)
    act(st, p.PASS)
    assert hand(st, 0) == {"Edward IV", "Henry II"} and block(st) == ["Edward V"]
    assert not GAME.is_over(st) and st.crom == 1


def test_going_out_by_laying_off_at_the_end_of_the_turn_scores_the_other_hands(basic):
    p = basic
    st = deal(p, [["Henry VII", "Henry VIII", "Edward VI", "Anne"], ["Mary I", "George I"],
                  ["James I", "George II", "Stephen"]])
    assert GAME.legal(st) == [GAME.lay_down(p, "Henry VII", "Henry VIII", "Edward VI"), p.DONE]
    act(st, GAME.lay_down(p, "Henry VII", "Henry VIII", "Edward VI"))
    assert st.phase == ANNOUNCE                               # Anne cannot be laid: no DONE needed
    act(st, GAME.announce(p, "Anne"))
    act(st, GAME.offer(p, "Mary I"))
    act(st, p.PASS)
    act(st, GAME.accept(p, 1))
    act(st, GAME.lay_off(p, "Mary I", 0))
    assert GAME.is_over(st) and st.winner == 0
    assert hand(st, 1) == {"Anne", "George I"}
    assert GAME.scores(st) == [4 + 2 + 3, 0 + 3, 0 + 2]


@pytest.mark.parametrize("scoring,scores", [("everyone", [4 + 5, 0 + 3, 0 + 2]), ("out", [4 + 5, 0, 0])])
def test_the_scoring_option_says_who_counts_the_cards_left_in_hands(deck, scoring, scores):
    """The seed: "players count the number of cards laid down and the number of cards that other
    players have not laid down" (everyone, the default); the other reading gives the cards left
    only to the player who went out (out)."""
    p = GAME.prepare(deck, "basic", {"scoring": scoring} if scoring != "everyone" else {})
    assert p.scoring == scoring
    st = deal(p, [["Henry VII", "Henry VIII", "Edward VI", "Anne"], ["Mary I", "George I"],
                  ["James I", "George II", "Stephen"]])
    act(st, GAME.lay_down(p, "Henry VII", "Henry VIII", "Edward VI"))
    assert GAME.scores(st) == [3, 0, 0]                      # nothing for cards in hands before the end
    act(st, GAME.announce(p, "Anne"))
    act(st, GAME.offer(p, "Mary I"))
    act(st, p.PASS)
    act(st, GAME.accept(p, 1))
    act(st, GAME.lay_off(p, "Mary I", 0))
    assert GAME.is_over(st) and st.winner == 0 and st.laid == [4, 0, 0]
    assert GAME.scores(st) == scores == expected_scores(st, st.laid)
    with pytest.raises(UserError, match="-O scoring=winner: use everyone or out"):
        GAME.prepare(deck, "basic", {"scoring": "winner"})


def test_the_block_is_shuffled_into_a_new_stock(basic):
    p = basic
    st = deal(p, [["Henry I", "Stephen"], ["Anne", "John"], ["Victoria", "Edward V"]],
              stock=[], block=["George I", "George II", "George III"], seed=5)
    act(st, GAME.announce(p, "Stephen"))
    act(st, p.PASS)
    act(st, p.PASS)
    order = ["George I", "George II", "George III"]
    random.Random(5).shuffle(order)
    assert hand(st, 0) == {"Henry I", order[-1]}
    assert stock(st) == order[:-1]
    assert block(st) == ["Stephen"]


def test_discards_pile_up_in_order_and_are_reshuffled_when_the_stock_runs_out(basic):
    p = basic
    st = deal(p, [["Stephen", "Henry I"], ["Anne", "John"], ["Victoria", "Edward V"]],
              stock=["Richard I", "Edward VIII", "Henry V"], seed=11)
    for seat, card in ((0, "Stephen"), (1, "John"), (2, "Victoria")):
        assert st.crom == seat
        act(st, GAME.announce(p, card))
        act(st, p.PASS)
        act(st, p.PASS)
    assert block(st) == ["Stephen", "John", "Victoria"] and stock(st) == []
    assert hand(st, 0) == {"Henry I", "Henry V"} and hand(st, 1) == {"Anne", "Edward VIII"}
    assert hand(st, 2) == {"Edward V", "Richard I"}
    act(st, GAME.announce(p, "Henry I"))
    act(st, p.PASS)
    act(st, p.PASS)
    order = ["Stephen", "John", "Victoria"]
    random.Random(11).shuffle(order)
    assert hand(st, 0) == {"Henry V", order[-1]} and stock(st) == order[:-1] and block(st) == ["Henry I"]


def test_no_stock_and_no_block_means_no_draw_and_no_discard(basic):
    p = basic
    st = deal(p, [["Henry I", "Stephen"], ["Anne", "John"], ["Victoria", "Edward V"]])
    act(st, GAME.announce(p, "Stephen"))
    act(st, p.PASS)
    act(st, p.PASS)
    assert hand(st, 0) == {"Henry I", "Stephen"} and block(st) == [] and stock(st) == []
    assert (st.crom, st.phase) == (1, ANNOUNCE)


def test_joint_reign_lay_downs_and_lay_offs(basic):
    p = basic
    # James II, Mary II, Anne skip William III: nothing to lay
    st = deal(p, [["James II", "Mary II", "Anne", "Victoria"], ["Henry I"], ["John"]], stock=["Stephen"])
    assert st.phase == ANNOUNCE and lay_downs(st) == set()
    # William III, Mary II, Anne is a sequence
    st = deal(p, [["William III", "Mary II", "Anne", "Victoria"], ["Henry I"], ["John"]], stock=["Stephen"])
    assert st.phase == START_LAY and lay_downs(st) == {frozenset({"William III", "Mary II", "Anne"})}
    # with James II too: the two threes and the four
    st = deal(p, [["James II", "William III", "Mary II", "Anne"], ["Henry I"], ["John"]], stock=["Stephen"])
    assert lay_downs(st) == {frozenset({"James II", "William III", "Mary II"}),
                             frozenset({"William III", "Mary II", "Anne"}),
                             frozenset({"James II", "William III", "Mary II", "Anne"})}
    # a sequence ending on William III: Mary II may be laid off, Anne only after her
    st = deal(p, [["Charles II", "James II", "William III", "Victoria"], ["Anne", "Mary II", "John"],
                  ["Henry I", "Edward V"]], stock=["Stephen", "Richard I"])
    act(st, GAME.lay_down(p, "Charles II", "James II", "William III"))
    act(st, GAME.announce(p, "Victoria"))
    act(st, p.PASS)
    act(st, p.PASS)
    assert st.crom == 1 and st.phase == START_LAY
    assert set(GAME.legal(st)) == {GAME.lay_off(p, "Mary II", 0), p.DONE}
    act(st, GAME.lay_off(p, "Mary II", 0))
    assert set(GAME.legal(st)) == {GAME.lay_off(p, "Anne", 0), p.DONE}
    act(st, GAME.lay_off(p, "Anne", 0))
    assert table(st) == [{"Charles II", "James II", "William III", "Mary II", "Anne"}]


@pytest.mark.parametrize("cards", [
    ("Henry IV", "Henry V", "Henry VI"),                 # interrupted reign
    ("Edward IV", "Edward V", "Richard III"),
    ("James I", "Charles I", "Charles II"),              # across the Interregnum
])
def test_awkward_reigns_can_be_laid_down(basic, cards):
    p = basic
    st = deal(p, [list(cards) + ["Victoria"], ["Henry I"], ["John"]], stock=["Stephen"])
    assert lay_downs(st) == {frozenset(cards)}
    act(st, GAME.lay_down(p, *cards))
    assert table(st) == [set(cards)] and hand(st, 0) == {"Victoria"}


def test_illegal_actions_are_refused(basic):
    p = basic
    st = deal(p, [["Henry VII", "Edward VI", "George II"], ["Henry V", "Charles I"], ["Henry VIII", "Anne"]],
              stock=["John"])
    with pytest.raises(ValueError):
        GAME.apply(st, GAME.announce(p, "Henry V"))           # not in the Cromwell's hand
    with pytest.raises(ValueError):
        GAME.apply(st, GAME.lay_down(p, "Henry VII", "Henry VIII", "Edward VI"))
    act(st, GAME.announce(p, "George II"))
    with pytest.raises(ValueError):
        GAME.apply(st, GAME.offer(p, "Anne"))                 # seat 1 does not hold Anne
    act(st, p.PASS)
    act(st, GAME.offer(p, "Anne"))
    with pytest.raises(ValueError):
        GAME.apply(st, GAME.accept(p, 1))                     # seat 1 did not offer
    GAME.check(st)


# -- the stalemate the rules leave open ----------------------------------------------------------

@pytest.mark.parametrize("mode", ["play", "stop"])
def test_one_card_each_and_nothing_fits_is_a_stalemate(deck, mode):
    p = GAME.prepare(deck, "basic", {"stalemate": mode})
    st = deal(p, [["Stephen"], ["Henry I"], ["Edward V"]], stock=["John", "Anne"])
    act(st, GAME.announce(p, "Stephen"))
    act(st, p.PASS)
    act(st, p.PASS)
    assert st.stalled == 1
    if mode == "stop":
        # nobody laid anything; each counts the one card left in each other hand
        assert GAME.is_over(st) and st.winner == -1 and GAME.scores(st) == [2, 2, 2]
    else:
        assert not GAME.is_over(st) and st.crom == 1


# -- advanced play, scripted ---------------------------------------------------------------------

def advanced_trade(p, sam_extra: list[str], tom: list[str], sam_answer_right: bool = False):
    """Priya (the Cromwell) swaps George II for Sam's Mary I; she answers 'after Mary I came
    Elizabeth I' (right); Sam answers about George II, before, right or wrong."""
    st = deal(p, [["George II", "Henry VII", "Edward VI"], tom, ["Mary I"] + sam_extra])
    act(st, GAME.announce(p, "George II"))
    act(st, p.PASS)                                                   # Tom
    act(st, GAME.offer(p, "Mary I"))                                  # Sam
    assert GAME.legal(st) == [GAME.accept(p, 2)]                       # must accept; no stock to draw
    act(st, GAME.accept(p, 2))
    assert (st.phase, st.actor) == (ANSWER, 0)
    assert hand(st, 0) == {"Mary I", "Henry VII", "Edward VI"}             # the swap is done face up
    act(st, GAME.answer(p, after=True, right=True))
    assert (st.phase, st.actor) == (ANSWER, 2)
    act(st, GAME.answer(p, after=False, right=sam_answer_right))
    return st


def test_advanced_wrong_answer_forfeits_to_the_holder_of_the_right_monarch(advanced):
    p = advanced
    st = advanced_trade(p, ["John", "Anne"], ["George I", "Henry V", "Stephen"])
    assert hand(st, 0) == {"Mary I", "Henry VII", "Edward VI"}
    assert hand(st, 1) == {"George I", "George II", "Henry V", "Stephen"}       # Tom shows George I
    assert hand(st, 2) == {"John", "Anne"}
    assert (st.crom, st.phase) == (1, ANNOUNCE)


def test_advanced_wrong_answer_when_the_answerer_holds_the_right_monarch(advanced):
    p = advanced
    st = advanced_trade(p, ["George I", "Anne"], ["Henry V", "Stephen"])
    assert hand(st, 0) == {"George II", "Mary I", "Henry VII", "Edward VI"}       # back to Priya
    assert hand(st, 2) == {"George I", "Anne"}
    assert hand(st, 1) == {"Henry V", "Stephen"}


def test_advanced_wrong_answer_when_nobody_holds_the_right_monarch(advanced):
    p = advanced
    st = advanced_trade(p, ["John", "Anne"], ["Henry V", "Stephen"])
    assert hand(st, 0) == {"George II", "Mary I", "Henry VII", "Edward VI"}
    assert hand(st, 2) == {"John", "Anne"}


def test_advanced_right_answers_keep_the_cards(advanced):
    p = advanced
    st = advanced_trade(p, ["John", "Anne"], ["George I", "Henry V"], sam_answer_right=True)
    assert hand(st, 0) == {"Mary I", "Henry VII", "Edward VI"}
    assert hand(st, 2) == {"George II", "John", "Anne"}
    assert hand(st, 1) == {"George I", "Henry V"}


@pytest.mark.parametrize("sam,tom,edward_iv_goes_to", [
    (["Edward V", "John"], ["Henry VI", "Anne"], 0),      # Sam holds a right answer (Edward V): back
    (["John", "Anne"], ["Henry VI", "Edward V"], 1),      # Tom holds both: he shows the first, Henry VI
    # after Edward IV's first reign came Henry VI, after his second Edward V: either is right
    (["John", "Anne"], ["Edward V", "Stephen"], 1),
])
def test_advanced_two_right_answers_for_an_interrupted_reign(advanced, sam, tom, edward_iv_goes_to):
    p = advanced
    st = deal(p, [["Edward IV", "Henry VII"], tom, ["Mary I"] + sam])
    act(st, GAME.announce(p, "Edward IV"))
    act(st, p.PASS)
    act(st, GAME.offer(p, "Mary I"))
    act(st, GAME.accept(p, 2))
    act(st, GAME.answer(p, after=True, right=True))
    act(st, GAME.answer(p, after=True, right=False))           # Sam: "after Edward IV came ..." wrong
    holder = [s for s in range(3) if "Edward IV" in hand(st, s)]
    assert holder == [edward_iv_goes_to]


def test_advanced_losing_the_last_card_by_a_forfeit_goes_out(advanced):
    p = advanced
    st = advanced_trade(p, [], ["George I", "Henry V", "Stephen"])
    assert GAME.is_over(st) and st.winner == 2 and hand(st, 2) == set()
    assert GAME.scores(st) == [0 + 4, 0 + 3, 0 + 3 + 4]


def test_advanced_the_cromwell_forfeits_too_and_answers_first(advanced):
    p = advanced
    st = deal(p, [["George II", "Henry VII"], ["Elizabeth I", "Henry V"], ["Mary I", "John"]])
    act(st, GAME.announce(p, "George II"))
    act(st, p.PASS)
    act(st, GAME.offer(p, "Mary I"))
    act(st, GAME.accept(p, 2))
    assert {GAME.describe(p, a) for a in GAME.legal(st)} == {
        "answer before, right", "answer before, wrong", "answer after, right", "answer after, wrong"}
    act(st, GAME.answer(p, after=True, right=False))          # after Mary I: Tom holds Elizabeth I
    assert hand(st, 0) == {"Henry VII"} and hand(st, 1) == {"Elizabeth I", "Henry V", "Mary I"}
    act(st, GAME.answer(p, after=True, right=True))
    assert hand(st, 2) == {"George II", "John"}
    assert (st.crom, st.phase) == (1, ANNOUNCE)


def test_advanced_no_offer_ends_the_turn(advanced):
    p = advanced
    st = deal(p, [["George II", "Henry VII"], ["Elizabeth I", "Henry V"], ["Mary I", "John"]])
    act(st, GAME.announce(p, "George II"))
    act(st, p.PASS)
    act(st, p.PASS)
    assert (st.crom, st.phase, st.actor) == (1, ANNOUNCE, 1)
    assert hand(st, 0) == {"George II", "Henry VII"}


# -- deals, options, checks, advice --------------------------------------------------------------

@pytest.mark.parametrize("players,hand_size,stock_size", [(3, 11, 9), (4, 9, 6), (5, 7, 7), (6, 6, 6)])
def test_basic_deal_as_for_an_extra_player_evened_up(basic, players, hand_size, stock_size):
    st = GAME.setup(basic, players, random.Random(1))
    assert GAME.hand_sizes(st) == [hand_size] * players and len(st.stock) == stock_size
    assert st.block == [] and st.table == [] and (st.crom, st.actor) == (0, 0)
    GAME.check(st)


def test_even_up_into_the_stock(deck):
    p = GAME.prepare(deck, "basic", {"even_up": "stock"})
    st = GAME.setup(p, 4, random.Random(1))      # 42 = 5 x 8 + 2: the two extra cards go to the stock
    assert GAME.hand_sizes(st) == [8, 8, 8, 8] and len(st.stock) == 10


def test_advanced_deal_leaves_out_the_latest_monarchs(advanced):
    st = GAME.setup(advanced, 4, random.Random(1))
    assert GAME.hand_sizes(st) == [10] * 4 and st.stock == []
    assert names_of(advanced, st.out_mask) == {"Elizabeth II", "Charles III"}
    GAME.check(st)


def test_options_and_player_counts(deck):
    assert GAME.player_counts(GAME.prepare(deck, "basic", {})) == (3, 4, 5, 6)
    p = GAME.prepare(deck, "basic", {"houses": "Tudor..Stuart"})
    assert p.house_names == ["Tudor", "Stuart"] and p.n == 12
    # 12 cards: 3 players and the stock get 3 each; 4 players get 3 each after evening up (stock 0)
    assert GAME.player_counts(p) == (3, 4)
    assert GAME.player_counts(GAME.prepare(deck, "advanced", {"houses": ["Stuart", "Tudor"]})) == (3, 4)
    with pytest.raises(UserError, match="no house called 'Tudors'") as err:
        GAME.prepare(deck, "basic", {"houses": ["Tudors", "Stuart"]})
    assert "did you mean 'Tudor'?" in str(err.value)
    with pytest.raises(UserError, match="no option 'house'") as err:
        GAME.prepare(deck, "basic", {"house": "Tudor"})
    assert "did you mean 'houses'?" in str(err.value)
    with pytest.raises(UserError, match="knowledge"):
        GAME.prepare(deck, "advanced", {"knowledge": 2})
    with pytest.raises(UserError, match="too few"):
        GAME.prepare(deck, "basic", {"houses": "Tudor"})
    with pytest.raises(UserError, match="no variant"):
        GAME.prepare(deck, "expert", {})


def test_static_checks_and_advice(deck, basic, advanced):
    messages = [f for f in GAME.static_checks(basic, 4)]
    blois = [f for f in messages if "Blois" in f.message]
    assert blois and blois[0].level == "warning" and blois[0].figure == 1
    assert not [f for f in messages if f.level == "warning" and "stock" in f.message]
    big = [f for f in GAME.static_checks(basic, 3) if f.level == "warning" and "11 cards" in f.message]
    assert big and big[0].figure == 11
    small = GAME.prepare(deck, "basic", {"houses": ["Normandy", "Lancaster", "York"], "even_up": "give"})
    found = {f.message: f for f in GAME.static_checks(small, 3)}
    assert any("stock is empty" in m and found[m].level == "warning" for m in found)
    assert any("only 3 cards" in m and found[m].figure == 3 for m in found)
    tips = GAME.advice(basic, [3, 4, 5, 6])
    assert len(tips) == 4
    for players, tip in zip((3, 4, 5, 6), tips):
        m = re.match(rf"{players} players: use .+ \((\d+) monarchs\): (\d+) cards each, stock (\d+)", tip.text)
        assert m and tip.players == players, tip
        n, size, stock_size = map(int, m.groups())
        assert 6 <= size <= 8 and size * players + stock_size == n
        # the options carry the advice out: the houses chosen hold those monarchs, Blois never
        chosen = GAME.prepare(deck, "basic", tip.options)
        assert chosen.n == n and "Blois" not in chosen.house_names
    assert all("cards each" in t.text and "stock" not in t.text for t in GAME.advice(advanced, [3, 4, 5, 6]))


def test_a_house_of_two_monarchs_gets_a_warning(deck_copy):
    folder = deck_copy("cromwell")
    text = (folder / "deck.yaml").read_text()
    text, count = re.subn(r"(- name: Henry IV\n    house: )Lancaster", r"\1York", text)
    assert count == 1
    (folder / "deck.yaml").write_text(text)
    p = GAME.prepare(load_deck(str(folder)), "basic", {})
    findings = GAME.static_checks(p, 4)
    lancaster = [f for f in findings if f.level == "warning" and "Lancaster" in f.message]
    assert lancaster and lancaster[0].figure == 2 and "2 monarchs" in lancaster[0].message
    # York now runs Henry IV, Edward IV...: consecutive in the house, not in history
    assert any(f.level == "info" and "Henry IV" in f.message and "Edward IV" in f.message for f in findings)
    assert mask(p, "Henry V", "Henry VI") not in p.valid
    assert all(p.seq_house[q] != p.house_names.index("Lancaster") for q in range(len(p.seqs)))


# -- many seeded games, checked at every step ------------------------------------------------------

# Every variant and player count, with random and greedy bots, checked at every step: 332 random
# games (basic rounds with random players are long, about 700 steps at 3 players and 2,200 at 6) and
# 800 greedy ones, 1,132 in all. Random games use every house (the biggest deck); greedy games use
# the deck's own setup, as validate plays it (tests/test_game_conformance.py plays greedy games on
# every house); odd player counts score with scoring=out, even ones with the seed's scoring. A slow
# run of 3,600 more games (to 300 of each kind per case) reached, by branch coverage, not one
# branch of printgen/games/cromwell that these do not, and went.
RANDOM_GAMES = {("basic", 3): 40, ("basic", 4): 25, ("basic", 5): 15, ("basic", 6): 12,
                ("advanced", 3): 60, ("advanced", 4): 60, ("advanced", 5): 60, ("advanced", 6): 60}
GREEDY_GAMES = 100




def replay_with_own_tally(prep, players: int, seed: int, index: int, bots) -> tuple[object, list[int]]:
    """Play a game as `play` does, counting for each seat the cards that left the table-less world
    (the table growing after its own action) - independent of the game's own score sheet."""
    rng = game_rng(seed, players, index)
    st = GAME.setup(prep, players, rng)
    laid = [0] * players
    steps = 0
    while not GAME.is_over(st) and steps < GAME.step_cap:
        seat = GAME.to_act(st)
        before = st.table_mask.bit_count()
        GAME.apply(st, bots[seat](GAME, st, rng))
        laid[seat] += st.table_mask.bit_count() - before
        steps += 1
    return st, laid


def check_games(p, variant: str, players: int, bot: str, indices: range) -> None:
    bots = [BOTS[bot]] * players
    ended = 0
    for index in indices:
        result = play(GAME, p, players, 2024, index, bots, checked=True)
        assert result.steps <= GAME.step_cap
        if result.timed_out:
            assert result.steps == GAME.step_cap and result.scores == [0.0] * players
            continue
        ended += 1
        assert result.winners and max(result.scores) == result.scores[result.winners[0]]
        assert all(0 <= x <= p.n for x in result.scores)
        assert 1 <= result.length <= result.steps           # turns, each of one or more decisions
        if index % 5 == 0:       # recompute the score independently
            st, laid = replay_with_own_tally(p, players, 2024, index, bots)
            assert GAME.is_over(st)
            if st.winner >= 0:
                assert st.hands[st.winner] == 0
            else:   # a stuck round (rule sheet): every hand down to at most one card (two in advanced
                # play with forfeit=trade, where hands never grow), none fits
                assert (variant == "basic" or p.forfeit == "trade") and st.stalled >= 0
                assert all(h.bit_count() <= (2 if p.advanced else 1) for h in st.hands)
            assert expected_scores(st, laid) == result.scores
            assert GAME.length(st) == result.length
    assert ended >= 0.9 * len(indices), f"{bot}: only {ended} of {len(indices)} games ended"


def scoring(players: int) -> dict:
    return {"scoring": "out"} if players % 2 else {}


def readings(variant: str, players: int) -> dict:
    """scoring(players), and in advanced play the other readings of the test and the forfeit at
    some player counts, so the greedy games check the invariants under each at no extra cost
    (random players seldom lay, and with forfeit=trade only laying empties a hand: their rounds
    would mostly reach the step cap)."""
    if variant != "advanced":
        return scoring(players)
    return {**scoring(players), **({"forfeit": "trade"} if players >= 5 else {}),
            **({"test": "house"} if players in (4, 5) else {})}


def deck_setup(deck, variant: str, players: int) -> dict:
    from printgen.commands.validate import game_setups, setup_options

    return setup_options(game_setups(deck)["cromwell"], variant, players)


@pytest.mark.parametrize("variant,players", sorted(RANDOM_GAMES))
def test_seeded_games_keep_every_invariant(deck, variant, players):
    p = GAME.prepare(deck, variant, scoring(players))
    assert players in GAME.player_counts(p)
    check_games(p, variant, players, "random", range(RANDOM_GAMES[variant, players]))
    own = GAME.prepare(deck, variant, {**deck_setup(deck, variant, players), **readings(variant, players)})
    assert "Blois" not in own.house_names
    check_games(own, variant, players, "greedy", range(GREEDY_GAMES))


def test_greedy_ties_are_broken_at_random(basic):
    """Three cards that help nothing: the greedy Cromwell announces any of them, not always the
    first in the deck, and the same generator gives the same choice."""
    st = deal(basic, [["William I", "Henry V", "George V"], ["Anne", "John"], ["Victoria", "Edward V"]],
              stock=["Henry II"])
    assert st.phase == ANNOUNCE
    chosen = [GAME.greedy(st, random.Random(k)) for k in range(30)]
    assert {GAME.describe(basic, a) for a in chosen} == {"announce William I", "announce Henry V", "announce George V"}
    assert chosen == [GAME.greedy(st, random.Random(k)) for k in range(30)]


def test_same_seed_same_result_and_other_seeds_differ(basic, advanced):
    for prep in (basic, advanced):
        for players in (3, 5):
            bots = [BOTS["greedy"]] * (players - 1) + [BOTS["random"]]
            first = [play(GAME, prep, players, 7, i, bots) for i in range(20)]
            again = [play(GAME, prep, players, 7, i, bots) for i in range(20)]
            other = [play(GAME, prep, players, 8, i, bots) for i in range(20)]
            assert all(isinstance(r, Result) for r in first)
            assert first == again
            assert [(r.steps, r.scores, r.start_hands, r.held) for r in first] != \
                   [(r.steps, r.scores, r.start_hands, r.held) for r in other]


def test_greedy_games_end_and_use_their_cards(basic):
    results = [play(GAME, basic, 4, 3, i, [BOTS["greedy"]] * 4) for i in range(300)]
    ended = [r for r in results if not r.timed_out]
    assert len(ended) >= 0.98 * len(results)
    # most held cards get laid: the greedy players do lay their sequences
    held = sum(r.held.bit_count() for r in ended)
    used = sum(r.used.bit_count() for r in ended)
    assert used > 0.5 * held


def test_a_round_where_nobody_ever_trades_stops_at_the_step_cap(advanced):
    def never_trade(game, state, rng):
        legal = game.legal(state)
        return advanced.PASS if advanced.PASS in legal else legal[0]

    result = play(GAME, advanced, 4, 1, 0, [never_trade] * 4)
    assert result.timed_out and result.steps == GAME.step_cap and result.winners == []
