"""Victory (10.3): the automatic victories (10.3.1, 8.1.3), the final scoring after turn 10 (10.3.2,
the China Card's VP: ruling china_card_final_vp, A11), the Late War scenario's end, and the
tournament rules 11.1.1-11.1.2.

Final-scoring positions stand at the end of turn 10 (``next: end_of_turn``) on an empty map with
the control each test needs; both Military Operations markers are left at 0, so the check of step F
costs each side the same and moves nothing (10.2.3). Under the default reading of A11 the China
Card's holder gains 1 VP in the final scoring: each expected value says so.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.twilight_struggle.mapdata import load_map
from tests.twilight_struggle.helpers import ZERO, play, position

MAP = load_map()

EUROPE_BGS = ["East Germany", "France", "Italy", "Poland", "West Germany"]
ASIA_BGS = ["India", "Japan", "North Korea", "Pakistan", "South Korea", "Thailand"]
ME_BGS = ["Egypt", "Iran", "Iraq", "Israel", "Libya", "Saudi Arabia"]


def board(**by_side) -> dict:
    """Every country cleared, then ``USSR=[...]``/``US=[...]`` control those listed (influence equal
    to the stability, none for the other side)."""
    inf = {c: dict(ZERO) for c in MAP.names}
    for side in ("USSR", "US"):
        for c in by_side.get(side, []):
            inf[c] = {**ZERO, side: MAP.countries[c].stability}
    return inf


def final(influence: dict, vp: int = 0, china: str = "USSR", scenario: str = "standard", rulings: dict | None = None,
          hands: dict | None = None, options: dict | None = None):
    """The end of turn 10 (steps F-J), played through: the state after the final scoring."""
    return position(scenario=scenario, turn=10, vp=vp, influence=influence, china={"holder": china, "face_up": True},
                    hands=hands or {"USSR": [], "US": []}, rulings=rulings, options=options,
                    next={"phase": "end_of_turn"})


# -- 10.3.1: automatic victory ---------------------------------------------------------------------------

def middle_east_scoring(vp: int, influence: dict):
    st = position(turn=2, vp=vp, influence=influence, hands={"USSR": [3], "US": [4]})
    return play(st, {"card": 3}, {"use": "event"})


@pytest.mark.rule("10.3.1", "10.2.1")
def test_reaching_20_vp_wins_at_the_end_of_the_card():
    """A side whose VP reach 20 once the card's play is over wins at once: from -17 the USSR's
    Domination of the Middle East (5 + 1) reaches -20 or beyond; the game is over, the marker at
    the end of the track."""
    st = middle_east_scoring(-17, board(USSR=["Iraq", "Lebanon"]))
    assert st.outcome() == {"winner": "USSR", "reason": "USSR reached 20 VP", "rule": "10.3.1"}
    assert st.d["vp"] == -20 and st.decision() is None and st.returns() == {"USSR": 1, "US": -1}


@pytest.mark.rule("10.3.1", "10.2.3")
def test_every_vp_of_the_card_is_applied_before_the_check():
    """All the VP a scoring card gives both sides are applied before automatic victory is judged:
    from -18 the USSR's 6 (Presence 3 + Iraq, Libya, Egypt) would pass -20, but the US's 5 (Presence
    3 + Israel, Iran) come with them: net -1, to -19, and play goes on."""
    st = middle_east_scoring(-18, board(USSR=["Iraq", "Libya", "Egypt"], US=["Israel", "Iran"]))
    assert st.d["vp"] == -19 and st.outcome() is None
    assert st.decision()["player"] == "US"


@pytest.mark.rule("10.3.1", "6.4.3")
def test_space_race_vp_reaching_20_wins():
    """VP from any card count: at +18 the US reaches box 1 of the Space Race first (2 VP) and wins."""
    st = position(vp=18, hands={"USSR": [7], "US": [4]}, next={"phase": "action_round", "side": "US", "round": 1})
    play(st, {"card": 4}, {"use": "space"}, 1)
    assert st.d["space"]["US"] == 1
    assert st.outcome()["winner"] == "US" and st.outcome()["rule"] == "10.3.1" and st.d["vp"] == 20


@pytest.mark.rule("10.3.1", "card 2")
def test_control_of_europe_wins_when_europe_is_scored_whatever_the_vp():
    """A side that controls Europe when Europe Scoring is played wins at once, even far behind on VP."""
    st = position(turn=2, vp=18, influence=board(USSR=EUROPE_BGS), hands={"USSR": [7], "US": [2]},
                  next={"phase": "action_round", "side": "US", "round": 1})
    play(st, {"card": 2}, {"use": "event"})
    assert st.outcome()["winner"] == "USSR" and st.outcome()["rule"] == "10.3.1"
    assert st.d["vp"] == 18


# -- 8.1.3: nuclear war --------------------------------------------------------------------------------

@pytest.mark.rule("8.1.3", "6.3.4", "8.1.4", "10.3.1")
@pytest.mark.parametrize("side, card, target, die", [
    ("USSR", 7, "Panama", 1),        # 3 + 1 - 4 = 0: the coup fails
    ("USSR", 7, "Panama", 6),        # 3 + 6 - 4 = 5: the coup succeeds
    ("US", 4, "Angola", 1),          # 3 + 1 - 2 = 2: succeeds
])
def test_a_battleground_coup_at_defcon_2_is_nuclear_war(side, card, target, die):
    """A coup in a battleground at DEFCON 2, won or lost, moves DEFCON to 1: nuclear war, and the
    phasing side, which moved it there, loses at once."""
    inf = {"Panama": {"US": 1, "USSR": 0}, "Angola": {"US": 0, "USSR": 1}}
    st = position(defcon=2, influence=inf, hands={"USSR": [7], "US": [4]},
                  next={"phase": "action_round", "side": side, "round": 1})
    play(st, {"card": card}, {"use": "coup"}, {"country": target}, die)
    other = "US" if side == "USSR" else "USSR"
    assert st.d["defcon"] == 1
    assert st.outcome()["winner"] == other and st.outcome()["rule"] == "8.1.3"
    assert st.decision() is None and st.returns() == {side: -1, other: 1}


@pytest.mark.rule("8.1.3", "6.3.4")
def test_a_battleground_coup_at_defcon_3_is_no_war():
    """At DEFCON 3 the same coup takes DEFCON to 2 and play goes on."""
    st = position(defcon=3, hands={"USSR": [7], "US": [4]})
    play(st, {"card": 7}, {"use": "coup"}, {"country": "Panama"}, 1)
    assert st.d["defcon"] == 2 and st.outcome() is None


@pytest.mark.rule("8.1.3", "6.3.4")
def test_a_non_battleground_coup_at_defcon_2_is_no_war():
    """A coup in a non-battleground does not move DEFCON: at 2 it stays at 2."""
    inf = {"Haiti": {"US": 1, "USSR": 0}}
    st = position(defcon=2, influence=inf, hands={"USSR": [7], "US": [4]})
    play(st, {"card": 7}, {"use": "coup"}, {"country": "Haiti"}, 1)
    assert st.d["defcon"] == 2 and st.outcome() is None


# -- 10.3.2: the final scoring ---------------------------------------------------------------------------

@pytest.mark.rule("10.3.2", "10.1.1", "card 6")
def test_final_scoring_scores_all_six_regions():
    """After turn 10 every region is scored as if its card were played: a US Presence in each of the
    six regions is 3 + 3 + 3 + 1 + 2 + 1 = 13 VP, +1 for the China Card's holder (the US)."""
    inf = board(US=["Benelux", "Taiwan", "Lebanon", "Haiti", "Bolivia", "Botswana"])
    st = final(inf, china="US")
    assert st.d["vp"] == 13 + 1
    assert st.outcome()["winner"] == "US" and st.outcome()["rule"] == "10.3.2"


