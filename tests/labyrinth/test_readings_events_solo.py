"""Readings of the ambiguity registry that change the solo Jihadist bot, plot markers and the
events of cards 5, 18, 21, 49, 86, 91 and 96 (issue 7, third wave): each test builds a position
where the readings of one registry entry give different play, and asserts the exact result under
every reading.

Entries and switches (model/labyrinth/rulings.py):

* A21 ``solo_major_jihad_possible`` (9.4.1 "Major Jihad if possible"): "conditions_and_dice"
  (default), "conditions_only", "likely" (an exact success chance of at least 1/2);
* D09 ``solo_wmd_posture_reroll`` (8.5.6, the WMD Posture re-roll in a solo game): False (default),
  True (the bot re-rolls a result equal to the US Posture);
* A52 ``nest_reveals`` (card 5 NEST): "placed_before_too" (default), "only_later";
* A54 ``event_select_tests`` (4.9.4, a placement site an event selects): True (default), False;
* A30 ``intel_community_op`` (card 18): "reserves_and_third_card" (default), "no_reserves",
  "extra_counts_as_second".

The positions start from the Let's Roll! set-up (Gulf States Fair Ally, Saudi Arabia Poor Ally,
Pakistan Fair Neutral, Iraq/Libya Poor Adversary, Syria Fair Adversary, Afghanistan Islamist Rule;
Jordan, Lebanon and most other Muslim countries unmarked; US Hard; the US hand 2, 4, ..., 18); the
solo ones are ``tests/labyrinth/solo/helpers.solo_position`` with an empty map (``bare``).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from cdg_oracle.model.labyrinth.countries import cells
from cdg_oracle.model.labyrinth.operations.jihadist import place_plot
from cdg_oracle.model.labyrinth.solo import priorities as prio
from cdg_oracle.model.labyrinth.consistency import plots_conserved
from tests.labyrinth.harness import (
    conserve, feed, finished, play_event, position, run_proc, start_proc, with_rulings,
)
from tests.labyrinth.solo.helpers import run_solo, solo_position

US = "United States"
NUMBERED = [1, 1, 2, 2, 3, 3]


def at(rulings: dict, countries: dict | None = None, **tracks):
    """A Let's Roll position (cubes and cylinders re-balanced) under the given Rulings switches."""
    st = position("lets_roll", countries=countries, **tracks)
    conserve(st)
    return with_rulings(st, **rulings)


def solo(rulings: dict, countries: dict | None = None, **kw):
    """A bare Let's Roll solo position under the given Rulings switches."""
    return solo_position("lets_roll", rulings=rulings, countries=countries, bare=True, **kw)


def wmd_to(st, name: str) -> None:
    """Move a WMD plot marker from the "Loose Nuke, HEU & Kazakh Strain" box onto ``name``."""
    st.d["wmd_boxes"]["loose_nuke_heu_kazakh_strain"] -= 1
    st.d["countries"][name]["plots"].append("WMD")
    st.d["countries"][name]["plots"].sort(key=str)


def numbered_to(st, name: str, plot: int) -> None:
    st.d["plots_available"].remove(plot)
    st.d["countries"][name]["plots"].append(plot)
    st.d["countries"][name]["plots"].sort(key=str)


def gov(st, name: str):
    return st.d["countries"][name]["gov"]


# == A21: 9.4.1 "Major Jihad if possible" =============================================================
A21 = ("conditions_and_dice", "conditions_only", "likely")


@pytest.mark.rule("9.4.1", "8.4.2", "8.1.1")
@pytest.mark.parametrize("gov_, besieged, dice, chance", [
    ("poor", False, 1, Fraction(0)),
    ("poor", False, 2, Fraction(1, 4)),
    ("poor", False, 3, Fraction(1, 2)),
    ("poor", True, 1, Fraction(1, 2)),
    ("poor", True, 2, Fraction(3, 4)),
    ("fair", False, 3, Fraction(1, 27)),
    ("fair", True, 2, Fraction(1, 9)),
    ("fair", True, 3, Fraction(7, 27)),
    ("good", False, 3, Fraction(0)),
])
def test_a21_major_jihad_success_chance_is_exact(gov_, besieged, dice, chance):
    """A21 reading "likely": the chance that a Major Jihad of ``dice`` dice makes Islamist Rule.
    8.1.1 "un tiro di dado ha successo se è pari o inferiore al valore del Governo" (Good 1, Fair 2,
    Poor 3 of 6), all dice against the Governance at the start (8.1.2); 8.4.2 "due tiri di dado che
    hanno successo ... peggiorano il Governo da Scadente a Governo Islamico", one with a Besieged
    Regime (8.4.3.2), each success before that shifting one level toward Poor (8.4.1)."""
    assert prio.major_jihad_success_chance(gov_, besieged, dice) == chance


