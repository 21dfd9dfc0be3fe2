"""Events of the US cards 17-32 (model/labyrinth/events/us_17_32.py).

Card texts: the Italian card list (seed 000), the primary source; A-numbers: seed_labyrinth.md g.2.
"""
from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from cdg_oracle.model.labyrinth.events.lasting import blocked, in_effect, marker_on
from tests.labyrinth.harness import (
    conserve, events_run, feed, finished, give, play, play_event, playable, position, start_proc,
)


def place_plots(st, name, *plots):
    """Put plot markers from Available Plots (numbered) or the WMD pool into ``name``."""
    for p in plots:
        if p == "WMD":
            st.d["wmd_available"] -= 1
        else:
            st.d["plots_available"].remove(p)
        st.d["countries"][name]["plots"].append(p)


def us_event_only(st, card):
    """6.2.5: a US event; the Jihadist may never play it."""
    assert not playable(st, "Jihadist", card)


# -- 17 FSB ---------------------------------------------------------------------------------------
@pytest.mark.rule("card 17")
def test_fsb_has_no_precondition():
    st = position("lets_roll")  # no cell in Russia or Central Asia, no nuke card in hand
    assert playable(st, "US", 17)
    us_event_only(st, 17)


@pytest.mark.rule("card 17", "6.3.2.3")
def test_fsb_discards_every_nuke_card_of_the_jihadist_hand():
    st = position("lets_roll", countries={"Russia": {"sleepers": 1}})
    conserve(st)
    st.d["hands"]["Jihadist"] = [3, 65, 71]
    for n in (65, 71):
        st.d["deck"].remove(n)
    play_event(st, 17, "US", [])
    assert st.d["hands"]["Jihadist"] == [3]
    assert st.d["discard"][-2:] == [65, 71]
    assert st.d["countries"]["Russia"]["sleepers"] == 1  # "Altrimenti": no cell removed


@pytest.mark.rule("card 17", "4.8.4")
def test_fsb_otherwise_the_us_removes_a_cell_from_russia_or_central_asia():
    st = position("lets_roll", countries={"Russia": {"actives": 1},
                                          "Central Asia": {"gov": "fair", "align": "neutral", "sleepers": 2}})
    conserve(st)
    track = st.d["cells_track"]
    start_proc(st, "event", card=17, side="US", trigger="play")
    assert st.current_player() == "US"
    assert st.legal_actions() == [{"country": "Russia"}, {"country": "Central Asia"}]
    feed(st, [{"country": "Russia"}])
    assert finished(st)
    assert st.d["countries"]["Russia"]["actives"] == 0
    assert st.d["countries"]["Russia"]["cadre"] is True  # 4.8.4: the last cell removed by an event
    assert st.d["countries"]["Central Asia"]["sleepers"] == 2
    assert st.d["cells_track"] == track + 1


@pytest.mark.rule("card 17")
def test_fsb_with_nothing_to_remove_does_nothing():
    st = position("lets_roll")
    before = copy.deepcopy(st.d["countries"])
    play_event(st, 17, "US", [])
    assert st.d["countries"] == before


# -- 18 Intel Community ---------------------------------------------------------------------------
@pytest.mark.rule("card 18")
def test_intel_community_has_no_precondition():
    st = position("lets_roll")
    assert playable(st, "US", 18)
    us_event_only(st, 18)


@pytest.mark.rule("card 18", "6.3.3")
def test_intel_community_one_value_op_for_reserves_then_a_third_card():
    """A30: the 1-value operation may be Reserves; the extra card is played at once."""
    st = position("lets_roll")
    start_proc(st, "play_card", side="US", card=18)
    feed(st, [{"use": "event"}])
    assert {"op": "reserves"} in st.legal_actions()
    assert {"op": "reassessment"} not in st.legal_actions()
    feed(st, [{"op": "reserves"}])
    assert st.d["reserves"]["US"] == 1
    hand = st.d["hands"]["US"]
    assert hand == [2, 4, 6, 8, 10, 12, 14, 16]
    assert st.legal_actions() == [{"card": n} for n in hand] + ["pass"]
    feed(st, [{"card": 4}, {"use": "reserves"}])  # the extra card, used for Reserves: 1 + 1
    assert finished(st)
    assert st.d["reserves"]["US"] == 2
    assert st.d["hands"]["US"] == [2, 6, 8, 10, 12, 14, 16]
    assert st.d["discard"][-2:] == [4, 18]  # the extra card resolves inside card 18's play
    assert st.d["in_play"] == []


