"""Twilight Struggle positions: a named point for every phase and step the rulebook names (3.0,
4.5 A-J, the headline, the action rounds), each standing where play stands there; ``to_document``
writes the named point whenever one rebuilds the state (the scenario's start included), and any
state of a random game reads back as the very same state."""
from __future__ import annotations

import json
import random

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.twilight_struggle import new_game, scenario_names
from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD
from cdg_oracle.model.twilight_struggle.events import EVENTS
from cdg_oracle.model.twilight_struggle.state import SIDES
from cdg_oracle.oracle.cli import main
from cdg_oracle.oracle.playout import choose
from tests.twilight_struggle.helpers import play, position

EDITIONS = ("seed", "deluxe")


def doc_of(state: dict, next: dict, scenario: str = "standard", options: dict | None = None) -> dict:
    doc = {"format": "cdg-oracle-position", "format_version": 1, "game": "twilight_struggle",
           "scenario": scenario, "state": state, "next": next}
    if options:
        doc["options"] = options
    return doc


def every_point() -> list[dict]:
    """Every named point there is (the card of an action round aside)."""
    out = [{"phase": p} for p in ("setup", "turn", "headline", "end_of_turn")]
    out += [{"phase": "turn", "step": s} for s in "ABCDEFGHIJ"]  # 4.5's steps
    return out + [{"phase": "action_round", "side": s, "round": r} for s in SIDES for r in range(1, 9)]


def rebuilding_points(s) -> list[dict]:
    """The named points that rebuild state ``s`` exactly, found by trying every one of them over
    the state as written (and, for a card being played, with that card back in the hand)."""
    doc = to_document(s)
    base = {k: doc[k] for k in doc if k not in ("next", "machine")}
    tries = [(p, doc["state"]) for p in every_point()]
    stack = s.d["stack"]
    if len(stack) == 4 and stack[3]["proc"] == "action_round" and isinstance(stack[3].get("play"), dict):
        f, card = stack[3], stack[3]["play"].get("card")
        d = json.loads(json.dumps(s.d))
        if card == CHINA_CARD:
            d["china"] = {"holder": f["side"], "face_up": True}
        elif card in d["table"]:
            d["table"].remove(card)
            d["hands"][f["side"]] = sorted(d["hands"][f["side"]] + [card])
        point = {"phase": "action_round", "side": f["side"], "round": f["number"], "card": card}
        state = {k: d[k] for k in ("hands", "table", "china")}
        tries.append((point, {**doc["state"], **state}))
    found = []
    for point, state in tries:
        try:
            back = from_document({**base, "state": state, "next": point})
        except DataError:
            continue
        if back.d == s.d:
            found.append(point)
    return found


# -- the scenario's start ---------------------------------------------------------------------------
@pytest.mark.rule("3.0", "3.1")
@pytest.mark.parametrize("scenario", scenario_names())
@pytest.mark.parametrize("edition", EDITIONS)
def test_a_scenario_s_start_is_written_as_the_setup_point(scenario, edition):
    """Issue 27.10: the start of every scenario and edition (the first deal's card to draw) is
    written as {phase: setup}, which rebuilds it exactly, never as the raw machine."""
    st = new_game(scenario, options={"edition": edition})
    doc = to_document(st)
    assert doc["next"] == {"phase": "setup"} and "machine" not in doc and doc["state"] == {}
    assert from_document(doc).d == st.d


def test_position_show_of_a_scenario_writes_the_setup_point(capsys):
    assert main(["position", "show", "--game", "twilight_struggle", "--scenario", "standard"]) == 0
    out = capsys.readouterr().out
    assert "next: {phase: setup}" in out and "machine" not in out and "pending" not in out


