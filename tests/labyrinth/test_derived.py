"""Issue 27.11, Labyrinth: the derived facts (model/labyrinth/derived.py) on states of random games,
two-player and solo, each against the model's own function; the victory margins against the
instant-victory functions; ``observation`` and ``position show --json`` carry the same facts."""
from __future__ import annotations

import random

import pytest

from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.model.labyrinth.countries import resources
from cdg_oracle.model.labyrinth.derived import RULES
from cdg_oracle.model.labyrinth.tracks import (
    available_cells_of,
    funding_level_of,
    gwot_penalty,
    hand_sizes_of,
    prestige_level,
    us_troops_level,
    world_posture,
)
from cdg_oracle.model.labyrinth.victory import (
    adjacent_islamist_pair,
    cells_on_map,
    count_governance,
    end_of_game,
    good_resources,
    islamist_resources,
    islamist_rule_groups,
    jihadist_instant_win,
    us_instant_win,
)
from cdg_oracle.oracle.playout import choose
from cdg_oracle.oracle.position_cmd import document_with_derived

SOLO = {"solo": True, "ideology": "normal", "minidecks": False}


def sampled(scenario: str, seed: int, options=None, every: int = 11, most: int = 60):
    """Every ``every``-th state of one seeded random game, at most ``most``, its end included."""
    rng = random.Random(seed)
    st = new_game(scenario, options=options)
    k = n = 0
    while not st.is_terminal() and n < most:
        k += 1
        if k % every == 0:
            n += 1
            yield st
        st.apply(choose(rng, st))
    yield st


def states():
    for i, scenario in enumerate(("lets_roll", "you_can_call_me_al", "anaconda", "mission_accomplished")):
        yield from sampled(scenario, i)
        yield from sampled(scenario, 10 + i, SOLO)


@pytest.mark.rule("2.1.1", "2.1.2", "2.3", "4.7.1", "4.7.2", "4.7.2.1", "4.7.3", "4.7.4.1", "4.7.4.2", "4.7.6", "5.2.8",
                  "9.1")
def test_every_derived_fact_is_the_model_s_own_value_on_random_states():
    checked = terminal = won_now = 0
    for st in states():
        f = st.derived_facts()
        d = st.d
        assert set(f) == set(RULES)
        assert f["cells_available"] == available_cells_of(st)
        assert f["funding_level"] == funding_level_of(st)
        assert f["gwot_penalty"] == gwot_penalty(d)
        assert f["hand_sizes"] == hand_sizes_of(st)
        assert f["prestige_level"] == prestige_level(d["prestige"])
        assert f["resources"] == {n: resources(st, n) for n in st.map.muslim}
        assert f["troops_level"] == us_troops_level(st)
        assert f["world_posture"] == world_posture(d)
        v = f["victory"]
        assert v["good_resources"] == good_resources(st)
        assert v["islamist_resources"] == islamist_resources(st)
        assert v["islamist_resources_with_green_regime_change"] == islamist_resources(st, count_green_rc=True)
        assert v["fair_or_good_countries"] == count_governance(st, ("good", "fair"))
        assert v["poor_or_islamist_countries"] == count_governance(st, ("poor", "islamist_rule"))
        assert v["islamist_rule_countries"] == sorted((n for g in islamist_rule_groups(st) for n in g),
                                                      key=list(st.map.muslim).index)
        assert v["adjacent_islamist_rule"] == adjacent_islamist_pair(st)
        assert v["cells_on_map"] == cells_on_map(st)
        assert v["instant"] == {"US": us_instant_win(st), "Jihadist": jihadist_instant_win(st)}
        end = st.clone()
        end_of_game(end)
        assert v["end_of_game"] == {"winner": end.winner(), "rule": end.d["terminal"]["rule"]}
        # the margins agree with the win functions: a US condition is reached iff the US wins now
        us, jihad = v["needed"]["US"], v["needed"]["Jihadist"]
        assert (v["instant"]["US"] is not None) == (0 in us.values())
        assert us["good_resources"] == max(0, 12 - v["good_resources"])               # 2.1.1
        assert us["fair_or_good_countries"] == max(0, 15 - v["fair_or_good_countries"])  # 2.1.1
        solo = bool(d["options"].get("solo"))
        assert ("cells_on_map" in us) == (not solo)                                  # 9.1
        ir_way = jihad["islamist_resources"] == 0 and (solo or v["adjacent_islamist_rule"])
        prestige_way = jihad["prestige_steps"] == 0 and jihad["poor_or_islamist_countries"] == 0
        assert (v["instant"]["Jihadist"] is not None) == (ir_way or prestige_way)
        won_now += v["instant"]["US"] is not None or v["instant"]["Jihadist"] is not None
        terminal += st.is_terminal()
        checked += 1
    assert checked > 300 and terminal >= 4 and won_now >= 1


@pytest.mark.rule("5.2.8", "2.1.1")
def test_observation_and_position_show_json_carry_the_same_facts():
    """Both sides see every derived fact (they are public), and ``position show --json``'s
    ``derived`` section is the facts of the state its position loads to."""
    for i, st in enumerate(states()):
        facts = st.derived_facts()
        assert st.observation("US")["derived"] == facts == st.observation("Jihadist")["derived"]
        if i % 9 == 0:
            shown = document_with_derived(st)
            assert shown["derived"] == from_document(to_document(st)).derived_facts()
            assert set(shown["derived_rules"]) == set(facts)
