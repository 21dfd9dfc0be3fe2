"""Events of the Jihadist cards 72-95 (model/labyrinth/events/jihadist_72_95.py).

Primary source: the Italian card list (seeds/000, card table, lines ~2780-2936); ambiguities per
seed_labyrinth.md g.2 (A04, A16, A28, A34, A37, A47, A54, A55).
"""
from __future__ import annotations


import pytest

from cdg_oracle.model.labyrinth.action_log import record
from cdg_oracle.model.labyrinth.events.lasting import blocked
from tests.labyrinth.harness import (
    conserve, feed, finished, give, play, play_event, playable, position, start_proc,
)

J = "Jihadist"
SCHENGEN = ["Benelux", "Eastern Europe", "France", "Germany", "Italy", "Scandinavia", "Spain"]
SHIA_MIX = ["Afghanistan", "Gulf States", "Iraq", "Lebanon", "Pakistan", "Saudi Arabia", "Turkey", "Yemen"]


def pos(scenario="lets_roll", countries=None, **tracks):
    """A position with the pieces re-balanced (15 cubes, 15 cylinders)."""
    st = position(scenario, countries=countries, **tracks)
    conserve(st)
    return st


def with_rulings(st, **switches):
    """The same position under other Rulings switches."""
    from tests.labyrinth.harness import with_rulings as _with

    return _with(st, **switches)


def country(st, name):
    return st.d["countries"][name]


def only_jihadist(st, card):
    """Playable for the Jihadist; never for the US (6.2.5: a Jihadist event)."""
    return playable(st, J, card) and not playable(st, "US", card)


# -- 72 Opium ------------------------------------------------------------------------------------------
@pytest.mark.rule("card 72", "6.2.6")
def test_opium_needs_a_cell_in_afghanistan():
    st = pos()                                            # Let's Roll!: 4 Sleepers in Afghanistan
    assert only_jihadist(st, 72)
    st = pos(countries={"Afghanistan": {"sleepers": 0}})
    assert not playable(st, J, 72)


@pytest.mark.rule("card 72", "4.7.4.2")
def test_opium_islamist_rule_adds_all_available_cells_funding_limited():
    """A16: 'tutte le cellule disponibili' = the cells Available for Recruit (Funding-limited)."""
    st = pos(funding=5)                                   # Moderate: Available = track - 5
    play_event(st, 72, J, [])
    # 11 on the track: 3 placed (8 left), then 8 - 5 = 3 Available placed.
    assert country(st, "Afghanistan")["sleepers"] == 4 + 3 + 3
    assert st.d["cells_track"] == 5


@pytest.mark.rule("card 72")
def test_opium_ample_funding_empties_the_track():
    st = pos(funding=9)
    play(st, J, 72, [{"use": "event"}])
    assert country(st, "Afghanistan")["sleepers"] == 15 and st.d["cells_track"] == 0
    assert 72 in st.d["discard"]


@pytest.mark.rule("card 72")
def test_opium_whole_track_switch():
    st = with_rulings(pos(funding=5), opium_all_available="whole_track")
    play_event(st, 72, J, [])
    assert country(st, "Afghanistan")["sleepers"] == 15 and st.d["cells_track"] == 0


@pytest.mark.rule("card 72")
def test_opium_without_islamist_rule_places_three():
    st = pos(countries={"Afghanistan": {"gov": "poor", "align": "ally", "sleepers": 1}})
    play_event(st, 72, J, [])
    assert country(st, "Afghanistan")["sleepers"] == 4 and st.d["cells_track"] == 11


@pytest.mark.rule("card 72", "4.6.3")
def test_opium_with_few_cylinders_places_what_there_is():
    st = pos(countries={"Afghanistan": {"gov": "poor", "align": "ally", "sleepers": 13}})
    play_event(st, 72, J, [])
    assert country(st, "Afghanistan")["sleepers"] == 15 and st.d["cells_track"] == 0


# -- 73 Pirates ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 73", "6.2.6")
def test_pirates_needs_somalia_or_yemen_under_islamist_rule():
    st = pos()
    assert not playable(st, J, 73)
    country(st, "Yemen").update(gov="islamist_rule", align="adversary")
    assert only_jihadist(st, 73)


@pytest.mark.rule("card 73", "6.2.7", "6.2.9")
def test_pirates_marker_in_the_events_box_and_card_removed():
    st = pos(countries={"Somalia": {"gov": "islamist_rule", "align": "adversary", "besieged": False}})
    play(st, J, 73, [{"use": "event"}])
    assert "Pirates" in st.d["events_in_effect"]
    assert 73 in st.d["removed"]


# -- 74 Schengen Visas, 79 Clean Operatives -------------------------------------------------------------
@pytest.mark.rule("card 74", "card 79")
@pytest.mark.parametrize("card", [74, 79])
def test_automatic_travel_always_playable(card):
    assert only_jihadist(pos(), card)


