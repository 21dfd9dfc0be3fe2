"""Events of the Jihadist cards 48-71 (model/labyrinth/events/jihadist_48_71.py).

Texts: the Italian card list in /work/shared/seeds/000_61ca04b15074b205.txt (primary). Let's Roll!
opens with Funding 9, 11 cells on the track, Afghanistan Islamist Rule with 4 Sleepers, Iraq Poor
Adversary, no troops in Iraq; Anaconda has Patriot Act and a tan Regime Change in Afghanistan with
2 Sleepers and 6 troops.
"""
from __future__ import annotations


import pytest

from cdg_oracle.model.labyrinth.action_log import new_phase, record
from cdg_oracle.model.labyrinth.events.lasting import blocked
from tests.labyrinth.harness import (
    conserve, event_happened, feed, finished, give, play, play_event, playable, position, run_proc,
    start_proc,
)


def pos(scenario="lets_roll", countries=None, **tracks):
    st = position(scenario, countries=countries, **tracks)
    conserve(st)
    return st


def hands(st, J=(), US=None):
    """Set the Jihadist hand (and the US hand if given); the other cards go back to the deck."""
    d = st.d
    sides = ["Jihadist"] + (["US"] if US is not None else [])
    for side in sides:
        d["deck"] = sorted(d["deck"] + d["hands"][side])
        d["hands"][side] = []
    give(st, "Jihadist", *J)
    give(st, "US", *(US or ()))
    return st


def country(st, name):
    return st.d["countries"][name]


def cells(st, name):
    c = country(st, name)
    return c["sleepers"] + c["actives"]


def with_ruling(st, **switches):
    """The same position under other Rulings switches."""
    from tests.labyrinth.harness import with_rulings as _with

    return _with(st, **switches)


def jihadist_only(st, card):
    """The Jihadist may play it now; the US never may (6.2.5)."""
    return playable(st, "Jihadist", card) and not playable(st, "US", card)


# -- 48 Adam Gadahn ----------------------------------------------------------------------------------
@pytest.mark.rule("card 48", "6.2.6", "4.7.4.2")
@pytest.mark.reading("A27")
def test_48_playable_on_the_first_card_with_an_available_cell():
    """"Giocare se è la prima carta della Fase di Azione della jihad ed è disponibile una cellula"."""
    st = pos()
    assert jihadist_only(st, 48)
    st.d["card_index"] = 2
    assert not playable(st, "Jihadist", 48)
    st.d["card_index"] = 1
    st.d["phase"] = "us_action"   # a triggered Jihadist event in the US phase: not the first card
    assert not playable(st, "Jihadist", 48)
    st = pos(funding=3)            # Tight: 11 on the track, 1 Available (4.7.4.2)
    assert playable(st, "Jihadist", 48)
    st = pos(funding=3, countries={"Iraq": {"sleepers": 1}})   # 10 on the track, none Available
    assert st.d["cells_track"] == 10
    assert not playable(st, "Jihadist", 48)
    st = with_ruling(st, adam_gadahn_cells="track")   # the other reading (A27): any cell on the track
    assert playable(st, "Jihadist", 48)


@pytest.mark.rule("card 48", "8.2.1", "6.3.2")
def test_48_second_card_recruits_in_the_us_on_1_or_2_ignoring_its_us_event():
    """The whole phase: Adam Gadahn as the event, then Renditions (US, value 3) is used for the
    Recruit: 3 dice in the United States (no cell or Cadre there: A27), 1 and 2 succeed, 3 fails;
    the US event is ignored (no before/after question, no event)."""
    st = hands(pos(), J=[48, 44])
    start_proc(st, "jihadist_phase")
    feed(st, [{"card": 48}, {"use": "event"}])
    assert st.d["second_card"] == {"proc": "card48_recruit", "card": 48, "use": "recruit", "ignore_us_event": True}
    assert st.legal_actions() == [{"card": 44}]
    feed(st, [{"card": 44}])
    assert st.legal_actions() == [{"country": "United States"}]    # no use choice: fixed
    feed(st, [{"country": "United States"}] * 3 + [1, 2, 3])
    assert finished(st)
    us = country(st, "United States")
    assert (us["sleepers"], us["actives"]) == (2, 0)
    assert st.d["cells_track"] == 9
    assert st.d["discard"] == [48, 44] and st.d["in_play"] == []
    assert st.d["second_card"] is None and st.d["hands"]["Jihadist"] == []


