"""The cache of checked decks (printgen/model/load_cache.py): a second build of an unchanged deck
reads nothing again and makes the same bytes; an edited file, a file appearing where a name was
looked up, and a damaged or foreign cache entry all mean the deck is read and checked again."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DECKS

from printgen.commands.cli import run
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
    """...and imports neither pydantic nor yaml, run as a process of its own."""
    first = _cards("cromwell", tmp_path / "out")
    second = _cards("cromwell", tmp_path / "out")
    assert len(reads) == 1 and len(_entries(tmp_path)) == 1
    monkeypatch.setenv("PRINTGEN_CACHE_DIR", "off")
    without = _cards("cromwell", tmp_path / "out")
    assert len(reads) == 2
    assert first == second == without and any(path.suffix == ".pdf" for path in first)
    # and a build from that cache, as its own process, draws them without the readers, the schema or
    # pydantic (issue 30, start-up: a deck from the cache is plain records)
    script = ("import sys\nfrom printgen.commands.cli import run\n"
              f"code = run(['build', 'cromwell', '--only', 'cards', '--out', {str(tmp_path / 'out')!r}, '-q'])\n"
              "print(code, sorted(m for m in ('pydantic', 'yaml', 'printgen.files.schema', 'printgen.model.load',"
              " 'printgen.commands.edit')"
              " if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False,
                          cwd=os.getcwd(), env={**os.environ, "PRINTGEN_CACHE_DIR": str(tmp_path / "cache")})
    assert done.stdout.strip() == "0 []", done.stdout + done.stderr
    assert {path: path.read_bytes() for path in first} == first


def test_forms_from_the_cache_draw_without_pydantic_and_the_same_bytes(reads, tmp_path):
    """A deck's forms are read and checked with the deck and kept with it (build._checked_documents),
    so drawing them from the cache, in a process of its own, imports no pydantic (issue 30, aim 5:
    less for the pool's parent to import before forking) and gives the bytes drawn from the checked
    models themselves; a rule sheet naming its pack takes that pack's deck from the plan (not read
    and checked again). Spanish: two forms, four rule sheets with pack 40."""
    options = BuildOptions(out=tmp_path / "out", only=frozenset({"cards", "sheets", "rules"}))
    plan = build.plan_build("spanish", options)
    forms = [i for i, (kind, _) in enumerate(plan.units) if kind == "sheet"]
    first = [build.draw_unit(plan, i).files for i in forms]
    assert len(forms) == 2 and len(reads) == 1
    script = ("import pickle, sys\nfrom printgen.draw import build\n"
              f"plan = build.plan_build('spanish', pickle.loads({pickle.dumps(options)!r}))\n"
              "drawn = [build.draw_unit(plan, i).files for i, (kind, _) in enumerate(plan.units) if kind == 'sheet']\n"
              "def loaded(): return sorted(m for m in ('pydantic', 'printgen.files.schema') if m in sys.modules)\n"
              "forms = loaded()\n"
              "rules = [i for i, (kind, what) in enumerate(plan.units) if kind == 'rules' and what.stem != 'burro']\n"
              "build.draw_unit(plan, rules[0])\n"
              "sys.stdout.buffer.write(pickle.dumps((len(rules), forms, loaded(), drawn)))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, check=False, cwd=os.getcwd(),
                          env={**os.environ, "PRINTGEN_CACHE_DIR": str(tmp_path / "cache")})
    assert done.returncode == 0, done.stderr.decode()
    got = pickle.loads(done.stdout)
    assert got[:3] == (4, [], []), got[:3]
    assert got[3] == first


def test_a_deck_with_card_abilities_builds_from_the_cache_without_pydantic(reads, tmp_path):
    """Coppertwaddle's cards print words made from their ability records (model/ability_words.py):
    from the cache those are plain records too, with the same words, so its build imports no pydantic
    (it did: its abilities stayed pydantic models, 0.16-0.24 s before the pool could fork)."""
    first = _cards("coppertwaddle", tmp_path / "out")
    script = ("import sys\nfrom printgen.commands.cli import run\n"
              f"code = run(['build', 'coppertwaddle', '--only', 'cards', '--out', {str(tmp_path / 'out')!r}, '-q'])\n"
              "print(code, sorted(m for m in ('pydantic', 'yaml', 'printgen.model.abilities') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False,
                          cwd=os.getcwd(), env={**os.environ, "PRINTGEN_CACHE_DIR": str(tmp_path / "cache")})
    assert done.stdout.strip() == "0 []", done.stdout + done.stderr
    assert {path: path.read_bytes() for path in first} == first and any(p.suffix == ".pdf" for p in first)


# Installed in a build's process before printgen: notes the pid of any process (the pool's
# workers fork from it) that runs pydantic's package, not one that only finds where it is.
_SPY = """import os, sys
class Spy:
    def find_spec(self, name, path=None, target=None):
        if name != 'pydantic':
            return None
        for finder in sys.meta_path:
            spec = None if finder is self else finder.find_spec(name, path, target)
            if spec is not None:
                run = spec.loader.exec_module
                def exec_module(module, run=run):
                    with open(os.environ['SPY_LOG'], 'a') as log:
                        log.write(f'{os.getpid()}\\n')
                    run(module)
                spec.loader.exec_module = exec_module
                return spec
