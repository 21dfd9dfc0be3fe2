"""The refinement check where users meet it: ``replay --refinement`` on a trace and ``difftest
--refinement`` on the reference side (properties/refinement.py; Labyrinth's moves)."""
from __future__ import annotations

import json
import random

import pytest

from cdg_oracle.oracle import cli, difftest, trace
from cdg_oracle.oracle.difftest_cmd import reference_command
from cdg_oracle.properties import refinement as R
from cdg_oracle.properties.labyrinth import refinement as LR
from cdg_oracle.properties.sampling import sample_chance
from cdg_oracle.model.core.registry import get

pytestmark = pytest.mark.game("labyrinth")


def _trace(tmp_path, steps: int = 6):
    spec = get("labyrinth")
    st = spec.new_state("lets_roll", "standard", None, None)
    rng = random.Random(3)
    actions = []
    for _ in range(steps):
        a = sample_chance(rng, st.chance_outcomes()) if st.current_player() == "chance" else rng.choice(st.legal_actions())
        st.apply(a)
        actions.append(a)
    path = tmp_path / "t.jsonl"
    path.write_text(trace.from_actions("labyrinth", "lets_roll", "standard", None, actions))
    return path


def _nothing_relates(monkeypatch):
    """Every step that changes anything becomes a finding: no move relates to any rule (the
    Game's checker, built once, given a spec whose ``relates`` says no)."""
    st = get("labyrinth").new_state("lets_roll", "standard", None, None)
    R.checker(st)
    proto = R._CHECKERS[id(st.game_object)][1]
    monkeypatch.setattr(proto, "spec", R.Refinement("labyrinth", LR.model, relates=lambda cited, m: False))
    monkeypatch.setattr(proto, "_first", {})   # the related moves it cached under the game's relates


def test_replay_refinement_checks_every_step_of_a_conformant_trace(tmp_path, capsys):
    path = _trace(tmp_path)
    assert cli.main(["replay", str(path), "--refinement", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "conformant"
    assert out["refinement"]["steps"] == 6 and out["refinement"]["finding"] is None


def test_replay_refinement_fails_at_a_step_no_transition_explains(tmp_path, capsys, monkeypatch):
    path = _trace(tmp_path)
    _nothing_relates(monkeypatch)
    assert cli.main(["replay", str(path), "--refinement"]) == 1
    out = capsys.readouterr().out
    assert "refinement:" in out and "no proved transition explains it" in out


def test_difftest_refinement_reports_the_model_own_step(monkeypatch):
    _nothing_relates(monkeypatch)
    r = difftest.run(reference_command(), game="labyrinth", scenario="lets_roll", games=1, seed=0,
                     max_steps=10, refine=True)
    assert r.verdict == "refinement", r.verdict
    assert "the model's own step" in r.finding.message and r.finding.actions


def test_difftest_without_refinement_does_not_check_it(monkeypatch):
    _nothing_relates(monkeypatch)
    r = difftest.run(reference_command(), game="labyrinth", scenario="lets_roll", games=1, seed=0, max_steps=10)
    assert r.verdict == "agree"


def test_a_finding_shrinks_to_a_simpler_game(monkeypatch):
    _nothing_relates(monkeypatch)
    spec = get("labyrinth")
    st = spec.new_state("lets_roll", "standard", None, None)
    rng = random.Random(5)
    actions = []
    obs = R.StepObserver(st, "lets_roll")
    for _ in range(40):   # a game played on past its first finding, then cut at a later one
        a = sample_chance(rng, st.chance_outcomes()) if st.current_player() == "chance" else rng.choice(st.legal_actions())
        st.apply(a)
        actions.append(a)
        obs.observe(st, a)
    later = [f.step for f in obs.checker.tally.findings]
    assert len(later) >= 2
    got = R.shrink("labyrinth", "lets_roll", None, actions[:later[-1]], runs=30)
    assert got is not None
    short, finding = got
    assert len(short) <= later[0] and finding.step == len(short)
