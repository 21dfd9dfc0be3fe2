"""The events of Early War cards 19-35 (events/early_19_35.py): each played as an event by its side,
as a headline where it matters, triggered by the opponent's operations (5.2), its prerequisite, its
boundary cases, where its card goes, and the lasting effects where they change a rule: NATO's and
the US/Japan pact's bars on USSR coups and realignment, Containment's and Red Scare/Purge's ops
modifiers (7.4, with 7.4's and 7.4.2's worked examples), UN Intervention's companion card, Formosan
Resolution's Taiwan at the Asia scoring and the final scoring (by edition: registry C035).

Seed edition unless stated (Formosan Resolution is the seed's card 101 there); turn 1, Early War.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.twilight_struggle import cardplay
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.events.early_19_35 import nato_protects
from cdg_oracle.model.twilight_struggle.scoring import region_vp
from cdg_oracle.model.twilight_struggle.victory import final_scoring
from tests.twilight_struggle.helpers import ZERO, cleared, play, position, question

USSR_1 = {"phase": "action_round", "side": "USSR", "round": 1}
US_1 = {"phase": "action_round", "side": "US", "round": 1}
HEADLINE = {"phase": "headline"}
US_FILLER, USSR_FILLER = 4, 7  # Duck and Cover, Socialist Governments: kept, so play stops at the next round


def offered(st) -> set:
    return {a["country"] for a in st.legal_actions() if "country" in a}


def event_by(side: str, card: int, hand: list | None = None, **state):
    """``side`` plays ``card`` as its event in its first action round of turn 1."""
    hands = {"USSR": [USSR_FILLER], "US": [US_FILLER]}
    hands[side] = [card] + (hand if hand is not None else [US_FILLER if side == "US" else USSR_FILLER])
    st = position(next=US_1 if side == "US" else USSR_1, hands=hands, **state)
    return play(st, {"card": card}, {"use": "event"})


def triggered(side: str, card: int, use: str = "influence", order: str = "before", **state):
    """``side`` plays the opponent's ``card`` for operations, the opponent's event ``order`` them."""
    hands = {"USSR": [USSR_FILLER], "US": [US_FILLER]}
    hands[side] = [card, US_FILLER if side == "US" else USSR_FILLER]
    st = position(next=US_1 if side == "US" else USSR_1, hands=hands, **state)
    return play(st, {"card": card}, {"use": use}, {"event": order})


def record(card: int, side: str = "US", until: str = "cancelled", **own) -> dict:
    return {"card": card, "side": side, "until": until, **own}


# -- 19 Truman Doctrine ------------------------------------------------------------------------------------
@pytest.mark.rule("card 19")
def test_truman_doctrine_clears_one_uncontrolled_european_country():
    """Offered: uncontrolled European countries with USSR influence (East Germany is the USSR's,
    Poland too; Finland and Italy are nobody's); all the USSR's influence goes; the card is removed."""
    st = event_by("US", 19, influence={"Italy": {"US": 1, "USSR": 2}, "Poland": {"US": 0, "USSR": 3}})
    assert question(st) == "event_19.country" and offered(st) == {"Finland", "Italy"}
    play(st, {"country": "Italy"})
    assert st.d["influence"]["Italy"] == {"US": 1, "USSR": 0}
    assert 19 in st.d["removed"] and question(st) == "action_round.play"


@pytest.mark.rule("card 19", "5.2")
def test_truman_doctrine_triggered_by_the_ussr_is_carried_out_by_the_us():
    st = triggered("USSR", 19, influence={"Finland": {"US": 0, "USSR": 2}})
    assert st.decision()["player"] == "US" and offered(st) == {"Finland"}
    play(st, {"country": "Finland"})
    assert st.d["influence"]["Finland"] == ZERO
    assert question(st) == "influence.place"  # then the USSR's 1 op


@pytest.mark.rule("card 19", "5.2")
def test_truman_doctrine_with_nothing_to_remove_still_happens_and_is_removed():
    """5.2 EXAMPLE 3: an event that changes nothing still happens: no question, the card removed."""
    st = event_by("US", 19, influence=cleared("Finland"))
    assert question(st) == "action_round.play" and 19 in st.d["removed"]


# -- 20 Olympic Games --------------------------------------------------------------------------------------
@pytest.mark.rule("card 20", "8.1.3")
def test_olympic_games_boycotted_degrades_defcon_and_the_sponsor_may_use_four_ops():
    st = event_by("US", 20)
    assert question(st) == "event_20.games" and st.decision()["player"] == "USSR"
    play(st, {"boycott": True})
    assert st.d["defcon"] == 4 and question(st) == "event_20.conduct" and st.decision()["player"] == "US"
    play(st, {"operations": True}, {"use": "influence"})
    play(st, *[{"country": "France"}] * 4)
    assert st.d["influence"]["France"]["US"] == 4 and 20 in st.d["discard"]
    st = event_by("US", 20)
    play(st, {"boycott": True}, {"operations": False})
    assert question(st) == "action_round.play" and st.d["defcon"] == 4


@pytest.mark.rule("card 20", "8.1.3")
def test_olympic_boycott_at_defcon_2_loses_the_game_for_the_sponsor():
    """8.1.3's example: the US plays Olympic Games at DEFCON 2, the USSR boycotts: nuclear war, the
    US (phasing) loses; no operations follow."""
    st = event_by("US", 20, defcon=2)
    play(st, {"boycott": True})
    assert st.d["defcon"] == 1 and st.d["terminal"]["winner"] == "USSR"


@pytest.mark.rule("card 20")
def test_olympic_games_participated_sponsor_adds_two_and_ties_are_rolled_again():
    st = event_by("USSR", 20)
    play(st, {"boycott": False}, 3, 5)  # 3 + 2 = 5 against 5: again
    assert question(st) == "event_20.sponsor_die"
    play(st, 4, 2)  # 6 against 2: the sponsor, the USSR, gains 2
    assert st.d["vp"] == -2 and st.d["defcon"] == 5 and 20 in st.d["discard"]
    st = event_by("USSR", 20)
    play(st, {"boycott": False}, 1, 6)  # 3 against 6: the US gains 2
    assert st.d["vp"] == 2


@pytest.mark.rule("card 20", "4.5")
def test_olympic_games_as_a_headline_is_sponsored_by_the_side_that_headlined_it():
    st = position(next=HEADLINE, hands={"USSR": [20, 7], "US": [4, 19]})
    play(st, {"card": 20}, {"card": 19})  # 19 (1 op) goes after 20 (2 ops)
    assert question(st) == "event_20.games" and st.decision()["player"] == "US"


# -- 21 NATO, 23 Marshall Plan -----------------------------------------------------------------------------
@pytest.mark.rule("card 21", "5.2")
def test_nato_needs_marshall_plan_or_the_warsaw_pact():
    """Not offered as an event before either; 5.2 EXAMPLE 1: the USSR plays NATO for ops first: no
    event, and the starred card goes to the discards."""
    st = position(next=US_1, hands={"USSR": [7], "US": [21, 4]})
    play(st, {"card": 21})
    assert {"use": "event"} not in st.legal_actions()
    st = position(next=USSR_1, hands={"USSR": [21, 7], "US": [4]})
    play(st, {"card": 21}, {"use": "influence"}, {"event": "before"})  # 5.2: the order is asked; the event cannot happen
    assert question(st) == "influence.place" and not effects.in_force(st, 21)
    play(st, *[{"country": "Poland"}] * 4)
    assert 21 in st.d["discard"] and 21 not in st.d["removed"]
    st = position(next=US_1, hands={"USSR": [7], "US": [21, 4]}, in_effect=[16], effects=[record(16, "USSR")])
    play(st, {"card": 21})
    assert {"use": "event"} in st.legal_actions()


@pytest.mark.rule("card 23", "card 21")
def test_marshall_plan_adds_one_in_seven_western_european_countries_and_allows_nato():
    """Italy is the USSR's (2, stability 2): not offered; one marker per country."""
    st = event_by("US", 23, hand=[21, 4], influence={"Italy": {"US": 0, "USSR": 2}})
    west = offered(st)
    assert "Italy" not in west and "Canada" in west and "United Kingdom" in west and len(west) == 13
    for c in ("Benelux", "Canada", "Denmark", "France", "Greece", "Norway"):
        play(st, {"country": c})
        assert c not in offered(st)
    play(st, {"country": "West Germany"})
    assert all(st.d["influence"][c]["US"] == 1 for c in ("Benelux", "Canada", "France", "West Germany"))
    assert st.d["influence"]["United Kingdom"]["US"] == 5
    assert 23 in st.d["removed"] and effects.effect(st, 23) == record(23, until="used")
    play(st, {"card": USSR_FILLER}, {"use": "influence"}, *[{"country": "Poland"}] * 3)
    play(st, {"card": 21})
    assert {"use": "event"} in st.legal_actions()
    play(st, {"use": "event"})
    assert 21 in st.d["in_effect"] and effects.effect(st, 21) == record(21)
    assert not effects.in_force(st, 23)  # NATO used Marshall Plan's permission


NATO_WORLD = {"West Germany": {"US": 5, "USSR": 1}, "France": {"US": 4, "USSR": 1}, "Italy": {"US": 1, "USSR": 1}}


@pytest.mark.rule("card 21", "6.3.1", "6.2.1")
def test_nato_bars_ussr_coups_and_realignment_in_us_controlled_europe():
    st = position(hands={"USSR": [34, 7], "US": [4]}, influence=NATO_WORLD, in_effect=[21], effects=[record(21)])
    play(st, {"card": 34}, {"use": "coup"})
    targets = offered(st)
    assert {"Italy", "Iran"} <= targets and not {"West Germany", "France", "United Kingdom"} & targets
    st = position(hands={"USSR": [34, 7], "US": [4]}, influence=NATO_WORLD, in_effect=[21], effects=[record(21)])
    play(st, {"card": 34}, {"use": "realign"})
    assert "Italy" in offered(st) and "West Germany" not in offered(st)
    st = position(hands={"USSR": [34, 7], "US": [4]}, influence=NATO_WORLD)
    play(st, {"card": 34}, {"use": "coup"})
    assert {"West Germany", "France"} <= offered(st)  # without NATO


@pytest.mark.rule("card 21", "card 17", "card 55")
def test_nato_does_not_protect_france_under_de_gaulle_nor_west_germany_under_brandt():
    st = position(influence=NATO_WORLD, in_effect=[17, 21], effects=[record(17, "USSR"), record(21)])
    assert not nato_protects(st, "France") and nato_protects(st, "West Germany")
    st = position(turn=4, influence=NATO_WORLD, in_effect=[21, 55], effects=[record(21), record(55, "USSR")])
    assert nato_protects(st, "France") and not nato_protects(st, "West Germany")
    assert not nato_protects(st, "Italy")  # not US-controlled
    effects.end_effect(st, 21)
    assert not nato_protects(st, "France") and 21 in st.d["removed"]


# -- 22 Independent Reds ------------------------------------------------------------------------------------
@pytest.mark.rule("card 22")
def test_independent_reds_matches_the_ussrs_influence_in_one_country():
    st = event_by("US", 22, influence={"Romania": {"US": 1, "USSR": 4}})
    assert offered(st) == {"Bulgaria", "Czechoslovakia", "Hungary", "Romania", "Yugoslavia"}
    play(st, {"country": "Romania"})
    assert st.d["influence"]["Romania"] == {"US": 4, "USSR": 4} and 22 in st.d["removed"]
    st = event_by("US", 22, influence={"Hungary": {"US": 2, "USSR": 1}})
    play(st, {"country": "Hungary"})
    assert st.d["influence"]["Hungary"] == {"US": 2, "USSR": 1}  # nothing to match


# -- 24 Indo-Pakistani War ----------------------------------------------------------------------------------
@pytest.mark.rule("card 24", "7.6", "8.2.4")
def test_indo_pakistani_war_modifier_victory_and_milops():
    """The US invades Pakistan: -1 for Afghanistan, which the USSR controls (2, stability 2); a 5
    wins (4): 2 VP and the USSR's influence replaced; a 4 (3) loses; 2 milops either way."""
    world = {"Afghanistan": {"US": 0, "USSR": 2}, "Pakistan": {"US": 0, "USSR": 3}}
    st = event_by("US", 24, influence=world)
    play(st, {"country": "Pakistan"}, 5)
    assert st.d["influence"]["Pakistan"] == {"US": 3, "USSR": 0} and st.d["vp"] == 2
    assert st.d["milops"]["US"] == 2 and 24 in st.d["discard"]
    st = event_by("US", 24, influence=world)
    play(st, {"country": "Pakistan"}, 4)
    assert st.d["influence"]["Pakistan"] == {"US": 0, "USSR": 3} and st.d["vp"] == 0 and st.d["milops"]["US"] == 2


# -- 7.4: Containment (25) and Red Scare/Purge (31) --------------------------------------------------------
@pytest.mark.rule("card 25", "7.4", "7.4.1", "9.7")
def test_containment_adds_one_to_us_cards_up_to_four_for_the_rest_of_the_turn():
    st = event_by("US", 25)
    assert 25 in st.d["removed"] and effects.effect(st, 25) == record(25, until="turn")
    assert cardplay.ops_value(st, "US", 19) == 2 and cardplay.ops_value(st, "US", 4) == 4
    assert cardplay.ops_value(st, "US", 21) == 4 and cardplay.ops_value(st, "US", CHINA_CARD) == 4  # max 4
    assert cardplay.ops_value(st, "USSR", 19) == 1  # 7.4.1: the US's only


@pytest.mark.rule("card 25", "card 26", "7.4.2")
def test_742_example_3_containment_then_cia_created_with_two_ops():
    """7.4.2 EXAMPLE 3: after Containment, CIA Created's operations are 2 (1 + 1)."""
    st = position(next=US_1, hands={"USSR": [7, 8], "US": [26, 4]}, effects=[record(25, until="turn")])
    play(st, {"card": 26}, {"use": "event"})
    assert effects.effect(st, 26) == record(26, until="turn", shown=[7, 8])  # the USSR's hand, revealed
    play(st, {"use": "influence"}, {"country": "France"}, {"country": "France"})
    assert st.d["influence"]["France"]["US"] == 2 and question(st) == "action_round.play"
    assert 26 in st.d["removed"]


@pytest.mark.rule("card 26", "5.2")
def test_cia_created_triggered_by_the_ussr_reveals_its_hand_and_gives_the_us_one_op():
    st = triggered("USSR", 26, order="before")
    assert effects.effect(st, 26)["shown"] == [7]  # the card played is on the table, not in the hand
    assert st.decision()["player"] == "US"
    play(st, {"use": "influence"}, {"country": "France"})
    assert st.d["influence"]["France"]["US"] == 1 and question(st) == "influence.place"


@pytest.mark.rule("card 31", "7.4", "7.4.1")
def test_red_scare_takes_one_from_the_opponents_cards_never_below_one():
    """Seed edition: Red Scare/Purge prints 2 ops (cards.yaml); the Deluxe 4."""
    st = event_by("USSR", 31)
    assert 31 in st.d["discard"] and effects.effect(st, 31) == record(31, "USSR", until="turn")
    assert cardplay.ops_value(st, "US", 21) == 3 and cardplay.ops_value(st, "US", 22) == 1
    assert cardplay.ops_value(st, "US", 19) == 1  # 1 - 1, floored at 1
    assert cardplay.ops_value(st, "US", CHINA_CARD) == 3 and cardplay.ops_value(st, "USSR", 21) == 4


@pytest.mark.rule("card 25", "card 31", "7.4")
def test_containment_and_red_scare_are_counted_together_then_bounded():
    """7.4: modifiers counted together: +1 - 1 leaves a 3 at 3 and a 4 at 4 (Containment's cap
    applies to the sum), a 1 at 1."""
    st = position(effects=[record(25, until="turn"), record(31, "USSR", until="turn")])
    assert [cardplay.ops_value(st, "US", c) for c in (19, 22, 4, 21)] == [1, 2, 3, 4]


@pytest.mark.rule("7.4", "card 31", "9.6")
def test_74_example_red_scare_against_the_china_card():
    """7.4's example: the US's Red Scare; the USSR plays the China Card all in Asia: 4 - 1 = 3 ops
    + 1 for Asia (9.6) = 4 markers (the example's 5 adds card 9 Vietnam Revolts' +1 in Southeast Asia,
    another batch's)."""
    st = position(hands={"USSR": [7], "US": [4]}, effects=[record(31, until="turn")])
    assert cardplay.ops_value(st, "USSR", CHINA_CARD) == 3
    play(st, {"card": CHINA_CARD}, {"use": "influence"}, *[{"country": "North Korea"}] * 4)
    assert st.d["influence"]["North Korea"]["USSR"] == 7 and question(st) == "action_round.play"


@pytest.mark.rule("7.4.2", "card 31", "6.3.2", "8.2.3")
def test_742_example_1_red_scare_lowers_a_coup_and_its_military_operations():
    """7.4.2 EXAMPLE 1: under the USSR's Red Scare a US 2-op card (Independent Reds) coups with 1 op:
    die 2 + 1 - 2 x 1 (Guatemala) removes 1, and the US gains 1 military operation."""
    st = position(next=US_1, hands={"USSR": [7], "US": [22, 4]}, effects=[record(31, "USSR", until="turn")],
                  influence={"Guatemala": {"US": 0, "USSR": 2}})
    assert st.map.countries["Guatemala"].stability == 1
    play(st, {"card": 22}, {"use": "coup"}, {"country": "Guatemala"}, 2)
    assert st.d["milops"]["US"] == 1
    assert st.d["influence"]["Guatemala"] == {"US": 0, "USSR": 1}  # 2 + 1 - 2 x 1 = 1 (with 2 ops: 2)


@pytest.mark.rule("7.4.2", "5.3")
def test_742_example_2_a_raised_one_op_card_meets_a_two_op_demand(monkeypatch):
    """7.4.2 EXAMPLE 2: under Brezhnev Doctrine (card 51, another batch's; a stand-in hook here) a
    USSR 1-op card is worth 2, which Bear Trap's demand of a 2-op card accepts (5.3)."""
    monkeypatch.setitem(effects.HOOKS, "ops", [(51, lambda st, e, side, card: 1 if side == e["side"] else 0)])
    st = position(turn=4, effects=[record(51, "USSR", until="turn")])
    assert cardplay.ops_value(st, "USSR", 10) == 2


# -- 27 US/Japan Mutual Defense Pact ---------------------------------------------------------------------------
@pytest.mark.rule("card 27", "2.1.7", "6.3.1", "6.2.1")
def test_us_japan_pact_controls_japan_and_bars_ussr_coups_and_realignment_there():
    st = event_by("US", 27, influence={"Japan": {"US": 1, "USSR": 2}})
    assert st.d["influence"]["Japan"] == {"US": 6, "USSR": 2} and 27 in st.d["in_effect"]
    assert effects.effect(st, 27) == record(27)
    st.d["influence"]["Japan"]["USSR"] = 3  # a USSR foothold: still barred
    play(st, {"card": USSR_FILLER}, {"use": "coup"})
    assert "Japan" not in offered(st) and "South Korea" in offered(st)
    st = event_by("US", 27, influence={"Japan": {"US": 5, "USSR": 0}})
    assert st.d["influence"]["Japan"] == {"US": 5, "USSR": 0}  # already controlled
    play(st, {"card": USSR_FILLER}, {"use": "realign"})
    assert "Japan" not in offered(st)


# -- 28 Suez Crisis, 29 East European Unrest, 30 Decolonization -----------------------------------------------------
@pytest.mark.rule("card 28")
def test_suez_crisis_removes_four_at_most_two_a_country_and_less_if_less_is_there():
    st = event_by("USSR", 28, influence={"France": {"US": 1, "USSR": 0}})
    assert offered(st) == {"France", "Israel", "United Kingdom"}
    play(st, {"country": "United Kingdom"}, {"country": "United Kingdom"})
    assert offered(st) == {"France", "Israel"}
    play(st, {"country": "France"}, {"country": "Israel"})
    assert st.d["influence"]["United Kingdom"]["US"] == 3 and st.d["influence"]["France"]["US"] == 0
    assert st.d["influence"]["Israel"]["US"] == 0 and 28 in st.d["removed"]
    st = event_by("USSR", 28, influence={"United Kingdom": {"US": 1, "USSR": 0}, "Israel": ZERO})
    play(st, {"country": "United Kingdom"})
    assert question(st) == "action_round.play"  # nothing more to remove


@pytest.mark.rule("card 29")
def test_east_european_unrest_removes_one_from_three_countries_in_the_early_war():
    world = {"Poland": {"US": 0, "USSR": 3}, "Hungary": {"US": 0, "USSR": 1}}
    st = event_by("US", 29, influence=world)
    assert offered(st) == {"East Germany", "Finland", "Hungary", "Poland"}
    play(st, {"country": "Poland"})
    assert "Poland" not in offered(st)
    play(st, {"country": "Hungary"}, {"country": "East Germany"})
    assert st.d["influence"]["Poland"]["USSR"] == 2 and st.d["influence"]["Hungary"]["USSR"] == 0
    assert st.d["influence"]["East Germany"]["USSR"] == 2 and st.d["influence"]["Finland"]["USSR"] == 1
    assert 29 in st.d["discard"] and question(st) == "action_round.play"


@pytest.mark.rule("card 29", "4.1")
def test_east_european_unrest_removes_two_each_in_the_late_war():
    st = position(turn=8, next=US_1, hands={"USSR": [7], "US": [29, 4]}, influence={"Poland": {"US": 0, "USSR": 3}})
    play(st, {"card": 29}, {"use": "event"}, {"country": "Poland"}, {"country": "Finland"}, {"country": "East Germany"})
    assert [st.d["influence"][c]["USSR"] for c in ("Poland", "Finland", "East Germany")] == [1, 0, 1]


@pytest.mark.rule("card 30", "5.2")
def test_decolonization_places_one_in_four_african_or_southeast_asian_countries():
    st = triggered("US", 30)
    assert st.decision()["player"] == "USSR" and {"Algeria", "Vietnam"} <= offered(st)
    assert "Iran" not in offered(st) and "Japan" not in offered(st)
    for c in ("Algeria", "Vietnam", "Zaire", "Thailand"):
        play(st, {"country": c})
        assert c not in offered(st) or question(st) != "place_influence.where"
    assert all(st.d["influence"][c]["USSR"] == 1 for c in ("Algeria", "Vietnam", "Zaire", "Thailand"))
    assert question(st) == "influence.place" and st.decision()["player"] == "US"


# -- 32 UN Intervention ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 32", "4.5")
def test_un_intervention_is_never_a_headline_and_needs_an_opponents_card():
    st = position(next=HEADLINE, hands={"USSR": [32, 7], "US": [4, 19]})
    assert {"card": 32} not in st.legal_actions()
    st = position(hands={"USSR": [32, 20], "US": [4]})
    play(st, {"card": 32})
    assert {"use": "event"} not in st.legal_actions()  # no US card to play it with


@pytest.mark.rule("card 32", "7.4.2")
def test_un_intervention_cancels_the_companions_event_and_uses_its_ops():
    """The US plays UN Intervention with Socialist Governments (USSR, 3 ops): no US influence is
    removed from Western Europe, the US places 3; both cards are discarded."""
    st = position(next=US_1, hands={"USSR": [8], "US": [32, 7, 4]}, influence={"Italy": {"US": 2, "USSR": 0}})
    play(st, {"card": 32}, {"use": "event"})
    assert question(st) == "event_32.companion" and st.legal_actions() == [{"card": 7}]
    play(st, {"card": 7}, {"use": "influence"}, *[{"country": "Italy"}] * 3)
    assert st.d["influence"]["Italy"] == {"US": 5, "USSR": 0} and question(st) == "action_round.play"
    assert {7, 32} <= set(st.d["discard"]) and st.d["hands"]["US"] == [4]


@pytest.mark.rule("card 32", "card 31")
def test_un_intervention_sends_a_starred_companion_to_the_discards_with_its_modified_value():
    """The USSR plays it with NATO (US, starred, 4 ops) under the US's Red Scare: 3 ops; NATO's
    event is cancelled (its prerequisite aside) and its card discarded, not removed."""
    st = position(hands={"USSR": [32, 21, 8], "US": [4]}, effects=[record(31, until="turn")])
    play(st, {"card": 32}, {"use": "event"})
    assert st.legal_actions() == [{"card": 21}]
    play(st, {"card": 21}, {"use": "influence"}, *[{"country": "Poland"}] * 3)
    assert question(st) == "action_round.play" and st.d["influence"]["Poland"]["USSR"] == 3
    assert {21, 32} <= set(st.d["discard"]) and 21 not in st.d["removed"] and not effects.in_force(st, 21)


# -- 33 De-Stalinization -----------------------------------------------------------------------------------------
@pytest.mark.rule("card 33")
def test_de_stalinization_moves_up_to_four_to_non_us_controlled_countries_two_at_most_each():
    st = event_by("USSR", 33)
    assert question(st) == "remove_influence.where" and {"stop": True} in st.legal_actions()
    assert offered(st) == {"East Germany", "Finland", "Iraq", "North Korea", "Syria"}
    play(st, {"country": "North Korea"}, {"country": "North Korea"}, {"country": "Finland"}, {"stop": True})
    assert question(st) == "place_influence.where"
    dest = offered(st)
    assert "United Kingdom" not in dest and "Australia" not in dest and "Italy" in dest and "Iran" in dest
    play(st, {"country": "Italy"}, {"country": "Italy"})
    assert "Italy" not in offered(st)
    play(st, {"country": "Iran"})
    assert st.d["influence"]["North Korea"]["USSR"] == 1 and st.d["influence"]["Finland"]["USSR"] == 0
    assert st.d["influence"]["Italy"]["USSR"] == 2 and st.d["influence"]["Iran"]["USSR"] == 1
    assert question(st) == "action_round.play" and 33 in st.d["removed"]


@pytest.mark.rule("card 33")
def test_de_stalinization_moving_nothing_places_nothing():
    st = event_by("USSR", 33)
    before = {c: dict(v) for c, v in st.d["influence"].items()}
    play(st, {"stop": True})
    assert st.d["influence"] == before and question(st) == "action_round.play"


# -- 34 Nuclear Test Ban -------------------------------------------------------------------------------------------
@pytest.mark.rule("card 34", "8.1.2")
@pytest.mark.parametrize("defcon, vp, after", [(3, 1, 5), (5, 3, 5), (2, 0, 4)])
def test_nuclear_test_ban_gives_defcon_minus_two_then_improves_defcon_by_two(defcon, vp, after):
    st = event_by("US", 34, defcon=defcon)
    assert st.d["vp"] == vp and st.d["defcon"] == after and 34 in st.d["discard"]
    st = event_by("USSR", 34, defcon=defcon)
    assert st.d["vp"] == -vp


# -- 35 Formosan Resolution (the seed's 101) --------------------------------------------------------------------------
TAIWAN = {"Taiwan": {"US": 3, "USSR": 0}}


@pytest.mark.rule("card 35", "7.3")
def test_formosan_resolution_stays_beside_the_map_seed_and_deluxe_numbers():
    st = event_by("US", 101)
    assert 101 in st.d["in_effect"] and effects.effect(st, 35) == record(101)
    st = position(next=US_1, options={"edition": "deluxe"}, hands={"USSR": [7], "US": [35, 4]})
    play(st, {"card": 35}, {"use": "event"})
    assert 35 in st.d["in_effect"] and effects.in_force(st, 35)


@pytest.mark.rule("card 35", "10.1.1", "10.1.2")
def test_formosan_resolution_makes_a_us_controlled_taiwan_an_asian_battleground():
    """Asia: the US controls Taiwan, Japan and Australia, the USSR North Korea. Without the card the
    US has one battleground to the USSR's one: Presence (3). With it Taiwan is a second: Domination
    (7, +4) and Taiwan's +1 (10.1.2); the USSR's score is unchanged; an uncontrolled Taiwan counts
    nothing."""
    world = {**TAIWAN, "Japan": {"US": 4, "USSR": 0}}
    plain = position(influence=world)
    st = position(influence=world, in_effect=[101], effects=[record(101)])
    assert region_vp(plain, "Asia")["US"] + 1 + 4 == region_vp(st, "Asia")["US"]
    assert region_vp(plain, "Asia")["USSR"] == region_vp(st, "Asia")["USSR"]
    st.d["influence"]["Taiwan"]["US"] = 2  # not controlled: no battleground
    assert region_vp(st, "Asia") == region_vp(position(influence={**world, "Taiwan": {"US": 2, "USSR": 0}}), "Asia")


@pytest.mark.rule("card 35", "9.2")
def test_formosan_resolution_is_discarded_when_the_us_plays_the_china_card():
    china = {"holder": "US", "face_up": True}
    st = position(next=US_1, china=china, hands={"USSR": [7], "US": [4]}, in_effect=[101], effects=[record(101)])
    play(st, {"card": CHINA_CARD}, {"use": "influence"})
    assert not effects.in_force(st, 35) and 101 in st.d["discard"] and not st.d["in_effect"]
    st = position(hands={"USSR": [7], "US": [4]}, in_effect=[101], effects=[record(101)])
    play(st, {"card": CHINA_CARD}, {"use": "influence"})  # the USSR's China Card: the card stays
    assert effects.in_force(st, 35)


def final(reading: str | None, edition: str):
    """The final scoring with a US-controlled Taiwan and Formosan Resolution in force (the rest of
    the map as set up)."""
    number = 101 if edition == "seed" else 35
    st = position(turn=10, next={"phase": "turn", "step": "J"}, options={"edition": edition},
                  rulings={"card_35_text": reading} if reading else None,
                  influence=TAIWAN, in_effect=[number], effects=[record(number)])
    return st


@pytest.mark.rule("card 35", "10.3.2")
@pytest.mark.reading("C035")
@pytest.mark.parametrize("reading, edition, counts", [
    (None, "seed", False),       # the seed's card: only when the Asia Scoring card is played
    ("deluxe", "seed", True),
    (None, "deluxe", True),      # the Deluxe card: at the final scoring too
    ("seed", "deluxe", False),
])
def test_formosan_resolution_at_the_final_scoring_by_edition(reading, edition, counts):
    st = final(reading, edition)
    d = st.d
    number = 101 if edition == "seed" else 35
    plain = position(turn=10, next={"phase": "turn", "step": "J"}, options={"edition": edition}, influence=TAIWAN)
    assert plain.d["terminal"] is not None and d["terminal"] is not None
    assert d["vp"] - plain.d["vp"] == (1 if counts else 0)  # Taiwan's battleground VP (no level changes here)
    assert number in d["in_effect"]


# -- positions ---------------------------------------------------------------------------------------------------
@pytest.mark.rule("7.3")
def test_a_position_with_these_effects_in_force_round_trips():
    st = position(next=US_1, hands={"USSR": [7, 8], "US": [26, 4]},
                  in_effect=[21, 27, 101], effects=[record(21), record(23, until="used"), record(25, until="turn"),
                                                    record(27), record(31, "USSR", until="turn"), record(101)])
    play(st, {"card": 26}, {"use": "event"})
    doc = to_document(st)
    back = from_document(doc)
    assert back.canonical() == st.canonical()
    assert effects.effect(back, 26)["shown"] == [7, 8]
