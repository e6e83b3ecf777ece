"""`printgen build`: deck -> checked model -> PDFs and manifest in output/<deck>/."""

from __future__ import annotations

import math
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from printgen.files.errors import UserError, Warning_
from printgen.files.lean import lean_dataclass
from printgen.model.load_cache import cached

if TYPE_CHECKING:
    from printgen.draw.press import Press
    from printgen.model.deck import Deck, Layout

# A part of a deck's build: ("cards", pack name or None) or (document kind, its source file).
Unit = tuple[str, "str | Path | None"]

PARTS = ("cards", "rules", "sheets", "boards")


@lean_dataclass(frozen=True)
class BuildOptions:
    paper: str | None = None
    card_size: str | None = None
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    bleed: float | None = None
    out: Path = Path("output")
    only: frozenset[str] = frozenset(PARTS)   # which of PARTS to build
    # Issue 29, colour for print shops (printgen/draw/press): rgb, or cmyk through the press profile.
    colour: str = "rgb"
    ink_limit: float | None = None            # percent of total ink under cmyk (None: the default 300)
    backs: str = "dark"                       # a layout's back as written, or its `backs:` variant
    # issue 29: the pages the cards go on (model/arrange.py); the defaults make the sheets as before
    imposition: str = "sheets"                # sheets, gutter-fold or single
    crop: str = "marks"                       # marks, or lines right across the sheet
    page_order: str = "back-first"            # single: back-first (DriveThruCards) or front-first


@lean_dataclass
class BuildResult:
    deck: str
    files: list[Path]
    summary: str
    warnings: list[Warning_] = field(default_factory=list)
    # The files made but not yet written (build_deck with write=False), for publish_builds.
    staged: dict[Path, bytes] = field(default_factory=dict, repr=False)
    folder: Path | None = None           # the deck's own folder


class Progress(Protocol):
    """What a build reports while it works; the CLI draws it as a bar. A protocol, so the
    terminal's bar matches it by shape without importing the drawing code."""

    def start(self, label: str, total: int) -> None: ...
    def advance(self) -> None: ...
    def finish(self) -> None: ...


class Silent:
    """The progress of a build nobody watches."""

    def start(self, label: str, total: int) -> None:
        pass

    def advance(self) -> None:
        pass

    def finish(self) -> None:
        pass


def parse_offset(text: str) -> tuple[float, float]:
    """'X,Y' in mm, e.g. '1.5,-0.5'."""
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError
    except ValueError:
        raise UserError(f"--back-offset '{text}' should be two numbers of millimetres, X,Y (for example 1.5,-0.5)",
                        hint="measure them with `printgen calibrate`") from None
    return x + 0.0, y + 0.0      # + 0.0 turns -0 into 0, so '-0,0' builds the same file as '0,0'


def check_out_folder(folder: Path, out: Path) -> None:
    """Refuse an output folder that is a file (or lies inside one) before any work is done."""
    for part in (folder, *folder.parents):
        if part.exists() or part.is_symlink():
            if not part.is_dir():
                which = f"--out '{out}'" if part == out else f"'{part}' (in --out '{out}')"
                raise UserError(f"{which} is a file, not a folder",
                                hint="give a folder for the PDFs, such as output; printgen writes into a "
                                     "folder named after the deck inside it")
            return


@lean_dataclass
class Plan:
    """One deck's build read and checked, before anything is drawn: what every part of it needs.

    The parts (`units`) are drawn independently of each other, each into files of its own, so
    the pool can hand them out to several processes (printgen/draw/build_pool.py); `finish`
    puts a deck's parts back together in the order of `units`, whichever process drew them.
    A plan crosses between processes by pickle: it holds only the checked deck and layout."""

    ref: str
    options: BuildOptions
    deck: Deck
    layout: Layout
    press: Press | None
    folder: Path
    packs: dict[str | None, Deck]        # each pack's deck by name (None: a deck without packs)
    units: list[Unit]
    # each form's and board's file read and checked (_checked_documents), by its path
    documents: dict[Path, Any] = field(default_factory=dict)


