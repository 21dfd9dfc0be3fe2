"""The one chooser (model/core/choosers.py): every random pick is a chance node with exact
probabilities, its outcomes in a fixed order."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from cdg_oracle.model.core.choosers import pick_by_count, pick_next, pick_uniform, pick_weighted
from tests.labyrinth.harness import position


def pending(st):
    return st.d["pending"]


def test_pick_uniform_keeps_the_order_and_wraps_with_the_key():
    st = position("lets_roll")
    pick_uniform(st, [5, 3, 9], "card 52", "a random card", key="card")
    p = pending(st)
    assert p["player"] == "chance" and p["actions"] == [{"card": 5}, {"card": 3}, {"card": 9}]
    assert p["weights"] is None and p["rule"] == "card 52"


def test_pick_uniform_may_mark_a_gap():
    st = position("lets_roll")
    pick_uniform(st, [{"country": "Iraq"}, {"country": "Iran"}], "9.5", "Global table", gap="no table")
    assert pending(st)["gap"] == "no table"


def test_pick_by_count_one_outcome_per_value_weighted_by_markers():
    st = position("lets_roll")
    pick_by_count(st, [3, "WMD", 1, 3], "8.5.4", "which face-down plot", key="plot")
    p = pending(st)
    assert p["actions"] == [{"plot": 1}, {"plot": 3}, {"plot": "WMD"}] and p["weights"] == [1, 2, 1]
    st.d["pending"] = None
    pick_by_count(st, Counter({2: 1, 1: 3}), "card 1", "Backlash", key="plot")
    assert pending(st)["actions"] == [{"plot": 1}, {"plot": 2}] and pending(st)["weights"] == [3, 1]


def test_pick_by_count_probabilities_are_exact():
    st = position("lets_roll")
    st.d["stack"] = [{"proc": "test_halt", "pc": "start"}]
    pick_by_count(st, [1, 1, 2], "8.5.4", "which face-down plot", key="plot")
    assert dict((a["plot"], p) for a, p in st.chance_outcomes()) == {1: Fraction(2, 3), 2: Fraction(1, 3)}


def test_pick_next_takes_k_then_stops():
    st = position("lets_roll")
    st.d["pending"] = None
    assert pick_next(st, [4, 7], 2, 2, "card 90", "a random card", key="card")  # two taken: done
    assert pick_next(st, [], 0, 2, "card 90", "a random card", key="card")      # nothing left: done
    assert pending(st) is None
    assert not pick_next(st, [4, 7], 1, 2, "card 90", "a random card", key="card")
    assert pending(st)["actions"] == [{"card": 4}, {"card": 7}]


def test_pick_weighted_passes_the_weights():
    st = position("lets_roll")
    pick_weighted(st, [{"plot": 1}, {"plot": "WMD"}], [4, 3], "9.3.2", "a random marker")
    assert pending(st)["weights"] == [4, 3]


def test_the_model_poses_no_chance_node_of_its_own_outside_the_chooser_and_the_dice():
    """Labyrinth's rule modules reach the engine's chance node through the chooser (the turn
    sequence's draws excepted, turn.py)."""
    from pathlib import Path

    import cdg_oracle.model.labyrinth as pkg

    root = Path(pkg.__file__).parent
    users = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                   if "pick_chance(" in p.read_text(encoding="utf-8"))
    assert set(users) <= {"turn.py", "engine.py"}, users
