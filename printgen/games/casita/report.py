"""What `printgen validate` says about Casita Robada beyond the shared figures: the first player's
edge and the dealer's (each with its interval and a binomial test against a fair share), and how
often a casita is stolen."""

from __future__ import annotations

from typing import Any

from printgen.games.casita.rules import State
from printgen.games.casita.tables import DEAL, Prepared
from printgen.games.common.suited import SuitedCards
from printgen.sim.metrics import SEAT_MARGIN, SEAT_MARGIN_WORDS, mixed_seats
from printgen.sim.report import Deal, Finding, More, Report, Result
from printgen.sim.runner import seated
from printgen.sim.stats import wilson
from printgen.sim.verdicts import FINE, WARNING, Verdict, decide, differ, pct


class CasitaReport(SuitedCards, Report[Prepared, State]):
    """What validate measures of a game of Casita Robada and says about it (the cards by suit)."""

    good_hand = (4, 4)
    length_unit = "turns"
    length_note = "a turn is one card played; every card of the hands is played once"
    # -O steal decides a turn only when a card in hand matches another casita's top
    situations = {"steal": ("could_steal", "a turn in which a card in hand could steal a casita")}
    situation_unit = "turns"
    settings = {"pack": "the cards in play"}

    def deal_needs(self, prepared: Prepared, players: int) -> Deal:
        return Deal((DEAL,) * players, ((DEAL, "to the middle"),))

    def static_checks(self, prepared: Prepared, players: int) -> list[Finding]:
        n = prepared.cards.n
        rest = n - DEAL - players * DEAL
        deals = rest // (players * DEAL)
        last = (rest - deals * players * DEAL) // players
        text = f"{n} cards: 4 to the middle, then {1 + deals} deals of four each"
        if last:
            text += f" and a last deal of {last} each"
        return [Finding("info", text, {"deals": 1 + deals, "last": last})]

    def length(self, state: State) -> int:
        return state.turns

    def hand_sizes(self, state: State) -> list[int]:
        return list(state.start)

    def card_usage(self, state: State) -> tuple[int, int]:
        """Every card held is played; 'used' are the held cards that ended in a casita: those played
        to capture or steal, and those played to the middle that a later capture or the last
        player's sweep took in (a card still in the middle at the end did nothing)."""
        used = 0
        for p in state.pile:
            for c in p:
                used |= 1 << c
        return state.held, used & state.held

    def playable(self, state: State) -> int:
        """The cards in hand whose play now puts them into the player's casita: one that steals a
        casita (its rank is another casita's top) or captures (the middle holds its rank). A card
        played to the middle may reach a casita later, by another player's capture; that is no use
        its holder chose."""
        if state.over:
            return 0
        me, pos = state.actor, state.prep.cards.pos
        tops = {state.top[t] for t in range(state.n) if t != me and state.top[t] >= 0}
        return sum(1 << c for c in state.hand[me] if pos[c] in tops or state.middle[pos[c]])

    def result_extra(self, state: State) -> dict[str, Any]:
        return {"steals": sum(state.steals), "stolen": state.stolen, "captures": state.captures,
                "turns": state.turns, "scores": [len(p) for p in state.pile],
                "arose": {"could_steal": state.could_steal}, "occasions": state.turns}

    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: More) -> list[Finding]:
        """The first player's edge (seat 0, left of the dealer, plays first) and the dealer's, each
        decided by its interval against the seat band, and how often a casita is stolen."""
        done = [r for r in results if not r.timed_out]
        if not done:
            return []
        decided = [r for r in done if len(r.winners) == 1]
        first = sum(1 for r in decided if r.winners[0] == 0)
        last = sum(1 for r in decided if r.winners[0] == players - 1)
        fair = 1 / players
        bots = tuple(getattr(more, "bots", ()))
        rate = first / len(decided) if decided else 0.0
        ties = f"{(len(done) - len(decided)) / len(done):.0%} of games are tied"
        if mixed_seats(bots):       # the bots turn round the table: each kind judged against itself
            text = (f"the first player wins {rate:.0%} of the {len(decided):,} games with one winner; "
                    + by_kind(decided, bots, 0, "first") + "; the dealer by kind of bot: "
                    + by_kind(decided, bots, players - 1, "last"))
            out = [Finding("info", f"{text}; {ties}", {"first_wins": first, "last_wins": last, "decided": len(decided)},
                           about="seat")]
        else:       # one line each, with the verdict it was decided by (the chart draws each)
            one, dealer = (_seat_verdict(wins, len(decided), fair) for wins in (first, last))
            advice = ("; pass the deal to the left after each game, so that everyone plays last in turn"
                      if dealer.decision == WARNING and dealer.lean > 0 else "")
            out = [Finding("info", f"the first player wins {_said(one)}: {_edge(one, 'first')}",
                           {"first_wins": first, "decided": len(decided)}, about="seat", verdict=one.as_dict()),
                   Finding("info", f"the dealer, who plays last, wins {_said(dealer)}: {_edge(dealer, 'last')}"
                                   f"{advice}; {ties}", {"last_wins": last, "decided": len(decided)}, about="seat",
                           verdict=dealer.as_dict())]
        with_steal = sum(1 for r in done if r.extra["steals"])
        steals = sum(r.extra["steals"] for r in done)
        turns = sum(r.extra["turns"] for r in done)
        stolen = sum(r.extra["stolen"] for r in done)
        slow, shigh = wilson(with_steal, len(done))
        out.append(Finding("info", f"a casita is stolen in {with_steal / len(done):.0%} of games (95 % CI "
                                   f"{slow:.0%}-{shigh:.0%}), {steals / len(done):.1f} times a game on average "
                                   f"({steals / turns:.0%} of all plays), taking {stolen / max(1, steals):.1f} cards "
                                   "each time", {"games_with_steal": with_steal, "steals": steals, "plays": turns}))
        return out


