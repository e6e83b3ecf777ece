"""The state of one Coppertwaddle game: plain ints and lists, mutated in place by the rules.

Kept apart from the rules so the bots and tests can copy a game (clone) without importing the
turn machinery.
"""

from __future__ import annotations

from printgen.games.common.names import distinct_names
from printgen.games.coppertwaddle.cards import CHALLENGING, OVER, STAGE_NAMES, Prepared

DITCHES = 4         # per Rank: Noble Ditches 0-3, Peasant Ditches 4-7 of a Domain (Table.relist is unrolled for 4)
# State.seen[p] lists the cards on player p's side by where they lie, in Ditch order; its first four
# entries are indexed by a target's kind (cards.T_NOBLE, T_PEASANT, T_THRELM, T_WIND)
NOBLES, PEASANTS, EVERY, WINDS, DITCHED = range(5)     # EVERY: Ditches then Winds; DITCHED: Ditches

# The situations seven rule options govern, as validate reports them (Game.situations): option ->
# (counter, the situation in words). State.arose holds one flag a counter, in this order.
SITUATIONS: dict[str, tuple[str, str]] = {
    "robbing": ("robbing", "a robbing after which the Guardian still had a card or ability to play in En Garde"),
    "robbers": ("robbers", "a robbing announced while the Guardian had a Proud Threlm of Power 0 or less, or a "
                           "Wind lying alone, that only the rule sheet's reading lets rob"),
    "negated": ("negated", "a negation of a Threlm whose ability does not change another Threlm's Power (the two "
                           "readings leave it on or off)"),
    "rob_full": ("full_rank", "a Respite at which the Guardian's Domain had a full Rank and the other Domain a "
                              "Proud Threlm of that Rank, which only rob_full=midden lets be robbed"),
    "covered_support": ("covered", "a robbing decided with a covered Threlm beside or below the target"),
    "wind_alone": ("wind_fills", "a Respite at which the Guardian's Domain was full only thanks to a Wind lying "
                                 "alone"),
    "limit": ("over_limit", "a Respite at which a hand held more cards than the limit (the lower of this run's "
                            "and the rule sheet's)"),
}
ROBBING_LEFT, ODD_ROBBER, NEGATED_OTHER, FULL_RANK, COVERED, WIND_FILLS, OVER_LIMIT = range(7)  # State.arose


def robber_sets(eligible: list[tuple[int, int]]) -> tuple[list, list]:
    """Every non-empty set of robbers as (Power, robbers, Ditch mask, weakest robber's Power),
    by Power, and the Powers alone. `eligible`: (Power, Ditch), weakest first."""
    subsets = [(0, 0, 0, 0)]
    for pw, d in eligible:
        bit = 1 << d
        subsets += [(total + pw, count + 1, mask | bit, weakest if count else pw)
                    for total, count, mask, weakest in subsets]
    del subsets[0]
    subsets.sort()
    return subsets, [x[0] for x in subsets]


