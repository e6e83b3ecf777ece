"""What `printgen validate` says about Burro: how often the stock runs out and players pass, how
long a game to B-U-R-R-O lasts, and which pack (40 or 48 cards) to play with, each with its
confidence interval.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.files.errors import UserError
from printgen.games.burro.rules import State
from printgen.games.burro.tables import FOLLOW, LEAD, Prepared
from printgen.games.common.suited import SuitedCards
from printgen.sim.report import Deal, Finding, More, Report, Result
from printgen.sim.stats import wilson

STOCKOUT_ADVICE = 0.5           # the smaller pack runs out of stock in most hands ...


def _rate(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k / n:.0%} (95 % CI {low:.0%}-{high:.0%})" if n else "no hands"


def _tally(results: list[Result]) -> dict[str, int]:
    out = {"hands": 0, "stockouts": 0, "passes": 0, "early": 0, "max_hand": 0, "longest": 0, "games": 0,
           "timeouts": 0}
    for r in results:
        e = r.extra
        out["hands"] += e["hands"]
        out["early"] += e["early"]
        out["stockouts"] += e["stockouts"]
        out["passes"] += e["passes"]
        out["max_hand"] = max(out["max_hand"], e["max_hand"])
        out["longest"] = max(out["longest"], e["longest"])
        out["games"] += 1
        out["timeouts"] += r.timed_out
    return out


def findings(results: list[Result], prepared: Any, players: int, options: dict[str, Any],
             more: Callable[[dict[str, Any], int], list[Result]], step_cap: int) -> list[Finding]:
    """How often the stock runs out (and players pass), whether a hand can grow without end, a
    game's length in hands; for the plain game, the other pack's stock-outs beside this one's, with
    advice when one pack runs dry in most hands and the other clearly less often."""
    t = _tally(results)
    if not t["hands"]:
        return []
    pack = prepared.cards.pack or str(prepared.cards.n)
    out = [Finding("info", f"the stock runs out in {_rate(t['stockouts'], t['hands'])} of {t['hands']:,} hands, "
                           f"before anyone has gone out in {_rate(t['early'], t['hands'])}; a player has to pass in "
                           f"{_rate(t['passes'], t['hands'])}",
                   {"hands": t["hands"], "stockouts": t["stockouts"], "early": t["early"], "passes": t["passes"]})]
    lengths = sorted(r.length for r in results if not r.timed_out)
    if lengths:
        mean = sum(lengths) / len(lengths)
        out.append(Finding("info", f"a game to B-U-R-R-O lasts {mean:.1f} hands on average (from {lengths[0]} to "
                                   f"{lengths[-1]}); the biggest hand anyone held was {t['max_hand']} cards and the "
                                   f"longest hand {t['longest']} tricks",
                           {"mean_hands": round(mean, 2), "max_hand": t["max_hand"], "longest": t["longest"]}))
    if t["timeouts"]:       # how many is too many is the shared timeout finding's to decide (with its interval)
        out.append(Finding("info", f"{t['timeouts']} games did not end within {step_cap:,} decisions: a hand can "
                                   f"grow without end", t["timeouts"]))
    else:
        out.append(Finding("info", "no hand grew without end: every hand ended (once the stock is empty each trick "
                                   "takes at least the lead out of the hands)", 0))
    if prepared.variant != "basic" or prepared.keep_drawing:     # compared once, in the plain game
        return out
    other = "40" if pack == "48" else "48"
    try:
        theirs = _tally(more({**options, "pack": other}, len(results)))
    except UserError:
        return out
    small, big = (theirs, t) if other == "40" else (t, theirs)
    s_low, s_high = wilson(small["early"], small["hands"])
    b_low, b_high = wilson(big["early"], big["hands"])
    text = (f"the stock runs out before anyone has gone out in {_rate(small['early'], small['hands'])} of hands with "
            f"the 40-card pack and {_rate(big['early'], big['hands'])} with the 48-card pack")
    if s_low > STOCKOUT_ADVICE and b_high < s_low:
        also = ("; with either pack most hands end with players passing rather than drawing" if b_low > STOCKOUT_ADVICE
                else "; with 40 cards most hands end with players passing rather than drawing")
        out.append(Finding("info", f"advice: use the 48-card pack: {text}{also}", {"40": small, "48": big}))
    else:
        out.append(Finding("info", f"either pack plays: {text}", {"40": small, "48": big}))
    return out


class BurroReport(SuitedCards, Report[Prepared, State]):
    """What validate measures of a game of Burro and says about it (the cards by suit)."""

    good_hand = (4, 5)
    length_unit = "hands"
    length_note = "a hand is one deal played out; a game ends when someone has B-U-R-R-O"
    step_cap: int               # the game's (engine.Game): the findings say when games reach it
    # each rule option's situation (a flag of rules.State, once a game) in words, for validate
    situations = {"keep_drawing": ("found_drawing", "a player who had to draw finding the led suit with stock left"),
                  "decider": ("tied_end", "a tie for the fewest letters at the end")}
    settings = {"pack": "the cards in play", "deal": "the deal"}

    def deal_needs(self, prepared: Prepared, players: int) -> Deal:
        return Deal((prepared.deal,) * players, option="deal")

    def static_checks(self, prepared: Prepared, players: int) -> list[Finding]:
        n = prepared.cards.n
        stock = n - players * prepared.deal
        out = [Finding("info", f"{n} cards, {prepared.deal} dealt to each player", {"cards": n, "deal": prepared.deal})]
        if stock <= 0:
            out.append(Finding("warning", f"{players} players: the deal uses all {n} cards, so there is no stock: "
                                          "nobody can draw, and a player who cannot follow suit just passes", stock))
        return out

    def length(self, state: State) -> int:
        return state.hands

    def hand_sizes(self, state: State) -> list[int]:
        return list(state.count)

    def card_usage(self, state: State) -> tuple[int, int]:
        return state.held, state.used

    def playable(self, state: State) -> int:
        """A card is used by playing it to a trick: any card in hand at a lead, a card of the led suit
        when following (drawing again plays nothing)."""
        if state.phase == LEAD:
            cards = [c for suit in state.hand[state.actor] for c in suit]
        elif state.phase == FOLLOW:
            cards = state.hand[state.actor][state.led]
        else:
            return 0
        return sum(1 << c for c in cards)

    def result_extra(self, state: State) -> dict[str, Any]:
        return {"hands": state.hands, "stockouts": state.stockouts, "passes": state.passes, "early": state.earlies,
                "max_hand": state.max_hand, "longest": state.longest, "decider": int(state.deciding),
                "arose": {"found_drawing": state.found_drawing, "tied_end": state.tied_end}}

    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: More) -> list[Finding]:
        return findings(results, prepared, players, options, more, self.step_cap)
