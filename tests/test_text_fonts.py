"""Text that prints: Greek and Cyrillic through the fallback font, typographic quotes, warnings
for characters no font has and for captions shrunk below legibility, and templates or font
files that are refused instead of crashing or running away."""

from __future__ import annotations

import io
import shutil

import numpy as np
import pypdfium2 as pdfium
import pytest
from badinput import assert_refused, workspace
from conftest import DECKS, ROOT, read_manifest, run_cli
from pdfcheck import Raster, page_text, squash, text_in_box, trim_box
from pypdf import PdfReader
from test_cromwell_pdf import _walk_fonts

from printgen.draw.fonts import loose_marks, runs
from printgen.draw.text import typographic

GREEK = "Ἀλέξανδρος ὁ Μέγας, βασιλεὺς τῶν Μακεδόνων"
CYRILLIC = "Пётр Великий основал Санкт-Петербург"
QUOTED_YAML = "Agincourt's archers called him 'Harry' and \\\"Hal\\\"."   # as typed in deck.yaml
QUOTED_PRINTED = "Agincourt\u2019s archers called him \u2018Harry\u2019 and \u201cHal\u201d."
EMOJI = "A horse, a horse! \U0001F600"
LONG = ("She ruled for sixty-three years, saw railways, telegraphs and an empire grow, and gave her name "
        "to an age of industry and reform. She ruled for sixty-three years, saw railways, telegraphs and "
        "an empire grow, and gave her name to an age of industry and reform.")   # fits only below 7.5 pt
RULES_GREEK = "Ὁ βασιλεὺς **Ἑρρίκος** <&> Царь"

CAPTIONS = {"Henry VIII": GREEK, "Elizabeth I": CYRILLIC, "Henry V": QUOTED_YAML, "Richard III": EMOJI,
            "Victoria": LONG}


def _set_caption(text: str, card: str, caption: str) -> str:
    """The deck text with one card's caption replaced (the card's block, not the comments)."""
    start = text.index(f"\n  - name: {card}\n")
    line_start = text.index("    caption: ", start)
    line_end = text.index("\n", line_start)
    return text[:line_start] + f'    caption: "{caption}"' + text[line_end:]


@pytest.fixture(scope="module")
def intl(tmp_path_factory) -> dict:
    """Cromwell with captions in Greek, Cyrillic, plain quotes, an emoji and a long one, and a
    Greek line in its rules; built once (cards and rules)."""
    root = tmp_path_factory.mktemp("intl")
    deck = root / "cromwell"
    shutil.copytree(DECKS / "cromwell", deck)
    yaml = deck / "deck.yaml"
    text = yaml.read_text(encoding="utf-8")
    for card, caption in CAPTIONS.items():
        text = _set_caption(text, card, caption)
    yaml.write_text(text, encoding="utf-8")
    rules = deck / "rules" / "cromwell.md"
    rules.write_text(rules.read_text(encoding="utf-8") + f"\n\n{RULES_GREEK}\n", encoding="utf-8")
    run = run_cli("build", str(deck), "--out", str(root / "out"), "--only", "cards", "--only", "rules", "--quiet")
    assert run.code == 0, run.err
    folder = root / "out" / "cromwell"
    manifest = read_manifest(folder)
    return {"folder": folder, "pdf": folder / "cromwell-cards.pdf", "err": run.err, "deck": yaml,
            "cards": {c["name"]: c for c in manifest["cards"]}}


def _card_text(intl: dict, name: str) -> str:
    front = intl["cards"][name]["front"]
    return squash(text_in_box(intl["pdf"], front["page"], trim_box(front)))


@pytest.mark.parametrize("card, words", [("Henry VIII", GREEK), ("Elizabeth I", CYRILLIC)], ids=["greek", "cyrillic"])
def test_greek_and_cyrillic_captions_print_as_text(intl, card, words):
    assert squash(words) in _card_text(intl, card)


def test_fallback_glyphs_are_inked_where_the_text_is(intl):
    """Each Greek letter of the caption has ink inside its own character box."""
    front = intl["cards"]["Henry VIII"]["front"]
    document = pdfium.PdfDocument(str(intl["pdf"]))
    textpage = document[front["page"] - 1].get_textpage()
    found = textpage.search("Μέγας", match_case=True).get_next()
    assert found is not None
    index, count = found
    boxes = [textpage.get_charbox(i) for i in range(index, index + count)]
    textpage.close()
    document.close()
    raster = Raster(intl["pdf"], front["page"], dpi=300)
    mm = 72 / 25.4
    for left, bottom, right, top in boxes:
        assert raster.ink_box(left / mm, bottom / mm, right / mm, top / mm) is not None


