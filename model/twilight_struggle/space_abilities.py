"""The Space Race abilities (6.4.4): the first side to reach a box with an ability holds it until
the other side reaches that box too. Derived from the two markers, never stored: the side at or
past box k while the other is short of it is the one that reached k first (markers never move
back, 6.4).
"""
from __future__ import annotations

import functools

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.twilight_struggle.control import OPPONENT
from cdg_oracle.model.twilight_struggle.tables import load_tables


@functools.lru_cache(maxsize=None)
def box_of(ability: str) -> int:
    """The box whose ability is ``ability``."""
    return next(b.box for b in load_tables().space.values() if b.ability == ability)


@implements("6.4.4")
def has(st, side: str, ability: str) -> bool:
    """6.4.4: ``side`` holds ``ability``: it has reached the box, the other side has not."""
    k = box_of(ability)
    space = st.d["space"]
    return space[side] >= k > space[OPPONENT[side]]
