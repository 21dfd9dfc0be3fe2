"""The events of Mid War cards 70-80 (events/mid_70_81.py): each played as an event by its side,
as a headline where it matters, triggered by the opponent's operations (5.2), its prerequisite, its
boundary cases, where its card goes, and Shuttle Diplomacy's lasting effect on the Asia and Middle
East scorings (and the final scoring, by edition: registry C073)."""
from __future__ import annotations

import pytest

from cdg_oracle.model.twilight_struggle import cardplay
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.scoring import region_vp
from cdg_oracle.model.twilight_struggle.victory import final_scoring
from tests.twilight_struggle.helpers import ZERO, cleared, play, position, question

USSR_1 = {"phase": "action_round", "side": "USSR", "round": 1}
US_1 = {"phase": "action_round", "side": "US", "round": 1}
HEADLINE = {"phase": "headline"}
SHUTTLE = {"card": 73, "side": "US", "until": "cancelled"}


def countries_of(st, *areas: str) -> list[str]:
    return [c for c in st.map.countries if any(st.map.in_area(c, a) for a in areas)]


def offered(st) -> set[str]:
    return {a["country"] for a in st.legal_actions() if "country" in a}


def us_event(card: int, **state):
    """The US's first action round of turn 4, playing ``card`` as its event (each side keeps a
    card, so that play stops at the USSR's next round)."""
    st = position(turn=4, next=US_1, **{"hands": {"USSR": [7], "US": [card, 69]}, **state})
    return play(st, {"card": card}, {"use": "event"})


def ussr_ops(card: int, use: str = "influence", order: str = "after", **state):
    """The USSR's first action round of turn 4, playing the US's ``card`` for operations, its event
    after (or before) them."""
    st = position(turn=4, next=USSR_1, **{"hands": {"USSR": [card, 7], "US": [69]}, **state})
    return play(st, {"card": card}, {"use": use}, {"event": order})


# -- 70 OAS Founded ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 70", "2.2.4")
def test_oas_founded_places_two_us_influence_in_the_americas_and_is_removed():
    st = us_event(70)
    assert question(st) == "place_influence.where" and st.decision()["player"] == "US"
    assert offered(st) == set(countries_of(st, "Central America", "South America"))
    play(st, {"country": "Panama"}, {"country": "Brazil"})
    assert st.d["influence"]["Panama"] == {"US": 2, "USSR": 0}
    assert st.d["influence"]["Brazil"] == {"US": 1, "USSR": 0}
    assert 70 in st.d["removed"] and st.decision()["player"] == "USSR"


@pytest.mark.rule("card 70", "5.2")
def test_oas_founded_triggered_by_ussr_operations_is_carried_out_by_the_us():
    """5.2: the USSR plays OAS (1 op) for influence, the event after; the US places its 2 markers,
    both in one country if it likes (no limit per country)."""
    st = ussr_ops(70, **{"influence": {"North Korea": {"US": 0, "USSR": 3}}})
    play(st, {"country": "North Korea"})
    assert question(st) == "place_influence.where" and st.decision()["player"] == "US"
    play(st, {"country": "Mexico"}, {"country": "Mexico"})
    assert st.d["influence"]["Mexico"] == {"US": 2, "USSR": 0}
    assert st.d["influence"]["North Korea"]["USSR"] == 4
    assert 70 in st.d["removed"]


# -- 71 Nixon Plays the China Card ------------------------------------------------------------------------------
@pytest.mark.rule("card 71", "5.5", "9.4")
def test_nixon_takes_the_china_card_face_down_from_the_ussr():
    """The USSR holds it: the US takes it face down (the text over 9.4), so it is not among its
    plays this turn; no VP."""
    st = position(turn=4, next=US_1, hands={"USSR": [7, 10], "US": [71, 67]})
    play(st, {"card": 71}, {"use": "event"})
    assert st.d["china"] == {"holder": "US", "face_up": False} and st.d["vp"] == 0
    assert 71 in st.d["removed"]
    play(st, {"card": 7}, {"use": "influence"}, *[{"country": "North Korea"}] * 3)
    assert st.decision()["player"] == "US" and {"card": CHINA_CARD} not in st.legal_actions()