# -- random play ------------------------------------------------------------------------------------
@pytest.mark.rule("4.5")
@pytest.mark.parametrize("scenario", scenario_names())
@pytest.mark.parametrize("edition", EDITIONS)
def test_whenever_a_named_point_rebuilds_a_state_it_is_what_is_written(scenario, edition):
    """Issue 27.10: at every question of a random game (every 11th state: a sample), the state reads
    back from its position as the very same state; and when any named point (every one is tried)
    rebuilds it exactly, the position says so with ``next``, never with the raw machine."""
    rng = random.Random(f"{scenario}-{edition}")
    st = new_game(scenario, options={"edition": edition})
    written = set()
    step = 0
    while not st.is_terminal() and step < 1500:
        if step % 11 == 0:
            doc = to_document(st)
            back = from_document(doc)
            assert back.d == st.d, (step, doc.get("next"))
            if "next" in doc:
                written.add(doc["next"]["phase"] + doc["next"].get("step", ""))
            else:
                assert rebuilding_points(st) == [], (step, st.d["stack"])
        st.apply(choose(rng, st))
        step += 1
    assert {"setup", "action_round"} <= written


@pytest.mark.rule("4.5")
def test_every_question_at_the_start_of_a_phase_is_written_as_its_point():
    """Each kind of question that stands at the start of a phase or step of a real game is written
    as its named point: the setup, the deal (B), the headline (C), the action rounds (E)."""
    seen = set()
    for seed in range(3):
        rng = random.Random(seed)
        st = new_game()
        while not st.is_terminal() and st.d["turn"] <= 3:
            q = st.decision()["question"]
            doc = to_document(st)
            if "next" in doc:
                seen.add((doc["next"]["phase"], doc["next"].get("step")))
                assert from_document(doc).d == st.d
            if q in ("headline.card", "action_round.play") and st.d["headline"] == {"USSR": None, "US": None} \
                    and not st.d["table"]:
                assert "next" in doc, (q, st.d["stack"])
            st.apply(choose(rng, st))
    assert {("setup", None), ("turn", "B"), ("headline", None), ("action_round", None)} <= seen


# -- the steps of 4.5 ------------------------------------------------------------------------------
@pytest.mark.rule("4.5", "8.2.1")
def test_the_end_of_turn_lands_on_the_next_deal_which_is_written_as_step_b():
    """Issue 27.9: {phase: end_of_turn} runs 6.4.4's discard and 4.5 F-I (the USSR short of 2
    military operations at DEFCON 3: 2 VP to the US) and the next turn's A (DEFCON 4), and stands at
    the next deal's first card: a state written as {phase: turn, step: B}, which rebuilds it."""
    st = position(defcon=3, milops={"USSR": 1, "US": 3}, hands={"USSR": [7], "US": [4]}, next={"phase": "end_of_turn"})
    assert st.d["turn"] == 2 and st.d["vp"] == 2 and st.d["defcon"] == 4
    assert st.decision()["question"] == "deal.drawn"
    doc = to_document(st)
    assert doc["next"] == {"phase": "turn", "step": "B"} and "machine" not in doc
    assert from_document(doc).d == st.d


@pytest.mark.rule("4.5", "8.2.1", "11.1.1", "11.1.2", "9.3", "4.4", "10.3.2")
def test_each_step_of_the_end_of_turn_is_a_point_that_runs_from_there():
    """F: the military operations check runs (1 VP to the US); G: it does not (no VP), the held
    cards are revealed (tournaments) and a held scoring card loses (11.1.2); H: the China Card
    turns face up; I: the turn marker advances, the Mid War cards join the pile at the end of
    turn 3; J: turn 10's final scoring ends the game."""
    hands = {"USSR": [7], "US": [4]}
    low = {"defcon": 3, "milops": {"USSR": 2, "US": 3}, "hands": hands}
    assert position(next={"phase": "turn", "step": "F"}, **low).d["vp"] == 1
    assert position(next={"phase": "turn", "step": "G"}, **low).d["vp"] == 0
    st = position(next={"phase": "turn", "step": "G"}, options={"tournament": True},
                  hands={"USSR": [1], "US": [4]})
    assert st.is_terminal() and st.d["terminal"]["rule"] == "11.1.2" and st.d["terminal"]["winner"] == "US"
    st = position(next={"phase": "turn", "step": "H"}, china={"holder": "US", "face_up": False}, hands=hands)
    assert st.d["china"] == {"holder": "US", "face_up": True} and st.d["turn"] == 2
    st = position(next={"phase": "turn", "step": "I"}, turn=3, hands=hands)
    assert st.d["turn"] == 4 and any(st.cards[c].era == "mid" for c in st.d["deck"])
    st = position(next={"phase": "turn", "step": "J"}, turn=10, hands=hands, vp=5,
                  china={"holder": "US", "face_up": True})
    assert st.is_terminal() and st.d["terminal"]["rule"] == "10.3.2"


