"""A game's options (`-O KEY=VALUE`, and a deck's `games:` setups): one declaration each, one reader.

Why one shape: every game declares its options as `Option`s on its class (`Game.options`), so the
reader that checks a given value, the validate report that says which reading of an open rule was
played, and `printgen list` that shows them all read the same declaration, and each default is
declared once (per variant where a variant plays otherwise).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from printgen.files.errors import UserError, did_you_mean

# the words an option takes (the rule sheet's reading first), a range of whole numbers, or None for
# a value the option's `read` checks (or that is taken as given)
Allowed = tuple[str, ...] | range | None


@dataclass(frozen=True)
class Option:
    """One game option: its name, what it allows, its default (the rule sheet's reading) and what
    it means in words; `variants` gives the default of a variant that plays otherwise, `read`
    turns a given value the option cannot check by `allowed` into the one played (UserError if bad)."""

    name: str
    allowed: Allowed
    default: Any
    meaning: str
    variants: Mapping[str, Any] = field(default_factory=dict)
    read: Callable[[Any], Any] | None = None

    def default_for(self, variant: str) -> Any:
        """The value played in `variant` when the option is not given."""
        return self.variants.get(variant, self.default)

    def value(self, given: Any) -> Any:
        """The value played for `given`; UserError naming the option when it is not allowed."""
        allowed = self.allowed
        if isinstance(allowed, range):
            if isinstance(given, bool) or not isinstance(given, int) or given not in allowed:
                raise UserError(f"-O {self.name}={given}: use a whole number from {allowed.start} to "
                                f"{allowed.stop - 1}", hint=self.meaning)
            return given
        if isinstance(allowed, tuple):
            if isinstance(given, bool) and set(allowed) == {"no", "yes"}:    # YAML reads yes/no as booleans
                given = "yes" if given else "no"
            if str(given) not in allowed:
                raise UserError(f"-O {self.name}={given}: use " + " or ".join(allowed), hint=self.meaning)
            return str(given)
        return self.read(given) if self.read is not None else given

    def words(self, variants: Sequence[str]) -> str:
        """'vacant|midden (default vacant) what it means', as `printgen list` shows it; a default
        that differs by variant is given per variant ('basic 10, short 8')."""
        allowed = self.allowed
        if isinstance(allowed, tuple):
            choices = "|".join(allowed)
        elif isinstance(allowed, range):
            choices = f"{allowed.start}-{allowed.stop - 1}"
        else:
            choices = ""
        defaults = [self.default_for(v) for v in variants] or [self.default]
        if len({shown(d) for d in defaults}) > 1:
            default: str | None = ", ".join(f"{v} {shown(d)}" for v, d in zip(variants, defaults))
        else:
            default = None if defaults[0] is None else shown(defaults[0])
        said = f"(default {default}) " if default is not None else ""
        return (f"{choices} " if choices else "") + said + self.meaning


def shown(value: Any) -> str:
    """An option's value as the command line writes it (a list as 3,4,5)."""
    return ",".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)


def read_options(title: str, declared: Sequence[Option], variant: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared option's value in `variant`: its default there, or the value `given` (checked).
    UserError for an unknown option (with the nearest name) and for a value it does not allow."""
    by_name = {option.name: option for option in declared}
    for key in given:
        if key in by_name:
            continue
        if not by_name:
            raise UserError(f"{title} takes no options (found: " + ", ".join(sorted(map(str, given))) + ")",
                            hint="drop the -O settings for this game")
        raise UserError(f"{title} has no option '{key}'",
                        hint=did_you_mean(str(key), list(by_name)) or "its options: " + ", ".join(by_name))
    chosen = {option.name: option.default_for(variant) for option in declared}
    for key, value in given.items():
        chosen[key] = by_name[key].value(value)
    return chosen
