"""The web editor (`printgen serve`) driven in a real headless Chromium, and its safety rules.

The browser is the system's (Debian's chromium and chromium-driver, installed by the README's
test set-up): Selenium is given both paths, so nothing is downloaded at test time.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import DECKS, run_cli

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1400,1000"]


def comments(text: str) -> list[str]:
    return [m.group(0).strip() for m in re.finditer(r"(?m)(^\s*#.*$|\s#\s.*$)", text)]


@pytest.fixture
def served(tmp_path_factory):
    """A scratch Cromwell deck served on a free port of 127.0.0.1, in this process (a fresh one for
    each test; the browser is the module's one session)."""
    from printgen.editing.web.server import make_server

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
    wait_for(lambda: find(By.ID, "card-name").text == "Henry VIII"
             and find(By.ID, "preview").get_attribute("data-sequence"),
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

    # an invalid value: the page says what the command line says, of the card and its box (no file, no line),
    # and Save writes nothing
    reign = find(By.ID, "field-reign")
    reign.clear()
    reign.send_keys("1547-1509")
    box = wait_for(lambda: find(By.ID, "card-error").text, what="the error")
    broken = tmp_path / "cromwell"
    shutil.copytree(editor.folder, broken)
    (broken / "deck.yaml").write_text(original.replace("reign: 1509-1547", "reign: 1547-1509"), encoding="utf-8")
    cli = run_cli("build", str(broken), "--out", str(tmp_path / "o"))
    said = cli.err.split("error: ", 1)[1].split("\n  nothing was written")[0]
    assert "field 'reign': " in said, said
    assert box == "Henry VIII, the Reign box: " + said.split("field 'reign': ", 1)[1] + "."
    assert "deck.yaml" not in box and "line" not in box and str(editor.folder) not in box
    find(By.ID, "save").click()
    wait_for(lambda: "Not saved" in find(By.ID, "status").text, what="the refusal")
    assert deck_file.read_text(encoding="utf-8") == original
    reign.clear()
    reign.send_keys("1509-1547")
    wait_for(lambda: find(By.ID, "card-error").get_attribute("hidden") is not None, what="the error to go")

    # the lists in words: yes and no for a flag; the emblems of the deck's houses first, the others apart
    from selenium.webdriver.support.ui import Select

    assert [o.text for o in Select(find(By.ID, "field-in_play")).options] == ["(as usual: yes)", "yes", "no"]
    emblems = find(By.ID, "field-emblem")
    first = [o.text for o in emblems.find_elements(By.XPATH, "./option")]
    assert first[:3] == ["(none)", "helm", "bend"] and "rey-bastos" not in first
    assert "rey-bastos" in [o.text for o in emblems.find_elements(By.CSS_SELECTOR, "optgroup option")]
    assert [o.text for o in Select(find(By.ID, "duplex")).options] == [
        "Both sides, long edge", "Both sides, short edge", "One side: backs after fronts"]

    find(By.ID, "save").click()
    wait_for(lambda: find(By.ID, "status").text.startswith("Saved."), what="the save")
    assert find(By.ID, "status").text == ("Saved. A copy of the deck as it was before is kept in its folder, in case "
                                          "you want it back.")
    saved = deck_file.read_text(encoding="utf-8")
    stored = "Six wives, Henry\u2019s Rome <script>window.pwned=1</script> & the Church of England."
    assert f'    caption: "{stored}"' in saved
    assert comments(saved) == comments(original)
    assert (editor.folder / "deck.yaml.bak").read_text(encoding="utf-8") == original

    # Letter paper, turned on the short edge, as chosen on the page; a link to every PDF the build made;
    # a caption too long for its card (written meanwhile in deck.yaml) is a warning naming the card, marked in the list
    anne = "In her reign England"
    deck_file.write_text(saved.replace(anne, "A very long caption that goes on and on. " * 6 + anne), encoding="utf-8")
    Select(find(By.ID, "paper")).select_by_visible_text("Letter")
    Select(find(By.ID, "duplex")).select_by_value("short")
    find(By.ID, "build").click()
    wait_for(lambda: find(By.ID, "status").text.startswith("The PDFs are ready"), timeout=60, what="the build")
    assert find(By.ID, "status").text == ("The PDFs are ready: open them below. 2 warnings came with them, about Henry "
                                          "VIII and Anne (marked in the list of cards): they are said below the PDFs.")
    assert "warned" in find(By.CSS_SELECTOR, '#cards button[data-card="anne"]').get_attribute("class")
    warning = find(By.CSS_SELECTOR, '#build-warnings button[data-card="anne"]')
    assert warning.text.startswith("Anne, the Caption box: the text caption does not fit")
    warning.click()
    wait_for(lambda: find(By.ID, "card-name").text == "Anne", what="Anne, opened from her warning")
    summary = browser.execute_script("const d = document.getElementById('build-summary'); "
                                     "return [d.hidden, d.open, d.querySelector('pre').textContent];")
    assert summary[:2] == [False, False] and "on LETTER" in summary[2] and "duplex short" in summary[2], summary
    links = browser.find_elements(By.CSS_SELECTOR, "#pdfs a")
    assert [a.text for a in links] == ["The cards", "The rule sheet: Cromwell", "Cromwell table mat",
                                       "Cromwell score sheet"]
    for a in links:
        code, pdf = get(a.get_attribute("href"))
        assert code == 200 and pdf == (editor.out / "cromwell" / a.get_attribute("data-file")).read_bytes()
    built = editor.out / "cromwell" / "cromwell-cards.pdf"
    reader = PdfReader(built)
    assert [round(float(v)) for v in reader.pages[0].mediabox[2:]] == [612, 792]       # Letter
    assert json.loads((editor.out / "cromwell" / "cromwell-cards.json").read_text())["duplex"] == "short"
    text = "".join("".join(page.extract_text() or "" for page in reader.pages).split())
    assert "".join(stored.split()) in text        # wrapped over lines: compared without the spaces

    # folded sheets: the sides of the paper no longer apply (disabled, and said why), and the build's
    # folding advice is said on the page; the short edge chosen above is not sent with it
    Select(find(By.ID, "imposition")).select_by_value("gutter-fold")
    assert not find(By.ID, "duplex").is_enabled() and find(By.ID, "duplex-why").text.startswith("Folded sheets")
    find(By.ID, "build").click()
    advice = wait_for(lambda: [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#build-advice li")],
                      timeout=60, what="the gutter-fold build")
    assert advice[0].startswith("Print one-sided; fold each sheet on its dashed line"), advice
    assert json.loads((editor.out / "cromwell" / "cromwell-cards.json").read_text())["imposition"] == "gutter-fold"


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


def test_a_save_made_on_an_older_version_is_merged_and_only_the_same_value_conflicts(served):
    editor, url = served
    deck_file = editor.folder / "deck.yaml"
    deck = json.loads(get(url + "/api/deck")[1])
    values = {c["id"]: c["values"] for c in deck["cards"]}
    version = deck["version"]
    first = {"version": version, "edits": {"john": {"caption": "First tab's words."}},
             "base": {"john": values["john"]}}
    second = {"version": version, "edits": {"richard-i": {"caption": "Second tab's words."}},
              "base": {"richard-i": values["richard-i"]}}
    code, body = post(url + "/api/save", first, editor.token)
    assert code == 200 and body["version"] != version
    code, body = post(url + "/api/save", second, editor.token)      # another card: both kept
    assert code == 200, body
    text = deck_file.read_text(encoding="utf-8")
    assert "First tab\u2019s words." in text and "Second tab\u2019s words." in text
    # the same caption changed in both tabs: refused, saying both values, in two sentences and more
    third = {"version": version, "edits": {"john": {"caption": "Third tab's words."}},
             "base": {"john": values["john"]}}
    code, body = post(url + "/api/save", third, editor.token)
    assert code == 409 and not body["stale"], body
    assert body["conflicts"] == [{"card": "john", "name": "John", "field": "caption", "label": "Caption",
                                  "mine": "Third tab's words.", "theirs": "First tab\u2019s words.",
                                  "shown": {"mine": {"before": "", "marked": "Third", "after": " tab\u2019s words."},
                                            "theirs": {"before": "", "marked": "First",
                                                       "after": " tab\u2019s words."}}}]
    assert body["error"] == ("The caption of John was changed in another window (or another program) after this page "
                             "loaded it: there it is \u201c[First] tab\u2019s words.\u201d, here "
                             "\u201c[Third] tab\u2019s words.\u201d. Choose which to keep, then save again.")
    assert "Third" not in deck_file.read_text(encoding="utf-8")
    # keeping mine: the other value becomes the base, and the save goes through
    third["base"]["john"] = dict(values["john"], caption="First tab\u2019s words.")
    code, body = post(url + "/api/save", third, editor.token)
    assert code == 200 and "Third tab\u2019s words." in deck_file.read_text(encoding="utf-8")


def _phone_photo(path: Path) -> bytes:
    """A JPEG stored lying on its side (left half green, right half magenta) with EXIF orientation 6:
    upright, the green half is on top."""
    from PIL import Image

    image = Image.new("RGB", (600, 400), (0, 200, 0))
    image.paste((230, 0, 230), (300, 0, 600, 400))
    exif = Image.Exif()
    exif[0x0112] = 6
    image.save(path, "JPEG", quality=92, exif=exif.tobytes())
    return path.read_bytes()


def _where_colour(png: bytes, colour: tuple[int, int, int]) -> tuple[float, float, int]:
    """The centre (x, y) of the pixels of about this colour in an image, and how many there are."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    xs = ys = n = 0
    width, height = image.size
    pixels = image.load()
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            r, g, b = pixels[x, y]
            if abs(r - colour[0]) + abs(g - colour[1]) + abs(b - colour[2]) < 90:
                xs, ys, n = xs + x, ys + y, n + 1
    return (xs / n, ys / n, n) if n else (0.0, 0.0, 0)


def test_add_a_card_with_an_uploaded_photo_then_delete_one_in_chromium(served, browser, tmp_path):
    import base64

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    editor, url = served
    deck_file = editor.folder / "deck.yaml"
    original = deck_file.read_text(encoding="utf-8")
    photo = _phone_photo(tmp_path / "IMG_2041.JPG")
    browser.get(url + "/")
    find = browser.find_element
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, '#cards button[data-card="john"]'), what="the cards")
    # a card a rule sheet shows cannot be deleted, and the page says where it is shown
    find(By.CSS_SELECTOR, '#cards button[data-card="henry-vii"]').click()
    wait_for(lambda: find(By.ID, "card-name").text == "Henry VII", what="Henry VII")
    assert not find(By.ID, "delete").is_enabled()
    assert find(By.ID, "delete-note").text == ("The rule sheet 'Cromwell' shows this card as a picture, so it cannot "
                                               "be deleted here.")

    find(By.ID, "add").click()
    wait_for(lambda: find(By.ID, "card-name").text == "New card", what="the new card")
    find(By.ID, "field-name").send_keys("Matilda")
    Select(find(By.ID, "field-house")).select_by_visible_text("Normandy")
    find(By.ID, "field-reign").send_keys("1141")
    find(By.ID, "field-caption").send_keys("Lady of the English, never crowned.")
    find(By.ID, "upload-picture").send_keys(str(tmp_path / "IMG_2041.JPG"))
    wait_for(lambda: find(By.ID, "field-picture").get_attribute("value") == "art/matilda.jpg", what="the upload")
    assert (editor.folder / "art" / "matilda.jpg").read_bytes() == photo, "stored as it came, EXIF and all"
    wait_for(lambda: find(By.ID, "card-error").get_attribute("hidden") is not None
             and _where_colour(base64.b64decode(find(By.ID, "preview").get_attribute("src").split(",", 1)[1]),
                               (0, 200, 0))[2] > 50, what="the preview with the photo")
    png = base64.b64decode(find(By.ID, "preview").get_attribute("src").split(",", 1)[1])
    green, magenta = _where_colour(png, (0, 200, 0)), _where_colour(png, (230, 0, 230))
    assert green[2] > 50 and magenta[2] > 50
    assert green[1] < magenta[1] - 10 and abs(green[0] - magenta[0]) < 10, (green, magenta)    # upright
    # John deleted, in the same save
    find(By.CSS_SELECTOR, '#cards button[data-card="john"]').click()
    wait_for(lambda: find(By.ID, "card-name").text == "John", what="John")
    shown_before = find(By.ID, "preview").get_attribute("data-sequence")
    find(By.ID, "delete").click()
    assert "deleted" in find(By.CSS_SELECTOR, '#cards button[data-card="john"]').get_attribute("class")
    assert find(By.ID, "delete").text == "Keep this card"
    wait_for(lambda: find(By.ID, "preview").get_attribute("data-sequence") != shown_before, what="John still shown")
    assert find(By.ID, "card-error").get_attribute("hidden") is not None and "reload" not in find(By.ID, "status").text
    find(By.ID, "save").click()
    wait_for(lambda: find(By.ID, "status").text.startswith("Saved."), what="the save")
    text = deck_file.read_text(encoding="utf-8")
    assert "  - name: John\n" not in text and comments(text) == comments(original)
    assert text.endswith('\n\n  - name: Matilda\n    house: Normandy\n    reign: 1141\n    caption: "Lady of the '
                         'English, never crowned."\n    picture: art/matilda.jpg\n'), text[-300:]
    assert not browser.find_elements(By.CSS_SELECTOR, '#cards button[data-card="john"]')
    assert browser.find_elements(By.CSS_SELECTOR, '#cards button[data-card="matilda"]')


def test_search_finds_a_house_and_a_conflict_shows_both_values_in_chromium(served, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    editor, url = served
    deck_file = editor.folder / "deck.yaml"
    browser.get(url + "/")
    find = browser.find_element
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, '#cards button[data-card="john"]'), what="the cards")
    find(By.ID, "search").send_keys("tudor")
    shown = [b.get_attribute("data-card") for b in browser.find_elements(By.CSS_SELECTOR, "#cards button")]
    assert shown == ["henry-vii", "henry-viii", "edward-vi", "mary-i", "elizabeth-i"], shown
    find(By.ID, "search").send_keys(Keys.BACKSPACE * 5)
    find(By.CSS_SELECTOR, '#cards button[data-card="john"]').click()
    wait_for(lambda: find(By.ID, "card-name").text == "John", what="John")
    old = "Legend says I lost my treasure in the Wash in 1216. People still hunt for it."
    text = deck_file.read_text(encoding="utf-8")
    # meanwhile, another program changes John's caption and Anne's
    deck_file.write_text(text.replace(old, old.replace("Wash", "Humber")).replace(
        "In her reign England", "In Anne's reign England"), encoding="utf-8")
    caption = find(By.ID, "field-caption")
    caption.clear()
    caption.send_keys(old.replace("1216", "1215"))
    find(By.ID, "save").click()
    panel = wait_for(lambda: find(By.ID, "conflicts").is_displayed() and find(By.ID, "conflicts"), what="the conflict")
    assert [m.text for m in panel.find_elements(By.TAG_NAME, "mark")] == ["Wash in 1215.", "Humber in 1216."]
    said = find(By.ID, "status").text
    assert said == ("Nothing was saved: a value was changed here and in another window too. Choose below which "
                    "to keep."), said
    assert panel.find_element(By.CSS_SELECTOR, ".conflict p").text == \
        "The caption of John was changed in another window after this page loaded it."
    # the preview shows the card as this page has it
    wait_for(lambda: find(By.ID, "preview").get_attribute("class") == "", what="the preview")
    panel.find_element(By.XPATH, ".//button[text()='Keep mine']").click()
    wait_for(lambda: find(By.ID, "status").text.startswith("Saved."), what="the save")
    assert "Changes made in another window since this page opened were kept too." in find(By.ID, "status").text
    text = deck_file.read_text(encoding="utf-8")
    assert old.replace("1216", "1215") in text and "In Anne's reign England" in text


def test_a_deck_whose_cards_are_generated_offers_no_add_button_in_chromium(browser, tmp_path):
    from selenium.webdriver.common.by import By

    from printgen.editing.web.server import make_server

    shutil.copytree(DECKS / "spanish", tmp_path / "spanish")
    editor, server = make_server(str(tmp_path / "spanish"), "127.0.0.1", 0, tmp_path / "out")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        browser.get(f"http://127.0.0.1:{server.server_port}/")
        note = wait_for(lambda: browser.find_element(By.ID, "add-note").text, what="the note")
        assert note.startswith("Every card of this deck is made from each rank of each suit")
        assert not browser.find_element(By.ID, "add").is_displayed()      # hidden, whatever the button's style
    finally:
        server.shutdown()
        server.server_close()
