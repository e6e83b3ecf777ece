"""The shortcuts that make a deck of many cards quick to draw (issue 30) give exactly what the long
way gives: an element kept by the card fields it reads, '{{ card.field }}' printed without Jinja,
PDF operators written again from an earlier drawing, and one timer for a deck's card deadlines;
and the savings of memory give the same file: pages compressed as they finish, sides let go once
drawn."""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
import signal
import time
from functools import cache

import pytest

from printgen.draw import fonts as fonts_module
from printgen.draw.element_memo import ElementMemo
from printgen.draw.fonts import FontSet
from printgen.draw.ops import ShapeOp, TextOp, TurnOp
from printgen.draw.paint import draw_ops
from printgen.draw.pdfcanvas import finish, new_canvas
from printgen.draw.template import Resolver
from printgen.draw.template_cache import CardFields, CompiledTemplates
from printgen.files.errors import UserError, Where
from printgen.files.schema import TextElement
from printgen.model import sandbox
from printgen.model.layouts import load_layout
from printgen.model.load import load_deck


@cache
def _cromwell_copies():
    """Cromwell's cards three times over, the copies named apart ('Henry VIII (2)'), as a large
    deck repeats its designs: every field but the name repeats."""
    deck = load_deck("cromwell")
    layout = load_layout(deck.layout, deck)
    cards = [card if copy == 1 else dataclasses.replace(card, name=f"{card.name} ({copy})",
                                                        values={**card.values, "name": f"{card.name} ({copy})"})
             for copy in (1, 2, 3) for card in deck.cards]
    return deck, layout, cards


def test_kept_elements_give_every_card_and_warning_what_the_card_gets_alone():
    deck, layout, cards = _cromwell_copies()
    fonts = FontSet(layout.fonts)
    said: list = []
    shared = Resolver(deck, layout, fonts, said.append)
    computed = []
    work = shared._maybe
    shared._maybe = lambda side, name, *rest: computed.append(name) or work(side, name, *rest)   # type: ignore[method-assign]
    together = [(shared.side("face", card), shared.side("back", card)) for card in cards]
    said_alone: list = []
    plain = Resolver(deck, layout, fonts, said_alone.append)       # every element worked out for every card
    plain._memo.element = lambda at, element, context, make, warnings: make()   # type: ignore[method-assign]
    plain._card_render = lambda *args: None                         # type: ignore[method-assign]
    alone = [(plain.side("face", card), plain.side("back", card)) for card in cards]
    assert together == alone
    assert [str(w) for w in said] == [str(w) for w in said_alone]
    # the house's band and name, the frame, the foot, the caption: worked out once per value
    assert computed.count("band") <= len({card.values.get("house") and card.values["house"].name for card in cards})
    assert computed.count("caption") == len(deck.cards)
    assert computed.count("name") == len(cards)            # a card's own name: every card
    # an emblem keyed by `card.house.name if card.house else card.name`: the name is read (and
    # keys the drawing) only on a card without a house
    housed = {(card.values.get("emblem"), card.values["house"].name) for card in cards if card.values.get("house")}
    unhoused = [card for card in cards if not card.values.get("house")]
    assert unhoused and computed.count("index_emblem_top") == len(housed) + len(unhoused)


def test_an_element_is_kept_by_the_fields_its_templates_looked_up():
    """`card.a if card.flag else card.b` reads a and flag, or b and flag: a card is given a kept
    drawing only when it agrees on the fields looked up for that drawing, whatever the others."""
    deck, layout = {"title": "T"}, {}
    templates = CompiledTemplates(deck, layout)
    memo = ElementMemo(templates.field_value_key, templates.ours)
    element = TextElement(type="text", text="{{ card.a if card.flag else card.b }}")
    made = []
    cards = [{"flag": True, "a": "x", "b": "1"}, {"flag": True, "a": "x", "b": "2"},   # b not read: kept
             {"flag": True, "a": "y", "b": "1"},                                        # a differs
             {"flag": False, "a": "x", "b": "1"}, {"flag": False, "a": "z", "b": "1"},  # a not read: kept
             {"flag": 1, "a": "x", "b": "2"}, {"flag": False, "a": "x", "b": "3"}]       # 1 is not True
    got = []
    for fields in cards:
        context = {"card": CardFields(fields), "deck": deck, "layout": layout}

        def make(context=context):
            made.append(1)
            return [templates.render(element.text, context, Where())]

        got.append(memo.element(("face", "e"), element, context, make, lambda: 0))
    assert [list(ops) for ops in got] == [[f["a"] if f["flag"] else f["b"]] for f in cards]
    assert len(made) == 5           # the second and fifth cards reuse a drawing


@pytest.mark.parametrize("value", [None, 0, 12, 1.5, -0.0, True, "Henry VIII", "{{ 1 }}", "", [1, "a"],
                                   {"a": 1}, ("x",)])
