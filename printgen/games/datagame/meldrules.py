"""The rules of melds over one deck: which sets of cards a meld kind accepts, the melds a hand
holds, the melds on a table, and whether a whole hand can still be laid (the search going out
without a discard needs). The game-file words over them are in melds.py.

Why on card masks: a hand's melds are asked for at every decision of a rummy, and the same hands
and tables recur; an int per set of cards makes every answer cheap to remember.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

MAX_GROUP = 16            # cards of one group a hand may hold when its melds are listed (2^16 subsets)
CACHE = 200_000           # remembered answers per kind before the memory is cleared

Lay = tuple[int, int, int, int, int]     # (table slot, meld index or -1 for a new meld, kind, card or -1, cards)


def card_bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Kind:
    """One meld kind over one deck: `run` (consecutive places of `order` within one `within` group)
    or `same` (cards of one value of an attribute, at most one per `distinct` value)."""

    def __init__(self, name: str, settings: dict[str, Any], tables: dict[str, list[int]]):
        self.name = name
        self.least = int(settings.get("min", 3))
        self.run = "run" in settings
        self.shared = str(settings.get("shared", "all"))
        n = len(next(iter(tables.values()), []))
        if self.run:
            order, within = tables[settings["run"]], tables[settings["within"]]
            self.same_attr = str(settings["within"])
        else:
            order, within = [0] * n, tables[settings["same"]]
            self.same_attr = str(settings["same"])
        distinct = tables[settings["distinct"]] if "distinct" in settings else None
        self.group = within                              # card -> the value all a meld's cards share
        self.distinct = distinct
        self.place = [-1] * n                            # card -> its place within its group
        self.place_mask: dict[int, list[int]] = {}       # group -> cards of each place
        for g in sorted(set(within)):
            if g < 0:
                continue
            cards = [k for k in range(n) if within[k] == g and (order[k] >= 0 or not self.run)]
            values = sorted({order[k] for k in cards})
            masks = [0] * len(values)
            for k in cards:
                self.place[k] = values.index(order[k])
                masks[self.place[k]] |= 1 << k
            self.place_mask[g] = masks
        self.valid_cache: dict[int, bool] = {}
        self.found_cache: dict[int, tuple[int, ...]] = {}
        self.hand_cache: dict[int, tuple[int, ...]] = {}     # a whole hand -> its melds (found)

    # -- is a set of cards a meld ------------------------------------------------------------
    def valid(self, mask: int) -> bool:
        got = self.valid_cache.get(mask)
        if got is None:
            got = self._valid(mask)
            if len(self.valid_cache) > CACHE:
                self.valid_cache.clear()
            self.valid_cache[mask] = got
        return got

    def _valid(self, mask: int) -> bool:
        cards = card_bits(mask)
        if len(cards) < self.least:
            return False
        g = self.group[cards[0]]
        if g < 0 or any(self.group[k] != g or self.place[k] < 0 for k in cards):
            return False
        if self.distinct is not None and len({self.distinct[k] for k in cards}) != len(cards):
            return False
        if not self.run:
            return True
        places = sorted({self.place[k] for k in cards})
        a, b = places[0], places[-1]
        if len(places) != b - a + 1:
            return False
        masks = self.place_mask[g]
        if self.shared == "one":
            return all((mask & masks[k]).bit_count() == 1 for k in range(a, b + 1))
        return all(mask & masks[k] == masks[k] for k in range(a + 1, b))

    # -- the melds a hand holds --------------------------------------------------------------
    def found(self, hand: int) -> list[int]:
        """Every meld of this kind made of cards of `hand` (as card masks)."""
        known = self.hand_cache.get(hand)
        if known is not None:
            return list(known)
        out = self._found(hand)
        if len(self.hand_cache) > CACHE:
            self.hand_cache.clear()
        self.hand_cache[hand] = tuple(out)
        return out

    def _found(self, hand: int) -> list[int]:
        out: list[int] = []
        groups: dict[int, int] = {}
        for k in card_bits(hand):
            g = self.group[k]
            if g >= 0 and self.place[k] >= 0:
                groups[g] = groups.get(g, 0) | 1 << k
        for g, local in groups.items():
            if local.bit_count() < self.least:
                continue
            key = local
            got = self.found_cache.get(key)
            if got is None:
                got = tuple(self._runs(g, local) if self.run else self._sets(local))
                if len(self.found_cache) > CACHE:
                    self.found_cache.clear()
                self.found_cache[key] = got
            out.extend(got)
        return out

    def _sets(self, local: int) -> list[int]:
        cards = card_bits(local)
        if len(cards) > MAX_GROUP:
            cards = cards[:MAX_GROUP]
        out = []
        for size in range(self.least, len(cards) + 1):
            for combo in combinations(cards, size):
                mask = sum(1 << k for k in combo)
                if self.distinct is None or self.valid(mask):
                    out.append(mask)
        return out

    def _runs(self, g: int, local: int) -> list[int]:
        masks = self.place_mask[g]
        held = [local & m for m in masks]
        one = self.shared == "one"
        out = []
        for a in range(len(masks)):
            if not held[a]:
                continue
            for b in range(a, len(masks)):
                if not held[b]:
                    break
                if one:
                    picks = [card_bits(held[k]) for k in range(a, b + 1)]
                    if b - a + 1 >= self.least:
                        out += [sum(1 << k for k in combo) for combo in product(*picks)]
                else:
                    middle = sum(masks[k] for k in range(a + 1, b))
                    lasts = _subsets(held[b]) if b > a else [0]
                    for first in _subsets(held[a]):
                        for last in lasts:
                            mask = first | middle | last
                            if mask.bit_count() >= self.least:
                                out.append(mask)
                if b > a and held[b] != masks[b] and not one:
                    break                     # a place not wholly held cannot be passed through
        return out


def _subsets(mask: int) -> list[int]:
    cards = card_bits(mask)
    return [sum(1 << cards[j] for j in range(len(cards)) if k >> j & 1) for k in range(1, 1 << len(cards))]


class Melds:
    """The meld kinds of one prepared deck and the tables (zone slots) that hold melds."""

    def __init__(self) -> None:
        self.kinds: list[Kind] = []
        self.by_name: dict[str, int] = {}
        self.split = True                                # every kind shares one attribute: solve group by group
        self.slot_kinds: dict[str, list[int]] = {}       # a table zone's name -> the kinds laid on it
        self.layable_cache: dict[tuple[int, tuple[tuple[int, int], ...]], bool] = {}

    # -- a table's melds -----------------------------------------------------------------------
    @staticmethod
    def table(s: Any, slot: int) -> list[list[int]]:
        """The melds on a table, after dropping the cards a plain move took off it."""
        melds = s.melds.get(slot)
        if melds is None:
            return []
        if sum(m[1].bit_count() for m in melds) != len(s.z[slot]):
            present = sum(1 << k for k in s.z[slot])
            melds = [[kind, mask & present] for kind, mask in melds if mask & present]
            s.melds[slot] = melds
        return melds

    def lay_offs(self, s: Any, slot: int, hand: list[int]) -> list[Lay]:
        out: list[Lay] = []
        kinds = self.kinds
        for j, (kind, mask) in enumerate(self.table(s, slot)):
            valid, group = kinds[kind].valid, kinds[kind].group
            # a meld's cards all share its group: a card of another can never extend it (valid says
            # no), so it is not asked about; the lay-offs and their order are the same
            g = group[(mask & -mask).bit_length() - 1] if mask else None
            for k in hand:
                if (group[k] == g or g is None) and valid(mask | 1 << k):
                    out.append((slot, j, kind, k, 1 << k))
        return out

    # -- can a whole hand be laid --------------------------------------------------------------
    def layable(self, hand: int, table: list[list[int]], allowed: list[int]) -> bool:
        """Whether every card of `hand` can be laid: onto the table's melds or in new melds of the
        allowed kinds, in some order (a search over the lays, remembered by hand and table)."""
        if not hand:
            return True
        melds = tuple(sorted((kind, mask) for kind, mask in table))
        if not self.split:
            return self._layable(hand, melds, tuple(allowed))
        kinds = self.kinds
        group = kinds[allowed[0]].group if allowed else kinds[melds[0][0]].group if melds else None
        if group is None:
            return False
        parts: dict[int, int] = {}
        for k in card_bits(hand):
            parts[group[k]] = parts.get(group[k], 0) | 1 << k
        for g, local in parts.items():
            if g < 0:
                return False
            near = tuple(m for m in melds if group[(m[1] & -m[1]).bit_length() - 1] == g)
            if not self._layable(local, near, tuple(allowed)):
                return False
        return True

    def _layable(self, hand: int, melds: tuple[tuple[int, int], ...], allowed: tuple[int, ...]) -> bool:
        if not hand:
            return True
        key = (hand, melds)
        got = self.layable_cache.get(key)
        if got is not None:
            return got
        got = False
        kinds = self.kinds
        for i, (kind, mask) in enumerate(melds):
            for k in card_bits(hand):
                bigger = mask | 1 << k
                if kinds[kind].valid(bigger):
                    rest = tuple(sorted(melds[:i] + ((kind, bigger),) + melds[i + 1:]))
                    if self._layable(hand & ~(1 << k), rest, allowed):
                        got = True
                        break
            if got:
                break
        if not got:
            for kind in allowed:
                for meld in kinds[kind].found(hand):
                    if self._layable(hand & ~meld, tuple(sorted(melds + ((kind, meld),))), allowed):
                        got = True
                        break
                if got:
                    break
        if len(self.layable_cache) > CACHE:
            self.layable_cache.clear()
        self.layable_cache[key] = got
        return got

    def keeps_layable(self, s: Any, lay: Lay, hand: list[int]) -> bool:
        slot, j, kind, _, cards = lay
        table = [list(m) for m in self.table(s, slot)]
        if j < 0:
            table.append([kind, cards])
        else:
            table[j][1] |= cards
        rest = sum(1 << k for k in hand) & ~cards
        return self.layable(rest, table, self.table_kinds_of_slot(s, slot))

    def table_kinds_of_slot(self, s: Any, slot: int) -> list[int]:
        return self.slot_kinds.get(s.prep.slot_zone[slot], [])


