"""What validate reports of a game file beyond the figures every game shares: its length in the
file's own unit, hand sizes, cards held and put to use, the branching (choices per decision), the
loops a game was stopped in, strong cards, and the setup table a rule sheet may print.

Why strong cards here: a game file says which zones put a card to use, and the state records who
used each card, so "the player who used this card won far more often than users of other cards"
can be measured for any game file, with the same verdicts (an interval against a band) as the
rest of the report.
"""

from __future__ import annotations

import random
from typing import Any

from printgen.games.datagame.program import Prepared
from printgen.games.datagame.scope import BUILTIN_VARS, ROUNDS, TURNS
from printgen.games.datagame.state import State
from printgen.model.deck import Deck
from printgen.sim.metrics import verdict_finding
from printgen.sim.report import Deal, Finding, More, Report, Result
from printgen.sim.verdicts import WARNING, Verdict, decide, pct

STRONG_MARGIN = 0.10      # a card's users may win up to 10 points more often than users of any card


class DataReport(Report[Prepared, State]):
    """The Report half of a game file's class (machine.DataGame)."""

    spec: Any

    def length(self, state: State) -> int:
        name = self.spec.length
        slot = {"turns": TURNS, "rounds": ROUNDS}.get(name)
        if slot is None:
            slot = len(BUILTIN_VARS) + list(self.spec.vars).index(name)
        return state.v[slot]

    def hand_sizes(self, state: State) -> list[int]:
        first, z = state.prep.hand_slots, state.z
        if len(first) == 1:                       # one zone of held cards: its sizes (every game asks)
            one = first[0]
            return [len(z[one + p]) for p in range(state.n)]
        return [sum([len(z[f + p]) for f in first]) for p in range(state.n)]

    def card_usage(self, state: State) -> tuple[int, int]:
        return state.held, state.used

    def result_extra(self, state: State) -> dict[str, Any]:
        pick = min if self.spec.winner == "lowest" else max
        best = pick(state.score) if state.score else 0
        won = 0                                   # the cards a winner put to use
        for k, seat in enumerate(state.user):
            if seat >= 0 and state.score[seat] == best:
                won |= 1 << k
        return {"decisions": state.decisions, "choices": state.choices, "stuck": state.stopped_at,
                "won_with": won}

    def card_names(self, prepared: Prepared) -> list[str]:
        return prepared.names

    def card_groups(self, prepared: Prepared) -> list[str]:
        return prepared.groups

    def deal_needs(self, prepared: Prepared, players: int) -> Deal:
        """The deal as the file means it, measured by setting a game up (a deal short of cards is
        counted as meant, with the line of the deal step that ran short)."""
        s = self.setup(prepared, players, random.Random(0))      # type: ignore[attr-defined]
        return Deal(tuple(s.want), tuple((k, f"to {zone}") for zone, k in sorted(s.more.items())), where=s.short_at)

    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: More) -> list[Finding]:
        out = branching(results)
        out += stuck(results)
        out += strong_cards(results, prepared.names, players)
        return out

    def judge_again(self, topic: tuple[Any, ...], results: list[Result], prepared: Prepared, players: int) -> Any:
        """A strong card judged again on other games (the search player's), as strong_cards judges it."""
        if topic[:1] != ("strong",):
            return None
        copies = [v for name, v in strong_verdicts(results, prepared.names) if name == topic[1]]
        return max(copies, key=lambda v: v.rate, default=None)     # the strongest copy, as a warning names it

    def sheet_tables(self, deck: Deck) -> dict[str, Any]:
        """The setup the game file deals in its first variant, per player count (`game.setup`: rows
        of players, hand, more (other cards dealt, in words) and left (cards not dealt)): a rule
        sheet printing it cannot disagree with the simulator."""
        variant = self.variants[0]                               # type: ignore[attr-defined]
        prepared = self.prepare(deck, variant, {})               # type: ignore[attr-defined]
        rows = []
        for n in self.player_counts(prepared):                   # type: ignore[attr-defined]
            need = self.deal_needs(prepared, n)
            rows.append({"players": n, "hand": max(need.hands, default=0),
                         "more": ", ".join(f"{k} {what}" for k, what in need.more),
                         "left": self.pack_size(prepared) - need.cards})
        return {"setup": rows}


def branching(results: list[Result]) -> list[Finding]:
    """The mean number of actions open at a decision (of two or more), as CardStock and Ludii
    report a game's branching: a measure of how much choice a player has."""
    decisions = sum(r.extra.get("decisions", 0) for r in results)
    choices = sum(r.extra.get("choices", 0) for r in results)
    if not decisions:
        return []
    return [Finding("info", f"branching: {choices / decisions:.2f} choices per decision on average "
                            f"({decisions:,} decisions of two or more actions)", round(choices / decisions, 3))]


def stuck(results: list[Result]) -> list[Finding]:
    """Games stopped in a loop past its max, by the loop's place in the game file."""
    found: dict[str, int] = {}
    for r in results:
        if r.extra.get("stuck"):
            found[r.extra["stuck"]] = found.get(r.extra["stuck"], 0) + 1
    return [Finding("warning", f"{count:,} of {len(results):,} games were stopped in the loop at {where}: "
                               "it passed its max rounds", count) for where, count in sorted(found.items())]


def strong_verdicts(results: list[Result], names: list[str]) -> list[tuple[str, Verdict]]:
    """Per card put to use (each copy of a name apart): how often its user (the seat that put it to
    use) won, against a band of the users of all cards' rate plus STRONG_MARGIN."""
    done = [r for r in results if not r.timed_out]
    used = [0] * len(names)
    won = [0] * len(names)
    for r in done:
        mask, wins = r.used, r.extra.get("won_with", 0)
        for k in range(len(names)):
            if mask >> k & 1:
                used[k] += 1
                if wins >> k & 1:
                    won[k] += 1
    total_used, total_won = sum(used), sum(won)
    if not total_used:
        return []
    reference = total_won / total_used
    band = (0.0, min(1.0, reference + STRONG_MARGIN))
    margin = f"the {pct(reference)} % of any card's user, plus 10 points"
    return [(name, decide(won[k], used[k], band, reference, margin)) for k, name in enumerate(names) if used[k]]


def strong_cards(results: list[Result], names: list[str], players: int) -> list[Finding]:
    """A card whose user (the seat that put it to use) won clearly more often than the users of the
    cards overall: its rate against a band of the overall rate plus STRONG_MARGIN."""
    verdicts = strong_verdicts(results, names)
    out, open_ = [], []
    for name, v in verdicts:
        found = verdict_finding(v, f"{players} players: the player who used '{name}' won {pct(v.rate)} % of the "
                                   f"{v.trials:,} games it was used ({v.interval_words()})",
                                "a strong card", about="card", topic=("strong", name))
        if found is not None and found.level == WARNING:
            out.append(found)
        elif found is not None:
            open_.append((v.rate, name, found))
    if open_:
        # many cards near the edge are one question (are there strong cards?), said once: the card
        # nearest to being strong names it, and its verdict asks for the further games
        open_.sort(key=lambda item: (-item[0], item[1]))
        rate, name, found = open_[0]
        others = f" and {len(open_) - 1} other card{'s' if len(open_) > 2 else ''}" if len(open_) > 1 else ""
        found.message = found.message.replace(f"the player who used '{name}'",
                                              f"the player who used '{name}'{others} (the highest shown)", 1)
        out.append(found)
    return out