@pytest.mark.reading("A21")
@pytest.mark.rule("9.4.1", "9.4.2.3", "8.4.2")
@pytest.mark.parametrize("gov_, besieged, dice, possible", [
    # (conditions_and_dice, conditions_only, likely)
    ("poor", False, 1, (False, True, False)),
    ("poor", False, 2, (True, True, False)),     # 2 dice: 1/4
    ("poor", False, 3, (True, True, True)),      # 3 dice: exactly 1/2
    ("poor", True, 1, (True, True, True)),       # Besieged Regime, 1 die: 1/2
    ("fair", False, 3, (True, True, False)),     # 1/27
    ("fair", True, 2, (True, True, False)),      # 1/9
    ("good", False, 3, (False, True, False)),    # never Islamist Rule with 3 dice
])
@pytest.mark.parametrize("reading", A21)
def test_a21_major_jihad_possible_by_reading(reading, gov_, besieged, dice, possible):
    """A21 (``solo_major_jihad_possible``): 9.4.1 "tirate per la Jihad Maggiore (una che potrebbe
    portare al Governo Islamico, 8.4.2) se possibile". Iraq with 6 cells and no troops (the 8.4.2
    margin of 5 holds) under each Governance: "conditions_and_dice" possible when the dice can make
    the successes needed (2 from Poor, 1 with a Besieged Regime, one more from Fair);
    "conditions_only" whenever the margin holds; "likely" when the exact chance is at least 1/2."""
    st = solo({"solo_major_jihad_possible": reading},
              {"Iraq": {"gov": gov_, "align": "adversary", "cells": 6, "besieged": besieged}})
    expected = possible[A21.index(reading)]
    assert prio.major_jihad_possible(st, "Iraq", dice) is expected
    assert prio.major_jihad_groups(st, dice) == ([["Iraq"]] if expected else [])
    st.d["countries"]["Iraq"]["troops"] = 2   # the margin fails: never possible
    assert not prio.major_jihad_possible(st, "Iraq", dice)


@pytest.mark.reading("A21")
@pytest.mark.rule("9.4.1", "9.4.2.3", "9.4.2.5", "8.4.2")
@pytest.mark.parametrize("reading, value, dice, after", [
    # 2 ops, dice 1 and 2: Major Jihad (Islamist Rule), or Recruit (two successes, 6 + 2 cells)
    ("conditions_and_dice", 2, [1, 2], ("islamist_rule", 6)),
    ("conditions_only", 2, [1, 2], ("islamist_rule", 6)),
    ("likely", 2, [1, 2], ("poor", 8)),
    # 1 op, die 1: Recruit (7 cells); conditions_only: a Jihad whose 8.4.2 question is not posed
    # (a value-1 card and no Besieged Regime), so a Minor Jihad die in Poor Iraq: nothing changes
    ("conditions_and_dice", 1, [1], ("poor", 7)),
    ("conditions_only", 1, [1], ("poor", 6)),
    ("likely", 1, [1], ("poor", 7)),
    # 3 ops: a chance of exactly 1/2 is likely: Major Jihad under every reading
    ("conditions_and_dice", 3, [1, 2, 6], ("islamist_rule", 5)),
    ("conditions_only", 3, [1, 2, 6], ("islamist_rule", 5)),
    ("likely", 3, [1, 2, 6], ("islamist_rule", 5)),
])
def test_a21_the_flowchart_follows_the_reading(reading, value, dice, after):
    """A21: 9.4.1 "Se non è possibile il successo della Jihad Maggiore, tirate per quella Minore, se
    possibile in un paese Buono o Discreto" and then "Reclutate". Iraq Poor with 6 cells, no Good or
    Fair country with a cell: the ops of a ``value`` card go to a Major Jihad in Iraq when it is
    "possible" by the reading, else (no Minor Jihad possible) to a Recruit in Iraq (Poor: 1-3
    succeed). A failed Jihad die removes a cell (8.4.3)."""
    st = solo({"solo_major_jihad_possible": reading}, {"Iraq": {"cells": 6}})
    run_solo(st, "solo_ops", dice, value=value, mode="chain", card=3)
    assert (gov(st, "Iraq"), cells(st.d["countries"]["Iraq"])) == after


