"""What `printgen validate` says about Coppertwaddle beyond the shared figures.

The victory scale (Miserae, Ordinary, Triumphal), how often the Trumpet runs out (a tie), robbing
attempts and their success, Suites of three games scored as the rule sheet says, per-card
strength (printgen.games.coppertwaddle.strength), why the cards most often held in vain were, and
which starting hand plays best. Rates that warn are decided by their interval against a band
(printgen.sim.verdicts), never by a point estimate.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.games.coppertwaddle.cards import (
    DECLARATION,
    E_POWER,
    FAVOUR,
    KIND_NAMES,
    NOBLE,
    PEASANT,
    PERMANENT,
    WIND,
    Prepared,
)
from printgen.games.coppertwaddle.state import SITUATIONS, State
from printgen.games.coppertwaddle.strength import _place, card_findings, card_strength, strength_verdict, strong_cards
from printgen.sim.metrics import DEAD_WARN
from printgen.sim.report import Deal, Finding, More, Report, Result
from printgen.sim.runner import seated
from printgen.sim.verdicts import FINE, WARNING, decide, pct

TIE_WARN = 0.20           # more than a fifth of the games end with an empty Trumpet
SCALES = ("Miserae", "Ordinary", "Triumphal")


def scale(score: int, upper: bool = True) -> str:
    """The size of a victory. The seed says under 20, 21 to 49, over 50; the rule sheet puts 20 in
    Ordinary and 50 in Triumphal (upper), the other reading puts them one band lower."""
    if upper:
        return SCALES[0] if score < 20 else SCALES[1] if score < 50 else SCALES[2]
    return SCALES[0] if score <= 20 else SCALES[1] if score <= 50 else SCALES[2]


def suite_points(games: list[tuple[int, int]], ties_both: bool = False) -> list[int]:
    """Suite points of the two players from three games given as (winner seat or -1 for a tie,
    victory score): a point per game won, one for the highest single winning score, one for the
    highest total of winning scores. A shared highest gives nobody the point (the rule sheet), or
    both with `ties_both`."""
    points = [0, 0]
    best = [-1, -1]
    total = [0, 0]
    won = [False, False]
    for winner, score in games:
        if winner < 0:
            continue
        points[winner] += 1
        won[winner] = True
        total[winner] += score
        best[winner] = max(best[winner], score)
    for figure in (best, total):
        if not any(won):
            break
        a = figure[0] if won[0] else None
        b = figure[1] if won[1] else None
        if a is None or (b is not None and b > a):
            points[1] += 1
        elif b is None or a > b:
            points[0] += 1
        elif ties_both:
            points[0] += 1
            points[1] += 1
    return points


def highest_score(prep: Prepared) -> int | None:
    """An upper bound of any victory score: the four strongest Nobles and Peasants (a Wind alone
    may stand for a Peasant) and every lasting Power bonus of the one-shot cards, each copy once;
    None when a Threlm's ability can give a lasting bonus turn after turn (no bound then)."""
    nobles = sorted((p for p, k in zip(prep.power, prep.kind) if k == NOBLE), reverse=True)
    lower = [p for p, k in zip(prep.power, prep.kind) if k == PEASANT or (k == WIND and prep.wind_fills)]
    peasants = sorted(lower, reverse=True)
    bonus = 0
    for kind, spec in zip(prep.kind, prep.spec):
        if spec is None:
            continue
        for code, amount, until in spec.effects:
            if code == E_POWER and until == PERMANENT and amount > 0:
                if kind not in (FAVOUR, DECLARATION):
                    return None
                bonus += amount
    return sum(nobles[:4]) + sum(peasants[:4]) + bonus


def static_findings(prep: Prepared) -> list[Finding]:
    counts = {KIND_NAMES[k]: prep.kind.count(k) for k in (NOBLE, PEASANT, WIND, FAVOUR, DECLARATION)}
    powers = {KIND_NAMES[k]: sum(p for p, kk in zip(prep.power, prep.kind) if kk == k) for k in (NOBLE, PEASANT)}
    abilities = sum(1 for s in prep.spec if s is not None)
    text = ", ".join(f"{n} {name}" for name, n in counts.items())
    out = [Finding("info", f"{prep.n} cards: {text}; {abilities} with an ability, all played from their records",
                   {"kinds": counts, "power": powers})]
    for k in (NOBLE, PEASANT):
        if prep.kind.count(k) < 8:
            out.append(Finding("warning", f"only {prep.kind.count(k)} {KIND_NAMES[k]} Threlms: two players cannot "
                                          f"both fill a Rank of four, so robbing decides most games",
                               prep.kind.count(k)))
    return out


def _pct(x: float) -> str:
    return f"{x * 100:.0f}"



