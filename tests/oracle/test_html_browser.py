"""The HTML pages in a real headless browser (issue 33 item 3): Chromium (the system's, driven by
playwright) loads each committed reports/<game>/index.html and a generated divergence page of a
failing replay and of a failing difftest, and checks: no console error, no request leaves the page
(every request is routed and any URL that is not ``data:`` or ``file:`` fails the test), every
``<img>`` and ``<svg>`` has a non-zero size, the page weighs at most 3 MB (how fast it opens is
measured by benchmarks/html_reports.py, not asserted by a timed test), and a screenshot of the first screen matches the
committed one in tests/oracle/screenshots/ within a small tolerance (the share of pixels that
differ). ``CDG_UPDATE_SCREENSHOTS=1`` rewrites the committed screenshots instead of comparing.

Skipped, with the reason, only when no Chromium is installed (.ci/run installs it)."""
from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

from tests.oracle.html_pages import failing_difftest_page, failing_replay_page

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = os.environ.get("CDG_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--font-render-hinting=none"]
VIEWPORT = {"width": 1280, "height": 900}
MAX_BYTES = 3 * 2**20
#: A pixel differs when a channel differs by more than this; at most this share of pixels may.
CHANNEL, TOLERANCE, SCALE = 48, 0.02, 2
GAMES = ("labyrinth", "twilight_struggle", "distant_plain")

if CHROMIUM is None:
    pytest.skip("no Chromium installed (apt-get install chromium; .ci/run does it): the browser tests "
                "cannot run", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install '.[test]')")
Image = pytest.importorskip("PIL.Image", reason="Pillow (matplotlib's dependency) is not installed")
ImageChops = pytest.importorskip("PIL.ImageChops")


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def load(browser, path: Path) -> dict:
    """Open ``path``: the console errors, the requests that left the page, the pictures of zero
    size, the load time in ms and a screenshot (PNG bytes) of the first screen."""
    page = browser.new_page(viewport=VIEWPORT, device_scale_factor=1)
    errors, outside = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))

    def route(r):
        url = r.request.url
        if url.startswith(("data:", "file:")):
            r.continue_()
        else:
            outside.append(url)
            r.abort()

    page.route("**/*", route)
    try:
        page.goto(path.resolve().as_uri(), wait_until="load")
        ms = page.evaluate("() => { const t = performance.getEntriesByType('navigation')[0];"
                           " return t.loadEventEnd - t.startTime; }")
        empty = page.evaluate("() => [...document.querySelectorAll('img, svg')].filter(e => {"
                              " const r = e.getBoundingClientRect(); return !(r.width > 0 && r.height > 0); }).length")
        pictures = page.evaluate("() => document.querySelectorAll('img, svg').length")
        shot = page.screenshot(full_page=False)
    finally:
        page.close()
    return {"errors": errors, "outside": outside, "empty": empty, "pictures": pictures, "ms": ms, "shot": shot}


def differing_share(png: bytes, reference: Path) -> float:
    """The share of pixels of ``png`` that differ from ``reference`` (1.0 when the sizes differ),
    both first reduced by ``SCALE`` (box averaging): another machine's anti-aliasing of the same
    text then vanishes, a moved table or picture does not."""
    a = Image.open(io.BytesIO(png)).convert("RGB")
    b = Image.open(reference).convert("RGB")
    if a.size != b.size:
        return 1.0
    small = (a.size[0] // SCALE, a.size[1] // SCALE)
    a, b = a.resize(small, Image.Resampling.BOX), b.resize(small, Image.Resampling.BOX)
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > CHANNEL else 0)
    return 1.0 - diff.histogram()[0] / (a.size[0] * a.size[1])


def check(browser, path: Path, name: str) -> dict:
    assert path.stat().st_size <= MAX_BYTES, f"{path}: {path.stat().st_size} bytes"
    r = load(browser, path)
    assert r["errors"] == [], r["errors"]
    assert r["outside"] == [], f"requests that left the page: {r['outside']}"
    assert r["pictures"] > 0 and r["empty"] == 0, f"{r['empty']} of {r['pictures']} pictures have no size"
    shot = SHOTS / f"{name}.png"
    if os.environ.get("CDG_UPDATE_SCREENSHOTS") == "1":
        SHOTS.mkdir(exist_ok=True)
        shot.write_bytes(r["shot"])
    assert shot.exists(), f"no committed screenshot {shot} (CDG_UPDATE_SCREENSHOTS=1 writes it)"
    share = differing_share(r["shot"], shot)
    assert share <= TOLERANCE, f"{name}: {share:.2%} of the pixels differ from {shot.name}"
    return r


@pytest.mark.parametrize("game", GAMES)
def test_committed_report_in_the_browser(browser, game):
    r = check(browser, ROOT / "reports" / game / "index.html", f"report_{game}")
    print(f"{game}: loaded in {r['ms']:.0f} ms, {r['pictures']} pictures")


def test_failing_replay_page_in_the_browser(browser, tmp_path, capsys):
    code, page = failing_replay_page(tmp_path)
    capsys.readouterr()
    assert code == 1 and page.exists()
    check(browser, page, "replay_divergence")


def test_failing_difftest_page_in_the_browser(browser, tmp_path, capsys):
    code, page = failing_difftest_page(tmp_path)
    capsys.readouterr()
    assert code == 1 and page.exists()
    check(browser, page, "difftest_divergence")


def test_the_screenshot_comparison_can_fail():
    """Two different pages' screenshots differ by far more than the tolerance; one matches itself."""
    a, b = SHOTS / "report_labyrinth.png", SHOTS / "report_twilight_struggle.png"
    assert differing_share(a.read_bytes(), b) > TOLERANCE
    assert differing_share(a.read_bytes(), a) == 0.0
    moved = Image.new("RGB", Image.open(a).size, "white")  # the same page, 8 pixels lower
    moved.paste(Image.open(a).convert("RGB"), (0, 8))
    buf = io.BytesIO()
    moved.save(buf, "PNG")
    assert differing_share(buf.getvalue(), a) > TOLERANCE


def test_an_outside_request_is_caught(browser, tmp_path):
    """The check itself can fail: a page that asks for an outside picture is caught (the CSP of
    our pages would block it; this page has none)."""
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html><html><body><img src="http://example.invalid/x.png" width="5" height="5">'
                    "</body></html>", encoding="utf-8")
    r = load(browser, page)
    assert r["outside"] == ["http://example.invalid/x.png"]
