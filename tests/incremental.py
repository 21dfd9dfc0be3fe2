"""A check shared by the games' refinement tests: a game's incremental abstraction (the refinement
check's ``Abstraction.incremental``) against its whole one over a random game."""
from __future__ import annotations

import random

from cdg_oracle.properties.walk import sample_chance


def incremental_changes(st, abstraction, seed: int, steps: int) -> set:
    """Play ``st`` at random (``seed``) for at most ``steps`` steps; after every step the incremental
    vector must equal the whole abstraction's and its changed set the components that differ.
    Returns every component some step changed (the caller checks each kind of part moved)."""
    inc = abstraction.incremental(st)
    prev = abstraction.values(st)
    assert inc.values == prev
    rng = random.Random(seed)
    moved: set = set()
    for _ in range(steps):
        if st.is_terminal():
            break
        a = sample_chance(rng, st.chance_outcomes()) if st.current_player() == "chance" else rng.choice(st.legal_actions())
        st.apply(a)
        now, changed = inc.step(st)
        whole = abstraction.values(st)
        assert now == whole
        assert changed == {k for k in whole if whole[k] != prev[k]}
        moved |= changed
        prev = whole
    return moved
