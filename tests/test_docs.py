"""The README and the guides in docs/ say what printgen does today.

Links lead somewhere; every option of every command is documented in the reference; every
`printgen ...` line in a guide is a command printgen accepts; and the error messages the
teachers' guide shows are the ones printgen prints for that mistake (they had drifted: a line
number that had moved on).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import numpy as np
import pytest
from conftest import ROOT, run_cli
from pdfcheck import squash

from printgen.commands.cli import cli
from printgen.commands.command_group import EDITING
from printgen.commands.edit import COMMANDS

cli.add_editing()       # the editing commands too (the group adds them when one is named)

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _blocks(text: str) -> list[tuple[str, str]]:
    """The fenced code blocks of a Markdown text: (language, body)."""
    blocks, language, body = [], None, []
    for line in text.split("\n"):
        if line.startswith("```"):
            if language is None:
                language, body = line[3:].strip(), []
            else:
                blocks.append((language, "\n".join(body)))
                language = None
        elif language is not None:
            body.append(line)
    return blocks


def _anchor(heading: str) -> str:
    return re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_link_leads_to_a_file_and_heading(doc: Path):
    text = doc.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if target.startswith(("http://", "https://", "card:", "table:")):
            continue
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        assert file.exists(), f"{doc.name}: {target}"
        if anchor:
            headings = re.findall(r"^#+ (.*)$", file.read_text(encoding="utf-8"), re.M)
            assert anchor in {_anchor(h) for h in headings}, f"{doc.name}: {target}"


def test_the_editing_commands_are_named_as_the_group_adds_them():
    assert set(EDITING) == {command.name for command in COMMANDS} and set(EDITING) <= set(cli.commands)


def test_every_option_of_every_command_is_in_the_reference():
    reference = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    missing = []
    for name, command in cli.commands.items():
        assert f"printgen {name}" in reference, name
        for param in command.params:
            if isinstance(param, click.Option) and param.name != "help":
                long = max(param.opts, key=len)
                if long not in reference:
                    missing.append(f"printgen {name} {long}")
    assert not missing, missing


def _command_lines() -> list[tuple[str, str]]:
    found = []
    for doc in DOCS:
        for language, block in _blocks(doc.read_text(encoding="utf-8")):
            if language not in ("sh", "bat"):
                continue
            for line in block.splitlines():
                line = line.split("  #")[0].strip()
                if line.startswith("printgen "):
                    found.append((doc.name, line))
        for inline in re.findall(r"`(printgen [^`\n]+)`", doc.read_text(encoding="utf-8")):
            if inline.split()[1] in cli.commands:     # not a name such as the 'printgen check' column
                found.append((doc.name, inline))
    return found


def test_every_printgen_command_in_the_guides_is_accepted():
    wrong = []
    for doc, line in _command_lines():
        words = shlex.split(line.replace("...", ""))[1:]
        words = [w for w in words if not re.fullmatch(r"[A-Z][A-Z_.|,\[\]-]*|\[.*\]", w) or w in ("-O",)]
        if not words or words[0] not in cli.commands:
            if words and words[0].startswith("-"):
                continue
            wrong.append(f"{doc}: {line}")
            continue
        try:
            ctx = cli.commands[words[0]].make_context(words[0], words[1:], resilient_parsing=True)
            ctx.close()
        except click.ClickException as exc:
            wrong.append(f"{doc}: {line}: {exc.format_message()}")
    assert not wrong, "\n".join(wrong)


def _shown_error(doc: str, starts: str) -> list[str]:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    for language, block in _blocks(text):
        if not language and block.startswith(starts):
            return block.rstrip("\n").split("\n")
    raise AssertionError(f"no example starting {starts!r} in {doc}")


def test_the_teachers_guide_shows_the_error_printgen_prints(tmp_path):
    shown = _shown_error("teacher.md", "error: my-cromwell/deck.yaml")
    assert run_cli("new", "my-cromwell", "--from", "cromwell", cwd=tmp_path).code == 0
    deck = tmp_path / "my-cromwell" / "deck.yaml"
    lines = deck.read_text(encoding="utf-8").split("\n")
    henry = lines.index("  - name: Henry VIII")
    house = next(i for i in range(henry, henry + 6) if lines[i] == "    house: Tudor")
    lines[house] = "    house: Tudro"
    deck.write_text("\n".join(lines), encoding="utf-8")
    done = run_cli("build", "my-cromwell", "--quiet", cwd=tmp_path)
    assert done.code == 2
    assert done.err.rstrip("\n").split("\n") == shown, done.err


def test_the_teachers_guide_shows_the_sheet_error_printgen_prints(tmp_path):
    import csv

    shown = _shown_error("teacher.md", "error: cards.csv")
    assert run_cli("new", "my-cromwell", "--from", "cromwell", cwd=tmp_path).code == 0
    sheet = tmp_path / "cards.csv"
    assert run_cli("export", "my-cromwell", "-o", str(sheet), cwd=tmp_path).code == 0
    rows = list(csv.reader(sheet.read_text(encoding="utf-8-sig").splitlines()))
    header = rows[0]
    row = next(i for i, r in enumerate(rows) if r[header.index("name")] == "Edward II")
    rows[row][header.index("house")] = "Tudro"
    with sheet.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    done = run_cli("import", "my-cromwell", "cards.csv", cwd=tmp_path)
    assert done.code == 2
    assert done.err.rstrip("\n").split("\n") == shown, done.err


# --- the README's opening names every shipped deck and shows each -----------------------------------

def test_the_readme_opening_names_the_shipped_decks_and_shows_each():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    opening = readme[:readme.index("## Set up")]
    assert "Two more decks" not in opening
    shipped = sorted(p.name for p in (ROOT / "decks").iterdir() if (p / "deck.yaml").is_file())
    assert shipped == ["coppertwaddle", "cromwell", "piecepack", "spanish", "standard"]
    words = {"coppertwaddle": "Coppertwaddle", "cromwell": "Cromwell", "spanish": "Spanish pack",
             "standard": "standard deck", "piecepack": "piecepack"}
    for deck in shipped:
        assert f"**{words[deck]}**" in opening, deck
        assert f"printgen preview {deck} " in squash(opening), f"how the {deck} picture was made"
    pictures = re.findall(r"!\[[^\]]*\]\((docs/images/[^)]+)\)", opening)
    assert len(pictures) == len(set(pictures)) == 7
    for picture in pictures:
        assert (ROOT / picture).is_file(), picture


def test_the_coppertwaddle_picture_is_a_card_front_made_by_preview(tmp_path: Path):
    from PIL import Image

    shown = ROOT / "docs" / "images" / "the-bentham-fish.png"
    run = run_cli("preview", "coppertwaddle", "--card", "The Bentham Fish", "--dpi", "200",
                  "-o", str(tmp_path / "fish.png"))
    assert run.code == 0, run.err
    made = np.asarray(Image.open(tmp_path / "fish.png").convert("RGB")).astype(int)
    kept = np.asarray(Image.open(shown).convert("RGB")).astype(int)
    assert made.shape == kept.shape == (700, 500, 3), "a poker card at 200 dpi"
    plum = np.array([0x6B, 0x2D, 0x5C])
    band = kept[10:90, 150:450].reshape(-1, 3)
    assert (np.abs(band - plum).max(axis=1) < 30).mean() > 0.5, "the Noble kind's band across the top"
    assert np.abs(made - kept).mean() < 2.0, "the README's picture is what the command makes"
