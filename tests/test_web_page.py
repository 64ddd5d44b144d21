"""The web page in a real browser: Debian's headless Chromium, driven by Selenium, against the
real server (``boggle-assistant serve``) on a free local port.

Upload a real screenshot and see its words; a word's path drawn on the board and on the
picture; an unsure tile fixed and the words changing; paste and drop; bad uploads shown on
the page while the server keeps answering; the keyboard; a phone-width window; and the live
view receiving boards from a watch of an Xvfb screen. Screenshots of the page are written to
``docs/`` when ``UPDATE_SCREENSHOTS=1`` (``make screenshots``), else to a temporary folder.
"""

from __future__ import annotations

import base64
import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from webserver import RunningServer, browser_missing_reason, chromium, running

REPO = Path(__file__).resolve().parent.parent
REAL = REPO / "fixtures" / "real"
SHOT = REAL / "wordament" / "blackmonk13_mobile_regular.jpg"  # E S F E / L A B D / ...
OTHER = REAL / "wordament" / "blackmonk13_mobile_2_letter_or.jpg"
LABELS = {e["file"]: e for e in json.loads((REAL / "labels.json").read_text())}
LIMIT_MB = 2

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(browser_missing_reason() is not None, reason=str(browser_missing_reason())),
]


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def server() -> Iterator[RunningServer]:
    with running(["--max-upload-mb", str(LIMIT_MB)]) as srv:
        yield srv


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    drv = chromium()
    try:
        yield drv
    finally:
        drv.quit()


@pytest.fixture
def page(server: RunningServer, driver: Any) -> Any:
    driver.set_window_size(1280, 900)
    driver.get(server.url)
    wait_for(lambda: driver.execute_script("return document.body.dataset.ready === '1'"), "page")
    return driver


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        return REPO / "docs"
    return tmp_path_factory.mktemp("screenshots")


def wait_for(check: Callable[[], Any], what: str, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        try:
            last = check()
        except Exception as err:  # the element may be re-rendered under us
            last = err
        else:
            if last:
                return last
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what} (last: {last!r})")


def words_shown(drv: Any) -> list[str]:
    return list(
        drv.execute_script(
            "return [...document.querySelectorAll('#words tr td.w')]"
            ".map(td => td.firstChild.textContent)"
        )
    )


def board_shown(drv: Any) -> list[list[str]]:
    return list(
        drv.execute_script(
            "return [...document.querySelectorAll('#board .board-row')].map(r =>"
            " [...r.querySelectorAll('.tile .letter')].map(l => l.textContent))"
        )
    )


def upload(drv: Any, path: Path) -> None:
    drv.find_element("id", "file").send_keys(str(path))


def wait_for_words(drv: Any, previous: list[str] | None = None) -> list[str]:
    def ready() -> list[str] | None:
        shown = words_shown(drv)
        return shown if shown and shown != previous else None

    return list(wait_for(ready, "the word list"))


def _api_words(server: RunningServer, path: Path, **opts: Any) -> dict[str, Any]:
    status, _, body = server.request(
        "/api/solve?" + "&".join(f"{k}={v}" for k, v in opts.items()),
        path.read_bytes(),
        {"Content-Type": "image/jpeg" if path.suffix == ".jpg" else "image/png"},
        "POST",
    )
    assert status == 200, body
    return dict(body)


def _letters(name: str) -> list[list[str]]:
    return [[t.upper() for t in row] for row in LABELS[name]["letters"]]


# --------------------------------------------------------------------------- tests


def test_upload_shows_the_board_and_the_words_best_first(
    page: Any, server: RunningServer, shots: Path
) -> None:
    upload(page, SHOT)
    shown = wait_for_words(page)
    expected = _api_words(server, SHOT)
    assert shown[:30] == [w["word"].upper() for w in expected["words"][:30]]
    assert board_shown(page) == _letters("wordament/blackmonk13_mobile_regular.jpg")
    # Scores, lengths, the game and its confidence, the counts.
    first = page.execute_script(
        "const tds = document.querySelectorAll('#words tr:first-child td');"
        "return [tds[2].textContent, tds[3].textContent]"
    )
    assert first == [str(len(expected["words"][0]["word"])), f"{expected['words'][0]['score']:,}"]
    note = page.find_element("id", "game-note").text
    assert "Recognised as Wordament" in note and "% sure" in note
    assert page.find_element("id", "words-left").text == f"{len(expected['words']):,}"
    total = sum(w["score"] for w in expected["words"])
    assert page.find_element("id", "points-left").text == f"{total:,}"
    # Each tile shows its value and its confidence bar.
    values = page.execute_script(
        "return [...document.querySelectorAll('#board .tile .value')].map(v => +v.textContent)"
    )
    assert values == [v for row in LABELS[f"wordament/{SHOT.name}"]["tile_values"] for v in row]
    assert len(page.find_elements("css selector", "#board .tile .conf span")) == 16
    page.execute_script("document.querySelector('#words tr:nth-child(2)').click()")
    page.save_screenshot(str(shots / "web-page.png"))


