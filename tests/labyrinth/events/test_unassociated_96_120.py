"""Events of the Unassociated cards 96-120 (model/labyrinth/events/unassociated_96_120.py).

Texts: the Italian card list in /work/shared/seeds/000_61ca04b15074b205.txt (primary); ambiguity
numbers (A..) from seed_labyrinth.md g.2.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from cdg_oracle.model.labyrinth.countries import resources
from cdg_oracle.model.labyrinth.events.lasting import blocked, lapsing_in_effect
from tests.labyrinth.harness import (
    conserve, feed, finished, give, play, play_event, playable, position, start_proc,
)

SIDES = ("US", "Jihadist")


def set_hand(st, side, *cards):
    """Make ``side``'s hand exactly ``cards`` (the cards it held go back to the draw pile)."""
    d = st.d
    d["deck"].extend(d["hands"][side])
    d["hands"][side] = []
    give(st, side, *cards)
    return st


def place_plots(st, name, *plots):
    """Put plot markers from Available Plots (numbered) or the WMD pool into ``name``."""
    for p in plots:
        if p == "WMD":
            st.d["wmd_available"] -= 1
        else:
            st.d["plots_available"].remove(p)
        st.d["countries"][name]["plots"].append(p)


class Rulings:
    """The model's rulings with some switches set otherwise (a stand-in for ``with_rulings``)."""

    def __init__(self, base, **switches):
        self._base = base
        self.__dict__.update(switches)

    def __getattr__(self, name):
        return getattr(self._base, name)


def no_islamist_rule(st):
    """Let's Roll without its Islamist Rule Afghanistan (Poor Neutral, cells kept)."""
    st.d["countries"]["Afghanistan"].update(gov="poor", align="neutral")
    return st


# -- cards without a precondition: playable by either side (6.2.5) -------------------------------
@pytest.mark.rule("6.2.5", "card 96", "card 98", "card 99", "card 100", "card 101", "card 102",
                  "card 103", "card 104", "card 105", "card 107", "card 113", "card 114",
                  "card 117", "card 118", "card 119", "card 120")
@pytest.mark.parametrize("card", [96, 98, 99, 100, 101, 102, 103, 104, 105, 107, 113, 114, 117, 118, 119, 120])
def test_unconditional_events_are_playable_by_both_sides(card):
    st = position("lets_roll")
    for side in SIDES:
        assert playable(st, side, card)


# -- 96 Danish Cartoons --------------------------------------------------------------------------
@pytest.mark.rule("card 96", "4.9.4")
def test_danish_cartoons_without_islamist_rule_places_a_plot_1():
    st = no_islamist_rule(position("lets_roll"))
    give(st, "US", 96)
    start_proc(st, "play_card", side="US", card=96)
    feed(st, [{"use": "event"}])
    assert st.decision()["player"] == "US"  # the US selects Scandinavia's Posture
    feed(st, [{"posture": "soft"}])
    assert st.decision()["player"] == "Jihadist"
    legal = st.legal_actions()
    assert {"country": "Egypt"} in legal and len(legal) == 18  # every Muslim country, none IR
    feed(st, [{"country": "Egypt"}, 3])  # Egypt untested: tested first (A54), 3 -> Poor
    assert st.legal_actions() == [{"plot": 1}]  # no Islamist Rule: only a Plot 1
    feed(st, [{"plot": 1}])
    assert finished(st)
    d = st.d
    assert d["countries"]["Scandinavia"]["posture"] == "soft"
    assert d["countries"]["Egypt"]["gov"] == "poor" and d["countries"]["Egypt"]["align"] == "neutral"
    assert d["countries"]["Egypt"]["plots"] == [1]
    assert d["plots_available"] == [1, 2, 2, 3, 3]
    assert 96 in d["removed"]  # RIMUOVERE


@pytest.mark.rule("card 96", "4.7.8")
def test_danish_cartoons_with_islamist_rule_places_any_plot_wmd_included():
    st = position("lets_roll", wmd_available=1)  # Afghanistan is under Islamist Rule
    start_proc(st, "event", card=96, side="Jihadist", trigger="play")
    feed(st, [{"posture": "hard"}])
    assert {"country": "Afghanistan"} not in st.legal_actions()  # not under Islamist Rule
    feed(st, [{"country": "Pakistan"}])  # already marked: no test
    assert st.legal_actions() == [{"plot": 1}, {"plot": 2}, {"plot": 3}, {"plot": "WMD"}]
    feed(st, [{"plot": "WMD"}])
    assert finished(st)
    assert st.d["countries"]["Scandinavia"]["posture"] == "hard"
    assert st.d["countries"]["Pakistan"]["plots"] == ["WMD"]
    assert st.d["wmd_available"] == 0


@pytest.mark.rule("card 96")
def test_danish_cartoons_without_a_plot_1_places_nothing():
    st = no_islamist_rule(position("lets_roll"))
    st.d["plots_available"] = [2, 2, 3, 3]
    st.d["countries"]["Iraq"]["plots"] = [1, 1]
    play_event(st, 96, "US", [{"posture": "soft"}])  # no country is asked for
    assert st.d["countries"]["Scandinavia"]["posture"] == "soft"
    assert st.d["plots_available"] == [2, 2, 3, 3]


# -- 97 Fatwa ------------------------------------------------------------------------------------
@pytest.mark.rule("card 97", "6.2.6")
def test_fatwa_needs_cards_in_both_hands_besides_itself():
    st = position("lets_roll")
    for side in SIDES:
        assert playable(st, side, 97)
    set_hand(st, "Jihadist", 97)  # only Fatwa itself
    assert not playable(st, "Jihadist", 97)
    assert not playable(st, "US", 97)
    set_hand(st, "Jihadist", 3, 97)
    set_hand(st, "US")
    assert not playable(st, "US", 97)
    set_hand(st, "US", 10)
    assert playable(st, "US", 97) and playable(st, "Jihadist", 97)


