"""Defaults of `printgen validate` (the skill ladder's sizes, the looks at its games), which its --help shows.

Kept in a module that imports nothing, so the command line can declare its options without
importing the simulator: `printgen build` would otherwise load it only to show a number it never uses.
"""

BASE_BUDGET = 10        # the first search rung's iterations a decision (--budget changes it): see docs/designer.md
SKILL_GAMES = 20        # games a rung at least (--skill-games), rounded up to whole turns of the table
LOOKS = 5               # validate looks at its games after 1, 2, 4, 8 and 16 times --games: see sim/verdicts.py