def test_a_real_word_hunt_screenshot_reads_with_its_game(page: Any, server: RunningServer) -> None:
    shot = sorted((REAL / "wordhunt").glob("*.png"))[0]
    label = LABELS[f"wordhunt/{shot.name}"]
    upload(page, shot)
    shown = wait_for_words(page)
    expected = _api_words(server, shot)
    assert expected["game"] == "wordhunt"
    assert shown[:20] == [w["word"].upper() for w in expected["words"][:20]]
    assert board_shown(page) == [[t.upper() for t in row] for row in label["letters"]]
    assert "Word Hunt" in page.find_element("id", "game-note").text


def test_the_readers_notes_are_shown_under_the_game(
    page: Any, server: RunningServer, tmp_path: Path
) -> None:
    # A SpellCast board on 32 px tiles at JPEG 40: its 4 px values are too small to read,
    # so they come from SpellCast's table, and the page says so.
    from tools.synth import render_board

    board = render_board("spellcast-discord", 77001, tile_px=32, jpeg_quality=40)
    shot = tmp_path / "small-spellcast.jpg"
    shot.write_bytes(board.data)
    upload(page, shot)
    wait_for_words(page)
    note = page.find_element("id", "game-note").text
    notes = _api_words(server, shot)["reading"]["notes"]
    taken = [n for n in notes if n.startswith("point values of ")]
    assert len(taken) == 1 and "too small or faint to read" in taken[0]
    assert "Recognised as SpellCast" in note
    assert taken[0][0].upper() + taken[0][1:] in note
    assert "SpellCast (Discord)'s table." in note


def test_clicking_a_word_draws_its_path_on_the_board_and_the_picture(
    page: Any, server: RunningServer
) -> None:
    from assistant.overlay import BoardGeometry

    upload(page, SHOT)
    wait_for_words(page)
    expected = _api_words(server, SHOT)
    k = 3
    word = expected["words"][k]
    path = [tuple(p) for p in word["path"]]
    page.find_elements("css selector", "#words tr")[k].click()
    drawn = page.execute_script(
        "const g = document.querySelector('#board-overlay g.path');"
        "if (!g) return null;"
        "return {word: g.dataset.word, path: g.dataset.path,"
        " segs: g.querySelectorAll('line.seg').length,"
        " arrows: [...g.querySelectorAll('line.seg')]"
        "   .filter(l => l.getAttribute('marker-end')).length,"
        " start: [+g.querySelector('circle.start').dataset.x,"
        "         +g.querySelector('circle.start').dataset.y],"
        " numbers: [...g.querySelectorAll('text')].map(t => t.textContent)}"
    )
    assert drawn is not None, "no path drawn on the board"
    assert drawn["word"] == word["word"]
    assert drawn["path"] == " ".join(f"{r},{c}" for r, c in path)
    assert drawn["segs"] == drawn["arrows"] == len(path) - 1
    assert drawn["start"] == [path[0][1] + 0.5, path[0][0] + 0.5]
    assert drawn["numbers"] == [str(i + 1) for i in range(len(path))]
    on_path = page.execute_script(
        "return [...document.querySelectorAll('.tile.on-path')]"
        ".map(t => [+t.dataset.row, +t.dataset.col])"
    )
    assert sorted(map(tuple, on_path)) == sorted(path)
    # On the picture: each numbered tile lands on that tile's centre in the picture
    # (the server's own geometry for the same corners).
    pic = page.execute_script(
        "const g = document.querySelector('#pic-overlay g.path');"
        "if (!g) return null;"
        "return {segs: g.querySelectorAll('line.seg').length,"
        " centres: [...g.querySelectorAll('circle.start, circle.step')]"
        "   .map(c => [+c.dataset.x, +c.dataset.y]),"
        " box: document.getElementById('pic-overlay').getAttribute('viewBox')}"
    )
    assert pic is not None, "no path drawn on the picture"
    assert pic["segs"] == len(path) - 1
    image = cv2.imread(str(SHOT))
    assert pic["box"] == f"0 0 {image.shape[1]} {image.shape[0]}"
    geometry = BoardGeometry.from_corners(4, 4, expected["reading"]["corners"])
    for (r, c), (x, y) in zip(path, pic["centres"], strict=True):
        ex, ey = geometry.centre(r, c)
        assert abs(x - ex) < 1.0 and abs(y - ey) < 1.0
    # Hovering another word previews its path; leaving goes back to the chosen one.
    rows = page.find_elements("css selector", "#words tr")
    from selenium.webdriver import ActionChains

    ActionChains(page).move_to_element(rows[0]).perform()
    hovered = page.execute_script(
        "return document.querySelector('#board-overlay g.path').dataset.word"
    )
    assert hovered == expected["words"][0]["word"]
    ActionChains(page).move_to_element(page.find_element("id", "summary")).perform()
    back = page.execute_script(
        "return document.querySelector('#board-overlay g.path').dataset.word"
    )
    assert back == word["word"]


