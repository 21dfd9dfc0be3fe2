"""Events of the US cards 1-16 (model/labyrinth/events/us_1_16.py)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from cdg_oracle.model.labyrinth.events.lasting import blocked, lapsing_in_effect
from tests.labyrinth.harness import (
    conserve, event_happened, feed, finished, play, play_event, playable, position, start_proc,
)


def place_plots(st, name, *plots):
    """Put plot markers from Available Plots (numbered) or the WMD pool into ``name``."""
    for p in plots:
        if p == "WMD":
            st.d["wmd_available"] -= 1
        else:
            st.d["plots_available"].remove(p)
        st.d["countries"][name]["plots"].append(p)


# -- 1 Backlash ----------------------------------------------------------------------------------
@pytest.mark.rule("card 1")
def test_backlash_needs_a_plot_in_a_muslim_country():
    st = position("lets_roll")
    assert not playable(st, "US", 1)  # no plot on the map
    place_plots(st, "Iran", 1)  # Iran is not Muslim (4.4)
    place_plots(st, "Philippines", 2)  # non-Muslim
    assert not playable(st, "US", 1)
    place_plots(st, "Iraq", 3)
    assert playable(st, "US", 1)
    assert not playable(st, "Jihadist", 1)  # 6.2.5: a US event


@pytest.mark.rule("card 1", "8.5.4")
def test_backlash_us_selects_the_country_and_chance_picks_the_face_down_marker():
    st = position("lets_roll", funding=5)
    place_plots(st, "Iraq", 1, 1, 2)
    place_plots(st, "Pakistan", "WMD")
    place_plots(st, "Iran", 3)
    start_proc(st, "event", card=1, side="US", trigger="play")
    assert st.current_player() == "US"
    assert st.legal_actions() == [{"country": "Iraq"}, {"country": "Pakistan"}]
    feed(st, [{"country": "Iraq"}])
    # Face-down markers: uniform over the three markers in Iraq, so a "1" with 2/3.
    assert st.chance_outcomes() == [({"plot": 1}, Fraction(2, 3)), ({"plot": 2}, Fraction(1, 3))]
    feed(st, [{"plot": 2}])
    assert finished(st)
    assert st.d["backlash_plots"] == [{"country": "Iraq", "plot": 2}]
    assert st.d["countries"]["Iraq"]["plots"] == [1, 1, 2]  # the plot stays, face down
    assert st.d["funding"] == 5  # the effect is at the plot's resolution (plots.py)


@pytest.mark.rule("card 1")
def test_backlash_on_a_lone_wmd_plot_still_poses_the_chance_node():
    st = position("lets_roll")
    place_plots(st, "Pakistan", "WMD")
    play_event(st, 1, "US", [{"country": "Pakistan"}, {"plot": "WMD"}])
    assert st.d["backlash_plots"] == [{"country": "Pakistan", "plot": "WMD"}]


@pytest.mark.rule("card 1")
def test_backlash_never_picks_a_marker_already_chosen():
    st = position("lets_roll")
    place_plots(st, "Iraq", 1, 2)
    st.d["backlash_plots"].append({"country": "Iraq", "plot": 1})
    start_proc(st, "event", card=1, side="US", trigger="play")
    feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == [{"plot": 2}]
    st.d["countries"]["Iraq"]["plots"] = [1]
    st.d["plots_available"].append(2)
    assert not playable(st, "US", 1)


@pytest.mark.rule("card 1", "6.3.2.2")
def test_backlash_triggered_by_jihadist_ops_the_us_decides():
    st = position("lets_roll")
    place_plots(st, "Syria", 3)
    start_proc(st, "event", card=1, side="US", trigger="ops")
    assert st.current_player() == "US"
    feed(st, [{"country": "Syria"}, {"plot": 3}])
    assert finished(st) and event_happened(st) == "US"
    assert st.d["backlash_plots"] == [{"country": "Syria", "plot": 3}]


# -- 2 Biometrics --------------------------------------------------------------------------------
@pytest.mark.rule("card 2")
def test_biometrics_playable_by_the_us_only():
    st = position("lets_roll")
    assert playable(st, "US", 2)
    assert not playable(st, "Jihadist", 2)


@pytest.mark.rule("card 2", "4.7.7.1")
def test_biometrics_goes_to_the_lapsing_box():
    st = position("lets_roll", funding=6, prestige=7)
    before = {k: st.d[k] for k in ("funding", "prestige", "cells_track", "troops_track")}
    play(st, "US", 2, [{"use": "event"}])
    assert st.d["lapsing"] == [2] and 2 not in st.d["discard"]
    assert lapsing_in_effect(st, 2)
    assert {k: st.d[k] for k in before} == before


# -- 3 CTR ---------------------------------------------------------------------------------------
@pytest.mark.rule("card 3")
def test_ctr_needs_us_soft():
    st = position("lets_roll")
    assert st.d["us_posture"] == "hard"
    assert not playable(st, "US", 3)
    st.d["us_posture"] = "soft"
    assert playable(st, "US", 3)
    assert not playable(st, "Jihadist", 3)


@pytest.mark.rule("card 3", "6.2.7")
@pytest.mark.parametrize("align, in_central_asia", [
    (None, False),  # untested: no Alignment
    ("ally", True), ("neutral", True), ("adversary", False),
])
def test_ctr_markers_in_russia_and_central_asia_if_ally_or_neutral(align, in_central_asia):
    st = position("lets_roll", us_posture="soft")
    st.d["countries"]["Central Asia"].update(align=align, gov=None if align is None else "fair")
    play(st, "US", 3, [{"use": "event"}])
    assert st.d["countries"]["Russia"]["markers"] == ["CTR"]
    assert st.d["countries"]["Central Asia"]["markers"] == (["CTR"] if in_central_asia else [])
    assert 3 in st.d["discard"]  # MARK, not REMOVE


# -- 4 Moro Talks --------------------------------------------------------------------------------
@pytest.mark.rule("card 4")
def test_moro_talks_playable_by_the_us_only():
    st = position("lets_roll")
    assert playable(st, "US", 4)
    assert not playable(st, "Jihadist", 4)


@pytest.mark.rule("card 4", "6.2.8", "6.2.9")
def test_moro_talks_example_of_play_blocks_abu_sayyaf():
    # IT 2-player example, US card 1 of turn 1: the Philippines are Soft with Abu Sayyaf; Funding
    # 9 -> 8, the Abu Sayyaf marker becomes Moro Talks, the card is removed. No test: marked.
    st = position("lets_roll", funding=9)
    st.d["countries"]["Philippines"].update(posture="soft", sleepers=2, markers=["Abu Sayyaf"])
    conserve(st)
    play(st, "US", 4, [{"use": "event"}])
    assert st.d["funding"] == 8
    assert st.d["countries"]["Philippines"]["markers"] == ["Moro Talks"]
    assert st.d["countries"]["Philippines"]["posture"] == "soft"
    assert blocked(st, 57)
    assert 4 in st.d["removed"]


@pytest.mark.rule("card 4", "4.9.4")
def test_moro_talks_tests_an_untested_philippines():
    st = position("lets_roll", funding=1)
    assert st.d["countries"]["Philippines"]["posture"] is None
    play_event(st, 4, "US", [5])
    assert st.d["countries"]["Philippines"]["posture"] == "hard"
    assert st.d["funding"] == 1  # already at the bottom of the track
    assert st.d["countries"]["Philippines"]["markers"] == ["Moro Talks"]


# -- 5 NEST --------------------------------------------------------------------------------------
@pytest.mark.rule("card 5")
def test_nest_not_allowed_in_the_2003_scenario():
    assert not playable(position("mission_accomplished"), "US", 5)
    st = position("lets_roll")
    assert playable(st, "US", 5)
    assert not playable(st, "Jihadist", 5)


@pytest.mark.rule("card 5", "6.2.9")
def test_nest_marker_on_the_united_states():
    st = position("lets_roll", funding=6, prestige=7)
    play(st, "US", 5, [{"use": "event"}])
    assert st.d["countries"]["United States"]["markers"] == ["NEST"]
    assert (st.d["funding"], st.d["prestige"]) == (6, 7)
    assert 5 in st.d["removed"]


# -- 6-7 Sanctions -------------------------------------------------------------------------------
@pytest.mark.rule("card 6", "card 7")
@pytest.mark.parametrize("card", [6, 7])
def test_sanctions_needs_patriot_act(card):
    st = position("lets_roll")
    assert not playable(st, "US", card)
    st.d["countries"]["United States"]["markers"].append("Patriot Act")
    assert playable(st, "US", card)
    assert not playable(st, "Jihadist", card)  # 6.2.5: a US event


@pytest.mark.rule("card 6", "card 7")
@pytest.mark.parametrize("card", [6, 7])
def test_sanctions_funding_minus_two(card):
    st = position("anaconda", funding=5)  # Patriot Act in effect from the set-up
    play(st, "US", card, [{"use": "event"}])
    assert st.d["funding"] == 3
    assert card in st.d["discard"]


# -- 8-10 Special Forces -------------------------------------------------------------------------
@pytest.mark.rule("card 8", "card 9", "card 10")
@pytest.mark.parametrize("card", [8, 9, 10])
def test_special_forces_needs_a_cell_in_or_adjacent_to_troops(card):
    # Let's Roll: troops in the Gulf States and Saudi Arabia, cells only in Afghanistan (adjacent
    # to neither).
    st = position("lets_roll")
    assert not playable(st, "US", card)
    st.d["countries"]["Pakistan"].update(sleepers=1)  # adjacent to the Gulf States
    conserve(st)
    assert playable(st, "US", card)
    assert not playable(st, "Jihadist", card)
    st.d["countries"]["Pakistan"].update(sleepers=0)
    st.d["countries"]["Saudi Arabia"].update(actives=1)  # in a country with troops
    conserve(st)
    assert playable(st, "US", card)


@pytest.mark.rule("card 8")
def test_special_forces_adjacency_follows_patriot_act():
    st = position("lets_roll")
    st.d["countries"]["Philippines"].update(posture="soft", troops=1)
    st.d["countries"]["United States"].update(sleepers=1)
    conserve(st)
    assert playable(st, "US", 8)  # the US is adjacent to the Philippines
    st.d["countries"]["United States"]["markers"].append("Patriot Act")
    assert not playable(st, "US", 8)  # now adjacent only to Canada


@pytest.mark.rule("card 9", "4.8.4")
def test_special_forces_us_picks_country_then_cell():
    st = position("lets_roll")
    st.d["countries"]["Iraq"].update(sleepers=1, actives=2)  # adjacent to the Gulf States
    st.d["countries"]["Saudi Arabia"].update(sleepers=1)  # troops there
    st.d["countries"]["Syria"].update(sleepers=1)  # not adjacent to troops
    conserve(st)
    track = st.d["cells_track"]
    start_proc(st, "event", card=9, side="US", trigger="play")
    assert st.current_player() == "US"
    assert st.legal_actions() == [{"country": "Iraq"}, {"country": "Saudi Arabia"}]
    feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == [{"cell": "active"}, {"cell": "sleeper"}]
    feed(st, [{"cell": "active"}])
    assert finished(st)
    iraq = st.d["countries"]["Iraq"]
    assert (iraq["actives"], iraq["sleepers"], iraq["cadre"]) == (1, 1, False)
    assert st.d["cells_track"] == track + 1


@pytest.mark.rule("card 10", "4.8.4")
def test_special_forces_last_cell_leaves_a_cadre():
    st = position("lets_roll")
    st.d["countries"]["Saudi Arabia"].update(sleepers=1)
    conserve(st)
    play(st, "US", 10, [{"use": "event"}, {"country": "Saudi Arabia"}])  # one kind: not asked
    sa = st.d["countries"]["Saudi Arabia"]
    assert (sa["sleepers"], sa["actives"], sa["cadre"]) == (0, 0, True)
    assert 10 in st.d["discard"]


# -- 11 Abbas ------------------------------------------------------------------------------------
@pytest.mark.rule("card 11")
def test_abbas_playable_by_the_us_only():
    st = position("lets_roll")
    assert playable(st, "US", 11)
    assert not playable(st, "Jihadist", 11)


@pytest.mark.rule("card 11", "6.2.9")
def test_abbas_prestige_and_funding():
    st = position("lets_roll", prestige=7, funding=9)  # 11 troops on the track: Low Intensity
    play(st, "US", 11, [{"use": "event"}])
    assert (st.d["prestige"], st.d["funding"]) == (8, 7)
    assert st.d["events_in_effect"] == ["Abbas"]
    assert 11 in st.d["removed"]


@pytest.mark.rule("card 11", "6.2.4", "4.7.3")
def test_abbas_overstretch_places_only_the_marker():
    st = position("lets_roll", prestige=7, funding=9)
    st.d["countries"]["Iraq"].update(troops=7)
    conserve(st)
    assert st.d["troops_track"] == 4  # Overstretch
    play_event(st, 11, "US", [])
    assert (st.d["prestige"], st.d["funding"]) == (7, 9)
    assert st.d["events_in_effect"] == ["Abbas"]


@pytest.mark.rule("card 11", "6.2.4")
def test_abbas_islamist_rule_next_to_israel_places_only_the_marker():
    st = position("lets_roll", prestige=7, funding=9)
    st.d["countries"]["Lebanon"].update(gov="islamist_rule", align="adversary")
    play_event(st, 11, "US", [])
    assert (st.d["prestige"], st.d["funding"]) == (7, 9)
    assert st.d["events_in_effect"] == ["Abbas"]
    # Syria is not adjacent to Israel (map): an Islamist Syria does not stop the bonus.
    st = position("lets_roll", prestige=7, funding=9)
    st.d["countries"]["Syria"].update(gov="islamist_rule")
    play_event(st, 11, "US", [])
    assert (st.d["prestige"], st.d["funding"]) == (8, 7)


# -- 12 Al-Azhar ---------------------------------------------------------------------------------
@pytest.mark.rule("card 12")
def test_al_azhar_playable_by_the_us_only():
    st = position("lets_roll")
    assert playable(st, "US", 12)
    assert not playable(st, "Jihadist", 12)


@pytest.mark.rule("card 12", "4.9.4")
def test_al_azhar_solo_example_no_islamist_rule_minus_four():
    # IT solo example, 3rd US phase: Egypt tested Poor Neutral, Funding 7 -> 3 (Afghanistan was
    # regime-changed earlier, so no country is under Islamist Rule).
    st = position("lets_roll", funding=7)
    st.d["countries"]["Afghanistan"].update(gov="poor", align="ally", rc="green")
    play(st, "US", 12, [{"use": "event"}, 3])
    assert st.d["countries"]["Egypt"]["gov"] == "poor"
    assert st.d["countries"]["Egypt"]["align"] == "neutral"
    assert st.d["funding"] == 3
    assert 12 in st.d["discard"]


@pytest.mark.rule("card 12")
def test_al_azhar_with_islamist_rule_minus_two_and_no_test_of_a_marked_egypt():
    st = position("lets_roll", funding=7)  # Afghanistan under Islamist Rule
    st.d["countries"]["Egypt"].update(gov="fair", align="ally")
    play_event(st, 12, "US", [])  # no die: Egypt is marked (FAQ 1)
    assert st.d["countries"]["Egypt"]["gov"] == "fair"
    assert st.d["funding"] == 5


# -- 13 Anbar Awakening --------------------------------------------------------------------------
@pytest.mark.rule("card 13")
def test_anbar_awakening_needs_troops_in_iraq_or_syria():
    st = position("lets_roll")
    assert not playable(st, "US", 13)
    st.d["countries"]["Syria"].update(troops=1)
    conserve(st)
    assert playable(st, "US", 13)
    assert not playable(st, "Jihadist", 13)


@pytest.mark.rule("card 13", "6.2.8")
def test_anbar_awakening_aid_prestige_marker_and_blocks_al_anbar():
    st = position("lets_roll", prestige=7)
    st.d["countries"]["Iraq"].update(troops=2, markers=["Al-Anbar"])
    st.d["countries"]["Syria"].update(troops=1)
    conserve(st)
    start_proc(st, "event", card=13, side="US", trigger="play")
    assert st.legal_actions() == [{"country": "Iraq"}, {"country": "Syria"}]
    feed(st, [{"country": "Syria"}])
    assert finished(st)
    assert st.d["countries"]["Syria"]["aid"] == 1
    assert st.d["countries"]["Iraq"]["aid"] == 0
    assert st.d["prestige"] == 8
    assert st.d["countries"]["Syria"]["markers"] == ["Anbar Awakening"]
    assert st.d["countries"]["Iraq"]["markers"] == []  # Al-Anbar ended (6.2.8)
    assert blocked(st, 58)


@pytest.mark.rule("card 13")
def test_anbar_awakening_only_iraq_and_aid_adds_up():
    st = position("lets_roll", prestige=12)
    st.d["countries"]["Iraq"].update(troops=3, aid=1)
    conserve(st)
    play(st, "US", 13, [{"use": "event"}, {"country": "Iraq"}])
    assert st.d["countries"]["Iraq"]["aid"] == 2
    assert st.d["prestige"] == 12  # top of the track
    assert st.d["countries"]["Iraq"]["markers"] == ["Anbar Awakening"]
    assert 13 in st.d["discard"]  # MARK, not REMOVE


# -- 14 Covert Action ----------------------------------------------------------------------------
@pytest.mark.rule("card 14")
def test_covert_action_needs_an_adversary():
    st = position("lets_roll")
    assert playable(st, "US", 14)
    assert not playable(st, "Jihadist", 14)
    for c in st.d["countries"].values():
        if c["align"] == "adversary":
            c["align"] = "neutral"
    assert not playable(st, "US", 14)


@pytest.mark.rule("card 14")
@pytest.mark.parametrize("die, align", [(3, "adversary"), (4, "neutral"), (6, "neutral")])
def test_covert_action_roll_four_to_six_shifts_to_neutral(die, align):
    st = position("lets_roll")
    start_proc(st, "event", card=14, side="US", trigger="play")
    # Let's Roll: Afghanistan (Islamist Rule), Iraq, Libya and Syria are Adversaries.
    assert st.legal_actions() == [{"country": n} for n in ("Afghanistan", "Iraq", "Libya", "Syria")]
    feed(st, [{"country": "Iraq"}, die])
    assert finished(st)
    assert st.d["countries"]["Iraq"]["align"] == align
    assert st.d["countries"]["Iraq"]["gov"] == "poor"


@pytest.mark.rule("card 14")
def test_covert_action_on_islamist_rule_stays_islamist_rule():
    # FAQ 2 / A50: an event may shift an Islamist Rule Adversary to Neutral (7.1.3 still applies).
    st = position("lets_roll")
    play(st, "US", 14, [{"use": "event"}, {"country": "Afghanistan"}, 5])
    afg = st.d["countries"]["Afghanistan"]
    assert (afg["gov"], afg["align"]) == ("islamist_rule", "neutral")
    assert 14 in st.d["discard"]


# -- 15 Ethiopia Strikes -------------------------------------------------------------------------
@pytest.mark.rule("card 15")
def test_ethiopia_strikes_needs_islamist_somalia():
    st = position("lets_roll")
    assert not playable(st, "US", 15)  # Somalia untested
    st.d["countries"]["Somalia"].update(gov="poor", align="adversary")
    assert not playable(st, "US", 15)
    st.d["countries"]["Somalia"].update(gov="islamist_rule")
    assert playable(st, "US", 15)
    assert not playable(st, "Jihadist", 15)


@pytest.mark.rule("card 15", "6.2.9")
def test_ethiopia_strikes_sets_somalia_poor_neutral():
    st = position("lets_roll")
    st.d["countries"]["Somalia"].update(gov="islamist_rule", align="adversary", sleepers=2)
    conserve(st)
    play(st, "US", 15, [{"use": "event"}])
    som = st.d["countries"]["Somalia"]
    assert (som["gov"], som["align"], som["sleepers"]) == ("poor", "neutral", 2)
    assert 15 in st.d["removed"]


@pytest.mark.rule("card 15", "6.3.2.1")
def test_ethiopia_strikes_triggered_while_unplayable_does_not_happen():
    st = position("lets_roll")
    st.d["countries"]["Somalia"].update(gov="poor", align="adversary")
    play_event(st, 15, "US", [], trigger="ops")
    assert event_happened(st) is None
    assert st.d["countries"]["Somalia"]["align"] == "adversary"


# -- 16 Euro-Islam -------------------------------------------------------------------------------
@pytest.mark.rule("card 16")
def test_euro_islam_playable_by_the_us_only():
    st = position("lets_roll")
    assert playable(st, "US", 16)
    assert not playable(st, "Jihadist", 16)


@pytest.mark.rule("card 16")
def test_euro_islam_with_islamist_rule_only_the_posture():
    st = position("lets_roll", funding=9)  # Afghanistan under Islamist Rule
    start_proc(st, "event", card=16, side="US", trigger="play")
    assert st.current_player() == "US"
    assert st.legal_actions() == [{"posture": "hard"}, {"posture": "soft"}]  # selected, not tested (A54)
    feed(st, [{"posture": "hard"}])
    assert finished(st)
    assert st.d["countries"]["Benelux"]["posture"] == "hard"
    assert st.d["funding"] == 9


@pytest.mark.rule("card 16", "6.2.9")
def test_euro_islam_no_islamist_rule_minus_one_funding():
    # A06: "Fondi Islamici" read as Islamist Rule.
    st = position("anaconda", funding=6)  # no Islamist Rule; Benelux Soft
    play(st, "US", 16, [{"use": "event"}, {"posture": "hard"}])
    assert st.d["countries"]["Benelux"]["posture"] == "hard"
    assert st.d["funding"] == 5
    assert 16 in st.d["removed"]
