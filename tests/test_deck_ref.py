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