@pytest.mark.rule("4.5", "8.1.6", "8.2.1")
def test_the_steps_before_the_action_rounds_are_points():
    """A improves DEFCON, B does not (the deal next); C is the headline; D fixes the turn's
    requirement under ruling milops_requirement=defcon_at_step_d; E goes to the USSR's first card."""
    hands = {"USSR": [7], "US": [4]}
    assert position(next={"phase": "turn", "step": "A"}, turn=2, defcon=3, hands=hands).d["defcon"] == 4
    st = position(next={"phase": "turn", "step": "B"}, turn=2, defcon=3, hands=hands)
    assert st.d["defcon"] == 3 and st.decision()["question"] == "deal.drawn"
    c = position(next={"phase": "turn", "step": "C"}, hands={"USSR": [1, 7], "US": [4]})
    h = position(next={"phase": "headline"}, hands={"USSR": [1, 7], "US": [4]})
    assert c.d == h.d and c.decision()["question"] == "headline.card"
    d = position(next={"phase": "turn", "step": "D"}, defcon=3, hands=hands,
                 rulings={"milops_requirement": "defcon_at_step_d"})
    assert d.d["milops_required"] == 3 and d.decision()["prompt"] == "USSR: action round 1: play a card"
    e = position(next={"phase": "turn", "step": "E"}, hands=hands)
    assert e.d == position(next={"phase": "action_round", "side": "USSR", "round": 1}, hands=hands).d


@pytest.mark.parametrize("point, words", [
    ({"phase": "turn", "step": "K"}, 'next.step: "K" is not one of "A", "B"'),
    ({"phase": "turn", "step": "J"}, "J, the final scoring, ends turn 10 only, not turn 1"),
    ({"phase": "headline", "step": "C"}, "step names a step of 4.5 under phase turn"),
])
def test_a_step_that_is_not_one_is_refused_in_one_line(point, words):
    with pytest.raises(DataError, match=words) as e:
        position(next=point, hands={"USSR": [7], "US": [4]})
    assert "\n" not in str(e.value)


def test_step_i_is_not_a_step_of_the_last_turn():
    with pytest.raises(DataError, match="step: I advances the turn marker, which turn 10 does not"):
        position(next={"phase": "turn", "step": "I"}, turn=10, hands={"USSR": [7], "US": [4]})


def test_a_named_point_with_a_headline_card_waiting_is_refused():
    with pytest.raises(DataError, match="headline: a named point has no headline card waiting"):
        position(headline={"USSR": 7, "US": None}, hands={"USSR": [], "US": [4]})


# -- every bound on a count or a place (issue 28.3) ------------------------------------------------
HANDS = {"USSR": [7], "US": [4]}
GAP = {"card": 7, "side": "USSR", "turn": 1, "round": 1,
       "what": "the opponent's event triggered by operations (5.2) is not implemented: not resolved"}
EARLY = [n for n in range(7, 40) if n not in (35, 37, 38)]  # Early War cards of the seed, no scoring card


@pytest.mark.rule("8.1", "10.2.1", "10.3.1", "4.1", "3.0", "8.2", "6.4", "6.4.2", "6.4.4", "4.5", "2.2.4",
                  "7.3", "11.1.1", "9.1", "9.3", "2.1.5", "6.1.5", "5.2")