@pytest.mark.rule("card 97", "8.2.1")
def test_fatwa_jihadist_swaps_random_cards_then_recruits_with_one_op():
    st = position("lets_roll")
    set_hand(st, "US", 10, 12)
    set_hand(st, "Jihadist", 3, 5, 97)
    start_proc(st, "play_card", side="Jihadist", card=97)
    feed(st, [{"use": "event"}])
    assert st.chance_outcomes() == [({"card": 10}, Fraction(1, 2)), ({"card": 12}, Fraction(1, 2))]
    feed(st, [{"card": 10}])
    # The Jihadist's card is picked from his hand as it was: the card received is not in it.
    assert st.chance_outcomes() == [({"card": 3}, Fraction(1, 2)), ({"card": 5}, Fraction(1, 2))]
    feed(st, [{"card": 3}])
    assert st.d["hands"] == {"US": [3, 12], "Jihadist": [5, 10]}
    assert st.decision()["player"] == "Jihadist" and st.decision()["rule"] == "card 97"
    assert {"op": "recruit"} in st.legal_actions()
    feed(st, [{"op": "recruit"}, {"country": "Afghanistan"}])  # 1 op; Islamist Rule: automatic
    assert finished(st)
    assert st.d["countries"]["Afghanistan"]["sleepers"] == 5
    assert st.d["discard"] == [97]


@pytest.mark.rule("card 97", "7.3.1")
def test_fatwa_us_swaps_then_conducts_a_value_1_operation():
    st = position("lets_roll")
    set_hand(st, "US", 10, 97)
    set_hand(st, "Jihadist", 7)
    play(st, "US", 97, [{"use": "event"}, {"card": 10}, {"card": 7},
                        {"op": "deploy"}, {"from": "Gulf States"}, {"to": "track"}, {"troops": 2}])
    assert st.d["hands"] == {"US": [7], "Jihadist": [10]}
    assert st.d["countries"]["Gulf States"]["troops"] == 0
    assert st.d["troops_track"] == 13
    assert st.d["discard"] == [97]


@pytest.mark.rule("card 97", "6.3.3")
@pytest.mark.parametrize("reading, reserves", [(False, False), (True, True)])
@pytest.mark.reading("P13")
def test_fatwa_operation_may_be_reserves_only_under_the_ruling(reading, reserves):
    """Registry P13 (``fatwa_op_reserves``): Fatwa's 'effettuate una operazione con questa carta'
    is an operation proper by default; under the other reading Reserves (6.3.3) is offered too,
    and choosing it adds the card's value (1) to the Jihadist's Reserves."""
    st = position("lets_roll")
    st.d["rulings"]["fatwa_op_reserves"] = reading
    st = type(st)(st.d)
    set_hand(st, "US", 10, 12)
    set_hand(st, "Jihadist", 3, 5, 97)
    start_proc(st, "play_card", side="Jihadist", card=97)
    feed(st, [{"use": "event"}, {"card": 10}, {"card": 3}])
    assert st.decision()["rule"] == "card 97"
    assert ({"op": "reserves"} in st.legal_actions()) is reserves
    if reserves:
        feed(st, [{"op": "reserves"}])
        assert finished(st) and st.d["reserves"]["Jihadist"] == 1


# -- 98 Gaza Withdrawal --------------------------------------------------------------------------
@pytest.mark.rule("card 98", "6.2.9")
def test_gaza_withdrawal_us_funding_minus_one():
    st = position("lets_roll", funding=6)
    play(st, "US", 98, [{"use": "event"}])
    assert st.d["funding"] == 5
    assert st.d["countries"]["Israel"]["sleepers"] == 0
    assert 98 in st.d["removed"]


@pytest.mark.rule("card 98", "4.7.4.2", "6.2.9")
def test_gaza_withdrawal_jihadist_places_a_cell_in_israel():
    st = position("lets_roll", funding=6)
    play(st, "Jihadist", 98, [{"use": "event"}])
    assert st.d["countries"]["Israel"]["sleepers"] == 1
    assert st.d["cells_track"] == 10
    assert st.d["funding"] == 6
    assert 98 in st.d["removed"]


# -- 99 HAMAS Elected ----------------------------------------------------------------------------
@pytest.mark.rule("card 99", "6.2.9")
@pytest.mark.parametrize("player", SIDES)
def test_hamas_elected_the_us_discards_any_card_of_its_hand(player):
    """The Italian card (primary): "scartano 1 carta dalla mano USA", any card of the US hand,
    Jihadist cards included; the dossier's "1 US card" does not restrict it (rulebook wins)."""
    st = position("lets_roll", prestige=7, funding=6)
    set_hand(st, "US", 2, 49)  # 49 is a Jihadist card
    give(st, player, 99)
    start_proc(st, "play_card", side=player, card=99)
    feed(st, [{"use": "event"}])
    assert st.decision()["player"] == "US"  # the US selects, whoever played it
    assert st.legal_actions() == [{"discard": 2}, {"discard": 49}]
    feed(st, [{"discard": 49}])
    assert finished(st)
    assert st.d["hands"]["US"] == [2]
    assert st.d["discard"] == [49]
    assert (st.d["prestige"], st.d["funding"]) == (6, 5)
    assert 99 in st.d["removed"]


@pytest.mark.rule("card 99", "card 120", "6.3.1", "6.3.2.3")
@pytest.mark.parametrize("player", SIDES)
def test_hamas_elected_discarding_us_election_fires_its_event(player):
    """6.3.2.3: a discard causes no event, except US Election (card 120): "Quando questa carta viene
    usata per operazioni o scartata" (6.3.1). Discarded to HAMAS Elected it rolls for US Posture
    (4.9.3, +1) and shifts Prestige by the GWOT penalty, then HAMAS Elected costs Prestige and
    Funding. World Posture Hard 1 (Israel): a die of 3 gives Soft, penalty 1: Prestige 7-1-1."""
    st = position("lets_roll", prestige=7, funding=6, us_posture="hard")
    set_hand(st, "US", 2, 120)
    give(st, player, 99)
    start_proc(st, "play_card", side=player, card=99)
    feed(st, [{"use": "event"}, {"discard": 120}])
    assert st.current_player() == "chance"  # the Posture roll of card 120
    feed(st, [3])
    assert finished(st)
    assert st.d["us_posture"] == "soft"
    assert (st.d["prestige"], st.d["funding"]) == (5, 5)
    assert st.d["hands"]["US"] == [2]
    assert 120 in st.d["lapsing"]  # its event happened: LAPSING (TEMPORANEO), 4.7.7.1
    assert 120 not in st.d["discard"]
    assert 99 in st.d["removed"]


