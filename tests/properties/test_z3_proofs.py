"""The inductive proofs (properties/labyrinth/z3_proofs.py): every step of the rules keeps every
invariant; a rule broken on purpose yields a concrete counterexample; the candidate invariants of
h.2 (C) are refuted by a step of the rules."""
from __future__ import annotations

import os

import pytest

from cdg_oracle.model.labyrinth import scenario_names
from cdg_oracle.properties import proved
from cdg_oracle.properties.labyrinth import z3_proofs as P
from cdg_oracle.properties.labyrinth.z3_state import NON_INVARIANTS

pytestmark = pytest.mark.game("labyrinth")  # the rules its rule marks name are Labyrinth's

# The whole suite re-proved (``suite``: every transition, about 16 s of z3) only with
# CDG_SLOW_TESTS=1; the default run checks the committed certificate of proved queries instead
# (properties/proved.py), proves :data:`SAMPLE`, the base cases and the lemmas for real.
#: The cheapest transitions (reports/labyrinth/proofs.json), proved for real in every run.
SAMPLE = ("prestige_shift", "reserves_op", "prestige_to_one")


@pytest.fixture(scope="module")
def suite():
    return {r["name"]: r for r in P.prove_all()}


@pytest.mark.rule("4.6.1", "4.7.1", "4.7.4.1", "7.3.1", "8.4.4")
def test_every_query_is_the_one_the_certificate_records_as_proved():
    """properties/labyrinth/proved.json: every transition's query built now (no solving) has the
    digest of the query z3 proved, its verdict proved and the step enabled."""
    assert proved.stale("labyrinth") == []
    assert set(proved.load("labyrinth")["proofs"]) == set(P.TRANSITIONS)


def test_a_transition_changed_since_the_certificate_is_named(monkeypatch):
    """The Deploy that creates a cube (a rule broken on purpose) in place of the certified one: its
    query differs, and the check names it and the command that re-proves it."""
    spec = P.TRANSITIONS["deploy"]
    monkeypatch.setitem(P.TRANSITIONS, "deploy",
                        P.Spec(spec.name, spec.rules, lambda w, **kw: spec.build(w, create_cube=True), spec.doc))
    (line,) = proved.stale("labyrinth", names=["deploy"])
    assert line.startswith("labyrinth: deploy: its query changed since it was proved (") and "proved)" in line
    assert line.endswith("; re-prove: python -m cdg_oracle.oracle.proved_cmd --game labyrinth")


@pytest.mark.parametrize("name", SAMPLE)
def test_a_sample_of_the_transitions_is_proved_for_real(name):
    r = P.prove(name)
    assert r["status"] == "proved" and r["enabled"] and r["witness"] is None


def test_the_base_cases_and_the_lemmas_are_proved():
    facts = P._facts()
    res = P.base_cases() + P.prove_lemmas(facts)
    assert {r["name"]: r["status"] for r in res if r["status"] != "proved"} == {}
    assert {f"base case: {s}" for s in scenario_names()} <= {r["name"] for r in res}
    assert any(r["name"].startswith("lemma: ") for r in res)
    assert all(r["rules"] and r["witness"] is None for r in res)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CDG_SLOW_TESTS"), reason="slow: set CDG_SLOW_TESTS=1")
def test_every_proof_of_the_suite_is_proved(suite):
    not_proved = {n: (r["status"], r.get("violated"), r["witness"])
                  for n, r in suite.items() if r["status"] != "proved"}
    assert not_proved == {}
    assert {f"base case: {s}" for s in scenario_names()} <= set(suite)
    assert set(P.TRANSITIONS) <= set(suite)
    assert any(n.startswith("lemma: ") for n in suite)
    for r in suite.values():
        assert r["rules"] and r["witness"] is None and r["seconds"] >= 0


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CDG_SLOW_TESTS"), reason="slow: set CDG_SLOW_TESTS=1")
def test_no_transition_is_proved_vacuously(suite):
    """Each step can be taken from some state that keeps every invariant (its guards are not
    contradictory, which would make its proof trivially true)."""
    assert all(suite[n]["enabled"] for n in P.TRANSITIONS)


