"""The deck as documents see it (rules, score sheets, boards): plain values, groups with
their cards, counts. Cards themselves use Card.context(), which holds one card's fields."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printgen.model.deck import Card, Deck, Group, Years


def document_context(deck: Deck) -> dict[str, Any]:
    """What rules, sheets and boards see as `deck`: counts, cards, and each group with its cards."""
    def card_view(card: Card) -> dict[str, Any]:
        view: dict[str, Any] = {"id": card.id, "name": card.name, "in_play": card.values.get("in_play") is not False}
        for key, value in card.values.items():
            if isinstance(value, Group):
                view[key] = {"name": value.name, "colour": value.colour, "index": value.index,
                             "label": value.label if value.label is not None else value.name}
            elif hasattr(value, "context"):     # e.g. an ability: its printed text and parts
                view[key] = value.context()
            elif isinstance(value, (Years, Path)):
                view[key] = str(value) if isinstance(value, Years) else value.name
            else:
                view.setdefault(key, value)
        return view

    cards = [card_view(c) for c in deck.cards]
    context: dict[str, Any] = {"title": deck.title, "subtitle": deck.subtitle, "cards": cards,
                               "card_count": len(cards), "in_play_count": sum(1 for c in cards if c["in_play"])}
    for field_name, spec in deck.fields.items():
        if spec.type != "group" or spec.group is None:      # (a group field always names its groups)
            continue
        entries = []
        for group in deck.groups[spec.group]:
            members = [view for card, view in zip(deck.cards, cards) if card.values.get(field_name) is group]
            entries.append({"name": group.name, "colour": group.colour, "emblem": group.emblem, "note": group.note,
                            "label": group.label if group.label is not None else group.name, "value": group.value,
                            "cards": members, "count": len(members)})
        context[spec.group] = entries
    return context
