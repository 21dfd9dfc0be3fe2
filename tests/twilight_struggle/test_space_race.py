"""The Space Race (6.4): the boxes' requirements and rolls (6.4.1), one card a turn (6.4.2), the VP of
the first and second arrival (6.4.3), the abilities (6.4.4), no event (6.4.5) and the last box
(6.4.6). The seed's example of play (its turn 2 Space Race too) is played through the whole model
in test_example_of_play.py.

The chart (seed p. 26, rebuilt in seed_twilight_struggle.md section b) is written out below, never
read from data/tables.yaml. Cards by ops (USSR events unless noted): 10 Blockade (1), 30
Decolonization (2), 7 Socialist Governments (3), 34 Nuclear Test Ban (4, neutral); US events: 4
Duck and Cover (3), 5 Five Year Plan (3), 22 Independent Reds (2), 26 CIA Created (1).
"""
from __future__ import annotations

import pytest

from tests.twilight_struggle.helpers import play, position

#: box -> (ops needed, highest successful roll, VP to the first, VP to the second): the seed's chart.
CHART = {1: (2, 3, 2, 1), 2: (2, 4, 0, 0), 3: (2, 3, 2, 0), 4: (2, 4, 0, 0),
         5: (3, 3, 3, 1), 6: (3, 4, 0, 0), 7: (3, 3, 4, 2), 8: (4, 2, 2, 0)}
CARD_OF_OPS = {1: 10, 2: 30, 3: 7, 4: 34}


def ussr_round(space: dict, hand: list[int], attempts: int = 0, turn: int = 1, vp: int = 0):
    """The USSR's first action round with its Space Race marker at ``space``."""
    return position(turn=turn, vp=vp, space=space, space_attempts={"USSR": attempts, "US": 0},
                    hands={"USSR": hand, "US": [4]})


def uses(st, card: int) -> list:
    """The uses of ``card`` offered in the action round (a clone, the state untouched)."""
    c = st.clone()
    play(c, {"card": card})
    return c.legal_actions()


# -- 6.4.1: the requirement and the roll ------------------------------------------------------------------

@pytest.mark.rule("6.4.1", "6.4")
@pytest.mark.parametrize("box", sorted(CHART))
def test_a_card_needs_the_next_boxs_ops(box):
    """A card may be played for the Space Race when its ops value is at least the number the next
    box prints (2 for boxes 1-4, 3 for 5-7, 4 for 8); one op less is not enough."""
    need = CHART[box][0]
    st = ussr_round({"USSR": box - 1, "US": 0}, [CARD_OF_OPS[need]] + ([CARD_OF_OPS[need - 1]] if need > 1 else []))
    assert {"use": "space"} in uses(st, CARD_OF_OPS[need])
    if need > 1:
        assert {"use": "space"} not in uses(st, CARD_OF_OPS[need - 1])


@pytest.mark.rule("6.4.1", "6.4.3")
@pytest.mark.parametrize("box", sorted(CHART))
def test_a_roll_within_the_range_moves_the_marker_in(box):
    """A die within the box's range moves the marker into it; the first side there gains the box's
    first VP value (the US is still at box 0)."""
    _, high, first, _ = CHART[box]
    st = ussr_round({"USSR": box - 1, "US": 0}, [34])
    play(st, {"card": 34}, {"use": "space"}, high)
    assert st.d["space"]["USSR"] == box and st.d["vp"] == -first
    assert st.d["space_attempts"]["USSR"] == 1


@pytest.mark.rule("6.4.1")
@pytest.mark.parametrize("box", sorted(CHART))
def test_a_roll_above_the_range_fails(box):
    """A die one above the box's range leaves the marker where it was, no VP; the attempt is spent."""
    _, high, _, _ = CHART[box]
    st = ussr_round({"USSR": box - 1, "US": 0}, [34])
    play(st, {"card": 34}, {"use": "space"}, high + 1)
    assert st.d["space"]["USSR"] == box - 1 and st.d["vp"] == 0
    assert st.d["space_attempts"]["USSR"] == 1 and 34 in st.d["discard"]


# -- 6.4.3: first and second ---------------------------------------------------------------------------------

@pytest.mark.rule("6.4.3")
@pytest.mark.parametrize("box", sorted(CHART))
def test_the_second_side_to_reach_a_box_gains_its_second_value(box):
    """The second side to reach a box gains the number right of the slash (0 where it prints none)."""
    _, high, _, second = CHART[box]
    st = ussr_round({"USSR": box - 1, "US": box}, [34])
    play(st, {"card": 34}, {"use": "space"}, 1)
    assert st.d["space"]["USSR"] == box and st.d["vp"] == -second