def _raster(draw) -> np.ndarray:
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(300, 40), invariant=1)
    draw(canvas)
    canvas.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    return (np.asarray(page.render(scale=4).to_pil().convert("L")) < 128)


def test_fallback_draws_the_real_glyphs_not_empty_boxes():
    """Greek asked of Caladea comes out pixel for pixel as Noto Serif's Greek, and unlike the
    empty boxes Caladea alone would draw."""
    from printgen.draw.fonts import draw_string
    from printgen.files.font_files import register
    from printgen.files.paths import FONTS_DIR

    caladea = register(FONTS_DIR / "caladea" / "Caladea-Italic.ttf")
    noto = register(FONTS_DIR / "noto-serif" / "NotoSerif-Italic.ttf")
    word = "Μέγας"

    def fallback(c):
        c.setFont(caladea, 20)
        draw_string(c, 10, 12, word, caladea, 20)

    def direct(c):
        c.setFont(noto, 20)
        c.drawString(10, 12, word)

    def tofu(c):
        c.setFont(caladea, 20)
        c.drawString(10, 12, word)

    drawn, expected, boxes = _raster(fallback), _raster(direct), _raster(tofu)
    assert drawn.sum() > 200
    assert (drawn != expected).sum() == 0
    assert (drawn != boxes).sum() > drawn.sum() * 0.3


def test_every_font_is_embedded_including_the_fallback(intl):
    for name in ("cromwell-cards.pdf", "cromwell-rules.pdf"):
        fonts = _walk_fonts(PdfReader(intl["folder"] / name))
        names = {str(f.get("/BaseFont")) for f in fonts}
        assert any("NotoSerif" in n for n in names), names
        for font in fonts:
            descriptor = font.get("/FontDescriptor")
            assert descriptor is not None and "/FontFile2" in descriptor.get_object(), font.get("/BaseFont")


def test_rule_sheet_greek_keeps_bold_and_escaping(intl):
    pdf = intl["folder"] / "cromwell-rules.pdf"
    text = squash(" ".join(page_text(pdf, p) for p in range(1, len(PdfReader(pdf).pages) + 1)))
    assert "Ὁ βασιλεὺς Ἑρρίκος <&> Царь" in text
    names = {str(f.get("/BaseFont")) for f in _walk_fonts(PdfReader(pdf))}
    assert any(n.endswith("NotoSerif-Bold") for n in names), names        # **Ἑρρίκος**
    assert any(n.endswith("NotoSerif-Regular") for n in names), names


def test_straight_quotes_print_typographic(intl):
    assert QUOTED_PRINTED in _card_text(intl, "Henry V")


def test_emoji_is_a_warning_naming_card_field_and_code(intl):
    lines = intl["deck"].read_text(encoding="utf-8").splitlines()
    start = lines.index("  - name: Richard III")
    line = next(n for n, t in enumerate(lines[start:], start + 1) if t.lstrip().startswith("caption:"))  # its own line
    warnings = [w for w in intl["err"].splitlines() if "U+1F600" in w]
    assert len(warnings) == 1, intl["err"]
    assert "card 'Richard III'" in warnings[0] and "field 'caption'" in warnings[0]
    assert f"line {line}" in warnings[0]
    assert not any(word in intl["err"] for word in ("Henry VIII", "Elizabeth I"))   # Greek, Cyrillic: no warning


def test_long_caption_warns_below_the_legible_size(intl):
    warnings = [w for w in intl["err"].splitlines() if "card 'Victoria'" in w]
    assert len(warnings) == 1, intl["err"]
    import re

    size = float(re.search(r"prints at ([0-9.]+) pt", warnings[0]).group(1))
    assert 6.5 <= size < 7.5 and "below the 7.5 pt" in warnings[0] and "field 'caption'" in warnings[0]


def test_typographic_quotes_by_context():
    from printgen.draw.text import typographic

    assert typographic("'Bloody Mary' was Mary's \"name\"") == \
        "\u2018Bloody Mary\u2019 was Mary\u2019s \u201cname\u201d"
    assert typographic("the '90s (\"roaring\")") == "the \u201990s (\u201croaring\u201d)"
    assert typographic("no quotes") == "no quotes"
    assert typographic("'Tis rock 'n' roll") == "\u2019Tis rock \u2019n\u2019 roll"


# --- refused inputs ---------------------------------------------------------------------------

LOOK = """extends: cromwell
fonts:
  serif-italic: FONT
face:
  caption:
    text: "TEXT"
"""


def _with_layout(ws, text: str = "{{ card.caption }}", font: str = "caladea/Caladea-Italic.ttf") -> None:
    ws.write_bytes("look.yaml", LOOK.replace("FONT", font).replace("TEXT", text).encode())
    ws.edit("deck.yaml", lambda t: t.replace("layout: cromwell ", "layout: look     ", 1))


