"""`printgen serve`: a web page on this computer for editing one deck's cards without YAML.

Flask (routing, JSON, static files, Jinja2 templates with escaping on) served by Werkzeug's
threaded server: both well kept, small, and Jinja2 and click are already printgen's. The page
is plain HTML, CSS and JavaScript shipped in printgen/editor/ (no build step, nothing fetched
from the internet: the Content-Security-Policy allows this server only).

Safety: the server edits the one deck it was started on, through the same in-place editor as
`printgen import` (printgen.editor.roundtrip); no request names a file path except the built
PDFs, served from the deck's output folder only. Every POST needs the session's token (a
random value the page carries; another site's page cannot read it), and the Host header must
be this server's own (no DNS rebinding). Saves carry the version of deck.yaml they were made
on; a save from an older version is refused (409) so a second tab never overwrites the first.
"""

from __future__ import annotations

import base64
import hmac
import re
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen.errors import UserError, Warning_, Where
from printgen.editor.roundtrip import DeckSource, Edit, StaleError
from printgen.load import find_deck

PREVIEW_DPI = 110
TOKEN_HEADER = "X-Printgen-Token"
MAX_REQUEST = 1_000_000     # bytes: a whole deck's edits are a few kilobytes
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


# A line under the box of each kind of field, saying what it takes.
HINTS = {
    "years": "years, such as 1066-1087, 1483, or 2022- for a reign still going on",
    "image": "a PNG or JPEG file in the deck's folder, such as art/henry-viii.png",
    "number": "a number",
    "ability": "a record, written as in deck.yaml: {use: ..., effects: [...]}",
}


@dataclass
class Editor:
    """What the server holds for its one deck; one lock makes saves and builds take turns."""

    folder: Path
    out: Path
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    lock: threading.Lock = field(default_factory=threading.Lock)
    hosts: set[str] = field(default_factory=set)
    _source: DeckSource | None = None

    def source(self) -> DeckSource:
        """deck.yaml as it is now (re-read when the file changed on disk)."""
        data = (self.folder / "deck.yaml").read_bytes()
        from printgen.editor.roundtrip import version_of

        if self._source is None or self._source.version != version_of(data):
            self._source = DeckSource(self.folder, data.decode("utf-8", "replace"))
        return self._source


# --- what the page sees -----------------------------------------------------------------------

def deck_json(editor: Editor) -> dict[str, Any]:
    source = editor.source()
    groups = {}
    for name, spec in source.fields.items():
        if spec.type == "group" and isinstance(source.data.get(spec.group), list):
            groups[name] = [str(g.get("name")) for g in source.data[spec.group] if isinstance(g, dict)]
    from printgen.render.symbols import names as emblems

    choices = {"flag": ["true", "false"], "emblem": emblems()}
    fields = [{"name": name, "type": source.kind(name), "required": bool(name in source.fields and source.fields[name].required),
               "choices": groups.get(name) or choices.get(source.kind(name)), "hint": HINTS.get(source.kind(name), ""),
               "default": _default(source, name),
               "long": any(len(c.values.get(name, "")) > 30 for c in source.cards)}
              for name in source.columns()]
    try:
        deck = source.check(source.text)
        title, problem = deck.title, None
    except UserError as error:
        title, problem = source.data.get("title", source.folder.name), str(error)
    return {"deck": source.folder.name, "title": str(title), "file": "deck.yaml", "version": source.version,
            "fields": fields, "problem": problem,
            "sheet": source.data["cards"] if isinstance(source.data.get("cards"), str) else None,
            "cards": [{"id": c.id, "name": c.name, "values": c.values} for c in source.cards]}


def _default(source: DeckSource, name: str) -> str | None:
    spec = source.fields.get(name)
    if spec is None or spec.default is None:
        return None
    return ("true" if spec.default else "false") if isinstance(spec.default, bool) else str(spec.default)


