"""The z3 analysis of the victory goals (properties/distant_plain/victory_analysis.py)."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain import pieces
from cdg_oracle.properties.distant_plain import victory_analysis

pytestmark = pytest.mark.game("distant_plain")


@pytest.fixture(scope="module")
def findings():
    return {f["name"]: f for f in victory_analysis.analyse()}


@pytest.mark.rule("coalition.victory", "government.victory", "taliban.victory", "warlords.victory")
def test_every_pattern_of_goals_is_examined_and_every_witness_agrees_with_the_model(findings):
    patterns = [f for f in findings.values() if f["name"].startswith("goal")]
    assert len(patterns) == 15  # every non-empty set of the four factions
    assert all(f["result"] in ("possible", "impossible") for f in patterns)
    assert all(f["cross_check"] for f in patterns if f["result"] == "possible")
    # with the counts and the General Records Track's 0-75, all four goals can hold at once
    assert findings["goals together: Coalition + Government + Taliban + Warlords"]["result"] == "possible"


@pytest.mark.rule("coalition.victory", "taliban.victory", "warlords.victory")
def test_the_largest_margins(findings):
    """The 25 Provinces and Kabul hold 27 Population (25 in Afghanistan's 22), +1 each with a
    Returnees marker. Coalition: 27 + 25 at Support + 26 pieces Available - 30 = 48; Taliban: 52 at
    Opposition + 12 Bases - 20 = 44; Warlords: the smaller of 25 + 22 uncontrolled - 15 = 32 and
    75 Resources - 40 = 35."""
    assert findings["largest margin: Coalition"]["result"] == 48
    assert findings["largest margin: Taliban"]["result"] == 44
    assert findings["largest margin: Warlords"]["result"] == 32
    assert all(findings[f"largest margin: {f}"]["cross_check"] for f in pieces.FACTIONS)


@pytest.mark.rule("coalition.victory")
def test_a_goal_beyond_reach_is_found_impossible(monkeypatch):
    """Non-vacuity: a Coalition goal above its largest sum (48 + 30) is impossible, and so is every
    pattern that includes it."""
    real = pieces.load_pieces()
    broken = {**real, "victory": {**real["victory"], "Coalition": {"sum": real["victory"]["Coalition"]["sum"],
                                                                  "exceeds": 78}}}
    monkeypatch.setattr(victory_analysis, "load_pieces", lambda: broken)
    out = {f["name"]: f for f in victory_analysis.analyse()}
    assert out["goal alone: Coalition"]["result"] == "impossible"
    assert out["goals together: Coalition + Taliban"]["result"] == "impossible"
    assert out["goal alone: Taliban"]["result"] == "possible"