@pytest.mark.rule("card 74", "8.3", "4.6.4", "4.9.4", "4.8.4")
def test_schengen_visas_two_cells_to_schengen_countries():
    st = pos(countries={"Iraq": {"actives": 1}})
    start_proc(st, "event", card=74, side=J, trigger="play")
    assert st.legal_actions() == [{"from": "Afghanistan"}, {"from": "Iraq"}]
    feed(st, [{"from": "Iraq"}])                          # one Active only: no cell question
    assert st.legal_actions() == [{"to": n} for n in SCHENGEN]
    feed(st, [{"to": "France"}, 5,                        # France untested: Posture roll 5 = Hard
              {"from": "Afghanistan"}, {"to": "France"}])  # tested now: no roll; no Travel die
    assert finished(st)
    assert country(st, "France")["sleepers"] == 2 and country(st, "France")["posture"] == "hard"
    assert country(st, "Iraq")["actives"] == 0 and not country(st, "Iraq")["cadre"]  # 4.8.4: Travel
    assert country(st, "Afghanistan")["sleepers"] == 3


@pytest.mark.rule("card 74", "8.3.1", "8.3.3")
def test_schengen_visas_within_a_country_and_no_cell_twice():
    """Travel 'within' its own country turns the cell Sleeper (8.3.1); a cell travels once (8.3.3)."""
    st = pos(countries={"Afghanistan": {"sleepers": 0}, "Spain": {"posture": "soft", "actives": 1, "sleepers": 1}})
    start_proc(st, "event", card=74, side=J, trigger="play")
    feed(st, [{"from": "Spain"}])
    assert st.legal_actions() == [{"cell": "active"}, {"cell": "sleeper"}]
    feed(st, [{"cell": "active"}, {"to": "Spain"}])
    assert country(st, "Spain")["actives"] == 0 and country(st, "Spain")["sleepers"] == 2
    # The arrived cell cannot travel again; the other Sleeper can (no cell question: Sleepers only).
    assert st.legal_actions() == [{"from": "Spain"}]
    feed(st, [{"from": "Spain"}, {"to": "Italy"}, 2])    # Italy untested: Posture 2 = Soft
    assert finished(st)
    assert country(st, "Spain")["sleepers"] == 1 and country(st, "Italy")["sleepers"] == 1
    assert country(st, "Italy")["posture"] == "soft"


@pytest.mark.rule("card 74", "4.9.5")
def test_schengen_visas_with_a_single_cell_moves_one():
    st = pos(countries={"Afghanistan": {"sleepers": 1}})
    play_event(st, 74, J, [{"from": "Afghanistan"}, {"to": "Germany"}, 6])
    assert country(st, "Germany")["sleepers"] == 1 and country(st, "Afghanistan")["sleepers"] == 0


@pytest.mark.rule("card 79", "8.3", "4.9.4")
def test_clean_operatives_two_cells_anywhere_without_rolls():
    st = pos()
    start_proc(st, "event", card=79, side=J, trigger="play")
    feed(st, [{"from": "Afghanistan"}])
    assert len(st.legal_actions()) == 38                  # any country
    feed(st, [{"to": "Sudan"}, 5,                         # Sudan untested: Governance 5 = Fair
              {"from": "Afghanistan"}, {"to": "United States"}])  # not adjacent: still automatic
    assert finished(st)
    assert country(st, "Sudan")["sleepers"] == 1
    assert (country(st, "Sudan")["gov"], country(st, "Sudan")["align"]) == ("fair", "neutral")
    assert country(st, "United States")["sleepers"] == 1
    assert country(st, "Afghanistan")["sleepers"] == 2


@pytest.mark.rule("card 79", "card 54")
def test_automatic_travel_never_moves_moqtada_al_sadr():
    """Sadr is a cell that cannot travel (card 54; A09): only cylinders move."""
    st = pos(countries={"Iraq": {"markers": ["Moqtada al-Sadr"]}})
    start_proc(st, "event", card=79, side=J, trigger="play")
    assert st.legal_actions() == [{"from": "Afghanistan"}]
    country(st, "Iraq")["sleepers"] = 1
    conserve(st)
    start_proc(st, "event", card=79, side=J, trigger="play")
    feed(st, [{"from": "Iraq"}])                          # Sleeper only: no cell question
    feed(st, [{"to": "Syria"}, {"from": "Afghanistan"}, {"to": "Syria"}])
    assert finished(st)
    assert country(st, "Iraq")["markers"] == ["Moqtada al-Sadr"] and country(st, "Iraq")["sleepers"] == 0
    assert country(st, "Syria")["sleepers"] == 2


# -- 75 Schroeder & Chirac ------------------------------------------------------------------------------
@pytest.mark.rule("card 75", "6.2.6")
def test_schroeder_chirac_needs_us_hard():
    st = pos()
    assert only_jihadist(st, 75)
    st.d["us_posture"] = "soft"
    assert not playable(st, J, 75)


@pytest.mark.rule("card 75", "6.2.9")
def test_schroeder_chirac_effect():
    st = pos(countries={"France": {"posture": "hard"}})
    play(st, J, 75, [{"use": "event"}])
    assert country(st, "France")["posture"] == "soft" and country(st, "Germany")["posture"] == "soft"
    assert st.d["prestige"] == 6
    assert 75 in st.d["removed"]