@pytest.mark.rule("card 99")
def test_hamas_elected_with_an_empty_us_hand_still_costs_prestige_and_funding():
    st = position("lets_roll", prestige=7, funding=6)
    set_hand(st, "US")
    play_event(st, 99, "Jihadist", [])
    assert (st.d["prestige"], st.d["funding"]) == (6, 5)
    assert st.d["discard"] == []


@pytest.mark.rule("card 99")
def test_hamas_elected_proposed_ruling_us_associated_cards_only():
    st = position("lets_roll")
    st.rulings = Rulings(st.rulings, hamas_elected_discard="us_associated")
    set_hand(st, "US", 2, 49)
    start_proc(st, "event", card=99, side="US", trigger="play")
    assert st.legal_actions() == [{"discard": 2}]


# -- 100 Hizb ut-Tahrir --------------------------------------------------------------------------
@pytest.mark.rule("card 100", "4.7.3")
@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("saudi_troops, funding", [(2, 3), (6, 5), (10, 7)])  # track 11 / 7 / 3
def test_hizb_ut_tahrir_by_troops_level(side, saudi_troops, funding):
    st = position("lets_roll", funding=5, countries={"Saudi Arabia": {"troops": saudi_troops}})
    conserve(st)
    play_event(st, 100, side, [])
    assert st.d["funding"] == funding


# -- 101 Kosovo ----------------------------------------------------------------------------------
@pytest.mark.rule("card 101")
@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("us, serbia", [("hard", "soft"), ("soft", "hard")])
def test_kosovo_prestige_and_serbia_opposite_to_the_us(side, us, serbia):
    st = position("lets_roll", prestige=7, us_posture=us)
    play_event(st, 101, side, [])
    assert st.d["prestige"] == 8
    assert st.d["countries"]["Serbia"]["posture"] == serbia


# -- 102 Former Soviet Union ---------------------------------------------------------------------
@pytest.mark.rule("card 102", "4.9.4")
@pytest.mark.parametrize("side", SIDES)
def test_former_soviet_union_on_an_untested_central_asia(side):
    st = position("lets_roll")
    play_event(st, 102, side, [5])
    c = st.d["countries"]["Central Asia"]
    assert (c["gov"], c["align"]) == ("fair", "neutral")


@pytest.mark.rule("card 102", "4.9.3")
@pytest.mark.parametrize("before, die, after", [(("poor", "ally"), 6, "fair"),
                                                 (("islamist_rule", "adversary"), 2, "poor")])
def test_former_soviet_union_rolls_even_if_central_asia_is_marked(before, die, after):
    """A29: the event overrides the FAQ's "a marked country is not tested again" (6.2.2)."""
    st = position("lets_roll", countries={"Central Asia": {"gov": before[0], "align": before[1]}})
    play_event(st, 102, "US", [die])
    c = st.d["countries"]["Central Asia"]
    assert (c["gov"], c["align"]) == (after, "neutral")
    assert "Central Asia" in st.d["action_log"]["current"]["tested"]


# -- 103 Hizballah -------------------------------------------------------------------------------
@pytest.mark.rule("card 103", "4.8.4")
def test_hizballah_us_removes_a_cell_within_3_of_lebanon():
    st = position("lets_roll", countries={"Iraq": {"sleepers": 1}, "Gulf States": {"actives": 1, "sleepers": 1},
                                          "Pakistan": {"sleepers": 1}, "Yemen": {"sleepers": 1},
                                          "Syria": {"sleepers": 1}})
    conserve(st)
    start_proc(st, "event", card=103, side="US", trigger="play")
    # Shia-Mix only (not Syria), within 3 countries of Lebanon (not Pakistan, Yemen).
    assert st.legal_actions() == [{"country": "Gulf States"}, {"country": "Iraq"}]
    feed(st, [{"country": "Iraq"}])
    assert finished(st)
    iraq = st.d["countries"]["Iraq"]
    assert iraq["sleepers"] == 0 and iraq["cadre"]  # the last cell: a Cadre (4.8.4)
    assert st.d["cells_track"] == 6  # 5 + the cell removed


@pytest.mark.rule("card 103")
def test_hizballah_us_with_no_cell_in_range_does_nothing():
    st = position("lets_roll", countries={"Pakistan": {"sleepers": 1}})
    conserve(st)
    before = st.to_json()
    play_event(st, 103, "US", [])
    assert st.d["countries"] == type(st).from_json(before).d["countries"]


@pytest.mark.rule("card 103")
@pytest.mark.parametrize("before", [(None, None), ("good", "ally"), ("islamist_rule", "adversary")])
def test_hizballah_jihadist_sets_lebanon_poor_neutral(before):
    st = position("lets_roll", countries={"Lebanon": {"gov": before[0], "align": before[1]}})
    play_event(st, 103, "Jihadist", [])
    c = st.d["countries"]["Lebanon"]
    assert (c["gov"], c["align"]) == ("poor", "neutral")


# -- 104, 105 Iran -------------------------------------------------------------------------------
@pytest.mark.rule("card 104", "card 105", "4.8.4")
@pytest.mark.parametrize("card", [104, 105])
def test_iran_us_removes_a_cell_there_or_from_iran(card):
    """The 2-player example (US card 2): the US plays Iran on Pakistan, a Shia-Mix country; the
    last cell there is removed and a Cadre placed."""
    st = position("lets_roll", countries={"Pakistan": {"sleepers": 1}, "Iran": {"sleepers": 1}})
    conserve(st)
    start_proc(st, "event", card=card, side="US", trigger="play")
    assert st.legal_actions() == [{"country": n} for n in (
        "Afghanistan", "Gulf States", "Iraq", "Lebanon", "Pakistan", "Saudi Arabia", "Turkey", "Yemen")]
    feed(st, [{"country": "Pakistan"}])  # marked: no test
    assert st.legal_actions() == [{"country": "Pakistan"}, {"country": "Iran"}]
    feed(st, [{"country": "Pakistan"}])
    assert finished(st)
    pak = st.d["countries"]["Pakistan"]
    assert pak["sleepers"] == 0 and pak["cadre"]
    assert st.d["countries"]["Iran"]["sleepers"] == 1


