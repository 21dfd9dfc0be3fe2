"""docs/positions.md stays true: every ``$ cdg-oracle ...`` block there is run and its output
compared with what the page shows (a block that ends with ``  ...`` shows a prefix)."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from cdg_oracle.oracle.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "positions.md"


def blocks() -> list[tuple[str, list[str]]]:
    out = []
    for body in re.findall(r"```console\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S):
        lines = body.rstrip("\n").split("\n")
        if lines[0].startswith("$ cdg-oracle ") and "bad.yaml" not in lines[0] and "typed.json" not in lines[0]:
            out.append((lines[0][2:], lines[1:]))
    return out


def test_the_page_shows_seven_positions():
    assert len(blocks()) == 7 and len(list((ROOT / "docs" / "positions").glob("*.yaml"))) >= 7


@pytest.mark.parametrize("command, shown", blocks(), ids=[b[0][:60] for b in blocks()])
def test_each_documented_answer_is_the_oracle_s(command, shown, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(shlex.split(command)[1:]) == 0
    got = capsys.readouterr().out.rstrip("\n").split("\n")
    if shown and shown[-1] == "  ...":
        assert got[:len(shown) - 1] == shown[:-1]
    else:
        assert got == shown


def test_the_documented_refusal_is_the_oracle_s(tmp_path, capsys, monkeypatch):
    bad = tmp_path / "bad.yaml"
    bad.write_text((ROOT / "docs/positions/example_of_play_turn1.yaml").read_text().replace("[22, 28,", "[22, 28, 4,"))
    monkeypatch.chdir(tmp_path)
    assert main(["position", "check", "bad.yaml"]) == 2
    err = capsys.readouterr().err
    assert f"```console\n$ cdg-oracle position check bad.yaml\n{err}```" in DOC.read_text()


def test_the_documented_refusal_of_derived_facts_is_the_oracle_s(tmp_path, capsys, monkeypatch):
    """Issue 27.11: the JSON ``position show --json`` prints, derived facts included, is no position."""
    assert main(["position", "show", str(ROOT / "docs/positions/ts_mexico_coup.yaml"), "--json"]) == 0
    (tmp_path / "typed.json").write_text(capsys.readouterr().out)
    monkeypatch.chdir(tmp_path)
    assert main(["position", "check", "typed.json"]) == 2
    err = capsys.readouterr().err
    shown = ("```console\n$ cdg-oracle position show docs/positions/ts_mexico_coup.yaml --json > typed.json\n"
             f"$ cdg-oracle position check typed.json\n{err}```")
    assert shown in DOC.read_text()
