"""`printgen serve`: a web page on this computer for editing one deck's cards without YAML.

Flask (routing, JSON, static files, Jinja2 templates with escaping on) served by Werkzeug's
threaded server: both well kept, small, and Jinja2 and click are already printgen's. The page
is plain HTML, CSS and JavaScript shipped in printgen/editing/ (no build step, nothing fetched
from the internet: the Content-Security-Policy allows this server only). The work behind each
request is webdeck.py's; this module is the routes and their safety.

Safety: the server edits the one deck it was started on, through the same in-place editor as
`printgen import` (printgen.editing.roundtrip); no request names a file path: built PDFs are served
from the deck's output folder only, and an uploaded picture is stored under a name made from its
card's (uploads.py). Every POST needs the session's token (a random value the page carries;
another site's page cannot read it), and the Host header must be this server's own (no DNS
rebinding). A save carries the values it was made on, and is merged with any change made since
(merge.py): only the same value changed in both places is refused, with both shown.
"""

from __future__ import annotations

import errno
import hmac
import os
import secrets
import socket
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.editing.roundtrip import DeckSource, StaleError, deck_bytes
from printgen.editing.web.page_requests import BadRequest, TooLarge, read_body, read_capped
from printgen.files.errors import UserError
from printgen.model.load import find_deck

if TYPE_CHECKING:
    from flask import Flask

TOKEN_HEADER = "X-Printgen-Token"
LOOPBACK = ("127.0.0.1", "localhost", "::1")     # hosts only this computer reaches
MAX_REQUEST = 1_000_000     # bytes: a whole deck's edits are a few kilobytes
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


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
        """deck.yaml as it is now (re-read when the file changed on disk). A file that cannot be
        read any more (changed outside the page) is a PageError naming it and its line, plainly."""
        from printgen.editing.roundtrip import version_of
        from printgen.editing.web.page_words import PageError, file_problem

        try:
            data = deck_bytes(self.folder)
        except UserError as error:           # became a pipe, a link out, too big: said like a mistake
            raise PageError(file_problem(error, self.folder), extra={"broken": True}) from None
        if self._source is None or self._source.version != version_of(data):
            try:
                self._source = DeckSource(self.folder, data.decode("utf-8", "replace"))
            except UserError as error:
                raise PageError(file_problem(error, self.folder), extra={"broken": True}) from None
        return self._source


# --- the web application ----------------------------------------------------------------------

def create_app(editor: Editor) -> Flask:
    """The Flask application for one deck (tests start it on a free port)."""
    from flask import Flask
    from flask.json.provider import DefaultJSONProvider

    from printgen.editing.web.uploads import MAX_UPLOAD

    here = Path(__file__).resolve().parent
    app = Flask("printgen.editing.web", template_folder=str(here / "templates"), static_folder=str(here / "static"))
    app.config["MAX_CONTENT_LENGTH"] = MAX_UPLOAD + 65536       # a picture; other requests are held to MAX_REQUEST
    assert isinstance(app.json, DefaultJSONProvider), "a new Flask application has Flask's own JSON provider"
    app.json.ensure_ascii = False
    app.json.sort_keys = False          # a card's values and the page's lists keep the deck's order
    _guard(app, editor)
    _page_routes(app, editor)
    _api_routes(app, editor)
    _error_pages(app)
    return app


def _guard(app: Flask, editor: Editor) -> None:
    """Every request: the Host must be this server's, a change must carry the token and be the page's
    own kind of request; every answer: headers that keep the page to this server."""
    from flask import abort, jsonify, request

    @app.before_request
    def guard():
        if editor.hosts and request.host not in editor.hosts:
            abort(403, "this editor only answers at its own address")
        if request.method not in ("GET", "HEAD"):
            if not hmac.compare_digest(request.headers.get(TOKEN_HEADER, ""), editor.token):
                return jsonify(error="This request does not carry the editor's token, so nothing was changed. "
                                     "Use the page printgen serve opened."), 403
            if request.path == "/api/picture":
                if request.mimetype != "application/octet-stream":
                    return jsonify(error="The editor only accepts its own page's requests."), 415
            elif not request.is_json:
                return jsonify(error="The editor only accepts its own page's requests."), 415

    @app.after_request
    def headers(response):
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        return response


def _answer(editor: Editor, work: Callable[[], Any]) -> Any:
    """The JSON answer of a request's work, or of what stopped it, in words the page shows."""
    from flask import jsonify

    from printgen.editing.web.page_words import PageError, page_message

    try:
        return jsonify(work())
    except TooLarge as large:
        return _too_large(large.limit)
    except BadRequest:
        return jsonify(error="The editor could not read this request, so nothing was changed. Reload the page "
                             "and try again."), 400
    except PageError as error:
        return jsonify(error.answer()), error.status
    except StaleError:
        return jsonify(error="The deck's file changed while this was being saved. Reload the page to see the "
                             "change, then make yours again.", stale=True), 409
    except UserError as error:
        return jsonify(error=page_message(error, editor.folder), card=None, field=error.where.field), 400


