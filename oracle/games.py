"""The games the oracle knows, behind the one contract of model/core (tools never reach inside)."""
from __future__ import annotations

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import from_document
from cdg_oracle.model.core.registry import get

def spec(game: str):
    """The game's GameSpec; an unknown game is a DataError naming the known ones."""
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
    if position.get("game") != game:
        raise DataError(f"position: game {position.get('game')!r}, not {game!r}")
    return from_document(position)


def default_scenario(game: str) -> str:
    """The scenario a command uses when none is named: the game's default, else its first."""
    s = spec(game)
    return s.default_scenario or s.scenarios()[0]


def scenarios(game: str) -> list[str]:
    return spec(game).scenarios()


def carried_options(game: str, options: dict | None) -> dict | None:
    """The game options as a trace header and an adapter ``reset`` carry them: None when they are
    the game's defaults (no ``options`` is written at all, so that traces and adapter traffic of a
    game under its defaults stay exactly as they were: a Labyrinth two-player game), else the full
    options dict as the game normalises it (a Labyrinth solo game: ``{"solo", "ideology",
    "minidecks"}``; Twilight Struggle: ``{"edition", ...}``)."""
    if not options:
        return None
    normalize = spec(game).normalize_options
    full = normalize(options)
    return None if full == normalize(None) else full
