"""The events of cards 93-103 (model/twilight_struggle/events/late_93_103.py), with scripted dice.

Every position is in turn 8 (the Late War cards are in play, 4.4), in the seed edition unless a test
says otherwise (Solidarity is then card 81, Aldrich Ames worth 4 ops). Fillers: 34 Nuclear Test Ban
(neutral, 4 ops), 20 Olympic Games (neutral, 2 ops), 1 Asia Scoring. The standard set-up's influence:
US Iran 1, Israel 1, Japan 1, South Korea 1, United Kingdom 5, Panama 1...; USSR Syria 1, Iraq 1,
North Korea 3, East Germany 3, Finland 1.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.events.play import can_happen
from cdg_oracle.model.twilight_struggle.operations import realignment
from cdg_oracle.model.twilight_struggle.victory import final_scoring
from tests.twilight_struggle.helpers import ZERO, cleared, play, position, question

USSR_1 = {"phase": "action_round", "side": "USSR", "round": 1}
US_1 = {"phase": "action_round", "side": "US", "round": 1}
HEADLINE = {"phase": "headline"}
FLOWER_POWER = {"card": 59, "side": "USSR", "until": "cancelled"}
JOHN_PAUL = {"card": 68, "side": "US", "until": "cancelled"}
WILLY_BRANDT = {"card": 55, "side": "USSR", "until": "cancelled"}


def late(**state):
    """A turn-8 position (the Late War cards in play)."""
    return position(turn=8, **state)


def us_event(card: int, us=(20,), ussr=(34,), **state):
    """The US's first action round of turn 8, playing ``card`` as its event."""
    st = late(next=US_1, hands={"USSR": list(ussr), "US": [card, *us]}, **state)
    return play(st, {"card": card}, {"use": "event"})


def ussr_event(card: int, us=(20,), ussr=(34,), **state):
    """The USSR's first action round of turn 8, playing ``card`` as its event."""
    st = late(hands={"USSR": [card, *ussr], "US": list(us)}, **state)
    return play(st, {"card": card}, {"use": "event"})


def countries(st) -> list[str]:
    return [a["country"] for a in st.legal_actions() if "country" in a]


def offered_cards(st) -> list[int]:
    return [a["card"] for a in st.legal_actions() if "card" in a]


def round_trips(st) -> None:
    """The state, effects included, is written as a position and read back unchanged."""
    assert from_document(to_document(st)).d == st.d


# -- 93 Iran-Contra Scandal ----------------------------------------------------------------------------------
@pytest.mark.rule("card 93", "6.2.2", "2.2.4")
def test_iran_contra_modifies_us_realignment_rolls_for_the_turn():
    """Card 93: -1 on every US realignment roll until the end of the turn, the USSR's untouched; the
    card is removed."""
    st = ussr_event(93)
    assert st.d["effects"] == [{"card": 93, "side": "USSR", "until": "turn"}]
    assert 93 in st.d["removed"]
    assert realignment.modifiers(st, "US", "Iraq") == -1  # no other modifier of the US's there
    assert realignment.modifiers(st, "USSR", "Iraq") == 1  # more influence (1 to 0)
    round_trips(st)
    effects.end_of_turn(st)
    assert st.d["effects"] == [] and realignment.modifiers(st, "US", "Iraq") == 0


@pytest.mark.rule("card 93", "6.2.2", "5.2")
@pytest.mark.parametrize("contra, iraq", [(False, 0), (True, 1)])
def test_iran_contra_turns_a_winning_us_roll_into_a_tie(contra, iraq):
    """The US realigns in Iraq with 4 against the USSR's 2: 4 + 0 against 2 + 1 removes 1 USSR
    influence; with card 93 in force 4 - 1 = 3 against 3, a tie, removes nothing."""
    fx = [{"card": 93, "side": "USSR", "until": "turn"}] if contra else []
    st = late(next=US_1, hands={"USSR": [34], "US": [20]}, effects=fx)
    play(st, {"card": 20}, {"use": "realign"}, {"country": "Iraq"}, 4, 2)
    assert st.d["influence"]["Iraq"] == {"US": 0, "USSR": iraq}


