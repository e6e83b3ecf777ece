"""The web editor as a door for bad input (issue 24, items 3 and 4).

Whatever a request's body holds (a bare string, JSON of the wrong shape, brackets nested 200,000
deep, bytes that are not text), the editor answers one JSON message with status 400, changes
nothing in the deck folder, and prints no traceback on the terminal; a bug behind a request is a
JSON answer and one line on the terminal. A value typed in a box is said of its card and box:
a YAML tag, an alias bomb or a shared value in the ability box, an invisible character in a
text box. `printgen serve` on a port another program holds is one 'error:' line and exit 2.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from badinput import assert_refused, run_limited, snapshot
from conftest import DECKS, ROOT

from printgen.editing.roundtrip import DeckSource
from printgen.editing.web.server import TOKEN_HEADER, Editor, create_app

SECONDS = 5.0        # what one refused request may take


@pytest.fixture
def editor(tmp_path):
    """A scratch Coppertwaddle deck (it has ability records) behind the editor's application."""
    folder = tmp_path / "coppertwaddle"
    shutil.copytree(DECKS / "coppertwaddle", folder)
    editor = Editor(folder, tmp_path / "out")
    return editor, create_app(editor).test_client()


def _post(editor_client, path: str, body: bytes | str) -> tuple[int, dict, float]:
    editor, client = editor_client
    data = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else body
    started = time.perf_counter()
    answer = client.post(path, data=data, headers={TOKEN_HEADER: editor.token}, content_type="application/json")
    seconds = time.perf_counter() - started
    assert answer.is_json, f"{path}: not a JSON answer ({answer.status_code}): {answer.get_data(as_text=True)[:300]}"
    return answer.status_code, answer.get_json(), seconds


DEEP = "[" * 200_000 + "]" * 200_000
BODIES = {
    "a bare string": '"just a string"',
    "a number": "12",
    "null": "null",
    "a list": '[{"edits": {}}]',
    "not JSON": "{edits: nothing}",
    "not text": b'{"card": "\xff\xfe"}',
    "200,000 brackets": DEEP,
    "180,000 braces": '{"":' * 180_000 + "1" + "}" * 180_000,
    "brackets deep inside a value": '{"card": ' + DEEP + "}",
    "edits as a list": '{"edits": [1, 2]}',
    "a value that is a number": '{"edits": {"father-time": {"power": 9}}}',
    "a card's values as a string": '{"edits": {"father-time": "power"}}',
    "deleted as a string": '{"deleted": "father-time"}',
    "the card as a record": '{"card": {"id": "father-time"}}',
    "the version as a list": '{"version": [1]}',
    "a key the page never sends": '{"edits": {}, "files": ["/etc/passwd"]}',
    "the paper as a number": '{"paper": 4}',
    "a print choice as a list": '{"imposition": ["single"]}',
}


@pytest.mark.parametrize("path", ["/api/preview", "/api/save", "/api/build"])
@pytest.mark.parametrize("what", list(BODIES))
def test_a_body_not_shaped_as_the_page_sends_is_a_400_and_changes_nothing(editor, capfd, path, what):
    before = snapshot(editor[0].folder)
    status, answer, seconds = _post(editor, path, BODIES[what])
    assert status == 400, (status, answer)
    assert "could not read this request" in answer["error"] and "nothing was changed" in answer["error"]
    assert seconds < SECONDS
    assert snapshot(editor[0].folder) == before
    assert not (editor[0].out).exists(), "a refused build request wrote output"
    printed = capfd.readouterr()
    assert "Traceback" not in printed.err + printed.out and "RecursionError" not in printed.err


def test_a_bug_behind_a_request_is_a_json_answer_and_one_line_on_the_terminal(editor, capfd, monkeypatch):
    from printgen.editing.web import webdeck

    def broken(*args, **kwargs):
        raise ZeroDivisionError("forced for the test")

    monkeypatch.setattr(webdeck, "preview", broken)
    monkeypatch.delenv("PRINTGEN_DEBUG", raising=False)
    status, answer, _ = _post(editor, "/api/preview", '{"card": "father-time"}')
    assert status == 500 and "internal problem (ZeroDivisionError: forced for the test)" in answer["error"]
    printed = capfd.readouterr().err
    assert "Traceback" not in printed
    assert [line for line in printed.splitlines() if line.strip()] == [
        "error: the editor stopped on an internal problem (ZeroDivisionError: forced for the test); please report it"]