@pytest.mark.rule("card 18", "7.2.3")
def test_intel_community_war_of_ideas_of_value_one_then_pass():
    st = position("lets_roll")
    st.d["us_posture"] = "soft"
    play(st, "US", 18, [{"use": "event"}, {"op": "war_of_ideas"}, {"country": "Spain"}, 2, "pass"])
    assert st.d["countries"]["Spain"]["posture"] == "soft"
    assert st.d["prestige"] == 8  # Spain's Posture matches the US's: +1
    assert len(st.d["hands"]["US"]) == 8
    assert 18 in st.d["discard"]


@pytest.mark.rule("card 18", "6.3.2.2")
def test_intel_community_triggered_by_the_jihadist_the_us_decides():
    st = position("lets_roll")
    start_proc(st, "event", card=18, side="US", trigger="ops")
    assert st.current_player() == "US"
    feed(st, [{"op": "reserves"}])
    assert st.current_player() == "US" and "pass" in st.legal_actions()
    feed(st, ["pass"])
    assert finished(st) and st.d["reserves"]["US"] == 1


# -- 19 Kemalist Republic ---------------------------------------------------------------------------
@pytest.mark.rule("card 19")
def test_kemalist_republic_has_no_precondition():
    st = position("lets_roll")
    assert playable(st, "US", 19)
    us_event_only(st, 19)


@pytest.mark.rule("card 19")
@pytest.mark.parametrize("before", [
    {"gov": None, "align": None},
    {"gov": "islamist_rule", "align": "adversary"},
    {"gov": "good", "align": "neutral"},
])
def test_kemalist_republic_sets_turkey_to_fair_ally(before):
    st = position("lets_roll", countries={"Turkey": before})
    play(st, "US", 19, [{"use": "event"}])  # no Test: the event sets both markers
    t = st.d["countries"]["Turkey"]
    assert (t["gov"], t["align"]) == ("fair", "ally")
    assert 19 in st.d["discard"]


# -- 20 King Abdullah -------------------------------------------------------------------------------
@pytest.mark.rule("card 20")
def test_king_abdullah_has_no_precondition():
    st = position("lets_roll")
    assert playable(st, "US", 20)
    us_event_only(st, 20)


@pytest.mark.rule("card 20", "6.2.9")
def test_king_abdullah_jordan_fair_ally_prestige_up_funding_down_removed():
    st = position("lets_roll", prestige=7, funding=9)
    play(st, "US", 20, [{"use": "event"}])
    j = st.d["countries"]["Jordan"]
    assert (j["gov"], j["align"]) == ("fair", "ally")
    assert st.d["prestige"] == 8 and st.d["funding"] == 8
    assert 20 in st.d["removed"] and 20 not in st.d["discard"]


# -- 21 "Let's Roll!" -------------------------------------------------------------------------------
@pytest.mark.rule("card 21")
def test_lets_roll_needs_a_plot_in_an_ally_or_a_good_country():
    """A36: "Alleato o Buono": a Muslim Ally, or any Good country (non-Muslim ones included)."""
    st = position("lets_roll")
    assert not playable(st, "US", 21)
    place_plots(st, "Iraq", 1)  # Poor Adversary
    place_plots(st, "Russia", 2)  # non-Muslim Fair
    place_plots(st, "Iran", 3)  # Fair (4.4)
    assert not playable(st, "US", 21)
    for name in ("Saudi Arabia", "United Kingdom"):  # Poor Ally; non-Muslim Good
        s = position("lets_roll")
        place_plots(s, name, 1)
        assert playable(s, "US", 21)
        us_event_only(s, 21)
    s = position("lets_roll", countries={"Pakistan": {"gov": "good", "align": "neutral"}})
    place_plots(s, "Pakistan", 1)  # Good Neutral
    assert playable(s, "US", 21)


