"""The COIN Patrol (operations/patrol.py): cubes into or through adjacent LoCs or Kabul, stopping at
Sabotage; 1 guerrilla activated per own cube in each LoC (ruling patrol_activation, P04); a free
Assault in 1 LoC (patrol_assault_where, P06); destinations without a move (destination_needs_move,
P05); the Coalition free, the Government 3 Resources in all; a Limited Patrol has one destination."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.operations import patrol  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from tests.distant_plain.helpers import place, running
from tests.distant_plain.test_assault import active, possible

CHAIN = ["Kabul", "Kabul-Aibak LOC", "Kabul-Tor Kham LOC", "Kandahar-Kabul LOC", "Shibirghan-Aibak LOC"]


def spaces(st) -> list[str]:
    return [x["space"] for x in st.legal_actions() if "space" in x]


@pytest.mark.rule("coalition.operations.patrol")
def test_destinations_are_reached_through_loCs_and_kabul_and_sabotage_stops():
    """From Balkh: its two LoCs, Kabul through Kabul-Aibak, and Kabul's other LoCs beyond it; with
    Kabul-Aibak sabotaged, a cube stops there."""
    d = sandbox_state()
    place(d, "Balkh", "coalition_troops", 1)
    assert spaces(running(d, "coalition_patrol")) == CHAIN
    d = sandbox_state()
    place(d, "Balkh", "coalition_troops", 1)
    d["spaces"]["Kabul-Aibak LOC"]["sabotage"] = True
    assert spaces(running(d, "coalition_patrol")) == ["Kabul-Aibak LOC", "Shibirghan-Aibak LOC"]


@pytest.mark.rule("coalition.operations.patrol", "coalition.operations.assault")
def test_coalition_patrol_moves_activates_per_cube_and_assaults_one_loc_free():
    d = sandbox_state()
    place(d, "Balkh", "coalition_troops", 2)
    place(d, "Kandahar-Kabul LOC", "taliban_underground", 1)
    place(d, "Kandahar-Kabul LOC", "warlords_underground", 2)
    st = running(d, "coalition_patrol")
    st.apply({"space": "Kandahar-Kabul LOC"})
    assert st.legal_actions() == [{"move": "coalition_troops", "from": "Balkh", "to": "Kandahar-Kabul LOC"}]  # a destination gets a cube
    st.apply({"move": "coalition_troops", "from": "Balkh", "to": "Kandahar-Kabul LOC"})
    assert st.legal_actions() == [{"move": "coalition_troops", "from": "Balkh", "to": "Kandahar-Kabul LOC"}, {"done": True}]
    st.apply({"move": "coalition_troops", "from": "Balkh", "to": "Kandahar-Kabul LOC"})
    # no cube left to move: the activation, 2 cubes against 3 hidden guerrillas of two factions
    assert st.legal_actions() == [{"activate": "taliban_underground", "space": "Kandahar-Kabul LOC"}, {"activate": "warlords_underground", "space": "Kandahar-Kabul LOC"}]
    st.apply({"activate": "taliban_underground", "space": "Kandahar-Kabul LOC"})
    p = st.d["spaces"]["Kandahar-Kabul LOC"]["pieces"]
    assert (p["taliban_active"], p["warlords_active"], p["warlords_underground"]) == (1, 1, 1)
    assert st.legal_actions() == [{"assault": "Kandahar-Kabul LOC"}, {"assault": None}]
    st.apply({"assault": "Kandahar-Kabul LOC"})
    assert st.legal_actions() == [{"remove": "taliban_active", "space": "Kandahar-Kabul LOC"}, {"remove": "warlords_active", "space": "Kandahar-Kabul LOC"}]
    st.apply({"remove": "warlords_active", "space": "Kandahar-Kabul LOC"})
    assert (p["taliban_active"], p["warlords_active"], p["coalition_troops"]) == (0, 0, 2)
    assert st.is_terminal() and st.d["resources"]["Government"] == 30 and check_all(st.d) == []


@pytest.mark.rule("coalition.operations.patrol", "coalition.operations.assault")
@pytest.mark.reading("P07")
@pytest.mark.parametrize("patrol_assault_govt_join, government", [("join_free", 30), ("join_pays_3", 27)])
def test_government_forces_join_the_coalition_s_free_assault(patrol_assault_govt_join, government):
    """P07: the free Assault free whole (the default), or Government forces joining for 3."""
    d = sandbox_state(rulings={"patrol_assault_govt_join": patrol_assault_govt_join})
    place(d, "Kabul-Aibak LOC", "coalition_troops", 1)
    place(d, "Kabul-Aibak LOC", "police", 2)
    active(d, "Kabul-Aibak LOC", "taliban", 3)
    place(d, "Baghlan", "coalition_troops", 1)
    st = running(d, "coalition_patrol", limited=True)
    st.apply({"space": "Kabul-Aibak LOC"})
    st.apply({"move": "coalition_troops", "from": "Baghlan", "to": "Kabul-Aibak LOC"})
    st.apply({"assault": "Kabul-Aibak LOC"})
    assert st.legal_actions() == [{"govt": False, "space": "Kabul-Aibak LOC"}, {"govt": True, "space": "Kabul-Aibak LOC"}]
    st.apply({"govt": True, "space": "Kabul-Aibak LOC"})  # 2 troops + 2 Police: all 3
    assert st.d["spaces"]["Kabul-Aibak LOC"]["pieces"]["taliban_active"] == 0
    assert st.d["resources"]["Government"] == government and st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("government.operations.patrol", "limited_operation")
def test_government_patrol_3_resources_in_all_troops_and_police_one_destination_if_limited():
    d = sandbox_state()
    place(d, "Kabul", "government_troops", 1)
    place(d, "Baghlan", "police", 1)
    place(d, "Nuristan", "police", 1)
    st = running(d, "government_patrol", limited=True)
    st.apply({"space": "Kabul-Aibak LOC"})
    assert st.d["resources"]["Government"] == 27
    assert st.legal_actions() == [{"move": "government_troops", "from": "Kabul", "to": "Kabul-Aibak LOC"}, {"move": "police", "from": "Baghlan", "to": "Kabul-Aibak LOC"},
                                  {"move": "police", "from": "Nuristan", "to": "Kabul-Aibak LOC"}]
    st.apply({"move": "police", "from": "Nuristan", "to": "Kabul-Aibak LOC"})  # Nuristan, Kabul-Tor Kham, Kabul, Kabul-Aibak
    st.apply({"move": "government_troops", "from": "Kabul", "to": "Kabul-Aibak LOC"})
    st.apply({"done": True})  # Limited: no second destination
    p = st.d["spaces"]["Kabul-Aibak LOC"]["pieces"]
    assert (p["government_troops"], p["police"]) == (1, 1) and st.d["turn"]["spaces"] == ["Kabul-Aibak LOC"]
    # the free Assault: in any LoC, an enemy there or not (issue 27 item 1)
    assert st.legal_actions() == [{"assault": n} for n in st.map.locs] + [{"assault": None}]
    st.apply({"assault": None})
    assert st.is_terminal() and st.d["resources"]["Government"] == 27 and check_all(st.d) == []
    st = running(d, "government_patrol")  # a full Patrol: the two moved cubes stay, the Baghlan Police may go on
    st.apply({"space": "Kabul"})
    st.apply({"move": "police", "from": "Baghlan", "to": "Kabul"})
    st.apply({"move": "government_troops", "from": "Kabul-Aibak LOC", "to": "Kabul"})
    assert st.legal_actions() == [{"move": "police", "from": "Kabul-Aibak LOC", "to": "Kabul"}, {"done": True}]
    assert st.d["resources"]["Government"] == 24  # 3 in all, whatever the destinations
    d = sandbox_state()
    place(d, "Kabul", "government_troops", 1)
    d["resources"]["Government"] = 2
    assert not possible(d, "Government", "patrol") and possible(d, "Coalition", "patrol") is False


@pytest.mark.rule("coalition.operations.patrol")
@pytest.mark.reading("P04")
@pytest.mark.parametrize("patrol_activation, activated", [("every_loc", 1), ("destination_locs", 0)])
def test_patrol_activates_in_every_loc_or_in_its_destinations(patrol_activation, activated):
    """A Coalition troop waits on Kabul-Tor Kham with a hidden Taliban; the Patrol goes to Kabul-Aibak."""
    d = sandbox_state(rulings={"patrol_activation": patrol_activation})
    place(d, "Kabul-Tor Kham LOC", "coalition_troops", 1)
    place(d, "Kabul-Tor Kham LOC", "taliban_underground", 1)
    place(d, "Balkh", "coalition_troops", 1)
    st = running(d, "coalition_patrol")
    st.apply({"space": "Kabul-Aibak LOC"})
    st.apply({"move": "coalition_troops", "from": "Balkh", "to": "Kabul-Aibak LOC"})
    assert st.legal_actions() == [{"move": "coalition_troops", "from": "Kabul-Tor Kham LOC", "to": "Kabul-Aibak LOC"}, {"done": True}]
    st.apply({"done": True})
    assert {"space": "Kabul"} in st.legal_actions()  # the waiting troop could still move elsewhere
    st.apply({"done": True})
    assert st.d["spaces"]["Kabul-Tor Kham LOC"]["pieces"]["taliban_active"] == activated
    assert check_all(st.d) == []


@pytest.mark.rule("coalition.operations.patrol", "coalition.operations.sweep")
@pytest.mark.reading("P05")
@pytest.mark.parametrize("destination_needs_move, in_place", [("required", False), ("optional", True)])
def test_a_patrol_destination_without_a_move(destination_needs_move, in_place):
    """One Coalition troop on Kabul-Aibak: it may move on; its own LoC is a destination only if a
    destination needs no move (then done is offered at once)."""
    d = sandbox_state(rulings={"destination_needs_move": destination_needs_move})
    place(d, "Kabul-Aibak LOC", "coalition_troops", 1)
    st = running(d, "coalition_patrol")
    own = ["Kabul-Aibak LOC"] if in_place else []
    assert spaces(st) == ["Kabul"] + own + ["Kabul-Tor Kham LOC", "Kandahar-Kabul LOC"]
    st.apply({"space": "Kandahar-Kabul LOC"})
    assert st.legal_actions() == [{"move": "coalition_troops", "from": "Kabul-Aibak LOC", "to": "Kandahar-Kabul LOC"}] + (
        [{"done": True}] if in_place else [])


@pytest.mark.rule("coalition.operations.patrol", "coalition.operations.assault")
@pytest.mark.reading("P06")
@pytest.mark.parametrize("patrol_assault_where, offered", [("any_loc", True), ("destination_loc", False)])
def test_the_free_assault_in_any_loc_or_a_destination(patrol_assault_where, offered):
    """P06: the Coalition's free Assault in any LoC with its troops, or only in a destination; in
    the destination Kabul-Aibak LOC there is no enemy, offered all the same (issue 27 item 1)."""
    d = sandbox_state(rulings={"patrol_assault_where": patrol_assault_where})
    place(d, "Kabul-Tor Kham LOC", "coalition_troops", 1)
    active(d, "Kabul-Tor Kham LOC", "taliban", 1)
    place(d, "Balkh", "coalition_troops", 1)
    st = running(d, "coalition_patrol")
    st.apply({"space": "Kabul-Aibak LOC"})
    st.apply({"move": "coalition_troops", "from": "Balkh", "to": "Kabul-Aibak LOC"})
    st.apply({"done": True})  # this destination
    st.apply({"done": True})  # no other
    assert st.legal_actions() == [{"assault": "Kabul-Aibak LOC"}] + (
        [{"assault": "Kabul-Tor Kham LOC"}] if offered else []) + [{"assault": None}]
