"""Cromwell's pupil (a player who does not know the houses) and the figure of what knowing them is
worth. Why: the deck exists to teach the houses, and the report's claim that knowing them pays (or
not) is only as good as the pupil's ignorance: a pupil that peeked at houses it hears named only
would make knowledge look worthless."""

from __future__ import annotations

import random

import pytest
from conftest import run_cli

from printgen.games.cromwell import knowledge
from printgen.games.cromwell.game import Cromwell
from printgen.games.cromwell.pupil import name_parts, seen_by
from printgen.games.cromwell.tables import ANSWER, DECIDE, OFFER, _bits
from printgen.model.load import load_deck
from printgen.sim.engine import bot_for, is_bot_name, play
from printgen.sim.runner import seated

GAME = Cromwell()


@pytest.fixture(scope="module")
def deck():
    return load_deck("cromwell")


def _first(name: str) -> str:
    return name_parts(name)[0]


def relabel(state, x: int, y: int):
    """A copy of `state` with cards x and y swapped wherever they are (hands, stock, offers, the
    announced card, what was shown): the same round, except that the monarch heard of is another."""
    st = GAME.clone(state)

    def swap(mask: int) -> int:
        bx, by = mask >> x & 1, mask >> y & 1
        mask &= ~((1 << x) | (1 << y))
        return mask | (bx << y) | (by << x)

    st.hands = [swap(h) for h in st.hands]
    st.shown = [swap(h) for h in st.shown]
    st.held = swap(st.held)
    st.stock = [y if c == x else x if c == y else c for c in st.stock]
    st.offers = [y if c == x else x if c == y else c for c in st.offers]
    st.announced = y if st.announced == x else x if st.announced == y else st.announced
    return st


def blind_swaps(state, seat: int) -> list[tuple[int, int]]:
    """Pairs (x, y): x a monarch the seat hears named (the announced card, an offer), y an unnamed
    card it cannot see, of another house, neither sharing a first name with any card face up before
    the seat, so nothing but the houses tells them apart."""
    p = state.prep
    seen = seen_by(state, seat)
    firsts = {_first(p.names[c]) for c in _bits(seen)}
    named = {c for c in [state.announced, *state.offers] if c >= 0 and not seen >> c & 1}
    unnamed = [c for s in range(state.P) if s != seat for c in _bits(state.hands[s] & ~state.shown[s])]
    unnamed += list(state.stock)
    return [(x, y) for x in sorted(named) for y in unnamed
            if _first(p.names[x]) not in firsts and _first(p.names[y]) not in firsts
            and p.house_of[x] != p.house_of[y] and y not in named]


def _blind_steps(deck, variant: str, players: int, bot: str, games: int) -> tuple[int, int]:
    """(decisions checked, decisions that changed when a named monarch became another one) for `bot`
    at seat 0 among greedy players, over seeded games."""
    prep = GAME.prepare(deck, variant, {})
    chooser = bot_for(bot, GAME)
    checked = changed = 0
    for index in range(games):
        def watch(step, state, seat, action, index=index):
            nonlocal checked, changed
            if seat != 0 or state.phase not in (OFFER, DECIDE):
                return
            seed = index * 10007 + step
            before = chooser(GAME, state, random.Random(seed))
            for x, y in blind_swaps(state, seat)[:4]:
                checked += 1
                if chooser(GAME, relabel(state, x, y), random.Random(seed)) != before:
                    changed += 1
        play(GAME, prep, players, 3, index, [chooser] + [bot_for("greedy", GAME)] * (players - 1), checked=True,
             watch=watch)
    return checked, changed


@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_the_pupil_never_tells_apart_monarchs_only_their_houses_distinguish(deck, variant):
    checked, changed = _blind_steps(deck, variant, 4, "pupil", 12)
    assert checked > 100 and changed == 0


def test_the_check_catches_a_player_who_knows_the_houses(deck):
    checked, changed = _blind_steps(deck, "basic", 4, "greedy", 12)
    assert checked > 100 and changed > 0         # the greedy player does tell them apart: the test can fail


