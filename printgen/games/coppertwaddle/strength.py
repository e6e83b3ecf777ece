"""How strong each Coppertwaddle card is, and when that is the deck's doing rather than the bots'.

A card's strength is the share of decided games won by the player who drew it, against the same
share over every card (the baseline: a drawn card's holder wins about half the decided games). It
is judged by its interval against a band around the baseline (printgen.sim.verdicts): a card whose
holder wins more than CARD_MARGIN above or below it, beyond the interval, is strong or weak with
the bots that played. Whether that is the card's doing or the bots' is asked of the same seeds
played by every other kind of bot: strong with each of them too, it is the deck's (a warning);
inside the band with another kind *and* clearly different from the first (the two intervals apart),
it is how the bots play it (said, not warned); anything in between is undecided. A dismissal needs a
difference as clear as a finding does.
"""

from __future__ import annotations

from typing import Any

from printgen.games.coppertwaddle.cards import KIND_NAMES, Prepared
from printgen.sim.report import Finding, Result
from printgen.sim.stats import wilson
from printgen.sim.verdicts import FINE, UNDECIDED, WARNING, Verdict, decide, differ, pct

CARD_MARGIN = 0.10        # a card's holder may win up to 10 points more or less than the baseline


def card_strength(results: list[Result], prep: Prepared) -> dict[str, dict[str, Any]]:
    """Per card name (copies together): in decided games, how often the player who drew it won,
    with the counts, the baseline and the verdict against the band around it."""
    holds: dict[str, int] = {}
    wins: dict[str, int] = {}
    for r in results:
        winner = r.extra.get("winner", -1) if not r.timed_out else -1
        if winner < 0:
            continue
        for seat, mask in enumerate(r.extra["drawn"]):
            c = 0
            while mask:
                if mask & 1:
                    name = prep.names[c]
                    holds[name] = holds.get(name, 0) + 1
                    if seat == winner:
                        wins[name] = wins.get(name, 0) + 1
                mask >>= 1
                c += 1
    all_holds = sum(holds.values())
    base = sum(wins.values()) / all_holds if all_holds else 0.5
    band = (base - CARD_MARGIN, base + CARD_MARGIN)
    margin = f"the baseline {pct(base)} %, give or take {CARD_MARGIN * 100:g} points"
    out = {}
    for name in dict.fromkeys(prep.names):
        n = holds.get(name, 0)
        w = wins.get(name, 0)
        low, high = wilson(w, n)
        verdict = decide(w, n, band, base, margin)
        out[name] = {"win_rate": round(w / n, 4) if n else None, "games": n, "wins": w,
                     "ci95": [round(low, 4), round(high, 4)], "baseline": round(base, 4),
                     "verdict": verdict.as_dict(), "kind": KIND_NAMES[prep.kind[prep.names.index(name)]]}
    return out


def strength_verdict(row: dict[str, Any]) -> Verdict:
    """The Verdict of one row of card_strength (kept there as its dict, for the JSON)."""
    v = row["verdict"]
    return Verdict(v["successes"], v["trials"], v["interval"][0], v["interval"][1], tuple(v["band"]),
                   v["decision"], v["reference"], v["margin"], v["z"])


def _figure(v: Verdict) -> str:
    return f"{pct(v.rate)} % of {v.trials:,} decided games ({v.interval_words()})"


def _short_of(o: Verdict, lean: int) -> bool:
    """Does the interval lie wholly on the near side of the band's edge `lean` points to?"""
    return o.high <= o.band[1] if lean > 0 else o.low >= o.band[0]


def strong_cards(results: list[Result], prep: Prepared) -> bool:
    """Is any card strong or weak with the bots that played (so other bots must play the seeds)?"""
    return any(row["verdict"]["decision"] == WARNING for row in card_strength(results, prep).values())


def card_findings(results: list[Result], prep: Prepared, other: list[Result] | dict[str, list[Result]] | None = None,
                  bots: str = "greedy", other_bots: str = "random") -> list[Finding]:
    """Per-card strength (an info line), and a finding for each card beyond or on the edge of its
    band. `other`: the same seeds played by other kinds of bot (one list, or kind -> games), which
    decide whether a card strong with `bots` is the deck's."""
    others = other if isinstance(other, dict) else ({other_bots: other} if other is not None else {})
    table = card_strength(results, prep)
    rated = {name: row for name, row in table.items() if row["games"]}
    if not rated:
        return []
    base = next(iter(rated.values()))["baseline"]
    order = sorted(rated, key=lambda name: -rated[name]["win_rate"])
    shown = lambda names: ", ".join(f"{n} {pct(rated[n]['win_rate'])} %" for n in names)   # noqa: E731
    out = [Finding("info", f"card strength with {bots} bots (share of decided games won by the player who drew "
                           f"the card; baseline {pct(base)} %): strongest {shown(order[:3])}; weakest "
                           f"{shown(order[-3:])}", table, about="card")]
    again = ({kind: card_strength(games, prep) for kind, games in others.items()}
             if any(strength_verdict(row).decision == WARNING for row in rated.values()) else {})
    for name in order:
        found = _card(prep, name, strength_verdict(rated[name]), rated[name]["kind"], bots, again)
        if found is not None:
            out.append(found)
    return out


