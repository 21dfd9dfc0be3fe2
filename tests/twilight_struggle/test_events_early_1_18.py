"""The events of Early War cards 4-18 (model/twilight_struggle/events/early_1_18.py), played as
events, as headlines, triggered by the opponent's operations (5.2), barred by their prohibitions,
and their lasting effects where they change another rule (Vietnam Revolts' bonus, 7.4; Warsaw Pact
Formed and De Gaulle Leads France beside the map, 7.3).

Positions are in turn 1 of the standard scenario, the seed edition unless stated (cards 4-18 have
the same numbers in both editions). Cards of other batches used as plain cards: 19 Truman Doctrine
(US, 1 op), 20 Olympic Games (neutral, 2), 22 Independent Reds (US, 2), 34 Nuclear Test Ban
(neutral, 4). Where a test needs another batch's lasting effect (Red Scare/Purge 31, Containment 25,
events/early_19_35.py), its effect record is put in the position and its own hook applies.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.twilight_struggle import cardplay
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.state import TwilightState
from tests.twilight_struggle.helpers import play, position, question

USSR_1 = {"phase": "action_round", "side": "USSR", "round": 1}
US_1 = {"phase": "action_round", "side": "US", "round": 1}
HEADLINE = {"phase": "headline"}
DELUXE = {"edition": "deluxe"}
CHINA = 6


def record(card: int, side: str, until: str = "turn", **own) -> dict:
    return {"card": card, "side": side, "until": until, **own}


# A US headline that leaves the USSR's headline alone: 18 Captured Nazi Scientist (1 op) moves the
# US from box 1 to box 2 of the Space Race, which gives no VP (6.4.3), and leaves the game.
QUIET_SPACE = {"US": 1, "USSR": 0}
QUIET_US = {"card": 18}


def quiet_us_done(st) -> bool:
    return st.d["space"] == {"US": 2, "USSR": 0} and 18 in st.d["removed"]


def places(st) -> list[str]:
    return [a["country"] for a in st.legal_actions() if "country" in a]


def inf(st, country: str) -> dict:
    return st.d["influence"][country]


# -- 4 Duck and Cover ------------------------------------------------------------------------------------------
@pytest.mark.rule("card 4", "8.1.7", "10.2.2")
@pytest.mark.parametrize("defcon, after, vp", [(5, 4, 1), (4, 3, 2), (3, 2, 3)])
def test_duck_and_cover_degrades_defcon_then_the_us_gains_five_minus_defcon(defcon, after, vp):
    """Card 4: DEFCON -1, then the US gains 5 - DEFCON VP; the card goes to the discards (no asterisk)."""
    st = position(next=US_1, defcon=defcon, hands={"USSR": [], "US": [4]})
    play(st, {"card": 4}, {"use": "event"})
    assert st.d["defcon"] == after and st.d["vp"] == vp
    assert 4 in st.d["discard"]


@pytest.mark.rule("card 4", "8.1.3", "5.2")
@pytest.mark.parametrize("player", ["US", "USSR"])
def test_duck_and_cover_at_defcon_2_ends_the_game_against_the_phasing_player(player):
    """Card 4 at DEFCON 2: DEFCON 1 is nuclear war (8.1.3); the phasing player loses, also when it
    is the USSR triggering the US's event with operations (5.2); no VP follow."""
    st = position(next=USSR_1 if player == "USSR" else US_1, defcon=2,
                  hands={"USSR": [4] if player == "USSR" else [], "US": [4] if player == "US" else []})
    if player == "USSR":
        play(st, {"card": 4}, {"use": "influence"}, {"event": "before"})
    else:
        play(st, {"card": 4}, {"use": "event"})
    assert st.is_terminal() and st.d["defcon"] == 1 and st.d["vp"] == 0
    assert st.d["terminal"]["winner"] == ("US" if player == "USSR" else "USSR")


@pytest.mark.rule("card 4", "4.5", "5.2")
def test_duck_and_cover_as_a_headline_and_triggered_by_the_ussr():
    """Card 4 as the US's headline (DEFCON 5 to 4, 1 VP); played by the USSR for operations the US
    gains the VP (the opponent carries the event out, 5.2)."""
    st = position(next=HEADLINE, hands={"USSR": [8], "US": [4]})
    play(st, {"card": 8}, {"card": 4})
    assert st.d["defcon"] == 4 and st.d["vp"] == 1 and 4 in st.d["discard"]
    st = position(next=USSR_1, defcon=4, hands={"USSR": [4], "US": []})
    play(st, {"card": 4}, {"use": "influence"}, {"event": "after"}, *[{"country": "Iraq"}] * 3)
    assert st.d["defcon"] == 3 and st.d["vp"] == 2 and inf(st, "Iraq")["USSR"] == 4


# -- 5 Five Year Plan ------------------------------------------------------------------------------------------
@pytest.mark.rule("card 5")
def test_five_year_plan_draws_a_card_at_random_from_the_ussr_hand():
    """Card 5: the USSR's card is a chance node, uniform over its hand (sorted)."""
    st = position(next=US_1, hands={"USSR": [12, 4, 8], "US": [5]})
    play(st, {"card": 5}, {"use": "event"})
    assert question(st) == "event_5.drawn" and st.current_player() == "chance"
    assert st.chance_outcomes() == [({"card": 4}, Fraction(1, 3)), ({"card": 8}, Fraction(1, 3)),
                                    ({"card": 12}, Fraction(1, 3))]