@pytest.mark.rule("6.4.3")
def test_box_1_gives_2_to_the_first_and_1_to_the_second():
    """Earth Satellite (box 1), 2/1: the USSR arrives first (2 VP), the US next in the same turn (1 VP)."""
    st = position(hands={"USSR": [7], "US": [4]})
    play(st, {"card": 7}, {"use": "space"}, 1)
    assert st.d["vp"] == -2
    play(st, {"card": 4}, {"use": "space"}, 3)
    assert st.d["space"] == {"USSR": 1, "US": 1} and st.d["vp"] == -2 + 1


# -- 6.4.2: one card a turn -----------------------------------------------------------------------------------

@pytest.mark.rule("6.4.2")
def test_one_space_race_card_a_turn():
    """A side may play one card a turn for the Space Race, succeed or fail: the USSR's failed attempt
    in round 1 leaves it none in round 2 (the US's own attempt is its own)."""
    st = position(hands={"USSR": [7, 14], "US": [4, 5]})
    play(st, {"card": 7}, {"use": "space"}, 6, {"card": 4}, {"use": "space"}, 6)
    assert st.d["space"] == {"USSR": 0, "US": 0} and st.d["space_attempts"] == {"USSR": 1, "US": 1}
    assert st.decision()["player"] == "USSR"
    assert {"use": "space"} not in uses(st, 14)
    assert {"use": "influence"} in uses(st, 14)


@pytest.mark.rule("6.4.2", "4.5")
def test_the_space_race_card_count_starts_again_each_turn():
    """The one card is per turn: at the start of the next turn each side may attempt again."""
    st = position(turn=2, space_attempts={"USSR": 1, "US": 1}, hands={"USSR": [], "US": []},
                  next={"phase": "end_of_turn"})
    assert st.d["turn"] == 3 and st.d["space_attempts"] == {"USSR": 0, "US": 0}


# -- 6.4.4: the abilities ---------------------------------------------------------------------------------------

@pytest.mark.rule("6.4.4", "6.4.2")
@pytest.mark.parametrize("space, attempts, offered", [
    ({"USSR": 2, "US": 1}, 1, True),     # box 2 first: a second card this turn
    ({"USSR": 2, "US": 1}, 2, False),    # but not a third
    ({"USSR": 4, "US": 1}, 1, True),     # 6.4.4's example: box 4 before the US reached 2, still two
    ({"USSR": 2, "US": 2}, 1, False),    # the US reached box 2: the ability ends
    ({"USSR": 3, "US": 2}, 1, False),
])
def test_box_2_gives_two_space_race_cards_a_turn(space, attempts, offered):
    """Animal in Space (box 2): the first side there may play two Space Race cards a turn, until the
    other side reaches box 2 too."""
    st = ussr_round(space, [7], attempts=attempts)
    assert ({"use": "space"} in uses(st, 7)) is offered


@pytest.mark.rule("6.4.4", "4.5")
@pytest.mark.parametrize("holder", ["USSR", "US"])
def test_box_4_the_opponent_headlines_first_and_shows_it(holder):
    """Man in Space (box 4): the opponent chooses its headline first and reveals it before the holder
    chooses: at the holder's choice its observation shows the opponent's card."""
    other = "US" if holder == "USSR" else "USSR"
    space = {holder: 4, other: 3}
    cards = {"USSR": 2, "US": 1}
    st = position(space=space, hands={"USSR": [2, 7], "US": [1, 4]}, next={"phase": "headline"})
    assert st.decision()["player"] == other
    play(st, {"card": cards[other]})
    assert st.decision()["player"] == holder
    assert st.observation(holder)["headline"][other] == cards[other]


@pytest.mark.rule("6.4.4", "4.5")
def test_box_4_ability_ends_when_the_other_side_arrives():
    """Both at box 4: no ability; the choices are secret (the USSR's shown to the US as 'chosen')."""
    st = position(space={"USSR": 4, "US": 4}, hands={"USSR": [2, 7], "US": [1, 4]}, next={"phase": "headline"})
    assert st.decision()["player"] == "USSR"
    play(st, {"card": 2})
    assert st.decision()["player"] == "US"
    assert st.observation("US")["headline"]["USSR"] == "chosen"


@pytest.mark.rule("6.4.4")
@pytest.mark.parametrize("holder", ["USSR", "US"])
def test_box_6_may_discard_the_held_card_at_the_end_of_the_turn(holder):
    """Space Walk (box 6): at the end of the turn the first side there may discard its held card (or
    keep it)."""
    other = "US" if holder == "USSR" else "USSR"
    held = {"USSR": 7, "US": 4}
    st = position(turn=2, space={holder: 6, other: 5}, hands={"USSR": [7], "US": [4]}, next={"phase": "end_of_turn"})
    assert st.decision()["player"] == holder
    assert st.legal_actions() == [{"discard": held[holder]}, {"discard": None}]
    play(st, {"discard": held[holder]})
    assert held[holder] in st.d["discard"] and held[holder] not in st.d["hands"][holder]
    assert st.d["turn"] == 3