class State:
    """One game. `slot[p][d]` is the Threlm in Ditch d of player p's Domain (0-3 Noble, 4-7 Peasant)
    or -1; `wind[p][i]` the Wind on Peasant Ditch i (alone or pressing a covered Threlm). `pos[c]`
    is p * 8 + Ditch for a card on the table, else -1. Effects in force are records in `mods`
    (target, amount, until, source Threlm or -1, Declaration it comes from or -1), `negs` and
    `prot` (target, until, Declaration or -1). `pending` is the stack of cards being played and
    their counters; `job` says what to do when a choice of cards is made. `aims` keeps target lists
    from one decision to the next: everything they read (which cards lie where, Proud or covered,
    pressed, Ranks, vacant Ditches) changes only through a card coming, going or changing
    Proudness, and each of those drops them (check() holds every kept list to the reference)."""

    __slots__ = ("prep", "trumpet", "hand", "midden", "slot", "wind", "pos", "proud", "rank", "under", "host",
                 "mods", "negs", "prot", "negset", "silent", "protset", "abil_used", "laid", "robbing_done", "guardian",
                 "stage", "actor",
                 "base", "acting", "rob", "rob_passes", "pending", "job", "choose_left", "turn", "winner",
                 "victory", "exhausted", "held", "used", "drawn", "robs", "robbed", "serial", "placed_at",
                 "vacated_at", "seen", "bearers", "vacant", "cache", "vouched", "dealt", "after_respite", "memo",
                 "aims", "pw", "could", "arose")

    def __init__(self, prep: Prepared, trumpet: list[int], hands: list[list[int]], guardian: int = 0):
        n = prep.n
        self.prep = prep
        self.trumpet = trumpet
        self.hand = hands
        self.midden: list[int] = []
        self.slot = [[-1] * 8, [-1] * 8]
        self.wind = [[-1] * DITCHES, [-1] * DITCHES]
        self.pos = [-1] * n
        self.proud = [False] * n
        self.rank = prep.rank.copy()
        self.under: list[tuple[int, ...]] = [()] * n      # Declarations under each Threlm
        self.host = [-1] * n
        self.mods: list[tuple] = []
        self.negs: list[tuple] = []
        self.prot: list[tuple] = []
        self.negset: set[int] = set()
        self.silent: set[int] = self.negset     # negated Threlms whose abilities are off (cards.Prepared.silenced)
        self.protset: set[int] = set()
        self.abil_used = 0
        self.laid = False
        self.robbing_done = False          # a robbing was announced this turn (one a turn)
        self.guardian = guardian
        self.stage = CHALLENGING
        self.actor = 1 - guardian
        self.base = CHALLENGING
        self.acting = self.actor
        self.rob: list | None = None        # [target, robbers]
        self.rob_passes = 0
        self.pending: list[tuple[int, int, int]] = []     # (player, card, target code)
        self.job: tuple = ()
        self.choose_left = 0
        self.turn = 0
        self.winner = -1
        self.victory = 0
        self.exhausted = False
        drawn = [0, 0]
        for p, h in enumerate(hands):
            for c in h:
                drawn[p] |= 1 << c
        self.held = drawn[0] | drawn[1]
        self.used = 0
        self.drawn = drawn
        self.robs = [0, 0]
        self.robbed = [0, 0]
        self.serial = 0
        self.placed_at = [[0] * 8, [0] * 8]
        self.vacated_at = [[0] * 8, [0] * 8]
        # cards on each side by where they lie (Table.relist)
        self.seen: list[tuple[list[int], ...]] = [([],) * 5, ([],) * 5]
        self.bearers: list[list[int]] = [[], []]   # ... of which those with an ability of their own
        self.vacant = [(0, DITCHES), (0, DITCHES)]  # leftmost vacant Ditch of each Rank per side, or -1
        self.cache: list[int] | None = None
        self.vouched = -1                  # the game's own greedy choice on this very state (apply trusts it)
        self.dealt = [len(h) for h in hands]
        self.after_respite = [0, 0]
        self.memo: dict = {}               # Powers and robbings found during one decision
        self.aims: dict = {}               # target lists (Abilities.targets), kept until the table changes
        self.pw: list[int] | None = prep.power     # Powers with the effects in force (Table.powers)
        self.could = 0                     # cards with a legal play or use at some decision (watch=yes)
        self.arose = [0] * len(SITUATIONS)  # did each option's situation arise in this game (0 or 1)

    def __str__(self) -> str:
        """The game as the table shows it: the turn, the Guardian, the stage and who acts, each
        hand and Domain (Nobles and Peasants by Ditch, a covered Threlm marked, a Wind on its
        Peasant Ditch), the effects in force, the cards being played, the robbing, the Trumpet
        and the Midden; for playthroughs and debugging."""
        names = distinct_names(self.prep.names)
        stage = STAGE_NAMES[self.base] + (f", {STAGE_NAMES[self.stage]}" if self.stage != self.base else "")
        lines = [f"game over after {self.turn + 1} turns" + (f", seat {self.winner} won ({self.victory})"
                                                              if self.winner >= 0 else ", a tie")
                 if self.stage == OVER else
                 f"turn {self.turn + 1}, seat {self.guardian} is the Guardian; {stage}: seat {self.actor} to act"]

        def threlm(c: int, wind: int = -1) -> str:
            word = "-" if c < 0 else names[c] + ("" if self.proud[c] else " (covered)")
            return word if wind < 0 else f"{names[wind]} on {word}" if c >= 0 else f"{names[wind]} alone"
        for p in range(2):
            nobles = ", ".join(threlm(c) for c in self.slot[p][:DITCHES])
            peasants = ", ".join(threlm(c, w) for c, w in zip(self.slot[p][DITCHES:], self.wind[p]))
            lines.append(f"  seat {p}: hand {', '.join(names[c] for c in self.hand[p]) or '-'}; "
                         f"Nobles {nobles}; Peasants {peasants}")
        said = [f"{names[t]} {amount:+d}" for t, amount, *_ in self.mods]
        said += [f"{names[t]} negated" for t in sorted(self.negset)]
        said += [f"{names[t]} protected" for t in sorted(self.protset)]
        if said:
            lines.append("  in force: " + ", ".join(said))
        if self.pending:
            lines.append("  being played: " + ", ".join(f"{names[c]} by seat {p}" for p, c, _ in self.pending))
        if self.rob is not None:
            lines.append(f"  robbing {names[self.rob[0]]} with {', '.join(names[c] for c in self.rob[1])}")
        lines.append(f"  Trumpet {len(self.trumpet)} cards; Midden {len(self.midden)} cards")
        return "\n".join(lines)


def clone(st: State) -> State:
    """A copy of a game that can be played on without touching the original (bots, tests)."""
    new = State.__new__(State)
    for name in State.__slots__:
        value = getattr(st, name)
        if name in ("hand", "slot", "wind", "placed_at", "vacated_at"):
            value = [list(v) for v in value]
        elif name == "memo" or name == "aims":
            value = {}
        elif name == "vouched":
            value = -1
        elif isinstance(value, (list, set)):
            value = value.copy()
        setattr(new, name, value)
    if st.rob is not None:
        new.rob = [st.rob[0], list(st.rob[1])]
    return new
