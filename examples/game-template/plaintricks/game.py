"""Plain Tricks, the game class: what printgen knows of the game (its name, variants, player counts,
options) and the parts it is made of (rules, bot, report), one module each."""

from __future__ import annotations

from printgen.sim.engine import Game

from plaintricks.bots import GreedyBot
from plaintricks.report import Report
from plaintricks.rules import Rules
from plaintricks.tables import OPTIONS, VARIANTS


class PlainTricks(Rules, GreedyBot, Report, Game):
    name = "plaintricks"                 # as a deck's games: and --game say it; the entry point's name
    title = "Plain Tricks"
    variants = VARIANTS
    players = (2, 3, 4, 5)
    options = OPTIONS
    step_cap = 200                       # a game is at most 12 tricks of 5 cards
    good_hand = (4, 10)
    length_unit = "tricks"
