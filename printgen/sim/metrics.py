"""From game results to the figures a designer reads, and warnings in plain words.

Shared by every game: completion and timeouts, draws, game length in the game's own unit
(turns, picks: what players count), its mean, spread and 95th percentile, win rate by seat with
its 95 % interval, balance, starting hand sizes, and how often each card (and each group of
cards) is 'dead': held by a player but never put to use in that game.

A warning is a claim about the game, not about the luck of the seeded games: each judged rate
(a seat's share of the wins, a card's dead rate, the timeouts) is decided by its interval against a
band of acceptable values (printgen.sim.verdicts): a warning when the interval lies beyond the band,
undecided when it straddles an edge (validate then plays more games), nothing when it lies inside.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from printgen.sim.report import Finding, Result
from printgen.sim.stats import Z95, seat_chi2, wilson
from printgen.sim.verdicts import FINE, WARNING, Verdict, decide, pct

# The bands behind the warnings (printgen.sim.verdicts decides each rate against its band).
TIMEOUT_WARN = 0.01        # at most 1 % of games may hit the step cap
SEAT_MARGIN = 0.25         # a seat may win up to a quarter more or less than its fair share
SEAT_MARGIN_WORDS = "a quarter"
DEAD_WARN = 0.90           # a card (or group) may be held in vain in at most 90 % of the games it is held
# Below this many games per player count no seat or card is judged: the 95 % interval of a win rate
# near a half is then wider than +-10 points, as wide as the differences the warnings look for.
JUDGE_HALF_WIDTH = 0.10
MIN_GAMES = math.ceil((Z95 * 0.5 / JUDGE_HALF_WIDTH) ** 2)      # 97


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    position = (len(ordered) - 1) * q
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def histogram(values: Sequence[int], bins: int = 20, upper: float | None = None) -> dict[str, Any]:
    """Counts of whole-number values in at most `bins` equal bins of whole units, from the
    smallest value to the largest (or to `upper`: larger values are counted in "over", so a
    few very long games do not squash the rest into one bar). One value: one bin."""
    if not values:
        return {"edges": [], "counts": [], "over": 0}
    low, high = min(values), max(values)
    if upper is not None and upper < high:
        high = max(low, int(math.floor(upper)))
    width = max(1, -(-(high - low + 1) // bins))
    edges = list(range(low, high + 1, width)) + [low + width * (-(-(high - low + 1) // width))]
    counts = [0] * (len(edges) - 1)
    over = 0
    for v in values:
        if v > high:
            over += 1
        else:
            counts[(v - low) // width] += 1
    return {"edges": edges, "counts": counts, "over": over}


def name_counts(results: list[Result], card_names: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """For each card name, the games in which a copy of it was held, and of those the games in
    which no copy of it was used. By name, not by copy: two copies of a card are one card to a
    designer, and 'the games it is held' must count games."""
    masks: dict[str, int] = {}
    for i, name in enumerate(card_names):
        masks[name] = masks.get(name, 0) | 1 << i
    held_n = dict.fromkeys(masks, 0)
    dead_n = dict.fromkeys(masks, 0)
    for r in results:
        held, used = r.held, r.used
        for name, mask in masks.items():
            if held & mask:
                held_n[name] += 1
                if not used & mask:
                    dead_n[name] += 1
    return held_n, dead_n


def summarise(results: list[Result], card_names: list[str], card_groups: list[str],
              unit: str = "turns") -> dict[str, Any]:
    """Figures for one game, variant and player count; `unit` names what a game's length counts."""
    n = len(results)
    players = results[0].players if results else 0
    done = [r for r in results if not r.timed_out]
    lengths = [r.length for r in done]
    mean = sum(lengths) / len(lengths) if lengths else 0.0
    spread = math.sqrt(sum((x - mean) ** 2 for x in lengths) / len(lengths)) if lengths else 0.0
    wins = [0.0] * players
    for r in done:
        for seat in r.winners:
            wins[seat] += 1 / len(r.winners)
    seat_rates = [w / len(done) if done else 0.0 for w in wins]
    fair = 1 / players if players else 0.0
    chi2, chi2_p = seat_chi2(wins, len(done))
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
    held_by_name, dead_by_name = name_counts(done, card_names)
    groups: dict[str, list[int]] = {}
    for i, group in enumerate(card_groups):
        entry = groups.setdefault(group, [0, 0])
        entry[0] += held_counts[i]
        entry[1] += dead_counts[i]
    hands = [h for r in results for h in r.start_hands]
    out: dict[str, Any] = {
        "players": players,
        "games": n,
        "completed": len(done),
        "completion_rate": len(done) / n if n else 0.0,
        "timeout_rate": (n - len(done)) / n if n else 0.0,
        "draw_rate": sum(1 for r in done if len(r.winners) > 1) / len(done) if done else 0.0,
        "length": {"mean": round(mean, 2), "stdev": round(spread, 2), "p95": round(percentile(lengths, 0.95), 2),
                   "min": min(lengths, default=0), "max": max(lengths, default=0), "unit": unit},
        "lengths": lengths,
        "seat_wins": [round(w, 2) for w in wins],
        "seat_win_rate": [round(x, 4) for x in seat_rates],
        "seat_win_ci95": [[round(v, 4) for v in wilson(w, len(done))] for w in wins],
        "seat_verdicts": [],      # filled in below, from the figures above
        "seat_chi2": {"statistic": round(chi2, 3), "df": max(0, players - 1), "p": chi2_p},
        "fair_share": round(fair, 4),
        "balance": round(max((abs(x - fair) for x in seat_rates), default=0.0), 4),
        "start_hand": {"mean": round(sum(hands) / len(hands), 2) if hands else 0.0,
                       "min": min(hands, default=0), "max": max(hands, default=0)},
        "dead_rate_by_card": {name: round(dead_by_name[name] / held, 4) for name, held in held_by_name.items() if held},
        "held_by_card": held_by_name,
        "dead_by_card": dead_by_name,         # the counts behind each rate, so its interval can be recomputed
        "dead_rate_by_group": {g: round(d / h, 4) for g, (h, d) in groups.items() if h},
        "dead_by_group": {g: [h, d] for g, (h, d) in groups.items() if h},     # [held, dead] behind each rate
        "group_by_card": dict(zip(card_names, card_groups)),
    }
    out["seat_verdicts"] = [v.as_dict() for v in seat_verdicts(out)]
    return out


