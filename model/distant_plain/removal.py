"""Removing pieces from the map, and which rebel pieces a COIN faction may remove.

Where removed pieces go (the aid's "Coalizione ▶ Casualties" in Attack, and the Reset phase's
Casualties box): a Coalition piece goes to Casualties; every other piece to its faction's Available
(a guerrilla Underground there, the state of pieces in Available). What no source gives, a piece
"removed from the game", is not modelled here (the Reset phase's Out of Play: propaganda.py).

Bases last (the aid's Coalition and Government Assault, "Basi per ultime: Le basi vanno attaccate
per ultime, se protette dai guerriglieri nascosti non possono essere attaccate", and Air Strike's
"(per ultime)"): a COIN removal takes Active guerrillas; a rebel Base only once no Active guerrilla
is left there and no Underground one protects it. Which Underground guerrillas protect a base the
aid does not say (registry P50, ruling ``bases_protected_by``): any insurgent's in the space
(default), or its own faction's only.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements

ACTIVE = ("taliban_active", "warlords_active")
REBEL_BASES = {"taliban_bases": "taliban", "warlords_bases": "warlords"}


def destination(kind: str) -> tuple[str, str]:
    """Where a removed piece of ``kind`` goes: (box, kind in that box)."""
    if kind.startswith("coalition_"):
        return "casualties", kind
    if kind.endswith(("_active", "_underground")):
        return "available", kind.split("_")[0] + "_underground"
    return "available", kind


@implements("pieces")
def remove(d: dict, space: str, kind: str, n: int = 1) -> None:
    """Remove ``n`` pieces of ``kind`` from ``space`` to where they go (``destination``)."""
    p = d["spaces"][space]["pieces"]
    if p[kind] < n:
        raise ValueError(f"remove: {space} has {p[kind]} {kind}, not {n}")
    box, key = destination(kind)
    p[kind] -= n
    d[box][key] += n


def _protected(p: dict, base: str, protected_by: str) -> bool:
    """Bases last: any Active guerrilla there comes first; an Underground one protects the Base
    (any insurgent's, or its own faction's only: ``protected_by``)."""
    if any(p[k] for k in ACTIVE):
        return True
    factions = ("taliban", "warlords") if protected_by == "any_insurgent" else (REBEL_BASES[base],)
    return any(p[f"{f}_underground"] for f in factions)


@implements("coalition.operations.assault", "government.operations.assault", "coalition.special_activities.air_strike")
def coin_targets(d: dict, space: str, protected_by: str) -> list[str]:
    """The kinds of rebel piece a COIN removal may take in ``space`` now: Active guerrillas, and a
    rebel Base once no guerrilla protects it (``protected_by``: the ruling ``bases_protected_by``)."""
    p = d["spaces"][space]["pieces"]
    out = [k for k in ACTIVE if p[k] > 0]
    return out + [b for b in REBEL_BASES if p[b] > 0 and not _protected(p, b, protected_by)]