def _seat_verdict(wins: int, games: int, fair: float) -> Verdict:
    """A seat's share of the games with one winner against the seat band (printgen.sim.metrics)."""
    return decide(wins, games, (fair * (1 - SEAT_MARGIN), fair * (1 + SEAT_MARGIN)), fair,
                  f"a fair {pct(fair)} %, give or take {SEAT_MARGIN_WORDS} of it")


def _said(v: Verdict) -> str:
    return f"{pct(v.rate)} % of the {v.trials:,} games with one winner ({v.interval_words()}), fine is {v.band_words()}"


def _edge(v: Verdict, where: str) -> str:
    """What a seat's verdict says of playing there, in words."""
    if v.decision == WARNING:
        return f"playing {where} is {'an edge' if v.lean > 0 else 'a handicap'}"
    return "no clear edge" if v.decision == FINE else "undecided, near the band's edge"


def by_kind(decided: list[Result], bots: tuple[str, ...], seat: int, where: str) -> str:
    """How each kind of bot does in `seat` against the same kind in the other seats, from games with
    one winner. Why: with mixed bots the runner turns the lineup round the table (runner.seated), so
    a seat held a careless bot in some games and a careful one in others; its share of the wins
    against a fair 1/players would measure the bots. A kind's wins in the other seats of the same
    games are its fair share there: `seat` is better or worse only when the two intervals lie
    apart (a chance-sized difference says nothing)."""
    parts = []
    for kind in sorted(set(bots)):
        here = there = won_here = won_there = 0
        for r in decided:
            who = seated(bots, r.index)
            for s, bot in enumerate(who):
                if bot != kind:
                    continue
                won = r.winners[0] == s
                if s == seat:
                    here, won_here = here + 1, won_here + won
                else:
                    there, won_there = there + 1, won_there + won
        if not here or not there:
            continue
        mine, others = decide(won_here, here, (0.0, 1.0)), decide(won_there, there, (0.0, 1.0))
        verdict = (f"playing {where} is {'an edge' if mine.rate > others.rate else 'a handicap'}"
                   if differ(mine, others) else "no clear difference")
        parts.append(f"a {kind} bot {where} wins {pct(mine.rate)} % of its {here:,} games ({mine.interval_words()}) "
                     f"against {pct(others.rate)} % of its {there:,} games in the other seats "
                     f"({others.interval_words()}): {verdict}")
    return "; ".join(parts)
