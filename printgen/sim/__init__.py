"""Simulated play, the machinery every game shares: the play contract and the bots (engine), what
validate measures of a game and says about it (report), the options' declaration, the runner, and
the metrics, statistics and situations of the validate report. The games themselves, and the
registry that finds them, are in printgen/games/.
"""
