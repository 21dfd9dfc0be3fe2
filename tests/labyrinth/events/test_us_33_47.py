"""Events of the US cards 33-47 (model/labyrinth/events/us_33_47.py).

Primary text: the Italian card list (seed 000_61ca04b15074b205.txt, cards 33-47).
"""
from __future__ import annotations


import pytest

from cdg_oracle.model.labyrinth.events import EVENTS
from cdg_oracle.model.labyrinth.events.lasting import blocked, in_effect, marker_places
from tests.labyrinth.harness import (
    conserve, event_happened, feed, finished, give, play, play_event, playable, position, start_proc,
)


def countries_offered(st) -> list[str]:
    return [a["country"] for a in st.legal_actions()]


def begin(st, side: str, card: int, script: list):
    """Start playing ``card`` from ``side``'s hand and apply ``script``, leaving it unfinished."""
    give(st, side, card)
    start_proc(st, "play_card", side=side, card=card)
    return feed(st, script)


def with_ruling(st, **switches):
    """The same position under other Rulings switches."""
    from tests.labyrinth.harness import with_rulings as _with

    return _with(st, **switches)


# -- 33 Benazir Bhutto ---------------------------------------------------------------------------
@pytest.mark.rule("card 33")
def test_benazir_bhutto_needs_no_islamist_rule_within_one_of_pakistan():
    st = position("lets_roll")  # Afghanistan, adjacent to Pakistan, is Islamist Rule
    assert not playable(st, "US", 33)
    st.d["countries"]["Afghanistan"]["gov"] = "poor"
    assert playable(st, "US", 33)
    assert not playable(st, "Jihadist", 33)  # 6.2.5: a US event
    st.d["countries"]["Iraq"]["gov"] = "islamist_rule"  # 2 countries away: does not matter
    assert playable(st, "US", 33)
    st.d["countries"]["Pakistan"]["gov"] = "islamist_rule"  # Pakistan itself counts
    assert not playable(st, "US", 33)


@pytest.mark.rule("card 33", "6.2.9")
def test_benazir_bhutto_poor_pakistan_to_fair_and_marker():
    st = position("anaconda")  # Pakistan Poor Ally, Afghanistan a Poor Regime Change country
    play(st, "US", 33, [{"use": "event"}])
    pak = st.d["countries"]["Pakistan"]
    assert pak["gov"] == "fair" and pak["align"] == "ally"
    assert marker_places(st, "Benazir Bhutto") == ["Pakistan"]
    assert 33 in st.d["removed"]  # INDICARE e RIMUOVERE
    assert blocked(st, 108)  # Blocca Musharraf


@pytest.mark.rule("card 33")
def test_benazir_bhutto_fair_pakistan_unchanged():
    st = position("lets_roll", countries={"Afghanistan": {"gov": "poor"}})
    play_event(st, 33, "US", [])
    assert st.d["countries"]["Pakistan"]["gov"] == "fair"
    assert marker_places(st, "Benazir Bhutto") == ["Pakistan"]


# -- 34 Enhanced Measures ------------------------------------------------------------------------
@pytest.mark.rule("card 34")
def test_enhanced_measures_needs_hard_and_a_disrupt():
    st = position("lets_roll")  # US Hard; no Disrupt target (Afghanistan is Islamist Rule)
    assert not playable(st, "US", 34)
    st.d["countries"]["Saudi Arabia"]["sleepers"] = 1
    conserve(st)
    assert playable(st, "US", 34)
    assert not playable(st, "Jihadist", 34)
    st.d["us_posture"] = "soft"
    assert not playable(st, "US", 34)


@pytest.mark.rule("card 34", "7.4.2", "7.4.4")
def test_enhanced_measures_disrupt_then_random_jihadist_card():
    st = position("lets_roll", countries={"Saudi Arabia": {"sleepers": 2}})
    conserve(st)
    play(st, "US", 34, [{"use": "event"}, {"country": "Saudi Arabia"},
                        {"cell": "sleeper"}, {"cell": "sleeper"},  # 2 troops: two cells
                        {"card": 5}])  # the random card from the Jihadist hand
    sa = st.d["countries"]["Saudi Arabia"]
    assert (sa["sleepers"], sa["actives"]) == (0, 2)
    assert st.d["prestige"] == 8  # 7 + 1 (7.4.4)
    assert 5 in st.d["hands"]["US"] and 5 not in st.d["hands"]["Jihadist"]
    assert len(st.d["hands"]["Jihadist"]) == 8
    assert "Enhanced Measures" in st.d["events_in_effect"]
    assert 34 in st.d["discard"]  # MARK only: not removed


