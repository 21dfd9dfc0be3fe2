"""The Government's Special Activities (the aid's GOVERNO block): Govern, Transport, Eradicate, on
the engine, with their locations, options, payments and markers."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.activities import is_possible, new_turn
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.special_activities import government  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.state import DistantPlainState
from tests.distant_plain.helpers import place, running


def possible(d: dict, name: str, op: str = "train") -> bool:
    d["turn"] = new_turn("Government", op)
    return is_possible(DistantPlainState(d), "Government", name)


# -- Govern ----------------------------------------------------------------------------------------
def govern_position(**rulings) -> dict:
    """COIN Control: Herat (Population 1) at Support, Farah (Population 0) Neutral, Kandahar
    (Population 2) Neutral, a LoC; Balkh at Support but uncontrolled; Samangan (Population 0) empty."""
    d = sandbox_state(rulings=rulings)
    place(d, "Herat", "coalition_troops", 1)
    d["spaces"]["Herat"]["support"] = "support"
    for n in ("Farah", "Kandahar", "Kabul-Aibak LOC", "Balkh"):
        place(d, n, "police", 1)
    place(d, "Balkh", "taliban_underground", 1)
    d["spaces"]["Balkh"]["support"] = "support"
    return d


@pytest.mark.rule("government.special_activities.govern")
def test_govern_s_spaces_coin_control_with_support_or_population_0():
    assert not possible(sandbox_state(), "govern")
    st = running(govern_position(), "government_govern", op="train")
    assert st.legal_actions() == [{"space": "Farah"}, {"space": "Herat"}]


@pytest.mark.rule("government.special_activities.govern")
def test_govern_places_returnees_or_moves_population_from_aid_to_patronage():
    d = govern_position()
    place(d, "Farah", "coalition_bases", 1)
    st = running(d, "government_govern", op="patrol")
    st.apply({"space": "Herat"})
    assert st.legal_actions() == [{"do": "returnees", "space": "Herat"}, {"do": "patronage", "space": "Herat"}]
    st.apply({"do": "patronage", "space": "Herat"})
    h = st.d["spaces"]["Herat"]
    assert (st.d["aid"], st.d["patronage"], h["support"], h["returnees"]) == (14, 6, "neutral", False)
    assert st.legal_actions() == [{"space": "Farah"}, {"done": True}]
    st.apply({"space": "Farah"})
    assert st.legal_actions() == [{"do": "returnees", "space": "Farah"}]  # a Coalition Base: no Aid to Patronage
    st.apply({"do": "returnees", "space": "Farah"})
    assert st.is_terminal() and st.d["spaces"]["Farah"]["returnees"]  # 2 spaces at most
    assert st.d["turn"]["sa_spaces"] == ["Herat", "Farah"] and check_all(st.d) == []


@pytest.mark.rule("government.special_activities.govern")
@pytest.mark.reading("A15")
@pytest.mark.parametrize("govern_aid_short, allowed", [("transfer_what_there_is", True), ("option_refused", False)])
def test_govern_with_aid_below_the_population(govern_aid_short, allowed):
    """A15: Herat at Support with a Returnees marker (only the Aid option left), Aid 1 against
    Population 2: what Aid there is moves, or the option (and so Govern) is refused."""
    d = sandbox_state(rulings={"govern_aid_short": govern_aid_short})
    place(d, "Herat", "police", 1)
    d["spaces"]["Herat"].update(support="support", returnees=True)
    d["aid"] = 1
    assert possible(d, "govern") == allowed
    if allowed:
        st = running(d, "government_govern", op="train")
        st.apply({"space": "Herat"})
        assert st.legal_actions() == [{"do": "patronage", "space": "Herat"}]
        st.apply({"do": "patronage", "space": "Herat"})
        assert (st.d["aid"], st.d["patronage"]) == (0, 6) and check_all(st.d) == []


@pytest.mark.rule("government.special_activities.govern")
@pytest.mark.reading("P21")
@pytest.mark.parametrize("govern_population, spaces, moved", [
    ("with_returnees", ["Kandahar"], 3), ("printed", ["Farah", "Kandahar"], 2)])
def test_govern_s_population_with_or_without_returnees(govern_population, spaces, moved):
    """P21: Farah (Population 0, Neutral) with Returnees has Population 1 (no Govern space) or 0;
    Kandahar (Population 2, Support) with Returnees moves 3 from Aid to Patronage, or 2."""
    d = sandbox_state(rulings={"govern_population": govern_population})
    for n in ("Farah", "Kandahar"):
        place(d, n, "police", 1)
        d["spaces"][n]["returnees"] = True
    d["spaces"]["Kandahar"]["support"] = "support"
    st = running(d, "government_govern", op="train")
    assert st.legal_actions() == [{"space": n} for n in spaces]
    st.apply({"space": "Kandahar"})
    st.apply({"do": "patronage", "space": "Kandahar"})
    assert (st.d["aid"], st.d["patronage"]) == (15 - moved, 5 + moved)


# -- Transport -------------------------------------------------------------------------------------
@pytest.mark.rule("government.special_activities.transport")
def test_transport_along_a_loc_then_into_an_adjacent_space_paying_for_guerrillas():
    """From Herat (a Province): into the Toraghondi-Farah LOC (the chain), then into Farah, where a
    Warlords guerrilla costs 1 Government Resource to the Warlords; the group stops there."""
    d = sandbox_state()
    place(d, "Herat", "government_troops", 3)
    place(d, "Herat", "police", 2)
    place(d, "Farah", "warlords_underground", 1)
    assert not possible(sandbox_state(), "transport", "sweep")
    st = running(d, "government_transport", op="sweep")
    assert st.legal_actions() == [{"space": "Herat"}]
    st.apply({"space": "Herat"})
    assert st.legal_actions() == [{"troops": k, "space": "Herat"} for k in (1, 2, 3)]  # Troops, not Police
    st.apply({"troops": 2, "space": "Herat"})
    assert st.legal_actions() == [{"space": "Toraghondi-Farah LOC"}]  # not Badghis, Farah, Ghowr: no chain
    st.apply({"space": "Toraghondi-Farah LOC"})
    assert st.legal_actions() == [{"space": n} for n in ("Badghis", "Farah", "Ghowr", "Nimruz")] + [{"done": True}]
    assert st.d["spaces"]["Toraghondi-Farah LOC"]["pieces"]["government_troops"] == 2
    st.apply({"space": "Farah"})
    assert st.is_terminal()
    p = st.d["spaces"]
    assert (p["Herat"]["pieces"]["government_troops"], p["Farah"]["pieces"]["government_troops"]) == (1, 2)
    assert p["Toraghondi-Farah LOC"]["pieces"]["government_troops"] == 0
    assert (st.d["resources"]["Government"], st.d["resources"]["Warlords"]) == (29, 16)
    assert st.d["turn"]["sa_spaces"] == ["Herat", "Farah"] and check_all(st.d) == []


@pytest.mark.rule("government.special_activities.transport")
def test_transport_through_kabul_and_stopping_on_a_loc():
    d = sandbox_state()
    place(d, "Baghlan", "government_troops", 1)
    place(d, "Kandahar-Kabul LOC", "taliban_underground", 1)
    st = running(d, "government_transport", op="assault")
    st.apply({"space": "Baghlan"})
    st.apply({"troops": 1, "space": "Baghlan"})
    assert st.legal_actions() == [{"space": n} for n in ("Kabul", "Kabul-Aibak LOC", "Shibirghan-Aibak LOC")]
    st.apply({"space": "Kabul"})
    assert {"space": "Baghlan"} not in st.legal_actions() and {"space": "Kandahar-Kabul LOC"} in st.legal_actions()
    st.apply({"space": "Kandahar-Kabul LOC"})
    assert st.d["resources"]["Government"] == 29 and st.d["resources"]["Warlords"] == 16  # a Taliban guerrilla there
    assert {"space": "Kabul"} not in st.legal_actions() and {"space": "Kandahar"} in st.legal_actions()
    st.apply({"done": True})
    assert st.is_terminal() and st.d["spaces"]["Kandahar-Kabul LOC"]["pieces"]["government_troops"] == 1
    assert st.d["turn"]["sa_spaces"] == ["Baghlan", "Kandahar-Kabul LOC"] and check_all(st.d) == []


@pytest.mark.rule("government.special_activities.transport")
def test_transport_stops_at_sabotage():
    d = sandbox_state()
    place(d, "Baghlan", "government_troops", 2)
    d["spaces"]["Kabul-Aibak LOC"]["sabotage"] = True
    st = running(d, "government_transport", op="train")
    st.apply({"space": "Baghlan"})
    st.apply({"troops": 2, "space": "Baghlan"})
    st.apply({"space": "Kabul-Aibak LOC"})
    assert st.is_terminal() and st.d["spaces"]["Kabul-Aibak LOC"]["pieces"]["government_troops"] == 2
    assert st.d["resources"]["Government"] == 30


@pytest.mark.rule("government.special_activities.transport")
@pytest.mark.reading("P22")
@pytest.mark.parametrize("warlords_toll_unpaid, allowed", [("entry_refused", False), ("entry_free", True)])
def test_transport_when_the_government_cannot_pay(warlords_toll_unpaid, allowed):
    """P22: no Government Resource, a guerrilla on Herat's only LoC: no entry (Transport is not
    possible), or an entry paying nothing."""
    d = sandbox_state(rulings={"warlords_toll_unpaid": warlords_toll_unpaid})
    d["resources"]["Government"] = 0
    place(d, "Herat", "government_troops", 1)
    place(d, "Toraghondi-Farah LOC", "warlords_underground", 1)
    assert possible(d, "transport") == allowed
    if allowed:
        st = running(d, "government_transport", op="train")
        st.apply({"space": "Herat"})
        st.apply({"troops": 1, "space": "Herat"})
        st.apply({"space": "Toraghondi-Farah LOC"})
        assert (st.d["resources"]["Government"], st.d["resources"]["Warlords"]) == (0, 15)
        assert check_all(st.d) == []


# -- Eradicate -------------------------------------------------------------------------------------
def eradicate_position(**rulings) -> dict:
    """Kandahar (Pashtun, Support) and Balkh (Neutral) under COIN Control with Government cubes and a
    Warlords Base; Kabul likewise (not a Province); Herat with Coalition troops only (no Government
    cube)."""
    d = sandbox_state(rulings=rulings)
    for n in ("Kandahar", "Kabul"):
        place(d, n, "police", 1)
        place(d, n, "government_troops", 1)
        place(d, n, "warlords_bases", 1)
    place(d, "Balkh", "police", 2)
    place(d, "Balkh", "warlords_bases", 1)
    place(d, "Herat", "coalition_troops", 2)
    place(d, "Herat", "warlords_bases", 1)
    d["spaces"]["Kandahar"]["support"] = "support"
    return d


@pytest.mark.rule("government.special_activities.eradicate")
def test_eradicate_s_spaces_and_effects():
    assert not possible(sandbox_state(), "eradicate", "assault")
    st = running(eradicate_position(), "government_eradicate", op="assault")
    assert st.legal_actions() == [{"space": "Balkh"}, {"space": "Kandahar"}]
    st.apply({"space": "Kandahar"})
    k = st.d["spaces"]["Kandahar"]
    assert (k["support"], k["pieces"]["warlords_bases"], k["pieces"]["taliban_underground"]) == ("neutral", 0, 1)
    assert (st.d["patronage"], st.d["available"]["warlords_bases"], st.d["available"]["taliban_underground"]) == (6, 9, 29)
    st.apply({"space": "Balkh"})
    b = st.d["spaces"]["Balkh"]
    assert (b["support"], b["pieces"]["warlords_bases"], b["pieces"]["taliban_underground"]) == ("opposition", 0, 0)
    assert st.is_terminal() and st.d["patronage"] == 7  # 2 spaces at most
    assert check_all(st.d) == []


@pytest.mark.rule("government.special_activities.eradicate")
@pytest.mark.reading("A02")
@pytest.mark.parametrize("eradicate_aid, aid", [("missing_number", 15), ("plus_one", 16)])
def test_eradicate_s_missing_aid_amount(eradicate_aid, aid):
    """A02: '+ Aid' has no number: by default nothing is added (a gap, never a guess); the other
    reading adds 1."""
    st = running(eradicate_position(eradicate_aid=eradicate_aid), "government_eradicate", op="train")
    st.apply({"space": "Balkh"})
    assert st.d["aid"] == aid and st.d["patronage"] == 6


@pytest.mark.rule("government.special_activities.eradicate")
def test_eradicate_places_no_taliban_guerrilla_when_none_is_available():
    d = eradicate_position()
    place(d, "Waziristan (Pakistan)", "taliban_underground", 30)
    st = running(d, "government_eradicate", op="train")
    st.apply({"space": "Kandahar"})
    assert st.d["spaces"]["Kandahar"]["pieces"]["taliban_underground"] == 0 and check_all(st.d) == []
