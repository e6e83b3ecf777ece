"""The words printed on a card for its ability, and the vocabulary of effects: apart from the
checked models (printgen/model/abilities.py) because they read a record's settings only.

Why apart: a build whose deck comes from the cache of checked decks holds each ability as a plain
record (printgen/files/records.py), and its card template still asks for the ability's words. Kept
here, they need neither pydantic nor the models' checks, so that build imports neither (issue 30).
"""

from __future__ import annotations

from typing import Any

# Which settings each effect takes (beyond `do`), and whether it needs a target.
EFFECTS: dict[str, dict[str, Any]] = {
    "power": {"settings": {"amount", "until"}, "target": True},
    "negate": {"settings": {"until"}, "target": True},
    "cover": {"settings": set(), "target": True},
    "make_proud": {"settings": set(), "target": True},
    "release": {"settings": set(), "target": True},
    "protect": {"settings": {"until"}, "target": True},
    "promote": {"settings": set(), "target": True},
    "counter": {"settings": set(), "target": True},
    "draw": {"settings": {"amount"}, "target": False},
    "discard": {"settings": {"amount"}, "target": False},
    "return": {"settings": set(), "target": True},
    "destroy": {"settings": set(), "target": True},
}


_KIND_WORDS = {"noble": "Noble", "peasant": "Peasant", "threlm": "Threlm", "wind": "Wind",
               "card": "Favour or Declaration"}
_UNTIL_WORDS = {"robbing": "until the Robbing ends", "turn": "until the end of the turn", "permanent": ""}
_STAGE_WORDS = {"challenging": "While Challenging", "en_garde": "En Garde", "robbing": "During a Robbing"}


def _target_words(target: Any, use: str) -> str:
    """'another proud Peasant in your Domain', 'a covered Threlm in either Domain'."""
    state = "" if target.state == "any" else f"{target.state} "
    noun = _KIND_WORDS[target.kind]
    article = "another" if target.other else ("an" if (state or noun)[0].lower() in "aeiou" else "a")
    place = {"own": " in your Domain", "opponent": " in your opponent\u2019s Domain", "either": ""}[target.side]
    if target.kind == "card":
        return f"{article} {noun} as it is played"
    return f"{article} {state}{noun}{place}"


def _effect_words(effect: Any, subject: str, attached: bool) -> str:
    """One effect as a clause; `subject` is the target phrase the first time, then 'it'."""
    until = _UNTIL_WORDS.get(effect.until or "permanent", "")
    if attached and effect.until == "permanent":
        until = "while this lies under it"
    tail = f" {until}" if until else ""
    do = effect.do
    if do == "power":
        assert effect.amount is not None, "a power effect has an amount (checked when it is read)"
        sign = "+" if effect.amount > 0 else "\u2212"
        return f"{subject} gets {sign}{abs(effect.amount)} Power{tail}"
    if do == "negate":
        return f"{subject} gives no support and its abilities are off{tail}"
    if do == "cover":
        return f"cover {subject}"
    if do == "make_proud":
        return f"make {subject} Proud"
    if do == "release":
        return f"remove the Wind from {subject} to the Midden"
    if do == "protect":
        return f"{subject} cannot be robbed{tail}"
    if do == "promote":
        return f"{subject} becomes a Noble and moves to the leftmost vacant Noble Ditch"
    if do == "counter":
        return f"cancel {subject}; both cards go to the Midden"
    if do == "draw":
        return f"draw {effect.amount} card{'s' if effect.amount != 1 else ''} from the Trumpet"
    if do == "discard":
        return (f"your opponent discards {effect.amount} card{'s' if effect.amount != 1 else ''} "
                "of their choice to the Midden")
    if do == "return":
        return f"{subject} goes back to its owner\u2019s hand"
    if do == "destroy":
        return f"{subject} goes to the Midden with its Declarations"
    raise AssertionError(do)  # pragma: no cover - EffectName is a Literal


def describe(ability: Any) -> str:
    """The rules text printed on the card, made from the record alone."""
    opening = []
    if ability.out_of_turn:
        opening.append("At any time, even on your opponent\u2019s turn")
    elif ability.when != "any":
        opening.append(_STAGE_WORDS[ability.when])
    if ability.cost == "cover_self":
        opening.append("cover this Threlm")
    elif ability.cost == "discard":
        opening.append("discard a card")
    target = ability.target
    subject = _target_words(target, ability.use) if target is not None else "it"
    if ability.use == "declaration":
        opening.append(f"lay under {subject}")
        subject = "it"
    clauses = []
    for effect in ability.effects:
        clauses.append(_effect_words(effect, subject, ability.use == "declaration"))
        if EFFECTS[effect.do]["target"]:
            subject = "it"
    body = "; ".join(clauses)
    if opening:
        head = ", ".join(opening)
        return f"{head[0].upper()}{head[1:]}: {body}."
    return f"{body[0].upper()}{body[1:]}."


def ability_context(ability: Any) -> dict[str, Any]:
    """How a card template sees an ability (a checked model or its record): its printed text and
    its parts."""
    return {"text": describe(ability), "use": ability.use, "when": ability.when, "flavour": ability.flavour}


class AbilityRecordMethods:
    """What an ability's record in the cache of checked decks keeps of the model's methods
    (printgen/files/records.py METHODS): the context a card template reads."""

    __slots__ = ()

    def context(self) -> dict[str, Any]:
        return ability_context(self)