# -- 76 Abu Ghurayb -------------------------------------------------------------------------------------
@pytest.mark.rule("card 76", "6.2.6")
def test_abu_ghurayb_needs_a_cell_in_a_regime_change_country():
    st = pos(countries={"Iraq": {"rc": "green", "troops": 5}})
    assert not playable(st, J, 76)
    country(st, "Iraq")["sleepers"] = 1
    conserve(st)
    assert only_jihadist(st, 76)


@pytest.mark.rule("card 76", "5.3.1", "6.2.9")
def test_abu_ghurayb_full_effect():
    st = pos(countries={"Iraq": {"rc": "green", "troops": 5, "actives": 1}})
    hand = sorted(st.d["hands"][J])
    give(st, J, 76)
    start_proc(st, "play_card", side=J, card=76)
    feed(st, [{"use": "event"}, {"card": 40}, {"card": 41}])
    assert st.legal_actions() == [{"country": "Gulf States"}, {"country": "Saudi Arabia"}]
    feed(st, [{"country": "Gulf States"}])
    assert finished(st)
    assert sorted(st.d["hands"][J]) == sorted(hand + [40, 41])
    assert st.d["prestige"] == 5
    assert country(st, "Gulf States")["align"] == "neutral" and country(st, "Saudi Arabia")["align"] == "ally"
    assert 76 in st.d["removed"]


@pytest.mark.rule("card 76")
def test_abu_ghurayb_without_allies_asks_nothing():
    st = pos(countries={"Iraq": {"rc": "green", "troops": 5, "actives": 1},
                        "Saudi Arabia": {"align": "neutral"}, "Gulf States": {"align": "adversary"}})
    play_event(st, 76, J, [{"card": 40}, {"card": 41}])
    assert st.d["prestige"] == 5


# -- 77 Al Jazeera --------------------------------------------------------------------------------------
@pytest.mark.rule("card 77", "6.2.6")
def test_al_jazeera_needs_troops_in_or_next_to_saudi_arabia():
    st = pos()                                            # troops in Saudi Arabia and the Gulf States
    assert only_jihadist(st, 77)
    st = pos(countries={"Saudi Arabia": {"troops": 0}, "Gulf States": {"troops": 0}})
    assert not playable(st, J, 77)
    country(st, "Pakistan")["troops"] = 2                 # not adjacent to Saudi Arabia
    conserve(st)
    assert not playable(st, J, 77)
    country(st, "Iraq")["troops"] = 2                     # adjacent
    conserve(st)
    assert playable(st, J, 77)


@pytest.mark.rule("card 77")
def test_al_jazeera_jihadist_picks_a_country_with_troops():
    """A37: 'il paese' = Saudi Arabia or the adjacent country with troops, the Jihadist's choice."""
    st = pos()
    start_proc(st, "event", card=77, side=J, trigger="play")
    assert st.legal_actions() == [{"country": "Saudi Arabia"}, {"country": "Gulf States"}]
    feed(st, [{"country": "Gulf States"}])
    assert finished(st)
    assert country(st, "Gulf States")["align"] == "neutral" and country(st, "Saudi Arabia")["align"] == "ally"


@pytest.mark.rule("card 77")
def test_al_jazeera_saudi_arabia_switch():
    st = with_rulings(pos(countries={"Saudi Arabia": {"troops": 0}}), al_jazeera_country="saudi_arabia")
    play_event(st, 77, J, [])
    assert country(st, "Saudi Arabia")["align"] == "neutral"


@pytest.mark.rule("card 77")
def test_al_jazeera_adversary_stays_adversary():
    st = pos(countries={"Saudi Arabia": {"troops": 0}, "Gulf States": {"troops": 0}, "Iraq": {"troops": 3}})
    play_event(st, 77, J, [{"country": "Iraq"}])
    assert country(st, "Iraq")["align"] == "adversary"


# -- 78 Axis of Evil ------------------------------------------------------------------------------------
@pytest.mark.rule("card 78", "6.2.6")
def test_axis_of_evil_not_in_you_can_call_me_al():
    assert only_jihadist(pos(), 78)
    assert not playable(position("you_can_call_me_al"), J, 78)


@pytest.mark.rule("card 78", "4.7.1", "6.3.2.3")
def test_axis_of_evil_discards_hard_posture_prestige_roll():
    st = pos(us_posture="soft")
    st.d["hands"]["US"] = []
    give(st, "US", 2, 104, 106, 120)
    play(st, J, 78, [{"use": "event"}, 6, 3, 4])          # Prestige roll: up, by the lower of 3 and 4
    assert st.d["hands"]["US"] == [2, 120]
    assert 104 in st.d["discard"] and 106 in st.d["discard"] and 78 in st.d["discard"]
    assert st.d["us_posture"] == "hard"
    assert st.d["prestige"] == 10


# -- 80 FATA --------------------------------------------------------------------------------------------
@pytest.mark.rule("card 80")
def test_fata_always_playable():
    assert only_jihadist(pos(), 80)


