"""The insurgents' March (the aid's WARLORDS and TALEBANI blocks), on the engine: destinations, moves
from adjacent spaces, costs (LoCs free; Backing frees the Taliban's March into or out of Pakistan),
the activation test and its readings (A09, P30), the Taliban's March onward from Pashtun territory,
and the Limited March's one destination."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.activities import is_possible, new_turn
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.operations import march  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.state import DistantPlainState
from tests.distant_plain.helpers import place, running

WU, WA, TU, TA = "warlords_underground", "warlords_active", "taliban_underground", "taliban_active"


def pieces(st, space):
    return st.d["spaces"][space]["pieces"]


def move(st, kind, origin, dest, n=1):
    for _ in range(n):
        st.apply({"move": kind, "from": origin, "to": dest})


@pytest.mark.rule("warlords.operations.march")
def test_warlords_march_moves_guerrillas_into_adjacent_spaces_for_a_resource_a_destination():
    """Herat's 2 guerrillas: the destinations are Herat's neighbours; one moves to Badghis (1
    Resource), one to the Toraghondi-Farah LOC (free); a guerrilla moves once."""
    d = sandbox_state()
    place(d, "Herat", WU, 2)
    st = running(d, "warlords_march")
    assert st.legal_actions() == [{"space": n} for n in ("Badghis", "Farah", "Ghowr", "Toraghondi-Farah LOC")]
    st.apply({"space": "Badghis"})
    assert st.legal_actions() == [{"move": WU, "from": "Herat", "to": "Badghis"}]  # no done before a move
    move(st, WU, "Herat", "Badghis")
    assert st.legal_actions() == [{"move": WU, "from": "Herat", "to": "Badghis"}, {"done": True}]
    st.apply({"done": True})
    assert st.d["resources"]["Warlords"] == 14 and st.d["turn"]["spaces"] == ["Badghis"]
    # the guerrilla in Badghis has marched: Toraghondi-Farah LOC gets only Herat's other one
    st.apply({"space": "Toraghondi-Farah LOC"})
    assert st.legal_actions() == [{"move": WU, "from": "Herat", "to": "Toraghondi-Farah LOC"}]
    move(st, WU, "Herat", "Toraghondi-Farah LOC")  # no guerrilla left to move: the destination ends
    assert st.d["resources"]["Warlords"] == 14
    assert pieces(st, "Badghis")[WU] == 1 and pieces(st, "Toraghondi-Farah LOC")[WU] == 1 and pieces(st, "Herat")[WU] == 0
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("warlords.operations.march")
def test_warlords_activate_in_a_loc_or_pashtun_territory_above_3_guerrillas_of_both():
    """3 Warlords guerrillas into the Kabul-Aibak LOC beside 1 Taliban guerrilla: 4 > 3, activated;
    4 into Balkh (not Pashtun): never activated."""
    d = sandbox_state()
    place(d, "Baghlan", WU, 7)
    place(d, "Kabul-Aibak LOC", TU, 1)
    st = running(d, "warlords_march")
    st.apply({"space": "Kabul-Aibak LOC"})
    move(st, WU, "Baghlan", "Kabul-Aibak LOC", 3)
    st.apply({"done": True})
    assert (pieces(st, "Kabul-Aibak LOC")[WU], pieces(st, "Kabul-Aibak LOC")[WA]) == (0, 3)
    assert pieces(st, "Kabul-Aibak LOC")[TU] == 1
    st.apply({"space": "Balkh"})
    move(st, WU, "Baghlan", "Balkh", 4)
    assert pieces(st, "Balkh")[WU] == 4 and st.d["resources"]["Warlords"] == 14
    assert check_all(st.d) == []


@pytest.mark.rule("warlords.operations.march")
def test_warlords_with_3_in_pashtun_territory_stay_underground():
    """3 guerrillas into Kandahar (Pashtun), no Taliban there: 3 is not above 3."""
    d = sandbox_state()
    place(d, "Helmand", WU, 3)
    st = running(d, "warlords_march")
    st.apply({"space": "Kandahar"})
    move(st, WU, "Helmand", "Kandahar", 3)
    assert pieces(st, "Kandahar")[WU] == 3 and pieces(st, "Kandahar")[WA] == 0


@pytest.mark.rule("taliban.operations.march")
def test_taliban_activate_outside_pashtun_territory_and_march_on_from_it():
    """4 Taliban into Zabol (Pashtun): no activation, and they may march again: 2 on into the
    Kandahar-Spin Boldak LOC beside 2 Warlords (4 > 3: activated), paying 1 + 0."""
    d = sandbox_state()
    place(d, "Paktika", TU, 4)
    place(d, "Kandahar-Spin Boldak LOC", WU, 2)
    st = running(d, "taliban_march")
    st.apply({"space": "Zabol"})
    move(st, TU, "Paktika", "Zabol", 4)  # no guerrilla left to move in: the destination ends
    assert pieces(st, "Zabol")[TU] == 4 and st.d["resources"]["Taliban"] == 9
    st.apply({"space": "Kandahar-Spin Boldak LOC"})
    assert st.legal_actions() == [{"move": TU, "from": "Zabol", "to": "Kandahar-Spin Boldak LOC"}]
    move(st, TU, "Zabol", "Kandahar-Spin Boldak LOC", 2)
    st.apply({"done": True})
    loc = pieces(st, "Kandahar-Spin Boldak LOC")
    assert (loc[TU], loc[TA], loc[WU]) == (0, 2, 2) and st.d["resources"]["Taliban"] == 9
    # the LoC is not Pashtun: the guerrillas there have marched and move no more
    st.apply({"space": "Kandahar"})
    assert {"move": TA, "from": "Kandahar-Spin Boldak LOC", "to": "Kandahar"} not in st.legal_actions()
    assert {"move": TU, "from": "Zabol", "to": "Kandahar"} in st.legal_actions()
    assert check_all(st.d) == []


@pytest.mark.rule("taliban.operations.march")
def test_taliban_outside_pashtun_territory_do_not_march_on():
    """A Taliban guerrilla into Bamian (not Pashtun) has marched: Samangan, beside Bamian only, is
    no destination; Ghazni's other guerrilla still may march."""
    d = sandbox_state()
    place(d, "Ghazni", TU, 2)
    st = running(d, "taliban_march")
    st.apply({"space": "Bamian"})
    move(st, TU, "Ghazni", "Bamian")
    st.apply({"done": True})
    assert {"space": "Samangan"} not in st.legal_actions() and {"space": "Paktika"} in st.legal_actions()