@pytest.mark.rule("card 34")
def test_enhanced_measures_random_card_is_a_uniform_chance_node():
    st = position("lets_roll", countries={"Saudi Arabia": {"actives": 1}})
    conserve(st)
    start_proc(st, "event", card=34, side="US", trigger="play")
    feed(st, [{"country": "Saudi Arabia"}, {"cell": "active"}])
    assert st.current_player() == "chance"
    assert st.legal_actions() == [{"card": n} for n in st.d["hands"]["Jihadist"]]


@pytest.mark.rule("card 34", "6.3.2.2")
def test_enhanced_measures_triggered_by_jihadist_ops_is_implemented_by_the_us():
    st = position("lets_roll", countries={"Saudi Arabia": {"sleepers": 1}})
    conserve(st)
    start_proc(st, "event", card=34, side="US", trigger="ops")
    assert st.decision()["player"] == "US" and countries_offered(st) == ["Saudi Arabia"]


# -- 35 Hijab ------------------------------------------------------------------------------------
@pytest.mark.rule("card 35")
def test_hijab_needs_no_islamist_rule():
    st = position("lets_roll")
    assert not playable(st, "US", 35)
    st.d["countries"]["Afghanistan"]["gov"] = "poor"
    assert playable(st, "US", 35)
    assert not playable(st, "Jihadist", 35)


@pytest.mark.rule("card 35", "4.9.4")
@pytest.mark.parametrize("die,gov", [(5, "good"), (1, "fair")])
def test_hijab_tests_turkey_improves_it_france_posture_funding(die, gov):
    st = position("lets_roll", countries={"Afghanistan": {"gov": "poor"}}, funding=9)
    play(st, "US", 35, [{"use": "event"}, die, {"posture": "hard"}])
    tur = st.d["countries"]["Turkey"]
    assert (tur["gov"], tur["align"]) == (gov, "neutral")  # test (5: Fair, 1: Poor), then +1 level
    assert st.d["countries"]["France"]["posture"] == "hard"
    assert st.d["funding"] == 7
    assert "Hijab" in st.d["events_in_effect"]  # MARK per cards.yaml (A26)
    assert 35 in st.d["discard"]


@pytest.mark.rule("card 35", "4.9.4")
def test_hijab_marked_turkey_is_not_tested_again():
    """FAQ 1: a "Test" of an already-marked country does nothing; Good stays Good."""
    st = position("lets_roll", countries={"Afghanistan": {"gov": "poor"},
                                          "Turkey": {"gov": "good", "align": "ally"}}, funding=2)
    play_event(st, 35, "US", [{"posture": "soft"}])  # no die
    assert st.d["countries"]["Turkey"]["gov"] == "good"
    assert st.d["countries"]["France"]["posture"] == "soft"
    assert st.d["funding"] == 1  # clamped at 1


# -- 36 Indo-Pakistani Talks ---------------------------------------------------------------------
@pytest.mark.rule("card 36")
def test_indo_pakistani_talks_needs_pakistan_good_or_fair():
    st = position("lets_roll")  # Pakistan Fair
    assert playable(st, "US", 36)
    assert not playable(st, "Jihadist", 36)
    st.d["countries"]["Pakistan"]["gov"] = "poor"
    assert not playable(st, "US", 36)
    st.d["countries"]["Pakistan"]["gov"] = "good"
    assert playable(st, "US", 36)


@pytest.mark.rule("card 36", "6.2.8", "6.2.9")
def test_indo_pakistani_talks_ally_india_posture_marker():
    st = position("lets_roll")
    play(st, "US", 36, [{"use": "event"}, {"posture": "soft"}])
    assert st.d["countries"]["Pakistan"]["align"] == "ally"
    assert st.d["countries"]["India"]["posture"] == "soft"
    assert "Indo-Pakistani Talks" in st.d["events_in_effect"]
    assert blocked(st, 83) and blocked(st, 70)  # Kashmir, Lashkar-e-Tayyiba
    assert 36 in st.d["removed"]


