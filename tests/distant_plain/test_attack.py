"""The insurgents' Attack (the aid's WARLORDS and TALEBANI blocks) and the Taliban's Ambush, on the
engine: cost, activation, the die (a chance node), up to 2 enemy pieces removed in the aid's order
(Govt cubes, the Coalition's, Bases last; Coalition to Casualties), a guerrilla added on a 1, and
the readings A12 and P32."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.activities import is_possible, new_turn
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.operations import attack  # noqa: F401  (registers the procedures)
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.state import DistantPlainState
from tests.distant_plain.helpers import place, running

WU, WA, TU, TA = "warlords_underground", "warlords_active", "taliban_underground", "taliban_active"


def pieces(st, space):
    return st.d["spaces"][space]["pieces"]


@pytest.mark.rule("warlords.operations.attack")
def test_a_warlords_attack_activates_all_rolls_and_removes_govt_cubes_first():
    """Kandahar: 2 Warlords guerrillas against a Govt troop, a police, a Coalition troop and a Govt
    Base. 1 Resource; all activated; a 2 hits: the Govt cubes first, then the Coalition troop (to
    Casualties); 2 pieces at most."""
    d = sandbox_state()
    place(d, "Kandahar", WU, 2)
    for kind in ("government_troops", "police", "coalition_troops", "government_bases"):
        place(d, "Kandahar", kind, 1)
    place(d, "Herat", WU, 1)
    st = running(d, "warlords_attack")
    assert len(st.legal_actions()) == len(st.map.names)  # "Qualsiasi Spazio" (issue 27 item 1)
    st.apply({"space": "Kandahar"})
    assert st.d["pending"]["player"] == "chance" and st.legal_actions() == [{"die": n} for n in range(1, 7)]
    assert pieces(st, "Kandahar")[WA] == 2 and pieces(st, "Kandahar")[WU] == 0
    assert st.d["resources"]["Warlords"] == 14
    st.apply({"die": 2})
    assert st.legal_actions() == [{"remove": "government_troops", "space": "Kandahar"},
                                  {"remove": "police", "space": "Kandahar"}, {"remove": None, "space": "Kandahar"}]
    st.apply({"remove": "police", "space": "Kandahar"})
    assert st.legal_actions() == [{"remove": "government_troops", "space": "Kandahar"},
                                  {"remove": None, "space": "Kandahar"}]
    st.apply({"remove": "government_troops", "space": "Kandahar"})
    assert {"space": "Herat"} in st.legal_actions() and {"space": "Kandahar"} not in st.legal_actions()
    assert st.legal_actions()[-1] == {"done": True}  # 2 removed: the space is done
    p = pieces(st, "Kandahar")
    assert (p["coalition_troops"], p["government_bases"], p[WA]) == (1, 1, 2)
    assert st.d["available"]["police"] == 30 and st.d["available"]["warlords_underground"] == 15 - 3
    st.apply({"done": True})
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("warlords.operations.attack")
def test_coalition_pieces_go_to_casualties_and_bases_come_last():
    """A hit with only a Coalition troop and a Coalition Base: the troop, then the Base, both to
    Casualties."""
    d = sandbox_state()
    place(d, "Helmand", WU, 3)
    place(d, "Helmand", "coalition_troops", 1)
    place(d, "Helmand", "coalition_bases", 1)
    st = running(d, "warlords_attack")
    st.apply({"space": "Helmand"})
    st.apply({"die": 3})
    assert st.legal_actions() == [{"remove": "coalition_troops", "space": "Helmand"}, {"remove": None, "space": "Helmand"}]
    st.apply({"remove": "coalition_troops", "space": "Helmand"})
    assert st.legal_actions() == [{"remove": "coalition_bases", "space": "Helmand"}, {"remove": None, "space": "Helmand"}]
    st.apply({"remove": "coalition_bases", "space": "Helmand"})
    assert st.d["casualties"]["coalition_troops"] == 1 and st.d["casualties"]["coalition_bases"] == 1
    st.apply({"done": True})
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("taliban.operations.attack")
def test_a_miss_removes_nothing_a_one_adds_a_guerrilla_and_up_to_2_may_stop_early():
    """A 4 against 3 guerrillas misses; a 1 hits and adds a guerrilla from Available (after the
    removal, which the attacker may stop after one piece)."""
    d = sandbox_state()
    place(d, "Kandahar", TU, 3)
    place(d, "Kandahar", "police", 2)
    st = running(d, "taliban_attack", no_sa=True)
    st.apply({"space": "Kandahar"})
    st.apply({"die": 4})
    assert pieces(st, "Kandahar")["police"] == 2 and pieces(st, "Kandahar")[TA] == 3
    assert st.legal_actions()[-1] == {"done": True}
    d = sandbox_state()
    place(d, "Kandahar", TU, 3)
    place(d, "Kandahar", "police", 2)
    st = running(d, "taliban_attack", no_sa=True)
    st.apply({"space": "Kandahar"})
    st.apply({"die": 1})
    st.apply({"remove": "police", "space": "Kandahar"})
    st.apply({"remove": None, "space": "Kandahar"})
    p = pieces(st, "Kandahar")
    assert (p["police"], p[TA], p[TU]) == (1, 3, 1) and st.d["available"][TU] == 30 - 4
    st.apply({"done": True})
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("limited_operation", "warlords.operations.attack")
def test_a_limited_attack_takes_one_space_and_attack_needs_a_resource():
    """A Limited Attack ends with its one space. "Luogo: Qualsiasi Spazio": an Attack needs no
    guerrilla anywhere (issue 27 item 1), only the Resource."""
    d = sandbox_state()
    place(d, "Herat", WU, 1)
    place(d, "Balkh", WU, 1)
    st = running(d, "warlords_attack", limited=True)
    st.apply({"space": "Herat"})
    st.apply({"die": 6})
    assert st.is_terminal()
    st = DistantPlainState(sandbox_state())
    st.d["turn"] = new_turn("Warlords", "attack")
    assert is_possible(st, "Warlords", "attack")
    st.d["resources"]["Warlords"] = 0
    assert not is_possible(st, "Warlords", "attack")


@pytest.mark.rule("taliban.special_activities.ambush", "taliban.operations.attack")
def test_ambush_activates_one_wins_without_a_roll_and_adds_a_guerrilla():
    """3 Underground Taliban in Kandahar with a Coalition troop: Ambush activates 1, no die, the
    troop goes to Casualties, a guerrilla is added; the turn records the Ambush."""
    d = sandbox_state()
    place(d, "Kandahar", TU, 3)
    place(d, "Kandahar", "coalition_troops", 1)
    st = running(d, "taliban_attack")
    st.apply({"space": "Kandahar"})
    assert st.legal_actions() == [{"ambush": True, "space": "Kandahar"}, {"ambush": False, "space": "Kandahar"}]
    st.apply({"ambush": True, "space": "Kandahar"})
    assert st.legal_actions() == [{"remove": "coalition_troops", "space": "Kandahar"}, {"remove": None, "space": "Kandahar"}]
    st.apply({"remove": "coalition_troops", "space": "Kandahar"})
    p = pieces(st, "Kandahar")
    assert (p[TU], p[TA]) == (3, 1) and st.d["casualties"]["coalition_troops"] == 1
    assert st.d["turn"]["sa"] == "ambush" and st.d["turn"]["sa_spaces"] == ["Kandahar"]
    assert st.d["resources"]["Taliban"] == 9
    st.apply({"done": True})
    assert st.is_terminal() and check_all(st.d) == []


@pytest.mark.rule("taliban.special_activities.ambush")
def test_ambush_at_most_3_spaces_only_when_the_turn_allows_it_and_with_an_underground_guerrilla():
    d = sandbox_state()
    for space in ("Kandahar", "Helmand", "Zabol", "Oruzgan"):
        place(d, space, TU, 1)
    d["available"][TU] -= 1
    d["spaces"]["Ghazni"]["pieces"][TA] += 1  # an Active guerrilla only: no Ambush
    st = running(d, "taliban_attack")
    for space in ("Helmand", "Kandahar", "Oruzgan"):
        st.apply({"space": space})
        st.apply({"ambush": True, "space": space})
    assert st.d["turn"]["sa_spaces"] == ["Helmand", "Kandahar", "Oruzgan"]
    st.apply({"space": "Zabol"})
    assert st.d["pending"]["player"] == "chance"  # a fourth: the die
    st.apply({"die": 6})
    st.apply({"space": "Ghazni"})
    assert st.d["pending"]["player"] == "chance"
    for turn in ({"no_sa": True}, {"sa": "extort"}):
        d = sandbox_state()
        place(d, "Kandahar", TU, 1)
        st = running(d, "taliban_attack", **turn)
        st.apply({"space": "Kandahar"})
        assert st.d["pending"]["player"] == "chance", turn
    d = sandbox_state()
    place(d, "Kandahar", WU, 1)
    st = running(d, "warlords_attack")
    st.apply({"space": "Kandahar"})
    assert st.d["pending"]["player"] == "chance"


@pytest.mark.rule("taliban.special_activities.ambush", "taliban.operations.attack")
def test_after_an_ambush_the_turn_offers_no_other_special_activity():
    """The Taliban's turn: a full Attack with Ambush ends the turn (no Extort question)."""
    d = sandbox_state()
    place(d, "Kandahar", TU, 1)
    d.update(stack=[{"proc": "test_halt", "pc": "start"},
                    {"proc": "faction_turn", "pc": "start", "side": "Taliban", "last_before_final": False}],
             pending=None, terminal=None)
    st = DistantPlainState(d)
    ENGINE.run(st)
    assert {"op": "attack", "limited": False} in st.legal_actions()
    st.apply({"op": "attack", "limited": False})
    st.apply({"space": "Kandahar"})
    st.apply({"ambush": True, "space": "Kandahar"})
    st.apply({"done": True})
    assert st.is_terminal() and st.d["turn"] is None and check_all(st.d) == []