@pytest.mark.rule("card 21", "8.5.4", "7.5.3", "5.3.1")
def test_lets_roll_reveals_a_random_face_down_plot_draws_and_selects_a_posture():
    st = position("lets_roll")
    place_plots(st, "Gulf States", 1, 3, 3)
    place_plots(st, "United Kingdom", 2)
    place_plots(st, "Iraq", 2)  # not eligible
    start_proc(st, "event", card=21, side="US", trigger="play")
    assert st.legal_actions() == [{"country": "Gulf States"}, {"country": "United Kingdom"}]
    feed(st, [{"country": "Gulf States"}])
    assert st.chance_outcomes() == [({"plot": 1}, Fraction(1, 3)), ({"plot": 3}, Fraction(2, 3))]
    feed(st, [{"plot": 3}])
    assert st.d["countries"]["Gulf States"]["plots"] == [1, 3]
    assert st.d["plots_available"] == [1, 3]
    drawn = st.d["deck"][0]
    assert st.legal_actions() == [{"card": n} for n in st.d["deck"]]  # the draw: a chance node
    feed(st, [{"card": drawn}])
    assert drawn in st.d["hands"]["US"] and len(st.d["hands"]["US"]) == 10
    options = st.legal_actions()
    assert {"country": "Spain"} in options and {"country": "Russia"} in options
    assert {"country": "United States"} not in options and {"country": "Israel"} not in options
    assert {"country": "Iraq"} not in options  # Muslim: no Posture
    feed(st, [{"country": "Spain"}, {"posture": "hard"}])
    assert finished(st)
    assert st.d["countries"]["Spain"]["posture"] == "hard"


@pytest.mark.rule("card 21", "8.5.5")
def test_lets_roll_removes_a_wmd_plot_from_the_game():
    st = position("lets_roll")
    st.d["wmd_available"] = 1
    place_plots(st, "United Kingdom", "WMD")
    removed = st.d["wmd_removed"]
    play_event(st, 21, "US", [{"country": "United Kingdom"}, {"plot": "WMD"}, {"card": st.d["deck"][0]},
                              {"country": "Canada"}, {"posture": "soft"}])
    assert st.d["countries"]["United Kingdom"]["plots"] == []
    assert st.d["wmd_removed"] == removed + 1
    assert st.d["wmd_available"] == 0
    assert st.d["countries"]["Canada"]["posture"] == "soft"


@pytest.mark.rule("card 21", "card 5")
def test_lets_roll_under_nest_the_us_sees_the_wmd_plots_in_the_us():
    st = position("lets_roll")
    place_plots(st, "United States", 2, 3)
    st.d["wmd_available"] = 1
    place_plots(st, "United States", "WMD")
    st.d["countries"]["United States"]["markers"].append("NEST")
    start_proc(st, "event", card=21, side="US", trigger="play")
    feed(st, [{"country": "United States"}])
    assert st.current_player() == "US"
    assert st.legal_actions() == [{"plot": "WMD"}, {"plot": "face_down"}]
    feed(st, [{"plot": "face_down"}])
    assert st.chance_outcomes() == [({"plot": 2}, Fraction(1, 2)), ({"plot": 3}, Fraction(1, 2))]
    s = position("lets_roll")
    s.d["wmd_available"] = 1
    place_plots(s, "United States", 2, "WMD")
    s.d["countries"]["United States"]["markers"].append("NEST")
    play_event(s, 21, "US", [{"country": "United States"}, {"plot": "WMD"}, {"card": s.d["deck"][0]},
                             {"country": "France"}, {"posture": "hard"}])
    assert s.d["countries"]["United States"]["plots"] == [2]
    assert s.d["wmd_removed"] == 1


