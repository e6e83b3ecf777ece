"""The expressions of a game file: conditions and numbers (`count(hand) == 0`, `value * 2`), read by
a parser of our own and turned into Python closures over the game's state.

Why our own little language and not Python's `eval`: a game file comes from a deck folder, which may
come from anyone, and data must never reach Python. The grammar is closed: numbers, names the game
file declares (card attributes, variables, zones, options), a fixed set of functions and the
arithmetic and comparison operators; nothing in it can loop, call out or allocate without bound,
so an expression costs time in proportion to the cards it counts.

Every value is a whole number (a card, a seat, a count, a truth as 0 or 1; -1 for "none").
A compiled expression is a function (state, seat, card) -> int: `seat` is the player the expression
is about (the one acting, or the one a `players(...)` count is looking at), `card` the card a card
condition is asked of (-1 outside one).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Fn = Callable[[Any, int, int], int]

MAX_EXPR_CHARS = 500          # a real condition is under a hundred characters
MAX_NODES = 200               # operators and names in one expression

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|(==|!=|<=|>=|[-+*/%<>().,@]))")
_WORDS = {"and", "or", "not", "true", "false", "none"}


class ExprError(ValueError):
    """A mistake in one expression, in words the game file's author reads (the caller adds file and line)."""

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        self.hint = hint


def quoted(text: Any, limit: int = 80) -> str:
    """An expression as an error quotes it: whole when short, else its start and its length, so a
    pasted wall of text does not bury the message that names its line."""
    shown = str(text)
    if len(shown) <= limit:
        return f"in '{shown}'"
    return f"in '{shown[:limit - 20].rstrip()} …', {len(shown):,} characters"


@dataclass
class Node:
    kind: str                 # num, name, call, unary, binary, attr, zone
    value: Any = None
    args: tuple[Node, ...] = ()


def tokens(text: str) -> list[str]:
    """The expression cut into numbers, names and operators; ExprError at the first character that is none."""
    if len(text) > MAX_EXPR_CHARS:
        raise ExprError(f"the expression is {len(text)} characters long; at most {MAX_EXPR_CHARS} are read",
                        "split it: a variable set in one step can be used in the next")
    out: list[str] = []
    place = 0
    while place < len(text):
        if text[place:].strip() == "":
            break
        match = _TOKEN.match(text, place)
        if not match:
            bad = text[place:].lstrip()[:1]
            raise ExprError(f"'{bad}' cannot stand in an expression",
                            "expressions use numbers, names, + - * / %, comparisons, and/or/not, and brackets")
        out.append(next(g for g in match.groups() if g is not None))
        place = match.end()
    return out


class _Parser:
    """Precedence climbing over the tokens: or < and < not < comparison < + - < * / % < unary < call."""

    def __init__(self, text: str):
        self.toks = tokens(text)
        self.at = 0
        self.nodes = 0

    def peek(self) -> str | None:
        return self.toks[self.at] if self.at < len(self.toks) else None

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if tok is None:
            raise ExprError("the expression ends too soon" + (f": '{expected}' expected" if expected else ""))
        if expected is not None and tok != expected:
            raise ExprError(f"'{expected}' expected, not '{tok}'")
        self.at += 1
        return tok

    def node(self, kind: str, value: Any = None, args: tuple[Node, ...] = ()) -> Node:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise ExprError(f"the expression has more than {MAX_NODES} parts", "split it into variables")
        return Node(kind, value, args)

    def parse(self) -> Node:
        if not self.toks:
            raise ExprError("the expression is empty")
        tree = self.or_()
        if self.peek() is not None:
            raise ExprError(f"'{self.peek()}' is left over at the end of the expression")
        return tree

    def or_(self) -> Node:
        left = self.and_()
        while self.peek() == "or":
            self.take()
            left = self.node("binary", "or", (left, self.and_()))
        return left

    def and_(self) -> Node:
        left = self.not_()
        while self.peek() == "and":
            self.take()
            left = self.node("binary", "and", (left, self.not_()))
        return left

    def not_(self) -> Node:
        if self.peek() == "not":
            self.take()
            return self.node("unary", "not", (self.not_(),))
        return self.compare()

    def compare(self) -> Node:
        left = self.sum_()
        if self.peek() in ("==", "!=", "<", "<=", ">", ">="):
            op = self.take()
            left = self.node("binary", op, (left, self.sum_()))
            if self.peek() in ("==", "!=", "<", "<=", ">", ">="):
                raise ExprError("comparisons cannot be chained", "write 'a < b and b < c'")
        return left

    def sum_(self) -> Node:
        left = self.product()
        while self.peek() in ("+", "-"):
            op = self.take()
            left = self.node("binary", op, (left, self.product()))
        return left

    def product(self) -> Node:
        left = self.unary()
        while self.peek() in ("*", "/", "%"):
            op = self.take()
            left = self.node("binary", op, (left, self.unary()))
        return left

    def unary(self) -> Node:
        if self.peek() == "-":
            self.take()
            return self.node("unary", "-", (self.unary(),))
        return self.atom()

    def atom(self) -> Node:
        tok = self.take()
        if tok == "(":
            inner = self.or_()
            self.take(")")
            return inner
        if tok.isdigit():
            if len(tok) > 9:
                raise ExprError(f"the number {tok} is too large for a game", "numbers up to 999,999,999")
            return self.node("num", int(tok))
        if not (tok[0].isalpha() or tok[0] == "_"):
            raise ExprError(f"'{tok}' cannot start a value")
        if tok in ("true", "false"):
            return self.node("num", int(tok == "true"))
        if tok == "none":
            return self.node("num", -1)
        if tok in _WORDS:
            raise ExprError(f"'{tok}' cannot start a value")
        if self.peek() == "(":
            self.take()
            args: list[Node] = []
            if self.peek() != ")":
                args.append(self.or_())
                while self.peek() == ",":
                    self.take()
                    args.append(self.or_())
            self.take(")")
            result = self.node("call", tok, tuple(args))
        elif self.peek() == "@":
            self.take()
            result = self.node("zone", tok, (self.unary(),))
        else:
            result = self.node("name", tok)
        while self.peek() == ".":
            self.take()
            attr = self.take()
            if not attr[0].isalpha():
                raise ExprError(f"a card attribute is expected after '.', not '{attr}'")
            result = self.node("attr", attr, (result,))
        return result


def parse(text: str) -> Node:
    """The expression as a tree; ExprError in the author's words when it is not one."""
    if isinstance(text, bool):
        return Node("num", int(text))
    if isinstance(text, int):
        return Node("num", text)
    if not isinstance(text, str):
        raise ExprError(f"an expression is expected here, not {type(text).__name__}")
    return _Parser(text).parse()


def names_in(node: Node) -> set[str]:
    """Every plain name an expression reads (to tell, for one, whether it can change at all)."""
    found = {node.value} if node.kind == "name" else set()
    for arg in node.args:
        found |= names_in(arg)
    return found