@pytest.mark.rule("card 93", "5.2")
def test_iran_contra_triggered_by_us_operations_is_the_ussrs_effect_against_the_us():
    st = late(next=US_1, hands={"USSR": [34], "US": [93, 20]})
    play(st, {"card": 93}, {"use": "influence"}, {"event": "before"})
    assert st.d["effects"] == [{"card": 93, "side": "USSR", "until": "turn"}]
    assert realignment.modifiers(st, "US", "Iraq") == -1


# -- 94 Chernobyl --------------------------------------------------------------------------------------------
@pytest.mark.rule("card 94", "6.1", "2.2.4")
def test_chernobyl_closes_the_region_named_to_ussr_influence_by_operations():
    st = us_event(94)
    assert question(st) == "event_94.named" and st.decision()["player"] == "US"
    assert st.legal_actions() == [{"region": r} for r in ("Europe", "Middle East", "Asia", "Africa",
                                                          "Central America", "South America")]
    play(st, {"region": "Asia"})
    assert st.d["effects"] == [{"card": 94, "side": "US", "until": "turn", "region": "Asia"}]
    assert 94 in st.d["removed"]
    round_trips(st)
    play(st, {"card": 34}, {"use": "influence"})
    open_ = countries(st)
    assert open_ and not any(st.map.in_area(c, "Asia") for c in open_)  # Southeast Asia too (2.1.2)
    assert "Afghanistan" not in open_ and "Thailand" not in open_ and "Iraq" in open_


@pytest.mark.rule("card 94", "5.2", "6.1")
def test_chernobyl_triggered_by_ussr_operations_before_them_bars_the_ussrs_own_placement():
    """The USSR plays Chernobyl for influence, the event first: the US names the Middle East, and
    the USSR's 3 ops may not go there (Syria and Iraq were in its reach)."""
    st = late(hands={"USSR": [94, 34], "US": [20]})
    play(st, {"card": 94}, {"use": "influence"}, {"event": "before"})
    assert st.decision()["player"] == "US"
    play(st, {"region": "Middle East"})
    open_ = countries(st)
    assert "Syria" not in open_ and "Iraq" not in open_ and "North Korea" in open_


@pytest.mark.rule("card 94")
def test_chernobyl_leaves_coups_and_the_us_alone():
    st = late(next=US_1, hands={"USSR": [34], "US": [20]},
              effects=[{"card": 94, "side": "US", "until": "turn", "region": "Middle East"}])
    play(st, {"card": 20}, {"use": "influence"})
    assert "Israel" in countries(st)  # the US places there
    st = late(hands={"USSR": [34], "US": [20]},
              effects=[{"card": 94, "side": "US", "until": "turn", "region": "Middle East"}])
    play(st, {"card": 34}, {"use": "coup"})
    assert "Iran" in countries(st)  # a coup is no placement of influence


# -- 95 Latin American Debt Crisis ------------------------------------------------------------------------
def debt(**state):
    """The USSR plays card 95 as its event; Argentina holds 2 USSR influence, Brazil 1 of each."""
    influence = {"Argentina": {"US": 0, "USSR": 2}, "Brazil": {"US": 1, "USSR": 1}}
    return ussr_event(95, **{"influence": influence, **state})


@pytest.mark.rule("card 95", "5.4")
def test_debt_crisis_paid_by_discarding_a_three_ops_card():
    """The US discards Suez Crisis (3 ops; a USSR event, which does not happen, 5.4) and nothing is
    doubled; card 95 is not starred: the discards."""
    st = debt(us=(28, 20, 1))
    assert question(st) == "event_95.paid" and st.decision()["player"] == "US"
    assert st.legal_actions() == [{"discard": 28}, {"discard": None}]  # 20: 2 ops, 1: a scoring card
    play(st, {"discard": 28})
    assert sorted(st.d["hands"]["US"]) == [1, 20] and 28 in st.d["discard"] and st.d["vp"] == 0
    assert st.d["influence"]["Argentina"] == {"US": 0, "USSR": 2} and 95 in st.d["discard"]