# -- 37 Iraqi WMD --------------------------------------------------------------------------------
@pytest.mark.rule("card 37")
def test_iraqi_wmd_needs_hard_and_iraq_adversary():
    st = position("lets_roll")  # US Hard, Iraq Poor Adversary
    assert playable(st, "US", 37)
    assert not playable(st, "Jihadist", 37)
    st.d["us_posture"] = "soft"
    assert not playable(st, "US", 37)
    st.d["us_posture"] = "hard"
    st.d["countries"]["Iraq"]["align"] = "neutral"
    assert not playable(st, "US", 37)
    assert not playable(position("mission_accomplished"), "US", 37)  # not in the 2003 scenario


@pytest.mark.rule("card 37", "6.2.9")
def test_iraqi_wmd_marker_on_iraq():
    st = position("lets_roll")
    play(st, "US", 37, [{"use": "event"}, {"regime_change": False}])   # kept for a later card
    assert marker_places(st, "Iraqi WMD") == ["Iraq"]
    assert st.d["countries"]["Iraq"]["gov"] == "poor"  # nothing else changes
    assert 37 in st.d["removed"]


@pytest.mark.rule("card 37", "7.3.4", "A35")
def test_iraqi_wmd_this_card_used_at_once_for_regime_change():
    """"Usate questa carta ... per il Cambio di Regime in Iraq a qualsiasi Governo (Rimuovere il
    segnalino se lo fate)": Iraq (Poor, not Islamist Rule) takes a Regime Change with this card;
    the marker is removed, the card (REMOVE) too."""
    st = position("lets_roll")
    script = [{"use": "event"}, {"regime_change": True}, {"country": "Iraq"}, {"from": "track"},
              {"troops": 6}, 5, 5, 3, 4]           # Governance 5: Fair; Prestige up by 3
    play(st, "US", 37, script)
    iraq = st.d["countries"]["Iraq"]
    assert (iraq["gov"], iraq["align"], iraq["troops"], iraq["rc"]) == ("fair", "ally", 6, "green")
    assert marker_places(st, "Iraqi WMD") == [] and st.d["prestige"] == 10 and 37 in st.d["removed"]


# -- 38 Libyan Deal ------------------------------------------------------------------------------
@pytest.mark.rule("card 38")
def test_libyan_deal_needs_iraq_or_syria_ally_and_libya_poor():
    st = position("lets_roll")  # Iraq, Syria Adversaries; Libya Poor
    assert not playable(st, "US", 38)
    st.d["countries"]["Syria"]["align"] = "ally"
    assert playable(st, "US", 38)
    assert not playable(st, "Jihadist", 38)
    st.d["countries"]["Syria"]["align"] = "neutral"
    st.d["countries"]["Iraq"]["align"] = "ally"
    assert playable(st, "US", 38)
    st.d["countries"]["Libya"]["gov"] = "fair"
    assert not playable(st, "US", 38)


@pytest.mark.rule("card 38", "6.2.8", "6.2.9")
def test_libyan_deal_prestige_two_schengen_postures_marker():
    st = position("lets_roll", countries={"Iraq": {"align": "ally"}}, prestige=7)
    st.d["countries"]["Libya"]["markers"].append("Libyan WMD")  # ended by the block (6.2.8)
    begin(st, "US", 38, [{"use": "event"}, {"country": "France"}, {"posture": "soft"}])
    assert "France" not in countries_offered(st) and len(countries_offered(st)) == 6
    feed(st, [{"country": "Spain"}, {"posture": "hard"}])
    assert finished(st)
    assert st.d["prestige"] == 8
    assert st.d["countries"]["France"]["posture"] == "soft"
    assert st.d["countries"]["Spain"]["posture"] == "hard"
    assert marker_places(st, "Libyan Deal") == ["Libya"]
    assert not in_effect(st, "Libyan WMD")
    # The Italian text (primary) changes nothing on Libya itself: still an Adversary.
    assert st.d["countries"]["Libya"]["align"] == "adversary"
    assert 38 in st.d["removed"]


@pytest.mark.rule("card 38")
def test_libyan_deal_proposed_ruling_shifts_libya_to_ally():
    st = with_ruling(position("lets_roll", countries={"Syria": {"align": "ally"}}),
                     libyan_deal_libya_ally=True)
    play_event(st, 38, "US", [{"country": "Italy"}, {"posture": "soft"},
                              {"country": "Benelux"}, {"posture": "soft"}])
    assert st.d["countries"]["Libya"]["align"] == "ally"