def test_the_suite_covers_operations_plots_cards_and_the_end_of_turn():
    for name in ("deploy", "regime_change", "withdraw", "disrupt", "recruit", "travel", "jihad",
                 "islamic_revolution", "place_plot", "resolve_plot", "alert", "wmd_becomes_available",
                 "draw", "play_card", "put_away", "reshuffle", "end_of_turn", "prestige_roll",
                 "regime_change_marker", "first_plot_claimed"):
        assert name in P.TRANSITIONS
        assert P.TRANSITIONS[name].rules and P.TRANSITIONS[name].doc


# -- rules broken on purpose -------------------------------------------------------------------------

@pytest.mark.rule("5.2.5", "4.7.4.1", "4.7.1")
def test_end_of_turn_without_the_clamp_has_a_counterexample():
    r = P.prove("end_of_turn", clamped=False)
    assert r["status"] == "counterexample"
    assert set(r["violated"]) & {"funding_bounds (4.7.4.1)", "prestige_bounds (4.7.1)"}
    w = r["witness"]
    pre, post = w["pre"], w["post"]
    if "funding_bounds (4.7.4.1)" in r["violated"]:
        assert w["choices"]["pirates"] is False
        assert pre["funding"] == 1 and post["funding"] == 0
    if "prestige_bounds (4.7.1)" in r["violated"]:
        assert post["prestige"] in (0, 13) and abs(post["prestige"] - pre["prestige"]) == 1


@pytest.mark.rule("7.3.1", "4.6.1")
def test_a_troop_move_that_creates_a_cube_has_a_counterexample():
    r = P.prove("deploy", create_cube=True)
    assert r["status"] == "counterexample"
    assert r["violated"] == ["troop_cubes_conserved (4.6.1)"]
    w = r["witness"]
    troops = [n for n in w["pre"] if n == "troops_track" or n.startswith("troops[")]
    # the cubes counted before and after the move differ by exactly the cube created
    assert sum(w["pre"][n] for n in troops) == 15
    changed = [n for n in troops if w["pre"][n] != w["post"][n]]
    assert sum(w["post"][n] - w["pre"][n] for n in changed) == 1
    assert w["choices"]["troops"] >= 1 and w["choices"]["from"] != w["choices"]["to"]


BROKEN_RULES = [
    ("recruit", {"limit": None}, "cell_cylinders_conserved (4.6.1)"),
    ("posture_roll", {"exempt_fixed_hard": False}, "israel_always_hard (4.3.3)"),
    ("put_away", {"box_guard": False}, "first_plot_box_single (4.7.7.2)"),
    ("place_nato", {"regime_change_only": False}, "nato_only_on_regime_change (card 41)"),
    ("reserves_op", {"capped": False}, "reserves_bounds (6.3.3)"),
    ("prestige_shift", {"clamped": False}, "prestige_bounds (4.7.1)"),
    ("prestige_roll", {"clamped": False}, "prestige_bounds (4.7.1)"),
    ("funding_shift", {"clamped": False}, "funding_bounds (4.7.4.1)"),
    ("event_card_move", {"from_removed": True}, "removed_cards_stay_removed (6.2.9)"),
    ("governance_change", {"islamist_rule": True}, "pakistan_arsenal_released_under_islamist_rule (8.4.5)"),
    ("alert", {"brings_back": False}, "set_aside_plots_stand_for_wmd (9.3.3)"),
    ("wmd_becomes_available", {"solo_only": False}, "set_aside_plots_stand_for_wmd (9.3.3)"),
]


@pytest.mark.parametrize("name, params, violated", BROKEN_RULES)
def test_a_broken_rule_has_a_counterexample(name, params, violated):
    r = P.prove(name, **params)
    assert r["status"] == "counterexample"
    assert violated in r["violated"]
    assert r["witness"]["pre"] and r["witness"]["post"] and r["params"] == params


