"""Markdown -> Platypus flowables.

Text from the Markdown is XML-escaped before any Paragraph markup is added, and raw HTML is
switched off in the parser, so '<', '&' and '>' always print as typed. A paragraph of card
pictures (`![Henry VII](card:henry-vii)`) becomes a row of real cards, drawn by the card
renderer through `card_row`.

A blockquote is a boxed aside (an example, a variant). One that opens with a bold
**Clarification:** marks a rule the project added where the source game says nothing or is
unclear; it gets its own look (a coloured rule and a small label, no tint, so it prints well in
black and white) so every rule sheet shows such decisions the same way. The kinds are data in
CALLOUT_KINDS.

Every block flowable remembers the line of the text it came from (see document.tag), so a
table, picture or box that cannot be laid out is reported at its line in the user's file.
Tables are laid out by md_tables.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from printgen.draw.documents.document import ACCENT, PAPER_TINT, Source, Styles, tag
from printgen.draw.documents.md_tables import column_widths, min_column, splitting_table, styled_table
from printgen.draw.fonts import escape, markup
from printgen.files.errors import UserError, Where, did_you_mean

CARD_SCHEMES = ("card:", "card-back:", "table:")    # table: a table layout drawn to scale
# The narrowest a nested list or box may leave for its text, in points (about 20 mm).
MIN_TEXT_WIDTH = 56.0
# A table longer than this is data, not a rule sheet; it would also take minutes to lay out.
MAX_TABLE_ROWS = 1000
CLARIFICATION_COLOUR = "#2B6C8F"     # steel blue: apart from the gold of examples, mid-grey in black and white


@dataclass(frozen=True)
class CalloutKind:
    """A blockquote opening with **Word:** (or **Word: a title.**) drawn in its own style."""

    label: str            # printed in small capitals above the text
    colour: str           # the label and the rule down the left side
    fill: str | None      # background tint, None for white paper


CALLOUT_KINDS: dict[str, CalloutKind] = {
    "clarification": CalloutKind("Clarification", CLARIFICATION_COLOUR, None),
}


def parser():
    from markdown_it import MarkdownIt

    # typographer: "quotes" become “quotes”, -- an en dash, ... an ellipsis.
    return (MarkdownIt("commonmark", {"html": False, "typographer": True})
            .enable(["table", "replacements", "smartquotes"]))


def to_flowables(text: str, styles: Styles, width: float,
                 card_row: Callable[[list[tuple[str, str, str]]], object] | None = None,
                 source: Source | None = None) -> list:
    """Flowables for a Markdown text laid out in columns `width` points wide.

    card_row receives [(scheme, card id, title)] and returns a flowable; the title may give
    the width of the pictures, e.g. "11mm". `source` names the file the text came from, for
    errors; a UserError from card_row without a line gets the line of its paragraph.
    """
    from markdown_it.tree import SyntaxTreeNode

    md = parser()
    tokens = md.parse(text)
    _check_nesting(tokens, md.options.get("maxNesting", 20), source)
    _check_pictures(tokens, card_row is not None, source)
    tree = SyntaxTreeNode(tokens)
    return _blocks(tree.children, styles, width, card_row, source)


def _check_nesting(tokens, most: int, source: Source | None) -> None:
    """The parser silently drops the rest of the text past its nesting limit: refuse instead."""
    line = None
    for token in tokens:
        line = token.map[0] + 1 if token.map else line
        if token.level >= most - 1:
            raise UserError("lists or '>' boxes are nested too deeply here", source.where(line) if source else
                            Where(line=line), "use at most a few levels of indentation or '>'")


def _check_pictures(tokens, rows: bool, source: Source | None) -> None:
    """Every picture must be one a rule sheet draws (a card, a card's back, a table layout), in a
    paragraph of card pictures only: anything else would silently print as its words."""
    for token, before in zip(tokens, [None] + tokens[:-1]):
        if token.type != "inline" or not any(c.type == "image" for c in token.children or []):
            continue
        line, found = token.map[0] + 1 if token.map else None, []
        for child in token.children:
            if child.type in ("softbreak", "hardbreak") and line is not None:
                line += 1
            elif child.type == "image":
                found.append((child, source.where(line) if source is not None else Where(line=line)))
        for image, where in found:          # a misspelt picture first: it is why the others are not a row
            _check_picture(image, rows, where)
        if before is None or before.type != "paragraph_open" or _card_images(token) is None:
            image, where = found[0]
            raise UserError(f"the picture '![{image.content}]({image.attrs.get('src', '')})' shares its line "
                            "with text, so it would print as words", where, "put card pictures in a paragraph "
                            "of their own (a blank line before and after), with nothing but other card pictures")


def _check_picture(image, rows: bool, where: Where) -> None:
    src, alt = image.attrs.get("src", ""), image.content or ""
    if not rows:
        raise UserError(f"a score sheet cannot show pictures: '![{alt}]({src})' would print as words",
                        where, "delete the picture, or show the cards in a rule sheet")
    if any(src.startswith(s) for s in CARD_SCHEMES):
        return
    scheme, colon, rest = src.partition(":")
    close = did_you_mean(scheme, [s[:-1] for s in CARD_SCHEMES]) if colon and "/" not in scheme else None
    if close:
        fixed = close.split("'")[1] + ":" + rest
        raise UserError(f"a rule sheet cannot draw '{src}': it pictures cards (card:ID) and table layouts (table:NAME)",
                        where,
                        f"did you mean '{fixed}'? write ![{alt}]({fixed})")
    raise UserError(f"a rule sheet cannot draw the picture '{src}': it pictures cards and table layouts "
                    "only", where, f"write ![{alt or 'Henry VIII'}](card:ID) with a card's id, "
                    "![](card-back:ID) for its back, or ![](table:NAME) for a table layout")


def _line(node) -> int | None:
    return node.map[0] + 1 if node.map else None


def _where(source: Source | None, node) -> Where:
    return source.where(_line(node)) if source is not None else Where(line=_line(node))


def _blocks(nodes, styles: Styles, width: float, card_row, source: Source | None = None) -> list:
    from reportlab.platypus import Paragraph

    if width < MIN_TEXT_WIDTH and nodes:
        raise UserError(f"lists and boxes are nested too deeply here: {width / 72 * 25.4:.0f} mm are left for the text",
                        _where(source, nodes[0]), "use fewer levels of indentation or '>'")
    out: list = []
    previous = None
    for node in nodes:
        made = len(out)
        kind = node.type
        if kind == "heading":
            level = "h2" if node.tag in ("h1", "h2") else "h3"
            out.append(Paragraph(inline(node.children[0], styles[level].fontName), styles[level]))
        elif kind == "paragraph":
            cards = _card_images(node.children[0])
            if cards and card_row is not None:
                if out and isinstance(out[-1], Paragraph) and _is_caption(previous):
                    out[-1].keepWithNext = 1          # a caption in italics stays with its cards
                out.append(_card_row(card_row, cards, source, node))
            else:
                out.append(Paragraph(inline(node.children[0], styles.regular), styles["body"]))
                if _is_run_in_heading(node):
                    out[-1].keepWithNext = 1          # a bold line alone introduces what follows: kept with it
        elif kind in ("bullet_list", "ordered_list"):
            _lead_in(out, previous)
            made_list = _list(node, styles, width, card_row, source)
            out += made_list if isinstance(made_list, list) else [made_list]
        elif kind == "table":
            _lead_in(out, previous)
            out.append(_table(node, styles, width, source))
        elif kind == "blockquote":
            special = _callout_kind(node)
            if special is not None:
                out.append(_labelled_callout(node, special, styles, width, card_row, source))
            else:
                out.append(_callout(node, styles, width, card_row, source))
        elif kind in ("code_block", "fence"):
            from reportlab.platypus import Preformatted

            out.append(Preformatted(node.content, styles["code"]))
        elif kind == "hr":
            from reportlab.lib.colors import HexColor
            from reportlab.platypus import HRFlowable

            out.append(HRFlowable(width="100%", thickness=0.6, color=HexColor(ACCENT), spaceBefore=3, spaceAfter=5))
        for flowable in out[made:]:
            tag(flowable, source, _line(node), _WHAT.get(kind, "part"))
        previous = node
    return _headings_kept(out)


LEAD_IN_CHARS = 160       # about two lines of a column: a sentence that introduces, not a passage


def _lead_in(out: list, previous) -> None:
    """A short sentence that introduces the list or table right below it ("A turn has five
    stages, always in this order.", "Score as follows:") stays with its first lines, as a heading
    does: left alone at the foot of a column it reads as a loose end. A longer paragraph is text
    in its own right and may end a column."""
    from reportlab.platypus import Paragraph

    if previous is None or previous.type != "paragraph" or not out or not isinstance(out[-1], Paragraph):
        return
    text = "".join(child.content for child in (previous.children[0].children or []) if child.type == "text")
    if len(text) <= LEAD_IN_CHARS or text.rstrip().endswith(":"):
        out[-1].keepWithNext = 1


def _is_caption(node) -> bool:
    """A paragraph that is one run of italics (*Trumps in oros: ...*), as captions are written."""
    return _one_run(node, "em")


def _is_run_in_heading(node) -> bool:
    """A paragraph that is one run of bold (**The two sums.**): a heading written in the text's own
    size, which introduces the list, table or box below it. Like a heading, it must never end a
    column apart from the first lines of what it introduces. (A run-in heading that opens a
    paragraph of its own text needs nothing: a paragraph never leaves its first line alone at the
    foot of a column, the body style allowing no orphans.)"""
    return _one_run(node, "strong")


def _one_run(node, kind: str) -> bool:
    """A paragraph whose inline content is a single node of `kind` (spaces around it aside)."""
    if node is None or node.type != "paragraph" or not node.children:
        return False
    parts = [c for c in (node.children[0].children or []) if not (c.type == "text" and not c.content.strip())]
    return len(parts) == 1 and parts[0].type == kind


def _headings_kept(flowables: list) -> list:
    """A heading (or a run-in heading, a caption, a lead-in) stays with what follows it. Its
    keepWithNext, of the style or of the paragraph itself, does that for a paragraph or a table,
    but ReportLab will not bundle a list that way, so a chain of such flowables (a heading, then
    a lead-in sentence) and the first thing after it that they introduce go into one KeepTogether
    when a list is among them (which still splits a list too long for a whole column)."""
    from reportlab.platypus import KeepTogether
    from reportlab.platypus.doctemplate import _ktAllow  # type: ignore[attr-defined]  # private, so not in the stubs

    def keeps(f) -> bool:
        return bool(f.getKeepWithNext()) if hasattr(f, "getKeepWithNext") else False

    out: list = []
    i = 0
    while i < len(flowables):
        end = i
        while end < len(flowables) - 1 and keeps(flowables[end]):
            end += 1
        chain = flowables[i:end + 1]
        if len(chain) > 1 and not all(_ktAllow(f) for f in chain[1:]):
            out.append(KeepTogether(chain))
        else:
            out += chain
        i = end + 1
    return out


_WHAT = {"heading": "heading", "paragraph": "paragraph", "bullet_list": "list", "ordered_list": "list",
         "table": "table", "blockquote": "example box", "code_block": "block of code", "fence": "block of code"}


def _card_row(card_row, cards, source: Source | None, node):
    """The card pictures' flowable; a complaint about them without a line gets the paragraph's."""
    try:
        return card_row(cards)
    except UserError as error:
        if error.where.line is None:
            error.where = _where(source, node)
        raise


def inline(node, font: str | None = None) -> str:
    """Paragraph markup for an inline node; every piece of text escaped first.

    `font` is the face the text is set in at this point (the style's, then bold or italic
    inside ** and *): characters it lacks are wrapped in the fallback face of that style."""
    parts: list[str] = []

    def text(content: str) -> str:
        return markup(content, font) if font else escape(content)

    for child in node.children or []:
        kind = child.type
        if kind == "text":
            parts.append(text(child.content))
        elif kind == "strong":
            parts.append("<b>" + inline(child, _face(font, bold=True)) + "</b>")
        elif kind == "em":
            parts.append("<i>" + inline(child, _face(font, italic=True)) + "</i>")
        elif kind == "code_inline":
            parts.append(text(child.content))
        elif kind == "softbreak":
            parts.append(" ")
        elif kind == "hardbreak":
            parts.append("<br/>")
        elif kind == "link":
            parts.append("<u>" + inline(child, font) + "</u>")
        elif kind == "image":
            parts.append(text(child.content or ""))
        else:
            parts.append(text(child.content or ""))
    return "".join(parts)


def _face(font: str | None, bold: bool = False, italic: bool = False) -> str | None:
    """The face of `font`'s family that <b> or <i> switches to (as Platypus picks it)."""
    if font is None:
        return None
    from reportlab.lib.fonts import ps2tt, tt2ps

    family, b, i = ps2tt(font)
    try:
        return tt2ps(family, 1 if b or bold else 0, 1 if i or italic else 0)
    except ValueError:      # a family without that face: Platypus would keep the font too
        return font


def _card_images(node) -> list[tuple[str, str, str]] | None:
    """[(scheme, id, alt)] when an inline node holds nothing but card pictures."""
    found = []
    for child in node.children or []:
        if child.type == "image":
            src = child.attrs.get("src", "")
            scheme = next((s for s in CARD_SCHEMES if src.startswith(s)), None)
            if scheme is None:
                return None
            found.append((scheme[:-1], src[len(scheme):], child.attrs.get("title") or ""))
        elif child.type in ("softbreak", "hardbreak") or (child.type == "text" and not child.content.strip()):
            continue
        else:
            return None
    return found or None


def _list(node, styles: Styles, width: float, card_row, source: Source | None):
    """A list; as two lists when it has several items (the first, then the rest, numbered on), so
    a heading before it can be kept with its first item (_headings_kept) and the rest may run on
    into the next column."""
    from reportlab.platypus import ListFlowable, ListItem, Paragraph

    ordered = node.type == "ordered_list"
    items = []
    for item in node.children:
        content = _blocks(item.children, styles, width - 14, card_row, source) or [Paragraph("", styles["body"])]
        items.append(ListItem(content, leftIndent=14, value=None))
    kwargs: dict = dict(bulletType="1" if ordered else "bullet", leftIndent=14, bulletFontName=styles.bold if ordered
                        else styles.regular, bulletFontSize=styles.size * 0.95, bulletColor=_colour(ACCENT),
                        spaceAfter=styles.size * 0.35)
    first = int(node.attrs.get("start", 1) or 1) if ordered else 0
    if ordered:
        kwargs["bulletFormat"] = "%s."

    def made(part: list, start: int, **more):
        return ListFlowable(part, **{**kwargs, "start": start if ordered else "\u2022", **more})
    if len(items) < 2:
        return made(items, first)
    head = made(items[:1], first, spaceAfter=styles["body"].spaceAfter)     # the gap between two items
    head._printgen_first_of_list = True
    return [head, made(items[1:], first + 1)]


def _table(node, styles: Styles, width: float, source: Source | None = None):
    from reportlab.platypus import Paragraph

    rows: list[list] = []
    plain: list[list[str]] = []
    header_rows = 0
    count = sum(len(section.children) for section in node.children)
    if count > MAX_TABLE_ROWS:
        raise UserError(f"this table has {count} rows; a table may have at most {MAX_TABLE_ROWS}", _where(source, node),
                        "split it, or print the data some other way")
    for section in node.children:
        for tr in section.children:
            cells = [c.children[0] if c.children else None for c in tr.children]
            style = styles["head"] if section.type == "thead" else styles["cell"]
            rows.append([Paragraph(inline(c, style.fontName) if c is not None else "", style) for c in cells])
            plain.append([c.content if c is not None else "" for c in cells])
            if section.type == "thead":
                header_rows += 1
    widths = column_widths(plain, styles, width)
    if widths is None:
        most = int(width // min_column(styles))
        raise UserError(f"this table has {max(len(r) for r in plain)} columns, too many for a page column: "
                        f"at most {most} fit across its {width / 72 * 25.4:.0f} mm", _where(source, node),
                        "split it into two tables, or turn some columns into rows")
    return styled_table(rows, widths, header_rows, styles)


def _callout(node, styles: Styles, width: float, card_row, source: Source | None = None):
    from reportlab.platypus import TableStyle

    inner = _blocks(node.children, styles, width - 14, card_row, source)
    for flowable in inner:
        if hasattr(flowable, "style") and getattr(flowable.style, "name", "") == "body":
            flowable.style = styles["callout"]
    box = splitting_table()([[inner]], colWidths=[width])
    box.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), styles.regular),
        ("BACKGROUND", (0, 0), (-1, -1), _colour(PAPER_TINT)),
        ("LINEBEFORE", (0, 0), (0, -1), 2.2, _colour(ACCENT)),
        ("LEFTPADDING", (0, 0), (-1, -1), 7), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
        ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]))
    box.spaceBefore = styles.size * 0.3
    box.spaceAfter = styles.size * 0.8
    return box


