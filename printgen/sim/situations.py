"""How often the situation each -O rule option governs arose in the games, and whether the
option changed any game.

Why: an option the bots never reach looks tested. `-O fail=five` in L'Ombre only matters when
the Ombre plays without taking in, which the greedy bots do in about one hand in a thousand, so
its report is the same as without it. A game declares per option the counter that measures its
situation (Report.situations, counted in Result.extra["arose"]); for each option given on the
command line the report says how often it arose and, when the value is not the rule sheet's,
replays the same seeds with the rule sheet's reading and counts the games whose result changed.
An option that shapes every game (Report.settings: the deal's size, a session's length) has no
situation to count; the report says it shaped every game, and compares it the same way.
"""

from __future__ import annotations

from typing import Any

from printgen.sim.engine import Game
from printgen.sim.options import shown
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
    """An info line per option in `given` (the command line's): how often the situation it governs
    arose (or that it shapes every game, for a setting), and, when its value is not the rule sheet's,
    in how many games it changed the result. The game's own declaration gives the rule sheet's reading."""
    out: list[Finding] = []
    for key, value in given.items():
        if key in report.situations:
            counter, words = report.situations[key]
            k, n = arose(results, counter)
            unit = report.situation_unit
            low, high = wilson(k, n)
            share = f"{k / n:.1%}, 95 % CI {low * 100:.1f}-{high * 100:.1f} %" if n else "-"
            said = f"the situation it governs ({words}) arose in {k:,} of {n:,} {unit}"
            text = f"-O {key}={shown(value)} governs {words}: that arose in {k:,} of {n:,} {unit} ({share})"
        elif key in report.settings:
            words = report.settings[key]
            k = n = len(results)
            unit = "games"
            said = f"it shapes {words}, in every game"
            text = f"-O {key}={shown(value)} shapes {words}, in every game"
        else:
            continue
        figure: dict[str, Any] = {"option": key, "value": value, "arose": k, "of": n, "unit": unit}
        default = game.option_default(key)
        sheet = "the rule sheet" if key in report.situations else "the default"
        if default is not None and not _same(value, default) and more is not None:
            plain = more({**{o: v for o, v in options.items() if o != key}, key: default}, len(results))
            changed = sum(1 for a, b in zip(results, plain) if (a.scores, a.length) != (b.scores, b.length))
            figure.update(default=default, games_changed=changed)
            if changed == 0:
                text = (f"-O {key}={shown(value)}: the option changed nothing measurable: {said}; every one of the "
                        f"{len(results):,} games ends as with {key}={shown(default)}")
            else:
                text += (f"; against {key}={shown(default)} ({sheet}) it changed the result of {changed:,} of "
                         f"{len(results):,} games")
        elif k == 0:
            text += ": the games say nothing about this option"
        out.append(Finding("info", text, figure))
    return out
