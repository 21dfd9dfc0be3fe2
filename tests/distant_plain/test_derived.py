"""Issue 27.11, A Distant Plain: the derived facts (model/distant_plain/derived.py) on states of
active random games, each against the model's own function; the margins against the aid's four
goals; ``observation`` and ``position show --json`` carry the same facts."""
from __future__ import annotations

import random

import pytest

from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.distant_plain.control import control_of
from cdg_oracle.model.distant_plain.derived import RULES
from cdg_oracle.model.distant_plain.operations.rally import taliban_rally_cost, taliban_rally_location
from cdg_oracle.model.distant_plain.operations.train import selection_cost
from cdg_oracle.model.distant_plain.pieces import FACTIONS
from cdg_oracle.model.distant_plain.scenarios import new_game
from cdg_oracle.model.distant_plain.victory import goals_met, margins, terms
from cdg_oracle.oracle.position_cmd import document_with_derived
from cdg_oracle.properties.distant_plain.verification import ACTIVE_OPTIONS, PASSIVE


def states():
    """Every 7th state of active seeded random games (a pass, a stop or a declined Special Activity
    only when nothing else is legal), at most 50 a game, each game's end included; one under the
    option ``control`` = ``none`` and one at Islamabad's Backing (the Taliban Rally free in Pakistan)."""
    for seed in range(6):
        options = dict(ACTIVE_OPTIONS, **({"control": "none"} if seed == 4 else {}))
        rng = random.Random(seed)
        st = new_game(options=options)
        if seed == 5:
            st.d["islamabad"]["level"] = "backing"
        k = n = 0
        while not st.is_terminal() and n < 50:
            k += 1
            if k % 7 == 0:
                n += 1
                yield st
            acts = st.legal_actions()
            st.apply(rng.choice([a for a in acts if a not in PASSIVE] or acts))
        yield st


@pytest.mark.rule("coalition.victory", "government.victory", "taliban.victory", "warlords.victory",
                  "propaganda.victory", "taliban.operations.rally", "government.operations.train")
def test_every_derived_fact_is_the_model_s_own_value_on_random_states():
    checked, seen = 0, set()
    for st in states():
        f = st.derived_facts()
        d = st.d
        assert set(f) == set(RULES)
        assert f["control"] == {n: control_of(d["spaces"][n], st.map.spaces[n].pakistan, d["options"])
                                for n in st.map.areas}
        assert f["victory_terms"] == terms(d)
        assert f["margins"] == margins(d)
        assert f["goals_met"] == sorted(goals_met(d)) == sorted(x for x, m in f["margins"].items() if m > 0)
        t = f["victory_terms"]  # the aid's four goals, each "eccede" its threshold
        assert f["margins"]["Coalition"] == t["total_support"] + t["available_coalition_pieces"] - 30
        assert f["margins"]["Government"] == t["coin_controlled_population"] + t["patronage"] - 35
        assert f["margins"]["Taliban"] == t["total_opposition"] + t["taliban_bases_on_map"] - 20
        assert f["margins"]["Warlords"] == min(t["uncontrolled_afghan_population"] - 15, t["warlords_resources"] - 40)
        assert f["costs"]["taliban_rally"] == {n: taliban_rally_cost(st, n) for n in st.map.areas
                                               if taliban_rally_location(st, n)}
        assert f["costs"]["train"]["on_choosing"] == {x: selection_cost(st, x) for x in ("Coalition", "Government")}
        assert f["costs"]["train"]["per_space"] == 3
        seen |= set(f["control"].values()) | {("rally cost", c) for c in f["costs"]["taliban_rally"].values()}
        checked += 1
    assert checked > 250 and {"coin", "taliban", "uncontrolled", ("rally cost", 0), ("rally cost", 1)} <= seen


@pytest.mark.rule("propaganda.victory")
def test_observation_and_position_show_json_carry_the_same_facts():
    for i, st in enumerate(states()):
        facts = st.derived_facts()
        assert all(st.observation(x)["derived"] == facts for x in FACTIONS)
        if i % 9 == 0:
            shown = document_with_derived(st)
            assert shown["derived"] == from_document(to_document(st)).derived_facts()
            assert set(shown["derived_rules"]) == set(facts)