def _edits(source: DeckSource, raw: Any) -> list[Edit]:
    """The page's edits ({card id: {field: text}}) against deck.yaml's cards."""
    if not isinstance(raw, dict):
        raise UserError("the page sent no edits")
    by_id = {c.id: c for c in source.cards}
    columns = set(source.columns())
    edits = []
    for card_id, values in raw.items():
        card = by_id.get(card_id)
        if card is None or not isinstance(values, dict):
            raise StaleError(f"the card '{card_id}' is no longer in deck.yaml", Where(source.file),
                             "reload the page to see the deck as it is now")
        for name, text in values.items():
            if name not in columns or not isinstance(text, str):
                raise UserError(f"'{name}' is not a field of this deck", Where(source.file))
            edits.append(Edit(card.index, name, text))
    return edits


def _element_fields(deck) -> dict[str, str]:
    """Which card field each layout element prints (`{{ card.caption }}` -> caption), so a
    warning about the caption element is shown beside the caption box."""
    from printgen.layouts import load_layout

    try:
        layout = load_layout(deck.layout, deck)
    except UserError:
        return {}
    found: dict[str, str] = {}
    for side in (layout.spec.face, layout.spec.back):
        for name, element in side.items():
            if element is None:
                continue
            match = re.search(r"card\.(\w+)", str(element.model_dump()))
            if match and match.group(1) in deck.fields:
                found.setdefault(name, match.group(1))
    return found


def preview(editor: Editor, card_id: str, raw_edits: Any) -> dict[str, Any]:
    """The card as the PDF draws it, with the edits not yet saved, and its warnings."""
    from printgen.build import BuildOptions
    from printgen.preview import card_pdf, rasterise

    source = editor.source()
    edits = _edits(source, raw_edits)
    text = source.apply(edits)
    deck = source.check(text, edits)
    wanted = next((c for c in source.cards if c.id == card_id), None)
    if wanted is None:
        raise StaleError(f"the card '{card_id}' is no longer in deck.yaml", Where(source.file),
                         "reload the page to see the deck as it is now")
    line = deck.source.line_of(("cards", wanted.index))        # the card as loaded from the edited text
    card = next(c for c in deck.cards if c.where.line == line and c.where.file == deck.source.file)
    warnings: list[Warning_] = []
    png = rasterise(card_pdf(deck, BuildOptions(), card, False, warnings=warnings), 0, PREVIEW_DPI)
    elements = _element_fields(deck)
    return {"image": "data:image/png;base64," + base64.b64encode(png).decode("ascii"),
            "warnings": [{"field": elements.get(w.where.field or "", w.where.field if w.where.field in deck.fields
                                                else None), "message": w.message, "text": str(w)} for w in warnings]}


def save(editor: Editor, version: Any, raw_edits: Any) -> dict[str, Any]:
    with editor.lock:
        source = editor.source()
        if version != source.version:
            raise StaleError("deck.yaml was saved from another window (or changed in another program) after this "
                             "page loaded it", Where(source.file),
                             "reload the page to see those changes, then make yours again")
        edits = _edits(source, raw_edits)
        text = source.apply(edits)
        source.check(text, edits)
        if text == source.text:
            return {"version": source.version, "saved": 0}
        backup = source.save(text)
        return {"version": editor.source().version, "saved": len(edits), "backup": backup.name}


def build(editor: Editor) -> dict[str, Any]:
    from printgen.build import BuildOptions, build_deck

    with editor.lock:
        result = build_deck(editor.folder, BuildOptions(out=editor.out))
    folder = editor.out / result.deck
    pdfs = [p.name for p in result.files if p.suffix == ".pdf" and p.parent == folder]
    return {"summary": result.summary, "files": pdfs, "warnings": [str(w) for w in result.warnings]}


# --- the web application ----------------------------------------------------------------------

