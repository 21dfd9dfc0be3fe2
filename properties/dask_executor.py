"""The Dask side of the campaign executor (properties/pool.py, issue 34): a campaign's tasks run on
a Dask distributed cluster, through the same :class:`~cdg_oracle.properties.pool.Workers` loop as
the local pool. Dask is an optional extra (``pip install 'cdg-oracle[dask]'``); it is imported only
here, and only when a scheduler is asked for.

``--scheduler ADDRESS`` connects to a running scheduler (``tcp://host:8786``; its workers need
cdg-oracle installed, with the same games); ``--scheduler local:N`` starts a ``LocalCluster`` of N
worker processes (one thread each) for the run and stops it after. What Dask gives that the local
pool does not: a worker that dies mid-task (killed, out of memory, its machine lost) loses no
result, since the scheduler runs its tasks again on another worker (up to Dask's
``distributed.scheduler.allowed-failures``, 3 by default), and the merge in schedule order
(pool.py) makes the report the same as if it had not died.
"""
from __future__ import annotations

import logging
import re

from cdg_oracle.model.core.errors import DataError

#: Seconds to reach a scheduler, and then to see its first worker, before giving up.
CONNECT_SECONDS = 5.0

#: ``local:N``: the most worker processes a LocalCluster is started with.
LOCAL_MAX = 64

_LOCAL = re.compile(r"local:(\d+)")


class ClusterError(DataError):
    """The ``--scheduler`` given cannot be used (a malformed address, a scheduler that does not
    answer, one without workers, Dask not installed): bad input of the run, so the CLI prints it as
    one line and exits 2, as it does a bad data file."""


def local_workers(address: str) -> int | None:
    """N of ``local:N`` (a ClusterError if N is not from 1 to :data:`LOCAL_MAX`); None for
    another address."""
    if not address.startswith("local:"):
        return None
    m = _LOCAL.fullmatch(address)
    if m is None or not 1 <= int(m.group(1)) <= LOCAL_MAX:
        raise ClusterError(f"--scheduler {address}: local:N takes N from 1 to {LOCAL_MAX} worker processes")
    return int(m.group(1))


def check_address(address: str) -> str:
    """``address`` if it has the form of a scheduler (``local:N``, ``tcp://host:port``,
    ``host:port``), else a ClusterError; nothing is contacted."""
    if local_workers(address) is None and not re.fullmatch(r"([a-z]+://)?[^\s/:]+(:\d+)?", address):
        raise ClusterError(f"--scheduler {address!r}: expected local:N or a scheduler address such as "
                           "tcp://host:8786")
    return address


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0][:200]}" if text else type(e).__name__


class DaskBackend:
    """A client of a Dask scheduler (and the LocalCluster it started, for ``local:N``)."""

    def __init__(self, address: str):
        check_address(address)
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise ClusterError(f"--scheduler {address}: Dask is not installed (pip install 'cdg-oracle[dask]')") \
                from None
        self.address = address
        self.cluster = None
        n = local_workers(address)
        if n is not None:
            # worker processes (not threads: the model is pure Python), one task each; the dashboard on a
            # free port (8787 may be another cluster's: Dask would warn)
            self.cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                        dashboard_address=":0", silence_logs=logging.ERROR)
            self.client = Client(self.cluster, set_as_default=False)
            return
        try:
            self.client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as e:
            raise ClusterError(f"--scheduler {address}: the Dask scheduler cannot be reached within "
                               f"{CONNECT_SECONDS:g} s ({_first_line(e)})") from None
        try:
            self.client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError) as e:
            self.client.close()
            raise ClusterError(f"--scheduler {address}: the scheduler has no worker after {CONNECT_SECONDS:g} s "
                               f"({_first_line(e)})") from None

    def slots(self) -> int:
        """The threads of the cluster's workers now (at least 1)."""
        return max(1, sum(self.client.nthreads().values()))

    def worker_pids(self) -> dict[str, int]:
        """Each worker's address and process id (the tests kill one)."""
        import os

        return self.client.run(os.getpid)

    def submit(self, fn, *args):
        """``fn(*args)`` on the cluster: a Dask future. ``pure=False``: every submission is a task
        of its own, never merged with an equal one."""
        return self.client.submit(fn, *args, pure=False)

    def close(self, cancel: list | None = None) -> None:
        """Cancel the futures of ``cancel`` (the tasks left after a failure or an interrupt), then
        close the client and the cluster started for ``local:N``."""
        try:
            if cancel:
                self.client.cancel(cancel)
        finally:
            self.client.close()
            if self.cluster is not None:
                self.cluster.close()
