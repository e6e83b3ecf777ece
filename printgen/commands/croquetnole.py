"""`printgen validate piecepack --game croquetnole`: the table layout measured (printgen/commands/
tables.py), then played by the physics simulation of printgen/games/croquetnole/ on that layout and
on changed ones beside it; `--replay N` prints game N's summary (who won after how many flicks and
rounds, the flicks by seat, how often each rule fired: not flick by flick, since the flicks of a
game are a hundred or more and are read best as the chart) and `--chart FILE` with it draws the
coins' paths over the table, and `--json FILE` writes the run's figures.

Why a command of its own beside the card games' validate: Croquetnole is a game of flicks on a
table, played by its own simulation rather than the card games' engine (printgen.sim.engine), so
of validate's settings it takes --games, --seed, --workers, --precision and -O, and refuses the
rest by name.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

from printgen.files.errors import UserError, did_you_mean

PLAYED = ("croquetnole",)          # the table layouts a simulation plays
DEFAULT_VALIDATE_GAMES = 2000      # validate's --games default, which means 'the game's own default' here
# What a played table cannot use, by validate's flag.
NOT_HERE = {"players": "--players", "variant": "--variant", "bots": "--bots", "budget": "--budget",
            "seats": "--seats", "backend": "--backend", "address": "--ray-address", "skill": "--skill",
            "skill_games": "--skill-games", "looks": "--looks"}


def refuse_settings(opts: Any, name: str) -> None:
    from printgen.commands.validate import ValidateOptions

    default = ValidateOptions()
    for key, flag in NOT_HERE.items():
        value = getattr(opts, key)
        if value != getattr(default, key):
            given = flag if isinstance(value, bool) else f"{flag} {value}"
            raise UserError(f"{given}: the table layout '{name}' is played by printgen's physics simulation of "
                            f"flicked coins, which takes --games, --seed, --workers, --precision and -O, so {flag} "
                            f"does not apply", hint=f"leave {flag} out; the simulation's options are listed in "
                            "docs/clarifications.md (Castle Croquetnole)")


def settings_from(options: dict[str, Any], precision: float | None) -> Any:
    from printgen.games.croquetnole.report import Settings

    known = {f.name: f for f in fields(Settings)}
    values: dict[str, Any] = {}
    for key, value in options.items():
        if key not in known:
            raise UserError(f"-O {key}: Castle Croquetnole has no option '{key}'",
                            hint=did_you_mean(key, list(known)) or f"its options: {', '.join(known)}")
        default = known[key].default
        if isinstance(default, str):
            values[key] = ",".join(str(v) for v in value) if isinstance(value, list) else str(value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            values[key] = float(value)
        else:
            raise UserError(f"-O {key}={value}: '{key}' is a number (default {default:g})",
                            hint=f"-O {key}={default:g}")
    if precision is not None:
        if "precision" in values and values["precision"] != precision:
            raise UserError(f"--precision {precision:g} and -O precision={values['precision']:g} disagree",
                            hint="give one of them")
        values["precision"] = float(precision)
    return Settings(**values)


def validate_played(deck_ref: str, name: str | None, opts: Any, precision: float | None, replay: int | None,
                    chart_path: str | None, json_path: str | None, geometry: Any) -> tuple[str, int] | None:
    """The report (or the replay) and its exit status: 1 when the layout breaks a rule, a seat's
    share of the wins is decided outside its band, or the share of unfinished games above its margin,
    else 0. A layout no coin can be played on (-O gate, -O table, -O compare, or the file's own gate)
    is refused before any game (UserError, exit 2). None when `name` is no played table
    layout of the deck (a card game, or a table only measured). `geometry`: the table check's report
    (printgen.commands.tables.report), handed in by its caller so the two modules import in one direction."""
    from printgen.games.croquetnole.report import (
        DEFAULT_GAMES,
        layouts,
        report_text,
        run,
        seat_verdicts,
        unfinished_verdict,
    )
    from printgen.games.croquetnole.table import resized
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck
    from printgen.model.tablelayout import load_table, table_names
    from printgen.sim.verdicts import WARNING

    if name not in PLAYED:
        return None
    deck = load_deck(deck_ref, ALL_CARDS)
    if name not in table_names(deck):
        return None
    refuse_settings(opts, name)
    if json_path and replay is not None:
        raise UserError("--json with --replay: the figures file holds the whole run's figures, and a replay is "
                        "one game", hint="leave --json out of the replay, or --replay out of the figures")
    if chart_path and replay is None:
        raise UserError("--chart: the Croquetnole report draws one game's coin paths, with --replay N",
                        hint="add --replay 1, or leave --chart out")
    if chart_path:
        from printgen.draw.documents.chart import check_chart_path

        check_chart_path(Path(chart_path))
    settings = settings_from(opts.options, precision)
    games = DEFAULT_GAMES if opts.games == DEFAULT_VALIDATE_GAMES else opts.games
    table = load_table(deck, load_layout(deck.layout, deck), name)
    settings.check()
    if not settings.table:       # the file's own table: its check first (a piece off it is its finding, exit 1)
        measured, status = geometry(table)
        if status:
            return measured + "\n\nNot played: the layout breaks its own rules (above); fix them first.", status
    found = layouts(table, settings, games)          # every layout played, refused (exit 2) if it cannot be
    if settings.table:           # the check of the table played, once -O table is known to hold the layout
        measured, status = geometry(resized(table, settings.table, settings.table))
        if status:
            return measured + "\n\nNot played: the layout breaks its own rules (above); fix them first.", status
    head, _, result = measured.rpartition("\n\n")     # the changed layouts' checks go above its result line
    measured = head + "".join(f"\n   {checked_words(layout, words, settings)}" for layout, words, _ in found
                              if words != "as laid out" and not (words == "as changed by -O" and not settings.gate))
    measured += "\n\n" + result
    if replay is not None:
        return _replay(found[0][0], settings, games, opts.seed, replay, chart_path), 0
    runs = run(table, settings, games, opts.seed, opts.workers)
    text = measured + "\n\n" + report_text(runs, opts.seed, settings)
    reasons = (["a seat is favoured"] if any(v.decision == WARNING for v in seat_verdicts(runs[0])) else []) + \
              (["games do not finish"] if unfinished_verdict(runs[0]).decision == WARNING else [])
    status = 1 if reasons else 0
    if json_path:
        import json

        from printgen.files.output import publish
        from printgen.games.croquetnole.report import report_json

        figures = {"deck": deck.key, "table": name, **report_json(runs, opts.seed, settings, status)}
        data = json.dumps(figures, indent=2, ensure_ascii=False).encode("utf-8")
        publish({Path(json_path): data + b"\n"}, option="--json")
    return text + f"\n\nResult: {', '.join(reasons) if reasons else 'played'} (exit status {status})", status


def checked_words(layout: Any, words: str, settings: Any) -> str:
    """The line the table check gets for a layout changed by -O gate or -O compare: what was checked
    on it (its gates and doors pass a coin, nothing overlaps, all on the table), since the layout
    file's spacing rules above are measured on the file's gates, not the changed ones."""
    from printgen.games.croquetnole.table import CLEARANCE, narrowest

    width, which, _ = narrowest(layout)
    label = "played, " + (f"-O gate={settings.gate:g}" if words == "as changed by -O" else "compared")
    shown = "the layout as played" if words == "as changed by -O" else f"'{words}'"
    return (f"pass: {shown} ({label}): no two pieces overlap, every piece on the {layout.width:g} mm table, "
            f"the narrowest gate or door ({which}) {width:.1f} mm for a {layout.lengths['coin']:g} mm coin and "
            f"{CLEARANCE:g} mm of clearance")


def play_or_pass(deck_ref: str, name: str | None, opts: Any, precision: float | None, replay: int | None,
                 chart_path: str | None, json_path: str | None, geometry: Any) -> None:
    """Print the played report and exit with its status when `name` is a played table layout of the
    deck; else return (refusing --precision, which nothing else takes)."""
    import sys

    import click

    played = validate_played(deck_ref, name, opts, precision, replay, chart_path, json_path, geometry)
    if played is None:
        if precision is not None:
            raise UserError(f"--precision {precision:g}: only Castle Croquetnole's flicked coins have a precision",
                            hint="use it with --game croquetnole on the piecepack")
        return
    click.echo(played[0])
    sys.exit(played[1])


def _replay(table: Any, settings: Any, games: int, seed: int, number: int, chart_path: str | None) -> str:
    from dataclasses import replace

    from printgen.games.croquetnole.game import Setup, play
    from printgen.games.croquetnole.table import court

    if not 1 <= number <= games:
        raise UserError(f"--replay {number}: the run plays games 1 to {games}", hint="--replay 1")
    base = table                  # already the layout played (-O table, -O gate), checked
    c = court(base)
    seats = len(c.castles)
    lineups = settings.lineups(seats)
    index = number - 1
    setup = Setup(c, settings.physics(), settings.rules(),
                  (settings.hand(),) * seats, lineups[index % len(lineups)])
    game = play(replace(setup), seed * 1_000_003 + index, record=True)
    winner = c.castles[game.winner].name if game.winner is not None else "no one (round limit)"
    played = ", ".join(f"{k.name} {s}" for k, s in zip(c.castles, setup.strategies))
    lines = [f"Castle Croquetnole, game {number} of {games} (seed {seed}): {winner} won after {game.flicks} flicks, "
             f"{game.rounds} rounds; strategies {played}",
             "   flicks by seat: " + ", ".join(f"{k.name} {n}" for k, n in zip(c.castles, game.flicks_by_seat)),
             "   rules: " + ", ".join(f"{k} {v}" for k, v in sorted(game.counts.items()))]
    if chart_path:
        from printgen.draw.documents.table_replay import write_replay

        changes = "".join(f", {words}" for value, words in ((settings.gate, f"gates {settings.gate:+g} mm"),
                                                              (settings.table, f"table {settings.table:g} mm"))
                          if value)
        write_replay(c, game.paths, Path(chart_path), f"Castle Croquetnole: game {number}, seed {seed}{changes}: "
                                                         f"{winner} won in {game.flicks} flicks")
        lines.append(f"   chart: {chart_path}")
    return "\n".join(lines)
