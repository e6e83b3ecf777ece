"""Jinja's sandbox with limits, so a template can neither reach Python's insides nor blow up.

Layouts, rule sheets, score sheets and `generate:` names are templates a teacher may edit.
Jinja's ImmutableSandboxedEnvironment already refuses private attributes (`__class__`) and
ranges over 100,000 items. This adds what it leaves open: numbers that grow without end
(`10**100000`), text or lists multiplied to gigabytes (`'x' * 10**9`), padding and
replacing that does the same (`center`, `replace`, `'%999999999d'`), state that doubles in a
loop (`namespace`), output past a sane length, and a time limit for loops that run forever.
Every such case raises TemplateLimit (a Jinja SecurityError) from inside the template, so
callers report it like any template error, with the template's line where they can.
"""

from __future__ import annotations

import math
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, TypeVar

from jinja2 import Template
from jinja2.exceptions import SecurityError, TemplateError
from jinja2.runtime import Context
from jinja2.sandbox import MAX_RANGE, ImmutableSandboxedEnvironment
from jinja2.utils import Namespace

MAX_TEXT = 100_000        # characters (or items) one operation may build
MAX_OUTPUT = 2_000_000    # characters one template may print: a rule sheet is ~20,000
MAX_INT_BITS = 8_192      # about 2,500 digits: far beyond any card's numbers
MAX_SECONDS = 1.0         # one template, worked out once; real ones take milliseconds
# The deadline counts the drawing thread's processor time, so a busy machine (a build beside other
# work, a test run on every core) never stops a template that is only waiting for its turn; the
# clock on the wall still ends one after this many times MAX_SECONDS, whatever it was doing.
WALL_FACTOR = 20


class TemplateLimit(SecurityError):
    """A template asked for more than a card, sheet or name could ever need."""

    lineno: int | None = None   # the template's line, when met outside its frames (render)


class TemplateProblem(TemplateError):
    """Python refused an operation in a template (division by zero, a bad number ...)."""


