"""Labyrinth as a :class:`~cdg_oracle.model.core.game.Game`: what every state of a game under one
set of options and rulings reads and never changes, built once (model/core/game.py).

* ``map``: the countries and their adjacency (2.0, ``mapdata.py``); ``muslim_records_of``, the
  records of the Muslim countries of a state's ``countries``, in map order (a C getter: the
  instant-victory check reads them after every step, 2.2);
* ``cards``: the 120 cards (``cards.py``);
* ``rulings``: the interpretation switches (``rulings.py``);
* the derived facts (``derived.py``) and the position format (``position.py``).
"""
from __future__ import annotations

from operator import itemgetter

from cdg_oracle.model.core.game import Game
from cdg_oracle.model.labyrinth import derived
from cdg_oracle.model.labyrinth.cards import load_cards
from cdg_oracle.model.labyrinth.mapdata import load_map
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings


class LabyrinthGame(Game):
    name = "labyrinth"
    RULINGS = LabyrinthRulings
    SHARED = ("map", "cards", "rulings", "muslim_records_of")
    DERIVED = derived.facts
    DERIVED_RULES = derived.RULES
    POSITIONS = "cdg_oracle.model.labyrinth.position:FORMAT"
    INFORMATION = "cdg_oracle.model.labyrinth.information"  # who sees what; the re-deal (issue 32)
    DEFAULT_OPTIONS = {"solo": False, "ideology": "normal", "minidecks": False}

    def build(self) -> None:
        self.map = load_map()
        self.cards = load_cards()
        self.muslim_records_of = itemgetter(*self.map.muslim)