def _smudged(tmp_path: Path) -> Path:
    """The real screenshot with the lower part of tile r2c2 (an A) covered in the tile's
    colour, as a finger or a pop-up would: the reader cannot be sure of it."""
    from assistant.overlay import BoardGeometry
    from assistant.read import read_image

    image = cv2.imread(str(SHOT))
    reading = read_image(image)
    geometry = BoardGeometry.from_corners(reading.rows, reading.cols, reading.corners)
    x, y = geometry.centre(1, 1)
    p = geometry.pitch
    colour = image[int(y - p * 0.42), int(x)].tolist()
    cv2.rectangle(
        image,
        (int(x - p * 0.3), int(y - p * 0.05)),
        (int(x + p * 0.3), int(y + p * 0.35)),
        colour,
        -1,
    )
    out = tmp_path / "smudged.png"
    cv2.imwrite(str(out), image)
    return out


def test_fixing_an_unsure_tile_updates_the_words(
    page: Any, server: RunningServer, tmp_path: Path, shots: Path
) -> None:
    smudged = _smudged(tmp_path)
    before_api = _api_words(server, smudged)
    assert before_api["reading"]["uncertain"] == [[1, 1]]
    best = before_api["reading"]["candidates"]["1,1"][0][0]
    upload(page, smudged)
    before = wait_for_words(page)
    tile = page.find_element("css selector", '.tile[data-row="1"][data-col="1"]')
    assert "unsure" in tile.get_attribute("class").split()
    assert "r2c2" in page.find_element("id", "unsure-banner").text
    cands = tile.find_element("css selector", ".cands-mini").text
    assert cands.startswith(best)
    page.set_window_size(1280, 1000)
    tile.click()
    editor = wait_for(lambda: page.find_element("id", "editor").is_displayed(), "the tile editor")
    assert editor
    page.save_screenshot(str(shots / "web-fix-tile.png"))
    page.find_element("id", "editor-input").send_keys("B\n")
    after = wait_for_words(page, before)
    assert after != before
    fixed = _api_words(server, smudged, fix="2,2=B")
    assert after[:20] == [w["word"].upper() for w in fixed["words"][:20]]
    tile = page.find_element("css selector", '.tile[data-row="1"][data-col="1"]')
    assert "fixed" in tile.get_attribute("class").split()
    assert tile.find_element("css selector", ".letter").text == "B"
    assert page.find_element("id", "unsure-banner").is_displayed() is False
    # From the keyboard: the focused tile takes a typed letter at once.
    tile.send_keys("a")
    again = wait_for_words(page, after)
    reference = _api_words(server, smudged, fix="2,2=A")
    assert again[:20] == [w["word"].upper() for w in reference["words"][:20]]