@pytest.mark.rule("card 80", "6.2.7")
def test_fata_cell_and_marker_in_pakistan():
    st = pos()
    play(st, J, 80, [{"use": "event"}])
    assert country(st, "Pakistan")["sleepers"] == 1 and country(st, "Pakistan")["markers"] == ["FATA"]
    assert 80 in st.d["discard"]                          # MARK, not REMOVE


@pytest.mark.rule("card 80", "4.9.4")
def test_fata_tests_an_unmarked_pakistan():
    st = pos(countries={"Pakistan": {"gov": None, "align": None}})
    play_event(st, 80, J, [3])
    assert (country(st, "Pakistan")["gov"], country(st, "Pakistan")["align"]) == ("poor", "neutral")
    assert country(st, "Pakistan")["sleepers"] == 1


@pytest.mark.rule("card 80", "4.6.3", "6.2.4")
def test_fata_with_an_empty_track_still_marks():
    st = pos(countries={"Afghanistan": {"sleepers": 15}, "Pakistan": {"gov": None, "align": None}})
    play_event(st, 80, J, [])                             # no cell placed: no test
    assert country(st, "Pakistan")["gov"] is None and country(st, "Pakistan")["sleepers"] == 0
    assert "FATA" in country(st, "Pakistan")["markers"]


# -- 81 Foreign Fighters --------------------------------------------------------------------------------
@pytest.mark.rule("card 81", "6.2.6")
def test_foreign_fighters_needs_a_regime_change():
    st = pos()
    assert not playable(st, J, 81)
    country(st, "Iraq")["rc"] = "tan"
    assert only_jihadist(st, 81)


@pytest.mark.rule("card 81")
def test_foreign_fighters_five_cells_and_one_aid_removed():
    st = pos(countries={"Iraq": {"rc": "green", "troops": 5, "aid": 2},
                        "Afghanistan": {"rc": "tan", "gov": "poor", "align": "ally"}})
    start_proc(st, "event", card=81, side=J, trigger="play")
    assert st.legal_actions() == [{"country": "Afghanistan"}, {"country": "Iraq"}]
    feed(st, [{"country": "Iraq"}])
    assert finished(st)
    assert country(st, "Iraq")["sleepers"] == 5 and country(st, "Iraq")["aid"] == 1
    assert not country(st, "Iraq")["besieged"]


@pytest.mark.rule("card 81")
def test_foreign_fighters_without_aid_besieged_regime():
    st = pos(countries={"Iraq": {"rc": "green", "troops": 5}})
    play_event(st, 81, J, [{"country": "Iraq"}])
    assert country(st, "Iraq")["sleepers"] == 5 and country(st, "Iraq")["besieged"]


# -- 82 Jihadist Videos ---------------------------------------------------------------------------------
@pytest.mark.rule("card 82")
def test_jihadist_videos_always_playable():
    assert only_jihadist(pos(), 82)


@pytest.mark.rule("card 82", "8.2.1", "8.2.4", "4.9.4", "4.7.4.2", "4.8.4")
def test_jihadist_videos_test_recruit_ignoring_funding_cadre_on_failure():
    st = pos(funding=1)                                   # Tight: 1 cell Available for Recruit
    start_proc(st, "event", card=82, side=J, trigger="play")
    assert {"country": "Afghanistan"} not in st.legal_actions()  # it has cells
    feed(st, [{"country": "Iraq"}, {"country": "Sudan"}, {"country": "United Kingdom"},
              5, 1,                                       # tests: Sudan Fair; United Kingdom Soft
              3, 3, 3])                                   # Iraq Poor 3: yes; Sudan Fair 2: no; UK REC 3: yes
    assert finished(st)
    assert (country(st, "Sudan")["gov"], country(st, "United Kingdom")["posture"]) == ("fair", "soft")
    assert country(st, "Iraq")["sleepers"] == 1 and country(st, "United Kingdom")["sleepers"] == 1
    assert country(st, "Sudan")["sleepers"] == 0 and country(st, "Sudan")["cadre"]
    assert not country(st, "Iraq")["cadre"] and not country(st, "United Kingdom")["cadre"]
    assert st.d["cells_track"] == 9


@pytest.mark.rule("card 82", "8.2.3", "8.1.2")
def test_jihadist_videos_more_successes_than_cylinders():
    st = pos(countries={"Afghanistan": {"sleepers": 14}, "Iraq": {"rc": "green", "troops": 5}})
    assert st.d["cells_track"] == 1
    start_proc(st, "event", card=82, side=J, trigger="play")
    feed(st, [{"country": "Iraq"}, {"country": "Syria"}, {"country": "Libya"},
              1, 1])                                      # Iraq (Regime Change) automatic: no die
    assert st.legal_actions() == [{"country": "Iraq"}, {"country": "Syria"}, {"country": "Libya"}]
    feed(st, [{"country": "Syria"}])
    assert finished(st)
    assert country(st, "Syria")["sleepers"] == 1 and not country(st, "Syria")["cadre"]
    assert country(st, "Iraq")["cadre"] and country(st, "Libya")["cadre"]
    assert st.d["cells_track"] == 0


