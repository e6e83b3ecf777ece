"""One package for each game printgen simulates, all of one shape (rules, and bots, report and
tables where a game has them), and the helpers some of them share (games/common/).
"""
