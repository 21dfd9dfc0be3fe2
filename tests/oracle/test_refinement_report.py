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


# -- verify runs the check by default (issue 31's "done when") ------------------------------------------
def test_verify_checks_refinement_by_default():
    from cdg_oracle.oracle.cli import build_parser

    args = build_parser(["verify"]).parse_args(["verify"])
    assert args.refinement is True and args.refinement_games is None
    args = build_parser(["verify"]).parse_args(["verify", "--no-refinement", "--refinement-games", "3"])
    assert args.refinement is False and args.refinement_games == 3


def test_each_game_with_a_refinement_says_how_many_games_verify_checks():
    """Every game with a refinement check gives verify a number of games (or None: all) and whether
    the state machine checks its steps (properties/games.py)."""
    from cdg_oracle.properties.games import checks

    for game in ("labyrinth", "twilight_struggle", "distant_plain"):
        rec = checks(game)
        assert rec.refinement_games is None or rec.refinement_games >= 1, game
        assert isinstance(rec.refinement_machine, bool)


def _fake_verify(monkeypatch, game: str, record_games, record_machine: bool):
    """verify.run of ``game`` with its checks, extra campaigns, adapter self-test and state machine
    replaced by records of what they were asked, and each campaign game a fake result of 10 steps
    (a tally of 10 steps, 4 stutters, 6 matched by ``draw``, when asked to refine): the plumbing
    from the defaults to the section's counts, in a moment."""
    from dataclasses import replace

    from cdg_oracle.oracle import verify
    from cdg_oracle.properties import campaign as C
    from cdg_oracle.properties import games as G

    asked = {"machine": [], "refine": []}
    real = verify.verification(game)

    class Ver(type(real)):
        def checks(self, seed, say):
            return []

        def run_machine(self, examples, steps, seed, on_failure, refine=False):
            asked["machine"].append(refine)
            return {"stats": {"runs": 1, "steps": 7, "games": 0}, "failures": []}

        def extra_campaigns(self, *a, **k):
            return []

    def play(game_, scenario, seed, options=None, refine=False, **kw):
        asked["refine"].append(refine)
        tally = None
        if refine:
            t = R.Tally(steps=10, stutters=4)
            t.matched.update({"draw": 6})
            t.lengths.update({1: 6})
            tally = t.to_dict()
        return GameResult(scenario, seed, 10, None, "", [], [], set(), refinement=tally)

    monkeypatch.setattr(verify, "verification", lambda g: Ver(g))
    monkeypatch.setattr(verify, "adapter_selftest", lambda seed, game="": [])
    monkeypatch.setattr(verify.html_report, "write", lambda game, folder: None)
    monkeypatch.setattr(C, "play_checked", play)
    monkeypatch.setattr(R, "move_names", lambda g: ["draw", "coup"])
    rec = G.checks(game)
    monkeypatch.setitem(G._CACHE, game, replace(rec, refinement_games=record_games, refinement_machine=record_machine))
    return asked


def test_verify_checks_the_records_number_of_games_by_default_and_says_how_many(tmp_path, monkeypatch, capsys):
    import json

    from cdg_oracle.oracle import cli

    game = "twilight_struggle"   # two scenarios
    asked = _fake_verify(monkeypatch, game, 2, False)
    assert cli.main(["verify", "--game", game, "--games", "3", "--examples", "1", "--steps", "7", "--jobs", "1",
                     "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / game / "verification.json").read_text())["refinement"]
    # the first 2 games of each scenario of 3: 4 of 6 games, 40 of 60 steps; the machine not checked
    assert asked["refine"] == [True, True, True, True, False, False] and asked["machine"] == [False]
    assert (data["games_checked"], data["games"], data["steps"], data["campaign_steps"]) == (4, 6, 40, 60)
    assert data["stutters"] == 16 and data["matched"] == 24 and data["per_move"] == {"draw": 24, "coup": 0}
    assert data["never_matched"] == ["coup"] and data["findings"] == [] and data["state_machine"] is False
    md = (tmp_path / game / "verification.md").read_text()
    assert "Checked: 4 of the campaign's 6 games (the first 2 of each scenario" in md and "40 of its 60 steps" in md
    assert "40 steps of 4 games refinement-checked, 0 findings" in capsys.readouterr().out


def test_verify_refinement_games_and_no_refinement_override_the_record(tmp_path, monkeypatch):
    import json

    from cdg_oracle.oracle import cli

    game = "distant_plain"   # one scenario
    asked = _fake_verify(monkeypatch, game, 1, True)
    assert cli.main(["verify", "--game", game, "--games", "2", "--refinement-games", "5", "--examples", "1", "--jobs", "1",
                     "--steps", "7", "--out", str(tmp_path / "a")]) == 0
    data = json.loads((tmp_path / "a" / game / "verification.json").read_text())["refinement"]
    assert asked["refine"] == [True, True] and asked["machine"] == [True]   # N past --games: every game
    assert (data["games_checked"], data["games"], data["state_machine"]) == (2, 2, True)
    assert "every game" in (tmp_path / "a" / game / "verification.md").read_text()
    asked["refine"].clear()
    asked["machine"].clear()
    assert cli.main(["verify", "--game", game, "--games", "2", "--no-refinement", "--examples", "1", "--jobs", "1",
                     "--steps", "7", "--out", str(tmp_path / "b")]) == 0
    assert asked["refine"] == [False, False] and asked["machine"] == [False]
    assert "refinement" not in json.loads((tmp_path / "b" / game / "verification.json").read_text())
