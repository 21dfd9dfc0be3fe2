"""Labyrinth's own checks: its invariants, map and scenario checks, z3 invariants and proofs,
victory analysis, what its conformance vectors cover, its state machine, its mutants, its ambiguity
registry and the measurement of its ambiguities.

:data:`CHECKS` is the game's record for the generic tools (properties/games.py ``GameChecks``),
named by its spec (model/labyrinth/__init__.py ``checks``). Its ambiguity registry (issue 7) is the
machinery of properties/ambiguities.py configured here, with this game's constants: the entries in
``model/labyrinth/data/ambiguities/*.yaml`` (model data: the model builds its Rulings class from
them), ids D01-D56 and A01-A55 (``seed_labyrinth.md`` section g) and P01... (the project's own),
rule numbers from ``model/labyrinth/data/rules.yaml``, cards 1-120, switches of
``LabyrinthRulings``, quotes from the seed rulebooks 000 (it), 001 (pl), 002 (it), 003 (it) and 004
(es). Its command-line shortcuts (``--solo``, ``--ideology``, ``--minidecks``, chapter 9) are
``cli_options.py``'s.

``measurement``: how ``cdg-oracle ambiguities`` plays its pairs (``measurement.py``).
"""
import re

from cdg_oracle.model.labyrinth.rules_catalogue import load_rules_catalogue
from cdg_oracle.model.labyrinth.rulings import AMBIGUITIES, LabyrinthRulings
from cdg_oracle.properties.ambiguities import AmbiguityRegistry
from cdg_oracle.properties.games import GameChecks

_HERE = "cdg_oracle.properties.labyrinth"

CHECKS = GameChecks(
    game="labyrinth",
    invariants=f"{_HERE}.campaign:labyrinth_invariants",
    coverage=f"{_HERE}.coverage:COVERAGE",
    verification=f"{_HERE}.verification:VERIFICATION",
    scenario_checks=f"{_HERE}.scenario_checks",
    registry=AmbiguityRegistry(
        directory=AMBIGUITIES, rules=load_rules_catalogue,
        rulings=LabyrinthRulings, cards=range(1, 121), id_pattern=re.compile(r"^(D|A|P)\d\d$"),
        id_hint="D01-D99, A01-A99 or P01-P99", seeds={"000": "it", "001": "pl", "002": "it", "003": "it", "004": "es"}),
    machine=f"{_HERE}.stateful:run_machine",
    mutants=f"{_HERE}.mutants",
    cli_options=f"{_HERE}.cli_options:CLI_OPTIONS",
    measurement=f"{_HERE}.measurement:MEASUREMENT",
    refinement=f"{_HERE}.refinement:REFINEMENT",
    proofs=f"{_HERE}.z3_proofs",
    # verify refinement-checks the first random game of each scenario (4 games, some 2,300 steps),
    # not the state machine: the check costs some 30-50 times the checked walk (issue 31's note:
    # benchmarks/refinement.py, 29.5x over the first 60 steps, 50x over whole games), so about the
    # time of the campaigns' 160 games (80 two-player, 80 solo)
    # (wall-clock ratios measured before lab-speed2's speed-ups; design.md now gives, in CPU seconds,
    # Labyrinth 10.7x, Twilight Struggle 2.3x, A Distant Plain 9.5x: the number may be raised)
    refinement_games=1,
    refinement_machine=False,
)
