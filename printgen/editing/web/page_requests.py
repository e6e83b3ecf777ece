"""What the editor's page may send, checked before any of it is used.

A request body is untrusted input even from our own page (another program on this computer can
post with the token it read from the page, or a browser extension can rewrite a request). The
page sends a few JSON objects of a fixed shape; anything else (a bare string, a list, a value of
the wrong type where the page sends text, brackets nested 200,000 deep) is refused here with one
answer (400), before the work behind the request sees it, rather than failing somewhere inside
as an internal error (500). Nesting is bounded by the parser (Python's JSON decoder stops at its
recursion limit, caught here) and then by the shapes, which are walked, not the value.

A body is read here too, through one bounded reader (read_capped), whatever its transfer
encoding: a request that states its length is refused from that before a byte is read, and one
sent in chunks (no length stated) is read only up to the cap, then refused. The web library's own
cap is for the largest request of all (a picture), and a chunked body once slipped under it: 18
MB of edits were read, merged and answered at 57 MB before this reader.
"""

from __future__ import annotations

import json
from typing import IO, Any

TEXT = "text"                 # a string
TEXTS = ("list", TEXT)        # a list of strings
VALUES = ("map", ("map", TEXT))   # card key -> field -> text

CHANGES = {"edits": VALUES, "base": VALUES, "added": VALUES, "deleted": TEXTS}
SHAPES: dict[str, dict[str, Any]] = {
    "preview": {"card": TEXT, **CHANGES},
    "save": {"version": TEXT, **CHANGES},
    "build": {"paper": TEXT, "duplex": TEXT, "imposition": TEXT, "page_order": TEXT, "crop": TEXT,
              "colour": TEXT, "ink_limit": TEXT, "backs": TEXT},      # their values: printing.py
    "export": {"to": TEXT},                                           # webexport.py
}


class BadRequest(Exception):
    """A request body that is not what the page sends."""


class TooLarge(Exception):
    """A request body longer than its route takes (said as 413, at once)."""

    def __init__(self, limit: int):
        super().__init__(limit)
        self.limit = limit


CHUNK = 1 << 16


def read_capped(stream: IO[bytes], stated: int | None, limit: int) -> bytes:
    """A request's body, at most `limit` bytes: TooLarge for a body stated longer (before anything is
    read) or found longer while read (a chunked body states no length), having read at most one
    chunk past the limit."""
    if stated is not None and stated > limit:
        raise TooLarge(limit)
    pieces: list[bytes] = []
    size = 0
    while True:
        piece = stream.read(min(CHUNK, limit + 1 - size))
        if not piece:
            return b"".join(pieces)
        size += len(piece)
        if size > limit:
            raise TooLarge(limit)
        pieces.append(piece)


def read_body(raw: bytes, route: str) -> dict[str, Any]:
    """The JSON object a route's request carries, every key one the page sends with a value of
    the shape it sends (a key left out or null is as if not sent); BadRequest for anything else."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadRequest("not JSON") from None
    shape = SHAPES[route]
    if not isinstance(data, dict):
        raise BadRequest("not an object")
    for key, value in data.items():
        if key not in shape:
            raise BadRequest(f"unknown key {key[:40]!r}")
        if value is not None and not _fits(value, shape[key]):
            raise BadRequest(f"{key!r} is not of the page's shape")
    return {key: value for key, value in data.items() if value is not None}


def _fits(value: Any, shape: Any) -> bool:
    if shape == TEXT:
        return isinstance(value, str)
    kind, inner = shape
    if kind == "list":
        return isinstance(value, list) and all(_fits(v, inner) for v in value)
    return isinstance(value, dict) and all(_fits(v, inner) for v in value.values())