def test_the_pupil_answers_right_when_a_right_monarch_lies_in_its_hand(deck):
    prep = GAME.prepare(deck, "advanced", {"houses": "York..Hanover"})
    # the Cromwell (seat 0) trades George II away for Mary I, holding Elizabeth I: it checks the reigns
    hands = [["George II", "Elizabeth I", "James I"], ["Mary I", "Anne", "Charles I"], ["George I", "Edward IV"]]
    st = GAME.deal(prep, [[prep.index(c) for c in h] for h in hands])
    GAME.apply(st, prep.ANNOUNCE + prep.index("George II"))
    GAME.apply(st, prep.OFFER + prep.index("Mary I"))
    GAME.apply(st, prep.PASS)
    GAME.apply(st, prep.ACCEPT + 1)
    action = GAME.pupil(st, random.Random(0))
    assert action == prep.ANSWER + 2 * 1 + 1           # after Mary I, right: Elizabeth I is in its hand


def test_seats_name_a_games_own_bot(deck):
    assert is_bot_name("pupil", GAME) and not is_bot_name("pupil")
    assert bot_for("pupil", GAME) is type(GAME).pupil
    run = run_cli("validate", "cromwell", "--variant", "basic", "--seats", "pupil,greedy,greedy,greedy", "--games",
                  "8", "--looks", "1", "-q")
    assert run.code in (0, 1) and "Traceback" not in run.err, run.err
    assert "pupil" in run.out
    run = run_cli("validate", "spanish", "--game", "casita", "--seats", "pupil,greedy,greedy", "--games", "6",
                  "--looks", "1", "-q")
    assert run.code == 2 and "no bot is called 'pupil' for the game 'casita'" in run.err, run.err


def _worth(deck, variant: str, players: int, games: int, seed: int) -> knowledge.Worth:
    prep = GAME.prepare(deck, variant, {})
    line = knowledge.lineup(players)
    results = [play(GAME, prep, players, seed, i, [bot_for(b, GAME) for b in seated(line, i)]) for i in range(games)]
    return knowledge.worth(results, players)


def test_knowing_the_houses_pays_in_basic_play_and_the_figure_replays(deck):
    got = _worth(deck, "basic", 4, 600, 1)
    assert got.low > 0 and got.knowing_share > got.pupil_share      # the sign, beyond chance
    assert _worth(deck, "basic", 4, 600, 1) == got                    # same seed, same figure
    assert _worth(deck, "basic", 4, 600, 2) != got


def test_the_report_states_the_worth_for_each_variant(tmp_path):
    run = run_cli("validate", "cromwell", "--players", "4", "--games", "300", "--looks", "1", "--seed", "1")
    assert run.code in (0, 1) and "Traceback" not in run.err, run.err
    basic, advanced = run.out.split("== cromwell (advanced) ==")
    assert "knowing the houses is worth +" in basic and "interval" in basic
    assert "knowing the houses is worth" in advanced
    # advanced play says what its knowing seats know: the before-or-after test, right 80 % of the time
    assert "answers the before-or-after test right 80 % of the time" in advanced
    # an undecided knowledge line, listed apart from its player count's other lines, names the count
    lines = [line for line in run.out.splitlines() if "undecided:" in line and "knowing the houses" in line]
    assert lines and all("at 4 players, knowing" in line for line in lines), lines


class _Games:
    """A More whose pupil games are made to order: `pupil_wins[options-key]` of every 10 games the
    pupil wins, a knowing seat the rest (4 players)."""

    bots = ("greedy",) * 4

    def __init__(self, pupil_wins: dict[str, int]) -> None:
        self.pupil_wins = pupil_wins

    def already(self, options, bots=None) -> int:
        return 0

    def __call__(self, options, games, bots=None):
        from printgen.sim.report import Result

        wins = self.pupil_wins[",".join(f"{k}={v}" for k, v in sorted(options.items()))]
        line = knowledge.lineup(4)
        out = []
        for i in range(games):
            pupil = seated(line, i).index(knowledge.PUPIL)
            winner = pupil if i % 10 < wins else (pupil + 1) % 4
            out.append(Result(i, 4, 50, False, [0.0] * 4, [winner], [5] * 4, 0, 0))
        return out


