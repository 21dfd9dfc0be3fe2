"""Where a game's own checks come from: one record per game, :class:`GameChecks`, exported as
``CHECKS`` by the game's properties package and named by the game's spec
(model/core/registry.py ``GameSpec.checks``, a ``"module:attribute"`` string, so that the model
never imports ``properties``). Every generic tool asks :func:`checks` for a game's record; a game
whose spec names none gets an empty record, and the generic checks alone.

(Issue 29 item 1: this record replaced the mutable dicts ``walk.INVARIANTS``,
``coverage.COVERAGE`` and ``verification.VERIFICATIONS``, the ``registrations.py`` modules found by
name, ``oracle/scenario_cmd.SCENARIO_CHECKS`` and ``oracle/rules_report.AMBIGUITY_REGISTRIES``.)
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable

from cdg_oracle.model.core.game import resolve


@dataclass(frozen=True)
class GameChecks:
    """Everything the generic checks and the oracle's tools know of one game beyond its contract
    (None: the game has none of that kind).

    ``invariants(state)``: the game's invariants for the checked walk and the state machine
    (properties/walk.py; returns the check ``check(state) -> [problem, ...]`` for that state's
    rulings); ``coverage``: what its conformance vectors cover (properties/coverage.py
    ``Coverage``); ``verification``: its verification sections (properties/verification.py
    ``GameVerification``); ``scenario_checks``: the module ``cdg-oracle scenario`` checks a
    scenario with (oracle/scenario_cmd.py ``checks_of`` lists what it holds); ``registry``: its
    ambiguity registry (properties/ambiguities.py ``AmbiguityRegistry``, what ``cdg-oracle rules
    --rulings`` and ``cdg-oracle ambiguities`` read); ``measurement``: how ``cdg-oracle
    ambiguities`` plays its games (properties/impact.py); ``machine``: the game's hypothesis
    state machine, ``run_machine(examples, steps, seed, on_failure=None, refine=False)`` (properties/stateful.py
    configured with the game's scenarios, options and rulings; None: the generic machine);
    ``mutants``: the reference adapter's mutants, a module with ``MUTANTS`` (name -> mutant) and
    ``activate(name)`` (oracle/reference_adapter.py ``--mutant``); ``refinement_mutants``: a
    game's mutants caught by the refinement check alone, where the reference adapter serves none
    (no difftest side): a module with ``MUTANTS`` and ``refinement_catches(name, games, seed)``
    (``{"mutant", "rule", "caught", "games", "steps", "finding"}``, the finding's ``step``; what
    ``benchmarks/refinement.py --mutants`` runs in place of ``mutants``); ``cli_options``: the game's own
    command-line shortcuts, a :class:`CliOptions` (Labyrinth's ``--solo``, ``--ideology``);
    ``refinement``: its refinement check, a properties/refinement.py ``Refinement`` (the
    abstraction function and the proved transitions every model step is checked against);
    ``proofs``: its z3 proof suite, a module with ``prove_all()`` (a list of results, each with its
    ``name``, its verdict as ``status`` or ``verdict``, and the ``seconds`` and ``z3_steps`` it
    took: what benchmarks/proofs.py measures), and optionally ``setup()`` (the symbolic state built
    once, timed apart);
    ``refinement_games``: how many of the random campaign's games per scenario ``cdg-oracle
    verify`` refinement-checks (the first ones of each scenario; None: every game), chosen per game
    so that the check stays within about the time of its campaigns (``--refinement-games``
    overrides it); ``refinement_machine``: whether verify's state machine checks its steps too
    (False where that would cost far more than the campaigns).

    **Lazy fields.** Any field but ``game`` may hold, instead of its object, the import string
    ``"module:attribute"`` of it: the object is imported the first time the field is read (and
    kept). A game's record is read by every tool, but most tools need one field; the record names
    what would pull heavy modules (z3 for the verification, hypothesis for the machine, the
    mutants that patch the model) by string, so that reading ``checks(game).invariants`` imports
    neither, and the properties package's ``__init__`` that holds ``CHECKS`` imports none of its
    own modules (no import cycle with them)."""

    game: str
    invariants: Callable[[Any], Callable] | str | None = None
    coverage: Any = None
    verification: Any = None
    scenario_checks: Any = None
    registry: Any = None
    measurement: Any = None
    machine: Any = None
    mutants: Any = None
    refinement_mutants: Any = None
    cli_options: Any = None
    refinement: Any = None
    proofs: Any = None
    refinement_games: int | None = None
    refinement_machine: bool = True

    def __getattribute__(self, name: str) -> Any:
        value = object.__getattribute__(self, name)
        if isinstance(value, str) and name in _LAZY:
            value = resolve(value)
            object.__setattr__(self, name, value)
        return value


_LAZY = frozenset(f.name for f in fields(GameChecks)) - {"game", "refinement_games", "refinement_machine"}


@dataclass(frozen=True)
class CliOption:
    """One command-line shortcut of a game (``flags``, e.g. ``("--solo",)``), added to the commands
    that take game options: ``kwargs`` are argparse's ``add_argument`` keywords (``dest`` the
    attribute the parsed value is read from)."""

    flags: tuple[str, ...]
    kwargs: dict


@dataclass(frozen=True)
class CliOptions:
    """A game's own command-line shortcuts for its options: ``options`` the flags (each a
    :class:`CliOption`), ``to_options(values)`` turns their parsed values (a dict ``dest ->
    value``) into game options (a dict to merge over ``--option``'s; None: none given), raising
    ValueError with a one-line message on a bad combination; ``notes(options, gaps)`` the lines a
    played game's report adds for those options (None: none)."""

    options: tuple[CliOption, ...]
    to_options: Callable[[dict], dict | None]
    notes: Callable[[dict, list[str]], list[str]] | None = None


_CACHE: dict[str, GameChecks] = {}


def checks(game: str) -> GameChecks:
    """The record of ``game``'s checks: the object its spec's ``checks`` names, imported once; an
    empty record for a game whose spec names none."""
    found = _CACHE.get(game)
    if found is not None:
        return found
    from cdg_oracle.model.core.registry import get

    where = getattr(get(game), "checks", None)
    if where:
        found = resolve(where if ":" in where else where + ":CHECKS")
    else:
        found = GameChecks(game)
    _CACHE[game] = found
    return found
