"""The events of Mid War cards 48-57 (model/twilight_struggle/events/mid_48_57.py): each played as
an event by its side (a headline where it matters), triggered by the opponent's operations (5.2),
its prerequisite or prohibition, its boundary cases, where the card goes, and the lasting effects
where they change a rule (Missile Envy's demand, We Will Bury You's VP, Brezhnev Doctrine's ops).

Positions are in turn 4 (the Mid War cards in play). Cards used besides 48-57, in the seed edition
unless said: US 4 Duck and Cover (3 ops), 5 Five Year Plan (3), 19 Truman Doctrine (1), 22
Independent Reds (2); neutral 18 Captured Nazi Scientist (1), 34 Nuclear Test Ban (4); USSR 7
Socialist Governments (3); scoring 1 Asia Scoring. Their events are other batches': no test here
lets one happen. The standard set-up has the USSR controlling East Germany and North Korea (two
battlegrounds) and the US none.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.twilight_struggle import cardplay
from cdg_oracle.model.twilight_struggle.events import EVENTS, effects
from cdg_oracle.model.twilight_struggle.events.mid_48_57 import battlegrounds_controlled, bury_you_round
from tests.twilight_struggle.helpers import ZERO, play, position, question

USSR_1 = {"phase": "action_round", "side": "USSR", "round": 1}
US_1 = {"phase": "action_round", "side": "US", "round": 1}
#: The US controls West Germany, France and Italy: three battlegrounds to the USSR's two.
US_THREE = {"West Germany": {"US": 4, "USSR": 0}, "France": {"US": 3, "USSR": 0}, "Italy": {"US": 2, "USSR": 0}}
US_TWO = {"West Germany": {"US": 4, "USSR": 0}, "France": {"US": 3, "USSR": 0}}


def mid(**state):
    """A turn 4 position (the Mid War cards in play)."""
    state.setdefault("turn", 4)
    return position(**state)


def ops_spent_on_influence(st, country: str, n: int):
    """Answer an event's operations: influence, ``n`` markers in ``country``."""
    play(st, {"use": "influence"}, *[{"country": country}] * n)
    return st


def place(st, country: str, n: int):
    """The round's operations already given to influence: ``n`` markers in ``country``."""
    play(st, *[{"country": country}] * n)
    return st


# -- 48 Kitchen Debates ----------------------------------------------------------------------------------------------
@pytest.mark.rule("card 48")
def test_kitchen_debates_gives_the_us_2_vp_with_more_battlegrounds():
    st = mid(next=US_1, influence=US_THREE, hands={"USSR": [18], "US": [48, 19]})
    assert (battlegrounds_controlled(st, "US"), battlegrounds_controlled(st, "USSR")) == (3, 2)
    play(st, {"card": 48}, {"use": "event"})
    assert st.d["vp"] == 2 and 48 in st.d["removed"]


@pytest.mark.rule("card 48", "5.2")
def test_kitchen_debates_without_more_battlegrounds_does_nothing_and_is_still_removed():
    """A tie (2 to 2) is not more: no VP; the event was played all the same (5.2 EXAMPLE 3), so the
    starred card leaves the game."""
    st = mid(next=US_1, influence=US_TWO, hands={"USSR": [18], "US": [48, 19]})
    assert {"use": "event"} in cardplay.uses(st, "US", 48)
    play(st, {"card": 48}, {"use": "event"})
    assert st.d["vp"] == 0 and 48 in st.d["removed"]


@pytest.mark.rule("card 48", "5.2")
@pytest.mark.parametrize("influence, vp", [(US_THREE, 2), (US_TWO, 0)])
def test_kitchen_debates_played_by_the_ussr_for_operations_happens_for_the_us(influence, vp):
    st = mid(influence=influence, hands={"USSR": [48, 18], "US": [19]})
    play(st, {"card": 48}, {"use": "influence"}, {"event": "before"})
    assert st.d["vp"] == vp and question(st) == "influence.place"
    play(st, {"country": "Poland"})
    assert st.d["influence"]["Poland"]["USSR"] == 1 and 48 in st.d["removed"]  # 5.2: starred, happened


