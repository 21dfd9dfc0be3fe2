"""The China Card (9.0; card 6): played like a hand card (9.1), one of the action rounds (9.2), passed
face down (9.3), never in the headline nor in place of a scoring card (9.5), 4 ops and +1 in Asia
(9.6), never forced (9.8).

Set-up influence over which the positions play (no free placements): the USSR has 3 in North Korea
and East Germany; the US 1 in South Korea, Japan and Iran. Cards: 7 Socialist Governments (USSR,
3 ops), 4 Duck and Cover (US, 3 ops); scoring cards 1 (Asia), 2 (Europe), 3 (Middle East).
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.twilight_struggle.mapdata import load_map
from tests.twilight_struggle.helpers import play, position

CHINA = 6
MAP = load_map()


def china_round(hand=None, side="USSR", **state):
    """``side``'s first action round holding the China Card face up and ``hand`` (default: its
    own 3-op card); the other side holds its own 3-op card."""
    other = "US" if side == "USSR" else "USSR"
    own = {"USSR": 7, "US": 4}
    hand = [own[side]] if hand is None else list(hand)
    return position(china={"holder": side, "face_up": True}, hands={side: hand, other: [own[other]]},
                    next={"phase": "action_round", "side": side, "round": 1}, **state)


# -- 9.1: like a hand card, not in the hand size -----------------------------------------------------------

@pytest.mark.rule("9.1")
@pytest.mark.parametrize("holder", ["USSR", "US"])
def test_the_holder_may_play_it_like_a_hand_card(holder):
    """Either side holding the China Card face up may play it as part of its hand; the other may not."""
    st = china_round(side=holder)
    assert {"card": CHINA} in st.legal_actions()
    other = "US" if holder == "USSR" else "USSR"
    st = position(china={"holder": holder, "face_up": True}, hands={"USSR": [7], "US": [4]},
                  next={"phase": "action_round", "side": other, "round": 1})
    assert {"card": CHINA} not in st.legal_actions()


@pytest.mark.rule("9.1", "4.5")
def test_it_does_not_count_in_the_hand_size():
    """The deal fills each hand to 8 in turns 1-3 without counting the China Card: the USSR, which
    holds it, is dealt 8 cards like the US."""
    st = position(turn=2, hands={"USSR": [], "US": []}, next={"phase": "turn"})
    draws = 0
    while st.decision()["player"] == "chance":
        play(st, st.legal_actions()[0])
        draws += 1
    assert draws == 16
    assert len(st.d["hands"]["USSR"]) == 8 and len(st.d["hands"]["US"]) == 8
    assert st.d["china"] == {"holder": "USSR", "face_up": True}


# -- 9.2, 9.3: an action round; passed face down ------------------------------------------------------------

@pytest.mark.rule("9.2", "9.3")
def test_it_is_one_of_the_action_rounds_and_passes_face_down():
    """Playing the China Card is the side's action round (its 6th and last here, so the card it
    still holds stays in hand); the card passes at once to the opponent face down, who may not play
    it this turn; at the end of the turn it is turned face up."""
    st = position(hands={"USSR": [7], "US": [4]}, next={"phase": "action_round", "side": "USSR", "round": 6})
    play(st, {"card": CHINA})
    assert st.d["china"] == {"holder": "US", "face_up": False}
    play(st, {"use": "influence"}, *[{"country": "East Germany"}] * 4)
    assert st.d["influence"]["East Germany"]["USSR"] == 3 + 4
    assert st.decision()["prompt"] == "US: action round 6: play a card"
    assert st.legal_actions() == [{"card": 4}]
    play(st, {"card": 4}, {"use": "influence"}, *[{"country": "Japan"}] * 3)
    assert st.d["turn"] == 2
    assert st.d["china"] == {"holder": "US", "face_up": True}
    assert 7 in st.d["hands"]["USSR"]


@pytest.mark.rule("9.3")
def test_a_face_down_china_card_is_not_playable():
    """Received face down this turn, the China Card is not among the holder's plays."""
    st = position(china={"holder": "US", "face_up": False}, hands={"USSR": [7], "US": [4]},
                  next={"phase": "action_round", "side": "US", "round": 2})
    assert st.legal_actions() == [{"card": 4}]


# -- 9.5: never in the headline; never in place of a scoring card -------------------------------------------

