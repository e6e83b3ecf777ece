"""The skill ladder's default sizes, which `printgen validate --help` shows.

Kept in a module that imports nothing, so the command line can declare its options without
importing the simulator: `printgen build` would otherwise load it only to show a number it never uses.
"""

BASE_BUDGET = 10        # the first search rung's iterations a decision (--budget changes it): see docs/designer.md
SKILL_GAMES = 20        # games a rung at least (--skill-games), rounded up to whole turns of the table