@pytest.mark.rule("8.4.4", "7.3.4.1")
def test_a_revolution_that_keeps_the_regime_change_marker_has_a_counterexample():
    r = P.prove("islamic_revolution", removes_markers=False)
    assert r["status"] == "counterexample"
    assert set(r["violated"]) <= {"regime_change_only_poor_or_fair (7.3.4.1)", "nato_only_on_regime_change (card 41)"}
    w = r["witness"]
    (country,) = [k[4:-1] for k, v in w["post"].items() if k.startswith("gov[") and v == "islamist_rule"]
    assert w["post"][f"rc[{country}]"] != "none"


@pytest.mark.rule("8.5.5")
def test_a_blocked_wmd_returning_to_available_breaks_no_invariant():
    """A limit of the invariants, documented: WMD plots are conserved whether a blocked one goes
    out of the game (8.5.5) or, against the rule, back to Available; no state invariant tells."""
    assert P.prove("alert", wmd_returns=True)["status"] == "proved"


# -- the proof's forms agree -------------------------------------------------------------------------

@pytest.mark.parametrize("name, params", [("end_of_turn", {"clamped": False}), ("deploy", {"create_cube": True}),
                                          ("put_away", {})])
def test_the_relation_as_written_gives_the_same_verdict(name, params):
    """``sliced=False``: z3 gets T(pre, post) over the two copies and every invariant, without the
    one-point rule and the frame slicing."""
    assert P.prove(name, sliced=False, **params)["status"] == P.prove(name, **params)["status"]


def test_a_symbolic_card_gives_the_same_verdict_as_the_symmetry_representative():
    """Any card 1-120 instead of card 1 (z3_proofs.the_card)."""
    assert P.prove("play_card", symbolic_card=True)["status"] == "proved"


def test_the_transition_relation_is_a_z3_formula_over_both_copies():
    facts = P._facts()
    pre, post, _, _ = P._copies(facts)
    t = P.build("deploy", pre, post)
    text = t.formula.sexpr()
    assert "pre:troops_track" in text and "post:troops_track" in text
    assert set(t.choices) == {"from", "to", "troops"}


# -- the h.2 (C) candidates --------------------------------------------------------------------------

def test_each_documented_non_invariant_is_broken_by_a_step_of_the_rules():
    res = P.refute_non_invariants()
    assert [r["name"] for r in res] == [ni.name for ni in NON_INVARIANTS]
    for r in res:
        assert r["status"] == "refuted", r
        assert r["witness"]["pre"] != r["witness"]["post"]
    by = {r["name"]: r for r in res}
    w = by["good_has_no_aid"]["witness"]
    (gov,) = [k for k in w["pre"] if k.startswith("gov[")]
    assert w["pre"][gov] == "good" and w["post"][gov.replace("gov", "aid")] >= 1


def test_a_proof_z3_could_not_decide_is_said_so_not_shown_as_a_counterexample():
    """properties/verification.py ``proofs_section``: a transition z3 answered "unknown" on (its
    resource limit reached) is "not proved", never a counterexample with nothing shown; a vacuous
    one says so; the section holds only if every verdict is proved."""
    from cdg_oracle.properties.verification import proofs_section

    sec = proofs_section("t", [], [], [("a", "1.1", "proved", None), ("b", "1.2", "unknown", None),
                                        ("c", "1.3", "vacuous", None), ("d", "1.4", False, {"x": 1})])
    lines = {ln.split(" | ")[0].strip("| "): ln for ln in sec.md if ln.startswith("| ") and "rules" not in ln}
    assert "proved" in lines["a"] and "not proved" in lines["b"] and "**counterexample**" not in lines["b"]
    assert "vacuous" in lines["c"] and '**counterexample** {"x": 1}' in lines["d"]
    assert not sec.ok
    assert proofs_section("t", [], [], [("a", "1.1", True, None)]).ok