def _capped(limit: int) -> bytes:
    """The request's body through the one bounded reader, whatever its transfer encoding (a
    stated length is weighed before the stream is touched: the web library refuses one past its
    own, larger cap there in words about pictures)."""
    from flask import request

    stated = request.content_length
    if stated is not None and stated > limit:
        raise TooLarge(limit)
    return read_capped(request.stream, stated, limit)


def _body(route: str) -> dict[str, Any]:
    return read_body(_capped(MAX_REQUEST), route)


def _too_large(limit: int | None) -> Any:
    """413: a picture larger than any card needs, or a request far larger than a deck's changes."""
    from flask import jsonify

    from printgen.editing.web.uploads import MAX_UPLOAD

    if limit == MAX_REQUEST:
        return jsonify(error="The page sent far more than a deck's changes, so nothing was changed."), 413
    return jsonify(error=f"The file is larger than {MAX_UPLOAD // 1_000_000} MB, more than any card picture "
                         "needs. Save a smaller copy of it (about 1000 x 1000 pixels) and choose that."), 413


def _page_routes(app: Flask, editor: Editor) -> None:
    """The page itself, and the PDFs a build made for it."""
    from flask import abort, render_template, send_from_directory

    from printgen.editing.web.page_words import PageError

    @app.get("/")
    def index():
        try:                            # a deck.yaml broken outside the page: the page still opens, to say so
            title = editor.source().data.get("title", editor.folder.name)
        except PageError:
            import re

            try:
                text = deck_bytes(editor.folder).decode("utf-8", "replace")
            except UserError:
                text = ""
            found = re.search(r"(?m)^title:[ \t]*[\"']?([^\"'#\n]+?)[\"']?[ \t]*(?:#.*)?$", text)
            title = found.group(1) if found else editor.folder.name
        return render_template("editor.html", token=editor.token, title=title)

    @app.get("/pdf/<name>")
    def pdf(name: str):
        if not name.endswith(".pdf"):
            abort(404)
        return send_from_directory(editor.out.resolve() / editor.folder.name, name, mimetype="application/pdf")

    @app.get("/exported/<path:name>")
    def exported(name: str):
        from printgen.editing.web.webexport import exported_file

        if exported_file(editor.out, editor.folder.name, name) is None:
            abort(404)
        return send_from_directory(editor.out.resolve() / editor.folder.name, name)


def _api_routes(app: Flask, editor: Editor) -> None:
    """What the page asks of the deck: its cards, a preview, a save, a picture, a build. Changes take
    turns under the editor's lock."""
    from flask import request

    from printgen.editing.web import webbuild, webdeck, webexport
    from printgen.editing.web.merge import Changes
    from printgen.editing.web.uploads import MAX_UPLOAD, store_picture

    @app.get("/api/deck")
    def api_deck():
        return _answer(editor, lambda: webdeck.deck_json(editor.source()))

    @app.post("/api/preview")
    def api_preview():
        def work():
            sent = _body("preview")
            return webdeck.preview(editor.source(), sent.get("card", ""), Changes.read(sent))
        return _answer(editor, work)

    @app.post("/api/save")
    def api_save():
        def work():
            sent = _body("save")
            with editor.lock:
                return webdeck.save(editor.source(), Changes.read(sent), sent.get("version"))
        return _answer(editor, work)

    @app.post("/api/picture")
    def api_picture():
        name, card = request.args.get("file", ""), request.args.get("card", "")

        def work():
            data = _capped(MAX_UPLOAD)
            with editor.lock:
                return {"value": store_picture(editor.folder, data, name, card)}
        return _answer(editor, work)

    @app.post("/api/build")
    def api_build():
        def work():
            sent = _body("build")
            with editor.lock:
                return webbuild.build(editor.folder, editor.out, sent)
        return _answer(editor, work)

    @app.post("/api/export")
    def api_export():
        def work():
            sent = _body("export")
            with editor.lock:
                return webexport.export(editor.folder, editor.out, sent)
        return _answer(editor, work)


def _error_pages(app: Flask) -> None:
    """A request past the web library's size cap, and a bug behind a request, answered as the page
    expects: JSON with a message it can show (not the web library's HTML page)."""
    from flask import jsonify

    @app.errorhandler(413)
    def past_the_library_cap(_error):
        return _too_large(None)

    @app.errorhandler(Exception)
    def internal(error):
        """The terminal gets one line (the traceback only with PRINTGEN_DEBUG)."""
        from werkzeug.exceptions import HTTPException

        if isinstance(error, HTTPException):
            return error
        summary = f"{type(error).__name__}: {error}"[:300]
        if os.environ.get("PRINTGEN_DEBUG", "").strip() not in ("", "0"):
            app.logger.exception("internal problem")
        else:
            print(f"error: the editor stopped on an internal problem ({summary}); please report it", file=sys.stderr)
        return jsonify(error=f"printgen stopped on an internal problem ({summary}), so nothing was changed. Please "
                             "report it; reloading the page may help meanwhile."), 500


