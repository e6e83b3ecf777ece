"""Simulated play, the machinery every game shares: the Game contract (engine), the runner, the
registry of games, the metrics, statistics and situations of the validate report. The games
themselves are in printgen/games/.
"""