def test_a_file_that_is_not_a_font_is_refused_at_its_layout_line(tmp_path):
    ws = workspace(tmp_path, only="cards")
    ws.write_bytes("fancy.ttf", b"this is a note, not a font\n" * 20)
    _with_layout(ws, font="fancy.ttf")
    assert_refused(ws.build("--only", "cards"), ws, file="look.yaml", line=3, says=["fancy.ttf", "not a font file"])


@pytest.mark.parametrize("expression, says", [
    ("{{ range(10**8) | list }}", "range()"),
    ("{{ 10**100000 }}", "too large"),
    ("{{ 'x' * 10**9 }}", "characters long"),
    ("{% for i in range(100000) %}{{ 'x' * 100000 }}{% endfor %}", "prints more than"),
    # stopped by the one deadline a card's templates share, inside the template, so named by its line
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "still running"),
])
def test_template_bombs_in_a_layout_are_refused(tmp_path, expression, says):
    ws = workspace(tmp_path, only="cards")
    _with_layout(ws, text=expression)
    # line 6: the caption's `text:` itself (line 5 is where the element starts)
    assert_refused(ws.build("--only", "cards"), ws, file="look.yaml", line=6, says=[says], time_limit=20,
                   memory_mib=600)


def test_a_template_that_never_ends_is_stopped(tmp_path):
    ws = workspace(tmp_path, only="rules")
    ws.edit("rules/cromwell.md", lambda t: t + "\n{% for i in range(100000) %}{% for j in range(100000) %}"
                                              "{% endfor %}{% endfor %}\n")
    line = len((ws.deck / "rules" / "cromwell.md").read_text(encoding="utf-8").splitlines())
    assert_refused(ws.build("--only", "rules"), ws, file="cromwell.md", line=line, says=["still running"],
                   time_limit=30)


def test_generate_name_touching_a_private_attribute_is_refused(tmp_path):
    ws = workspace(tmp_path, "spanish", only="cards")
    ws.edit("deck.yaml", lambda t: t.replace('name: "{{ rank.name }} de {{ suit.name }}"',
                                             'name: "{{ suit.__class__ }}"', 1))
    line = ws.line_of("deck.yaml", "suit.__class__")
    assert_refused(ws.build("--only", "cards"), ws, file="deck.yaml", line=line, says=["__class__", "unsafe"],
                   time_limit=20)


@pytest.mark.parametrize("source", [
    "{{ 'x' | center(10**9) }}",
    "{{ 'x'.ljust(10**9) }}",
    "{{ '%0999999999d' % 1 }}",
    "{{ '{:>999999999}'.format(1) }}",
    "{{ ('x' * 100000) | replace('x', 'yy') }}",
    "{{ [('x' * 1000)] * 100000 }}",
    "{{ 'a\nb' | indent(10**9) }}",
    "{{ lipsum(10**6) }}",
    "{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
])
def test_the_sandbox_refuses_other_ways_to_blow_up(source):
    import time

    from printgen.model.sandbox import TemplateLimit, environment, render

    start = time.thread_time()          # the deadline counts processor time, whatever the machine's load
    with pytest.raises(TemplateLimit):
        render(environment().from_string(source), {})
    assert time.thread_time() - start < 2


def test_the_deadline_counts_processor_time_not_waiting():
    """A side that waits (the machine busy with other work, a slow disk) is not a runaway template;
    one that computes for its whole allowance is stopped soon after it."""
    import time

    from printgen.model.sandbox import TemplateLimit, deadline

    with deadline(0.2, what="a waiting side"):
        time.sleep(0.45)                 # more than twice the allowance on the wall clock, no processor time
    start = time.thread_time()
    with pytest.raises(TemplateLimit, match="a busy side was still running after 0.2 seconds"), \
            deadline(0.2, what="a busy side"):
        while time.thread_time() - start < 5:
            pass
    assert 0.2 <= time.thread_time() - start < 0.5


def test_the_sandbox_still_runs_ordinary_templates():
    from printgen.model.sandbox import environment, render

    source = ("{{ (card.name | upper) ~ ' ' ~ '%02d' % card.n }}|{{ 2 ** 64 }}|{{ '-' * 3 }}|"
              "{{ card.words | join(', ') }}|{{ 'x' | center(5) }}|{% for i in range(3) %}{{ i }}{% endfor %}")
    context = {"card": {"name": "Anne", "n": 7, "words": ["a", "b"]}}
    assert render(environment().from_string(source), context) == "ANNE 07|18446744073709551616|---|a, b|  x  |012"