@pytest.mark.rule("warlords.operations.attack", "taliban.operations.attack")
@pytest.mark.reading("A12")
@pytest.mark.parametrize("attack_enemies, options", [
    ("coin_only", [{"remove": "coalition_bases", "space": "Helmand"}, {"remove": None, "space": "Helmand"}]),
    ("other_insurgent_too", [{"remove": "taliban_underground", "space": "Helmand"}, {"remove": None, "space": "Helmand"}])])
def test_whether_the_other_insurgent_is_an_enemy(attack_enemies, options):
    """A12: the Warlords hit in Helmand, with an Underground Taliban guerrilla and a Coalition Base
    there: only the Base (COIN only), or the Taliban guerrilla first (before the Bases)."""
    d = sandbox_state(rulings={"attack_enemies": attack_enemies})
    place(d, "Helmand", WU, 2)
    place(d, "Helmand", TU, 1)
    place(d, "Helmand", "coalition_bases", 1)
    st = running(d, "warlords_attack")
    st.apply({"space": "Helmand"})
    st.apply({"die": 1})
    assert st.legal_actions() == options
    st.apply(options[0])
    assert check_all(st.d) == []


@pytest.mark.rule("taliban.operations.attack")
@pytest.mark.reading("P32")
@pytest.mark.parametrize("attack_bases_order, options", [
    ("any_base", [{"remove": "government_bases", "space": "Helmand"}, {"remove": "coalition_bases", "space": "Helmand"}, {"remove": None, "space": "Helmand"}]),
    ("government_first", [{"remove": "government_bases", "space": "Helmand"}, {"remove": None, "space": "Helmand"}])])
def test_the_order_among_the_bases(attack_bases_order, options):
    """P32: only a Govt and a Coalition Base left: either (default), or the Govt Base first."""
    d = sandbox_state(rulings={"attack_bases_order": attack_bases_order})
    place(d, "Helmand", TU, 2)
    place(d, "Helmand", "government_bases", 1)
    place(d, "Helmand", "coalition_bases", 1)
    st = running(d, "taliban_attack", no_sa=True)
    st.apply({"space": "Helmand"})
    st.apply({"die": 2})
    assert st.legal_actions() == options
