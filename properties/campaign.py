"""Campaigns: many checked walks (properties/walk.py) of one game of the registry, seeded and
scheduled without a clock, so that the same arguments play the same games on every machine.

Game ``k`` of a scenario is played with the seed ``seed * 100_003 + k``. A time budget may only
cut a campaign short (the caller then reports it partial); it never changes which games are
played before the cut. A game's invariants are those of its checks record (properties/games.py).
"""
from __future__ import annotations

import time

from cdg_oracle.properties.pool import spawn_pool, stop
from cdg_oracle.properties.walk import GameResult, play_checked


def game_seed(seed: int, k: int) -> int:
    """The seed of the ``k``-th game of every scenario (and options) of a campaign."""
    return seed * 100_003 + k


#: Games run in worker processes when a campaign is given ``jobs`` > 1 (spawned, not forked: a
#: forked child of a process with threads can deadlock). Each worker finds the game by name through
#: the entry points (model/core/registry.py), as this process does.
def _play(task: tuple) -> GameResult:
    game, scenario, seed, options, *rest = task
    return play_checked(game, scenario, seed, options=options, refine=bool(rest and rest[0]))


def run_schedule(tasks: list[tuple], budget_s: float | None, progress, jobs: int = 1) -> list[GameResult]:
    """Play ``tasks`` (``(game, scenario, seed, options)``) in order and return their results in
    that order. A task is started only while the time ``budget_s`` lasts (every task, the first
    too: a budget bounds the whole run, issue 28.6), so the games played are a prefix of the
    schedule whatever the number of ``jobs``; with ``jobs`` > 1 they run in that many worker
    processes, and the results are the same as in one. ``progress(n, result)`` is called in
    schedule order."""
    start = time.monotonic()

    def in_time(i: int) -> bool:
        return budget_s is None or time.monotonic() - start < budget_s

    results: list[GameResult] = []
    if jobs <= 1 or len(tasks) < 2:
        for i, task in enumerate(tasks):
            if not in_time(i):
                break
            results.append(_play(task))
            if progress:
                progress(len(results), results[-1])
        return results
    pool = spawn_pool(jobs)
    try:
        pending = []
        next_task = 0
        while next_task < len(tasks) or pending:
            while next_task < len(tasks) and len(pending) < 2 * jobs and in_time(next_task):
                pending.append(pool.submit(_play, tasks[next_task]))
                next_task += 1
            if not pending:
                break
            results.append(pending.pop(0).result())
            if progress:
                progress(len(results), results[-1])
            if next_task < len(tasks) and not in_time(next_task):
                tasks = tasks[:next_task]
    except BaseException:  # interrupted (SIGINT, SIGTERM) or a worker failed: stop the workers now
        stop(pool)
        raise
    pool.shutdown()
    return results


def campaign(game: str, scenarios: list[str], seed: int, games_per_scenario: int, budget_s: float | None = None,
             progress=None, options: dict | None = None, jobs: int = 1, refine: bool = False) -> list[GameResult]:
    """Play ``games_per_scenario`` checked games of ``game`` per scenario (round ``k`` plays one
    game of every scenario, seed :func:`game_seed`), within an optional time budget checked before
    each game; returns every result. ``options``: the game options of every game. ``jobs``:
    worker processes (the same results in the same order). ``progress(n, result)`` is called
    after each game. ``refine``: every step also checked against the game's proved transitions
    (properties/refinement.py; each result carries its tally)."""
    tasks = [(game, scen, game_seed(seed, k), options, refine) for k in range(games_per_scenario) for scen in scenarios]
    return run_schedule(tasks, budget_s, progress, jobs)


def options_campaign(game: str, scenarios: list[str], option_sets: list[dict], seed: int, rounds: int,
                     budget_s: float | None = None, progress=None, jobs: int = 1) -> list[GameResult]:
    """``rounds`` rounds, each one checked game of ``game`` for every scenario under every options
    of ``option_sets`` (seeds as in :func:`campaign`), within an optional time budget checked before
    each game (the first round too: without a budget every round is played, and every scenario and
    option set is covered). Returns every result."""
    tasks = [(game, scen, game_seed(seed, k), dict(options)) for k in range(rounds) for scen in scenarios
             for options in option_sets]
    return run_schedule(tasks, budget_s, progress, jobs)
