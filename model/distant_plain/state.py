"""The state of A Distant Plain: plain JSON data in ``d`` (the sandbox's fields, scenarios.py, and the
core's ``stack``, ``pending``, ``terminal``), the contract from the core. Everything on the board
is public (no hands: the cards are not modelled, a registered gap), so a side's observation is the
canonical state."""
from __future__ import annotations

from typing import ClassVar

from cdg_oracle.model.core.state import StackState, copy_json
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.game import DistantPlainGame
from cdg_oracle.model.distant_plain.pieces import FACTIONS

_FACTS = ("spaces", "available", "casualties", "out_of_play", "resources", "aid", "patronage", "islamabad")


class DistantPlainState(StackState):
    game: ClassVar[str] = "distant_plain"
    SIDES: ClassVar[tuple[str, ...]] = FACTIONS
    ENGINE: ClassVar = ENGINE
    STATE_VERSION: ClassVar[int] = 1
    GAME: ClassVar = DistantPlainGame  # st.map, st.rulings: the Game's (game.py)

    def options(self) -> dict:
        return dict(self.d["options"])

    def canonical(self) -> dict:
        d = self.d
        out = copy_json({k: d[k] for k in _FACTS})
        t = d["terminal"]
        out["winner"] = None if t is None else t["winner"]
        out["to_move"] = self.current_player()
        return out

    def observation(self, side: str) -> dict:
        """Everything on the board is public: the canonical state, with ``derived``, the facts the
        aid's rules compute from it (derived.py: Control, the victory sums and margins, costs)."""
        out = self.canonical()
        out["derived"] = self.derived_facts()
        return out
