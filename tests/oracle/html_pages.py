"""Helpers shared by the HTML page tests (tests/oracle/test_html.py, test_html_browser.py): a failing
replay and a failing difftest, each written as a divergence page through the command line."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from cdg_oracle.oracle.cli import main

#: A Twilight Struggle game whose trace has its states (the replay page shows both sides' states).
GAME, SEED, STEP = "twilight_struggle", 3, 12
#: A mutant of the reference adapter that miscounts control (the difftest page).
MUTANT = "twilight_struggle:control-off-by-one"


def failing_replay_page(folder: Path) -> tuple[int, Path]:
    """A trace whose state at step STEP was tampered with (Iran's US influence +3), replayed with
    ``--html``: the exit code and the page."""
    good, bad, page = folder / "game.jsonl", folder / "bad.jsonl", folder / "replay.html"
    assert main(["play", "--game", GAME, "--seed", str(SEED), "--out", str(good), "--states"]) == 0
    lines = good.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        rec = json.loads(line)
        if rec.get("i") == STEP and "state" in rec:
            rec["state"]["influence"]["Iran"]["US"] += 3
            lines[i] = json.dumps(rec)
            break
    else:
        raise AssertionError(f"no state at step {STEP}")
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return main(["replay", str(bad), "--html", str(page)]), page


def failing_difftest_page(folder: Path) -> tuple[int, Path]:
    """difftest of a mutant adapter against the model with ``--html``: the exit code and the page."""
    page = folder / "difftest.html"
    impl = f"{sys.executable} -m cdg_oracle.oracle.reference_adapter --mutant {MUTANT}"
    code = main(["difftest", "--game", GAME, "--impl", impl, "--games", "3", "--seed", "0",
                 "--out", str(folder / "finding.jsonl"), "--html", str(page)])
    return code, page