def test_a_card_field_printed_without_jinja_is_what_the_sandbox_prints(value):
    deck, layout = {"title": "T"}, {}
    templates = CompiledTemplates(deck, layout)
    context = {"card": {"v": value, "items": 3}, "deck": deck, "layout": layout}
    noting = {**context, "card": CardFields(context["card"])}    # a card's fields as a build gives them
    for source in ("{{ card.v }}", "{{card.v}}", "{{ card.items }}"):
        jinja = sandbox.render(sandbox.environment().from_string(source), context)
        assert templates.render(source, context, Where()) == jinja
        as_built = sandbox.render(sandbox.environment().from_string(source), noting)
        assert CompiledTemplates(deck, layout).render(source, noting, Where()) == as_built
        assert as_built == jinja or "card.items" in source      # (a method's address differs)
    for card in (context, noting):      # the sandbox's words for a missing field: the same for both
        with pytest.raises(UserError, match="does not have: there is no field 'missing'"):
            CompiledTemplates(deck, layout).render("{{ card.missing }}", card, Where())


def test_a_card_read_through_a_mapping_method_is_never_kept_by_a_field():
    """`card.get('house')` reads the whole card, not a field named 'get': kept by that 'field', every
    card would print the first card's value."""
    deck, layout = {"title": "T"}, {}
    templates = CompiledTemplates(deck, layout)
    source = "{{ card.get('house') }}/{{ card.items() | list | length }}"
    cards = [{"house": f"House {i}", "n": i % 2} for i in range(40)]
    seen = [templates.render(source, {"card": card, "deck": deck, "layout": layout}, Where()) for card in cards]
    assert seen == [f"House {i}/2" for i in range(40)]


def test_a_line_of_text_is_written_as_drawstring_writes_it():
    """fonts._text_line writes a TrueType line without ReportLab's text object: the same operators,
    subsets and escapes as canvas.drawString, with tracking or without, across font subsets."""
    from reportlab.pdfbase.pdfmetrics import getFont

    layout = load_layout("cromwell", load_deck("cromwell"))
    fonts = FontSet(layout.fonts)
    bold, italic = fonts.pdf_name("serif-bold"), fonts.pdf_name("serif-italic")
    glyphs = [chr(cp) for cp in sorted(getFont(bold).face.charToGlyph) if cp > 32][:400]   # past one subset
    lines = ["William I (2)", "", "a\\b (c) ) (", "née\u00a0naïve", "".join(glyphs[:300]), "".join(glyphs[250:])]
    canvases = [new_canvas((210.0, 297.0), bold, "t", "s") for _ in range(2)]
    for quick, canvas in zip((False, True), canvases):
        for font, size, tracking in ((bold, 10.0, 0.0), (italic, 7.25, 1.6), (bold, 19.0, -0.3)):
            canvas.setFont(font, size)
            for i, line in enumerate(lines):
                if quick:
                    assert fonts_module._text_line(canvas, 10.0 + i, 20.125, line, font, tracking)
                else:
                    canvas.drawString(10.0 + i, 20.125, line, charSpace=tracking)
    assert canvases[0]._code == canvases[1]._code
    assert finish(canvases[0]) == finish(canvases[1])


