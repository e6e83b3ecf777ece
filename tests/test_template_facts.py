"""What a build works out about its templates, kept for the next build (printgen/draw/template_facts.py):
a build that takes every answer and compiled template from there parses nothing and makes the same
bytes; every kept answer is what working it out again gives; a damaged file of them is ignored."""

from __future__ import annotations

import marshal
import re
from pathlib import Path

import pytest

from printgen.draw import build, template_cache, template_facts, text_checks
from printgen.draw.build import BuildOptions
from printgen.model.sandbox import Sandbox, environment


@pytest.fixture
def cache(monkeypatch, tmp_path):
    monkeypatch.setenv("PRINTGEN_CACHE_DIR", str(tmp_path / "cache"))
    template_facts.forget()
    yield tmp_path / "cache"
    template_facts.forget()


def _cards(out: Path) -> dict[Path, bytes]:
    return build.build_deck("cromwell", BuildOptions(out=out, only=frozenset({"cards"})), write=False).staged


def _kept(cache: Path) -> list[Path]:
    return sorted((cache / "templates").glob("*.bin"))


def test_a_second_build_takes_its_templates_from_the_first_and_makes_the_same_bytes(cache, monkeypatch, tmp_path):
    first = _cards(tmp_path / "out")
    assert len(_kept(cache)) == 1
    template_facts.forget()                    # as a new process: only what was kept on disk

    def no_parsing(text: str) -> None:
        raise AssertionError(f"parsed again: {text!r}")

    monkeypatch.setattr(template_cache, "parsed", no_parsing)
    monkeypatch.setattr(text_checks, "parsed", no_parsing)
    monkeypatch.setattr(environment(), "compile", no_parsing)   # templates' and expressions' code is kept too
    second = _cards(tmp_path / "out")
    monkeypatch.undo()
    assert second == first and any(path.suffix == ".pdf" for path in first)
    # every kept answer is what working it out now gives (the compiled code too)
    known = template_facts._facts()
    assert {what for what, _ in known} == {"names", "fields", "card fields", "code", "expression code"}
    for (what, text), value in known.items():
        if what == "names":
            assert value == template_cache._names_in(text)
        elif what == "fields":
            assert value == template_cache._fields_of_text(text)
        elif what == "card fields":
            assert value == text_checks._card_fields(text)
        elif what == "code":
            assert marshal.loads(value) == environment().compile(text)
        else:
            assert marshal.loads(value) == _compiled_by_jinja(text)


def _compiled_by_jinja(source: str):
    """The code Jinja's own compile_expression compiles for an expression."""
    env = environment()
    real, seen = env.compile, []

    def seeing(node, *args, **kwargs):
        seen.append(real(node, *args, **kwargs))
        return seen[-1]

    env.compile = seeing
    try:
        env.compile_expression(source, undefined_to_none=False)
    finally:
        del env.compile
    [code] = seen
    return code


def test_a_damaged_file_of_facts_is_ignored_and_written_anew(cache, tmp_path):
    first = _cards(tmp_path / "out")
    [kept] = _kept(cache)
    kept.write_bytes(kept.read_bytes()[:-40] + b"\x00" * 40)
    template_facts.forget()
    assert template_facts._facts() == {}, "a file whose digest fails is never unpickled"
    assert _cards(tmp_path / "out") == first
    template_facts.forget()
    assert template_facts._facts(), "the file was written anew"


@pytest.mark.parametrize("source, expression, said", [("{{ card.name", False, "a {{ is not closed with }}"),
                                                      ("card.name card.title", True, "gives one value, and more"),
                                                      ("card.name }}", True, "is written with {{ }}, but")])
def test_a_template_that_does_not_compile_is_refused_in_plain_words_each_time_and_never_kept(
        cache, source, expression, said):
    from printgen.files.errors import UserError, Where

    for _ in range(2):
        named = f"'{re.escape(source)}' .*{re.escape(said)}|{re.escape(said)}.* \\(in '{re.escape(source)}'\\)"
        with pytest.raises(UserError, match=named):     # the source named once, in or after the words
            template_cache.CompiledTemplates({}, {})._compile(source, Where(), expression)
    assert not any(text == source for _, text in template_facts._facts())


def test_two_decks_built_side_by_side_keep_every_template_of_both(cache, monkeypatch, tmp_path):
    """The processes of a build of several decks share one kept entry, and the templates of rule
    sheets, forms and boards are kept as well as the cards': a second such build works out none.
    (Side by side on two cores or more; on one, one deck after the other, the same checks.)"""
    from printgen.draw import build_pool
    from printgen.draw.build import Silent

    options = BuildOptions(out=tmp_path / "out", only=frozenset({"cards", "rules", "sheets"}))

    def both() -> list[dict[Path, bytes]]:
        outcomes = build_pool.build_decks(["cromwell", "standard"], options, Silent)
        assert all(hasattr(outcome, "staged") for outcome in outcomes), outcomes
        return [outcome.staged for outcome in outcomes]

    first = both()
    assert len(_kept(cache)) == 1
    template_facts.forget()

    def no_parsing(text: str) -> None:
        raise AssertionError(f"parsed again: {text!r}")

    monkeypatch.setattr(template_cache, "parsed", no_parsing)
    monkeypatch.setattr(text_checks, "parsed", no_parsing)
    monkeypatch.setattr(Sandbox, "compile", no_parsing)       # every sandbox: the rule sheets' has settings of its own
    second = both()
    monkeypatch.undo()
    assert second == first
    assert any(path.name.endswith(".pdf") and "rules" in path.name for staged in first for path in staged), \
        [path.name for staged in first for path in staged]
