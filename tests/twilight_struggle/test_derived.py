"""Issue 27.11, Twilight Struggle: the derived facts (model/twilight_struggle/derived.py) on states of
random games of both scenarios, each against the model's own function; the region levels against
the control of each country; ``observation`` and ``position show --json`` carry the same facts."""
from __future__ import annotations

import random

import pytest

from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.twilight_struggle import new_game
from cdg_oracle.model.twilight_struggle.defcon import closed_regions
from cdg_oracle.model.twilight_struggle.derived import RULES
from cdg_oracle.model.twilight_struggle.control import controls
from cdg_oracle.model.twilight_struggle.scoring import SCORED_REGIONS, region_levels, region_vp
from cdg_oracle.model.twilight_struggle.turn import hand_size, rounds_of
from cdg_oracle.oracle.playout import choose
from cdg_oracle.oracle.position_cmd import document_with_derived

SIDES = ("US", "USSR")


def states():
    """Every 4th state of seeded random games (at most 40 a game), each game's end included (random
    play reaches DEFCON 1 soon: many short games)."""
    for seed in range(24):
        scenario = "late_war" if seed % 4 == 1 else "standard"
        rng = random.Random(seed)
        st = new_game(scenario)
        k = n = 0
        while not st.is_terminal() and n < 40:
            k += 1
            if k % 4 == 0:
                n += 1
                yield st
            st.apply(choose(rng, st))
        yield st


@pytest.mark.rule("2.1.7", "4.5", "6.4.4", "8.1.5", "8.2.1", "9.1", "10.1.1", "10.1.2", "10.3.1")
def test_every_derived_fact_is_the_model_s_own_value_on_random_states():
    checked, levels_seen = 0, set()
    for st in states():
        f = st.derived_facts()
        d = st.d
        assert set(f) == set(RULES)
        for c, who in f["control"].items():
            assert [s for s in SIDES if controls(st, s, c)] == ([who] if who else [])
        assert set(f["control"]) == set(st.map.countries)
        assert f["battlegrounds"] == {s: sum(1 for c in st.map.countries if st.map.countries[c].battleground
                                             and controls(st, s, c)) for s in SIDES}
        assert f["closed_regions"] == sorted(closed_regions(st))
        assert f["hand_size"] == hand_size(st)
        assert f["action_rounds"] == {s: rounds_of(st, s) for s in SIDES}
        need = d["defcon"] if d["milops_required"] is None else d["milops_required"]     # 8.2.1
        assert f["milops_required"] == need
        assert f["milops_short"] == {s: max(0, need - d["milops"][s]) for s in SIDES}
        assert f["vp_needed"] == {"US": max(0, 20 - d["vp"]), "USSR": max(0, 20 + d["vp"])}  # 10.3.1
        for r in SCORED_REGIONS:
            assert f["region_levels"][r] == region_levels(st, r)
            assert f["region_vp"][r] == region_vp(st, r)
            for s in SIDES:  # 10.1.1 read off the control map: Control holds every battleground
                level = f["region_levels"][r][s]
                levels_seen.add(level)
                bgs = [c for c in st.map.area(r) if st.map.countries[c].battleground]
                if level == "control":
                    assert all(f["control"][c] == s for c in bgs)
                assert (level is None) == (not any(f["control"][c] == s for c in st.map.area(r)))
        checked += 1
    assert checked > 250 and {None, "presence", "domination"} <= levels_seen


@pytest.mark.rule("2.1.7", "6.1.6")
def test_observation_and_position_show_json_carry_the_same_facts():
    for i, st in enumerate(states()):
        facts = st.derived_facts()
        assert st.observation("US")["derived"] == facts == st.observation("USSR")["derived"]
        if i % 9 == 0:
            shown = document_with_derived(st)
            assert shown["derived"] == from_document(to_document(st)).derived_facts()
            assert set(shown["derived_rules"]) == set(facts)