@pytest.mark.rule("card 48", "8.2.1", "4.7.4.2")
def test_48_recruit_places_only_available_cells():
    """Adam Gadahn does not ignore Funding (unlike Madrassas): Funding 3 with 11 on the track leaves
    1 Available cell, so two successes place one."""
    st = hands(pos(funding=3), J=[48, 66])
    run_proc(st, "jihadist_phase", [{"card": 48}, {"use": "event"}, {"card": 66},
                                    {"country": "United States"}, {"country": "United States"}, 1, 2])
    assert cells(st, "United States") == 1 and st.d["cells_track"] == 10


@pytest.mark.rule("card 48", "card 114")
def test_48_recruit_forbidden_by_gtmo():
    """GTMO (LAPSING): "Nessuna operazione di reclutamento ... per il resto di questo turno" (A47):
    the second card is used with no effect and discarded."""
    st = hands(pos(), J=[48, 66])
    st.d["lapsing"].append(114)
    run_proc(st, "jihadist_phase", [{"card": 48}, {"use": "event"}, {"card": 66}])
    assert cells(st, "United States") == 0 and st.d["cells_track"] == 11
    assert st.d["discard"] == [48, 66]


# -- 49 Al-Ittihad al-Islami ----------------------------------------------------------------------------
@pytest.mark.rule("card 49", "4.9.4", "6.2.9")
def test_49_cell_in_somalia_tested_first_card_removed():
    st = pos()
    assert jihadist_only(st, 49)
    play(st, "Jihadist", 49, [{"use": "event"}, 5])   # Somalia untested: 5 -> Fair, Neutral
    s = country(st, "Somalia")
    assert (s["gov"], s["align"], s["sleepers"]) == ("fair", "neutral", 1)
    assert s["besieged"]                                # the set-up Besieged Regime stays (A34)
    assert st.d["cells_track"] == 10 and 49 in st.d["removed"]


@pytest.mark.rule("card 49", "4.6.3", "4.9.4")
def test_49_empty_track_places_nothing_and_tests_nothing():
    """No cylinder on the track: nothing is placed (4.6.3), so Somalia undergoes no placement and is
    not tested (4.9.4 "subisce il piazzamento"); the card is still removed (6.2.4)."""
    st = pos(countries={"Afghanistan": {"sleepers": 15}})
    assert st.d["cells_track"] == 0
    play(st, "Jihadist", 49, [{"use": "event"}])
    assert country(st, "Somalia")["gov"] is None and cells(st, "Somalia") == 0
    assert 49 in st.d["removed"]


# -- 50 Ansar al-Islam ----------------------------------------------------------------------------------
@pytest.mark.rule("card 50", "6.2.6")
@pytest.mark.parametrize("gov,ok", [("poor", True), ("fair", True), ("islamist_rule", True),
                                    ("good", False), (None, False)])
def test_50_playable_if_iraq_worse_than_good(gov, ok):
    st = pos(countries={"Iraq": {"gov": gov}})
    assert playable(st, "Jihadist", 50) is ok
    assert not playable(st, "US", 50)


@pytest.mark.rule("card 50")
@pytest.mark.parametrize("where", ["Iraq", "Iran"])
def test_50_cell_in_iraq_or_iran(where):
    st = pos()
    play(st, "Jihadist", 50, [{"use": "event"}, {"country": where}])
    assert cells(st, where) == 1 and st.d["cells_track"] == 10
    assert 50 in st.d["removed"]


@pytest.mark.rule("card 50", "6.2.4", "6.3.2", "6.2.9")
def test_50_rulebook_6_2_4_example_removed_even_with_no_cell_placed():
    """6.2.4 example: the US uses Ansar al-Islam for operations, triggering it (6.3.2), with no cell
    on the track: no cell is placed, yet the card is removed from the game. (6.2.9 says a card
    used for operations is not removed; the rulebook's own example decides, as the framework.)"""
    st = pos(countries={"Afghanistan": {"sleepers": 15}})
    play(st, "US", 50, [{"use": "ops"}, {"event": "first"}, {"country": "Iraq"},
                        {"op": "war_of_ideas"}, {"country": "Canada"}, 1])
    assert cells(st, "Iraq") == 0 and cells(st, "Iran") == 0
    assert 50 in st.d["removed"]


