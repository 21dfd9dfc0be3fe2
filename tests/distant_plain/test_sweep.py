"""The COIN Sweep (operations/sweep.py): troops into adjacent Provinces or Kabul, through a LoC if
wished; the Coalition with up to (or exactly: coalition_sweep_govt_troops, A08) one Govt troop per
Coalition troop, 3 Government Resources a destination a Govt troop enters; the Government 3 a
destination and 1 to the Warlords a LoC with a guerrilla entered; 1 guerrilla activated per own cube
in each destination (the sweeping faction chooses whose); a Limited Sweep has one destination."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.operations import sweep  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from tests.distant_plain.helpers import place, running
from tests.distant_plain.test_assault import possible

COAL, GOVT = "coalition_troops", "government_troops"


def helmand_sweep(rulings: dict | None = None) -> dict:
    """Coalition troops in Kandahar (2, beside Helmand) and Zabol (1, through Farah-Kandahar LOC), 2
    Govt troops and a Police in Kandahar, 3 hidden Taliban in Helmand."""
    d = sandbox_state(rulings=rulings)
    place(d, "Kandahar", COAL, 2)
    place(d, "Zabol", COAL, 1)
    place(d, "Kandahar", GOVT, 2)
    place(d, "Kandahar", "police", 1)
    place(d, "Helmand", "taliban_underground", 3)
    return d


@pytest.mark.rule("coalition.operations.sweep")
def test_coalition_sweep_govt_troops_one_per_coalition_troop_3_resources_coalition_cubes_activate():
    st = running(helmand_sweep(), "coalition_sweep")
    assert {"space": "Kabul-Aibak LOC"} not in st.legal_actions()  # Provinces and Kabul only
    st.apply({"space": "Helmand"})
    assert st.legal_actions() == [{"move": COAL, "from": "Kandahar", "to": "Helmand"}, {"move": COAL, "from": "Zabol", "to": "Helmand"}]
    st.apply({"move": COAL, "from": "Kandahar", "to": "Helmand"})
    assert st.legal_actions() == [{"move": COAL, "from": "Kandahar", "to": "Helmand"}, {"move": COAL, "from": "Zabol", "to": "Helmand"},
                                  {"move": GOVT, "from": "Kandahar", "to": "Helmand"}, {"done": True}]
    st.apply({"move": GOVT, "from": "Kandahar", "to": "Helmand"})
    assert st.d["resources"]["Government"] == 27
    assert st.legal_actions() == [{"move": COAL, "from": "Kandahar", "to": "Helmand"}, {"move": COAL, "from": "Zabol", "to": "Helmand"}, {"done": True}]
    st.apply({"move": COAL, "from": "Zabol", "to": "Helmand"})  # through the LoC: no Sabotage stop, no fee for the Coalition
    st.apply({"move": GOVT, "from": "Kandahar", "to": "Helmand"})
    assert st.d["resources"]["Government"] == 27  # 3 a destination, once
    st.apply({"done": True})
    assert {"space": "Oruzgan"} in st.legal_actions()  # the Kandahar troop left may sweep elsewhere
    st.apply({"done": True})
    p = st.d["spaces"]["Helmand"]["pieces"]
    assert (p[COAL], p[GOVT], p["taliban_active"], p["taliban_underground"]) == (2, 2, 2, 1)  # Coalition cubes only
    assert st.is_terminal() and st.d["turn"]["spaces"] == ["Helmand"] and check_all(st.d) == []


@pytest.mark.rule("coalition.operations.sweep")
@pytest.mark.reading("A08")
@pytest.mark.parametrize("coalition_sweep_govt_troops", ["up_to", "exactly"])
def test_up_to_or_exactly_one_govt_troop_per_coalition_troop(coalition_sweep_govt_troops):
    """Up to: a Coalition troop moves alone, free. Exactly: it moves with a Govt troop, and a Sweep
    the Government Resources cannot pay is not offered."""
    rulings = {"coalition_sweep_govt_troops": coalition_sweep_govt_troops}
    st = running(helmand_sweep(rulings), "coalition_sweep")
    st.apply({"space": "Helmand"})
    if coalition_sweep_govt_troops == "up_to":
        assert st.legal_actions() == [{"move": COAL, "from": "Kandahar", "to": "Helmand"}, {"move": COAL, "from": "Zabol", "to": "Helmand"}]
    else:
        assert st.legal_actions() == [{"move": COAL, "from": "Kandahar", "with": "Kandahar", "to": "Helmand"},
                                      {"move": COAL, "from": "Zabol", "with": "Kandahar", "to": "Helmand"}]
        st.apply({"move": COAL, "from": "Zabol", "with": "Kandahar", "to": "Helmand"})
        p = st.d["spaces"]["Helmand"]["pieces"]
        assert (p[COAL], p[GOVT], st.d["resources"]["Government"]) == (1, 1, 27) and check_all(st.d) == []
    d = helmand_sweep(rulings)
    d["resources"]["Government"] = 2
    assert possible(d, "Coalition", "sweep") is (coalition_sweep_govt_troops == "up_to")


@pytest.mark.rule("government.operations.sweep")
def test_government_sweep_3_a_destination_1_to_the_warlords_a_loc_with_a_guerrilla_and_activation_choice():
    d = sandbox_state()
    place(d, "Zabol", GOVT, 2)
    place(d, "Farah-Kandahar LOC", "warlords_underground", 1)
    place(d, "Helmand", "police", 1)
    place(d, "Helmand", "taliban_underground", 1)
    place(d, "Helmand", "warlords_underground", 3)
    st = running(d, "government_sweep")
    st.apply({"space": "Helmand"})
    assert st.d["resources"]["Government"] == 27
    assert st.legal_actions() == [{"move": GOVT, "from": "Zabol", "via": "Farah-Kandahar LOC", "to": "Helmand"}]
    st.apply({"move": GOVT, "from": "Zabol", "via": "Farah-Kandahar LOC", "to": "Helmand"})
    assert (st.d["resources"]["Government"], st.d["resources"]["Warlords"]) == (26, 16)
    assert st.legal_actions() == [{"move": GOVT, "from": "Zabol", "to": "Helmand"}, {"done": True}]  # that LoC is paid for
    st.apply({"move": GOVT, "from": "Zabol", "to": "Helmand"})
    # 2 troops and the Police: 3 to activate among 1 Taliban and 3 Warlords guerrillas
    assert st.legal_actions() == [{"activate": "taliban_underground", "space": "Helmand"}, {"activate": "warlords_underground", "space": "Helmand"}]
    st.apply({"activate": "taliban_underground", "space": "Helmand"})
    p = st.d["spaces"]["Helmand"]["pieces"]
    assert (p["taliban_active"], p["warlords_active"], p["warlords_underground"]) == (1, 2, 1)
    assert st.is_terminal() and st.d["resources"]["Government"] == 26 and check_all(st.d) == []


@pytest.mark.rule("government.operations.sweep")
def test_government_sweep_needs_3_resources_a_destination_and_1_more_for_a_guerrilla_s_loc():
    d = sandbox_state()
    place(d, "Zabol", GOVT, 1)
    place(d, "Farah-Kandahar LOC", "taliban_underground", 1)
    d["resources"]["Government"] = 3
    st = running(d, "government_sweep")
    assert {"space": "Kandahar"} in st.legal_actions() and {"space": "Helmand"} not in st.legal_actions()
    d = sandbox_state()
    place(d, "Zabol", GOVT, 1)
    place(d, "Farah-Kandahar LOC", "taliban_underground", 1)
    d["resources"]["Government"] = 4
    assert {"space": "Helmand"} in running(d, "government_sweep").legal_actions()
    d["resources"]["Government"] = 2
    assert not possible(d, "Government", "sweep")


@pytest.mark.rule("government.operations.sweep", "limited_operation")
def test_a_limited_sweep_brings_troops_from_several_spaces_to_one_destination():
    d = sandbox_state()
    place(d, "Kandahar", GOVT, 1)
    place(d, "Farah-Kandahar LOC", GOVT, 1)  # from a LoC touching the destination
    place(d, "Oruzgan", GOVT, 1)
    st = running(d, "government_sweep", limited=True)
    st.apply({"space": "Helmand"})
    assert st.legal_actions() == [{"move": GOVT, "from": "Farah-Kandahar LOC", "to": "Helmand"}, {"move": GOVT, "from": "Kandahar", "to": "Helmand"},
                                  {"move": GOVT, "from": "Oruzgan", "to": "Helmand"}]
    st.apply({"move": GOVT, "from": "Kandahar", "to": "Helmand"})
    st.apply({"move": GOVT, "from": "Farah-Kandahar LOC", "to": "Helmand"})
    st.apply({"done": True})
    assert st.is_terminal() and st.d["turn"]["spaces"] == ["Helmand"] and st.d["resources"]["Government"] == 27
    assert st.d["spaces"]["Helmand"]["pieces"][GOVT] == 2 and check_all(st.d) == []


@pytest.mark.rule("coalition.operations.sweep")
@pytest.mark.reading("P05")
@pytest.mark.parametrize("destination_needs_move", ["required", "optional"])
def test_a_sweep_in_place(destination_needs_move):
    """A Coalition troop in Helmand with a hidden Taliban, no troop near: a Sweep of Helmand in place
    only if a destination needs no move."""
    d = sandbox_state(rulings={"destination_needs_move": destination_needs_move})
    place(d, "Helmand", COAL, 1)
    place(d, "Helmand", "taliban_underground", 1)
    st = running(d, "coalition_sweep")
    assert ({"space": "Helmand"} in st.legal_actions()) is (destination_needs_move == "optional")
    if destination_needs_move == "optional":
        st.apply({"space": "Helmand"})  # nothing can move in: the next destination, or done
        assert {"space": "Kandahar"} in st.legal_actions() and st.legal_actions()[-1] == {"done": True}
        st.apply({"done": True})
        assert st.d["spaces"]["Helmand"]["pieces"]["taliban_active"] == 1 and st.is_terminal()


@pytest.mark.rule("government.operations.sweep")
@pytest.mark.reading("P22")
@pytest.mark.parametrize("warlords_toll_unpaid, helmand, warlords", [("entry_refused", False, 15), ("entry_free", True, 15)])
def test_a_loc_s_toll_the_government_cannot_pay(warlords_toll_unpaid, helmand, warlords):
    """3 Resources pay the destination and nothing of the toll: Helmand, reached from Zabol only
    through the Farah-Kandahar LOC where a guerrilla stands, is refused, or entered without paying."""
    d = sandbox_state(rulings={"warlords_toll_unpaid": warlords_toll_unpaid})
    place(d, "Zabol", GOVT, 1)
    place(d, "Farah-Kandahar LOC", "taliban_underground", 1)
    d["resources"]["Government"] = 3
    st = running(d, "government_sweep")
    assert ({"space": "Helmand"} in st.legal_actions()) is helmand
    if helmand:
        st.apply({"space": "Helmand"})
        st.apply(next(a for a in st.legal_actions() if a.get("via") == "Farah-Kandahar LOC"))
        assert st.d["resources"]["Government"] == 0 and st.d["resources"]["Warlords"] == warlords
        assert check_all(st.d) == []
