"""The COIN Train (operations/train.py): up to 6 Govt cubes where a Coalition Base is (the
Coalition; Kabul: coalition_train_kabul, A06) or in Kabul or with a COIN Base (the Government), 3
Government Resources a space (the Coalition's only if cubes are placed; the Government's:
government_train_cost, A07), cubes from the map when none is in reserve (train_cubes_from_map,
P03); then in 1 trained space Civic Action (train_civic_action, P01; train_civic_action_where, P02),
the Coalition's Patronage transfer in Kabul, or the Government's Base."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.operations import train  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from tests.distant_plain.helpers import place, running
from tests.distant_plain.test_assault import possible

TROOPS, POLICE = "government_troops", "police"


@pytest.mark.rule("coalition.operations.train", "propaganda.support.civic_action")
def test_coalition_train_places_up_to_6_cubes_for_3_government_resources_then_civic_action():
    d = sandbox_state()
    place(d, "Balkh", "coalition_bases", 1)
    place(d, "Herat", "police", 1)  # no Coalition piece: not a Coalition Train space
    st = running(d, "coalition_train")
    assert st.legal_actions() == [{"space": "Balkh"}, {"space": "Kabul"}]  # Kabul: for the Patronage
    st.apply({"space": "Balkh"})
    assert st.legal_actions() == [{"place": TROOPS, "space": "Balkh"}, {"place": POLICE, "space": "Balkh"}, {"done": True}]
    for kind in (TROOPS, TROOPS, TROOPS, TROOPS, POLICE):
        st.apply({"place": kind, "space": "Balkh"})
    assert st.d["resources"]["Government"] == 27  # once, with the first cube
    st.apply({"place": POLICE, "space": "Balkh"})  # the sixth: no more here
    assert st.legal_actions() == [{"space": "Kabul"}, {"done": True}]
    st.apply({"done": True})
    p = st.d["spaces"]["Balkh"]["pieces"]
    assert (p[TROOPS], p[POLICE], st.d["available"][TROOPS]) == (4, 2, 26)
    assert st.legal_actions() == [{"civic_action": "Balkh"}, {"done": True}]  # Kabul not trained: no Patronage
    st.apply({"civic_action": "Balkh"})
    assert st.d["spaces"]["Balkh"]["support"] == "support" and st.d["resources"]["Government"] == 24
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("coalition.operations.train")
def test_coalition_train_in_kabul_moves_3_patronage_and_costs_nothing_without_cubes():
    d = sandbox_state()
    st = running(d, "coalition_train")
    assert st.legal_actions() == [{"space": "Kabul"}]
    st.apply({"space": "Kabul"})  # no Coalition Base: no cube
    assert st.legal_actions() == [{"patronage": True, "space": "Kabul"}, {"done": True}]
    st.apply({"patronage": True, "space": "Kabul"})
    assert (st.d["patronage"], st.d["resources"]["Government"]) == (2, 33) and st.is_terminal()
    d = sandbox_state()
    d["patronage"] = 2  # fewer than 3: no transfer, and nothing else to do: a legal Train all the same
    assert possible(d, "Coalition", "train")  # issue 27 item 1 (it was refused before)
    st = running(d, "coalition_train")
    st.apply({"space": "Kabul"})
    assert st.is_terminal() and st.d["resources"]["Government"] == 30 and st.d["turn"]["spaces"] == ["Kabul"]


@pytest.mark.rule("coalition.operations.train")
@pytest.mark.reading("A06")
@pytest.mark.parametrize("coalition_train_kabul", ["base_needed", "kabul_always"])
def test_coalition_train_in_kabul_without_a_base(coalition_train_kabul):
    d = sandbox_state(rulings={"coalition_train_kabul": coalition_train_kabul})
    d["patronage"] = 0
    st = running(d, "coalition_train")
    st.apply({"space": "Kabul"})
    if coalition_train_kabul == "base_needed":  # a Train in Kabul that places nothing (issue 27 item 1)
        assert st.is_terminal() and st.d["spaces"]["Kabul"]["pieces"][POLICE] == 0
        return
    assert st.legal_actions() == [{"place": TROOPS, "space": "Kabul"}, {"place": POLICE, "space": "Kabul"}, {"done": True}]
    st.apply({"place": POLICE, "space": "Kabul"})
    assert st.d["spaces"]["Kabul"]["pieces"][POLICE] == 1 and st.d["resources"]["Government"] == 27


@pytest.mark.rule("coalition.operations.train")
@pytest.mark.reading("P03")
@pytest.mark.parametrize("train_cubes_from_map", ["none_available", "kind_unavailable"])
def test_cubes_from_the_map_when_none_are_in_reserve(train_cubes_from_map):
    """Every Govt troop is in Herat; Police are Available. A troop comes from Herat only if a kind
    may come from the map once none of it is in reserve; with no cube of either kind in reserve,
    under both readings."""
    d = sandbox_state(rulings={"train_cubes_from_map": train_cubes_from_map})
    place(d, "Balkh", "coalition_bases", 1)
    place(d, "Herat", TROOPS, 30)
    st = running(d, "coalition_train")
    st.apply({"space": "Balkh"})
    from_map = [{"place": TROOPS, "from": "Herat", "space": "Balkh"}] if train_cubes_from_map == "kind_unavailable" else []
    assert st.legal_actions() == from_map + [{"place": POLICE, "space": "Balkh"}, {"done": True}]
    d = sandbox_state(rulings={"train_cubes_from_map": train_cubes_from_map})
    place(d, "Balkh", "coalition_bases", 1)
    place(d, "Herat", TROOPS, 30)
    place(d, "Kabul", POLICE, 30)
    st = running(d, "coalition_train", limited=True)
    st.apply({"space": "Balkh"})
    assert st.legal_actions() == [{"place": TROOPS, "from": "Herat", "space": "Balkh"}, {"place": POLICE, "from": "Kabul", "space": "Balkh"},
                                  {"done": True}]
    st.apply({"place": POLICE, "from": "Kabul", "space": "Balkh"})
    assert st.d["spaces"]["Kabul"]["pieces"][POLICE] == 29 and st.d["spaces"]["Balkh"]["pieces"][POLICE] == 1
    assert check_all(st.d) == []


@pytest.mark.rule("government.operations.train")
def test_government_train_in_kabul_then_a_base_for_3_cubes():
    d = sandbox_state()
    place(d, "Helmand", "coalition_bases", 1)  # a COIN Base: cubes may be placed there too
    st = running(d, "government_train")
    # "Qualsiasi Provincia o Kabul": every Province, also where nothing can be placed (issue 27 item 1)
    assert st.legal_actions() == [{"space": n} for n in st.map.names if st.map.spaces[n].type != "loc"]
    st.apply({"space": "Kabul"})
    assert st.d["resources"]["Government"] == 27
    st.apply({"place": TROOPS, "space": "Kabul"})
    st.apply({"place": TROOPS, "space": "Kabul"})
    st.apply({"place": POLICE, "space": "Kabul"})
    st.apply({"done": True})
    st.apply({"done": True})
    assert st.legal_actions() == [{"civic_action": "Kabul"}, {"base": "Kabul", "troops": 2}, {"done": True}]
    st.apply({"base": "Kabul", "troops": 2})
    p = st.d["spaces"]["Kabul"]["pieces"]
    assert (p[TROOPS], p[POLICE], p["government_bases"], st.d["available"]["government_bases"]) == (0, 0, 1, 2)
    assert st.d["available"][TROOPS] == 30 and st.d["resources"]["Government"] == 27
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("government.operations.train")
@pytest.mark.reading("A07")
@pytest.mark.parametrize("government_train_cost, left", [("every_space", 27), ("only_if_cubes", 30)])
def test_a_government_train_space_without_cubes(government_train_cost, left):
    """Helmand: 3 Police, no COIN Base: no cube placed there, but a Base may replace the Police."""
    d = sandbox_state(rulings={"government_train_cost": government_train_cost})
    place(d, "Helmand", POLICE, 3)
    st = running(d, "government_train", limited=True)
    st.apply({"space": "Helmand"})
    assert st.d["resources"]["Government"] == left
    assert st.legal_actions() == [{"civic_action": "Helmand"}, {"base": "Helmand", "troops": 0}, {"done": True}]
    st.apply({"base": "Helmand", "troops": 0})
    assert st.is_terminal() and check_all(st.d) == []
    d = sandbox_state(rulings={"government_train_cost": government_train_cost})
    place(d, "Helmand", POLICE, 3)
    d["resources"]["Government"] = 2
    assert possible(d, "Government", "train") is (government_train_cost == "only_if_cubes")


def civic_state(rulings: dict) -> dict:
    """Kabul under COIN Control with Terror, Neutral; a Coalition troop alone in Helmand (COIN
    Control, no Police), Neutral; no Patronage."""
    d = sandbox_state(rulings=rulings)
    d["patronage"] = 0
    place(d, "Kabul", "coalition_troops", 1)
    place(d, "Kabul", POLICE, 1)
    d["spaces"]["Kabul"]["terror"] = True
    place(d, "Helmand", "coalition_troops", 1)
    return d


@pytest.mark.rule("coalition.operations.train", "propaganda.support.civic_action")
@pytest.mark.reading("P01")
@pytest.mark.parametrize("train_civic_action", ["any_steps", "one_step"])
def test_train_civic_action_steps(train_civic_action):
    st = running(civic_state({"train_civic_action": train_civic_action}), "coalition_train", limited=True)
    st.apply({"space": "Kabul"})
    st.apply({"civic_action": "Kabul"})  # the Terror marker
    assert not st.d["spaces"]["Kabul"]["terror"] and st.d["resources"]["Government"] == 27
    if train_civic_action == "one_step":
        assert st.is_terminal()
        return
    assert st.legal_actions() == [{"civic_action": "Kabul"}, {"done": True}]
    st.apply({"civic_action": "Kabul"})
    assert st.d["spaces"]["Kabul"]["support"] == "support" and st.d["resources"]["Government"] == 24
    assert st.is_terminal() and check_all(st.d) == []  # Support reached: no more


@pytest.mark.rule("coalition.operations.train", "propaganda.support.civic_action")
@pytest.mark.reading("P02")
@pytest.mark.parametrize("train_civic_action_where", ["coin_control", "support_phase"])
def test_train_civic_action_with_coin_control_or_the_support_phase_s_troops_and_police(train_civic_action_where):
    """Helmand: a Coalition troop, no Police: a Train's Civic Action there only under COIN Control
    alone; Kabul, with Troops and Police, under both."""
    st = running(civic_state({"train_civic_action_where": train_civic_action_where}), "coalition_train")
    assert st.legal_actions() == [{"space": "Helmand"}, {"space": "Kabul"}]  # the Train's "Luogo"
    st.apply({"space": "Helmand"})
    st.apply({"space": "Kabul"})
    expected = [{"civic_action": "Helmand"}] if train_civic_action_where == "coin_control" else []
    assert st.legal_actions() == expected + [{"civic_action": "Kabul"}, {"done": True}]
