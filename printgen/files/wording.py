"""Small pieces of English shared by the commands' messages."""

from __future__ import annotations


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """'1 card', '2 cards', '0 cards': a number with its noun in the right form."""
    return f"{count:,} {singular if count == 1 else (plural or singular + 's')}"
