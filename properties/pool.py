"""The one way a long campaign runs (issue 34): its work is split into tasks (a game, a pair of
games, a search game, each fixed by its seed), run by an executor, and the results are merged in
the order of the work, so the report is the same for any number of workers, here or on a cluster.

Where the tasks run is one value, ``jobs`` (the CLI's ``--jobs N`` and ``--scheduler ADDRESS``):

- an ``int`` N: N worker processes on this machine (the embedded pool, no set-up); 1 or less:
  the work runs in this process;
- a ``str``: a Dask distributed scheduler (properties/dask_executor.py, the optional ``dask``
  extra): its address (``tcp://host:8786``), or ``local:N`` to start a ``LocalCluster`` of N
  worker processes on this machine for the run.

Both run through :class:`Workers` and the same loop: ``submit`` gives a future (its ``result`` and
``done``), results are taken in submission order (:meth:`Workers.result`), and ``on_finished``
counts the tasks finished anywhere, ahead of the ordered merge (the progress bars,
oracle/progress.py). Local workers are spawned, not forked (a forked child of a process with
threads can deadlock); each imports what ``fn`` needs by itself, so ``fn`` is a module-level
function and its arguments and results are picklable (Dask's workers import it the same way: on a
remote cluster they need cdg-oracle installed). On any exception, SIGINT or SIGTERM included, the
workers are stopped at once (a Dask cluster's tasks cancelled) and the exception goes on.
"""
from __future__ import annotations

import multiprocessing
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Callable, Iterable, Union

#: Where a campaign's tasks run: a number of local worker processes, or a Dask scheduler.
Jobs = Union[int, str]

#: How long :meth:`Workers.result` waits on the next result before counting finished tasks again.
POLL_SECONDS = 0.1
#: how often a Dask future is asked whether it is done (a game takes about half a second)
DASK_POLL_SECONDS = 0.02


class _Later:
    """A task of the in-process executor: run when its result is asked for (so a budget checked
    before each submission still bounds the run as it did, one game at a time)."""

    def __init__(self, fn: Callable[..., Any], args: tuple):
        self.fn, self.args = fn, args
        self.future: Future | None = None

    def done(self) -> bool:
        return self.future is not None

    def result(self, timeout: float | None = None) -> Any:
        if self.future is None:
            self.future = Future()
            try:
                self.future.set_result(self.fn(*self.args))
            except Exception as e:  # noqa: BLE001 -- raised again below, as a pool's future would
                self.future.set_exception(e)
        return self.future.result()


