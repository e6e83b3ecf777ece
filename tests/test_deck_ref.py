"""A hint that names a command names the deck the user built, not the shipped deck of its name."""
import shutil

from conftest import DECKS

from printgen.model.finding import deck_ref


def test_a_copy_of_a_shipped_deck_is_named_by_its_path_quoted(tmp_path, monkeypatch):
    copy = tmp_path / "my decks" / "piecepack"
    copy.mkdir(parents=True)
    shutil.copy(DECKS / "piecepack" / "deck.yaml", copy / "deck.yaml")
    monkeypatch.chdir(tmp_path)
    assert deck_ref(copy, "piecepack") == "'my decks/piecepack'"
    monkeypatch.chdir(copy.parent)         # a folder of that name here is the one `printgen build piecepack` finds
    assert deck_ref(copy, "piecepack") == "piecepack"
    monkeypatch.chdir(tmp_path / "my decks" / "piecepack")
    assert deck_ref(copy, "piecepack") == "."


def test_a_shipped_deck_keeps_its_short_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert deck_ref(DECKS / "piecepack", "piecepack") == "piecepack"
    elsewhere = tmp_path / "x"
    assert deck_ref(elsewhere, "nosuchdeck") == "x"


def test_a_broken_table_rule_in_a_copy_hints_at_validating_the_copy(tmp_path, monkeypatch):
    import pytest

    from printgen.files.errors import UserError
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck
    from printgen.model.tablecheck import checked_table

    copy = tmp_path / "my decks" / "piecepack"
    shutil.copytree(DECKS / "piecepack", copy)
    table = copy / "tables" / "croquetnole.yaml"
    table.write_text(table.read_text().replace("    is: 1 tile\n", "    is: 2 tile\n", 1))
    monkeypatch.chdir(tmp_path)
    deck = load_deck(copy, ALL_CARDS)
    with pytest.raises(UserError) as caught:
        checked_table(deck, load_layout(deck.layout, deck), "croquetnole")
    assert "`printgen validate 'my decks/piecepack' --game croquetnole`" in caught.value.hint
