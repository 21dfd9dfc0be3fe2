"""The ambiguity registry of A Distant Plain: every ambiguity and apparent error of the Italian
player aid seed (``seeds/003_8c4a98924f8c01ac.txt``) that the seed dossier names, as data.

The entries are YAML files in ``model/distant_plain/data/ambiguities/``; the entry format, the
checks on load and :func:`coverage_problems` are the game-independent machinery of
``properties/ambiguities.py`` (its module docstring gives the format). This module is A Distant
Plain's configuration of it: ids A01-A99 (``seed_a_distant_plain.md`` section 8, items in order)
and P01-P99 (the project's own); rule names (the aid prints no numbers) from
``model/distant_plain/data/rules.yaml``; cards 1-72 (the event cards, titles only); switches of
``DistantPlainRulings``; quotes from seed 003 (Italian). Every problem raises
:class:`cdg_oracle.model.core.errors.DataError` with one line naming the file, the entry and the
fault.
"""
from __future__ import annotations

import re
from pathlib import Path

from cdg_oracle.model.distant_plain.rules_catalogue import load_rules_catalogue
from cdg_oracle.model.distant_plain.rulings import AMBIGUITIES, DistantPlainRulings
from cdg_oracle.properties.ambiguities import AmbiguityRegistry, Entry, normalize, seed_text

DIRECTORY = AMBIGUITIES  # model data: the model builds its Rulings class from these entries
SEEDS = {"003": "it"}
ID = re.compile(r"^(A|P)\d\d$")
CARDS = range(1, 73)

REGISTRY = AmbiguityRegistry(
    directory=DIRECTORY, rules=load_rules_catalogue, rulings=DistantPlainRulings, cards=CARDS,
    id_pattern=ID, id_hint="A01-A99 or P01-P99", seeds=SEEDS)


def load_registry(directory: Path = DIRECTORY) -> tuple[Entry, ...]:
    """Every entry of the registry, validated, in file then entry order."""
    return REGISTRY.load(directory)


def coverage_problems(entries: tuple[Entry, ...]) -> list[str]:
    """Every ``DistantPlainRulings`` switch must be named by an entry (the other direction is checked on load)."""
    return REGISTRY.coverage_problems(entries)


__all__ = ["CARDS", "DIRECTORY", "ID", "REGISTRY", "SEEDS", "Entry", "coverage_problems", "load_registry",
           "normalize", "seed_text"]
