"""Coppertwaddle decks whose abilities are random records (seeded): what a designer might write,
drawn from the whole vocabulary, for tests that must hold for any deck, not only the shipped one.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import yaml

from conftest import DECKS
from printgen.load import load_deck

UNTIL = ("robbing", "turn", "permanent")


def random_record(rng: random.Random, use: str) -> dict:
    """An ability record with 1 to 3 effects (every effect but counter), its stage, cost and target
    drawn too, and one the simulator accepts (compile_deck refuses a few pairings that could never
    do anything: those are drawn again)."""
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
        if _playable(record):
            return record


def _playable(record: dict) -> bool:
    target = record.get("target")
    for effect in record["effects"] if target else ():
        do, state, kind = effect["do"], target.get("state", "proud"), target["kind"]
        if do == "make_proud" and state == "proud" or do == "cover" and state in ("covered", "pressed") \
                or do == "release" and (state == "proud" or kind in ("noble", "wind")) \
                or do == "promote" and kind in ("noble", "wind"):
            return False
    return True


def random_records_deck(parent: Path, seed: int):
    """The shipped Coppertwaddle deck copied under `parent`, every ability but the counters
    rewritten with random_record(), and loaded."""
    rng = random.Random(seed)
    folder = parent / "coppertwaddle"
    shutil.copytree(DECKS / "coppertwaddle", folder)
    path = folder / "deck.yaml"
    deck = yaml.safe_load(path.read_text(encoding="utf-8"))
    for card in deck["cards"]:
        ability = card.get("ability")
        if ability and not any(e["do"] == "counter" for e in ability["effects"]):
            card["ability"] = random_record(rng, ability["use"])
    path.write_text(yaml.safe_dump(deck, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return load_deck(folder)