@lean_dataclass
class Part:
    """What one unit of a plan drew: its files, for a pack of cards its summary, and its warnings
    (a pack's, a board's, a rule sheet's card pictures'): a worker of the pool sends them back
    with the files, and `finish` says each once."""

    files: dict[Path, bytes]
    summary: str | None = None
    warnings: list[Warning_] = field(default_factory=list)


def plan_build(ref: str | Path, options: BuildOptions) -> Plan:
    """Read and check a deck and its layout, and list the parts its build draws. Every mistake
    in the deck's own files and in the options is found here, before any drawing."""
    from printgen.draw.press import press_for

    check_out_folder(options.out, options.out)
    press = press_for(options.colour, options.ink_limit)
    with_cards = "cards" in options.only
    # read and checked, or taken from the cache of checked decks when none of its files changed
    deck, layout, packs, documents = cached(ref, (options.paper, options.card_size, options.bleed, options.backs,
                                                  with_cards), lambda: _read(ref, options, with_cards))
    from printgen.files.font_files import register

    # Reading the layout registers its fonts with ReportLab, in its order (a font's name in the PDF
    # depends on that order): done here too, a no-op after reading, for a deck from the cache.
    for path in layout.fonts.values():
        register(path)
    folder = options.out / deck.key
    check_out_folder(folder, options.out)
    units: list[Unit] = [("cards", pack) for pack in packs]
    units += [(kind, source) for kind, source in document_sources(deck) if PART_OF[kind] in options.only]
    if not units:
        raise UserError(f"the deck '{deck.key}' has nothing to build for --only {','.join(sorted(options.only))}")
    return Plan(str(ref), options, deck, layout, press, folder, packs, units, documents)


def _read(ref: str | Path, options: BuildOptions,
          with_cards: bool) -> tuple[Deck, Layout, dict[str | None, Deck], dict[Path, Any]]:
    """The deck (every card: rules and boards may show any of them), its layout for these options,
    when cards are built each pack's deck by name (None: a deck without packs), and its forms and
    boards checked (_checked_documents). The readers are imported here: a build whose checked
    deck comes from the cache does not use them."""
    from dataclasses import replace

    from printgen.model.layouts import load_layout
    from printgen.model.load import ALL_CARDS, load_deck
    from printgen.model.tablecheck import checked_tables

    deck = load_deck(ref, ALL_CARDS)
    layout = load_layout(deck.layout, deck, paper=options.paper, card_size=options.card_size, bleed=options.bleed,
                         backs=options.backs)
    layout = replace(layout, tables=checked_tables(deck, layout))
    deck = _without_card_lines(deck)
    packs: dict[str | None, Deck] = {}
    if with_cards:
        names: list[str | None] = list(deck.packs) or [None]
        for pack in names:
            packs[pack] = _without_card_lines(load_deck(ref, pack)) if pack is not None else deck
    return deck, layout, packs, _checked_documents(deck, layout)


def _checked_documents(deck: Deck, layout: Layout) -> dict[Path, Any]:
    """Each form's and board's file read and checked, by path, kept with the deck in the cache of
    checked decks (as plain records, printgen/files/records.py), so that a second build draws them
    without pydantic and the pool's parent need not import it before forking (issue 30, aim 5:
    some 0.1 s of the build's serial part). A file with a mistake is left out: drawing its part
    reads it again and reports the mistake there, in the order of the deck's parts, as before."""
    import contextlib

    from printgen.draw.documents.boards import checked_board
    from printgen.draw.documents.forms import checked_sheet

    found: dict[Path, Any] = {}
    for kind, path in document_sources(deck):
        if kind in ("sheet", "board"):
            with contextlib.suppress(UserError):
                found[path] = (checked_sheet(path, layout, deck.folder) if kind == "sheet"
                               else checked_board(path, deck.folder))
    return found


