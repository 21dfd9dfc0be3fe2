"""Hypothesis profiles for the test suite (issue 4).

* ``ci`` (the default): derandomized, no example database, no deadline, bounded so that the
  stateful machine's test takes well under a minute on two cores;
* ``long``: for ``cdg-oracle verify`` and the benchmarks -- more runs, and runs long enough to play
  a complete standard game. Select it with ``HYPOTHESIS_PROFILE=long``.

The numbers live in ``cdg_oracle.properties.labyrinth.stateful.PROFILES`` so the verify command and the
benchmarks read the same figures.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

# Bytecode for every Python the suite starts. A machine that sets PYTHONDONTWRITEBYTECODE (CI's does)
# makes each of them (the CLI under test, adapters, pool and Dask workers, xdist's workers) compile
# the whole package from source again: about 0.45 s of CPU a process, hundreds of processes a run.
# The suite writes the bytecode instead, outside the tree (PYTHONPYCACHEPREFIX, a folder of the
# system's temporary directory), so the clone stays as clean as the setting wants it.
if os.environ.get("PYTHONDONTWRITEBYTECODE"):
    _prefix = Path(tempfile.gettempdir()) / f"cdg-oracle-pycache-{os.getuid() if hasattr(os, 'getuid') else 0}"
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    os.environ.setdefault("PYTHONPYCACHEPREFIX", str(_prefix))
    sys.dont_write_bytecode = False
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]

import pytest
from hypothesis import HealthCheck, settings

from cdg_oracle.properties.labyrinth.stateful import PHASES, PROFILES

for _name, _numbers in PROFILES.items():
    settings.register_profile(
        _name,
        derandomize=True,          # same examples on every run and every machine
        database=None,             # nothing remembered between runs: a run is reproducible alone
        deadline=None,             # a step may be slow (a replay from the start); speed is benchmarked
        print_blob=False,
        report_multiple_bugs=False,
        phases=PHASES,             # no explain phase: minutes of re-runs for a stateful failure
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
        **_numbers,
    )

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# -- work shared by the tests of one xdist group ------------------------------------------------------
# The suite runs with ``--dist loadgroup`` (pyproject.toml): the tests of one
# ``pytest.mark.xdist_group`` run in one worker, so a module- or session-scoped fixture they share is
# computed once in the run, not once in each worker that happens to run one of them.


@pytest.fixture(scope="session")
def labyrinth_victory_analysis():
    """Labyrinth's z3 victory analysis (properties/labyrinth/victory_analysis.py ``analyse()``, about 5 s
    of z3), computed once for its own tests (tests/properties/test_victory_analysis.py) and the
    verify command's (tests/oracle/test_cli.py), both of the xdist group ``labyrinth_victory_analysis``.
    A test that could change it takes a deep copy."""
    from cdg_oracle.properties.labyrinth import victory_analysis

    return victory_analysis.analyse()