BOMB = "{" + ", ".join([f"l0: &l0 [{', '.join(['x'] * 9)}]"] + [
    f"l{k}: &l{k} [{', '.join([f'*l{k - 1}'] * 9)}]" for k in range(1, 8)]) + "}"


@pytest.mark.parametrize("field, value, says", [
    ("ability", "{use: !!binary aGVsbG8=, cost: cover_self}", "'!!binary' is a YAML tag"),
    ("ability", "!!python/object/apply:os.system ['true']", "is a YAML tag"),
    ("ability", BOMB, "repeat values more than 100,000 times"),
    ("ability", "{use: ability, cost: &c cover_self, effects: [{do: draw, amount: 1}]}",
     "names or uses a shared value"),
    ("flavour", "A mountain\x00 of a man.", "U+0000 (NUL)"),
    ("flavour", "A mountain \u202eof a man.", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
])
@pytest.mark.parametrize("path", ["/api/preview", "/api/save"])
def test_a_bad_value_in_a_box_is_said_of_its_card_and_box(editor, capfd, path, field, value, says):
    source = DeckSource(editor[0].folder)
    card = next(c for c in source.cards if c.id == "father-time")
    body = {"edits": {card.id: {field: value}}, "base": {card.id: card.values}, "added": {}, "deleted": []}
    body.update({"card": card.id} if path == "/api/preview" else {"version": source.version})
    before = snapshot(editor[0].folder)
    status, answer, seconds = _post(editor, path, json.dumps(body))
    assert status == 400, answer
    assert answer["card"] == card.id and answer["field"] == field, answer
    assert answer["error"].startswith(f"Father Time, the {field.capitalize()} box:"), answer["error"]
    assert says in answer["error"]
    for wrong in ("deck.yaml", "line 1", "deck's file"):
        assert wrong not in answer["error"], answer["error"]
    assert seconds < SECONDS and snapshot(editor[0].folder) == before
    assert "Traceback" not in capfd.readouterr().err


def test_a_bad_value_in_a_new_cards_box_is_said_of_that_card(editor):
    source = DeckSource(editor[0].folder)
    body = {"version": source.version, "edits": {}, "base": {}, "deleted": [],
            "added": {"new-1": {"name": "Zed", "kind": "Noble Threlm", "power": "3", "ability": BOMB}}}
    status, answer, _ = _post(editor, "/api/save", json.dumps(body))
    assert status == 400 and answer["card"] == "new-1" and answer["field"] == "ability", answer
    assert answer["error"].startswith("Zed, the Ability box:"), answer["error"]


def test_serve_on_a_port_another_program_holds_is_one_error_and_exit_2(tmp_path):
    shutil.copytree(DECKS / "cromwell", tmp_path / "mine")
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        outcome = run_limited(["serve", "mine", "--port", str(port), "--no-browser"], tmp_path, time_limit=30)
    finally:
        holder.close()
    assert_refused(outcome, says=[f"cannot listen on 127.0.0.1:{port}", "address already in use",
                                  f"--port {port + 1}"], time_limit=30)
    assert len([line for line in outcome.err.splitlines() if line.startswith("error:")]) == 1
    assert "is in use by another program" not in outcome.err        # the web library's own words


@pytest.mark.parametrize("host, says", [("203.0.113.9", "not one of this computer's"),
                                        ("no-such-host.invalid", "there is no such address")])
def test_serve_on_an_address_that_is_not_this_computers_is_one_error(tmp_path, host, says):
    shutil.copytree(DECKS / "cromwell", tmp_path / "mine")
    outcome = run_limited(["serve", "mine", "--host", host, "--port", "0", "--no-browser"], tmp_path, time_limit=30)
    assert_refused(outcome, says=[f"cannot listen on {host}:0", says], time_limit=30)


def test_a_running_server_answers_deep_nesting_without_a_traceback_on_its_terminal(tmp_path):
    """The report's case end to end: `printgen serve` in a process of its own, 200,000 brackets
    posted to it over HTTP, its terminal read afterwards."""
    shutil.copytree(DECKS / "cromwell", tmp_path / "mine")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PRINTGEN_DEBUG", None)
    server = subprocess.Popen([sys.executable, "-m", "printgen", "serve", "mine", "--port", "0", "--no-browser"],
                              cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = re.search(r"at (http://\S+/)", server.stdout.readline()).group(1)
        page = urllib.request.urlopen(url, timeout=20).read().decode()
        token = re.search(r'name="printgen-token" content="([^"]+)"', page).group(1)
        before = snapshot(tmp_path / "mine")
        for path in ("/api/save", "/api/preview", "/api/build"):
            request = urllib.request.Request(url.rstrip("/") + path, data=DEEP.encode(), method="POST",
                                             headers={"Content-Type": "application/json", TOKEN_HEADER: token})
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=20)
            assert refused.value.code == 400
            assert "could not read this request" in json.loads(refused.value.read())["error"]
        assert snapshot(tmp_path / "mine") == before
    finally:
        server.terminate()
        _, err = server.communicate(timeout=20)
    assert "Traceback" not in err and "RecursionError" not in err and "ERROR" not in err, err


# --- issue 24 follow-up: the body cap whatever the transfer encoding; bounded work; the page's words ---

@pytest.fixture
def running(tmp_path):
    """`printgen serve` on a scratch Cromwell deck, in a thread of this process: (editor, host:port)."""
    import threading

    from printgen.editing.web.server import make_server

    shutil.copytree(DECKS / "cromwell", tmp_path / "mine")
    editor, server = make_server(str(tmp_path / "mine"), "127.0.0.1", 0, tmp_path / "out")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield editor, f"127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def _chunked(editor, address: str, path: str, chunks, *, finish: bool = True) -> tuple[int, bytes, float]:
    """POST `chunks` with Transfer-Encoding: chunked over a socket of our own (no length stated),
    then read the answer: (status, body, seconds from the last chunk sent to the answer)."""
    host, port = address.split(":")
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        conn.sendall((f"POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n"
                      f"{TOKEN_HEADER}: {editor.token}\r\nTransfer-Encoding: chunked\r\n\r\n").encode())
        for chunk in chunks:
            conn.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        if finish:
            conn.sendall(b"0\r\n\r\n")
        started = time.perf_counter()
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer) < answer.index(b"\r\n\r\n") + 4 + _length(answer):
            piece = conn.recv(65536)
            if not piece:
                break
            answer += piece
        seconds = time.perf_counter() - started
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body, seconds


