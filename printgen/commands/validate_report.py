"""The report of `printgen validate`: the readable text and the JSON figures file.

Why apart from the run (printgen.commands.validate): what is played and judged changes with the
games and the verdicts, how it is said changes with what designers ask to read.
"""

from __future__ import annotations

from typing import Any

from printgen.commands.readings import readings, readings_line
from printgen.commands.validate import Section, ValidateOptions, exit_status, format_option
from printgen.commands.validate_bots import bots_words, search_budget, seat_names
from printgen.commands.validate_skill import skill_json, skill_lines, skill_method
from printgen.sim.metrics import DEAD_WARN, MIN_GAMES, SEAT_MARGIN, TIMEOUT_WARN, histogram, mixed_seats
from printgen.sim.stats import format_p
from printgen.sim.verdicts import ALPHA, UNDECIDED, pct, z_for


def to_json(sections: list[Section], deck, opts: ValidateOptions) -> dict[str, Any]:
    def clean(summary: dict[str, Any]) -> dict[str, Any]:
        out = {k: v for k, v in summary.items() if k != "lengths"}
        out["length_histogram"] = histogram(summary["lengths"])
        return out

    return {
        "deck": deck.key,
        "games_per_count": opts.games,
        "seed": opts.seed,
        "bots": opts.bots if opts.seats is None else None,
        "seats": seat_names(opts.seats) if opts.seats is not None else None,
        "budget": search_budget(opts.bots, opts.budget, opts.seats),
        "options": opts.options,
        "sections": [{
            "game": s.game, "variant": s.variant, "players": s.counts, "length_unit": s.unit,
            "setup": {str(n): {"options": u.options, "from": u.source} for n, u in s.setups.items()},
            "static_checks": {str(n): [f.__dict__ for f in fs] for n, fs in s.static.items()},
            "results": {str(n): clean(summary) for n, summary in s.summaries.items()},
            "findings": {str(n): [f.__dict__ for f in fs] for n, fs in s.findings.items()},
            "warnings": [f.__dict__ for f in s.warnings],
            "advice": s.advice,
            "readings": {str(n): [r.__dict__ for r in readings(s.game, s.variant, u.options, s.declared)]
                         for n, u in s.setups.items()},
            "skill": skill_json(s.skill),
        } for s in sections],
        "method": method(opts),
        "skill": skill_method(opts),
        "status": exit_status(sections),
    }


def _more(sections: list[Section], opts: ValidateOptions) -> str:
    """What the header promises beyond --games: further looks only where they can happen (a run of
    fewer games than can judge a seat or card is a smoke test and looks no further)."""
    if opts.games < MIN_GAMES:
        return f"; too few to judge a seat or card (that takes {MIN_GAMES}), so no more are played"
    cap = _cap(sections, opts)
    return f"; more (up to {cap:,}) where a finding was undecided" if cap > opts.games else ""


