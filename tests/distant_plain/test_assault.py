"""The COIN Assault (operations/assault.py): the Coalition's (its troops, Government forces joining
for 3 Government Resources; the ruling coalition_assault_cost, A05) and the Government's (1 Active
guerrilla per counted cube or a Base per 2, 1 piece per 2 in Kabul and on LoCs, +6 Aid a Taliban
Base; the ruling government_assault_cubes, A04), bases last."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.activities import POSSIBLE, new_turn
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.operations import assault  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.state import DistantPlainState
from tests.distant_plain.helpers import place, running


def active(d: dict, space: str, faction: str, n: int) -> None:
    """Put ``n`` Active guerrillas of ``faction`` (taliban, warlords) in ``space``."""
    d["available"][f"{faction}_underground"] -= n
    d["spaces"][space]["pieces"][f"{faction}_active"] += n


def possible(d: dict, faction: str, op: str, limited: bool = False) -> bool:
    """Whether ``faction``'s Operation ``op`` is offered in ``d`` (its ``possible``)."""
    d["turn"] = new_turn(faction, op, limited)
    st = DistantPlainState({**d, "stack": [], "pending": None, "terminal": None})
    return bool(POSSIBLE[f"{faction.lower()}_{op}"](st))


@pytest.mark.rule("coalition.operations.assault")
def test_coalition_assault_removes_one_piece_per_troop_guerrillas_before_bases():
    """Helmand: 2 Coalition troops, 1 Active Taliban, 1 Active Warlords, a Taliban Base. The
    Coalition chooses which guerrilla first; the Base only once no guerrilla protects it; 3
    Government Resources (A05). Kandahar, with a Coalition troop and no enemy, is offered too: an
    Assault there removes nothing, a legal choice (issue 27 item 1)."""
    d = sandbox_state()
    place(d, "Helmand", "coalition_troops", 2)
    active(d, "Helmand", "taliban", 1)
    active(d, "Helmand", "warlords", 1)
    place(d, "Helmand", "taliban_bases", 1)
    place(d, "Kandahar", "coalition_troops", 1)  # no enemy there: offered all the same
    st = running(d, "coalition_assault")
    assert st.legal_actions() == [{"space": "Helmand"}, {"space": "Kandahar"}]
    st.apply({"space": "Helmand"})
    assert st.legal_actions() == [{"remove": "taliban_active", "space": "Helmand"},
                                  {"remove": "warlords_active", "space": "Helmand"}]
    st.apply({"remove": "warlords_active", "space": "Helmand"})
    # the second troop removes the Taliban guerrilla (the Base is protected until then): no choice
    p = st.d["spaces"]["Helmand"]["pieces"]
    assert (p["taliban_active"], p["warlords_active"], p["taliban_bases"]) == (0, 0, 1)
    assert st.legal_actions() == [{"space": "Kandahar"}, {"done": True}]
    st.apply({"done": True})
    assert st.is_terminal() and st.d["resources"]["Government"] == 27 and st.d["aid"] == 15
    assert st.d["available"]["warlords_underground"] == 15 and check_all(st.d) == []


@pytest.mark.rule("coalition.operations.assault")
def test_government_forces_join_a_coalition_assault_for_3_government_resources():
    """Kabul: 1 Coalition troop, 2 Police, 2 Govt troops (troops count in Provinces only), 4 Active
    Taliban: joined, 1 + 2 Police = 3 removed, 3 + 3 Government Resources (A05)."""
    d = sandbox_state()
    place(d, "Kabul", "coalition_troops", 1)
    place(d, "Kabul", "police", 2)
    place(d, "Kabul", "government_troops", 2)
    active(d, "Kabul", "taliban", 4)
    st = running(d, "coalition_assault")
    st.apply({"space": "Kabul"})
    assert st.legal_actions() == [{"govt": False, "space": "Kabul"}, {"govt": True, "space": "Kabul"}]
    st.apply({"govt": True, "space": "Kabul"})
    assert st.d["spaces"]["Kabul"]["pieces"]["taliban_active"] == 1 and st.d["resources"]["Government"] == 24
    assert st.is_terminal() and check_all(st.d) == []  # Kabul assaulted: no other space
    d = sandbox_state()
    place(d, "Kabul", "coalition_troops", 1)
    place(d, "Kabul", "police", 2)
    active(d, "Kabul", "taliban", 4)
    d["resources"]["Government"] = 5  # pays the space, not the 3 more: Government forces are not asked
    st = running(d, "coalition_assault")
    st.apply({"space": "Kabul"})
    assert st.d["spaces"]["Kabul"]["pieces"]["taliban_active"] == 3 and st.is_terminal()