# -- 22 Mossad and Shin Bet -------------------------------------------------------------------------
@pytest.mark.rule("card 22")
def test_mossad_needs_a_cell_in_israel_jordan_or_lebanon():
    st = position("lets_roll", countries={"Syria": {"sleepers": 1}, "Egypt": {"sleepers": 1}})
    conserve(st)
    assert not playable(st, "US", 22)
    for name in ("Israel", "Jordan", "Lebanon"):
        s = position("lets_roll", countries={name: {"actives": 1}})
        conserve(s)
        assert playable(s, "US", 22)
        us_event_only(s, 22)


@pytest.mark.rule("card 22", "4.8.4")
def test_mossad_removes_every_cell_there_leaving_cadres():
    st = position("lets_roll", countries={
        "Israel": {"sleepers": 1}, "Jordan": {"gov": "fair", "align": "ally", "actives": 1, "sleepers": 2},
        "Syria": {"sleepers": 1}})
    conserve(st)
    track = st.d["cells_track"]
    play(st, "US", 22, [{"use": "event"}])
    for name in ("Israel", "Jordan"):
        c = st.d["countries"][name]
        assert (c["sleepers"], c["actives"], c["cadre"]) == (0, 0, True)
    assert st.d["countries"]["Lebanon"]["cadre"] is False  # had no cell
    assert st.d["countries"]["Syria"]["sleepers"] == 1
    assert st.d["cells_track"] == track + 4
    assert 22 in st.d["discard"]


# -- 23-25 Predator ---------------------------------------------------------------------------------
@pytest.mark.rule("card 23", "card 24", "card 25")
@pytest.mark.parametrize("card", [23, 24, 25])
def test_predator_has_no_precondition(card):
    """No "Giocatela se" is printed: playable (and useless) without a cell in a Muslim country."""
    st = position("lets_roll", countries={"Afghanistan": {"sleepers": 0}, "Iran": {"sleepers": 1}})
    conserve(st)
    assert playable(st, "US", card)
    us_event_only(st, card)
    play_event(st, card, "US", [])  # nothing to remove: no question
    assert st.d["countries"]["Iran"]["sleepers"] == 1


@pytest.mark.rule("card 23", "card 24", "card 25", "4.8.4")
@pytest.mark.parametrize("card", [23, 24, 25])
def test_predator_removes_a_cell_from_a_muslim_country_not_iran(card):
    st = position("lets_roll", countries={"Iraq": {"sleepers": 1, "actives": 1}, "Iran": {"sleepers": 1},
                                          "Russia": {"sleepers": 1}})
    conserve(st)
    start_proc(st, "event", card=card, side="US", trigger="play")
    assert st.legal_actions() == [{"country": "Afghanistan"}, {"country": "Iraq"}]
    feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == [{"cell": "active"}, {"cell": "sleeper"}]
    feed(st, [{"cell": "active"}])
    assert finished(st)
    iraq = st.d["countries"]["Iraq"]
    assert (iraq["actives"], iraq["sleepers"], iraq["cadre"]) == (0, 1, False)
    play_event(st, card, "US", [{"country": "Iraq"}])  # one kind left: not asked
    assert (iraq["actives"], iraq["sleepers"], iraq["cadre"]) == (0, 0, True)


# -- 26 Quartet -------------------------------------------------------------------------------------
@pytest.mark.rule("card 26", "4.7.3")
def test_quartet_needs_abbas_no_overstretch_and_no_islamist_rule_next_to_israel():
    st = position("lets_roll")  # troops track 11: Low Intensity
    assert not playable(st, "US", 26)  # no Abbas
    st.d["events_in_effect"].append("Abbas")
    assert playable(st, "US", 26)
    us_event_only(st, 26)
    st.d["countries"]["Pakistan"].update(gov="islamist_rule", align="adversary")  # far from Israel
    assert playable(st, "US", 26)
    st.d["countries"]["Lebanon"].update(gov="islamist_rule", align="adversary")
    assert not playable(st, "US", 26)
    st.d["countries"]["Lebanon"].update(gov="poor")
    st.d["countries"]["Saudi Arabia"]["troops"] = 6
    conserve(st)
    assert st.d["troops_track"] == 7  # War
    assert playable(st, "US", 26)
    st.d["countries"]["Saudi Arabia"]["troops"] = 9
    conserve(st)
    assert st.d["troops_track"] == 4  # Overstretch
    assert not playable(st, "US", 26)


