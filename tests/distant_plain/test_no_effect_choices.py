"""Issue 27 item 1: legal actions are what the aid allows. A choice the aid's "Luogo" and conditions
permit is offered even where it changes nothing; the turn's "can an Operation start" check
(activities.any_space_left, the Operation's ``possible``) agrees with the spaces then offered."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.activities import POSSIBLE, new_turn
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.state import DistantPlainState
from tests.distant_plain.helpers import place, running


def possible(d: dict, faction: str, op: str) -> bool:
    d["turn"] = new_turn(faction, op)
    return bool(POSSIBLE[f"{faction.lower()}_{op}"](DistantPlainState({**d, "stack": [], "pending": None,
                                                                        "terminal": None})))


@pytest.mark.rule("coalition.operations.train")
def test_coalition_train_in_oruzgan_with_one_coalition_troop_and_no_base():
    """The issue's case: "Luogo: Qualsiasi Provincia con pezzi della Coalizione o Kabul ... Costo: 3
    Risorse Govt per Spazio se piazzati cubi". Oruzgan with one Coalition troop and no Base is a
    Train space: chosen, it places nothing (no Base) and costs nothing (no cube placed)."""
    d = sandbox_state()
    d["patronage"] = 0
    place(d, "Oruzgan", "coalition_troops", 1)
    st = running(d, "coalition_train")
    assert st.legal_actions() == [{"space": "Kabul"}, {"space": "Oruzgan"}]
    st.apply({"space": "Oruzgan"})
    assert st.legal_actions() == [{"space": "Kabul"}, {"done": True}]  # no cube question: no Base
    st.apply({"done": True})
    # then the step after the spaces: Oruzgan is COIN-controlled, so a Civic Action may follow
    assert st.legal_actions() == [{"civic_action": "Oruzgan"}, {"done": True}]
    st.apply({"done": True})
    assert st.is_terminal() and st.d["turn"]["spaces"] == ["Oruzgan"]
    assert st.d["resources"]["Government"] == 30 and check_all(st.d) == []


@pytest.mark.rule("warlords.operations.rally", "taliban.operations.rally")
@pytest.mark.parametrize("faction", ["Warlords", "Taliban"])
def test_rally_s_flip_with_no_active_guerrilla(faction):
    """ "Oppure occulta tutti i tuoi Guerriglieri": offered with no Active guerrilla (here none at
    all); chosen, it costs the space's Resource and changes nothing else."""
    d = sandbox_state()
    u = f"{faction.lower()}_underground"
    assert possible(d, faction, "rally")
    st = running(d, f"{faction.lower()}_rally")
    st.apply({"space": "Kandahar"})
    assert {"do": "underground", "space": "Kandahar"} in st.legal_actions()
    before = st.d["resources"][faction]
    st.apply({"do": "underground", "space": "Kandahar"})
    assert st.d["resources"][faction] == before - 1 and st.d["spaces"]["Kandahar"]["pieces"][u] == 0
    assert check_all(st.d) == []


@pytest.mark.rule("coalition.operations.assault", "government.operations.assault")
def test_assault_where_nothing_can_be_removed():
    """The Coalition's "Qualsiasi Spazio con truppe della Coalizione" and the Government's
    "Qualsiasi Spazio": an Assault without an enemy is legal and paid. Government forces that do not
    count (Police in a Province) may join to no effect, for the 3 more Resources."""
    d = sandbox_state()
    place(d, "Helmand", "coalition_troops", 1)
    place(d, "Helmand", "police", 1)
    assert possible(d, "Coalition", "assault") and possible(d, "Government", "assault")
    st = running(d, "coalition_assault")
    assert st.legal_actions() == [{"space": "Helmand"}]
    st.apply({"space": "Helmand"})
    assert st.legal_actions() == [{"govt": False, "space": "Helmand"}, {"govt": True, "space": "Helmand"}]
    st.apply({"govt": True, "space": "Helmand"})
    assert st.is_terminal() and st.d["resources"]["Government"] == 24 and check_all(st.d) == []
    st = running(sandbox_state(), "government_assault")
    assert len(st.legal_actions()) == len(st.map.names)
    st.apply({"space": "Herat"})
    assert st.d["resources"]["Government"] == 27 and st.legal_actions()[-1] == {"done": True}