# -- 51 FREs --------------------------------------------------------------------------------------------
@pytest.mark.rule("card 51", "6.2.6")
def test_51_playable_with_troops_in_iraq():
    st = pos()
    assert not playable(st, "Jihadist", 51)
    st = pos(countries={"Iraq": {"troops": 2}})
    assert jihadist_only(st, 51)


@pytest.mark.rule("card 51", "card 27")
@pytest.mark.parametrize("captured,placed", [(False, 4), (True, 2)])
def test_51_four_cells_in_iraq_or_two_after_saddam_captured(captured, placed):
    st = pos(countries={"Iraq": {"troops": 2, "markers": ["Saddam Captured"] if captured else []}})
    play(st, "Jihadist", 51, [{"use": "event"}])
    assert country(st, "Iraq")["sleepers"] == placed
    assert st.d["cells_track"] == 11 - placed and 51 in st.d["discard"]


# -- 52 IEDs --------------------------------------------------------------------------------------------
@pytest.mark.rule("card 52", "6.2.6")
def test_52_playable_with_a_cell_in_a_regime_change_country():
    assert not playable(pos(), "Jihadist", 52)
    st = pos("anaconda")   # Afghanistan: tan Regime Change, 2 Sleepers
    assert jihadist_only(st, 52)
    st = pos("anaconda", countries={"Afghanistan": {"sleepers": 0}})
    assert not playable(st, "Jihadist", 52)


@pytest.mark.rule("card 52")
def test_52_us_discards_a_random_card():
    st = pos("anaconda")
    hands(st, J=[], US=[12, 14])
    play_event(st, 52, "Jihadist", [{"card": 14}])
    assert st.d["hands"]["US"] == [12] and st.d["discard"] == [14]
    st = pos("anaconda")
    hands(st, J=[], US=[])
    play_event(st, 52, "Jihadist", [])      # an empty hand: nothing to discard
    assert st.d["discard"] == [] and event_happened(st) == "Jihadist"


# -- 53 Madrassas ---------------------------------------------------------------------------------------
@pytest.mark.rule("card 53", "6.2.6")
def test_53_playable_only_as_the_first_card():
    st = pos()
    assert jihadist_only(st, 53)
    st.d["card_index"] = 2
    assert not playable(st, "Jihadist", 53)


@pytest.mark.rule("card 53", "8.2.2", "8.2.1", "8.1.1")
def test_53_second_card_recruits_ignoring_funding_also_where_worse_than_fair():
    """Madrassas then Abu Ghurayb (value 3) for the Recruit. Sites: Afghanistan (cells; Islamist
    Rule), and without cell or Cadre every country marked Poor: Iraq, Libya, Saudi Arabia (Pakistan,
    Fair, and Syria, Fair, are not). Madrassas first recruits with its own value (P15 default,
    ``madrassas_own_recruit``): 1 die, automatic in Afghanistan. Funding 1 leaves 1 Available cell
    of 11; ignoring Funding every success is placed."""
    st = hands(pos(funding=1), J=[53, 76])
    start_proc(st, "jihadist_phase")
    feed(st, [{"card": 53}, {"use": "event"}])
    sites = [{"country": "Afghanistan"}, {"country": "Iraq"}, {"country": "Libya"}, {"country": "Saudi Arabia"}]
    assert st.legal_actions() == sites
    feed(st, [{"country": "Afghanistan"}, {"card": 76}])
    assert st.legal_actions() == sites
    feed(st, [{"country": "Iraq"}, {"country": "Iraq"}, {"country": "Afghanistan"}])
    feed(st, [3, 4])   # Iraq (Poor): 3 succeeds, 4 fails; Afghanistan automatic (no die)
    assert finished(st)
    assert cells(st, "Iraq") == 1 and cells(st, "Afghanistan") == 6
    assert st.d["cells_track"] == 8 and st.d["discard"] == [53, 76]