def _length(answer: bytes) -> int:
    found = re.search(rb"(?i)\r\ncontent-length: *(\d+)", answer)
    return int(found.group(1)) if found else 0


def test_a_chunked_body_past_the_cap_is_refused_at_once_without_waiting_for_the_rest(running):
    """The review's case: a body sent in chunks states no length, and slipped past the 1 MB cap (18 MB
    read, merged and answered at 57 MB after 44 s). Now it is read only up to the cap: 1.2 MB sent and
    the rest never sent, the answer is 413 at once (the old server waited for the rest)."""
    editor, address = running
    before = snapshot(editor.folder)
    edit = b'"fake-%d": {"caption": "x"}, '
    chunk = b'{"edits": {' + b"".join(edit % n for n in range(20_000))
    chunks = [chunk] + [b"".join(edit % n for n in range(k, k + 20_000)) for k in range(20_000, 60_000, 20_000)]
    assert sum(map(len, chunks)) > 1_200_000
    status, body, seconds = _chunked(editor, address, "/api/save", chunks, finish=False)
    assert status == 413, body[:300]
    assert "far more than a deck's changes" in json.loads(body)["error"]
    assert seconds < SECONDS and len(body) < 1000
    assert snapshot(editor.folder) == before
    status, body, _ = _chunked(editor, address, "/api/save", [b'{"edits": {}}'])     # the server still answers
    assert status == 200, body


def test_a_chunked_body_within_the_cap_is_read_whole(running):
    editor, address = running
    source = DeckSource(editor.folder)
    john = next(c for c in source.cards if c.id == "john")
    sent = json.dumps({"version": source.version, "edits": {"john": {"caption": "Sent in three chunks."}},
                       "base": {"john": john.values}}).encode()
    status, body, _ = _chunked(editor, address, "/api/save", [sent[:10], sent[10:40], sent[40:]])
    assert status == 200 and json.loads(body)["saved"] == 1, body
    assert "Sent in three chunks." in (editor.folder / "deck.yaml").read_text(encoding="utf-8")


class _Counted(io.RawIOBase):
    """An endless request body that counts what was read of it."""

    def __init__(self):
        self.read_bytes = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        size = min(len(buffer), 1 << 16)
        buffer[:size] = b"\0" * size
        self.read_bytes += size
        return size


