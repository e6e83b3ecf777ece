"""Rule sheets: Markdown with a little Jinja2 for deck data -> a two-column PDF leaflet.

The rules file is the project's own, rendered in Jinja2's sandbox; every value it prints from
the deck is escaped for Markdown, so a house or caption holding '*', '|' or '<' stays text and
cannot break a table or start emphasis.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.files.deckfiles import DECK_FOLDER, read_bytes
from printgen.files.errors import UserError, Warning_, Where, did_you_mean
from printgen.files.yamlsrc import parse_yaml
from printgen.model.context import document_context
from printgen.model.deck import Deck, Layout

if TYPE_CHECKING:
    from printgen.draw.template_words import Whose
    from printgen.model.tabletypes import Table

_MD_SPECIAL = re.compile(r"([\\`*_\[\]()#+\-.!|<>{}~&])")
FRONT_MATTER_KEYS = {"title", "subtitle", "players", "age", "time", "pack", "table"}
CARD_WIDTH_MM = 22.0
MIN_CARD_WIDTH_MM = 5.0
MAX_RULES_BYTES = 1_000_000     # forty pages of rules hold about 150 kB of text


def md_escape(value: Any) -> str:
    """Backslash-escape Markdown punctuation; newlines become spaces (they would end a table row)."""
    if value is None:
        return ""
    text = str(value).replace("\r", " ").replace("\n", " ")
    return _MD_SPECIAL.sub(r"\\\1", text)


def rules_files(deck: Deck) -> list[Path]:
    return sorted((deck.folder / "rules").glob("*.md"))


def read_rules(path: Path, within: Path | None = None) -> str:
    """The text of a rule sheet; a byte that is not UTF-8 is reported at its line.

    Read as every file of a deck is (printgen.files.deckfiles): only a regular file inside `within`
    (the deck's folder; the sheet's own folder when not given), its size checked first."""
    path = Path(path)
    data = read_bytes(path, within=path.parent if within is None else within, what="rule sheet",
                      limit=MAX_RULES_BYTES, place=DECK_FOLDER if within is not None else None)
    try:
        return data.decode("utf-8").removeprefix("\ufeff")     # Notepad may start the file with a BOM
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise UserError(f"this line holds a byte that is not UTF-8 text (0x{data[exc.start]:02X})", Where(path, line),
                        "save the file as UTF-8 in your editor (in Notepad: Save as, Encoding: UTF-8)") from None


def split_front_matter(text: str, path: Path) -> tuple[dict[str, Any], str, int, dict[Any, int]]:
    """(front matter, body, number of lines the front matter took, the line of each key).

    The block is parsed from just after the opening '---', so YAML's line N is the file's line N.
    """
    if not text.startswith("---"):
        return {}, text, 0, {}
    end = text.find("\n---", 3)
    if end < 0:
        raise UserError("the front matter that starts with '---' on line 1 is never closed", Where(path, 1),
                        "add a line '---' after the title, players and so on")
    # The text after the opening '---' keeps the rest of line 1, so its line numbers are the file's.
    # parse_yaml brings every check of the deck files (aliases, duplicate keys, YAML 1.2 values).
    located = parse_yaml(text[3:end], path)
    meta = located.data or {}
    if not isinstance(meta, dict):
        raise UserError("the front matter should be 'key: value' lines", located.where(()))
    lines = {path[0]: line for path, line in located.lines.items() if len(path) == 1}
    for key in meta:
        if key not in FRONT_MATTER_KEYS:
            raise UserError(f"'{key}' is not a front matter setting", Where(path, lines.get(key, 1)),
                            did_you_mean(str(key), FRONT_MATTER_KEYS)
                            or "allowed: " + ", ".join(sorted(FRONT_MATTER_KEYS)))
        if not isinstance(meta[key], (str, int, float)) and meta[key] is not None:
            raise UserError(f"'{key}' should be one line of text", Where(path, lines.get(key, 1)),
                            "write it as 'key: text' (quote text that holds ': ' or starts with '[')")
    body_start = text.index("\n", end + 1) + 1 if "\n" in text[end + 1:] else len(text)
    return meta, text[body_start:], text[:body_start].count("\n"), lines


def check_pack(deck: Deck, meta: dict[str, Any], lines: dict[Any, int], path: Path) -> str | None:
    """The pack a rule sheet names in its front matter, checked against the deck's packs."""
    if meta.get("pack") is None:
        return None
    pack, line = str(meta["pack"]), lines.get("pack")
    if not deck.packs:
        raise UserError(f"this rule sheet names the pack '{pack}', but the deck has no packs", Where(path, line),
                        "delete the 'pack:' line, or add the pack under 'packs:' in deck.yaml")
    if pack not in deck.packs:
        raise UserError(f"the deck has no pack '{pack}'", Where(path, line),
                        did_you_mean(pack, deck.packs) or "packs: " + ", ".join(deck.packs))
    return pack


