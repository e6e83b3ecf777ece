"""The symbol registry answers the same whichever way it is asked.

`known()` and the drawing look a house emblem up before the art packages (importing those costs a
short build tens of milliseconds), which gives the same answers only while no art symbol is named
like an emblem.
"""

from __future__ import annotations

from printgen.art import symbols
from printgen.art.emblems import motif_names


def test_no_art_symbol_is_named_like_a_house_emblem():
    assert not set(motif_names()) & set(symbols._owners())


def test_known_agrees_with_the_list_of_names():
    every = symbols.names()
    assert all(symbols.known(name) for name in every)
    assert not any(symbols.known(odd) for odd in ("", "rose ", "Rose", "oros-long", None, 3, "back"))
    assert symbols.known("tudor-rose") and symbols.known("oros") and symbols.known("back-spanish")
