"""Every file a deck names or holds is read one safe way (issue 24 follow-up), through the real commands.

One reader (printgen/files/deckfiles.py) serves every loader, so each kind of bad file is refused
wherever it stands: deck.yaml, a rule sheet, a score sheet, a board, a deck's own layout, a table
layout, a font beside a layout, a picture.

- Not a file: a named pipe (reading it would wait for ever), a link to /dev/zero (it never ends),
  a folder, a socket: said as what it is, at the file, before anything is opened.
- Out of the deck: a link (the file's own, or a folder's on the way: rules/, tables/, boards/,
  sheets/) leading outside the deck's folder is refused, naming the link as the user sees it.
- Too large: a sparse file of gigabytes is refused from its size, said in GB, without reading it.
- Too many cards: a generate: rule, a pasted list, count: copies, or both together past 5,000
  cards are refused before a card is made, at the rule or the cards: line, with the count; and
  validate's 1,000-card refusal names its line too.
- Swapped while read: a file that becomes a pipe or a link between the look and the open, or
  grows while it is read, is refused at once (in-process, with the swap simulated).

Every refusal through the command: exit status 2, one 'error:' message naming the file (and the
line where one names it), no traceback, within the time and memory bounds, and the deck folder and
the earlier build byte-identical.
"""

from __future__ import annotations

import os
import socket
import stat
import threading
from pathlib import Path

import pytest
from badinput import Workspace, assert_refused, run_limited, snapshot, workspace

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and /dev/zero are POSIX's")

LIMITS = {"time_limit": 20.0, "memory_mib": 400}
GB = 1 << 30

# (deck, file, the part of the build that reads it)
CROMWELL_FILES = [("cromwell", "deck.yaml", None), ("cromwell", "rules/cromwell.md", "rules"),
                  ("cromwell", "boards/cromwell-mat.yaml", "boards"),
                  ("cromwell", "sheets/cromwell-score.yaml", "sheets")]
PIECEPACK_FILES = [("piecepack", "piecepack.yaml", None), ("piecepack", "tables/croquetnole.yaml", "rules")]


def _snap(folder: Path) -> dict[str, bytes]:
    """The deck folder's regular files, no link followed (a link to /dev/zero or out of the deck is
    no file of the deck's)."""
    def linked(path: Path) -> bool:
        return any(p.is_symlink() for p in [path, *path.parents] if p != folder and folder in p.parents)

    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if not linked(p) and p.is_file()}


def _refused(ws: Workspace, outcome, before: dict[str, bytes], **expected) -> None:
    assert_refused(outcome, ws, **LIMITS, **expected)
    assert _snap(ws.deck) == before, "the deck folder changed"


def _build(ws: Workspace, only: str | None):
    return ws.build(*(("--only", only) if only else ()), **LIMITS)


def _replace(path: Path, kind: str) -> None:
    """Put something that is no ordinary file where `path` was."""
    if path.exists() or path.is_symlink():
        path.unlink()
    if kind == "pipe":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("a folder, not a file\n")
    elif kind == "socket":
        here = os.getcwd()
        os.chdir(path.parent)          # a socket's address is short: bind by the bare name
        try:
            held = socket.socket(socket.AF_UNIX)
            held.bind(path.name)
            _SOCKETS.append(held)
        finally:
            os.chdir(here)
    else:
        raise AssertionError(kind)


_SOCKETS: list[socket.socket] = []
SAYS = {"pipe": ["a named pipe, not an ordinary file"], "zero": ["/dev/zero"],
        "folder": ["a folder, not an ordinary file"],
        "socket": ["a socket, not an ordinary file"]}


@pytest.fixture(autouse=True)
def _close_sockets():
    yield
    while _SOCKETS:
        _SOCKETS.pop().close()


