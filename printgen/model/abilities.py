"""Card abilities as data: a small vocabulary that both the printed card and the simulator read.

A card's ability is a record (how it is used, when, what it costs, whom it targets, what it does)
rather than free text, for one reason: the words printed on the card are generated from the same
record the simulator plays, so the card and the game can never disagree. Changing a Power or an
effect in deck.yaml changes both, with no Python edit.

The vocabulary is deliberately small. Every effect a deck may use is listed in EFFECTS with the
settings it takes; anything else is a schema error naming the card and field.

How an ability is used (`use`):
  favour       played from the hand, then goes to the Midden
  declaration  played from the hand onto a proud Threlm and stays under it while it lies there
  ability      a Threlm's own power, used while it lies proud in its owner's Domain

When (`when`): any | challenging | en_garde | robbing   (`out_of_turn: true` also allows it
when the stage belongs to the other player, as the Coppertwaddle favour does)
Cost (`cost`): none | cover_self (the Threlm is turned face down to use it) | discard (one card
from the hand goes to the Midden)
Target (`target`): side own | opponent | either; kind noble | peasant | threlm | wind | card
(a Favour or Declaration being played); state proud | covered | pressed | any; `other: true`
means not the card itself.

Effects (`effects`, one to three, applied in order):
  power      amount (+/-), until robbing | turn | permanent   the target's Power changes
  negate     until robbing | turn      the target gives no support and its abilities are off
  cover      -                         the target is turned face down
  make_proud -                         a covered, unpressed target is turned face up
  release    -                         the Wind pressing the target goes to the Midden
  protect    until robbing | turn | permanent   the target cannot be robbed
  promote    -                         a Peasant becomes a Noble in the leftmost vacant Noble Ditch
  counter    -                         the card being played is cancelled; both go to the Midden
  draw       amount                    the user draws cards from the Trumpet
  discard    amount                    the target's owner discards cards of their choice
  return     -                         the target goes back to its owner's hand
  destroy    -                         the target (with its Declarations) goes to the Midden
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Use = Literal["favour", "declaration", "ability"]
Stage = Literal["any", "challenging", "en_garde", "robbing"]
Cost = Literal["none", "cover_self", "discard"]
Side = Literal["own", "opponent", "either"]
Kind = Literal["noble", "peasant", "threlm", "wind", "card"]
State = Literal["proud", "covered", "pressed", "any"]
Until = Literal["robbing", "turn", "permanent"]
EffectName = Literal["power", "negate", "cover", "make_proud", "release", "protect", "promote", "counter",
                     "draw", "discard", "return", "destroy"]

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


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Target(_Strict):
    side: Side = "either"
    kind: Kind = "threlm"
    state: State = "proud"
    other: bool = False


class Effect(_Strict):
    do: EffectName
    amount: int | None = None
    until: Until | None = None

    @field_validator("amount")
    @classmethod
    def _amount_in_range(cls, amount: int | None) -> int | None:
        # a field check, so a message about the amount points at the amount's own line
        if amount is not None and (amount == 0 or abs(amount) > 20):
            raise ValueError("'amount' should be a whole number from -20 to 20, not zero")
        return amount

    @model_validator(mode="after")
    def _settings_fit(self) -> Effect:
        wanted = EFFECTS[self.do]["settings"]
        given = {name for name in ("amount", "until") if getattr(self, name) is not None}
        extra, missing = given - wanted, wanted - given
        if extra:
            raise ValueError(f"the effect '{self.do}' takes no '{sorted(extra)[0]}'")
        if missing:
            raise ValueError(f"the effect '{self.do}' needs '{sorted(missing)[0]}'")
        if self.do in ("draw", "discard") and self.amount is not None and self.amount < 0:
            raise ValueError(f"'{self.do}' needs a positive amount")
        return self


class Ability(_Strict):
    use: Use
    when: Stage = "any"
    cost: Cost = "none"
    out_of_turn: bool = False
    target: Target | None = None
    effects: list[Effect] = Field(min_length=1, max_length=3)
    flavour: str | None = None

    def context(self) -> dict[str, Any]:
        """How a card template sees the ability: its printed text and its parts."""
        return {"text": describe(self), "use": self.use, "when": self.when, "flavour": self.flavour}

    @model_validator(mode="after")
    def _consistent(self) -> Ability:
        needs_target = any(EFFECTS[e.do]["target"] for e in self.effects)
        if needs_target and self.target is None:
            needing = next(e.do for e in self.effects if EFFECTS[e.do]["target"])
            raise ValueError(f"the effect '{needing}' needs a 'target'")
        if self.use == "declaration" and (self.target is None or self.target.kind in ("card", "wind")
                                          or self.target.state not in ("proud",)):
            raise ValueError("a declaration is laid on a proud Threlm: its target needs kind noble, peasant or "
                             "threlm and state proud")
        if self.cost == "cover_self" and self.use != "ability":
            raise ValueError("only a Threlm's own ability can cost 'cover_self'")
        if any(e.do == "counter" for e in self.effects) and (self.target is None or self.target.kind != "card"):
            raise ValueError("'counter' cancels a card being played: its target needs kind 'card'")
        if self.target is not None and self.target.kind == "card" and \
                any(e.do != "counter" for e in self.effects):
            raise ValueError("a target of kind 'card' (a card being played) can only be countered")
        return self


# --- the words printed on the card -------------------------------------------------------------

_KIND_WORDS = {"noble": "Noble", "peasant": "Peasant", "threlm": "Threlm", "wind": "Wind",
               "card": "Favour or Declaration"}
_UNTIL_WORDS = {"robbing": "until the Robbing ends", "turn": "until the end of the turn", "permanent": ""}
_STAGE_WORDS = {"challenging": "While Challenging", "en_garde": "En Garde", "robbing": "During a Robbing"}


def _target_words(target: Target, use: Use) -> str:
    """'another proud Peasant in your Domain', 'a covered Threlm in either Domain'."""
    state = "" if target.state == "any" else f"{target.state} "
    noun = _KIND_WORDS[target.kind]
    article = "another" if target.other else ("an" if (state or noun)[0].lower() in "aeiou" else "a")
    place = {"own": " in your Domain", "opponent": " in your opponent\u2019s Domain", "either": ""}[target.side]
    if target.kind == "card":
        return f"{article} {noun} as it is played"
    return f"{article} {state}{noun}{place}"


def _effect_words(effect: Effect, subject: str, attached: bool) -> str:
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


def describe(ability: Ability) -> str:
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
