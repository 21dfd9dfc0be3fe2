"""The Warlords' and the Taliban's Rally and Terror (the aid's WARLORDS and TALEBANI blocks, and the
Islamabad track for the Taliban's Rally in Pakistan), on the engine, with their costs, options and
rulings; Limited Operations take one space."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.activities import is_possible
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.operations import rally, terror  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from tests.distant_plain.helpers import place, running


@pytest.mark.rule("warlords.operations.rally")
def test_rally_places_a_guerrilla_a_space_for_a_resource():
    d = sandbox_state()
    st = running(d, "warlords_rally")
    assert {"space": "Kabul"} in st.legal_actions() and {"space": "Kabul-Aibak LOC"} not in st.legal_actions()
    st.apply({"space": "Herat"})
    # the flip with no Active guerrilla there: a legal choice without effect (issue 27 item 1)
    assert st.legal_actions() == [{"do": "place", "space": "Herat"}, {"do": "underground", "space": "Herat"}]
    st.apply({"do": "place", "space": "Herat"})
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
    assert st.legal_actions() == [{"do": "place", "space": "Balkh"}, {"do": "base", "active": 1, "space": "Balkh"}, {"do": "mass", "n": 1, "space": "Balkh"},
                                  {"do": "mass", "n": 2, "space": "Balkh"}, {"do": "mass", "n": 3, "space": "Balkh"}, {"do": "underground", "space": "Balkh"}]
    st.apply({"do": "base", "active": 1, "space": "Balkh"})
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
    st.apply({"do": "place", "space": "Herat"})
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


# -- the Taliban ------------------------------------------------------------------------------------
def areas() -> list[str]:
    return list(load_map().areas)


def spaces_offered(st) -> list[str]:
    return [x["space"] for x in st.legal_actions() if "space" in x]


@pytest.mark.rule("taliban.operations.rally")
@pytest.mark.reading("A10")
@pytest.mark.parametrize("taliban_rally_location, kandahar", [("pashtun_any_or_no_support", True),
                                                              ("all_without_support", False)])
def test_taliban_rally_location(taliban_rally_location, kandahar):
    """A10: 'Pashtun o Province senza Supporto o Kabul'. Herat and Balochistan (not Pashtun) at
    Support are out either way, Kabul at Support is in either way; Kandahar (Pashtun) at Support is
    in by default, out when Pashtun spaces too need to be without Support. LoCs never."""
    d = sandbox_state(rulings={"taliban_rally_location": taliban_rally_location})
    for n in ("Herat", "Balochistan (Pakistan)", "Kabul", "Kandahar"):
        d["spaces"][n]["support"] = "support"
    st = running(d, "taliban_rally")
    expected = [n for n in areas() if n not in ("Herat", "Balochistan (Pakistan)") and (kandahar or n != "Kandahar")]
    assert st.legal_actions() == [{"space": n} for n in expected]


@pytest.mark.rule("taliban.operations.rally", "islamabad.hostility", "islamabad.pressure", "islamabad.tolerance",
                  "islamabad.backing", "islamabad.sponsorship")
@pytest.mark.parametrize("level, cost", [("hostility", None), ("pressure", None), ("tolerance", 1), ("backing", 0),
                                         ("sponsorship", 0)])
def test_taliban_rally_in_pakistan_by_islamabad(level, cost):
    """No Taliban Rally in Pakistan at Hostility or Pressure; 1 Resource at Tolerance; none at
    Backing and Sponsorship. Outside Pakistan a space costs 1 whatever the level."""
    d = sandbox_state()
    d["islamabad"]["level"] = level
    st = running(d, "taliban_rally")
    if cost is None:
        assert "Waziristan (Pakistan)" not in spaces_offered(st) and "Kandahar" in spaces_offered(st)
        return
    st.apply({"space": "Waziristan (Pakistan)"})
    st.apply({"do": "place", "space": "Waziristan (Pakistan)"})
    assert st.d["resources"]["Taliban"] == 10 - cost
    assert st.d["spaces"]["Waziristan (Pakistan)"]["pieces"]["taliban_underground"] == 1
    st.apply({"space": "Kandahar"})
    st.apply({"do": "place", "space": "Kandahar"})
    assert st.d["resources"]["Taliban"] == 9 - cost
    st.apply({"done": True})
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("taliban.operations.rally", "islamabad.backing")
def test_taliban_rally_possible_without_resources_only_where_free():
    d = sandbox_state()
    d["resources"]["Taliban"] = 0
    st = running(d, "taliban_rally")  # Backing: the Pakistan spaces cost nothing
    assert spaces_offered(st) == ["Balochistan (Pakistan)", "Northwest Frontier (Pakistan)", "Waziristan (Pakistan)"]
    d["islamabad"]["level"] = "tolerance"
    st = running(d, "taliban_rally")
    assert not is_possible(st, "Taliban", "rally")
    d["resources"]["Taliban"] = 1
    assert is_possible(st, "Taliban", "rally")


@pytest.mark.rule("taliban.operations.rally")
def test_taliban_rally_options_mass_placement_in_pashtun_territory_and_sharia():
    """Kandahar (Pashtun, Population 2) with a Base, an Underground and an Active guerrilla: place 1,
    replace 2 (the Active one among them) with a Base, up to Bases + Population = 3 (no Pashtun
    restriction for the Taliban), all Underground, or Sharia (one step left: Neutral to Opposition)."""
    d = sandbox_state()
    place(d, "Kandahar", "taliban_bases", 1)
    place(d, "Kandahar", "taliban_underground", 2)
    d["spaces"]["Kandahar"]["pieces"]["taliban_underground"] -= 1
    d["spaces"]["Kandahar"]["pieces"]["taliban_active"] += 1
    st = running(d, "taliban_rally")
    st.apply({"space": "Kandahar"})
    assert st.legal_actions() == [{"do": "place", "space": "Kandahar"}, {"do": "base", "active": 1, "space": "Kandahar"}, {"do": "mass", "n": 1, "space": "Kandahar"},
                                  {"do": "mass", "n": 2, "space": "Kandahar"}, {"do": "mass", "n": 3, "space": "Kandahar"}, {"do": "underground", "space": "Kandahar"},
                                  {"do": "sharia", "steps": 1, "space": "Kandahar"}]
    st.apply({"do": "mass", "n": 3, "space": "Kandahar"})
    p = st.d["spaces"]["Kandahar"]["pieces"]
    assert (p["taliban_underground"], p["taliban_active"]) == (4, 1) and st.d["resources"]["Taliban"] == 9
    assert check_all(st.d) == []


@pytest.mark.rule("taliban.operations.rally", "propaganda.support.sharia")
def test_taliban_rally_sharia_in_one_space_only():
    """The Sharia: in Kandahar (Support, Terror; a Base, Taliban Control) up to 3 steps, 1 Resource
    each besides the space's 1; then in Helmand (a Base too) no more Sharia in this Rally."""
    d = sandbox_state()
    for n in ("Kandahar", "Helmand"):
        place(d, n, "taliban_bases", 1)
        place(d, n, "taliban_underground", 1)
    d["spaces"]["Kandahar"].update(support="support", terror=True)
    st = running(d, "taliban_rally")
    st.apply({"space": "Kandahar"})
    assert [x for x in st.legal_actions() if x["do"] == "sharia"] == [{"do": "sharia", "steps": k, "space": "Kandahar"} for k in (1, 2, 3)]
    st.apply({"do": "sharia", "steps": 3, "space": "Kandahar"})
    k = st.d["spaces"]["Kandahar"]
    assert (k["support"], k["terror"], st.d["resources"]["Taliban"]) == ("opposition", False, 6)
    assert "Kandahar" not in spaces_offered(st)
    st.apply({"space": "Helmand"})
    assert all(x["do"] != "sharia" for x in st.legal_actions())
    st.apply({"do": "place", "space": "Helmand"})
    st.apply({"done": True})
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("taliban.operations.rally", "propaganda.support.sharia")
@pytest.mark.reading("P40")
@pytest.mark.parametrize("rally_sharia_control, offered", [("base_and_control", False), ("base_only", True)])
def test_taliban_rally_sharia_and_control(rally_sharia_control, offered):
    """P40: a Base and a guerrilla against 2 Government troops: no Taliban Control. The Sharia is
    offered only when the Base is enough."""
    d = sandbox_state(rulings={"rally_sharia_control": rally_sharia_control})
    place(d, "Kandahar", "taliban_bases", 1)
    place(d, "Kandahar", "taliban_underground", 1)
    place(d, "Kandahar", "government_troops", 2)
    st = running(d, "taliban_rally")
    st.apply({"space": "Kandahar"})
    assert ({"do": "sharia", "steps": 1, "space": "Kandahar"} in st.legal_actions()) == offered