@pytest.mark.rule("9.5", "4.5")
def test_never_in_the_headline():
    """The China Card cannot be chosen as a headline."""
    st = position(china={"holder": "USSR", "face_up": True}, hands={"USSR": [2, 3, 7], "US": [1, 4]},
                  next={"phase": "headline"})
    assert st.decision()["player"] == "USSR"
    assert {"card": CHINA} not in st.legal_actions()
    assert st.legal_actions() == [{"card": 2}, {"card": 3}, {"card": 7}]


@pytest.mark.rule("9.5", "4.5")
@pytest.mark.parametrize("turn, round_, hand, china", [
    (1, 6, [2, 7], False),       # the last round, a scoring card held: the scoring card
    (4, 6, [2, 3, 7], False),    # two rounds left, two scoring cards
    (4, 6, [2, 7], True),        # two rounds left, one scoring card: the China Card may come first
    (1, 5, [2, 7], True),
])
def test_not_when_it_would_keep_a_scoring_card_from_being_played(turn, round_, hand, china):
    """The China Card may not be played when that would leave a scoring card unplayed this turn
    (as many scoring cards as action rounds left)."""
    st = position(turn=turn, china={"holder": "USSR", "face_up": True}, hands={"USSR": hand, "US": [4]},
                  next={"phase": "action_round", "side": "USSR", "round": round_})
    assert ({"card": CHINA} in st.legal_actions()) is china


# -- 9.6: 4 ops, +1 all in Asia -----------------------------------------------------------------------------

@pytest.mark.rule("9.6")
def test_five_influence_when_all_are_placed_in_asia():
    """All its ops spent in Asia, the China Card is worth 5: five markers in North Korea."""
    st = china_round()
    play(st, {"card": CHINA}, {"use": "influence"}, *[{"country": "North Korea"}] * 5)
    assert st.d["influence"]["North Korea"]["USSR"] == 3 + 5
    assert st.decision()["player"] == "US"


@pytest.mark.rule("9.6", "2.1.2")
def test_southeast_asia_is_asia_for_the_bonus():
    """Southeast Asia is part of Asia: five markers in Vietnam and Thailand earn the bonus."""
    st = china_round(influence={"Vietnam": {"US": 0, "USSR": 1}})
    play(st, {"card": CHINA}, {"use": "influence"}, *[{"country": "Vietnam"}] * 3, *[{"country": "Thailand"}] * 2)
    assert st.d["influence"]["Vietnam"]["USSR"] == 1 + 3 and st.d["influence"]["Thailand"]["USSR"] == 2
    assert st.decision()["player"] == "US"


@pytest.mark.rule("9.6")
def test_four_influence_when_one_goes_outside_asia():
    """One marker outside Asia (East Germany) loses the bonus: 4 markers in all."""
    st = china_round()
    play(st, {"card": CHINA}, {"use": "influence"}, {"country": "East Germany"}, *[{"country": "North Korea"}] * 3)
    assert st.d["influence"]["East Germany"]["USSR"] == 3 + 1 and st.d["influence"]["North Korea"]["USSR"] == 3 + 3
    assert st.decision()["player"] == "US"


@pytest.mark.rule("9.6")
def test_the_fifth_marker_may_only_go_to_asia():
    """After four markers in Asia the fifth is the bonus: it can only go to an Asian country."""
    st = china_round()
    play(st, {"card": CHINA}, {"use": "influence"}, *[{"country": "North Korea"}] * 4)
    targets = [a["country"] for a in st.legal_actions()]
    assert targets and all(MAP.in_area(c, "Asia") for c in targets)
    assert "East Germany" not in targets and "North Korea" in targets


@pytest.mark.rule("9.6", "6.1.1")
def test_the_ops_left_are_counted_where_the_next_marker_may_go():
    """The prompt counts the ops that can go where the next marker would go: 5 in Asia and 4
    elsewhere while every marker so far went to Asia; 1 'in Asia only' once the card's 4 are
    spent there; one count (the bonus lost) once a marker went outside Asia."""
    st = china_round()
    play(st, {"card": CHINA}, {"use": "influence"})
    assert st.decision()["prompt"] == "USSR: place 1 influence (5 ops left in Asia, 4 elsewhere)"
    play(st, *[{"country": "North Korea"}] * 4)
    assert st.decision()["prompt"] == "USSR: place 1 influence (1 op left, in Asia only)"
    st = china_round()
    play(st, {"card": CHINA}, {"use": "influence"}, {"country": "North Korea"}, {"country": "East Germany"})
    assert st.decision()["prompt"] == "USSR: place 1 influence (2 ops left)"
    st = china_round()
    play(st, {"card": CHINA}, {"use": "realign"})
    assert st.decision()["prompt"] == "USSR: realignment roll target (5 ops left in Asia, 4 elsewhere)"


