"""Twilight Struggle's invariants for the generic checked walk (properties/walk.py) and the state
machine (properties/stateful.py): the consistency laws of model/twilight_struggle/consistency.py
after every step."""
from __future__ import annotations

from cdg_oracle.model.twilight_struggle.consistency import check_all


def twilight_invariants(st):
    """The check of every state of one game: the consistency laws."""
    return lambda s: check_all(s.d)

