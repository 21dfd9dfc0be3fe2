"""The sandbox's sequence of play (turn.py): factions in a fixed order, an Operation full or Limited
or a pass, a paired Special Activity after a full Operation, Propaganda rounds, the game's end."""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.registry import get
from cdg_oracle.model.distant_plain.activities import load_activities
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.scenarios import new_game, sandbox_state
from cdg_oracle.model.distant_plain.state import DistantPlainState
from cdg_oracle.model.distant_plain.turn import final_outcome
from cdg_oracle.model.distant_plain.engine import ENGINE


def pass_until(st, faction: str) -> None:
    while st.current_player() != faction:
        assert {"pass": True} in st.legal_actions(), st.decision()
        st.apply({"pass": True})


def test_the_factions_act_in_a_fixed_order_and_the_question_names_its_gap():
    st = new_game()
    seen = []
    for _ in range(4):
        seen.append(st.current_player())
        assert st.decision()["gap"] == "sequence_of_play" and st.decision()["question"] == "faction_turn.operation"
        st.apply({"pass": True})
    assert seen == ["Coalition", "Government", "Taliban", "Warlords"]


@pytest.mark.rule("warlords.operations.rally", "warlords.special_activities", "limited_operation")
def test_a_full_operation_may_take_a_paired_special_activity_a_limited_one_none():
    st = new_game()
    pass_until(st, "Warlords")
    assert {"op": "rally", "limited": False} in st.legal_actions() and {"op": "rally", "limited": True} in st.legal_actions()
    st.apply({"op": "rally", "limited": True})
    st.apply({"space": "Herat"})
    st.apply({"do": "place", "space": "Herat"})
    # the Limited Rally had its one space: no Special Activity question, the round goes on
    assert st.decision()["question"] != "faction_turn.sa_chosen" and st.d["turn"] is None
    assert check_all(st.d) == []



@pytest.mark.rule("limited_operation", "warlords.special_activities")
def test_a_faction_turn_poses_either_question_again_changing_nothing():
    """faction_turn is declared to re-pose (engine.py): called without an answer at its Operation
    question or at its Special Activity question it asks the same again, so a position's machine
    standing there needs no stated question (model/core/engine.py, "Posing again")."""
    st = new_game()
    assert "faction_turn" in ENGINE.reposing
    before = st.to_json()
    assert ENGINE.repose(st) == st.d["pending"] and st.to_json() == before
    pass_until(st, "Warlords")
    st.apply({"op": "rally", "limited": False})
    st.apply({"space": "Herat"})
    st.apply({"do": "place", "space": "Herat"})
    while st.decision()["question"] != "faction_turn.sa_chosen":
        st.apply({"done": True} if {"done": True} in st.legal_actions() else st.legal_actions()[0])
    before = st.to_json()
    assert ENGINE.repose(st) == st.d["pending"] and st.to_json() == before
    assert type(st).from_json(before) == st

def test_the_pairings_are_the_aid_s():
    acts = load_activities()
    assert acts["Coalition"].operations["train"] == ("surge", "air_lift")
    assert acts["Government"].operations["sweep"] == ("transport",)
    assert acts["Warlords"].operations["terror"] == ("suborn",)
    assert acts["Taliban"].operations["attack"] == ("extort", "ambush")
    assert acts["Taliban"].special_activities == ("extort", "infiltrate", "ambush")


@pytest.mark.rule("islamabad.sponsorship", "limited_operation")
def test_under_sponsorship_a_taliban_limited_operation_is_a_normal_one_without_special_activity():
    d = sandbox_state()
    d["islamabad"]["level"] = "sponsorship"
    st = DistantPlainState(d)
    ENGINE.run(st)
    pass_until(st, "Taliban")
    ops = [a for a in st.legal_actions() if "op" in a]
    assert ops, "the Taliban can carry out an Operation in the sandbox"
    op = next(a for a in ops if a["limited"])
    st.apply(op)
    assert st.d["turn"]["limited"] is False and st.d["turn"]["no_sa"] is True
    assert "islamabad.sponsorship" in st.applied_rules()


@pytest.mark.rule("warlords.operations.march", "taliban.operations.march", "government.operations.sweep",
                  "coalition.operations.sweep")
