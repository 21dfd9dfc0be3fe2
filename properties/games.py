"""Where a game's own checks come from: one record per game, :class:`GameChecks`, exported as
``CHECKS`` by the game's properties package and named by the game's spec
(model/core/registry.py ``GameSpec.checks``, a ``"module:attribute"`` string, so that the model
never imports ``properties``). Every generic tool asks :func:`checks` for a game's record; a game
whose spec names none gets an empty record, and the generic checks alone.

(Issue 29 item 1: this record replaces the mutable dicts ``walk.INVARIANTS``,
``coverage.COVERAGE`` and ``verification.VERIFICATIONS``, the ``registrations.py`` modules found by
name, ``oracle/scenario_cmd.SCENARIO_CHECKS`` and ``oracle/rules_report.AMBIGUITY_REGISTRIES``.)
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class GameChecks:
    """Everything the generic checks and the oracle's tools know of one game beyond its contract
    (None: the game has none of that kind).

    ``invariants(state)``: the game's invariants for the checked walk and the state machine
    (properties/walk.py); ``coverage``: what its conformance vectors cover (properties/coverage.py
    ``Coverage``); ``verification``: its verification sections (properties/verification.py
    ``GameVerification``); ``scenario_checks``: the module ``cdg-oracle scenario`` checks a
    scenario with (oracle/scenario_cmd.py); ``registry``: its ambiguity registry
    (properties/ambiguities.py ``AmbiguityRegistry``); ``measurement``: how ``cdg-oracle
    ambiguities`` plays its games (properties/impact.py); ``machine``: the hypothesis state
    machine's configuration (properties/stateful.py); ``mutants``: the reference adapter's
    mutants (oracle/reference_adapter.py); ``cli_options``: the game's own command-line shortcuts
    (Labyrinth's ``--solo``, ``--ideology``)."""

    game: str
    invariants: Callable[[Any], list] | None = None
    coverage: Any = None
    verification: Any = None
    scenario_checks: Any = None
    registry: Any = None
    measurement: Any = None
    machine: Any = None
    mutants: Any = None
    cli_options: Any = None


_CACHE: dict[str, GameChecks] = {}


def checks(game: str) -> GameChecks:
    """The record of ``game``'s checks: the object its spec's ``checks`` names, imported once; an
    empty record for a game whose spec names none."""
    found = _CACHE.get(game)
    if found is not None:
        return found
    from cdg_oracle.model.core.registry import get

    where = getattr(get(game), "checks", None)
    if where:
        module, _, attribute = where.partition(":")
        found = getattr(importlib.import_module(module), attribute or "CHECKS")
    else:
        found = GameChecks(game)
    _CACHE[game] = found
    return found


_LOADED: set[str] = set()


def load(game: str) -> None:
    """Import ``game``'s registrations module once, if the game has one. (Transitional: goes with
    the registrations modules, issue 29 item 1.)"""
    if game in _LOADED:
        return
    _LOADED.add(game)
    package = f"cdg_oracle.properties.{game}"
    try:
        importlib.import_module(f"{package}.registrations")
    except ModuleNotFoundError as e:
        if e.name not in (package, f"{package}.registrations"):
            raise
