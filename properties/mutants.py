"""Deliberate rule mutants, the machinery every game shares: the yardstick of difftest's
fault-detection rate.

A game's mutants module (its checks record's ``mutants``, properties/games.py:
properties/labyrinth/mutants.py, properties/twilight_struggle/mutants.py) holds a :class:`Registry`
of :class:`Mutant` records -- each one small, realistic rules bug, named, with the rule it breaks
and the scenario (and game options) on which difftest is expected to expose it -- and exports the
registry's ``MUTANTS`` and ``activate``. A mutant is switched on only inside a reference-adapter
process (``cdg-oracle adapter --mutant GAME:NAME``, oracle/reference_adapter.py), never in the
oracle's own process; ``benchmarks/mutants.py --game GAME`` runs ``difftest`` against each and
prints how many were detected and how fast.

A mutant patches the game's model modules in place, with the helpers here: a module constant
(:func:`set_constant`, :func:`set_constant_everywhere`), a function everywhere it was imported by
name (:func:`replace_function`), a procedure in a game engine's registry
(:func:`replace_procedure`). What depends on one game's data (its map, its events) is in that
game's module. The model itself holds no mutation hooks.
"""
from __future__ import annotations

import importlib
import pkgutil
import sys
from dataclasses import dataclass, field
from typing import Callable

MODEL = "cdg_oracle.model."


@dataclass(frozen=True)
class Mutant:
    """One registered mutant: its name, the rule (or card) it breaks, what it gets wrong, the
    function that applies it to this process's model, and the game it is exercised on (scenario,
    length and game options, as ``difftest`` takes them)."""

    name: str
    rule: str  # the rule (or card) the mutant breaks, e.g. "4.7.1" or "card 93"
    description: str
    patch: Callable[[], None]
    scenario: str
    length: str = "standard"
    options: dict = field(default_factory=dict)


class Registry:
    """A game's mutants by name (:attr:`mutants`), filled by the :meth:`mutant` decorator;
    ``default_scenario`` is the scenario a mutant is exercised on unless it names another."""

    def __init__(self, game: str, default_scenario: str):
        self.game = game
        self.default_scenario = default_scenario
        self.mutants: dict[str, Mutant] = {}

    def mutant(self, name: str, rule: str, description: str, scenario: str | None = None,
               length: str = "standard", options: dict | None = None) -> Callable:
        """Register the decorated patch function as mutant ``name`` (ValueError if the name is
        taken)."""
        def register(fn: Callable[[], None]) -> Callable[[], None]:
            if name in self.mutants:
                raise ValueError(f"mutant {name!r} registered twice")
            self.mutants[name] = Mutant(name, rule, description, fn, scenario or self.default_scenario, length,
                                        dict(options or {}))
            return fn
        return register

    def activate(self, name: str) -> Mutant:
        """Apply mutant ``name`` to this process's model (KeyError if there is no such mutant).
        Patches accumulate: activate at most one mutant per process."""
        m = self.mutants[name]
        try:
            m.patch()
        except KeyError as e:  # not to be mistaken for an unknown name by the caller
            raise RuntimeError(f"mutant {name!r}: its patch failed: KeyError {e}") from e
        return m


def _package_of(module_name: str) -> str:
    """The game package of a model module (``cdg_oracle.model.labyrinth.tracks`` ->
    ``cdg_oracle.model.labyrinth``)."""
    if not module_name.startswith(MODEL):
        raise ValueError(f"{module_name} is not a model module")
    return MODEL + module_name[len(MODEL):].split(".")[0]


def model_modules(package: str) -> list:
    """Every module of the model package ``package`` (``cdg_oracle.model.labyrinth``), imported,
    so that a patch reaches each use site."""
    pkg = importlib.import_module(package)
    mods = [pkg]
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        mods.append(importlib.import_module(info.name))
    return mods


def module(name: str):
    """Model module ``name``, with every module of its game imported."""
    model_modules(_package_of(name))
    return sys.modules[name]


def _model_modules_loaded():
    return [mod for mod in list(sys.modules.values())
            if mod is not None and getattr(mod, "__name__", "").startswith(MODEL)]


def replace_function(module_name: str, name: str, make: Callable[[Callable], Callable]) -> Callable:
    """Replace function ``name`` of ``module_name`` by ``make(original)`` in that module and in
    every model module that imported it by name (``from ... import name``); returns the new one."""
    mod = module(module_name)
    original = getattr(mod, name)
    new = make(original)
    for m in _model_modules_loaded():
        if getattr(m, name, None) is original:
            setattr(m, name, new)
    return new


def set_constant(module_name: str, name: str, value) -> None:
    """Set a module-level constant that the model reads at call time."""
    mod = module(module_name)
    if not hasattr(mod, name):
        raise AttributeError(f"{module_name} has no {name}")
    setattr(mod, name, value)


def set_constant_everywhere(module_name: str, name: str, value) -> None:
    """Set constant ``name`` of ``module_name`` and its copies in every model module that imported
    it by name with the same value (``from ... import RESERVES_MAX``)."""
    original = getattr(module(module_name), name)
    for m in _model_modules_loaded():
        if hasattr(m, name) and getattr(m, name) == original:
            setattr(m, name, value)


def replace_procedure(engine_module: str, proc: str, make: Callable[[Callable], Callable]) -> Callable:
    """Replace the handler of procedure ``proc`` in the engine of ``engine_module`` (its
    ``ENGINE.procs``, what the engine dispatches on) by ``make(original)``, and every model module's
    attribute that held the original too; returns the new handler."""
    procs = module(engine_module).ENGINE.procs
    original = procs[proc]
    new = make(original)
    procs[proc] = new
    for m in _model_modules_loaded():
        for attr, value in list(vars(m).items()):
            if value is original:
                setattr(m, attr, new)
    return new