@pytest.mark.rule("card 71")
@pytest.mark.parametrize("face_up", [True, False])
def test_nixon_gives_two_vp_when_the_us_holds_the_china_card(face_up):
    st = us_event(71, china={"holder": "US", "face_up": face_up})
    assert st.d["vp"] == 2 and st.d["china"] == {"holder": "US", "face_up": face_up}
    assert 71 in st.d["removed"]


@pytest.mark.rule("card 71", "5.2")
def test_nixon_triggered_by_ussr_operations_takes_the_china_card():
    st = ussr_ops(71, order="before")
    assert st.d["china"] == {"holder": "US", "face_up": False}
    play(st, *[{"country": "North Korea"}] * 2)
    assert st.d["influence"]["North Korea"]["USSR"] == 5 and 71 in st.d["removed"]


# -- 72 Sadat Expels Soviets ---------------------------------------------------------------------------------------
@pytest.mark.rule("card 72")
@pytest.mark.parametrize("ussr, us", [(4, 0), (0, 0), (2, 3)])
def test_sadat_removes_all_ussr_influence_from_egypt_and_adds_one_us(ussr, us):
    st = us_event(72, influence={"Egypt": {"US": us, "USSR": ussr}})
    assert st.d["influence"]["Egypt"] == {"US": us + 1, "USSR": 0}
    assert 72 in st.d["removed"]


# -- 73 Shuttle Diplomacy ---------------------------------------------------------------------------------------------
@pytest.mark.rule("card 73", "7.3", "2.2.5")
def test_shuttle_diplomacy_goes_beside_the_map_for_the_us():
    st = us_event(73)
    assert st.d["in_effect"] == [73] and st.d["effects"] == [SHUTTLE]
    assert 73 not in st.d["discard"] + st.d["removed"]


@pytest.mark.rule("card 73", "5.2", "7.3")
def test_shuttle_diplomacy_triggered_by_ussr_operations_is_the_us_effect():
    st = ussr_ops(73, influence={"North Korea": {"US": 0, "USSR": 3}})
    play(st, *[{"country": "North Korea"}] * 3)
    assert st.d["in_effect"] == [73] and st.d["effects"] == [SHUTTLE]


def asia_board() -> dict:
    """Asia cleared, then: the USSR controls North Korea and India (battlegrounds) and
    Afghanistan, the US Japan (a battleground). Without card 73: USSR Domination 7 + 2
    battlegrounds = 9, US Presence 3 + 1 = 4: 5 VP to the USSR. With it the USSR counts 2 countries
    and 1 battleground: no Domination (1 battleground is not more than 1): 3 + 1 = 4 against 4: 0."""
    from cdg_oracle.model.twilight_struggle.scenarios import new_game

    asia = countries_of(new_game(), "Asia")
    return {**cleared(*asia), "North Korea": {"US": 0, "USSR": 3}, "India": {"US": 0, "USSR": 3},
            "Afghanistan": {"US": 0, "USSR": 2}, "Japan": {"US": 4, "USSR": 0}}


def middle_east_board() -> dict:
    """Middle East cleared, then the USSR controls Iraq and Libya (battlegrounds) and Syria: 3
    countries, 2 battlegrounds, Domination 5 + 2 = 7; with card 73: 2 countries, 1 battleground,
    still Domination (1 > 0, a non-battleground among them): 5 + 1 = 6."""
    from cdg_oracle.model.twilight_struggle.scenarios import new_game

    me = countries_of(new_game(), "Middle East")
    return {**cleared(*me), "Iraq": {"US": 0, "USSR": 3}, "Libya": {"US": 0, "USSR": 2}, "Syria": {"US": 0, "USSR": 2}}


@pytest.mark.rule("card 73", "10.1.1", "10.1.2")
@pytest.mark.parametrize("in_force, vp", [(False, -5), (True, 0)])
def test_shuttle_diplomacy_takes_a_battleground_off_the_ussr_at_asia_scoring_then_is_discarded(in_force, vp):
    extra = {"in_effect": [73], "effects": [SHUTTLE]} if in_force else {}
    st = position(turn=4, next=USSR_1, hands={"USSR": [1], "US": []}, influence=asia_board(), **extra)
    play(st, {"card": 1}, {"use": "event"})
    assert st.d["vp"] == vp
    assert not st.d["effects"] and not st.d["in_effect"]
    assert (73 in st.d["discard"]) is in_force