@pytest.mark.parametrize("path, cap, says", [("/api/save", 1_000_000, "far more than a deck's changes"),
                                             ("/api/picture?card=Father%20Time&file=a.png", 20 * 1024 * 1024,
                                              "larger than 20 MB")])
def test_a_body_of_no_stated_length_is_read_only_up_to_its_routes_cap(editor, path, cap, says):
    """A body whose length is not stated (chunked: the server ends the stream) is read through the
    same bounded reader: an endless one is refused once past the cap, a picture's included."""
    from werkzeug.test import EnvironBuilder, run_wsgi_app

    ed, client = editor
    body = _Counted()
    kind = "application/json" if "save" in path else "application/octet-stream"
    environ = EnvironBuilder(path=path.split("?")[0], query_string=path.partition("?")[2], method="POST",
                             content_type=kind, headers={TOKEN_HEADER: ed.token}).get_environ()
    environ.pop("CONTENT_LENGTH", None)          # as a chunked request comes: no length, the server ends it
    environ.update({"wsgi.input": io.BufferedReader(body), "wsgi.input_terminated": True})
    chunks, status, _ = run_wsgi_app(client.application, environ)
    answer = json.loads(b"".join(chunks))
    assert status.startswith("413") and says in answer["error"], (status, answer)
    assert cap < body.read_bytes <= cap + (1 << 17), body.read_bytes
    assert not (ed.folder / "art").exists()


def _save(editor_client, body: dict) -> tuple[int, dict, float]:
    return _post(editor_client, "/api/save", json.dumps(body))


def test_a_box_the_deck_does_not_have_is_said_as_the_pages_not_the_files(editor):
    """A field that came from the request is the page's: its card and box, never 'deck.yaml'."""
    source = DeckSource(editor[0].folder)
    before = snapshot(editor[0].folder)
    for body in ({"edits": {"father-time": {"nosuchfield": "x"}}},
                 {"edits": {"father-time": {"nosuchfield": "x"}}, "version": source.version},
                 {"added": {"new-1": {"name": "Zed", "nosuchfield": "x"}}, "version": source.version}):
        status, answer, seconds = _save(editor, body)
        key = next(iter(body.get("edits") or body["added"]))
        assert status == 400 and answer["card"] == key and answer["field"] == "nosuchfield", answer
        assert answer["error"].startswith(("Father Time:", "Zed:")), answer["error"]
        assert "nosuchfield" in answer["error"] and "nothing was changed" in answer["error"]
        for wrong in ("deck.yaml", "deck's file", "changed outside this page", "Mend it"):
            assert wrong not in answer["error"], answer["error"]
        assert seconds < SECONDS
    assert snapshot(editor[0].folder) == before


def test_edits_naming_cards_the_deck_does_not_have_are_refused_early_and_briefly(editor):
    """Cards the deck never had are not answered with a conflict apiece: with the deck's file as the
    page loaded it (its version) or without the values the page loaded (the page always sends them),
    the first unknown card refuses the request; more cards than any deck, at once."""
    source = DeckSource(editor[0].folder)
    before = snapshot(editor[0].folder)
    fake = {f"fake-{n}": {"flavour": "x"} for n in range(3000)}
    bases = {key: {"name": f"Fake {n}"} for n, key in enumerate(fake)}
    for body in ({"edits": fake, "version": source.version, "base": bases},
                 {"edits": fake, "version": "an older version"},
                 {"deleted": list(fake), "version": source.version}):
        status, answer, seconds = _save(editor, body)
        assert status == 400 and "a card this deck does not have (\u2018fake-0\u2019)" in answer["error"], answer
        assert len(json.dumps(answer)) < 1000 and seconds < SECONDS
    fake = {f"fake-{n}": {"flavour": "x"} for n in range(6000)}
    status, answer, seconds = _save(editor, {"edits": fake, "version": source.version})
    assert status == 400 and "more than a deck may have (5,000)" in answer["error"], answer
    assert len(json.dumps(answer)) < 1000 and seconds < SECONDS
    assert snapshot(editor[0].folder) == before


