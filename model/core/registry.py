"""The games the model knows: one :class:`GameSpec` per game, registered by the game's package.

Every tool (the CLI, traces, the adapter, difftest, vectors, perft, the checked walks) takes a
game by name from here and uses its state only through the contract (model/core/game.py); none
tests a game's name. A game registers itself when its package is imported; the built-in games
are imported on first use, and more can be plugged in by naming their modules in the environment
variable ``CDG_ORACLE_GAMES`` (comma-separated module names), which is how the test suite's toy
game reaches the reference adapter's process.
"""
from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from cdg_oracle.model.core.errors import DataError

BUILTIN = {"labyrinth": "cdg_oracle.model.labyrinth", "twilight_struggle": "cdg_oracle.model.twilight_struggle",
           "distant_plain": "cdg_oracle.model.distant_plain"}
ENV = "CDG_ORACLE_GAMES"


@dataclass(frozen=True)
class GameSpec:
    """What a tool needs to know of a game, and nothing of its insides.

    ``new_state(scenario, length, rulings, options)`` returns a state at its first decision;
    ``state_class.from_json(text)`` reads a state back; ``scenarios()`` lists the scenario names;
    ``lengths`` the game lengths; ``rulings`` the game's Rulings class (``describe()``,
    ``from_dict()``); ``options`` the option names a game takes (a solo bot, an Ideology) and
    ``normalize_options(options)`` validates them; ``state_schema`` names the published JSON
    Schema of the canonical state (a file of ``oracle/data``); ``sides`` the players;
    ``perft_depths`` the default perft depth of each scenario (``cdg-oracle vectors``; a scenario
    not listed gets the tool's fallback depth): as deep as a count stays within a few seconds.

    What ``cdg-oracle rules`` reports: ``rules_catalogue()``, every numbered rule of the rulebook
    in order (objects with ``number``, ``title``, ``scope``; None: the game has no catalogue yet,
    and only the rules its code cites are listed); ``cards()``, every card (dicts with
    ``number``, ``name``, ``side``, ``ops``, ``event_implemented``; None: no cards);
    ``open_items()``, the facts no source confirms (dicts with ``rule``, ``table``,
    ``confidence``, ``what``). ``positions``: the game's position format
    (model/core/position.py ``PositionFormat``; None: the game has none yet).
    ``default_scenario``: the scenario a command uses when none is named (None: the first).
    ``title``: the game's name for people ("A Distant Plain"; empty: from ``name``).
    ``derived_facts(state)``: the facts the rules compute from a state (control, victory totals and
    margins, hand sizes...) as plain JSON, what ``position show --json`` writes under ``derived``
    and ``observation`` carries; ``derived_rules`` the rule each of its keys reads (None, empty:
    the game declares none). ``checks``: where the game's checks are, ``"module:attribute"`` of a
    properties/games.py ``GameChecks`` (None: the generic checks only)."""

    name: str
    sides: tuple[str, ...]
    scenarios: Callable[[], list[str]]
    lengths: tuple[str, ...]
    rulings: type
    new_state: Callable[..., Any]
    state_class: type
    options: tuple[str, ...] = ()
    normalize_options: Callable[[dict | None], dict] = field(default=lambda o: dict(o or {}))
    state_schema: str | None = None
    description: str = ""
    perft_depths: Mapping[str, int] = field(default_factory=dict, hash=False)
    rules_catalogue: Callable[[], Any] | None = None
    cards: Callable[[], list[dict]] | None = None
    open_items: Callable[[], list[dict]] | None = None
    positions: Any = None
    default_scenario: str | None = None
    title: str = ""
    derived_facts: Callable[[Any], dict] | None = None
    derived_rules: Mapping[str, str] = field(default_factory=dict, hash=False)
    checks: str | None = None


GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Register a game (its package calls this on import); twice under one name is an error."""
    old = GAMES.get(spec.name)
    if old is not None and old is not spec:
        raise ValueError(f"game {spec.name!r} registered twice")
    GAMES[spec.name] = spec
    return spec


def _load_plugins() -> None:
    for module in [m.strip() for m in os.environ.get(ENV, "").split(",") if m.strip()]:
        try:
            importlib.import_module(module)
        except ImportError as e:
            raise DataError(f"{ENV}: cannot import game module {module!r} ({e})") from None


def modules() -> list[str]:
    """The modules of the games registered in this process (a worker process imports them to know
    the same games: a game plugged in by a test or by ``CDG_ORACLE_GAMES`` too)."""
    return sorted({spec.state_class.__module__ for spec in GAMES.values()})


def load(modules_: list[str]) -> None:
    """Import game modules (what :func:`modules` named in another process)."""
    for module in modules_:
        importlib.import_module(module)


def names() -> list[str]:
    """Every known game: the built-in ones and those of ``CDG_ORACLE_GAMES``."""
    for module in BUILTIN.values():
        importlib.import_module(module)
    _load_plugins()
    return sorted(GAMES)


def get(name: str) -> GameSpec:
    """The game called ``name``; an unknown name is a DataError listing the known ones."""
    if name in BUILTIN:
        importlib.import_module(BUILTIN[name])
    if name not in GAMES:
        known = names()
        if name not in GAMES:
            raise DataError(f"--game {name!r}: unknown game (known: {', '.join(known)})")
    return GAMES[name]
