"""`printgen validate`: static checks plus simulated play for one deck, as a report.

A deck says how its games are set up (deck.yaml, `games:`: per game, variant and player count
the options, such as the houses used), so validating a shipped deck plays the games its rule
sheet describes; -O on the command line overrides them. Advice ends in the exact command that
tries it.

Exit status: 0 when the deck passes, 1 when there are warnings (a print can be gated on it),
2 on errors such as a broken deck file.
"""

from __future__ import annotations

import os
import re
import shlex
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from printgen.commands.validate_args import format_option, parse_option, parse_players  # noqa: F401 - the command's own
from printgen.commands.validate_bots import check_bots, check_seat_bots, lineup, seat_names
from printgen.commands.validate_confirm import CONFIRM_BUDGET, CONFIRM_GAMES, check_confirm, confirm
from printgen.commands.validate_setups import game_setups, listed_counts, setup_options, setup_source, setup_where
from printgen.commands.validate_skill import check_skill, ladders
from printgen.files.errors import UserError, Where, did_you_mean
from printgen.sim.defaults import SKILL_GAMES
from printgen.sim.engine import Game
from printgen.sim.metrics import MIN_GAMES, bot_verdict, judge, mixed_seats, summarise
from printgen.sim.metrics import findings as metric_findings
from printgen.sim.options import Option
from printgen.sim.report import Finding, Report, Tip, report_of, short_deal
from printgen.sim.runner import MoreGames, Progress, bot_win_rates, options_key, seat_mix, session
from printgen.sim.situations import option_findings
from printgen.sim.verdicts import LOOKS, MAX_LOOKS, UNDECIDED, look_games, looking

MAX_GAMES = 1_000_000         # games per player count: more takes hours and adds nothing
WORKERS_PER_CPU = 4           # more processes than this only queue up and use memory


@dataclass
class ValidateOptions:
    game: str | None = None
    variant: str | None = None
    players: str | None = None
    games: int = 2000
    seed: int = 1
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    bots: str = "greedy"
    budget: int | None = None          # --budget: the search bot's iterations where a seat plays 'search'
    seats: str | None = None           # --seats: a line-up by seat (search:400,greedy,...), instead of --bots
    looks: int = LOOKS                 # looks at 1, 2, 4 ... times the games while a finding is undecided
    options: dict[str, Any] = field(default_factory=dict)
    deck_ref: str | None = None        # the deck as the user named it, for the commands in advice
    allow_code: bool = False           # --allow-code: a deck's own games/NAME.py may be run
    confirm: int = CONFIRM_GAMES       # --confirm GAMES[:BUDGET]: search games that judge a card warning again
    confirm_budget: int = CONFIRM_BUDGET     # ... and their search player's iterations a decision
    confirm_capped: bool = True        # the default --confirm is bounded by validate_confirm.WORK; a typed one is not
    skill: bool = False                # --skill: the skill ladder after the report (validate_skill)
    skill_games: int = SKILL_GAMES     # --skill-games: games a rung of the ladder


@dataclass
class Setup:
    """The options one player count is played with, and where they came from."""

    options: dict[str, Any]
    source: str                        # "deck.yaml", "command line", "deck.yaml and command line", "game defaults"


@dataclass
class Section:
    """One game and variant."""

    game: str
    variant: str
    counts: list[int]
    static: dict[int, list[Finding]]
    summaries: dict[int, dict[str, Any]]
    warnings: list[Finding]
    advice: list[str]
    setups: dict[int, Setup] = field(default_factory=dict)
    unit: str = "turns"
    note: str = ""
    findings: dict[int, list[Finding]] = field(default_factory=dict)    # the game's own figures
    declared: tuple[Option, ...] | None = None     # the game's -O options (a deck's own game is in no registry)
    skill: dict[int, Any] = field(default_factory=dict)    # --skill: the ladder by player count (validate_skill)