@pytest.mark.rule("coalition.operations.assault")
@pytest.mark.reading("A05")
@pytest.mark.parametrize("coalition_assault_cost, alone, joined, possible_at_2", [
    (None, 27, 24, False), ("three_plus_three", 27, 24, False), ("free_without_govt", 30, 27, True)])
def test_a_coalition_assault_costs_3_a_space_and_3_more_where_the_government_joins(
        coalition_assault_cost, alone, joined, possible_at_2):
    """A05 (issue 27 item 3): "Costo: 3 Risorse Govt per Spazio. Spendi altre 3 Risorse Govt per
    Spazio, negli spazi dove vuoi coinvolgere ... truppe Governative". By default (None: the
    defaults) 3 a space, and 3 more where Government forces join (6 in all); under
    free_without_govt a Coalition-only space is free and a joined one costs 3. With 2 Government
    Resources the Coalition cannot Assault at all by default."""
    rulings = {} if coalition_assault_cost is None else {"coalition_assault_cost": coalition_assault_cost}
    d = sandbox_state(rulings=rulings)
    place(d, "Helmand", "coalition_troops", 1)
    active(d, "Helmand", "taliban", 1)
    st = running(d, "coalition_assault")
    st.apply({"space": "Helmand"})
    assert st.is_terminal() and st.d["resources"]["Government"] == alone and check_all(st.d) == []
    d = sandbox_state(rulings=rulings)
    place(d, "Helmand", "coalition_troops", 1)
    place(d, "Helmand", "government_troops", 1)
    active(d, "Helmand", "taliban", 2)
    st = running(d, "coalition_assault")
    st.apply({"space": "Helmand"})
    st.apply({"govt": True, "space": "Helmand"})
    assert st.is_terminal() and st.d["resources"]["Government"] == joined
    assert st.d["spaces"]["Helmand"]["pieces"]["taliban_active"] == 0
    d = sandbox_state(rulings=rulings)
    place(d, "Helmand", "coalition_troops", 1)
    active(d, "Helmand", "taliban", 1)
    d["resources"]["Government"] = 2
    assert possible(d, "Coalition", "assault") is possible_at_2


@pytest.mark.rule("government.operations.assault")
def test_government_assault_in_a_province_a_guerrilla_per_troop_a_base_per_two_and_6_aid():
    """Helmand: 3 Govt troops, 1 Active Taliban and a Taliban Base: the guerrilla (1 troop), then the
    Base (2 troops), +6 Aid; 3 Resources. Police do not count in a Province."""
    d = sandbox_state()
    place(d, "Helmand", "government_troops", 3)
    place(d, "Helmand", "police", 5)
    active(d, "Helmand", "taliban", 1)
    place(d, "Helmand", "taliban_bases", 1)
    st = running(d, "government_assault")
    assert len(st.legal_actions()) == len(st.map.names)  # "Qualsiasi Spazio" (issue 27 item 1)
    st.apply({"space": "Helmand"})
    p = st.d["spaces"]["Helmand"]["pieces"]
    assert p["taliban_active"] == 0 and p["taliban_bases"] == 0
    assert st.d["aid"] == 21 and st.d["resources"]["Government"] == 27
    st.apply({"done": True})
    assert st.is_terminal() and check_all(st.d) == []
    d = sandbox_state()
    place(d, "Helmand", "government_troops", 2)
    active(d, "Helmand", "taliban", 1)
    place(d, "Helmand", "warlords_bases", 1)
    st = running(d, "government_assault")
    st.apply({"space": "Helmand"})  # the guerrilla: 1 troop left, a Base needs 2
    assert st.d["spaces"]["Helmand"]["pieces"]["warlords_bases"] == 1 and st.d["aid"] == 15


