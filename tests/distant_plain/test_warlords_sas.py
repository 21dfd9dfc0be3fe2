"""The Warlords' Special Activities (the aid's WARLORDS block): Cultivate, Traffic (A23) and Suborn,
on the engine, with their locations, caps and costs."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.activities import is_possible, new_turn
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
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
    # "Luogo: Fino a 3 spazi": any space (issue 27 item 1: a flip without effect is a choice anywhere)
    assert st.legal_actions() == [{"space": n} for n in st.map.names]
    st.apply({"space": "Kandahar"})
    assert st.legal_actions() == [
        {"do": "cubes", "space": "Kandahar"}, {"do": "base", "space": "Kandahar"}, {"do": "taliban", "kind": TU, "space": "Kandahar"}, {"do": "taliban", "kind": TA, "space": "Kandahar"},
        {"do": "underground", "factions": "taliban", "space": "Kandahar"}, {"do": "underground", "factions": "warlords", "space": "Kandahar"},
        {"do": "underground", "factions": "both", "space": "Kandahar"}]
    st.apply({"do": "cubes", "space": "Kandahar"})
    assert st.d["resources"]["Warlords"] == 13
    assert st.legal_actions() == [{"remove": "government_troops", "space": "Kandahar"}, {"remove": "police", "space": "Kandahar"}]
    st.apply({"remove": "police", "space": "Kandahar"})
    assert st.legal_actions() == [{"remove": "government_troops", "space": "Kandahar"},
                                  {"remove": None, "space": "Kandahar"}]
    st.apply({"remove": "government_troops", "space": "Kandahar"})
    st.apply({"remove": "government_troops", "space": "Kandahar"})
    p = pieces(st, "Kandahar")
    assert (p["government_troops"], p["police"]) == (1, 0)  # 3 at most
    assert st.d["available"]["government_troops"] == 30 - 1 and check_all(st.d) == []
    st.apply({"done": True})
    assert st.is_terminal()


@pytest.mark.rule("warlords.special_activities.suborn")
def test_suborn_up_to_3_spaces_each_one_choice():
    d = sandbox_state()
    for space in ("Helmand", "Kandahar", "Oruzgan", "Zabol"):
        place(d, space, TU, 1)
    place(d, "Zabol", "government_bases", 1)
    st = running(d, "warlords_suborn", op="rally")
    st.apply({"space": "Zabol"})
    st.apply({"do": "base", "space": "Zabol"})
    st.apply({"space": "Helmand"})
    st.apply({"do": "taliban", "kind": TU, "space": "Helmand"})
    assert st.legal_actions() == [{"space": n} for n in st.map.names if n not in ("Zabol", "Helmand")] + [
        {"done": True}]
    st.apply({"space": "Kandahar"})
    st.apply({"do": "taliban", "kind": TU, "space": "Kandahar"})
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
    assert st.legal_actions() == [{"do": "underground", "factions": f, "space": "Herat"}
                                  for f in ("taliban", "warlords", "both")]
    st.apply({"do": "underground", "factions": "warlords", "space": "Herat"})
    assert pieces(st, "Herat")[WU] == 2 and st.d["resources"]["Warlords"] == 0
    assert st.is_terminal()  # no Resources for another space
    st = DistantPlainState(sandbox_state())
    st.d["turn"] = new_turn("Warlords", "terror")
    assert is_possible(st, "Warlords", "suborn")  # a flip without effect (issue 27 item 1)
    st.d["resources"]["Warlords"] = 1
    assert not is_possible(st, "Warlords", "suborn")


@pytest.mark.rule("warlords.special_activities.cultivate", "warlords.operations.march")
def test_a_warlords_turn_march_then_cultivate_in_its_destination():
    """The Warlords' turn: a full March into Herat, then the paired Special Activities the turn
    offers (Cultivate there; Suborn, whose flip is a choice anywhere; not Traffic, with no Warlords
    Base), and Cultivate. The turn plays the default special_activity_timing (series), so the
    March's question for its next destination offers them too."""
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
    assert st.legal_actions()[-3:] == [{"done": True}, {"sa": "cultivate"}, {"sa": "suborn"}]
    st.apply({"done": True})
    assert st.legal_actions() == [{"sa": "cultivate"}, {"sa": "suborn"}, {"sa": None}]
    st.apply({"sa": "cultivate"})
    assert st.legal_actions() == [{"space": "Herat"}]
    st.apply({"space": "Herat"})
    assert pieces(st, "Herat")["warlords_bases"] == 1 and st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("warlords.special_activities.suborn", "islamabad.hostility")
def test_suborn_s_flip_of_the_taliban_in_pakistan_under_hostility_leaves_them_active():
    """Under Hostility the Taliban guerrillas in Pakistan are "sempre attivi": Suborn's flip of them
    is a choice (as every flip, issue 27 item 1) that leaves them Active (the standing condition
    turns them back at once, as after the Reset: A17); the Warlords' own go Underground."""
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
    assert flips == [{"do": "underground", "factions": f, "space": space} for f in ("taliban", "warlords", "both")]
    st.apply({"do": "underground", "factions": "both", "space": space})
    p = st.d["spaces"][space]["pieces"]
    assert (p["taliban_active"], p["taliban_underground"], p["warlords_active"], p["warlords_underground"]) == (2, 0, 0, 1)
    assert check_all(st.d) == []