# -- 83 Kashmir -----------------------------------------------------------------------------------------
@pytest.mark.rule("card 83", "6.2.8")
def test_kashmir_blocked_by_indo_pakistani_talks():
    st = pos()
    assert only_jihadist(st, 83)
    st.d["events_in_effect"].append("Indo-Pakistani Talks")
    assert not playable(st, J, 83)


@pytest.mark.rule("card 83")
def test_kashmir_shift_and_cell():
    st = pos()
    play(st, J, 83, [{"use": "event"}])
    assert country(st, "Pakistan")["align"] == "adversary" and country(st, "Pakistan")["sleepers"] == 1


@pytest.mark.rule("card 83", "4.9.4")
def test_kashmir_tests_an_unmarked_pakistan_first():
    st = pos(countries={"Pakistan": {"gov": None, "align": None}})
    play_event(st, 83, J, [6])                            # Fair Neutral, then toward Adversary
    assert (country(st, "Pakistan")["gov"], country(st, "Pakistan")["align"]) == ("fair", "adversary")


# -- 84, 85 Leak ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 84", "card 85", "6.2.6")
@pytest.mark.parametrize("card", [84, 85])
def test_leak_needs_a_marker_in_the_events_box(card):
    st = pos()
    assert not playable(st, J, card)
    for name in ("Enhanced Measures", "Renditions", "Wiretapping"):  # A04: Wiretapping too
        st.d["events_in_effect"] = [name]
        assert only_jihadist(st, card)
    st.d["events_in_effect"] = ["Leak [Renditions]"]      # already flipped
    assert not playable(st, J, card)


@pytest.mark.rule("card 84", "card 85", "6.2.8", "4.9.3", "4.7.1")
@pytest.mark.parametrize("card", [84, 85])
def test_leak_flip_posture_prestige_ally(card):
    st = pos(us_posture="soft")
    st.d["events_in_effect"] = ["Renditions", "Wiretapping"]
    start_proc(st, "event", card=card, side=J, trigger="play")
    assert st.legal_actions() == [{"card": 44}, {"card": 31}]
    feed(st, [{"card": 31},
              4,                                          # US Posture: 4 + 1 = 5, Hard
              1, 2, 5])                                   # Prestige: down by the lower, 2
    assert st.d["events_in_effect"] == ["Leak [Wiretapping]", "Renditions"]
    assert blocked(st, 31)
    assert st.d["us_posture"] == "hard" and st.d["prestige"] == 5
    assert st.legal_actions() == [{"country": "Gulf States"}, {"country": "Saudi Arabia"}]
    feed(st, [{"country": "Saudi Arabia"}])
    assert finished(st)
    assert country(st, "Saudi Arabia")["align"] == "neutral"


# -- 86 Lebanon War -------------------------------------------------------------------------------------
@pytest.mark.rule("card 86")
def test_lebanon_war_always_playable():
    assert only_jihadist(pos(), 86)


@pytest.mark.rule("card 86", "4.9.4")
def test_lebanon_war_discard_prestige_cell():
    st = pos()
    st.d["hands"]["US"] = []
    give(st, "US", 2, 4)
    start_proc(st, "event", card=86, side=J, trigger="play")
    assert st.legal_actions() == [{"card": 2}, {"card": 4}]   # chance: a random US card
    feed(st, [{"card": 4}])
    assert st.legal_actions() == [{"country": n} for n in SHIA_MIX]
    feed(st, [{"country": "Yemen"}, 6])                   # Yemen untested: Fair
    assert finished(st)
    assert st.d["hands"]["US"] == [2] and st.d["discard"] == [4]
    assert st.d["prestige"] == 6
    assert country(st, "Yemen")["sleepers"] == 1 and country(st, "Yemen")["gov"] == "fair"


@pytest.mark.rule("card 86", "6.3.1", "card 120")
def test_lebanon_war_discarding_us_election_triggers_it():
    """6.3.1: US Election's event happens when it is used for operations or discarded."""
    st = pos(us_posture="soft")
    st.d["hands"]["US"] = []
    give(st, "US", 120)
    start_proc(st, "event", card=86, side=J, trigger="play")
    feed(st, [{"card": 120}, 6])                          # US Posture 6 + 1: Hard
    assert st.d["us_posture"] == "hard" and 120 in st.d["lapsing"] and 120 not in st.d["discard"]
    # Prestige 7: US Election +1 (World Hard 1 (Israel), US Hard: no GWOT penalty), Lebanon War -1.
    feed(st, [{"country": "Iraq"}])
    assert finished(st)
    assert st.d["prestige"] == 7
    assert country(st, "Iraq")["sleepers"] == 1


@pytest.mark.rule("card 86", "4.6.3")
def test_lebanon_war_empty_track_no_site():
    st = pos(countries={"Afghanistan": {"sleepers": 15}})
    st.d["hands"]["US"] = []
    play_event(st, 86, J, [])                             # no US card, no cylinder: only -1 Prestige
    assert st.d["prestige"] == 6


