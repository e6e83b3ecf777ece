"""Coppertwaddle decks whose abilities are random records (seeded): what a designer might write,
drawn from the whole vocabulary, for tests that must hold for any deck, not only the shipped one.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

import yaml
from conftest import DECKS
from pydantic import ValidationError

from printgen.files.errors import UserError
from printgen.games.coppertwaddle.cards import _check_playable, _kind_of
from printgen.model.abilities import Ability
from printgen.model.load import load_deck

UNTIL = ("robbing", "turn", "permanent")


def random_record(rng: random.Random, use: str, accepted: Callable[[dict], bool]) -> dict:
    """An ability record with 1 to 3 effects (every effect but counter), its stage, cost and target
    drawn too, and one `accepted` takes (compile_deck refuses a few pairings that could never do
    anything: those are drawn again)."""
    while True:
        effects = []
        for _ in range(rng.choice((1, 1, 2, 2, 3))):
            do = rng.choice(("power", "power", "negate", "cover", "make_proud", "release", "protect", "promote",
                             "draw", "discard", "return", "destroy"))
            effect: dict = {"do": do}
            if do == "power":
                effect.update(amount=rng.choice((-3, -2, -1, 1, 2, 3, 4)), until=rng.choice(UNTIL))
            elif do in ("negate", "protect"):
                effect["until"] = rng.choice(UNTIL)
            elif do in ("draw", "discard"):
                effect["amount"] = rng.choice((1, 2))
            effects.append(effect)
        record: dict = {"use": use, "effects": effects}
        if use == "declaration":
            record["target"] = {"side": rng.choice(("own", "opponent", "either")),
                                "kind": rng.choice(("noble", "peasant", "threlm"))}
        else:
            record["when"] = rng.choice(("any", "robbing", "robbing", "en_garde", "challenging"))
            if any(e["do"] not in ("draw", "discard") for e in effects):
                record["target"] = {"side": rng.choice(("own", "opponent", "either")),
                                    "kind": rng.choice(("threlm", "threlm", "noble", "peasant", "wind")),
                                    "state": rng.choice(("proud", "proud", "covered", "pressed", "any")),
                                    "other": rng.random() < 0.2}
        costs = ("none", "cover_self", "cover_self", "discard") if use == "ability" else ("none", "none", "discard")
        record["cost"] = rng.choice(costs)
        if accepted(record):
            return record


def _accepts(deck, card) -> Callable[[dict], bool]:
    """Would the simulator take this record for this card: the record schema, then the check
    compile_deck makes (cards._check_playable), asked of the card itself."""
    kind = _kind_of(card)

    def accepted(record: dict) -> bool:
        try:
            _check_playable(deck, card, kind, Ability.model_validate(record))
        except (UserError, ValidationError):
            return False
        return True
    return accepted


def random_records_deck(parent: Path, seed: int):
    """The shipped Coppertwaddle deck copied under `parent`, every ability but the counters
    rewritten with random_record(), and loaded."""
    rng = random.Random(seed)
    folder = parent / "coppertwaddle"
    shutil.copytree(DECKS / "coppertwaddle", folder)
    path = folder / "deck.yaml"
    shipped = load_deck(folder)
    by_name = {card.name: card for card in shipped.cards}
    deck = yaml.safe_load(path.read_text(encoding="utf-8"))
    for entry in deck["cards"]:
        ability = entry.get("ability")
        if ability and not any(e["do"] == "counter" for e in ability["effects"]):
            entry["ability"] = random_record(rng, ability["use"], _accepts(shipped, by_name[entry["name"]]))
    path.write_text(yaml.safe_dump(deck, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return load_deck(folder)
