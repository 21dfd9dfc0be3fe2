"""The Redeploy phase on the engine. Desertion (propaganda.redeploy.desertion): one Government cube
in three, rounded down, chosen by the Government space by space, goes to Available. The redeploys
(propaganda.redeploy.redeploy), in order: the Coalition may, the Government must (Troops), the
Government may (Police), the Taliban must; one piece per answer, each piece once (P52, P53)."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain import redeploy, support, turn  # noqa: F401  (register the procedures)
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.redeploy import control_now
from cdg_oracle.model.distant_plain.state import DistantPlainState
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from tests.distant_plain.helpers import place, running


@pytest.mark.rule("propaganda.redeploy.desertion", "propaganda.redeploy")
def test_one_cube_in_three_deserts_the_government_choosing_which():
    d = sandbox_state()
    place(d, "Herat", "government_troops", 4)
    place(d, "Herat", "police", 3)          # 7 cubes: 2 desert
    place(d, "Kabul", "police", 2)          # 2 cubes: none
    place(d, "Konduz", "government_troops", 3)   # 3: 1, troops only
    st = running(d, "desertion")
    assert st.decision()["prompt"].startswith("Government: a cube deserts in Herat (2 to go)")
    assert st.legal_actions() == [{"cube": "government_troops", "space": "Herat"}, {"cube": "police", "space": "Herat"}]
    assert ENGINE.repose(st) == st.d["pending"]  # declared to re-pose: asked again, nothing changed
    st.apply({"cube": "police", "space": "Herat"})
    assert ENGINE.repose(st) == st.d["pending"] and "(1 to go)" in st.decision()["prompt"]
    st.apply({"cube": "government_troops", "space": "Herat"})
    assert st.legal_actions() == [{"cube": "government_troops", "space": "Konduz"}]  # Konduz: troops only
    st.apply({"cube": "government_troops", "space": "Konduz"})
    assert st.is_terminal()
    p = st.d["spaces"]
    assert (p["Herat"]["pieces"]["government_troops"], p["Herat"]["pieces"]["police"]) == (3, 2)
    assert p["Kabul"]["pieces"]["police"] == 2 and p["Konduz"]["pieces"]["government_troops"] == 2
    assert check_all(st.d) == []


# -- the redeploys (propaganda.redeploy.redeploy) ----------------------------------------------------
LOCS = {"Farah-Kandahar LOC", "Kabul-Aibak LOC", "Kabul-Tor Kham LOC", "Kandahar-Kabul LOC",
        "Kandahar-Spin Boldak LOC", "Shibirghan-Aibak LOC", "Toraghondi-Farah LOC"}


def moves(st) -> list[tuple]:
    return [(a["move"], a["from"], a["to"]) for a in st.legal_actions() if "move" in a]


def move(st, kind: str, origin: str, destination: str) -> None:
    st.apply({"move": kind, "from": origin, "to": destination})


def redeploy_position(d: dict) -> None:
    """Coalition Troops on a LoC (2) and in Herat (no COIN Base); a Coalition Base with a Troop in
    Kandahar (a COIN-Control space with a COIN Base); Government Troops in Herat and Kabul; Police and
    a Coalition Troop in Kabul beside a Taliban guerrilla (COIN Control, 3 to 1); Taliban guerrillas
    on the LoC, in Farah (no Taliban Base, Active) and in Helmand with a Base (Taliban Control)."""
    place(d, "Kabul-Aibak LOC", "coalition_troops", 2)
    place(d, "Kabul-Aibak LOC", "taliban_underground", 1)
    place(d, "Herat", "coalition_troops", 1)
    place(d, "Herat", "government_troops", 1)
    place(d, "Kandahar", "coalition_bases", 1)
    place(d, "Kandahar", "coalition_troops", 1)
    place(d, "Kabul", "government_troops", 1)
    place(d, "Kabul", "police", 1)
    place(d, "Kabul", "taliban_underground", 1)
    place(d, "Kabul", "coalition_troops", 1)
    place(d, "Farah", "taliban_underground", 1)
    d["spaces"]["Farah"]["pieces"]["taliban_underground"] -= 1
    d["spaces"]["Farah"]["pieces"]["taliban_active"] += 1
    place(d, "Helmand", "taliban_bases", 1)
    place(d, "Helmand", "taliban_underground", 2)


@pytest.mark.rule("propaganda.redeploy.redeploy", "propaganda.redeploy")
def test_the_redeploys_in_order_coalition_government_troops_police_taliban():
    d = sandbox_state()
    redeploy_position(d)
    st = running(d, "redeploy")
    # 1. the Coalition may: from the LoC and Herat (not Kandahar, which has a COIN Base, nor Kabul) to
    # Kabul or Kandahar
    assert st.decision()["player"] == "Coalition"
    assert st.legal_actions() == [
        {"move": "coalition_troops", "from": "Herat", "to": "Kabul"},
        {"move": "coalition_troops", "from": "Herat", "to": "Kandahar"},
        {"move": "coalition_troops", "from": "Kabul-Aibak LOC", "to": "Kabul"},
        {"move": "coalition_troops", "from": "Kabul-Aibak LOC", "to": "Kandahar"},
        {"done": True}]
    move(st, "coalition_troops", "Kabul-Aibak LOC", "Kandahar")
    assert st.d["spaces"]["Kandahar"]["pieces"]["coalition_troops"] == 2
    st.apply({"done": True})          # one Troop left on the LoC, one in Herat: the Coalition may leave them
    # 2. the Government must move its Troops out of Herat (not out of Kabul): no "done"
    assert st.decision()["player"] == "Government"
    assert st.legal_actions() == [{"move": "government_troops", "from": "Herat", "to": "Kabul"},
                                  {"move": "government_troops", "from": "Herat", "to": "Kandahar"}]
    move(st, "government_troops", "Herat", "Kabul")
    # 3. the Government may move Police from anywhere to a LoC or a COIN-Control space (Herat,
    # Kandahar; Kabul too, but the one Police cube is there already)
    assert {t for _, _, t in moves(st)} == LOCS | {"Herat", "Kandahar"}
    assert {(k, o) for k, o, _ in moves(st)} == {("police", "Kabul")} and st.legal_actions()[-1] == {"done": True}
    move(st, "police", "Kabul", "Kabul-Aibak LOC")   # it has moved: it moves no more, the step ends
    # 4. the Taliban must: off the LoC and out of Farah, into Helmand (Base and Taliban Control) or
    # the Pashtun spaces of Pakistan; the guerrilla in Kabul stays
    assert st.decision()["player"] == "Taliban"
    assert st.legal_actions() == [
        {"move": "taliban_active", "from": "Farah", "to": "Helmand"},
        {"move": "taliban_active", "from": "Farah", "to": "Northwest Frontier (Pakistan)"},
        {"move": "taliban_active", "from": "Farah", "to": "Waziristan (Pakistan)"},
        {"move": "taliban_underground", "from": "Kabul-Aibak LOC", "to": "Helmand"},
        {"move": "taliban_underground", "from": "Kabul-Aibak LOC", "to": "Northwest Frontier (Pakistan)"},
        {"move": "taliban_underground", "from": "Kabul-Aibak LOC", "to": "Waziristan (Pakistan)"}]
    move(st, "taliban_active", "Farah", "Waziristan (Pakistan)")
    move(st, "taliban_underground", "Kabul-Aibak LOC", "Helmand")
    assert st.is_terminal()
    s = st.d["spaces"]
    assert s["Waziristan (Pakistan)"]["pieces"]["taliban_active"] == 1 and s["Helmand"]["pieces"]["taliban_underground"] == 3
    assert s["Kabul"]["pieces"]["taliban_underground"] == 1 and s["Kabul-Aibak LOC"]["pieces"]["police"] == 1
    assert s["Kabul-Aibak LOC"]["pieces"]["coalition_troops"] == 1 and s["Herat"]["pieces"]["coalition_troops"] == 1
    assert "propaganda.redeploy.redeploy" in st.applied_rules() and check_all(st.d) == []


@pytest.mark.rule("propaganda.redeploy.redeploy")
def test_steps_with_nothing_to_move_are_skipped():
    """Nothing on the map: no question at all. Government Troops in a Province with a Government
    Base, Police alone in Kabul with nowhere else COIN-controlled: only LoCs for the Police."""
    st = running(sandbox_state(), "redeploy")
    assert st.is_terminal()
    d = sandbox_state()
    place(d, "Herat", "government_bases", 1)
    place(d, "Herat", "government_troops", 2)
    place(d, "Kabul", "police", 1)
    st = running(d, "redeploy")
    assert st.decision()["player"] == "Government" and {t for _, _, t in moves(st)} == LOCS | {"Herat"}
    st.apply({"done": True})
    assert st.is_terminal() and st.d["spaces"]["Herat"]["pieces"]["government_troops"] == 2


def control_position(d: dict) -> None:
    """Herat: 3 Police against 2 Taliban (COIN Control until a Police cube deserts); Kandahar: 2
    Government Troops against a Taliban Base (COIN Control until the Troops must leave); Kabul: 1
    Police; a Taliban guerrilla on a LoC."""
    place(d, "Herat", "police", 3)
    place(d, "Herat", "taliban_underground", 2)
    place(d, "Kandahar", "government_troops", 2)
    place(d, "Kandahar", "taliban_bases", 1)
    place(d, "Kabul", "police", 1)
    place(d, "Kabul-Aibak LOC", "taliban_underground", 1)


def desertion_then_redeploy(d: dict) -> DistantPlainState:
    """Desertion, then the redeploys with the Control of the phase's start, as the Propaganda round
    runs them (turn.py)."""
    control = control_now(DistantPlainState(d))
    d.update(stack=[{"proc": "test_halt", "pc": "start"}, {"proc": "redeploy", "pc": "start", "phase_control": control},
                    {"proc": "desertion", "pc": "start"}], pending=None, terminal=None)
    st = DistantPlainState(d)
    ENGINE.run(st)
    return st


@pytest.mark.rule("propaganda.redeploy.redeploy", "propaganda.redeploy.desertion")
@pytest.mark.reading("P52")
@pytest.mark.parametrize("redeploy_control, police_to, taliban_to", [
    ("phase_start", {"Herat", "Kabul", "Kandahar"}, set()),
    ("before_moves", {"Kabul", "Kandahar"}, set()),
    ("live", {"Kabul"}, {"Kandahar"}),
])
def test_control_of_a_destination_as_of_when(redeploy_control, police_to, taliban_to):
    """P52: Desertion takes a Police cube from Herat (COIN Control lost); the Government's Troops
    must leave Kandahar for Kabul (Kandahar's Taliban Base then controls it). Where Police may go
    (besides LoCs) and where the Taliban may go (besides the Pashtun spaces of Pakistan) follow the
    Control of the phase's start, after Desertion, or of each move."""
    d = sandbox_state(rulings={"redeploy_control": redeploy_control})
    control_position(d)
    st = desertion_then_redeploy(d)
    assert st.d["stack"][1]["phase_control"]["Herat"] == "coin"
    st.apply({"cube": "police", "space": "Herat"})
    assert "phase_control" not in st.d["stack"][1]       # the redeploys took the phase's Control over
    assert st.legal_actions() == [{"move": "government_troops", "from": "Kandahar", "to": "Kabul"}]
    move(st, "government_troops", "Kandahar", "Kabul")
    move(st, "government_troops", "Kandahar", "Kabul")
    assert {t for _, _, t in moves(st)} - LOCS == police_to
    st.apply({"done": True})
    pakistan = {"Northwest Frontier (Pakistan)", "Waziristan (Pakistan)"}
    assert {t for _, _, t in moves(st)} == pakistan | taliban_to
    assert {o for _, o, _ in moves(st)} == {"Herat", "Kabul-Aibak LOC"}   # Herat has no Taliban Base
    for _ in range(3):
        kind, origin, _ = moves(st)[0]
        move(st, kind, origin, "Waziristan (Pakistan)")
    assert st.is_terminal() and st.d["spaces"]["Waziristan (Pakistan)"]["pieces"]["taliban_underground"] == 3
    assert check_all(st.d) == []


@pytest.mark.rule("propaganda.redeploy.redeploy")
@pytest.mark.reading("P53")
@pytest.mark.parametrize("redeploy_taliban_in_pakistan, first", [
    ("stay", [("taliban_underground", "Balochistan (Pakistan)", "Northwest Frontier (Pakistan)"),
              ("taliban_underground", "Balochistan (Pakistan)", "Waziristan (Pakistan)")]),
    ("leave", [("taliban_underground", "Balochistan (Pakistan)", "Northwest Frontier (Pakistan)"),
               ("taliban_underground", "Balochistan (Pakistan)", "Waziristan (Pakistan)"),
               ("taliban_underground", "Waziristan (Pakistan)", "Northwest Frontier (Pakistan)")]),
])
def test_taliban_in_a_pashtun_space_of_pakistan_without_a_base(redeploy_taliban_in_pakistan, first):
    """P53: guerrillas in Waziristan (Pashtun, no Taliban Base) stay, or must move on; those in
    Balochistan (not Pashtun) must move in either reading. A guerrilla that has moved moves no more:
    under 'leave' the ones arriving in Northwest Frontier (itself a space they would have to leave)
    stay there, and the phase ends."""
    d = sandbox_state(rulings={"redeploy_taliban_in_pakistan": redeploy_taliban_in_pakistan})
    place(d, "Waziristan (Pakistan)", "taliban_underground", 2)
    place(d, "Balochistan (Pakistan)", "taliban_underground", 1)
    st = running(d, "redeploy")
    assert moves(st) == first and {"done": True} not in st.legal_actions()
    while not st.is_terminal():
        kind, origin, _ = moves(st)[0]
        move(st, kind, origin, "Northwest Frontier (Pakistan)")
    nwfp = st.d["spaces"]["Northwest Frontier (Pakistan)"]["pieces"]["taliban_underground"]
    assert nwfp == (1 if redeploy_taliban_in_pakistan == "stay" else 3) and check_all(st.d) == []


@pytest.mark.rule("propaganda.redeploy.redeploy", "islamabad.hostility")
def test_a_guerrilla_entering_pakistan_under_hostility_turns_active_and_moves_once():
    d = sandbox_state(rulings={"redeploy_taliban_in_pakistan": "leave"})
    d["islamabad"] = {"level": "hostility", "hard": False}
    place(d, "Kabul-Aibak LOC", "taliban_underground", 1)
    st = running(d, "redeploy")
    move(st, "taliban_underground", "Kabul-Aibak LOC", "Northwest Frontier (Pakistan)")
    p = st.d["spaces"]["Northwest Frontier (Pakistan)"]["pieces"]
    assert (p["taliban_underground"], p["taliban_active"]) == (0, 1)
    assert st.is_terminal()           # it has moved: though in a space to leave, it stays
    assert "islamabad.hostility" in st.applied_rules()


@pytest.mark.rule("propaganda", "propaganda.support.civic_action", "propaganda.redeploy.redeploy")
def test_a_propaganda_round_runs_civic_action_sharia_desertion_and_the_redeploys_in_order():
    d = sandbox_state()
    place(d, "Kabul", "coalition_troops", 1)
    place(d, "Kabul", "police", 3)
    place(d, "Herat", "taliban_underground", 1)
    d.update(stack=[{"proc": "test_halt", "pc": "start"}, {"proc": "propaganda", "pc": "start", "final": False}],
             pending=None, terminal=None)
    st = DistantPlainState(d)
    ENGINE.run(st)
    seen = []
    while not st.is_terminal():
        seen.append(st.decision()["question"])
        st.apply(st.legal_actions()[-1] if {"done": True} in st.legal_actions() else st.legal_actions()[0])
    assert seen == ["civic_action.choose", "sharia.choose", "desertion.cube", "redeploy.move", "redeploy.move"]
    assert check_all(st.d) == []