@pytest.mark.rule("limited_operation", "taliban.operations.march")
def test_a_limited_march_has_one_destination_from_several_origins():
    """A Limited March: guerrillas from Paktika and Khowst into Ghazni, then it ends (no March
    onward from Pashtun Ghazni: that would be a second destination)."""
    d = sandbox_state()
    place(d, "Paktika", TU, 1)
    place(d, "Khowst", TU, 1)
    st = running(d, "taliban_march", limited=True)
    st.apply({"space": "Ghazni"})
    assert st.legal_actions() == [{"move": TU, "from": "Khowst", "to": "Ghazni"},
                                  {"move": TU, "from": "Paktika", "to": "Ghazni"}]
    move(st, TU, "Khowst", "Ghazni")
    move(st, TU, "Paktika", "Ghazni")
    assert st.is_terminal() and pieces(st, "Ghazni")[TU] == 2 and st.d["resources"]["Taliban"] == 9
    assert check_all(st.d) == []


@pytest.mark.rule("taliban.operations.march", "islamabad.backing")
def test_backing_frees_the_taliban_march_into_or_out_of_pakistan():
    """At Backing (the sandbox's): into Waziristan and out of it free; at Tolerance 1 each."""
    for level, cost in (("backing", 0), ("sponsorship", 0), ("tolerance", 2)):
        d = sandbox_state()
        d["islamabad"]["level"] = level
        place(d, "Paktika", TU, 1)
        place(d, "Northwest Frontier (Pakistan)", TU, 1)
        st = running(d, "taliban_march")
        st.apply({"space": "Waziristan (Pakistan)"})
        move(st, TU, "Paktika", "Waziristan (Pakistan)")
        st.apply({"done": True})
        st.apply({"space": "Khowst"})
        move(st, TU, "Northwest Frontier (Pakistan)", "Khowst")
        st.apply({"done": True})
        assert st.d["resources"]["Taliban"] == 10 - cost, level


@pytest.mark.rule("warlords.operations.march", "taliban.operations.march")
def test_march_costs_are_affordable_and_possible_only_with_a_move():
    """No Resources: only LoC destinations; no guerrilla: March is not possible; the Warlords never
    pay nothing at Backing."""
    d = sandbox_state()
    d["resources"]["Warlords"] = 0
    place(d, "Balkh", WU, 1)
    st = running(d, "warlords_march")
    assert st.legal_actions() == [{"space": "Kabul-Aibak LOC"}, {"space": "Shibirghan-Aibak LOC"}]
    st = DistantPlainState(sandbox_state())
    st.d["turn"] = new_turn("Warlords", "march")
    assert not is_possible(st, "Warlords", "march")
    st.d["turn"] = new_turn("Taliban", "march")
    assert not is_possible(st, "Taliban", "march")
    d = sandbox_state()
    place(d, "Badakhshan", WU, 1)
    st = running(d, "warlords_march")
    st.apply({"space": "Northwest Frontier (Pakistan)"})
    move(st, WU, "Badakhshan", "Northwest Frontier (Pakistan)")
    assert st.d["resources"]["Warlords"] == 14