@pytest.mark.rule("taliban.operations.rally", "propaganda.support.sharia")
@pytest.mark.reading("P41")
@pytest.mark.parametrize("rally_sharia_steps, most, left", [("any_number_paid", 3, 8), ("one_step_in_rally_cost", 1, 9)])
def test_taliban_rally_sharia_steps_and_price(rally_sharia_steps, most, left):
    """P41: Kandahar at Support with Terror: up to 3 steps at 1 Resource each, or one step within
    the Rally's cost. One step removes the Terror marker."""
    d = sandbox_state(rulings={"rally_sharia_steps": rally_sharia_steps})
    place(d, "Kandahar", "taliban_bases", 1)
    place(d, "Kandahar", "taliban_underground", 1)
    d["spaces"]["Kandahar"].update(support="support", terror=True)
    st = running(d, "taliban_rally")
    st.apply({"space": "Kandahar"})
    assert [x["steps"] for x in st.legal_actions() if x["do"] == "sharia"] == list(range(1, most + 1))
    st.apply({"do": "sharia", "steps": 1, "space": "Kandahar"})
    k = st.d["spaces"]["Kandahar"]
    assert (k["terror"], k["support"], st.d["resources"]["Taliban"]) == (False, "support", left)


@pytest.mark.rule("taliban.operations.rally", "propaganda.support.sharia")
def test_taliban_rally_sharia_limited_by_resources():
    """With 2 Resources: the space costs 1, one Sharia step is left to pay."""
    d = sandbox_state()
    d["resources"]["Taliban"] = 2
    place(d, "Kandahar", "taliban_bases", 1)
    d["spaces"]["Kandahar"].update(support="support", terror=True)
    st = running(d, "taliban_rally")
    st.apply({"space": "Kandahar"})
    assert [x for x in st.legal_actions() if x["do"] == "sharia"] == [{"do": "sharia", "steps": 1, "space": "Kandahar"}]
    st.apply({"do": "sharia", "steps": 1, "space": "Kandahar"})
    assert st.d["resources"]["Taliban"] == 0 and check_all(st.d) == []