@pytest.mark.parametrize("state, next, options, words", [
    ({"defcon": 1}, None, None, "defcon 1 outside 2-5 during play (8.1)"),
    ({"defcon": 6}, None, None, "state.defcon: 6:"),
    ({"vp": 20}, None, None, "vp 20 during play with no card being played: 20 VP win at once (10.3.1)"),
    ({"vp": -21}, None, None, "vp -21 outside -20..+20 with no card being played (10.2.1, 10.3.1)"),
    ({"turn": 11}, None, None, "state.turn: 11:"),
    ({"turn": 7}, {"phase": "turn"}, "late_war", "turn 7 is before the late_war scenario's first turn, 8 (3.0)"),
    ({"milops": {"US": 6}}, None, None, "US military operations 6 outside 0-5 (8.2)"),
    ({"milops": {"US": -1}}, None, None, "state.milops.US: -1:"),
    ({"space": {"USSR": 9}}, None, None, "USSR Space Race box 9 outside 0-8 (6.4)"),
    ({"space_attempts": {"US": 3}}, None, None, "US made 3 Space Race attempts this turn"),
    ({"space_attempts": {"US": 2}, "space": {"US": 1}}, None, None,
     "US made 2 Space Race attempts this turn short of box 2, whose ability a second needs (6.4.2, 6.4.4)"),
    ({"hands": {"USSR": EARLY[:9], "US": [4]}}, None, None, "hands.USSR: 9 cards, more than turn 1's deal of 8 (4.5 B)"),
    ({"turn": 4, "hands": {"USSR": EARLY[:10], "US": [4]}}, None, None,
     "hands.USSR: 10 cards, more than turn 4's deal of 9 (4.5 B)"),
    ({"hands": {"USSR": [7], "US": [7]}}, None, None, "card 7 is in two zones"),
    ({"hands": {"USSR": [6], "US": [4]}}, None, None, "the China Card is only held, 9.1"),
    ({"removed": [5]}, None, None, "removed: card 5 (Five Year Plan) has no asterisk, so it is never removed (2.2.4)"),
    ({"in_effect": [8]}, None, None, "in_effect: card 8 (Fidel) is not underlined: its event does not last (7.3)"),
    ({"revealed": {"US": [4]}}, None, None, "revealed.US: held cards are revealed only under the tournament rules (11.1.1)"),
    ({"revealed": {"US": [19]}}, None, {"tournament": True}, "revealed.US: [19] is not a set of cards US holds (11.1.1)"),
    ({"china": {"holder": "UN"}}, None, None, "state.china.holder: \"UN\" is not one of"),
    ({"china": {"holder": "US", "face_up": False}}, {"phase": "headline"}, None,
     "china: face down at this point: it is passed face down only when played in an action round, and turned face up at 4.5 H (9.3)"),
    ({"influence": {"Mexico": {"US": -1}}}, None, None, "state.influence.Mexico.US: -1:"),
    ({"influence": {"USSR": {"US": 1}}}, None, None, "state.influence.USSR: no such field here"),
    ({"round": 3}, None, None, "state: Additional properties are not allowed ('round' was unexpected)"),
    ({"not_implemented": [{**GAP, "card": 1, "side": "neutral"}]}, None, None, "not_implemented[0].side: 'neutral' is not USSR or US"),
    ({"not_implemented": [{**GAP, "card": 1}]}, None, None,
     "not_implemented[0].card: card 1's event (Asia Scoring) is implemented: never a gap (7.0)"),
    ({"not_implemented": [{**GAP, "card": 111}]}, None, None, "not_implemented[0].card: 111 is not a card of the seed edition"),
    ({"not_implemented": [{**GAP, "side": "US"}]}, None, None,
     "not_implemented[0]: an event operations trigger is the opponent's own, carried out by him (5.2): card 7 is USSR's"),
    ({"not_implemented": [{**GAP, "turn": 2}]}, None, None, "not_implemented[0].turn: 2 is not a turn of this game so far (1-1, 4.1)"),
    ({"not_implemented": [{**GAP, "round": 9}]}, None, None, "not_implemented[0].round: 9 is not an action round 0-8 (4.5)"),
    ({"not_implemented": [{**GAP, "what": "anything"}]}, None, None, "not_implemented[0].what: 'anything' is not one of the model's records"),
    ({"not_implemented": [{**GAP, "extra": 1}]}, None, None, "not_implemented[0]: {card, side, turn, round, what} of an event play met (7.0)"),
    ({"not_implemented": ["card 7"]}, None, None, "not_implemented[0]: {card, side, turn, round, what}"),
    ({"not_implemented": [{**GAP, "card": 7, "round": 0,
                           "what": "no card in hand has an implemented event: no headline played"}]}, None, None,
     "not_implemented[0]: no headline played is recorded with card 0 in round 0 (4.5 C)"),
])
def test_every_bound_the_rules_set_is_checked_on_load(state, next, options, words, monkeypatch):
    """Issue 28.3: each value out of its bound is refused in one line that names the field and the
    rule; the same position within the bound loads. (Card 7's event is taken out of the registry:
    GAP's card stands for one the model does not implement.)"""
    monkeypatch.delitem(EVENTS, 7, raising=False)
    scenario = "standard"
    if options == "late_war":
        scenario, options = "late_war", None
    state = {"hands": HANDS, **state} if scenario == "standard" else state
    with pytest.raises(DataError) as e:
        position(next=next, scenario=scenario, options=options, **state)
    assert words in str(e.value) and "\n" not in str(e.value)