@pytest.mark.rule("card 48", "4.5")
def test_kitchen_debates_as_a_headline():
    """Kitchen Debates (headline value 1) before the USSR's Asia Scoring (0): its 2 VP on top of what
    Asia gives (Kitchen Debates moves no influence, so Asia scores as it stands)."""
    from cdg_oracle.model.twilight_struggle.scoring import region_vp

    st = mid(next={"phase": "headline"}, influence=US_THREE, hands={"USSR": [1, 18], "US": [48, 19]})
    asia, vp = region_vp(st, "Asia"), st.d["vp"]
    play(st, {"card": 1}, {"card": 48})
    assert 48 in st.d["removed"] and question(st) == "action_round.play"
    assert st.d["vp"] == vp + asia["US"] - asia["USSR"] + 2 and 1 in st.d["discard"]


# -- 49 Missile Envy ----------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 49", "7.4.1")
def test_missile_envy_the_opponent_chooses_among_tied_cards_and_his_event_does_not_happen():
    """The US holds two 3-ops cards (4, 5) and a 1: he chooses which; a US event taken by the USSR
    gives its ops, no event; Missile Envy goes to the US's hand, the card taken to the discards."""
    st = mid(hands={"USSR": [49, 18], "US": [4, 5, 19]})
    play(st, {"card": 49}, {"use": "event"})
    assert question(st) == "event_49.give" and st.current_player() == "US"
    assert st.legal_actions() == [{"card": 4}, {"card": 5}]
    play(st, {"card": 5})
    assert st.d["hands"]["US"] == [4, 19, 49]
    assert question(st) == "event_operations.use" and st.current_player() == "USSR"
    ops_spent_on_influence(st, "Poland", 3)
    assert st.d["influence"]["Poland"]["USSR"] == 3
    assert 5 in st.d["discard"] and 49 not in st.d["discard"] and st.d["not_implemented"] == []
    assert effects.effect(st, 49)["of"] == "US"


@pytest.mark.rule("card 49")
def test_missile_envy_one_highest_card_is_still_the_opponent_s_question():
    st = mid(next=US_1, hands={"USSR": [56, 18], "US": [49, 19]})
    play(st, {"card": 49}, {"use": "event"})
    assert question(st) == "event_49.give" and st.current_player() == "USSR"
    assert st.legal_actions() == [{"card": 56}]
    play(st, {"card": 56})
    # Muslim Revolution, the USSR's event, taken by the US: 4 ops for the US, no event.
    assert question(st) == "event_operations.use" and st.current_player() == "US"
    assert st.d["influence"]["Iran"] == {"US": 1, "USSR": 0}
    ops_spent_on_influence(st, "Japan", 4)
    assert st.d["influence"]["Japan"]["US"] == 5 and 56 in st.d["discard"]
    assert st.d["hands"]["USSR"] == [18, 49]


@pytest.mark.rule("card 49", "card 57")
def test_missile_envy_a_neutral_card_taken_has_its_event_for_the_player():
    """The USSR's highest card is ABM Treaty (neutral, 4): its event happens for the US at once --
    DEFCON +1, then 4 ops -- and the card goes to the discards."""
    st = mid(next=US_1, defcon=3, hands={"USSR": [57, 18], "US": [49, 19]})
    play(st, {"card": 49}, {"use": "event"}, {"card": 57})
    assert st.d["defcon"] == 4
    assert question(st) == "event_operations.use" and st.current_player() == "US"
    ops_spent_on_influence(st, "Japan", 4)
    assert st.d["influence"]["Japan"]["US"] == 5 and 57 in st.d["discard"]
    assert st.d["hands"]["USSR"] == [18, 49]


