"""Rule citations: which function implements which numbered rule or card.

``@implements("7.2.1", "7.2.2")`` registers a function as the implementation of those rule
numbers. ``cdg-oracle rules`` reads the registry to report every rule as implemented (and where)
or not; tests carry ``@pytest.mark.rule("7.2.1")`` so that ``grep 7.2.1`` lands on both.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Callable

_REGISTRY: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))


def implements(*rules: str, game: str = "labyrinth") -> Callable:
    def mark(fn: Callable) -> Callable:
        where = f"{fn.__module__}.{fn.__qualname__}"
        for rule in rules:
            _REGISTRY[game][rule].append(where)
        return fn

    return mark


def registry(game: str) -> dict[str, list[str]]:
    """Rule number -> implementing functions (module.qualname), for one game."""
    return {rule: list(where) for rule, where in _REGISTRY[game].items()}
