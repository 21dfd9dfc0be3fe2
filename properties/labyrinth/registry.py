"""The ambiguity and errata registry of Labyrinth (issue 7): every known discrepancy between the
Italian, Polish and Spanish rulebooks and every known ambiguity or contradiction, as data.

The entries are YAML files in ``model/labyrinth/data/ambiguities/``; the entry format, the checks on
load and :func:`coverage_problems` are the game-independent machinery of
``properties/ambiguities.py`` (its module docstring gives the format). This module is Labyrinth's
configuration of it: ids D01-D56 and A01-A55 (``seed_labyrinth.md`` section g) and P01... (the
project's own); rule numbers from ``model/labyrinth/data/rules.yaml``; cards 1-120; switches of
``LabyrinthRulings``; quotes from the seed rulebooks 000 (it), 001 (pl), 002 (it), 003 (it) and
004 (es). Every problem raises :class:`cdg_oracle.model.core.errors.DataError` with one line naming
the file, the entry and the fault.
"""
from __future__ import annotations

import re
from pathlib import Path

from cdg_oracle.model.labyrinth.rules_catalogue import load_rules_catalogue
from cdg_oracle.model.labyrinth.rulings import AMBIGUITIES, LabyrinthRulings
from cdg_oracle.properties.ambiguities import (
    BASES,
    EFFECTS,
    FIELDS,
    KINDS,
    REQUIRED,
    SEVERITIES,
    AmbiguityRegistry,
    Entry,
    normalize,
    seed_text,
)

DIRECTORY = AMBIGUITIES  # model data: the model builds its Rulings class from these entries
SEEDS = {"000": "it", "001": "pl", "002": "it", "003": "it", "004": "es"}
ID = re.compile(r"^(D|A|P)\d\d$")

REGISTRY = AmbiguityRegistry(
    directory=DIRECTORY, rules=load_rules_catalogue, rulings=LabyrinthRulings, cards=range(1, 121),
    id_pattern=ID, id_hint="D01-D99, A01-A99 or P01-P99", seeds=SEEDS)


def load_registry(directory: Path = DIRECTORY) -> tuple[Entry, ...]:
    """Every entry of the registry, validated, in file then entry order."""
    return REGISTRY.load(directory)


def coverage_problems(entries: tuple[Entry, ...]) -> list[str]:
    """Every ``LabyrinthRulings`` switch must be named by an entry (the other direction is checked on load)."""
    return REGISTRY.coverage_problems(entries)


__all__ = ["BASES", "DIRECTORY", "EFFECTS", "FIELDS", "ID", "KINDS", "REGISTRY", "REQUIRED", "SEEDS", "SEVERITIES",
           "Entry", "coverage_problems", "load_registry", "normalize", "seed_text"]
