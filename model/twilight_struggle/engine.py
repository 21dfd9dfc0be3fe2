"""Twilight Struggle's procedures on the core engine (model/core/engine.py): its own
:class:`~cdg_oracle.model.core.engine.Engine`, so that its ``turn`` is not Labyrinth's.

Which choices are posed. Every choice the rules give a side -- a headline card, the card of an
action round and its use, each influence marker's country, each realignment's and the coup's
target, the order of an opponent's event and the operations (5.2), the free set-up placements
(3.2, 3.3), a Space Walk discard (6.4.4) -- is a decision, also when a single option is legal.
What the rules leave to chance -- every die, every card drawn from the pile -- is a chance node.
The hooks are empty (no ``ENGINE.set_hooks`` call): victory is checked where the rules say (10.3.1: after all the VP of a card,
so at the end of each card's play; 8.1.3 at once when DEFCON reaches 1), not after every step.
"""
from __future__ import annotations

from cdg_oracle.model.core.engine import Engine

ENGINE = Engine("twilight_struggle")
procedure = ENGINE.procedure
sequence = ENGINE.sequence