@pytest.mark.rule("taliban.operations.march")
@pytest.mark.reading("A09")
@pytest.mark.parametrize("march_activation, first, second", [
    ("destination_total", 4, 4), ("moving_group", 0, 4), ("loc_exempt_for_taliban", 0, 0)])
def test_the_march_count_and_the_loc_for_the_taliban(march_activation, first, second):
    """A09: 2 Taliban into the Kabul-Tor Kham LOC, where 2 stand already; then 4 into the
    Kandahar-Spin Boldak LOC. Counting the destination activates all 4 in the first (its 2 that
    moved, and the 2 there under P30's 'all_in_destination'); the moving group activates only the
    second; with a LoC exempt neither."""
    d = sandbox_state(rulings={"march_activation": march_activation, "march_activates": "all_in_destination"})
    place(d, "Khowst", TU, 2)
    place(d, "Kabul-Tor Kham LOC", TU, 2)
    place(d, "Kandahar", TU, 4)
    st = running(d, "taliban_march")
    st.apply({"space": "Kabul-Tor Kham LOC"})
    move(st, TU, "Khowst", "Kabul-Tor Kham LOC", 2)
    st.apply({"space": "Kandahar-Spin Boldak LOC"})
    move(st, TU, "Kandahar", "Kandahar-Spin Boldak LOC", 4)
    assert pieces(st, "Kabul-Tor Kham LOC")[TA] == first
    assert pieces(st, "Kandahar-Spin Boldak LOC")[TA] == second
    assert check_all(st.d) == []


@pytest.mark.rule("warlords.operations.march")
@pytest.mark.reading("P30")
@pytest.mark.parametrize("march_activates, active", [("moved", 2), ("all_in_destination", 4)])
def test_which_guerrillas_the_march_activates(march_activates, active):
    """P30: 2 Warlords guerrillas into the Kabul-Aibak LOC where 2 stand: 4 > 3; the 2 that moved
    are activated (default), or all 4."""
    d = sandbox_state(rulings={"march_activates": march_activates})
    place(d, "Balkh", WU, 2)
    place(d, "Kabul-Aibak LOC", WU, 2)
    st = running(d, "warlords_march")
    st.apply({"space": "Kabul-Aibak LOC"})
    move(st, WU, "Balkh", "Kabul-Aibak LOC", 2)
    loc = pieces(st, "Kabul-Aibak LOC")
    assert (loc[WA], loc[WU]) == (active, 4 - active)
    # the 2 that marched stay; the 2 that were there may still march (Underground, or Active under
    # 'all_in_destination')
    st.apply({"space": "Baghlan"})
    kind = WU if march_activates == "moved" else WA
    assert st.legal_actions() == [{"move": kind, "from": "Kabul-Aibak LOC", "to": "Baghlan"}]
    move(st, kind, "Kabul-Aibak LOC", "Baghlan", 2)
    assert pieces(st, "Kabul-Aibak LOC")[WA] == 2 and check_all(st.d) == []


@pytest.mark.rule("taliban.operations.march", "islamabad.backing")
@pytest.mark.reading("P31")
@pytest.mark.parametrize("march_pakistan_cost, cost", [("all_from_pakistan", 1), ("any_from_pakistan", 0)])
def test_a_destination_entered_from_pakistan_and_from_afghanistan(march_pakistan_cost, cost):
    """P31: at Backing, Kandahar entered from Waziristan and from Zabol: 1 Resource (every origin
    must be in Pakistan), or free (any)."""
    d = sandbox_state(rulings={"march_pakistan_cost": march_pakistan_cost})
    place(d, "Waziristan (Pakistan)", TU, 1)
    place(d, "Zabol", TU, 1)
    st = running(d, "taliban_march")
    st.apply({"space": "Kandahar"})
    move(st, TU, "Waziristan (Pakistan)", "Kandahar")
    move(st, TU, "Zabol", "Kandahar")
    st.apply({"done": True})
    assert st.d["resources"]["Taliban"] == 10 - cost