@pytest.mark.rule("taliban.operations.rally")
@pytest.mark.reading("P42")
@pytest.mark.parametrize("rally_sharia_bases, offered", [("at_least_one", True), ("exactly_one", False)])
def test_taliban_rally_sharia_with_two_bases(rally_sharia_bases, offered):
    """P42: 'dove hai 1 Base' with two Taliban Bases in the space."""
    d = sandbox_state(rulings={"rally_sharia_bases": rally_sharia_bases})
    place(d, "Kandahar", "taliban_bases", 2)
    st = running(d, "taliban_rally")
    st.apply({"space": "Kandahar"})
    assert ({"do": "sharia", "steps": 1, "space": "Kandahar"} in st.legal_actions()) == offered


@pytest.mark.rule("limited_operation", "taliban.operations.rally")
def test_a_limited_taliban_rally_takes_one_space():
    d = sandbox_state()
    st = running(d, "taliban_rally", limited=True)
    st.apply({"space": "Kabul"})
    st.apply({"do": "place", "space": "Kabul"})
    assert st.is_terminal() and st.d["turn"]["spaces"] == ["Kabul"]


@pytest.mark.rule("taliban.operations.terror")
def test_taliban_terror_in_provinces_and_on_a_loc():
    """Kandahar at Support: Terror, one level toward Opposition (Neutral), 1 Resource; Helmand at
    Opposition stays there; a LoC: Sabotage for nothing. One guerrilla activated in each; a space
    without an Underground Taliban guerrilla is not offered."""
    d = sandbox_state()
    for n in ("Kandahar", "Helmand", "Kabul-Aibak LOC"):
        place(d, n, "taliban_underground", 1)
    place(d, "Zabol", "warlords_underground", 1)
    d["spaces"]["Kandahar"]["support"] = "support"
    d["spaces"]["Helmand"]["support"] = "opposition"
    st = running(d, "taliban_terror")
    assert st.legal_actions() == [{"space": "Helmand"}, {"space": "Kabul-Aibak LOC"}, {"space": "Kandahar"}]
    for n in ("Kandahar", "Helmand", "Kabul-Aibak LOC"):
        st.apply({"space": n})
    s = st.d["spaces"]
    assert (s["Kandahar"]["support"], s["Kandahar"]["terror"]) == ("neutral", True)
    assert (s["Helmand"]["support"], s["Helmand"]["terror"]) == ("opposition", True)
    assert s["Kabul-Aibak LOC"]["sabotage"] and not s["Kabul-Aibak LOC"]["terror"]
    assert all(s[n]["pieces"]["taliban_active"] == 1 for n in ("Kandahar", "Helmand", "Kabul-Aibak LOC"))
    assert st.d["resources"]["Taliban"] == 8 and st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("taliban.operations.terror")