@pytest.mark.rule("card 26")
def test_quartet_prestige_plus_two_funding_minus_three():
    st = position("lets_roll", prestige=7, funding=9)
    st.d["events_in_effect"].append("Abbas")
    play(st, "US", 26, [{"use": "event"}])
    assert st.d["prestige"] == 9 and st.d["funding"] == 6
    assert 26 in st.d["discard"]


# -- 27 Saddam Captured -----------------------------------------------------------------------------
@pytest.mark.rule("card 27")
def test_saddam_captured_needs_troops_in_iraq():
    st = position("lets_roll")
    assert not playable(st, "US", 27)
    st.d["countries"]["Iraq"]["troops"] = 1
    conserve(st)
    assert playable(st, "US", 27)
    us_event_only(st, 27)


@pytest.mark.rule("card 27", "6.2.7", "6.2.8", "6.2.9")
def test_saddam_captured_aid_prestige_marker_in_iraq_blocks_saddam():
    st = position("mission_accomplished", prestige=3)  # Iraq: Poor Ally, 6 troops, RC
    assert not blocked(st, 92)
    play(st, "US", 27, [{"use": "event"}])
    assert st.d["countries"]["Iraq"]["aid"] == 1
    assert st.d["prestige"] == 4
    assert marker_on(st, "Saddam Captured", "Iraq")
    assert blocked(st, 92)
    assert 27 in st.d["removed"]


# -- 28 Sharia --------------------------------------------------------------------------------------
@pytest.mark.rule("card 28")
@pytest.mark.reading("P04")
def test_sharia_has_no_printed_precondition():
    """Decision: "Rimuovere un segnalino di Regime Assediato" states no precondition (6.2.6), so the
    card is playable without a Besieged Regime and then does nothing. The ruling
    ``sharia_needs_besieged_regime`` reads it as one."""
    st = position("lets_roll", countries={"Somalia": {"besieged": False}})
    assert playable(st, "US", 28)
    us_event_only(st, 28)
    play_event(st, 28, "US", [])  # no Besieged Regime: no question, nothing happens
    from tests.labyrinth.harness import with_rulings

    st = with_rulings(st, sharia_needs_besieged_regime=True)
    assert not playable(st, "US", 28)
    st.d["countries"]["Somalia"]["besieged"] = True
    assert playable(st, "US", 28)


@pytest.mark.rule("card 28")
def test_sharia_the_us_picks_which_besieged_regime_is_removed():
    st = position("lets_roll", countries={"Iraq": {"besieged": True}})  # Somalia's is there too (A34)
    start_proc(st, "event", card=28, side="US", trigger="play")
    assert st.legal_actions() == [{"country": "Iraq"}, {"country": "Somalia"}]
    feed(st, [{"country": "Somalia"}])
    assert finished(st)
    assert st.d["countries"]["Somalia"]["besieged"] is False
    assert st.d["countries"]["Iraq"]["besieged"] is True


# -- 29 Tony Blair ----------------------------------------------------------------------------------
@pytest.mark.rule("card 29")
def test_tony_blair_has_no_precondition():
    st = position("lets_roll")
    assert playable(st, "US", 29)
    us_event_only(st, 29)