@pytest.mark.rule("card 73", "10.1.1", "10.1.2")
@pytest.mark.parametrize("in_force, vp", [(False, -7), (True, -6)])
def test_shuttle_diplomacy_at_middle_east_scoring(in_force, vp):
    extra = {"in_effect": [73], "effects": [SHUTTLE]} if in_force else {}
    st = position(turn=4, next=US_1, hands={"USSR": [], "US": [3]}, influence=middle_east_board(), **extra)
    play(st, {"card": 3}, {"use": "event"})
    assert st.d["vp"] == vp and not st.d["effects"]


@pytest.mark.rule("card 73", "10.1.1")
def test_shuttle_diplomacy_can_take_away_the_ussr_presence():
    """The USSR's only country in the Middle East is a battleground: counted away, no Presence."""
    board = {**middle_east_board(), "Libya": dict(ZERO), "Syria": dict(ZERO)}
    st = position(turn=4, next=US_1, hands={"USSR": [], "US": [3]}, influence=board,
                  in_effect=[73], effects=[SHUTTLE])
    assert region_vp(st, "Middle East") == {"US": 0, "USSR": 0}
    st.d["effects"], st.d["in_effect"] = [], []
    st.d["discard"].append(73)
    assert region_vp(st, "Middle East") == {"US": 0, "USSR": 3 + 1}


@pytest.mark.rule("card 73", "7.2", "10.1")
def test_shuttle_diplomacy_ignores_other_scorings_and_takes_nothing_from_the_us():
    """Southeast Asia Scoring and Europe Scoring are not the next Asia or Middle East scoring: the
    card stays; the US's battlegrounds are never counted away."""
    st = position(turn=4, next=US_1, hands={"USSR": [], "US": [38, 2]}, in_effect=[73], effects=[SHUTTLE],
                  influence={"Thailand": {"US": 2, "USSR": 0}})
    play(st, {"card": 38}, {"use": "event"})
    assert st.d["vp"] == 2 and st.d["effects"] == [SHUTTLE]
    assert effects.total(st, "scoring_battlegrounds", side="US", region="Asia", final=False) == 0
    assert effects.total(st, "scoring_battlegrounds", side="USSR", region="Asia", final=False) == 1


def final(reading: str | None, edition: str = "seed", shuttle: bool = True):
    """The final scoring of a position with Asia and the Middle East as above (ruling
    ``card_73_text`` = ``reading``)."""
    extra = {"in_effect": [73], "effects": [SHUTTLE]} if shuttle else {}
    kw = {"rulings": {"card_73_text": reading}} if reading else {}
    if edition != "seed":
        kw["options"] = {"edition": edition}
    st = position(turn=10, next=US_1, hands={"USSR": [], "US": []},
                  influence={**asia_board(), **middle_east_board()}, **extra, **kw)
    final_scoring(st, {})
    return st


@pytest.mark.rule("card 73", "10.3.2")
@pytest.mark.reading("C073")
@pytest.mark.parametrize("reading, edition, gain", [
    (None, "seed", 5),          # the seed's card: the final scoring's Asia (scored first) reads it
    ("seed", "deluxe", 5),
    (None, "deluxe", 0),        # the Deluxe card: not at the final scoring
    ("deluxe", "seed", 0),
])
def test_shuttle_diplomacy_at_the_final_scoring_by_edition(reading, edition, gain):
    """Only Asia's scoring changes (5 VP, as at a card's scoring); the Middle East, scored after,
    finds the card discarded under the seed's text."""
    without = final(None, edition, shuttle=False).d["vp"]
    st = final(reading, edition)
    assert st.d["vp"] - without == gain
    assert (73 in st.d["discard"]) is (gain > 0)


# -- 74 The Voice of America ----------------------------------------------------------------------------------------
@pytest.mark.rule("card 74")
def test_voice_of_america_removes_four_ussr_influence_outside_europe_two_at_most_per_country():
    st = us_event(74)
    assert offered(st) == {"Iraq", "North Korea", "Syria"}  # East Germany and Finland are European
    play(st, {"country": "North Korea"}, {"country": "North Korea"})
    assert offered(st) == {"Iraq", "Syria"}
    play(st, {"country": "Iraq"}, {"country": "Syria"})
    assert st.d["influence"]["North Korea"]["USSR"] == 1
    assert st.d["influence"]["Iraq"]["USSR"] == 0 and st.d["influence"]["Syria"]["USSR"] == 0
    assert 74 in st.d["discard"] and st.decision()["player"] == "USSR"