# --- not a file -------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["pipe", "zero", "folder"])
@pytest.mark.parametrize("deck,relative,only", CROMWELL_FILES + PIECEPACK_FILES)
def test_a_file_of_the_deck_that_is_no_ordinary_file_is_refused_naming_it(tmp_path, deck, relative, only, kind):
    ws = workspace(tmp_path, deck)
    _replace(ws.deck / relative, kind)
    before = _snap(ws.deck)
    outcome = _build(ws, only)
    if relative.startswith("tables/"):
        # said at the rule sheet's table: line, naming the table layout
        rules = "rules/croquetnole.md"
        says = ["croquetnole", "outside"] if kind == "zero" else [relative, *SAYS[kind]]
        _refused(ws, outcome, before, file=rules, line=ws.line_of(rules, "table: croquetnole"), says=says)
    elif relative == "piecepack.yaml" and kind == "zero":
        # a deck's own layout is looked up by the deck.yaml's layout: line, which is where its link is refused
        _refused(ws, outcome, before, file="deck.yaml", line=ws.line_of("deck.yaml", "layout:"),
                 says=["the layout 'piecepack'", "/dev/zero"])
    else:
        _refused(ws, outcome, before, file=f"{deck}/{relative}", says=SAYS[kind])
    assert "has no deck.yaml" not in outcome.err and "did you mean" not in outcome.err


def test_a_socket_as_a_board_a_kind_nobody_listed_is_refused_as_one(tmp_path):
    ws = workspace(tmp_path)
    _replace(ws.deck / "boards" / "cromwell-mat.yaml", "socket")
    before = _snap(ws.deck)
    _refused(ws, _build(ws, "boards"), before, file="cromwell/boards/cromwell-mat.yaml", says=SAYS["socket"])


@pytest.mark.parametrize("kind,says", [("pipe", "a named pipe"), ("folder", "a folder"), ("socket", "a socket")])
def test_a_picture_that_is_no_file_is_said_as_what_it_is_never_missing(tmp_path, kind, says):
    ws = workspace(tmp_path)
    ws.edit("deck.yaml",
            lambda t: t.replace("\n  - name: Henry VIII\n", "\n  - name: Henry VIII\n    picture: art/henry.png\n", 1))
    (ws.deck / "art").mkdir()
    _replace(ws.deck / "art" / "henry.png", kind)
    before = _snap(ws.deck)
    outcome = _build(ws, "cards")
    _refused(ws, outcome, before, file="cromwell/deck.yaml", line=ws.line_of("deck.yaml", "picture: art/henry.png"),
             card="Henry VIII", field="picture", says=[f"the picture 'art/henry.png' is {says}"])
    assert "does not exist" not in outcome.err


@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_a_font_beside_a_layout_that_is_no_file_is_refused_at_its_line(tmp_path, kind):
    ws = workspace(tmp_path)
    ws.write_bytes("mine.yaml", b"extends: cromwell\nfonts:\n  serif: fonts/mine.ttf\n")
    (ws.deck / "fonts").mkdir()
    _replace(ws.deck / "fonts" / "mine.ttf", kind)
    ws.edit("deck.yaml", lambda t: t.replace("\nlayout: cromwell ", "\nlayout: mine ", 1))
    before = _snap(ws.deck)
    _refused(ws, _build(ws, None), before, file="cromwell/mine.yaml", line=3, field="fonts.serif", says=SAYS[kind])


def test_deck_yaml_a_broken_link_or_a_link_loop_is_said_as_such(tmp_path):
    ws = workspace(tmp_path)
    deck = ws.deck / "deck.yaml"
    deck.unlink()
    deck.symlink_to("gone.yaml")
    before = _snap(ws.deck)
    _refused(ws, _build(ws, None), before, file="cromwell/deck.yaml",
             says=["a link to gone.yaml, which does not exist"])
    deck.unlink()
    deck.symlink_to("deck.yaml")
    _refused(ws, _build(ws, None), before, file="cromwell/deck.yaml", says=["leads back to itself"])


# --- out of the deck's folder -------------------------------------------------------------------

@pytest.mark.parametrize("deck,relative,only", [
    ("cromwell", "deck.yaml", None), ("cromwell", "rules", "rules"), ("cromwell", "rules/cromwell.md", "rules"),
    ("cromwell", "boards", "boards"), ("cromwell", "boards/cromwell-mat.yaml", "boards"),
    ("cromwell", "sheets", "sheets"), ("piecepack", "tables", "rules"),
])
def test_a_link_leading_out_of_the_deck_is_refused_naming_the_link(tmp_path, deck, relative, only):
    """The file or folder is moved out of the deck and a link left in its place: a good file, which
    a build used to read, so only the link can be what is refused."""
    ws = workspace(tmp_path, deck)
    elsewhere = tmp_path / "elsewhere" / Path(relative).name
    elsewhere.parent.mkdir()
    (ws.deck / relative).rename(elsewhere)
    (ws.deck / relative).symlink_to(elsewhere)
    before = _snap(ws.deck)
    outcome = _build(ws, only)
    if relative == "tables":
        rules = "rules/croquetnole.md"
        _refused(ws, outcome, before, file=rules, line=ws.line_of(rules, "table: croquetnole"),
                 says=[f"{deck}/tables is a link to {elsewhere}, outside the deck's folder"])
    else:
        _refused(ws, outcome, before, file=f"{deck}/{relative}",
                 says=[f"is a link to {elsewhere}, outside the deck's folder"])
    assert "elsewhere/" + Path(relative).name + ":" not in outcome.err     # the link is named, not its target


