"""The mutant registry (properties/labyrinth/mutants.py): enough distinct mutants, each naming a rule the model
implements, each switching on cleanly in its own reference-adapter process; an unknown name is a
clean usage error; the quickest mutants are caught by difftest, and the unmutated adapter is not.

The detection of every mutant, with its time, is measured by ``benchmarks/mutants.py``, not here.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cdg_oracle.oracle import difftest
from cdg_oracle.properties.labyrinth import mutants
from cdg_oracle.oracle.difftest_cmd import reference_command

pytestmark = pytest.mark.game("labyrinth")  # the rules its rule marks name are Labyrinth's

ROOT = Path(__file__).resolve().parents[2]

# Measured by benchmarks/mutants.py (seed 0): each is detected in its first game, in about a second.
QUICK = ("mission-accomplished-no-reroll", "patriot-act-one-way", "governance-table-1-3-poor",
         "disrupt-any-muslim")


def test_there_are_at_least_30_mutants_with_unique_well_formed_names():
    names = list(mutants.MUTANTS)
    assert len(names) >= 30
    assert len(set(names)) == len(names)
    for name, m in mutants.MUTANTS.items():
        assert m.name == name
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name), name
        assert m.description and m.description[0].isupper() and len(m.description) > 30, name


def test_registering_a_name_twice_is_refused():
    name = next(iter(mutants.MUTANTS))
    with pytest.raises(ValueError, match="registered twice"):
        mutants.mutant(name, "4.7.1", "a duplicate")(lambda: None)
    assert mutants.MUTANTS[name].description != "a duplicate"


def test_each_mutant_names_a_rule_of_the_rulebook_that_the_model_implements():
    import cdg_oracle.model.labyrinth  # noqa: F401  (fills the citation registry)
    from cdg_oracle.model.core.citations import registry
    from cdg_oracle.model.labyrinth.rules_catalogue import load_rules_catalogue

    numbers = {r.number for r in load_rules_catalogue()} | {f"card {n}" for n in range(1, 121)}
    cited = registry("labyrinth")
    for m in mutants.MUTANTS.values():
        assert m.rule in numbers, (m.name, m.rule)
        assert cited.get(m.rule), f"{m.name}: rule {m.rule} is cited nowhere in model/ (@implements)"


def test_each_mutant_plays_a_known_scenario_and_length():
    from cdg_oracle.model.labyrinth import scenario_names
    from cdg_oracle.model.labyrinth.scenarios import LENGTHS

    for m in mutants.MUTANTS.values():
        assert m.scenario in scenario_names(), m.name
        assert m.length in LENGTHS, m.name


def test_importing_the_registry_patches_nothing():
    from cdg_oracle.model.labyrinth import tracks

    assert tracks.PRESTIGE_MAX == 12 and tracks.FUNDING_MAX == 9 and tracks.US_HAND["war"] == 8


def _requests(m: mutants.Mutant) -> str:
    """Reset to the mutant's scenario, ask the legal actions, quit: adapter protocol lines."""
    requests = [{"id": 1, "cmd": "reset", "game": "labyrinth", "scenario": m.scenario, "length": m.length},
                {"id": 2, "cmd": "legal_actions"}, {"id": 3, "cmd": "quit"}]
    return "".join(json.dumps(r) + "\n" for r in requests)


def _serve_in_fresh_process(name: str) -> tuple[str, int, str, str]:
    """In a process forked from the (never patched) test process: the reference adapter with
    mutant ``name`` answers the requests, as ``python -m oracle.reference_adapter --mutant`` does."""
    import contextlib
    import io

    from cdg_oracle.oracle import reference_adapter

    out, err = io.StringIO(), io.StringIO()
    sys.stdin = io.StringIO(_requests(mutants.MUTANTS[name]))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = reference_adapter.run(name)
    return name, code, out.getvalue(), err.getvalue()


def _serve_in_subprocess(name: str) -> tuple[str, int, str, str]:
    proc = subprocess.run(reference_command(name), input=_requests(mutants.MUTANTS[name]),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    return name, proc.returncode, proc.stdout, proc.stderr


def test_each_mutant_activates_in_a_fresh_adapter_process():
    # One process per mutant, since patches accumulate within a process. Where the forkserver is
    # available each is forked, a new one per mutant (maxtasksperchild=1), from a server process
    # that imported the model once: that skips importing it 60 times. Not a fork of this test
    # process: a fork of a process with threads (an earlier test's reader threads) can deadlock.
    # The command-line path of the adapter is exercised by the difftest tests below.
    import multiprocessing

    names = list(mutants.MUTANTS)
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["cdg_oracle.oracle.reference_adapter", "cdg_oracle.properties.labyrinth.mutants",
                                    "tests.oracle.test_mutants"])
        with ctx.Pool(2, maxtasksperchild=1) as pool:
            results = pool.map(_serve_in_fresh_process, names, chunksize=1)
    else:
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(_serve_in_subprocess, names))
    for name, code, stdout, stderr in results:
        assert code == 0 and not stderr, (name, stderr[-500:])
        answers = [json.loads(x) for x in stdout.splitlines()]
        assert [a["id"] for a in answers] == [1, 2, 3] and all(a["ok"] for a in answers), (name, answers)
        assert answers[1]["actions"], name
    assert [r[0] for r in results] == names


def test_an_unknown_mutant_is_a_one_line_error_with_exit_2():
    proc = subprocess.run(reference_command("no-such-mutant"), input="", capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "unknown mutant" in lines[0] and "no-such-mutant" in lines[0]


@pytest.mark.parametrize("name", QUICK)
def test_a_quick_mutant_is_detected_by_difftest(name):
    m = mutants.MUTANTS[name]
    r = difftest.run(reference_command(name), scenario=m.scenario, length=m.length, games=5, seed=0, budget=20)
    assert r.verdict == "disagreement", (name, r.verdict, r.finding and r.finding.message)
    assert r.finding.game == 0


@pytest.mark.rule("8.3.1")
def test_a_detection_points_at_the_broken_rule():
    # Travel to an adjacent country made to roll: where the model moves the cell at once, the
    # mutant asks for a die first; the states (or whose turn it is) differ after a Travel step.
    r = difftest.run(reference_command("travel-adjacent-rolls"), games=2, seed=0, budget=20)
    assert r.verdict == "disagreement"
    f = r.finding
    assert "8.3.1" in f.rules or f.rule == "8.3.1", (f.rules, f.rule, f.message)


def test_the_unmutated_reference_adapter_agrees():
    r = difftest.run(reference_command(), games=2, seed=0)
    assert r.verdict == "agree" and r.games == 2
