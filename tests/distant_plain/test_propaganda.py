"""The Propaganda round's phases without choices (issue 20, in progress): 1 Victory?, 2 Resources
(Sabotage first), 5 Reset, each by the aid's words."""
from __future__ import annotations

import pytest

from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.propaganda import resources_phase, reset_phase, sabotage, victory_phase
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.activities import is_possible, new_turn
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.state import DistantPlainState
from cdg_oracle.model.distant_plain.turn import operation_choices
from tests.distant_plain.helpers import place, running


@pytest.mark.rule("propaganda.resources.sabotage")
def test_sabotage_where_taliban_guerrillas_outnumber_every_other_piece():
    d = sandbox_state()
    place(d, "Kabul-Aibak LOC", "taliban_underground", 2)
    place(d, "Kabul-Aibak LOC", "police", 1)
    place(d, "Kandahar-Kabul LOC", "taliban_underground", 2)
    place(d, "Kandahar-Kabul LOC", "police", 1)
    place(d, "Kandahar-Kabul LOC", "warlords_underground", 1)
    sabotage(d)
    assert d["spaces"]["Kabul-Aibak LOC"]["sabotage"] and not d["spaces"]["Kandahar-Kabul LOC"]["sabotage"]


@pytest.mark.rule("propaganda.resources", "propaganda.resources.government", "propaganda.resources.taliban",
                  "propaganda.resources.warlords", "propaganda.resources.casualties_and_aid")
def test_the_resources_phase():
    """Government + Aid 15 + Econ of the unsabotaged LoCs (12 less the sabotaged Kabul-Tor Kham's 4);
    Taliban + 3 bases; Warlords + 2 bases + 1 guerrilla on an unsabotaged LoC (not the one on the
    sabotaged LoC); Aid - 3 x 2 pieces in Casualties."""
    d = sandbox_state()
    d["spaces"]["Kabul-Tor Kham LOC"]["sabotage"] = True
    place(d, "Herat", "taliban_bases", 3)
    place(d, "Herat", "warlords_bases", 2)
    place(d, "Kabul-Aibak LOC", "warlords_underground", 1)
    place(d, "Kabul-Tor Kham LOC", "warlords_underground", 1)
    d["available"]["coalition_troops"] -= 2
    d["casualties"]["coalition_troops"] += 2
    resources_phase(d)
    assert d["resources"] == {"Government": 30 + 15 + 8, "Taliban": 10 + 3, "Warlords": 15 + 2 + 1}
    assert d["aid"] == 15 - 6 and check_all(d) == []


@pytest.mark.rule("propaganda.reset", "propaganda.reset.casualties", "propaganda.reset.markers",
                  "propaganda.reset.underground", "propaganda.reset.islamabad")
def test_the_reset_phase():
    """Casualties: the bases and half the troops (down) leave play, the rest go Available; markers
    removed; Active guerrillas Underground; Islamabad one box toward Backing."""
    d = sandbox_state()
    d["available"]["coalition_troops"] -= 5
    d["casualties"]["coalition_troops"] += 5
    d["available"]["coalition_bases"] -= 1
    d["casualties"]["coalition_bases"] += 1
    d["spaces"]["Herat"]["terror"] = d["spaces"]["Kabul-Aibak LOC"]["sabotage"] = True
    place(d, "Herat", "taliban_underground", 2)
    d["spaces"]["Herat"]["pieces"]["taliban_underground"] -= 2
    d["spaces"]["Herat"]["pieces"]["taliban_active"] += 2
    d["islamabad"] = {"level": "sponsorship", "hard": False}
    reset_phase(d)
    assert d["out_of_play"]["coalition_troops"] == 2 and d["out_of_play"]["coalition_bases"] == 1
    assert d["available"]["coalition_troops"] == 20 - 5 + 3 and sum(d["casualties"].values()) == 0
    assert not d["spaces"]["Herat"]["terror"] and not d["spaces"]["Kabul-Aibak LOC"]["sabotage"]
    assert d["spaces"]["Herat"]["pieces"]["taliban_underground"] == 2 and d["spaces"]["Herat"]["pieces"]["taliban_active"] == 0
    assert d["islamabad"]["level"] == "backing" and check_all(d) == []


@pytest.mark.rule("propaganda.victory")
def test_the_victory_phase():
    d = sandbox_state()
    assert victory_phase(d) is None
    d["resources"]["Warlords"] = 41
    out = victory_phase(d)
    assert out["winner"] == "Warlords" and out["rule"] == "propaganda.victory"


@pytest.mark.rule("propaganda.resources.sabotage")
@pytest.mark.reading("A20")
@pytest.mark.parametrize("sabotage_count, sabotaged", [("all_others_together", False), ("each_other_kind", True)])
def test_sabotage_against_the_other_pieces_together_or_each_kind(sabotage_count, sabotaged):
    """A20: 3 Taliban guerrillas against 2 police and 2 Warlords guerrillas: not more than all
    others together (4), but more than each other kind."""
    d = sandbox_state(rulings={"sabotage_count": sabotage_count})
    place(d, "Kabul-Aibak LOC", "taliban_underground", 3)
    place(d, "Kabul-Aibak LOC", "police", 2)
    place(d, "Kabul-Aibak LOC", "warlords_underground", 2)
    sabotage(d)
    assert d["spaces"]["Kabul-Aibak LOC"]["sabotage"] == sabotaged