@pytest.mark.rule("card 74")
def test_voice_of_america_stops_when_nothing_is_left_to_remove():
    st = us_event(74, influence=cleared("Iraq", "Syria"))
    play(st, {"country": "North Korea"}, {"country": "North Korea"})
    assert st.d["influence"]["North Korea"]["USSR"] == 1 and st.decision()["player"] == "USSR"
    assert st.d["influence"]["East Germany"]["USSR"] == 3


@pytest.mark.rule("card 74", "5.2")
def test_voice_of_america_triggered_by_ussr_operations():
    st = ussr_ops(74, order="before")
    assert st.decision()["player"] == "US" and question(st) == "remove_influence.where"
    play(st, {"country": "Iraq"}, {"country": "Syria"}, {"country": "North Korea"}, {"country": "North Korea"})
    assert st.decision()["player"] == "USSR"


# -- 75 Liberation Theology ------------------------------------------------------------------------------------------
@pytest.mark.rule("card 75")
def test_liberation_theology_places_three_ussr_influence_in_central_america_two_at_most_per_country():
    st = position(turn=4, next=USSR_1, hands={"USSR": [75], "US": [69]})
    play(st, {"card": 75}, {"use": "event"})
    assert offered(st) == set(countries_of(st, "Central America"))
    play(st, {"country": "Cuba"}, {"country": "Cuba"})
    assert "Cuba" not in offered(st)
    play(st, {"country": "Nicaragua"})
    assert st.d["influence"]["Cuba"] == {"US": 0, "USSR": 2}
    assert st.d["influence"]["Nicaragua"] == {"US": 0, "USSR": 1}
    assert 75 in st.d["discard"] and st.decision()["player"] == "US"


@pytest.mark.rule("card 75", "5.2")
def test_liberation_theology_triggered_by_us_operations_is_placed_by_the_ussr():
    st = position(turn=4, next=US_1, hands={"USSR": [7], "US": [75]})
    play(st, {"card": 75}, {"use": "influence"}, {"event": "before"})
    assert st.decision()["player"] == "USSR" and question(st) == "place_influence.where"
    play(st, *[{"country": "Panama"}] * 2, {"country": "Haiti"})
    assert st.d["influence"]["Panama"] == {"US": 1, "USSR": 2}
    assert st.decision()["player"] == "US" and question(st) == "influence.place"
    play(st, *[{"country": "Japan"}] * 2)
    assert 75 in st.d["discard"]


# -- 76 Ussuri River Skirmish -----------------------------------------------------------------------------------------
@pytest.mark.rule("card 76", "9.4")
def test_ussuri_takes_the_china_card_face_up_playable_this_turn():
    st = position(turn=4, next=US_1, hands={"USSR": [7, 10], "US": [76, 67]})
    play(st, {"card": 76}, {"use": "event"})
    assert st.d["china"] == {"holder": "US", "face_up": True}
    assert st.d["influence"] == position(turn=4).d["influence"]
    assert 76 in st.d["removed"]
    play(st, {"card": 7}, {"use": "influence"}, *[{"country": "North Korea"}] * 3)
    assert {"card": CHINA_CARD} in st.legal_actions()


@pytest.mark.rule("card 76", "2.1.2")
def test_ussuri_places_four_us_influence_in_asia_when_the_us_holds_the_china_card():
    st = us_event(76, china={"holder": "US", "face_up": False})
    assert offered(st) == set(countries_of(st, "Asia")) and "Thailand" in offered(st)
    play(st, {"country": "Thailand"}, {"country": "Thailand"})
    assert "Thailand" not in offered(st)
    play(st, {"country": "India"}, {"country": "Pakistan"})
    assert st.d["influence"]["Thailand"]["US"] == 2
    assert st.d["influence"]["India"]["US"] == 1 and st.d["influence"]["Pakistan"]["US"] == 1
    assert st.d["china"] == {"holder": "US", "face_up": False} and 76 in st.d["removed"]


@pytest.mark.rule("card 76", "5.2")
def test_ussuri_triggered_by_ussr_operations_takes_its_china_card():
    st = ussr_ops(76, order="before")
    assert st.d["china"] == {"holder": "US", "face_up": True}


