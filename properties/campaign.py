"""Campaigns: many checked walks (properties/walk.py) of one game of the registry, seeded and
scheduled without a clock, so that the same arguments play the same games on every machine.

Game ``k`` of a scenario is played with the seed ``seed * 100_003 + k``. A time budget may only
cut a campaign short (the caller then reports it partial); it never changes which games are
played before the cut. A game's invariants are those registered for it in ``walk.INVARIANTS``.
"""
from __future__ import annotations

import time

from cdg_oracle.properties.walk import GameResult, play_checked


def game_seed(seed: int, k: int) -> int:
    """The seed of the ``k``-th game of every scenario (and options) of a campaign."""
    return seed * 100_003 + k


def campaign(game: str, scenarios: list[str], seed: int, games_per_scenario: int, budget_s: float | None = None,
             progress=None, options: dict | None = None) -> list[GameResult]:
    """Play ``games_per_scenario`` checked games of ``game`` per scenario (round ``k`` plays one
    game of every scenario, seed :func:`game_seed`), within an optional time budget checked before
    each game; returns every result. ``options``: the game options of every game.
    ``progress(n, result)`` is called after each game."""
    results = []
    start = time.monotonic()
    for k in range(games_per_scenario):
        for scen in scenarios:
            if budget_s is not None and time.monotonic() - start > budget_s:
                return results
            r = play_checked(game, scen, game_seed(seed, k), options=options)
            results.append(r)
            if progress:
                progress(len(results), r)
    return results


def options_campaign(game: str, scenarios: list[str], option_sets: list[dict], seed: int, rounds: int,
                     budget_s: float | None = None, progress=None) -> list[GameResult]:
    """``rounds`` rounds, each one checked game of ``game`` for every scenario under every options
    of ``option_sets`` (seeds as in :func:`campaign`). The first round is always played whole, so
    that every scenario and option set is covered; later rounds stop at the optional time budget.
    Returns every result."""
    results = []
    start = time.monotonic()
    for k in range(rounds):
        for scen in scenarios:
            for options in option_sets:
                if k and budget_s is not None and time.monotonic() - start > budget_s:
                    return results
                r = play_checked(game, scen, game_seed(seed, k), options=dict(options))
                results.append(r)
                if progress:
                    progress(len(results), r)
    return results
