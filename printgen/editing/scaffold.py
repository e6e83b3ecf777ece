"""`printgen new NAME` (a deck folder that builds at once) and `printgen list` (what there is).

The new deck is written from the templates below, then loaded and checked like any deck
before `new` reports success, so a teacher never starts from a deck that does not build.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from printgen.files.errors import UserError, Where
from printgen.model.load import slug

DECK = '''\
# =====================================================================
#  {title}: a new printgen deck
# =====================================================================
#
#  This file holds the words of the cards. printgen reads it and makes
#  a PDF to print:   printgen build {folder}
#  or edit the cards in your web browser:   printgen serve {folder}
#
#  Each card is a few lines starting with "- name:". To add a card, copy
#  one, paste it below the others and change its words. Keep the spaces
#  at the start of each line as they are (spaces, not tabs).
#
#  A caption starts and ends with a straight double quote ("). Inside
#  it, type apostrophes and quotes with the ' key: they print curly.
#  A line starting with # is a note for people; printgen ignores it.
# =====================================================================

title: {title_yaml}
subtitle: A deck made with printgen
layout: {layout}            # the card look, in {layout}.yaml beside this file
card_size: poker            # see `printgen list` for the other sizes

# The lines a card may have. type: text is words; group picks one entry
# of a list below (its colour and emblem are drawn on the card).
fields:
  name:    {{type: text, required: true}}
  kind:    {{type: group, group: kinds, required: true}}
  caption: {{type: text}}
  picture: {{type: image}}    # a PNG or JPEG in this folder, e.g. art/fox.png

# The kinds of card, each with a colour (#RRGGBB) and an emblem
# (`printgen list` shows the emblems).
kinds:
  - name: Animal
    colour: "#2E6B3A"     # green
    emblem: horse
  - name: Place
    colour: "#1F4E79"     # blue
    emblem: tower

# The cards, in the order they are printed.
cards:
  - name: Fox
    kind: Animal
    caption: "A fox's tail is called a brush. It keeps her warm in winter."

  - name: Owl
    kind: Animal
    caption: "An owl can turn its head much further round than we can."

  - name: Castle
    kind: Place
    caption: "Thick walls, a moat and a drawbridge kept attackers out."
'''

LAYOUT = '''\
# The look of the {title} cards. It starts from printgen's base layout
# (layouts/base.yaml) and changes only what is written here. Boxes are
# in mm from the card's top-left corner (poker size: 63.5 x 88.9 mm).
# Text in {{{{ }}}} comes from the card: card.name, card.kind.colour ...

extends: base
description: {description}
card_size: poker

face:
  band:
    type: shape
    height: 14
    bleed: true
    fill: "{{{{ card.kind.colour }}}}"
  kind:
    type: text
    text: "{{{{ card.kind.name | upper }}}}"
    x: 5
    y: 4
    width: 53.5
    height: 7
    font: serif-bold
    size: 10
    min_size: 7
    colour: "#FFFFFF"
  name:
    y: 17
    height: 12
  emblem:
    type: symbol
    when: not card.picture
    symbol: "{{{{ card.kind.emblem }}}}"
    colour: "{{{{ card.kind.colour }}}}"
    x: 11.75
    y: 31
    width: 40
    height: 28
  picture:
    type: image
    when: card.picture
    src: "{{{{ card.picture }}}}"
    x: 6
    y: 31
    width: 51.5
    height: 28
  caption:
    type: text
    text: "{{{{ card.caption }}}}"
    x: 6
    y: 62
    width: 51.5
    height: 21
    font: serif-italic
    size: 10
    min_size: 7
'''

RULES = '''\
---
title: {title}
subtitle: How to play
players: 2–4
age: 7+
time: 15 minutes
---
## Aim of the game

Write here what the players try to do.

## What you need

- The {title} deck: {{{{ deck.card_count }}}} cards.

## How to play

1. Shuffle the cards and deal them out.
2. Write the turns here, one step per line.

## The cards

| card | kind |
|---|---|
{{% for card in deck.cards %}}| {{{{ card.name }}}} | {{{{ card.kind.name }}}} |
{{% endfor %}}
'''


def command_line(*words: str | Path) -> str:
    """A command as it is typed in this computer's terminal: a word with spaces or signs such as
    '!' quoted, so the line works when pasted."""
    import os

    if os.name == "nt":
        from subprocess import list2cmdline

        return list2cmdline([str(w) for w in words])
    import shlex

    return " ".join(shlex.quote(str(w)) for w in words)


def check_new_folder(folder: Path, force: bool = False, also: tuple[str, ...] = ()) -> None:
    """Refuse a folder `new` cannot fill: one that holds files already, or (unless `force`) one
    named like a shipped deck, since a folder of that name in the working folder is found first by
    `printgen build NAME`, so the shipped deck could no longer be built by its name there. `also`:
    the rest of the user's command (`--from cromwell`), kept in the name suggested instead, so the
    command offered does what the user asked (without it, `new` makes the three-card example)."""
    from printgen.files.paths import decks_dir
    from printgen.model.load import shipped_decks

    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise UserError(f"'{folder}' already exists and is not an empty folder", Where(folder),
                        "choose a new name: printgen new NAME makes the folder NAME")
    key = folder.name
    shipped = {p.name.lower(): p.name for p in shipped_decks()}
    if not force and key.lower() in shipped and folder.resolve().parent != decks_dir().resolve():
        raise UserError(f"'{shipped[key.lower()]}' is the name of a deck that comes with printgen: "
                        f"`{command_line('printgen', 'build', key)}` run here would build your new deck, not "
                        f"that one, and both would write to output/{key}/",
                        hint=f"choose another name, for example: {command_line('printgen', 'new', 'my-' + key, *also)} "
                             "(or add --force to use this name anyway)")


def new_deck(folder: Path, title: str | None = None, force: bool = False) -> list[Path]:
    """Write a deck folder that builds at once; the files written. Nothing is written when the
    folder cannot be used (check_new_folder) or the deck would not load."""
    from printgen.files.output import publish
    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck

    folder = Path(folder)
    check_new_folder(folder, force)
    key = folder.name
    layout = slug(key)
    if not key or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", layout):
        raise UserError(f"'{folder}' is not a usable deck name", hint="use letters, digits and dashes, e.g. my-deck")
    title = (title or key.replace("-", " ").replace("_", " ").strip().title() or "My deck").strip()
    if "\n" in title or len(title) > 200:
        raise UserError("the title should be one short line")
    import json

    words = {"title": title, "title_yaml": json.dumps(title, ensure_ascii=False), "folder": command_line(folder),
             "layout": layout}
    files = {folder / "deck.yaml": DECK.format(**words),
             folder / f"{layout}.yaml": LAYOUT.format(**words, description=json.dumps(
                 f"{title}: name, kind, emblem and caption", ensure_ascii=False)),
             folder / "rules" / f"{layout}.md": RULES.format(**{**words, "title": title.replace("\n", " ")})}
    publish({path: text.encode("utf-8") for path, text in files.items()})
    try:
        deck = load_deck(folder, ALL_CARDS)
        load_layout(deck.layout, deck)
    except UserError:
        for path in files:
            path.unlink(missing_ok=True)
        (folder / "rules").rmdir()
        folder.rmdir()
        raise
    return list(files)


def listing() -> str:
    """Decks, layouts, card sizes, emblems and each game's options, as plain lines."""
    from printgen.art.symbols import names
    from printgen.files.paths import layouts_dir
    from printgen.model.layouts import load_catalogue
    from printgen.model.load import load_deck, shipped_decks

    here = sorted(p.parent for p in Path.cwd().glob("*/deck.yaml") if p.parent.resolve() not in
                  {d.resolve() for d in shipped_decks()})
    lines = ["Decks (printgen build NAME):"]
    for folder in shipped_decks() + here:
        try:
            deck = load_deck(folder, "*")
            games = ", ".join(_game_names(deck) + [f"{t.stem} (table layout)" for t in
                                                    sorted((folder / "tables").glob("*.yaml"))]) or "none"
            lines.append(f"  {(folder.name + ('/' if folder in here else '')):<16} {deck.title}: "
                         f"{_contents(deck)}; games: {games}")
        except UserError as error:
            lines.append(f"  {folder.name:<16} (does not load: {error.message})")
    lines.append("")
    lines.append("Layouts (layout: NAME in deck.yaml):")
    from printgen.files.yamlsrc import load_yaml

    for path in sorted(layouts_dir().glob("*.yaml")):
        if path.stem in ("card-sizes", "papers"):
            continue
        data = load_yaml(path).data
        about = data.get("description", "") if isinstance(data, dict) else ""
        lines.append(f"  {path.stem:<16} {about}")
    for catalogue, heading in (("card-sizes", "Card sizes (--card-size NAME), in mm:"),
                               ("papers", "Papers (--paper NAME), in mm:")):
        sizes, _ = load_catalogue(catalogue)
        lines.append("")
        lines.append(heading)
        for name, size in sizes.items():
            note = f"  {size.note}" if size.note else ""
            lines.append(f"  {name:<16} {size.width:g} x {size.height:g}{note}")
    lines.append("")
    lines.append("Emblems (emblem: NAME):")
    lines += _columns(names())
    lines.append("")
    from printgen.editing.kinds import game_kinds

    lines.append("Game files to start a game of your own from (printgen new DECK --game KIND):")
    lines.append("  " + ", ".join(game_kinds()))
    lines.append("")
    lines.append("Games and their options (printgen validate DECK --game NAME -O KEY=VALUE):")
    for name, options in game_options().items():
        lines.append(f"  {name}:" + ("" if options else " no options"))
        for key, about in options.items():
            lines.append(textwrap.fill(f"-O {key}" + (f": {about}" if about else ""), 100, initial_indent="    ",
                                       subsequent_indent="        "))
    return "\n".join(lines)