sys.meta_path.insert(0, Spy())
from printgen.commands.cli import run
sys.exit(run(sys.argv[1:]))
"""


def test_documents_from_the_cache_draw_without_pydantic_in_any_process(reads, tmp_path):
    """Every rule sheet, form and board of the decks with table layouts (Croquetnole's two boards
    and its sheet), card slots (two mats) and card abilities (Coppertwaddle's sheet), built from
    the cache on both cores: neither the pool's parent nor a worker imports pydantic (issue 30,
    aim 5: the parent's serial part before the fork), and the files are the first build's bytes."""
    args = ["build", "piecepack", "cromwell", "coppertwaddle", "--only", "rules", "--only", "sheets",
            "--only", "boards", "-q"]
    assert run([*args, "--out", str(tmp_path / "first")]) == 0 and len(reads) == 3
    log = tmp_path / "spy.log"
    done = subprocess.run([sys.executable, "-c", _SPY, *args, "--out", str(tmp_path / "again")], capture_output=True,
                          text=True, check=False, cwd=os.getcwd(),
                          env={**os.environ, "PRINTGEN_CACHE_DIR": str(tmp_path / "cache"), "SPY_LOG": str(log)})
    assert done.returncode == 0, done.stderr
    assert not log.exists(), f"pydantic imported by processes {log.read_text().split()}"
    first = {p.relative_to(tmp_path / "first"): p.read_bytes() for p in (tmp_path / "first").rglob("*") if p.is_file()}
    again = {p.relative_to(tmp_path / "again"): p.read_bytes() for p in (tmp_path / "again").rglob("*") if p.is_file()}
    assert again == first and sum(p.suffix == ".pdf" for p in first) >= 8


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


def _same_reading(model, record, path="") -> None:
    """A record made for the cache reads as the checked model it was made from: the same fields
    in their order, values, class-level settings, element classes (printgen/files/records.py)."""
    from pydantic import BaseModel

    from printgen.files import records

    if isinstance(model, BaseModel):
        assert isinstance(record, records.Record) and not isinstance(record, BaseModel), path
        assert type(record).__name__.rsplit(".", 1)[-1] == type(model).__name__, path
        assert list(type(record).model_fields) == list(type(model).model_fields), path
        for marker in records.MARKERS.values():
            assert isinstance(record, marker) == isinstance(model, marker), (path, marker)
        for name in (*type(model).model_fields, *type(model).__class_vars__):
            _same_reading(getattr(model, name), getattr(record, name), f"{path}.{name}")
    elif isinstance(model, dict):
        assert list(model) == list(record), path
        for key in model:
            _same_reading(model[key], record[key], f"{path}[{key!r}]")
    elif isinstance(model, (list, tuple)):
        assert type(model) is type(record) and len(model) == len(record), path
        for i, (a, b) in enumerate(zip(model, record)):
            _same_reading(a, b, f"{path}[{i}]")
    elif hasattr(model, "__dataclass_fields__"):
        assert type(model) is type(record), path
        for name in model.__dataclass_fields__:
            _same_reading(getattr(model, name), getattr(record, name), f"{path}.{name}")
    else:
        assert type(model) is type(record) and model == record, path


def test_the_cache_keeps_checked_models_as_records_that_read_the_same(tmp_path):
    """piecepack: components, repeats and every kind of value a layout holds. Records compare,
    copy and pickle again as the models do, and refuse to be changed in place."""
    import io

    deck, layout, packs, documents = build._read("piecepack", BuildOptions(out=tmp_path), True)
    out = io.BytesIO()
    load_cache._AsRecords(out, protocol=pickle.HIGHEST_PROTOCOL).dump((deck, layout, documents))
    deck2, layout2, documents2 = pickle.loads(out.getvalue())
    _same_reading((deck, layout, documents), (deck2, layout2, documents2))     # its boards, checked, too
    assert layout2.spec.components, "piecepack's layout has components to compare"
    assert len(documents2) == 2, "piecepack's two boards"
    assert pickle.loads(pickle.dumps(layout2)) == layout2 and layout2.spec == layout2.spec.model_copy()
    moved = layout2.imposition.model_copy(update={"bleed": 1.5})
    assert (moved.bleed, layout2.imposition.bleed, moved.safe) == (1.5, layout.imposition.bleed, layout.imposition.safe)
    with pytest.raises(AttributeError):
        layout2.imposition.bleed = 2.0



def test_an_upgraded_library_makes_new_entries(tmp_path, monkeypatch):
    """The entry's name stamps the installed files of the libraries that decide what reading a deck
    gives (pydantic, PyYAML, Jinja2), found without importing them: a changed one names new entries."""
    lib = tmp_path / "site" / "checkinglib"
    lib.mkdir(parents=True)
    (lib / "__init__.py").write_text("VERSION = '1.0'\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.setattr(load_cache, "LIBRARIES", ("checkinglib",))
    before = load_cache._entry_name("cromwell", DECKS / "cromwell", ())
    assert load_cache._entry_name("cromwell", DECKS / "cromwell", ()) == before
    (lib / "__init__.py").write_text("VERSION = '1.10'\n", encoding="utf-8")
    assert load_cache._entry_name("cromwell", DECKS / "cromwell", ()) != before
    assert "checkinglib" not in sys.modules