@pytest.mark.rule("card 5")
def test_five_year_plan_a_ussr_card_is_discarded_without_its_event():
    """Card 5: a USSR event (Fidel) is discarded and does not happen, even with an asterisk."""
    st = position(next=US_1, hands={"USSR": [4, 8, 12], "US": [5]}, influence={"Cuba": {"US": 1, "USSR": 0}})
    play(st, {"card": 5}, {"use": "event"}, {"card": 8})
    assert st.d["hands"]["USSR"] == [4, 12] and 8 in st.d["discard"] and 8 not in st.d["removed"]
    assert inf(st, "Cuba") == {"US": 1, "USSR": 0} and 5 in st.d["discard"]
    assert question(st) == "action_round.play" and st.current_player() == "USSR"


@pytest.mark.rule("card 5", "5.2")
def test_five_year_plan_a_us_card_s_event_happens_for_the_us():
    """Card 5: a US event (Duck and Cover) happens at once, carried out by the US, then goes where
    its event sends it (the discards)."""
    st = position(next=US_1, hands={"USSR": [4, 8, 12], "US": [5]})
    play(st, {"card": 5}, {"use": "event"}, {"card": 4})
    assert st.d["defcon"] == 4 and st.d["vp"] == 1
    assert st.d["hands"]["USSR"] == [8, 12] and {4, 5} <= set(st.d["discard"]) and not st.d["table"]