def test_a_smaller_card_size_that_shrinks_text_below_legible_warns_once_per_element(tmp_path):
    """At mini-euro size the Cromwell caption (9 pt on a poker card) prints near 6 pt: a warning
    at the layout's line for the caption, once, not one per card; at the layout's own size, none."""
    small = run_cli("build", "cromwell", "--card-size", "mini-euro", "--only", "cards", "--out", str(tmp_path / "a"))
    assert small.code == 0, small.err
    said = [line for line in small.err.splitlines() if "face.caption.size" in line]
    assert len(said) == 1 and "on mini-euro cards the text 'caption' prints at" in said[0], small.err
    assert "below the 7.5 pt" in said[0] and "card '" not in said[0]
    usual = run_cli("build", "cromwell", "--only", "cards", "--out", str(tmp_path / "b"))
    assert usual.code == 0 and "prints at" not in usual.err, usual.err


def test_a_word_is_kept_whole_by_shrinking_and_split_only_as_a_last_resort():
    from printgen.draw.fonts import text_width
    from printgen.draw.text import fit
    from printgen.files.font_files import register

    font = register(ROOT / "printgen" / "fonts" / "caladea" / "Caladea-Bold.ttf")
    width = text_width("Victoria", font, 8.0) + 0.01          # "Victoria" fits at 8 pt, not at 10
    whole = fit("Queen Victoria", font, 10.0, 7.0, width, 40.0, 1.0)
    assert whole.fits and not whole.split and whole.lines == ("Queen", "Victoria") and whole.size <= 8.0
    broken = fit("Queen Victoria", font, 10.0, 9.0, width, 40.0, 1.0)     # not allowed below 9 pt
    assert broken.fits and broken.split and "".join(broken.lines[1:]) == "Victoria"


@pytest.mark.parametrize("name,says", [
    # 'Victoria' fits the 9 mm corner whole at 7 pt, never 'Victori / a'; 7 pt is the corner's own
    # legible size (bold, a word or two: layouts/cromwell.yaml), so only a smaller one is said
    ("Queen Victoria", None),
    # 'Alexandrina' does not fit whole at any allowed size: a broken word, said
    ("Queen Alexandrina", "the name in the card's corners breaks a word across lines"),
])
def test_a_corner_index_keeps_words_whole_or_says_it_cannot(tmp_path, name, says):
    deck = tmp_path / "cromwell"
    shutil.copytree(DECKS / "cromwell", deck)
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    (deck / "deck.yaml").write_text(text.replace("  - name: Victoria\n", f"  - name: {name}\n"), encoding="utf-8")
    run = run_cli("build", str(deck), "--only", "cards", "--out", str(tmp_path / "out"))
    assert run.code == 0, run.err
    if says is None:
        assert f"card '{name}'" not in run.err, run.err
        return
    said = [line for line in run.err.splitlines() if says in line]
    # once, in words a teacher knows, though the name is in two corners (two layout elements)
    assert len(said) == 1 and f"card '{name}'" in said[0], run.err


def test_a_no_break_space_keeps_two_words_on_one_line():
    """'50+\\u00a0Triumphal' on the quick reference broke as '50+ / Triumphal': str.split() breaks at
    a no-break space too; the wrapper must not."""
    from printgen.draw.text import wrap
    from printgen.files.font_files import register
    from printgen.files.paths import FONTS_DIR

    font = register(FONTS_DIR / "caladea" / "Caladea-Regular.ttf")
    text = "under 20 Miserae \u00b7 20\u201349 Ordinary \u00b7 50+\u00a0Triumphal"
    for width in range(60, 260, 5):
        lines = wrap(text, font, 8.0, float(width))
        assert not any(line.endswith("50+") for line in lines), (width, lines)
    assert any("50+\u00a0Triumphal" in line for line in wrap(text, font, 8.0, 120.0))


# --- accents typed after their letter ---------------------------------------------------------------

def _caladea() -> str:
    from printgen.files.font_files import register

    return register(ROOT / "printgen" / "fonts" / "caladea" / "Caladea-Regular.ttf")


def test_an_accent_typed_after_its_letter_is_joined_to_it():
    assert typographic("Cafe\u0301 'noir'") == "Caf\u00e9 \u2018noir\u2019"
    assert loose_marks(typographic("Cafe\u0301")) == []


def test_a_letter_and_its_accent_are_drawn_in_one_font():
    """Caladea lacks U+0351, Noto Serif has it: the 'e' goes with its accent to Noto Serif, so
    the two are drawn from one font, the accent beside the letter it belongs to."""
    pieces = runs("be\u0351d", _caladea())
    assert [text for _, text in pieces] == ["b", "e\u0351", "d"], pieces
    assert pieces[0][0] == pieces[2][0] != pieces[1][0]
