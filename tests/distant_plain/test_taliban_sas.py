"""The Taliban's Special Activities Extort and Infiltrate (the aid's TALEBANI block, ATTIVITA'
SPECIALI) on the engine: where they may be done, what they take and give, and their rulings (A13,
A14, P43-P46); and Extort after a Terror in a Taliban turn."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain import turn  # noqa: F401  (registers faction_turn)
from cdg_oracle.model.distant_plain.activities import is_possible
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.operations import terror  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.special_activities import taliban  # noqa: F401
from cdg_oracle.model.distant_plain.state import DistantPlainState
from tests.distant_plain.helpers import place, running


def extorting(d: dict) -> DistantPlainState:
    return running(d, "taliban_extort", op="terror")


def infiltrating(d: dict) -> DistantPlainState:
    return running(d, "taliban_infiltrate", op="rally")


def spaces_offered(st) -> list[str]:
    return [x["space"] for x in st.legal_actions() if "space" in x]


# -- Extort -----------------------------------------------------------------------------------------
@pytest.mark.rule("taliban.special_activities.extort")
def test_extort_where_an_underground_guerrilla_and_more_taliban_than_enemies():
    """Kandahar: an Underground guerrilla, no enemy. Helmand: 2 guerrillas against 2 Police (not
    more). Zabol: more Taliban, but Active only. Ghazni: a Base and an Underground guerrilla
    against a Coalition troop (2 against 1)."""
    d = sandbox_state()
    place(d, "Kandahar", "taliban_underground", 1)
    place(d, "Helmand", "taliban_underground", 2)
    place(d, "Helmand", "police", 2)
    place(d, "Zabol", "taliban_underground", 1)
    d["spaces"]["Zabol"]["pieces"]["taliban_underground"] -= 1
    d["spaces"]["Zabol"]["pieces"]["taliban_active"] += 1
    place(d, "Ghazni", "taliban_underground", 1)
    place(d, "Ghazni", "taliban_bases", 1)
    place(d, "Ghazni", "coalition_troops", 1)
    st = extorting(d)
    assert st.legal_actions() == [{"space": "Ghazni"}, {"space": "Kandahar"}]


@pytest.mark.rule("taliban.special_activities.extort")
def test_extort_gains_in_each_space():
    """Balkh, 2 Warlords Bases: 4 Warlords Resources taken. Kandahar, no Warlords Base: +1. An
    unsabotaged LoC (Kabul-Tor Kham, Econ 4): +4. A sabotaged LoC: +1. One guerrilla activated in
    each; any number of spaces."""
    d = sandbox_state()
    for n in ("Balkh", "Kandahar", "Kabul-Tor Kham LOC", "Kabul-Aibak LOC"):
        place(d, n, "taliban_underground", 2)
    place(d, "Balkh", "warlords_bases", 2)
    d["spaces"]["Kabul-Aibak LOC"]["sabotage"] = True
    st = extorting(d)
    st.apply({"space": "Balkh"})
    assert (st.d["resources"]["Taliban"], st.d["resources"]["Warlords"]) == (14, 11)
    st.apply({"space": "Kandahar"})
    assert st.d["resources"]["Taliban"] == 15
    st.apply({"space": "Kabul-Tor Kham LOC"})
    assert st.d["resources"]["Taliban"] == 19
    assert st.legal_actions() == [{"space": "Kabul-Aibak LOC"}, {"done": True}]
    st.apply({"space": "Kabul-Aibak LOC"})
    assert st.d["resources"]["Taliban"] == 20 and st.is_terminal()
    for n in ("Balkh", "Kandahar", "Kabul-Tor Kham LOC", "Kabul-Aibak LOC"):
        p = st.d["spaces"][n]["pieces"]
        assert (p["taliban_underground"], p["taliban_active"]) == (1, 1)
    assert st.d["turn"]["sa_spaces"] == ["Balkh", "Kandahar", "Kabul-Tor Kham LOC", "Kabul-Aibak LOC"]
    assert check_all(st.d) == []


@pytest.mark.rule("taliban.special_activities.extort")
@pytest.mark.reading("A13")
@pytest.mark.parametrize("extort_warlords_resources, taliban_gets, warlords_keep", [
    ("transfer_capped_by_space", 3, 0), ("gain_without_transfer", 4, 3)])
def test_extort_from_warlords_short_of_resources(extort_warlords_resources, taliban_gets, warlords_keep):
    """A13: 2 Warlords Bases, the Warlords with 3 Resources: a transfer of what they have, or a gain
    of 4 with the Warlords keeping theirs."""
    d = sandbox_state(rulings={"extort_warlords_resources": extort_warlords_resources})
    d["resources"]["Warlords"] = 3
    place(d, "Balkh", "taliban_underground", 1)
    place(d, "Balkh", "warlords_bases", 2)
    st = extorting(d)
    st.apply({"space": "Balkh"})
    assert st.d["resources"]["Taliban"] == 10 + taliban_gets and st.d["resources"]["Warlords"] == warlords_keep
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("taliban.special_activities.extort")
@pytest.mark.reading("P43")
@pytest.mark.parametrize("extort_enemies, spaces", [("coin_only", ["Balkh", "Kandahar"]),
                                                    ("coin_and_warlords", ["Kandahar"])])
def test_extort_whose_pieces_are_enemies(extort_enemies, spaces):
    """P43: Balkh, 2 Taliban guerrillas against 2 Warlords Bases and a Police: more Taliban than
    COIN pieces, not more than COIN and Warlords together."""
    d = sandbox_state(rulings={"extort_enemies": extort_enemies})
    place(d, "Balkh", "taliban_underground", 2)
    place(d, "Balkh", "warlords_bases", 2)
    place(d, "Balkh", "police", 1)
    place(d, "Kandahar", "taliban_underground", 1)
    st = extorting(d)
    assert spaces_offered(st) == spaces


@pytest.mark.rule("taliban.special_activities.extort")
def test_extort_not_possible_without_an_underground_guerrilla():
    d = sandbox_state()
    place(d, "Kandahar", "taliban_bases", 1)
    st = extorting(d)
    assert st.is_terminal() and not is_possible(st, "Taliban", "extort")
    place(d, "Kandahar", "taliban_underground", 1)
    assert is_possible(st, "Taliban", "extort")


@pytest.mark.rule("taliban.operations.terror", "taliban.special_activities.extort", "taliban.special_activities")
def test_a_taliban_turn_terror_then_extort():
    """The turn offers Extort after a Terror (Terror + Extort?); Terror activates one of Kandahar's
    two guerrillas, Extort the other."""
    d = sandbox_state()
    place(d, "Kandahar", "taliban_underground", 2)
    d.update(stack=[{"proc": "test_halt", "pc": "start"},
                    {"proc": "faction_turn", "pc": "start", "side": "Taliban", "last_before_final": False}],
             pending=None, terminal=None, turn=None)
    st = DistantPlainState(d)
    ENGINE.run(st)
    assert {"op": "terror", "limited": False} in st.legal_actions()
    st.apply({"op": "terror", "limited": False})
    st.apply({"space": "Kandahar"})  # no other space: the Terror ends
    assert st.legal_actions() == [{"sa": "extort"}, {"sa": None}]
    st.apply({"sa": "extort"})
    st.apply({"space": "Kandahar"})
    p = st.d["spaces"]["Kandahar"]["pieces"]
    assert st.is_terminal() and (p["taliban_underground"], p["taliban_active"]) == (0, 2)
    assert st.d["resources"]["Taliban"] == 10 and check_all(st.d) == []  # -1 Terror, +1 Extort


# -- Infiltrate -------------------------------------------------------------------------------------
@pytest.mark.rule("taliban.special_activities.infiltrate")
def test_infiltrate_removes_two_bases_last_and_costs_patronage():
    """Kandahar: an Underground Taliban guerrilla, a Police, a Government Base, a Coalition troop.
    The Coalition troop is never offered; the Base only once the Police is gone. Patronage 5 - 2."""
    d = sandbox_state()
    place(d, "Kandahar", "taliban_underground", 1)
    place(d, "Kandahar", "police", 1)
    place(d, "Kandahar", "government_bases", 1)
    place(d, "Kandahar", "coalition_troops", 1)
    place(d, "Helmand", "police", 1)  # no Underground Taliban guerrilla: not a space
    st = infiltrating(d)
    assert st.legal_actions() == [{"space": "Kandahar"}]
    st.apply({"space": "Kandahar"})
    assert st.legal_actions() == [{"remove": "police", "space": "Kandahar"}, {"replace": "police", "space": "Kandahar"}]
    st.apply({"remove": "police", "space": "Kandahar"})
    assert st.legal_actions() == [{"remove": "government_bases", "space": "Kandahar"}]
    st.apply({"remove": "government_bases", "space": "Kandahar"})
    p = st.d["spaces"]["Kandahar"]["pieces"]
    assert (p["police"], p["government_bases"], p["coalition_troops"]) == (0, 0, 1)
    assert st.d["patronage"] == 3 and st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("taliban.special_activities.infiltrate")
def test_infiltrate_patronage_not_below_zero_and_one_space_only():
    d = sandbox_state()
    d["patronage"] = 1
    for n in ("Kandahar", "Helmand"):
        place(d, n, "taliban_underground", 1)
        place(d, n, "government_troops", 2)
    st = infiltrating(d)
    st.apply({"space": "Helmand"})
    st.apply({"remove": "government_troops", "space": "Helmand"})
    st.apply({"remove": "government_troops", "space": "Helmand"})
    assert st.d["patronage"] == 0 and st.is_terminal() and st.d["turn"]["sa_spaces"] == ["Helmand"]
    assert st.d["spaces"]["Kandahar"]["pieces"]["government_troops"] == 2 and check_all(st.d) == []


@pytest.mark.rule("taliban.special_activities.infiltrate")
@pytest.mark.reading("P45")
@pytest.mark.parametrize("infiltrate_replaced_patronage, patronage", [("replaced_counts", 4), ("removed_only", 5)])
def test_infiltrate_replaces_a_piece_with_a_taliban_guerrilla(infiltrate_replaced_patronage, patronage):
    """P45: a Police replaced by an Underground Taliban guerrilla from Available; Patronage -1 if a
    replaced Government piece counts as removed."""
    d = sandbox_state(rulings={"infiltrate_replaced_patronage": infiltrate_replaced_patronage})
    place(d, "Kandahar", "taliban_underground", 1)
    place(d, "Kandahar", "police", 2)
    st = infiltrating(d)
    st.apply({"space": "Kandahar"})
    st.apply({"replace": "police", "space": "Kandahar"})
    p = st.d["spaces"]["Kandahar"]["pieces"]
    assert (p["police"], p["taliban_underground"]) == (1, 2) and st.d["available"]["taliban_underground"] == 28
    assert st.d["patronage"] == patronage and st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("taliban.special_activities.infiltrate")
@pytest.mark.reading("A14")
@pytest.mark.parametrize("infiltrate_targets, first", [
    ("government_and_warlords", [{"remove": "police", "space": "Kandahar"}, {"remove": "warlords_active", "space": "Kandahar"},
                                 {"replace": "police", "space": "Kandahar"}, {"replace": "warlords_active", "space": "Kandahar"}]),
    ("government_only", [{"remove": "police", "space": "Kandahar"}, {"replace": "police", "space": "Kandahar"}])])
def test_infiltrate_takes_warlords_pieces_or_not(infiltrate_targets, first):
    """A14: a Police and an Active Warlords guerrilla; the Warlords' may be taken by default."""
    d = sandbox_state(rulings={"infiltrate_targets": infiltrate_targets})
    place(d, "Kandahar", "taliban_underground", 1)
    place(d, "Kandahar", "police", 1)
    place(d, "Kandahar", "warlords_underground", 1)
    d["spaces"]["Kandahar"]["pieces"]["warlords_underground"] -= 1
    d["spaces"]["Kandahar"]["pieces"]["warlords_active"] += 1
    st = infiltrating(d)
    st.apply({"space": "Kandahar"})
    assert st.legal_actions() == first
    st.apply({"remove": "police", "space": "Kandahar"})
    assert st.d["spaces"]["Kandahar"]["pieces"]["warlords_active"] == 1
    if infiltrate_targets == "government_and_warlords":
        assert st.legal_actions() == [{"remove": "warlords_active", "space": "Kandahar"}]
        st.apply({"remove": "warlords_active", "space": "Kandahar"})
        assert st.d["available"]["warlords_underground"] == 15
    assert st.is_terminal() and st.d["patronage"] == 4 and check_all(st.d) == []


