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

from printgen.model.ability_words import EFFECTS, ability_context, describe

Use = Literal["favour", "declaration", "ability"]
Stage = Literal["any", "challenging", "en_garde", "robbing"]
Cost = Literal["none", "cover_self", "discard"]
Side = Literal["own", "opponent", "either"]
Kind = Literal["noble", "peasant", "threlm", "wind", "card"]
State = Literal["proud", "covered", "pressed", "any"]
Until = Literal["robbing", "turn", "permanent"]
EffectName = Literal["power", "negate", "cover", "make_proud", "release", "protect", "promote", "counter",
                     "draw", "discard", "return", "destroy"]



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
        return ability_context(self)

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


__all__ = ["EFFECTS", "Ability", "Effect", "Target", "describe"]
