"""Campaigns: many checked walks (properties/walk.py) of one game of the registry, seeded and
scheduled without a clock, so that the same arguments play the same games on every machine.

Game ``k`` of a scenario is played with the seed ``seed * 100_003 + k``. A time budget may only
cut a campaign short (the caller then reports it partial); it never changes which games are
played before the cut. A game's invariants are those of its checks record (properties/games.py).
"""
from __future__ import annotations

import time

from cdg_oracle.properties.pool import Jobs, Workers, run_ordered
from cdg_oracle.properties.walk import GameResult, play_checked


def game_seed(seed: int, k: int) -> int:
    """The seed of the ``k``-th game of every scenario (and options) of a campaign."""
    return seed * 100_003 + k


#: A task of a campaign (properties/pool.py): one game, run in a local worker process (spawned, not
#: forked) or on a Dask worker when the campaign is given them. Each worker finds the game by name
#: through the entry points (model/core/registry.py), as this process does.
def _play(task: tuple) -> GameResult:
    game, scenario, seed, options, *rest = task
    return play_checked(game, scenario, seed, options=options, refine=bool(rest and rest[0]))


def run_schedule(tasks: list[tuple], budget_s: float | None, progress, jobs: Jobs = 1,
                 on_finished=None) -> list[GameResult]:
    """Play ``tasks`` (``(game, scenario, seed, options)``) in order and return their results in
    that order. A task is started only while the time ``budget_s`` lasts (every task, the first
    too: a budget bounds the whole run, issue 28.6), so the games played are a prefix of the
    schedule wherever they run; ``jobs``: the local worker processes or the Dask scheduler
    (properties/pool.py), the results the same as in one process. ``progress(n, result)`` is
    called in schedule order; ``on_finished(k)`` as ``k`` more games finish anywhere."""
    start = time.monotonic()

    def in_time(i: int) -> bool:
        return budget_s is None or time.monotonic() - start < budget_s

    def taken(i: int, result: GameResult) -> None:
        if progress:
            progress(i + 1, result)

    where = jobs if isinstance(jobs, str) else (jobs if len(tasks) > 1 else 1)
    with Workers(where, on_finished) as workers:
        return run_ordered(workers, _play, [(t,) for t in tasks], taken, in_time)


def campaign(game: str, scenarios: list[str], seed: int, games_per_scenario: int, budget_s: float | None = None,
             progress=None, options: dict | None = None, jobs: Jobs = 1, refine: bool = False,
             refine_games: int | None = None) -> list[GameResult]:
    """Play ``games_per_scenario`` checked games of ``game`` per scenario (round ``k`` plays one
    game of every scenario, seed :func:`game_seed`), within an optional time budget checked before
    each game; returns every result. ``options``: the game options of every game. ``jobs``:
    where the games run, local worker processes or a Dask scheduler (properties/pool.py; the
    same results in the same order). ``progress(n, result)`` is called
    after each game. ``refine``: every step also checked against the game's proved transitions
    (properties/refinement.py; each result carries its tally), in the first ``refine_games`` games
    of each scenario (None: in every game; the others' results carry no tally)."""
    tasks = [(game, scen, game_seed(seed, k), options, refine and (refine_games is None or k < refine_games))
             for k in range(games_per_scenario) for scen in scenarios]
    return run_schedule(tasks, budget_s, progress, jobs)


def options_campaign(game: str, scenarios: list[str], option_sets: list[dict], seed: int, rounds: int,
                     budget_s: float | None = None, progress=None, jobs: Jobs = 1) -> list[GameResult]:
    """``rounds`` rounds, each one checked game of ``game`` for every scenario under every options
    of ``option_sets`` (seeds as in :func:`campaign`), within an optional time budget checked before
    each game (the first round too: without a budget every round is played, and every scenario and
    option set is covered). Returns every result."""
    tasks = [(game, scen, game_seed(seed, k), dict(options)) for k in range(rounds) for scen in scenarios
             for options in option_sets]
    return run_schedule(tasks, budget_s, progress, jobs)