# The cards one simulated game may deal from. The shipped packs hold 40 to 56; a pack this size is
# far past any card game, and plays for minutes where a real one plays in seconds.
MAX_SIM_CARDS = 1_000


def check_limits(opts: ValidateOptions) -> list[str]:
    """Refuse numbers of games or workers that make no sense; cap workers at what this computer
    can use (the report is the same with any number). Returns notes to show the user."""
    notes = []
    if opts.games < 1:
        raise UserError(f"--games {opts.games}: play at least 1 game per player count", hint="for example --games 2000")
    if opts.games > MAX_GAMES:
        raise UserError(f"--games {opts.games:,} is more than the {MAX_GAMES:,} games per player count "
                        f"printgen plays", hint="2,000 games (the default) already show most problems; "
                                                "20,000 is plenty for small differences")
    if not 1 <= opts.looks <= MAX_LOOKS:
        raise UserError(f"--looks {opts.looks}: look at the games 1 to {MAX_LOOKS} times",
                        hint=f"--looks 1 plays exactly --games; the default {LOOKS} plays up to "
                             f"{2 ** (LOOKS - 1)} times as many where a finding is undecided")
    if opts.workers < 1:
        raise UserError(f"--workers {opts.workers}: use at least 1 worker process", hint="--workers 1 plays here")
    cpus = os.cpu_count() or 1
    limit = WORKERS_PER_CPU * cpus
    if opts.backend == "local" and opts.workers > limit:
        notes.append(f"--workers {opts.workers:,} is more than this computer can use: playing in {limit} "
                     f"processes ({WORKERS_PER_CPU} x {cpus} CPUs); the report is the same")
        opts.workers = limit
    return notes


def _prepare(game, deck, name, variant, options, deck_options, cli, where: Where):
    """Prepare the deck; an error caused by the deck's own setup is reported at its line."""
    try:
        return game.prepare(deck, variant, options)
    except UserError as error:
        if error.where.file is not None or not deck_options:
            raise
        try:                       # is it the deck's setup? the command line's options alone are fine
            game.prepare(deck, variant, dict(cli))
        except UserError:
            raise error from None
        raise UserError(f"the setup of the game '{name}' ({variant}) in deck.yaml: {error.message}", where,
                        error.hint) from None


def _most_cards_from(deck) -> Where:
    """The line of deck.yaml most of a too-large deck's cards come from: the `generate:` rule that
    makes the most of them, or the `cards:` list (for a sheet-kept deck, the line naming the sheet)."""
    source = deck.source
    rules = source.data.get("generate") if isinstance(source.data, dict) else None
    paths = ([("generate", i) for i in range(len(rules))] if isinstance(rules, list)
             else [("generate",)] if rules else [])
    made: Counter[int] = Counter()
    rule_lines = {source.line_of(path): path for path in paths}
    for card in deck.cards:
        if card.where.row is None and card.where.line in rule_lines:
            made[card.where.line] += 1
    listed = len(deck.cards) - sum(made.values())
    if made and max(made.values()) > listed:
        return source.where(rule_lines[made.most_common(1)[0][0]])
    return source.where(("cards",))


# -- the run -------------------------------------------------------------------------------------

@dataclass
class Plan:
    """One game and variant, ready to play: the game, its report, and the prepared deck and
    options of each player count (all checked before any game of the run is played)."""

    name: str
    game: Game[Any, Any]
    report: Report[Any, Any]
    variant: str
    base: Any                          # the deck prepared with no player count's own options
    counts: list[int]
    prepared: dict[int, Any]
    used: dict[int, Setup]


def validate(deck_ref: str, opts: ValidateOptions,
             tick_factory: Progress | None = None) -> tuple[list[Section], Any]:
    plans, deck = plan_run(deck_ref, opts)
    cli = dict(opts.options)
    ref = opts.deck_ref or deck_ref
    with session(opts.backend, opts.address, opts.workers), looking(opts.looks):   # Ray or workers: once per run
        sections = [_section(plan, deck, opts, cli, ref, tick_factory) for plan in plans]
        if opts.skill:
            for section, skill in zip(sections, ladders(plans, str(deck.folder), opts, tick_factory)):
                section.skill = skill
        return sections, deck