@pytest.mark.rule("card 49", "card 48")
def test_missile_envy_the_player_s_own_card_taken_has_its_event():
    """The US takes its own Kitchen Debates (the USSR's only card with ops besides a scoring card):
    2 VP for the US, the card removed (starred, its event happened)."""
    st = mid(next=US_1, influence=US_THREE, hands={"USSR": [48, 1], "US": [49, 19]})
    play(st, {"card": 49}, {"use": "event"})
    assert st.legal_actions() == [{"card": 48}]  # a scoring card has no ops value: never taken
    play(st, {"card": 48})
    assert st.d["vp"] == 2 and 48 in st.d["removed"] and st.d["hands"]["USSR"] == [1, 49]


@pytest.mark.rule("card 49")
def test_missile_envy_an_unimplemented_event_taken_is_a_recorded_gap(monkeypatch):
    monkeypatch.delitem(EVENTS, 57)
    st = mid(next=US_1, hands={"USSR": [57, 18], "US": [49, 19]})
    play(st, {"card": 49}, {"use": "event"}, {"card": 57})
    assert st.d["not_implemented"][-1]["card"] == 57 and 57 in st.d["discard"]


@pytest.mark.rule("card 49")
@pytest.mark.parametrize("hand", [[], [1]])
def test_missile_envy_with_nothing_to_take_exchanges_nothing(hand):
    """An opponent without a card with an ops value (none, or a scoring card only) gives nothing:
    no question, Missile Envy to the discards, no demand."""
    st = mid(hands={"USSR": [49, 18], "US": hand})
    play(st, {"card": 49}, {"use": "event"})
    assert 49 in st.d["discard"] and st.d["hands"]["US"] == hand and not effects.in_force(st, 49)


@pytest.mark.rule("card 49", "5.5", "9.1")
def test_missile_envy_must_be_played_for_operations_in_the_opponent_s_next_round():
    """The US's next round: only Missile Envy (not another card, not the China Card), and not as an
    event; played for operations, it goes to the discards and the demand ends."""
    st = mid(hands={"USSR": [49, 18], "US": [4, 22]}, china={"holder": "US", "face_up": True})
    play(st, {"card": 49}, {"use": "event"}, {"card": 4})
    ops_spent_on_influence(st, "Poland", 3)
    assert question(st) == "action_round.play" and st.current_player() == "US"
    assert st.legal_actions() == [{"card": 49}]
    play(st, {"card": 49})
    assert {"use": "event"} not in st.legal_actions() and {"use": "influence"} in st.legal_actions()
    ops_spent_on_influence(st, "Japan", 2)
    assert 49 in st.d["discard"] and not effects.in_force(st, 49)
    play(st, {"card": 18}, {"use": "influence"}, {"country": "Poland"})
    assert st.current_player() == "US" and {"card": 22} in st.legal_actions() and {"card": 6} in st.legal_actions()


@pytest.mark.rule("card 49", "4.5")
def test_missile_envy_held_over_a_turn_cannot_be_headlined():
    """Played in the US's last round, the USSR keeps it into the next turn: its headline may be
    another card, never Missile Envy."""
    st = mid(next={"phase": "headline"}, hands={"USSR": [49, 1], "US": [48]},
             effects=[{"card": 49, "side": "US", "until": "round", "of": "USSR", "started": [3, 7, "US"]}])
    assert st.legal_actions() == [{"card": 1}]


@pytest.mark.rule("card 49", "4.5")
def test_missile_envy_as_a_headline_takes_a_card_then_binds_the_first_round():
    """Missile Envy (headline value 2) before Asia Scoring (0): the USSR gives Muslim Revolution, the
    US uses its 4 ops; the USSR's first action round must play Missile Envy, for operations."""
    st = mid(next={"phase": "headline"}, hands={"USSR": [1, 56, 18], "US": [49, 4, 19]})
    play(st, {"card": 1}, {"card": 49})
    assert question(st) == "event_49.give" and st.legal_actions() == [{"card": 56}]
    play(st, {"card": 56})
    ops_spent_on_influence(st, "Japan", 4)
    assert st.d["hands"]["USSR"] == [18, 49] and 56 in st.d["discard"] and 1 in st.d["discard"]
    assert question(st) == "action_round.play" and st.current_player() == "USSR"
    assert st.legal_actions() == [{"card": 49}]  # not 18, not the China Card
    play(st, {"card": 49})
    assert {"use": "event"} not in st.legal_actions()
    ops_spent_on_influence(st, "Poland", 2)
    assert question(st) == "action_round.play" and st.legal_actions() == [{"card": 4}, {"card": 19}]
    assert 49 in st.d["discard"] and not effects.in_force(st, 49)