@pytest.mark.rule("6.4.4")
def test_box_6_ability_ends_when_the_other_side_arrives():
    """Both at box 6 or beyond: nobody is asked; the held cards stay held into the next turn."""
    st = position(turn=2, space={"USSR": 7, "US": 6}, hands={"USSR": [7], "US": [4]}, next={"phase": "end_of_turn"})
    assert st.decision()["player"] == "chance" and st.d["turn"] == 3
    assert 7 in st.d["hands"]["USSR"] and 4 in st.d["hands"]["US"]


@pytest.mark.rule("6.4.4", "4.5")
@pytest.mark.parametrize("holder", ["USSR", "US"])
def test_box_8_gives_eight_action_rounds(holder):
    """The last box (8): its first holder plays 8 action rounds a turn (7 in turns 4-10); the other
    side still 7. After the US's 7th round of turn 4 comes the holder's 8th."""
    other = "US" if holder == "USSR" else "USSR"
    st = position(turn=4, space={holder: 8, other: 7}, hands={"USSR": [14], "US": [4, 5]},
                  next={"phase": "action_round", "side": "US", "round": 7})
    play(st, {"card": 4}, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"}, {"country": "Japan"})
    assert st.decision()["player"] == holder
    assert st.decision()["prompt"] == f"{holder}: action round 8: play a card"


@pytest.mark.rule("6.4.4", "4.5")
def test_box_8_ability_ends_when_the_other_side_arrives():
    """Both at box 8: 7 action rounds each; after the US's 7th the turn ends (the next turn's deal)."""
    st = position(turn=4, space={"USSR": 8, "US": 8}, hands={"USSR": [14], "US": [4, 5]},
                  next={"phase": "action_round", "side": "US", "round": 7})
    play(st, {"card": 4}, {"use": "influence"}, {"country": "Japan"}, {"country": "Japan"}, {"country": "Japan"})
    assert st.decision()["player"] == "chance" and st.d["turn"] == 5


# -- 6.4.5: no event; 6.4.6: the last box ------------------------------------------------------------------------

@pytest.mark.rule("6.4.5", "5.2")
def test_the_opponents_event_does_not_happen_on_a_space_race_card():
    """A card played for the Space Race has no event, whosever it is: the US playing the USSR's
    Socialist Governments for the Space Race is asked no before/after question (5.2), no event is
    met, and the card goes to the discards."""
    st = position(hands={"USSR": [14], "US": [7]}, next={"phase": "action_round", "side": "US", "round": 1})
    play(st, {"card": 7}, {"use": "space"})
    assert st.decision()["player"] == "chance" and st.decision()["rule"] == "6.4.1"
    play(st, 6)
    assert st.d["not_implemented"] == [] and 7 in st.d["discard"]
    # the same card for influence triggers the USSR's event: the US is asked when it happens
    st = position(hands={"USSR": [14], "US": [7]}, next={"phase": "action_round", "side": "US", "round": 1})
    play(st, {"card": 7}, {"use": "influence"})
    assert st.legal_actions() == [{"event": "before"}, {"event": "after"}]


@pytest.mark.rule("6.4.5", "2.2.4")
def test_a_starred_opponent_card_used_for_the_space_race_is_discarded():
    """The event of Fidel (the USSR's, starred) does not happen when the US plays it for the Space
    Race: the card is discarded, not removed."""
    st = position(hands={"USSR": [14], "US": [8]}, next={"phase": "action_round", "side": "US", "round": 1})
    play(st, {"card": 8}, {"use": "space"}, 1)
    assert st.d["space"]["US"] == 1 and 8 in st.d["discard"] and 8 not in st.d["removed"]
    assert st.d["not_implemented"] == []


@pytest.mark.rule("6.4.6")
def test_no_attempt_from_the_last_box():
    """A side on the last box (8) plays no more cards for the Space Race, whatever their ops."""
    st = ussr_round({"USSR": 8, "US": 0}, [34])
    assert {"use": "space"} not in uses(st, 34)
    st = ussr_round({"USSR": 7, "US": 0}, [34])
    assert {"use": "space"} in uses(st, 34)


@pytest.mark.rule("6.4.4")
@pytest.mark.reading("P02")
@pytest.mark.parametrize("eighth_round, may_pass", [("optional", True), ("compulsory", False)])
def test_the_eighth_round_of_box_8(eighth_round, may_pass):
    """P02, 6.4.4 box 8: the side 'può giocare 8 Round di Azione'. By default the eighth round is
    an option (it may be passed, keeping the card); under the other reading it is played like any."""
    st = position(space={"USSR": 8, "US": 5}, turn=4, hands={"USSR": [7, 8], "US": []},
                  china={"holder": "US", "face_up": False},
                  next={"phase": "action_round", "side": "USSR", "round": 8}, rulings={"eighth_round": eighth_round})
    assert ({"pass": True} in st.legal_actions()) == may_pass
    if may_pass:
        play(st, {"pass": True})
        assert st.d["hands"]["USSR"] == [7, 8]
