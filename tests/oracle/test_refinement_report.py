"""verify's refinement section (oracle/verify.py ``refinement_report``): the tallies of the
campaign's games added up, every transition listed with the steps it matched, the ones never
matched named, and each finding written as a trace and shown with its rules and changes."""
from __future__ import annotations

from cdg_oracle.oracle.verify import refinement_report
from cdg_oracle.properties import refinement as R
from cdg_oracle.properties.walk import GameResult


def _result(tally: dict) -> GameResult:
    return GameResult("s", 1, tally["steps"], None, "", [], [], set(), refinement=tally)


def test_the_section_adds_the_games_and_names_what_no_step_matched(monkeypatch):
    monkeypatch.setattr(R, "move_names", lambda game: ["draw", "coup", "space"])
    a = R.Tally(steps=10, stutters=4)
    a.matched.update({"draw": 5, "coup": 1})
    a.lengths.update({1: 5, 2: 1})
    b = R.Tally(steps=3, stutters=1)
    b.matched.update({"draw": 2})
    b.lengths.update({1: 2})
    sec = refinement_report("g", [_result(a.to_dict()), _result(b.to_dict())], lambda f: "unused")
    assert sec.ok
    assert sec.data["steps"] == 13 and sec.data["stutters"] == 5 and sec.data["matched"] == 8
    assert sec.data["per_move"] == {"draw": 7, "coup": 1, "space": 0}
    assert sec.data["never_matched"] == ["space"]
    md = "\n".join(sec.md)
    assert "| draw | 7 |" in md and "Never matched by a step: space." in md
    assert "0 findings" in sec.summary


def test_a_finding_fails_the_section_and_is_written_as_a_trace(monkeypatch):
    monkeypatch.setattr(R, "move_names", lambda game: ["draw"])
    shrunk = []
    monkeypatch.setattr(R, "shrink", lambda game, scenario, options, actions: shrunk.append(actions))
    t = R.Tally(steps=2, stutters=1)
    t.findings.append(R.Finding(2, ["6.1"], {"vp": [0, 7]}, {"draw": {"outside footprint": {"vp": [0, 7]}}},
                                trace=["a", "b"], scenario="s", seed=5))
    written = []

    def write(f):
        written.append(f)
        return f"failures/refinement-{f['index']}.jsonl"

    sec = refinement_report("g", [_result(t.to_dict())], write)
    assert not sec.ok
    assert shrunk == [["a", "b"]]   # shrinking tried (nothing simpler here: the game's own trace)
    assert written[0]["actions"] == ["a", "b"] and written[0]["scenario"] == "s"
    f = sec.data["findings"][0]
    assert f["trace"] == "failures/refinement-1.jsonl" and f["rules"] == ["6.1"]
    assert "**finding**" in "\n".join(sec.md) and "vp" in "\n".join(sec.md)