@pytest.mark.rule("warlords.operations.attack", "taliban.operations.attack")
@pytest.mark.parametrize("faction", ["Warlords", "Taliban"])
def test_attack_in_a_space_without_own_guerrillas(faction):
    """ "Luogo: Qualsiasi Spazio": an Attack where the attacker has no guerrilla rolls all the same;
    no roll is at most 0, but a 1 still adds a guerrilla ("Se hai fatto 1 ... aggiungi anche")."""
    d = sandbox_state()
    place(d, "Herat", "police", 1)
    assert possible(d, faction, "attack")
    st = running(d, f"{faction.lower()}_attack", no_sa=True)
    st.apply({"space": "Herat"})
    assert st.d["pending"]["player"] == "chance"
    st.apply({"die": 1})
    p = st.d["spaces"]["Herat"]["pieces"]
    assert p["police"] == 1 and p[f"{faction.lower()}_underground"] == 1 and check_all(st.d) == []


@pytest.mark.rule("coalition.special_activities.air_lift", "coalition.special_activities.air_strike")
def test_air_lift_and_air_strike_with_nothing_to_move_or_strike():
    """ "In qualsiasi 3 Spazi" and "Fino a 3 spazi fuori Kabul": both start on an empty map. Striking
    an empty Pakistan space still moves Islamabad ("Se attacchi in Pakistan")."""
    d = sandbox_state()
    d["islamabad"]["level"] = "tolerance"
    st = running(d, "coalition_air_strike", op="assault")
    assert len(st.legal_actions()) == len(st.map.names) - 1
    st.apply({"space": "Waziristan (Pakistan)"})
    assert st.d["islamabad"]["level"] == "backing"
    st = running(sandbox_state(), "coalition_air_lift", op="assault")
    assert len(st.legal_actions()) == len(st.map.names)


@pytest.mark.rule("coalition.operations.patrol", "government.operations.patrol")
def test_patrol_s_free_assault_in_a_loc_without_an_enemy():
    """ "esegui un Assalto gratuito in 1 LoC": offered in a LoC with the Coalition's troops and no
    enemy; chosen, nothing is removed."""
    d = sandbox_state()
    place(d, "Balkh", "coalition_troops", 1)
    st = running(d, "coalition_patrol")
    st.apply({"space": "Kabul-Aibak LOC"})
    st.apply({"move": "coalition_troops", "from": "Balkh", "to": "Kabul-Aibak LOC"})  # no other cube, no other destination
    assert st.legal_actions() == [{"assault": "Kabul-Aibak LOC"}, {"assault": None}]
    st.apply({"assault": "Kabul-Aibak LOC"})
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("taliban.special_activities.infiltrate", "warlords.special_activities.cultivate",
                  "warlords.special_activities.suborn")
def test_infiltrate_cultivate_and_suborn_without_effect():
    """Infiltrate where no piece can be taken; Cultivate with no Warlords Base Available; Suborn's
    flip where no guerrilla is Active: each offered, each changing nothing but what it costs."""
    d = sandbox_state()
    place(d, "Herat", "taliban_underground", 1)
    st = running(d, "taliban_infiltrate", op="rally")
    st.apply({"space": "Herat"})
    assert st.is_terminal() and st.d["turn"]["sa_spaces"] == ["Herat"]
    d = sandbox_state()
    place(d, "Herat", "warlords_underground", 1)
    d["available"]["warlords_bases"] = 0
    st = running(d, "warlords_cultivate", op="rally", spaces=["Herat"])
    assert st.legal_actions() == [{"space": "Herat"}]
    st.apply({"space": "Herat"})
    assert st.is_terminal() and st.d["spaces"]["Herat"]["pieces"]["warlords_bases"] == 0
    st = running(sandbox_state(), "warlords_suborn", op="terror")
    st.apply({"space": "Herat"})
    st.apply({"do": "underground", "factions": "both", "space": "Herat"})
    assert st.d["resources"]["Warlords"] == 13 and check_all(st.d) == []