class Workers:
    """An executor kept for several rounds of work (``with Workers(jobs) as w: w.map(...)``):
    ``jobs`` is where the tasks run (:data:`Jobs`). ``on_finished(k)`` is called in this process,
    while it waits for results, each time ``k`` more tasks have finished somewhere."""

    def __init__(self, jobs: Jobs, on_finished: Callable[[int], None] | None = None):
        self.jobs = jobs
        self.on_finished = on_finished
        self.pool = None       # a local ProcessPoolExecutor
        self.cluster = None    # a Dask backend (properties/dask_executor.py)
        self.outstanding: list = []  # submitted, not yet counted as finished

    def __enter__(self) -> "Workers":
        if isinstance(self.jobs, str):
            from cdg_oracle.properties.dask_executor import DaskBackend  # the optional extra: only here

            self.cluster = DaskBackend(self.jobs)
        elif self.jobs > 1:
            self.pool = spawn_pool(self.jobs)
        return self

    def __exit__(self, kind, exc, tb) -> None:
        if self.pool is not None:
            if kind is None:
                self.pool.shutdown()
            else:
                stop(self.pool)
        if self.cluster is not None:
            self.cluster.close(cancel=self.outstanding if kind is not None else None)

    @property
    def slots(self) -> int:
        """How many tasks run at once: the workers (threads) of the pool or cluster, 1 in-process."""
        if self.cluster is not None:
            return self.cluster.slots()
        return self.jobs if self.pool is not None else 1

    @property
    def window(self) -> int:
        """How many tasks :func:`run_ordered` keeps submitted ahead of the merge: two per slot
        (each worker has its next task at hand), one in-process."""
        return 1 if self.pool is None and self.cluster is None else 2 * self.slots

    def submit(self, fn: Callable[..., Any], *args) -> Any:
        """Start ``fn(*args)``; a future whose ``result()`` is its value (or raises its error)."""
        if self.cluster is not None:
            f = self.cluster.submit(fn, *args)
        elif self.pool is not None:
            f = self.pool.submit(fn, *args)
        else:
            f = _Later(fn, args)
        self.outstanding.append(f)
        return f

    def count_finished(self) -> None:
        """Call ``on_finished`` with the number of tasks finished since the last call."""
        if not self.outstanding:
            return
        left = [f for f in self.outstanding if not f.done()]
        k = len(self.outstanding) - len(left)
        self.outstanding = left
        if k and self.on_finished is not None:
            self.on_finished(k)

    def result(self, future) -> Any:
        """``future``'s result, counting the tasks that finish meanwhile anywhere."""
        if isinstance(future, _Later):
            value = future.result()
            self.count_finished()
            return value
        if not isinstance(future, Future):
            # A Dask future: its ``result(timeout=...)`` can fail inside distributed itself (an
            # UnboundLocalError from ``distributed.utils.sync``) when the timeout races the
            # recomputation of a task a killed worker lost (seen in CI). So it is waited on by
            # ``done()`` (a lost task goes back to waiting, not done) and its result taken once.
            while not future.done():
                self.count_finished()
                time.sleep(DASK_POLL_SECONDS)
            value = future.result()
            self.count_finished()
            return value
        while True:
            self.count_finished()
            try:
                value = future.result(timeout=POLL_SECONDS)
            except TimeoutError:
                continue
            self.count_finished()
            return value

    def map(self, fn: Callable[..., Any], items: Iterable[tuple], on_result=None) -> list:
        """``[fn(*item) for item in items]`` in item order; ``on_result(i, result)`` in item order."""
        return run_ordered(self, fn, list(items), on_result)


def run_ordered(workers: Workers, fn: Callable[..., Any], items: list[tuple], on_result=None,
                more: Callable[[int], bool] | None = None) -> list:
    """The merge every campaign shares: ``fn(*item)`` for the items in order, at most
    ``workers.window`` submitted ahead, the results taken in item order (``on_result(i, result)``
    as each is taken). ``more(i)`` is asked before item ``i`` is submitted; once it says False no
    further item is (a time budget): the results are then those of a prefix of ``items``, the same
    prefix property for any executor."""
    out: list = []
    pending: deque = deque()
    nxt = 0
    stopped = False
    while nxt < len(items) or pending:
        while not stopped and nxt < len(items) and len(pending) < workers.window:
            if more is not None and not more(nxt):
                stopped = True
                break
            pending.append(workers.submit(fn, *items[nxt]))
            nxt += 1
        if not pending:
            break
        out.append(workers.result(pending.popleft()))
        if on_result is not None:
            on_result(len(out) - 1, out[-1])
    return out


def ordered_map(fn: Callable[..., Any], items: Iterable[tuple], jobs: Jobs, on_result=None,
                on_finished: Callable[[int], None] | None = None) -> list:
    """``[fn(*item) for item in items]``, computed where ``jobs`` says (:data:`Jobs`; in this
    process for one item or ``jobs`` <= 1); ``on_result(i, result)`` is called in item order as
    results come, ``on_finished(k)`` as tasks finish."""
    items = list(items)
    where = jobs if isinstance(jobs, str) else (jobs if len(items) > 1 else 1)
    with Workers(where, on_finished) as w:
        return w.map(fn, items, on_result)


def describe(jobs: Jobs) -> str:
    """Where the work runs, in words (for a command's messages)."""
    if isinstance(jobs, str):
        return f"Dask scheduler {jobs}"
    return "this process" if jobs <= 1 else f"{jobs} local worker processes"


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
