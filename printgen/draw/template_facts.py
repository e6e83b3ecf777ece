"""What a build works out about each template source, kept for later builds.

Why (issue 30, the fixed cost of a small build): before a deck's cards are drawn, every template
source of its layout is parsed and looked into (which names it reads, which card fields, which
fields a warning points at), and each template is compiled by Jinja (parse, generate Python, compile
it). For Cromwell's 43 cards that was some 18 ms of processor time in every build, a tenth of what
a second build spends after its imports; a plain ReportLab script has no templates and pays none.

Each of those is a function of the source's text alone, for one printgen, one Jinja2 and one Python
(the sandbox's environment is fixed in printgen/model/sandbox.py): so it is kept here by text, and
kept between builds in one entry beside the cache of checked decks (printgen/model/load_cache.py,
read_side: its name covers printgen's modules, Jinja2's files and Python's version, and its keyed
digest makes a foreign or damaged file be ignored, never unpickled). One entry for every deck and
for cards, rule sheets, forms and boards alike: the same text is the same template wherever it is
(a rule sheet's own environment is kept apart, by `what`). A compiled template is kept as
marshalled code, what Python itself keeps for a module; it is only what this printgen's Jinja made
of the same text, and its sandbox checks run in it as they did. A source that does not compile is never kept:
its error is found and worded again. Without a cache (PRINTGEN_CACHE_DIR=off), everything is
worked out as before, once per process.
"""

from __future__ import annotations

import marshal
import threading
from collections.abc import Callable
from types import CodeType
from typing import Any, TypeVar

T = TypeVar("T")
KIND = "templates"          # the cache's folder of these, beside its "decks"
MAX_FACTS = 4096            # kept on disk; a process holds up to twice as many (a long-running editor)

_lock = threading.Lock()
_known: dict[tuple[str, str], Any] | None = None     # (what, source text) -> the answer; None: not read yet
_added = False
_used: set[tuple[str, str]] = set()     # what this process asked since it last kept: kept first


def _facts() -> dict[tuple[str, str], Any]:
    global _known
    if _known is None:
        from printgen.model.load_cache import read_side

        kept = read_side(KIND)
        with _lock:
            if _known is None:
                _known = dict(kept) if isinstance(kept, dict) else {}
    return _known


def known(what: str, text: str, work_out: Callable[[], T]) -> T:
    """The answer to `what` about a source: kept, or worked out now (and kept if it succeeds).
    The answer must be plain data (it is pickled), the same for the same text always."""
    global _added
    facts = _facts()
    key = (what, text)
    _used.add(key)
    try:
        return facts[key]
    except KeyError:
        pass
    value = work_out()
    if len(facts) < 2 * MAX_FACTS:
        facts[key] = value
        _added = True
    return value


def code(what: str, text: str, compile_it: Callable[[], CodeType]) -> CodeType:
    """A template's compiled code ("code") or an expression's ("expression code"): kept, or compiled now."""
    return marshal.loads(known(what, text, lambda: marshal.dumps(compile_it())))


def from_source(env: Any, source: str, what: str = "code") -> Any:
    """`env.from_string(source)`, with the compiled code kept by text. `what` names the
    environment's settings where they are not the sandbox's defaults (a rule sheet's escapes
    and newlines change the code Jinja makes), so each kind of code is kept apart."""
    compiled = code(what, source, lambda: env.compile(source))
    return env.template_class.from_code(env, compiled, env.make_globals(None), None)


def keep() -> None:
    """When this process learnt anything since it last kept: write what is known, merged with
    what other processes kept meanwhile (the other worker of a build, another deck's build), so
    no deck's answers push out another's. The answers used since the last keep go first, then
    the others, up to MAX_FACTS: a template edited away is dropped once the entry is full."""
    global _added
    if not _added or _known is None:
        return
    from printgen.model.load_cache import keep_side

    with _lock:
        used = [key for key in _used if key in _known]
        known_now = dict(_known)
        _added = False
        _used.clear()

    def merged(on_disk: Any) -> dict[tuple[str, str], Any]:
        facts = {key: known_now[key] for key in used[:MAX_FACTS]}
        for source in (known_now, on_disk if isinstance(on_disk, dict) else {}):
            for key, value in source.items():
                if len(facts) >= MAX_FACTS:
                    break
                facts.setdefault(key, value)
        return facts

    keep_side(KIND, merged)


def forget() -> None:
    """Drop what is known in this process (tests: to see a build work it out, or read it back)."""
    global _known, _added
    with _lock:
        _known, _added = None, False
        _used.clear()
