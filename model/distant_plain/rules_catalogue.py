"""The catalogue of every rule of A Distant Plain's rulebook seed (an Italian player aid with no rule
numbers): the rules are named (``coalition.operations.train``, ``propaganda.resources.sabotage``), in
the aid's order, with an English title and a scope (a faction, ``general``, ``islamabad``,
``propaganda``) and, for a rule that rests on a fact no source gives, its gap (``data/gaps.yaml``: the
Reset phase's "all factions Eligible" on the sequence of play, its Momentum discard on the event
cards). The loader and validator are the core's (``model/core/catalogue.py``, named ids); every gap
named must be in the register."""
from __future__ import annotations

from pathlib import Path

from cdg_oracle.model.core.catalogue import RuleEntry, catalogue_loader
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.distant_plain.pieces import load_gaps

DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "rules.yaml"
SCOPES = ("coalition", "government", "warlords", "taliban", "general", "islamabad", "propaganda")

_load = catalogue_loader(DEFAULT_PATH, SCOPES, named=True)


def load_rules_catalogue(path: str | Path | None = None) -> tuple[RuleEntry, ...]:
    """The catalogue (``data/rules.yaml``, or ``path``), validated, its gaps checked against the register."""
    entries = _load(path) if path is not None else _load()
    known = {g["id"] for g in load_gaps()}
    for e in entries:
        if e.gap is not None and e.gap not in known:
            raise DataError(f"{path or DEFAULT_PATH}: rule {e.number}: gap {e.gap!r} is not in data/gaps.yaml")
    return entries

__all__ = ["RuleEntry", "SCOPES", "DEFAULT_PATH", "load_rules_catalogue"]
