"""Tresillo's data: the stakes and bonuses in tantos, the three puestas, the contracts, and its
options beside the family's."""

from __future__ import annotations

from printgen.games.common.ombre.pack import FAMILY_OPTIONS
from printgen.games.common.ombre.state import JUEGO, SOLO, VUELTA
from printgen.sim.options import Option

RESERVE_PIECE = 5           # each player's piece in the reserve; the dealer moves one to an empty plato
DEALER_PAYS = 1
IN_PLAY_EXTRA = 4           # the amount in play is the plato plus 4 (except under a reserved puesta)
SACADO_EACH = 1             # from each opponent to a winning Ombre (no debt open)
BONUS = {VUELTA: 1, SOLO: 2}
ESTUCHE = 1
PRIMERAS = 1
BOLA = 8
FIRST, IN_PLATO, RESERVED = "first puesta", "puesta in the plato", "reserved puesta"
CONTRACTS = (JUEGO, VUELTA, SOLO)

OPTIONS = (
    *FAMILY_OPTIONS,
    Option("all_pass", ("eldest", "redeal"), "eldest",
                       "eldest: when all three pass, the eldest hand plays a juego, as in L'Ombre (the rule sheet); "
                       "redeal: the next dealer deals again"),
    Option("match", ("once", "no"), "once",
                    "once: a contract may be named a second time by another player, who then holds it (the rule "
                    "sheet); no: every bid must be higher than the last"),
    Option("codillo_tie", ("share", "repuesto"), "share",
                          "share: when both opponents beat the Ombre with equal tricks they share what the winner is "
                          "paid (the rule sheet); repuesto: the hand counts as a repuesto"),
    Option("bola_fail", ("pays", "free"), "pays",
                        "pays: an Ombre who plays on after five tricks and misses the bola pays each opponent 8 (the "
                        "rule sheet); free: it costs nothing"),
)
