"""How fast each committed HTML report opens (issue 33 item 4: "a report opens in a second and
weighs at most 3 MB"): Chromium (the system's, driven by playwright, as tests/oracle/
test_html_browser.py does) opens reports/<game>/index.html ``--rounds`` times; the browser's own
navigation timing (load event end) is printed per report, its median beside the 1 s target, and
the file's size beside the 3 MB one.

    python benchmarks/html_reports.py [--rounds 5] [--chromium /usr/bin/chromium]
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync"]
TARGET_MS, TARGET_BYTES = 1000, 3 * 2**20


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"))
    a = ap.parse_args(argv)
    if not a.chromium:
        print("html: no Chromium installed (apt-get install chromium)", file=sys.stderr)
        return 2
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("html: playwright is not installed (pip install '.[test]')", file=sys.stderr)
        return 2
    pages = sorted(ROOT.glob("reports/*/index.html"))
    print(f"{'report':<28} {'bytes':>10} {'median ms':>10} {'max ms':>8}   targets: {TARGET_MS} ms, {TARGET_BYTES} B")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=a.chromium, args=ARGS)
        try:
            for path in pages:
                times = []
                for _ in range(a.rounds):
                    page = browser.new_page(viewport={"width": 1280, "height": 900})
                    page.goto(path.resolve().as_uri(), wait_until="load")
                    times.append(page.evaluate("() => { const t = performance.getEntriesByType('navigation')[0];"
                                               " return t.loadEventEnd - t.startTime; }"))
                    page.close()
                size = path.stat().st_size
                med = statistics.median(times)
                ok = "ok" if med <= TARGET_MS and size <= TARGET_BYTES else "OVER"
                print(f"{path.parent.name + '/index.html':<28} {size:>10,} {med:>10.0f} {max(times):>8.0f}   {ok}")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
