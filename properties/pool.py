"""Work spread over worker processes, with results in the order of the work: what lets a long
measurement use every core and still give the same report for any number of workers.

Workers are spawned, not forked (a forked child of a process with threads can deadlock); each
imports what ``fn`` needs by itself, so ``fn`` is a module-level function and its arguments and
results are picklable. On any exception, SIGINT or SIGTERM included, the workers are stopped at
once and the exception goes on.
"""
from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, Iterable


class Workers:
    """A pool kept for several rounds of work (``with Workers(jobs) as w: w.map(...)``); with
    ``jobs`` <= 1 the work runs in this process."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self.pool = None

    def __enter__(self) -> "Workers":
        if self.jobs > 1:
            self.pool = spawn_pool(self.jobs)
        return self

    def __exit__(self, kind, exc, tb) -> None:
        if self.pool is not None:
            if kind is None:
                self.pool.shutdown()
            else:
                stop(self.pool)

    def map(self, fn: Callable[..., Any], items: Iterable[tuple], on_result=None) -> list:
        """``[fn(*item) for item in items]`` in item order; ``on_result(i, result)`` as they come."""
        items = list(items)
        if self.pool is None or len(items) < 2:
            futures = None
        else:
            futures = [self.pool.submit(fn, *item) for item in items]
        out = []
        for i, item in enumerate(items):
            out.append(fn(*item) if futures is None else futures[i].result())
            if on_result is not None:
                on_result(i, out[-1])
        return out


def ordered_map(fn: Callable[..., Any], items: Iterable[tuple], jobs: int, on_result=None) -> list:
    """``[fn(*item) for item in items]``, computed by ``jobs`` worker processes when ``jobs`` > 1
    (in this process otherwise); ``on_result(i, result)`` is called in item order as results come."""
    items = list(items)
    with Workers(jobs if len(items) > 1 else 1) as w:
        return w.map(fn, items, on_result)


def spawn_pool(jobs: int) -> ProcessPoolExecutor:
    """``jobs`` spawned workers. Each finds its games as this process does, through the entry points
    (model/core/registry.py): a spawned worker inherits the environment and ``sys.path``, so a game
    installed on either is known there too."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))


def stop(pool: ProcessPoolExecutor) -> None:
    """Stop a pool's workers now (an interrupt, a failure): pending work is dropped."""
    for proc in list(getattr(pool, "_processes", {}).values()):
        proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
