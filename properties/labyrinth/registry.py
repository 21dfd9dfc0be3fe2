"""The ambiguity and errata registry of Labyrinth (issue 7): every known discrepancy between the
Italian, Polish and Spanish rulebooks and every known ambiguity or contradiction, as data.

The entries are YAML files in ``model/labyrinth/data/ambiguities/``; the entry format, the checks on
load and :func:`coverage_problems` are the game-independent machinery of
``properties/ambiguities.py`` (its module docstring gives the format); Labyrinth's configuration of
it, its constants, is the ``registry`` of its checks record (properties/labyrinth/__init__.py). This
module only names that registry's folder and loader for the Labyrinth modules and tests that read
them (the impact measurement, the discovery, the side-by-side run). Every problem raises
:class:`cdg_oracle.model.core.errors.DataError` with one line naming the file, the entry and the
fault.
"""
from __future__ import annotations

from pathlib import Path

from cdg_oracle.properties.labyrinth import CHECKS
from cdg_oracle.properties.ambiguities import (
    BASES,
    EFFECTS,
    FIELDS,
    KINDS,
    REQUIRED,
    SEVERITIES,
    Entry,
    normalize,
    seed_text,
)

REGISTRY = CHECKS.registry
DIRECTORY = REGISTRY.directory


def load_registry(directory: Path = DIRECTORY) -> tuple[Entry, ...]:
    """Every entry of the registry, validated, in file then entry order."""
    return REGISTRY.load(directory)


def coverage_problems(entries: tuple[Entry, ...]) -> list[str]:
    """Every ``LabyrinthRulings`` switch must be named by an entry (the other direction is checked on load)."""
    return REGISTRY.coverage_problems(entries)


__all__ = ["BASES", "DIRECTORY", "EFFECTS", "FIELDS", "KINDS", "REGISTRY", "REQUIRED", "SEVERITIES",
           "Entry", "coverage_problems", "load_registry", "normalize", "seed_text"]
