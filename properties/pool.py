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


def ordered_map(fn: Callable[..., Any], items: Iterable[tuple], jobs: int, on_result=None) -> list:
    """``[fn(*item) for item in items]``, computed by ``jobs`` worker processes when ``jobs`` > 1
    (in this process otherwise); ``on_result(i, result)`` is called in item order as results come."""
    items = list(items)
    if jobs <= 1 or len(items) < 2:
        out = []
        for i, item in enumerate(items):
            out.append(fn(*item))
            if on_result is not None:
                on_result(i, out[-1])
        return out
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))
    try:
        futures = [pool.submit(fn, *item) for item in items]
        out = []
        for i, f in enumerate(futures):
            out.append(f.result())
            if on_result is not None:
                on_result(i, out[-1])
    except BaseException:
        stop(pool)
        raise
    pool.shutdown()
    return out


def stop(pool: ProcessPoolExecutor) -> None:
    """Stop a pool's workers now (an interrupt, a failure): pending work is dropped."""
    for proc in list(getattr(pool, "_processes", {}).values()):
        proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