def _weight(value: Any, depth: int = 0) -> int:
    """Roughly how many characters `value` prints as: strings by length, lists by their items."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, (list, tuple)) and depth < 3:
        total = max(0, len(value) - 1000)
        for item in value[:1000]:       # a loop, not sum() of a generator: a split name is weighed per card
            total += len(item) if type(item) is str else _weight(item, depth + 1)
        return total
    return 1


def _limit(size: float, what: str) -> None:
    if size > MAX_TEXT:
        raise TemplateLimit(f"{what} would be about {size:,.0f} characters long; "
                            f"templates may build at most {MAX_TEXT:,}")


def _check_int_bits(bits: float) -> None:
    if bits > MAX_INT_BITS:
        raise TemplateLimit(f"a number with about {bits * math.log10(2):,.0f} digits is too large "
                            f"for a template")


_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?")
_BRACE_SPEC = re.compile(r"\{[^{}]*\}")


def _check_format(fmt: str, args: Any = ()) -> None:
    """Widths and precisions in a '%' or '{}' format string must stay small."""
    star = False
    for match in _PERCENT_SPEC.finditer(fmt):
        for group in match.groups():
            if group == "*":
                star = True
            elif group is not None:
                _limit(int(group), "a padded value")
    for match in _BRACE_SPEC.finditer(fmt):
        for number in re.findall(r"\d+", match.group()):
            _limit(int(number) if len(number) < 12 else MAX_TEXT + 1, "a padded value")
    if star:
        values = args if isinstance(args, (tuple, list)) else (args,)
        for value in values:
            if isinstance(value, int) and not isinstance(value, bool):
                _limit(abs(value), "a padded value")


def _check_binop(operator: str, left: Any, right: Any) -> None:
    ints = isinstance(left, int) and isinstance(right, int)
    if operator == "**":
        if ints and right > 0 and abs(left) > 1:
            _check_int_bits(right * math.log2(abs(left)))
    elif operator == "*":
        if ints:
            _check_int_bits(abs(left).bit_length() + abs(right).bit_length())
        elif isinstance(left, (str, list, tuple)) and isinstance(right, int):
            _limit(_weight(left) * max(right, 0), "a repeated text or list")
        elif isinstance(right, (str, list, tuple)) and isinstance(left, int):
            _limit(_weight(right) * max(left, 0), "a repeated text or list")
    elif operator == "+":
        if isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
            _limit(_weight(left) + _weight(right), "a joined text or list")
    elif operator == "%":
        if isinstance(left, str):
            _check_format(left, right)


T = TypeVar("T")

# Methods of str whose first argument is a width (or tab size) of the result.
_WIDTH_METHODS = {"center", "ljust", "rjust", "zfill", "expandtabs"}


def _check_call(obj: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    name = getattr(obj, "__name__", "")
    owner = getattr(obj, "__self__", None)
    if isinstance(owner, str):
        if name in _WIDTH_METHODS:
            width = args[0] if args else kwargs.get("width", kwargs.get("tabsize", 0))
            if isinstance(width, int):
                _limit(width * (max(owner.count("\t"), 1) if name == "expandtabs" else 1), "a padded text")
        elif name == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
            count = owner.count(args[0]) if args[0] else len(owner) + 1
            _limit(len(owner) + count * len(args[1]), "a replaced text")
        elif name == "join" and args and isinstance(args[0], (list, tuple)):
            _limit(_weight(list(args[0])) + len(owner) * len(args[0]), "a joined text")
    elif name == "generate_lorem_ipsum":
        count = args[0] if args else kwargs.get("n", 5)
        if isinstance(count, int) and count > 100:
            raise TemplateLimit("lipsum() makes at most 100 paragraphs here")


def _filter_guard(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """A built-in filter with its arguments checked before and its result after."""

    passes = hasattr(function, "jinja_pass_arg")

    def guarded(*args: Any, **kwargs: Any) -> Any:
        values = list(args[1:] if passes else args)   # without the context or environment Jinja passes
        value, rest = (values[0], values[1:]) if values else (None, [])
        if name in ("center", "indent"):
            width = rest[0] if rest else kwargs.get("width", 0)
            if isinstance(width, int):
                lines = str(value).count("\n") + 1 if name == "indent" else 1
                _limit(width * lines, "a padded text")
            elif isinstance(width, str):
                _limit(len(width) * (str(value).count("\n") + 1), "an indented text")
        elif name == "replace" and len(rest) >= 2:
            text, old, new = str(value), str(rest[0]), str(rest[1])
            count = text.count(old) if old else len(text) + 1
            _limit(len(text) + count * len(new), "a replaced text")
        elif name == "format" and isinstance(value, str):
            _check_format(value, tuple(rest) or tuple(kwargs.values()))
        elif name in ("slice", "batch") and rest and isinstance(rest[0], int) and rest[0] > MAX_TEXT:
            raise TemplateLimit(f"the '{name}' filter may make at most {MAX_TEXT:,} parts")
        result = function(*args, **kwargs)
        if isinstance(result, (str, list, tuple)):
            _limit(_weight(result), f"the result of the '{name}' filter")
        return result

    for attribute in ("jinja_pass_arg",):           # keep pass_context/pass_environment markers
        if hasattr(function, attribute):
            setattr(guarded, attribute, getattr(function, attribute))
    guarded.__name__ = getattr(function, "__name__", name)
    return guarded


def _range(*args: int) -> range:
    """range() of at most MAX_RANGE numbers, refused with a message a teacher can read."""
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise TemplateLimit(f"range() may count at most {MAX_RANGE:,} numbers, not {len(numbers):,}")
    return numbers


class LimitedNamespace(Namespace):
    """`namespace()` whose values cannot grow past the limit, even when doubled in a loop."""

    def __setitem__(self, name: str, value: Any) -> None:
        _limit(_weight(value), f"the value of '{name}'")
        super().__setitem__(name, value)


# Types whose instances have exactly their type's attributes: no attributes of their own (no
# __dict__), no __getattr__ or __getattribute__ of their own, no __class__ that says otherwise.
# For one of these, whether an attribute exists, and the sandbox's verdict on it, follow from the
# type and the name alone (see Sandbox.getattr). Exact types only: a subclass may add any of that.
_BY_TYPE: set[type] = {str, int, float, bool, type(None), list, tuple, dict}
# The types of bound built-in methods ('a'.split, {}.get): they carry no attributes at all, so
# none is marked unsafe_callable or alters_data, and Jinja's safe-callable check always passes.
_PLAIN_METHODS = frozenset({type("".split), type([].__len__)})
_ABSENT, _SAFE, _CHECK = 0, 1, 2       # what an attribute of a _BY_TYPE object is (Sandbox.getattr)


def attributes_by_type(kind: type) -> None:
    """Let the sandbox judge attributes of `kind`'s instances once per attribute name, as it does
    for str, dict and the other plain types (a subclass of dict that holds a card's fields).
    Refused for a type whose instances could differ: one with a __dict__, with a base that is
    not a plain type, or that defines __getattr__, __getattribute__ or __class__."""
    own = [klass for klass in kind.__mro__ if klass not in _BY_TYPE and klass is not object]
    if kind.__dictoffset__ != 0 or any(klass not in _BY_TYPE for klass in kind.__mro__[1:] if klass is not object) \
            or any({"__getattr__", "__getattribute__", "__class__"} & set(vars(klass)) for klass in own):
        raise TypeError(f"{kind.__name__} objects may have attributes their type does not say")
    _BY_TYPE.add(kind)


class Sandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox, with the limits above on operators, calls and filters."""

    intercepted_binops = frozenset({"**", "*", "+", "%"})

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.filters = {name: _filter_guard(name, function) for name, function in self.filters.items()}
        self.globals["namespace"] = LimitedNamespace
        self.globals["range"] = _range
        self._verdicts: dict[tuple[type, str], int] = {}

    def getattr(self, obj: Any, attribute: str) -> Any:
        """Jinja's sandboxed `obj.attribute`, with each check done once per type and name.

        Why: a card's short template reads half a dozen attributes (`card.name.split`,
        `layout.short_names.get`), and Jinja asks each time whether the attribute exists (a
        raised AttributeError for every field of a mapping), whether it is private, internal,
        or changes a list or mapping (tests against five abstract classes). For the plain types
        of _BY_TYPE every answer depends only on the type and the name, so it is worked out
        once, by Jinja's own code, and the same path is taken after: an attribute the type has
        not is looked up as an item, a safe one is returned, any other (private, changing,
        str.format that must be wrapped) goes through Jinja's checks every time."""
        kind = type(obj)
        if kind not in _BY_TYPE or type(attribute) is not str:
            return super().getattr(obj, attribute)
        verdict = self._verdicts.get((kind, attribute))
        if verdict is None:
            verdict = self._verdicts[(kind, attribute)] = self._verdict(obj, attribute)
        if verdict == _ABSENT:
            try:
                return obj[attribute]
            except (TypeError, LookupError):
                return self.undefined(obj=obj, name=attribute)
        if verdict == _SAFE:
            return getattr(obj, attribute)
        return super().getattr(obj, attribute)

    def _verdict(self, obj: Any, attribute: str) -> int:
        # An instance's attributes are those of its type's classes (not the type's own, such as
        # dict.__name__ or dict.mro, which an instance has not).
        if not any(attribute in vars(klass) for klass in type(obj).__mro__):
            return _ABSENT
        try:
            value = getattr(obj, attribute)
        except AttributeError:          # a slot not filled in: left to Jinja each time
            return _CHECK
        if self.wrap_str_format(value) is None and self.is_safe_attribute(obj, attribute, value):
            return _SAFE
        return _CHECK

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        _check_binop(operator, left, right)
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 - Jinja's signature
        _check_call(__obj, args, kwargs)
        if type(__obj) in _PLAIN_METHODS and type(__self).is_safe_callable is Sandbox.is_safe_callable:
            result = __context.call(__obj, *args, **kwargs)      # safe: see _PLAIN_METHODS
        else:
            result = super().call(__context, __obj, *args, **kwargs)
        if isinstance(result, (str, list, tuple)):
            _limit(_weight(result), "the result of a call")
        return result

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        fmt = value.__self__

        def checked(*args: Any, **kwargs: Any) -> str:
            _check_format(fmt)
            return wrapped(*args, **kwargs)

        return checked


_default: Sandbox | None = None


def environment() -> Sandbox:
    """The environment of card templates: undefined names are errors, None prints as ''."""
    global _default
    if _default is None:
        from jinja2 import StrictUndefined

        _default = Sandbox(undefined=StrictUndefined, autoescape=False,
                           finalize=lambda value: "" if value is None else value)
    return _default


_timing = False            # a deadline of the main thread's is running: inner ones are part of it


@contextmanager
def deadline(seconds: float = MAX_SECONDS, what: str = "the template") -> Iterator[None]:
    """Stop a template that runs too long (a loop inside a loop ...), where a timer is free.

    Uses the process's real-time timer, which only the main thread may set, and counts the main
    thread's processor time (WALL_FACTOR); elsewhere the other limits still hold. Inside a running
    deadline another is free: a card's templates share one (printgen.draw.template), since setting
    a timer and a signal handler for each of a card's dozens of renders cost more than the renders
    themselves."""
    global _timing
    if _timing:
        yield
        return
    if _series is not None and _series.seconds == seconds:
        yield from _series.one(what)
        return
    usable = (threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
              and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0))
    if not usable:
        yield
        return

    started, cpu_started = time.monotonic(), time.thread_time()

    def stop(signum: int, frame: FrameType | None) -> None:
        # the timer is the wall clock's (the only one that leaves out the picture threads); when
        # it rings, the time that counts is this thread's own, and the rest of it is waited for
        used = time.thread_time() - cpu_started
        if used < seconds and time.monotonic() - started < seconds * WALL_FACTOR:
            signal.setitimer(signal.ITIMER_REAL, max(seconds - used, 0.01))
            return
        raise TemplateLimit(f"{what} was still running after {_seconds(seconds)}")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    _timing = True
    try:
        yield
    finally:
        _timing = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class _Series:
    """Deadlines one after another (a deck's cards) under one handler and one repeating timer.

    Setting a handler and a timer for each card cost more than a card's templates (reading the
    thread's processor clock is a system call, slow on a busy machine). Here a card's deadline
    only counts it and notes the wall clock. The timer rings every quarter of the allowance;
    the first ring within a card notes the thread's processor time, and the card is stopped
    once it has used the whole allowance since then (so never before its allowance, and at most
    a ring late) or WALL_FACTOR times it on the wall clock."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.card = 0                  # deadlines begun
        self.inside = False            # a deadline is running
        self.what = ""
        self.wall_started = 0.0
        self.noted = -1                # the card whose processor time was noted, and that time
        self.cpu_started = 0.0

    def one(self, what: str) -> Iterator[None]:
        global _timing
        self.card += 1
        self.what, self.wall_started, self.inside = what, time.monotonic(), True
        _timing = True
        try:
            yield
        finally:
            _timing = False
            self.inside = False

    def ring(self, signum: int, frame: FrameType | None) -> None:
        if not self.inside:
            return
        now = time.thread_time()
        if self.noted != self.card:
            self.noted, self.cpu_started = self.card, now
        if now - self.cpu_started >= self.seconds or \
                time.monotonic() - self.wall_started >= self.seconds * WALL_FACTOR:
            self.inside = False
            raise TemplateLimit(f"{self.what} was still running after {_seconds(self.seconds)}")


_series: _Series | None = None


@contextmanager
def deadlines(seconds: float = MAX_SECONDS) -> Iterator[None]:
    """Many deadline()s in a row, each of `seconds`, cheaply (see _Series): what a deck's cards
    are resolved under. Where no timer is free, each deadline() is on its own as before."""
    global _series
    usable = (_series is None and not _timing and threading.current_thread() is threading.main_thread()
              and hasattr(signal, "setitimer") and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0))
    if not usable:
        yield
        return
    series = _series = _Series(seconds)
    previous = signal.signal(signal.SIGALRM, series.ring)
    signal.setitimer(signal.ITIMER_REAL, seconds / 4, seconds / 4)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        _series = None


def guarded(call: Callable[[], T]) -> T:
    """Run template code under the deadline; Python's own refusals become TemplateProblem,
    with the template's frames kept in the traceback (callers read its line from there)."""
    try:
        if _timing:             # inside a running deadline (a card's side): part of it, as deadline() says
            return call()
        with deadline():
            return call()
    except TemplateError:
        raise
    except (MemoryError, RecursionError) as exc:
        kind = "too deep" if isinstance(exc, RecursionError) else "too large"
        raise TemplateLimit(f"the template is {kind} to work out").with_traceback(exc.__traceback__) from None
    except (ArithmeticError, ValueError, TypeError, LookupError) as exc:
        raise TemplateProblem(f"{exc}").with_traceback(exc.__traceback__) from None


def render(template: Template, context: dict[str, Any]) -> str:
    """template.render(context), streamed, refused once it prints more than MAX_OUTPUT."""

    def run() -> str:
        parts: list[str] = []
        total = 0
        chunks = template.generate(context)
        for chunk in chunks:
            total += len(chunk)
            if total > MAX_OUTPUT:
                limit = TemplateLimit(f"the template prints more than {MAX_OUTPUT:,} characters")
                limit.lineno = _printing_line(template, chunks)     # (raised out of the template's frames)
                raise limit
            parts.append(chunk)
        return "".join(parts)

    return guarded(run)


def _printing_line(template: Template, chunks: Any) -> int | None:
    """The line of the template that was printing when its generator `chunks` was stopped: the
    innermost of its template frames, in the template's own lines."""
    line = None
    while chunks is not None:
        frame = getattr(chunks, "gi_frame", None)
        if frame is not None and frame.f_code.co_filename == "<template>":
            line = template.get_corresponding_lineno(frame.f_lineno)
        chunks = getattr(chunks, "gi_yieldfrom", None)
    return line


def _seconds(seconds: float) -> str:
    return f"{seconds:g} second" + ("" if seconds == 1 else "s")
