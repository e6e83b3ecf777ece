"""The note written beside a Tabletop Simulator export (README.txt): how to load it, and how to make
its pictures reachable by other players, who cannot see a file on this computer."""

from __future__ import annotations

from printgen.model.deck import Deck
from printgen.model.presets import TableSpec

# Why each folded kind of piece is left out: TTS makes a piece from a picture only as a flat
# tile or token, and its custom dice take a picture laid out on TTS's own die template.
LEFT_OUT = {
    "cube-net": "a die printed as a net to fold: Tabletop Simulator's custom dice take a picture laid out on "
                "its own die template, which printgen does not draw; use one of its standard six-sided dice",
    "fold-stand": "a pawn printed to fold and stand: Tabletop Simulator makes no standing piece from a flat "
                  "picture; use one of its own pawns in the suit's colour",
}


def note(deck: Deck, json_name: str, images: list[str], left: dict[str, str], dpi: int, spec: TableSpec) -> str:
    """The words of README.txt; `left` names the kinds of piece left out, with their shapes."""
    lines = [
        f"{deck.title}: for Tabletop Simulator",
        "",
        f"{json_name} is a Tabletop Simulator saved object. To load it on this computer, copy it into",
        "Tabletop Simulator's Saved Objects folder (Documents/My Games/Tabletop Simulator/Saves/Saved",
        "Objects on Windows; ~/Library/Tabletop Simulator/Saves/Saved Objects on a Mac; ~/.local/share/",
        "Tabletop Simulator/Saves/Saved Objects on Linux), then in a game: Objects > Saved Objects.",
        "",
        "Its pictures are named by file:/// addresses on this computer: other players cannot load them.",
        "To play with others, put the pictures where everyone can reach them, then replace each",
        f"file:/// address in {json_name} by the picture's web address (a text editor's Replace does it):",
        "- in Tabletop Simulator: Modding > Cloud Manager, upload each picture to your Steam Cloud, and",
        "  copy its address; or",
        "- any web host that gives a direct link to the picture file (the address must end at the",
        "  picture itself, not at a page showing it).",
        "The addresses appear as FaceURL and BackURL (card sheets) and ImageURL and ImageSecondaryURL",
        "(tiles). Loading the object and saving it again from Tabletop Simulator keeps the new ones.",
        "",
        "The pictures:",
        *[f"  {name}" for name in images],
        "",
        "How the cards are made:",
        f"- Faces are drawn at {dpi} dpi (made smaller if a sheet would pass {spec.max_side_px} px a side), at",
        "  the card's finished size without bleed: Tabletop Simulator shows the whole picture as the card.",
        f"- A sheet holds at most {spec.columns} x {spec.rows} cards, left to right from the top. A card's id",
        "  is its sheet's number x 100 + its place on the sheet (0 first).",
        "- \"Back is Hidden\" is on: a card hidden in another player's hand shows its back, as a real",
        "  card would, so every slot of a sheet holds a card (Tabletop Simulator otherwise shows a",
        "  sheet's last picture for hidden cards).",
        "- Tabletop Simulator gives every card its own proportions; a deck of another shape than a",
        "  poker card (a Spanish pack) may look a little wider or narrower there than in print.",
        "- Tiles and coins are Custom Tiles (square and round), each with its front and back; Tabletop",
        "  Simulator gives them no real size, so the largest kind is at scale 1 and the others in",
        "  proportion (change Scale in the game to taste).",
    ]
    if left:
        lines += ["", "Left out:"]
        lines += [f"- the {name} pieces: {LEFT_OUT.get(shape, 'Tabletop Simulator has no piece of that shape')}."
                  for name, shape in left.items()]
    lines += ["", "Made by printgen (printgen export --to tts)."]
    return "\n".join(lines) + "\n"