@pytest.mark.rule("card 53", "6.3.2", "6.3.2.1")
def test_53_second_card_us_event_still_triggers():
    """Madrassas does not ignore the second card's US event: Sanctions (Patriot Act in effect in
    Anaconda) used for the Recruit triggers its event (-2 Funding) after the operation. Madrassas's
    own Recruit (P15 default) goes first, in Iraq (Poor), on a 1."""
    st = hands(pos("anaconda"), J=[53, 6])
    start_proc(st, "jihadist_phase")
    feed(st, [{"card": 53}, {"use": "event"}, {"country": "Iraq"}, 1, {"card": 6}])
    assert st.legal_actions() == [{"event": "first"}, {"event": "after"}]
    feed(st, [{"event": "after"}, {"country": "Iraq"}, 1])
    assert finished(st)
    assert cells(st, "Iraq") == 2 and st.d["funding"] == 4


@pytest.mark.rule("card 53", "8.1.2", "4.9.4")
@pytest.mark.reading("P15")
def test_53_untested_cadre_site_tested_and_short_track_distributed():
    """An untested Somalia with a Cadre is a site; it is tested before the dice (4.9.4). With one
    cylinder on the track and successes in two countries the Jihadist places it (8.1.2). Under
    ``madrassas_own_recruit=False`` (P15): only the second card recruits, so the cylinder is still
    there for it."""
    st = with_ruling(pos(countries={"Afghanistan": {"sleepers": 14}, "Somalia": {"cadre": True}}),
                     madrassas_own_recruit=False)
    assert st.d["cells_track"] == 1
    hands(st, J=[53, 66])
    run_proc(st, "jihadist_phase", [{"card": 53}, {"use": "event"}, {"card": 66},
                                    {"country": "Somalia"}, {"country": "Iraq"},
                                    6,               # test Somalia: Fair
                                    2, 1,            # both succeed
                                    {"country": "Somalia"}])
    s = country(st, "Somalia")
    assert (s["gov"], s["sleepers"], s["cadre"]) == ("fair", 1, False)
    assert cells(st, "Iraq") == 0 and st.d["cells_track"] == 0


@pytest.mark.rule("card 53", "card 114")
@pytest.mark.reading("P15")
@pytest.mark.parametrize("own", [True, False])
def test_53_recruit_forbidden_by_gtmo(own):
    """GTMO (card 114) in effect: neither Madrassas's own Recruit (P15 default) nor the second
    card's recruits anything."""
    st = hands(with_ruling(pos(), madrassas_own_recruit=own), J=[53, 66])
    st.d["lapsing"].append(114)
    run_proc(st, "jihadist_phase", [{"card": 53}, {"use": "event"}, {"card": 66}])
    assert st.d["cells_track"] == 11 and st.d["discard"] == [53, 66]


# -- 54 Moqtada al-Sadr ---------------------------------------------------------------------------------
@pytest.mark.rule("card 54", "6.2.6")
def test_54_playable_with_troops_in_iraq():
    assert not playable(pos(), "Jihadist", 54)
    assert jihadist_only(pos(countries={"Iraq": {"troops": 1}}), 54)


@pytest.mark.rule("card 54", "6.2.7")
def test_54_sadr_marker_on_iraq():
    st = pos(countries={"Iraq": {"troops": 1}})
    play(st, "Jihadist", 54, [{"use": "event"}])
    assert country(st, "Iraq")["markers"] == ["Moqtada al-Sadr"]
    assert 54 in st.d["removed"]


# -- 55 Uyghur Jihad ------------------------------------------------------------------------------------
@pytest.mark.rule("card 55", "4.9.4")
@pytest.mark.parametrize("china_die,site", [(5, "Central Asia"), (4, "China")])
def test_55_test_china_then_cell_in_central_asia_if_hard_china_if_soft(china_die, site):
    st = pos()
    assert jihadist_only(st, 55)
    script = [{"use": "event"}, china_die] + ([1] if site == "Central Asia" else [])
    play(st, "Jihadist", 55, script)
    assert country(st, "China")["posture"] == ("hard" if china_die >= 5 else "soft")
    assert cells(st, site) == 1 and st.d["cells_track"] == 10
    if site == "Central Asia":
        assert (country(st, site)["gov"], country(st, site)["align"]) == ("poor", "neutral")
    assert 55 in st.d["removed"]


