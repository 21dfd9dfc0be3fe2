"""A Distant Plain's own checks: its invariants, map checks, scenario checks, victory analysis and
ambiguity registry.

:data:`CHECKS` is the game's record for the generic tools (properties/games.py ``GameChecks``),
named by its spec (model/distant_plain/__init__.py ``checks``). Its ambiguity registry is the
machinery of properties/ambiguities.py configured here, with this game's constants: the entries in
``model/distant_plain/data/ambiguities/*.yaml`` (model data: the model builds its Rulings class from
them), ids A01-A99 (``seed_a_distant_plain.md`` section 8, items in order) and P01-P99 (the
project's own), rule names (the aid prints no numbers) from ``model/distant_plain/data/rules.yaml``,
cards 1-72 (the event cards, titles only), switches of ``DistantPlainRulings``, quotes from seed 003
(Italian).

``measurement``: how ``cdg-oracle ambiguities`` plays its pairs (``measurement.py``).
"""
import re

from cdg_oracle.model.distant_plain.rules_catalogue import load_rules_catalogue
from cdg_oracle.model.distant_plain.rulings import AMBIGUITIES, DistantPlainRulings
from cdg_oracle.properties.ambiguities import AmbiguityRegistry
from cdg_oracle.properties.games import GameChecks

_HERE = "cdg_oracle.properties.distant_plain"

CHECKS = GameChecks(
    game="distant_plain",
    invariants=f"{_HERE}.campaign:distant_plain_invariants",
    verification=f"{_HERE}.verification:VERIFICATION",
    scenario_checks=f"{_HERE}.scenario_checks",
    registry=AmbiguityRegistry(
        directory=AMBIGUITIES, rules=load_rules_catalogue,
        rulings=DistantPlainRulings, cards=range(1, 73), id_pattern=re.compile(r"^(A|P)\d\d$"),
        id_hint="A01-A99 or P01-P99", seeds={"003": "it"}),
    machine=f"{_HERE}.stateful:run_machine",
    measurement=f"{_HERE}.measurement:MEASUREMENT",
    refinement=f"{_HERE}.refinement:REFINEMENT",
    proofs=f"{_HERE}.z3_proofs",
    # its mutants are caught by the refinement check alone (no reference adapter serves them):
    # benchmarks/refinement.py --mutants runs them
    refinement_mutants=f"{_HERE}.mutants",
    # verify refinement-checks the first 5 of the 20 random games, not the state machine: the check
    # costs 24x the checked walk (18.5x without the moves' first builds; ``python
    # benchmarks/refinement.py --game distant_plain --games 20 --seed 1``: 1,144 steps, 17.9 s
    # without, 434 s with, on a loaded machine), and the random games are short (57 steps) beside
    # the active campaign's (about 180) and the state machine's 6,500 steps, so 5 games cost about
    # the campaigns' time
    # (wall-clock ratios measured before lab-speed2's speed-ups; design.md now gives, in CPU seconds,
    # Labyrinth 10.7x, Twilight Struggle 2.3x, A Distant Plain 9.5x: the number may be raised)
    refinement_games=5,
    refinement_machine=False,
)