@pytest.mark.rule("taliban.special_activities.infiltrate")
@pytest.mark.reading("P44")
@pytest.mark.parametrize("infiltrate_bases_last, first", [
    ("all_targets", ["warlords_underground"]), ("own_faction", ["government_bases", "warlords_underground"])])
def test_infiltrate_bases_last_among_whose_pieces(infiltrate_bases_last, first):
    """P44: a Government Base beside an Underground Warlords guerrilla: last of all the pieces
    Infiltrate may take (default), or free once no Government cube is there."""
    d = sandbox_state(rulings={"infiltrate_bases_last": infiltrate_bases_last})
    place(d, "Kandahar", "taliban_underground", 1)
    place(d, "Kandahar", "government_bases", 1)
    place(d, "Kandahar", "warlords_underground", 1)
    st = infiltrating(d)
    st.apply({"space": "Kandahar"})
    assert [x["remove"] for x in st.legal_actions() if "remove" in x] == first


@pytest.mark.rule("taliban.special_activities.infiltrate")
@pytest.mark.reading("P46")
@pytest.mark.parametrize("infiltrate_fewer_than_two, first", [
    ("remove_what_there_is", [{"remove": "police", "space": "Kandahar"}, {"replace": "police", "space": "Kandahar"}]), ("needs_two", [{"replace": "police", "space": "Kandahar"}])])
