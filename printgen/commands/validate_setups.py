"""The deck's own setups of its games (deck.yaml `games:`): per game, variant and player count the
options a rule sheet describes, so validating a shipped deck plays the games as its sheet says.
Why apart from the run: reading the setups is the deck's business, and where each came from
(the line of deck.yaml, or the command line) is what an error about one must point at.
"""

from __future__ import annotations

from typing import Any

from printgen.files.errors import Where
from printgen.files.schema import GameSetup


def game_setups(deck) -> dict[str, GameSetup]:
    """The `games:` mapping of deck.yaml (already checked by the loader), by game name; a plain
    list of names sets nothing up."""
    source = getattr(deck, "source", None)
    raw = source.data.get("games") if source is not None and isinstance(source.data, dict) else None
    if not isinstance(raw, dict):
        return {}
    return {name: GameSetup.model_validate(value or {}) for name, value in raw.items()}


def setup_options(setup: GameSetup | None, variant: str, players: int | None) -> dict[str, Any]:
    """The deck's options for one variant and player count (None: the options for every count)."""
    if setup is None:
        return {}
    out = dict(setup.options)
    if players is not None:
        out.update(setup.players.get(players, {}))
    chosen = setup.variants.get(variant)
    if chosen is not None:
        out.update(chosen.options)
        if players is not None:
            out.update(chosen.players.get(players, {}))
    return out


def listed_counts(setup: GameSetup | None, variant: str) -> list[int]:
    """The player counts the deck sets up, for every variant or this one."""
    if setup is None:
        return []
    counts = set(setup.players)
    if variant in setup.variants:
        counts |= set(setup.variants[variant].players)
    return sorted(counts)


def setup_where(deck, name: str, variant: str, players: int | None, setup: GameSetup | None) -> Where:
    """The line of deck.yaml that sets up this game, variant and player count, as near as it goes."""
    path: tuple = ("games", name)
    if setup is not None and variant in setup.variants:
        path += ("variants", variant)
        if players is not None and players in setup.variants[variant].players:
            path += ("players", players)
    elif setup is not None and players is not None and players in setup.players:
        path += ("players", players)
    return deck.where(*path)


def setup_source(deck_options: dict[str, Any], cli: dict[str, Any]) -> str:
    """Where a player count's options came from, as the report says it."""
    if deck_options and cli:
        return "deck.yaml and command line"
    return "deck.yaml" if deck_options else ("command line" if cli else "game defaults")
