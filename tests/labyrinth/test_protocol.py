"""The game contract (DESIGN.md "The contract every game implements"; model/core/game.py) on random
Labyrinth games: every state round-trips through JSON exactly, clones are independent, play is
deterministic given the chooser's own seed, chance outcomes are a distribution over the legal
outcomes, no non-terminal state is a dead end, illegal actions raise IllegalAction, and rulings
are validated. Along the way the state invariants of seed_labyrinth.md h.2 1-9 and 17-19 are
checked at every state (17-18 at each turn start).
"""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from cdg_oracle.model.core.errors import DataError, IllegalAction
from cdg_oracle.model.core.game import CHANCE, TERMINAL, action_key
from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.model.labyrinth.state import LabyrinthState
from cdg_oracle.model.labyrinth.tracks import (
    available_cells, gwot_penalty, hand_sizes, troops_level, world_posture,
)

OTHER_RULINGS = {"deal_order": "jihadist_then_us", "us_final_card": "any_point",
                 "first_plot_exemption": "first_us_event_plot", "anaconda_setup": "any_non_us",
                 "mission_accomplished_reroll": "mandatory", "jihadist_ops_fully_used": False}

# (scenario, length, rulings, seed): chosen so that together they reach later turns, a held card,
# a mid-game reshuffle and the end-game reshuffle as well as instant wins.
GAMES = [
    ("lets_roll", "standard", {}, 14),
    ("anaconda", "tournament", {}, 3),
    ("mission_accomplished", "standard", {}, 7),
    ("you_can_call_me_al", "campaign", OTHER_RULINGS, 9),
    ("mission_accomplished", "tournament", OTHER_RULINGS, 16),
    ("lets_roll", "tournament", OTHER_RULINGS, 23),     # 13 turns, ends at the 2nd reshuffle
]
ZONES = ("deck", "discard", "removed", "lapsing", "first_plot", "in_play")


def choose(st, rng):
    if st.current_player() == CHANCE:
        outcomes = st.chance_outcomes()
        return rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
    return rng.choice(st.legal_actions())


def play(scenario, length, rulings, seed, each=None):
    """Play a random game; ``each(st)`` is called on every state. Returns (actions, final state)."""
    rng = random.Random(seed)
    st = new_game(scenario, length=length, rulings=rulings)
    actions = []
    while True:
        if each:
            each(st)
        if st.is_terminal():
            return actions, st
        a = choose(st, rng)
        actions.append(a)
        st.apply(a)


def invariants(st):
    """h.2 1-9 (and 19) at any state."""
    d = st.d
    C = d["countries"].values()
    assert 1 <= d["prestige"] <= 12 and 1 <= d["funding"] <= 9                           # 1
    assert all(0 <= r <= 2 for r in d["reserves"].values())
    assert d["troops_track"] >= 0 and d["troops_track"] + sum(c["troops"] for c in C) == 15    # 2
    assert d["cells_track"] >= 0 and d["cells_track"] + sum(c["sleepers"] + c["actives"] for c in C) == 15  # 3
    cards = [n for z in ZONES for n in d[z]] + d["hands"]["US"] + d["hands"]["Jihadist"]
    assert sorted(cards) == list(range(1, 121))                                          # 4
    # 5-6: plot markers Available or on the map (numbered) or also in their boxes or removed
    # (WMD), also while a plot is being resolved (the marker stays on the map until its last step).
    numbered = d["plots_available"] + [p for c in C for p in c["plots"] if p != "WMD"]
    assert sorted(numbered) == [1, 1, 2, 2, 3, 3]                                        # 5
    wmd = sum(d["wmd_boxes"].values()) + d["wmd_available"] + d["wmd_removed"]
    wmd += sum(c["plots"].count("WMD") for c in C)
    assert wmd == 6                                                                      # 6
    assert d["wmd_boxes"]["pakistan_arsenal"] in (0, 3)
    w = world_posture(d)                                                                  # 7
    hard = sum(c["posture"] == "hard" for c in C)
    soft = sum(c["posture"] == "soft" for c in C)
    assert w == max(-3, min(3, hard - soft)) and gwot_penalty(d) in (0, 1, 2, 3)
    assert gwot_penalty(d) == (abs(w) if w and (w > 0) != (d["us_posture"] == "hard") else 0)
    assert troops_level(d["troops_track"]) == ("low_intensity" if d["troops_track"] >= 10 else  # 8
                                               "war" if d["troops_track"] >= 5 else "overstretch")
    assert 0 <= available_cells(d) <= d["cells_track"]                                    # 9
    assert len(d["first_plot"]) <= 1 and (not d["first_plot"] or d["first_plot_used"])  # 19
    assert d["countries"]["Israel"]["posture"] == "hard"


