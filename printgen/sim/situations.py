"""How often the situation each -O rule option governs arose in the games, and whether the
option changed any game.

Why: an option the bots never reach looks tested. `-O fail=five` in L'Ombre only matters when
the Ombre plays without taking in, which the greedy bots do in about one hand in a thousand, so
its report is the same as without it. A game declares per option the counter that measures its
situation (Report.situations, counted in Result.extra["arose"]); for each option given on the
command line the report says how often it arose and, when the value is not the rule sheet's,
replays the same seeds with the rule sheet's reading and counts the games whose result changed.
"""

from __future__ import annotations

from typing import Any

from printgen.sim.engine import Game
from printgen.sim.report import Finding, More, Report, Result
from printgen.sim.stats import wilson


def _same(a: Any, b: Any) -> bool:
    norm = lambda v: [str(x) for x in v] if isinstance(v, (list, tuple)) else str(v)     # noqa: E731
    return norm(a) == norm(b)


def arose(results: list[Result], counter: str) -> tuple[int, int]:
    """(occasions the situation arose, occasions in all) over the games."""
    return (sum(r.extra.get("arose", {}).get(counter, 0) for r in results),
            sum(r.extra.get("occasions", 1) for r in results))


def option_findings(game: Game[Any, Any], report: Report[Any, Any], results: list[Result], options: dict[str, Any],
                    given: dict[str, Any], more: More | None) -> list[Finding]:
    """An info line per option in `given` (the command line's) whose situation the game's report
    declares; the game's own declaration of the option gives the rule sheet's reading."""
    out: list[Finding] = []
    unit = report.situation_unit
    for key, value in given.items():
        if key not in report.situations:
            continue
        counter, words = report.situations[key]
        k, n = arose(results, counter)
        low, high = wilson(k, n)
        share = f"{k / n:.1%}, 95 % CI {low * 100:.1f}-{high * 100:.1f} %" if n else "-"
        figure: dict[str, Any] = {"option": key, "value": value, "arose": k, "of": n, "unit": unit}
        text = f"-O {key}={value} governs {words}: that arose in {k:,} of {n:,} {unit} ({share})"
        default = game.option_default(key)
        if default is not None and not _same(value, default) and more is not None:
            plain = more({**{o: v for o, v in options.items() if o != key}, key: default}, len(results))
            changed = sum(1 for a, b in zip(results, plain) if (a.scores, a.length) != (b.scores, b.length))
            figure.update(default=default, games_changed=changed)
            if changed == 0:
                text = (f"-O {key}={value}: the option changed nothing measurable: the situation it governs "
                        f"({words}) arose in {k:,} of {n:,} {unit}; every one of the {len(results):,} games "
                        f"ends as with {key}={default}")
            else:
                text += (f"; against {key}={default} (the rule sheet) it changed the result of {changed:,} of "
                         f"{len(results):,} games")
        elif k == 0:
            text += ": the games say nothing about this option"
        out.append(Finding("info", text, figure))
    return out