def test_links_that_stay_inside_the_deck_are_followed(tmp_path):
    """A link is refused only for leading out: deck.yaml and a rule sheet kept in a folder of the
    deck and linked to still build, and a caption cut at ' #' is still found by reading the file
    again through its link."""
    ws = workspace(tmp_path)
    (ws.deck / "sources").mkdir()
    for relative in ("deck.yaml", "rules/cromwell.md"):
        moved = ws.deck / "sources" / Path(relative).name
        (ws.deck / relative).rename(moved)
        (ws.deck / relative).symlink_to(os.path.relpath(moved, (ws.deck / relative).parent))
    outcome = _build(ws, "rules")
    assert outcome.code == 0, outcome.err
    copied = ws.deck / "sources" / "deck.yaml"
    copied.write_text(copied.read_text(encoding="utf-8").replace(
        '\n    caption: "I broke with Rome', '\n    caption: #1 I broke with Rome', 1), encoding="utf-8")
    outcome = _build(ws, "cards")
    assert_refused(outcome, file="cromwell/deck.yaml", card="Henry VIII", says=["starts with '#'"], **LIMITS)


# --- too large ----------------------------------------------------------------------------------

@pytest.mark.parametrize("relative,only,says", [
    ("rules/cromwell.md", "rules", ["3.2 GB", "a rule sheet of at most 1 MB"]),
    ("boards/cromwell-mat.yaml", "boards", ["3.2 GB", "2 MB"]),
    ("deck.yaml", None, ["3.2 GB", "2 MB"]),
])
def test_a_sparse_file_of_gigabytes_is_refused_from_its_size_said_in_gb(tmp_path, relative, only, says):
    ws = workspace(tmp_path)
    with open(ws.deck / relative, "r+b") as handle:
        handle.truncate(3 * GB)           # sparse: costs no disk, reads as 3 GB of zero bytes
    before_names = sorted(p.name for p in ws.deck.rglob("*"))
    outcome = _build(ws, only)
    assert_refused(outcome, ws, file=f"cromwell/{relative}", says=says, **LIMITS)
    assert "MB" not in outcome.err.split("3.2 GB")[0]                  # never '3221.2 MB'
    assert sorted(p.name for p in ws.deck.rglob("*")) == before_names
    assert (ws.deck / relative).stat().st_size == 3 * GB


def test_a_sparse_picture_of_gigabytes_is_refused_before_it_is_hashed(tmp_path):
    ws = workspace(tmp_path)
    ws.edit("deck.yaml",
            lambda t: t.replace("\n  - name: Henry VIII\n", "\n  - name: Henry VIII\n    picture: art/henry.png\n", 1))
    picture = ws.write_bytes("art/henry.png", _tiny_png())
    with open(picture, "r+b") as handle:
        handle.truncate(3 * GB)
    outcome = _build(ws, "cards")
    assert_refused(outcome, ws, file="cromwell/deck.yaml", card="Henry VIII", field="picture",
                   says=["the picture 'art/henry.png' is 3.2 GB", "250 MB"], **LIMITS)


def _tiny_png() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(out, "PNG")
    return out.getvalue()


# --- too many cards -----------------------------------------------------------------------------

def _generated_deck(suits: int, ranks: int, listed: int = 0) -> str:
    lines = ["title: Big", "fields:", "  name: {type: text, required: true}",
             "  suit: {type: group, group: suits}", "  rank: {type: group, group: ranks}"]
    lines += ["suits:"] + [f"  - {{name: S{i}, colour: '#204060'}}" for i in range(suits)]
    lines += ["ranks:"] + [f"  - {{name: R{i}, colour: '#204060'}}" for i in range(ranks)]
    lines += ["generate:", "  each: {suit: suits, rank: ranks}", "  name: '{{ rank.name }} of {{ suit.name }}'"]
    if listed:
        lines += ["cards:"] + [f"  - {{name: Extra {i}, suit: S0, rank: R0}}" for i in range(listed)]
    return "\n".join(lines) + "\n"