def test_paste_and_drop_read_the_picture(page: Any, server: RunningServer) -> None:
    data = base64.b64encode(OTHER.read_bytes()).decode()
    make_file = (
        "const bin = atob(arguments[0]); const a = new Uint8Array(bin.length);"
        "for (let i = 0; i < bin.length; i++) a[i] = bin.charCodeAt(i);"
        "const dt = new DataTransfer();"
        "dt.items.add(new File([a], 'shot.jpg', {type: 'image/jpeg'}));"
    )
    page.execute_script(
        make_file + "document.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt}));",
        data,
    )
    pasted = wait_for_words(page)
    expected = [w["word"].upper() for w in _api_words(server, OTHER)["words"]]
    assert pasted[:20] == expected[:20]
    page.execute_script("document.getElementById('words').innerHTML = ''")
    page.execute_script(
        make_file + "const drop = document.getElementById('drop');"
        "drop.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true}));",
        data,
    )
    assert wait_for_words(page)[:20] == expected[:20]
    # Typed board text.
    box = page.find_element("id", "board-text")
    box.send_keys("TestingTheSolver\n")
    typed = wait_for_words(page, pasted)
    assert (
        typed[0] in ("SEVENTIES", "REVENGES")
        and page.find_element("id", "picture").is_displayed() is False
    )


def test_bad_uploads_show_an_error_and_the_server_keeps_answering(
    page: Any, server: RunningServer, tmp_path: Path, shots: Path
) -> None:
    big = tmp_path / "huge.png"
    noise = np.random.default_rng(1).integers(0, 255, (1100, 1100, 3), dtype=np.uint8)
    cv2.imwrite(str(big), noise)
    assert big.stat().st_size > LIMIT_MB * 1024 * 1024
    upload(page, big)
    message = wait_for(
        lambda: (
            page.find_element("id", "message").is_displayed() and page.find_element("id", "message")
        ),
        "the error message",
    )
    assert message.get_attribute("data-kind") == "too-large"
    assert f"limit is {LIMIT_MB}.0 MB" in message.text or f"limit is {LIMIT_MB} MB" in message.text
    # The page refused it itself; the server refuses it too (its own 413), and stays up.
    status, _, body = server.request(
        "/api/solve", big.read_bytes(), {"Content-Type": "image/png"}, "POST"
    )
    assert status == 413 and body["error"]["kind"] == "too-large"
    upload(page, OTHER)  # a board on the page, then a picture that cannot be read
    assert wait_for_words(page)
    fake = tmp_path / "notes.png"
    fake.write_text("this is not a picture\n")
    upload(page, fake)
    wait_for(
        lambda: page.find_element("id", "message").get_attribute("data-kind") == "bad-image",
        "the not-an-image message",
    )
    text = page.find_element("id", "message").text
    assert "not an image" in text and "screenshot" in text
    # Nothing stale: the board and words of the previous picture are gone.
    assert page.find_element("id", "board-wrap").is_displayed() is False
    assert words_shown(page) == []
    # A picture with no board: the library's hint speaks of --size; the page of its menu.
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((300, 400, 3), 200, np.uint8))
    upload(page, blank)
    wait_for(
        lambda: page.find_element("id", "message").get_attribute("data-kind") == "no-board",
        "the no-board message",
    )
    text = page.find_element("id", "message").text
    assert "No letter grid found" in text and "Size menu" in text and "--size" not in text
    page.save_screenshot(str(shots / "web-error.png"))
    assert server.request("/api/health")[0] == 200
    upload(page, SHOT)
    assert wait_for_words(page)
    assert page.find_element("id", "message").is_displayed() is False