# -- 50 We Will Bury You ------------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 50", "8.1.7")
def test_we_will_bury_you_degrades_defcon_and_the_ussr_gains_3_vp_after_the_us_s_next_round():
    st = mid(defcon=4, hands={"USSR": [50, 18], "US": [19, 22]})
    play(st, {"card": 50}, {"use": "event"})
    assert st.d["defcon"] == 3 and 50 in st.d["removed"] and st.d["vp"] == 0
    assert effects.effect(st, 50)["of"] == "US"
    play(st, {"card": 19}, {"use": "influence"}, {"country": "Japan"})
    assert st.d["vp"] == -3 and not effects.in_force(st, 50)


@pytest.mark.rule("card 50", "8.1.3")
def test_we_will_bury_you_at_defcon_2_is_nuclear_war_the_ussr_loses():
    st = mid(defcon=2, hands={"USSR": [50, 18], "US": [19]})
    play(st, {"card": 50}, {"use": "event"})
    assert st.d["defcon"] == 1 and st.d["terminal"]["winner"] == "US"


@pytest.mark.rule("card 50", "5.2", "8.1.3")
def test_we_will_bury_you_triggered_by_us_operations_the_vp_wait_for_the_us_s_next_round():
    """The US plays it for operations: the USSR's event happens (DEFCON -1, the card removed); the
    US's next round is the one after this."""
    st = mid(next=US_1, defcon=4, hands={"USSR": [18, 34], "US": [50, 19]})
    play(st, {"card": 50}, {"use": "influence"}, {"event": "before"})
    assert st.d["defcon"] == 3
    place(st, "Japan", 4)
    assert st.d["vp"] == 0 and 50 in st.d["removed"] and effects.in_force(st, 50)
    play(st, {"card": 18}, {"use": "influence"}, {"country": "Poland"})
    assert st.d["vp"] == 0
    play(st, {"card": 19}, {"use": "influence"}, {"country": "Japan"})
    assert st.d["vp"] == -3


@pytest.mark.rule("card 50", "5.2", "8.1.3")
def test_we_will_bury_you_triggered_by_the_us_at_defcon_2_the_us_loses():
    """8.1.3: the phasing player (the US, playing the card for operations) is responsible."""
    st = mid(next=US_1, defcon=2, hands={"USSR": [18], "US": [50, 19]})
    play(st, {"card": 50}, {"use": "influence"}, {"event": "before"})
    assert st.d["defcon"] == 1 and st.d["terminal"]["winner"] == "USSR"


@pytest.mark.rule("card 50", "card 32")
@pytest.mark.parametrize("card, use, vp", [(32, "event", 0), (32, "influence", -3), (19, "event", -3), (None, None, -3)])
def test_we_will_bury_you_only_un_intervention_as_an_event_saves_the_3_vp(card, use, vp):
    """At the end of the US's next round (a card played, or none: a round skipped): only card 32 UN
    Intervention played as its event keeps the 3 VP from the USSR."""
    st = mid(next=US_1, hands={"USSR": [18], "US": [19, 32]},
             effects=[{"card": 50, "side": "USSR", "until": "round", "of": "US", "started": [4, 1, "USSR"]}])
    bury_you_round(st, effects.effect(st, 50), side="US", card=card, use=use)
    assert st.d["vp"] == vp and not effects.in_force(st, 50)


