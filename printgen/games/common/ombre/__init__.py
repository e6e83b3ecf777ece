"""What L'Ombre and Tresillo share in the simulator.

pack.py compiles the 40-card Spanish pack and reads the games' options; hand.py is a session of
hands (deal, naming trumps, the exchange, the tricks, the first five tricks, invariants) with the
hooks each game fills in (printgen/games/lombre/rules.py, printgen/games/tresillo/rules.py); bots.py the greedy
player; report.py what `printgen validate` measures of both games and says about them (OmbreReport). The
ranking orders are printgen/games/common/tricks.py.
"""
