"""Dead and strong cards judged again with the search player (issue 28): a warning about one card
stands only if a player that thinks ahead finds the same.

Why: validate's games are played by simple bots, and a card the greedy player never plays (or a
card that wins only in its hands) may be its quirk rather than the deck's. Once a player count is
judged, each card warning that stands (a dead card or group, a strong or weak card) is judged again,
by its interval against the band its finding uses, on games of the same seeds with the search
player in every seat: a warning those games confirm stays a warning and says so; one whose interval
lies inside the band there becomes an information line, a bot effect; one they find the other way
(a strong card weak) becomes undecided. Only decided search games overrule the judged ones: a check
that cannot play the games a decision needs (even a card dead in every holding needs about 60 at one
look, 86 at five) plays none and keeps the warning, saying how many would decide; one whose games
stay undecided keeps it too. The games are sized by that need: the first look plays the fewest that
could decide (as if the search games showed the judged rate), twice as many while a card is
undecided. The default check is bounded by WORK; a --confirm the user types plays what it asks.
Why not lower the search budget until the games fit: a weak search is the greedy player again (its
playouts are greedy), and in Cromwell a budget of 4 made the check sixty times slower than one of 5
(its games drag on: 321 s of processor time against 5 s, docs/designer.md); the report says instead
the games that would decide, at the budget asked.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from printgen.commands.validate_flags import CONFIRM, CONFIRM_BUDGET, CONFIRM_GAMES
from printgen.sim.metrics import DEAD_WARN, summarise
from printgen.sim.report import Finding, More, Report, Result
from printgen.sim.stats import wilson
from printgen.sim.verdicts import FINE, UNDECIDED, WARNING, Verdict, decide, pct

FIRST_GAMES = 10             # the search games played first; more (doubling) only while a card is undecided
WORK = 20_000_000            # playout steps the default check may take (estimated, see affordable)
PROBE_GAMES = 8              # games of random players that measure how long a playout runs
SHARED = ("dead", "dead group")     # topics every game's figures judge (printgen.sim.metrics.dead_findings)


def card_topic(finding: Finding) -> tuple[Any, ...] | None:
    """What a card warning is about, or None for a finding this module does not judge again: a
    shared dead card or group, a game's own strong or weak card, or a game's own dead-card warning
    (one that `explains` the shared warning of its card, and warns in its place)."""
    if finding.level != WARNING or finding.about not in ("card", ""):
        return None
    if finding.topic[:1] in (("dead",), ("dead group",), ("strong",), ("strength",)):
        return finding.topic
    if finding.explains[:1] == ("dead",):
        return finding.explains
    return None


def searching(bots: tuple[str, ...]) -> bool:
    """Does every seat already play the search player? Then its findings are the search player's."""
    return all(name.startswith("search") for name in bots)


def confirm(judged: list[Finding], summary: dict[str, Any], report: Report[Any, Any], prepared: Any, players: int,
            options: dict[str, Any], more: More, games: int, budget: int, capped: bool = True) -> list[Finding]:
    """`judged` with each card warning judged again on at most `games` games with the search player
    (of `budget` iterations) in every seat; the figures of the search games go in summary["confirm"].
    `capped`: the games are also bounded by WORK (the default --confirm; one the user typed plays the
    games asked). A check that cannot play the games a decision needs keeps the warning as it was."""
    topics = [card_topic(f) for f in judged]
    if games < 1 or searching(more.bots) or not any(topics):
        return judged
    lineup = (f"search:{budget}",) * players
    bot = lineup[0]
    cap, limit = games, "asked"
    if capped:
        probe = more(options, PROBE_GAMES, bots=("random",) * players)      # how long a random playout runs
        fit = affordable(more(options, summary["games"]), probe, budget)
        if fit < cap:
            cap, limit = fit, "work"
    # the games a decision needs if the search games showed the judged games' rate: a card dead in
    # every holding needs the fewest, and no smaller check can decide anything
    # (a finding without its verdict's counts is tried on FIRST_GAMES, as before the sizing)
    needs = [(games_needed(f.verdict, summary["games"]) if f.verdict else FIRST_GAMES) if t else None
             for f, t in zip(judged, topics)]
    least = min((n for n, t in zip(needs, topics) if t and n is not None), default=None)
    if least is None or cap < least:
        return [_too_costly(f, bot, n, cap, limit) if t else f for f, t, n in zip(judged, topics, needs)]
    # the fewest games that can decide first, twice as many while any card is undecided
    played = min(max(FIRST_GAMES, least), cap)
    while True:
        results = more(options, played, bots=lineup)
        again = _figures(results, report, prepared)
        verdicts = [again_verdict(t, again, results, report, prepared, players) if t else None for t in topics]
        if played >= cap or all(v is not None and v.decision != UNDECIDED for v, t in zip(verdicts, topics) if t):
            break
        played = min(cap, played * 2)
    out, record = [], []
    for finding, topic, verdict in zip(judged, topics, verdicts):
        if topic is None:
            out.append(finding)
            continue
        record.append({"topic": list(topic), "verdict": verdict.as_dict() if verdict else None})
        if verdict is None or verdict.decision == UNDECIDED:       # the check ran out of games: no evidence against
            out.append(_too_few(finding, topic, verdict, bot, len(results), limit))
            continue
        out.append(judged_again(finding, topic, verdict, bot, players_words(more.bots)))
    summary["confirm"] = {"bots": bot, "games": len(results), "cards": record}
    return out


