"""Every run of hypothesis that the oracle makes for its users goes through :func:`isolated`
(issue 28 item 2): the state machines (properties/stateful.py, and so ``verify``), the side-by-side
machine of ambiguity discovery, the witness search of ``ambiguities`` and difftest's
``--strategy hypothesis``.

Two things hypothesis does by default would make the same command do other work in another place:

* it mixes into the values it draws the constants it finds in the source of the "local" modules
  that happen to be imported -- local meaning not installed in site-packages. The project's own
  modules are local in a checkout or an editable install and not in a wheel, so the same seed gave
  a different run (verify for Labyrinth: 7,770 state-machine steps against 5,390). Within
  :func:`isolated` no constant at all is drawn: the work depends on the seed and the bounds only.
* it writes a cache of those constants (and would keep any example database) in ``.hypothesis/``
  of the current directory. Within :func:`isolated` its storage directory is a temporary folder,
  removed afterwards; every settings object the oracle builds also says ``database=None``.

Both are undone on leaving, so a program that imports the oracle keeps hypothesis as it had it.
The constants switch is a private hook of hypothesis (``HypothesisProvider._maybe_draw_constant``);
if a later version lacks it, :func:`constants_are_off` says so and the tests fail.
"""
from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from typing import Iterator


def _no_constant(self, *args, **kwargs):
    return None


@contextmanager
def isolated() -> Iterator[None]:
    """Run hypothesis with no constant of the imported source drawn and nothing written to the
    current directory (module docstring). Re-entrant."""
    from hypothesis import configuration

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
    try:
        yield
    finally:
        if home_key in vars(configuration):
            setattr(configuration, home_key, saved_home)
        if HypothesisProvider is not None:
            HypothesisProvider._maybe_draw_constant = saved_draw
        shutil.rmtree(folder, ignore_errors=True)


def constants_are_off() -> bool:
    """Whether hypothesis, as it is now, draws no constant (true only within :func:`isolated`)."""
    from hypothesis.internal.conjecture.providers import HypothesisProvider

    return HypothesisProvider.__dict__.get("_maybe_draw_constant") is _no_constant