@pytest.mark.rule("card 95")
def test_debt_crisis_unpaid_doubles_ussr_influence_in_two_south_american_countries():
    st = debt(us=(97, 20))  # An Evil Empire, 3 ops: offered, declined
    play(st, {"discard": None})
    assert question(st) == "event_95.first" and st.decision()["player"] == "USSR"
    assert countries(st) == [c for c in st.map.countries if st.map.in_area(c, "South America")]
    play(st, {"country": "Argentina"})
    assert question(st) == "event_95.second" and "Argentina" not in countries(st)
    play(st, {"country": "Brazil"})
    assert st.d["influence"]["Argentina"] == {"US": 0, "USSR": 4}
    assert st.d["influence"]["Brazil"] == {"US": 1, "USSR": 2}
    assert 95 in st.d["discard"] and sorted(st.d["hands"]["US"]) == [20, 97]


@pytest.mark.rule("card 95", "5.3", "7.4.2")
@pytest.mark.parametrize("fx, offered", [
    ([], []),
    ([{"card": 25, "side": "US", "until": "turn"}], [20]),   # Containment: Olympic Games worth 3
])
def test_debt_crisis_reads_the_modified_ops_value(fx, offered):
    st = debt(us=(20,), effects=fx)
    assert st.legal_actions() == [{"discard": c} for c in offered] + [{"discard": None}]


@pytest.mark.rule("card 95")
def test_debt_crisis_with_an_empty_us_hand_goes_to_the_ussr():
    st = debt(us=())
    assert st.legal_actions() == [{"discard": None}]


@pytest.mark.rule("card 95", "5.2")
def test_debt_crisis_triggered_by_us_operations():
    """The US plays card 95 for influence, its event after: the US may pay with the card it holds
    (its own played card is on the table), the USSR doubles."""
    st = late(next=US_1, hands={"USSR": [34], "US": [95, 28]}, influence={"Chile": {"US": 0, "USSR": 3}})
    play(st, {"card": 95}, {"use": "influence"}, {"event": "after"}, {"country": "Japan"}, {"country": "Japan"})
    assert question(st) == "event_95.paid" and st.legal_actions() == [{"discard": 28}, {"discard": None}]
    play(st, {"discard": None}, {"country": "Chile"}, {"country": "Peru"})
    assert st.d["influence"]["Chile"]["USSR"] == 6 and st.d["influence"]["Peru"]["USSR"] == 0
    assert 95 in st.d["discard"]


@pytest.mark.rule("card 95")
@pytest.mark.reading("C095")
@pytest.mark.parametrize("reading, edition, brazil_us", [
    ("ussr_influence", "seed", 1),
    ("all_influence", "seed", 2),
    ("all_influence", "deluxe", 1),   # the Deluxe card says the USSR's
])
def test_debt_crisis_whose_influence_by_ruling(reading, edition, brazil_us):
    value = {"ussr_influence": "ussr", "all_influence": "both"}[reading]
    st = debt(us=(), options={"edition": edition}, rulings={"card_95_influence": value})
    play(st, {"discard": None}, {"country": "Brazil"}, {"country": "Argentina"})
    assert st.d["influence"]["Brazil"] == {"US": brazil_us, "USSR": 2}
    assert st.d["influence"]["Argentina"] == {"US": 0, "USSR": 4}


# -- 96 Tear Down This Wall -----------------------------------------------------------------------------------
@pytest.mark.rule("card 96", "6.3.5", "8.2.5", "7.3")
def test_tear_down_this_wall_adds_three_and_a_free_coup_in_europe_whatever_defcon():
    """DEFCON 3 closes Europe (8.1.5), but not to the free coup (6.3.5); realignment there is closed
    (the default reading of C096). East Germany: US 3 after the event, USSR 3; the coup with 3
    ops and a 6 (stability 3): 3 + 6 - 6 = 3, the USSR's 3 removed; a battleground: DEFCON 2; no
    military operations (8.2.5). The card is beside the map, the US's (underlined)."""
    st = us_event(96, defcon=3)
    assert st.d["influence"]["East Germany"] == {"US": 3, "USSR": 3}
    assert question(st) == "event_96.use" and st.legal_actions() == [{"use": "coup"}]
    play(st, {"use": "coup"})
    assert sorted(countries(st)) == ["East Germany", "Finland"]  # Europe only (not Iraq, North Korea)
    play(st, {"country": "East Germany"}, 6)
    assert st.d["influence"]["East Germany"] == {"US": 3, "USSR": 0}
    assert st.d["defcon"] == 2 and st.d["milops"]["US"] == 0
    assert st.d["in_effect"] == [96] and {"card": 96, "side": "US", "until": "cancelled"} in st.d["effects"]
    assert 96 not in st.d["removed"] + st.d["discard"]
    round_trips(st)


