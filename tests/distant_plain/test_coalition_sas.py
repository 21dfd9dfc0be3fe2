"""The Coalition's Special Activities (the aid's COALIZIONE block): Surge, Air Lift, Air Strike, on
the engine, with their locations, moves, the Surge die and the Islamabad shift."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.activities import is_possible, new_turn
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.special_activities import coalition  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.state import DistantPlainState
from tests.distant_plain.helpers import place, running


def possible(d: dict, name: str, op: str = "train") -> bool:
    d["turn"] = new_turn("Coalition", op)
    return is_possible(DistantPlainState(d), "Coalition", name)


def activate(d: dict, space: str, faction: str, n: int) -> None:
    place(d, space, f"{faction}_underground", n)
    d["spaces"][space]["pieces"][f"{faction}_underground"] -= n
    d["spaces"][space]["pieces"][f"{faction}_active"] += n


# -- Surge -----------------------------------------------------------------------------------------
def surge_position(**rulings) -> dict:
    """COIN Control in Herat and in Waziristan (Pakistan); Kandahar uncontrolled (1 troop against 1
    guerrilla); Kabul empty, so uncontrolled."""
    d = sandbox_state(rulings=rulings)
    place(d, "Herat", "coalition_troops", 2)
    place(d, "Waziristan (Pakistan)", "coalition_troops", 1)
    place(d, "Kandahar", "coalition_troops", 1)
    place(d, "Kandahar", "taliban_underground", 1)
    return d


@pytest.mark.rule("coalition.special_activities.surge")
@pytest.mark.reading("P20")
@pytest.mark.parametrize("surge_kabul, spaces", [("any_control", ["Herat", "Kabul"]), ("coin_control", ["Herat"])])
def test_surge_s_spaces_coin_provinces_outside_pakistan_and_kabul(surge_kabul, spaces):
    """P20: a COIN-controlled Province outside Pakistan (not Waziristan, not uncontrolled Kandahar);
    Kabul whatever its Control, or only under COIN Control."""
    st = running(surge_position(surge_kabul=surge_kabul), "coalition_surge", op="train")
    assert st.legal_actions() == [{"space": n} for n in spaces]


@pytest.mark.rule("coalition.special_activities.surge")
def test_surge_is_not_possible_without_a_space():
    d = sandbox_state(rulings={"surge_kabul": "coin_control"})
    assert not possible(d, "surge")
    assert possible(sandbox_state(), "surge")  # Kabul, by default


@pytest.mark.rule("coalition.special_activities.surge")
def test_surge_relocates_adds_and_removes_coalition_pieces_among_its_spaces():
    """Among the chosen spaces and the Available box, one piece at a time; a place that gave a kind
    does not receive it, nor gives one it received."""
    d = surge_position()
    st = running(d, "coalition_surge", op="train")
    st.apply({"space": "Herat"})
    assert st.legal_actions() == [{"space": "Kabul"}, {"done": True}]
    st.apply({"space": "Kabul"})  # no space left (Waziristan and Kandahar are not Surge spaces): the moves
    T, B = "coalition_troops", "coalition_bases"
    assert st.legal_actions() == [
        {"move": T, "from": "Herat", "to": "Kabul"}, {"move": T, "from": "Herat", "to": "available"},
        {"move": T, "from": "available", "to": "Herat"}, {"move": T, "from": "available", "to": "Kabul"},
        {"move": B, "from": "available", "to": "Herat"}, {"move": B, "from": "available", "to": "Kabul"},
        {"done": True}]
    st.apply({"move": T, "from": "Herat", "to": "Kabul"})
    assert st.legal_actions()[:3] == [
        {"move": T, "from": "Herat", "to": "Kabul"}, {"move": T, "from": "Herat", "to": "available"},
        {"move": T, "from": "available", "to": "Kabul"}]  # Kabul received troops: it gives none; Herat gave: gets none
    st.apply({"move": T, "from": "Herat", "to": "available"})
    assert {"move": T, "from": "Herat", "to": "Kabul"} not in st.legal_actions()  # Herat has none left
    st.apply({"move": B, "from": "available", "to": "Herat"})
    p = st.d["spaces"]
    assert (p["Herat"]["pieces"][T], p["Herat"]["pieces"][B], p["Kabul"]["pieces"][T]) == (0, 1, 1)
    assert (st.d["available"][T], st.d["available"][B]) == (20 - 4 + 1, 5)
    assert st.d["turn"]["sa_spaces"] == ["Herat", "Kabul"] and check_all(st.d) == []
    st.apply({"done": True})
    assert st.legal_actions() == [{"roll": True}, {"roll": False}]
    st.apply({"roll": False})
    assert st.is_terminal() and (st.d["aid"], st.d["resources"]["Warlords"]) == (15, 15)


@pytest.mark.rule("coalition.special_activities.surge")
def test_surge_s_die_is_split_between_aid_and_the_warlords():
    d = sandbox_state()
    st = running(d, "coalition_surge", op="train")
    st.apply({"space": "Kabul"})  # the only Surge space of the empty map: the moves
    assert st.legal_actions() == [{"move": "coalition_troops", "from": "available", "to": "Kabul"},
                                  {"move": "coalition_bases", "from": "available", "to": "Kabul"}, {"done": True}]
    st.apply({"done": True})  # no moves
    st.apply({"roll": True})
    assert st.current_player() == "chance" and st.legal_actions() == [{"die": n} for n in range(1, 7)]
    st.apply({"die": 4})
    assert st.legal_actions() == [{"aid": k} for k in range(5)]
    st.apply({"aid": 1})
    assert st.is_terminal() and (st.d["aid"], st.d["resources"]["Warlords"]) == (16, 18)
    assert check_all(st.d) == []


@pytest.mark.rule("coalition.special_activities.surge")
def test_surge_takes_three_spaces_at_most():
    d = sandbox_state()
    for n in ("Herat", "Balkh", "Konduz", "Faryab"):
        place(d, n, "coalition_troops", 1)
    st = running(d, "coalition_surge", op="train")
    for n in ("Balkh", "Herat", "Kabul"):
        st.apply({"space": n})
    assert st.legal_actions()[-1] == {"done": True} and all("move" in x for x in st.legal_actions()[:-1])
    assert st.d["turn"]["sa_spaces"] == ["Balkh", "Herat", "Kabul"]


# -- Air Lift --------------------------------------------------------------------------------------
@pytest.mark.rule("coalition.special_activities.air_lift")
def test_air_lift_needs_no_troop_on_the_map():
    """ "In qualsiasi 3 Spazi": an Air Lift with no troop to lift is legal, moving nothing (issue 27
    item 1; it was refused before)."""
    d = sandbox_state()
    assert possible(d, "air_lift", "patrol")
    st = running(d, "coalition_air_lift", op="patrol")
    assert len(st.legal_actions()) == len(st.map.names)
    st.apply({"space": "Herat"})
    st.apply({"done": True})
    assert st.legal_actions() == [{"done": True}]  # nothing to move
    st.apply({"done": True})
    assert st.is_terminal() and st.d["turn"]["sa_spaces"] == ["Herat"]


@pytest.mark.rule("coalition.special_activities.air_lift")
def test_air_lift_redistributes_coalition_troops_and_up_to_three_government_troops():
    """Any three spaces (a LoC, Pakistan too); any number of Coalition Troops, up to 3 Government
    Troops; no Police, no Bases."""
    d = sandbox_state()
    place(d, "Herat", "coalition_troops", 2)
    place(d, "Herat", "government_troops", 5)
    place(d, "Herat", "police", 2)
    place(d, "Herat", "coalition_bases", 1)
    st = running(d, "coalition_air_lift", op="assault")
    assert len(st.legal_actions()) == 32
    st.apply({"space": "Herat"})
    st.apply({"space": "Waziristan (Pakistan)"})
    st.apply({"space": "Kabul-Aibak LOC"})
    C, G = "coalition_troops", "government_troops"
    assert st.legal_actions() == [
        {"move": C, "from": "Herat", "to": "Kabul-Aibak LOC"}, {"move": C, "from": "Herat", "to": "Waziristan (Pakistan)"},
        {"move": G, "from": "Herat", "to": "Kabul-Aibak LOC"}, {"move": G, "from": "Herat", "to": "Waziristan (Pakistan)"},
        {"done": True}]
    for to in ("Kabul-Aibak LOC", "Kabul-Aibak LOC", "Waziristan (Pakistan)"):
        st.apply({"move": G, "from": "Herat", "to": to})
    assert all(x.get("move") != G for x in st.legal_actions())  # 3 Government Troops moved
    st.apply({"move": C, "from": "Herat", "to": "Kabul-Aibak LOC"})
    st.apply({"move": C, "from": "Herat", "to": "Kabul-Aibak LOC"})
    assert st.legal_actions() == [{"done": True}]
    st.apply({"done": True})
    loc = st.d["spaces"]["Kabul-Aibak LOC"]["pieces"]
    assert st.is_terminal() and (loc[C], loc[G]) == (2, 2)
    assert st.d["spaces"]["Herat"]["pieces"][G] == 2 and st.d["spaces"]["Herat"]["pieces"]["police"] == 2
    assert check_all(st.d) == []


# -- Air Strike ------------------------------------------------------------------------------------
@pytest.mark.rule("coalition.special_activities.air_strike")
def test_air_strike_s_spaces_and_bases_last():
    """Any space outside Kabul (issue 27 item 1: also where nothing can be removed, Helmand here);
    an Active guerrilla or an unprotected rebel Base removed."""
    d = sandbox_state()
    activate(d, "Kabul", "taliban", 1)
    activate(d, "Kandahar", "taliban", 1)
    place(d, "Kandahar", "taliban_bases", 1)
    place(d, "Helmand", "taliban_underground", 1)  # Underground only: no target
    place(d, "Farah-Kandahar LOC", "warlords_bases", 1)
    st = running(d, "coalition_air_strike", op="sweep")
    spaces = [a["space"] for a in st.legal_actions()]
    assert spaces == [n for n in st.map.names if n != "Kabul"] and "Helmand" in spaces
    st.apply({"space": "Kandahar"})
    # the Base is protected by the guerrilla
    assert st.legal_actions() == [{"remove": "taliban_active", "space": "Kandahar"}]
    st.apply({"remove": "taliban_active", "space": "Kandahar"})
    assert st.d["available"]["taliban_underground"] == 30 - 3 + 1
    assert {"space": "Kandahar"} not in st.legal_actions() and {"done": True} in st.legal_actions()  # once only
    st.apply({"space": "Farah-Kandahar LOC"})
    st.apply({"remove": "warlords_bases", "space": "Farah-Kandahar LOC"})
    st.apply({"space": "Helmand"})  # nothing to remove there: no question, the strike is spent
    assert st.is_terminal() and st.d["available"]["warlords_bases"] == 12
    assert st.d["turn"]["sa_spaces"] == ["Kandahar", "Farah-Kandahar LOC", "Helmand"]
    assert st.d["islamabad"]["level"] == "backing" and check_all(st.d) == []


@pytest.mark.rule("coalition.special_activities.air_strike")
def test_air_strike_takes_three_spaces_at_most():
    d = sandbox_state()
    for n in ("Helmand", "Herat", "Kandahar", "Zabol"):
        activate(d, n, "warlords", 1)
    assert possible(d, "air_strike", "assault")
    st = running(d, "coalition_air_strike", op="assault")
    for n in ("Helmand", "Herat", "Kandahar"):
        st.apply({"space": n})
        st.apply({"remove": "warlords_active", "space": n})
    assert st.is_terminal() and st.d["spaces"]["Zabol"]["pieces"]["warlords_active"] == 1
    assert possible(sandbox_state(), "air_strike", "assault")  # nothing to strike: legal (issue 27 item 1)


@pytest.mark.rule("coalition.special_activities.air_strike", "islamabad")
@pytest.mark.reading("A16")
@pytest.mark.parametrize("air_strike_islamabad, level", [("once_per_activity", "tolerance"), ("per_space", "backing")])
def test_air_strike_in_pakistan_moves_islamabad_toward_sponsorship(air_strike_islamabad, level):
    """A16: two Pakistan spaces struck from Pressure: one level (once per Air Strike) or two."""
    d = sandbox_state(rulings={"air_strike_islamabad": air_strike_islamabad})
    d["islamabad"]["level"] = "pressure"
    for n in ("Balochistan (Pakistan)", "Waziristan (Pakistan)"):
        activate(d, n, "taliban", 1)
    activate(d, "Helmand", "taliban", 1)
    st = running(d, "coalition_air_strike", op="patrol")
    st.apply({"space": "Helmand"})
    st.apply({"remove": "taliban_active", "space": "Helmand"})
    assert st.d["islamabad"]["level"] == "pressure"  # not in Pakistan
    st.apply({"space": "Waziristan (Pakistan)"})
    st.apply({"remove": "taliban_active", "space": "Waziristan (Pakistan)"})
    assert st.d["islamabad"]["level"] == "tolerance"
    assert "islamabad" in st.applied_rules()
    st.apply({"space": "Balochistan (Pakistan)"})
    st.apply({"remove": "taliban_active", "space": "Balochistan (Pakistan)"})
    assert st.is_terminal() and st.d["islamabad"] == {"level": level, "hard": False}
    assert check_all(st.d) == []