# -- 77 Ask Not What Your Country Can Do For You ------------------------------------------------------------------------
@pytest.mark.rule("card 77", "4.5")
def test_ask_not_discards_the_chosen_cards_then_draws_as_many():
    """The US chooses 2 cards (scoring included), in rising order; then 2 draws, each a chance node
    over the draw pile."""
    st = position(turn=4, next=US_1, hands={"USSR": [], "US": [77, 1, 67, 68]})
    play(st, {"card": 77}, {"use": "event"})
    assert question(st) == "event_77.pick" and st.decision()["player"] == "US"
    assert st.legal_actions() == [{"card": 1}, {"card": 67}, {"card": 68}, {"stop": True}]
    play(st, {"card": 1})
    assert st.legal_actions() == [{"card": 67}, {"card": 68}, {"stop": True}]
    play(st, {"card": 68}, {"stop": True})
    assert 1 in st.d["discard"] and 68 in st.d["discard"] and st.d["hands"]["US"] == [67]
    assert question(st) == "draw_cards.drawn"
    pile = list(st.d["deck"])
    assert sorted(a["card"] for a in st.legal_actions()) == pile
    play(st, {"card": pile[0]}, {"card": pile[-1]})
    assert st.d["hands"]["US"] == sorted([67, pile[0], pile[-1]])
    assert len(st.d["deck"]) == len(pile) - 2
    assert 77 in st.d["removed"] and st.decision()["player"] == "USSR"


@pytest.mark.rule("card 77")
def test_ask_not_may_discard_nothing():
    st = position(turn=4, next=US_1, hands={"USSR": [], "US": [77, 67]})
    deck = list(st.d["deck"])
    play(st, {"card": 77}, {"use": "event"}, {"stop": True})
    assert st.d["hands"]["US"] == [67] and st.d["deck"] == deck and 77 in st.d["removed"]


@pytest.mark.rule("card 77", "4.3")
def test_ask_not_reshuffles_the_discards_when_the_pile_runs_out():
    """One card left in the pile: the first draw takes it, then the discards (the two cards just
    discarded among them) become the pile (4.3)."""
    base = position(turn=4)
    pool = sorted(n for n in base.d["deck"] if n not in (77, 67, 68))
    keep, old = pool[0], pool[1:3]
    starred = [n for n in pool[3:] if base.cards[n].removed]
    rest = [n for n in pool[3:] if n not in starred]
    st = position(turn=4, next=US_1, hands={"USSR": [], "US": [77, 67, 68]}, discard=sorted(old + rest),
                  removed=starred)
    assert st.d["deck"] == [keep]
    old = sorted(old + rest)
    play(st, {"card": 77}, {"use": "event"}, {"card": 67}, {"card": 68}, {"stop": True})
    assert st.legal_actions() == [{"card": keep}]
    play(st, {"card": keep})
    assert st.d["discard"] == [] and sorted(a["card"] for a in st.legal_actions()) == sorted(old + [67, 68])
    play(st, {"card": 67})
    assert st.d["hands"]["US"] == sorted([keep, 67]) and st.d["deck"] == sorted(old + [68])


@pytest.mark.rule("card 77", "5.2")
def test_ask_not_triggered_by_ussr_operations_is_the_us_choice():
    st = position(turn=4, next=USSR_1, hands={"USSR": [77], "US": [67]})
    play(st, {"card": 77}, {"use": "influence"}, {"event": "before"})
    assert question(st) == "event_77.pick" and st.decision()["player"] == "US"
    assert st.legal_actions() == [{"card": 67}, {"stop": True}]


# -- 78 Alliance for Progress ------------------------------------------------------------------------------------------
@pytest.mark.rule("card 78")
def test_alliance_for_progress_one_vp_per_us_battleground_in_the_americas():
    """Panama (2 US, set-up 1 +1), Mexico and Brazil: 3 battlegrounds; Honduras is not one; Cuba is
    contested (US 3, USSR 1: not controlled)."""
    board = {"Panama": {"US": 2, "USSR": 0}, "Mexico": {"US": 2, "USSR": 0}, "Brazil": {"US": 3, "USSR": 1},
             "Honduras": {"US": 2, "USSR": 0}, "Cuba": {"US": 3, "USSR": 1}}
    st = us_event(78, influence=board)
    assert st.d["vp"] == 3 and 78 in st.d["removed"]