def report(sections: list[Section], deck, opts: ValidateOptions) -> str:
    """The readable report: a table per game and variant, then advice and warnings."""
    who = bots_words(opts.bots, opts.budget, opts.seats)
    lines = [f"Deck '{deck.key}': {opts.games:,} games per player count, seed {opts.seed}, {who}"
             + _more(sections, opts)]
    for s in sections:
        unit = s.unit
        lines += ["", f"== {s.game} ({s.variant}) ==",
                  f"{'players':>7} {'games':>7} {'ended':>7} {'timeouts':>8} {'draws':>6} "
                  f"{unit + ' mean ± sd':>17} {'p95':>6} "
                  f"{'hand':>5} {'balance':>7} {'seats p':>7}  seat wins (fair share)"]
        mixed = False
        for n in s.counts:
            m = s.summaries[n]
            bots = m.get("seat_bots") or []
            if mixed_seats(bots):     # each seat's share is its bot's: labelled, and not measured against the others
                mixed = True
                seats = " ".join(f"{x:.0%} {b}" for x, b in zip(m["seat_win_rate"], bots))
                balance, seats_p = "-", "-"
            else:
                seats = " ".join(f"{x:.0%}" for x in m["seat_win_rate"])
                balance, seats_p = f"{m['balance']:.1%}", format_p(m["seat_chi2"]["p"])
            lines.append(f"{n:>7} {m['games']:>7,} {m['completion_rate']:>7.1%} {m['timeout_rate']:>8.1%} "
                         f"{m['draw_rate']:>6.1%} "
                         f"{m['length']['mean']:>9.1f} ± {m['length']['stdev']:<5.1f} {m['length']['p95']:>6.1f} "
                         f"{m['start_hand']['mean']:>5.1f} {balance:>7} {seats_p:>7}  "
                         f"{seats} ({m['fair_share']:.0%})")
        lines += _looks_lines(s, opts)
        lines.append(f"   length in {unit}" + (f" ({s.note})" if s.note else "") + "; hand is the starting hand "
                     "size; balance is how far the luckiest or unluckiest seat is from a fair share; seats p is "
                     "the chance of seat differences this large if every seat were equal (chi-square)")
        lines += _bots_lines(s)
        if mixed:
            lines.append("   seat wins are labelled with the bot that played the seat: with different bots in "
                         "different seats they measure the bots, not the deck, so no seat is judged")
        for n in s.counts:
            used = s.setups.get(n)
            if used is not None and used.options:
                shown = " ".join(format_option(k, v) for k, v in used.options.items())
                lines.append(f"   setup, {n} players ({used.source}): {shown}")
        lines += _readings_lines(s)
        worst = _most_dead(s) if s.summaries[s.counts[-1]]["games"] >= MIN_GAMES else ""
        if worst:
            lines.append("   most often dead (held but never used): " + worst)
        groups = _groups(s) if worst else ""
        if groups:
            lines.append("   dead rate by group: " + groups)
        infos = sorted({f.message for fs in s.static.values() for f in fs if f.level == "info"})
        for message in infos:
            lines.append(f"   note: {message}")
        for n, found in s.findings.items():
            for finding in found:
                if finding.level == "info":
                    lines.append(f"   {n} players: {finding.message}" if len(s.counts) > 1 else f"   {finding.message}")
        for tip in s.advice:
            lines.append(f"   advice: {tip}")
        for finding in s.warnings:
            lines.append(f"   {finding.level}: {finding.message}")
        lines += skill_lines(s.skill)
    lines += _shipped_note(deck, "\n".join(lines))
    lines += ["", _method(sections, opts), "", _result(sections)]
    return "\n".join(lines)


def _cap(sections: list[Section], opts: ValidateOptions) -> int:
    caps = [m["looks"]["cap"] for s in sections for m in s.summaries.values() if "looks" in m]
    return max(caps, default=opts.games)


def _looks_lines(s: Section, opts: ValidateOptions) -> list[str]:
    """The player counts that were played further because a finding was undecided."""
    more = [(n, m["looks"]) for n, m in s.summaries.items() if m.get("looks", {}).get("looks", 1) > 1]
    if not more:
        return []
    said = ", ".join(f"{n} players {look['games']:,} ({look['looks']} looks)" for n, look in more)
    return [f"   played further while a finding was undecided: {said}"]


def method(opts: ValidateOptions) -> dict[str, Any]:
    """How this run decided its findings, for the report's last lines and the JSON."""
    return {"alpha": ALPHA, "looks": opts.looks, "z": round(z_for(ALPHA / opts.looks), 4),
            "confidence": 1 - ALPHA / opts.looks, "seat_margin": SEAT_MARGIN, "dead_band": [0.0, DEAD_WARN],
            "timeout_band": [0.0, TIMEOUT_WARN]}


def _method(sections: list[Section], opts: ValidateOptions) -> str:
    """How the findings were decided, once per report."""
    m = method(opts)
    looks = (f"While a finding is undecided its player count is played again with twice the games, up to "
             f"{m['looks']} looks ({_cap(sections, opts):,} games); the interval is widened for every look, so"
             if m["looks"] > 1 else "With --looks 1 no further games are played, and")
    return (f"how findings are decided: each rate's {m['confidence'] * 100:g} % interval (Wilson, z = {m['z']:.2f}) "
            f"against its band of acceptable values: a warning when the interval lies beyond the band, undecided "
            f"when it reaches both sides of an edge, nothing when it lies inside. {looks} a decided finding is "
            f"wrong at most 1 time in {round(1 / ALPHA):,}. An undecided finding does not fail the deck.")