@pytest.mark.rule("government.operations.assault")
@pytest.mark.parametrize("space, base", [("Kabul-Aibak LOC", None), ("Kabul", "taliban_bases")])
def test_government_assault_in_kabul_and_on_a_loc_one_piece_per_two_cubes_and_hidden_guerrillas_protect(
        space, base):
    """Kabul or a LoC: 1 piece per 2 Govt troops (5 troops: 2 pieces). An Underground guerrilla is
    never removed and protects the Base (in Kabul: a LoC holds no Base)."""
    d = sandbox_state()
    place(d, space, "government_troops", 5)
    active(d, space, "taliban", 1)
    active(d, space, "warlords", 2)
    if base:
        place(d, space, base, 1)
    place(d, space, "taliban_underground", 1)
    st = running(d, "government_assault")
    st.apply({"space": space})
    assert st.legal_actions() == [{"remove": "taliban_active", "space": space},
                                  {"remove": "warlords_active", "space": space}]
    st.apply({"remove": "taliban_active", "space": space})  # then the one kind left, with 3 troops: one more
    p = st.d["spaces"][space]["pieces"]
    assert (p["taliban_active"], p["warlords_active"], p["taliban_underground"]) == (0, 1, 1)
    assert p["taliban_bases"] == (1 if base else 0)
    assert check_all(st.d) == []


@pytest.mark.rule("government.operations.assault")
@pytest.mark.reading("A04")
@pytest.mark.parametrize("government_assault_cubes, removed_kabul, removed_province", [
    ("troops_provinces_police_kabul_locs", 1, 1), ("troops_only", 2, 1)])
def test_which_government_cubes_count(government_assault_cubes, removed_kabul, removed_province):
    """Kabul: 4 Govt troops and 2 Police, 3 Active Taliban: troops only (the default), the 4 troops
    (2 pieces); as the Coalition block counts them, the 2 Police (1 piece). A Province: 1 troop and 3
    Police remove 1 guerrilla under both readings (Police never count there)."""
    rulings = {"government_assault_cubes": government_assault_cubes}
    d = sandbox_state(rulings=rulings)
    place(d, "Kabul", "government_troops", 4)
    place(d, "Kabul", "police", 2)
    active(d, "Kabul", "taliban", 3)
    st = running(d, "government_assault")
    st.apply({"space": "Kabul"})
    assert 3 - st.d["spaces"]["Kabul"]["pieces"]["taliban_active"] == removed_kabul
    d = sandbox_state(rulings=rulings)
    place(d, "Helmand", "government_troops", 1)
    place(d, "Helmand", "police", 3)
    active(d, "Helmand", "taliban", 3)
    st = running(d, "government_assault")
    st.apply({"space": "Helmand"})
    assert 3 - st.d["spaces"]["Helmand"]["pieces"]["taliban_active"] == removed_province


@pytest.mark.rule("government.operations.assault", "limited_operation")
def test_government_assault_costs_3_a_space_and_a_limited_one_takes_one():
    def two_spaces() -> dict:
        d = sandbox_state()
        for n in ("Helmand", "Kandahar"):
            place(d, n, "government_troops", 1)
            active(d, n, "taliban", 1)
        return d

    st = running(two_spaces(), "government_assault")
    st.apply({"space": "Helmand"})
    assert {"space": "Kandahar"} in st.legal_actions() and {"space": "Helmand"} not in st.legal_actions()
    assert st.legal_actions()[-1] == {"done": True}
    st.apply({"space": "Kandahar"})
    assert st.d["resources"]["Government"] == 24
    st.apply({"done": True})
    assert st.is_terminal()
    st = running(two_spaces(), "government_assault", limited=True)
    st.apply({"space": "Helmand"})
    assert st.is_terminal() and st.d["turn"]["spaces"] == ["Helmand"]
    d = two_spaces()
    assert possible(d, "Government", "assault")
    d["resources"]["Government"] = 2
    assert not possible(d, "Government", "assault")
