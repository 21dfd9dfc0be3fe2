"""Every run of hypothesis that the oracle makes for its users goes through :func:`isolated`
(issue 28 item 2): the state machines (properties/stateful.py, and so ``verify``), the side-by-side
machine of ambiguity discovery, the witness search of ``ambiguities`` and difftest's
``--strategy hypothesis``.

Three things hypothesis does by default would make the same command do other work in another place:

* it mixes into the values it draws the constants it finds in the source of the "local" modules
  that happen to be imported -- local meaning not installed in site-packages. The project's own
  modules are local in a checkout or an editable install and not in a wheel, so the same seed gave
  a different run (verify for Labyrinth: 7,770 state-machine steps against 5,390). Within
  :func:`isolated` no constant at all is drawn: the work depends on the seed and the bounds only.
* it writes a cache of those constants (and would keep any example database) in ``.hypothesis/``
  of the current directory. Within :func:`isolated` its storage directory is a temporary folder,
  removed afterwards; every settings object the oracle builds also says ``database=None``.
* it stops shrinking a failing example after five minutes of wall clock (``MAX_SHRINKING_SECONDS``
  of its engine), so a slow or loaded machine shrank less: the side-by-side hunt of Twilight
  Struggle's report (15 runs of 300 steps, seed 1) shrinks for minutes, and the cap cut it at
  73, 74, 84 or 87 hypothesis runs as the machine's load varied (its generation, 8 runs, is the
  same every time and under every ``PYTHONHASHSEED``). Within
  :func:`isolated` the shrinking is bounded by counts (hypothesis's: at most 500 successful
  shrinks, each pass ending when it stalls; and, given ``shrink_calls``, that many calls of the
  test, as the side-by-side hunt gives) and the clock is only an outer cap,
  :data:`SHRINK_SECONDS_CAP`; a run the cap stopped says so (``Run.stopped_because`` is
  :data:`CUT_BY_CLOCK`), and the callers report it (``shrink_cut_by_clock``) rather than pass it
  off as the reproducible result.

All three are undone on leaving, so a program that imports the oracle keeps hypothesis as it had it.
The constants switch and the shrinking cap are private to hypothesis
(``HypothesisProvider._maybe_draw_constant``, ``engine.MAX_SHRINKING_SECONDS``); if a later version
lacks them, :func:`constants_are_off` and :func:`shrinking_is_uncapped` say so and the tests fail.
"""
from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

#: The wall-clock seconds after which hypothesis stops shrinking, within :func:`isolated` (its own
#: default is 300): an outer cap for a runaway shrink, far above what the reports' runs take.
SHRINK_SECONDS_CAP = 3_600
#: ``Run.stopped_because`` when the cap stopped the shrinking (hypothesis's own words).
CUT_BY_CLOCK = "shrinking was very slow"


@dataclass
class Run:
    """What the hypothesis runs within one :func:`isolated` said: why the last one stopped
    (hypothesis's ``stopped-because``; :data:`CUT_BY_CLOCK` when :data:`SHRINK_SECONDS_CAP` stopped
    its shrinking), None before any run."""

    stopped_because: str | None = None
    shrink_calls_reached: bool = False   # the ``shrink_calls`` of :func:`isolated` ended a shrinking

    @property
    def cut_by_clock(self) -> bool:
        """Whether the wall clock, not a count, ended the shrinking (the result may then differ on
        another machine)."""
        return self.stopped_because == CUT_BY_CLOCK and not self.shrink_calls_reached


def _no_constant(self, *args, **kwargs):
    return None


@contextmanager
def isolated(shrink_calls: int | None = None) -> Iterator[Run]:
    """Run hypothesis with no constant of the imported source drawn, nothing written to the
    current directory and shrinking capped at :data:`SHRINK_SECONDS_CAP` only (module docstring);
    ``shrink_calls``: also end a shrinking after that many calls of the test (a count, so the same
    on every machine; ``Run.shrink_calls_reached`` then says so). Yields a :class:`Run` that tells
    why the last hypothesis run stopped. Re-entrant."""
    from hypothesis import configuration
    from hypothesis.internal.conjecture import engine
    from hypothesis.statistics import collector

    try:
        from hypothesis.internal.conjecture.providers import HypothesisProvider
        saved_draw = HypothesisProvider.__dict__["_maybe_draw_constant"]
    except (ImportError, KeyError):
        HypothesisProvider = saved_draw = None
    home_key = "__hypothesis_home_directory"  # a module global, not name-mangled
    saved_home = vars(configuration).get(home_key)
    folder = tempfile.mkdtemp(prefix="cdg-oracle-hypothesis-")
    if HypothesisProvider is not None:
        HypothesisProvider._maybe_draw_constant = _no_constant
    configuration.set_hypothesis_home_dir(folder)
    saved_cap = getattr(engine, "MAX_SHRINKING_SECONDS", None)
    if saved_cap is not None:
        engine.MAX_SHRINKING_SECONDS = SHRINK_SECONDS_CAP
    run = Run()
    outer = collector.value
    runner = engine.ConjectureRunner
    saved_test = runner.__dict__["test_function"]
    if shrink_calls is not None:
        def counted(self, data):
            saved_test(self, data)
            if getattr(self, "finish_shrinking_deadline", None) is not None:  # shrinking has begun
                self._cdg_shrink_calls = getattr(self, "_cdg_shrink_calls", 0) + 1
                if self._cdg_shrink_calls >= shrink_calls and not self.ignore_limits:
                    run.shrink_calls_reached = True
                    self.exit_with(engine.ExitReason.very_slow_shrinking)

        runner.test_function = counted

    def note(stats: dict) -> None:
        run.stopped_because = stats.get("stopped-because")
        if outer is not None:
            outer(stats)

    try:
        with collector.with_value(note):
            yield run
    finally:
        runner.test_function = saved_test
        if saved_cap is not None:
            engine.MAX_SHRINKING_SECONDS = saved_cap
        if home_key in vars(configuration):
            setattr(configuration, home_key, saved_home)
        if HypothesisProvider is not None:
            HypothesisProvider._maybe_draw_constant = saved_draw
        shutil.rmtree(folder, ignore_errors=True)


def constants_are_off() -> bool:
    """Whether hypothesis, as it is now, draws no constant (true only within :func:`isolated`)."""
    from hypothesis.internal.conjecture.providers import HypothesisProvider

    return HypothesisProvider.__dict__.get("_maybe_draw_constant") is _no_constant


def shrinking_is_uncapped() -> bool:
    """Whether hypothesis, as it is now, shrinks up to :data:`SHRINK_SECONDS_CAP` (true only within
    :func:`isolated`)."""
    from hypothesis.internal.conjecture import engine

    return getattr(engine, "MAX_SHRINKING_SECONDS", None) == SHRINK_SECONDS_CAP