def _result(sections: list[Section]) -> str:
    """'Result: 1 warning, 2 undecided (exit status 1)'."""
    warned = sum(1 for s in sections for f in s.warnings if f.level != UNDECIDED)
    open_ = sum(1 for s in sections for f in s.warnings if f.level == UNDECIDED)
    parts = [f"{warned} warning{'s' if warned != 1 else ''}"] if warned else []
    if open_:
        parts.append(f"{open_} undecided (the games could not tell {'them' if open_ > 1 else 'it'} from the edge of "
                     f"{'their bands' if open_ > 1 else 'its band'}: a larger --games looks further)")
    said = ", ".join(parts) if parts else "passes"
    if not warned and open_:
        said = "passes, with " + said
    return f"Result: {said} (exit status {exit_status(sections)})"


def _bots_lines(s: Section) -> list[str]:
    """How each kind of bot did, when different kinds played (their seats turning round the table,
    so this is the bots' measure and the seat columns stay the deck's)."""
    out = []
    for n in s.counts:
        rates = s.summaries[n].get("bot_win_rate")
        if rates:
            said = "; ".join(_bot_said(kind, r) for kind, r in rates.items())
            prefix = f"{n} players: " if len(s.counts) > 1 else ""
            out.append(f"   {prefix}wins by bot (each in every seat in turn): {said}")
    return out


def _bot_said(kind: str, rate: dict[str, Any]) -> str:
    """'search:100 64 % of the 200 seats it played (99 % interval 55-72 %): more than its fair
    share (fine is 37.5 to 62.5 %: ...)', the verdict as summary["bot_win_rate"] keeps it."""
    from printgen.sim.metrics import bot_words
    from printgen.sim.verdicts import Verdict

    v = rate.get("verdict")
    if v is None:
        return f"{kind} {rate['win_rate']:.0%} of the {rate['played']:,} seats it played"
    verdict = Verdict(v["successes"], v["trials"], v["interval"][0], v["interval"][1], tuple(v["band"]),
                      v["decision"], v["reference"], v["margin"], v["z"])
    return (f"{kind} {pct(verdict.rate)} % of the {rate['played']:,} seats it played ({verdict.interval_words()}): "
            f"{bot_words(verdict)}, fine being {verdict.band_words()}")


def _shipped_note(deck, text: str) -> list[str]:
    """Advice that names lines of a deck's file, when the deck is one printgen ships: those lines
    are to be changed in the user's own copy, never in printgen's (an update would replace it)."""
    from printgen.editing.copying import copy_command, is_shipped
    from printgen.files.paths import DECK_FILE

    if not is_shipped(deck.folder) or DECK_FILE not in text:
        return []
    return ["", f"note: the {DECK_FILE} lines named above are those of the deck that comes with printgen, which "
                f"printgen never changes: to try a change, make your own copy ({copy_command(deck.folder.name)}) "
                f"and edit its {DECK_FILE}, at the same lines"]


def _readings_lines(s: Section) -> list[str]:
    """Which reading of each open rule the games were played with (the rule sheet says it in words
    only): one line, or one per player count when the counts were played differently."""
    said = {n: readings_line(readings(s.game, s.variant, s.setups[n].options if n in s.setups else {},
                                             s.declared))
            for n in s.counts}
    if len(set(said.values())) == 1:
        line = next(iter(said.values()), "")
        return [f"   {line}"] if line else []
    return [f"   {n} players: {line}" for n, line in said.items() if line]


def _most_dead(s: Section) -> str:
    n = s.counts[-1]
    rates = s.summaries[n]["dead_rate_by_card"]
    top = sorted(rates.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    return ", ".join(f"{name} {rate:.0%}" for name, rate in top) + f" (at {n} players)" if top else ""


def _groups(s: Section) -> str:
    n = s.counts[-1]
    rates = s.summaries[n]["dead_rate_by_group"]
    return ", ".join(f"{g} {r:.0%}" for g, r in rates.items()) + f" (at {n} players)" if rates else ""
