"""Pig, a toy game plugged into cdg-oracle from its own distribution: the game (``game.py``) and its
checks record (``checks.py``); :data:`SPEC` is what the distribution's one entry line names
(group ``cdg_oracle.games``)."""
from cdg_oracle_toy.game import SPEC

__all__ = ["SPEC"]