@pytest.mark.rule("card 29", "7.2.3", "4.9.3", "6.2.9")
def test_tony_blair_uk_posture_then_war_of_ideas_in_schengen_countries():
    st = position("lets_roll", prestige=7, countries={"United Kingdom": {"posture": "soft"},
                                                      "France": {"posture": "hard"}})
    assert st.d["us_posture"] == "hard"
    give(st, "US", 29)
    start_proc(st, "play_card", side="US", card=29)
    feed(st, [{"use": "event"}])
    assert st.d["countries"]["United Kingdom"]["posture"] == "hard"
    schengen = [{"country": n} for n in st.map.schengen]
    assert st.legal_actions() == schengen + ["done"]
    feed(st, [{"country": "Spain"}, 5])  # 5: Hard = US Posture: Prestige +1
    assert st.d["countries"]["Spain"]["posture"] == "hard" and st.d["prestige"] == 8
    assert {"country": "Spain"} not in st.legal_actions()  # different countries
    feed(st, [{"country": "France"}, 4])  # a marked country rolls too: 4 = Soft
    assert st.d["countries"]["France"]["posture"] == "soft" and st.d["prestige"] == 8
    feed(st, ["done"])
    assert finished(st)
    assert 29 in st.d["removed"]


@pytest.mark.rule("card 29", "7.2.3")
def test_tony_blair_stops_after_three_countries():
    st = position("lets_roll", prestige=7)
    st.d["us_posture"] = "soft"
    play_event(st, 29, "US", [{"country": "Benelux"}, 1, {"country": "Germany"}, 6, {"country": "Italy"}, 2])
    assert st.d["countries"]["United Kingdom"]["posture"] == "soft"
    assert [st.d["countries"][n]["posture"] for n in ("Benelux", "Germany", "Italy")] == ["soft", "hard", "soft"]
    assert st.d["prestige"] == 9


# -- 30 UN Nation Building --------------------------------------------------------------------------
@pytest.mark.rule("card 30", "6.2.8")
def test_un_nation_building_needs_a_regime_change_country_and_no_vieira_de_mello():
    st = position("lets_roll")
    assert not playable(st, "US", 30)
    st = position("anaconda")  # Afghanistan: tan Regime Change
    assert playable(st, "US", 30)
    us_event_only(st, 30)
    st.d["events_in_effect"].append("Vieira de Mello Slain")
    assert not playable(st, "US", 30)


def _anaconda_with_gwot_penalty_3():
    st = position("anaconda", prestige=8)  # High: +1
    for n in ("Spain", "France", "Germany"):
        st.d["countries"][n]["posture"] = "soft"  # World Soft 3 against a Hard US: penalty 3
    return st


@pytest.mark.rule("card 30", "6.2.2", "7.2.1.3", "7.2.1.2", "4.9.2")
def test_un_nation_building_aid_and_war_of_ideas_with_no_gwot_penalty():
    """6.2.2 example: the roll is made although troops (6) exceed cells (2) by less than 5
    (7.2.1.3); the penalty of 3 is ignored: die 3 + 1 Prestige + 1 Aid = 5, success."""
    from cdg_oracle.model.labyrinth.tracks import gwot_penalty
    from cdg_oracle.model.labyrinth.operations.us import woi_targets

    st = _anaconda_with_gwot_penalty_3()
    assert gwot_penalty(st.d) == 3
    assert "Afghanistan" not in woi_targets(st, 3)
    start_proc(st, "event", card=30, side="US", trigger="play")
    assert st.legal_actions() == [{"country": "Afghanistan"}]
    feed(st, [{"country": "Afghanistan"}])
    assert st.d["countries"]["Afghanistan"]["aid"] == 1
    feed(st, [3])
    assert finished(st)
    a = st.d["countries"]["Afghanistan"]
    assert (a["gov"], a["align"], a["aid"], a["rc"]) == ("fair", "ally", 1, "tan")


@pytest.mark.rule("card 30", "7.2.1.2", "7.2.2.1")
def test_un_nation_building_failed_roll_keeps_the_one_aid():
    st = _anaconda_with_gwot_penalty_3()
    play(st, "US", 30, [{"use": "event"}, {"country": "Afghanistan"}, 2])  # 2 + 1 + 1 = 4: fails
    a = st.d["countries"]["Afghanistan"]
    assert (a["gov"], a["aid"]) == ("poor", 1)
    assert 30 in st.d["discard"]


