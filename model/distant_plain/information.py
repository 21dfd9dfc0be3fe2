"""A Distant Plain: who sees what, each faction's information state and the re-deal (issue 32; the
shared part is model/core/information.py).

Everything the model plays is public: the pieces on the map and in the boxes, the tracks, the
dice (every roll is made in the open), and each faction's choices, which it announces as it
carries them out (the aid's Operations and Special Activities name their spaces and pieces). The
cards, whose deck is the game's one hidden thing (the next card is face down, 2.3), are not
modelled (a registered gap): so no step is private, nothing is shown, and a faction's information
state is the public history with its observation. The re-deal has nothing to deal again: it is a
copy of the state, and it is exact (the one state consistent with what every faction sees).
"""
from __future__ import annotations

from typing import Any

from cdg_oracle.model.core.information import information_state as _information_state


def seen_by(st: Any, action: Any) -> None:
    """Every step is public (the module docstring)."""
    return None


def sightings(st: Any) -> tuple:
    """Nothing is ever shown: nothing is hidden."""
    return ()


def reveals(st: Any, action: Any) -> tuple:
    """No step shows a side anything it takes away again within the step."""
    return ()


def information_state(st: Any, side: str) -> dict:
    """The faction's information state: the public history and its observation."""
    return _information_state(st, side)


def sample_redeal(st: Any, side: str, rng: Any) -> Any:
    """Nothing is hidden from any faction: the one consistent state, a copy."""
    return st.clone()