@pytest.mark.rule("card 5", "5.2")
def test_five_year_plan_triggered_by_the_ussr_and_with_an_empty_hand():
    """Card 5 played by the USSR for operations: the US carries out the event and the USSR discards
    from what is left of its hand; with no card left, nothing happens."""
    st = position(next=USSR_1, hands={"USSR": [5, 8], "US": []})
    play(st, {"card": 5}, {"use": "influence"}, {"event": "before"}, {"card": 8})
    assert st.d["hands"]["USSR"] == [] and 8 in st.d["discard"]
    assert question(st) == "influence.place"
    st = position(next=USSR_1, hands={"USSR": [5], "US": []})
    play(st, {"card": 5}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "influence.place" and st.d["discard"] == []


# -- 7 Socialist Governments -------------------------------------------------------------------------------------
@pytest.mark.rule("card 7")
def test_socialist_governments_removes_three_us_influence_in_western_europe_two_at_most_per_country():
    """Card 7: 3 US influence out of Western Europe, at most 2 per country, one marker at a time;
    only countries of Western Europe with US influence are offered."""
    st = position(hands={"USSR": [7], "US": []},
                  influence={"Italy": {"US": 2, "USSR": 0}, "France": {"US": 1, "USSR": 0}})
    play(st, {"card": 7}, {"use": "event"})
    assert question(st) == "remove_influence.where" and places(st) == ["France", "Italy", "United Kingdom"]
    play(st, {"country": "United Kingdom"}, {"country": "United Kingdom"})
    assert places(st) == ["France", "Italy"]  # 2 out of the United Kingdom already
    play(st, {"country": "Italy"})
    assert inf(st, "United Kingdom")["US"] == 3 and inf(st, "Italy")["US"] == 1 and inf(st, "France")["US"] == 1
    assert 7 in st.d["discard"] and question(st) == "action_round.play"


@pytest.mark.rule("card 7")
def test_socialist_governments_removes_what_there_is():
    """Card 7 with 1 US influence in Western Europe: it goes, and the event ends."""
    st = position(hands={"USSR": [7], "US": []}, influence={"United Kingdom": {"US": 0, "USSR": 0},
                                                              "Greece": {"US": 1, "USSR": 0}})
    play(st, {"card": 7}, {"use": "event"}, {"country": "Greece"})
    assert inf(st, "Greece")["US"] == 0 and question(st) == "action_round.play"


@pytest.mark.rule("card 7", "card 83", "5.2", "7.5")
def test_socialist_governments_is_barred_by_the_iron_lady():
    """Card 7 while The Iron Lady (83) is in effect: not offered as an event; played by the US for
    operations the order is still asked (5.2: the phasing side always decides), the event does not
    happen and the card goes to the discards."""
    iron = dict(turn=8, in_effect=[83], effects=[record(83, "US", "cancelled")])  # a Late War card
    st = position(hands={"USSR": [7], "US": []}, **iron)
    play(st, {"card": 7})
    assert {"use": "event"} not in st.legal_actions() and {"use": "influence"} in st.legal_actions()
    st = position(next=US_1, hands={"USSR": [], "US": [7]}, **iron)
    play(st, {"card": 7}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "influence.place"
    play(st, *[{"country": "Japan"}] * 3)
    assert inf(st, "United Kingdom")["US"] == 5 and 7 in st.d["discard"]


# -- 8 Fidel, 12 Romanian Abdication -----------------------------------------------------------------------------
@pytest.mark.rule("card 8", "card 12", "2.1.7")
@pytest.mark.parametrize("card, country", [(8, "Cuba"), (12, "Romania")])
@pytest.mark.parametrize("before, after", [({"US": 2, "USSR": 0}, {"US": 0, "USSR": 3}),
                                           ({"US": 3, "USSR": 1}, {"US": 0, "USSR": 3}),
                                           ({"US": 0, "USSR": 4}, {"US": 0, "USSR": 4})])
def test_fidel_and_romanian_abdication_take_control(card, country, before, after):
    """Cards 8 and 12: all US influence out of the country (stability 3); the USSR adds what it
    needs for control, none if it has it; the card leaves the game (asterisk)."""
    st = position(hands={"USSR": [card], "US": []}, influence={country: before})
    play(st, {"card": card}, {"use": "event"})
    assert inf(st, country) == after and card in st.d["removed"]


@pytest.mark.rule("card 12", "4.5")
def test_romanian_abdication_as_a_ussr_headline():
    """Card 12 as the USSR's headline (the US's headline, QUIET_US, resolves first on the tie of 1
    op and touches neither Romania nor the VP)."""
    st = position(next=HEADLINE, hands={"USSR": [12, 8], "US": [18, 22]}, space=QUIET_SPACE,
                  influence={"Romania": {"US": 1, "USSR": 0}})
    play(st, {"card": 12}, QUIET_US)
    assert inf(st, "Romania") == {"US": 0, "USSR": 3} and 12 in st.d["removed"]
    assert quiet_us_done(st)
    assert question(st) == "action_round.play"


# -- 9 Vietnam Revolts -------------------------------------------------------------------------------------------
@pytest.mark.rule("card 9", "7.3")
def test_vietnam_revolts_places_two_and_puts_its_bonus_in_force_for_the_turn():
    """Card 9: 2 USSR influence in Vietnam; the bonus is in force for the rest of the turn (the
    USSR's); the card leaves the game."""
    st = position(hands={"USSR": [9], "US": []})
    play(st, {"card": 9}, {"use": "event"})
    assert inf(st, "Vietnam")["USSR"] == 2 and 9 in st.d["removed"]
    assert st.d["effects"] == [record(9, "USSR")]


@pytest.mark.rule("card 9", "4.5")
def test_vietnam_revolts_ends_with_the_turn():
    st = position(next={"phase": "turn", "step": "I"}, effects=[record(9, "USSR")])
    assert st.d["effects"] == [] and st.d["turn"] == 2


@pytest.mark.rule("card 9", "7.4", "6.1")
def test_vietnam_revolts_gives_plus_one_when_every_op_goes_to_southeast_asia():
    """Card 9: a 2-op USSR card places 3 influence when all go to Southeast Asia; the prompt counts
    both."""
    st = position(hands={"USSR": [8], "US": []}, effects=[record(9, "USSR")],
                  influence={"Vietnam": {"US": 0, "USSR": 2}})
    play(st, {"card": 8}, {"use": "influence"})
    assert st.decision()["prompt"] == "USSR: place 1 influence (3 ops left in Southeast Asia, 2 elsewhere)"
    play(st, {"country": "Vietnam"}, {"country": "Thailand"})
    assert st.decision()["prompt"] == "USSR: place 1 influence (1 op left, in Southeast Asia only)"
    assert "Thailand" in places(st) and "Iraq" not in places(st)
    play(st, {"country": "Laos/Cambodia"})
    assert inf(st, "Vietnam")["USSR"] == 3 and inf(st, "Thailand")["USSR"] == 1
    assert inf(st, "Laos/Cambodia")["USSR"] == 1 and question(st) == "action_round.play"


@pytest.mark.rule("card 9", "7.4")
def test_vietnam_revolts_bonus_is_lost_by_an_op_outside_southeast_asia():
    """Card 9: an op spent outside Southeast Asia loses the bonus: 2 markers, not 3."""
    st = position(hands={"USSR": [8], "US": []}, effects=[record(9, "USSR")],
                  influence={"Vietnam": {"US": 0, "USSR": 2}})
    play(st, {"card": 8}, {"use": "influence"}, {"country": "Iraq"})
    assert st.decision()["prompt"] == "USSR: place 1 influence (1 op left)"
    play(st, {"country": "Vietnam"})
    assert question(st) == "action_round.play" and inf(st, "Vietnam")["USSR"] == 3


@pytest.mark.rule("card 9", "7.4.1")
def test_vietnam_revolts_bonus_is_the_ussr_s_only():
    """Card 9, 7.4.1: a US card gets nothing from it."""
    st = position(next=US_1, hands={"USSR": [], "US": [19]}, effects=[record(9, "USSR")],
                  influence={"Thailand": {"US": 1, "USSR": 0}})
    assert cardplay.area_bonuses(st, "US", 19) == []
    assert cardplay.area_bonuses(st, "USSR", 19) == [{"area": "Southeast Asia", "bonus": 1, "in_area": True}]
    play(st, {"card": 19}, {"use": "influence"}, {"country": "Thailand"})
    assert question(st) == "action_round.play"


@pytest.mark.rule("card 9", "7.4", "7.4.2", "6.3.2", "8.2.3")
@pytest.mark.parametrize("china_bonus_milops", [True, False])
def test_vietnam_revolts_bonus_counts_in_a_coup_and_its_military_operations(china_bonus_milops):
    """Card 9, 7.4.2 (for all purposes): a 2-op coup in Thailand (stability 2) is made with 3: die
    4 gives 3 - 4 + 4 = 3; the Military Operations marker moves 3, whatever the China Card's ruling
    (P03 is about the China Card's own bonus)."""
    st = position(hands={"USSR": [8], "US": []}, effects=[record(9, "USSR")],
                  influence={"Thailand": {"US": 2, "USSR": 0}}, rulings={"china_bonus_milops": china_bonus_milops})
    play(st, {"card": 8}, {"use": "coup"}, {"country": "Thailand"})
    assert st.d["milops"]["USSR"] == 3
    play(st, 4)
    assert inf(st, "Thailand") == {"US": 0, "USSR": 1} and st.d["defcon"] == 4


@pytest.mark.rule("card 9", "7.4", "9.6", "9.7")
def test_vietnam_revolts_and_the_china_card_the_example_of_7_4():
    """7.4's example: Red Scare/Purge against the USSR, Vietnam Revolts in force, the China Card
    played with every op in Southeast Asia: 4 + 1 (Asia) + 1 (Vietnam) - 1 = 5."""
    st = position(hands={"USSR": [], "US": [19]}, china={"holder": "USSR", "face_up": True},
                  effects=[record(9, "USSR"), record(31, "US")], influence={"Vietnam": {"US": 0, "USSR": 2}})
    play(st, {"card": CHINA}, {"use": "influence"})
    assert st.decision()["prompt"] == "USSR: place 1 influence (5 ops left in Southeast Asia, 4 in Asia, 3 elsewhere)"
    play(st, *[{"country": "Vietnam"}] * 4)
    assert question(st) == "influence.place"
    play(st, {"country": "Thailand"})
    assert question(st) == "action_round.play" and inf(st, "Vietnam")["USSR"] == 6


@pytest.mark.rule("card 9", "9.6")
def test_the_china_card_in_asia_outside_southeast_asia_keeps_its_own_bonus_only():
    """9.6 with card 9 in force: an op in Asia outside Southeast Asia (North Korea) loses Vietnam
    Revolts' bonus and keeps the China Card's: 5 markers."""
    st = position(hands={"USSR": [], "US": [19]}, china={"holder": "USSR", "face_up": True},
                  effects=[record(9, "USSR")])
    play(st, {"card": CHINA}, {"use": "influence"}, {"country": "North Korea"})
    assert st.decision()["prompt"] == "USSR: place 1 influence (4 ops left in Asia, 3 elsewhere)"
    play(st, *[{"country": "North Korea"}] * 4)
    assert question(st) == "action_round.play" and inf(st, "North Korea")["USSR"] == 8


@pytest.mark.rule("card 9", "7.4")
def test_vietnam_revolts_bonus_counts_with_the_floor_of_one():
    """7.4: the modifiers count together: a 1-op card under Red Scare/Purge in Southeast Asia is
    1 - 1 + 1 = 1 (not the floor's 1, + 1); a 2-op card 2 - 1 + 1 = 2."""
    st = position(hands={"USSR": [12, 8], "US": []}, effects=[record(9, "USSR"), record(31, "US")])
    assert cardplay.area_bonuses(st, "USSR", 12) == []
    assert cardplay.area_bonuses(st, "USSR", 8) == [{"area": "Southeast Asia", "bonus": 1, "in_area": True}]


@pytest.mark.rule("card 9", "card 51", "7.4")
def test_vietnam_revolts_bonus_is_bounded_by_brezhnev_doctrine_s_maximum():
    """7.4: the modifiers are counted together and bounded once: under Brezhnev Doctrine (+1, at
    most 4) a 2-op card in Southeast Asia is 2 + 1 + 1 = 4; a 3-op card stays at 4 there too (no
    area bonus left); a 4-op card is 4."""
    st = position(turn=4, hands={"USSR": [7, 8, 34], "US": []},
                  effects=[record(9, "USSR"), record(51, "USSR")], influence={"Vietnam": {"US": 0, "USSR": 2}})
    bonus = [{"area": "Southeast Asia", "bonus": 1, "in_area": True}]
    assert [(cardplay.ops_value(st, "USSR", c), cardplay.area_bonuses(st, "USSR", c)) for c in (8, 7, 34)] == [
        (3, bonus), (4, []), (4, [])]
    play(st, {"card": 8}, {"use": "influence"})
    assert st.decision()["prompt"] == "USSR: place 1 influence (4 ops left in Southeast Asia, 3 elsewhere)"
    play(st, *[{"country": "Vietnam"}] * 4)
    assert inf(st, "Vietnam")["USSR"] == 6 and question(st) == "action_round.play"
    st = position(turn=4, hands={"USSR": [7], "US": []},
                  effects=[record(9, "USSR"), record(51, "USSR")], influence={"Vietnam": {"US": 0, "USSR": 2}})
    play(st, {"card": 7}, {"use": "influence"})
    assert st.decision()["prompt"] == "USSR: place 1 influence (4 ops left)"


@pytest.mark.rule("card 9", "4.5")
def test_vietnam_revolts_as_a_headline_then_its_bonus_in_the_action_rounds():
    st = position(next=HEADLINE, hands={"USSR": [9, 8], "US": [18, 22]}, space=QUIET_SPACE)
    play(st, {"card": 9}, QUIET_US)
    assert question(st) == "action_round.play" and quiet_us_done(st)
    assert inf(st, "Vietnam")["USSR"] == 2 and effects.in_force(st, 9)
    play(st, {"card": 8}, {"use": "influence"}, *[{"country": "Vietnam"}] * 3)
    assert inf(st, "Vietnam")["USSR"] == 5


@pytest.mark.rule("card 9", "5.2")
def test_vietnam_revolts_triggered_by_the_us_is_the_ussr_s():
    """Card 9 played by the US for operations: the USSR's event, its bonus the USSR's."""
    st = position(next=US_1, hands={"USSR": [], "US": [9]})
    play(st, {"card": 9}, {"use": "influence"}, {"event": "before"})
    assert inf(st, "Vietnam")["USSR"] == 2 and st.d["effects"] == [record(9, "USSR")]
    play(st, {"country": "Japan"}, {"country": "Japan"})
    assert 9 in st.d["removed"]


# -- 10 Blockade -------------------------------------------------------------------------------------------------
BERLIN = {"West Germany": {"US": 3, "USSR": 0}}


@pytest.mark.rule("card 10", "7.4.2", "9.5")
def test_blockade_the_us_may_discard_a_card_of_three_ops_or_more():
    """Card 10: the US chooses: a card of 3 ops or more from its hand (never a scoring card, never
    the China Card, which is not in the hand, 9.5), or not to discard."""
    st = position(hands={"USSR": [10], "US": [2, 4, 19, 34]}, influence=BERLIN,
                  china={"holder": "US", "face_up": True})
    play(st, {"card": 10}, {"use": "event"})
    assert question(st) == "event_10.blockade" and st.current_player() == "US"
    assert st.legal_actions() == [{"card": 4}, {"card": 34}, {"discard": False}]
    play(st, {"card": 34})
    assert 34 in st.d["discard"] and st.d["hands"]["US"] == [2, 4, 19]
    assert inf(st, "West Germany")["US"] == 3 and 10 in st.d["removed"]


@pytest.mark.rule("card 10")
def test_blockade_without_a_discard_west_germany_loses_all_us_influence():
    st = position(hands={"USSR": [10], "US": [4]}, influence=BERLIN)
    play(st, {"card": 10}, {"use": "event"}, {"discard": False})
    assert inf(st, "West Germany")["US"] == 0 and st.d["hands"]["US"] == [4]


@pytest.mark.rule("card 10")
def test_blockade_with_no_card_to_discard_still_asks():
    """Card 10: with no card of 3 ops the US's one option is not to discard."""
    st = position(hands={"USSR": [10], "US": [19, 22]}, influence=BERLIN)
    play(st, {"card": 10}, {"use": "event"})
    assert st.legal_actions() == [{"discard": False}]
    play(st, {"discard": False})
    assert inf(st, "West Germany")["US"] == 0


@pytest.mark.rule("card 10", "7.4.2", "card 25", "card 31")
def test_blockade_reads_the_modified_ops_value():
    """Card 10, 7.4.2: with Red Scare/Purge against the US a 3-op card counts 2 and is not enough;
    with Containment (card 25) for the US a 2-op card counts 3."""
    st = position(hands={"USSR": [10], "US": [4, 22]}, influence=BERLIN, effects=[record(31, "USSR")])
    play(st, {"card": 10}, {"use": "event"})
    assert st.legal_actions() == [{"discard": False}]
    st = position(hands={"USSR": [10], "US": [4, 22]}, influence=BERLIN, effects=[record(25, "US")])
    play(st, {"card": 10}, {"use": "event"})
    assert st.legal_actions() == [{"card": 4}, {"card": 22}, {"discard": False}]


@pytest.mark.rule("card 10", "5.2")
def test_blockade_triggered_by_the_us_own_operations():
    """Card 10 played by the US for operations: the USSR's event, the US's choice; the card leaves
    the game (asterisk)."""
    st = position(next=US_1, hands={"USSR": [], "US": [10, 4]}, influence=BERLIN)
    play(st, {"card": 10}, {"use": "influence"}, {"event": "before"})
    assert st.current_player() == "US" and st.legal_actions() == [{"card": 4}, {"discard": False}]
    play(st, {"card": 4}, {"country": "Japan"})
    assert inf(st, "West Germany")["US"] == 3 and 4 in st.d["discard"] and 10 in st.d["removed"]


# -- 11 Korean War -----------------------------------------------------------------------------------------------
@pytest.mark.rule("card 11", "7.6", "8.2.4")
@pytest.mark.parametrize("die, won", [(4, False), (5, True), (6, True)])
def test_korean_war_a_die_less_one_per_us_controlled_neighbour(die, won):
    """Card 11 (Deluxe text): Japan US-controlled (-1); 4-6 after the modifier wins: 2 VP and the
    US influence in South Korea becomes the USSR's; +2 Military Operations either way; DEFCON
    unchanged; the card leaves the game."""
    st = position(options=DELUXE, hands={"USSR": [11], "US": []},
                  influence={"Japan": {"US": 4, "USSR": 0}, "South Korea": {"US": 2, "USSR": 1}})
    play(st, {"card": 11}, {"use": "event"})
    assert question(st) == "event_11.die"
    play(st, die)
    assert st.d["milops"]["USSR"] == 2 and st.d["defcon"] == 5 and 11 in st.d["removed"]
    if won:
        assert st.d["vp"] == -2 and inf(st, "South Korea") == {"US": 0, "USSR": 3}
    else:
        assert st.d["vp"] == 0 and inf(st, "South Korea") == {"US": 2, "USSR": 1}


@pytest.mark.rule("card 11")
@pytest.mark.reading("C011")
@pytest.mark.parametrize("options, card_11_text, defcon", [
    (None, "edition", 4), (None, "seed", 4), (None, "deluxe", 5),
    (DELUXE, "edition", 5), (DELUXE, "seed", 4), (DELUXE, "deluxe", 5)])
def test_korean_war_the_text_followed_decides_the_defcon_step(options, card_11_text, defcon):
    """Card 11 under ruling card_11_text (C011): the seed's card (the seed edition's by default)
    degrades DEFCON by one before the die; the Deluxe card does not."""
    st = position(options=options, hands={"USSR": [11], "US": []}, rulings={"card_11_text": card_11_text})
    play(st, {"card": 11}, {"use": "event"})
    assert st.d["defcon"] == defcon and question(st) == "event_11.die"
    play(st, 6)
    assert st.d["vp"] == -2 and st.d["milops"]["USSR"] == 2


@pytest.mark.rule("card 11", "8.1.3", "5.2")
def test_korean_war_seed_text_at_defcon_2_ends_the_game_against_the_phasing_player():
    """Card 11 (seed) at DEFCON 2 played by the US for operations: DEFCON 1, the US (phasing) loses
    (8.1.3); no die."""
    st = position(next=US_1, defcon=2, hands={"USSR": [], "US": [11]})
    play(st, {"card": 11}, {"use": "influence"}, {"event": "before"})
    assert st.is_terminal() and st.d["terminal"]["winner"] == "USSR" and st.d["milops"]["USSR"] == 0


@pytest.mark.rule("card 11", "4.5")
def test_korean_war_as_a_headline():
    st = position(next=HEADLINE, options=DELUXE, hands={"USSR": [11, 8], "US": [18, 22]}, space=QUIET_SPACE)
    play(st, {"card": 11}, QUIET_US)
    assert question(st) == "event_11.die"  # 2 ops: before the US's 1-op headline (4.5 C)
    play(st, 6)
    assert st.d["vp"] == -2 and inf(st, "South Korea") == {"US": 0, "USSR": 1} and quiet_us_done(st)


# -- 13 Arab-Israeli War -----------------------------------------------------------------------------------------
ISRAEL = {"Israel": {"US": 4, "USSR": 0}, "Jordan": {"US": 2, "USSR": 0}}


@pytest.mark.rule("card 13", "7.6")
@pytest.mark.reading("C013")
@pytest.mark.parametrize("options, card_13_text, won", [
    (None, "edition", True), (None, "seed", True), (None, "deluxe", False),
    (DELUXE, "edition", False), (DELUXE, "seed", True), (DELUXE, "deluxe", False)])
def test_arab_israeli_war_the_text_followed_decides_whether_israel_counts(options, card_13_text, won):
    """Card 13 under ruling card_13_text (C013): the US controls Israel and Jordan (a neighbour);
    die 5: the seed's text subtracts 1 (the neighbour): 4 wins; the Deluxe card 2 (Israel too): 3
    loses. +2 Military Operations either way; the card goes to the discards (no asterisk)."""
    st = position(options=options, hands={"USSR": [13], "US": []}, influence=ISRAEL,
                  rulings={"card_13_text": card_13_text})
    play(st, {"card": 13}, {"use": "event"}, 5)
    assert st.d["milops"]["USSR"] == 2 and 13 in st.d["discard"]
    if won:
        assert st.d["vp"] == -2 and inf(st, "Israel") == {"US": 0, "USSR": 4}
    else:
        assert st.d["vp"] == 0 and inf(st, "Israel") == {"US": 4, "USSR": 0}


@pytest.mark.rule("card 13", "7.6")
def test_arab_israeli_war_without_us_control_any_four_wins():
    st = position(options=DELUXE, hands={"USSR": [13], "US": []})
    play(st, {"card": 13}, {"use": "event"}, 4)
    assert st.d["vp"] == -2 and inf(st, "Israel") == {"US": 0, "USSR": 1}


@pytest.mark.rule("card 13", "card 65", "5.2", "7.5")
def test_arab_israeli_war_is_barred_after_camp_david():
    """Card 13 after Camp David Accords (65): not offered as an event; played by the US for
    operations, the order asked (5.2), then no war, no Military Operations; the card to the
    discards."""
    camp = dict(turn=4, in_effect=[65], effects=[record(65, "US", "cancelled")])  # a Mid War card
    st = position(hands={"USSR": [13], "US": []}, **camp)
    play(st, {"card": 13})
    assert {"use": "event"} not in st.legal_actions()
    st = position(next=US_1, hands={"USSR": [], "US": [13]}, **camp)
    play(st, {"card": 13}, {"use": "influence"}, {"event": "after"})
    assert question(st) == "influence.place"
    play(st, {"country": "Japan"}, {"country": "Japan"})
    assert st.d["milops"]["USSR"] == 0 and 13 in st.d["discard"] and st.d["vp"] == 0


@pytest.mark.rule("card 13", "5.2", "8.2.4")
def test_arab_israeli_war_triggered_by_the_us_counts_the_ussr_s_military_operations():
    st = position(next=US_1, hands={"USSR": [], "US": [13]}, influence=ISRAEL)
    play(st, {"card": 13}, {"use": "influence"}, {"event": "after"}, {"country": "Japan"}, {"country": "Japan"})
    assert question(st) == "event_13.die"
    play(st, 6)
    assert st.d["milops"] == {"USSR": 2, "US": 0} and st.d["vp"] == -2


# -- 14 COMECON --------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 14")
def test_comecon_one_each_in_four_eastern_european_countries_the_us_does_not_control():
    """Card 14: 4 USSR influence, one per country, in Eastern European countries the US does not
    control (Poland, US-controlled, is not offered); the card leaves the game."""
    st = position(hands={"USSR": [14], "US": []}, influence={"Poland": {"US": 3, "USSR": 0}})
    play(st, {"card": 14}, {"use": "event"})
    assert places(st) == ["Austria", "Bulgaria", "Czechoslovakia", "East Germany", "Finland", "Hungary",
                          "Romania", "Yugoslavia"]
    play(st, {"country": "East Germany"})
    assert "East Germany" not in places(st)
    play(st, {"country": "Bulgaria"}, {"country": "Hungary"}, {"country": "Romania"})
    assert question(st) == "action_round.play" and 14 in st.d["removed"]
    assert [inf(st, c)["USSR"] for c in ("East Germany", "Bulgaria", "Hungary", "Romania", "Poland")] == [4, 1, 1, 1, 0]


@pytest.mark.rule("card 14")
def test_comecon_with_fewer_countries_open_places_fewer():
    us = {c: {"US": 4, "USSR": 0} for c in ("Austria", "Bulgaria", "Czechoslovakia", "Finland", "Hungary", "Poland",
                                             "Romania")}
    st = position(hands={"USSR": [14], "US": []}, influence=us)
    play(st, {"card": 14}, {"use": "event"})
    assert places(st) == ["East Germany", "Yugoslavia"]
    play(st, {"country": "Yugoslavia"}, {"country": "East Germany"})
    assert question(st) == "action_round.play" and inf(st, "Yugoslavia")["USSR"] == 1


# -- 15 Nasser ---------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 15")
@pytest.mark.parametrize("us, left", [(0, 0), (1, 0), (3, 1), (4, 2)])
def test_nasser_two_ussr_in_egypt_and_half_the_us_influence_out_rounded_up(us, left):
    st = position(hands={"USSR": [15], "US": []}, influence={"Egypt": {"US": us, "USSR": 0}})
    play(st, {"card": 15}, {"use": "event"})
    assert inf(st, "Egypt") == {"US": left, "USSR": 2} and 15 in st.d["removed"]


# -- 16 Warsaw Pact Formed ---------------------------------------------------------------------------------------
EAST = {"Poland": {"US": 1, "USSR": 0}, "Hungary": {"US": 2, "USSR": 0}, "Austria": {"US": 1, "USSR": 0},
        "Romania": {"US": 1, "USSR": 0}, "Yugoslavia": {"US": 2, "USSR": 0}}


@pytest.mark.rule("card 16", "7.3")
def test_warsaw_pact_removes_all_us_influence_from_four_countries():
    """Card 16, first option: all US influence out of 4 Eastern European countries of the USSR's
    choice; then the card goes beside the map, its effect (it allows NATO) in force."""
    st = position(hands={"USSR": [16], "US": []}, influence=EAST)
    play(st, {"card": 16}, {"use": "event"})
    assert question(st) == "event_16.mode" and st.legal_actions() == [{"warsaw": "remove"}, {"warsaw": "add"}]
    play(st, {"warsaw": "remove"})
    assert question(st) == "event_16.country"
    assert places(st) == ["Austria", "Hungary", "Poland", "Romania", "Yugoslavia"]
    play(st, {"country": "Hungary"}, {"country": "Yugoslavia"}, {"country": "Poland"})
    assert places(st) == ["Austria", "Romania"]
    play(st, {"country": "Romania"})
    assert question(st) == "action_round.play"
    assert [inf(st, c)["US"] for c in ("Hungary", "Yugoslavia", "Poland", "Romania", "Austria")] == [0, 0, 0, 0, 1]
    assert st.d["in_effect"] == [16] and 16 not in st.d["removed"]
    assert st.d["effects"] == [record(16, "USSR", "cancelled")] and effects.in_force(st, 16)


@pytest.mark.rule("card 16")
def test_warsaw_pact_removal_ends_when_no_country_holds_us_influence():
    st = position(hands={"USSR": [16], "US": []}, influence={"Poland": {"US": 1, "USSR": 0}})
    play(st, {"card": 16}, {"use": "event"}, {"warsaw": "remove"}, {"country": "Poland"})
    assert question(st) == "action_round.play" and inf(st, "Poland")["US"] == 0


@pytest.mark.rule("card 16")
def test_warsaw_pact_adds_five_two_at_most_per_country():
    st = position(hands={"USSR": [16], "US": []})
    play(st, {"card": 16}, {"use": "event"}, {"warsaw": "add"})
    assert question(st) == "place_influence.where" and "Poland" in places(st) and "France" not in places(st)
    play(st, {"country": "Poland"}, {"country": "Poland"})
    assert "Poland" not in places(st)
    play(st, {"country": "Hungary"}, {"country": "Hungary"}, {"country": "Austria"})
    assert question(st) == "action_round.play"
    assert [inf(st, c)["USSR"] for c in ("Poland", "Hungary", "Austria")] == [2, 2, 1]
    assert effects.in_force(st, 16) and st.d["in_effect"] == [16]


@pytest.mark.rule("card 16", "5.2", "7.3")
def test_warsaw_pact_triggered_by_the_us_is_the_ussr_s_effect():
    st = position(next=US_1, hands={"USSR": [], "US": [16]})
    play(st, {"card": 16}, {"use": "influence"}, {"event": "before"}, {"warsaw": "add"},
         *[{"country": c} for c in ("Poland", "Poland", "Romania", "Romania", "Bulgaria")])
    assert question(st) == "influence.place"
    play(st, *[{"country": "Japan"}] * 3)
    assert st.d["effects"] == [record(16, "USSR", "cancelled")] and st.d["in_effect"] == [16]


# -- 17 De Gaulle Leads France -----------------------------------------------------------------------------------
@pytest.mark.rule("card 17", "7.3")
@pytest.mark.parametrize("us, left", [(3, 1), (1, 0), (0, 0)])
def test_de_gaulle_two_us_out_of_france_one_ussr_in_and_its_effect_beside_the_map(us, left):
    """Card 17: 2 US influence out of France (as much as there is), 1 USSR in; the card goes beside
    the map, its effect (NATO does not protect France) in force for card 21 to read."""
    st = position(hands={"USSR": [17], "US": []}, influence={"France": {"US": us, "USSR": 0}})
    play(st, {"card": 17}, {"use": "event"})
    assert inf(st, "France") == {"US": left, "USSR": 1}
    assert st.d["in_effect"] == [17] and effects.in_force(st, 17) and effects.effect(st, 17)["side"] == "USSR"


@pytest.mark.rule("card 17", "4.5")
def test_de_gaulle_as_a_headline():
    st = position(next=HEADLINE, hands={"USSR": [17, 8], "US": [18, 22]}, space=QUIET_SPACE,
                  influence={"France": {"US": 2, "USSR": 0}})
    play(st, {"card": 17}, QUIET_US)
    assert inf(st, "France") == {"US": 0, "USSR": 1} and st.d["in_effect"] == [17] and quiet_us_done(st)


# -- 18 Captured Nazi Scientist ----------------------------------------------------------------------------------
@pytest.mark.rule("card 18", "6.4.3")
@pytest.mark.parametrize("space, after, vp", [({"USSR": 0, "US": 0}, 1, -2), ({"USSR": 0, "US": 1}, 1, -1),
                                              ({"USSR": 1, "US": 0}, 2, 0), ({"USSR": 6, "US": 0}, 7, -4),
                                              ({"USSR": 8, "US": 0}, 8, 0)])
def test_captured_nazi_scientist_moves_the_player_one_box(space, after, vp):
    """Card 18: the player's marker moves one box, no die, no attempt counted (6.4.2); the box's VP
    as 6.4.3 gives them (first or second); not past the last box; the card leaves the game."""
    st = position(hands={"USSR": [18], "US": []}, space=space)
    play(st, {"card": 18}, {"use": "event"})
    assert st.d["space"]["USSR"] == after and st.d["vp"] == vp
    assert st.d["space_attempts"]["USSR"] == 0 and 18 in st.d["removed"]


@pytest.mark.rule("card 18", "4.5")
def test_captured_nazi_scientist_as_a_us_headline():
    st = position(next=HEADLINE, hands={"USSR": [8], "US": [18]})
    play(st, {"card": 8}, {"card": 18})
    assert st.d["space"] == {"USSR": 0, "US": 1} and st.d["vp"] == 2 and 18 in st.d["removed"]


# -- positions -----------------------------------------------------------------------------------------------
@pytest.mark.rule("7.3", "card 9", "card 16", "card 17")
def test_a_state_with_these_effects_in_force_round_trips():
    """A position with Vietnam Revolts' bonus (mid-operations, its frame carrying the bonus),
    Warsaw Pact Formed and De Gaulle Leads France in force reads back as the same state."""
    st = position(hands={"USSR": [8], "US": []}, in_effect=[16, 17],
                  effects=[record(9, "USSR"), record(16, "USSR", "cancelled"), record(17, "USSR", "cancelled")],
                  influence={"Vietnam": {"US": 0, "USSR": 2}})
    play(st, {"card": 8}, {"use": "influence"}, {"country": "Vietnam"})
    assert st.d["stack"][-1]["area_bonuses"] == [{"area": "Southeast Asia", "bonus": 1, "in_area": True}]
    back = from_document(to_document(st))
    assert back.d == st.d
    assert TwilightState.from_json(st.to_json()).d == st.d
    play(back, {"country": "Vietnam"}, {"country": "Vietnam"})
    assert inf(back, "Vietnam")["USSR"] == 5


@pytest.mark.rule("card 9", "6.2")
def test_vietnam_revolts_bonus_gives_a_third_realignment_roll_in_southeast_asia():
    """Card 9: a 2-op USSR card makes 3 realignment rolls when all go to Southeast Asia (the dice
    chosen so that nothing changes between the rolls)."""
    st = position(hands={"USSR": [8], "US": [19]}, effects=[record(9, "USSR")],
                  influence={"Thailand": {"US": 1, "USSR": 0}, "Indonesia": {"US": 1, "USSR": 0}})
    play(st, {"card": 8}, {"use": "realign"})
    assert st.decision()["prompt"] == "USSR: realignment roll target (3 ops left in Southeast Asia, 2 elsewhere)"
    for _ in range(3):
        assert question(st) == "realign.target"
        play(st, {"country": "Indonesia"}, 1, 1)
    assert question(st) == "action_round.play" and st.current_player() == "US"


# -- the USSR's events triggered by the US's operations (5.2) -------------------------------------------------
@pytest.mark.rule("5.2", "card 12", "card 15", "card 17", "card 8")
@pytest.mark.parametrize("card, country, before, after, zone", [
    (8, "Cuba", {"US": 1, "USSR": 0}, {"US": 0, "USSR": 3}, "removed"),
    (12, "Romania", {"US": 2, "USSR": 0}, {"US": 0, "USSR": 3}, "removed"),
    (15, "Egypt", {"US": 3, "USSR": 0}, {"US": 1, "USSR": 2}, "removed"),
    (17, "France", {"US": 3, "USSR": 0}, {"US": 1, "USSR": 1}, "in_effect")])
def test_a_ussr_event_played_by_the_us_for_operations_happens_for_the_ussr(card, country, before, after, zone):
    """5.2: the US plays the USSR's card for operations; the event happens (after the operations,
    as the US chose) as the USSR's, and the card goes where the event sends it."""
    st = position(next=US_1, hands={"USSR": [20], "US": [card]}, influence={country: before})
    play(st, {"card": card}, {"use": "influence"}, {"event": "after"})
    while question(st) == "influence.place":
        assert inf(st, country) == before
        play(st, {"country": "Japan"})
    assert inf(st, country) == after and card in st.d[zone]
    assert question(st) == "action_round.play" and st.current_player() == "USSR"


@pytest.mark.rule("5.2", "card 14", "card 7")
def test_a_triggered_ussr_event_s_choices_are_the_ussr_s():
    """5.2: the opponent carries out the event as if he had played it: COMECON's and Socialist
    Governments' markers are the USSR's questions during the US's round."""
    st = position(next=US_1, hands={"USSR": [20], "US": [14]})
    play(st, {"card": 14}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "place_influence.where" and st.current_player() == "USSR"
    play(st, *[{"country": c} for c in ("Poland", "Hungary", "Bulgaria", "Romania")])
    assert question(st) == "influence.place" and st.current_player() == "US"
    st = position(next=US_1, hands={"USSR": [20], "US": [7]})
    play(st, {"card": 7}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "remove_influence.where" and st.current_player() == "USSR"
    play(st, {"country": "United Kingdom"}, {"country": "United Kingdom"})
    assert inf(st, "United Kingdom")["US"] == 3 and question(st) == "influence.place"