# -- 87-89 Martyrdom Operation --------------------------------------------------------------------------
@pytest.mark.rule("card 87", "card 88", "card 89", "6.2.6")
@pytest.mark.parametrize("card", [87, 88, 89])
@pytest.mark.reading("P06")
def test_martyrdom_needs_a_cell_outside_islamist_rule(card):
    st = pos()                                            # cells only in Islamist Rule Afghanistan
    assert not playable(st, J, card)
    st = pos(countries={"Iraq": {"sleepers": 1}})
    assert only_jihadist(st, card)
    st = with_rulings(st, martyrdom_country="non_muslim")  # the other reading of "paese non Islamico"
    assert not playable(st, J, card)
    country(st, "United Kingdom").update(sleepers=1, posture="hard")
    conserve(st)
    assert playable(st, J, card)


@pytest.mark.rule("card 87", "card 88", "card 89", "4.8.4", "8.5.2")
@pytest.mark.parametrize("card", [87, 88, 89])
def test_martyrdom_replaces_the_cell_with_two_plots(card):
    st = pos(countries={"Iraq": {"sleepers": 1}})
    give(st, J, card)
    start_proc(st, "play_card", side=J, card=card)
    feed(st, [{"use": "event"}])
    assert st.legal_actions() == [{"country": "Iraq"}]    # Afghanistan: Islamist Rule
    feed(st, [{"country": "Iraq"}])                       # one Sleeper: no cell question
    assert st.legal_actions() == [{"plot": 1}, {"plot": 2}, {"plot": 3}]  # any value, no WMD Available
    feed(st, [{"plot": 3}, {"plot": 3}])
    assert finished(st)
    assert country(st, "Iraq")["plots"] == [3, 3] and st.d["plots_available"] == [1, 1, 2, 2]
    assert country(st, "Iraq")["sleepers"] == 0 and country(st, "Iraq")["cadre"]  # 4.8.4: by an event
    assert st.d["cells_track"] == 11
    assert card in st.d["discard"]


@pytest.mark.rule("card 87", "8.5.5")
def test_martyrdom_which_cell_and_wmd():
    """A28: the Jihadist picks the cell; 'qualsiasi' plot includes an Available WMD."""
    st = pos(countries={"Iraq": {"sleepers": 1, "actives": 1}}, wmd_available=1)
    start_proc(st, "event", card=87, side=J, trigger="play")
    feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == [{"cell": "active"}, {"cell": "sleeper"}]
    feed(st, [{"cell": "active"}])
    assert st.legal_actions() == [{"plot": 1}, {"plot": 2}, {"plot": 3}, {"plot": "WMD"}]
    feed(st, [{"plot": "WMD"}, {"plot": 1}])
    assert finished(st)
    assert country(st, "Iraq")["plots"] == [1, "WMD"] and st.d["wmd_available"] == 0
    assert (country(st, "Iraq")["actives"], country(st, "Iraq")["sleepers"]) == (0, 1)
    assert not country(st, "Iraq")["cadre"]


@pytest.mark.rule("card 88", "card 54")
def test_martyrdom_may_replace_moqtada_al_sadr():
    """A09: Sadr counts as a cell: Iraq is a site and Sadr may be the cell replaced (out of the game)."""
    st = pos(countries={"Iraq": {"markers": ["Moqtada al-Sadr"]}})
    assert playable(st, J, 88)
    country(st, "Iraq")["sleepers"] = 1
    conserve(st)
    start_proc(st, "event", card=88, side=J, trigger="play")
    feed(st, [{"country": "Iraq"}])
    assert st.legal_actions() == [{"cell": "sleeper"}, {"cell": "sadr"}]
    feed(st, [{"cell": "sadr"}, {"plot": 2}, {"plot": 1}])
    assert finished(st)
    assert country(st, "Iraq")["markers"] == [] and country(st, "Iraq")["sleepers"] == 1
    assert country(st, "Iraq")["plots"] == [1, 2] and not country(st, "Iraq")["cadre"]


@pytest.mark.rule("card 87")
def test_martyrdom_no_cadre_switch_and_no_plot_left():
    st = with_rulings(pos(countries={"Iraq": {"sleepers": 1}}, plots_available=[]), martyrdom_cadre=False)
    st.d["countries"]["Sudan"]["plots"] = [1, 1, 2, 2, 3, 3]  # every numbered plot on the map
    st.d["countries"]["Sudan"].update(gov="poor", align="neutral")
    play_event(st, 87, J, [{"country": "Iraq"}])
    assert country(st, "Iraq")["sleepers"] == 0 and not country(st, "Iraq")["cadre"]
    assert country(st, "Iraq")["plots"] == []


# -- 90 Quagmire ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 90", "6.2.6")
def test_quagmire_needs_medium_or_low_prestige_and_a_cell_in_a_regime_change_country():
    st = pos(countries={"Iraq": {"rc": "green", "troops": 5, "sleepers": 1}}, prestige=7)
    assert not playable(st, J, 90)                        # High
    st.d["prestige"] = 6
    assert only_jihadist(st, 90)
    country(st, "Iraq")["sleepers"] = 0
    conserve(st)
    assert not playable(st, J, 90)


