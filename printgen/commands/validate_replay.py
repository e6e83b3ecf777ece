"""`printgen validate DECK --replay N`: game N of the run, move by move.

Why: a report says that a seat wins too often or a card is dead; a designer believes it, or finds
what is wrong with the rules, by watching one game where it happens. The game is planned as the
report plans it (the deck's setups, -O options, the seed, the bots turned round the table as the
runner turns them), so the log is the very game the report counted, and the same command prints
the same moves every time. Each decision shows the table as the game's state prints it, the moves
open to the seat to act by their names, and the one taken; the end gives the scores and each card
held in vain, with why where the game can say (Report.playable).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printgen.commands.validate import Plan, ValidateOptions, format_option, lineup_of, plan_run
from printgen.files.errors import UserError
from printgen.sim.engine import bot_for, play
from printgen.sim.report import Result
from printgen.sim.runner import seated

SHOWN_MOVES = 12           # the moves open at one decision listed by name; more are counted


@dataclass
class _Log:
    """What the watch of one game collects: the printed lines, the last state seen, and per card
    the moves at which its holder could have put it to use (when the game can say)."""

    game: Any
    report: Any
    bots: tuple[str, ...]
    lines: list[str] = field(default_factory=list)
    state: Any = None
    playable: dict[int, list[int]] = field(default_factory=dict)
    says_playable: bool = False

    def __call__(self, step: int, state: Any, seat: int, action: int) -> None:
        """One decision, before it is taken: only reads the state (a watched game is the same game)."""
        game, self.state = self.game, state
        legal = game.legal(state)
        names = [game.action_name(state, a) for a in legal]
        shown = " | ".join(names[:SHOWN_MOVES]) + (f" | ... {len(names) - SHOWN_MOVES} more"
                                                    if len(names) > SHOWN_MOVES else "")
        self.lines += [f"-- move {step + 1}", *(f"  {line}" for line in str(state).splitlines()),
                       f"  open to seat {seat} ({len(legal)}): {shown}",
                       f"  seat {seat} ({self.bots[seat]}) takes: {game.action_name(state, action)}"]
        mask = self.report.playable(state)
        if mask is not None:
            self.says_playable = True
            card = 0
            while mask:
                if mask & 1:
                    self.playable.setdefault(card, []).append(step + 1)
                mask >>= 1
                card += 1


def replay(deck_ref: str, opts: ValidateOptions, number: int) -> str:
    """The log of game `number` (1 to --games) of the one game, variant and player count the
    options name; UserError when they name several (each log is long: one is asked for)."""
    if not 1 <= number <= opts.games:
        raise UserError(f"--replay {number}: the run plays games 1 to {opts.games:,}",
                        hint="give a game number from the run (--games sets how many it plays)")
    plans, deck = plan_run(deck_ref, opts)
    chosen = [(plan, n) for plan in plans for n in plan.counts]
    if len(chosen) != 1:
        listed = "; ".join(f"{plan.name} {plan.variant} at {', '.join(map(str, plan.counts))} players"
                           for plan in plans)
        raise UserError(f"--replay shows one game, and this run plays {len(chosen)} kinds ({listed})",
                        hint="choose one with --game, --variant and --players")
    plan, players = chosen[0]
    return "\n".join(_log(plan, players, deck, opts, number))


def _log(plan: Plan, players: int, deck: Any, opts: ValidateOptions, number: int) -> list[str]:
    game, report, prepared = plan.game, plan.report, plan.prepared[players]
    bots = seated(lineup_of(opts, players), number - 1)
    setup = plan.used[players]
    shown = " ".join(format_option(k, v) for k, v in setup.options.items()) or "its default options"
    log = _Log(game, report, bots)
    result = play(game, prepared, players, opts.seed, number - 1, [bot_for(b, game) for b in bots], watch=log)
    head = [f"Deck '{deck.key}': {plan.name} ({plan.variant}), {players} players, game {number:,} of "
            f"{opts.games:,} with seed {opts.seed}; setup ({setup.source}): {shown}",
            "seats: " + ", ".join(f"seat {seat} {bot}" for seat, bot in enumerate(bots)) +
            " (numbered from 0, as the game prints them: the report's seat 1 is seat 0)", ""]
    return head + log.lines + _end(result, log, report.card_names(prepared), report.length_unit)


def _end(result: Result, log: _Log, names: list[str], unit: str) -> list[str]:
    """The end of the game: the final table, scores and winners, and the cards held in vain."""
    out = ["-- end"]
    if log.state is not None:
        out += [f"  {line}" for line in str(log.state).splitlines()]
    if result.timed_out:
        out.append(f"stopped after {result.steps:,} moves: the step cap (a timeout, no winner)")
    else:
        scores = ", ".join(f"seat {seat} {score:g}" for seat, score in enumerate(result.scores))
        won = " and ".join(f"seat {w}" for w in result.winners)
        out.append(f"{result.steps:,} moves, {result.length:,} {unit}; scores {scores}; "
                   f"{'won by' if len(result.winners) == 1 else 'shared by'} {won}")
    return out + _dead(result, log, names)


def _dead(result: Result, log: _Log, names: list[str]) -> list[str]:
    """Each card held but never used in this game, with the moves its holder could have used it
    at (the bot chose otherwise), or that it never could, when the game says what is playable."""
    dead = [c for c in range(len(names)) if result.held >> c & 1 and not result.used >> c & 1]
    if not dead:
        return ["no card was held in vain"]
    out = [f"held but never used ({len(dead)}):"]
    for c in dead:
        if not log.says_playable:
            out.append(f"  {names[c]}")
        elif c in log.playable:
            at = log.playable[c]
            moves = ", ".join(map(str, at[:8])) + (f" ... ({len(at)} in all)" if len(at) > 8 else "")
            out.append(f"  {names[c]}: could have been used at move{'s' if len(at) > 1 else ''} {moves}, "
                       "and was not chosen")
        else:
            out.append(f"  {names[c]}: never playable while held")
    if not log.says_playable:
        out.append("  (this game does not say which cards could be played at each move)")
    return out


def replay_command(deck_ref: str, opts: ValidateOptions, number: int, json_path: str | None,
                   chart_path: str | None) -> str:
    """`--replay N` as the command line gives it: a log is printed, never a figures file or chart,
    so asking for one with it is refused rather than silently left unwritten."""
    given = [flag for flag, value in (("--json", json_path), ("--chart", chart_path)) if value]
    if opts.skill:
        raise UserError("--replay prints one game's moves, and --skill plays a ladder of many: they do not go together",
                        hint="run the ladder with --skill, and --replay on its own")
    if given:
        raise UserError(f"--replay prints one game's moves and writes no figures file or chart; "
                        f"{' and '.join(given)} would be left unwritten",
                        hint=f"run the report with {' and '.join(given)}, and --replay on its own")
    return replay(deck_ref, opts, number)
