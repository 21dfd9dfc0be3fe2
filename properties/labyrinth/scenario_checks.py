"""Scenario regression (3.2): each scenario's fixed set-up, before its set-up decisions, checked
against the invariants and against the figures the rulebook prints for it (seed_labyrinth.md d)."""
from __future__ import annotations

from model.labyrinth import victory
from model.labyrinth.scenarios import initial_state, load_scenario, plot_values, scenario_names
from model.labyrinth.state import LabyrinthState
from model.labyrinth.tracks import troops_level
from properties.labyrinth.invariants import check_all


def check_scenario(name: str) -> dict:
    """``{"scenario", "ok", "problems", "computed"}`` for one scenario."""
    spec = load_scenario(name)
    st = LabyrinthState(initial_state(name))
    problems = check_all(st.d, plot_values(st.rulings), st.map.muslim)
    computed = {
        "troops": troops_level(st.d["troops_track"]),
        "funding": st.d["funding"],
        "good_resources": victory.good_resources(st),
        "islamist_resources": victory.islamist_resources(st),
        "fair_or_good": victory.count_governance(st, ("good", "fair")),
        "poor_or_islamist": victory.count_governance(st, ("poor", "islamist_rule")),
    }
    for key, want in (spec.get("printed") or {}).items():
        if computed[key] != want:
            problems.append(f"printed {key} {want}, set-up gives {computed[key]}")
    return {"scenario": name, "ok": not problems, "problems": problems, "computed": computed}


def check_all_scenarios() -> list[dict]:
    return [check_scenario(n) for n in scenario_names()]