@pytest.mark.rule("card 55", "4.9.4")
def test_55_marked_china_is_not_tested_again():
    st = pos(countries={"China": {"posture": "soft"}})
    play_event(st, 55, "Jihadist", [])
    assert cells(st, "China") == 1


# -- 56 Vieira de Mello Slain ---------------------------------------------------------------------------
@pytest.mark.rule("card 56", "6.2.6")
def test_56_playable_if_a_regime_change_country_has_a_cell():
    assert not playable(pos(), "Jihadist", 56)
    assert jihadist_only(pos("anaconda"), 56)


@pytest.mark.rule("card 56", "6.2.7", "6.2.8")
def test_56_prestige_minus_one_marker_blocks_un_nation_building():
    st = pos("anaconda")
    play(st, "Jihadist", 56, [{"use": "event"}])
    assert st.d["prestige"] == 7
    assert st.d["events_in_effect"] == ["Vieira de Mello Slain"]
    assert blocked(st, 30) and 56 in st.d["removed"]


# -- 57 Abu Sayyaf --------------------------------------------------------------------------------------
@pytest.mark.rule("card 57", "6.2.6", "6.2.8")
def test_57_playable_unless_2003_or_moro_talks():
    assert jihadist_only(pos(), 57)
    assert not playable(pos("mission_accomplished"), "Jihadist", 57)   # "non permesso nel 2003"
    assert not playable(pos(countries={"Philippines": {"markers": ["Moro Talks"]}}), "Jihadist", 57)


@pytest.mark.rule("card 57", "4.9.4", "6.2.7")
def test_57_cell_and_marker_in_the_philippines():
    st = pos()
    play(st, "Jihadist", 57, [{"use": "event"}, 2])    # test: 2 -> Soft
    ph = country(st, "Philippines")
    assert (ph["posture"], ph["sleepers"], ph["markers"]) == ("soft", 1, ["Abu Sayyaf"])
    assert st.d["cells_track"] == 10 and 57 in st.d["removed"]


# -- 58 Al-Anbar ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 58", "6.2.8")
def test_58_playable_unless_anbar_awakening():
    assert jihadist_only(pos(), 58)
    assert not playable(pos(countries={"Iraq": {"markers": ["Anbar Awakening"]}}), "Jihadist", 58)


@pytest.mark.rule("card 58", "6.2.7")
def test_58_cell_and_marker_in_iraq():
    st = pos()
    play(st, "Jihadist", 58, [{"use": "event"}])
    assert cells(st, "Iraq") == 1 and country(st, "Iraq")["markers"] == ["Al-Anbar"]
    assert 58 in st.d["removed"]


# -- 59 Amerithrax --------------------------------------------------------------------------------------
@pytest.mark.rule("card 59")
def test_59_always_playable_by_the_jihadist_only():
    assert jihadist_only(pos(), 59)


@pytest.mark.rule("card 59", "6.3.2.3")
def test_59_us_discards_its_highest_value_us_card_ties_chosen_by_the_us():
    """A51: ties go to the US. GTMO (Unassociated, value 3) is not a US-associated card."""
    st = hands(pos(), J=[], US=[4, 12, 16, 114])
    start_proc(st, "event", card=59, side="Jihadist", trigger="play")
    assert st.current_player() == "US"
    assert st.legal_actions() == [{"card": 12}, {"card": 16}]
    feed(st, [{"card": 16}])
    assert finished(st)
    assert st.d["hands"]["US"] == [4, 12, 114] and st.d["discard"] == [16]
    st = hands(pos(), J=[], US=[114, 120])
    play_event(st, 59, "Jihadist", [])     # no US-associated card: nothing
    assert st.d["hands"]["US"] == [114, 120] and st.d["discard"] == []


# -- 60 Bhutto Shot -------------------------------------------------------------------------------------
@pytest.mark.rule("card 60", "6.2.6")
def test_60_playable_with_a_cell_in_pakistan():
    assert not playable(pos(), "Jihadist", 60)
    assert jihadist_only(pos(countries={"Pakistan": {"actives": 1}}), 60)