def _pct(x: float) -> str:
    return f"{x * 100:.0f}"


def seat_verdicts(summary: dict[str, Any]) -> list[Verdict]:
    """Each seat's share of the won games against its band: the fair share, give or take
    SEAT_MARGIN of it (a shared win counts as a share)."""
    fair = summary["fair_share"]
    band = (fair * (1 - SEAT_MARGIN), fair * (1 + SEAT_MARGIN))
    margin = f"a fair {pct(fair)} %, give or take {SEAT_MARGIN_WORDS} of it"
    return [decide(wins, summary["completed"], band, fair, margin) for wins in summary["seat_wins"]]


def bot_verdict(wins: float, played: int, fair: float) -> Verdict:
    """One kind of bot's share of the wins over the seats it played (its seats turning round the
    table) against the band a seat's share is judged by: its fair share, give or take SEAT_MARGIN
    of it. Above the band, that kind of play pays (a search player among greedy ones: searching
    pays); below it, it costs; inside it, the kinds cannot be told apart at this margin."""
    band = (fair * (1 - SEAT_MARGIN), fair * (1 + SEAT_MARGIN))
    return decide(wins, played, band, fair, f"a fair {pct(fair)} %, give or take {SEAT_MARGIN_WORDS} of it")


def bot_words(v: Verdict) -> str:
    """'more than its fair share', 'less than its fair share', 'within its fair share', or undecided."""
    if v.decision == WARNING:
        return f"{'more' if v.lean > 0 else 'less'} than its fair share"
    return "within its fair share" if v.decision == FINE else "undecided: " + _undecided(v)


def _said(v: Verdict, unit: str = "games") -> str:
    """'36 % of 1,950 games (99.8 % interval 32-39 %)'."""
    return f"{pct(v.rate)} % of {v.trials:,} {unit} ({v.interval_words()})"


def _undecided(v: Verdict) -> str:
    edge = v.band[1] if v.high > v.band[1] else v.band[0]
    return f"the interval reaches both sides of the band's edge at {pct(edge)} %"


def verdict_finding(v: Verdict, text: str, beyond: str, about: str = "", topic: tuple[Any, ...] = ()
                    ) -> Finding | None:
    """The finding a verdict makes: a warning (`beyond` says what it means), an undecided line, or
    nothing when the rate is inside its band. `text` states the rate; the band follows it."""
    if v.decision == FINE:
        return None
    said = f"{text}; fine is {v.band_words()}"
    said += f": {beyond}" if v.decision == WARNING else f": {_undecided(v)}"
    return Finding(v.decision, said, v.rate, about=about, topic=topic, verdict=v.as_dict())


def seat_findings(summary: dict[str, Any]) -> list[Finding]:
    """A warning for each seat whose share of the wins lies beyond its band, an undecided line for
    each seat whose interval straddles an edge."""
    p = summary["players"]
    out = []
    for seat, v in enumerate(seat_verdicts(summary)):
        side = "more" if v.lean > 0 else "less"
        found = verdict_finding(v, f"{p} players: seat {seat + 1} wins {_said(v)}",
                                f"it wins clearly {side} than its share", about="seat", topic=("seat", p, seat))
        if found is not None:
            out.append(found)
    return out