def _callout_kind(node) -> CalloutKind | None:
    """The kind a blockquote declares with its opening bold word, if it is one of CALLOUT_KINDS."""
    first = node.children[0] if node.children else None
    if first is None or first.type != "paragraph" or not first.children:
        return None
    lead = next((c for c in first.children[0].children or [] if not (c.type == "text" and not c.content.strip())), None)
    if lead is None or lead.type != "strong":
        return None
    words = "".join(c.content for c in lead.children or [] if c.type == "text")
    found = re.match(r"\s*(\w+)\s*:", words)
    return CALLOUT_KINDS.get(found.group(1).lower()) if found else None


_LEAD = re.compile(r"^\s*<b>\s*\w+\s*:\s*(.*?)</b>\s*", re.S)


def _title(found: re.Match) -> str:
    """What followed the label in bold, as a bold title with a capital letter; nothing if empty."""
    title = found.group(1).strip()
    return f"<b>{title[:1].upper()}{title[1:]}</b> " if title else ""


def _labelled_callout(node, kind: CalloutKind, styles: Styles, width: float, card_row, source: Source | None = None):
    """The box of a declared kind: its label in small bold capitals opens the text (in place of
    the opening word; a title after the colon stays bold), a rule in the kind's colour down the left."""
    from reportlab.platypus import Paragraph, TableStyle

    label = (f'<font name="{styles.bold}" size="{styles.size * 0.72:.2f}" color="{kind.colour}">'
             f"{escape(kind.label.upper())}</font>\u00a0 ")
    opening = _LEAD.sub(_title, inline(node.children[0].children[0], styles.regular), 1)
    inner = [Paragraph(label + opening, styles["callout"])]
    for flowable in _blocks(node.children[1:], styles, width - 14, card_row, source):
        if hasattr(flowable, "style") and getattr(flowable.style, "name", "") == "body":
            flowable.style = styles["callout"]
        inner.append(flowable)
    box = splitting_table()([[inner]], colWidths=[width])
    commands: list[Any] = [
        ("FONTNAME", (0, 0), (-1, -1), styles.regular),
        ("LINEBEFORE", (0, 0), (0, -1), 1.8, _colour(kind.colour)),
        ("LEFTPADDING", (0, 0), (-1, -1), 7), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
    ]
    if kind.fill:
        commands.append(("BACKGROUND", (0, 0), (-1, -1), _colour(kind.fill)))
    box.setStyle(TableStyle(commands))
    box.spaceBefore = styles.size * 0.2
    box.spaceAfter = styles.size * 0.6
    return box


def _colour(hex_colour: str):
    from reportlab.lib.colors import HexColor

    return HexColor(hex_colour)