# == D09: 8.5.6, the WMD Posture re-roll in a solo game ================================================
@pytest.mark.reading("D09")
@pytest.mark.rule("8.5.6", "9.0")
@pytest.mark.parametrize("reading, script, posture", [
    (False, [5], "hard"),        # two_player_only (default): the bot never re-rolls
    (True, [5, 2], "soft"),      # any_game: Hard = the US Posture, re-rolled once: 2 -> Soft
    (True, [6, 6], "hard"),      # the re-roll stands, even if it is no better (once only)
])
def test_d09_solo_bot_rerolls_a_wmd_posture_equal_to_the_us(reading, script, posture):
    """D09 (``solo_wmd_posture_reroll``): 8.5.6 "Se è WMD in una partita con due giocatori, la jihad
    può ritirare questo risultato una volta" (IT/PL; ES without "con due giocatori"). A WMD plot in
    the United Kingdom (unmarked) resolved in a solo game with the US Hard: the Posture roll 5 or 6
    makes it Hard like the US. two_player_only: no re-roll; any_game: the bot re-rolls it once and
    the second roll stands. Never a Jihadist decision node (``run_solo`` checks it)."""
    st = solo({"solo_wmd_posture_reroll": reading})
    wmd_to(st, "United Kingdom")
    run_solo(st, "resolve_plot", script, country="United Kingdom", plot="WMD")
    assert st.d["countries"]["United Kingdom"]["posture"] == posture
    assert st.d["funding"] == 9 and st.d["wmd_removed"] == 1


@pytest.mark.reading("D09")
@pytest.mark.rule("8.5.6")
@pytest.mark.parametrize("reading", [False, True])
def test_d09_a_posture_opposite_to_the_us_is_kept(reading):
    """D09: the project's rule for when the bot re-rolls (no text gives one): only a result equal to
    the US Posture. With the US Soft, a roll of 5 (Hard) is kept under both readings; a roll of 2
    (Soft) is re-rolled under any_game only (then 6: Hard)."""
    st = solo({"solo_wmd_posture_reroll": reading}, us_posture="soft")
    wmd_to(st, "United Kingdom")
    run_solo(st, "resolve_plot", [5], country="United Kingdom", plot="WMD")
    assert st.d["countries"]["United Kingdom"]["posture"] == "hard"
    st = solo({"solo_wmd_posture_reroll": reading}, us_posture="soft")
    wmd_to(st, "United Kingdom")
    run_solo(st, "resolve_plot", [2, 6] if reading else [2], country="United Kingdom", plot="WMD")
    assert st.d["countries"]["United Kingdom"]["posture"] == ("hard" if reading else "soft")


# == A52: card 5 NEST and the WMD plots already in the United States ===================================
def nest_position(reading: str, before: list, after: list):
    """Plots ``before`` in the United States, then NEST (card 5) played, then plots ``after``
    placed there (8.5.2, ``place_plot``)."""
    st = at({"nest_reveals": reading})
    for p in before:
        (wmd_to if p == "WMD" else numbered_to)(st, US, *([] if p == "WMD" else [p]))
    play_event(st, 5, "US", [])
    assert "NEST" in st.d["countries"][US]["markers"]
    for p in after:
        if p == "WMD":
            st.d["wmd_boxes"]["loose_nuke_heu_kazakh_strain"] -= 1
            st.d["wmd_available"] += 1
        place_plot(st, US, p)
    return st


def alert_in_us(st):
    start_proc(st, "op_alert", side="US", card=39, value=3)
    feed(st, [{"country": US}])
    return st


