"""A player's hand: a flick is an aim and a strength, and a hand misses both by a random error.

Why errors in angle and strength and nothing else: those are the two things a flicking finger gets
wrong (a coin set off a few degrees wide, or a little too hard); a coin's spin and a bumpy table are
left out. Precision divides both spreads, so precision 2 is a hand twice as steady as the default.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from printgen.files.errors import UserError


@dataclass(frozen=True)
class Hand:
    # How steady the hand is: 1 is the default hand below, 2 halves both errors, 0.5 doubles them.
    precision: float = 1.0
    # Spread (standard deviation) of the aim at precision 1: 3 degrees, so a coin flicked at a gate's
    # middle from 30 cm off is 1.57 cm or more to the side one time in three. A gate a tile wide leaves
    # a coin's centre (50.8 - 19.05) / 2 = 15.9 mm of play either side before the coin touches a post,
    # so about 31 % of such shots touch one (some still glance through) and two in three pass clean:
    # a gate from 30 cm is a real shot, not a sure one, as players find.
    angle_sd: float = math.radians(3.0)
    # Spread of the strength at precision 1, relative to the intended speed: 10 % of speed is 20 % of
    # the distance slid (distance grows with the square of speed): a 30 cm flick stops within 6 cm.
    strength_sd: float = 0.10
    # The strongest flick a finger gives, mm/s: a coin at 2.5 m/s slides 1 m on the default table.
    strongest: float = 2500.0
    # The weakest a flick comes out, as a share of the intended speed: a strength error below -80 %
    # (eight standard deviations at the default spread, but reachable with -O strength=0.5) is read as
    # a flick that still sets the coin moving, not one that sends it backwards or leaves it still.
    floor: float = 0.2

    def __post_init__(self) -> None:
        if not (0.05 <= self.precision <= 100):
            raise UserError(f"precision {self.precision:g}: a hand's precision is from 0.05 (five times the "
                            f"default spread) to 100", hint="1 is the default hand; 2 is twice as steady")

    def flick(self, rng: random.Random, angle: float, speed: float) -> tuple[float, float]:
        """The flick that comes out when this hand aims at `angle` with `speed`."""
        aimed = angle + rng.gauss(0.0, self.angle_sd / self.precision)
        strength = max(self.floor, 1.0 + rng.gauss(0.0, self.strength_sd / self.precision))
        return aimed, min(speed * strength, self.strongest)