# -- 39 Libyan WMD -------------------------------------------------------------------------------
@pytest.mark.rule("card 39")
def test_libyan_wmd_needs_libya_adversary_hard_and_no_libyan_deal():
    st = position("lets_roll")  # Libya Adversary, US Hard
    assert playable(st, "US", 39)
    assert not playable(st, "Jihadist", 39)
    st.d["us_posture"] = "soft"
    assert not playable(st, "US", 39)
    st.d["us_posture"] = "hard"
    st.d["countries"]["Libya"]["align"] = "neutral"
    assert not playable(st, "US", 39)
    st.d["countries"]["Libya"]["align"] = "adversary"
    st.d["countries"]["Libya"]["markers"].append("Libyan Deal")
    # The card's own precondition ("non è in essere l'Accordo con la Libia"), besides the block.
    assert not EVENTS[39].playable(st, "US")
    assert not playable(st, "US", 39)


@pytest.mark.rule("card 39", "6.2.9")
def test_libyan_wmd_marker_on_libya():
    st = position("lets_roll")
    play(st, "US", 39, [{"use": "event"}, {"regime_change": False}])
    assert marker_places(st, "Libyan WMD") == ["Libya"]
    assert 39 in st.d["removed"]


# -- 40 Mass Turnout -----------------------------------------------------------------------------
@pytest.mark.rule("card 40")
def test_mass_turnout_needs_a_regime_change_country():
    st = position("lets_roll")
    assert not playable(st, "US", 40)
    st = position("anaconda")  # Afghanistan is a Regime Change country
    assert playable(st, "US", 40)
    assert not playable(st, "Jihadist", 40)


@pytest.mark.rule("card 40")
def test_mass_turnout_improves_the_chosen_regime_change_country():
    st = position("mission_accomplished")  # Afghanistan, Iraq: Poor Regime Change
    start_proc(st, "event", card=40, side="US", trigger="play")
    assert countries_offered(st) == ["Afghanistan", "Iraq"]
    play_event(st, 40, "US", [{"country": "Iraq"}])
    assert st.d["countries"]["Iraq"]["gov"] == "fair" and st.d["countries"]["Iraq"]["rc"] == "tan"
    assert st.d["countries"]["Afghanistan"]["gov"] == "poor"


@pytest.mark.rule("card 40", "7.3.4.1")
def test_mass_turnout_to_good_ends_regime_change():
    st = position("anaconda", countries={"Afghanistan": {"gov": "fair", "aid": 1, "besieged": True}})
    play(st, "US", 40, [{"use": "event"}, {"country": "Afghanistan"}])
    afg = st.d["countries"]["Afghanistan"]
    assert (afg["gov"], afg["rc"], afg["aid"], afg["besieged"]) == ("good", None, 0, False)
    assert 40 in st.d["discard"]


# -- 41 NATO -------------------------------------------------------------------------------------
@pytest.mark.rule("card 41", "4.7.2.1")
def test_nato_needs_no_gwot_penalty_and_a_regime_change():
    st = position("anaconda")  # World: Israel Hard, Benelux Soft -> even; US Hard; penalty 0
    assert playable(st, "US", 41)
    assert not playable(st, "Jihadist", 41)
    st.d["countries"]["France"]["posture"] = "soft"  # World Soft 1 vs US Hard: penalty 1
    assert not playable(st, "US", 41)
    assert not playable(position("lets_roll"), "US", 41)  # no Regime Change


@pytest.mark.rule("card 41")
def test_nato_aid_and_marker_on_the_chosen_country():
    st = position("anaconda")
    play(st, "US", 41, [{"use": "event"}, {"country": "Afghanistan"}])
    assert st.d["countries"]["Afghanistan"]["aid"] == 1
    assert marker_places(st, "NATO") == ["Afghanistan"]
    assert st.d["countries"]["Afghanistan"]["troops"] == 6  # NATO is a marker, not cubes
    assert 41 in st.d["discard"]


@pytest.mark.rule("card 41")
def test_nato_played_again_moves_the_single_marker():
    st = position("anaconda", countries={"Iraq": {"gov": "poor", "align": "ally", "rc": "green",
                                                  "aid": 1, "markers": ["NATO"]}})
    play_event(st, 41, "US", [{"country": "Afghanistan"}])
    assert marker_places(st, "NATO") == ["Afghanistan"]
    assert st.d["countries"]["Iraq"]["aid"] == 1  # the Aid stays