@pytest.mark.rule("card 50", "4.5")
def test_we_will_bury_you_skipped_us_round_still_gives_the_vp():
    """4.5 E: a US without a card skips its round; it was his next round all the same."""
    st = mid(hands={"USSR": [50, 18], "US": []})
    play(st, {"card": 50}, {"use": "event"})
    assert st.d["vp"] == -3 and st.current_player() == "USSR" and st.d["round"] == 2


@pytest.mark.rule("card 50", "4.5")
def test_we_will_bury_you_as_a_headline_counts_the_us_s_first_round():
    st = mid(next={"phase": "headline"}, defcon=4, hands={"USSR": [50, 18], "US": [48, 19]})
    play(st, {"card": 50}, {"card": 48})
    assert st.d["defcon"] == 3 and st.d["vp"] == 0 and effects.in_force(st, 50)
    play(st, {"card": 18}, {"use": "influence"}, {"country": "Poland"})
    play(st, {"card": 19}, {"use": "influence"}, {"country": "Japan"})
    assert st.d["vp"] == -3


@pytest.mark.rule("card 50", "10.3.1")
def test_we_will_bury_you_can_win_the_game():
    st = mid(vp=-18, hands={"USSR": [50, 18], "US": [19]})
    play(st, {"card": 50}, {"use": "event"}, {"card": 19}, {"use": "influence"}, {"country": "Japan"})
    assert st.d["vp"] == -20 and st.d["terminal"]["winner"] == "USSR"


# -- 51 Brezhnev Doctrine ----------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 51", "7.4", "7.4.1")
def test_brezhnev_doctrine_raises_the_ussr_s_cards_by_1_to_at_most_4_for_the_turn():
    st = mid(hands={"USSR": [51, 18, 7, 34], "US": [19, 22]})
    play(st, {"card": 51}, {"use": "event"})
    assert 51 in st.d["removed"] and effects.effect(st, 51) == {"card": 51, "side": "USSR", "until": "turn"}
    assert [cardplay.ops_value(st, "USSR", c) for c in (18, 7, 34, 6)] == [2, 4, 4, 4]
    assert [cardplay.ops_value(st, "US", c) for c in (19, 22)] == [1, 2]  # 7.4.1
    effects.end_of_turn(st)
    assert cardplay.ops_value(st, "USSR", 18) == 1


@pytest.mark.rule("card 51", "7.4")
def test_brezhnev_doctrine_counts_with_the_other_modifiers(monkeypatch):
    """7.4: modifiers count together: under Red Scare/Purge's -1 (card 31) a 4-ops card is 3, and
    Brezhnev Doctrine raises it to 4; a 3-ops card 2 -> 3; alone, Brezhnev keeps a 4-ops card at 4
    (its "massimo di 4")."""
    st = mid(hands={"USSR": [7, 34], "US": []},
             effects=[{"card": 31, "side": "US", "until": "turn"}, {"card": 51, "side": "USSR", "until": "turn"}])
    assert cardplay.ops_value(st, "USSR", 34) == 4 and cardplay.ops_value(st, "USSR", 7) == 3
    st.d["effects"] = [{"card": 51, "side": "USSR", "until": "turn"}]
    assert cardplay.ops_value(st, "USSR", 34) == 4 and cardplay.ops_value(st, "USSR", 7) == 4


@pytest.mark.rule("card 51", "5.2", "7.4.1")
def test_brezhnev_doctrine_triggered_by_the_us_is_the_ussr_s():
    st = mid(next=US_1, hands={"USSR": [18], "US": [51, 19]})
    play(st, {"card": 51}, {"use": "influence"}, {"event": "before"})
    assert effects.effect(st, 51)["side"] == "USSR"
    assert cardplay.ops_value(st, "US", 19) == 1  # the US's 3 ops here are not raised
    place(st, "Japan", 3)
    assert st.d["influence"]["Japan"]["US"] == 4 and 51 in st.d["removed"]
    assert cardplay.ops_value(st, "USSR", 18) == 2


