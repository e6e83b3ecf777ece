"""The instructions a game file's steps compile to (program.py builds them, machine.py runs them,
choice.py emits the decisions): their codes, kept apart so the three need not import each other.

  (AUTO, fn)                 fn(state) does something that needs no decision
  (JUMP, target)
  (UNLESS, cond, target)     jump when cond(state, current seat, -1) is 0
  (COUNT, slot, most, where) one more round of a loop; past `most`, the game stops at `where`
  (CHOOSE, choice)           a decision (choice.py); each option's steps follow it
  (END,)                     the game is over
"""

AUTO, JUMP, UNLESS, COUNT, CHOOSE, END = range(6)
