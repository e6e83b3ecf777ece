"""Turning a deck and its options into Cromwell's tables: houses in play, sequences, deals.

A mixin of :class:`printgen.games.cromwell.game.Cromwell`; kept apart so the rules of a turn read
on their own."""

from __future__ import annotations

from typing import Any

from printgen.files.errors import UserError, did_you_mean
from printgen.files.wording import counted
from printgen.games.cromwell.tables import (
    MAX_PLAYERS,
    MIN_HAND,
    MIN_PLAYERS,
    NEAR,
    Prepared,
    State,
    _bits,
    _end_key,
    _joint,
    _Runs,
)
from printgen.sim.engine import Game


class Preparing(Game[Prepared, State]):
    # -- preparing the deck ----------------------------------------------------------------------
    def prepare(self, deck: Any, variant: str, options: dict[str, Any]) -> Prepared:
        """The deck compiled to ints for one variant and option set, in steps: the options, the
        monarchs in play, the chosen houses in reign order, every sequence, the timeline of the
        advanced test, the houses' gaps in history, and the numbering of the actions."""
        if variant not in self.variants:
            raise UserError(f"the Cromwell game has no variant '{variant}'",
                            hint=did_you_mean(variant, self.variants) or "variants: " + ", ".join(self.variants))
        options = dict(options or {})
        p = self._with_options(variant, self.read_options(variant, options))
        all_houses = [g.name for g in deck.groups.get("houses", [])]
        if not all_houses:
            raise UserError("the Cromwell game needs a deck with houses", deck.where("houses"),
                            "declare 'houses:' and give each card a 'house'")
        chosen = self._houses(options.get("houses"), all_houses)
        monarchs = self._monarchs(deck, p, all_houses)
        deck_pos = self._order_houses(deck, p, chosen, monarchs)
        self._sequences(p)
        first_start = self._timeline(p, monarchs, deck_pos)
        self._history_gaps(p, monarchs, deck_pos, first_start)
        self._action_bases(p)
        if not self.player_counts(p):
            # the need of every player count, so a run asking for one (--players 4) reads its own
            needs = ", ".join(f"{n} players {MIN_HAND * (n + (0 if p.advanced else 1))}"
                              for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
            raise UserError(f"the chosen houses hold {counted(p.n, 'monarch')}: too few for any number of players "
                            f"(each hand{'' if p.advanced else ' and the stock'} needs at least {MIN_HAND} cards, "
                            f"so the cards needed are: {needs})", hint="choose more houses (option houses=...)")
        return p

    def _with_options(self, variant: str, chosen: dict[str, Any]) -> Prepared:
        """A Prepared of this variant holding the options play reads (the houses are read apart)."""
        p = Prepared()
        p.variant = variant
        p.advanced = variant == "advanced"
        p.knowledge = self._knowledge(chosen["knowledge"])
        p.even_up = chosen["even_up"]
        p.leave_out = chosen["leave_out"]
        p.stalemate = chosen["stalemate"]
        p.scoring = chosen["scoring"]
        p.test = chosen["test"]
        p.forfeit = chosen["forfeit"]
        return p

    @staticmethod
    def _monarchs(deck: Any, p: Prepared, all_houses: list[str]) -> list[tuple[int, Any]]:
        """(deck order, card) of every card in play, any house, each with its reign (the rules need
        the dates); and what the static checks say of the deck: the marker, cards with no house, the
        monarchs of each house."""
        monarchs = []
        for i, card in enumerate(deck.cards):
            if not card.values.get("in_play", True):
                continue
            reign = card.values.get("reign")
            if reign is None:
                raise UserError(f"the card '{card.name}' has no reign; the Cromwell game needs the reign dates",
                                card.where, "add a line like 'reign: 1066-1087'")
            monarchs.append((i, card))
        p.has_marker = any(not c.values.get("in_play", True) for c in deck.cards)
        p.no_house = [c.name for _, c in monarchs if c.values.get("house") is None]
        count = {h: 0 for h in all_houses}
        for _, c in monarchs:
            g = c.values.get("house")
            if g is not None:
                count[g.name] = count.get(g.name, 0) + 1
        p.deck_houses = [(h, count[h]) for h in all_houses]
        return monarchs

    @staticmethod
    def _order_houses(deck: Any, p: Prepared, chosen: list[str], monarchs: list[tuple[int, Any]]) -> list[int]:
        """Number the cards in play house by house, inside a house by the start of the first reign
        (a joint reign sharing one place), so a house is a run of bits; returns each card's deck
        order."""
        names, ids, house_of, slot, start, deck_pos = [], [], [], [], [], []
        for h_idx, house in enumerate(chosen):
            members = [(i, c) for i, c in monarchs if c.values.get("house") is not None
                       and c.values["house"].name == house]
            members.sort(key=lambda ic: (ic[1].values["reign"].spans[0][0],
                                         _end_key(ic[1].values["reign"].spans[0][1]), ic[0]))
            place = -1
            prev = None
            for i, c in members:
                first = c.values["reign"].spans[0]
                if prev is None or not _joint(prev, first):
                    place += 1
                prev = first
                names.append(c.name)
                ids.append(c.id)
                house_of.append(h_idx)
                slot.append(place)
                start.append(first[0])
                deck_pos.append(i)
        n = len(names)
        if n == 0:
            raise UserError("no monarch of the chosen houses is in play", deck.where("cards"),
                            "check the 'houses' option and the cards' 'house' lines")
        p.n, p.names, p.ids, p.house_of, p.slot, p.start = n, names, ids, house_of, slot, start
        p.house_names = list(chosen)
        p.groups = [chosen[h] for h in house_of]
        p.all_mask = (1 << n) - 1
        p.house_cards = [[c for c in range(n) if house_of[c] == h] for h in range(len(chosen))]
        p.house_lo = [cards[0] if cards else 0 for cards in p.house_cards]
        p.house_full = [(1 << len(cards)) - 1 for cards in p.house_cards]
        p.house_mask = [sum(1 << c for c in cards) for cards in p.house_cards]
        return deck_pos

    @classmethod
    def _sequences(cls, p: Prepared) -> None:
        """Every valid sequence of every house as a bitmask, and the tables the rules and the bot
        find them with quickly (runs per house, neighbours, the three-in-a-row masks)."""
        n, house_of, slot = p.n, p.house_of, p.slot
        seqs: list[int] = []
        seq_house: list[int] = []
        for h, cards in enumerate(p.house_cards):
            for m in cls._house_sequences(cards, slot):
                seqs.append(m)
                seq_house.append(h)
        p.seqs, p.seq_house, p.valid = seqs, seq_house, set(seqs)
        p.runs = []
        for h in range(len(p.house_cards)):
            ids_h = [q for q in range(len(seqs)) if seq_house[q] == h]
            p.runs.append(_Runs(ids_h, [seqs[q] >> p.house_lo[h] for q in ids_h]))
        p.lay_houses = [(p.house_lo[h], p.house_full[h], p.runs[h]) for h in range(len(p.house_cards))
                        if len(p.house_cards[h]) >= 3]
        p.near = [sum(1 << d for d in p.house_cards[house_of[c]] if d != c and abs(d - c) <= NEAR)
                  for c in range(n)]
        same = [lambda c, k=k: 0 <= c + k < n and house_of[c + k] == house_of[c] for k in (-1, -2, 1, 2)]
        p.ok_l1, p.ok_l2, p.ok_r1, p.ok_r2 = (sum(1 << c for c in range(n) if f(c)) for f in same)
        p.ok3 = p.ok_r1 & (p.ok_r2)
        p.odd3 = [m for m in seqs if m.bit_count() == 3 and m != (m & -m) * 7]
        for c in _bits(p.ok3):       # by construction: a suffix of a place, whole places, a prefix
            assert (7 << c) in p.valid, "an index triple inside a house is not a sequence"

    @classmethod
    def _house_sequences(cls, cards: list[int], slot: list[int]) -> list[int]:
        """The sequences of one house, in the order the rules number them: from any place to any
        later one, the whole places between, and at either end any non-empty part of a joint place."""
        slots: list[list[int]] = []
        for c in cards:
            if slots and slot[slots[-1][0]] == slot[c]:
                slots[-1].append(c)
            else:
                slots.append([c])
        found: set[int] = set()
        for a in range(len(slots)):
            for b in range(a, len(slots)):
                firsts = cls._subsets(slots[a])
                lasts = cls._subsets(slots[b]) if b > a else [0]
                middle = 0
                for k in range(a + 1, b):
                    for c in slots[k]:
                        middle |= 1 << c
                for f in firsts:
                    for last in lasts:
                        m = f | middle | last
                        if m.bit_count() >= 3:
                            found.add(m)
        return sorted(found, key=lambda m: (m & -m, m.bit_count(), m))

    @staticmethod
    def _timeline(p: Prepared, monarchs: list[tuple[int, Any]], deck_pos: list[int]) -> dict[int, int]:
        """The right answers of the advanced test: who came before and after each card on one
        timeline of every monarch of the deck (a joint reign one entry, each reign of a monarch its
        own). Returns each monarch's first start year, by deck order."""
        n = p.n
        game_index = {deck_pos[c]: c for c in range(n)}
        entries: list[tuple[int, int, int, int]] = []    # (start, end key, deck order, card deck order)
        for i, c in monarchs:
            for span in c.values["reign"].spans:
                entries.append((span[0], _end_key(span[1]), i, i))
        entries.sort()
        merged: list[list[tuple[int, int, int]]] = []    # entries: lists of (start, end key, deck order)
        for s, e, _, i in entries:
            if merged and any(_joint((s0, e0), (s, e)) for s0, e0, _ in merged[-1]):
                merged[-1].append((s, e, i))
            else:
                merged.append([(s, e, i)])
        before: dict[int, set[int]] = {i: set() for i, _ in monarchs}
        after: dict[int, set[int]] = {i: set() for i, _ in monarchs}
        for k, entry in enumerate(merged):
            for _, _, i in entry:
                if k > 0:
                    before[i].update(j for _, _, j in merged[k - 1] if j != i)
                if k + 1 < len(merged):
                    after[i].update(j for _, _, j in merged[k + 1] if j != i)
        first_start = {i: c.values["reign"].spans[0][0] for i, c in monarchs}
        deck_name = {i: c.name for i, c in monarchs}

        def in_play(ks: set[int]) -> tuple[int, ...]:
            return tuple(game_index[k] for k in sorted(ks, key=lambda k: (first_start[k], k)) if k in game_index)

        p.right = [(in_play(before[deck_pos[c]]), in_play(after[deck_pos[c]])) for c in range(n)]
        p.has_dir = [(bool(before[deck_pos[c]]), bool(after[deck_pos[c]])) for c in range(n)]
        p.right_names = [(tuple(deck_name[k] for k in sorted(before[deck_pos[c]])),
                          tuple(deck_name[k] for k in sorted(after[deck_pos[c]]))) for c in range(n)]
        p.chrono = sorted(range(n), key=lambda c: (p.start[c], deck_pos[c]))
        return first_start

    @staticmethod
    def _history_gaps(p: Prepared, monarchs: list[tuple[int, Any]], deck_pos: list[int],
                      first_start: dict[int, int]) -> None:
        """Houses whose neighbours in the house are not neighbours in history: the rules count them
        as consecutive, and the report says how many monarchs of other houses reigned between."""
        names, slot, start = p.names, p.slot, p.start
        order = sorted(((first_start[i], i) for i, _ in monarchs))
        rank = {i: r for r, (_, i) in enumerate(order)}
        for h, cards in enumerate(p.house_cards):
            for a, b in zip(cards, cards[1:]):
                if slot[a] == slot[b]:
                    continue
                between = abs(rank[deck_pos[b]] - rank[deck_pos[a]]) - 1
                if slot[b] - slot[a] == 1:
                    # the other member of a joint place is not "between"
                    between -= sum(1 for d in cards if slot[d] in (slot[a], slot[b]) and d not in (a, b))
                if between > 0:
                    p.gaps.append(f"in {p.house_names[h]}, {names[a]} ({start[a]}) and {names[b]} ({start[b]}) count "
                                  f"as consecutive, but {between} monarch{'s' if between != 1 else ''} of other "
                                  f"houses reigned between them")

    @staticmethod
    def _action_bases(p: Prepared) -> None:
        """Number the actions: lay downs first, then lay offs (table sequence by card), then one
        range for each other decision (see the package docstring)."""
        S = len(p.seqs)
        T = p.n // 3 + 1
        p.S, p.T = S, T
        p.LAYOFF = S
        p.DONE = S + T * p.n
        p.ANNOUNCE = p.DONE + 1
        p.OFFER = p.ANNOUNCE + p.n
        p.PASS = p.OFFER + p.n
        p.ACCEPT = p.PASS + 1
        p.DRAW = p.ACCEPT + MAX_PLAYERS
        p.ANSWER = p.DRAW + 1
        p.N_ACTIONS = p.ANSWER + 4

    @staticmethod
    def _subsets(cards: list[int]) -> list[int]:
        out = []
        for k in range(1, 1 << len(cards)):
            out.append(sum(1 << cards[j] for j in range(len(cards)) if k >> j & 1))
        return out

    @staticmethod
    def _knowledge(value: Any) -> float:
        try:
            k = float(value)
        except (TypeError, ValueError):
            raise UserError(f"the option knowledge={value!r} should be a number from 0 to 1",
                            hint="e.g. knowledge=0.8: the greedy bot answers 80 % of the tests right") from None
        if not 0.0 <= k <= 1.0:
            raise UserError(f"the option knowledge={value!r} should be from 0 to 1", hint="e.g. knowledge=0.8")
        return k

    @staticmethod
    def _houses(value: Any, all_houses: list[str]) -> list[str]:
        """The chosen houses in deck order: a list of names, one name, a range 'First..Last', or 'all'
        (the option's declared default, which validate replays against)."""
        if value is None or (isinstance(value, str) and value.strip().lower() == "all" and "all" not in all_houses):
            return list(all_houses)
        items = [value] if isinstance(value, str) else list(value)
        wanted: list[str] = []
        for item in items:
            text = str(item).strip()
            if ".." in text:
                first, last = (t.strip() for t in text.split("..", 1))
                for name in (first, last):
                    if name not in all_houses:
                        raise UserError(f"no house called '{name}' in this deck",
                                        hint=did_you_mean(name, all_houses) or "houses: " + ", ".join(all_houses))
                a, b = sorted((all_houses.index(first), all_houses.index(last)))
                wanted += all_houses[a:b + 1]
                continue
            if text not in all_houses:
                raise UserError(f"no house called '{text}' in this deck",
                                hint=did_you_mean(text, all_houses) or "houses: " + ", ".join(all_houses))
            wanted.append(text)
        if not wanted:
            raise UserError("the option houses= names no house", hint="houses: " + ", ".join(all_houses))
        return [h for h in all_houses if h in wanted]

    # -- deal sizes ------------------------------------------------------------------------------
    @staticmethod
    def basic_deal(n: int, players: int, even_up: str) -> tuple[int, int, str, int]:
        """(hand size, stock size, what evening up did, cards moved) for n cards dealt to players
        plus the stock."""
        base, r = divmod(n, players + 1)
        if r == 0 or r == players:
            return base + (1 if r == players else 0), base, "even", 0
        short = players - r
        give = even_up == "give" or (even_up == "auto" and short <= r)
        if give and base < short:
            give = False
        if give:
            return base + 1, base - short, "give", short
        return base, base + r, "stock", r

    def advanced_deal(self, prep: Prepared, players: int) -> tuple[int, int, list[int]]:
        """(smallest hand, largest hand, cards left out) for the advanced deal."""
        n = prep.n
        r = n % players
        if prep.leave_out == "none" or r == 0:
            return n // players, n // players + (1 if r else 0), []
        out = prep.chrono[-r:] if prep.leave_out == "latest" else prep.chrono[:r]
        return (n - r) // players, (n - r) // players, out

    def player_counts(self, prepared: Prepared) -> tuple[int, ...]:
        out = []
        for players in self.players:
            if prepared.advanced:
                low = self.advanced_deal(prepared, players)[0]
            else:
                hand, stock, how, _ = self.basic_deal(prepared.n, players, prepared.even_up)
                low = hand
            if low >= MIN_HAND:
                out.append(players)
        return tuple(out)
