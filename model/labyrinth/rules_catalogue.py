"""The catalogue of every numbered rule of the Labyrinth rulebook (1.0 through 9.7).

The facts live in ``data/rules.yaml``: one entry per numbered rule or section heading, in rulebook
order, each with its number exactly as printed, a short English title and a scope (``general`` for
chapters 1-4, ``two_player`` for chapters 5-8, ``solo`` for chapter 9). ``cdg-oracle rules`` joins
this catalogue with the citation registry (``cdg_oracle.model.core.citations``) to report every rule as
implemented or not.

The loader and validator are the core's (``model/core/catalogue.py``): the file is read with the
strict reader and validated on load; every problem raises ``DataError`` with one line:
``<file>: rule <n>: <what is wrong>``. This module gives Labyrinth's file and scopes.
"""
from __future__ import annotations

from pathlib import Path

from cdg_oracle.model.core.catalogue import RuleEntry, catalogue_loader, rule_sort_key

DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "rules.yaml"

SCOPES = ("general", "two_player", "solo")

#: ``load_rules_catalogue(path=None)``: every numbered rule, in rulebook order; with no argument the
#: packaged file (loaded once, then cached), with a path that file (read afresh each call).
load_rules_catalogue = catalogue_loader(DEFAULT_PATH, SCOPES)

__all__ = ["RuleEntry", "SCOPES", "DEFAULT_PATH", "load_rules_catalogue", "rule_sort_key"]
