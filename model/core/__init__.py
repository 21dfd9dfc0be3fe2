"""Game-agnostic core of cdg-oracle: the decision protocol every game implements.

See ``game.py`` for the contract (OpenSpiel-style extensive form), ``rulings.py`` for named
interpretation switches, ``citations.py`` for the rule-citation registry and ``errors.py`` for the
one-line errors that every loader raises.
"""
from cdg_oracle.model.core.errors import DataError, IllegalAction
from cdg_oracle.model.core.game import CHANCE, TERMINAL, GameState, action_key
from cdg_oracle.model.core.rulings import Rulings

__all__ = ["CHANCE", "TERMINAL", "GameState", "Rulings", "DataError", "IllegalAction", "action_key"]
