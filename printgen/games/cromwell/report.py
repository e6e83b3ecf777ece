"""What validate measures of a Cromwell round (the deal, hands, cards held and laid, turns) and
says about a setup before and beside play: static findings and advice.

A mixin of :class:`printgen.games.cromwell.game.Cromwell`, built on the deals of prepare.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from printgen.games.cromwell import knowledge
from printgen.games.cromwell.prepare import Preparing
from printgen.games.cromwell.tables import (
    GO_OUT,
    LARGE_HAND,
    LAY_PHASES,
    MIN_HAND,
    OVER,
    SMALL_HAND,
    TARGET_HAND,
    Prepared,
    State,
)
from printgen.sim.report import Deal, Finding, More, Report, Result, Tip


class Reporting(Preparing, Report[Prepared, State]):
    """What validate measures of a Cromwell round and says about the setup."""

    # hand sizes are judged by static_checks from the exact deal (fewer than 5 or more than 10)
    good_hand = None
    length_unit = "turns"
    length_note = "a turn is one player's go as the Cromwell"
    # each rule option's situation in words (a flag of Result.extra["arose"], once a round), for validate
    situations = {"even_up": ("uneven", "a basic deal that comes out uneven"),
                  "leave_out": ("left_out", "an advanced deal that does not come out even"),
                  "stalemate": ("stalled", "a round (basic, or advanced with forfeit=trade) in which nobody can ever "
                                        "lay again"),
                  "forfeit": ("wrong", "an advanced round with a wrong answer"),
                  "scoring": ("scored_apart", "a round whose scores differ under the two readings (cards left in "
                                              "a hand other than the winner's)")}
    situation_unit = "rounds"
    settings = {"houses": "the monarchs dealt",
                "knowledge": "the greedy bot's answers to the advanced game's before-or-after question",
                "test": "the question of every advanced trade"}

    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: More) -> list[Finding]:
        """How much knowing the houses is worth (knowledge.py): one pupil among knowing players, as
        many games as are judged until the figure is decided (then the later looks keep it)."""
        if more is None or not results:
            return []
        return knowledge.findings(prepared.variant, players, options, len(results), more)

    def deal_needs(self, prepared: Prepared, players: int) -> Deal:
        """Every card is dealt (the advanced game leaves some out so that hands are equal)."""
        if prepared.advanced:
            low, high, out = self.advanced_deal(prepared, players)
            extra = (prepared.n - len(out)) - low * players
            return Deal((high,) * extra + (low,) * (players - extra), ((len(out), "left out"),))
        hand, stock, _, _ = self.basic_deal(prepared.n, players, prepared.even_up)
        return Deal((hand,) * players, ((stock, "in the stock"),))

    def length(self, state: State) -> int:
        """Turns played: the turn in progress counts (a stuck round stops between turns)."""
        st = state
        return st.turns if (st.phase == OVER and st.winner < 0) else st.turns + 1

    def hand_sizes(self, state: State) -> list[int]:
        return [h.bit_count() for h in state.hands]

    def card_usage(self, state: State) -> tuple[int, int]:
        """held: every card that was in a hand; used: every card laid down or laid off."""
        return state.held, state.table_mask

    def result_extra(self, state: State) -> dict[str, Any]:
        """The situations the rule options govern, read off the round's end (nothing is counted in play)."""
        st, p = state, state.prep
        if p.advanced:
            uneven, left_out = 0, int(p.n % st.P != 0)
        else:
            uneven, left_out = int(self.basic_deal(p.n, st.P, p.even_up)[2] != "even"), 0
        left = [h.bit_count() for h in st.hands]
        total = sum(left)
        apart = st.phase == OVER and any(total - left[s] for s in range(st.P) if s != st.winner)
        return {"arose": {"uneven": uneven, "left_out": left_out, "stalled": int(st.stalled >= 0),
                          "scored_apart": int(apart), "wrong": int(st.wrongs > 0)}}

    def playable(self, state: State) -> int:
        """The monarchs the Cromwell could lay now (down in a sequence, or off on the table), at the
        lays of a turn and when going out: a card is used only by laying it, so outside these
        nothing is playable."""
        st, p = state, state.prep
        if st.phase not in LAY_PHASES and st.phase != GO_OUT:
            return 0
        could = 0
        for action in self.legal(st):
            if 0 <= action < p.S:
                could |= p.seqs[action]
            elif p.LAYOFF <= action < p.DONE:
                could |= 1 << (action - p.LAYOFF) % p.n
        return could

    def card_names(self, prepared: Prepared) -> list[str]:
        return list(prepared.names)

    def card_groups(self, prepared: Prepared) -> list[str]:
        return list(prepared.groups)

    def static_checks(self, prepared: Prepared, players: int) -> list[Finding]:
        p = prepared
        out: list[Finding] = []
        for h, name in enumerate(p.house_names):
            k = len(p.house_cards[h])
            if k < 3:
                who = ", ".join(p.names[c] for c in p.house_cards[h]) or "none in play"
                out.append(Finding("warning", f"{name} has only {k} monarch{'s' if k != 1 else ''} ({who}), fewer than "
                                              f"three, so it can never make a sequence: leave the house out or move "
                                              f"monarchs into it", k))
            elif k == 3:
                out.append(Finding("info", f"{name} has exactly 3 monarchs: its only sequence needs all three", k))
        if p.no_house:
            out.append(Finding("warning", f"{len(p.no_house)} card{'s' if len(p.no_house) != 1 else ''} in play "
                                          f"{'have' if len(p.no_house) != 1 else 'has'} no house and can never be in a "
                                          f"sequence, so {'they are' if len(p.no_house) != 1 else 'it is'} left out: "
                                          + ", ".join(p.no_house), len(p.no_house)))
        if not p.has_marker:
            out.append(Finding("info", "the deck has no Cromwell card (a card with in_play: false) to pass round as "
                                       "the turn marker; any token will do"))
        if p.advanced:
            low, high, left = self.advanced_deal(p, players)
            if left:
                out.append(Finding("info", f"{players} players (advanced): for an even deal "
                                           f"{len(left)} monarch{'s' if len(left) != 1 else ''} "
                                           f"{'are' if len(left) != 1 else 'is'} left out ({p.leave_out}): "
                                           + ", ".join(p.names[c] for c in left), len(left)))
            sizes = f"{low}" if low == high else f"{low} or {high}"
            out.append(Finding("info", f"{players} players (advanced): {sizes} cards each, no stock",
                               {"hand": low, "largest": high}))
            hand = low
            lost = [p.names[c] for c in range(p.n) if not p.right[c][0] and not p.right[c][1]]
            if lost:
                out.append(Finding("info", "neither the monarch before nor the one after is in play for "
                                           + ", ".join(lost) + ": after a wrong answer about them the card always "
                                           "goes back", len(lost)))
        else:
            hand, stock, how, moved = self.basic_deal(p.n, players, p.even_up)
            detail = {"even": "", "give": f" (evened up: {moved} short hand{'s' if moved != 1 else ''} took a card "
                                          f"from the stock)",
                      "stock": f" (evened up: {moved} extra card{'s' if moved != 1 else ''} put into the stock)"}[how]
            out.append(Finding("info", f"{players} players: {hand} cards each, stock {stock}{detail}",
                               {"hand": hand, "stock": stock}))
            if stock == 0:
                out.append(Finding("warning", f"{players} players: the stock is empty at the start, so the first "
                                              f"Cromwell who refuses every offer cannot draw", stock))
        if hand < SMALL_HAND:
            out.append(Finding("warning", f"{players} players: hands of only {hand} cards (fewer than "
                                          f"{SMALL_HAND}); choose more houses", hand))
        elif hand > LARGE_HAND:
            out.append(Finding("warning", f"{players} players: hands of {hand} cards (more than {LARGE_HAND}) "
                                          f"are hard to hold; leave out a house or two", hand))
        for gap in p.gaps:
            out.append(Finding("info", gap))
        if p.advanced and p.forfeit == "card":       # with forfeit=trade a wrong answer never empties a hand
            out.append(Finding("info", "advanced play: a player whose last card is lost to a forfeit has no cards "
                                       "left and so goes out and wins (the original does not say; the rule sheet's "
                                       "clarification 'what a wrong answer costs' counts it)"))
        else:
            rule = ("the round ends as the rule sheet's 'stuck round' says" if p.stalemate == "stop" else
                    "with stalemate=play the round goes on to the step cap, as in the designer's rules")
            out.append(Finding("info", "basic play: hands never grow, so a player down to one card can only lay "
                                       "off; when every player is down to one card and no card left in play "
                                       "(hands, stock, Block) can extend a table sequence, nobody can go out "
                                       f"({rule})"))
        return out

    def advice(self, prepared: Prepared, counts: Sequence[int]) -> list[Tip]:
        """For each player count, the run of whole houses (leaving out the earliest and/or latest
        ones, and any house too small to make a sequence, as the rule sheet says) that gives hands
        nearest seven cards: in basic play with a stock of about a hand, in advanced play with
        every card dealt."""
        p = prepared
        houses = p.deck_houses
        tips = []
        for players in counts:
            best = None
            for a in range(len(houses)):
                for b in range(a, len(houses)):
                    window = [(h, k) for h, k in houses[a:b + 1] if k >= 3]
                    if not window or window[0][0] != houses[a][0] or window[-1][0] != houses[b][0]:
                        continue
                    n = sum(k for _, k in window)
                    if p.advanced:
                        hand, stock = n // players, 0
                        key: tuple = (abs(hand - TARGET_HAND), n % players, -n)
                    else:
                        hand, stock, _, _ = self.basic_deal(n, players, p.even_up)
                        key = (abs(hand - TARGET_HAND), 0 if stock else 1, abs(stock - hand), -n)
                    if hand < MIN_HAND:
                        continue
                    if best is None or key < best[0]:
                        best = (key, a, b, window, n, hand, stock)
            if best is None:
                tips.append(Tip(players, f"{players} players: the deck has too few monarchs for this many players"))
                continue
            _, a, b, window, n, hand, stock = best
            skipped = [h for h, k in houses[a:b + 1] if k < 3]
            span = houses[a][0] if a == b else f"{houses[a][0]} to {houses[b][0]}"
            if skipped:
                span += " without " + " and ".join(skipped)
                option: Any = [h for h, _ in window]
            else:
                option = houses[a][0] if a == b else f"{houses[a][0]}..{houses[b][0]}"
            if p.advanced:
                extra = n % players
                left = f", leave out {extra} earliest or latest monarch{'s' if extra != 1 else ''}" if extra else ""
                tips.append(Tip(players, f"{players} players: use {span} ({n} monarchs): {hand} cards each{left}",
                                {"houses": option}))
            else:
                tips.append(Tip(players, f"{players} players: use {span} ({n} monarchs): {hand} cards each, "
                                         f"stock {stock}", {"houses": option}))
        return tips