@pytest.mark.rule("card 30", "7.2.1.1")
def test_un_nation_building_neutral_becomes_ally_adversary_unchanged():
    st = position("anaconda", prestige=8, countries={"Afghanistan": {"align": "neutral"}})
    play_event(st, 30, "US", [{"country": "Afghanistan"}, 3])
    assert st.d["countries"]["Afghanistan"]["align"] == "ally"
    assert st.d["countries"]["Afghanistan"]["gov"] == "poor"
    st = position("anaconda", prestige=8, countries={"Afghanistan": {"align": "adversary"}})
    play_event(st, 30, "US", [{"country": "Afghanistan"}, 6])
    a = st.d["countries"]["Afghanistan"]
    assert (a["gov"], a["align"], a["aid"]) == ("poor", "adversary", 1)


# -- 31 Wiretapping ---------------------------------------------------------------------------------
@pytest.mark.rule("card 31")
@pytest.mark.parametrize("name,what", [("United States", {"sleepers": 1}), ("United Kingdom", {"cadre": True}),
                                       ("Canada", {"actives": 1})])
def test_wiretapping_needs_cadres_cells_or_plots_in_us_uk_canada(name, what):
    st = position("lets_roll", countries={"France": {"sleepers": 1, "cadre": True}})
    conserve(st)
    place_plots(st, "Germany", 1)
    assert not playable(st, "US", 31)
    st.d["countries"][name].update(what)
    conserve(st)
    assert playable(st, "US", 31)
    us_event_only(st, 31)
    s = position("lets_roll")
    place_plots(s, "Canada", 2)
    assert playable(s, "US", 31)


@pytest.mark.rule("card 31", "card 84")
def test_wiretapping_is_blocked_by_leak_despite_its_text():
    """The IT card says "Non può essere bloccata da Fuga di Notizie", but Leak's own text lists
    Wiretapping among the markers it flips: A04 resolves that the "Non" is an error, and the model
    (event_markers.yaml leak_targets) follows A04."""
    st = position("lets_roll", countries={"Canada": {"sleepers": 1}})
    conserve(st)
    st.d["events_in_effect"].append("Leak [Wiretapping]")
    assert not playable(st, "US", 31)


@pytest.mark.rule("card 31", "7.5.3", "8.5.5", "6.2.7")
def test_wiretapping_removes_cadres_cells_plots_without_cadres_marks_and_draws():
    st = position("lets_roll", countries={
        "United States": {"sleepers": 1, "actives": 1}, "United Kingdom": {"cadre": True},
        "Canada": {"sleepers": 2}, "France": {"sleepers": 1}})
    conserve(st)
    st.d["wmd_available"] = 1
    place_plots(st, "United States", 2, "WMD")
    place_plots(st, "Canada", 3)
    track = st.d["cells_track"]
    drawn = st.d["deck"][0]
    play(st, "US", 31, [{"use": "event"}, {"card": drawn}])
    for name in ("United States", "United Kingdom", "Canada"):
        c = st.d["countries"][name]
        assert (c["sleepers"], c["actives"], c["cadre"], c["plots"]) == (0, 0, False, []), name
    assert st.d["countries"]["France"]["sleepers"] == 1
    assert st.d["cells_track"] == track + 4
    assert st.d["plots_available"] == [1, 1, 2, 2, 3, 3]
    assert st.d["wmd_removed"] == 1 and st.d["wmd_available"] == 0
    assert in_effect(st, "Wiretapping") and "Wiretapping" in st.d["events_in_effect"]
    assert drawn in st.d["hands"]["US"] and 31 not in st.d["hands"]["US"]
    assert 31 in st.d["discard"]