@pytest.mark.rule("card 78", "5.2")
def test_alliance_for_progress_with_no_battleground_still_happens_and_is_removed():
    """5.2 EXAMPLE 3: the USSR plays Alliance for Progress, the US controls no battleground in the
    Americas: the event counts as played and the card is removed."""
    st = ussr_ops(78, influence={"Panama": dict(ZERO)})
    play(st, *[{"country": "North Korea"}] * 3)
    assert st.d["vp"] == 0 and 78 in st.d["removed"]


# -- 80 One Small Step --------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 80", "6.4.3")
@pytest.mark.parametrize("mine, theirs, after, vp", [
    (0, 1, 2, 0),   # box 2 gives no VP
    (2, 5, 4, 0),
    (3, 4, 5, 3),   # box 5 first: 3 VP (box 4 passed: no VP)
    (4, 5, 6, 0),
    (5, 8, 7, 2),   # box 7 second: 2 VP
    (7, 8, 8, 0),   # the last box: one box only, no second box's VP
])
def test_one_small_step_advances_two_boxes_with_the_second_box_vp(mine, theirs, after, vp):
    st = position(turn=4, next=US_1, hands={"USSR": [], "US": [80]}, space={"US": mine, "USSR": theirs})
    play(st, {"card": 80}, {"use": "event"})
    assert st.d["space"] == {"US": after, "USSR": theirs} and st.d["vp"] == vp
    assert st.d["space_attempts"]["US"] == 0 and 80 in st.d["discard"]


@pytest.mark.rule("card 80", "7.5")
@pytest.mark.parametrize("mine, theirs", [(0, 0), (3, 3), (4, 2)])
def test_one_small_step_is_no_event_unless_behind(mine, theirs):
    st = position(turn=4, next=USSR_1, hands={"USSR": [80], "US": []}, space={"USSR": mine, "US": theirs})
    play(st, {"card": 80})
    assert {"use": "event"} not in st.legal_actions() and {"use": "influence"} in st.legal_actions()


@pytest.mark.rule("card 80", "4.5")
def test_one_small_step_as_the_ussr_headline():
    """The USSR behind (1 against 2) headlines it: boxes 2 and 3, box 3 first: 2 VP. The US's
    Sadat (1 op) is resolved after it (2 ops)."""
    st = position(turn=4, next=HEADLINE, hands={"USSR": [80, 7], "US": [72, 69]}, space={"USSR": 1, "US": 2})
    play(st, {"card": 80}, {"card": 72})
    assert st.d["space"]["USSR"] == 3 and st.d["vp"] == -2 and 80 in st.d["discard"]
    assert st.d["influence"]["Egypt"] == {"US": 1, "USSR": 0} and 72 in st.d["removed"]


@pytest.mark.rule("card 80", "4.5", "5.2")
def test_one_small_step_headlined_when_not_behind_does_not_happen():
    st = position(turn=4, next=HEADLINE, hands={"USSR": [80, 7], "US": [72, 69]})
    play(st, {"card": 80}, {"card": 72})
    assert st.d["space"] == {"USSR": 0, "US": 0} and 80 in st.d["discard"]


# -- the ops values ---------------------------------------------------------------------------------------------------
@pytest.mark.rule("7.4")
def test_the_cards_ops_values():
    st = position(turn=4)
    got = {n: cardplay.ops_value(st, "US", n) for n in (70, 71, 72, 73, 74, 75, 76, 77, 78, 80)}
    assert got == {70: 1, 71: 2, 72: 1, 73: 3, 74: 2, 75: 2, 76: 3, 77: 3, 78: 3, 80: 2}


# -- positions -----------------------------------------------------------------------------------------------------------
@pytest.mark.rule("card 73", "card 77", "7.3")
def test_positions_carry_shuttle_diplomacy_and_ask_not_half_chosen():
    """A position with Shuttle Diplomacy in force, stopped inside Ask Not's choice (one card chosen),
    is written and read back to the same state."""
    from cdg_oracle.model.core.position import from_document, to_document

    st = position(turn=4, next=US_1, hands={"USSR": [7], "US": [77, 67, 68]}, in_effect=[73], effects=[SHUTTLE])
    play(st, {"card": 77}, {"use": "event"}, {"card": 67})
    back = from_document(to_document(st))
    assert back.canonical() == st.canonical() and back.legal_actions() == [{"card": 68}, {"stop": True}]
    assert back.d["effects"] == [SHUTTLE]