def test_infiltrate_with_one_piece_to_take(infiltrate_fewer_than_two, first):
    """P46: one Police in the space: removed alone (default), or only replaced; with no Taliban
    guerrilla Available, under needs_two the space is offered all the same (issue 27 item 1) and
    nothing can be taken there: no question, nothing happens."""
    d = sandbox_state(rulings={"infiltrate_fewer_than_two": infiltrate_fewer_than_two})
    place(d, "Kandahar", "taliban_underground", 1)
    place(d, "Kandahar", "police", 1)
    st = infiltrating(d)
    st.apply({"space": "Kandahar"})
    assert st.legal_actions() == first
    st.apply(first[0])
    assert st.is_terminal() and st.d["spaces"]["Kandahar"]["pieces"]["police"] == 0 and st.d["patronage"] == 4
    d = sandbox_state(rulings={"infiltrate_fewer_than_two": infiltrate_fewer_than_two})
    place(d, "Kandahar", "taliban_underground", 1)
    place(d, "Kandahar", "police", 1)
    place(d, "Helmand", "taliban_underground", 29)
    st = infiltrating(d)
    assert is_possible(st, "Taliban", "infiltrate")
    st.apply({"space": "Kandahar"})
    taken = infiltrate_fewer_than_two == "remove_what_there_is"
    assert st.is_terminal() is not taken and st.d["spaces"]["Kandahar"]["pieces"]["police"] == 1
    if taken:
        assert st.legal_actions() == [{"remove": "police", "space": "Kandahar"}]


