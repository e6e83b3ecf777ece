"""Which reading of each open rule a simulated game was played with, said in the validate report.

Why: where a seed is silent or contradicts itself, the rule sheet decides and says so in words
(a clarification); the simulator can play the other readings too, chosen with `-O KEY=VALUE`.
A player's sheet never names those options, so the validate report is where a designer reads
which reading its figures come from, and what else could be played. The readings are read from
the options each game declares (`Game.options`, the same `printgen list` prints): an option with a
fixed set of values is a reading; its default for the variant is the rule sheet's.
Options that only steer the report itself (whose meaning speaks of `printgen validate`) are not
rules and are left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from printgen.sim.options import Option


@dataclass(frozen=True)
class Reading:
    key: str
    played: str            # the value the games were played with
    sheet: str             # the rule sheet's reading (the option's default for this variant)
    others: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return self.played != self.sheet


def readings(name: str, variant: str, options: dict[str, Any],
             declared: Sequence[Option] | None = None) -> list[Reading]:
    """The game's readings in declared order, each with the value `options` played (or the rule
    sheet's when the options do not name it). `declared`: the game's options when the caller has
    the game (a deck's own game is found by no name alone)."""
    from printgen.games.registry import canonical, get_game

    if declared is None:
        own = canonical(name)
        if own is None:
            return []
        declared = get_game(own).options
    out = []
    for option in declared:
        values = _reading_values(option)
        if values is None:
            continue
        sheet = str(option.default_for(variant))
        played = str(options.get(option.name, sheet))
        out.append(Reading(option.name, played, sheet, tuple(v for v in values if v != played)))
    return out


def _reading_values(option: Option) -> tuple[str, ...] | None:
    """The readings `option` chooses between, when it is a reading of an open rule: a fixed set of
    words (not a number, not a pack), about the game rather than about what `printgen validate`
    reports; None when it is not."""
    allowed = option.allowed
    if not isinstance(allowed, tuple) or len(allowed) < 2 or "printgen validate" in option.meaning:
        return None
    return tuple(str(v) for v in allowed)


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
