"""Plain Tricks: the template of a printgen game (docs/adding-a-game.md).

Two to five players; each is dealt six cards; seat 0 leads. Every other seat plays a card in turn,
following the suit led if it can; the highest card of the suit led takes the trick (in the trumps
variant, the highest card of the deck's first suit if any was played), and its player leads the
next. One point a trick; the most points win, equal scores share the win.

The shape to copy, the one printgen's own games have: tables.py (the options and the prepared
deck), rules.py (the State and the play contract), bots.py (the greedy player), report.py (what
validate measures and says, and the rule sheet's tables), game.py (the class put together, declared
as GAME here and named by the entry point). The modules import one another relatively, so a copy
renamed to another package imports as it is.
"""

from .game import PlainTricks

GAME = PlainTricks

__all__ = ["GAME", "PlainTricks"]