def sheet_table(deck: Deck, layout: Layout, meta: dict[str, Any], lines: dict[Any, int], path: Path) -> Table | None:
    """The table layout a rule sheet names in its front matter (`table: croquetnole`), checked as
    its drawing is, or None. Why: a game set up on a table uses the pieces the layout places, not
    the whole set, so the sheet's header counts those and its text can count them by kind
    (`table.pieces`, each with `id`, `name` and `kind`) instead of typing figures that drift."""
    if meta.get("table") is None:
        return None
    from printgen.model.tablecheck import checked_table

    if layout.spec.components:
        pieces_layout = layout
    else:
        from printgen.model.layouts import load_layout

        pieces_layout = load_layout(deck.layout, deck)
    return checked_table(deck, pieces_layout, str(meta["table"]), Where(path, lines.get("table")))


def line_map(body: str, rendered: str, offset: int) -> Callable[[int], int | None]:
    """A function from a line of the rendered text to the line of the file it came from.

    Lines Jinja2 left unchanged match exactly; a line a template made (a table row in a loop)
    goes to the most similar line of the template block that made it.
    """
    import difflib

    def build() -> list[int]:
        source, made = body.splitlines(), rendered.splitlines()
        result = [1] * (len(made) + 1)
        matcher = difflib.SequenceMatcher(None, source, made, autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            for j in range(j1, j2):
                if op == "equal":
                    best = i1 + (j - j1)
                elif i2 > i1 and i2 - i1 <= 200:
                    best = max(range(i1, i2),
                               key=lambda i: difflib.SequenceMatcher(None, source[i], made[j]).quick_ratio())
                else:
                    best = max(i1 - 1, 0) if i2 == i1 else i1
                result[j] = best + 1 + offset
        return result

    cache: list[list[int]] = []

    def line_of(line: int) -> int | None:
        if not cache:
            cache.append(build())
        table = cache[0]
        return table[line - 1] if 0 < line <= len(table) else None

    return line_of


def render_template(body: str, context: dict[str, Any], path: Path, line_offset: int,
                    game: dict[str, Any] | None = None, table: dict[str, Any] | None = None,
                    whose: Whose | None = None) -> str:
    """`game`: the tables of the game a rule sheet is named after (its ranking charts), from the
    simulator's own data (printgen.games.registry.sheet_tables); `table`: the table layout the sheet
    names in its front matter (see sheet_table); `whose`: the file as its errors say it (a rule
    sheet's, unless a score sheet's foot)."""
    from jinja2 import StrictUndefined, TemplateError, TemplateSyntaxError

    from printgen.draw import template_facts
    from printgen.draw.template_words import RULES, syntax_error, template_error
    from printgen.model.sandbox import Sandbox, render
    from printgen.model.template_names import Names

    env = Sandbox(undefined=StrictUndefined, finalize=md_escape, keep_trailing_newline=True)
    try:
        template = template_facts.from_source(env, body, "rule sheet code")
        return render(template, {"deck": context, "game": game or {}, "table": table or {}})
    except TemplateSyntaxError as exc:      # at the line the mistake starts (an unclosed {% if %}'s own)
        said = syntax_error(exc, body)
        line = (said.line or exc.lineno or 0) + line_offset
        raise UserError(f"{(whose or RULES).template}'s template has a mistake: {said.words}", Where(path, line),
                        said.hint) from None
    except TemplateError as exc:        # in the same words as a card's or a board's template
        names = Names({"deck": context, "game": game or {}, "table": table or {}}, body)
        raise template_error(exc, Where(path, _template_line(exc, line_offset)), whose or RULES, names) from None


def _template_line(exc: Exception, offset: int) -> int | None:
    """Jinja rewrites tracebacks so template frames carry template line numbers."""
    line = getattr(exc, "lineno", None)   # a limit met outside its frames (sandbox.render) says its line
    if line:
        return line + offset
    tb, line = exc.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno + offset
        tb = tb.tb_next
    return line


class CardPictures:
    """Draws real cards (faces or backs) inside a document, as the card PDF does."""

    def __init__(self, deck: Deck, layout: Layout, source: Path, source_text: str,
                 warn: Callable[[Warning_], None] | None = None):
        from printgen.draw.fonts import FontSet
        from printgen.draw.template import Resolver

        self.deck, self.layout = deck, layout
        self.by_id = {c.id: c for c in deck.cards}
        # a picture is the card as the cards PDF draws it, warnings and all (said once: build.finish)
        self.resolver = Resolver(deck, layout, FontSet(layout.fonts), warn or (lambda warning: None))
        self.source, self.source_text = source, source_text
        self.column_mm, self.column_height_mm = column_size_mm(layout)
        self.sides: dict[tuple[str, str], Any] = {}

    def row(self, cards: list[tuple[str, str, str]]):
        from printgen.files.units import parse_length

        sides = []
        width = CARD_WIDTH_MM
        for scheme, card_id, title in cards:
            line = None    # the paragraph's line is added by the Markdown renderer
            if scheme == "table":      # a table layout of the deck, drawn to scale
                from printgen.draw.documents.tabledraw import table_flowable

                return table_flowable(self.deck, self.layout, card_id, self.resolver.fonts.pdf_name("serif", Where()),
                                      Where(self.source, line))
            if title.strip():
                try:
                    width = parse_length(title.strip())
                except ValueError as exc:
                    raise UserError(f"the width of card '{card_id}': {exc}", Where(self.source, line)) from None
                self._check_width(card_id, width, line)
            card = self.by_id.get(card_id)
            if card is None:
                raise UserError(f"no card with the id '{card_id}'", Where(self.source, line),
                                did_you_mean(card_id, self.by_id)
                                or "card ids are card names in lower case with '-' for spaces")
            side = "back" if scheme == "card-back" else "face"
            if (side, card_id) not in self.sides:     # the same card drawn again, or on the next pass
                self.sides[(side, card_id)] = self.resolver.side(side, card)
            sides.append(self.sides[(side, card_id)])
        return CardRow(sides, self.layout, width)

    def _check_width(self, card_id: str, width: float, line: int | None) -> None:
        """A card picture must be wide enough to see and fit a page column, upright."""
        card = self.layout.card
        widest = min(self.column_mm, self.column_height_mm * card.width / card.height)
        if not MIN_CARD_WIDTH_MM <= width <= widest:
            raise UserError(f"the picture of card '{card_id}' is {width:g} mm wide; it must be "
                            f"{MIN_CARD_WIDTH_MM:g} to {widest:.0f} mm to fit a page column", Where(self.source, line),
                            f"write a width such as \"{CARD_WIDTH_MM:g}mm\" after the card id, or none")


# The card pictures' forms of each canvas, drawn once per document however many rows show them.
_FORMS: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def _card_row_class():
    from dataclasses import replace

    from reportlab.platypus import Flowable

    from printgen.draw.sheets.forms import Forms
    from printgen.files.units import pt
    from printgen.model.imposition import Slot
    from printgen.model.kinds import CARD_KIND, kind_layout

    class _CardRow(Flowable):
        """A row of small real cards, centred in the column."""

        def __init__(self, sides, layout: Layout, width_mm: float):
            super().__init__()
            self.sides, self.layout = sides, layout
            self.kind = replace(kind_layout(layout, CARD_KIND), bleed=0.0)    # drawn to its trim
            self.k = width_mm / layout.card.width
            self.card_w, self.card_h = pt(width_mm), pt(layout.card.height * self.k)
            self.gap = pt(2.5 if width_mm >= 15 else 1.5)
            self.spaceBefore, self.spaceAfter = 3, 6

        def wrap(self, available_width, available_height):
            """As many cards a line as fit; the rest wrap onto further lines. A card wider than
            the room (in a list or an example box) is drawn smaller, to fit."""
            if self.card_w > available_width > 0:
                shrink = available_width / self.card_w
                self.k, self.card_w, self.card_h = self.k * shrink, self.card_w * shrink, self.card_h * shrink
            self.available = available_width
            self.per_line = max(1, int((available_width + self.gap) // (self.card_w + self.gap)))
            lines = -(-len(self.sides) // self.per_line)
            return available_width, lines * self.card_h + (lines - 1) * self.gap

        def split(self, available_width, available_height):
            """Whole lines of cards that fit here, and the rest for the next column; a row of one
            or two lines (a trump order, an example's hand) is never cut in two: it moves whole."""
            self.wrap(available_width, available_height)
            fit = int((available_height + self.gap) // (self.card_h + self.gap))
            lines = -(-len(self.sides) // self.per_line)
            if fit < 1 or fit >= lines or lines <= 2:
                return []
            cut = fit * self.per_line
            width = self.card_w / 72 * 25.4
            first, rest = _CardRow(self.sides[:cut], self.layout, width), _CardRow(self.sides[cut:], self.layout, width)
            first.spaceAfter = 0
            rest.spaceBefore = 0
            return [first, rest]

        def draw(self):
            canvas = self.canv
            caches = _FORMS.get(canvas)
            if caches is None:
                caches = _FORMS[canvas] = Forms(canvas, "side")
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
                caches.place(self.kind, ops, None, Slot(0, 0, self.layout.card.width, self.layout.card.height, 0))
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


def column_size_mm(layout: Layout) -> tuple[float, float]:
    """Width and height of a rule sheet's page column (a later page's, below no title), in mm."""
    margin = max(layout.imposition.margin, 10.0)
    return (layout.paper.width - 2 * margin - 7) / 2, layout.paper.height - 2 * margin - 8


def render_rules(deck: Deck, layout: Layout, path: Path, packs: Mapping[str | None, Deck] | None = None,
                 warn: Callable[[Warning_], None] | None = None) -> bytes:
    """One rules Markdown file -> PDF bytes. `packs`: the packs' decks a build has read already (its
    plan's, from the cache of checked decks on a second build); a sheet naming its pack takes it
    from there rather than reading and checking that pack's cards again, which in a pool worker
    was its first use of the deck schema (pydantic's checks built, some 0.08 s), in every worker.
    The same deck either way (tests/test_build_pool.py compares the files). `warn`: what drawing
    a card pictured in the sheet warns about (its text cut off), as the cards PDF warns of it."""
    from printgen.draw.documents.document import Source, TitleInfo, build_document, make_styles
    from printgen.draw.documents.markdown import to_flowables
    from printgen.draw.fonts import FontSet

    source = read_rules(path, deck.folder)
    meta, body, offset, lines = split_front_matter(source, path)
    pack = check_pack(deck, meta, lines, path)
    from printgen.games.registry import sheet_tables

    played = deck
    if pack is not None and packs is not None and pack in packs:
        played = packs[pack]    # the game's own pack (e.g. the 40-card Spanish pack): what the sheet counts with
    elif pack is not None:
        from printgen.model.load import load_deck

        played = load_deck(deck.folder, pack)
    table = sheet_table(deck, layout, meta, lines, path)
    table_view = None if table is None else {
        "title": table.title, "pieces": [{"id": p.id, "name": p.name, "kind": p.kind} for p in table.pieces]}
    text = render_template(body, document_context(played), path, offset, sheet_tables(path.stem, deck), table_view)
    styles = make_styles(FontSet(layout.fonts))
    pictures = CardPictures(deck, layout, path, source, warn)
    paper = (layout.paper.width, layout.paper.height)
    margin = max(layout.imposition.margin, 10.0)
    column = column_size_mm(layout)[0] * 72 / 25.4
    origin = Source(path, line_map(body, text, offset))
    to_flowables(text, styles, column, pictures.row, origin)        # checks card ids before any PDF work
    facts = []
    if meta.get("players"):
        facts.append(f"{meta['players']} players")
    if meta.get("age"):
        facts.append(f"ages {meta['age']}")
    if meta.get("time"):
        facts.append(str(meta["time"]))
    cards = len(played.cards) if table is None else len(table.pieces)      # what this game uses
    from printgen.model.kinds import component_field

    facts.append(f"{cards} {'pieces' if component_field(deck) else 'cards'}")
    title = TitleInfo(str(meta.get("title") or deck.title), meta.get("subtitle") or deck.subtitle, facts)
    return build_document(paper, margin, styles,
                          lambda: to_flowables(text, styles, column, pictures.row, origin), title,
                          footer=f"{title.title}: rules", pdf_title=f"{title.title}: rules", source=origin)
