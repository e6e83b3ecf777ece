"""`printgen validate DECK --game NAME` for a table layout: the check of printgen/model/tablecheck.py
as a report, every rule with what was measured, and the exit status.
"""

from __future__ import annotations

from printgen.commands.croquetnole import PLAYED
from printgen.files.errors import UserError
from printgen.model.tablecheck import check, measure
from printgen.model.tablelayout import load_table, table_names
from printgen.model.tabletypes import Table


def report(table: Table) -> tuple[str, int]:
    """The check as a report for `printgen validate DECK --game NAME`, and its exit status."""
    found = check(table)
    tiles = sum(1 for p in table.pieces if p.kind == "tile")
    coins = sum(1 for p in table.pieces if p.kind == "coin")
    later = [p for p in table.pieces if p.enters]
    marked = f" ({len(later)} of them marked where they come into play later)" if later else ""
    lines = [f"Table layout '{table.name}' ({table.title}): {table.width:g} x {table.height:g} mm table, "
             f"{tiles} tiles and {coins} coins placed{marked}, {len(table.rules)} rules plus overlap, edge and "
             f"one-of-each checks, within {table.tolerance:g} mm"]
    if table.unused:
        lines.append(f"   note: not used: {', '.join(table.unused)}")
    nearest = min(min(p.box()[0], p.box()[1], table.width - p.box()[2], table.height - p.box()[3])
                  for p in table.pieces)
    # Each problem is said once: an overlap or a piece near the edge on its own 'fail:' line with the
    # piece's place in the file, a broken rule on its rule's line with what was measured.
    overlaps = [f for f in found if f.message.startswith("no two pieces may overlap")]
    off = [f for f in found if f.message.startswith("every piece must be on the table")]
    if not overlaps:
        lines.append(f"   pass: no two pieces overlap (0 overlapping pairs of {len(table.pieces)} pieces)")
    if not off:
        lines.append(f"   pass: every piece lies on the table with {table.spare_words} to spare (the nearest is "
                     f"{max(nearest, 0.0):.1f} mm from the edge, at least {table.spare:.2f} mm needed)")
    lines += [f"   fail: {_place(f)}{f.message}" for f in overlaps + off]
    by_id, tol = table.by_id(), table.tolerance
    said = {id(f) for f in overlaps + off}
    for rule in table.rules:             # every rule with its figure, so a pass says what was measured
        seen, problem = measure(rule, table, by_id, tol)
        place = f"line {rule.where.line}: " if rule.where.line else ""
        lines.append(f"   {'fail' if problem else 'pass'}: {place}{rule.says} ({seen})")
        said |= {id(f) for f in found if problem and f.message == f"rule broken: {rule.says}: {problem}"}
    lines += [f"   broken: {_place(f)}{f.message}" for f in found if id(f) not in said]
    lines += ["", f"Result: {'passes' if not found else f'{len(found)} broken'} (exit status {1 if found else 0})"]
    return "\n".join(lines), 1 if found else 0


def _place(finding) -> str:
    return f"{finding.where.describe()}: " if finding.where.line else ""


# What `printgen validate` takes that only a simulated game uses, by its flag. A table layout is
# measured, not played: such a setting given for one is refused, as a game refuses an option it
# does not know, rather than ignored (the user would take the report for one it is not).
PLAY_SETTINGS = {"options": "-O", "players": "--players", "variant": "--variant", "games": "--games",
                 "seed": "--seed", "looks": "--looks", "bots": "--bots", "budget": "--budget", "seats": "--seats",
                 "workers": "--workers", "backend": "--backend", "address": "--ray-address",
                 "skill": "--skill", "skill_games": "--skill-games"}


def validate_tables(deck_ref: str, game: str | None, opts=None, played: tuple = ()) -> tuple[str, int] | None:
    """`printgen validate DECK --game NAME` for a table layout (decks/DECK/tables/NAME.yaml), or
    every table layout of a deck that simulates no game; None when a simulated game is meant.
    `opts` (validate.ValidateOptions): what the command line set, refused where it cannot apply.
    `played`: --precision, --replay, --chart and --json, for a table layout that is also played
    (Castle Croquetnole, printgen/commands/croquetnole.py), whose report is printed and exits there."""
    if played:
        from printgen.commands.croquetnole import play_or_pass

        precision, replay, chart, figures = played
        play_or_pass(deck_ref, game, opts, precision, replay, chart, figures, report)
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck

    deck = load_deck(deck_ref, ALL_CARDS)
    names = table_names(deck)
    if game is not None and game not in names:
        return None
    if game is None and (deck.games or not names):
        return None
    checked = [game] if game else names
    if opts is not None:
        _refuse_play_settings(deck, checked, opts)
    layout = load_layout(deck.layout, deck)
    texts, status = [], 0
    for name in checked:
        text, code = report(load_table(deck, layout, name))
        if name in PLAYED:        # the note goes above the result line
            head, _, result = text.rpartition("\n\n")
            text = f"{head}\n   note: played with flicked coins on a model of this layout by --game {name}\n\n{result}"
        texts.append(text)
        status = max(status, code)
    return "\n\n".join(texts), status


def _refuse_play_settings(deck, names: list[str], opts) -> None:
    from printgen.commands.validate import ValidateOptions, format_option

    default = ValidateOptions()
    for key, flag in PLAY_SETTINGS.items():
        value = getattr(opts, key)
        if value == getattr(default, key):
            continue
        given = (" ".join(f"-O {format_option(k, v)}" for k, v in value.items()) if key == "options"
                 else flag if isinstance(value, bool) else f"{flag} {value}")
        what = f"the table layout '{names[0]}'" if len(names) == 1 else f"the table layouts of '{deck.key}'"
        raise UserError(f"{given}: {what} {'is' if len(names) == 1 else 'are'} checked by measuring, not played, "
                        f"so {flag} does not apply", hint=f"the rules and their tolerance are in {deck.key}/tables/"
                        f"{names[0] + '.yaml' if len(names) == 1 else ''}; leave {flag} out")