@pytest.mark.rule("10.3.2", "7.2")
def test_southeast_asia_is_scored_only_within_asia():
    """Southeast Asia is not scored on its own at the end: the USSR's Thailand and Vietnam count as
    Asian countries (Domination 7 + 1 battleground), without the 2 + 1 of Southeast Asia Scoring."""
    st = final(board(USSR=["Thailand", "Vietnam"]), china="USSR")
    assert st.d["vp"] == -(7 + 1) - 1
    assert st.outcome()["winner"] == "USSR"


@pytest.mark.rule("10.3.2", "10.3.1")
def test_twenty_vp_win_nothing_during_the_final_scoring():
    """+/-20 gives no automatic victory in the final scoring; the winner is decided once every
    region is scored. From -19, the USSR's Presence in Europe would take the marker past -20, but
    the US's Control of Asia (9 + 6 battlegrounds + North Korea next to the USSR) and of the
    Middle East (7 + 6) follow: -19 - 3 + 16 + 13 + 1 (China Card, US) = +8, the US wins."""
    st = final(board(USSR=["Benelux"], US=ASIA_BGS + ME_BGS), vp=-19, china="US")
    assert st.d["vp"] == -19 - 3 + (9 + 6 + 1) + (7 + 6) + 1
    assert st.outcome()["winner"] == "US" and st.outcome()["rule"] == "10.3.2"


@pytest.mark.rule("10.3.2", "10.3.1")
def test_control_of_europe_still_wins_in_the_final_scoring():
    """Control of Europe wins the final scoring for its holder whatever the VP elsewhere: the USSR
    controls Europe, the US is at +15 and controls Asia and the Middle East."""
    st = final(board(USSR=EUROPE_BGS, US=["India", "Japan", "Pakistan", "South Korea", "Thailand"] + ME_BGS),
               vp=15, china="US")
    assert st.outcome()["winner"] == "USSR"
    assert st.returns() == {"USSR": 1, "US": -1}


