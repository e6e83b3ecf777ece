"""L'Ombre's data: the counters' worth, and its options beside the family's."""

from __future__ import annotations

from printgen.games.common.ombre.pack import FAMILY_OPTIONS
from printgen.sim.options import Option

SMALL = 1
LARGE = 5                   # a large counter is worth five small ones
MATADOR_PAY = 3 * LARGE     # from each other player, for holding the three matadors

OPTIONS = (
    *FAMILY_OPTIONS,
    Option("fail", ("five", "lose"), "five",
                   "what fails a game played without taking in: five, fewer than the five tricks the Ombre declared "
                   "(the rule sheet, after the seed); lose, only a hand the Ombre does not win"),
    Option("opponents_pay", ("no", "yes"), "no",
           "no: the opponents take in from the talon for nothing (the rule sheet); yes: a small counter "
           "a card, as the Ombre pays"),
    Option("vole_fail", ("pays", "free"), "pays",
                        "pays: a player who fails the vole pays each other player a large counter (the rule sheet); "
                        "free: it costs nothing"),
    Option("codillo_tie", ("share", "repuesto"), "share",
                          "share: when both opponents beat the Ombre with equal tricks they share the pool and the "
                          "payment (the rule sheet); repuesto: the hand counts as a repuesto"),
    Option("matadors", ("ombre", "any", "off"), "ombre",
                       "ombre: an Ombre holding the three matadors is paid for them (the rule sheet); any: any player "
                       "holding them; off: nobody"),
)
