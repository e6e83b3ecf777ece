"""The web editor (`printgen serve`) driven in a real headless Chromium, and its safety rules.

The browser is the system's (Debian's chromium and chromium-driver, installed by the README's
test set-up): Selenium is given both paths, so nothing is downloaded at test time.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import DECKS

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1400,1000"]


def comments(text: str) -> list[str]:
    return [m.group(0).strip() for m in re.finditer(r"(?m)(^\s*#.*$|\s#\s.*$)", text)]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A scratch Cromwell deck served on a free port of 127.0.0.1, in this process."""
    from printgen.editor.server import make_server

    root = tmp_path_factory.mktemp("serve")
    folder = root / "cromwell"
    shutil.copytree(DECKS / "cromwell", folder)
    editor, server = make_server(str(folder), "127.0.0.1", 0, root / "out")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield editor, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        message = ("the editor is tested in a real Chromium: install it first "
                   "(Debian/Ubuntu: apt-get install chromium chromium-driver; see the README's set-up)")
        if sys.platform.startswith("linux"):
            pytest.fail(message)
        pytest.skip(message)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS + [f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    driver.set_script_timeout(20)
    yield driver
    driver.quit()


def wait_for(condition, timeout: float = 15.0, what: str = "the page"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.03)
    raise AssertionError(f"timed out waiting for {what}")


def post(url: str, body: dict, token: str | None, host: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["X-Printgen-Token"] = token
    if host is not None:
        headers["Host"] = host
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        data = error.read()
        try:
            return error.code, json.loads(data)
        except ValueError:
            return error.code, {"body": data.decode("utf-8", "replace")}


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_edit_preview_save_and_build_in_chromium(served, browser, tmp_path):
    from pypdf import PdfReader
    from selenium.webdriver.common.by import By

    editor, url = served
    deck_file = editor.folder / "deck.yaml"
    original = deck_file.read_text(encoding="utf-8")
    browser.get(url + "/")
    find = browser.find_element
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, '#cards button[data-card="henry-viii"]'), what="the cards")
    find(By.CSS_SELECTOR, '#cards button[data-card="henry-viii"]').click()
    wait_for(lambda: find(By.ID, "card-name").text == "Henry VIII" and find(By.ID, "preview").get_attribute("data-sequence"),
             what="Henry VIII's preview")
    before = find(By.ID, "preview").get_attribute("src")
    assert before.startswith("data:image/png;base64,")

    typed = "Six wives, Henry's Rome <script>window.pwned=1</script> & the Church of England."
    caption = find(By.ID, "field-caption")
    caption.clear()
    caption.send_keys(typed)
    typed_at = time.monotonic()
    wait_for(lambda: find(By.ID, "preview").get_attribute("src") != before
             and find(By.ID, "preview").get_attribute("class") == "", what="the new preview")
    seconds = time.monotonic() - typed_at
    assert seconds < 3.0, f"the preview took {seconds:.2f} s"     # about 0.3 s on an idle machine
    # the caption is shown as the characters typed, and its <script> never ran
    item = find(By.CSS_SELECTOR, '#cards button[data-card="henry-viii"] .caption')
    assert item.text == typed
    assert browser.execute_script("return window.pwned === undefined && "
                                  "![...document.scripts].some(s => s.textContent.includes('pwned'))")
    assert find(By.ID, "card-error").get_attribute("hidden") is not None
    assert deck_file.read_text(encoding="utf-8") == original, "nothing is written before Save"

    # an invalid value: the page says what the command line says, and Save writes nothing
    reign = find(By.ID, "field-reign")
    reign.clear()
    reign.send_keys("1547-1509")
    box = wait_for(lambda: find(By.ID, "card-error").text, what="the error")
    broken = tmp_path / "cromwell"
    shutil.copytree(editor.folder, broken)
    (broken / "deck.yaml").write_text(original.replace("reign: 1509-1547", "reign: 1547-1509"), encoding="utf-8")
    cli = subprocess.run([sys.executable, "-m", "printgen", "build", str(broken), "--out", str(tmp_path / "o")],
                         capture_output=True, text=True, timeout=120)
    said = cli.stderr.split("error: ", 1)[1].split("\n  nothing was written")[0].replace(str(broken), str(editor.folder))
    assert box == said
    find(By.ID, "save").click()
    wait_for(lambda: "Not saved" in find(By.ID, "status").text, what="the refusal")
    assert deck_file.read_text(encoding="utf-8") == original
    reign.clear()
    reign.send_keys("1509-1547")
    wait_for(lambda: find(By.ID, "card-error").get_attribute("hidden") is not None, what="the error to go")

    find(By.ID, "save").click()
    wait_for(lambda: find(By.ID, "status").text.startswith("Saved."), what="the save")
    saved = deck_file.read_text(encoding="utf-8")
    stored = "Six wives, Henry\u2019s Rome <script>window.pwned=1</script> & the Church of England."
    assert f'    caption: "{stored}"' in saved
    assert comments(saved) == comments(original)
    assert (editor.folder / "deck.yaml.bak").read_text(encoding="utf-8") == original

    find(By.ID, "build").click()
    wait_for(lambda: find(By.ID, "status").text.startswith("The PDF is ready"), timeout=60, what="the build")
    link = find(By.ID, "pdf").get_attribute("href")
    code, pdf = get(link)
    assert code == 200 and pdf.startswith(b"%PDF")
    built = editor.out / "cromwell" / "cromwell-cards.pdf"
    assert pdf == built.read_bytes()
    text = "".join("".join(page.extract_text() or "" for page in PdfReader(built).pages).split())
    assert "".join(stored.split()) in text        # wrapped over lines: compared without the spaces


