"""The table of a Cromwell round: what a hand can lay, laying it, and whether a whole hand can
still be laid out (going out without a discard).

A mixin of :class:`printgen.games.cromwell.game.Cromwell`, built on the prepared tables; the turn
(rules.py) builds on it. Kept apart because it is the arithmetic of sequences on bitmasks, and the
turn reads more plainly as phases without it."""

from __future__ import annotations

from printgen.games.cromwell.prepare import Preparing
from printgen.games.cromwell.tables import Prepared, State, _bits


class Lays(Preparing):
    @staticmethod
    def can_lay(st: State, h: int) -> bool:
        """Whether hand h can lay anything. Every sequence of three or more holds one of exactly
        three (a prefix of it in house order), and a three-card sequence is either three cards
        next to each other in index order within a house (`ok3` marks where such a triple
        starts) or one of the few `odd3` that skip a joint partner (Charles II-James II-
        William III skips Mary II, who sorts first)."""
        if h & st.ext_all or h & (h >> 1) & (h >> 2) & st.prep.ok3:
            return True
        for m in st.prep.odd3:      # noqa: SIM110 - a loop: any() over a generator costs more on this hot path
            if h & m == m:
                return True
        return False

    def lay(self, st: State, seat: int, action: int) -> None:
        """Carry out a lay down (action < S) or a lay off; no legality check."""
        p = st.prep
        if action < p.S:
            m = p.seqs[action]
            st.hands[seat] ^= m
            st.table.append(m)
            e = p.ext_of(m)
            st.ext.append(e)
            st.ext_all |= e
            st.table_mask |= m
            st.laid[seat] += m.bit_count()
            st.shown[seat] &= ~m
        else:
            j, c = divmod(action - p.LAYOFF, p.n)
            bit = 1 << c
            st.hands[seat] ^= bit
            m = st.table[j] | bit
            st.table[j] = m
            st.ext[j] = p.ext_of(m)
            acc = 0
            for e in st.ext:
                acc |= e
            st.ext_all = acc
            st.table_mask |= bit
            st.laid[seat] += 1
            st.shown[seat] &= ~bit

    def lays(self, st: State, h: int) -> list[int]:
        """Every lay down and lay off open to hand h."""
        p = st.prep
        out: list[int] = []
        for lo, full, runs in p.lay_houses:
            found = runs[(h >> lo) & full]
            if found:
                out.extend(found)
        if h & st.ext_all:
            n, base = p.n, p.LAYOFF
            for j, e in enumerate(st.ext):
                x = e & h
                while x:
                    low = x & -x
                    out.append(base + j * n + low.bit_length() - 1)
                    x ^= low
        return out

    def lay_legal(self, st: State, h: int, action: int) -> bool:
        p = st.prep
        if action < 0:
            return False
        if action < p.S:
            m = p.seqs[action]
            return h & m == m
        if action < p.DONE:
            j, c = divmod(action - p.LAYOFF, p.n)
            return j < len(st.table) and (st.ext[j] & h) >> c & 1 == 1
        return False

    # full layability (going out without a discard) --------------------------------------------
    def clearable(self, st: State, h: int) -> bool:
        """Can every card of hand h be laid down or laid off, given the table?"""
        p = st.prep
        for hh, lo in enumerate(p.house_lo):
            local = (h >> lo) & p.house_full[hh]
            if not local:
                continue
            tables = tuple(sorted((t >> lo) & p.house_full[hh] for t in st.table if t & p.house_mask[hh]))
            if not self._clear_house(p, hh, local, tables):
                return False
        return True

    def _clear_house(self, p: Prepared, hh: int, local: int, tables: tuple[int, ...]) -> bool:
        if not local:
            return True
        key = (hh, local, tables)
        cached = p.clear_cache.get(key)
        if cached is not None:
            return cached
        lo = p.house_lo[hh]
        valid = p.valid
        result = False
        for i, t in enumerate(tables):
            for c in _bits(local):
                if ((t | (1 << c)) << lo) in valid:
                    rest = tables[:i] + (t | (1 << c),) + tables[i + 1:]
                    if self._clear_house(p, hh, local & ~(1 << c), tuple(sorted(rest))):
                        result = True
                        break
            if result:
                break
        if not result:
            for q in p.runs[hh][local]:
                m = p.seqs[q] >> lo
                if self._clear_house(p, hh, local & ~m, tuple(sorted(tables + (m,)))):
                    result = True
                    break
        p.clear_cache[key] = result
        return result

    def go_out_lays(self, st: State) -> list[int]:
        """The lays that keep the whole hand layable (phase GO_OUT)."""
        seat = st.crom
        h = st.hands[seat]
        out = []
        for a in self.lays(st, h):
            if self.keeps_clearable(st, seat, a):
                out.append(a)
        return out

    def keeps_clearable(self, st: State, seat: int, action: int) -> bool:
        p = st.prep
        h = st.hands[seat]
        if action < p.S:
            m = p.seqs[action]
            table = st.table + [m]
        else:
            j, c = divmod(action - p.LAYOFF, p.n)
            m = 1 << c
            table = list(st.table)
            table[j] |= m
        saved = st.table
        st.table = table
        try:
            return self.clearable(st, h & ~m)
        finally:
            st.table = saved