# -- 42 Pakistani Offensive ----------------------------------------------------------------------
@pytest.mark.rule("card 42")
def test_pakistani_offensive_needs_pakistan_ally_with_fata():
    st = position("anaconda")  # Pakistan Poor Ally with FATA
    assert playable(st, "US", 42)
    assert not playable(st, "Jihadist", 42)
    st.d["countries"]["Pakistan"]["align"] = "neutral"
    assert not playable(st, "US", 42)
    st = position("lets_roll", countries={"Pakistan": {"align": "ally"}})  # no FATA
    assert not playable(st, "US", 42)


@pytest.mark.rule("card 42")
def test_pakistani_offensive_removes_fata():
    st = position("anaconda")
    play(st, "US", 42, [{"use": "event"}])
    assert not in_effect(st, "FATA")
    assert st.d["countries"]["Pakistan"]["markers"] == []
    assert 42 in st.d["discard"]


# -- 43 Patriot Act ------------------------------------------------------------------------------
@pytest.mark.rule("card 43")
def test_patriot_act_playable_except_2002_2003():
    assert playable(position("lets_roll"), "US", 43)
    assert not playable(position("lets_roll"), "Jihadist", 43)
    assert not playable(position("anaconda"), "US", 43)  # "Evento non permesso negli scenari del 2002 o 2003"


@pytest.mark.rule("card 43", "6.2.9")
def test_patriot_act_marker_on_us_adjacency_and_sanctions():
    st = position("lets_roll")
    assert not st.patriot_act() and not playable(st, "US", 6)
    play(st, "US", 43, [{"use": "event"}])
    assert marker_places(st, "Patriot Act") == ["United States"]
    assert st.patriot_act()
    assert st.map.adjacent("United States", st.patriot_act()) == frozenset({"Canada"})
    assert playable(st, "US", 6)  # Consente Sanzioni
    assert 43 in st.d["removed"]


# -- 44 Renditions -------------------------------------------------------------------------------
@pytest.mark.rule("card 44")
def test_renditions_needs_us_hard_only():
    st = position("lets_roll")  # no Disrupt target: "se possibile"
    assert playable(st, "US", 44)
    assert not playable(st, "Jihadist", 44)
    st.d["us_posture"] = "soft"
    assert not playable(st, "US", 44)


@pytest.mark.rule("card 44", "6.2.8")
def test_renditions_without_disrupt_target_jihadist_discards_at_random():
    st = position("lets_roll")
    play(st, "US", 44, [{"use": "event"}, {"card": 3}])  # no Disrupt: straight to the random card
    assert 3 in st.d["discard"] and 3 not in st.d["hands"]["Jihadist"]
    assert 3 not in st.d["hands"]["US"]
    assert "Renditions" in st.d["events_in_effect"]
    assert blocked(st, 61)  # Blocca Rilascio dei Detenuti
    assert 44 in st.d["discard"]


@pytest.mark.rule("card 44", "7.4.2", "7.4.3", "7.4.4")
def test_renditions_disrupts_once():
    st = position("lets_roll", countries={"Saudi Arabia": {"actives": 1}}, prestige=7)
    conserve(st)
    play_event(st, 44, "US", [{"country": "Saudi Arabia"}, {"cell": "active"}, {"card": 9}])
    sa = st.d["countries"]["Saudi Arabia"]
    assert (sa["actives"], sa["cadre"]) == (0, True)
    assert st.d["prestige"] == 8
    assert 9 in st.d["discard"] and len(st.d["hands"]["Jihadist"]) == 8
    assert event_happened(st) == "US"


# -- 45 Safer Now --------------------------------------------------------------------------------
@pytest.mark.rule("card 45")
def test_safer_now_needs_no_ir_and_no_good_country_with_cells_or_plots():
    st = position("lets_roll")
    assert not playable(st, "US", 45)  # Afghanistan Islamist Rule
    st.d["countries"]["Afghanistan"]["gov"] = "poor"  # its 4 cells: not a Good country
    assert playable(st, "US", 45)
    assert not playable(st, "Jihadist", 45)
    st.d["countries"]["United States"]["cadre"] = True  # a Cadre is not a cell
    assert playable(st, "US", 45)
    st.d["countries"]["United States"]["plots"] = [1]
    assert not playable(st, "US", 45)
    st.d["countries"]["United States"]["plots"] = []
    st.d["countries"]["United Kingdom"]["sleepers"] = 1
    conserve(st)
    assert not playable(st, "US", 45)
    st.d["countries"]["United Kingdom"]["sleepers"] = 0
    st.d["countries"]["Gulf States"]["gov"] = "good"
    st.d["countries"]["Gulf States"]["actives"] = 1  # a Good Muslim country too
    conserve(st)
    assert not playable(st, "US", 45)


