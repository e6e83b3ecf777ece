"""`printgen validate`: static checks plus simulated play for one deck, as a report.

Exit status: 0 when the deck passes, 1 when there are warnings (a print can be gated on it),
2 on errors such as a broken deck file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from printgen.errors import UserError
from printgen.sim.engine import Finding
from printgen.sim.metrics import findings as metric_findings
from printgen.sim.metrics import summarise
from printgen.sim.runner import batches, chunk_size, execute


@dataclass
class ValidateOptions:
    game: str | None = None
    variant: str | None = None
    players: str | None = None
    games: int = 2000
    seed: int = 1
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    bots: str = "greedy"
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class Section:
    """One game and variant."""

    game: str
    variant: str
    counts: list[int]
    static: dict[int, list[Finding]]
    summaries: dict[int, dict[str, Any]]
    warnings: list[Finding]
    advice: list[str]


def parse_players(text: str | None, supported: tuple[int, ...]) -> list[int]:
    if text is None:
        return list(supported)
    try:
        if "-" in text:
            low, high = (int(v) for v in text.split("-", 1))
            wanted = list(range(low, high + 1))
        else:
            wanted = [int(text)]
    except ValueError:
        raise UserError(f"--players '{text}' should be a number or a range like 3-5") from None
    bad = [n for n in wanted if n not in supported]
    if bad or not wanted:
        raise UserError(f"this game cannot be played by {', '.join(map(str, bad)) or text} players",
                        hint="supported: " + ", ".join(map(str, supported)))
    return wanted


def parse_option(text: str) -> tuple[str, Any]:
    """KEY=VALUE; numbers become numbers, commas make a list (houses=Tudor,Stuart)."""
    if "=" not in text:
        raise UserError(f"--option '{text}' should look like KEY=VALUE", hint="for example houses=Tudor,Stuart")
    key, value = text.split("=", 1)
    def convert(v: str) -> Any:
        v = v.strip()
        for kind in (int, float):
            try:
                return kind(v)
            except ValueError:
                pass
        return v
    return key.strip(), [convert(v) for v in value.split(",")] if "," in value else convert(value)


def validate(deck_ref: str, opts: ValidateOptions, tick_factory: Callable[[str, int], Callable[[int], None]] | None = None
             ) -> tuple[list[Section], Any]:
    from printgen.load import load_deck
    from printgen.sim.games import get_game

    deck = load_deck(deck_ref)
    names = [opts.game] if opts.game else list(deck.games)
    if not names:
        raise UserError(f"the deck '{deck.key}' names no game to simulate", hint="add 'games: [name]' to its deck.yaml, or pass --game")
    if opts.bots not in ("greedy", "random", "mixed"):
        raise UserError(f"unknown bots '{opts.bots}'", hint="use greedy, random or mixed")
    if opts.games < 1:
        raise UserError("--games must be at least 1")
    sections = []
    for name in names:
        game = get_game(name)
        variants = [opts.variant] if opts.variant else list(game.variants)
        for variant in variants:
            if variant not in game.variants:
                raise UserError(f"the game '{name}' has no variant '{variant}'", hint="variants: " + ", ".join(game.variants))
            prepared = game.prepare(deck, variant, dict(opts.options))
            counts = parse_players(opts.players, game.player_counts(prepared))
            static = {n: game.static_checks(prepared, n) for n in counts}
            summaries, warnings = {}, []
            for n in counts:
                bots = _bots(opts.bots, n)
                work = batches(name, variant, str(deck.folder), opts.options, n, opts.games, opts.seed, bots,
                               chunk_size(opts.games, opts.workers))
                tick = tick_factory(f"{name} {variant}, {n} players", opts.games) if tick_factory else None
                results = execute(work, opts.workers, opts.backend, tick, opts.address)
                summary = summarise(results, game.card_names(prepared), game.card_groups(prepared))
                summaries[n] = summary
                warnings += [f for f in static[n] if f.level != "info"] + metric_findings(summary, game.good_hand)
            sections.append(Section(name, variant, counts, static, summaries, merge(warnings),
                                    game.advice(prepared, counts)))
    return sections, deck


_PER_COUNT = re.compile(r"^(\d+) players: (.*)$", re.S)


def merge(findings: list[Finding]) -> list[Finding]:
    """One line per distinct warning: the same text for several player counts is said once,
    naming the counts; the figure kept is the largest."""
    merged: dict[str, list] = {}
    for finding in findings:
        match = _PER_COUNT.match(finding.message)
        key, count = (match.group(2), int(match.group(1))) if match else (finding.message, None)
        entry = merged.setdefault(key, [finding, []])
        if count is not None and count not in entry[1]:
            entry[1].append(count)
        if isinstance(finding.figure, (int, float)) and isinstance(entry[0].figure, (int, float)):
            if finding.figure > entry[0].figure:
                entry[0] = Finding(entry[0].level, entry[0].message, finding.figure)
    out = []
    for text, (finding, counts) in merged.items():
        if counts:
            names = ", ".join(map(str, counts[:-1])) + (" and " if len(counts) > 1 else "") + str(counts[-1])
            text = f"{names} players: {text}"
        out.append(Finding(finding.level, text, finding.figure))
    return out


def _bots(kind: str, players: int) -> tuple[str, ...]:
    if kind == "mixed":   # one careless player among careful ones
        return ("random",) + ("greedy",) * (players - 1)
    return (kind,) * players


def exit_status(sections: list[Section]) -> int:
    return 1 if any(s.warnings for s in sections) else 0


def to_json(sections: list[Section], deck, opts: ValidateOptions) -> dict[str, Any]:
    def clean(summary: dict[str, Any]) -> dict[str, Any]:
        out = {k: v for k, v in summary.items() if k not in ("lengths", "held_by_card")}
        out["length_histogram"] = histogram(summary["lengths"])
        return out

    return {
        "deck": deck.key,
        "games_per_count": opts.games,
        "seed": opts.seed,
        "bots": opts.bots,
        "options": opts.options,
        "sections": [{
            "game": s.game, "variant": s.variant, "players": s.counts,
            "static_checks": {str(n): [f.__dict__ for f in fs] for n, fs in s.static.items()},
            "results": {str(n): clean(summary) for n, summary in s.summaries.items()},
            "warnings": [f.__dict__ for f in s.warnings],
            "advice": s.advice,
        } for s in sections],
        "status": exit_status(sections),
    }


def histogram(values: list[int], bins: int = 20) -> dict[str, list]:
    if not values:
        return {"edges": [], "counts": []}
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // bins))
    edges = list(range(low, high + width + 1, width))
    counts = [0] * (len(edges) - 1)
    for v in values:
        counts[min((v - low) // width, len(counts) - 1)] += 1
    return {"edges": edges, "counts": counts}


def report(sections: list[Section], deck, opts: ValidateOptions) -> str:
    """The readable report: a table per game and variant, then advice and warnings."""
    who = {"mixed": "mixed bots (seat 1 plays at random, the others greedily)"}.get(opts.bots, f"{opts.bots} bots")
    lines = [f"Deck '{deck.key}': {opts.games} games per player count, seed {opts.seed}, {who}"]
    for s in sections:
        lines += ["", f"== {s.game} ({s.variant}) ==",
                  f"{'players':>7} {'ended':>7} {'timeouts':>8} {'draws':>6} {'length mean ± sd':>17} {'p95':>6} "
                  f"{'hand':>5} {'balance':>7}  seat wins (fair share)"]
        for n in s.counts:
            m = s.summaries[n]
            seats = " ".join(f"{x:.0%}" for x in m["seat_win_rate"])
            lines.append(f"{n:>7} {m['completion_rate']:>7.1%} {m['timeout_rate']:>8.1%} {m['draw_rate']:>6.1%} "
                         f"{m['length']['mean']:>9.1f} ± {m['length']['stdev']:<5.1f} {m['length']['p95']:>6.1f} "
                         f"{m['start_hand']['mean']:>5.1f} {m['balance']:>7.1%}  {seats} ({m['fair_share']:.0%})")
        lines.append("   length is in steps (decisions); hand is the starting hand size; balance is how far the "
                     "luckiest or unluckiest seat is from a fair share")
        worst = _most_dead(s)
        if worst:
            lines.append("   most often dead (held but never used): " + worst)
        groups = _groups(s)
        if groups:
            lines.append("   dead rate by group: " + groups)
        infos = sorted({f.message for fs in s.static.values() for f in fs if f.level == "info"})
        for message in infos:
            lines.append(f"   note: {message}")
        for tip in s.advice:
            lines.append(f"   advice: {tip}" + (f" with --variant {s.variant}" if "option" in tip else ""))
        for finding in s.warnings:
            lines.append(f"   warning: {finding.message}")
    total = sum(len(s.warnings) for s in sections)
    lines += ["", f"Result: {'passes' if not total else f'{total} warning' + ('s' if total != 1 else '')} "
                  f"(exit status {exit_status(sections)})"]
    return "\n".join(lines)


def _most_dead(s: Section) -> str:
    n = s.counts[-1]
    rates = s.summaries[n]["dead_rate_by_card"]
    top = sorted(rates.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    return ", ".join(f"{name} {rate:.0%}" for name, rate in top) + f" (at {n} players)" if top else ""


def _groups(s: Section) -> str:
    n = s.counts[-1]
    rates = s.summaries[n]["dead_rate_by_group"]
    return ", ".join(f"{g} {r:.0%}" for g, r in rates.items()) + f" (at {n} players)" if rates else ""
