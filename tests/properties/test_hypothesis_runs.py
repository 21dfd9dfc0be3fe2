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


def shrink_calls(cap: int | None = None) -> tuple[int, str | None]:
    """Calls of a failing test that hypothesis shrinks, and why the run stopped (``cap``: the
    ``shrink_calls`` of ``isolated``)."""
    calls = []

    @settings(database=None, derandomize=True, max_examples=20, deadline=None, report_multiple_bugs=False,
              suppress_health_check=list(HealthCheck), phases=(Phase.generate, Phase.shrink))
    @given(st.lists(st.integers(0, 1000), min_size=3))
    def fails(xs):
        calls.append(list(xs))
        assert sum(xs) < 900

    with isolated(cap) as run:
        with pytest.raises(AssertionError):
            fails()
    return len(calls), (run.stopped_because, run.cut_by_clock, run.shrink_calls_reached)


def test_shrinking_does_not_follow_the_clock(monkeypatch):
    """A clock that jumps 400 s at every reading (a machine slow or loaded): hypothesis's own cap
    (300 s) would stop shrinking after one call; within ``isolated()`` the shrinking is the same,
    call for call, as with the real clock while ``SHRINK_SECONDS_CAP`` is not reached (here made
    out of reach). Past the cap the clock stops it, and the run says so."""
    calm, why = shrink_calls()
    assert calm > 10 and why == ("nothing left to do", False, False)
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
    assert cut < calm and why == (hypothesis_runs.CUT_BY_CLOCK, True, False)


def test_a_count_of_shrink_calls_ends_shrinking_the_same_on_every_clock(monkeypatch):
    """``isolated(shrink_calls=n)``: the shrinking ends after n calls of the test, whatever the
    clock says (a calm one, a racing one below the cap), and the run says a count ended it."""
    calm, why = shrink_calls()
    capped, why = shrink_calls(10)
    assert capped < calm and why == (hypothesis_runs.CUT_BY_CLOCK, False, True)
    real = time.perf_counter
    jumps = [0.0]

    def racing() -> float:
        jumps[0] += 400.0
        return real() + jumps[0]

    monkeypatch.setattr(time, "perf_counter", racing)
    monkeypatch.setattr(hypothesis_runs, "SHRINK_SECONDS_CAP", 10**12)
    assert shrink_calls(10) == (capped, why)


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
