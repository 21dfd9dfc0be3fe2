"""Issue 16: what each side sees by the rules, ``observation(side)`` (model/labyrinth/state.py).

The property: changing what a side cannot see -- a card of the other side's hand swapped with one
of the draw pile, the value of a face-down plot marker on the map swapped with an Available one --
never changes that side's observation nor, when it is to move, its legal actions. Checked at the
decisions of seeded random games of every scenario, two-player and solo.
"""
from __future__ import annotations

import random

import pytest

from cdg_oracle.model.labyrinth import new_game, scenario_names
from cdg_oracle.model.labyrinth.plots import face_down_plots
from cdg_oracle.oracle.playout import choose

OTHER = {"US": "Jihadist", "Jihadist": "US"}


def hide_differently(st, side: str, rng: random.Random):
    """A copy of ``st`` that differs only in what ``side`` cannot see, or None when there is
    nothing hidden from it to change."""
    other = OTHER[side]
    st2 = st.clone()
    d = st2.d
    changed = False
    hand = d["hands"][other]
    if hand and d["deck"]:
        i, j = rng.randrange(len(hand)), rng.randrange(len(d["deck"]))
        hand[i], d["deck"][j] = d["deck"][j], hand[i]
        changed = True
    if side == "US":
        for name in sorted(d["countries"]):
            down = face_down_plots(st2, name)
            swap = [p for p in down if isinstance(p, int)]
            other_values = [v for v in d["plots_available"] if swap and v != swap[0]]
            if swap and other_values:
                plots = d["countries"][name]["plots"]
                plots[plots.index(swap[0])] = other_values[0]
                d["plots_available"].remove(other_values[0])
                d["plots_available"].append(swap[0])
                changed = True
                break
    return st2 if changed else None


def positions(scenario: str, seed: int, options=None, every: int = 7):
    """Decision states of one seeded random game, every ``every``-th one."""
    rng = random.Random(seed)
    st = new_game(scenario, options=options)
    k = 0
    while not st.is_terminal():
        if st.current_player() in OTHER:
            k += 1
            if k % every == 0:
                yield st
        st.apply(choose(rng, st))


@pytest.mark.parametrize("scenario", scenario_names())
@pytest.mark.parametrize("options", [None, {"solo": True, "ideology": "normal", "minidecks": False}])
def test_what_a_side_cannot_see_never_changes_its_observation_or_its_choices(scenario, options):
    rng = random.Random(7)
    checked = 0
    for st in positions(scenario, 3, options):
        for side in ("US", "Jihadist"):
            st2 = hide_differently(st, side, rng)
            if st2 is None:
                continue
            assert st2.canonical() != st.canonical()  # the change is real...
            assert st2.observation(side) == st.observation(side), (scenario, side)  # ...and unseen
            if st.current_player() == side:
                assert st2.legal_actions() == st.legal_actions(), (scenario, side, st.decision())
            checked += 1
    assert checked >= 10


def test_an_observation_shows_counts_of_what_is_hidden():
    st = new_game("lets_roll")
    rng = random.Random(1)
    while st.current_player() != "Jihadist":
        st.apply(choose(rng, st))
    us, jihadist = st.observation("US"), st.observation("Jihadist")
    assert us["hands"]["US"] == sorted(st.d["hands"]["US"]) and us["hands"]["Jihadist"] == len(st.d["hands"]["Jihadist"])
    assert jihadist["hands"]["Jihadist"] == sorted(st.d["hands"]["Jihadist"])
    assert us["deck"] == len(st.d["deck"]) and us["observer"] == "US"
    assert all("plots_face_down" in c for c in us["countries"].values())
    with pytest.raises(ValueError):
        st.observation("chance")