@pytest.mark.reading("A11")
@pytest.mark.parametrize("taliban_terror_shift, after", [("one_level", "neutral"), ("to_opposition", "opposition")])
def test_taliban_terror_shift(taliban_terror_shift, after):
    """A11: a Province at Support goes one level (Neutral) or straight to Opposition; Neutral goes
    to Opposition either way."""
    d = sandbox_state(rulings={"taliban_terror_shift": taliban_terror_shift})
    place(d, "Kandahar", "taliban_underground", 1)
    place(d, "Helmand", "taliban_underground", 1)
    d["spaces"]["Kandahar"]["support"] = "support"
    st = running(d, "taliban_terror")
    st.apply({"space": "Kandahar"})
    st.apply({"space": "Helmand"})
    assert st.d["spaces"]["Kandahar"]["support"] == after and st.d["spaces"]["Helmand"]["support"] == "opposition"


@pytest.mark.rule("taliban.operations.terror")
@pytest.mark.reading("A01")
@pytest.mark.parametrize("taliban_terror_guerrilla, spaces, active", [
    ("taliban_guerrilla", ["Helmand", "Kandahar"], "taliban_active"),
    ("warlords_guerrilla", ["Helmand"], "warlords_active")])
def test_taliban_terror_activates_whose_guerrilla(taliban_terror_guerrilla, spaces, active):
    """A01: the Taliban activate their own Underground guerrilla (default) or, read literally, an
    Underground Warlords one, so that only Helmand (both there) may be chosen."""
    d = sandbox_state(rulings={"taliban_terror_guerrilla": taliban_terror_guerrilla})
    place(d, "Kandahar", "taliban_underground", 1)
    place(d, "Helmand", "taliban_underground", 1)
    place(d, "Helmand", "warlords_underground", 1)
    st = running(d, "taliban_terror")
    assert spaces_offered(st) == spaces
    st.apply({"space": "Helmand"})
    assert st.d["spaces"]["Helmand"]["pieces"][active] == 1 and check_all(st.d) == []


@pytest.mark.rule("taliban.operations.terror", "limited_operation")
def test_taliban_terror_possible_and_limited():
    """Without Resources only a LoC may be chosen; without Underground guerrillas nothing; a Limited
    Terror takes one space."""
    d = sandbox_state()
    d["resources"]["Taliban"] = 0
    place(d, "Kandahar", "taliban_underground", 1)
    st = running(d, "taliban_terror")
    assert not is_possible(st, "Taliban", "terror")
    place(d, "Kabul-Aibak LOC", "taliban_underground", 1)
    assert is_possible(st, "Taliban", "terror")
    d["resources"]["Taliban"] = 10
    st = running(d, "taliban_terror", limited=True)
    st.apply({"space": "Kandahar"})
    assert st.is_terminal() and st.d["resources"]["Taliban"] == 9


@pytest.mark.rule("islamabad.tolerance", "islamabad.pressure", "islamabad.backing", "taliban.operations.rally")
@pytest.mark.parametrize("level, offered, cost", [("pressure", False, None), ("tolerance", True, 1), ("backing", True, 0)])
def test_islamabad_and_a_taliban_rally_in_pakistan(level, offered, cost):
    """No Taliban Rally in Pakistan at Pressure; at Tolerance ("Nessun effetto") it is allowed at its
    full cost of 1; at Backing it costs nothing."""
    from cdg_oracle.model.distant_plain.operations.rally import taliban_rally_cost, taliban_rally_location

    d = sandbox_state()
    d["islamabad"]["level"] = level
    st = running(d, "taliban_rally")
    space = "Waziristan (Pakistan)"
    assert taliban_rally_location(st, space) is offered
    assert ({"space": space} in st.legal_actions()) is offered
    if offered:
        assert taliban_rally_cost(st, space) == cost


@pytest.mark.rule("warlords.operations.rally")
def test_mass_placement_counts_a_returnees_marker_in_the_population():
    """"Tanti Guerriglieri quanto le Basi più la popolazione presente": Herat, Population 1 and a
    Returnees marker (+1 Pop), one Warlords Base: up to 1 + 2 = 3 guerrillas."""
    d = sandbox_state()
    place(d, "Herat", "warlords_bases", 1)
    d["spaces"]["Herat"]["returnees"] = True
    st = running(d, "warlords_rally")
    st.apply({"space": "Herat"})
    assert [a["n"] for a in st.legal_actions() if a.get("do") == "mass"] == [1, 2, 3]