def test_no_sweep_or_march_on_the_last_turn_before_the_final_propaganda():
    st = new_game(options={"propaganda_rounds": 1})
    assert st.d["stack"][-1]["last_before_final"] is True
    for _ in range(4):
        assert not any(a.get("op") in ("sweep", "march") for a in st.legal_actions())
        st.apply({"pass": True})
    st2 = new_game(options={"propaganda_rounds": 2})
    assert st2.d["stack"][-1]["last_before_final"] is False


@pytest.mark.rule("propaganda", "propaganda.redeploy.game_end")
def test_a_propaganda_round_follows_each_round_of_turns_and_the_last_ends_the_game():
    """Four passes, then the Propaganda round: with no piece on the map it asks nothing (no Civic
    Action, Sharia, Desertion or redeploy to make), the Government gains Aid + the Econ of every
    open LoC, and after its Redeploy phase the last round ends the game by margins."""
    st = new_game(options={"propaganda_rounds": 1})
    for _ in range(4):
        st.apply({"pass": True})
    assert st.is_terminal() and st.outcome()["rule"] == "propaganda.redeploy.game_end"
    assert st.d["resources"]["Government"] == 30 + 15 + sum(st.map.spaces[n].econ for n in st.map.locs)
    assert st.winner() == "Coalition"  # the sandbox's margins: Coalition -4 is the largest
    two = new_game(options={"propaganda_rounds": 2})
    for _ in range(4):
        two.apply({"pass": True})
    assert not two.is_terminal() and two.current_player() == "Coalition"  # the second round of turns
    assert two.d["stack"][0]["round"] == 2 and two.d["stack"][-1]["last_before_final"] is True


@pytest.mark.rule("propaganda.redeploy.game_end")
def test_after_the_last_propaganda_the_largest_margin_wins_and_a_tie_has_no_winner():
    d = sandbox_state()
    out = final_outcome(d)
    # the sandbox's start: Coalition 26 Available - 30 = -4; Government 5 - 35; Taliban -20; Warlords min(25-15, 15-40)
    assert out["winner"] == "Coalition" and "margins" in out["reason"]
    d["resources"]["Warlords"] = 36  # Warlords: min(10, 36 - 40) = -4, the Coalition's margin
    out = final_outcome(d)
    assert out["winner"] is None and "a tie between Coalition, Warlords (gap victory_ties)" in out["reason"]
    d["resources"]["Warlords"] = 37
    assert final_outcome(d)["winner"] == "Warlords"


def test_the_game_is_registered_with_its_sandbox():
    spec = get("distant_plain")
    assert spec.scenarios() == ["sandbox"] and spec.sides == ("Coalition", "Government", "Taliban", "Warlords")
    st = spec.new_state("sandbox", "standard", None, None)
    assert st.current_player() == "Coalition"
    with pytest.raises(Exception, match="only the sandbox"):
        spec.new_state("main", "standard", None, None)


@pytest.mark.rule("islamabad.sponsorship", "limited_operation", "taliban.operations.rally")
@pytest.mark.reading("A21")
@pytest.mark.parametrize("sponsorship_limited, spaces_after_one", [
    ("full_operation_no_sa", True), ("destination_limit_only", False)])
def test_a_taliban_limited_rally_under_sponsorship(sponsorship_limited, spaces_after_one):
    """A21: every limit lifted (the Rally may go on to a second space), or only the one-destination
    limit of Patrol, Sweep and March (a Limited Rally keeps its one space); no Special Activity either way."""
    d = sandbox_state(rulings={"sponsorship_limited": sponsorship_limited})
    d["islamabad"]["level"] = "sponsorship"
    st = DistantPlainState(d)
    ENGINE.run(st)
    pass_until(st, "Taliban")
    st.apply({"op": "rally", "limited": True})
    assert st.d["turn"]["no_sa"] is True and st.d["turn"]["limited"] is not spaces_after_one
    space = st.legal_actions()[0]["space"]
    st.apply({"space": space})
    st.apply(next(a for a in st.legal_actions() if a.get("do") == "place"))
    asked = st.decision()
    more = asked["player"] == "Taliban" and any("space" in a for a in st.legal_actions())
    assert more is spaces_after_one
