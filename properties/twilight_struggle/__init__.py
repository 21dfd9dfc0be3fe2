"""Twilight Struggle's own checks: its invariants, map checks, z3 proofs, state machine, rule
mutants (``mutants.py``, the reference adapter's ``--mutant twilight_struggle:NAME``) and ambiguity
registry.

:data:`CHECKS` is the game's record for the generic tools (properties/games.py ``GameChecks``),
named by its spec (model/twilight_struggle/__init__.py ``checks``). Its ambiguity registry is the
machinery of properties/ambiguities.py configured here, with this game's constants: the entries in
``model/twilight_struggle/data/ambiguities/*.yaml`` (model data: the model builds its Rulings class
from them), ids A01-A39 (``seed_twilight_struggle.md`` section g, items 1-39 in order) and P01...
(the project's own), rule numbers from ``model/twilight_struggle/data/rules.yaml``, cards 1-110 in
the model's (Deluxe) numbering, switches of ``TwilightRulings``, quotes from seed 002 (Italian).

``measurement``: how ``cdg-oracle ambiguities`` plays its pairs (``measurement.py``); ``coverage``:
what its conformance vectors cover, every implemented event in both editions (``coverage.py``).
"""
import re

from cdg_oracle.model.twilight_struggle.rules_catalogue import load_rules_catalogue
from cdg_oracle.model.twilight_struggle.rulings import AMBIGUITIES, TwilightRulings
from cdg_oracle.properties.ambiguities import AmbiguityRegistry
from cdg_oracle.properties.games import GameChecks

_HERE = "cdg_oracle.properties.twilight_struggle"

CHECKS = GameChecks(
    game="twilight_struggle",
    invariants=f"{_HERE}.campaign:twilight_invariants",
    verification=f"{_HERE}.verification:VERIFICATION",
    scenario_checks=f"{_HERE}.scenario_checks",
    registry=AmbiguityRegistry(
        directory=AMBIGUITIES, rules=load_rules_catalogue,
        rulings=TwilightRulings, cards=range(1, 111), id_pattern=re.compile(r"^((D|A|P)\d\d|C\d{3})$"),
        id_hint="D01-D99, A01-A99 or P01-P99", seeds={"002": "it"}),
    machine=f"{_HERE}.stateful:run_machine",
    mutants=f"{_HERE}.mutants",
    measurement=f"{_HERE}.measurement:MEASUREMENT",
    coverage=f"{_HERE}.coverage:COVERAGE",
    refinement=f"{_HERE}.refinement:REFINEMENT",
    proofs=f"{_HERE}.z3_proofs",
    # verify refinement-checks the first 10 of the 20 random games of each scenario, not the state
    # machine: the check costs 5.0x the checked walk (4.1x without the moves' first builds; ``python
    # benchmarks/refinement.py --game twilight_struggle --games 6 --seed 1``: 1,691 steps, 143 s
    # without, 718 s with, on a loaded machine), so 20 games' 4,800 steps cost about the time of the
    # campaigns' 80 games (40 random, 40 Deluxe); the state machine's 7,400 steps would cost as much again
    # (wall-clock ratios measured before lab-speed2's speed-ups; design.md now gives, in CPU seconds,
    # Labyrinth 10.7x, Twilight Struggle 2.3x, A Distant Plain 9.5x: the number may be raised)
    refinement_games=10,
    refinement_machine=False,
)
