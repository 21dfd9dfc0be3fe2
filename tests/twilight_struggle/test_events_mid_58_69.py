"""The events of Mid War cards 58-69 (model/twilight_struggle/events/mid_58_69.py), played as events,
as headlines, triggered by the opponent's operations (5.2), barred by their prohibitions, and their
lasting effects where they change another rule.

Positions are in turn 4 (the Mid War cards in play), the seed edition unless stated; the seed and
Deluxe numbers of cards 58-69 are the same. Cards of other batches used as plain cards: 4 Duck and
Cover (US, 3 ops), 7 Socialist Governments (USSR, 3), 18 Captured Nazi Scientist (neutral, 1), 20
Olympic Games (neutral, 2), 24 Indo-Pakistani War (neutral war card, 2), 34 Nuclear Test Ban
(neutral, 4), 36 Brush War (neutral war card, 3). Where a test needs the event of a card another
batch implements (a war card, UN Intervention), a stand-in event is registered for it for the
test (``stand_in_event``: the steps of card 64, whose result is easy to see).
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.twilight_struggle.events import EVENTS, Event, always
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.scenarios import new_game
from tests.twilight_struggle.helpers import ZERO, play, position, question

USSR_1 = {"phase": "action_round", "side": "USSR", "round": 1}
US_1 = {"phase": "action_round", "side": "US", "round": 1}
HEADLINE = {"phase": "headline"}
DELUXE = {"edition": "deluxe"}


def pos(hands: dict, next: dict | None = None, **state):
    """A turn-4 position (unless ``turn`` is given) with these hands (the USSR's first action round
    by default)."""
    state.setdefault("turn", 4)
    return position(next=next or USSR_1, hands=hands, **state)


def record(card: int, side: str, until: str, **own) -> dict:
    return {"card": card, "side": side, "until": until, **own}


def stand_in_event(monkeypatch, card: int) -> None:
    """Register a stand-in event for card ``card`` (another batch's) for this test: it plays the
    steps of card 64 Panama Canal Returned (1 US influence each in Panama, Costa Rica, Venezuela)."""
    monkeypatch.setitem(EVENTS, card, Event(card, "event_64", always, True))


def us_influence_place(st, *countries):
    """Answer an influence operation marker by marker."""
    return play(st, *[{"country": c} for c in countries])


# -- 58 Cultural Revolution ---------------------------------------------------------------------------------
@pytest.mark.rule("card 58", "9.4")
def test_cultural_revolution_the_seed_lets_the_ussr_claim_the_china_card():
    """Card 58, seed text ('L'URSS può reclamare'): the US holds the China Card face down; the USSR
    chooses to claim it and gets it face up (9.4); the card is removed (starred)."""
    st = pos({"USSR": [58], "US": [4]}, china={"holder": "US", "face_up": False})
    play(st, {"card": 58}, {"use": "event"})
    assert question(st) == "event_58.claim"
    assert st.legal_actions() == [{"claim": True}, {"claim": False}]
    play(st, {"claim": True})
    assert st.d["china"] == {"holder": "USSR", "face_up": True}
    assert st.d["vp"] == 0 and 58 in st.d["removed"]


@pytest.mark.rule("card 58")
def test_cultural_revolution_the_seed_lets_the_ussr_decline():
    """Card 58, seed text: the USSR may leave the China Card with the US (nothing happens)."""
    st = pos({"USSR": [58], "US": [4]}, china={"holder": "US", "face_up": True})
    play(st, {"card": 58}, {"use": "event"}, {"claim": False})
    assert st.d["china"] == {"holder": "US", "face_up": True} and st.d["vp"] == 0
    assert 58 in st.d["removed"] and question(st) == "action_round.play"


@pytest.mark.rule("card 58", "9.4")
@pytest.mark.reading("C058")
@pytest.mark.parametrize("options, card_58_text, asks", [
    (None, "edition", True), (None, "seed", True), (None, "deluxe", False),
    (DELUXE, "edition", False), (DELUXE, "seed", True), (DELUXE, "deluxe", False)])
def test_cultural_revolution_the_text_followed_decides_whether_the_ussr_may_decline(options, card_58_text, asks):
    """Card 58 under ruling card_58_text (C058): the seed's text (the seed edition's by default) asks
    the USSR whether it claims the China Card; the Deluxe card's (the Deluxe edition's) passes it
    face up to the USSR at once (9.4), no question posed."""
    st = position(next=USSR_1, turn=4, hands={"USSR": [58], "US": [4]}, china={"holder": "US", "face_up": False},
                  options=options, rulings={"card_58_text": card_58_text})
    play(st, {"card": 58}, {"use": "event"})
    if asks:
        assert question(st) == "event_58.claim"
        play(st, {"claim": True})
    assert st.d["china"] == {"holder": "USSR", "face_up": True}
    assert question(st) == "action_round.play" and st.current_player() == "US"


@pytest.mark.rule("card 58")
def test_cultural_revolution_gives_a_vp_when_the_ussr_holds_the_china_card():
    """Card 58: the USSR holds the China Card (face up, or face down after playing it): 1 VP, no
    question, the China Card where it was."""
    for china in ({"holder": "USSR", "face_up": True}, {"holder": "USSR", "face_up": False}):
        st = pos({"USSR": [58], "US": [4]}, china=china, vp=3)
        play(st, {"card": 58}, {"use": "event"})
        assert st.d["vp"] == 2 and st.d["china"] == china and question(st) == "action_round.play"


@pytest.mark.rule("card 58", "5.2", "9.4")
def test_cultural_revolution_triggered_by_us_operations_the_ussr_decides():
    """5.2: the US plays card 58 for operations; the USSR carries out the event (the seed's choice
    is the USSR's) and takes the China Card the US holds; the card is removed."""
    st = pos({"USSR": [7], "US": [58, 4]}, next=US_1)
    st.d["china"] = {"holder": "US", "face_up": True}
    play(st, {"card": 58}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "event_58.claim" and st.current_player() == "USSR"
    play(st, {"claim": True})
    assert st.d["china"] == {"holder": "USSR", "face_up": True}
    assert question(st) == "influence.place" and st.current_player() == "US"
    us_influence_place(st, "Japan", "Japan", "Japan")
    assert 58 in st.d["removed"]


# -- 59 Flower Power -----------------------------------------------------------------------------------------
@pytest.mark.rule("card 59", "7.3", "2.2.5")
def test_flower_power_goes_beside_the_map_for_the_ussr():
    """Card 59: played as the USSR's event, nothing happens now; the card is beside the map with its
    effect, the USSR's, until cancelled."""
    st = pos({"USSR": [59], "US": [4]})
    play(st, {"card": 59}, {"use": "event"})
    assert st.d["in_effect"] == [59] and st.d["effects"] == [record(59, "USSR", "cancelled")]
    assert st.d["vp"] == 0 and 59 not in st.d["removed"]


@pytest.mark.rule("card 59", "5.2", "7.3")
def test_flower_power_triggered_by_us_operations_is_the_ussrs_effect():
    """5.2: the US plays card 59 for operations: the USSR's event happens, the effect is the USSR's."""
    st = pos({"USSR": [7], "US": [59]}, next=US_1)
    play(st, {"card": 59}, {"use": "influence"}, {"event": "after"})
    us_influence_place(st, "Japan", "Japan", "Japan", "Japan")
    assert st.d["in_effect"] == [59] and st.d["effects"] == [record(59, "USSR", "cancelled")]


FLOWER = {"in_effect": [59], "effects": [record(59, "USSR", "cancelled")]}


@pytest.mark.rule("card 59")
def test_flower_power_a_us_war_card_for_operations_gives_the_ussr_2_vp():
    """Card 59: the US plays Brush War (36) for operations: the USSR gains 2 VP."""
    st = pos({"USSR": [7], "US": [36, 4]}, next=US_1, vp=1, **FLOWER)
    play(st, {"card": 36}, {"use": "influence"})
    assert st.d["vp"] == -1
    us_influence_place(st, "Japan", "Japan", "Japan")
    assert st.d["vp"] == -1 and 36 in st.d["discard"]


@pytest.mark.rule("card 59", "6.4.5")
def test_flower_power_not_for_the_space_race_nor_other_cards_nor_the_ussr():
    """Card 59: a war card the US plays for the Space Race gives nothing ('a meno che non sia giocata
    per la corsa allo spazio'); nor a US card that is not a war card; nor the USSR's war card."""
    st = pos({"USSR": [7], "US": [36, 4]}, next=US_1, **FLOWER)
    play(st, {"card": 36}, {"use": "space"}, 6)
    assert st.d["vp"] == 0
    st = pos({"USSR": [7], "US": [36, 34]}, next=US_1, **FLOWER)
    play(st, {"card": 34}, {"use": "influence"})
    assert st.d["vp"] == 0
    st = pos({"USSR": [36], "US": [4]}, **FLOWER)
    play(st, {"card": 36}, {"use": "influence"})
    assert st.d["vp"] == 0


@pytest.mark.rule("card 59", "5.2")
def test_flower_power_a_ussr_war_card_the_us_plays_for_operations_counts():
    """Card 59: Arab-Israeli War (13) is the USSR's; the US plays it for operations: 2 VP to the
    USSR (whatever its event does)."""
    st = pos({"USSR": [7], "US": [13, 4]}, next=US_1, **FLOWER)
    play(st, {"card": 13}, {"use": "influence"}, {"event": "after"})
    assert st.d["vp"] == -2


@pytest.mark.rule("card 59", "7.1", "4.5")
def test_flower_power_a_us_war_card_as_event_or_headline(monkeypatch):
    """Card 59: the US plays a war card as its event (Indo-Pakistani War, 24), or headlines it: the
    USSR gains 2 VP each time (a headline is a card played as an event, 4.5 C)."""
    stand_in_event(monkeypatch, 24)
    st = pos({"USSR": [7], "US": [24, 4]}, next=US_1, **FLOWER)
    play(st, {"card": 24}, {"use": "event"})
    assert st.d["vp"] == -2 and st.d["influence"]["Costa Rica"]["US"] == 1
    st = pos({"USSR": [7, 61], "US": [24, 4]}, next=HEADLINE, **FLOWER)
    play(st, {"card": 61}, {"card": 24})
    assert st.d["vp"] == -2


@pytest.mark.rule("card 59", "card 97", "5.2")
def test_flower_power_prevented_by_an_evil_empire():
    """Card 59 is cancelled and prevented by card 97 An Evil Empire: with 97's effect in force it is
    not offered as an event; triggered by US operations it does not happen, and the card goes to
    the discards although starred (5.2)."""
    evil = {"effects": [record(97, "US", "used")]}
    st = pos({"USSR": [59], "US": [4]}, **evil)
    play(st, {"card": 59})
    assert {"use": "event"} not in st.legal_actions()
    st = pos({"USSR": [7], "US": [59]}, next=US_1, **evil)
    play(st, {"card": 59}, {"use": "influence"}, {"event": "before"})  # 5.2: the order is asked; the event cannot happen
    assert question(st) == "influence.place"
    us_influence_place(st, "Japan", "Japan", "Japan", "Japan")
    assert 59 in st.d["discard"] and st.d["in_effect"] == []


@pytest.mark.rule("card 59", "3.0")
def test_flower_power_is_in_force_from_the_late_war_set_up():
    """The Late War scenario starts with Flower Power in effect: its first US war card for
    operations costs 2 VP."""
    st = new_game("late_war")
    assert effects.in_force(st, 59)
    st = position(scenario="late_war", next=US_1, hands={"USSR": [7], "US": [36]})
    vp = st.d["vp"]
    play(st, {"card": 36}, {"use": "influence"})
    assert st.d["vp"] == vp - 2


# -- 60 U2 Incident ---------------------------------------------------------------------------------------------
@pytest.mark.rule("card 60")
def test_u2_incident_gives_a_vp_and_waits_for_un_intervention(monkeypatch):
    """Card 60: 1 VP to the USSR; the card is removed; UN Intervention (32) played as an event later
    in the turn, by either side, gives 1 VP more, once."""
    stand_in_event(monkeypatch, 32)
    st = pos({"USSR": [60, 7], "US": [32, 4]})
    play(st, {"card": 60}, {"use": "event"})
    assert st.d["vp"] == -1 and 60 in st.d["removed"] and st.d["effects"] == [record(60, "USSR", "turn")]
    play(st, {"card": 32}, {"use": "event"})
    assert st.d["vp"] == -2 and st.d["effects"] == []


@pytest.mark.rule("card 60", "4.5")
def test_u2_incident_no_second_vp_from_a_later_turn(monkeypatch):
    """Card 60: the effect lasts for the rest of the turn only (4.5: it ends before the turn marker
    advances); without it UN Intervention gives nothing."""
    stand_in_event(monkeypatch, 32)
    st = pos({"USSR": [7], "US": [32, 4]}, effects=[record(60, "USSR", "turn")])
    effects.end_of_turn(st)
    assert st.d["effects"] == []
    st = pos({"USSR": [7], "US": [32, 4]}, next=US_1)
    play(st, {"card": 32}, {"use": "event"})
    assert st.d["vp"] == 0


@pytest.mark.rule("card 60", "5.2")
def test_u2_incident_triggered_by_us_operations():
    """5.2: the US plays card 60 for operations: the USSR gains 1 VP and the card is removed."""
    st = pos({"USSR": [7], "US": [60]}, next=US_1)
    play(st, {"card": 60}, {"use": "influence"}, {"event": "before"})
    us_influence_place(st, "Japan", "Japan", "Japan")
    assert st.d["vp"] == -1 and 60 in st.d["removed"]


# -- 61 OPEC ------------------------------------------------------------------------------------------------------
OPEC_MAP = {"Egypt": {"US": 0, "USSR": 2}, "Iran": {"US": 1, "USSR": 3}, "Venezuela": {"US": 0, "USSR": 2},
            "Libya": {"US": 0, "USSR": 1}, "Saudi Arabia": {"US": 3, "USSR": 5}}


@pytest.mark.rule("card 61", "2.1.7")
def test_opec_a_vp_per_controlled_oil_country():
    """Card 61: the USSR controls Egypt (2/0), Iran (3/1), Venezuela (2/0), not Libya (1 of 2) nor
    Saudi Arabia (5/3, stability 3): 3 VP; the card goes to the discards (no asterisk)."""
    st = pos({"USSR": [61], "US": [4]}, influence=OPEC_MAP)
    play(st, {"card": 61}, {"use": "event"})
    assert st.d["vp"] == -3 and 61 in st.d["discard"]


@pytest.mark.rule("card 61", "card 86", "5.2")
def test_opec_not_while_north_sea_oil_is_in_force():
    """Card 61 is not playable as an event while North Sea Oil (86) is in force: not offered, and
    triggered by US operations it does not happen."""
    oil = {"turn": 8, "in_effect": [86], "effects": [record(86, "US", "cancelled")]}
    st = pos({"USSR": [61], "US": [4]}, influence=OPEC_MAP, **oil)
    play(st, {"card": 61})
    assert {"use": "event"} not in st.legal_actions()
    st = pos({"USSR": [7], "US": [61]}, next=US_1, influence=OPEC_MAP, **oil)
    play(st, {"card": 61}, {"use": "influence"}, {"event": "before"})  # 5.2: the order is asked; the event cannot happen
    assert question(st) == "influence.place"
    us_influence_place(st, "Japan", "Japan", "Japan")
    assert st.d["vp"] == 0 and 61 in st.d["discard"]


@pytest.mark.rule("card 61", "5.2")
def test_opec_triggered_by_us_operations():
    """5.2: the US plays card 61 for operations: the USSR gains its VP."""
    st = pos({"USSR": [7], "US": [61]}, next=US_1, influence=OPEC_MAP)
    play(st, {"card": 61}, {"use": "influence"}, {"event": "after"})
    us_influence_place(st, "Japan", "Japan", "Japan")
    assert st.d["vp"] == -3


# -- 62 Lone Gunman ----------------------------------------------------------------------------------------------
@pytest.mark.rule("card 62", "6.0")
def test_lone_gunman_reveals_the_us_hand_then_the_ussr_conducts_operations():
    """Card 62: the US hand is shown to the USSR (the USSR's observation carries it), then the USSR
    conducts operations with the card's 1 op; the card is removed."""
    st = pos({"USSR": [62], "US": [4, 19, 20]})
    play(st, {"card": 62}, {"use": "event"})
    assert st.d["effects"] == [record(62, "USSR", "turn", shown=[4, 19, 20])]
    assert st.observation("USSR")["effects"][0]["shown"] == [4, 19, 20]
    assert question(st) == "event_operations.use" and st.current_player() == "USSR"
    assert st.legal_actions() == [{"use": "influence"}, {"use": "realign"}, {"use": "coup"}]
    play(st, {"use": "influence"}, {"country": "Poland"})
    assert st.d["influence"]["Poland"]["USSR"] == 1 and 62 in st.d["removed"]
    assert question(st) == "action_round.play" and st.current_player() == "US"


@pytest.mark.rule("card 62", "5.2", "6.0")
def test_lone_gunman_triggered_by_us_operations():
    """5.2: the US plays card 62 for operations, the event first: its hand (without the card played)
    is shown, the USSR conducts 1 op, then the US its own."""
    st = pos({"USSR": [7], "US": [62, 4]}, next=US_1)
    play(st, {"card": 62}, {"use": "influence"}, {"event": "before"})
    assert st.d["effects"] == [record(62, "USSR", "turn", shown=[4])]
    play(st, {"use": "influence"}, {"country": "Poland"})
    assert question(st) == "influence.place" and st.current_player() == "US"
    us_influence_place(st, "Japan")
    assert st.d["influence"]["Poland"]["USSR"] == 1 and 62 in st.d["removed"]


# -- 63 Colonial Rear Guards --------------------------------------------------------------------------------------
@pytest.mark.rule("card 63")
def test_colonial_rear_guards_four_different_african_or_southeast_asian_countries():
    """Card 63: 1 US influence in each of 4 different countries of Africa and/or Southeast Asia; a
    country is not offered twice; the card goes to the discards."""
    st = pos({"USSR": [7], "US": [63]}, next=US_1)
    play(st, {"card": 63}, {"use": "event"})
    offered = {a["country"] for a in st.legal_actions()}
    assert len(offered) == 25 and {"Angola", "Thailand", "Burma"} <= offered
    assert "Japan" not in offered and "Egypt" not in offered
    play(st, {"country": "Angola"})
    assert {"country": "Angola"} not in st.legal_actions()
    play(st, {"country": "Thailand"}, {"country": "Zaire"}, {"country": "Vietnam"})
    for c in ("Angola", "Thailand", "Zaire", "Vietnam"):
        assert st.d["influence"][c]["US"] == 1
    assert 63 in st.d["discard"] and question(st) == "action_round.play"


@pytest.mark.rule("card 63", "5.2")
def test_colonial_rear_guards_triggered_by_ussr_operations_the_us_places():
    """5.2: the USSR plays card 63 for operations: the US places the 4 markers."""
    st = pos({"USSR": [63], "US": [4]})
    play(st, {"card": 63}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "place_influence.where" and st.current_player() == "US"
    play(st, {"country": "Angola"}, {"country": "Thailand"}, {"country": "Zaire"}, {"country": "Vietnam"})
    assert st.d["influence"]["Zaire"] == {"US": 1, "USSR": 0} and st.current_player() == "USSR"


# -- 64 Panama Canal Returned --------------------------------------------------------------------------------------
@pytest.mark.rule("card 64")
def test_panama_canal_returned():
    """Card 64: 1 US influence each in Panama, Costa Rica and Venezuela; the card is removed."""
    st = pos({"USSR": [7], "US": [64]}, next=US_1)
    play(st, {"card": 64}, {"use": "event"})
    assert [st.d["influence"][c]["US"] for c in ("Panama", "Costa Rica", "Venezuela")] == [2, 1, 1]
    assert 64 in st.d["removed"]


@pytest.mark.rule("card 64", "5.2")
def test_panama_canal_returned_triggered_by_ussr_operations():
    st = pos({"USSR": [64], "US": [4]})
    play(st, {"card": 64}, {"use": "influence"}, {"event": "after"}, {"country": "Poland"})
    assert [st.d["influence"][c]["US"] for c in ("Panama", "Costa Rica", "Venezuela")] == [2, 1, 1]
    assert 64 in st.d["removed"]


# -- 65 Camp David Accords --------------------------------------------------------------------------------------------
@pytest.mark.rule("card 65", "7.3")
def test_camp_david_accords():
    """Card 65: the US gains 1 VP and 1 influence each in Israel, Jordan and Egypt; the card is beside
    the map, its effect the US's until cancelled (card 13 reads it)."""
    st = pos({"USSR": [7], "US": [65]}, next=US_1)
    play(st, {"card": 65}, {"use": "event"})
    assert st.d["vp"] == 1
    assert [st.d["influence"][c]["US"] for c in ("Israel", "Jordan", "Egypt")] == [2, 1, 1]
    assert st.d["in_effect"] == [65] and st.d["effects"] == [record(65, "US", "cancelled")]
    assert effects.in_force(st, 65)


@pytest.mark.rule("card 65", "5.2")
def test_camp_david_accords_triggered_by_ussr_operations_is_the_us_effect():
    st = pos({"USSR": [65], "US": [4]})
    play(st, {"card": 65}, {"use": "influence"}, {"event": "before"}, {"country": "Poland"}, {"country": "Poland"})
    assert st.d["vp"] == 1 and st.d["effects"] == [record(65, "US", "cancelled")]


# -- 66 Puppet Governments -------------------------------------------------------------------------------------------
@pytest.mark.rule("card 66")
def test_puppet_governments_three_countries_without_influence():
    """Card 66: 1 US influence in each of 3 countries holding no influence of either side; the card
    is removed."""
    st = pos({"USSR": [7], "US": [66]}, next=US_1)
    play(st, {"card": 66}, {"use": "event"})
    offered = {a["country"] for a in st.legal_actions()}
    assert "Iran" not in offered and "Iraq" not in offered and {"Angola", "Mexico"} <= offered
    empty = {c for c, v in st.d["influence"].items() if v == ZERO}
    assert offered == empty
    play(st, {"country": "Mexico"})
    assert {"country": "Mexico"} not in st.legal_actions()
    play(st, {"country": "Angola"}, {"country": "Chile"})
    assert [st.d["influence"][c]["US"] for c in ("Mexico", "Angola", "Chile")] == [1, 1, 1]
    assert 66 in st.d["removed"] and question(st) == "action_round.play"


@pytest.mark.rule("card 66")
def test_puppet_governments_with_fewer_empty_countries_places_fewer():
    """Card 66: with only 2 countries free of influence, 2 markers (the event ends)."""
    st = pos({"USSR": [7], "US": [66]}, next=US_1)
    full = {c: {"US": 0, "USSR": 1} for c, v in st.d["influence"].items() if v == ZERO and c not in ("Chile", "Peru")}
    st = pos({"USSR": [7], "US": [66]}, next=US_1, influence=full)
    play(st, {"card": 66}, {"use": "event"})
    assert st.legal_actions() == [{"country": "Chile"}, {"country": "Peru"}]
    play(st, {"country": "Chile"}, {"country": "Peru"})
    assert question(st) == "action_round.play" and 66 in st.d["removed"]


# -- 67 Grain Sales to Soviets ------------------------------------------------------------------------------------------
@pytest.mark.rule("card 67", "6.0")
def test_grain_sales_draws_at_random_and_the_us_may_return_the_card():
    """Card 67: a card drawn at random (uniform) from the USSR's hand; the US returns it and conducts
    operations with Grain Sales' 2 ops; Grain Sales goes to the discards."""
    st = pos({"USSR": [7, 20, 61], "US": [67]}, next=US_1)
    play(st, {"card": 67}, {"use": "event"})
    assert question(st) == "event_67.drawn"
    assert st.legal_actions() == [{"card": 7}, {"card": 20}, {"card": 61}]
    play(st, {"card": 61})
    assert question(st) == "event_67.grain" and st.current_player() == "US"
    assert st.legal_actions() == [{"use": "influence"}, {"use": "realign"}, {"use": "coup"}, {"use": "space"},
                                  {"use": "return"}]
    play(st, {"use": "return"})
    assert st.d["hands"]["USSR"] == [7, 20, 61]
    assert question(st) == "event_operations.use"
    play(st, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"})
    assert st.d["influence"]["Japan"]["US"] == 3 and 67 in st.d["discard"]


@pytest.mark.rule("card 67", "7.1")
def test_grain_sales_the_us_plays_a_drawn_us_event():
    """Card 67: the drawn card's event is the US's (Panama Canal Returned, 64): the US plays it as
    the event; it is removed (starred), Grain Sales discarded."""
    st = pos({"USSR": [7, 64], "US": [67]}, next=US_1)
    play(st, {"card": 67}, {"use": "event"}, {"card": 64})
    assert {"use": "event"} in st.legal_actions()
    play(st, {"use": "event"})
    assert st.d["influence"]["Costa Rica"]["US"] == 1
    assert 64 in st.d["removed"] and 67 in st.d["discard"] and st.d["hands"]["USSR"] == [7]


@pytest.mark.rule("card 67", "5.2")
def test_grain_sales_a_drawn_ussr_card_for_operations_triggers_its_event():
    """Card 67, 5.2: the drawn card is the USSR's (OPEC, 61, 3 ops): no event for the US; played for
    operations, the USSR's event happens (the US chooses before or after); the card goes to the
    discards."""
    st = pos({"USSR": [7, 61], "US": [67]}, next=US_1, influence=OPEC_MAP)
    play(st, {"card": 67}, {"use": "event"}, {"card": 61})
    assert {"use": "event"} not in st.legal_actions()
    play(st, {"use": "influence"})
    assert question(st) == "event_67.order"
    play(st, {"event": "before"})
    assert st.d["vp"] == -3
    us_influence_place(st, "Japan", "Japan", "Japan")
    assert st.d["influence"]["Japan"]["US"] == 4
    assert 61 in st.d["discard"] and 67 in st.d["discard"] and st.d["hands"]["USSR"] == [7]


@pytest.mark.rule("card 67", "6.3", "8.2.3")
def test_grain_sales_a_drawn_card_for_a_coup_is_the_us_coup():
    """Card 67: the US plays the drawn Brush War (36, 3 ops) for a coup in Iraq: the US's military
    operations 3, the die 6: 3 + 6 - 2 x 3 = 3 (the USSR's 1 out, 2 US in), DEFCON 4 (a
    battleground); both cards to the discards."""
    st = pos({"USSR": [7, 36], "US": [67]}, next=US_1)
    play(st, {"card": 67}, {"use": "event"}, {"card": 36}, {"use": "coup"}, {"country": "Iraq"}, 6)
    assert st.d["influence"]["Iraq"] == {"US": 2, "USSR": 0}
    assert st.d["milops"]["US"] == 3 and st.d["defcon"] == 4
    assert {36, 67} <= set(st.d["discard"]) and st.d["table"] == [] and st.d["vp"] == 0


@pytest.mark.rule("card 67", "6.4.5", "card 59")
def test_grain_sales_a_drawn_war_card_and_flower_power():
    """Card 67 with card 59 in force: the US plays a drawn war card (Brush War, 36) for operations:
    2 VP to the USSR; played for the Space Race instead, nothing (and no opponent's event)."""
    st = pos({"USSR": [7, 36], "US": [67]}, next=US_1, **FLOWER)
    play(st, {"card": 67}, {"use": "event"}, {"card": 36}, {"use": "influence"})
    assert st.d["vp"] == -2
    st = pos({"USSR": [7, 36], "US": [67]}, next=US_1, **FLOWER)
    play(st, {"card": 67}, {"use": "event"}, {"card": 36}, {"use": "space"}, 6)
    assert st.d["vp"] == 0 and 36 in st.d["discard"] and question(st) == "action_round.play"


@pytest.mark.rule("card 67")
@pytest.mark.reading("C067")
@pytest.mark.parametrize("options, card_67_text, ops", [
    (None, "edition", False), (None, "seed", False), (None, "deluxe", True),
    (DELUXE, "edition", True), (DELUXE, "seed", False), (DELUXE, "deluxe", True)])
def test_grain_sales_with_an_empty_ussr_hand(options, card_67_text, ops):
    """Card 67 with no card in the USSR's hand, under ruling card_67_text (C067): the seed's text
    gives nothing (operations only 'Se ritornata'), Grain Sales to the discards; the Deluxe card's
    gives the US Grain Sales' operations."""
    st = position(next=US_1, turn=4, hands={"USSR": [], "US": [67]}, options=options,
                  rulings={"card_67_text": card_67_text})
    play(st, {"card": 67}, {"use": "event"})
    if ops:
        assert question(st) == "event_operations.use" and st.current_player() == "US"
        play(st, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"})
        assert st.d["influence"]["Japan"]["US"] == 3
    assert question(st) == "action_round.play" and 67 in st.d["discard"]


@pytest.mark.rule("card 67", "5.2")
def test_grain_sales_triggered_by_ussr_operations_draws_from_the_ussr_hand():
    """5.2: the USSR plays card 67 for operations; the US carries out the event: the draw is from
    the USSR's hand as it is (without Grain Sales)."""
    st = pos({"USSR": [67, 7], "US": [4]})
    play(st, {"card": 67}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "event_67.drawn" and st.legal_actions() == [{"card": 7}]
    play(st, {"card": 7}, {"use": "return"}, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"})
    assert st.d["hands"]["USSR"] == [7] and st.current_player() == "USSR"


# -- 68 John Paul II Elected Pope ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 68", "7.3")
def test_john_paul_ii():
    """Card 68: 2 USSR influence out of Poland, 1 US in; the card beside the map, the US's effect
    (card 101 reads it). With 1 USSR influence there, 1 is removed."""
    st = pos({"USSR": [7], "US": [68]}, next=US_1, influence={"Poland": {"US": 0, "USSR": 3}})
    play(st, {"card": 68}, {"use": "event"})
    assert st.d["influence"]["Poland"] == {"US": 1, "USSR": 1}
    assert st.d["in_effect"] == [68] and st.d["effects"] == [record(68, "US", "cancelled")]
    st = pos({"USSR": [68], "US": [4]}, influence={"Poland": {"US": 0, "USSR": 1}})
    play(st, {"card": 68}, {"use": "influence"}, {"event": "before"}, {"country": "Romania"}, {"country": "Romania"})
    assert st.d["influence"]["Poland"] == {"US": 1, "USSR": 0} and effects.in_force(st, 68)


# -- 69 Latin American Death Squads ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 69", "6.3.2")
def test_death_squads_the_players_coups_plus_one_the_opponents_minus_one():
    """Card 69 played by the USSR: its coups in Central and South America +1; the US's there -1; a
    coup elsewhere unchanged; the card goes to the discards, the effect lasts the turn."""
    st = pos({"USSR": [69, 20], "US": [4, 34]})
    play(st, {"card": 69}, {"use": "event"})
    assert st.d["effects"] == [record(69, "USSR", "turn")] and 69 in st.d["discard"]
    st = pos({"USSR": [20], "US": [4]}, effects=[record(69, "USSR", "turn")], influence={"Panama": {"US": 2, "USSR": 0}})
    play(st, {"card": 20}, {"use": "coup"}, {"country": "Panama"}, 3)
    # 2 ops + die 3 + 1 - 2 x 2 = 2: the US's 2 removed
    assert st.d["influence"]["Panama"] == {"US": 0, "USSR": 0}
    st = pos({"USSR": [7], "US": [4]}, next=US_1, effects=[record(69, "USSR", "turn")],
             influence={"Venezuela": {"US": 0, "USSR": 2}})
    play(st, {"card": 4}, {"use": "coup"}, {"country": "Venezuela"}, 3)
    # 3 ops + die 3 - 1 - 2 x 2 = 1
    assert st.d["influence"]["Venezuela"] == {"US": 0, "USSR": 1}
    st = pos({"USSR": [7], "US": [4]}, next=US_1, effects=[record(69, "USSR", "turn")])
    play(st, {"card": 4}, {"use": "coup"}, {"country": "Iraq"}, 4)
    # 3 + 4 - 2 x 3 = 1 in Iraq (Middle East): no modifier
    assert st.d["influence"]["Iraq"] == {"US": 0, "USSR": 0}


@pytest.mark.rule("card 69", "4.5")
def test_death_squads_headlined_by_the_us_and_ended_with_the_turn():
    """Card 69 headlined by the US: the effect is the US's (its coups +1); it ends with the turn."""
    st = pos({"USSR": [7, 61], "US": [69, 4]}, next=HEADLINE)
    play(st, {"card": 61}, {"card": 69})
    assert effects.effect(st, 69) == record(69, "US", "turn")
    effects.end_of_turn(st)
    assert not effects.in_force(st, 69)


@pytest.mark.rule("card 69", "card 59")
def test_the_positions_round_trip_with_these_effects():
    """A state with the effects of cards 59, 60, 62, 65, 68 and 69 in force is written and read back
    unchanged (positions carry every effect's own state)."""
    from cdg_oracle.model.twilight_struggle.state import TwilightState

    st = pos({"USSR": [7], "US": [4]}, in_effect=[59, 65, 68],
             effects=[record(59, "USSR", "cancelled"), record(60, "USSR", "turn"),
                      record(62, "USSR", "turn", shown=[4]), record(65, "US", "cancelled"),
                      record(68, "US", "cancelled"), record(69, "US", "turn")])
    back = TwilightState.from_json(st.to_json())
    assert back.canonical() == st.canonical()