def dead_findings(summary: dict[str, Any]) -> list[Finding]:
    """Cards (or whole groups) held in vain in more than DEAD_WARN of the games they are held."""
    p = summary["players"]
    out: list[Finding] = []
    held_by_card = summary["held_by_card"]
    group_of = summary["group_by_card"]
    band = (0.0, DEAD_WARN)
    groups = {group: decide(dead, held, band) for group, (held, dead) in summary["dead_by_group"].items()}
    for card in summary["dead_rate_by_card"]:
        if groups.get(group_of.get(card, "")) is not None and groups[group_of[card]].decision == WARNING:
            continue    # said once for the whole group below
        held = held_by_card[card]
        v = decide(summary["dead_by_card"][card], held, band)
        found = verdict_finding(v, f"{p} players: '{card}' is held but never used in {pct(v.rate)} % of the {held:,} "
                                   f"games it is held ({v.interval_words()})",
                                "it is nearly always dead", about="card", topic=("dead", card))
        if found is not None:
            out.append(found)
    for group, v in groups.items():
        found = verdict_finding(v, f"{p} players: the cards of {group} are held in vain {_said(v, 'holdings')}",
                                "the whole group is nearly always dead", about="card", topic=("dead group", group))
        if found is not None:
            out.append(found)
    return out


def findings(summary: dict[str, Any], good_hand: tuple[int, int] | None = (5, 12)) -> list[Finding]:
    """Warnings (and undecided lines) for one player count, each with the figure behind it."""
    p = summary["players"]
    out: list[Finding] = []
    timeouts = decide(summary["games"] - summary["completed"], summary["games"], (0.0, TIMEOUT_WARN))
    # a game file's loop stopped at its max is a timeout too (Game.stopped), and its report names the loop
    found = verdict_finding(timeouts, f"{p} players: {_said(timeouts)} never ended (they hit the step cap, or a "
                            "game file's loop its max)", "the game may loop", topic=("timeouts", p))
    if found is not None:
        out.append(found)
    if not mixed_seats(summary.get("seat_bots", ())):     # else each seat's share is its bot's, not the deck's
        out += seat_findings(summary)
    out += dead_findings(summary)
    hand = summary["start_hand"]
    if good_hand is not None and hand["mean"] and hand["mean"] < good_hand[0]:
        out.append(Finding("warning", f"{p} players: hands start with only {hand['mean']:g} cards on average "
                                      f"(this game plays best with {good_hand[0]} to {good_hand[1]})", hand["mean"]))
    if good_hand is not None and hand["mean"] > good_hand[1]:
        out.append(Finding("warning", f"{p} players: hands start with {hand['mean']:g} cards on average, which is "
                                      f"a lot to hold (this game plays best with {good_hand[0]} to {good_hand[1]})",
                           hand["mean"]))
    return out


def mixed_seats(bots: Sequence[str]) -> bool:
    """Do different kinds of bot sit in different seats? Then a seat's share of wins is the bot's."""
    return len(set(bots)) > 1


def seat_bots_words(bots: Sequence[str]) -> str:
    """'seat 1 random, seats 2-3 greedy': who played each seat."""
    parts, start = [], 0
    for i in range(1, len(bots) + 1):
        if i == len(bots) or bots[i] != bots[start]:
            seats = f"seat {start + 1}" if i - start == 1 else f"seats {start + 1}-{i}"
            parts.append(f"{seats} {bots[start]}")
            start = i
    return ", ".join(parts)


def judge(found: list[Finding], games: int, bots: Sequence[str]) -> list[Finding]:
    """What of one player count's findings the games can carry. Below MIN_GAMES no finding about
    one seat or card is kept, and a warning says so (a tiny run must not pass). With different
    bots in different seats a seat finding compares the bots, so it stays as information, saying
    who played each seat, and never warns."""
    if games < MIN_GAMES:
        kept = [f for f in found if f.about not in ("seat", "card")]
        return kept + [too_few(games)]
    if not mixed_seats(bots):
        return list(found)
    note = (f"seats play with different bots ({seat_bots_words(bots)}), "
            "so this compares the bots, not the deck's seats: ")
    return [Finding("info", note + f.message, f.figure, f.about) if f.about == "seat" else f for f in found]


def too_few(games: int) -> Finding:
    return Finding("warning", f"too few games to judge ({games:,}; at least {MIN_GAMES} needed): below that the 95 % "
                              f"interval of a win rate is wider than +-{JUDGE_HALF_WIDTH * 100:.0f} points, so no "
                              f"seat or card is judged; play more with --games", games)