def quagmire_position(us_hand):
    st = pos(countries={"Iraq": {"rc": "green", "troops": 5, "sleepers": 1}}, prestige=6, funding=3)
    st.d["hands"]["US"] = []
    give(st, "US", *us_hand)
    return st


@pytest.mark.rule("card 90", "6.3.2.1", "6.2.9")
def test_quagmire_discards_and_jihadist_events_happen():
    st = quagmire_position([10, 75, 95])
    give(st, J, 90)
    start_proc(st, "play_card", side=J, card=90)
    feed(st, [{"use": "event"}])
    assert st.legal_actions() == [{"card": 10}, {"card": 75}, {"card": 95}]  # chance
    feed(st, [{"card": 95}, {"card": 75}])
    assert st.legal_actions() == [{"card": 95}, {"card": 75}]  # the Jihadist orders the events
    feed(st, [{"card": 75}])                              # Schroeder & Chirac: US still Hard
    assert finished(st)
    assert country(st, "France")["posture"] == "soft" and st.d["prestige"] == 5
    assert st.d["funding"] == 6                           # Wahhabism: Saudi Arabia Poor, +3
    assert st.d["us_posture"] == "soft"
    assert st.d["hands"]["US"] == [10]
    assert 75 in st.d["removed"] and 75 not in st.d["discard"]  # REMOVE (6.2.9)
    assert 95 in st.d["discard"] and 90 in st.d["discard"]


@pytest.mark.rule("card 90", "6.3.2.1")
def test_quagmire_unplayable_event_does_not_happen():
    st = quagmire_position([2, 92])
    country(st, "Iraq")["align"] = "neutral"              # Saddam needs a Poor Adversary Iraq
    play_event(st, 90, J, [{"card": 92}, {"card": 2}])    # one Jihadist event: no order question
    assert st.d["funding"] == 3 and st.d["us_posture"] == "soft"
    assert sorted(st.d["discard"]) == [2, 92] and st.d["hands"]["US"] == []


@pytest.mark.rule("card 90")
def test_quagmire_single_playable_event():
    st = quagmire_position([92])
    play_event(st, 90, J, [{"card": 92}])                 # only one US card
    assert st.d["funding"] == 9 and st.d["discard"] == [92]


@pytest.mark.rule("card 90", "6.3.1", "card 120", "4.7.7.1")
def test_quagmire_discarded_us_election_happens_first():
    st = quagmire_position([95, 120])
    play_event(st, 90, J, [{"card": 120}, {"card": 95},
                           1])                            # US Election: US Posture 1 + 1 = Soft
    # US Election: World Hard 1 (Israel) vs US Soft: GWOT penalty, -1 Prestige.
    assert st.d["prestige"] == 5
    assert st.d["funding"] == 6                           # then Wahhabism
    assert 120 in st.d["lapsing"] and st.d["discard"] == [95]
    assert st.d["us_posture"] == "soft" and st.d["in_play"] == []


@pytest.mark.rule("card 90", "6.2.9", "5.3.1")
def test_quagmire_remove_event_card_is_not_reshuffled():
    """The discarded card is resolved like a played one: a reshuffle during its own event (Abu
    Ghurayb draws from an empty draw pile) does not take it; afterwards it is removed (6.2.9)."""
    st = quagmire_position([76])
    st.d["decks"] = 3
    st.d["discard"] = sorted(st.d["discard"] + st.d["deck"])
    st.d["deck"] = []
    start_proc(st, "event", card=90, side=J, trigger="play")
    feed(st, [{"card": 76}])
    assert {"card": 76} not in st.legal_actions()         # the reshuffled draw pile
    feed(st, [{"card": 40}, {"card": 41}, {"country": "Saudi Arabia"}])
    assert finished(st)
    assert st.d["reshuffles"] == 1 and 76 in st.d["removed"] and 76 not in st.d["deck"]
    assert st.d["prestige"] == 4 and st.d["us_posture"] == "soft"


# -- 91 Regional al-Qaeda -------------------------------------------------------------------------------
@pytest.mark.rule("card 91", "6.2.6")
def test_regional_al_qaeda_needs_two_unmarked_muslim_countries():
    st = pos()
    assert only_jihadist(st, 91)
    for n in st.map.muslim:
        c = country(st, n)
        if c["gov"] is None and n != "Yemen":
            c.update(gov="poor", align="neutral")
    assert not playable(st, J, 91)


@pytest.mark.rule("card 91", "4.9.4")
def test_regional_al_qaeda_two_cells_each_with_islamist_rule():
    st = pos()                                            # Afghanistan under Islamist Rule
    start_proc(st, "event", card=91, side=J, trigger="play")
    assert {"country": "Iran"} not in st.legal_actions() and {"country": "Iraq"} not in st.legal_actions()
    feed(st, [{"country": "Sudan"}, {"country": "Yemen"}, 1, 5])
    assert finished(st)
    assert (country(st, "Sudan")["gov"], country(st, "Yemen")["gov"]) == ("poor", "fair")
    assert country(st, "Sudan")["sleepers"] == 2 and country(st, "Yemen")["sleepers"] == 2


