"""libyaml's complaints turned into one message at the line to edit: an unclosed quote or bracket
where it opens, tabs and indentation in plain words, and the card the line belongs to.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from printgen.files.errors import UserError, Where
from printgen.files.limits import MAX_DEPTH

# The one way nesting too deep is told, whether printgen's reader or libyaml's (PyYAML 6.0.4 and
# later stop at 1,000 levels of '[' or '{' themselves) notices it first.
TOO_DEEP = (f"lists and settings are nested here more than {MAX_DEPTH} levels deep, far more than any printgen "
            "file needs")
TOO_DEEP_HINT = "check for '[' or '{' typed many times, or indentation that keeps growing"


_HINTS = {
    "mapping values are not allowed": "a value that contains ': ' must be put in double quotes",
    "found character '\\t'": "indent with spaces, not tabs",
    "could not find expected ':'": "each line inside a card needs 'field: value'; check the quotes on this line or "
                                   "the one above",
    "found unexpected end of stream": "a quote or bracket was opened and never closed",
    "did not find expected key": "check the indentation: fields of one card must line up",
}

# What was left open, how to say it, and how to fix it.
_OPENERS = {
    '"': ("a double quote (\")", "end the text with a straight double quote; inside it use curly quotes \u201c \u201d"),
    "'": ("a single quote (')", "end the text with a straight single quote, or put the whole text in double quotes "
                                "and use curly apostrophes \u2019 inside it"),
    "[": ("a list with '['", "end the list with ']' (on the same line is clearest)"),
    "{": ("a group of settings with '{'", "end it with '}' (on the same line is clearest)"),
}
# libyaml's words for "still inside something opened at the context mark".
_OPEN_CONTEXTS = (("quoted scalar", None), ("flow sequence", "["), ("flow mapping", "{"))


def explain_yaml_error(exc: yaml.MarkedYAMLError, text: str, path: Path) -> UserError:
    """Turn libyaml's complaint into one message at the line the user must fix.

    libyaml reports where it gave up, which for an unclosed quote or bracket can be many lines
    later or the end of the file. Two clues find the opening instead: a line that leaves a
    quoted value open is almost always the culprit (a quote it leaves open pairs with the next
    line's quote, so everything after shifts); and when libyaml was still inside a quoted value
    or a '[' or '{' it names where that began.
    """
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark is not None else None
    lines = text.splitlines()
    culprit = next(((n, q) for n, t in _structure_lines(lines[: line or len(lines)]) if (q := _open_quote(t))), None)
    if culprit is None:
        culprit = _context_opener(exc, lines)
    if culprit is None and _at_end(mark, lines):
        culprit = _unclosed_bracket(lines)     # libyaml gave up at the end, inside a '[' or '{'
    if culprit is not None:
        number, opener = culprit
        what, opened_hint = _OPENERS[opener]
        return UserError(f"this line opens {what} that is never closed", Where(path, number, card_at(lines, number)),
                         opened_hint)
    problem = exc.problem or exc.context or "malformed YAML"
    if line is not None and line > max(len(lines), 1):
        line = _last_content_line(lines)       # never a line past the end of the file
    source = lines[line - 1] if line and line <= len(lines) else ""
    found = next(((n, match) for n in (line, (line or 1) - 1)
                  if n and n <= len(lines) and (match := _INNER_QUOTE.search(lines[n - 1]))), None)
    if found is not None:
        inner, quote = found[0], found[1].group(1)[0]
        name = "double" if quote == '"' else "single"
        return UserError(f"a straight {name} quote ({quote}) inside the text ends it too early",
                         Where(path, inner, card_at(lines, inner)),
                         "inside a caption use curly quotes \u201c \u201d (or \u2018 \u2019), and keep the "
                         "straight ones only at the start and end")
    broken = _not_a_field(exc, lines, line)
    if broken is not None:
        number, key, between = broken
        if between == ":":
            said = f"'{key}:' needs a space after its colon"
        elif between.strip():
            said = f"'{key}' is followed by '{between.strip()}' where a field takes ': ' (a colon, then a space)"
        else:
            said = f"'{key}' has no ':' after it"
        return UserError(f"{said}: YAML reads the whole line as one word, not as a field and its value",
                         Where(path, number, card_at(lines, number), key),
                         f"write '{key}: ' (a colon and a space), then the value")
    hint: str | None
    if "found character '\\t'" in str(exc) or "\t" in source[: len(source) - len(source.lstrip())]:
        message, hint = "this line is indented with a tab", "indent with spaces, not tabs"
    elif "mapping values are not allowed" in problem and ": " in source.split(": ", 1)[-1]:
        message, hint = "this value contains ': '", "put the whole value in double quotes"
    elif "maximum nesting depth" in problem:
        message, hint = TOO_DEEP, TOO_DEEP_HINT
    elif any(signal in problem for signal in _INDENTATION_SIGNALS) and (lost := _lost_dash(lines, line)):
        start, where = lost, line
        line = start
        entry = "card" if _list_key(lines, start) == "cards" else "entry"
        message = (f"the lines from line {start} on seem to be a {entry} that has lost its '- name:' line: the next "
                   f"{entry}, at line {where}, starts with '- ', and these do not")
        hint = f"put the '- name: ...' line back above line {start}, lined up with the '- ' of line {where}"
    elif any(signal in problem for signal in _INDENTATION_SIGNALS):
        message = "the indentation of this line does not match the lines around it"
        hint = _indentation_hint(lines, line)
    else:
        message = f"this is not valid YAML: {problem}"
        hint = next((h for k, h in _HINTS.items() if k in str(exc)), None)
    return UserError(message, Where(path, line, card_at(lines, line)), hint)


def _indentation_hint(lines: list[str], line: int | None) -> str:
    """Where the misplaced line should start, in the words of what it belongs to: a caption's line
    is one of a card's, but a game file or a layout has no cards, and telling its author about
    cards sends them looking for something that is not there."""
    if card_at(lines, line) is not None:
        return "the lines of one card must start in the same column (count the spaces)"
    above = _line_above(lines, line)
    if above is None:
        return "lines that belong together must start in the same column (count the spaces)"
    number, column = above
    return (f"lines that belong together must start in the same column (count the spaces): compare it with "
            f"line {number}, whose setting starts in column {column + 1}")


def _line_above(lines: list[str], line: int | None) -> tuple[int, int] | None:
    """The nearest line above `line` that holds a setting (not blank, not a note), with the column
    its setting starts in (after any '- '): the line an author most likely meant to line up with."""
    if not line:
        return None
    for number in range(min(line, len(lines) + 1) - 1, 0, -1):
        text = lines[number - 1]
        body = text.strip()
        if body and not body.startswith("#"):
            lead = _LEAD.match(text)
            return number, lead.end() if lead else 0
    return None


# A line's lead: its spaces, and the '- ' of each list entry it opens.
_LEAD = re.compile(r"(?:[ ]*-[ ]+)*[ ]*")


def _lost_dash(lines: list[str], line: int | None) -> int | None:
    """Where a list entry starts that lost its '- ' line: libyaml stops at the next entry's '- '
    (line `line`), and just above it, past blanks and notes, is a block of 'key: value' lines
    indented deeper than that dash, with no '- ' of its own. The block's first line, or None."""
    if line is None or not 0 < line <= len(lines):
        return None
    dash = lines[line - 1]
    stripped = dash.lstrip(" ")
    if not stripped.startswith("- "):
        return None
    indent = len(dash) - len(stripped)
    number, start = line - 1, None
    while number >= 1:
        text = lines[number - 1]
        body = text.strip()
        if not body or body.startswith("#"):
            if start is not None:
                break
            number -= 1
            continue
        depth = len(text) - len(text.lstrip(" "))
        if depth <= indent or body.startswith("-") or ":" not in body:
            break
        start = number
        number -= 1
    if start is None:
        return None
    above = lines[number - 1] if number >= 1 else ""
    # the block must not sit under a '- ' entry of its own (then it is that entry's, and well placed)
    return start if not above.lstrip(" ").startswith("- ") else None


# A field name, then what should have been ': ' (nothing, '=', ';', a full-width colon, or a colon
# with no space), then the value.
_NOT_A_FIELD = re.compile(r"^\s*(?:-\s+)?([A-Za-z_][\w-]*)(\s*[=;\uff1a]\s*|:(?=[^\s:/])|\s+)(?=\S)")


def _not_a_field(exc: yaml.MarkedYAMLError, lines: list[str], line: int | None) -> tuple[int, str, str] | None:
    """A line meant as 'field: value' that YAML cannot read as one ('caption:"I broke..."',
    'caption "I broke"', 'caption = ...', a full-width '：'): it reads as one plain word, and libyaml
    only complains a line or two later, at the next card. The line, its field name and what stands
    where ': ' should be; None when the complaint is about something else."""
    problem = exc.problem or ""
    candidates = []                      # (line, whether a bare space may stand for the colon)
    if "could not find expected ':'" in problem and exc.context_mark is not None:
        candidates.append((exc.context_mark.line + 1, True))
    if any(signal in problem for signal in _INDENTATION_SIGNALS) and line:
        above = line - 1                    # an entry's '- name:"X"': its next line looks mis-indented
        while above >= 1 and (not lines[above - 1].strip() or lines[above - 1].lstrip().startswith("#")):
            above -= 1
        candidates.append((above, False))   # ('- Red Rose' in a list of words is no field)
    for number, spaced in candidates:
        if not 1 <= number <= len(lines) or ": " in lines[number - 1] or lines[number - 1].rstrip().endswith(":"):
            continue
        found = _NOT_A_FIELD.match(lines[number - 1])
        if found and (spaced or found.group(2).strip()):
            return number, found.group(1), found.group(2)
    return None


def _list_key(lines: list[str], number: int) -> str | None:
    """The top-level key whose value holds line `number` ('cards')."""
    for text in reversed(lines[:number - 1]):
        if text and not text[0].isspace() and not text.startswith("#") and ":" in text:
            return text.split(":", 1)[0].strip()
    return None


def _context_opener(exc: yaml.MarkedYAMLError, lines: list[str]) -> tuple[int, str] | None:
    """(line, character) of the quote, '[' or '{' libyaml was still inside when it gave up."""
    mark, context = exc.context_mark, exc.context or ""
    if mark is None or mark.line >= len(lines):
        return None
    for words, opener in _OPEN_CONTEXTS:
        if words in context:
            if opener is None:   # a quoted scalar: the quote is at the mark, after any '&anchor' or '!tag'
                opener = next((ch for ch in lines[mark.line][mark.column:] if ch in "\"'"), None)
            return (mark.line + 1, opener) if opener else None
    return None


def _at_end(mark, lines: list[str]) -> bool:
    """Whether libyaml gave up at the end of the file (nothing but blanks and notes follow)."""
    if mark is None:
        return True
    return all(not text.strip() or text.lstrip().startswith("#") for text in lines[mark.line + 1:])


def _last_content_line(lines: list[str]) -> int:
    """The last line holding something other than blanks and notes (1 for an empty file)."""
    for number in range(len(lines), 0, -1):
        text = lines[number - 1].strip()
        if text and not text.startswith("#"):
            return number
    return 1


def _in_quote(line: str, i: int, quoted: str) -> tuple[int, str | None]:
    """One step inside a quoted value at line[i]: the next index to read and the quote still open
    (None once it closes). A backslash escapes in double quotes; '' is a quote in single quotes."""
    ch = line[i]
    if quoted == '"':
        if ch == "\\":
            return i + 2, quoted
        return i + 1, None if ch == '"' else quoted
    if ch == "'":
        if line[i + 1: i + 2] == "'":
            return i + 2, quoted
        return i + 1, None
    return i + 1, quoted


def _unclosed_bracket(lines: list[str]) -> tuple[int, str] | None:
    """(line, '[' or '{') of the outermost bracket the file opens and never closes.

    Brackets count only where YAML reads them as brackets: at the start of a value or inside
    another bracket, outside quotes, notes and block text; so `caption: see [1` is text.
    """
    stack: list[tuple[int, str]] = []
    quoted: str | None = None
    for number, line in _structure_lines(lines):
        chars, quoted = _plain_chars(line, quoted)
        for i, ch in chars:
            if ch in "[{" and (stack or _at_value(line, i)):
                stack.append((number, ch))
            elif ch in "]}" and stack:
                stack.pop()
        if not stack:
            quoted = None     # a quote is only carried to the next line inside brackets
    return stack[0] if stack else None


def _open_quote(line: str) -> str | None:
    """The quote a line opens for a value and does not close, if any.

    A quote only opens a string at the start of a value (after ': ', '- ', '[', '{' or ','),
    and '#' starts a comment only outside quotes, so `title: 12" ruler`, `name: O'Brien` and a
    caption holding ' #1' are not mistaken for unclosed quotes.
    """
    return _plain_chars(line, None)[1]


def _plain_chars(line: str, quoted: str | None) -> tuple[list[tuple[int, str]], str | None]:
    """The characters of a line outside quoted values and its note, with their places, and the
    quote still open at its end. `quoted`: the quote already open when the line starts (a value
    carried over from the line before)."""
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(line):
        if quoted:
            i, quoted = _in_quote(line, i, quoted)
            continue
        ch = line[i]
        if ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        if ch in "\"'" and _at_value(line, i):
            quoted = ch
        else:
            out.append((i, ch))
        i += 1
    return out, quoted


def _at_value(line: str, i: int) -> bool:
    """Whether position i is where a value starts, so a quote there opens a quoted value."""
    before = line[:i].rstrip()
    if not before or before[-1] in "[{,":
        return True
    if before[-1] in ":-?" and len(before) < i:          # an indicator needs a space after it
        return len(before) == 1 or before[-2] in " \t" or before[-1] == ":"
    return False


# A block scalar header ('key: |', '- >-'): the more-indented lines after it are text, not YAML.
_BLOCK_HEADER = re.compile(r"^(\s*)(?:.*?(?::|-|\?)\s+)?(?:&\S+\s+|!\S*\s+)*[|>][-+1-9]{0,2}\s*(?:#.*)?$")


def _structure_lines(lines: list[str]):
    """(number, line) for the lines that are YAML structure, skipping the text of block scalars."""
    block_indent: int | None = None
    for number, line in enumerate(lines, start=1):
        indent = len(line) - len(line.lstrip(" "))
        if block_indent is not None:
            if not line.strip() or indent > block_indent:
                continue
            block_indent = None
        header = _BLOCK_HEADER.match(line)
        if header is not None and not line.lstrip().startswith("#"):
            block_indent = indent
        yield number, line


def card_at(lines: list[str], line: int | None) -> str | None:
    """The name of the card a line belongs to, read from the text (the YAML may not parse)."""
    if not line:
        return None
    name = None
    for text in reversed(lines[:line]):
        match = _CARD_START.match(text) if name is None else None
        if match:
            name = match.group(1).strip().strip('"')
        if text and not text[0].isspace() and not text.startswith("#"):
            # a top-level key: the card's name counts only in the list of cards (a '- name:' of
            # 'fields:' written as a list, or of a group, is not a card)
            return name if text.split(":", 1)[0].strip() == "cards" else None
    return None


# A quoted value closed and then followed by more text: a quote inside the text.
_INNER_QUOTE = re.compile(r""":\s+("[^"]*"|'(?:[^']|'')*')[^\s#,}\]]""")
# What PyYAML and libyaml say when a line is indented wrongly.
_INDENTATION_SIGNALS = ("mapping values are not allowed", "expected <block end>", "did not find expected key",
                        "did not find expected '-' indicator")
_CARD_START = re.compile(r"^\s*-\s+name:\s*(.+?)\s*(?:#.*)?$")
