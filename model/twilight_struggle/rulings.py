"""The interpretation questions of the Twilight Struggle rulebook seed, as named switches.

Each switch is declared by its entry in the ambiguity registry (``data/ambiguities/*.yaml``, the
entry's ``switch``, ``values`` and ``ruling`` block; model/core/rulings.py builds the class), which
gives every question with its readings, the quoted text and why the default was chosen: the
reading the seed's own examples or the card text support. ``from_dict`` refuses an unknown name or
value with one line.
"""
from __future__ import annotations

from pathlib import Path

from cdg_oracle.model.core.rulings import rulings_class

#: The folder of the ambiguity registry of Twilight Struggle, whose entries declare the switches.
AMBIGUITIES = Path(__file__).resolve().parent / "data" / "ambiguities"

TwilightRulings = rulings_class("TwilightRulings", AMBIGUITIES, __name__)
