"""Rule sheets: Markdown with a little Jinja2 for deck data -> a two-column PDF leaflet.

The rules file is the project's own, rendered in Jinja2's sandbox; every value it prints from
the deck is escaped for Markdown, so a house or caption holding '*', '|' or '<' stays text and
cannot break a table or start emphasis.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from printgen.errors import UserError, Where, did_you_mean
from printgen.context import document_context
from printgen.model import Deck, Layout
from printgen.yamlsrc import parse_yaml, read_source

_MD_SPECIAL = re.compile(r"([\\`*_\[\]()#+\-.!|<>{}~&])")
FRONT_MATTER_KEYS = {"title", "subtitle", "players", "age", "time", "pack"}
CARD_WIDTH_MM = 22.0


def md_escape(value: Any) -> str:
    """Backslash-escape Markdown punctuation; newlines become spaces (they would end a table row)."""
    if value is None:
        return ""
    text = str(value).replace("\r", " ").replace("\n", " ")
    return _MD_SPECIAL.sub(r"\\\1", text)


def rules_files(deck: Deck) -> list[Path]:
    return sorted((deck.folder / "rules").glob("*.md"))


def split_front_matter(text: str, path: Path) -> tuple[dict[str, Any], str, int]:
    """(front matter, body, number of lines the front matter took)."""
    if not text.startswith("---"):
        return {}, text, 0
    end = text.find("\n---", 3)
    if end < 0:
        raise UserError("the front matter that starts with '---' on line 1 is never closed", Where(path, 1),
                        "add a line '---' after the title, players and so on")
    # The text after the opening '---' keeps the rest of line 1, so its line numbers are the file's.
    located = parse_yaml(text[3:end], path)
    meta = located.data or {}
    if not isinstance(meta, dict):
        raise UserError("the front matter should be 'key: value' lines", located.where(()))
    for key in meta:
        if key not in FRONT_MATTER_KEYS:
            raise UserError(f"'{key}' is not a front matter setting", located.where((key,)),
                            did_you_mean(str(key), FRONT_MATTER_KEYS) or "allowed: " + ", ".join(sorted(FRONT_MATTER_KEYS)))
    body_start = text.index("\n", end + 1) + 1 if "\n" in text[end + 1:] else len(text)
    return meta, text[body_start:], text[:body_start].count("\n")


def render_template(body: str, context: dict[str, Any], path: Path, line_offset: int) -> str:
    from jinja2 import StrictUndefined, TemplateError, TemplateSyntaxError

    from printgen.render.sandbox import Sandbox, render

    env = Sandbox(undefined=StrictUndefined, finalize=md_escape, keep_trailing_newline=True)
    try:
        return render(env.from_string(body), {"deck": context})
    except TemplateSyntaxError as exc:
        raise UserError(f"template error: {exc.message}", Where(path, (exc.lineno or 0) + line_offset)) from None
    except TemplateError as exc:
        raise UserError(f"template error: {exc}", Where(path, _template_line(exc, line_offset)),
                        "the deck data available is described in the README") from None


def _template_line(exc: Exception, offset: int) -> int | None:
    """Jinja rewrites tracebacks so template frames carry template line numbers."""
    tb, line = exc.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno + offset
        tb = tb.tb_next
    return line


class CardPictures:
    """Draws real cards (faces or backs) inside a document, as the card PDF does."""

    def __init__(self, deck: Deck, layout: Layout, source: Path, source_text: str):
        from printgen.render.fonts import FontSet
        from printgen.render.template import Resolver

        self.deck, self.layout = deck, layout
        self.by_id = {c.id: c for c in deck.cards}
        self.resolver = Resolver(deck, layout, FontSet(layout.fonts), lambda warning: None)
        self.source, self.source_text = source, source_text

    def row(self, cards: list[tuple[str, str, str]]):
        from printgen.units import parse_length

        sides = []
        width = CARD_WIDTH_MM
        for scheme, card_id, title in cards:
            if title.strip():
                try:
                    width = parse_length(title.strip())
                except ValueError as exc:
                    raise UserError(f"the width of card '{card_id}': {exc}", Where(self.source)) from None
            card = self.by_id.get(card_id)
            if card is None:
                line = next((n for n, t in enumerate(self.source_text.splitlines(), 1) if f"{scheme}:{card_id}" in t), None)
                raise UserError(f"no card with the id '{card_id}'", Where(self.source, line),
                                did_you_mean(card_id, self.by_id) or "card ids are card names in lower case with '-' for spaces")
            sides.append(self.resolver.side("back" if scheme == "card-back" else "face", card))
        return CardRow(sides, self.layout, width)


def _card_row_class():
    from reportlab.platypus import Flowable

    from printgen.render.cardsheets import FormCache
    from printgen.render.imposition import Slot
    from printgen.units import pt

    class _CardRow(Flowable):
        """A row of small real cards, centred in the column."""

        def __init__(self, sides, layout: Layout, width_mm: float):
            super().__init__()
            self.sides, self.layout = sides, layout
            self.k = width_mm / layout.card.width
            self.card_w, self.card_h = pt(width_mm), pt(layout.card.height * self.k)
            self.gap = pt(2.5 if width_mm >= 15 else 1.5)
            self.spaceBefore, self.spaceAfter = 3, 6

        def wrap(self, available_width, available_height):
            """As many cards a line as fit; the rest wrap onto further lines."""
            self.available = available_width
            self.per_line = max(1, int((available_width + self.gap) // (self.card_w + self.gap)))
            lines = -(-len(self.sides) // self.per_line)
            return available_width, lines * self.card_h + (lines - 1) * self.gap

        def draw(self):
            canvas = self.canv
            caches = getattr(canvas, "_printgen_forms", None)
            if caches is None:
                caches = canvas._printgen_forms = FormCache(canvas, self.layout.card.width, self.layout.card.height, 0.0)
            lines = [self.sides[i:i + self.per_line] for i in range(0, len(self.sides), self.per_line)]
            for number, line in enumerate(lines):
                y = (len(lines) - 1 - number) * (self.card_h + self.gap)
                self._line(canvas, caches, line, y)

        def _line(self, canvas, caches, line, y: float) -> None:
            total = len(line) * self.card_w + (len(line) - 1) * self.gap
            x = (self.available - total) / 2
            for ops in line:
                canvas.saveState()
                canvas.translate(x, y)
                path = canvas.beginPath()
                path.roundRect(0, 0, self.card_w, self.card_h, pt(1.2))
                canvas.clipPath(path, stroke=0, fill=0)
                canvas.scale(self.k, self.k)
                caches.place(ops, Slot(0, 0, self.layout.card.width, self.layout.card.height, 0))
                canvas.restoreState()
                canvas.saveState()
                canvas.setLineWidth(0.4)
                canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
                canvas.roundRect(x, y, self.card_w, self.card_h, pt(1.2), stroke=1, fill=0)
                canvas.restoreState()
                x += self.card_w + self.gap

    return _CardRow


def CardRow(sides, layout: Layout, width_mm: float = CARD_WIDTH_MM):  # noqa: N802 - a flowable factory
    return _card_row_class()(sides, layout, width_mm)


def render_rules(deck: Deck, layout: Layout, path: Path) -> bytes:
    """One rules Markdown file -> PDF bytes."""
    from printgen.render.document import TitleInfo, build_document, make_styles
    from printgen.render.fonts import FontSet
    from printgen.render.markdown import to_flowables

    source = read_source(path)
    meta, body, offset = split_front_matter(source, path)
    text = render_template(body, document_context(deck), path, offset)
    styles = make_styles(FontSet(layout.fonts))
    pictures = CardPictures(deck, layout, path, source)
    paper = (layout.paper.width, layout.paper.height)
    margin = max(layout.imposition.margin, 10.0)
    column = (paper[0] - 2 * margin - 7) / 2 * 72 / 25.4
    to_flowables(text, styles, column, pictures.row)        # checks card ids before any PDF work
    facts = []
    if meta.get("players"):
        facts.append(f"{meta['players']} players")
    if meta.get("age"):
        facts.append(f"ages {meta['age']}")
    if meta.get("time"):
        facts.append(str(meta["time"]))
    cards = len(deck.cards)
    if meta.get("pack") is not None:        # the game's own pack (e.g. the 40-card Spanish pack)
        from printgen.load import load_deck

        cards = len(load_deck(deck.folder, str(meta["pack"])).cards)
    facts.append(f"{cards} cards")
    title = TitleInfo(str(meta.get("title") or deck.title), meta.get("subtitle") or deck.subtitle, facts)
    return build_document(paper, margin, styles, lambda: to_flowables(text, styles, column, pictures.row), title,
                          footer=f"{title.title}: rules", pdf_title=f"{title.title}: rules")