def _without_card_lines(deck: Deck) -> Deck:
    """The deck with its file as read kept only for the settings above its cards (`deck.where`
    names the line of a setting such as `card_size:` in an error found after reading). Each card
    keeps its own lines; the cards' raw data and the line of each of their keys are not needed
    once read, and on a deck of 2,150 cards they were a few MiB held through the whole build."""
    from dataclasses import replace

    source = deck.source
    if source is None:
        return deck

    def setting(path: tuple) -> bool:
        return not path or path[0] != "cards"

    data = {k: v for k, v in source.data.items() if k != "cards"} if isinstance(source.data, dict) else source.data
    return replace(deck, source=replace(source, data=data, lines={p: n for p, n in source.lines.items() if setting(p)},
                                        written={p: w for p, w in source.written.items() if setting(p)},
                                        noted={p: n for p, n in source.noted.items() if setting(p)}))


def draw_unit(plan: Plan, index: int, progress: Progress | None = None) -> Part:
    """Draw one part of a plan: a pack of cards (its PDF and manifest) or one document."""
    kind, what = plan.units[index]
    if kind != "cards":
        assert isinstance(what, Path), "a document is drawn from its file"
        from printgen.draw import template_facts

        warnings: list[Warning_] = []
        drawn = render_document(kind, plan.deck, plan.layout, what, plan.packs, plan.documents.get(what), warnings)
        template_facts.keep()           # a sheet's, form's or board's templates, for the next build
        return Part({plan.folder / output_name(kind, what): drawn}, None, warnings)
    from printgen.draw.press import press_summary, printing_in
    from printgen.draw.sheets.faces import resolve_faces
    from printgen.draw.sheets.manifest import manifest_text
    from printgen.draw.sheets.pdf import render_sheets
    from printgen.draw.text import forget_fits

    progress = progress or Silent()
    cards = plan.packs[what if isinstance(what, str) else None]
    layout, options, press = plan.layout, plan.options, plan.press
    label = cards.output_key
    progress.start(f"{label}: checking cards", len(cards.cards))
    faces = resolve_faces(cards, layout, progress.advance)
    forget_fits()
    progress.finish()
    progress.start(f"{label}: drawing sheets", len(cards.cards))
    with printing_in(press):
        sheets = render_sheets(cards, layout, options.duplex, options.back_offset, faces, progress.advance,
                               imposition=options.imposition, crop=options.crop, order=options.page_order,
                               spend=True)
    progress.finish()
    manifest = manifest_text(sheets.manifest).encode("utf-8") + b"\n"   # json.dumps(indent=2), faster
    summary = (sheets.summary(cards, layout) + _single_sided(sheets.sheets, options)
               + (f"\n{press_summary(press)}" if press is not None else ""))
    return Part({plan.folder / f"{label}-cards.pdf": sheets.pdf, plan.folder / f"{label}-cards.json": manifest},
                summary, list(sheets.warnings))


def finish(plan: Plan, parts: list[Part], *, write: bool) -> BuildResult:
    """A deck's parts put together in the order of its units; written all or none, or with
    write=False kept in the result's `staged` for publish_builds."""
    files: dict[Path, bytes] = {}
    summaries, warnings = [], list(plan.layout.warnings)
    said = {str(x) for x in warnings}
    for part in parts:
        files.update(part.files)
        if part.summary is not None:
            summaries.append(part.summary)
        for w in part.warnings:                # once each: a layout-wide warning comes from every card
            if str(w) not in said:
                said.add(str(w))
                warnings.append(w)
    if write:
        from printgen.files.output import publish

        publish(files)
    key = plan.deck.key
    return BuildResult(key, list(files), "\n".join(summaries) or f"{key}:", warnings, {} if write else files,
                       plan.deck.folder)


def build_deck(ref: str | Path, options: BuildOptions, progress: Progress | None = None, *,
               write: bool = True) -> BuildResult:
    """Check and draw one deck, then write its files all or none; with write=False, keep them
    in the result's `staged` instead, so several decks can be written in one step."""
    progress = progress or Silent()
    plan = plan_build(ref, options)
    cards = [i for i, (kind, _) in enumerate(plan.units) if kind == "cards"]
    parts = [draw_unit(plan, i, progress) for i in cards]
    documents = [i for i in range(len(plan.units)) if i not in cards]
    progress.start(f"{plan.deck.key}: rules, sheets, boards", len(documents))
    for i in documents:
        parts.append(draw_unit(plan, i))
        progress.advance()
    progress.finish()
    return finish(plan, parts, write=write)


