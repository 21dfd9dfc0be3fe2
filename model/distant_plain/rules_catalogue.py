"""The catalogue of every rule of A Distant Plain's rulebook seed (an Italian player aid with no rule
numbers): the rules are named (``coalition.operations.train``, ``propaganda.resources.sabotage``), in
the aid's order, with an English title and a scope (a faction, ``general``, ``islamabad``,
``propaganda``). The loader and validator are the core's (``model/core/catalogue.py``, named ids)."""
from __future__ import annotations

from pathlib import Path

from cdg_oracle.model.core.catalogue import RuleEntry, catalogue_loader

DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "rules.yaml"
SCOPES = ("coalition", "government", "warlords", "taliban", "general", "islamabad", "propaganda")

load_rules_catalogue = catalogue_loader(DEFAULT_PATH, SCOPES, named=True)

__all__ = ["RuleEntry", "SCOPES", "DEFAULT_PATH", "load_rules_catalogue"]