@pytest.mark.rule("card 45", "4.9.3")
@pytest.mark.parametrize("die,posture", [(4, "hard"), (3, "soft")])
def test_safer_now_us_posture_prestige_and_a_posture(die, posture):
    st = position("lets_roll", countries={"Afghanistan": {"gov": "poor"}}, prestige=7)
    begin(st, "US", 45, [{"use": "event"}, die])  # US Posture roll: die + 1 >= 5 is Hard
    assert st.d["us_posture"] == posture
    assert st.d["prestige"] == 10
    offered = countries_offered(st)
    assert "United States" not in offered and "Israel" not in offered and "Iran" not in offered
    assert "France" in offered and len(offered) == 17
    feed(st, [{"country": "Russia"}, {"posture": "soft"}])
    assert finished(st)
    assert st.d["countries"]["Russia"]["posture"] == "soft"
    assert 45 in st.d["discard"]


@pytest.mark.rule("card 45")
def test_safer_now_prestige_clamped():
    st = position("lets_roll", countries={"Afghanistan": {"gov": "poor"}}, prestige=11)
    play_event(st, 45, "US", [6, {"country": "Canada"}, {"posture": "hard"}])
    assert st.d["prestige"] == 12 and st.d["countries"]["Canada"]["posture"] == "hard"


# -- 46 Sistani ----------------------------------------------------------------------------------
@pytest.mark.rule("card 46")
def test_sistani_needs_a_shia_mix_regime_change_country_with_a_cell():
    """A07 default: "un paese con Regime Misto Sciita" read as a Shia-Mix Regime Change country."""
    st = position("lets_roll", countries={"Gulf States": {"sleepers": 1}})  # Shia-Mix, no RC
    conserve(st)
    assert not playable(st, "US", 46)
    st = position("anaconda")  # Afghanistan: Shia-Mix Regime Change with 2 cells
    assert playable(st, "US", 46)
    assert not playable(st, "Jihadist", 46)
    st.d["countries"]["Afghanistan"]["sleepers"] = 0
    st.d["countries"]["Afghanistan"]["cadre"] = True  # a Cadre is not a cell
    conserve(st)
    assert not playable(st, "US", 46)


@pytest.mark.rule("card 46")
def test_sistani_improves_the_chosen_country():
    st = position("mission_accomplished")  # Afghanistan, Iraq: Shia-Mix RC with cells
    start_proc(st, "event", card=46, side="US", trigger="play")
    assert countries_offered(st) == ["Afghanistan", "Iraq"]
    play(st, "US", 46, [{"use": "event"}, {"country": "Iraq"}])
    assert st.d["countries"]["Iraq"]["gov"] == "fair"
    assert st.d["countries"]["Afghanistan"]["gov"] == "poor"
    assert 46 in st.d["discard"]


@pytest.mark.rule("card 46")
def test_sistani_proposed_literal_ruling():
    st = with_ruling(position("lets_roll", countries={"Gulf States": {"sleepers": 1}}),
                     sistani_target="shia_mix")
    conserve(st)
    assert playable(st, "US", 46)
    play_event(st, 46, "US", [{"country": "Gulf States"}])
    assert st.d["countries"]["Gulf States"]["gov"] == "good"


# -- 47 The door of Itjihad was closed ------------------------------------------------------------
@pytest.mark.rule("card 47")
def test_door_of_itjihad_always_playable_by_the_us():
    st = position("lets_roll")
    assert playable(st, "US", 47)
    assert not playable(st, "Jihadist", 47)


@pytest.mark.rule("card 47", "6.2.7", "4.7.7.1")
def test_door_of_itjihad_jihadist_plays_cards_at_random():
    st = position("lets_roll")
    hand = list(st.d["hands"]["Jihadist"])
    start_proc(st, "jihadist_phase")
    assert st.legal_actions() == [{"card": n} for n in hand]  # before the event
    st = position("lets_roll")
    play(st, "US", 47, [{"use": "event"}])
    assert 47 in st.d["lapsing"]
    start_proc(st, "jihadist_phase")
    assert st.legal_actions() == [{"card": "random"}]
    feed(st, [{"card": "random"}])
    assert st.current_player() == "chance"
    assert st.legal_actions() == [{"card": n} for n in hand]
