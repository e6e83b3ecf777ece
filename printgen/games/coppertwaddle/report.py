"""What `printgen validate` says about Coppertwaddle beyond the shared figures.

The victory scale (Miserae, Ordinary, Triumphal), how often the Trumpet runs out (a tie), robbing
attempts and their success, Suites of three games scored as the rule sheet says, per-card
strength, and which starting hand plays best. Per-card strength is the share of decided games
won by the player who drew the card, against the same share over every card (the baseline: a
drawn card's holder wins about half the decided games); a card is flagged only when the
difference is large (CARD_WARN) and a binomial test says it is beyond chance, with the threshold
shared out over every card tested (Bonferroni), so a deck of 55 fair cards raises no false alarm.
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
from printgen.sim.metrics import DEAD_SURE, DEAD_WARN
from printgen.sim.report import Deal, Finding, More, Report, Result
from printgen.sim.runner import seated
from printgen.sim.stats import binomial_p, format_p, wilson

CARD_WARN = 0.10          # a card whose holder wins 10 points more (or less) than the baseline ...
CARD_ALPHA = 0.05         # ... and a binomial p below this, shared over every card tested
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


def card_strength(results: list[Result], prep: Prepared) -> dict[str, dict[str, Any]]:
    """Per card name (copies together): in decided games, how often the player who drew it won."""
    holds: dict[str, int] = {}
    wins: dict[str, int] = {}
    for r in results:
        winner = r.extra.get("winner", -1) if not r.timed_out else -1
        if winner < 0:
            continue
        for seat, mask in enumerate(r.extra["drawn"]):
            c = 0
            while mask:
                if mask & 1:
                    name = prep.names[c]
                    holds[name] = holds.get(name, 0) + 1
                    if seat == winner:
                        wins[name] = wins.get(name, 0) + 1
                mask >>= 1
                c += 1
    all_holds = sum(holds.values())
    base = sum(wins.values()) / all_holds if all_holds else 0.5
    out = {}
    for name in dict.fromkeys(prep.names):
        n = holds.get(name, 0)
        w = wins.get(name, 0)
        low, high = wilson(w, n)
        out[name] = {"win_rate": round(w / n, 4) if n else None, "games": n, "wins": w,
                     "ci95": [round(low, 4), round(high, 4)], "baseline": round(base, 4),
                     "p": binomial_p(w, n, base) if n else 1.0,
                     "kind": KIND_NAMES[prep.kind[prep.names.index(name)]]}
    return out


def _pct(x: float) -> str:
    return f"{x * 100:.0f}"


def _strong(row: dict[str, Any], threshold: float) -> int:
    """+1 (strong) or -1 (weak) for a card far from the baseline and beyond chance, else 0."""
    if not row["games"] or abs(row["win_rate"] - row["baseline"]) <= CARD_WARN or row["p"] >= threshold:
        return 0
    return 1 if row["win_rate"] > row["baseline"] else -1


def _figure(row: dict[str, Any]) -> str:
    low, high = row["ci95"]
    return (f"{_pct(row['win_rate'])} % of {row['games']:,} decided games (95 % CI {_pct(low)}-{_pct(high)} %; "
            f"baseline {_pct(row['baseline'])} %)")


def card_findings(results: list[Result], prep: Prepared, other: list[Result] | dict[str, list[Result]] | None = None,
                  bots: str = "greedy", other_bots: str = "random") -> list[Finding]:
    """Per-card strength, and a warning for a card far from the baseline. A card found strong or
    weak with `bots` is tried again in `other` (the same games' seeds played by `other_bots`; or a
    mapping of several other kinds of bot to their games): only a card that leans the same way with
    every other kind too, beyond chance, is reported as a property of the deck; one that does not
    is said to depend on how it is played (an info line, not a warning), since then it may be the
    bots' play rather than the card that wins. Without other games to check against, no card is
    warned about either: its lean is not known to be the deck's."""
    others = other if isinstance(other, dict) else ({other_bots: other} if other is not None else {})
    table = card_strength(results, prep)
    rated = {name: row for name, row in table.items() if row["games"]}
    if not rated:
        return []
    base = next(iter(rated.values()))["baseline"]
    threshold = CARD_ALPHA / len(rated)
    order = sorted(rated, key=lambda name: -rated[name]["win_rate"])
    shown = lambda names: ", ".join(f"{n} {_pct(rated[n]['win_rate'])} %" for n in names)   # noqa: E731
    out = [Finding("info", f"card strength with {bots} bots (share of decided games won by the player who drew "
                           f"the card; baseline {_pct(base)} %): strongest {shown(order[:3])}; weakest "
                           f"{shown(order[-3:])}", table, about="card")]
    flagged = [name for name in order if _strong(rated[name], threshold)]
    again = {kind: card_strength(games, prep) for kind, games in others.items()} if flagged else {}
    for name in flagged:
        row = rated[name]
        lean = _strong(row, threshold)
        stated = (f"'{name}': its holder wins {_figure(row)} with {bots} bots, binomial p = {format_p(row['p'])} "
                  f"(below {format_p(threshold)})")
        if not again:
            out.append(Finding("info", f"{stated}; not played again by another kind of bot (-O explain=no), so it "
                                       f"may be the {bots} bots' play rather than the card: not reported as a "
                                       f"property of the deck", {"card": name, bots: row}, about="card"))
            continue
        checks = []
        for kind, table_again in again.items():
            o = table_again.get(name, {"games": 0})
            # the same lean with the other bots: beyond chance (Bonferroni over the cards re-tried)
            holds = bool(o["games"]) and (o["win_rate"] - o["baseline"]) * lean > 0 \
                and o["p"] < CARD_ALPHA / len(flagged)
            words = f"with {kind} bots {_figure(o)}, p = {format_p(o['p'])}" if o["games"] else \
                f"with {kind} bots never drawn"
            checks.append((kind, o, holds, words))
        with_other = "; ".join(words for *_, words in checks)
        if not all(holds for _, _, holds, _ in checks):
            out.append(Finding("info", f"{stated}; {with_other}. How strong it is depends on how it is played, "
                                       f"so this may come from the {bots} bots' play rather than the card: not "
                                       f"reported as a property of the deck (play it by hand to judge)",
                               {"card": name, bots: row, **{kind: o for kind, o, _, _ in checks}}, about="card"))
            continue
        stated += f"; {with_other}: {'strong' if lean > 0 else 'weak'} whoever plays it, a property of the deck"
        advice, tries = _advice(prep, name, row["kind"], lean)
        out.append(Finding("warning", f"{stated}: {advice}", row["win_rate"], about="card", tries=tries))
    return out