DEAD_EXPLAIN = 0.5          # cards held in vain in at least half their games are explained
DEAD_SHOWN = 5              # the worst this many, and beyond them every card the shared findings may warn
                            # about as dead (metrics.DEAD_WARN), so each such warning is explained
WATCH_GAMES = 500           # games replayed with watch=yes to see which cards could be played (at most a
                            # quarter of the run: noting every legal play makes a game several times slower)


def dead_diagnosis(results: list[Result], watched: list[Result], prep: Prepared, bots: str) -> list[Finding]:
    """For the cards most often held in vain: in how many of those games could the card have been
    played at all (watched games: the same seeds replayed noting every legal play). Rarely
    playable: what the card needs seldom happens, a property of the deck. Often playable: the
    bots chose not to play it, which says more about the bots than about the card."""
    masks: dict[str, int] = {}
    for c, name in enumerate(prep.names):
        masks[name] = masks.get(name, 0) | 1 << c

    def per_name(rows: list[Result], with_could: bool) -> dict[str, list[int]]:
        """name -> [games a copy was held, of those with no copy used, of those with a copy
        playable]: by game, as metrics.name_counts counts (two copies are one card)."""
        out: dict[str, list[int]] = {}
        for r in rows:
            if r.timed_out:
                continue
            could = r.extra.get("could", 0)
            for name, mask in masks.items():
                if r.held & mask:
                    entry = out.setdefault(name, [0, 0, 0])
                    entry[0] += 1
                    if not r.used & mask:
                        entry[1] += 1
                        if with_could and could & mask:
                            entry[2] += 1
        return out
    main = per_name(results, False)
    rates = {name: dead / held for name, (held, dead, _) in main.items() if held}
    ranked = [name for name in sorted(rates, key=lambda n: -rates[n]) if rates[name] >= DEAD_EXPLAIN]
    worst = ranked[:max(DEAD_SHOWN, sum(1 for name in ranked if rates[name] >= DEAD_WARN))]
    if not worst:
        return []
    seen = per_name(watched, True)
    out = []
    for name in worst:
        held, dead, _ = main[name]
        verdict = decide(dead, held, (0.0, DEAD_WARN))       # as the shared findings decide it
        text = f"'{name}' is held but never used in {pct(verdict.rate)} % of the {held:,} games it is held " \
               f"({verdict.interval_words()})"
        _, w_dead, playable = seen.get(name, [0, 0, 0])
        figure = {"card": name, "held": held, "dead": dead, "watched_dead": w_dead, "playable_when_dead": playable}
        explains: tuple = ()
        level = "info"
        if w_dead:
            # against a half, at the verdicts' confidence: a dismissal needs a difference as clear as a finding
            could = decide(playable, w_dead, (0.5, 0.5))
            text += (f"; replaying {w_dead:,} of those games, it could have been played at some point in "
                     f"{pct(could.rate)} % of them ({could.interval_words()}): ")
            if could.lean < 0:
                text += ("what it needs seldom arises in play, so it is the card (its condition), not the bots' "
                         "choice: loosen what it asks for (its target, its stage or its cost)"
                         + _place(prep, name, 'ability'))
                if verdict.decision == WARNING:      # the shared warning, with its advice
                    level, explains = WARNING, ("dead", name)
            elif could.lean > 0:
                text += f"the {bots} bots chose not to play it, so this is the bots' choice, not a property of the deck"
                explains = ("dead", name)
            else:
                text += "the replayed games cannot tell the card's condition from the bots' choice"
        out.append(Finding(level, text, figure, about="card", explains=explains))
    return out


def game_figures(results: list[Result]) -> dict[str, Any]:
    """Decided share, seat-1 share of the decided games, Trumpet exhaustion and length."""
    n = len(results) or 1
    won = [r for r in results if not r.timed_out and r.extra.get("winner", -1) >= 0]
    first = sum(1 for r in won if r.extra["winner"] == 0)
    return {"games": len(results), "decided": len(won) / n,
            "exhausted": sum(1 for r in results if r.extra.get("exhausted")) / n,
            "first_seat": first / len(won) if won else 0.5,
            "turns": sum(r.length for r in results) / n}


def health(figures: dict[str, Any]) -> float:
    """The criterion for the healthiest starting hand: the share of games that end with a winner,
    less twice how far the first player's share of the wins is from a half."""
    return figures["decided"] - 2 * abs(figures["first_seat"] - 0.5)