@pytest.mark.rule("card 104", "4.9.4")
def test_iran_us_selects_and_tests_then_removes_from_iran():
    st = position("lets_roll", countries={"Iran": {"sleepers": 2}})
    conserve(st)
    play_event(st, 104, "US", [{"country": "Yemen"}, 5, {"country": "Iran"}])
    assert st.d["countries"]["Yemen"]["gov"] == "fair"  # tested
    assert st.d["countries"]["Iran"]["sleepers"] == 1
    assert not st.d["countries"]["Iran"]["cadre"]


@pytest.mark.rule("card 104", "card 105", "8.4.1", "8.1.1")
@pytest.mark.parametrize("card", [104, 105])
@pytest.mark.parametrize("gov, aid, dice, after_gov, after_aid", [
    ("fair", 1, (2, 3), "poor", 0),   # one success against Fair: Poor, one Aid off
    ("fair", 2, (1, 1), "poor", 0),   # two successes: Poor (never Islamist Rule), two Aid off
    ("good", 0, (1, 1), "poor", 0),   # Good -> Fair -> Poor
    ("poor", 2, (3, 4), "poor", 1),   # Poor: a success only removes an Aid
    ("fair", 1, (3, 6), "fair", 1),   # no success: nothing, and failures cost no cell
])
def test_iran_jihadist_two_jihad_dice_ignoring_failures_and_islamist_rule(card, gov, aid, dice, after_gov, after_aid):
    st = position("lets_roll", countries={"Gulf States": {"gov": gov, "aid": aid, "sleepers": 1}})
    conserve(st)
    play_event(st, card, "Jihadist", [{"country": "Gulf States"}, *dice])
    c = st.d["countries"]["Gulf States"]
    assert (c["gov"], c["aid"]) == (after_gov, after_aid)
    assert (c["sleepers"], c["actives"]) == (1, 0)
    assert c["align"] == "ally"


@pytest.mark.rule("card 104", "4.9.4")
def test_iran_jihadist_tests_an_untested_country_before_the_dice():
    st = position("lets_roll")
    play_event(st, 104, "Jihadist", [{"country": "Yemen"}, 2, 3, 1])  # test 2 -> Poor; 3, 1 vs Poor
    c = st.d["countries"]["Yemen"]
    assert (c["gov"], c["align"]) == ("poor", "neutral")
    assert st.d["countries"]["Yemen"]["gov"] != "islamist_rule"


# -- 106 Jaysh al-Mahdi --------------------------------------------------------------------------
@pytest.mark.rule("card 106", "6.2.6")
def test_jaysh_al_mahdi_needs_a_shia_mix_country_with_cells_and_troops():
    st = position("lets_roll", countries={"Egypt": {"gov": "poor", "align": "ally", "troops": 1, "sleepers": 1},
                                          "Iraq": {"sleepers": 1}})
    conserve(st)
    for side in SIDES:
        assert not playable(st, side, 106)  # Egypt is Sunni; Iraq has no troops; Gulf States no cells
    st.d["countries"]["Gulf States"]["sleepers"] = 1
    conserve(st)
    for side in SIDES:
        assert playable(st, side, 106)


@pytest.mark.rule("card 106")
def test_jaysh_al_mahdi_us_removes_up_to_two_cells():
    st = position("lets_roll", countries={"Gulf States": {"actives": 1, "sleepers": 2}})
    conserve(st)
    start_proc(st, "event", card=106, side="US", trigger="play")
    assert st.legal_actions() == [{"country": "Gulf States"}]
    feed(st, [{"country": "Gulf States"}])
    assert st.legal_actions() == [{"cell": "active"}, {"cell": "sleeper"}, "done"]
    feed(st, [{"cell": "active"}, {"cell": "sleeper"}])
    assert finished(st)
    c = st.d["countries"]["Gulf States"]
    assert (c["actives"], c["sleepers"], c["cadre"]) == (0, 1, False)
    assert st.d["cells_track"] == 10  # 8 + the 2 removed


@pytest.mark.rule("card 106", "4.8.4")
def test_jaysh_al_mahdi_us_last_cell_leaves_a_cadre_and_may_stop():
    st = position("lets_roll", countries={"Gulf States": {"sleepers": 1},
                                          "Saudi Arabia": {"sleepers": 3}})
    conserve(st)
    play_event(st, 106, "US", [{"country": "Gulf States"}, {"cell": "sleeper"}])
    c = st.d["countries"]["Gulf States"]
    assert (c["sleepers"], c["cadre"]) == (0, True)
    play_event(st, 106, "US", [{"country": "Saudi Arabia"}, {"cell": "sleeper"}, "done"])
    assert st.d["countries"]["Saudi Arabia"]["sleepers"] == 2


@pytest.mark.rule("card 106")
@pytest.mark.parametrize("gov, after", [("fair", "poor"), ("poor", "poor")])
def test_jaysh_al_mahdi_jihadist_worsens_governance_not_to_islamist_rule(gov, after):
    st = position("lets_roll", countries={"Gulf States": {"gov": gov, "sleepers": 1}})
    conserve(st)
    play_event(st, 106, "Jihadist", [{"country": "Gulf States"}])
    assert st.d["countries"]["Gulf States"]["gov"] == after
    assert st.d["countries"]["Gulf States"]["sleepers"] == 1


# -- 107 Kurdistan -------------------------------------------------------------------------------
@pytest.mark.rule("card 107")
def test_kurdistan_us_places_aid_in_iraq():
    st = position("lets_roll")
    play_event(st, 107, "US", [])
    assert st.d["countries"]["Iraq"]["aid"] == 1
    assert st.d["countries"]["Turkey"]["gov"] is None  # no test for the US


