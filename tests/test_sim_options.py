"""One declaration per option (Option on the game's class), one reader: every game's defaults,
errors and `printgen list` words come from the same place."""

from __future__ import annotations

import pytest

from printgen.files.errors import UserError
from printgen.games.registry import get_game, names
from printgen.sim.options import Option, read_options

WAYS = (
    Option("deal", range(1, 13), 4, "cards dealt to each player", {"long": 5}),
    Option("keep", ("no", "yes"), "no", "whether to keep drawing"),
    Option("pack", None, "48", "the pack", read=str),
)


def test_defaults_per_variant_and_given_values_checked():
    assert read_options("Tides", WAYS, "basic", {}) == {"deal": 4, "keep": "no", "pack": "48"}
    assert read_options("Tides", WAYS, "long", {"keep": True, "pack": 40}) == {"deal": 5, "keep": "yes", "pack": "40"}
    for given, said in (({"deal": 0}, "-O deal=0: use a whole number from 1 to 12"),
                        ({"deal": True}, "-O deal=True: use a whole number"),
                        ({"keep": "maybe"}, "-O keep=maybe: use no or yes")):
        with pytest.raises(UserError, match=said) as raised:
            read_options("Tides", WAYS, "basic", given)
        assert raised.value.hint == next(o.meaning for o in WAYS if o.name in given)


def test_an_unknown_option_is_named_with_the_nearest_or_all_of_them():
    with pytest.raises(UserError, match="Tides has no option 'keeps'") as raised:
        read_options("Tides", WAYS, "basic", {"keeps": "yes"})
    assert raised.value.hint == "did you mean 'keep'?"
    with pytest.raises(UserError) as raised:
        read_options("Tides", WAYS, "basic", {"zzz": 1})
    assert raised.value.hint == "its options: deal, keep, pack"
    with pytest.raises(UserError, match=r"Tides takes no options \(found: a, b\)"):
        read_options("Tides", (), "basic", {"b": 1, "a": 2})


def test_words_give_a_default_per_variant_only_where_they_differ():
    assert WAYS[0].words(("basic", "long")) == "1-12 (default basic 4, long 5) cards dealt to each player"
    assert WAYS[1].words(("basic", "long")) == "no|yes (default no) whether to keep drawing"
    assert WAYS[2].words(("basic",)) == "(default 48) the pack"


def test_cromwell_says_the_default_it_declares():
    # option_default once read a table only two games attached to their class: None for Cromwell
    game = get_game("cromwell")
    assert game.option_default("stalemate") == "stop"
    assert game.option_default("scoring", "advanced") == "everyone"
    assert game.option_default("nothing") is None


@pytest.mark.parametrize("name", names())
def test_every_game_declares_its_options_and_players_as_class_data(name):
    game = get_game(name)
    assert all(isinstance(option, Option) for option in game.options)
    assert len({option.name for option in game.options}) == len(game.options)
    assert game.players and all(isinstance(n, int) and n >= 1 for n in game.players)
    for variant in game.variants:
        chosen = game.read_options(variant, {})
        assert chosen == {option.name: option.default_for(variant) for option in game.options}
        for option in game.options:
            if isinstance(option.allowed, tuple):
                assert str(chosen[option.name]) in option.allowed, (name, variant, option.name)
            elif isinstance(option.allowed, range):
                assert chosen[option.name] in option.allowed, (name, variant, option.name)