def _card(prep: Prepared, name: str, v: Verdict, kind: str, bots: str,
          again: dict[str, dict[str, dict[str, Any]]]) -> Finding | None:
    """The finding about one card: nothing when its holder's share lies inside the band."""
    if v.decision == FINE:
        return None
    stated = f"'{name}': its holder wins {_figure(v)} with {bots} bots; fine is {v.band_words()}"
    figure: dict[str, Any] = {"card": name, bots: v.as_dict()}
    if v.decision == UNDECIDED:
        return Finding(UNDECIDED, f"{stated}: its interval reaches both sides of the band's edge", v.rate,
                       about="card", topic=("strength", name), verdict=v.as_dict())
    lean = v.lean
    if not again:
        return Finding("info", f"{stated}; not played again by another kind of bot (-O explain=no), so it may be "
                               f"the {bots} bots' play rather than the card: not reported as a property of the deck",
                       figure, about="card")
    checks = []
    for other, table in again.items():
        row = table.get(name)
        o = strength_verdict(row) if row and row["games"] else None
        figure[other] = o.as_dict() if o else None
        checks.append((other, o))
    with_other = "; ".join(f"with {other} bots {_figure(o)}, band {pct(o.band[0])} to {pct(o.band[1])} %"
                           if o else f"with {other} bots never drawn" for other, o in checks)
    word = "strong" if lean > 0 else "weak"
    if all(o is not None and o.decision == WARNING and o.lean == lean for _, o in checks):
        advice, tries = _advice(prep, name, kind, lean)
        text = f"{stated}; {with_other}: {word} whoever plays it, a property of the deck: {advice}"
        return Finding(WARNING, text, v.rate, about="card", tries=tries, topic=("strength", name),
                       verdict=v.as_dict())
    # not strong (or weak) with another kind of bot, beyond chance, and clearly apart from this figure
    if any(o is not None and _short_of(o, lean) and differ(v, o) for _, o in checks):
        return Finding("info", f"{stated}; {with_other}: not {word} with other bots, and clearly apart from the "
                               f"{bots} bots' figure, so how {word} it is depends on how it is played: the "
                               f"bots' play, not reported as a property of the deck (play it by hand to judge)",
                       figure, about="card")
    return Finding(UNDECIDED, f"{stated}; {with_other}: {word} with {bots} bots, and the other bots' figures neither "
                              f"confirm it nor clearly differ from it", v.rate, about="card",
                   topic=("strength", name), verdict=v.as_dict())


def _place(prep: Prepared, name: str, field_name: str) -> str:
    """' (file, line, card, field)' of a card's field in the deck file, or '' if not known."""
    where = getattr(prep, "places", {}).get(name, {}).get(field_name)
    return f" ({where.describe()})" if where is not None and where.file is not None else ""


def _advice(prep: Prepared, name: str, kind: str, lean: int) -> tuple[str, dict[str, Any] | None]:
    """What to change for a card found too strong (lean +1) or too weak (-1), and the game options
    that try it when an option can (validate prints the whole command). A Power or an ability is
    written in the deck file, which no command edits: the advice names the file, line and field."""
    if kind == "Wind":              # Power 0 and no ability: what a Wind does is the rules' doing
        if lean > 0:
            return "Winds do too much: use fewer of them in the deck file", None
        return "Winds do too little: let a lone Wind block its Ditch", {"wind_alone": "blocks"}
    def at(field_name: str) -> str:
        return _place(prep, name, field_name)
    index = prep.names.index(name)
    if kind in ("Noble", "Peasant"):
        power = prep.power[index]
        verb = "lower" if lean > 0 else "raise"
        text = f"{verb} its power, now {power}{at('power')}"
        if prep.spec[index] is not None:
            text += f", or {'weaken' if lean > 0 else 'strengthen'} its ability{at('ability')}"
    else:
        text = f"{'weaken' if lean > 0 else 'strengthen'} its effect{at('ability')}"
    origin = getattr(prep, "places", {}).get(name, {}).get("provenance")
    if origin is not None:                   # a value the original game gives is changed knowingly
        text += f"; mind its provenance, {origin.label or origin.name}: {origin.note}"
    return text, None