def test_a_rule_change_is_recommended_only_when_its_own_figure_raises_the_worth():
    """Review of issue 28: the report recommended test=house while its own figure (-1.9 points,
    interval -5.8 to +2.0) showed it did not help. A small worth (the pupil wins 2 games in 10, as a
    knowing seat does: 0 points) with a change that stays small is said plainly; one whose interval
    lies above the 5-point margin is recommended, with its figure."""
    from printgen.sim.verdicts import looking

    both = "forfeit=trade,test=house"
    with looking(1):
        plain = knowledge.findings("advanced", 4, {}, 400, _Games({"": 3, "test=house": 3, both: 3}))
        assert len(plain) == 1 and "What would raise it" not in plain[0].message and plain[0].tries is None
        assert "No rule change tried raises it clearly: a test that asks what the deck teaches" in plain[0].message
        assert "test=house" in plain[0].message and "small too" in plain[0].message
        assert "(forfeit=trade)" in plain[0].message                 # every change tried is named
        assert plain[0].figure["variant"]["options"] == {"test": "house", "forfeit": "trade"}
        raised = knowledge.findings("advanced", 4, {}, 400, _Games({"": 3, "test=house": 0}))
        assert "What would raise it: a test that asks" in raised[0].message and "visible" in raised[0].message
        assert raised[0].tries == {"test": "house"}
        # the first change small, the next one visible: the next is recommended
        later = knowledge.findings("advanced", 4, {}, 400, _Games({"": 3, "test=house": 3, both: 0}))
        assert "What would raise it: the house test (test=house), and a wrong answer" in later[0].message
        assert later[0].tries == {"test": "house", "forfeit": "trade"}
        # a change already given is not tried again
        given = knowledge.findings("advanced", 4, {"test": "house"}, 400, _Games({"test=house": 3, both: 0}))
        assert given[0].tries == {"test": "house", "forfeit": "trade"}


def _traded(deck, options: dict, cromwell_hand: list[str]):
    """A three-player advanced round (York to Hanover) after the Cromwell (seat 0) traded George II
    for seat 1's Mary I: the Cromwell is to answer about Mary I."""
    prep = GAME.prepare(deck, "advanced", {"houses": "York..Hanover", **options})
    hands = [cromwell_hand, ["Mary I", "Anne", "Charles I"], ["George I", "Edward IV"]]
    st = GAME.deal(prep, [[prep.index(c) for c in h] for h in hands])
    GAME.apply(st, prep.ANNOUNCE + prep.index("George II"))
    GAME.apply(st, prep.OFFER + prep.index("Mary I"))
    GAME.apply(st, prep.PASS)
    GAME.apply(st, prep.ACCEPT + 1)
    return prep, st


def test_with_forfeit_trade_a_wrong_answer_calls_the_trade_off(deck):
    prep, st = _traded(deck, {"forfeit": "trade"}, ["George II", "Elizabeth I", "James I"])
    before = [st.hands[0] ^ (1 << prep.index("Mary I")) ^ (1 << prep.index("George II")),
              st.hands[1] ^ (1 << prep.index("Mary I")) ^ (1 << prep.index("George II")), st.hands[2]]
    GAME.apply(st, GAME.answer(prep, after=True, right=False))
    GAME.check(st)
    assert st.hands == before and st.wrongs == 1           # both cards back where they were; nobody else asked
    assert st.phase != ANSWER
    # the rule sheet's forfeit: the Cromwell loses Mary I (to Elizabeth I's holder: itself, so back to
    # seat 1) and George II stays given: one card fewer than before the trade
    prep, st = _traded(deck, {}, ["George II", "Elizabeth I", "James I"])
    GAME.apply(st, GAME.answer(prep, after=True, right=False))
    assert st.hands[0].bit_count() == 2 and st.hands[1].bit_count() == 4


