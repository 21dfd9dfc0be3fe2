"""The benchmarks' JSON outputs the HTML report plots (issue 33): ``benchmarks/mutants.py --out``
(each mutant's detection, in steps and seconds; ``benchmarks/refinement.py --mutants --out`` in the
same shape, for the mutants the refinement check alone catches) and ``benchmarks/proofs.py --out`` (each proof's
seconds and z3 steps), both written through a temporary file and a rename, with the command that
made them; a bad ``--out`` is a one-line usage error before any work. And the proofs' z3 steps
(properties/z3_work.py ``z3_steps``) stay out of the verification report, as their seconds do."""
from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
QUICK = "mission-accomplished-no-reroll"   # detected in its first game, in about a second (test_mutants.py)


def bench(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / argv[0]), *argv[1:]], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def test_mutants_out_writes_each_mutant_and_the_command(tmp_path):
    out = tmp_path / "mutants.json"
    p = bench("mutants.py", "--only", QUICK, "--budget", "20", "--games", "3", "--out", str(out))
    assert p.returncode == 0, p.stderr[-800:]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["command"] == f"python benchmarks/mutants.py --only {QUICK} --budget 20 --games 3 --out {out}"
    assert data["game"] == "labyrinth" and data["tool"] == "cdg-oracle" and data["version"]
    (m,) = data["mutants"]
    assert m["name"] == QUICK and m["detected"] is True and data["detected"] == 1
    assert {"rule", "game", "step", "steps", "seconds", "scenario", "kind"} <= set(m)
    assert m["game"] == 0 and 0 < m["step"] <= m["steps"] and m["seconds"] > 0
    assert list(tmp_path.iterdir()) == [out]   # no temporary file left behind


ADP_QUICK = "propaganda_no_aid"   # caught in A Distant Plain's first games (tests/distant_plain/test_refinement.py)


@pytest.mark.game("distant_plain")
@pytest.mark.rule("propaganda.resources.government")
def test_refinement_mutants_out_reaches_the_checks_records_mutants_and_writes_mutants_json_shape(tmp_path):
    """A Distant Plain's mutants are its checks record's ``refinement_mutants`` (no reference adapter
    serves them): ``refinement.py --mutants --out`` runs one and writes benchmarks/mutants.py's shape,
    naming its own benchmark, through a temporary file and a rename."""
    out = tmp_path / "mutants.json"
    p = bench("refinement.py", "--game", "distant_plain", "--mutants", "--only", ADP_QUICK, "--mutant-games", "10",
              "--out", str(out))
    assert p.returncode == 0, p.stderr[-800:]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["benchmark"] == "benchmarks/refinement.py" and data["game"] == "distant_plain"
    assert data["command"] == (f"python benchmarks/refinement.py --game distant_plain --mutants --only {ADP_QUICK} "
                               f"--mutant-games 10 --out {out}")
    assert data["tool"] == "cdg-oracle" and data["version"] and data["games_per_mutant"] == 10
    (m,) = data["mutants"]
    assert m["name"] == ADP_QUICK and m["rule"] == "propaganda.resources.government"
    assert m["detected"] is True and data["detected"] == 1
    assert m["game"] >= 0 and 0 < m["step"] <= m["steps"] and m["seconds"] > 0
    assert list(tmp_path.iterdir()) == [out]


def test_refinement_mutants_json_counts_what_it_holds():
    refinement = importlib.import_module("benchmarks.refinement")
    results = [{"name": "a", "rule": "r", "detected": True, "game": 0, "step": 5, "steps": 5, "seconds": 1.234},
               {"name": "b", "rule": "s", "detected": False, "game": None, "step": None, "steps": 80, "seconds": 2.0}]
    data = json.loads(refinement.to_json("g", results, ["--game", "g", "--mutants"], 3, 4, 100, 3.25))
    assert data["detected"] == 1 and data["seed"] == 3 and data["games_per_mutant"] == 4
    assert data["command"] == "python benchmarks/refinement.py --game g --mutants"
    assert [m["seconds"] for m in data["mutants"]] == [1.23, 2.0]