@pytest.mark.rule("card 96", "6.2", "8.1.5")
def test_tear_down_this_wall_realignment_rolls_in_europe_with_the_cards_ops():
    """DEFCON 5: a coup or realignment rolls, 3 of them (the card's 3 ops), in Europe only."""
    st = us_event(96)
    assert st.legal_actions() == [{"use": "coup"}, {"use": "realign"}]
    play(st, {"use": "realign"})
    assert sorted(countries(st)) == ["East Germany", "Finland"]
    play(st, {"country": "Finland"}, 6, 1)  # US 6 + 0 against 1 + 1 (more influence) + 1 (next to the USSR)
    assert st.d["influence"]["Finland"] == ZERO
    play(st, {"country": "East Germany"}, 1, 1)
    assert question(st) == "realign.target" and countries(st) == ["East Germany"]
    play(st, {"country": "East Germany"}, 6, 1)
    assert st.decision()["player"] == "USSR" and st.d["milops"]["US"] == 0


@pytest.mark.rule("card 96", "card 55", "7.3")
def test_tear_down_this_wall_cancels_willy_brandt_and_prevents_it():
    st = us_event(96, defcon=3, in_effect=[55], effects=[WILLY_BRANDT])
    assert 55 in st.d["removed"] and 55 not in st.d["in_effect"]
    play(st, {"use": "coup"}, {"country": "Finland"}, 1)
    assert not effects.in_force(st, 55) and effects.in_force(st, 96)
    assert not can_happen(st, "USSR", 55)