@pytest.mark.rule("card 60", "6.2.7", "6.2.8")
def test_60_marker_on_pakistan_ends_benazir_bhutto():
    st = pos(countries={"Pakistan": {"sleepers": 1, "markers": ["Benazir Bhutto"]}})
    play(st, "Jihadist", 60, [{"use": "event"}])
    assert country(st, "Pakistan")["markers"] == ["Bhutto Shot"]
    assert blocked(st, 33) and 60 in st.d["removed"]


# -- 61 Detainee Release --------------------------------------------------------------------------------
@pytest.mark.rule("card 61", "6.2.6", "6.2.8")
def test_61_playable_after_a_disrupt_in_this_or_the_last_phase():
    st = pos()
    assert not playable(st, "Jihadist", 61)
    record(st, "disrupted", "Iraq")
    assert jihadist_only(st, 61)
    new_phase(st.d)                     # now the last Action Phase
    assert playable(st, "Jihadist", 61)
    new_phase(st.d)                     # two phases ago: too old
    assert not playable(st, "Jihadist", 61)
    record(st, "disrupted", "Iraq")
    st.d["lapsing"].append(114)         # GTMO blocks it
    assert not playable(st, "Jihadist", 61)
    st.d["lapsing"] = []
    st.d["events_in_effect"].append("Renditions")   # so does Renditions
    assert not playable(st, "Jihadist", 61)


@pytest.mark.rule("card 61", "5.3.1")
def test_61_cell_where_disrupted_then_draw():
    st = pos()
    record(st, "disrupted", "Saudi Arabia")
    new_phase(st.d)
    record(st, "disrupted", "Iraq")
    hands(st, J=[61])
    deck_card = st.d["deck"][0]
    start_proc(st, "play_card", side="Jihadist", card=61)
    feed(st, [{"use": "event"}])
    assert st.legal_actions() == [{"country": "Iraq"}, {"country": "Saudi Arabia"}]
    feed(st, [{"country": "Saudi Arabia"}, {"card": deck_card}])
    assert finished(st)
    assert cells(st, "Saudi Arabia") == 1 and st.d["cells_track"] == 10
    assert st.d["hands"]["Jihadist"] == [deck_card] and 61 in st.d["discard"]


# -- 62 Ex-KGB ------------------------------------------------------------------------------------------
@pytest.mark.rule("card 62")
def test_62_removes_ctr_from_russia_only():
    st = pos(countries={"Russia": {"markers": ["CTR"]}, "Central Asia": {"markers": ["CTR"]}})
    assert jihadist_only(st, 62)
    play(st, "Jihadist", 62, [{"use": "event"}])
    assert country(st, "Russia")["markers"] == [] and country(st, "Central Asia")["markers"] == ["CTR"]
    assert country(st, "Caucasus")["posture"] is None and 62 in st.d["discard"]


@pytest.mark.rule("card 62")
@pytest.mark.parametrize("us,caucasus", [("hard", "soft"), ("soft", "hard")])
def test_62_caucasus_opposite_to_the_us(us, caucasus):
    st = pos(us_posture=us)
    play_event(st, 62, "Jihadist", [{"country": "Caucasus"}])
    assert country(st, "Caucasus")["posture"] == caucasus


@pytest.mark.rule("card 62", "4.9.4")
def test_62_test_central_asia_and_shift_toward_adversary():
    st = pos()
    play_event(st, 62, "Jihadist", [{"country": "Central Asia"}, 5])   # test: Fair Neutral
    ca = country(st, "Central Asia")
    assert (ca["gov"], ca["align"]) == ("fair", "adversary")
    st = pos(countries={"Central Asia": {"gov": "poor", "align": "ally"}})
    play_event(st, 62, "Jihadist", [{"country": "Central Asia"}])      # marked: no test
    assert country(st, "Central Asia")["align"] == "neutral"


# -- 63 Gaza War ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 63")
def test_63_random_us_discard_funding_up_prestige_down():
    st = hands(pos(funding=5), J=[63], US=[12, 14])
    assert jihadist_only(st, 63)
    play(st, "Jihadist", 63, [{"use": "event"}, {"card": 12}])
    assert st.d["hands"]["US"] == [14] and st.d["discard"] == [12, 63]
    assert (st.d["funding"], st.d["prestige"]) == (6, 6)