@pytest.mark.rule("10.3.2", "card 6")
@pytest.mark.parametrize("vp, china, winner, returns", [
    (3, "USSR", "US", {"US": 1, "USSR": -1}),       # +3 - 1 = +2: the US
    (-3, "US", "USSR", {"US": -1, "USSR": 1}),      # -3 + 1 = -2: the USSR
    (-1, "US", None, {"US": 0, "USSR": 0}),         # -1 + 1 = 0: a draw
])
def test_the_sign_of_the_vp_decides(vp, china, winner, returns):
    """Once every region is scored, VP above zero win for the US, below zero for the USSR, and zero
    is a draw (0 to each side). An empty map scores nothing; the China Card's holder gains 1."""
    st = final(board(), vp=vp, china=china)
    assert st.d["vp"] == vp + (1 if china == "US" else -1)
    assert st.outcome()["winner"] == winner and st.outcome()["rule"] == "10.3.2"
    assert st.returns() == returns and st.decision() is None


@pytest.mark.rule("10.3.2", "card 6")
@pytest.mark.reading("A11")
@pytest.mark.parametrize("china_card_final_vp, vp, winner", [(True, -1, "USSR"), (False, 0, None)])
def test_china_card_final_vp(china_card_final_vp, vp, winner):
    """A11: card 6 gives its holder at the end of turn 10 1 VP; 10.3.2 does not name it. Reading
    ``card_text`` (default, 5.5): the USSR holding it turns a 0 into -1 and wins; ``rules_only``:
    no VP, a draw."""
    st = final(board(), vp=0, china="USSR", rulings={"china_card_final_vp": china_card_final_vp})
    assert st.d["vp"] == vp
    assert st.outcome()["winner"] == winner


@pytest.mark.rule("10.3.2")
@pytest.mark.parametrize("vp, china, winner", [
    (19, "US", "US"),          # +19 + 1 = +20: the US
    (19, "USSR", "USSR"),      # +19 - 1 = +18: short of +20, the USSR
    (5, "US", "USSR"),         # +6: positive, still the USSR
])
def test_late_war_scenario_the_us_needs_20(vp, china, winner):
    """The Late War scenario's end: after the final scoring the US wins with +20 or more, else the
    USSR wins (even with the VP positive)."""
    st = final(board(), vp=vp, china=china, scenario="late_war")
    assert st.d["vp"] == vp + (1 if china == "US" else -1)
    assert st.outcome()["winner"] == winner


# -- chapter 11: tournament rules ----------------------------------------------------------------------

@pytest.mark.rule("11.1.2", "4.5")
@pytest.mark.parametrize("ussr, us, winner", [([1], [4], "US"), ([7], [37], "USSR"), ([2], [3], None)])
def test_tournament_holding_a_scoring_card_loses(ussr, us, winner):
    """Tournament option: a side found holding a scoring card at the end of the turn has started a
    nuclear war and loses at once; both found so: a draw (0 each)."""
    st = position(turn=4, hands={"USSR": ussr, "US": us}, options={"tournament": True}, next={"phase": "end_of_turn"})
    assert st.outcome()["winner"] == winner and st.outcome()["rule"] == "11.1.2"
    assert st.decision() is None
    expected = {"USSR": 0, "US": 0} if winner is None else {winner: 1, ("US" if winner == "USSR" else "USSR"): -1}
    assert st.returns() == expected


@pytest.mark.rule("11.1.2", "4.5")
def test_holding_a_scoring_card_outside_tournaments_has_no_sanction():
    """Without the tournament option holding a scoring card at the end of the turn ends nothing:
    the next turn begins (its deal)."""
    st = position(turn=4, hands={"USSR": [1], "US": [4]}, next={"phase": "end_of_turn"})
    assert st.outcome() is None and st.d["turn"] == 5
    assert st.decision()["question"] == "deal.drawn"


@pytest.mark.rule("11.1.1", "4.5")
def test_tournament_held_cards_are_revealed_when_the_game_ends():
    """Tournament option: the cards held at the end of the turn are shown to the opponent: at the
    end of turn 10 each side's observation holds the other's held cards; without the option, none."""
    hands = {"USSR": [7, 10], "US": [4]}
    st = final(board(), vp=5, hands=hands, options={"tournament": True})
    assert st.observation("US")["revealed"] == [7, 10]
    assert st.observation("USSR")["revealed"] == [4]
    assert st.observation("US")["hands"]["USSR"] == 2
    st = final(board(), vp=5, hands=hands)
    assert st.observation("US")["revealed"] is None and st.observation("USSR")["revealed"] is None


@pytest.mark.rule("11.1.1", "4.5")
def test_tournament_held_cards_are_revealed_for_the_next_turn():
    """Tournament option: the USSR's held cards, revealed at the end of turn 4, are in the US's
    observation at the next decision (the deal of turn 5, where the cards are still the USSR's)."""
    st = position(turn=4, hands={"USSR": [7, 10], "US": [4]}, options={"tournament": True},
                  next={"phase": "end_of_turn"})
    assert st.d["turn"] == 5 and st.decision() is not None
    assert st.observation("US")["revealed"] == [7, 10]
    assert st.observation("USSR")["revealed"] == [4]
