"""The Support phase on the engine. Civic Action (propaganda.support.civic_action): 3 Government
Resources a step, a Terror marker first, else one level toward Support, in COIN-controlled Provinces
and Kabul with Troops and Police, the Government then the Coalition deciding (A19, P51). Sharia
(propaganda.support.sharia): one Resource a step, a Terror marker first, else one level toward
Opposition, only in Taliban-controlled spaces, until the Taliban stop or can buy no more."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.state import DistantPlainState
from cdg_oracle.model.distant_plain.support import civic_action_step
from tests.distant_plain.helpers import place, running


def sharia_state(**changes) -> DistantPlainState:
    d = sandbox_state()
    d["available"]["taliban_underground"] -= 3
    d["spaces"]["Kandahar"]["pieces"]["taliban_underground"] += 3
    d["spaces"]["Kandahar"]["support"] = "support"
    d["spaces"]["Kandahar"]["terror"] = True
    d["resources"]["Taliban"] = changes.get("resources", 10)
    return running(d, "sharia")


@pytest.mark.rule("propaganda.support.sharia", "propaganda.support")
def test_sharia_removes_terror_first_then_shifts_toward_opposition():
    st = sharia_state()
    assert st.legal_actions() == [{"space": "Kandahar"}, {"done": True}]  # the only Taliban-controlled space
    for _ in range(3):
        st.apply({"space": "Kandahar"})
    k = st.d["spaces"]["Kandahar"]
    assert not k["terror"] and k["support"] == "opposition" and st.d["resources"]["Taliban"] == 7
    assert st.is_terminal()  # nothing left to buy there: the phase ends


@pytest.mark.rule("propaganda.support.sharia")
def test_sharia_stops_when_the_taliban_stop_or_run_out():
    st = sharia_state(resources=1)
    st.apply({"space": "Kandahar"})
    assert st.d["resources"]["Taliban"] == 0 and st.is_terminal()
    st = sharia_state()
    st.apply({"done": True})
    assert st.d["spaces"]["Kandahar"]["terror"] and st.d["resources"]["Taliban"] == 10


# -- Civic Action (propaganda.support.civic_action) ---------------------------------------------------
def civic_state(rulings: dict | None = None, government: int = 30, setup=None) -> DistantPlainState:
    d = sandbox_state(rulings=rulings)
    d["resources"]["Government"] = government
    (setup or civic_setup)(d)
    return running(d, "civic_action")


def civic_setup(d: dict) -> None:
    """Herat: the Government decides (2 Troops to the Coalition's 1); Kabul: the Coalition (2 to 0),
    with a Terror marker; Konduz has no Police, Baghlan is not COIN-controlled, Balkh is at Support
    already, the LoC is no Province: none of them is offered."""
    place(d, "Herat", "government_troops", 2)
    place(d, "Herat", "coalition_troops", 1)
    place(d, "Herat", "police", 1)
    place(d, "Kabul", "coalition_troops", 2)
    place(d, "Kabul", "police", 1)
    d["spaces"]["Kabul"]["terror"] = True
    place(d, "Konduz", "government_troops", 1)
    place(d, "Baghlan", "government_troops", 1)
    place(d, "Baghlan", "police", 1)
    place(d, "Baghlan", "taliban_underground", 2)
    place(d, "Balkh", "government_troops", 1)
    place(d, "Balkh", "police", 1)
    d["spaces"]["Balkh"]["support"] = "support"
    place(d, "Kandahar-Kabul LOC", "government_troops", 1)
    place(d, "Kandahar-Kabul LOC", "police", 1)


@pytest.mark.rule("propaganda.support.civic_action", "propaganda.support")
def test_civic_action_the_government_then_the_coalition_each_where_it_has_more_troops():
    st = civic_state()
    assert st.decision()["player"] == "Government"
    assert st.legal_actions() == [{"space": "Herat"}, {"done": True}]
    st.apply({"space": "Herat"})
    assert st.d["spaces"]["Herat"]["support"] == "support" and st.d["resources"]["Government"] == 27
    assert "propaganda.support.civic_action" in st.applied_rules()
    # Herat is at Support: nothing left for the Government; the Coalition decides in Kabul
    assert st.decision()["player"] == "Coalition"
    assert st.legal_actions() == [{"space": "Kabul"}, {"done": True}]
    st.apply({"space": "Kabul"})      # the Terror marker first, paid with Government Resources
    k = st.d["spaces"]["Kabul"]
    assert not k["terror"] and k["support"] == "neutral" and st.d["resources"]["Government"] == 24
    st.apply({"space": "Kabul"})
    assert k["support"] == "support" and st.d["resources"]["Government"] == 21
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("propaganda.support.civic_action")
def test_civic_action_stops_on_done_or_below_three_resources_and_a_tie_goes_to_the_coalition():
    st = civic_state()
    st.apply({"done": True})          # the Government stops: the Coalition's turn
    assert st.decision()["player"] == "Coalition" and st.d["spaces"]["Herat"]["support"] == "neutral"
    st.apply({"done": True})
    assert st.is_terminal() and st.d["resources"]["Government"] == 30
    st = civic_state(government=5)
    st.apply({"space": "Herat"})      # 2 left: no Civic Action can be bought
    assert st.is_terminal() and st.d["resources"]["Government"] == 2
    assert civic_state(government=2).is_terminal()

    def tie(d):
        place(d, "Herat", "government_troops", 1)
        place(d, "Herat", "coalition_troops", 1)
        place(d, "Herat", "police", 1)
    st = civic_state(setup=tie)
    assert st.decision()["player"] == "Coalition" and st.legal_actions() == [{"space": "Herat"}, {"done": True}]


def cubes_setup(d: dict) -> None:
    """Kabul: Coalition Troops and Police; Herat: Police alone; Konduz: Government Troops and Police;
    Balkh: Government Troops alone (each COIN-controlled, Neutral)."""
    place(d, "Kabul", "coalition_troops", 1)
    place(d, "Kabul", "police", 1)
    place(d, "Herat", "police", 1)
    place(d, "Konduz", "government_troops", 1)
    place(d, "Konduz", "police", 1)
    place(d, "Balkh", "government_troops", 1)


def offered(st) -> dict:
    """The spaces each COIN faction is offered, the Government stopping at once."""
    out = {}
    while not st.is_terminal():
        faction = st.decision()["player"]
        out[faction] = [a["space"] for a in st.legal_actions() if "space" in a]
        st.apply({"done": True})
    return out


@pytest.mark.rule("propaganda.support.civic_action")
@pytest.mark.reading("A19")
@pytest.mark.parametrize("civic_action_cubes, expected", [
    ("both_any_troops", {"Government": ["Konduz"], "Coalition": ["Kabul"]}),
    ("either", {"Government": ["Balkh", "Konduz"], "Coalition": ["Herat", "Kabul"]}),
    ("government_troops", {"Government": ["Konduz"]}),
])
def test_civic_action_where_troops_and_police_are(civic_action_cubes, expected):
    """A19: 'dove ci siano Truppe e Polizia'. Herat (Police alone, no Troops: a tie of none, the
    Coalition decides) and Balkh (Troops alone) only when either suffices; Kabul (Coalition Troops)
    not when only the Government's own Troops count."""
    st = civic_state(rulings={"civic_action_cubes": civic_action_cubes}, setup=cubes_setup)
    assert offered(st) == expected


def decider_setup(d: dict) -> None:
    """Herat: 3 Government Troops and Police; Kabul: 1 Coalition Troop and Police."""
    place(d, "Herat", "government_troops", 3)
    place(d, "Herat", "police", 1)
    place(d, "Kabul", "coalition_troops", 1)
    place(d, "Kabul", "police", 1)


@pytest.mark.rule("propaganda.support.civic_action")
@pytest.mark.reading("P51")
@pytest.mark.parametrize("civic_action_decider, expected", [
    ("per_space", {"Government": ["Herat"], "Coalition": ["Kabul"]}),
    ("overall", {"Government": ["Herat", "Kabul"]}),
])
def test_civic_action_who_decides_how_many(civic_action_decider, expected):
    """P51: space by space each faction decides where it has more Troops; overall the Government,
    with 3 Troops to 1 in the two spaces together, decides both and the Coalition none."""
    st = civic_state(rulings={"civic_action_decider": civic_action_decider}, setup=decider_setup)
    assert offered(st) == expected


@pytest.mark.rule("propaganda.support.civic_action")
def test_civic_action_step_as_train_uses_it():
    """The step other procedures call (a Train's Civic Action): 3 Government Resources, Terror first."""
    d = sandbox_state()
    d["spaces"]["Herat"]["terror"] = True
    civic_action_step(d, "Herat")
    assert not d["spaces"]["Herat"]["terror"] and d["spaces"]["Herat"]["support"] == "neutral"
    civic_action_step(d, "Herat")
    assert d["spaces"]["Herat"]["support"] == "support" and d["resources"]["Government"] == 24
    d["resources"]["Government"] = 2
    with pytest.raises(ValueError):
        civic_action_step(d, "Herat")
