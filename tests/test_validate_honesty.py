"""`printgen validate` says only what its games can carry: findings of the bots are not passed
off as findings of the deck, options the games never exercised are said to be untested, tiny runs
do not pass, and every rule of a table layout is listed with what was measured."""

from __future__ import annotations

from printgen.validate import ValidateOptions, exit_status, report, validate


def run(deck: str, **settings):
    """Validate in this process (fast): the sections, the report's text and the exit status."""
    opts = ValidateOptions(deck_ref=deck, **settings)
    sections, loaded = validate(deck, opts)
    return sections, report(sections, loaded, opts), exit_status(sections)


# -- 6. a game answers to the name of its rule sheet ------------------------------------------------

def test_a_game_answers_to_its_alias():
    from printgen.errors import UserError
    from printgen.sim.games import canonical, get_game

    assert canonical("casita-robada") == "casita" and canonical("casita") == "casita"
    assert get_game("casita-robada").name == "casita"
    sections, text, _ = run("spanish", game="casita-robada", players="2", games=100)
    assert [s.game for s in sections] == ["casita"] and "== casita (basic) ==" in text
    try:
        get_game("casita-robad")
    except UserError as error:
        assert "did you mean 'casita-robada'" in (error.hint or "")
    else:
        raise AssertionError("an unknown game name was accepted")