def check_distinct_names(refs: list[str]) -> None:
    """Refuse, before any work, two deck folders of the same name in one build: both would write
    into the same DIR/<name>/ folder. (A deck named that cannot be found is left for its own build
    to report.)"""
    from printgen.model.finding import find_deck

    seen: dict[str, Path] = {}
    for ref in refs:
        try:
            folder = find_deck(str(ref)).resolve()
        except UserError:
            continue
        other = seen.setdefault(folder.name, folder)
        if other != folder:
            raise UserError(f"two of the decks given are both called '{folder.name}' ('{other}' and '{folder}'), "
                            f"so both would write into the same output folder '{folder.name}'",
                            hint="build them one at a time with a different --out, or rename one folder")


def publish_builds(results: list[BuildResult]) -> None:
    """Write the staged files of every deck of one `printgen build` in a single all-or-none step.

    A build of several decks is one act for the user: a mistake in the last deck, or a file that
    cannot be written, must leave the first deck's earlier PDFs as they were too. Two decks that
    would write the same file with different contents (two folders of the same name) are refused
    before anything is written.
    """
    files: dict[Path, bytes] = {}
    source: dict[Path, BuildResult] = {}
    for result in results:
        for path, data in result.staged.items():
            other = source.get(path)
            if other is not None and other.folder != result.folder and files[path] != data:
                raise UserError(f"two of the decks given would both write {path}: the deck in '{other.folder}' "
                                f"and the deck in '{result.folder}'",
                                hint="their folders have the same name; build them one at a time with a different "
                                     "--out, or rename one folder")
            files[path], source[path] = data, result
    from printgen.files.output import publish

    publish(files)


def _single_sided(sheets: int, options: BuildOptions) -> str:
    """With --duplex none, which pages to print first and how to turn the stack (the sheets say
    it too)."""
    if options.duplex != "none" or options.imposition != "sheets":
        return ""
    from printgen.model.imposition import single_sided_advice

    return "".join(f"\n  {line}" for line in single_sided_advice(sheets))


PART_OF = {"rules": "rules", "sheet": "sheets", "board": "boards"}


def document_sources(deck) -> list[tuple[str, Path]]:
    """The deck's rule sheets (rules/*.md), forms (sheets/*.yaml) and boards (boards/*.yaml)."""
    found = [("rules", p) for p in sorted((deck.folder / "rules").glob("*.md"))]
    found += [("sheet", p) for p in sorted((deck.folder / "sheets").glob("*.yaml"))]
    found += [("board", p) for p in sorted((deck.folder / "boards").glob("*.yaml"))]
    return found


def output_name(kind: str, source: Path) -> str:
    return f"{source.stem}-rules.pdf" if kind == "rules" else f"{source.stem}.pdf"


def render_document(kind: str, deck, layout, source: Path, packs: dict[str | None, Deck] | None = None,
                    checked: Any = None, warnings: list[Warning_] | None = None) -> bytes:
    """One document's PDF. `packs`: the packs' decks already read (a plan's), which a rule sheet
    naming its pack takes instead of reading that pack again; `checked`: a form's or board's file
    as the plan read and checked it (else it is read here); `warnings`: where what drawing it
    warns about goes (a board's heading cut off, a card pictured in a rule sheet), as a pack's
    warnings go to its Part, so the build says them rather than printing a cut text silently."""
    said = warnings if warnings is not None else []
    if kind == "rules":
        from printgen.draw.documents.rules import render_rules

        return render_rules(deck, layout, source, packs, said.append)
    if kind == "sheet":
        from printgen.draw.documents.forms import render_sheet

        return render_sheet(deck, layout, source, checked, said.append)[0]
    from printgen.draw.documents.boards import render_board

    board = render_board(deck, layout, source, checked)
    said.extend(board.warnings)
    return board.pdf