@pytest.mark.reading("A52")
@pytest.mark.rule("card 5", "7.5.3", "8.5.4")
@pytest.mark.parametrize("reading", ["placed_before_too", "only_later"])
def test_a52_alert_on_a_wmd_plot_placed_before_nest(reading):
    """A52 (``nest_reveals``): card 5 "Complotti WMD negli USA sono sempre a faccia in su"; the IT
    clarification: "il gioco di questo evento rivela qualsiasi Complotto WMD negli USA ... anche uno
    piazzato in precedenza". A WMD plot and a Plot 1 in the US before NEST. placed_before_too: the
    WMD plot is face up, the US Alerts it knowingly (a decision); only_later: both plots are face
    down, 7.5.3's selection is a chance node, each 1/2."""
    st = alert_in_us(nest_position(reading, ["WMD", 1], []))
    if reading == "placed_before_too":
        assert "nest_face_down" not in st.d
        assert st.current_player() == "US" and st.legal_actions() == [{"plot": "WMD"}, {"plot": "face down"}]
        feed(st, [{"plot": "WMD"}])
    else:
        assert st.d["nest_face_down"] == 1
        assert st.current_player() == "chance"
        assert st.chance_outcomes() == [({"plot": 1}, Fraction(1, 2)), ({"plot": "WMD"}, Fraction(1, 2))]
        feed(st, [{"plot": "WMD"}])
        assert st.d["nest_face_down"] == 0
    assert finished(st) and st.d["countries"][US]["plots"] == [1] and st.d["wmd_removed"] == 1
    assert plots_conserved(st.d, NUMBERED) == []


@pytest.mark.reading("A52")
@pytest.mark.rule("card 5", "7.5.3", "8.5.4")
@pytest.mark.parametrize("reading", ["placed_before_too", "only_later"])
def test_a52_alert_with_wmd_plots_before_and_after_nest(reading):
    """A52: one WMD plot in the US before NEST, one placed after. placed_before_too: both face up,
    no face-down plot is left to choose; only_later: the later one is face up, the earlier one face
    down (a chance node with one outcome when the US takes a face-down plot). Once the earlier one
    is gone, the one left is the face-up one."""
    st = alert_in_us(nest_position(reading, ["WMD"], ["WMD"]))
    assert st.current_player() == "US"
    if reading == "placed_before_too":
        assert st.legal_actions() == [{"plot": "WMD"}]
        return
    assert st.legal_actions() == [{"plot": "WMD"}, {"plot": "face down"}]
    feed(st, [{"plot": "face down"}])
    assert st.chance_outcomes() == [({"plot": "WMD"}, Fraction(1))]
    feed(st, [{"plot": "WMD"}])
    assert finished(st) and st.d["countries"][US]["plots"] == ["WMD"] and st.d["nest_face_down"] == 0
    alert_in_us(st)
    assert st.current_player() == "US" and st.legal_actions() == [{"plot": "WMD"}]


@pytest.mark.reading("A52")
@pytest.mark.rule("card 5", "card 21", "8.5.4")
@pytest.mark.parametrize("reading", ["placed_before_too", "only_later"])
def test_a52_lets_roll_on_a_wmd_plot_placed_before_nest(reading):
    """A52 with card 21 "Let's Roll!" ("Rivelate e rimuovetelo"): a WMD plot and a Plot 2 in the US
    before NEST. placed_before_too: the US chooses the face-up WMD plot; only_later: which plot is
    revealed is a chance node over both."""
    st = nest_position(reading, ["WMD", 2], [])
    start_proc(st, "event", card=21, side="US", trigger="play")
    feed(st, [{"country": US}])
    if reading == "placed_before_too":
        assert st.current_player() == "US" and st.legal_actions() == [{"plot": "WMD"}, {"plot": "face_down"}]
        feed(st, [{"plot": "face_down"}])
        assert st.chance_outcomes() == [({"plot": 2}, Fraction(1))]
    else:
        assert st.chance_outcomes() == [({"plot": 2}, Fraction(1, 2)), ({"plot": "WMD"}, Fraction(1, 2))]


@pytest.mark.reading("A52")
@pytest.mark.rule("card 5", "card 31", "card 116")
@pytest.mark.parametrize("card, draws", [(31, 1), (116, 2)])
@pytest.mark.parametrize("reading", ["placed_before_too", "only_later"])
def test_a52_removing_every_plot_clears_the_face_down_count(reading, card, draws):
    """A52: card 31 Wiretapping ("Rimuoveteli tutti") and card 116 KSM played by the US ("Rivelateli
    e rimuoveteli") remove every plot in the US, the face-down WMD plot placed before NEST included;
    a WMD plot placed afterwards is face up under both readings. Before that, only_later keeps the
    earlier one face down (a chance node for Alert), placed_before_too face up (a US decision)."""
    st = nest_position(reading, ["WMD"], [])
    probe = alert_in_us(with_rulings(st))
    assert probe.current_player() == ("US" if reading == "placed_before_too" else "chance")
    play_event(st, card, "US", [{"card": n} for n in st.d["deck"][:draws]])
    assert st.d["countries"][US]["plots"] == [] and st.d.get("nest_face_down", 0) == 0
    assert plots_conserved(st.d, NUMBERED) == []
    st.d["wmd_boxes"]["loose_nuke_heu_kazakh_strain"] -= 1
    st.d["wmd_available"] += 1
    place_plot(st, US, "WMD")
    alert_in_us(st)
    assert st.current_player() == "US" and st.legal_actions() == [{"plot": "WMD"}]


