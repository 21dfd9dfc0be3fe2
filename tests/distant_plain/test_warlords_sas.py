"""The Warlords' Special Activities (the aid's WARLORDS block): Cultivate, Traffic (A23) and Suborn,
on the engine, with their locations, caps and costs."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.activities import is_possible, new_turn
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.sandbox import sandbox_state
from cdg_oracle.model.distant_plain.special_activities import warlords  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.state import DistantPlainState
from tests.distant_plain.helpers import place, running

WU, WA, TU, TA = "warlords_underground", "warlords_active", "taliban_underground", "taliban_active"


def pieces(st, space):
    return st.d["spaces"][space]["pieces"]


@pytest.mark.rule("warlords.special_activities.cultivate")
def test_cultivate_places_a_base_in_one_province_of_the_rally():
    """Rallied in Herat (1 guerrilla, no police), Balkh (1 guerrilla, 1 police), Farah (population 0),
    Kabul (not a Province): only Herat; one Base, then Cultivate ends (max 1)."""
    d = sandbox_state()
    for space in ("Herat", "Balkh", "Farah", "Kabul"):
        place(d, space, WU, 1)
    place(d, "Balkh", "police", 1)
    place(d, "Konduz", WU, 2)  # not rallied
    st = running(d, "warlords_cultivate", op="rally", spaces=["Balkh", "Farah", "Herat", "Kabul"])
    assert st.legal_actions() == [{"space": "Herat"}]
    st.apply({"space": "Herat"})
    assert pieces(st, "Herat")["warlords_bases"] == 1 and st.d["available"]["warlords_bases"] == 11
    assert st.d["turn"]["sa_spaces"] == ["Herat"] and st.d["resources"]["Warlords"] == 15
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("warlords.special_activities.cultivate")
def test_cultivate_in_a_march_destination_and_a_returnees_marker_counts_as_population():
    """A March's destination Farah (population 0, a Returnees marker: 1) qualifies; after an Attack
    no space does."""
    d = sandbox_state()
    place(d, "Farah", WU, 1)
    d["spaces"]["Farah"]["returnees"] = True
    st = running(d, "warlords_cultivate", op="march", spaces=["Farah"])
    assert st.legal_actions() == [{"space": "Farah"}]
    st = DistantPlainState(sandbox_state())
    place(st.d, "Farah", WU, 1)
    st.d["turn"] = dict(new_turn("Warlords", "march"), spaces=["Farah"])
    assert not is_possible(st, "Warlords", "cultivate")
    st.d["spaces"]["Farah"]["returnees"] = True
    assert is_possible(st, "Warlords", "cultivate")
    st.d["turn"] = dict(new_turn("Warlords", "attack"), spaces=["Farah"])
    assert not is_possible(st, "Warlords", "cultivate")


@pytest.mark.rule("warlords.special_activities.traffic")
def test_traffic_gains_a_resource_a_base_and_gives_by_control():
    """Balkh: 2 Warlords Bases, Police outnumbering (COIN Control): +2, +1 Patronage. Helmand: 1
    Base, Taliban Control: +1, +1 Taliban. Herat: a Base, but a Coalition troop: not offered."""
    d = sandbox_state()
    place(d, "Balkh", "warlords_bases", 2)
    place(d, "Balkh", "police", 3)
    place(d, "Helmand", "warlords_bases", 1)
    place(d, "Helmand", TU, 2)
    place(d, "Herat", "warlords_bases", 1)
    place(d, "Herat", "coalition_troops", 1)
    st = running(d, "warlords_traffic", op="rally")
    assert st.legal_actions() == [{"space": "Balkh"}, {"space": "Helmand"}]
    st.apply({"space": "Balkh"})
    assert (st.d["resources"]["Warlords"], st.d["patronage"]) == (17, 6)
    assert st.legal_actions() == [{"space": "Helmand"}, {"done": True}]
    st.apply({"space": "Helmand"})
    assert st.d["resources"] == {"Government": 30, "Taliban": 11, "Warlords": 18} and st.d["patronage"] == 6
    assert st.d["turn"]["sa_spaces"] == ["Balkh", "Helmand"]
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("warlords.special_activities.traffic")
@pytest.mark.reading("A23")
@pytest.mark.parametrize("traffic_spaces, fourth", [("unlimited", True), ("max_3", False)])
def test_traffic_without_a_printed_limit(traffic_spaces, fourth):
    """A23: four spaces with a Warlords Base: after three, a fourth is offered (no limit), or not (3)."""
    d = sandbox_state(rulings={"traffic_spaces": traffic_spaces})
    for space in ("Badghis", "Balkh", "Faryab", "Herat"):
        place(d, space, "warlords_bases", 1)
    st = running(d, "warlords_traffic", op="march")
    for space in ("Badghis", "Balkh", "Faryab"):
        st.apply({"space": space})
    assert (not st.is_terminal() and {"space": "Herat"} in st.legal_actions()) == fourth
    assert st.d["resources"]["Warlords"] == 18


@pytest.mark.rule("warlords.special_activities.suborn")
def test_suborn_s_choices_and_cost():
    """Kandahar: 2 Govt troops, 1 police, a Govt Base, an Underground and an Active Taliban, an
    Active Warlords guerrilla: every choice; 2 Resources; cubes one at a time up to 3."""
    d = sandbox_state()
    place(d, "Kandahar", "government_troops", 3)
    place(d, "Kandahar", "police", 1)
    place(d, "Kandahar", "government_bases", 1)
    place(d, "Kandahar", TU, 2)
    d["spaces"]["Kandahar"]["pieces"][TU] -= 1
    d["spaces"]["Kandahar"]["pieces"][TA] += 1
    place(d, "Kandahar", WU, 1)
    d["spaces"]["Kandahar"]["pieces"][WU] -= 1
    d["spaces"]["Kandahar"]["pieces"][WA] += 1
    st = running(d, "warlords_suborn", op="attack")
    assert st.legal_actions() == [{"space": "Kandahar"}]
    st.apply({"space": "Kandahar"})
    assert st.legal_actions() == [
        {"do": "cubes"}, {"do": "base"}, {"do": "taliban", "kind": TU}, {"do": "taliban", "kind": TA},
        {"do": "underground", "factions": "taliban"}, {"do": "underground", "factions": "warlords"},
        {"do": "underground", "factions": "both"}]
    st.apply({"do": "cubes"})
    assert st.d["resources"]["Warlords"] == 13
    assert st.legal_actions() == [{"remove": "government_troops"}, {"remove": "police"}]
    st.apply({"remove": "police"})
    assert st.legal_actions() == [{"remove": "government_troops"}, {"done": True}]
    st.apply({"remove": "government_troops"})
    st.apply({"remove": "government_troops"})
    p = pieces(st, "Kandahar")
    assert (p["government_troops"], p["police"]) == (1, 0)  # 3 at most
    assert st.d["available"]["government_troops"] == 30 - 1 and st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("warlords.special_activities.suborn")
def test_suborn_up_to_3_spaces_each_one_choice():
    d = sandbox_state()
    for space in ("Helmand", "Kandahar", "Oruzgan", "Zabol"):
        place(d, space, TU, 1)
    place(d, "Zabol", "government_bases", 1)
    st = running(d, "warlords_suborn", op="rally")
    st.apply({"space": "Zabol"})
    st.apply({"do": "base"})
    st.apply({"space": "Helmand"})
    st.apply({"do": "taliban", "kind": TU})
    assert st.legal_actions() == [{"space": "Kandahar"}, {"space": "Oruzgan"}, {"done": True}]
    st.apply({"space": "Kandahar"})
    st.apply({"do": "taliban", "kind": TU})
    assert st.is_terminal() and st.d["resources"]["Warlords"] == 9
    assert st.d["available"]["government_bases"] == 3 and st.d["available"][TU] == 30 - 2
    assert st.d["turn"]["sa_spaces"] == ["Zabol", "Helmand", "Kandahar"] and check_all(st.d) == []


@pytest.mark.rule("warlords.special_activities.suborn")
def test_suborn_flips_guerrillas_underground_and_needs_2_resources():
    d = sandbox_state()
    place(d, "Herat", WU, 2)
    d["spaces"]["Herat"]["pieces"][WU] -= 2
    d["spaces"]["Herat"]["pieces"][WA] += 2
    d["resources"]["Warlords"] = 2
    st = running(d, "warlords_suborn", op="march")
    st.apply({"space": "Herat"})
    assert st.legal_actions() == [{"do": "underground", "factions": "warlords"}]
    st.apply({"do": "underground", "factions": "warlords"})
    assert pieces(st, "Herat")[WU] == 2 and st.d["resources"]["Warlords"] == 0
    assert st.is_terminal()  # no Resources for another space
    st = DistantPlainState(sandbox_state())
    st.d["turn"] = new_turn("Warlords", "terror")
    assert not is_possible(st, "Warlords", "suborn")  # nothing to suborn anywhere
    place(st.d, "Kabul", "police", 1)
    assert is_possible(st, "Warlords", "suborn")
    st.d["resources"]["Warlords"] = 1
    assert not is_possible(st, "Warlords", "suborn")


@pytest.mark.rule("warlords.special_activities.cultivate", "warlords.operations.march")
def test_a_warlords_turn_march_then_cultivate_in_its_destination():
    """The Warlords' turn: a full March into Herat, then the paired Special Activities the turn
    offers (Cultivate there; Suborn and Traffic have nothing to act on), and Cultivate."""
    from cdg_oracle.model.distant_plain.engine import ENGINE

    d = sandbox_state()
    place(d, "Badghis", WU, 2)
    d.update(stack=[{"proc": "test_halt", "pc": "start"},
                    {"proc": "faction_turn", "pc": "start", "side": "Warlords", "last_before_final": False}],
             pending=None, terminal=None)
    st = DistantPlainState(d)
    ENGINE.run(st)
    st.apply({"op": "march", "limited": False})
    st.apply({"space": "Herat"})
    st.apply({"move": WU, "from": "Badghis", "to": "Herat"})
    st.apply({"done": True})
    st.apply({"done": True})
    assert st.legal_actions() == [{"sa": "cultivate"}, {"sa": None}]
    st.apply({"sa": "cultivate"})
    assert st.legal_actions() == [{"space": "Herat"}]
    st.apply({"space": "Herat"})
    assert pieces(st, "Herat")["warlords_bases"] == 1 and st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("warlords.special_activities.suborn", "islamabad.hostility")
def test_suborn_never_offers_to_hide_the_taliban_in_pakistan_under_hostility():
    """Under Hostility the Taliban guerrillas in Pakistan are "sempre attivi": Suborn does not offer
    to flip them (it would cost 2 Resources and change nothing); the Warlords' own may be flipped."""
    d = sandbox_state()
    d["islamabad"]["level"] = "hostility"
    space = "Waziristan (Pakistan)"
    place(d, space, "taliban_underground", 2)
    place(d, space, "warlords_underground", 1)
    p = d["spaces"][space]["pieces"]
    p["taliban_active"], p["taliban_underground"] = 2, 0
    p["warlords_active"], p["warlords_underground"] = 1, 0
    st = running(d, "warlords_suborn")
    st.apply({"space": space})
    flips = [a for a in st.legal_actions() if a.get("do") == "underground"]
    assert flips == [{"do": "underground", "factions": "warlords"}]