def test_requests_without_the_token_change_nothing(served):
    editor, url = served
    deck_file = editor.folder / "deck.yaml"
    before = deck_file.read_bytes()
    version = json.loads(get(url + "/api/deck")[1])["version"]
    edit = {"version": version, "edits": {"john": {"caption": "Written by another site."}}}
    for token in (None, "", "not-the-token"):
        code, body = post(url + "/api/save", edit, token)
        assert code == 403 and "token" in body["error"], (code, body)
    code, _ = post(url + "/api/build", {}, None)
    assert code == 403
    # the right token at another address (a rebound DNS name) is refused too
    code, _ = post(url + "/api/save", edit, editor.token, host="attacker.example:80")
    assert code == 403
    assert deck_file.read_bytes() == before
    # the only path a request names is a built PDF's, and it cannot leave the output folder
    for path in ("/pdf/..%2Fcromwell%2Fdeck.yaml", "/pdf/../deck.yaml", "/pdf/%2Fetc%2Fpasswd.pdf",
                 "/pdf/..%2F..%2Fcromwell%2Fdeck.yaml.pdf"):
        code, body = get(url + path)
        assert code == 404 and b"Cromwell" not in body, path


def test_a_second_save_from_the_same_version_is_told_to_reload(served):
    editor, url = served
    deck_file = editor.folder / "deck.yaml"
    version = json.loads(get(url + "/api/deck")[1])["version"]
    first = {"version": version, "edits": {"john": {"caption": "First tab's words."}}}
    second = {"version": version, "edits": {"richard-i": {"caption": "Second tab's words."}}}
    code, body = post(url + "/api/save", first, editor.token)
    assert code == 200 and body["version"] != version
    code, body = post(url + "/api/save", second, editor.token)
    assert code == 409 and body["stale"] and "reload" in body["error"]
    text = deck_file.read_text(encoding="utf-8")
    assert "First tab\u2019s words." in text and "Second tab" not in text
    second["version"] = json.loads(get(url + "/api/deck")[1])["version"]     # after reloading
    code, body = post(url + "/api/save", second, editor.token)
    assert code == 200
    text = deck_file.read_text(encoding="utf-8")
    assert "First tab\u2019s words." in text and "Second tab\u2019s words." in text