# == A54: 4.9.4, a placement site an event selects =====================================================
@pytest.mark.reading("A54")
@pytest.mark.rule("4.9.4", "card 91", "card 49")
@pytest.mark.parametrize("reading", [True, False])
def test_a54_regional_al_qaeda_selected_sites(reading):
    """A54 (``event_select_tests``): 4.9.4 tests a country that "subisce il piazzamento di una
    cellula o di un complotto mediante un evento"; its note: "il 'test' ... è diverso dalla
    'scelta'". Card 91 Regional al-Qaeda: "Ponete una cellula in ciascuno [di 2 paesi musulmani senza
    indicazione], o 2 in ciascuno se vi è un Governo Islamico" (Afghanistan is). placement_tests:
    Jordan and Lebanon are tested (5: Fair, 2: Poor, Neutral) before their 2 cells;
    select_never_tests: no die, the 2 cells each go to the countries unmarked. Card 49 names its
    country ("Ponete una cellula in Somalia"): tested under both readings."""
    st = at({"event_select_tests": reading})
    track = st.d["cells_track"]
    script = [{"country": "Jordan"}, {"country": "Lebanon"}] + ([5, 2] if reading else [])
    play_event(st, 91, "Jihadist", script)
    for name, tested_gov in (("Jordan", "fair"), ("Lebanon", "poor")):
        assert st.d["countries"][name]["sleepers"] == 2
        assert (gov(st, name), st.d["countries"][name]["align"]) == (
            (tested_gov, "neutral") if reading else (None, None))
    assert st.d["cells_track"] == track - 4
    play_event(st, 49, "Jihadist", [3])
    assert gov(st, "Somalia") == "poor" and st.d["countries"]["Somalia"]["sleepers"] == 1


@pytest.mark.reading("A54")
@pytest.mark.rule("4.9.4", "card 96", "8.5.6")
@pytest.mark.parametrize("reading", [True, False])
def test_a54_danish_cartoons_plot_in_an_unmarked_country(reading):
    """A54: card 96 Danish Cartoons, "la jihad pone ... un qualsiasi complotto disponibile in un paese
    musulmano che non abbia Governo Islamico" (Islamist Rule in Afghanistan: any plot). Jordan,
    unmarked, selected. placement_tests: tested (6: Fair) before the Plot 1 is placed;
    select_never_tests: the plot goes there unmarked, and (project decision) Jordan is tested when
    the plot is resolved (8.5.6 needs its Governance: 3, Poor, Funding +1; the Plot 1 die 4 fails)."""
    st = at({"event_select_tests": reading}, funding=5)
    script = [{"posture": "hard"}, {"country": "Jordan"}] + ([6] if reading else []) + [{"plot": 1}]
    play_event(st, 96, "Jihadist", script)
    assert st.d["countries"]["Jordan"]["plots"] == [1]
    assert gov(st, "Jordan") == ("fair" if reading else None)
    run_proc(st, "resolve_plot", [4] if reading else [3, 4], country="Jordan", plot=1)
    assert gov(st, "Jordan") == ("fair" if reading else "poor")
    assert st.d["funding"] == 6 and st.d["countries"]["Jordan"]["plots"] == []


@pytest.mark.reading("A54")
@pytest.mark.rule("4.9.4", "card 86")
@pytest.mark.parametrize("reading", [True, False])
def test_a54_lebanon_war_cell_in_a_selected_shia_mix_country(reading):
    """A54: card 86 Lebanon War, "Ponete una cellula in un paese Misto Sciita": the Jihadist selects
    Lebanon (unmarked). placement_tests: tested (1: Poor) before the cell; select_never_tests: the
    cell is placed in Lebanon unmarked. (The US discard is a chance node: card 2.)"""
    st = at({"event_select_tests": reading})
    play_event(st, 86, "Jihadist", [{"card": 2}, {"country": "Lebanon"}] + ([1] if reading else []))
    assert st.d["countries"]["Lebanon"]["sleepers"] == 1
    assert gov(st, "Lebanon") == ("poor" if reading else None)


