"""The games the oracle knows, behind the one contract of model/core (tools never reach inside)."""
from __future__ import annotations

from model.core.errors import DataError

GAMES = ("labyrinth",)


def new_state(game: str, scenario: str, length: str = "standard", rulings: dict | None = None):
    if game != "labyrinth":
        raise DataError(f"--game {game!r}: unknown game (known: {', '.join(GAMES)})")
    from model.labyrinth import new_game
    return new_game(scenario, length, rulings)


def scenarios(game: str) -> list[str]:
    if game != "labyrinth":
        raise DataError(f"--game {game!r}: unknown game (known: {', '.join(GAMES)})")
    from model.labyrinth import scenario_names
    return scenario_names()