@pytest.mark.rule("propaganda.reset.casualties")
@pytest.mark.reading("A18")
@pytest.mark.parametrize("casualties_rounding, leave", [("leaving_rounded_down", 2), ("leaving_rounded_up", 3)])
def test_the_casualties_half_that_leaves(casualties_rounding, leave):
    """A18: of 5 Coalition troops in Casualties, 2 leave play (the leaving half rounded down) or 3."""
    d = sandbox_state(rulings={"casualties_rounding": casualties_rounding})
    d["available"]["coalition_troops"] -= 5
    d["casualties"]["coalition_troops"] += 5
    reset_phase(d)
    assert d["out_of_play"]["coalition_troops"] == leave and d["available"]["coalition_troops"] == 20 - leave


@pytest.mark.rule("propaganda.reset.underground", "islamabad.hostility")
@pytest.mark.parametrize("hard, active", [(True, 2), (False, 0)])
def test_the_reset_leaves_the_taliban_in_pakistan_active_at_hostility(hard, active):
    """A17 (issue 27 item 2): under Hostility the Taliban guerrillas in Pakistan "sono sempre
    attivi", a standing state the Reset does not suspend: a Hard marker is only turned back, so the
    marker stays at Hostility and they stay Active; a marker that drifts to Pressure first leaves
    Hostility behind, and they go Underground as every other (the Reset list moves the marker
    before the guerrillas flip). Elsewhere the Reset flips as ever."""
    d = sandbox_state()
    d["islamabad"] = {"level": "hostility", "hard": hard}
    for name in ("Waziristan (Pakistan)", "Helmand"):
        d["available"]["taliban_underground"] -= 2
        d["spaces"][name]["pieces"]["taliban_active"] += 2
    reset_phase(d)
    assert d["spaces"]["Waziristan (Pakistan)"]["pieces"]["taliban_active"] == active
    assert d["spaces"]["Waziristan (Pakistan)"]["pieces"]["taliban_underground"] == 2 - active
    assert d["spaces"]["Helmand"]["pieces"]["taliban_active"] == 0
    assert check_all(d) == []


@pytest.mark.rule("propaganda.reset.underground", "islamabad.hostility", "taliban.operations.terror")
def test_after_a_propaganda_round_ending_at_hostility_no_terror_in_waziristan():
    """The issue's play case: a Propaganda round whose Reset ends at Hostility (the marker Hard
    there) leaves the 3 Taliban guerrillas of Waziristan Active, so the Taliban's next turn offers
    no Terror (it needs an Underground guerrilla: "Spazi con tuoi Guerriglieri nascosti"), nor
    Extort or Infiltrate there."""
    d = sandbox_state()
    d["islamabad"] = {"level": "hostility", "hard": True}
    d["available"]["taliban_underground"] -= 3
    d["spaces"]["Waziristan (Pakistan)"]["pieces"]["taliban_active"] += 3
    d.update(stack=[{"proc": "test_halt", "pc": "start"}, {"proc": "propaganda", "pc": "start", "final": False}],
             pending=None, terminal=None)
    st = DistantPlainState(d)
    ENGINE.run(st)
    while not st.is_terminal():  # the Sharia in Waziristan, declined
        st.apply({"done": True})
    p = st.d["spaces"]["Waziristan (Pakistan)"]["pieces"]
    assert (p["taliban_active"], p["taliban_underground"]) == (3, 0)
    assert st.d["islamabad"] == {"level": "hostility", "hard": False}
    ops = operation_choices(st, "Taliban", False)
    assert {"op": "terror", "limited": False} not in ops and {"op": "attack", "limited": False} in ops
    st.d["turn"] = new_turn("Taliban", "attack")
    assert not is_possible(st, "Taliban", "extort") and not is_possible(st, "Taliban", "infiltrate")
    assert check_all(st.d) == []


@pytest.mark.rule("islamabad.hostility")
def test_an_underground_taliban_guerrilla_entering_pakistan_at_hostility_is_active_at_once():
    """'sempre attivi' holds at every step, not only when an Operation ends: an Underground Taliban
    guerrilla marched into Waziristan at Hostility is Active as soon as it is there."""
    d = sandbox_state()
    d["islamabad"] = {"level": "hostility", "hard": False}
    place(d, "Paktika", "taliban_underground", 2)
    st = running(d, "taliban_march")
    st.apply({"space": "Waziristan (Pakistan)"})
    st.apply({"move": "taliban_underground", "from": "Paktika", "to": "Waziristan (Pakistan)"})
    p = st.d["spaces"]["Waziristan (Pakistan)"]["pieces"]
    assert (p["taliban_active"], p["taliban_underground"]) == (1, 0)


@pytest.mark.rule("propaganda.resources.sabotage")
@pytest.mark.reading("A20")
def test_each_kind_counts_a_faction_s_guerrillas_as_one_kind_underground_or_active():
    """Under each_other_kind, 4 Warlords guerrillas are one kind whether Underground or Active: 3
    Taliban guerrillas do not outnumber them, however they stand."""
    d = sandbox_state(rulings={"sabotage_count": "each_other_kind"})
    place(d, "Kabul-Aibak LOC", "taliban_underground", 3)
    place(d, "Kabul-Aibak LOC", "warlords_underground", 4)
    d["spaces"]["Kabul-Aibak LOC"]["pieces"]["warlords_underground"] -= 2
    d["spaces"]["Kabul-Aibak LOC"]["pieces"]["warlords_active"] += 2
    sabotage(d)
    assert d["spaces"]["Kabul-Aibak LOC"]["sabotage"] is False
