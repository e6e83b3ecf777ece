"""Card names that tell every card apart, for naming actions.

Why: a deck may hold several cards of one name (Coppertwaddle's two copies of The Birthday), and
two actions that differ only in which copy they play must still read differently, or a playthrough
could not say which was taken.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache


def distinct_names(names: Sequence[str]) -> list[str]:
    """Each name as it is when it is the only card of that name; else with its copy number, in
    deck order: 'The Birthday (1)', 'The Birthday (2)'. Remembered per list of names: every
    action_name and every refused action's message asks for the same deck's names again."""
    return list(_distinct(tuple(names)))


@lru_cache(maxsize=64)
def _distinct(names: tuple[str, ...]) -> tuple[str, ...]:
    total = Counter(names)
    seen: Counter[str] = Counter()
    out = []
    for name in names:
        seen[name] += 1
        out.append(name if total[name] == 1 else f"{name} ({seen[name]})")
    return tuple(out)
