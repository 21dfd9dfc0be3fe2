"""Twilight Struggle's mutant registry (properties/twilight_struggle/mutants.py, on the generic
machinery of properties/mutants.py): enough distinct mutants, card events among them, each naming a
rule (or card) the model implements and a scenario and options the game knows; importing the
registry patches nothing; each mutant switches on cleanly in its own reference-adapter process
(``--mutant twilight_struggle:NAME``); compiling the sequences again changes nothing by itself; an
unknown name is a clean usage error; the quickest mutants are caught by a tiny difftest run.

The detection of every mutant, with its time, is measured by ``benchmarks/mutants.py --game
twilight_struggle``, not here.
"""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cdg_oracle.oracle import difftest
from cdg_oracle.oracle.difftest_cmd import reference_command
from cdg_oracle.properties.games import checks
from cdg_oracle.properties.twilight_struggle import mutants

pytestmark = pytest.mark.game("twilight_struggle")

GAME = "twilight_struggle"
ROOT = Path(__file__).resolve().parents[2]

# Measured by benchmarks/mutants.py --game twilight_struggle (seed 0): each is detected in the first
# game, within its first 150 steps, in about a second.
QUICK = ("coup-no-milops", "china-card-passes-face-up", "deluxe-setup-no-canada", "card-11-war-vp-1")


def test_the_checks_record_names_this_registry():
    assert checks(GAME).mutants is mutants


def test_there_are_at_least_30_mutants_with_unique_well_formed_names():
    names = list(mutants.MUTANTS)
    assert len(names) >= 30
    assert len(set(names)) == len(names)
    for name, m in mutants.MUTANTS.items():
        assert m.name == name
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name) and len(name) <= 34, name
        assert m.description and m.description[0].isupper() and len(m.description) > 30, name


def test_at_least_8_mutants_break_card_events_the_model_implements():
    from cdg_oracle.model.twilight_struggle.events import EVENTS, load_all

    load_all()
    cards = [int(m.rule.split()[1]) for m in mutants.MUTANTS.values() if m.rule.startswith("card ")]
    assert len(cards) >= 8
    assert all(c in EVENTS for c in cards), [c for c in cards if c not in EVENTS]


def test_registering_a_name_twice_is_refused():
    name = next(iter(mutants.MUTANTS))
    with pytest.raises(ValueError, match="registered twice"):
        mutants.mutant(name, "6.1.2", "a duplicate")(lambda: None)
    assert mutants.MUTANTS[name].description != "a duplicate"


def test_each_mutant_names_a_rule_of_the_rulebook_that_the_model_implements():
    import cdg_oracle.model.twilight_struggle  # noqa: F401  (fills the citation registry)
    from cdg_oracle.model.core.citations import registry
    from cdg_oracle.model.twilight_struggle.events import load_all
    from cdg_oracle.model.twilight_struggle.rules_catalogue import load_rules_catalogue

    load_all()
    numbers = {r.number for r in load_rules_catalogue()} | {f"card {n}" for n in range(1, 111)}
    cited = registry(GAME)
    for m in mutants.MUTANTS.values():
        assert m.rule in numbers, (m.name, m.rule)
        assert cited.get(m.rule), f"{m.name}: rule {m.rule} is cited nowhere in model/ (@implements)"


def test_each_mutant_plays_a_known_scenario_length_and_options():
    from cdg_oracle.model.twilight_struggle.options import normalize_options
    from cdg_oracle.model.twilight_struggle.scenarios import LENGTHS, scenario_names

    for m in mutants.MUTANTS.values():
        assert m.scenario in scenario_names(), m.name
        assert m.length in LENGTHS, m.name
        normalize_options(m.options)  # a DataError names a bad one


def test_importing_the_registry_patches_nothing():
    from cdg_oracle.model.twilight_struggle import cardplay, tracks
    from cdg_oracle.model.twilight_struggle.events import EVENTS
    from cdg_oracle.model.twilight_struggle.mapdata import load_map
    from cdg_oracle.model.twilight_struggle.tables import load_tables

    assert tracks.MILOPS_MAX == 5 and cardplay.CHINA_BONUS == 1
    assert load_tables().space[1].max_roll == 3 and load_tables().scoring["Europe"].presence == 3
    m = load_map()
    assert m.countries["Iran"].stability == 2 and "Panama" in m.battlegrounds
    assert "Pakistan" in m.countries["Iran"].adjacent
    assert EVENTS[21].playable.__name__ == "nato_allowed"