@pytest.mark.rule("card 96", "5.2")
def test_tear_down_this_wall_triggered_by_ussr_operations_is_the_us():
    st = late(hands={"USSR": [96, 34], "US": [20]})
    play(st, {"card": 96}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "event_96.use" and st.decision()["player"] == "US"
    play(st, {"use": "coup"}, {"country": "Finland"}, 3)  # 3 + 3 - 2 x 4 < 0: nothing
    assert st.d["influence"]["Finland"] == {"US": 0, "USSR": 1}
    assert st.decision()["player"] == "USSR" and question(st) == "influence.place"
    assert st.d["influence"]["East Germany"]["US"] == 3


@pytest.mark.rule("card 96")
def test_tear_down_this_wall_with_nothing_to_coup_asks_nothing():
    st = us_event(96, influence=cleared("East Germany", "Finland"))
    assert st.d["influence"]["East Germany"] == {"US": 3, "USSR": 0}
    assert st.decision()["player"] == "USSR" and 96 in st.d["in_effect"]


@pytest.mark.rule("card 96", "6.3.5", "8.1.5")
@pytest.mark.reading("C096")
@pytest.mark.parametrize("card_96_free_realign, uses", [
    (False, [{"use": "coup"}]),
    (True, [{"use": "coup"}, {"use": "realign"}]),
])
def test_tear_down_this_wall_realignment_at_defcon_4_by_ruling(card_96_free_realign, uses):
    st = us_event(96, defcon=4, rulings={"card_96_free_realign": card_96_free_realign})
    assert st.legal_actions() == uses
    if card_96_free_realign:
        play(st, {"use": "realign"})
        assert sorted(countries(st)) == ["East Germany", "Finland"]


# -- 97 An Evil Empire -----------------------------------------------------------------------------------------
@pytest.mark.rule("card 97", "card 59", "2.2.4")
@pytest.mark.parametrize("edition, zone", [("seed", "discard"), ("deluxe", "removed")])
def test_evil_empire_cancels_flower_power_and_gives_a_vp(edition, zone):
    """Flower Power (starred) leaves the game; 1 VP to the US; the card goes to the discards in the
    seed edition (no asterisk) and out of the game in the Deluxe (registry A31)."""
    st = us_event(97, in_effect=[59], effects=[FLOWER_POWER], options={"edition": edition})
    assert st.d["vp"] == 1 and 59 in st.d["removed"] and st.d["in_effect"] == []
    assert st.d["effects"] == [{"card": 97, "side": "US", "until": "used"}]
    assert 97 in st.d[zone]
    assert not can_happen(st, "USSR", 59)
    round_trips(st)


@pytest.mark.rule("card 97", "card 59")
def test_evil_empire_prevents_flower_power_later():
    st = us_event(97, ussr=(59, 34))
    assert st.d["vp"] == 1 and st.d["effects"] == [{"card": 97, "side": "US", "until": "used"}]
    assert {"use": "event"} not in (play(st, {"card": 59}) and st.legal_actions())


@pytest.mark.rule("card 97", "5.2")
def test_evil_empire_triggered_by_ussr_operations_gives_the_us_its_vp():
    st = late(hands={"USSR": [97, 34], "US": [20]})
    play(st, {"card": 97}, {"use": "influence"}, {"event": "before"})
    assert st.d["vp"] == 1


# -- 98 Aldrich Ames Remix ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 98", "5.4")
def test_aldrich_ames_deluxe_the_ussr_discards_a_us_card_and_sees_the_hand():
    st = ussr_event(98, us=(28, 20, 1), options={"edition": "deluxe"})
    assert question(st) == "event_98.discard" and st.decision()["player"] == "USSR"
    assert st.legal_actions() == [{"card": 1}, {"card": 20}, {"card": 28}]  # a scoring card too
    play(st, {"card": 1})
    assert sorted(st.d["hands"]["US"]) == [20, 28] and 1 in st.d["discard"] and st.d["vp"] == 0  # 5.4: no scoring
    assert st.d["effects"] == [{"card": 98, "side": "USSR", "until": "turn", "shown": [20, 28]}]
    assert 98 in st.d["removed"]
    round_trips(st)


@pytest.mark.rule("card 98")
def test_aldrich_ames_deluxe_against_an_empty_hand():
    st = ussr_event(98, us=(), options={"edition": "deluxe"})
    assert st.d["effects"] == [{"card": 98, "side": "USSR", "until": "turn", "shown": []}]


@pytest.mark.rule("card 98", "5.5", "9.5", "4.5")
def test_aldrich_ames_seed_the_ussr_orders_the_us_cards_and_the_china_card_is_barred():
    """The seed's card: the USSR orders the US's 3 cards; each US round offers the next; the China
    Card, held face up, is never offered this turn."""
    st = ussr_event(98, us=(28, 20, 1), china={"holder": "US", "face_up": True})
    assert question(st) == "event_98.next" and st.decision()["player"] == "USSR"
    assert st.legal_actions() == [{"card": 1}, {"card": 20}, {"card": 28}]
    play(st, {"card": 20}, {"card": 1})
    assert st.legal_actions() == [{"card": 28}]  # the last, still asked
    play(st, {"card": 28})
    assert st.d["effects"] == [{"card": 98, "side": "USSR", "until": "turn", "shown": [1, 20, 28],
                                "order": [20, 1, 28]}]
    round_trips(st)
    assert st.decision()["player"] == "US" and offered_cards(st) == [20]
    play(st, {"card": 20}, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"})
    play(st, {"card": 34}, {"use": "influence"}, *[{"country": "North Korea"}] * 4)
    assert offered_cards(st) == [1]  # never the China Card, nor Suez Crisis before Asia Scoring


@pytest.mark.rule("card 98", "9.5")
def test_aldrich_ames_seed_after_the_order_the_china_card_stays_barred():
    st = late(next=US_1, hands={"USSR": [34], "US": [20]}, china={"holder": "US", "face_up": True},
              effects=[{"card": 98, "side": "USSR", "until": "turn", "shown": [20], "order": [20]}])
    assert offered_cards(st) == [20]
    play(st, {"card": 20}, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"})
    play(st, {"card": 34}, {"use": "influence"}, *[{"country": "North Korea"}] * 4)
    # the US holds only the China Card, barred: it skips its round (4.5 E)
    assert st.d["china"] == {"holder": "US", "face_up": True} and st.d["hands"]["US"] == []


@pytest.mark.rule("card 98", "5.2")
def test_aldrich_ames_triggered_by_us_operations_orders_the_cards_left():
    st = late(next=US_1, hands={"USSR": [34], "US": [98, 20, 28]})
    play(st, {"card": 98}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "event_98.next" and st.legal_actions() == [{"card": 20}, {"card": 28}]
    play(st, {"card": 28}, {"card": 20})
    assert effects.effect(st, 98)["order"] == [28, 20]
    play(st, *[{"country": "Japan"}] * 4)  # the seed's Aldrich Ames: 4 ops
    assert 98 in st.d["removed"] and st.decision()["player"] == "USSR"


@pytest.mark.rule("card 98")
@pytest.mark.reading("C098")
@pytest.mark.parametrize("reading, edition, first", [
    (None, "seed", "event_98.next"),
    ("deluxe", "seed", "event_98.discard"),
    (None, "deluxe", "event_98.discard"),
    ("seed", "deluxe", "event_98.next"),
])
def test_aldrich_ames_text_by_edition_and_ruling(reading, edition, first):
    rulings = {"card_98_text": reading} if reading else None
    st = ussr_event(98, us=(28, 20), options={"edition": edition}, rulings=rulings)
    assert question(st) == first


# -- 99 Pershing II Deployed ---------------------------------------------------------------------------------------
@pytest.mark.rule("card 99", "2.2.4")
def test_pershing_ii_gives_a_vp_and_removes_one_us_influence_from_up_to_three_west_european_countries():
    st = ussr_event(99, influence={"France": {"US": 2, "USSR": 0}, "Italy": {"US": 1, "USSR": 0},
                                   "Turkey": {"US": 1, "USSR": 0}, "Poland": {"US": 1, "USSR": 0}})
    assert st.d["vp"] == -1
    assert question(st) == "remove_influence.where" and st.decision()["player"] == "USSR"
    assert countries(st) == ["France", "Italy", "Turkey", "United Kingdom"]  # not Poland (Eastern Europe)
    play(st, {"country": "France"})
    assert "France" not in countries(st) and {"stop": True} in st.legal_actions()
    play(st, {"country": "United Kingdom"}, {"stop": True})
    assert st.d["influence"]["France"]["US"] == 1 and st.d["influence"]["United Kingdom"]["US"] == 4
    assert st.d["influence"]["Italy"]["US"] == 1 and 99 in st.d["removed"]


@pytest.mark.rule("card 99")
def test_pershing_ii_with_no_us_influence_in_western_europe():
    st = ussr_event(99, influence=cleared("United Kingdom"))
    assert st.d["vp"] == -1 and st.decision()["player"] == "US" and 99 in st.d["removed"]


@pytest.mark.rule("card 99", "5.2")
def test_pershing_ii_triggered_by_us_operations():
    st = late(next=US_1, hands={"USSR": [34], "US": [99, 20]})
    play(st, {"card": 99}, {"use": "influence"}, {"event": "before"})
    assert st.d["vp"] == -1 and st.decision()["player"] == "USSR" and countries(st) == ["United Kingdom"]
    play(st, *[{"country": "United Kingdom"}] * 1)
    assert st.d["influence"]["United Kingdom"]["US"] == 4


# -- 100 Wargames -------------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 100", "5.2")
@pytest.mark.parametrize("defcon, event", [(2, True), (3, False), (5, False)])
def test_wargames_only_at_defcon_2(defcon, event):
    st = late(next=US_1, hands={"USSR": [34], "US": [100]}, defcon=defcon)
    play(st, {"card": 100})
    assert ({"use": "event"} in st.legal_actions()) is event


@pytest.mark.rule("card 100", "10.3.1")
def test_wargames_declined_changes_nothing_and_is_removed():
    st = us_event(100, defcon=2)
    assert question(st) == "event_100.end" and st.decision()["player"] == "US"
    play(st, {"end": False})
    assert st.d["vp"] == 0 and st.d["terminal"] is None and 100 in st.d["removed"]


@pytest.mark.rule("card 100", "10.3.1")
@pytest.mark.parametrize("vp, winner", [(7, "US"), (6, None), (5, "USSR")])
def test_wargames_deluxe_ends_the_game_on_the_vp_without_final_scoring(vp, winner):
    """The US ends the game: the USSR gains 6 VP; the VP as they stand decide (a zero is a draw)."""
    st = us_event(100, defcon=2, vp=vp, options={"edition": "deluxe"})
    play(st, {"end": True})
    assert st.d["vp"] == vp - 6
    assert st.d["terminal"]["winner"] == winner and st.d["terminal"]["rule"] == "card 100"


@pytest.mark.rule("card 100", "10.3.1")
def test_wargames_giving_20_vp_is_the_opponents_automatic_victory():
    st = ussr_event(100, defcon=2, vp=15)
    play(st, {"end": True})
    assert st.d["vp"] == 20 and st.d["terminal"]["winner"] == "US" and st.d["terminal"]["rule"] == "10.3.1"


@pytest.mark.rule("card 100", "10.3.2")
@pytest.mark.reading("C100")
@pytest.mark.parametrize("reading, edition", [(None, "seed"), ("seed", "deluxe"), (None, "deluxe"),
                                              ("deluxe", "seed")])
def test_wargames_final_scoring_by_edition(reading, edition):
    """The USSR ends the game at +3: the US has 9. The seed's card: the final scoring follows
    (computed here on the same board), the Deluxe card: none."""
    rulings = {"card_100_text": reading} if reading else None
    st = ussr_event(100, defcon=2, vp=3, options={"edition": edition}, rulings=rulings)
    board = late(hands={"USSR": [34], "US": [20]}, defcon=2, vp=9, options={"edition": edition})
    final_scoring(board, {})
    play(st, {"end": True})
    text = reading or edition
    if text == "seed":
        assert board.d["vp"] != 9  # the set-up's board scores something
        assert st.d["vp"] == board.d["vp"] and st.d["terminal"] == board.d["terminal"]
        assert st.d["terminal"]["rule"] == "10.3.2"
    else:
        assert st.d["vp"] == 9 and st.d["terminal"]["winner"] == "US" and st.d["terminal"]["rule"] == "card 100"


# -- 101 Solidarity ------------------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 101", "card 68", "2.2.4")
@pytest.mark.parametrize("edition, number", [("seed", 81), ("deluxe", 101)])
def test_solidarity_after_john_paul_ii_adds_three_us_in_poland(edition, number):
    st = us_event(number, in_effect=[68], effects=[JOHN_PAUL], options={"edition": edition})
    assert st.d["influence"]["Poland"] == {"US": 3, "USSR": 0} and number in st.d["removed"]
    assert effects.in_force(st, 68)


@pytest.mark.rule("card 101", "5.2", "7.5")
def test_solidarity_without_john_paul_ii_is_no_event():
    st = late(next=US_1, hands={"USSR": [34], "US": [81]})
    play(st, {"card": 81})
    assert {"use": "event"} not in st.legal_actions()
    st = late(hands={"USSR": [81, 34], "US": [20]})
    play(st, {"card": 81}, {"use": "influence"}, {"event": "after"}, *[{"country": "North Korea"}] * 2)
    assert question(st) != "action_round.order" and 81 in st.d["discard"]  # starred, yet discarded (5.2)
    assert st.d["influence"]["Poland"] == ZERO


# -- 102 Iran-Iraq War --------------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 102", "7.6", "8.2.4")
@pytest.mark.parametrize("die, won", [(4, False), (5, True)])
def test_iran_iraq_war_by_the_us(die, won):
    """The US invades Iraq: Saudi Arabia, next to it, is the USSR's: -1; 5 - 1 = 4 wins: 2 VP and
    the USSR's 2 influence in Iraq become the US's; 2 military operations either way."""
    st = us_event(102, influence={"Saudi Arabia": {"US": 0, "USSR": 3}, "Iraq": {"US": 1, "USSR": 2}})
    assert question(st) == "event_102.target" and st.legal_actions() == [{"country": "Iran"}, {"country": "Iraq"}]
    play(st, {"country": "Iraq"}, die)
    assert st.d["milops"]["US"] == 2 and 102 in st.d["removed"]
    assert st.d["vp"] == (2 if won else 0)
    assert st.d["influence"]["Iraq"] == ({"US": 3, "USSR": 0} if won else {"US": 1, "USSR": 2})


@pytest.mark.rule("card 102", "7.6")
def test_iran_iraq_war_by_the_ussr_invading_iran():
    st = ussr_event(102)
    play(st, {"country": "Iran"}, 4)
    assert st.d["vp"] == -2 and st.d["influence"]["Iran"] == {"US": 0, "USSR": 1}
    assert st.d["milops"]["USSR"] == 2


@pytest.mark.rule("card 102", "card 59")
def test_iran_iraq_war_played_by_the_us_under_flower_power_gives_the_ussr_2_vp():
    st = us_event(102, in_effect=[59], effects=[FLOWER_POWER])
    play(st, {"country": "Iraq"}, 1)
    assert st.d["vp"] == -2 and st.d["milops"]["US"] == 2


# -- 103 Defectors --------------------------------------------------------------------------------------------------------------------
def headlines(us: int, ussr: int, **state):
    st = late(next=HEADLINE, hands={"USSR": [ussr, 28], "US": [us, 20]}, **state)
    return play(st, {"card": ussr}, {"card": us})


@pytest.mark.rule("card 103", "4.5")
@pytest.mark.parametrize("ussr", [34, 1])
def test_defectors_headlined_cancels_the_ussr_headline_scoring_cards_too(ussr):
    """Nuclear Test Ban (4 ops, before Defectors in 4.5 C's order) would give the USSR 3 VP at
    DEFCON 5; Asia Scoring would score Asia: neither happens, the card goes to the discards."""
    st = headlines(103, ussr)
    assert st.d["vp"] == 0 and st.d["defcon"] == 5
    assert ussr in st.d["discard"] and 103 in st.d["discard"]
    assert st.d["headline"] == {"USSR": None, "US": None} and question(st) == "action_round.play"


@pytest.mark.rule("card 103", "4.5")
def test_defectors_headlined_by_the_ussr_is_the_us_event_and_cancels_nothing():
    """The USSR headlines Defectors (a US event, carried out by the US): nothing; the US's headline
    Nuclear Test Ban happens (DEFCON 5 -> 5, the US gains 5 - 2 = 3 VP)."""
    st = headlines(34, 103)
    assert st.d["vp"] == 3 and 103 in st.d["discard"] and 34 in st.d["discard"]


@pytest.mark.rule("card 103", "5.2", "6.4.5")
@pytest.mark.parametrize("use, vp", [("influence", 1), ("space", 0)])
def test_defectors_played_by_the_ussr_in_its_round_gives_the_us_a_vp(use, vp):
    st = late(hands={"USSR": [103, 34], "US": [20]})
    play(st, {"card": 103}, {"use": use})
    if use == "influence":
        play(st, {"event": "before"}, {"country": "North Korea"}, {"country": "North Korea"})
    else:
        play(st, 6)
    assert st.d["vp"] == vp and 103 in st.d["discard"]


@pytest.mark.rule("card 103")
def test_defectors_played_by_the_us_in_its_round_changes_nothing():
    st = us_event(103)
    assert st.d["vp"] == 0 and 103 in st.d["discard"] and st.decision()["player"] == "USSR"


# -- headlines --------------------------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 98", "card 97", "4.5")
def test_aldrich_ames_headlined_orders_the_us_action_rounds():
    """The USSR headlines Aldrich Ames (4 ops in the seed, first), the US An Evil Empire: the US's
    headline has left its hand, so the order covers the 2 cards left; the US's first action round
    offers the first of them only."""
    st = late(next=HEADLINE, hands={"USSR": [98, 34], "US": [97, 20, 28]})
    play(st, {"card": 98}, {"card": 97})
    assert question(st) == "event_98.next" and st.legal_actions() == [{"card": 20}, {"card": 28}]
    play(st, {"card": 28}, {"card": 20})
    assert st.d["vp"] == 1 and 98 in st.d["removed"]  # then An Evil Empire
    play(st, {"card": 34}, {"use": "influence"}, *[{"country": "North Korea"}] * 4)
    assert st.decision()["player"] == "US" and offered_cards(st) == [28]


@pytest.mark.rule("card 94", "4.5")
def test_chernobyl_headlined_bars_the_region_for_the_ussrs_whole_turn():
    st = late(next=HEADLINE, hands={"USSR": [34, 28], "US": [94, 20]})
    play(st, {"card": 34}, {"card": 94})
    assert st.d["vp"] == -3  # Nuclear Test Ban first (4 ops), at DEFCON 5: 5 - 2 = 3 VP to the USSR
    play(st, {"region": "Middle East"})
    play(st, {"card": 28}, {"use": "influence"})
    assert "Syria" not in countries(st) and "Iraq" not in countries(st) and "North Korea" in countries(st)
