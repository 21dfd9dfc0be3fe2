"""properties/hypothesis_runs.py: within ``isolated()`` the work hypothesis does depends on the
seed and the bounds only -- not on the clock (its five-minute cap on shrinking is lifted to
``SHRINK_SECONDS_CAP``, counted and reported)."""
from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cdg_oracle.properties import hypothesis_runs
from cdg_oracle.properties.hypothesis_runs import isolated


def shrink_calls() -> tuple[int, str | None]:
    """Calls of a failing test that hypothesis shrinks, and why the run stopped."""
    calls = []

    @settings(database=None, derandomize=True, max_examples=20, deadline=None, report_multiple_bugs=False,
              suppress_health_check=list(HealthCheck), phases=(Phase.generate, Phase.shrink))
    @given(st.lists(st.integers(0, 1000), min_size=3))
    def fails(xs):
        calls.append(list(xs))
        assert sum(xs) < 900

    with isolated() as run:
        with pytest.raises(AssertionError):
            fails()
    return len(calls), run.stopped_because


def test_shrinking_does_not_follow_the_clock(monkeypatch):
    """A clock that jumps 400 s at every reading (a machine slow or loaded): hypothesis's own cap
    (300 s) would stop shrinking after one call; within ``isolated()`` the shrinking is the same,
    call for call, as with the real clock while ``SHRINK_SECONDS_CAP`` is not reached (here made
    out of reach). Past the cap the clock stops it, and the run says so."""
    calm, why = shrink_calls()
    assert calm > 10 and why != hypothesis_runs.CUT_BY_CLOCK
    real = time.perf_counter
    jumps = [0.0]

    def racing() -> float:
        jumps[0] += 400.0
        return real() + jumps[0]

    monkeypatch.setattr(time, "perf_counter", racing)
    monkeypatch.setattr(hypothesis_runs, "SHRINK_SECONDS_CAP", 10**12)
    assert shrink_calls() == (calm, why)
    monkeypatch.setattr(hypothesis_runs, "SHRINK_SECONDS_CAP", 1_000)
    cut, why = shrink_calls()
    assert cut < calm and why == hypothesis_runs.CUT_BY_CLOCK


def test_the_cap_is_lifted_only_within_isolated():
    """Re-entrant, and hypothesis's own cap is back on leaving."""
    from hypothesis.internal.conjecture import engine

    before = engine.MAX_SHRINKING_SECONDS
    assert not hypothesis_runs.shrinking_is_uncapped()
    with isolated():
        with isolated():
            assert hypothesis_runs.shrinking_is_uncapped()
        assert hypothesis_runs.shrinking_is_uncapped()
    assert engine.MAX_SHRINKING_SECONDS == before