def plan_run(deck_ref: str, opts: ValidateOptions) -> tuple[list[Plan], Any]:
    """The deck loaded and every game, variant and player count of the run planned (options read,
    decks prepared and checked), before any game is played: a mistake costs no games, and the seat
    tests of the whole run share one error budget. A replay plans the same way, so it plays a game
    exactly as the report did."""
    from printgen.games.registry import canonical
    from printgen.model.load import load_deck

    check_bots(opts.bots, None if opts.skill else opts.budget, opts.seats)     # --skill: --budget is the ladder's
    check_skill(opts.skill, opts.skill_games, opts.budget)
    check_confirm(opts.confirm, opts.confirm_budget)
    check_limits(opts)
    deck = load_deck(deck_ref)
    if len(deck.cards) > MAX_SIM_CARDS:
        raise UserError(f"the deck '{deck.key}' has {len(deck.cards):,} cards; printgen plays games with packs of at "
                        f"most {MAX_SIM_CARDS:,} cards, far more than any card game uses", _most_cards_from(deck),
                        "check the deck (a pasted list, a generate: rule over large groups); a pack of its own under "
                        "'packs:' can hold the cards a game plays with")
    # a game's own name for an alias (casita-robada is casita); an unknown name is refused by get_game
    names = [canonical(opts.game) or opts.game] if opts.game else [canonical(g) or g for g in deck.games]
    if not names:
        raise UserError(f"the deck '{deck.key}' names no game to simulate",
                        hint="add 'games: [name]' to its deck.yaml, or pass --game")
    setups = {canonical(key) or key: value for key, value in game_setups(deck).items()}
    cli = dict(opts.options)
    return [plan for name in names for plan in _plans(name, deck, setups.get(name), opts, cli)], deck


def _plans(name: str, deck: Any, setup: Any, opts: ValidateOptions, cli: dict[str, Any]) -> list[Plan]:
    """The plan of each variant of the game `name` to validate; UserError for a variant it has not,
    or a player count its deal cannot be given to."""
    from printgen.games.registry import get_game

    game = get_game(name, deck.folder, opts.allow_code)
    check_seat_bots(opts.seats, game, name)
    report = report_of(game, name)
    for unknown in sorted(set(setup.variants) - set(game.variants)) if setup else []:
        raise UserError(f"the game '{name}' has no variant '{unknown}'", deck.where("games", name, "variants", unknown),
                        did_you_mean(unknown, game.variants) or "variants: " + ", ".join(game.variants))
    plans = []
    for variant in [opts.variant] if opts.variant else list(game.variants):
        if variant not in game.variants:
            raise UserError(f"the game '{name}' has no variant '{variant}'",
                            hint="variants: " + ", ".join(game.variants))
        base_deck = setup_options(setup, variant, None)
        base = _prepare(game, deck, name, variant, {**base_deck, **cli}, base_deck, cli,
                        setup_where(deck, name, variant, None, setup))
        listed = listed_counts(setup, variant)
        supported = tuple(sorted(set(game.player_counts(base)) | set(listed)))
        if opts.seats is not None and opts.players is None:     # a line-up says how many play
            seated_count = len(seat_names(opts.seats))
            seats_word = "seat" if seated_count == 1 else "seats"
            counts = parse_players(str(seated_count), supported, f"'{name}' ({variant})",
                                   f"the {seated_count} {seats_word} --seats {opts.seats[:60]} names: "
                                   "name one bot a seat for a count it supports")
        elif opts.players is None and listed:
            counts = [n for n in listed if n in supported]
        else:
            counts = parse_players(opts.players, supported, f"'{name}' ({variant})")
        for n in counts:
            lineup_of(opts, n)          # a line-up of another length: refused before any game
        prepared, used = {}, {}
        for n in counts:
            own = setup_options(setup, variant, n)
            options = {**own, **cli}
            where = setup_where(deck, name, variant, n, setup)
            prep = _prepare(game, deck, name, variant, options, own, cli, where)
            shown = " ".join(format_option(k, v) for k, v in options.items()) or "its default options"
            if n not in game.player_counts(prep):
                raise UserError(f"the game '{name}' ({variant}) cannot be dealt to {n} players with {shown}",
                                where if own and not cli else Where(),
                                "choose more cards (e.g. more houses) for this many players")
            short = short_deal(report, prep, n)      # checked before any game is played short
            if short is not None:
                written = report.deal_needs(prep, n).where        # a game file's deal step, by its line
                raise UserError(f"the game '{name}' ({variant}) cannot be dealt to {n} players with {shown}: "
                                f"{short[0]}", written or (where if own and not cli else Where()), short[1])
            prepared[n], used[n] = prep, Setup(options, setup_source(own, cli))
        plans.append(Plan(name, game, report, variant, base, counts, prepared, used))
    return plans