# == A30: card 18 Intel Community ======================================================================
A30 = ("reserves_and_third_card", "no_reserves", "extra_counts_as_second")


def us_phase(reading: str, card_index: int = 1):
    """The US Action Phase of a Let's Roll position, at its card ``card_index``."""
    st = at({"intel_community_op": reading})
    st.d["phase"], st.d["card_index"] = "us_action", card_index
    return start_proc(st, "us_phase")


@pytest.mark.reading("A30")
@pytest.mark.rule("card 18", "6.3.3")
@pytest.mark.parametrize("reading", A30)
def test_a30_the_one_value_operation_may_be_reserves(reading):
    """A30 (``intel_community_op``): card 18 "Effettuate una operazione di valore 1"; 6.3.3 counts
    Reserves as an operation, and the IT solo example "Usa poi 1 OP dell'evento per Riserva".
    Reserves is offered under reserves_and_third_card and extra_counts_as_second, not under
    no_reserves (War of Ideas, Deploy and the other 7.1.2 operations of value 1 stay)."""
    st = at({"intel_community_op": reading})
    start_proc(st, "play_card", side="US", card=18)
    feed(st, [{"use": "event"}])
    ops = st.legal_actions()
    assert ({"op": "reserves"} in ops) is (reading != "no_reserves")
    assert {"op": "war_of_ideas"} in ops and {"op": "reassessment"} not in ops


@pytest.mark.reading("A30")
@pytest.mark.rule("card 18", "5.2.2")
@pytest.mark.parametrize("reading", ["reserves_and_third_card", "extra_counts_as_second"])
def test_a30_the_additional_card_and_the_phases_two_cards(reading):
    """A30: "Potete interrompere questa fase di Azione ora per giocare una carta in più"; 5.2.2: the
    US plays two cards. Card 18 as the phase's first card, 1 op to Reserves, the additional card 4
    to Reserves. reserves_and_third_card (the IT solo example's "Carta 2" after card 18): the US
    then plays its second card; extra_counts_as_second: card 4 was the second, the phase ends."""
    st = us_phase(reading)
    feed(st, [{"card": 18}, {"use": "event"}, {"op": "reserves"}, {"card": 4}, {"use": "reserves"}])
    assert st.d["reserves"]["US"] == 2
    hand = [2, 6, 8, 10, 12, 14, 16]
    assert st.d["hands"]["US"] == hand
    if reading == "reserves_and_third_card":
        assert st.current_player() == "US" and st.legal_actions() == [{"card": n} for n in hand]
        assert st.d["card_index"] == 2
    else:
        assert finished(st) and st.d["card_index"] == 3


@pytest.mark.reading("A30")
@pytest.mark.rule("card 18", "5.2.2")
@pytest.mark.parametrize("reading", ["reserves_and_third_card", "extra_counts_as_second"])
def test_a30_card_18_as_the_second_card(reading):
    """A30: card 18 played as the phase's second card. reserves_and_third_card: the additional card
    is still offered (a third card); extra_counts_as_second: no second-card slot is left, so none
    is offered (project decision) and the phase ends."""
    st = us_phase(reading, card_index=2)
    feed(st, [{"card": 18}, {"use": "event"}, {"op": "reserves"}])
    if reading == "reserves_and_third_card":
        hand = [2, 4, 6, 8, 10, 12, 14, 16]
        assert st.current_player() == "US" and st.legal_actions() == [{"card": n} for n in hand] + ["pass"]
    else:
        assert finished(st) and st.d["card_index"] == 3 and len(st.d["hands"]["US"]) == 8


@pytest.mark.reading("A30")
@pytest.mark.rule("card 18", "6.3.2.2")
@pytest.mark.parametrize("reading", A30)
def test_a30_triggered_in_the_jihadist_phase(reading):
    """A30: card 18 triggered by the Jihadist's operations (6.3.2) in his Action Phase: the
    additional card counts in no phase of the US under any reading (project decision: the Jihadist's
    card count is untouched); only no_reserves takes Reserves away from the 1-value operation."""
    st = at({"intel_community_op": reading})
    start_proc(st, "event", card=18, side="US", trigger="ops")
    assert ({"op": "reserves"} in st.legal_actions()) is (reading != "no_reserves")
    if reading == "no_reserves":
        return
    feed(st, [{"op": "reserves"}, {"card": 4}, {"use": "reserves"}])
    assert finished(st) and st.d["card_index"] == 1 and st.d["reserves"]["US"] == 2
