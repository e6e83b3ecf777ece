"""What `printgen validate` says about L'Ombre and Tresillo beyond the shared figures: how each
hand ends for the Ombre (sacado, codillo, repuesto; per contract in Tresillo), how the stakes
grow from hand to hand, the first five tricks (stops, voles or bolas tried and made), estuches
and, in L'Ombre, games played without taking in."""

from __future__ import annotations

from typing import Any

from printgen.games.common.ombre.pack import ACTIVE, HAND, TALON, Prepared
from printgen.games.common.ombre.state import CONTRACT_NAMES, OUTCOMES, PLAY, SACADO, State
from printgen.games.common.tricks import follow, winner
from printgen.sim.metrics import percentile
from printgen.sim.report import Deal, Finding, Report, Result
from printgen.sim.stats import wilson
from printgen.sim.verdicts import FINE, WARNING, decide

GROWTH_WARN = 20            # the stakes of the last hand more than 20 times those of the first ...
GROWTH_SHARE = 0.05         # ... in more than 5 % of sessions: repuestos pile up without end


def _rate(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k / n:.1%} (95 % CI {low * 100:.1f}-{high * 100:.1f} %)" if n else "-"


def findings(results: list[Result], players: int, stakes: str, unit: str, five_word: str = "the vole",
             extra: Any = None) -> list[Finding]:
    """Info lines (and a warning when the stakes run away) for one player count's sessions."""
    done = [r for r in results if r.extra]
    if not done:
        return []
    out: list[Finding] = []
    hands = sum(r.extra["hands"] for r in done)
    played = hands - sum(r.extra["passed"] for r in done)
    by: dict[str, list[int]] = {}
    for r in done:
        for contract, row in r.extra["by"].items():
            total = by.setdefault(contract, [0, 0, 0])
            for i, k in enumerate(row):
                total[i] += k
    all_rows = [sum(row[i] for row in by.values()) for i in range(3)]
    if played:
        words = ", ".join(f"{name} {_rate(k, played)}" for name, k in zip(OUTCOMES, all_rows))
        out.append(Finding("info", f"of {played:,} hands played, the Ombre ends {words}",
                           dict(zip(OUTCOMES, all_rows))))
    if len(by) > 1 or (extra and extra.get("contracts")):
        for contract in sorted(by, key=lambda c: ("juego", "vuelta", "solo").index(c)):
            row = by[contract]
            n = sum(row)
            # each share with its interval: a contract seldom bid rests on few hands
            words = ", ".join(f"{name} {_rate(k, n)}" for name, k in zip(OUTCOMES, row))
            out.append(Finding("info", f"{contract}, bid in {n:,} of {played:,} hands ({n / played:.1%}): {words}",
                               {"hands": n, **dict(zip(OUTCOMES, row))}))
    passed = hands - played
    if passed:
        out.append(Finding("info", f"all three pass and the cards are dealt again in "
                                   f"{_rate(passed, hands)} of deals", passed))

    # the stakes, hand by hand
    length = min(len(r.extra["stakes"]) for r in done)
    if length:
        first = [r.extra["stakes"][0] for r in done]
        last = [r.extra["stakes"][length - 1] for r in done]
        mid = [r.extra["stakes"][length // 2] for r in done]
        largest = max(max(r.extra["stakes"]) for r in done)
        mean = lambda xs: sum(xs) / len(xs)       # noqa: E731
        out.append(Finding("info", f"the {stakes} holds {mean(first):.1f} {unit} at the first hand, "
                                   f"{mean(mid):.1f} on average at hand {length // 2 + 1} and {mean(last):.1f} at hand "
                                   f"{length} (95th percentile {percentile(last, 0.95):.0f}, largest seen {largest:,})",
                           {"first": round(mean(first), 2), "middle": round(mean(mid), 2), "last": round(mean(last), 2),
                            "last_p95": percentile(last, 0.95), "largest": largest}))
        base = max(mean(first), 1.0)
        grown = sum(1 for x in last if x > GROWTH_WARN * base)
        runaway = grown / len(done)
        verdict = decide(grown, len(done), (0.0, GROWTH_SHARE))
        if verdict.decision != FINE:
            said = (f"{players} players: in {runaway:.0%} of {len(done):,} sessions ({verdict.interval_words()}; "
                    f"fine is {verdict.band_words()}) the {stakes} at hand {length} holds more than {GROWTH_WARN} "
                    f"times its first stake")
            said += (": repuestos pile up" if verdict.decision == WARNING
                     else ": its interval reaches both sides of the band's edge")
            out.append(Finding(verdict.decision, said, runaway, topic=("runaway", players),
                               verdict=verdict.as_dict()))

    # first five tricks, estuche, sure games
    stops = sum(r.extra["five"][0] for r in done)
    tries = sum(r.extra["five"][1] for r in done)
    made = sum(r.extra["five"][2] for r in done)
    if played:
        out.append(Finding("info", f"a player takes the first five tricks and stops there in {_rate(stops, played)} "
                                   f"of hands; {five_word} is tried in {_rate(tries, played)} and made in "
                                   f"{_rate(made, played)}",
                           {"stopped": stops, "tried": tries, "made": made}))
        estuche = sum(r.extra["estuche"] for r in done)
        out.append(Finding("info", f"the Ombre holds all three matadors (estuche) in "
                                   f"{_rate(estuche, played)} of hands", estuche))
    sure = sum(r.extra["sure"][0] for r in done)
    if sure:
        won = sum(r.extra["sure"][1] for r in done)
        out.append(Finding("info", f"the Ombre plays without taking in in {_rate(sure, played)} of "
                                   f"hands and wins {won / sure:.0%} of those", {"sure": sure, "won": won}))
    return out


class OmbreReport(Report[Prepared, State]):
    """What validate measures of a session of L'Ombre or Tresillo: its tricks for a length, the
    cards held and those that took a trick, and each hand's contract and result."""

    good_hand = None            # nine cards a hand by the rules; a fourth Tresillo player holds none
    length_unit = "tricks"
    title: str                  # the game's, set by its class (L'Ombre, Tresillo): the report names it
    settings = {"hands": "a session's length"}     # every other option governs a situation (the games' own)

    def deal_needs(self, prepared: Prepared, players: int) -> Deal:
        """Three players are dealt a hand; with four, the dealer sits the hand out."""
        return Deal((HAND,) * ACTIVE + (0,) * (players - ACTIVE), ((TALON, "in the talon"),))

    def card_names(self, prepared: Prepared) -> list[str]:
        return list(prepared.names)

    def card_groups(self, prepared: Prepared) -> list[str]:
        return list(prepared.groups)

    def static_checks(self, prepared: Prepared, players: int) -> list[Finding]:
        out = [Finding("info", f"40 cards: 9 to each of the three players in a hand, 13 in the talon; a session is "
                               f"{prepared.options['hands']} hands, the stakes carried from hand to hand",
                       {"hand": HAND, "talon": TALON, "hands": prepared.options["hands"]})]
        if prepared.left_out:
            out.append(Finding("info", f"{len(prepared.left_out)} cards (the 8s and 9s) are left out: {self.title} is "
                                       f"played with the 40-card pack", len(prepared.left_out)))
        if players == 4:
            out.append(Finding("info", "4 players: the dealer sits each hand out", 4))
        return out

    def length(self, st: State) -> int:
        return st.tricks_total

    def hand_sizes(self, st: State) -> list[int]:
        return [len(h) for h in st.hand]

    def card_usage(self, st: State) -> tuple[int, int]:
        """held: every card a player held during the session; used: every card that took a trick.
        (Every card held is played or discarded, so 'played' would say nothing: a card dead here
        was held all session and never won a trick.)"""
        return st.held, st.used

    def playable(self, st: State) -> int:
        """A card is used by taking a trick, so the cards the player may play now that would hold
        the trick so far: any card led, and a card that beats every card on the table (a later
        player may still beat it; one that cannot beat them cannot take this trick). Bidding,
        naming trumps and exchanging put no card to use."""
        if st.phase != PLAY:
            return 0
        hand, trick = st.hand[st.actor], st.trick
        if not trick:
            return sum(1 << c for c in hand)
        suit, power = st.tsuit, st.tpower
        legal = follow(hand, trick[0], suit, power, st.tmatador, st.trumps, st.opts["privilege"])
        return sum(1 << c for c in legal if winner(trick + [c], suit, power, st.trumps) == len(trick))

    def result_extra(self, st: State) -> dict[str, Any]:
        """Per session: hands by contract and result, the stakes at the start of every hand, first
        five tricks (stops, tries for all nine, made), estuches, sure games; the game adds its own."""
        by: dict[str, list[int]] = {}
        five = [0, 0, 0]            # stopped, played on, made all nine
        estuche = sure = sure_won = passed = 0
        for contract, result, _, has_estuche, five_seat, made, stopped, was_sure in st.log:
            if contract == 0:
                passed += 1
                continue
            row = by.setdefault(CONTRACT_NAMES[contract], [0, 0, 0])
            row[OUTCOMES.index(result)] += 1
            estuche += has_estuche
            if was_sure:
                sure += 1
                sure_won += result == SACADO
            if stopped:
                five[0] += 1
            if five_seat >= 0:
                five[1] += 1
                five[2] += made
        return {"hands": len(st.log), "by": by, "stakes": list(st.hand_start), "five": five, "estuche": estuche,
                "sure": [sure, sure_won], "passed": passed, "arose": dict(st.arose), "occasions": len(st.log),
                **self.extra_figures(st)}

    def extra_figures(self, st: State) -> dict[str, Any]:
        return {}