def test_a_player_sheds_a_card_it_does_not_want_by_a_wrong_answer_only_where_that_pays(deck):
    """Under the rule sheet's forfeit a wrong answer rids the answerer of the card it received, the
    card it gave staying given; answering right about a card that helps nothing was the knowing
    seats' blunder behind the pupil's 46 % (issue 28). The knowing seat and the pupil both shed such
    a card; a card that helps, or a wrong answer that calls the trade off, is answered honestly."""
    for bot in (GAME.greedy, GAME.pupil):
        prep, st = _traded(deck, {"knowledge": 1}, ["George II", "Charles I", "James I"])   # Mary I helps nothing
        assert not (bot(st, random.Random(0)) - prep.ANSWER) & 1, bot
        prep, st = _traded(deck, {"knowledge": 1}, ["George II", "Elizabeth I", "James I"])  # it helps: keep it
        assert (bot(st, random.Random(0)) - prep.ANSWER) & 1, bot
    prep, st = _traded(deck, {"knowledge": 1, "forfeit": "trade"}, ["George II", "Charles I", "James I"])
    assert (GAME.greedy(st, random.Random(0)) - prep.ANSWER) & 1


def _worths(deck, options: dict, games: int, seed: int = 1) -> knowledge.Worth:
    """The worth at four players, with the deck's four-player advanced setup."""
    houses = ["Normandy", "Plantagenet", "Lancaster", "York", "Tudor", "Stuart"]
    prep = GAME.prepare(deck, "advanced", {"houses": houses, **options})
    line = knowledge.lineup(4)
    results = [play(GAME, prep, 4, seed, i, [bot_for(b, GAME) for b in seated(line, i)]) for i in range(games)]
    return knowledge.worth(results, 4)


@pytest.mark.parametrize("options", [{}, {"scoring": "out"}, {"test": "house", "scoring": "out"}],
                         ids=["sheet", "out", "house-out"])
def test_the_pupil_is_never_clearly_ahead_of_players_who_know(deck, options):
    """Not knowing can be worth little, but never clearly more than knowing: a pupil far ahead is a
    quirk of the bots (issue 28: before the knowing seats shed unwanted cards, -O test=house
    -O scoring=out gave -28.7 points, the pupil winning 46.5 %)."""
    got = _worths(deck, options, 300)
    assert got.high > 0, got


def test_the_house_test_makes_knowing_pay_in_advanced_play_and_the_figure_replays(deck):
    got = _worths(deck, {"test": "house"}, 400)
    assert got.low > knowledge.MARGIN, got                  # visible: what the report recommends
    assert _worths(deck, {"test": "house"}, 400) == got    # same seed, same figure


def _house_test_steps(deck, bot: str, games: int) -> tuple[int, int]:
    """(answers checked, answers that changed) when the card `bot` (seat 0, among greedy players)
    is to name the house of, not yet turned over, becomes an unseen monarch of another house whose
    name tells it no more (test=house, advanced play, four players)."""
    prep = GAME.prepare(deck, "advanced", {"test": "house"})
    chooser = bot_for(bot, GAME)
    checked = changed = 0
    for index in range(games):
        def watch(step, state, seat, action, index=index):
            nonlocal checked, changed
            if seat != 0 or state.phase != ANSWER:
                return
            x = GAME.answer_card(state)
            seen = seen_by(state, seat) & ~(1 << x)
            firsts = {_first(prep.names[c]) for c in _bits(seen)}
            unseen = [c for s in range(1, state.P) for c in _bits(state.hands[s] & ~state.shown[s])]
            swaps = [y for y in unseen if prep.house_of[y] != prep.house_of[x]
                     and _first(prep.names[x]) not in firsts and _first(prep.names[y]) not in firsts]
            seed = index * 10007 + step
            before = chooser(GAME, GAME.clone(state), random.Random(seed))
            for y in swaps[:4]:
                checked += 1
                if chooser(GAME, relabel(state, x, y), random.Random(seed)) != before:
                    changed += 1
        play(GAME, prep, 4, 5, index, [chooser] + [bot_for("greedy", GAME)] * 3, checked=True, watch=watch)
    return checked, changed


def test_the_pupil_names_a_house_without_turning_the_card_over(deck):
    """test=house: the pupil answers (or sheds the card by a wrong answer) from what it can see and
    the card's name, never from the house printed on the card's hidden face; the knowing player's
    answers do depend on it, so the check can fail."""
    checked, changed = _house_test_steps(deck, "pupil", 12)
    assert checked > 30 and changed == 0, (checked, changed)
    checked, changed = _house_test_steps(deck, "greedy", 12)
    assert checked > 30 and changed > 0, (checked, changed)
