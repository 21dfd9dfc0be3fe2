"""The Warlords' Rally and Terror (the aid's WARLORDS block), on the engine, with their costs and
options; Limited Operations take one space."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.operations import rally, terror  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.sandbox import sandbox_state
from tests.distant_plain.helpers import place, running


@pytest.mark.rule("warlords.operations.rally")
def test_rally_places_a_guerrilla_a_space_for_a_resource():
    d = sandbox_state()
    st = running(d, "warlords_rally")
    assert {"space": "Kabul"} in st.legal_actions() and {"space": "Kabul-Aibak LOC"} not in st.legal_actions()
    st.apply({"space": "Herat"})
    assert st.legal_actions() == [{"do": "place"}]
    st.apply({"do": "place"})
    assert st.d["spaces"]["Herat"]["pieces"]["warlords_underground"] == 1 and st.d["resources"]["Warlords"] == 14
    assert {"done": True} in st.legal_actions()
    st.apply({"done": True})
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("warlords.operations.rally")
def test_rally_s_base_and_mass_placement_outside_pashtun_territory():
    """Replace 2 guerrillas with a Base; with a Base outside Pashtun territory place up to
    Bases + Population guerrillas (Balkh: population 2, one base: up to 3)."""
    d = sandbox_state()
    place(d, "Balkh", "warlords_underground", 2)
    d["spaces"]["Balkh"]["pieces"]["warlords_underground"] -= 1
    d["spaces"]["Balkh"]["pieces"]["warlords_active"] += 1
    place(d, "Balkh", "warlords_bases", 1)
    st = running(d, "warlords_rally")
    st.apply({"space": "Balkh"})
    assert st.legal_actions() == [{"do": "place"}, {"do": "base", "active": 1}, {"do": "mass", "n": 1},
                                  {"do": "mass", "n": 2}, {"do": "mass", "n": 3}, {"do": "underground"}]
    st.apply({"do": "base", "active": 1})
    p = st.d["spaces"]["Balkh"]["pieces"]
    assert (p["warlords_underground"], p["warlords_active"], p["warlords_bases"]) == (0, 0, 2)
    assert check_all(st.d) == []
    d = sandbox_state()
    place(d, "Kandahar", "warlords_bases", 1)  # Pashtun: no mass placement
    st = running(d, "warlords_rally")
    st.apply({"space": "Kandahar"})
    assert all(x["do"] != "mass" for x in st.legal_actions())


@pytest.mark.rule("limited_operation", "warlords.operations.rally")
def test_a_limited_rally_takes_one_space():
    d = sandbox_state()
    st = running(d, "warlords_rally", limited=True)
    st.apply({"space": "Herat"})
    st.apply({"do": "place"})
    assert st.is_terminal()


@pytest.mark.rule("warlords.operations.terror")
def test_terror_in_a_province_and_on_a_loc():
    """A Province: a guerrilla activated, Terror, Neutral, 1 Resource; a LoC: Sabotage, no cost."""
    d = sandbox_state()
    place(d, "Kandahar", "warlords_underground", 1)
    place(d, "Kabul-Aibak LOC", "warlords_underground", 1)
    d["spaces"]["Kandahar"]["support"] = "support"
    st = running(d, "warlords_terror")
    assert st.legal_actions() == [{"space": "Kabul-Aibak LOC"}, {"space": "Kandahar"}]
    st.apply({"space": "Kandahar"})
    st.apply({"space": "Kabul-Aibak LOC"})
    k, loc = st.d["spaces"]["Kandahar"], st.d["spaces"]["Kabul-Aibak LOC"]
    assert k["terror"] and k["support"] == "neutral" and k["pieces"]["warlords_active"] == 1
    assert loc["sabotage"] and loc["pieces"]["warlords_active"] == 1 and st.d["resources"]["Warlords"] == 14
    assert st.is_terminal() and check_all(st.d) == []