class TurnStart:
    """h.2 17-18 at the first state of every turn after the first."""

    def __init__(self):
        self.turn = None
        self.us_left = None
        self.checked = 0

    def __call__(self, st):
        d = st.d
        if d["phase"] == "end_of_turn" and self.us_left is None:
            self.us_left = len(d["hands"]["US"])
        if self.turn is not None and d["turn"] != self.turn and not st.is_terminal():
            assert d["reserves"] == {"US": 0, "Jihadist": 0}                              # 17
            assert d["lapsing"] == [] and d["first_plot"] == [] and not d["first_plot_used"]
            assert all(c["rc"] in (None, "tan") for c in d["countries"].values())
            sizes = hand_sizes(d)                                                          # 18
            assert len(d["hands"]["Jihadist"]) == sizes["Jihadist"]
            assert len(d["hands"]["US"]) == self.us_left + sizes["US"]
            self.checked += 1
            self.us_left = None
        self.turn = d["turn"]


def contract(st):
    """The protocol at one state."""
    text = st.to_json()
    back = LabyrinthState.from_json(text)
    assert back == st and back.to_json() == text
    assert json.loads(text) == st.d
    player = st.current_player()
    if st.is_terminal():
        assert player == TERMINAL and st.legal_actions() == [] and st.chance_outcomes() == []
        assert st.winner() in ("US", "Jihadist") and st.decision() is None
        return
    legal = st.legal_actions()
    assert legal, st.decision()
    assert len({action_key(a) for a in legal}) == len(legal)          # no duplicates
    for a in legal:
        assert json.loads(json.dumps(a)) == a
    assert st.decision()["player"] == player and st.decision()["rule"]
    if player == CHANCE:
        outcomes = st.chance_outcomes()
        assert [o for o, _ in outcomes] == legal
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
    else:
        assert player in ("US", "Jihadist") and st.chance_outcomes() == []


@pytest.mark.rule("5.1", "4.6.1", "5.2.1")
@pytest.mark.parametrize("scenario, length, rulings, seed", GAMES)
def test_random_game_keeps_the_contract_and_the_invariants(scenario, length, rulings, seed):
    turn_start = TurnStart()

    def each(st):
        contract(st)
        invariants(st)
        turn_start(st)

    actions, st = play(scenario, length, rulings, seed, each)
    assert st.is_terminal() and st.returns()[st.winner()] == 1
    assert turn_start.checked == st.d["turn"] - 1, (turn_start.checked, st.d["turn"], st.d["terminal"])


@pytest.mark.rule("5.1")
def test_the_games_cover_long_play():
    """The games above reach later turns, a held US card, a reshuffle and both kinds of ending."""
    seen = {"turns": 0, "held": False, "reshuffle": False, "rules": set()}
    for g in GAMES:
        def each(st):
            seen["held"] |= st.d["us_held"]
            seen["reshuffle"] |= st.d["reshuffles"] > 0 and not st.is_terminal()
        _, st = play(*g, each=each)
        seen["turns"] = max(seen["turns"], st.d["turn"])
        seen["rules"].add(st.d["terminal"]["rule"])
    assert seen["turns"] >= 5 and seen["held"] and seen["reshuffle"]
    assert "2.3" in seen["rules"] and seen["rules"] & {"2.1.1", "2.1.2"}


@pytest.mark.rule("5.1")
def test_play_is_deterministic_given_the_choosers_seed():
    a1, s1 = play("anaconda", "tournament", {}, 3)
    a2, s2 = play("anaconda", "tournament", {}, 3)
    assert a1 == a2 and s1.to_json() == s2.to_json()
    a3, _ = play("anaconda", "tournament", {}, 4)
    assert a3 != a1