@pytest.mark.rule("card 107", "4.9.4")
def test_kurdistan_jihadist_tests_turkey_then_worsens_turkey_or_iraq():
    st = position("lets_roll")
    start_proc(st, "event", card=107, side="Jihadist", trigger="play")
    feed(st, [6])  # Turkey tested: Fair
    assert st.legal_actions() == [{"country": "Turkey"}, {"country": "Iraq"}]
    feed(st, [{"country": "Turkey"}])
    assert finished(st)
    assert st.d["countries"]["Turkey"]["gov"] == "poor"
    assert st.d["countries"]["Iraq"]["gov"] == "poor"
    st2 = position("lets_roll", countries={"Turkey": {"gov": "fair", "align": "neutral"}})
    play_event(st2, 107, "Jihadist", [{"country": "Iraq"}])  # Turkey marked: no test
    assert st2.d["countries"]["Iraq"]["gov"] == "poor"  # Poor Iraq stays Poor, never Islamist Rule
    assert st2.d["countries"]["Turkey"]["gov"] == "fair"


# -- 108 Musharraf -------------------------------------------------------------------------------
@pytest.mark.rule("card 108", "6.2.6", "6.2.8", "card 33")
def test_musharraf_needs_a_cell_in_pakistan_and_is_blocked_by_benazir_bhutto():
    st = position("lets_roll")
    for side in SIDES:
        assert not playable(st, side, 108)
    st.d["countries"]["Pakistan"]["sleepers"] = 1
    conserve(st)
    for side in SIDES:
        assert playable(st, side, 108)
    st.d["countries"]["Pakistan"]["markers"].append("Benazir Bhutto")
    for side in SIDES:
        assert not playable(st, side, 108)


@pytest.mark.rule("card 108")
@pytest.mark.parametrize("side", SIDES)
def test_musharraf_removes_the_chosen_cell_and_sets_pakistan_poor_ally(side):
    st = position("lets_roll", countries={"Pakistan": {"actives": 1, "sleepers": 1}})
    conserve(st)
    start_proc(st, "event", card=108, side=side, trigger="play")
    assert st.decision()["player"] == side
    feed(st, [{"cell": "sleeper"}])
    assert finished(st)
    c = st.d["countries"]["Pakistan"]
    assert (c["actives"], c["sleepers"], c["cadre"]) == (1, 0, False)
    assert (c["gov"], c["align"]) == ("poor", "ally")


@pytest.mark.rule("card 108", "4.8.4")
def test_musharraf_last_cell_leaves_a_cadre_even_from_islamist_rule():
    """The solo example: Musharraf removes the last cell in Pakistan and a Cadre is placed."""
    st = position("lets_roll", countries={"Pakistan": {"gov": "islamist_rule", "align": "adversary", "sleepers": 1}})
    conserve(st)
    play(st, "US", 108, [{"use": "event"}])
    c = st.d["countries"]["Pakistan"]
    assert (c["sleepers"], c["cadre"], c["gov"], c["align"]) == (0, True, "poor", "ally")
    assert 108 in st.d["discard"]


# -- 109 Tora Bora -------------------------------------------------------------------------------
def tora_bora_position(sleepers):
    st = position("lets_roll", prestige=7, countries={
        "Afghanistan": {"gov": "poor", "align": "ally", "rc": "tan", "troops": 6, "sleepers": sleepers},
        "Iraq": {"sleepers": 1}})  # a cell elsewhere: no US instant victory (2.1.1)
    conserve(st)
    return st


@pytest.mark.rule("card 109", "6.2.6")
def test_tora_bora_needs_two_cells_in_a_regime_change_country():
    st = tora_bora_position(1)
    for side in SIDES:
        assert not playable(st, side, 109)
    st = tora_bora_position(2)
    for side in SIDES:
        assert playable(st, side, 109)
    st.d["countries"]["Afghanistan"]["rc"] = None
    assert not playable(st, "US", 109)


@pytest.mark.rule("card 109", "4.7.1", "5.3.1", "6.2.9")
@pytest.mark.parametrize("side", SIDES)
def test_tora_bora_removes_two_cells_rolls_prestige_and_draws(side):
    st = tora_bora_position(3)
    st.d["countries"]["Afghanistan"].update(sleepers=2, actives=1)
    drawn = st.d["deck"][0]
    hand = list(st.d["hands"][side])
    play(st, side, 109, [{"use": "event"}, {"country": "Afghanistan"},
                         {"cell": "active"},  # first cell: the player chooses; then Sleepers only
                         5, 2, 3,  # Prestige roll: up by the lower of 2 and 3
                         {"card": drawn}])
    c = st.d["countries"]["Afghanistan"]
    assert (c["actives"], c["sleepers"], c["cadre"]) == (0, 1, False)
    assert st.d["prestige"] == 9
    assert st.d["hands"][side] == sorted(hand + [drawn])
    assert 109 in st.d["removed"]


@pytest.mark.rule("card 109", "4.8.4")
def test_tora_bora_last_cells_leave_a_cadre():
    st = tora_bora_position(2)
    drawn = st.d["deck"][0]
    play_event(st, 109, "US", [{"country": "Afghanistan"}, 1, 4, 6, {"card": drawn}])
    c = st.d["countries"]["Afghanistan"]
    assert (c["sleepers"], c["cadre"]) == (0, True)
    assert st.d["prestige"] == 3  # down by 4


# -- 110 Zarqawi ---------------------------------------------------------------------------------
@pytest.mark.rule("card 110", "6.2.6")
@pytest.mark.parametrize("country", ["Iraq", "Syria", "Lebanon", "Jordan"])
def test_zarqawi_needs_troops_in_iraq_syria_lebanon_or_jordan(country):
    st = position("lets_roll", countries={"Egypt": {"troops": 2}})
    conserve(st)
    for side in SIDES:
        assert not playable(st, side, 110)
    st.d["countries"][country]["troops"] = 1
    conserve(st)
    for side in SIDES:
        assert playable(st, side, 110)


@pytest.mark.rule("card 110", "6.2.9")
def test_zarqawi_us_prestige_plus_three_and_removed():
    st = position("lets_roll", prestige=7, countries={"Iraq": {"troops": 2}})
    conserve(st)
    play(st, "US", 110, [{"use": "event"}])
    assert st.d["prestige"] == 10
    assert 110 in st.d["removed"]