def _requests(m) -> str:
    """Reset to the mutant's scenario and options, ask the legal actions, quit."""
    requests = [{"id": 1, "cmd": "reset", "game": GAME, "scenario": m.scenario, "length": m.length,
                 "options": m.options},
                {"id": 2, "cmd": "legal_actions"}, {"id": 3, "cmd": "quit"}]
    return "".join(json.dumps(r) + "\n" for r in requests)


def _serve_in_fresh_process(name: str) -> tuple[str, int, str, str]:
    """In a fresh process: the reference adapter with mutant ``name`` answers the requests."""
    import contextlib
    import io

    from cdg_oracle.oracle import reference_adapter

    out, err = io.StringIO(), io.StringIO()
    sys.stdin = io.StringIO(_requests(mutants.MUTANTS[name]))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = reference_adapter.run(f"{GAME}:{name}")
    return name, code, out.getvalue(), err.getvalue()


def _serve_in_subprocess(name: str) -> tuple[str, int, str, str]:
    proc = subprocess.run(reference_command(f"{GAME}:{name}"), input=_requests(mutants.MUTANTS[name]),
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    return name, proc.returncode, proc.stdout, proc.stderr


def _pool_map(fn, items):
    """``fn`` over ``items``, one fresh process each (patches accumulate within a process): forked
    from a forkserver that imported the model once where there is one (as tests/oracle/test_mutants.py)."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["cdg_oracle.oracle.reference_adapter", "cdg_oracle.properties.twilight_struggle.mutants",
                                    "tests.twilight_struggle.test_mutants"])
        with ctx.Pool(2, maxtasksperchild=1) as pool:
            return pool.map(fn, items, chunksize=1)
    return None


def test_each_mutant_activates_in_a_fresh_adapter_process():
    names = list(mutants.MUTANTS)
    results = _pool_map(_serve_in_fresh_process, names)
    if results is None:
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(_serve_in_subprocess, names))
    for name, code, stdout, stderr in results:
        assert code == 0 and not stderr, (name, stderr[-500:])
        answers = [json.loads(x) for x in stdout.splitlines()]
        assert [a["id"] for a in answers] == [1, 2, 3] and all(a["ok"] for a in answers), (name, answers)
        assert answers[1]["actions"], name
    assert [r[0] for r in results] == names


def _random_game(recompiled: bool) -> list:
    """The canonical states of a seeded random game (Deluxe edition), with every sequence compiled
    again first (``recompiled``), as a mutant's patch does."""
    from cdg_oracle.oracle.games import new_state

    if recompiled:
        mutants.model_modules()
        mutants.recompile()
    rng = random.Random(7)
    st = new_state(GAME, "standard", "standard", {}, {"edition": "deluxe"})
    out = [st.canonical()]
    for _ in range(300):
        actions = st.legal_actions()
        if not actions or st.d["terminal"] is not None:
            break
        st.apply(rng.choice(actions))
        out.append(st.canonical())
    return out


def test_compiling_the_sequences_again_changes_no_play():
    results = _pool_map(_random_game, [True])
    if results is None:
        pytest.skip("no forkserver: the recompilation would patch this process")
    assert results[0] == _random_game(False)


def test_an_unknown_mutant_is_a_one_line_error_with_exit_2():
    proc = subprocess.run(reference_command(f"{GAME}:no-such-mutant"), input="", capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "unknown mutant" in lines[0] and "no-such-mutant" in lines[0]


@pytest.mark.parametrize("name", QUICK)
def test_a_quick_mutant_is_detected_by_difftest(name):
    m = mutants.MUTANTS[name]
    r = difftest.run(reference_command(f"{GAME}:{name}"), GAME, m.scenario, m.length, games=3, seed=0, budget=20,
                     options=m.options or None)
    assert r.verdict == "disagreement", (name, r.verdict, r.finding and r.finding.message)
    assert r.finding.game < 3  # within the three games played (which game first shows it follows the model's play)


@pytest.mark.rule("6.3.2")
def test_a_detection_points_at_the_broken_rule():
    # The coup result with the stability subtracted once: the influence after the first coup differs.
    r = difftest.run(reference_command(f"{GAME}:coup-stability-not-doubled"), GAME, "standard", games=2, seed=0,
                     budget=20)
    assert r.verdict == "disagreement"
    f = r.finding
    assert "6.3.2" in f.rules or f.rule == "6.3.2", (f.rules, f.rule, f.message)


def test_the_unmutated_reference_adapter_agrees_on_the_deluxe_edition():
    r = difftest.run(reference_command(), GAME, "standard", games=1, seed=0, options={"edition": "deluxe"})
    assert r.verdict == "agree" and r.games == 1
