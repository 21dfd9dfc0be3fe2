"""Labyrinth interpretation switches (DESIGN.md: "Open questions ... are named switches").

Each switch is declared by its entry in the ambiguity registry (``data/ambiguities/*.yaml``, the
entry's ``switch``, ``values`` and ``ruling`` block; model/core/rulings.py builds the class). Each
default is the official 2010 errata/FAQ reading where one exists, else the recommended resolution
of the dossier (``seed_labyrinth.md`` section g, items Dnn/Ann), cited per switch.
"""
from __future__ import annotations

from pathlib import Path

from cdg_oracle.model.core.rulings import rulings_class

#: The folder of the ambiguity registry of Labyrinth, whose entries declare the switches.
AMBIGUITIES = Path(__file__).resolve().parent / "data" / "ambiguities"

LabyrinthRulings = rulings_class("LabyrinthRulings", AMBIGUITIES, __name__)
