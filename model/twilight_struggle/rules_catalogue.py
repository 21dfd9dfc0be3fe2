"""The catalogue of every numbered rule of the Twilight Struggle rulebook seed (1.0 through 11.1.3).

The facts live in ``data/rules.yaml``: one entry per numbered rule or section heading, in rulebook
order, each with its number exactly as printed in the Italian seed, a short English title and a
scope (``general`` for chapters 1-3, ``play`` for chapters 4-10, ``events`` for the rules of
chapters 5-10 that only card events apply, ``optional`` for chapter 11, the tournament rules). The seed prints no "11.1" heading; the catalogue gives one, so that every rule
has its heading.

The loader and validator are the core's (``model/core/catalogue.py``): every problem raises
``DataError`` with one line: ``<file>: rule <n>: <what is wrong>``.
"""
from __future__ import annotations

from pathlib import Path

from cdg_oracle.model.core.catalogue import RuleEntry, catalogue_loader, rule_sort_key

DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "rules.yaml"

SCOPES = ("general", "play", "events", "optional")

#: ``load_rules_catalogue(path=None)``: every numbered rule, in rulebook order; with no argument the
#: packaged file (loaded once, then cached), with a path that file (read afresh each call).
load_rules_catalogue = catalogue_loader(DEFAULT_PATH, SCOPES)

__all__ = ["RuleEntry", "SCOPES", "DEFAULT_PATH", "load_rules_catalogue", "rule_sort_key"]
