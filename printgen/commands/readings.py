"""Which reading of each open rule a simulated game was played with, said in the validate report.

Why: where a seed is silent or contradicts itself, the rule sheet decides and says so in words
(a clarification); the simulator can play the other readings too, chosen with `-O KEY=VALUE`.
A player's sheet never names those options, so the validate report is where a designer reads
which reading its figures come from, and what else could be played. The readings are read from
the `OPTIONS` each game module declares (the same table `printgen list` prints): an option with a
fixed set of values is a reading; the first value, or the declared default, is the rule sheet's.
Options that only steer the report itself (whose meaning speaks of `printgen validate`) are not
rules and are left out.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class Reading:
    key: str
    played: str            # the value the games were played with
    sheet: str             # the rule sheet's reading (the option's default for this variant)
    others: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return self.played != self.sheet


def _declared(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(OPTIONS, VARIANTS) of the game called `name`: from its class's module, its package, or a
    module of its package (Coppertwaddle declares them in cards.py)."""
    from printgen.games.registry import get_game

    package = type(get_game(name)).__module__.rpartition(".")[0]
    homes = [sys.modules.get(type(get_game(name)).__module__), import_module(package)]
    homes += [m for n, m in sorted(sys.modules.items()) if n.startswith(package + ".") and m is not None]
    for home in homes:
        options = getattr(home, "OPTIONS", None)
        if isinstance(options, dict) and options:
            variants = getattr(home, "VARIANTS", None)
            return options, variants if isinstance(variants, dict) else {}
    return {}, {}


def readings(name: str, variant: str, options: dict[str, Any]) -> list[Reading]:
    """The game's readings in declared order, each with the value `options` played (or the rule
    sheet's when the options do not name it)."""
    from printgen.games.registry import canonical

    own = canonical(name)
    if own is None:
        return []
    declared, variants = _declared(own)
    out = []
    for key, spec in declared.items():
        if not isinstance(spec, tuple) or len(spec) not in (2, 3):
            continue
        allowed, about = spec[0], str(spec[-1])
        if not isinstance(allowed, (tuple, list)) or len(allowed) < 2 or "printgen validate" in about:
            continue
        values = tuple(str(v) for v in allowed)
        sheet = spec[1] if len(spec) == 3 else variants.get(variant, {}).get(key, values[0])
        played = str(options.get(key, sheet))
        out.append(Reading(key, played, str(sheet), tuple(v for v in values if v != played)))
    return out


def readings_line(found: list[Reading]) -> str:
    """'decider=first_out (default; also share)' for each reading, on one line."""
    parts = []
    for r in found:
        if r.changed:
            parts.append(f"{r.key}={r.played} (given with -O; default {r.sheet})")
        else:
            parts.append(f"{r.key}={r.played} (default" + (f"; also {'|'.join(r.others)}" if r.others else "") + ")")
    if not parts:
        return ""
    return ("rules read as: " + ", ".join(parts) + ". A default is the rule sheet's reading; -O KEY=VALUE plays "
            "another (`printgen list` says what each means, docs/clarifications.md where each sheet decides)")