def test_cards_deleted_elsewhere_are_conflicts_answered_in_proportion_to_the_request(editor):
    """With an older version and the values the page loaded, a card the deck lacks may have been
    deleted in another window: a conflict each, said in the message for the first few only."""
    fake = {f"fake-{n}": {"flavour": "x"} for n in range(3000)}
    body = {"edits": fake, "version": "an older version",
            "base": {key: {"name": f"Fake {n}"} for n, key in enumerate(fake)}}
    status, answer, seconds = _save(editor, body)
    assert status == 409 and len(answer["conflicts"]) == 3000, answer["error"][:300]
    assert answer["error"].count("was deleted in another window") == 5 and "And 2995 more" in answer["error"]
    assert len(json.dumps(answer)) < 2 * len(json.dumps(body)) and seconds < SECONDS


def test_a_yaml_tag_keeps_its_words_when_paths_are_taken_out_of_a_message(tmp_path):
    from printgen.editing.web.page_words import page_message
    from printgen.files.errors import UserError, Where

    folder = tmp_path / "deck"
    error = UserError("'!!python/object/apply:os.system' is a YAML tag; see /home/someone/decks/x/notes.txt "
                      f"and {folder}/art/john.png or C:\\Users\\me\\deck\\a.png", Where(card="John", field="caption"))
    said = page_message(error, folder)
    assert "'!!python/object/apply:os.system' is a YAML tag" in said, said
    assert "see notes.txt and art/john.png or a.png" in said, said
    assert "/home/" not in said and "Users" not in said


def test_a_new_name_far_too_long_is_said_of_its_card_by_its_beginning(editor):
    """The card of a value the page sent is found by the edit, not by the name the error gives it
    (the new name, which no card has yet): the page is told which card, and the name is clipped."""
    source = DeckSource(editor[0].folder)
    card = next(c for c in source.cards if c.id == "father-time")
    status, answer, _ = _save(editor, {"version": source.version, "edits": {card.id: {"name": "Y" * 20_000}},
                                       "base": {card.id: card.values}})
    assert status == 400 and answer["card"] == card.id and answer["field"] == "name", answer["error"][:200]
    assert answer["error"].startswith("Y" * 59 + "\u2026, the Name box: this text is 20,000 characters long")
    assert len(answer["error"]) < 500


@pytest.mark.parametrize("swap", ["pipe", "device"])
def test_a_deck_file_swapped_for_a_pipe_or_device_while_serving_is_said_not_waited_on(editor, swap):
    """The page re-reads deck.yaml when it changes: a deck.yaml replaced by a named pipe (reading it
    waits for ever) or a link to /dev/zero (it never ends) is refused at once, in the page's words."""
    import os

    ed, client = editor
    deck = ed.folder / "deck.yaml"
    deck.unlink()
    if swap == "pipe":
        os.mkfifo(deck)
    else:
        deck.symlink_to("/dev/zero")
    started = time.perf_counter()
    answer = client.get("/api/deck", headers={TOKEN_HEADER: ed.token})
    assert time.perf_counter() - started < SECONDS
    assert answer.status_code == 400 and answer.is_json, answer.get_data(as_text=True)[:300]
    said = str(answer.get_json())
    assert ("named pipe" in said) if swap == "pipe" else ("link to" in said and "outside" in said), said
    assert "Traceback" not in said


# --- a blank name typed in a box -------------------------------------------------------------------

def test_a_blank_name_in_the_web_editor_is_a_400_naming_the_card(tmp_path):
    folder = tmp_path / "cromwell"
    shutil.copytree(DECKS / "cromwell", folder)
    before = (folder / "deck.yaml").read_bytes()
    editor = Editor(folder, tmp_path / "out")
    client = create_app(editor).test_client()
    headers = {"X-Printgen-Token": editor.token}
    version = editor.source().version
    for url, body in (("/api/save", {"version": version, "edits": {"john": {"name": ""}}}),
                      ("/api/preview", {"card": "john", "edits": {"john": {"name": ""}}}),
                      ("/api/save", {"version": version, "edits": {"john": {"caption": "half \ud83d"}}})):
        answer = client.post(url, data=json.dumps(body), content_type="application/json", headers=headers)
        assert answer.status_code == 400, (url, answer.status_code, answer.get_data(as_text=True)[:500])
        data = answer.get_json()
        assert data["card"] == "john", data                  # the card's key on the page, to show it
    said = client.post("/api/save", json={"version": version, "edits": {"john": {"name": ""}}},
                       headers=headers).get_json()["error"]
    # the page's words: the card and its box, what to do there; no YAML, no file, no line
    assert said == "John, the Name box: the name is blank, and every card needs one. Fill in the Name box.", said
    assert (folder / "deck.yaml").read_bytes() == before
