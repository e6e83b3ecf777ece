"""The steps that move cards, `move` and `deal` (program.py's STEPS table holds them): kept apart
because each has its own faster closures for the commonest shapes (the chosen card by the chooser,
the top card of a pile)."""

from __future__ import annotations

from typing import Any

from printgen.games.datagame import movesource, stepsource
from printgen.games.datagame.expr import parse
from printgen.games.datagame.ops import AUTO
from printgen.games.datagame.scope import CARD, CURRENT
from printgen.games.datagame.state import EVERY


def move_step(c: Any, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    body = c.settings(step, path, kind, {"from", "to", "count", "where", "card", "bottom", "by"})
    here = (*path, kind)
    if "to" not in body:
        raise c.fail(here, "a move says where the cards go: to: ZONE")
    to_name = body["to"]
    c.zone(to_name, (*here, "to"))               # refused here, at its line, when it is no zone
    to_slot = c.moves.slot_of(c.scope, to_name)
    bottom = bool(body.get("bottom", False))
    by = c.expr(body.get("by", "actor"), (*here, "by"))
    moves = c.moves
    if "card" in body:
        if "from" in body or "count" in body:
            raise c.fail(here, "a move of one named card takes no 'from' or 'count': the card is found where it is")
        which = c.expr(body["card"], (*here, "card"))
        if body["card"] == "card" and "by" not in body:
            move_one = moves.move_one

            def move_chosen(s: Any) -> None:         # the commonest move: the card chosen, by the chooser
                v = s.v
                k = v[CARD]
                if k >= 0:
                    move_one(s, k, to_slot(s, v[CURRENT]), bottom, s.actor)
            c.emit(AUTO, c.said(move_chosen, lambda w: stepsource.move_chosen(w, CARD, move_one, to_slot, bottom)))
            return

        def move_card(s: Any) -> None:
            p = s.v[CURRENT]
            k = which(s, p, -1)
            if k >= 0:
                moves.move_one(s, k, to_slot(s, p), bottom, by(s, p, -1))
        c.emit(AUTO, c.said(move_card, lambda w: stepsource.move_card(w, which, to_slot, bottom, by, move_card)))
        return
    if "from" not in body:
        raise c.fail(here, "a move says where the cards come from: from: ZONE (or card: the card to move)")
    source = c.zone(body["from"], (*here, "from"))
    count_value = body.get("count", 1)
    every = count_value == "all"
    count = None if every else c.expr(count_value, (*here, "count"))
    test = c.expr(body["where"], (*here, "where"), card=True) if "where" in body else None
    if test is None and not every and not isinstance(count_value, dict) \
            and c.scope.constant(parse(count_value), False) == 1:
        move_many = moves.move_many

        def move_top(s: Any) -> None:               # the top card (a draw): no list of the cards to move
            p = s.v[CURRENT]
            cards = source(s, p, -1)
            if cards:
                move_many(s, cards, [cards[-1]], to_slot(s, p), bottom, by(s, p, -1))
        c.emit(AUTO, c.said(move_top, lambda w: stepsource.move_top(w, source, move_many, to_slot, bottom, by)))
        return

    def move_cards(s: Any) -> None:
        p = s.v[CURRENT]
        cards = source(s, p, -1)
        chosen = [k for k in cards if test(s, p, k)] if test is not None else list(cards)
        if not every:
            wanted = count(s, p, -1) if count is not None else 1
            chosen = chosen[len(chosen) - wanted:] if wanted < len(chosen) else chosen
            chosen.reverse()                      # the top card first, as a hand lifts them
        moves.move_many(s, cards, chosen, to_slot(s, p), bottom, by(s, p, -1), test is None)
    c.emit(AUTO, c.said(move_cards, lambda w: movesource.move_cards(w, source, to_slot, bottom, by, test, every, count)
                        or w.statements(move_cards)))


def deal_step(c: Any, step: dict[str, Any], path: tuple[Any, ...], kind: str) -> None:
    body = c.settings(step, path, kind, {"from", "to", "count", "start", "even", "skip"})
    here = (*path, kind)
    for key in ("from", "to"):
        if key not in body:
            raise c.fail(here, f"a deal says {'where the cards come from' if key == 'from' else 'where they go'}: "
                         f"{key}: ZONE")
    to_name = body["to"]
    if to_name not in c.scope.zones or not c.scope.zones[to_name][1]:
        raise c.fail((*here, "to"), f"a deal goes to a zone each player has; '{to_name}' is not one",
                     "declare it under zones: with 'each: true'")
    first = c.scope.zones[to_name][0]
    source = c.zone(body["from"], (*here, "from"))
    count_value = body.get("count", "all")
    every = count_value == "all"
    even = bool(body.get("even", False))
    count = None if every else c.expr(count_value, (*here, "count"))
    start = c.expr(body.get("start", "left(dealer)"), (*here, "start"))
    skip = c.expr(body["skip"], (*here, "skip")) if "skip" in body else None
    moves = c.moves
    written = c.where(here)

    def deal(s: Any) -> None:
        p = s.v[CURRENT]
        cards = source(s, p, -1)
        n = s.n
        first_seat = start(s, p, -1) % n
        seats = [(first_seat + i) % n for i in range(n)]
        if skip is not None:
            seats = [q for q in seats if not skip(s, q, -1)]
        if not seats:
            return
        if every:
            rounds = len(cards) // len(seats) if even else -(-len(cards) // len(seats))
        else:
            assert count is not None
            rounds = count(s, p, -1)
        want = s.want if s.dealing else None
        if cards and rounds > 0:                   # the seats that do not see the pile lose track in it
            moves.forget(s, cards, ~s.prep.sight_top[s.loc[cards[-1]]] & EVERY, True)
        for _ in range(rounds):
            for q in seats:
                if want is not None:
                    want[q] += 1                  # the deal as meant, even when the pack runs short
                if cards:
                    moves.move_top(s, cards, first + q, -1, False)
                elif s.short_at is None:
                    s.short_at = written
    bits = c.scope.writer.zone_kinds[to_name] if c.scope.writer is not None else 0
    c.emit(AUTO, c.said(deal, lambda w: movesource.deal(w, source, first, bits, start, skip, every, even, count,
                                                        written)))