@pytest.mark.rule("5.1")
def test_clones_are_independent():
    rng = random.Random(1)
    st = new_game("lets_roll")
    for _ in range(60):
        st.apply(choose(st, rng))
    before = st.to_json()
    twin = st.clone()
    assert twin == st and twin is not st
    for _ in range(30):
        if twin.is_terminal():
            break
        twin.apply(choose(twin, rng))
    twin.d["countries"]["Iraq"]["markers"].append("scribble")
    assert st.to_json() == before and twin != st


@pytest.mark.rule("5.1")
def test_a_restored_state_plays_on_identically():
    """A state mid-game restored from JSON continues exactly like the original under the same choices."""
    rng = random.Random(2)
    st = new_game("mission_accomplished", length="tournament")
    for _ in range(150):
        st.apply(choose(st, rng))
    back = LabyrinthState.from_json(st.to_json())
    r1, r2 = random.Random(9), random.Random(9)
    for _ in range(200):
        if st.is_terminal():
            break
        a = choose(st, r1)
        assert choose(back, r2) == a
        st.apply(a)
        back.apply(a)
        assert st.applied_rules() == back.applied_rules()
    assert st.to_json() == back.to_json()


@pytest.mark.rule("5.1")
def test_illegal_actions_raise_and_change_nothing():
    st = new_game("lets_roll")
    assert st.current_player() == CHANCE
    text = st.to_json()
    for bad in ({"card": 999}, {"die": 7}, "hold", None, {"card": "1"}):
        with pytest.raises(IllegalAction):
            st.apply(bad)
        assert st.to_json() == text
    while st.current_player() == CHANCE:
        st.apply(st.legal_actions()[0])
    assert st.current_player() == "Jihadist"
    text = st.to_json()
    hand = st.d["hands"]["Jihadist"]
    not_held = next(n for n in range(1, 121) if n not in hand)
    for bad in ({"card": not_held}, {"die": 1}, {"use": "ops"}, "pass"):
        with pytest.raises(IllegalAction, match="not legal"):
            st.apply(bad)
        assert st.to_json() == text


@pytest.mark.rule("5.1")
def test_applied_rules_start_with_the_rule_of_the_question_answered():
    st = new_game("anaconda")
    rule = st.decision()["rule"]
    st.apply(st.legal_actions()[0])
    assert st.applied_rules()[0] == rule == "3.2"


@pytest.mark.rule("5.1")
def test_from_json_rejects_what_is_not_a_labyrinth_state():
    with pytest.raises(DataError, match="not JSON"):
        LabyrinthState.from_json("{nope")
    with pytest.raises(DataError, match="not a labyrinth state"):
        LabyrinthState.from_json('{"game": "twilight_struggle", "version": 1}')
    d = json.loads(new_game("lets_roll").to_json())
    d["version"] = 99
    with pytest.raises(DataError, match="not a labyrinth state of version 1"):
        LabyrinthState.from_json(json.dumps(d))


@pytest.mark.rule("5.1")
def test_rulings_are_validated():
    assert LabyrinthRulings.from_dict(None) == LabyrinthRulings()
    assert LabyrinthRulings.from_dict(OTHER_RULINGS).to_dict() == {**LabyrinthRulings().to_dict(), **OTHER_RULINGS}
    with pytest.raises(DataError, match="unknown ruling 'house_rule'"):
        LabyrinthRulings.from_dict({"house_rule": True})
    with pytest.raises(DataError, match="ruling 'deal_order' cannot be 'random'"):
        LabyrinthRulings.from_dict({"deal_order": "random"})
    with pytest.raises(DataError, match="ruling 'jihadist_ops_fully_used' cannot be 'yes'"):
        new_game("lets_roll", rulings={"jihadist_ops_fully_used": "yes"})
    for r in LabyrinthRulings.describe():
        assert r["default"] in r["choices"] and r["question"] and r["source"]
    st = new_game("lets_roll", rulings={"deal_order": "jihadist_then_us"})
    assert st.rulings_dict()["deal_order"] == "jihadist_then_us" and st.rulings.deal_order == "jihadist_then_us"