def test_refinement_mutants_refuses_an_unknown_mutant_in_one_line():
    p = bench("refinement.py", "--game", "distant_plain", "--mutants", "--only", "no_such_mutant")
    assert p.returncode == 2 and p.stdout == "" and "Traceback" not in p.stderr
    assert p.stderr.strip().splitlines()[-1] == "refinement.py: error: unknown mutant(s) of distant_plain: no_such_mutant"


@pytest.mark.parametrize("script", ["mutants.py", "proofs.py", "refinement.py"])
def test_a_bad_out_is_one_line_before_any_work(script, tmp_path):
    p = bench(script, "--out", str(tmp_path))   # a folder, not a file
    last = p.stderr.strip().splitlines()[-1]   # argparse's usage, then the one-line error
    assert p.returncode == 2 and p.stdout == "" and "Traceback" not in p.stderr
    assert last.startswith(f"{script}: error: --out") and last.endswith("not a regular file; give a file path")


def test_proofs_refuses_a_form_the_game_has_not():
    p = bench("proofs.py", "--game", "twilight_struggle", "--unsliced")
    assert p.returncode == 2 and "--unsliced: twilight_struggle's proofs" in p.stderr and p.stdout == ""


def test_proofs_json_keeps_the_figures_and_the_verdict_under_one_name():
    proofs = importlib.import_module("benchmarks.proofs")
    results = [{"name": "a", "rules": ["2.1"], "status": "proved", "seconds": 0.5, "z3_steps": 120, "witness": None},
               {"name": "b", "rule": "8.1.5", "verdict": "counterexample", "seconds": 0.25, "z3_steps": 7,
                "counterexample": {"x": 1}}]
    text = proofs.to_json("g", results, ["--game", "g", "--out", "p.json"], 1.0, 0.75)
    assert text == proofs.to_json("g", results, ["--game", "g", "--out", "p.json"], 1.0, 0.75)
    data = json.loads(text)
    assert data["command"] == "python benchmarks/proofs.py --game g --out p.json" and data["z3_steps"] == 127
    assert data["proofs"] == [{"name": "a", "rules": ["2.1"], "verdict": "proved", "seconds": 0.5, "z3_steps": 120},
                              {"name": "b", "rule": "8.1.5", "verdict": "counterexample", "seconds": 0.25,
                               "z3_steps": 7}]


def test_a_proof_counts_its_z3_steps_and_the_report_leaves_them_out(monkeypatch):
    """The same proofs in the same order count the same z3 steps (z3_work.z3_steps); the section
    of verification.json drops them with the seconds (properties/verification.py ``unmeasured``)."""
    from cdg_oracle.properties.twilight_struggle import verification, z3_proofs as P

    first = P.control_exclusive(1)
    assert first["verdict"] == "proved" and first["z3_steps"] > 0
    monkeypatch.setattr(P, "prove_all", lambda: [dict(first)])
    sec = verification.proofs_section()
    assert sec.ok and all("z3_steps" not in r and "seconds" not in r for r in sec.data)


def test_refinement_verify_schedule_is_the_games_verify_checks():
    """``refinement.py --verify`` plays the games ``cdg-oracle verify --seed S`` checks with the
    refinement check: the checks record's ``refinement_games`` rounds of every scenario's
    two-player game, seeds as the campaign's (properties/campaign.py ``game_seed``)."""
    from cdg_oracle.model.core.registry import get
    from cdg_oracle.properties.campaign import game_seed
    from cdg_oracle.properties.games import checks

    refinement = importlib.import_module("benchmarks.refinement")
    spec = get("labyrinth")
    rounds = checks("labyrinth").refinement_games
    got = refinement.verify_schedule(spec, 1)
    assert got == [(s, None, game_seed(1, k)) for k in range(rounds) for s in spec.scenarios()]
    assert len(got) == rounds * len(spec.scenarios()) and {seed for _, _, seed in got} == {game_seed(1, k) for k in range(rounds)}
    assert refinement.verify_schedule(spec, 1, "anaconda") == [("anaconda", None, game_seed(1, k)) for k in range(rounds)]
