"""The instructions a game file's steps compile to (program.py builds them, machine.py runs them,
choice.py emits the decisions): their codes, kept apart so the three need not import each other.

  (AUTO, fn)                 fn(state) does something that needs no decision
  (JUMP, target)
  (UNLESS, cond, target)     jump when cond(state, current seat, -1) is 0
  (COUNT, slot, most, where, counted)
                             one more round of a loop; past `most`, the game stops at `where`;
                             the variable slot `counted` (when not None) counts the rounds too
  (CHOOSE, choice)           a decision (choice.py); each option's steps follow it
  (END,)                     the game is over
"""

AUTO, JUMP, UNLESS, COUNT, CHOOSE, END = range(6)

MAX_AUTO = 200_000        # instructions (and rounds of loops run as one function) between two decisions
RAN_ON = "a step that ran without a decision"     # the timeout of a game stuck past MAX_AUTO


class Stopped(Exception):
    """Raised by a loop run as one function (program.py) past its max, the state already marked
    stopped: it ends the run of instructions at once (machine.run catches it)."""
