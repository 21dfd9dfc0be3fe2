"""Labyrinth positions: the named points of issue 27 item 9 -- the end-of-turn steps 5.2.5-5.2.9,
the deal part-way (5.2.8, at the end of a turn and in the set-up), and the solo Jihadist's 9.4.3
Radicalization with ops left. Each loads; a state real play reaches there writes it (``next``, no
``machine``) and reads back as the very same state."""
from __future__ import annotations

import random

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import FORMAT, from_document, to_document
from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.oracle.playout import choose

SOLO = {"solo": True, "ideology": "normal"}


def doc(next_, options=None, **state) -> dict:
    d = {"format": FORMAT, "format_version": 1, "game": "labyrinth", "scenario": "lets_roll",
         "state": state, "next": next_}
    if options:
        d["options"] = options
    return d


def reached(want, options=None, seeds=range(12)):
    """The first state of seeded random games whose position names the point ``want`` (a
    predicate on ``next``), with that position."""
    for seed in seeds:
        s = new_game("lets_roll", options=options)
        rng = random.Random(seed)
        while not s.is_terminal() and s.d["turn"] <= 4:
            d = to_document(s)
            if "next" in d and want(d["next"]):
                return s, d
            s.apply(choose(rng, s))
    raise AssertionError("no such state in the games tried")


# -- the end of turn (5.2.5-5.2.9) ------------------------------------------------------------------
@pytest.mark.rule("5.2.6", "5.2.7", "5.2.9")
def test_each_end_of_turn_step_runs_from_there():
    """{phase: end_of_turn, step}: the steps before it are not run again, those from it are. The
    state: Funding 5, Reserves 1 each, a card in the Lapsing box, a green Regime Change in Iraq."""
    state = dict(funding=5, reserves={"US": 1, "Jihadist": 1}, lapsing=[114], hands={"US": [], "Jihadist": []},
                 countries={"Iraq": {"governance": "poor", "alignment": "ally", "troops": 6,
                                     "regime_change": "green"}})
    runs = {}
    for step in ("5.2.5", "5.2.6", "5.2.7", "5.2.8", "5.2.9"):
        # from 5.2.9 no deal comes: hands, so that play stops at the next turn's first card
        hands = {"US": [15], "Jihadist": [35]} if step == "5.2.9" else state["hands"]
        runs[step] = from_document(doc({"phase": "end_of_turn", "step": step}, **{**state, "hands": hands}))
    # 5.2.5 Expenditures (-1 Funding) ran only from 5.2.5
    assert runs["5.2.5"].d["funding"] == 4 and all(runs[k].d["funding"] == 5 for k in ("5.2.6", "5.2.7", "5.2.8", "5.2.9"))
    # 5.2.6 lapsing cards to the discard pile: from 5.2.5 and 5.2.6 only
    assert 114 in runs["5.2.6"].d["discard"] and runs["5.2.7"].d["lapsing"] == [114]
    # 5.2.7 Reserves to zero: not from 5.2.8
    assert runs["5.2.7"].d["reserves"] == {"US": 0, "Jihadist": 0} and runs["5.2.8"].d["reserves"]["US"] == 1
    # 5.2.8 the deal (a draw is the first question) from 5.2.8 and before; 5.2.9 flips Regime Change
    assert runs["5.2.8"].decision()["question"] == "draw.drawn"
    assert runs["5.2.9"].d["countries"]["Iraq"]["rc"] == "tan" and runs["5.2.9"].d["turn"] == 2
    assert runs["5.2.9"].decision()["question"] == "jihadist_phase.choose"   # no deal from 5.2.9


@pytest.mark.rule("5.2.8")
@pytest.mark.parametrize("phase", ["end_of_turn", "setup"])
def test_a_deal_part_way_is_written_as_a_named_point_and_read_back(phase):
    s, d = reached(lambda n: n["phase"] == phase and n.get("step") == "5.2.8" and n["dealt"] >= 3)
    assert "machine" not in d
    back = from_document(d)
    assert back.d == s.d and back.legal_actions() == s.legal_actions()
    dealt = d["next"]["dealt"]
    order = s.d["stack"][-2]["order"]
    assert s.decision()["prompt"] == f"draw a card for {order[dealt]}"


@pytest.mark.rule("5.2.8")
def test_the_deal_point_counts_cards_dealt_and_refuses_more_than_the_deal():
    s = from_document(doc({"phase": "end_of_turn", "step": "5.2.8", "dealt": 2},
                          hands={"US": [1], "Jihadist": [60]}))
    assert s.decision()["prompt"].startswith("draw a card for")
    with pytest.raises(DataError, match="dealt: 30 cards, but this deal gives"):
        from_document(doc({"phase": "end_of_turn", "step": "5.2.8", "dealt": 30}), "p.yaml")
    with pytest.raises(DataError, match='dealt counts the cards of the deal: it goes with step "5.2.8"'):
        from_document(doc({"phase": "end_of_turn", "dealt": 1}))
    with pytest.raises(DataError, match='next.step: "5.2.3" is not one of "5.2.5"'):
        from_document(doc({"phase": "end_of_turn", "step": "5.2.3"}))
    with pytest.raises(DataError, match='step: "5.2.6" is not a step of phase setup'):
        from_document(doc({"phase": "setup", "step": "5.2.6"}))


# -- solo: Radicalization with ops left (9.4.3) -----------------------------------------------------
@pytest.mark.rule("9.4.3", "9.4.1")
def test_solo_radicalization_with_ops_left_is_a_named_point():
    s, d = reached(lambda n: "radicalization" in n, options=SOLO)
    assert "machine" not in d and d["next"]["card_index"] in (1, 2) and len(d["state"]["in_play"]) == 1
    back = from_document(d)
    assert back.d == s.d and back.legal_actions() == s.legal_actions()
    assert any(f["proc"] == "solo_radicalization" for f in back.d["stack"])


@pytest.mark.rule("9.4.3")
def test_solo_radicalization_loads_from_a_written_position():
    """The bot's card 63 (Gaza War, 2 ops, his own: the 9.4.1 chain) has 2 ops left: 9.4.3's first
    step places a cell in a random country (a chance node of the Global table)."""
    s = from_document(doc({"phase": "jihadist_action", "card_index": 1, "radicalization": 2}, options=SOLO,
                          in_play=[63], hands={"Jihadist": [95], "US": [15, 65]}))
    assert s.decision()["prompt"].startswith("Radicalization: place a cell in a random country")
    assert s.d["stack"][-2]["proc"] == "solo_radicalization" and s.d["stack"][-2]["value"] == 2


@pytest.mark.rule("9.4.3")
@pytest.mark.parametrize("next_, options, words", [
    ({"phase": "jihadist_action", "card_index": 1, "radicalization": 1}, None, "in a solo game"),
    ({"phase": "us_action", "card_index": 1, "radicalization": 1}, SOLO, "in his Action Phase"),
    ({"phase": "jihadist_action", "card_index": 1, "radicalization": 3}, SOLO, "3 ops left of card 63"),
])
def test_a_radicalization_point_that_cannot_be_is_refused(next_, options, words):
    with pytest.raises(DataError) as e:
        from_document(doc(next_, options=options, in_play=[63]), "p.yaml")
    assert "\n" not in str(e.value) and words in str(e.value), str(e.value)