# -- 52 Portuguese Empire Crumbles, 54 Allende ---------------------------------------------------------------------------------
@pytest.mark.rule("card 52")
def test_portuguese_empire_crumbles():
    st = mid(hands={"USSR": [52, 18], "US": [19]})
    play(st, {"card": 52}, {"use": "event"})
    assert st.d["influence"]["SE African States"] == {"US": 0, "USSR": 2}
    assert st.d["influence"]["Angola"] == {"US": 0, "USSR": 2} and 52 in st.d["removed"]


@pytest.mark.rule("card 54")
def test_allende():
    st = mid(hands={"USSR": [54, 18], "US": [19]})
    play(st, {"card": 54}, {"use": "event"})
    assert st.d["influence"]["Chile"] == {"US": 0, "USSR": 2} and 54 in st.d["removed"]


@pytest.mark.rule("card 52", "card 54", "5.2")
@pytest.mark.parametrize("card, where", [(52, "Angola"), (54, "Chile")])
def test_ussr_influence_events_triggered_by_us_operations(card, where):
    st = mid(next=US_1, hands={"USSR": [18], "US": [card, 19]})
    play(st, {"card": card}, {"use": "influence"}, {"event": "after"})
    ops = cardplay.ops_value(st, "US", card)
    place(st, "Japan", ops)
    assert st.d["influence"][where]["USSR"] == 2 and card in st.d["removed"]


# -- 53 South African Unrest ------------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 53")
def test_south_african_unrest_two_in_south_africa():
    st = mid(hands={"USSR": [53, 18], "US": [19]})
    play(st, {"card": 53}, {"use": "event"})
    assert question(st) == "event_53.unrest"
    assert st.legal_actions() == [{"unrest": "south_africa"}, {"unrest": "adjacent"}]
    play(st, {"unrest": "south_africa"})
    assert st.d["influence"]["South Africa"] == {"US": 1, "USSR": 2} and 53 in st.d["discard"]


@pytest.mark.reading("C053")
@pytest.mark.rule("card 53")
@pytest.mark.parametrize("edition, card_53_text, split", [
    ("deluxe", "edition", True), ("seed", "edition", False), ("seed", "deluxe", True), ("deluxe", "seed", False)])
def test_south_african_unrest_one_there_and_two_adjacent(edition, card_53_text, split):
    """Deluxe: the 2 go to countries adjacent to South Africa (Angola, Botswana), one each if the
    USSR likes; the seed's reading: both in one of them."""
    st = mid(hands={"USSR": [53, 18], "US": [19]}, options={"edition": edition},
             rulings={"card_53_text": card_53_text})
    play(st, {"card": 53}, {"use": "event"}, {"unrest": "adjacent"})
    assert st.d["influence"]["South Africa"]["USSR"] == 1
    assert st.legal_actions() == [{"country": "Angola"}, {"country": "Botswana"}]
    if split:
        assert question(st) == "place_influence.where"
        play(st, {"country": "Angola"}, {"country": "Botswana"})
        assert st.d["influence"]["Angola"]["USSR"] == 1 and st.d["influence"]["Botswana"]["USSR"] == 1
    else:
        assert question(st) == "event_53.country"
        play(st, {"country": "Botswana"})
        assert st.d["influence"]["Angola"]["USSR"] == 0 and st.d["influence"]["Botswana"]["USSR"] == 2
    assert question(st) == "action_round.play"