@pytest.mark.rule("card 110", "4.9.4", "4.7.4.2", "8.5.2")
def test_zarqawi_jihadist_places_three_cells_and_a_plot_2_where_he_chooses():
    st = position("lets_roll", funding=2, countries={"Iraq": {"troops": 2}, "Jordan": {"troops": 1}})
    conserve(st)
    give(st, "Jihadist", 110)
    start_proc(st, "play_card", side="Jihadist", card=110)
    feed(st, [{"use": "event"}])
    assert st.legal_actions() == [{"country": "Iraq"}, {"country": "Jordan"}]  # A37: "there"
    feed(st, [{"country": "Jordan"}, 4])  # untested: tested first, Poor
    assert finished(st)
    c = st.d["countries"]["Jordan"]
    assert (c["gov"], c["sleepers"], c["plots"]) == ("poor", 3, [2])  # Funding ignored (4.7.4.2)
    assert st.d["plots_available"] == [1, 1, 2, 3, 3]
    assert 110 in st.d["discard"]  # removed only when the US plays it


@pytest.mark.rule("card 110", "4.6.3")
def test_zarqawi_jihadist_without_a_plot_2_or_cells_places_what_there_is():
    """No Plot 2 Available: no plot (as A18 for Plot operations); 2 cells left: 2 placed (4.6.3)."""
    st = position("lets_roll", countries={"Iraq": {"troops": 2}})
    conserve(st)
    st.d["plots_available"] = [1, 1, 3, 3]
    st.d["countries"]["Libya"]["plots"] = [2, 2]
    st.d["countries"]["Afghanistan"]["sleepers"] = 13
    conserve(st)  # 2 cells left on the track
    play_event(st, 110, "Jihadist", [{"country": "Iraq"}])
    c = st.d["countries"]["Iraq"]
    assert (c["sleepers"], c["plots"]) == (2, [])
    assert st.d["cells_track"] == 0


# -- 111 Zawahiri, 112 Bin Ladin -----------------------------------------------------------------
@pytest.mark.rule("card 111", "card 112", "6.2.6", "card 58", "card 80")
@pytest.mark.parametrize("card", [111, 112])
def test_zawahiri_bin_ladin_us_only_without_islamist_rule_fata_or_al_anbar(card):
    st = position("lets_roll")  # Afghanistan is under Islamist Rule
    assert not playable(st, "US", card)
    assert playable(st, "Jihadist", card)
    no_islamist_rule(st)
    assert playable(st, "US", card)
    st.d["countries"]["Pakistan"]["markers"].append("FATA")
    assert not playable(st, "US", card)
    assert playable(st, "Jihadist", card)
    st.d["countries"]["Pakistan"]["markers"].remove("FATA")
    st.d["countries"]["Iraq"]["markers"].append("Al-Anbar")
    assert not playable(st, "US", card)
    assert playable(st, "Jihadist", card)


@pytest.mark.rule("card 111", "card 112", "6.2.9")
@pytest.mark.parametrize("card, funding", [(111, 6), (112, 4)])
def test_zawahiri_bin_ladin_us_funding_and_removed(card, funding):
    st = no_islamist_rule(position("lets_roll", funding=8))
    play(st, "US", card, [{"use": "event"}])
    assert st.d["funding"] == funding
    assert card in st.d["removed"]


@pytest.mark.rule("card 111", "card 112")
@pytest.mark.parametrize("card, ir, prestige", [(111, False, 7), (111, True, 5), (112, False, 6), (112, True, 4)])
def test_zawahiri_bin_ladin_jihadist_prestige_and_kept(card, ir, prestige):
    st = position("lets_roll", prestige=8)
    if not ir:
        no_islamist_rule(st)
    play(st, "Jihadist", card, [{"use": "event"}])
    assert st.d["prestige"] == prestige
    assert card in st.d["discard"]


# -- 113 Darfur ----------------------------------------------------------------------------------
@pytest.mark.rule("card 113", "4.7.1", "4.9.4")
@pytest.mark.parametrize("side", SIDES)
def test_darfur_high_prestige_aid_and_toward_ally(side):
    st = position("lets_roll", prestige=7)
    play_event(st, 113, side, [5])  # Sudan tested: Fair Neutral
    c = st.d["countries"]["Sudan"]
    assert (c["gov"], c["align"], c["aid"], c["besieged"]) == ("fair", "ally", 1, False)


@pytest.mark.rule("card 113", "4.7.1")
@pytest.mark.parametrize("side", SIDES)
def test_darfur_otherwise_besieged_regime_and_toward_adversary(side):
    st = position("lets_roll", prestige=6, countries={"Sudan": {"gov": "poor", "align": "ally"}})
    play_event(st, 113, side, [])  # marked: no test
    c = st.d["countries"]["Sudan"]
    assert (c["gov"], c["align"], c["aid"], c["besieged"]) == ("poor", "neutral", 0, True)


# -- 114 GTMO ------------------------------------------------------------------------------------
@pytest.mark.rule("card 114", "4.7.1", "6.2.7", "card 61")
@pytest.mark.parametrize("side", SIDES)
def test_gtmo_prestige_roll_and_lapsing(side):
    st = position("lets_roll", prestige=7)
    play(st, side, 114, [{"use": "event"}, 1, 4, 2])  # down by 2
    assert st.d["prestige"] == 5
    assert st.d["lapsing"] == [114]
    assert lapsing_in_effect(st, 114) and blocked(st, 61)  # Detainee Release blocked this turn


# -- 115 Hambali ---------------------------------------------------------------------------------
@pytest.mark.rule("card 115", "6.2.6")
def test_hambali_needs_a_cell_in_an_ally_or_hard_country_at_indonesia():
    st = position("lets_roll", countries={"Philippines": {"posture": "soft", "sleepers": 1},
                                          "Indonesia/Malaysia": {"gov": "fair", "align": "neutral", "sleepers": 1},
                                          "Pakistan": {"align": "neutral"}, "China": {"posture": "hard", "sleepers": 1}})
    conserve(st)
    for side in SIDES:
        assert not playable(st, side, 115)  # China is not adjacent; the others are not Ally or Hard
    st.d["countries"]["Philippines"]["posture"] = "hard"
    assert playable(st, "US", 115) and playable(st, "Jihadist", 115)
    st.d["countries"]["Philippines"]["posture"] = "soft"
    st.d["countries"]["Indonesia/Malaysia"]["align"] = "ally"
    assert playable(st, "US", 115) and playable(st, "Jihadist", 115)


