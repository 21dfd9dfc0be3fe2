"""The ambiguity registry of Twilight Struggle: every ambiguity, contradiction and discrepancy of
the Italian rulebook seed (``seeds/002_0cdb367d9ca608bf.txt``) that the seed dossier names, and the
project's own open questions, as data.

The entries are YAML files in ``model/twilight_struggle/data/ambiguities/``; the entry format, the
checks on load and :func:`coverage_problems` are the game-independent machinery of
``properties/ambiguities.py`` (its module docstring gives the format). This module is Twilight
Struggle's configuration of it: ids A01-A39 (``seed_twilight_struggle.md`` section g, items 1-39 in
order) and P01... (the project's own); rule numbers from ``model/twilight_struggle/data/rules.yaml``;
cards 1-110 in the model's (Deluxe) numbering; switches of ``TwilightRulings``; quotes from seed
002 (Italian). Every problem raises :class:`cdg_oracle.model.core.errors.DataError` with one line
naming the file, the entry and the fault.
"""
from __future__ import annotations

import re
from pathlib import Path

from cdg_oracle.model.twilight_struggle.rules_catalogue import load_rules_catalogue
from cdg_oracle.model.twilight_struggle.rulings import AMBIGUITIES, TwilightRulings
from cdg_oracle.properties.ambiguities import AmbiguityRegistry, Entry, normalize, seed_text

DIRECTORY = AMBIGUITIES  # model data: the model builds its Rulings class from these entries
SEEDS = {"002": "it"}
ID = re.compile(r"^(D|A|P)\d\d$")
CARDS = range(1, 111)

REGISTRY = AmbiguityRegistry(
    directory=DIRECTORY, rules=load_rules_catalogue, rulings=TwilightRulings, cards=CARDS,
    id_pattern=ID, id_hint="D01-D99, A01-A99 or P01-P99", seeds=SEEDS)


def load_registry(directory: Path = DIRECTORY) -> tuple[Entry, ...]:
    """Every entry of the registry, validated, in file then entry order."""
    return REGISTRY.load(directory)


def coverage_problems(entries: tuple[Entry, ...]) -> list[str]:
    """Every ``TwilightRulings`` switch must be named by an entry (the other direction is checked on load)."""
    return REGISTRY.coverage_problems(entries)


__all__ = ["CARDS", "DIRECTORY", "ID", "REGISTRY", "SEEDS", "Entry", "coverage_problems", "load_registry",
           "normalize", "seed_text"]