# -- 64 Hariri Killed -----------------------------------------------------------------------------------
@pytest.mark.rule("card 64", "4.9.4")
def test_64_test_lebanon_syria_adversary_and_worse():
    st = pos(countries={"Syria": {"align": "neutral"}})
    assert jihadist_only(st, 64)
    play(st, "Jihadist", 64, [{"use": "event"}, 6])    # Lebanon: Fair Neutral
    assert (country(st, "Lebanon")["gov"], country(st, "Lebanon")["align"]) == ("fair", "neutral")
    assert (country(st, "Syria")["gov"], country(st, "Syria")["align"]) == ("poor", "adversary")
    assert 64 in st.d["removed"]


@pytest.mark.rule("card 64")
def test_64_poor_syria_does_not_fall_to_islamist_rule():
    st = pos(countries={"Syria": {"gov": "poor"}, "Lebanon": {"gov": "good", "align": "ally"}})
    play_event(st, 64, "Jihadist", [])
    assert country(st, "Syria")["gov"] == "poor" and country(st, "Lebanon")["gov"] == "good"


# -- 65 HEU, 69 Kazakh Strain, 71 Loose Nuke ------------------------------------------------------------
@pytest.mark.rule("card 65", "card 69", "card 71", "6.2.6")
@pytest.mark.parametrize("card,russia,central_asia,ctr,ok", [
    (65, 1, 0, [], True), (65, 0, 1, [], True), (65, 0, 0, [], False),
    (65, 1, 0, ["Russia"], False), (65, 1, 1, ["Russia"], True),
    (65, 1, 1, ["Russia", "Central Asia"], False),
    (69, 0, 1, [], True), (69, 1, 0, [], False),
    (69, 0, 1, ["Central Asia"], False), (69, 0, 1, ["Russia"], True),
    (71, 1, 0, [], True), (71, 0, 1, [], False),
    (71, 1, 0, ["Russia"], False), (71, 1, 0, ["Central Asia"], True),
])
def test_wmd_events_need_a_cell_and_no_ctr_there(card, russia, central_asia, ctr, ok):
    countries = {"Russia": {"sleepers": russia}, "Central Asia": {"gov": "poor", "align": "neutral",
                                                                  "sleepers": central_asia}}
    for n in ctr:
        countries[n]["markers"] = ["CTR"]
    st = pos(countries=countries)
    assert playable(st, "Jihadist", card) is ok
    assert not playable(st, "US", card)


@pytest.mark.rule("card 65", "card 71", "8.1.1", "4.7.8.1")
@pytest.mark.parametrize("card", [65, 71])
def test_wmd_success_in_russia_adds_a_wmd(card):
    st = pos(countries={"Russia": {"sleepers": 1, "posture": "hard"}})
    play(st, "Jihadist", card, [{"use": "event"}, {"country": "Russia"}, 2])   # Fair: 2 succeeds
    assert st.d["wmd_boxes"]["loose_nuke_heu_kazakh_strain"] == 2 and st.d["wmd_available"] == 1
    assert cells(st, "Russia") == 1 and card in st.d["removed"]


@pytest.mark.rule("card 65", "8.1.1", "4.8.4")
def test_65_failure_removes_the_cell_chosen_by_the_jihadist_cadre_left():
    st = pos(countries={"Russia": {"sleepers": 1, "posture": "soft"},
                        "Central Asia": {"gov": "poor", "align": "neutral", "sleepers": 1, "actives": 1}})
    play(st, "Jihadist", 65, [{"use": "event"}, {"country": "Central Asia"}, 4, {"cell": "active"}])
    ca = country(st, "Central Asia")
    assert (ca["actives"], ca["sleepers"], ca["cadre"]) == (0, 1, False)
    assert st.d["wmd_available"] == 0 and 65 in st.d["removed"]
    st = pos(countries={"Russia": {"sleepers": 1}})   # untested: tested as the operation site (4.9.4)
    play(st, "Jihadist", 71, [{"use": "event"}, {"country": "Russia"}, 6, 3])
    assert country(st, "Russia")["posture"] == "hard"
    assert cells(st, "Russia") == 0 and country(st, "Russia")["cadre"]
    assert st.d["cells_track"] == 11