def test_operators_written_again_are_the_bytes_drawing_writes():
    deck, layout, cards = _cromwell_copies()
    resolver = Resolver(deck, layout, FontSet(layout.fonts), [].append)
    sides = [resolver.side("face", card) for card in cards[:6]] * 2
    # a see-through fill sets transparency, which ReportLab writes only when it changes
    clear = ShapeOp("rect", 10.0, 10.0, 20.0, 20.0, 0.0, "transparent", None, 0.0)

    def pdf(replay: bool) -> bytes:
        canvas = new_canvas((210.0, 297.0), FontSet(layout.fonts).default(), "t", "s")
        if not replay:
            canvas._printgen_drawn = None              # type: ignore[attr-defined]
        for i, ops in enumerate(sides):
            canvas.saveState()
            canvas.translate(30.0 * (i % 4), 60.0 * (i // 4 % 4))
            draw_ops(canvas, (clear, *ops, clear) if i % 3 == 0 else ops)
            canvas.restoreState()
            if i % 5 == 4:
                canvas.showPage()
        return finish(canvas)

    assert pdf(replay=True) == pdf(replay=False)


def test_pages_compressed_as_they_finish_are_the_bytes_saving_writes():
    from reportlab.pdfgen.canvas import Canvas

    deck, layout, cards = _cromwell_copies()
    resolver = Resolver(deck, layout, FontSet(layout.fonts), [].append)
    sides = [resolver.side(side, card) for card in cards[:5] for side in ("face", "back")]

    def pdf(at_once: bool) -> bytes:
        canvas = new_canvas((210.0, 297.0), FontSet(layout.fonts).default(), "t", "s")
        for i, ops in enumerate(sides):
            draw_ops(canvas, ops)
            if i % 3 == 2:
                canvas.showPage() if at_once else Canvas.showPage(canvas)   # ReportLab's own: compressed at save
        if not at_once:
            Canvas.showPage(canvas)
        return finish(canvas)

    kept = pdf(at_once=False)
    assert pdf(at_once=True) == kept
    assert kept.count(b"/FlateDecode") >= 4              # the pages' streams are compressed either way


def test_sides_let_go_once_drawn_give_the_same_sheets_and_manifest():
    from printgen.draw.sheets.faces import resolve_faces
    from printgen.draw.sheets.pdf import render_sheets

    deck = load_deck("cromwell")
    layout = load_layout(deck.layout, deck)
    kept = render_sheets(deck, layout, "long", (0.0, 0.0), resolve_faces(deck, layout))
    spent = render_sheets(deck, layout, "long", (0.0, 0.0), resolve_faces(deck, layout), spend=True)
    assert spent.pdf == kept.pdf and spent.manifest == kept.manifest
    from printgen.draw.sheets.manifest import manifest_text

    assert manifest_text(kept.manifest) == json.dumps(kept.manifest, indent=2, ensure_ascii=False)
    assert not any(spent.faces.fronts) and not any(spent.faces.backs)       # nothing held after drawing
    assert all(spent.faces.has_back(i) == bool(back) for i, back in enumerate(kept.faces.backs))


def test_the_manifest_is_written_as_json_writes_it_with_an_indent():
    from printgen.draw.sheets.manifest import manifest_text

    rnd = random.Random(30)
    leaves = [None, True, False, 0, -7, 10**20, 1.5, -0.0, 1e-9, 3.1e300, "", 'é"\\\n\x01😀', float("nan"),
              float("inf"), (1, 2.5), [], {}]

    def value(depth: int):
        pick = rnd.random()
        if depth > 3 or pick < 0.4:
            return rnd.choice(leaves)
        if pick < 0.7:        # keys json turns into strings (1, None, True) are left to json itself
            keys = ["a", "ü", '"q"', "x y", 1, None, True]
            return {rnd.choice(keys): value(depth + 1) for _ in range(rnd.randint(0, 4))}
        return [value(depth + 1) for _ in range(rnd.randint(0, 4))]

    for _ in range(2000):
        data = value(0)
        assert manifest_text(data) == json.dumps(data, indent=2, ensure_ascii=False), data


def test_a_remembered_width_is_the_width_measured_and_an_operation_keeps_its_hash_to_itself():
    fonts = FontSet(load_layout("cromwell", load_deck("cromwell")).fonts)
    bold, italic = fonts.pdf_name("serif-bold"), fonts.pdf_name("serif-italic")
    fonts_module.forget_missing()
    for text, name, size, tracking in [("William I", bold, 11.0, 0.0), ("William I", bold, 11, 0.5),
                                       ("William I", bold, 9.5, 0.0), ("William I", italic, 9.5, 0.0),
                                       ("Wm", bold, 11.0, 0.0), ("William I", bold, 11.0, 0.0),
                                       ("Ω ж", bold, 8.0, 0.0)]:
        assert fonts_module.text_width(text, name, size, tracking) == fonts_module._measure(text, name, size, tracking)
    op = TurnOp(90.0, 1.0, 2.0, (TextOp("F", 9.0, "#000000", 0.0, ((0.0, 0.0, "a"),)),))
    same = TurnOp(90.0, 1.0, 2.0, (TextOp("F", 9.0, "#000000", 0.0, ((0.0, 0.0, "a"),)),))
    assert hash(op) == hash(same) == hash((90.0, 1.0, 2.0, op.ops)) and op == same
    copied = pickle.loads(pickle.dumps(op))                 # a kept hash never travels: str hashes differ
    assert not hasattr(copied, "_hash") and not hasattr(copied.ops[0], "_hash") and copied == op
    assert repr(op.ops[0]) == "TextOp(font='F', size=9.0, colour='#000000', tracking=0.0, lines=((0.0, 0.0, 'a'),))"
    with pytest.raises(dataclasses.FrozenInstanceError):
        op.angle = 0.0                                      # type: ignore[misc]


def _busy(seconds: float) -> None:
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        pass


def test_a_series_of_deadlines_stops_a_runaway_card_and_only_that():
    previous = signal.getsignal(signal.SIGALRM)
    with sandbox.deadlines(0.2):
        for _ in range(15):                    # many cards, more than the allowance in all
            with sandbox.deadline(0.2, what="a short side"):
                _busy(0.02)
        with sandbox.deadline(0.2, what="a waiting side"):
            time.sleep(0.3)                    # waiting is not working
        start = time.thread_time()
        with pytest.raises(sandbox.TemplateLimit, match="a busy side was still running after 0.2 seconds"), \
                sandbox.deadline(0.2, what="a busy side"):
            _busy(5)
        assert 0.2 <= time.thread_time() - start < 0.6
        with sandbox.deadline(0.2, what="the next side"):
            _busy(0.02)                        # the next card starts with its whole allowance
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is previous