def create_app(editor: Editor):
    """The Flask application for one deck (tests start it on a free port)."""
    from flask import Flask, abort, jsonify, render_template, request, send_from_directory

    here = Path(__file__).resolve().parent
    app = Flask("printgen.editor", template_folder=str(here / "templates"), static_folder=str(here / "static"))
    app.config["MAX_CONTENT_LENGTH"] = MAX_REQUEST
    app.json.ensure_ascii = False

    @app.before_request
    def guard():
        if editor.hosts and request.host not in editor.hosts:
            abort(403, "this editor only answers at its own address")
        if request.method not in ("GET", "HEAD"):
            if not hmac.compare_digest(request.headers.get(TOKEN_HEADER, ""), editor.token):
                return jsonify(error="this request does not carry the editor's token, so nothing was changed: "
                                     "use the page printgen serve opened"), 403
            if not request.is_json:
                return jsonify(error="the editor only accepts its own page's requests"), 415

    @app.after_request
    def headers(response):
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        return response

    def answer(work):
        try:
            return jsonify(work())
        except StaleError as error:
            return jsonify(error=str(error), stale=True), 409
        except UserError as error:
            where = error.where
            return jsonify(error=str(error), card=where.card, field=where.field), 400

    @app.get("/")
    def index():
        source = editor.source()
        return render_template("editor.html", token=editor.token, title=source.data.get("title", source.folder.name),
                               deck=source.folder.name)

    @app.get("/api/deck")
    def api_deck():
        return answer(lambda: deck_json(editor))

    @app.post("/api/preview")
    def api_preview():
        body = request.get_json(silent=True) or {}
        return answer(lambda: preview(editor, str(body.get("card", "")), body.get("edits", {})))

    @app.post("/api/save")
    def api_save():
        body = request.get_json(silent=True) or {}
        return answer(lambda: save(editor, body.get("version"), body.get("edits", {})))

    @app.post("/api/build")
    def api_build():
        return answer(lambda: build(editor))

    @app.get("/pdf/<name>")
    def pdf(name: str):
        if not name.endswith(".pdf"):
            abort(404)
        return send_from_directory(editor.out.resolve() / editor.folder.name, name, mimetype="application/pdf")

    return app


def make_server(ref: str | Path | None, host: str = "127.0.0.1", port: int = 8765, out: Path = Path("output")):
    """The editor for one deck and a threaded Werkzeug server for it, not yet serving."""
    from werkzeug.serving import make_server as werkzeug_server

    from printgen.editor.copying import DECK, refuse_shipped

    folder = _deck_folder(ref)
    refuse_shipped(folder, "editing it in the browser", ("printgen", "serve", DECK))
    editor = Editor(folder, Path(out))
    DeckSource(folder)                        # a deck.yaml that cannot be read is refused before serving
    app = create_app(editor)
    try:
        server = werkzeug_server(host, port, app, threaded=True)
    except OSError as exc:
        raise UserError(f"cannot listen on {host}:{port} ({exc.strerror or exc})",
                        hint="another program (or another printgen serve) uses that port: add --port 8766") from None
    real_port = server.server_port
    names = {host, "127.0.0.1", "localhost"} if host in ("127.0.0.1", "localhost") else {host}
    editor.hosts = {f"{n}:{real_port}" for n in names}
    return editor, server


def _deck_folder(ref: str | Path | None) -> Path:
    if ref is None:
        if (Path.cwd() / "deck.yaml").is_file():
            return Path.cwd()
        from printgen.load import shipped_decks

        names = ", ".join(p.name for p in shipped_decks())
        raise UserError("which deck? give its name or folder, e.g. printgen serve cromwell",
                        hint=f"or run printgen serve inside a deck folder; the shipped decks are: {names}")
    return find_deck(str(ref))


def run_server(ref: str | None, *, host: str, port: int, out: Path, open_browser: bool) -> None:
    """Serve until Ctrl-C."""
    import click

    import logging

    logging.getLogger("werkzeug").setLevel(logging.WARNING)     # no line per request on the teacher's screen
    editor, server = make_server(ref, host, port, out)
    url = f"http://{'127.0.0.1' if host in ('127.0.0.1', '0.0.0.0') else host}:{server.server_port}/"
    click.echo(f"editing {editor.folder / 'deck.yaml'} at {url}  (Ctrl-C to stop)")
    if host not in ("127.0.0.1", "localhost"):
        click.secho(f"warning: listening on {host}: other computers on the network can reach this page", fg="yellow",
                    err=True)
    if open_browser:
        import webbrowser

        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        server.serve_forever()
    finally:
        server.server_close()
