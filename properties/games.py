"""Where a game's own checks come from: the module ``cdg_oracle.properties.<game>.registrations``
registers them (its invariants in ``walk.INVARIANTS``, its ``Coverage`` in
``coverage.COVERAGE``, its ``GameVerification`` in ``verification.VERIFICATIONS``). Every tool
calls :func:`load` before it looks a game up in one of those registries, so a game's checks are
imported when first needed and a game without such a module gets the generic ones. (A game
plugged in from elsewhere, as the test suite's toy game, fills the registries itself.)
"""
from __future__ import annotations

import importlib

_LOADED: set[str] = set()


def load(game: str) -> None:
    """Import ``game``'s registrations module once, if the game has one."""
    if game in _LOADED:
        return
    _LOADED.add(game)
    package = f"cdg_oracle.properties.{game}"
    try:
        importlib.import_module(f"{package}.registrations")
    except ModuleNotFoundError as e:
        if e.name not in (package, f"{package}.registrations"):
            raise