@pytest.mark.rule("card 69", "8.1.1", "4.7.8.1")
def test_69_islamist_rule_central_asia_automatic_empty_box_adds_nothing():
    """Islamist Rule: success without a die (8.1.1). The box is empty: no WMD is added (4.7.8.1)."""
    st = pos(countries={"Central Asia": {"gov": "islamist_rule", "align": "adversary", "sleepers": 1}},
             wmd_boxes={"loose_nuke_heu_kazakh_strain": 0, "pakistan_arsenal": 3})
    play(st, "Jihadist", 69, [{"use": "event"}, {"country": "Central Asia"}])
    assert st.d["wmd_available"] == 0 and cells(st, "Central Asia") == 1
    assert 69 in st.d["removed"]


@pytest.mark.rule("card 69", "8.1.1")
def test_69_poor_central_asia_success_on_three():
    st = pos(countries={"Central Asia": {"gov": "poor", "align": "ally", "sleepers": 1}})
    play_event(st, 69, "Jihadist", [{"country": "Central Asia"}, 3])
    assert st.d["wmd_available"] == 1


# -- 66 Homegrown ---------------------------------------------------------------------------------------
@pytest.mark.rule("card 66", "4.9.4")
def test_66_cell_in_the_united_kingdom():
    st = pos()
    assert jihadist_only(st, 66)
    play(st, "Jihadist", 66, [{"use": "event"}, 6])     # untested UK: 6 -> Hard
    uk = country(st, "United Kingdom")
    assert (uk["posture"], uk["sleepers"]) == ("hard", 1) and 66 in st.d["discard"]


# -- 67 Islamic Jihad Union -----------------------------------------------------------------------------
@pytest.mark.rule("card 67", "4.9.4")
def test_67_cells_in_central_asia_and_afghanistan():
    st = pos()
    assert jihadist_only(st, 67)
    play(st, "Jihadist", 67, [{"use": "event"}, 2])     # Central Asia tested: Poor Neutral
    assert country(st, "Central Asia")["gov"] == "poor"
    assert cells(st, "Central Asia") == 1 and cells(st, "Afghanistan") == 5
    assert st.d["cells_track"] == 9 and 67 in st.d["removed"]


@pytest.mark.rule("card 67", "4.6.3")
def test_67_one_cell_on_the_track_goes_to_central_asia():
    st = pos(countries={"Afghanistan": {"sleepers": 14}})
    play_event(st, 67, "Jihadist", [5])
    assert cells(st, "Central Asia") == 1 and cells(st, "Afghanistan") == 14


# -- 68 Jemaah Islamiya ---------------------------------------------------------------------------------
@pytest.mark.rule("card 68", "4.9.4")
def test_68_two_cells_in_indonesia():
    st = pos()
    assert jihadist_only(st, 68)
    play(st, "Jihadist", 68, [{"use": "event"}, 4])
    im = country(st, "Indonesia/Malaysia")
    assert (im["gov"], im["align"], im["sleepers"]) == ("poor", "neutral", 2)
    assert st.d["cells_track"] == 9 and 68 in st.d["discard"]


# -- 70 Lashkar-e-Tayyiba -------------------------------------------------------------------------------
@pytest.mark.rule("card 70", "6.2.8")
def test_70_blocked_by_indo_pakistani_talks():
    assert jihadist_only(pos(), 70)
    assert not playable(pos(), "US", 70)
    st = pos()
    st.d["events_in_effect"].append("Indo-Pakistani Talks")
    assert not playable(st, "Jihadist", 70)


@pytest.mark.rule("card 70", "4.9.4")
def test_70_cells_in_pakistan_and_india():
    st = pos()
    play(st, "Jihadist", 70, [{"use": "event"}, 1])     # India untested: Soft
    assert cells(st, "Pakistan") == 1 and cells(st, "India") == 1
    assert country(st, "India")["posture"] == "soft"
    assert st.d["cells_track"] == 9 and 70 in st.d["discard"]