@pytest.mark.rule("card 115", "4.8.4", "6.2.9")
def test_hambali_us_removes_the_cell_and_draws_two():
    st = position("lets_roll", countries={"Philippines": {"posture": "hard", "sleepers": 1},
                                          "India": {"posture": "hard", "actives": 1}})
    conserve(st)
    a, b = st.d["deck"][:2]
    hand = list(st.d["hands"]["US"])
    give(st, "US", 115)
    start_proc(st, "play_card", side="US", card=115)
    feed(st, [{"use": "event"}])
    assert st.legal_actions() == [{"country": "India"}, {"country": "Philippines"}]
    feed(st, [{"country": "Philippines"}, {"card": a}, {"card": b}])
    assert finished(st)
    c = st.d["countries"]["Philippines"]
    assert (c["sleepers"], c["cadre"]) == (0, True)
    assert st.d["hands"]["US"] == sorted(hand + [a, b])
    assert 115 in st.d["removed"]


@pytest.mark.rule("card 115", "8.5.2")
def test_hambali_jihadist_places_any_available_plot_there():
    st = position("lets_roll", wmd_available=1,
                  countries={"Indonesia/Malaysia": {"gov": "fair", "align": "ally", "sleepers": 1}})
    conserve(st)
    give(st, "Jihadist", 115)
    start_proc(st, "play_card", side="Jihadist", card=115)
    feed(st, [{"use": "event"}, {"country": "Indonesia/Malaysia"}])
    assert st.legal_actions() == [{"plot": 1}, {"plot": 2}, {"plot": 3}, {"plot": "WMD"}]
    feed(st, [{"plot": 3}])
    assert finished(st)
    assert st.d["countries"]["Indonesia/Malaysia"]["plots"] == [3]
    assert st.d["countries"]["Indonesia/Malaysia"]["sleepers"] == 1
    assert 115 in st.d["discard"]


# -- 116 KSM -------------------------------------------------------------------------------------
@pytest.mark.rule("card 116", "6.2.6")
def test_ksm_us_needs_plots_in_an_ally_or_non_muslim_country():
    st = position("lets_roll")
    place_plots(st, "Iraq", 1)  # an Adversary
    place_plots(st, "Iran", 2)  # neither Muslim nor non-Muslim (4.4)
    assert not playable(st, "US", 116)
    assert playable(st, "Jihadist", 116)
    place_plots(st, "Saudi Arabia", 3)  # an Ally
    assert playable(st, "US", 116)
    st.d["countries"]["Saudi Arabia"]["plots"] = []
    place_plots(st, "Spain", 3)  # non-Muslim
    assert playable(st, "US", 116)


@pytest.mark.rule("card 116")
def test_ksm_not_allowed_in_the_2003_scenario():
    st = position("mission_accomplished")
    place_plots(st, "Gulf States", 1)
    for side in SIDES:
        assert not playable(st, side, 116)


@pytest.mark.rule("card 116", "7.5.3", "8.5.5", "6.2.9")
def test_ksm_us_removes_every_plot_in_allies_and_non_muslim_countries_and_draws_two():
    st = position("lets_roll", wmd_available=1)
    place_plots(st, "Saudi Arabia", 1, "WMD")
    place_plots(st, "United Kingdom", 3)
    place_plots(st, "Iraq", 2)
    st.d["backlash_plots"] = [{"country": "Saudi Arabia", "plot": 1}, {"country": "Iraq", "plot": 2}]
    a, b = st.d["deck"][:2]
    play(st, "US", 116, [{"use": "event"}, {"card": a}, {"card": b}])
    d = st.d
    assert d["countries"]["Saudi Arabia"]["plots"] == []
    assert d["countries"]["United Kingdom"]["plots"] == []
    assert d["countries"]["Iraq"]["plots"] == [2]  # an Adversary: kept
    assert d["plots_available"] == [1, 1, 2, 3, 3]  # numbered plots back to Available
    assert (d["wmd_available"], d["wmd_removed"]) == (0, 1)  # WMD out of the game
    assert d["backlash_plots"] == [{"country": "Iraq", "plot": 2}]  # card 1's choice went with its plot
    assert a in d["hands"]["US"] and b in d["hands"]["US"]
    assert 116 in d["removed"]


@pytest.mark.rule("card 116", "4.9.4", "8.5.2")
def test_ksm_jihadist_places_a_plot_in_a_non_islamist_rule_country_with_a_cell():
    st = position("lets_roll", countries={"Egypt": {"sleepers": 1}, "Spain": {"sleepers": 1}})
    conserve(st)
    give(st, "Jihadist", 116)
    start_proc(st, "play_card", side="Jihadist", card=116)
    feed(st, [{"use": "event"}])
    assert st.legal_actions() == [{"country": "Egypt"}, {"country": "Spain"}]  # not IR Afghanistan
    feed(st, [{"country": "Egypt"}, 6])  # Egypt tested first (A54): Fair
    assert st.legal_actions() == [{"plot": 1}, {"plot": 2}, {"plot": 3}]
    feed(st, [{"plot": 2}])
    assert finished(st)
    assert st.d["countries"]["Egypt"]["gov"] == "fair"
    assert st.d["countries"]["Egypt"]["plots"] == [2]
    assert 116 in st.d["discard"]


@pytest.mark.rule("card 116")
def test_ksm_jihadist_without_available_plots_does_nothing():
    st = position("lets_roll")
    place_plots(st, "Iraq", 1, 1, 2, 2, 3, 3)
    play_event(st, 116, "Jihadist", [])
    assert st.d["plots_available"] == []


