"""The toy game's plug-in (tests/plugins/toy, Pig), installed once per test process the way a user
installs a game from another distribution: ``pip install --no-deps --no-build-isolation --target
<tmp> tests/plugins/toy`` (offline: the build backend is this environment's setuptools), never into
the shared environment. Importing this module installs it, puts ``<tmp>`` first on ``sys.path`` (so
that ``importlib.metadata`` finds its entry point in this process, and a spawned worker inherits
it), and exposes the game's module as :data:`toy_game`; :func:`env` is the environment of a
subprocess that must find the game too (``<tmp>`` on ``PYTHONPATH``)."""
from __future__ import annotations

import atexit
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ROOT / "tests" / "plugins" / "toy"


def _install() -> Path:
    target = Path(tempfile.mkdtemp(prefix="cdg-oracle-toy-"))
    atexit.register(shutil.rmtree, target, True)
    build = Path(tempfile.mkdtemp(prefix="cdg-oracle-toy-build-"))
    atexit.register(shutil.rmtree, build, True)
    shutil.copytree(PLUGIN, build / "toy", ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                           "--no-index", "--target", str(target), str(build / "toy")],
                          capture_output=True, text=True, cwd=build, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"installing the toy plug-in failed: {done.stderr[-2000:]}")
    return target


TARGET = _install()
sys.path.insert(0, str(TARGET))
importlib.invalidate_caches()

toy_game = importlib.import_module("cdg_oracle_toy.game")


def env(**extra: str) -> dict:
    """This environment with the plug-in on ``PYTHONPATH`` (first), for a subprocess."""
    paths = [str(TARGET), *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths), **extra}