def _section(plan: Plan, deck: Any, opts: ValidateOptions, cli: dict[str, Any], ref: str,
             tick_factory: Progress | None) -> Section:
    """Play one plan's games at each player count and judge them: the section of the report."""
    name, game, report, variant = plan.name, plan.game, plan.report, plan.variant
    prepared, used = plan.prepared, plan.used
    static = {n: report.static_checks(prepared[n], n) for n in plan.counts}
    summaries, warnings, own = {}, [], {}
    for n in plan.counts:
        bots = lineup_of(opts, n)
        more = MoreGames(game, variant, str(deck.folder), n, opts.seed, opts.workers, opts.backend, opts.address,
                         bots, options_key(used[n].options), f"{name} {variant}, {n} players", tick_factory)
        summary, shared, judged = _judge_count(plan, n, more, opts, cli)
        # a card warning stands only if the search player's games agree
        judged = confirm(judged, summary, report, prepared[n], n, used[n].options, more, opts.confirm,
                         opts.confirm_budget, opts.confirm_capped)
        judged = [_with_command(f, ref, name, variant, deck, used[n], n, cli) for f in judged]
        summaries[n] = summary
        warnings += [f for f in static[n] if f.level != "info"]
        own[n] = [f for f in judged if f.level == "info" or f not in shared]
        warnings += [f for f in judged if f.level != "info"]
    tips = [_command_tip(t, ref, name, variant, deck, used.get(t.players))
            for t in report.advice(plan.base, plan.counts)]
    return Section(name, variant, plan.counts, static, summaries, merge(warnings), tips, used,
                   report.length_unit, report.length_note, own, game.options)


def _judge_count(plan: Plan, n: int, more: MoreGames, opts: ValidateOptions, cli: dict[str, Any]
                 ) -> tuple[dict[str, Any], list[Finding], list[Finding]]:
    """One player count played and judged, looking again with twice the games while any finding is
    undecided (printgen.sim.verdicts: up to LOOKS looks). Returns the summary, the shared findings
    and every finding kept."""
    report, options, bots = plan.report, plan.used[n].options, more.bots
    cap = min(MAX_GAMES, look_games(opts.games, opts.looks - 1))
    look, games = 0, opts.games
    while True:
        results = more.judged(options, games)
        summary = summarise(results, report.card_names(plan.prepared[n]), report.card_groups(plan.prepared[n]),
                            report.length_unit)
        summary["seat_bots"] = list(seat_mix(bots))
        shared = metric_findings(summary, report.good_hand)
        extra = report.extra_findings(results, plan.prepared[n], n, options, more)
        extra += option_findings(plan.game, report, results, options, cli, more)    # was each -O option reached?
        # a shared warning the game's own findings explain as the bots' doing is not the deck's
        explained = {f.explains for f in extra if f.explains}
        shared = [f for f in shared if f.topic not in explained]
        # what the games can carry: no seat or card judged from too few games, no seat from mixed bots
        judged = judge(shared + extra, games, seat_mix(bots))
        # a run asked for fewer games than can judge a seat or card is a smoke test: no further looks
        if games >= cap or opts.games < MIN_GAMES or not any(f.level == UNDECIDED for f in judged):
            break
        look, games = look + 1, min(cap, look_games(opts.games, look + 1))
    summary["looks"] = {"looks": look + 1, "games": games, "cap": cap}
    if mixed_seats(bots):
        summary["bot_win_rate"] = bot_win_rates(results, bots)
        for rate in summary["bot_win_rate"].values():       # each kind judged against the fair share, as a seat is
            rate["verdict"] = bot_verdict(rate["wins"], rate["played"], summary["fair_share"]).as_dict()
    return summary, shared, judged


