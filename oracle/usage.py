"""The CLI's bad-argument error and argument types, in a module of its own: ``cdg_oracle.oracle.cli``
and the command modules raise and catch this one class, also when the CLI runs as
``python -m cdg_oracle.oracle.cli`` (where the CLI
module itself is ``__main__``, and a class defined there would be another class than the one the
command modules import)."""
from __future__ import annotations

import argparse
import math
import signal


class UsageError(Exception):
    """A bad command-line argument: the CLI prints one line and exits 2."""


class Terminated(BaseException):
    """SIGTERM arrived: raised in the main thread like KeyboardInterrupt, so that every ``finally``
    runs (a child process is killed, no partial report is written) and the CLI exits 143."""


#: The signals that arrived during a command (SIGINT, SIGTERM), recorded by the CLI's handlers.
SIGNALLED: list[int] = []


def raise_if_signalled() -> None:
    """Raise the interrupt a signal asked for if it has not stopped the command already: the
    exception a signal handler raises can be lost, when it fires inside a finaliser (z3's objects
    free themselves in ``__del__``, where Python only prints an exception). Long commands call
    this between their phases."""
    if SIGNALLED:
        raise Terminated() if SIGNALLED[-1] == signal.SIGTERM else KeyboardInterrupt


# -- argument types: every number a user types is checked, and the error names the option ---------

SEED_MAX = 2**63 - 1
SECONDS_MAX = 7 * 24 * 3600.0  # a week: a larger time is a typo, not a plan
SECONDS_MIN = 0.001            # a millisecond: a shorter budget or timeout measures nothing (issue 28.4)


def seed(text: str) -> int:
    """A seed: an integer from 0 to 2**63-1 (a negative seed used to play the same game as its
    absolute value: it is refused rather than aliased)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if not 0 <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"{text!r}: a seed is an integer from 0 to {SEED_MAX}")
    return value


def seconds(text: str) -> float:
    """A duration in seconds (``--budget``, ``--timeout``): a finite number from a millisecond to a
    week (nan and inf refused). Below a millisecond no step can be compared and no process can
    answer, so such a value is refused rather than turned into an empty run or a false timeout."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not SECONDS_MIN <= value <= SECONDS_MAX:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number of seconds from {SECONDS_MIN:g} "
                                         f"(a millisecond) to {SECONDS_MAX:g} (a week)")
    return value


def count(minimum: int, maximum: int = 10**9):
    """An integer from ``minimum`` to ``maximum``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
        if not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"{text!r}: expected an integer from {minimum} to {maximum}")
        return value
    parse.__name__ = f"integer >= {minimum}"
    return parse


#: The most candidate histories ``cdg-oracle replay --max-branches`` accepts (issue 28.7): each
#: holds a full game state, about 71 KiB for Labyrinth (benchmarks/replay_branches.py measures it),
#: so 20,000 take about 1.4 GiB, which fits a common machine with room to spare.
MAX_BRANCHES = 20_000
BRANCH_KIB = 71  # the memory of one candidate history, measured (benchmarks/replay_branches.py)


def branches(text: str) -> int:
    """``replay --max-branches``: an integer from 1 to ``MAX_BRANCHES``; a larger one is refused
    saying why (each candidate history is a full game state in memory, issue 28.7)."""
    value = count(-2**63, 2**63)(text)  # an integer (its own message otherwise)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: expected an integer from 1 to {MAX_BRANCHES}")
    if value > MAX_BRANCHES:
        raise argparse.ArgumentTypeError(
            f"{text!r}: at most {MAX_BRANCHES}: each candidate history holds a full game state (about "
            f"{BRANCH_KIB} KiB), so {MAX_BRANCHES} already take about {MAX_BRANCHES * BRANCH_KIB / 2**20:.1f} GiB")
    return value
