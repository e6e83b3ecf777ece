"""From game results to the figures a designer reads, and warnings in plain words.

Shared by every game: completion and timeouts, draws, game length (mean, spread, 95th
percentile), win rate by seat, balance, starting hand sizes, and how often each card (and each
group of cards) is 'dead': held by a player but never put to use in that game.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from printgen.sim.engine import Finding, Result

# Thresholds behind the warnings; each warning quotes the figure that crossed one.
TIMEOUT_WARN = 0.01        # more than 1 % of games hit the step cap
SEAT_WARN = 0.10           # a seat wins 10 points more (or less) than its fair share
DEAD_WARN = 0.90           # a card held but unused in 90 % of the games it was held
MIN_HELD = 20              # ... judged only for cards held in at least this many games


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    position = (len(ordered) - 1) * q
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summarise(results: list[Result], card_names: list[str], card_groups: list[str]) -> dict[str, Any]:
    """Figures for one game, variant and player count."""
    n = len(results)
    players = results[0].players if results else 0
    done = [r for r in results if not r.timed_out]
    lengths = [r.steps for r in done]
    mean = sum(lengths) / len(lengths) if lengths else 0.0
    spread = math.sqrt(sum((x - mean) ** 2 for x in lengths) / len(lengths)) if lengths else 0.0
    wins = [0.0] * players
    for r in done:
        for seat in r.winners:
            wins[seat] += 1 / len(r.winners)
    seat_rates = [w / len(done) if done else 0.0 for w in wins]
    fair = 1 / players if players else 0.0
    held_counts = [0] * len(card_names)
    dead_counts = [0] * len(card_names)
    for r in done:
        held, used = r.held, r.used
        for i in range(len(card_names)):
            bit = 1 << i
            if held & bit:
                held_counts[i] += 1
                if not used & bit:
                    dead_counts[i] += 1
    groups: dict[str, list[int]] = {}
    for i, group in enumerate(card_groups):
        entry = groups.setdefault(group, [0, 0])
        entry[0] += held_counts[i]
        entry[1] += dead_counts[i]
    hands = [h for r in results for h in r.start_hands]
    return {
        "players": players,
        "games": n,
        "completed": len(done),
        "completion_rate": len(done) / n if n else 0.0,
        "timeout_rate": (n - len(done)) / n if n else 0.0,
        "draw_rate": sum(1 for r in done if len(r.winners) > 1) / len(done) if done else 0.0,
        "length": {"mean": round(mean, 2), "stdev": round(spread, 2), "p95": round(percentile(lengths, 0.95), 2),
                   "min": min(lengths, default=0), "max": max(lengths, default=0), "unit": "steps"},
        "lengths": lengths,
        "seat_win_rate": [round(x, 4) for x in seat_rates],
        "fair_share": round(fair, 4),
        "balance": round(max((abs(x - fair) for x in seat_rates), default=0.0), 4),
        "start_hand": {"mean": round(sum(hands) / len(hands), 2) if hands else 0.0,
                       "min": min(hands, default=0), "max": max(hands, default=0)},
        "dead_rate_by_card": {card_names[i]: round(dead_counts[i] / held_counts[i], 4)
                              for i in range(len(card_names)) if held_counts[i]},
        "held_by_card": {card_names[i]: held_counts[i] for i in range(len(card_names))},
        "dead_rate_by_group": {g: round(d / h, 4) for g, (h, d) in groups.items() if h},
        "group_by_card": dict(zip(card_names, card_groups)),
    }


def findings(summary: dict[str, Any], good_hand: tuple[int, int] | None = (5, 12)) -> list[Finding]:
    """Warnings for one player count, each with the figure behind it."""
    p = summary["players"]
    out: list[Finding] = []
    if summary["timeout_rate"] > TIMEOUT_WARN:
        out.append(Finding("warning", f"{p} players: {summary['timeout_rate']:.1%} of games never ended (they hit the "
                                      f"step cap); the game may loop", summary["timeout_rate"]))
    fair = summary["fair_share"]
    for seat, rate in enumerate(summary["seat_win_rate"]):
        if abs(rate - fair) > SEAT_WARN:
            side = "more" if rate > fair else "less"
            out.append(Finding("warning", f"{p} players: seat {seat + 1} wins {rate:.0%} of games, {side} than the "
                                          f"fair share of {fair:.0%}", rate))
    dead_groups = {g for g, rate in summary["dead_rate_by_group"].items() if rate >= DEAD_WARN}
    for card, rate in summary["dead_rate_by_card"].items():
        if summary["group_by_card"].get(card) in dead_groups:
            continue    # said once for the whole group below
        if rate >= DEAD_WARN and summary["held_by_card"][card] >= MIN_HELD:
            out.append(Finding("warning", f"{p} players: '{card}' is dead in {rate:.0%} of the games it is held "
                                          f"(held but never used)", rate))
    for group, rate in summary["dead_rate_by_group"].items():
        if rate >= DEAD_WARN:
            out.append(Finding("warning", f"{p} players: the cards of {group} are dead {rate:.0%} of the time they "
                                          f"are held", rate))
    hand = summary["start_hand"]
    if good_hand is not None and hand["mean"] and hand["mean"] < good_hand[0]:
        out.append(Finding("warning", f"{p} players: hands start with only {hand['mean']:g} cards on average "
                                      f"(this game plays best with {good_hand[0]} to {good_hand[1]})", hand["mean"]))
    if good_hand is not None and hand["mean"] > good_hand[1]:
        out.append(Finding("warning", f"{p} players: hands start with {hand['mean']:g} cards on average, which is "
                                      f"a lot to hold (this game plays best with {good_hand[0]} to {good_hand[1]})",
                           hand["mean"]))
    return out