def _normal(value: Any) -> Any:
    return [str(v) for v in value] if isinstance(value, (list, tuple)) else str(value)


def _command_tip(tip: Tip, ref: str, name: str, variant: str, deck, setup: Setup | None) -> str:
    """A tip with the whole command that plays it; says so when it is already the setup used."""
    from printgen.games.registry import canonical

    if not tip.options:
        return tip.text
    args = ["printgen", "validate", ref]
    if [canonical(g) or g for g in deck.games] != [name]:
        args += ["--game", name]
    args += ["--variant", variant, "--players", str(tip.players)]
    for key, value in tip.options.items():
        args += ["-O", format_option(key, value)]
    command = " ".join(shlex.quote(a) for a in args)
    same = setup is not None and all(_normal(setup.options.get(k)) == _normal(v) for k, v in tip.options.items())
    own = " (the deck's own setup)" if same else ""
    return f"{tip.text}{own}: {command}"


def _with_command(finding: Finding, ref: str, name: str, variant: str, deck, setup: Setup, players: int,
                  cli: dict[str, Any]) -> Finding:
    """A finding that advises a change an option can try ends with the whole command that tries it
    (the command line's other options kept, so the run is the same but for the change)."""
    if not finding.tries:
        return finding
    tip = Tip(players, finding.message, {**cli, **finding.tries})
    return replace(finding, message=_command_tip(tip, ref, name, variant, deck, setup))


_PER_COUNT = re.compile(r"^(\d+) players: (.*)$", re.S)


def merge(findings: list[Finding]) -> list[Finding]:
    """One line per distinct warning: the same text for several player counts is said once,
    naming the counts; the figure kept is the largest. A finding decided by a verdict keeps its
    own line (its counts and interval are its own player count's)."""
    merged: dict[str, list] = {}
    for finding in findings:
        match = _PER_COUNT.match(finding.message) if finding.verdict is None else None
        key, count = (match.group(2), int(match.group(1))) if match else (finding.message, None)
        entry = merged.setdefault(key, [finding, []])
        if count is not None and count not in entry[1]:
            entry[1].append(count)
        if isinstance(finding.figure, (int, float)) and isinstance(entry[0].figure, (int, float)):
            if finding.figure > entry[0].figure:
                entry[0] = replace(entry[0], figure=finding.figure)
    out = []
    for text, (finding, counts) in merged.items():
        if counts:
            names = ", ".join(map(str, counts[:-1])) + (" and " if len(counts) > 1 else "") + str(counts[-1])
            text = f"{names} players: {text}"
        out.append(replace(finding, message=text))
    return out


def lineup_of(opts: ValidateOptions, players: int) -> tuple[str, ...]:
    """The bots of the run at `players` seats, as game 0 seats them (runner.seated turns them)."""
    return lineup(opts.bots, players, opts.budget, opts.seats)


def exit_status(sections: list[Section]) -> int:
    """1 when a warning was decided; an undecided finding alone does not fail a deck (the games
    could not tell it from its margin, and the report says so)."""
    return 1 if any(f.level != UNDECIDED for s in sections for f in s.warnings) else 0