# -- 117, 118 Oil Price Spike --------------------------------------------------------------------
@pytest.mark.rule("card 117", "card 118", "4.7.7.3", "card 114")
@pytest.mark.parametrize("card", [117, 118])
@pytest.mark.parametrize("side", SIDES)
def test_oil_price_spike_takes_a_card_from_the_discards_or_a_box(card, side):
    st = position("lets_roll")
    other = 235 - card
    for n, zone in ((20, "discard"), (other, "discard"), (114, "lapsing"), (30, "first_plot")):
        give(st, "US", n)
        st.d["hands"]["US"].remove(n)
        st.d[zone].append(n)
    hand = list(st.d["hands"][side])
    give(st, side, card)
    start_proc(st, "play_card", side=side, card=card)
    feed(st, [{"use": "event"}])
    assert st.decision()["player"] == side
    assert st.legal_actions() == [{"card": 20}, {"card": 30}, {"card": 114}]  # not the other Spike
    feed(st, [{"card": 114}])
    assert finished(st)
    assert st.d["hands"][side] == sorted(hand + [114])
    assert st.d["lapsing"] == [card]
    assert st.d["lapsing_effects"] == [114]  # GTMO's effect lasts to the end of the turn
    assert blocked(st, 61)
    assert resources(st, "Saudi Arabia") == 4 and resources(st, "Egypt") == 3


@pytest.mark.rule("card 117", "4.2.6")
def test_oil_price_spike_with_nothing_to_take_still_raises_oil_resources():
    st = position("lets_roll")
    play(st, "US", 117, [{"use": "event"}])
    assert st.d["lapsing"] == [117]
    assert resources(st, "Iraq") == 4 and resources(st, "Libya") == 2 and resources(st, "Pakistan") == 2
    play(st, "Jihadist", 118, [{"use": "event"}])  # 117 in the Lapsing box cannot be taken
    assert resources(st, "Iraq") == 5  # both Spikes in effect


@pytest.mark.rule("card 117", "card 118", "2.2", "2.1.1", "2.1.2")
@pytest.mark.parametrize("side, phase, card", [("Jihadist", "jihadist_action", 117), ("US", "us_action", 118)])
def test_oil_price_spike_double_victory_goes_to_its_player(side, phase, card):
    """2.2: if Oil Price Spike makes both sides' instant victory hold at once, its player wins.
    Good: Gulf States, Saudi Arabia, Indonesia/Malaysia (3 + 3 + 3 = 9; oil exporters: 12 with the
    Spike). Islamist Rule: Iraq and Syria, adjacent (3 + 2 = 5; Iraq exports oil: 6)."""
    st = position("lets_roll", prestige=7, countries={
        "Afghanistan": {"gov": "poor", "align": "neutral"},
        "Gulf States": {"gov": "good", "align": "ally"},
        "Saudi Arabia": {"gov": "good", "align": "ally"},
        "Indonesia/Malaysia": {"gov": "good", "align": "ally"},
        "Iraq": {"gov": "islamist_rule", "align": "adversary"},
        "Syria": {"gov": "islamist_rule", "align": "adversary"},
    })
    st.d["phase"] = phase
    give(st, side, card)
    start_proc(st, "play_card", side=side, card=card)
    assert st.outcome() is None  # 9 Good Resources, 5 Islamist Rule Resources
    feed(st, [{"use": "event"}])
    assert st.outcome()["winner"] == side
    assert st.outcome()["rule"] == "2.2"


# -- 119 Saleh -----------------------------------------------------------------------------------
@pytest.mark.rule("card 119", "4.9.4", "6.2.7")
def test_saleh_us_tests_yemen_then_ally_and_aid():
    """LAPSING: the Italian card list prints TEMPORANEO (A26: an external implementation has it
    not lapsing; the primary text wins)."""
    st = position("lets_roll")
    play(st, "US", 119, [{"use": "event"}, 5])
    c = st.d["countries"]["Yemen"]
    assert (c["gov"], c["align"], c["aid"], c["besieged"]) == ("fair", "ally", 1, False)
    assert st.d["lapsing"] == [119]


@pytest.mark.rule("card 119")
def test_saleh_us_does_nothing_to_an_islamist_rule_yemen():
    st = position("lets_roll", countries={"Yemen": {"gov": "islamist_rule", "align": "adversary"}})
    play_event(st, 119, "US", [])
    c = st.d["countries"]["Yemen"]
    assert (c["gov"], c["align"], c["aid"]) == ("islamist_rule", "adversary", 0)


@pytest.mark.rule("card 119", "4.9.4")
def test_saleh_jihadist_toward_adversary_and_besieged_regime():
    st = position("lets_roll")
    play(st, "Jihadist", 119, [{"use": "event"}, 2])
    c = st.d["countries"]["Yemen"]
    assert (c["gov"], c["align"], c["aid"], c["besieged"]) == ("poor", "adversary", 0, True)
    st2 = position("lets_roll", countries={"Yemen": {"gov": "fair", "align": "ally"}})
    play_event(st2, 119, "Jihadist", [])
    assert st2.d["countries"]["Yemen"]["align"] == "neutral"


# -- 120 US Election -----------------------------------------------------------------------------
@pytest.mark.rule("card 120", "4.9.3", "4.7.2.1")
@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("die, posture, prestige", [(4, "hard", 8), (3, "soft", 6)])
def test_us_election_played_as_an_event(side, die, posture, prestige):
    """World Posture Hard 1 (Israel): a Hard US has no GWOT penalty (+1), a Soft US has 1 (-1).
    The US Posture roll has +1: a 4 gives Hard. LAPSING per the Italian list (TEMPORANEO; A26)."""
    st = position("lets_roll", prestige=7, us_posture="soft")
    play(st, side, 120, [{"use": "event"}, die])
    assert st.d["us_posture"] == posture
    assert st.d["prestige"] == prestige
    assert st.d["lapsing"] == [120]


@pytest.mark.rule("card 120", "6.3.1")
def test_us_election_triggered_by_operations():
    st = position("lets_roll", prestige=7, us_posture="hard")
    play(st, "US", 120, [{"use": "ops"}, {"event": "first"}, 1,  # 1 + 1 = 2: Soft, penalty 1
                         {"op": "deploy"}, {"from": "track"}, {"to": "Gulf States"}, {"troops": 1}])
    assert st.d["us_posture"] == "soft"
    assert st.d["prestige"] == 6
    assert st.d["countries"]["Gulf States"]["troops"] == 3
    assert st.d["lapsing"] == [120]