@pytest.mark.rule("10.3.1", "11.1.1", "5.2", "4.5", "6.4.4")
def test_values_at_their_bounds_load(monkeypatch):
    """The bounds' edges are positions: VP +/-19 in play, 8 cards in turn 3 and 9 in turn 4, two Space
    Race attempts on box 2, a tournament's revealed held cards, a recorded gap of this turn (card 7's
    event taken out of the registry for it), a face down China Card in an action round or at step H."""
    monkeypatch.delitem(EVENTS, 7, raising=False)
    position(hands=HANDS, vp=19)
    position(hands=HANDS, vp=-19)
    position(turn=3, hands={"USSR": EARLY[:8], "US": [4]}, next={"phase": "headline"})
    position(turn=4, hands={"USSR": EARLY[:9], "US": [4]}, next={"phase": "headline"})
    position(hands=HANDS, space={"US": 2}, space_attempts={"US": 2})
    position(hands=HANDS, options={"tournament": True}, revealed={"US": [4]}, next={"phase": "turn", "step": "B"})
    position(hands=HANDS, not_implemented=[GAP])
    position(hands=HANDS, removed=[8], in_effect=[16], effects=[{"card": 16, "side": "USSR", "until": "cancelled"}])
    position(hands=HANDS, china={"holder": "US", "face_up": False})
    st = position(hands=HANDS, china={"holder": "US", "face_up": False}, next={"phase": "turn", "step": "H"})
    assert st.d["china"]["face_up"]


@pytest.mark.rule("4.5", "8.2.1")
@pytest.mark.parametrize("change, words", [
    ({"round": 7}, "action round 7 outside 0-6: turn 1 has 6 (4.5 E, 6.4.4)"),
    ({"milops_required": 3}, "milops_required: fixed only under ruling milops_requirement=defcon_at_step_d (8.2.1)"),
])
def test_the_machine_s_counts_are_bounded_too(change, words):
    """A state read from JSON (and a position's machine) keeps the bounds of its machine's counts."""
    from cdg_oracle.model.twilight_struggle.state import TwilightState

    d = json.loads(position(hands=HANDS).to_json())
    d.update(change)
    with pytest.raises(DataError, match=words.replace("(", r"\(").replace(")", r"\)")):
        TwilightState.from_json(json.dumps(d))