@pytest.mark.rule("9.6", "6.1.2")
def test_with_the_bonus_lost_the_last_op_cannot_buy_a_marker_in_an_enemy_controlled_country():
    """Three markers outside Asia leave the China Card 1 op (its bonus lost, 9.6): a marker in
    West Germany, which the US controls, would cost 2 (6.1.2) and is not offered."""
    st = china_round(influence={"West Germany": {"US": 4, "USSR": 0}})
    play(st, {"card": CHINA}, {"use": "influence"}, *[{"country": "East Germany"}] * 3)
    assert st.decision()["prompt"] == "USSR: place 1 influence (1 op left)"
    targets = [a["country"] for a in st.legal_actions()]
    assert "West Germany" not in targets and "East Germany" in targets


@pytest.mark.rule("9.6", "6.3.2", "6.3.3", "8.2.3")
def test_a_coup_in_asia_has_five_ops():
    """A coup in Asia with the China Card has 5 ops: in South Korea (stability 3) a 2 gives
    5 + 2 - 6 = 1, the US's 1 influence removed; 5 Military Operations; a battleground: DEFCON 4."""
    st = china_round()
    play(st, {"card": CHINA}, {"use": "coup"}, {"country": "South Korea"}, 2)
    assert st.d["influence"]["South Korea"] == {"US": 0, "USSR": 0}
    assert st.d["milops"]["USSR"] == 5 and st.d["defcon"] == 4


@pytest.mark.rule("9.6", "6.3.2", "6.3.3", "8.2.3")
def test_a_coup_outside_asia_has_four_ops():
    """Outside Asia the China Card has its 4 ops: in Iran (stability 2) a 1 gives 4 + 1 - 4 = 1,
    the US's 1 influence removed and none added; 4 Military Operations."""
    st = china_round()
    play(st, {"card": CHINA}, {"use": "coup"}, {"country": "Iran"}, 1)
    assert st.d["influence"]["Iran"] == {"US": 0, "USSR": 0}
    assert st.d["milops"]["USSR"] == 4


# -- 9.8: never forced -------------------------------------------------------------------------------------

@pytest.mark.rule("9.8", "5.1")
def test_a_side_with_only_the_china_card_may_pass():
    """A lack of cards never forces the China Card: a side holding only it may pass its action round
    (and keeps it); with another card in hand it may not pass (5.1)."""
    st = china_round(hand=())
    assert st.legal_actions() == [{"card": CHINA}, {"pass": True}]
    play(st, {"pass": True})
    assert st.decision()["prompt"] == "US: action round 1: play a card"
    assert st.d["china"] == {"holder": "USSR", "face_up": True}
    st = china_round(hand=(7,))
    assert {"pass": True} not in st.legal_actions()


@pytest.mark.rule("9.6", "8.2.3")
@pytest.mark.reading("P03")
@pytest.mark.parametrize("china_bonus_milops, milops", [(True, 5), (False, 4)])
def test_the_china_bonus_on_the_military_operations_track(china_bonus_milops, milops):
    """P03: a China Card coup in Asia is made with 5 ops (9.6); by default the marker moves 5 (7.4.2:
    the modified value counts for all purposes), under the other reading the printed 4."""
    st = position(hands={"USSR": [7], "US": [4]}, influence={"Pakistan": {"US": 1, "USSR": 0}},
                  rulings={"china_bonus_milops": china_bonus_milops})
    play(st, {"card": 6}, {"use": "coup"}, {"country": "Pakistan"}, 1)
    assert st.d["milops"]["USSR"] == milops
    assert st.d["influence"]["Pakistan"] == {"US": 0, "USSR": 1}  # 5 + 1 - 4 = 2: the coup itself has 5 either way