def make_server(ref: str | Path | None, host: str = "127.0.0.1", port: int = 8765, out: Path = Path("output")):
    """The editor for one deck and a threaded Werkzeug server for it, not yet serving."""
    from werkzeug.serving import make_server as werkzeug_server

    from printgen.editing.copying import DECK, refuse_shipped

    folder = _deck_folder(ref)
    refuse_shipped(folder, "editing it in the browser", ("printgen", "serve", DECK))
    editor = Editor(folder, Path(out))
    DeckSource(folder)                        # a deck.yaml that cannot be read is refused before serving
    app = create_app(editor)
    listening = _listen(host, port)
    try:                  # the server uses its own copy of the socket
        server = werkzeug_server(host, port, app, threaded=True, fd=listening.fileno())
    finally:
        listening.close()
    real_port = server.server_port = server.port
    names = {host, "127.0.0.1", "localhost"} if host in LOOPBACK else {host}
    editor.hosts = {f"[{n}]:{real_port}" if ":" in n else f"{n}:{real_port}" for n in names}   # [::1]:8765
    return editor, server


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on host:port, opened here rather than by the web library, which on a
    port in use prints its own text and ends the program (exit status 1): a port in use, a host
    that is not this computer's, or one that does not exist is said as one error."""
    from werkzeug.serving import get_sockaddr, select_address_family

    where = f"{host}:{port}"
    try:
        family = select_address_family(host, port)
        address = get_sockaddr(host, port, family)
        listening = socket.socket(family, socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise UserError(f"cannot listen on {where}: there is no such address ({_reason(exc)})",
                        hint="leave out --host to let only this computer in") from None
    try:
        if os.name != "nt":           # on Windows this would let a second server take the port
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(address)
        listening.listen(128)
    except OSError as exc:
        listening.close()
        if isinstance(exc, socket.gaierror):
            raise UserError(f"cannot listen on {where}: there is no such address ({_reason(exc)})",
                            hint="leave out --host to let only this computer in") from None
        if exc.errno == errno.EADDRINUSE:
            hint = f"another program (or another printgen serve) uses port {port}: add --port {port + 1 if port else 0}"
        elif exc.errno == errno.EACCES:
            hint = "ports below 1024 are kept for the system: choose one above it, such as --port 8765"
        elif exc.errno == errno.EADDRNOTAVAIL:
            hint = "that address is not one of this computer's: leave out --host to let only this computer in"
        else:
            hint = "choose another port with --port, or leave out --host"
        raise UserError(f"cannot listen on {where} ({_reason(exc)})", hint=hint) from None
    return listening


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def _deck_folder(ref: str | Path | None) -> Path:
    if ref is None:
        if (Path.cwd() / "deck.yaml").is_file():
            return Path.cwd()
        raise UserError("which deck? give its folder, or run printgen serve inside it", hint=serve_hint(Path.cwd()))
    return find_deck(str(ref))


def serve_hint(here: Path) -> str:
    """What to type when no deck was named: a deck folder of the current folder, when there is one
    (a shipped deck is never served: it is printgen's own copy), else the command that makes a copy
    of one to edit."""
    from printgen.editing.copying import copy_command, is_shipped
    from printgen.editing.scaffold import command_line
    from printgen.model.load import shipped_decks

    try:
        folders = sorted(p for p in here.iterdir() if p.is_dir() and not p.name.startswith(".")
                         and (p / "deck.yaml").is_file() and not is_shipped(p))
    except OSError:
        folders = []
    if folders:
        others = [p.name for p in folders[1:4]]
        also = f" (or {', '.join(others)}{' ...' if len(folders) > 4 else ''})" if others else ""
        first = folders[0].name
        return f"for the deck in the folder {first}: {command_line('printgen', 'serve', first)}{also}"
    shipped = [p.name for p in shipped_decks()]
    model = "cromwell" if "cromwell" in shipped else shipped[0] if shipped else None
    if model is None:
        return (f"make a deck first: {command_line('printgen', 'new', 'my-deck')}, then "
                f"{command_line('printgen', 'serve', 'my-deck')}")
    return (f"make your own copy of a deck that comes with printgen, then edit it: {copy_command(model)}, then "
            f"{command_line('printgen', 'serve', 'my-' + model)} (the decks that come with printgen: "
            f"{', '.join(shipped)})")


def run_server(ref: str | None, *, host: str, port: int, out: Path, open_browser: bool) -> None:
    """Serve until Ctrl-C."""
    import logging

    import click

    logging.getLogger("werkzeug").setLevel(logging.WARNING)     # no line per request on the teacher's screen
    editor, server = make_server(ref, host, port, out)
    shown = "127.0.0.1" if host in ("127.0.0.1", "0.0.0.0") else f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{server.server_port}/"
    click.echo(f"editing {editor.folder / 'deck.yaml'} at {url}  (Ctrl-C to stop)")
    if host not in LOOPBACK:
        click.secho(f"warning: listening on {host}: other computers on the network can reach this page", fg="yellow",
                    err=True)
    if open_browser:
        import webbrowser

        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        server.serve_forever()
    finally:
        server.server_close()
