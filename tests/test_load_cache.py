"""The cache of checked decks (printgen/model/load_cache.py): a second build of an unchanged deck
reads nothing again and makes the same bytes; an edited file, a file appearing where a name was
looked up, and a damaged or foreign cache entry all mean the deck is read and checked again."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path

import pytest
from conftest import DECKS

from printgen.draw import build
from printgen.draw.build import BuildOptions
from printgen.files.errors import UserError
from printgen.model import load_cache


@pytest.fixture
def reads(monkeypatch, tmp_path):
    """A build of cards into tmp_path/out with the cache in tmp_path/cache; counts the readings."""
    monkeypatch.setenv("PRINTGEN_CACHE_DIR", str(tmp_path / "cache"))
    count = []
    real = build._read

    def counted(*args, **kwargs):
        count.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(build, "_read", counted)
    return count


def _cards(deck: Path | str, out: Path) -> dict[Path, bytes]:
    return build.build_deck(str(deck), BuildOptions(out=out, only=frozenset({"cards"})), write=False).staged


def _entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "decks").glob("*.bin"))


def test_a_second_build_reads_nothing_and_makes_the_same_bytes(reads, monkeypatch, tmp_path):
    first = _cards("cromwell", tmp_path / "out")
    second = _cards("cromwell", tmp_path / "out")
    assert len(reads) == 1 and len(_entries(tmp_path)) == 1
    monkeypatch.setenv("PRINTGEN_CACHE_DIR", "off")
    without = _cards("cromwell", tmp_path / "out")
    assert len(reads) == 2
    assert first == second == without and any(path.suffix == ".pdf" for path in first)


def test_an_edited_file_is_read_and_checked_again(reads, tmp_path):
    deck = tmp_path / "cromwell"
    shutil.copytree(DECKS / "cromwell", deck)
    _cards(deck, tmp_path / "out")
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    assert "name: Oliver Cromwell" in text
    (deck / "deck.yaml").write_text(text.replace("name: Oliver Cromwell", "name: Olivier Cromwell"), encoding="utf-8")
    manifest = next(data for path, data in _cards(deck, tmp_path / "out").items() if path.suffix == ".json")
    assert len(reads) == 2 and b"Olivier Cromwell" in manifest
    # a mistake made since is reported as it is without the cache, at its line
    (deck / "deck.yaml").write_text(text.replace("name: Oliver Cromwell", "name: Oliver Cromwell\n    nosuchfield: 1"),
                                    encoding="utf-8")
    with pytest.raises(UserError) as caught:
        _cards(deck, tmp_path / "out")
    assert "'nosuchfield' is not a field" in str(caught.value) and caught.value.where.line == 253


def test_a_layout_of_the_decks_own_appearing_later_is_used(reads, tmp_path):
    """Nothing the first build read changed, but a name it looked up now holds a file."""
    deck = tmp_path / "cromwell"
    shutil.copytree(DECKS / "cromwell", deck)
    before = _cards(deck, tmp_path / "out")
    layout = deck / "deck.yaml"
    name = next(line.split(":", 1)[1].split("#")[0].strip() for line in layout.read_text(encoding="utf-8").splitlines()
                if line.startswith("layout:"))
    shipped = DECKS.parent / "layouts" / f"{name}.yaml"
    assert not (deck / f"{name}.yaml").exists() and shipped.is_file()
    (deck / f"{name}.yaml").write_text(shipped.read_text(encoding="utf-8") + "\n# the deck's own copy\n",
                                       encoding="utf-8")
    after = _cards(deck, tmp_path / "out")
    assert len(reads) == 2 and after == before        # read again; the copy draws the same cards


@pytest.mark.parametrize("damage", ["garbage", "truncated", "foreign"])
def test_a_damaged_or_foreign_entry_is_never_unpickled_and_is_written_anew(reads, tmp_path, damage):
    first = _cards("cromwell", tmp_path / "out")
    [entry] = _entries(tmp_path)
    marker = tmp_path / "ran"
    good = entry.read_bytes()
    if damage == "garbage":
        entry.write_bytes(os.urandom(len(good)))
    elif damage == "truncated":
        entry.write_bytes(good[: len(good) // 2])
    else:       # a well-formed entry made with another key, whose pickle would run a command
        body = pickle.dumps(([], _Runs(f"touch {marker}")))
        entry.write_bytes(good[: len(load_cache.FORMAT)] + bytes(32) + body)
    assert _cards("cromwell", tmp_path / "out") == first
    assert len(reads) == 2 and not marker.exists()                   # read again, nothing run
    assert _cards("cromwell", tmp_path / "out") == first and len(reads) == 2      # the entry written anew is used


class _Runs:
    """A pickle that runs a shell command when it is loaded."""

    def __init__(self, command: str) -> None:
        self.command = command

    def __reduce__(self):
        return os.system, (self.command,)


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="files have no owners here")
def test_a_key_others_could_read_means_no_cache(reads, tmp_path):
    _cards("cromwell", tmp_path / "out")
    key = tmp_path / "cache" / "decks" / "key"
    key.chmod(0o644)
    _cards("cromwell", tmp_path / "out")
    assert len(reads) == 2
    key.chmod(0o600)
    (tmp_path / "cache" / "decks").chmod(0o777)
    _cards("cromwell", tmp_path / "out")
    assert len(reads) == 3


def test_the_cache_keeps_at_most_its_limit_the_oldest_going_first(reads, monkeypatch, tmp_path):
    """Entries named by code stamp, folder and options would pile up without end over upgrades;
    past MAX_ENTRIES the least recently written are removed, and the new one is kept."""
    monkeypatch.setattr(load_cache, "MAX_ENTRIES", 3)
    place = tmp_path / "cache" / "decks"
    place.mkdir(parents=True)
    for n in range(4):
        old = place / f"{n:064x}.bin"
        old.write_bytes(b"old")
        os.utime(old, ns=(n * 10**9, n * 10**9))
    _cards("cromwell", tmp_path / "out")
    kept = {p.name for p in _entries(tmp_path)}
    assert len(kept) == 3 and f"{3:064x}.bin" in kept and f"{2:064x}.bin" in kept
    assert not {f"{0:064x}.bin", f"{1:064x}.bin"} & kept