def _place(prep: Prepared, name: str, field_name: str) -> str:
    """' (file, line, card, field)' of a card's field in the deck file, or '' if not known."""
    where = getattr(prep, "places", {}).get(name, {}).get(field_name)
    return f" ({where.describe()})" if where is not None and where.file is not None else ""


def _advice(prep: Prepared, name: str, kind: str, lean: int) -> tuple[str, dict[str, Any] | None]:
    """What to change for a card found too strong (lean +1) or too weak (-1), and the game options
    that try it when an option can (validate prints the whole command). A Power or an ability is
    written in the deck file, which no command edits: the advice names the file, line and field."""
    if kind == "Wind":              # Power 0 and no ability: what a Wind does is the rules' doing
        if lean > 0:
            return "Winds do too much: use fewer of them in the deck file", None
        return "Winds do too little: let a lone Wind block its Ditch", {"wind_alone": "blocks"}
    def at(field_name: str) -> str:
        return _place(prep, name, field_name)
    index = prep.names.index(name)
    if kind in ("Noble", "Peasant"):
        power = prep.power[index]
        verb = "lower" if lean > 0 else "raise"
        text = f"{verb} its power, now {power}{at('power')}"
        if prep.spec[index] is not None:
            text += f", or {'weaken' if lean > 0 else 'strengthen'} its ability{at('ability')}"
    else:
        text = f"{'weaken' if lean > 0 else 'strengthen'} its effect{at('ability')}"
    origin = getattr(prep, "places", {}).get(name, {}).get("provenance")
    if origin is not None:                   # a value the original game gives is changed knowingly
        text += f"; mind its provenance, {origin.label or origin.name}: {origin.note}"
    return text, None


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
        low, high = wilson(dead, held)
        text = f"'{name}' is held but never used in {rates[name]:.0%} of the {held:,} games it is held " \
               f"(95 % CI {_pct(low)}-{_pct(high)} %)"
        _, w_dead, playable = seen.get(name, [0, 0, 0])
        figure = {"card": name, "held": held, "dead": dead, "watched_dead": w_dead, "playable_when_dead": playable}
        explains: tuple = ()
        level = "info"
        if w_dead:
            share = playable / w_dead
            p_low, p_high = wilson(playable, w_dead)
            text += (f"; replaying {w_dead:,} of those games, it could have been played at some point in "
                     f"{share:.0%} of them (95 % CI {_pct(p_low)}-{_pct(p_high)} %): ")
            if p_high < 0.5:
                text += ("what it needs seldom arises in play, so it is the card (its condition), not the bots' "
                         "choice: loosen what it asks for (its target, its stage or its cost)"
                         + _place(prep, name, 'ability'))
                if rates[name] >= DEAD_WARN and low >= DEAD_SURE:      # the shared warning, with its advice
                    level, explains = "warning", ("dead", name)
            elif p_low > 0.5:
                text += f"the {bots} bots chose not to play it, so this is the bots' choice, not a property of the deck"
                explains = ("dead", name)
            else:
                text += "partly the card's condition, partly the bots' choice"
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
             more: Callable[..., list[Result]] | None) -> list[Finding]:
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
    exhausted = sum(1 for r in results if r.extra.get("exhausted")) / n
    out.append(Finding("info", f"the Trumpet runs out (a tie) in {exhausted:.1%} of games", exhausted))
    if exhausted > TIE_WARN:
        out.append(Finding("warning", f"the Trumpet runs out in {exhausted:.0%} of games, a tie each time: "
                                      f"players cannot complete their Domains (more Threlms, or fewer Winds)",
                           exhausted))
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
    others: dict[str, list[Result]] = {}
    if more is not None and bots is not None and prep.explain:
        strength = card_strength(results, prep)
        threshold = CARD_ALPHA / max(1, sum(1 for row in strength.values() if row["games"]))
        if any(_strong(row, threshold) for row in strength.values()):
            others = {kind: more(options, len(results), bots=(kind,) * len(bots)) for kind in kinds}
    out += card_findings(results, prep, others or None, name, kinds[0])
    if more is not None and prep.explain:
        watched = more({**options, "watch": "yes"}, min(max(1, len(results) // 4), WATCH_GAMES))
        out += dead_diagnosis(results, watched, prep, name)
    if more is not None and prep.hands:
        out += hand_findings(results, prep, options, more)
    return out


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
