"""A Markdown table as a Platypus table: the columns share the page column's width by their words
(no column narrower than its longest word when there is room), and a row taller than a whole
column splits inside itself instead of stopping the layout.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from printgen.draw.documents.document import INK, PAPER_TINT, Styles

# The narrowest a table column may be: padding and about three letters. Longer words break.
MIN_COLUMN_EMS = 2.2
CELL_PADDING = 6.0


def styled_table(rows: list[list[Any]], widths: list[float], header_rows: int, styles: Styles) -> Any:
    """The table of cells in the rule sheet's look: a dark header, a rule under every row and every
    other body row tinted."""
    from reportlab.lib.colors import HexColor
    from reportlab.platypus import TableStyle

    table = splitting_table()(rows, colWidths=widths, repeatRows=header_rows, hAlign="LEFT")
    commands: list[Any] = [
        ("FONTNAME", (0, 0), (-1, -1), styles.regular),   # else Table sets unembedded Helvetica
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 1.8), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
        ("LINEBELOW", (0, 0), (-1, -1), 0.35, HexColor("#C9BC98")),
    ]
    if header_rows:
        commands.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), HexColor(INK)))
    for r in range(header_rows, len(rows)):
        if (r - header_rows) % 2 == 1:
            commands.append(("BACKGROUND", (0, r), (-1, r), HexColor(PAPER_TINT)))
    table.setStyle(TableStyle(commands))
    table.spaceAfter = styles.size * 0.6
    return table


def min_column(styles: Styles) -> float:
    return CELL_PADDING + 1 + styles.size * 0.85 * MIN_COLUMN_EMS


def column_widths(plain: list[list[str]], styles: Styles, width: float) -> list[float] | None:
    """Widths that fill `width`, or None when the columns cannot fit even at their narrowest.

    As a browser does: when everything fits on one line, each column gets its text and an
    equal share of the rest; otherwise each gets at least its longest word and the room left
    goes to the columns with most to wrap. When even the longest words do not fit, the words
    are broken and the columns share the width by their longest words, none narrower than
    MIN_COLUMN_EMS.
    """
    from reportlab.pdfbase.pdfmetrics import stringWidth

    columns = max(len(r) for r in plain)
    narrowest = min_column(styles)
    if columns * narrowest > width:
        return None
    size = styles.size * 0.85
    natural = [narrowest] * columns
    longest_word = [narrowest] * columns
    for row in plain:
        for i, text in enumerate(row):
            natural[i] = max(natural[i], stringWidth(text, styles.bold, size) + CELL_PADDING + 1)
            for word in text.split():
                longest_word[i] = max(longest_word[i], stringWidth(word, styles.bold, size) + CELL_PADDING + 1)
    if sum(natural) <= width:
        extra = (width - sum(natural)) / columns
        return [n + extra for n in natural]
    if sum(longest_word) <= width:
        wraps = [n - w for n, w in zip(natural, longest_word)]
        room = width - sum(longest_word)
        return [w + room * g / sum(wraps) for w, g in zip(longest_word, wraps)]
    over = [w - narrowest for w in longest_word]
    room = width - columns * narrowest
    return [narrowest + room * o / sum(over) for o in over]


@cache
def splitting_table() -> type[Any]:
    """Table whose rows split inside themselves, but only when a row fills a whole column. Made on
    first use, so that ReportLab is imported only when a document is drawn."""
    from reportlab.platypus import Table

    class SplittingTable(Table):
        def split(self, availWidth: float, availHeight: float) -> list[Any]:
            pieces = super().split(availWidth, availHeight)
            frame = getattr(self, "_frame", None)
            if pieces or self.splitInRow or frame is None or not getattr(frame, "_atTop", False):
                return pieces
            # At the top of a fresh column and still too tall: the row itself must split.
            self.splitInRow = 1
            try:
                pieces = super().split(availWidth, availHeight)
            finally:
                self.splitInRow = 0
            for piece in pieces:
                if isinstance(piece, Table):        # the pieces of a table are tables
                    piece.splitInRow = 0
            return pieces

    return SplittingTable
