"""What `printgen validate` reads from its command line: the player counts (--players), the game
options (-O KEY=VALUE) and the files --json and --chart write. Why apart from the run: each is
checked and refused here in the command line's own words before a deck is loaded or a game
prepared, and a value is quoted back short (a 5,000-digit count by its ends), so a mistyped
option never costs time or memory.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from printgen.files.errors import UserError

PATH_MOST = 240         # a file name is quoted whole up to this length (a user must recognise it)


def parse_players(text: str | None, supported: tuple[int, ...], game: str = "", source: str = "") -> list[int]:
    """The player counts `--players N` or `A-B` asks for, each one the game supports. Why by its
    ends: a range is checked against the game's own counts before any list is made, so
    '2-100000000000' is refused at once rather than spelt out a hundred billion times. `game`
    names the game in the message ("L'Ombre (basic)"), `source` says where the count came from
    when no --players gave it ("the line-up of --seats search:400,greedy")."""
    if text is None:
        return list(supported)
    try:
        first, _, last = text.partition("-")
        low, high = int(first), int(last) if last else int(first)
    except ValueError:
        raise UserError(f"--players '{_short(text)}' should be a number or a range like 3-5") from None
    if low > high:
        raise UserError(f"--players {_short(text)}: a range runs from the smaller count to the larger",
                        hint=f"--players {_short(str(high))}-{_short(str(low))}")
    wanted = [n for n in supported if low <= n <= high]
    if len(wanted) != high - low + 1:
        # the first few counts it cannot take (a window a little longer than the supported counts
        # holds three), then the last
        window = range(low, min(high, low + len(supported) + 2) + 1)
        bad = [n for n in window if n not in supported][:3]
        said = ", ".join(_short(f"{b:,}") for b in bad) + \
            (f" ... {_short(f'{high:,}')}" if high not in supported and high not in bad else "")
        players = "player" if said == "1" else "players"
        named = f"the game {game}" if game else "this game"
        whence = f" ({source})" if source else ""
        raise UserError(f"{named} cannot be played by {said} {players}{whence}",
                        hint="supported: " + (", ".join(map(str, supported)) or "none with these options"))
    return wanted


def _short(text: str, most: int = 40) -> str:
    """A command-line value as a message quotes it: a 5,000-digit count is shown by its ends."""
    return text if len(text) <= most else f"{text[:20]}...{text[-10:]} ({len(text):,} characters)"


def parse_option(text: str) -> tuple[str, Any]:
    """KEY=VALUE; numbers become numbers, commas make a list (houses=Tudor,Stuart)."""
    if "=" not in text:
        raise UserError(f"--option '{_short(text)}' should look like KEY=VALUE", hint="for example houses=Tudor,Stuart")
    key, value = text.split("=", 1)

    def convert(v: str) -> Any:
        v = v.strip()
        for kind in (int, float):
            try:
                return kind(v)
            except ValueError:
                pass
        return v
    return key.strip(), [convert(v) for v in value.split(",")] if "," in value else convert(value)


def parse_options(texts: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """Every -O KEY=VALUE of the command line; a key given twice is refused rather than the last
    one silently winning (a run of thousands of games with a setting the designer did not mean)."""
    found: dict[str, Any] = {}
    for text in texts:
        key, value = parse_option(text)
        if key in found and found[key] != value:
            raise UserError(f"-O {_short(key)} is given twice: {_short(format_option(key, found[key]))} and "
                            f"{_short(format_option(key, value))}", hint="keep the one you mean")
        found[key] = value
    return found


def format_option(key: str, value: Any) -> str:
    """The KEY=VALUE text that parse_option reads back as `value`."""
    if isinstance(value, (list, tuple)):
        value = ",".join(str(v) for v in value)
    return f"{key}={value}"


def check_output_paths(json_path: str | None, chart_path: str | None) -> None:
    """The files --json and --chart name, checked before any game is played: each must be a file
    (not a folder), and not the same one, or the second written would silently replace the first."""
    named = [(flag, Path(value)) for flag, value in (("--json", json_path), ("--chart", chart_path)) if value]
    for flag, path in named:
        if path.is_dir():
            example = "figures.json" if flag == "--json" else "chart.pdf"
            raise UserError(f"{flag} {_short(str(path), PATH_MOST)}: that is a folder, and {flag} writes one file",
                            hint=f"name a file, for example {flag} {_short(str(path / example), PATH_MOST)}")
    if len(named) == 2 and _same_file(named[0][1], named[1][1]):
        raise UserError(f"--json and --chart both name {_short(str(named[0][1]), PATH_MOST)}: the chart would "
                        "overwrite the figures",
                        hint="give each its own file, for example --json figures.json --chart chart.pdf")


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (through '..', a symbolic link or a hard link)."""
    if a.exists() and b.exists():
        return os.path.samefile(a, b)
    return a.resolve() == b.resolve()