def _line(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_a_generate_rule_of_200_000_cards_is_refused_before_one_is_made(tmp_path):
    ws = workspace(tmp_path)
    text = _generated_deck(200, 1000)
    ws.write_bytes("deck.yaml", text.encode())
    before = _snap(ws.deck)
    outcome = ws.build(time_limit=15.0, memory_mib=300)
    _refused(ws, outcome, before, file="cromwell/deck.yaml", line=_line(text, "generate:"),
             says=["makes 200,000 cards (200 suits x 1,000 ranks)", "at most 5,000 cards"])
    assert outcome.seconds < 10


def test_a_pasted_list_of_10_000_cards_is_refused_at_the_cards_line(tmp_path):
    ws = workspace(tmp_path)
    extra = "".join(f'\n  - name: Extra {i}\n    house: Tudor\n    reign: 1509-1547\n    caption: "x"\n'
                    for i in range(10_000))
    ws.edit("deck.yaml", lambda t: t.rstrip("\n") + "\n" + extra)
    before = _snap(ws.deck)
    outcome = ws.build(time_limit=15.0, memory_mib=400)
    _refused(ws, outcome, before, file="cromwell/deck.yaml", line=ws.line_of("deck.yaml", "cards:"),
             says=["lists 10,043 cards", "at most 5,000 cards"])
    assert outcome.seconds < 10


def test_copies_and_generated_cards_count_together(tmp_path):
    ws = workspace(tmp_path)
    copies = "".join(f"\n  - name: Copy {i}\n    house: Tudor\n    reign: 1509-1547\n    caption: \"x\"\n"
                     "    count: 100\n" for i in range(60))
    ws.edit("deck.yaml", lambda t: t.rstrip("\n") + "\n" + copies)
    before = _snap(ws.deck)
    _refused(ws, ws.build(**LIMITS), before, file="cromwell/deck.yaml", line=ws.line_of("deck.yaml", "cards:"),
             says=["lists 6,043 cards"])
    text = _generated_deck(40, 100, listed=1500)
    ws.write_bytes("deck.yaml", text.encode())
    before = _snap(ws.deck)
    _refused(ws, ws.build(**LIMITS), before, file="cromwell/deck.yaml", line=_line(text, "cards:"),
             says=["lists 1,500 cards, and the generate: rules make 4,000 more", "at most 5,000"])


def test_a_deck_of_exactly_the_limit_still_loads():
    from printgen.files.limits import MAX_CARDS
    from printgen.files.schema import DeckHeader
    from printgen.files.yamlsrc import parse_yaml
    from printgen.model.deck import Group
    from printgen.model.load import _count_generated, _count_listed

    text = _generated_deck(50, 100)
    located = parse_yaml(text, Path("deck.yaml"))
    header = DeckHeader.model_validate({k: v for k, v in located.data.items() if k in DeckHeader.model_fields})
    groups = {g: [Group(f"{g}{i}", "#000000", None, None, i) for i in range(n)]
              for g, n in (("suits", 50), ("ranks", 100))}
    assert _count_generated(located, header, groups) == MAX_CARDS
    _count_listed(located, [], MAX_CARDS)                     # exactly the limit: no refusal
    with pytest.raises(Exception, match="at most 5,000"):
        _count_listed(located, [{"name": "one more"}], MAX_CARDS)


@pytest.mark.parametrize("source", ["listed", "generated"])
def test_validate_refuses_a_deck_of_too_many_cards_at_the_line_they_come_from(tmp_path, source):
    ws = workspace(tmp_path, build_first=False)
    if source == "listed":
        extra = "".join(f'\n  - name: Extra {i}\n    house: Tudor\n    reign: 1509-1547\n    caption: "x"\n'
                        for i in range(1200))
        ws.edit("deck.yaml", lambda t: t.rstrip("\n") + "\n" + extra)
        line = ws.line_of("deck.yaml", "cards:")
    else:
        text = _generated_deck(40, 40)
        ws.write_bytes("deck.yaml", text.encode())
        line = _line(text, "generate:")
    before = _snap(ws.deck)
    outcome = run_limited(["validate", ws.deck.name, "--games", "10"], ws.root, **LIMITS)
    assert_refused(outcome, file="cromwell/deck.yaml", line=line, says=["at most 1,000 cards"], **LIMITS)
    assert _snap(ws.deck) == before


# --- swapped while read (in-process: the swap is simulated between the look and the open) ------------

def _refused_within(seconds: float, call) -> str:
    """Run `call`, which must raise a UserError, in a thread: a hang fails the test instead of the suite."""
    from printgen.files.errors import UserError

    result: dict[str, object] = {}

    def run():
        try:
            call()
        except UserError as exc:
            result["error"] = str(exc)
        except BaseException as exc:   # noqa: BLE001 - reported below
            result["other"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "the read waited: a pipe was opened as a file"
    assert "other" not in result, result.get("other")
    assert "error" in result, "nothing was refused"
    return str(result["error"])


def _regular_look(monkeypatch, real: Path) -> None:
    """os.stat in the reader answers for a regular file, as it would have just before a swap."""
    from printgen.files import deckfiles

    original = os.stat
    fake = original(real)
    monkeypatch.setattr(deckfiles.os, "stat",
                        lambda p, *a, **k: fake if str(p).endswith("swapped.md") else original(p, *a, **k))


def test_a_file_swapped_for_a_pipe_after_the_look_is_refused_not_waited_on(tmp_path, monkeypatch):
    from printgen.files.deckfiles import read_bytes

    (tmp_path / "real.md").write_text("# rules\n")
    os.mkfifo(tmp_path / "swapped.md")
    _regular_look(monkeypatch, tmp_path / "real.md")
    err = _refused_within(5,
                          lambda: read_bytes(tmp_path / "swapped.md", within=tmp_path, what="rule sheet", limit=1000))
    assert "named pipe" in err and "swapped.md" in err


def test_a_file_swapped_for_a_link_after_the_look_is_refused(tmp_path, monkeypatch):
    from printgen.files import deckfiles

    (tmp_path / "real.md").write_text("# rules\n")
    (tmp_path / "swapped.md").symlink_to(tmp_path / "real.md")
    _regular_look(monkeypatch, tmp_path / "real.md")
    # the look resolved the name to itself (it was a file then); the open must not follow the link made since
    monkeypatch.setattr(deckfiles, "contained", lambda path, within, **k: Path(path))
    err = _refused_within(5, lambda: deckfiles.read_bytes(tmp_path / "swapped.md", within=tmp_path, what="rule sheet",
                                                          limit=1000))
    assert "replaced by a link" in err


def test_a_file_that_grows_while_read_stops_at_the_limit(tmp_path, monkeypatch):
    from printgen.files import deckfiles

    path = tmp_path / "growing.md"
    path.write_bytes(b"x" * 5000)
    original = os.fstat

    def small(fd):                     # it measured 10 bytes, then grew
        real = original(fd)
        return os.stat_result((stat.S_IFREG | 0o644, *tuple(real)[1:6], 10, *tuple(real)[7:10]))

    monkeypatch.setattr(deckfiles.os, "fstat", small)
    err = _refused_within(5, lambda: deckfiles.read_bytes(path, within=tmp_path, what="rule sheet", limit=1000))
    assert "more than 1 KB" in err


def test_a_good_file_reads_whole_and_a_shipped_deck_still_builds(tmp_path):
    from printgen.files.deckfiles import read_bytes

    (tmp_path / "ok.md").write_bytes(b"# rules\n" * 10)
    assert read_bytes(tmp_path / "ok.md", within=tmp_path, what="rule sheet", limit=80) == b"# rules\n" * 10
    ws = workspace(tmp_path / "ws", "piecepack")
    outcome = _build(ws, None)
    assert outcome.code == 0, outcome.err
    assert snapshot(ws.out) == ws.before


def test_sizes_are_said_as_a_person_reads_them():
    from printgen.files.limits import describe_bytes

    assert [describe_bytes(n) for n in (900, 2_000_000, 1_500_000, 1_500_000_000, 3_000_000_000)] == \
        ["1 KB", "2 MB", "1.5 MB", "1.5 GB", "3 GB"]