@pytest.mark.rule("taliban.special_activities.infiltrate")
def test_infiltrate_needs_an_underground_guerrilla_not_a_piece_to_take():
    """ "Luogo: Uno Spazio con Guerriglieri Talebani occultati": a space with only Coalition pieces
    (none Infiltrate may take) is offered (issue 27 item 1: it was refused before), and the
    Infiltrate there takes nothing; a space without an Underground Taliban guerrilla is not."""
    d = sandbox_state()
    place(d, "Kandahar", "taliban_underground", 1)
    place(d, "Kandahar", "coalition_troops", 2)
    st = infiltrating(d)
    assert st.legal_actions() == [{"space": "Kandahar"}]
    st.apply({"space": "Kandahar"})
    assert st.is_terminal() and st.d["spaces"]["Kandahar"]["pieces"]["coalition_troops"] == 2
    assert st.d["turn"]["sa_spaces"] == ["Kandahar"] and st.d["patronage"] == 5
    st = infiltrating(d)
    place(d, "Kandahar", "police", 1)
    assert is_possible(st, "Taliban", "infiltrate")
    d["spaces"]["Kandahar"]["pieces"]["taliban_underground"] -= 1
    d["spaces"]["Kandahar"]["pieces"]["taliban_active"] += 1
    assert not is_possible(st, "Taliban", "infiltrate")