def _contents(deck) -> str:
    """'43 cards', or for a deck of pieces '56 pieces (24 tiles, 24 coins, 4 dice, 4 pawns)'."""
    from collections import Counter

    from printgen.files.wording import counted

    kind = next((name for name, spec in deck.fields.items() if spec.type == "component"), None)
    if kind is None:
        return counted(len(deck.cards), "card")
    kinds = Counter(str(card.values.get(kind) or "card") for card in deck.cards)
    plurals = {"die": "dice"}
    return counted(len(deck.cards), "piece") + " (" + ", ".join(
        counted(n, name, plurals.get(name)) for name, n in kinds.items()) + ")"


def _game_names(deck) -> list[str]:
    games = deck.games
    return [str(g) for g in games] if isinstance(games, list) else [str(g) for g in games]


def game_options() -> dict[str, dict[str, str]]:
    """Each simulated game's -O options in words, as each game declares them (`Game.options`):
    name -> 'allowed (default ...) what it means', the default given per variant where it differs."""
    from printgen.games.registry import get_game, names

    found: dict[str, dict[str, str]] = {}
    for name in names():
        game = get_game(name)
        found[name] = {option.name: option.words(game.variants) for option in game.options}
    return found


def _columns(words: list[str], width: int = 96) -> list[str]:
    lines, line = [], "  "
    for word in words:
        if len(line) + len(word) + 2 > width:
            lines.append(line.rstrip())
            line = "  "
        line += word + "  "
    return lines + ([line.rstrip()] if line.strip() else [])