@pytest.mark.rule("card 53", "5.2")
def test_south_african_unrest_triggered_by_us_operations_the_ussr_chooses():
    st = mid(next=US_1, hands={"USSR": [18], "US": [53, 19]})
    play(st, {"card": 53}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "event_53.unrest" and st.current_player() == "USSR"
    play(st, {"unrest": "south_africa"})
    assert st.d["influence"]["South Africa"]["USSR"] == 2
    place(st, "Japan", 2)
    assert 53 in st.d["discard"]


# -- 55 Willy Brandt ----------------------------------------------------------------------------------------------------------------
@pytest.mark.reading("C055")
@pytest.mark.rule("card 55", "7.3")
@pytest.mark.parametrize("edition, card_55_text, added", [
    ("seed", "edition", 2), ("deluxe", "edition", 1), ("seed", "deluxe", 1), ("deluxe", "seed", 2)])
def test_willy_brandt_gives_a_vp_and_influence_and_stays_beside_the_map(edition, card_55_text, added):
    st = mid(hands={"USSR": [55, 18], "US": [19]}, options={"edition": edition}, rulings={"card_55_text": card_55_text})
    play(st, {"card": 55}, {"use": "event"})
    assert st.d["vp"] == -1 and st.d["influence"]["West Germany"]["USSR"] == added
    assert st.d["in_effect"] == [55] and effects.effect(st, 55) == {"card": 55, "side": "USSR", "until": "cancelled"}


@pytest.mark.rule("card 55", "card 96", "7.5")
def test_willy_brandt_is_not_an_event_while_tear_down_this_wall_is_in_force():
    wall = {"in_effect": [96], "effects": [{"card": 96, "side": "US", "until": "cancelled"}]}
    st = position(turn=8, hands={"USSR": [55, 18], "US": [19]}, **wall)
    play(st, {"card": 55})
    assert {"use": "event"} not in st.legal_actions() and {"use": "influence"} in st.legal_actions()


@pytest.mark.rule("card 55", "card 96", "5.2")
def test_willy_brandt_prevented_and_triggered_goes_to_the_discards():
    """5.2: triggered by US operations while prohibited, no event, and the starred card is
    discarded, not removed."""
    wall = {"in_effect": [96], "effects": [{"card": 96, "side": "US", "until": "cancelled"}]}
    st = position(turn=8, next=US_1, hands={"USSR": [18], "US": [55, 19]}, **wall)
    play(st, {"card": 55}, {"use": "influence"}, {"event": "before"})  # 5.2: the order is asked; the event cannot happen
    assert question(st) == "influence.place"
    place(st, "Japan", 2)
    assert st.d["vp"] == 0 and 55 in st.d["discard"] and not effects.in_force(st, 55)


@pytest.mark.rule("card 55", "5.2")
def test_willy_brandt_triggered_by_us_operations():
    st = mid(next=US_1, hands={"USSR": [18], "US": [55, 19]})
    play(st, {"card": 55}, {"use": "influence"}, {"event": "before"})
    place(st, "Japan", 2)
    assert st.d["vp"] == -1 and st.d["influence"]["West Germany"]["USSR"] == 2
    assert st.d["in_effect"] == [55] and effects.effect(st, 55)["side"] == "USSR"


# -- 56 Muslim Revolution --------------------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 56")
def test_muslim_revolution_removes_all_us_influence_in_two_countries():
    st = mid(hands={"USSR": [56, 18], "US": [19]},
             influence={"Iran": {"US": 3, "USSR": 1}, "Egypt": {"US": 2, "USSR": 0}, "Jordan": {"US": 1, "USSR": 0}})
    play(st, {"card": 56}, {"use": "event"})
    assert question(st) == "event_56.first"
    assert [a["country"] for a in st.legal_actions()] == sorted(
        ["Sudan", "Iran", "Iraq", "Egypt", "Libya", "Saudi Arabia", "Syria", "Jordan"])
    play(st, {"country": "Iran"})
    assert question(st) == "event_56.second" and {"country": "Iran"} not in st.legal_actions()
    play(st, {"country": "Egypt"})
    assert st.d["influence"]["Iran"] == {"US": 0, "USSR": 1} and st.d["influence"]["Egypt"] == ZERO
    assert st.d["influence"]["Jordan"]["US"] == 1 and 56 in st.d["discard"]


@pytest.mark.rule("card 56", "5.2")
def test_muslim_revolution_triggered_by_us_operations_the_ussr_chooses():
    st = mid(next=US_1, hands={"USSR": [18], "US": [56, 19]})
    play(st, {"card": 56}, {"use": "influence"}, {"event": "before"})
    assert st.current_player() == "USSR"
    play(st, {"country": "Iran"}, {"country": "Sudan"})
    assert st.d["influence"]["Iran"]["US"] == 0 and st.current_player() == "US"


@pytest.mark.rule("card 56", "card 110", "7.5", "5.2")
def test_muslim_revolution_is_barred_by_awacs_sale_to_saudis():
    awacs = {"in_effect": [110], "effects": [{"card": 110, "side": "US", "until": "cancelled"}]}
    opts = {"edition": "deluxe", "optional_cards": True}
    st = position(turn=8, hands={"USSR": [56, 18], "US": [19]}, options=opts, **awacs)
    play(st, {"card": 56})
    assert {"use": "event"} not in st.legal_actions()
    st = position(turn=8, next=US_1, hands={"USSR": [18], "US": [56, 19]}, options=opts, **awacs)
    play(st, {"card": 56}, {"use": "influence"}, {"event": "before"})  # 5.2: the order is asked; the event cannot happen
    assert question(st) == "influence.place" and st.d["influence"]["Iran"]["US"] == 1


# -- 57 ABM Treaty --------------------------------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 57", "8.1.7", "6.0")
def test_abm_treaty_improves_defcon_then_gives_its_operations():
    st = mid(defcon=2, hands={"USSR": [57, 18], "US": [19]})
    play(st, {"card": 57}, {"use": "event"})
    assert st.d["defcon"] == 3 and question(st) == "event_operations.use"
    assert st.legal_actions() == [{"use": "influence"}, {"use": "realign"}, {"use": "coup"}, {"use": "space"}]
    ops_spent_on_influence(st, "Poland", 4)
    assert st.d["influence"]["Poland"]["USSR"] == 4 and 57 in st.d["discard"]


@pytest.mark.rule("card 57", "8.1.2", "card 51", "7.4.2")
def test_abm_treaty_at_defcon_5_and_with_modified_ops():
    """DEFCON never rises above 5 (8.1.2); the operations are the card's ops value (7.4.2): under
    Brezhnev Doctrine still 4 (its maximum)."""
    st = mid(defcon=5, hands={"USSR": [57, 18], "US": [19]}, effects=[{"card": 51, "side": "USSR", "until": "turn"}])
    play(st, {"card": 57}, {"use": "event"})
    assert st.d["defcon"] == 5
    ops_spent_on_influence(st, "Poland", 4)
    assert question(st) == "action_round.play" and st.d["influence"]["Poland"]["USSR"] == 4


@pytest.mark.rule("card 57", "4.5")
def test_abm_treaty_as_a_headline():
    st = mid(next={"phase": "headline"}, defcon=3, hands={"USSR": [57, 18], "US": [48, 19]})
    play(st, {"card": 57}, {"card": 48})
    assert st.d["defcon"] == 4 and question(st) == "event_operations.use" and st.current_player() == "USSR"


# -- positions --------------------------------------------------------------------------------------------------------------------------------
@pytest.mark.rule("7.3")
def test_a_position_with_these_effects_in_force_round_trips():
    st = mid(hands={"USSR": [49, 50, 51, 55, 18], "US": [4, 19]})
    play(st, {"card": 49}, {"use": "event"}, {"card": 4})
    doc = to_document(st)
    back = from_document(doc)
    assert back.canonical() == st.canonical()
    assert [e["card"] for e in back.d["effects"]] == [49]
    st = mid(hands={"USSR": [50, 51, 55, 18], "US": [19, 22, 4]})
    play(st, {"card": 51}, {"use": "event"}, {"card": 19}, {"use": "influence"}, {"country": "Japan"})
    play(st, {"card": 55}, {"use": "event"}, {"card": 22}, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"})
    play(st, {"card": 50}, {"use": "event"})
    back = from_document(to_document(st))
    assert back.canonical() == st.canonical() and [e["card"] for e in back.d["effects"]] == [50, 51, 55]
    assert question(back) == "action_round.play" and back.current_player() == "US"
    play(back, {"card": 4}, {"use": "influence"}, *[{"country": "Japan"}] * 3)
    assert back.d["vp"] == -1 - 3 and [e["card"] for e in back.d["effects"]] == [51, 55]