# -- 32 Back Channel --------------------------------------------------------------------------------
@pytest.mark.rule("card 32")
def test_back_channel_needs_soft_and_another_card_of_an_adversarys_resources():
    st = position("lets_roll", countries={"Iraq": {"align": "neutral"}})
    # Adversaries: Afghanistan 1 (Islamist Rule), Libya 1, Syria 2. Cards 33 and 32: value 3.
    st.d["hands"]["US"] = [32, 33]
    st.d["us_posture"] = "soft"
    assert not playable(st, "US", 32)
    st.d["countries"]["Iraq"]["align"] = "adversary"  # Resources 3
    assert playable(st, "US", 32)
    us_event_only(st, 32)
    st.d["us_posture"] = "hard"
    assert not playable(st, "US", 32)
    st.d["us_posture"] = "soft"
    st.d["hands"]["US"] = [32]  # Back Channel itself (value 3) is not "another card"
    assert not playable(st, "US", 32)
    st.d["reserves"]["US"] = 2
    st.d["hands"]["US"] = [32, 12]  # 2 + Reserves 2 would not make 3 (A49); Syria is 2 anyway
    st.d["countries"]["Syria"]["align"] = "neutral"
    assert not playable(st, "US", 32)


@pytest.mark.rule("card 32")
def test_back_channel_discard_shifts_the_adversary_to_neutral_with_aid():
    st = position("lets_roll")
    st.d["us_posture"] = "soft"
    st.d["hands"]["US"] = [12, 32, 33, 40]
    for n in (32, 33, 40):
        st.d["deck"].remove(n)
    start_proc(st, "play_card", side="US", card=32)
    feed(st, [{"use": "event"}])
    assert st.legal_actions() == [{"discard": 12}, {"discard": 33}, {"discard": 40}, "pass"]
    feed(st, [{"discard": 12}])  # value 2: Syria (Resources 2), the only match, still asked
    assert st.legal_actions() == [{"country": "Syria"}]
    feed(st, [{"country": "Syria"}])
    assert finished(st)
    s = st.d["countries"]["Syria"]
    assert (s["gov"], s["align"], s["aid"]) == ("fair", "neutral", 1)
    assert st.d["hands"]["US"] == [33, 40]
    assert st.d["discard"][-2:] == [12, 32]


@pytest.mark.rule("card 32")
def test_back_channel_islamist_rule_adversary_and_us_choice():
    """FAQ: an event may shift an Islamist Rule Adversary to Neutral; the US picks among matches."""
    st = position("lets_roll")
    st.d["us_posture"] = "soft"
    st.d["hands"]["US"] = [2]
    play_event(st, 32, "US", [{"discard": 2}, {"country": "Afghanistan"}])
    a = st.d["countries"]["Afghanistan"]
    assert (a["gov"], a["align"], a["aid"]) == ("islamist_rule", "neutral", 1)
    assert st.d["countries"]["Libya"]["align"] == "adversary"
    assert 2 in st.d["discard"]


@pytest.mark.rule("card 32")
def test_back_channel_the_us_may_decline():
    st = position("lets_roll")
    st.d["us_posture"] = "soft"
    st.d["hands"]["US"] = [2]
    play_event(st, 32, "US", ["pass"])
    assert st.d["hands"]["US"] == [2]
    assert st.d["countries"]["Libya"]["align"] == "adversary" and st.d["countries"]["Libya"]["aid"] == 0


@pytest.mark.rule("card 32", "6.3.1", "card 120")
def test_back_channel_discarding_us_election_triggers_its_event():
    """6.3.2.3: a discard causes no event, except US Election (6.3.1)."""
    st = position("lets_roll")
    st.d["us_posture"] = "soft"
    st.d["deck"].remove(120)
    st.d["hands"]["US"] = [120]
    start_proc(st, "event", card=32, side="US", trigger="play")
    feed(st, [{"discard": 120}])
    # Run US Election's event with chance/first choices until Back Channel asks for the Adversary.
    while st.legal_actions() != [{"country": "Iraq"}]:
        feed(st, [st.legal_actions()[0]])
    assert 120 in events_run(st)
    feed(st, [{"country": "Iraq"}])
    assert finished(st)
    assert st.d["countries"]["Iraq"]["align"] == "neutral" and st.d["countries"]["Iraq"]["aid"] == 1
    assert 120 in st.d["discard"] + st.d["lapsing"] and st.d["in_play"] == []
