"""Rule citations: which function implements which numbered rule or card.

``@implements("7.2.1", "7.2.2")`` registers a function as the implementation of those rule
numbers. ``cdg-oracle rules`` reads the registry to report every rule as implemented (and where)
or not; tests carry ``@pytest.mark.rule("7.2.1")`` so that ``grep 7.2.1`` lands on both.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Callable

_REGISTRY: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))


def game_of(module: str) -> str | None:
    """The game a model module belongs to: ``cdg_oracle.model.<game>.…`` -> ``<game>``."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["cdg_oracle", "model"] and parts[2] != "core":
        return parts[2]
    return None


def implements(*rules: str, game: str | None = None) -> Callable:
    """Register the decorated function as implementing ``rules`` of ``game`` (default: the game
    whose package, ``cdg_oracle.model.<game>``, holds the function)."""
    def mark(fn: Callable) -> Callable:
        name = game or game_of(fn.__module__)
        if name is None:
            raise ValueError(f"@implements on {fn.__module__}.{fn.__qualname__}: name the game (game=...)")
        where = f"{fn.__module__}.{fn.__qualname__}"
        for rule in rules:
            _REGISTRY[name][rule].append(where)
        return fn

    return mark


def registry(game: str) -> dict[str, list[str]]:
    """Rule number -> implementing functions (module.qualname), for one game."""
    return {rule: list(where) for rule, where in _REGISTRY[game].items()}
