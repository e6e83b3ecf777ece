"""A template that reads only some of a card's fields is worked out once per distinct value of
those fields (issue 30: a house's colour, read six times on each of 2,150 cards), and gives
every card exactly what rendering it alone would."""

from __future__ import annotations

import pytest

from printgen.draw.template_cache import CompiledTemplates, _fields_read, _key, _Unkeyable
from printgen.files.errors import Where


@pytest.mark.parametrize("source, fields", [
    ("{{ card.house.colour if card.house else '#2F2F2F' }}", ("house",)),
    ("{{ (card['house'].name ~ deck.title) | upper }}", ("house",)),
    ("{{ card.name }} {{ card.name }} {{ card.reign }}", ("name", "reign")),
    ("{{ card }}", None),                               # the whole card
    ("{{ card[layout.key] }}", None),                   # a field chosen by a value
    ("{{ card.a }}{{ range(3) | list }}", ("a",)),      # a global that gives the same every time
    ("{{ card.a }}{{ lipsum(1) }}", None),              # one that does not
    ("{{ [card.a, card.b] | random }}", None),          # a random choice
    ("{% for item in card.list %}{{ item }}{% endfor %}", ("list",)),
    ("{% set card = deck %}{{ card.title }}", None),
    ("{{ deck.title }}", None),                         # no card at all: the constant cache's
])
def test_which_sources_are_kept_by_the_fields_they_read(source, fields):
    assert _fields_read(source, expression=False) == fields


def test_values_that_print_differently_have_different_keys():
    keys = [_key(v) for v in (1, 1.0, True, "1", 0.0, -0.0, None, [1], (1,), {"a": 1}, {"a": 1.0})]
    assert len(set(keys)) == len(keys)
    assert _key({"a": [1, "x"]}) == _key({"a": [1, "x"]})
    with pytest.raises(_Unkeyable):
        _key(object())


def test_every_card_gets_its_own_value_and_equal_fields_reuse_one():
    deck, layout = {"title": "T"}, {}
    templates = CompiledTemplates(deck, layout)
    source = "{{ card.house.name | upper }}{{ '!' if card.n > 1 else '' }}"
    calls = []
    run = templates._run
    templates._run = lambda call, *at: calls.append(1) or run(call, *at)    # counts real renders
    houses = [{"name": "York"}, {"name": "Tudor"}]
    seen = []
    for i in range(40):
        card = {"house": dict(houses[i % 2]), "n": i % 3, "name": f"card {i}"}
        seen.append(templates.render(source, {"card": card, "deck": deck, "layout": layout}, Where()))
    assert seen == [f"{houses[i % 2]['name'].upper()}{'!' if i % 3 > 1 else ''}" for i in range(40)]
    assert len(calls) == 6                               # 2 houses x 3 values of n
