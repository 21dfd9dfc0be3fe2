"""The games the oracle knows, behind the one contract of model/core (tools never reach inside)."""
from __future__ import annotations

from cdg_oracle.model.core.errors import DataError

def spec(game: str):
    """The game's GameSpec; an unknown game is a DataError naming the known ones."""
    from cdg_oracle.model.core.registry import get

    return get(game)


def new_state(game: str, scenario: str, length: str = "standard", rulings: dict | None = None,
              options: dict | None = None):
    """A new game at its first decision. ``options`` are the game options (Labyrinth: ``{"solo",
    "ideology", "minidecks"}``, chapter 9; None: two-player); a bad one raises DataError."""
    return spec(game).new_state(scenario, length, rulings, options)


def start_state(game: str, scenario: str, length: str = "standard", rulings: dict | None = None,
                options: dict | None = None, position: dict | None = None):
    """A game at its first decision: from ``position`` (a position document, docs/positions.md,
    whose header must name this game) when given, else a new game of ``scenario``."""
    if position is None:
        return new_state(game, scenario, length, rulings, options)
    from cdg_oracle.model.core.position import from_document

    if position.get("game") != game:
        raise DataError(f"position: game {position.get('game')!r}, not {game!r}")
    return from_document(position)


def scenarios(game: str) -> list[str]:
    return spec(game).scenarios()


def carried_options(options: dict | None) -> dict | None:
    """The game options as a trace header and an adapter ``reset`` carry them: the full dict for a
    solo game, None for a two-player game (which writes no ``options`` at all, so that two-player
    traces and adapter traffic stay exactly as they were before the solo option existed)."""
    if not options or not options.get("solo"):
        return None
    return {"solo": True, "ideology": options.get("ideology", "normal"),
            "minidecks": bool(options.get("minidecks", False))}