def findings(results: list[Result], prep: Prepared, options: dict[str, Any],
             more: More | None) -> list[Finding]:
    out: list[Finding] = []
    n = len(results)
    if not n:
        return out
    won = [r for r in results if not r.timed_out and r.extra.get("winner", -1) >= 0]
    scores = [r.extra["victory"] for r in won]
    counts = {name: 0 for name in SCALES}
    for s in scores:
        counts[scale(s, prep.scale_upper)] += 1
    share = {name: counts[name] / len(won) if won else 0.0 for name in SCALES}
    mean = sum(scores) / len(scores) if scores else 0.0
    top = highest_score(prep)
    most = f"; no score can pass {top} with this deck" if top is not None else ""
    out.append(Finding("info", "victories: " + ", ".join(f"{name} {share[name]:.0%}" for name in SCALES)
                       + f" of {len(won):,} won games (mean score {mean:.1f}{most})", {"counts": counts, "mean": mean}))
    edge = 50 if prep.scale_upper else 51
    if top is not None and top < edge:
        out.append(Finding("warning", f"no game can end in a {SCALES[2]} victory ({edge} or more): the highest score "
                                      f"this deck can make is {top} (its four strongest Nobles and Peasants, with "
                                      f"every lasting Power bonus its Favours and Declarations give): raise some "
                                      f"Powers, or lasting bonuses, if the top of the scale should be reachable",
                           {"highest": top, "edge": edge}))
    ties = decide(sum(1 for r in results if r.extra.get("exhausted")), n, (0.0, TIE_WARN))
    said = (f"the Trumpet runs out (a tie) in {pct(ties.rate)} % of {n:,} games ({ties.interval_words()}; fine is "
            f"{ties.band_words()})")
    if ties.decision == FINE:
        out.append(Finding("info", said, ties.rate, verdict=ties.as_dict()))
    else:
        out.append(Finding(ties.decision, said + (": players cannot complete their Domains (more Threlms, or fewer "
                                                  "Winds)" if ties.decision == WARNING else
                                                  ": its interval reaches both sides of the band's edge"),
                           ties.rate, topic=("ties",), verdict=ties.as_dict()))
    attempts = sum(sum(r.extra.get("robs", (0, 0))) for r in results)
    robbed = sum(sum(r.extra.get("robbed", (0, 0))) for r in results)
    rate = robbed / attempts if attempts else 0.0
    out.append(Finding("info", f"robbings: {attempts / n:.1f} attempts a game, {rate:.0%} succeed",
                       {"attempts_per_game": attempts / n, "success_rate": rate}))
    bots = getattr(more, "bots", None)
    out += _suites(results, prep, bots)
    name = "greedy" if bots is None or set(bots) == {"greedy"} else "random" if set(bots) == {"random"} else "mixed"
    # the same seeds played by every other kind of bot than the one asked: greedy for random, random
    # for greedy, and both for mixed (a card must lean the same way with each to be the deck's)
    kinds = [kind for kind in ("greedy", "random") if kind != name]
    if more is not None and bots is not None and prep.explain and strong_cards(results, prep):
        out += _strength_checked(results, prep, options, more, name, kinds)
    else:
        out += card_findings(results, prep, None, name, kinds[0])
    if more is not None and prep.explain:
        watched = more({**options, "watch": "yes"}, min(max(1, len(results) // 4), WATCH_GAMES))
        out += dead_diagnosis(results, watched, prep, name)
    if more is not None and prep.hands:
        out += hand_findings(results, prep, options, more)
    return out


OTHER_GAMES = 2000      # the other bots play this many of the seeds first (all of them if one is undecided)


def _strength_checked(results: list[Result], prep: Prepared, options: dict[str, Any], more: More, name: str,
                      kinds: list[str]) -> list[Finding]:
    """Card strength with the other kinds of bot playing the same seeds: first at most OTHER_GAMES of
    them (a card that leans with greedy bots and not with random ones usually shows it at once), then
    as many as the judged games when a card is still undecided. Why not always all: the judged games
    grow while any finding is undecided, and the other bots' games would grow with them for nothing."""
    lineup = len(more.bots)
    first = min(len(results), OTHER_GAMES)
    others = {kind: more(options, first, bots=(kind,) * lineup) for kind in kinds}
    found = card_findings(results, prep, others, name, kinds[0])
    if first < len(results) and any(f.level == "undecided" and f.topic[:1] == ("strength",) for f in found):
        others = {kind: more(options, len(results), bots=(kind,) * lineup) for kind in kinds}
        found = card_findings(results, prep, others, name, kinds[0])
    return found


def _suites(results: list[Result], prep: Prepared, bots: tuple[str, ...] | None = None) -> list[Finding]:
    """Three games in a row as a Suite (seat 1 always starts): who takes the Suite, how often. With
    different bots the runner turns them round the table game by game, so a Suite is made of games
    in which each seat held the same bot, and the figure is given for each seating: a Suite of
    mixed seatings would score a seat for two bots at once."""
    seatings: dict[tuple[str, ...], list[Result]] = {}
    for r in sorted(results, key=lambda r: r.index):
        seatings.setdefault(seated(bots, r.index) if bots else (), []).append(r)
    out = []
    for who, games in seatings.items():
        tally = _suite_tally(games, prep)
        suites = sum(tally)
        if not suites:
            continue
        seating = f" with seat 1 {who[0]} and seat 2 {who[1]}" if len(set(who)) > 1 else ""
        out.append(Finding("info", f"Suites of three games{seating}: seat 1 takes {tally[0] / suites:.0%}, seat 2 "
                                   f"{tally[1] / suites:.0%}, level {tally[2] / suites:.0%} of {suites:,} Suites",
                           {"seat1": tally[0], "seat2": tally[1], "level": tally[2], "seats": list(who)},
                           about="seat"))
    return out


def _suite_tally(games: list[Result], prep: Prepared) -> list[int]:
    """[seat 1 takes, seat 2 takes, level] over `games` taken three at a time."""
    tally = [0, 0, 0]
    for start in range(0, len(games) - 2, 3):
        played = [(r.extra.get("winner", -1) if not r.timed_out else -1, r.extra.get("victory", 0))
                  for r in games[start:start + 3]]
        a, b = suite_points(played, prep.suite_ties_both)
        tally[0 if a > b else 1 if b > a else 2] += 1
    return tally


def hand_findings(results: list[Result], prep: Prepared, options: dict[str, Any],
                  more: Callable[..., list[Result]]) -> list[Finding]:
    """Play each candidate starting hand and say which gives the healthiest game (see health())."""
    games = min(len(results), 1000)
    rows = {}
    for hand in prep.hands:
        played = results if hand == prep.hand and len(results) == games else more({**options, "hand": hand}, games)
        rows[hand] = game_figures(played)
    best = max(rows, key=lambda h: (round(health(rows[h]), 2), h == prep.hand))
    parts = [f"{h}: {f['decided']:.0%} decided, seat 1 wins {f['first_seat']:.0%}, {f['turns']:.1f} turns"
             for h, f in rows.items()]
    text = (f"starting hands ({games:,} games each; healthiest = most games with a winner, less twice the first "
            f"seat's distance from half the wins): " + "; ".join(parts) + f". Healthiest: {best}")
    tries = None
    if best != prep.hand:
        text += f" (this run plays {prep.hand}); try a starting hand of {best}"
        tries = {"hand": best}
    return [Finding("info", text, {str(h): f for h, f in rows.items()}, about="seat", tries=tries)]


class CoppertwaddleReport(Report[Prepared, State]):
    """What validate measures of a game of Coppertwaddle and says about it (the findings above)."""

    good_hand = (3, 6)
    length_unit = "turns"
    length_note = "a turn is one player's Engagement to Respite"
    # how often the situation each reading governs arose (State.arose; the scale's from the end)
    situations = {**SITUATIONS, "scale": ("edge_score", "a game won with a score of exactly 20 or 50, the two "
                                                        "readings' edges")}
    situation_unit = "games"
    settings = {"hand": "the starting hands", "hands": "only the report's comparison of starting hands",
                "explain": "only the report's replays that tell the deck from the bots' play",
                "watch": "only the record of which cards could have been played",
                "suite_ties": "only the report's Suites of three games, when their highest is shared"}

    def deal_needs(self, prepared: Prepared, players: int) -> Deal:    # the first Engagement draws one
        return Deal((prepared.hand,) * players, ((1, "to draw at the first Engagement"),), "hand")

    def static_checks(self, prepared: Prepared, players: int) -> list[Finding]:
        return static_findings(prepared)

    def length(self, state: State) -> int:
        return state.turn + 1

    def hand_sizes(self, state: State) -> list[int]:
        return list(state.dealt)

    def card_usage(self, state: State) -> tuple[int, int]:
        return state.held, state.used

    def card_names(self, prepared: Prepared) -> list[str]:
        return list(prepared.names)

    def card_groups(self, prepared: Prepared) -> list[str]:
        return list(prepared.groups)

    def result_extra(self, state: State) -> dict[str, Any]:
        arose = {counter: flag for (counter, _), flag in zip(SITUATIONS.values(), state.arose)}
        arose["edge_score"] = int(state.winner >= 0 and state.victory in (20, 50))
        extra = {"winner": state.winner, "victory": state.victory, "exhausted": state.exhausted,
                 "robs": list(state.robs), "robbed": list(state.robbed), "drawn": list(state.drawn), "arose": arose}
        if state.prep.watch:
            extra["could"] = state.could
        return extra

    def extra_findings(self, results: list[Result], prepared: Prepared, players: int, options: dict[str, Any],
                       more: More) -> list[Finding]:
        return findings(results, prepared, options, more)

    def judge_again(self, topic: tuple[Any, ...], results: list[Result], prepared: Prepared, players: int) -> Any:
        """A card's strength judged again on other games (the search player's), as card_strength judges it."""
        if topic[:1] != ("strength",):
            return None
        row = card_strength(results, prepared).get(topic[1])
        return strength_verdict(row) if row and row["games"] else None