def test_keyboard_filters_and_found_words(page: Any, server: RunningServer) -> None:
    from selenium.webdriver.common.keys import Keys

    upload(page, SHOT)
    shown = wait_for_words(page)
    expected = _api_words(server, SHOT)["words"]
    body = page.find_element("tag name", "body")
    body.send_keys("w")  # to the words: the first is chosen and its path drawn
    drawn = lambda: page.execute_script(  # noqa: E731
        "const g = document.querySelector('#board-overlay g.path'); return g && g.dataset.word"
    )
    assert drawn() == expected[0]["word"]
    active = page.switch_to.active_element
    active.send_keys(Keys.ARROW_DOWN)
    assert drawn() == expected[1]["word"]
    page.switch_to.active_element.send_keys(Keys.SPACE)  # found
    left = page.find_element("id", "words-left").text
    assert left == f"{len(expected) - 1:,}"
    points = sum(w["score"] for w in expected) - expected[1]["score"]
    assert page.find_element("id", "points-left").text == f"{points:,}"
    assert "found" in page.find_elements("css selector", "#words tr")[1].get_attribute("class")
    # Filters: length and start.
    page.find_element("tag name", "body").send_keys(Keys.ESCAPE)
    page.find_element("tag name", "body").send_keys("/")
    page.switch_to.active_element.send_keys("sa")
    wait_for(
        lambda: words_shown(page) and all(w.startswith("SA") for w in words_shown(page)), "filter"
    )
    assert words_shown(page) == [w["word"].upper() for w in expected if w["word"].startswith("sa")]
    from selenium.webdriver.support.select import Select

    Select(page.find_element("id", "len-filter")).select_by_value("4")
    assert words_shown(page) == [
        w["word"].upper() for w in expected if w["word"].startswith("sa") and len(w["word"]) == 4
    ]
    # Tab reaches the word list too (after the filters), and chooses a word there.
    page.find_element("id", "hide-found").send_keys(Keys.TAB)
    assert page.switch_to.active_element.get_attribute("id") in ("words-table", "")
    assert drawn() is not None
    # The game menu: another game re-scores the same board.
    Select(page.find_element("id", "game")).select_by_value("boggle")
    wait_for(lambda: "Scored as Boggle" in page.find_element("id", "game-note").text, "re-score")
    del shown


def test_phone_width_is_readable(page: Any, server: RunningServer, shots: Path) -> None:
    page.set_window_size(390, 844)
    upload(page, SHOT)
    wait_for_words(page)
    page.execute_script("document.querySelector('#words tr:nth-child(1)').click()")
    width = page.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways at phone width: {width}"
    board = page.find_element("id", "board-wrap").rect
    assert board["width"] >= 300  # the board fills the phone's width
    font = page.execute_script(
        "return parseFloat(getComputedStyle(document.querySelector('#words td.w')).fontSize)"
    )
    assert font >= 14
    page.execute_script("window.scrollTo(0, 0)")
    page.save_screenshot(str(shots / "web-phone.png"))


# --------------------------------------------------------------------------- live view


@pytest.mark.display
def test_live_view_receives_each_new_board_from_a_watch(driver: Any, shots: Path) -> None:
    from xvfb import VirtualScreen, desktop

    a = cv2.imread(str(SHOT))
    b = cv2.imread(str(OTHER))
    with VirtualScreen() as screen:
        screen.show(desktop(a))
        with running(["--watch", "--interval", "0.05"], env={"DISPLAY": screen.display}) as srv:
            driver.set_window_size(1280, 900)
            driver.get(srv.url)
            wait_for(lambda: driver.execute_script("return document.body.dataset.ready"), "page")
            assert driver.find_element("id", "live").is_displayed()
            wait_for(
                lambda: board_shown(driver) == _letters(f"wordament/{SHOT.name}"), "board A", 40
            )
            driver.execute_script("window.__sameDocument = 'yes'")
            assert words_shown(driver)
            screen.show(desktop(b))
            wait_for(
                lambda: board_shown(driver) == _letters(f"wordament/{OTHER.name}"), "board B", 40
            )
            assert driver.execute_script("return window.__sameDocument") == "yes"  # no reload
            assert driver.execute_script("return window.liveBoards") >= 2
            status = driver.find_element("id", "live-status").text
            assert "board #2" in status
            assert "Board #2 from the screen" in driver.find_element("id", "live-info").text
            # The board's area of the screen is shown, with the chosen word's path on it.
            wait_for(
                lambda: driver.execute_script(
                    "const i = document.getElementById('pic'); return !document.getElementById"
                    "('picture').hidden && i.complete && i.naturalWidth > 0"
                ),
                "the live picture",
            )
            driver.execute_script("document.querySelector('#words tr:nth-child(1)').click()")
            segs = driver.execute_script(
                "return document.querySelectorAll('#pic-overlay g.path line.seg').length"
            )
            first = driver.execute_script(
                "return document.querySelector('#board-overlay g.path').dataset.path"
            )
            assert segs == len(first.split()) - 1
            driver.save_screenshot(str(shots / "web-live.png"))
