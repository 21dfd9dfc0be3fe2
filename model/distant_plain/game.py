"""A Distant Plain as a :class:`~cdg_oracle.model.core.game.Game`: what every state of a game under
one set of options and rulings reads and never changes, built once (model/core/game.py): the
``map`` (the spaces and their adjacency, ``mapdata.py``), the ``rulings`` (``rulings.py``), the
derived facts (``derived.py``) and the position format (``position.py``)."""
from __future__ import annotations

from cdg_oracle.model.core.game import Game
from cdg_oracle.model.distant_plain import derived
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings


class DistantPlainGame(Game):
    name = "distant_plain"
    RULINGS = DistantPlainRulings
    SHARED = ("map", "rulings")
    DERIVED = derived.facts
    DERIVED_RULES = derived.RULES
    POSITIONS = "cdg_oracle.model.distant_plain.position:FORMAT"
    INFORMATION = "cdg_oracle.model.distant_plain.information"  # who sees what; the re-deal (issue 32)

    def build(self) -> None:
        self.map = load_map()