@pytest.mark.rule("card 91")
def test_regional_al_qaeda_one_cell_each_without_islamist_rule():
    st = pos(countries={"Afghanistan": {"gov": "poor", "align": "ally"}})
    play_event(st, 91, J, [{"country": "Morocco"}, {"country": "Somalia"}, 2, 2])
    assert country(st, "Morocco")["sleepers"] == 1 and country(st, "Somalia")["sleepers"] == 1
    assert country(st, "Somalia")["besieged"]             # A34: the Besieged Regime stays


@pytest.mark.rule("card 91", "4.6.3")
def test_regional_al_qaeda_empty_track():
    st = pos(countries={"Afghanistan": {"sleepers": 15}})
    play_event(st, 91, J, [])
    assert country(st, "Sudan")["gov"] is None


# -- 92 Saddam ------------------------------------------------------------------------------------------
@pytest.mark.rule("card 92", "6.2.6", "6.2.8")
def test_saddam_needs_a_poor_adversary_iraq_not_captured():
    st = pos()
    assert only_jihadist(st, 92)
    country(st, "Iraq")["markers"].append("Saddam Captured")
    assert not playable(st, J, 92)
    st = pos(countries={"Iraq": {"gov": "fair"}})
    assert not playable(st, J, 92)
    st = pos(countries={"Iraq": {"align": "neutral"}})
    assert not playable(st, J, 92)


@pytest.mark.rule("card 92")
def test_saddam_funding_nine():
    st = pos(funding=2)
    play(st, J, 92, [{"use": "event"}])
    assert st.d["funding"] == 9 and 92 in st.d["discard"]


# -- 93 Taliban -----------------------------------------------------------------------------------------
@pytest.mark.rule("card 93")
def test_taliban_always_playable():
    assert only_jihadist(pos(), 93)


@pytest.mark.rule("card 93")
def test_taliban_with_islamist_rule():
    st = pos()
    play_event(st, 93, J, [])
    assert country(st, "Afghanistan")["besieged"]
    assert country(st, "Afghanistan")["sleepers"] == 5 and country(st, "Pakistan")["sleepers"] == 1
    assert st.d["prestige"] == 4


@pytest.mark.rule("card 93", "4.9.4")
def test_taliban_without_islamist_rule_tests_pakistan():
    st = pos(countries={"Afghanistan": {"gov": "poor", "align": "ally", "sleepers": 1},
                        "Pakistan": {"gov": None, "align": None}})
    play_event(st, 93, J, [4])
    assert country(st, "Pakistan")["gov"] == "poor" and country(st, "Pakistan")["sleepers"] == 1
    assert country(st, "Afghanistan")["sleepers"] == 2 and country(st, "Afghanistan")["besieged"]
    assert st.d["prestige"] == 6


# -- 94 The door of Itjihad was closed ------------------------------------------------------------------
@pytest.mark.rule("card 94", "6.2.6")
def test_itjihad_needs_a_recent_test_or_improvement():
    st = pos()
    assert not playable(st, J, 94)
    record(st, "tested", "France")                        # a Posture test: no Governance to worsen
    assert not playable(st, J, 94)
    record(st, "improved", "Pakistan")
    assert only_jihadist(st, 94)
    # The previous Action Phase counts too; the one before does not (A55).
    st.d["action_log"] = {"current": {"disrupted": [], "tested": [], "improved": []},
                          "previous": {"disrupted": [], "tested": ["Syria"], "improved": []}}
    assert playable(st, J, 94)


@pytest.mark.rule("card 94")
def test_itjihad_worsens_toward_poor():
    st = pos(countries={"Sudan": {"gov": "good", "align": "neutral"}})
    record(st, "tested", "Sudan")
    record(st, "improved", "Pakistan")
    start_proc(st, "event", card=94, side=J, trigger="play")
    assert st.legal_actions() == [{"country": "Pakistan"}, {"country": "Sudan"}]
    feed(st, [{"country": "Sudan"}])
    assert finished(st)
    assert country(st, "Sudan")["gov"] == "fair" and country(st, "Pakistan")["gov"] == "fair"


@pytest.mark.rule("card 94")
def test_itjihad_poor_stays_poor():
    st = pos()
    record(st, "tested", "Iraq")
    play_event(st, 94, J, [{"country": "Iraq"}])
    assert country(st, "Iraq")["gov"] == "poor"


# -- 95 Wahhabism ---------------------------------------------------------------------------------------
@pytest.mark.rule("card 95")
def test_wahhabism_always_playable():
    assert only_jihadist(pos(), 95)


@pytest.mark.rule("card 95", "4.7.4.1")
@pytest.mark.parametrize("gov, before, after", [
    ("poor", 5, 8), ("fair", 5, 7), ("good", 5, 6), ("poor", 8, 9), ("islamist_rule", 2, 9),
])
def test_wahhabism_funding(gov, before, after):
    st = pos(countries={"Saudi Arabia": {"gov": gov}}, funding=before)
    play(st, J, 95, [{"use": "event"}])
    assert st.d["funding"] == after
