"""The interpretation questions of A Distant Plain's rulebook seed (an Italian player aid), as named
switches. Each switch is declared by its entry in the ambiguity registry (``data/ambiguities/*.yaml``,
the entry's ``switch``, ``values`` and ``ruling`` block; model/core/rulings.py builds the class),
which gives each question with its readings, the quoted text and why the default was chosen: the
aid's own items (A01-A24, the dossier's section 8) and the project's questions where the aid is
silent (P01-P59). Every item that changes play has a switch; the defaults are the registry's."""
from __future__ import annotations

from pathlib import Path

from cdg_oracle.model.core.rulings import rulings_class

#: The folder of the ambiguity registry of A Distant Plain, whose entries declare the switches.
AMBIGUITIES = Path(__file__).resolve().parent / "data" / "ambiguities"

DistantPlainRulings = rulings_class("DistantPlainRulings", AMBIGUITIES, __name__)
