"""What an export covers: which packs of a deck, which of its cards, and the folder each goes to;
shared by the shop pictures and the Tabletop Simulator export so both answer alike."""

from __future__ import annotations

from pathlib import Path

from printgen.draw.preview import pack_name
from printgen.files.errors import UserError, did_you_mean
from printgen.model.deck import Card, Deck
from printgen.model.load import ALL_CARDS, load_deck


def packs_of(ref: str, pack: str | None) -> list[Deck]:
    """The deck as each of its packs (as the build makes a PDF of each), or only the pack asked for."""
    every = load_deck(ref, ALL_CARDS)
    if pack is not None:
        return [load_deck(ref, pack_name(every, pack))]
    return [load_deck(ref, name) for name in every.packs] or [every]


def folder_for(out: Path, deck: Deck, what: str) -> Path:
    """DIR/<deck>/<what>/, and a folder per pack inside it when the deck has several packs."""
    folder = out / deck.key / what
    return folder / str(deck.pack) if deck.pack and len(deck.packs) > 1 else folder


def chosen_cards(deck: Deck, wanted: str | None) -> list[int]:
    """The positions of the cards named in `wanted` (ids or names, separated by commas), in the
    deck's order; every card when it is None."""
    if wanted is None:
        return list(range(len(deck.cards)))
    names = [w.strip() for w in wanted.split(",") if w.strip()]
    if not names:
        raise UserError("--cards is empty",
                        hint="give card ids or names separated by commas, e.g. --cards henry-v,john")
    found: set[int] = set()
    for name in names:
        index = _find(deck.cards, name)
        if index is None:
            ids = [c.id for c in deck.cards]
            raise UserError(f"the deck '{deck.output_key}' has no card '{name}' (--cards)",
                            hint=did_you_mean(name, ids) or f"its card ids are {', '.join(ids[:6])} ...")
        found.add(index)
    return sorted(found)


def _find(cards: list[Card], name: str) -> int | None:
    wanted = name.lower()
    for i, card in enumerate(cards):
        if card.id == wanted or card.name.lower() == wanted:
            return i
    return None