def affordable(results: list[Result], probe: list[Result], budget: int) -> int:
    """How many all-search games fit in WORK: a game of d decisions costs about d x budget playouts
    of about d steps each, d the longer of the judged games' and the random probe's mean (search
    players can take as long as random ones: Cromwell's run to hundreds of decisions where greedy
    ones take fifty). Why a bound counted in steps, not seconds: the report must be the same on any
    machine, and a long game would otherwise take the search player hours."""
    def mean(found: list[Result]) -> float:
        return sum(r.steps for r in found) / len(found) if found else 0.0
    d = max(mean(probe), mean(results))
    return int(WORK // max(1.0, d * budget * d))


def trials_needed(rate: float, band: tuple[float, float], z: float) -> int | None:
    """The fewest trials at which a rate of `rate` is decided against `band` (its interval at `z`
    wholly inside or beyond the band); None when no number up to ten million decides it (a rate on
    the band's very edge)."""
    def decided(n: int) -> bool:
        low, high = wilson(rate * n, n, z)
        return low > band[1] or high < band[0] or (band[0] <= low and high <= band[1])
    high = 1
    while not decided(high):
        high *= 2
        if high > 10_000_000:
            return None
    low = high // 2
    while high - low > 1:                 # decided(high), not decided(low) (or low == 0)
        mid = (low + high) // 2
        low, high = (low, mid) if decided(mid) else (mid, high)
    return high


def games_needed(verdict: dict[str, Any] | Verdict | None, games: int) -> int | None:
    """The games a finding's verdict needs to be decided at its rate, its trials a game as in the
    `games` it was judged on (a card held in nearly every game: about one trial a game). None when
    no number of games would decide it, or the verdict is missing."""
    if verdict is None or games < 1:
        return None
    if isinstance(verdict, Verdict):
        verdict = verdict.as_dict()
    trials, z = verdict["trials"], verdict["z"]
    if trials < 1:
        return None
    needed = trials_needed(verdict["successes"] / trials, tuple(verdict["band"]), z)
    return None if needed is None else math.ceil(needed * games / trials)


def _too_costly(finding: Finding, bot: str, needed: int | None, cap: int, limit: str) -> Finding:
    """A warning the search player could not check: it stands (the judged games' verdict), and says why."""
    if needed is None:
        return replace(finding, message=f"{finding.message} (not checked with the search player: no number of "
                                        "games could decide it at this rate)")
    room = (f"{cap} were asked (--confirm)" if limit == "asked" else
            f"at most {cap} fit the {WORK:,} playout steps the default check may take")
    return replace(finding, message=f"{finding.message} (not checked with the search player, too costly here: a "
                                    f"decision needs about {needed:,} games of {bot}, and {room}; "
                                    f"--confirm {needed}:{bot.partition(':')[2]} plays them, however long)")


def _too_few(finding: Finding, topic: tuple[Any, ...], verdict: Verdict | None, bot: str, played: int,
             limit: str) -> Finding:
    """A warning the search games could not decide (or never dealt the card) in the games the check
    could play: no evidence against it, so it stands, with the search figures and what would decide."""
    if verdict is None:
        return replace(finding, message=f"{finding.message} (not checked with the search player: its {played} games "
                                        f"({bot}) never dealt {_it(topic)})")
    needed = games_needed(verdict, played)
    room = "the games asked (--confirm)" if limit == "asked" else f"the games that fit the check's {WORK:,} steps"
    more_words = ("no number of games would decide it at this rate" if needed is None else
                  f"about {needed:,} would: --confirm {needed}:{bot.partition(':')[2]}")
    return replace(finding, message=f"{finding.message} (not decided by the search player in {played} games, "
                                    f"{room}: {_subject(topic)} {_rate(topic, verdict)}; {more_words})")


def _figures(results: list[Result], report: Report[Any, Any], prepared: Any) -> dict[str, Any]:
    return summarise(results, report.card_names(prepared), report.card_groups(prepared), report.length_unit)


def again_verdict(topic: tuple[Any, ...], figures: dict[str, Any], results: list[Result], report: Report[Any, Any],
                  prepared: Any, players: int) -> Verdict | None:
    """The verdict on `topic` in the search games, against the band its first finding used: a dead
    card's or group's share of holdings in vain against (0, DEAD_WARN); a game's own topic as the
    game judges it (Report.judge_again). None when the search games never dealt the card."""
    band = (0.0, DEAD_WARN)
    if topic[0] == "dead":
        held = figures["held_by_card"].get(topic[1], 0)
        return decide(figures["dead_by_card"][topic[1]], held, band) if held else None
    if topic[0] == "dead group":
        held, dead = figures["dead_by_group"].get(topic[1], (0, 0))
        return decide(dead, held, band) if held else None
    verdict: Verdict | None = report.judge_again(topic, results, prepared, players)
    return verdict


def _side(verdict: dict[str, Any] | Verdict | None) -> int:
    """+1 when the interval lies above the band, -1 below, 0 otherwise (as Verdict.lean)."""
    if verdict is None:
        return 0
    if isinstance(verdict, Verdict):
        return verdict.lean
    low, high = verdict["interval"]
    return 1 if low > verdict["band"][1] else -1 if high < verdict["band"][0] else 0


def judged_again(finding: Finding, topic: tuple[Any, ...], verdict: Verdict, bot: str, who: str) -> Finding:
    """The finding as decided search games leave it: confirmed, a bot effect, or (the search games
    finding the opposite, a strong card weak there) undecided. `who`: the players of the judged games
    ('the greedy player'), `bot` the search player's name (search:100). Undecided search games are
    _too_few's: they leave the warning as it was."""
    said = f"{_subject(topic)} {_rate(topic, verdict)}"
    lean = _side(finding.verdict) or verdict.lean
    if verdict.decision == WARNING and verdict.lean == lean:
        return replace(finding, message=f"{finding.message}; confirmed by the search player ({bot}): {said}")
    if verdict.decision == FINE:
        if topic[0] in SHARED:
            effect = f"{who} leaves {_cards(topic)} unused; the search player uses {_it(topic)}"
        else:
            effect = f"{_cards(topic)} is {'weak' if lean < 0 else 'strong'} with {who}, not with the search player"
        return Finding("info", f"a bot effect, not a property of the deck: {effect} ({bot}: {said}; fine is "
                               f"{verdict.band_words()}). Judged games: {finding.message}",
                       finding.figure, about=finding.about, explains=topic, verdict=finding.verdict)
    why = f"the search player ({bot}) finds the opposite: {said}"
    return replace(finding, level=UNDECIDED, message=f"{finding.message}; not confirmed: {why}")


def players_words(bots: tuple[str, ...]) -> str:
    """'the greedy player', 'the random player', or 'the bots (random, greedy, greedy)'."""
    kinds = sorted(set(bots))
    return f"the {kinds[0]} player" if len(kinds) == 1 else f"the bots ({', '.join(bots)})"


def _subject(topic: tuple[Any, ...]) -> str:
    return {"dead": f"'{topic[1]}' held in vain in", "dead group": f"the cards of {topic[1]} held in vain in",
            "strength": f"the holder of '{topic[1]}' wins", "strong": f"the user of '{topic[1]}' wins"}.get(
        topic[0], f"{topic[1]}:")


def _rate(topic: tuple[Any, ...], verdict: Verdict) -> str:
    units = {"dead": "the games it is held", "dead group": "holdings", "strength": "decided games"}
    unit = units.get(topic[0], "games")
    return f"{pct(verdict.rate)} % of {verdict.trials:,} {unit} ({verdict.interval_words()})"


def _cards(topic: tuple[Any, ...]) -> str:
    return f"the cards of {topic[1]}" if topic[0] == "dead group" else f"'{topic[1]}'"


def _it(topic: tuple[Any, ...]) -> str:
    return "them" if topic[0] == "dead group" else "it"


def parse_confirm(text: str) -> tuple[int, int]:
    """--confirm GAMES[:BUDGET] as (games, budget); 0 or 'no' plays none. UserError for anything else."""
    from printgen.files.errors import UserError

    games, colon, budget = text.strip().partition(":")
    if games in ("0", "no", "off"):
        return 0, CONFIRM_BUDGET
    try:
        if colon and not budget:
            raise ValueError("a colon with no budget after it")     # '10:' is a budget forgotten, not the default
        parsed = int(games), int(budget) if budget else CONFIRM_BUDGET
    except ValueError:
        raise UserError(f"--confirm {text[:40]}: give the search games and, after a colon, their budget",
                        hint=f"for example --confirm {CONFIRM} (the default), --confirm 400 or --confirm 0") from None
    check_confirm(*parsed)
    return parsed


def check_confirm(games: int, budget: int) -> None:
    """--confirm and --confirm-budget; UserError for a number that makes no sense."""
    from printgen.files.errors import UserError

    if not 0 <= games <= 1_000_000:
        raise UserError(f"--confirm {games}: play 0 (no confirmation) to 1,000,000 search games",
                        hint=f"the default {CONFIRM_GAMES} judges most cards; 0 keeps the warnings unconfirmed")
    if budget < 1:
        raise UserError(f"--confirm {games}:{budget}: a search takes at least 1 iteration a decision",
                        hint=f"the default budget is {CONFIRM_BUDGET}: --confirm {CONFIRM}")
    from printgen.commands.validate_bots import MAX_BUDGET

    if budget > MAX_BUDGET:
        raise UserError(f"--confirm {games}:{str(budget)[:40]}: too many iterations a decision to finish in bounded "
                        "time", hint=f"at most {MAX_BUDGET:,}; the default is --confirm {CONFIRM}")
