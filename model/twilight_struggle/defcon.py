"""The DEFCON restrictions (8.1.5): at DEFCON 4 no coup or realignment roll in Europe, at 3 nor in
Asia, at 2 nor in the Middle East (Europe and Asia with their sub-regions, 2.1.2; the table in
data/tables.yaml). The level itself is on the DEFCON track (tracks.py)."""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.twilight_struggle.mapdata import REGIONS
from cdg_oracle.model.twilight_struggle.tables import load_tables

_CLOSED: dict[int, tuple[str, ...]] = {}


def _closed() -> dict[int, tuple[str, ...]]:
    """DEFCON level -> the regions closed (the table, read once; 1: all of them)."""
    if not _CLOSED:
        _CLOSED.update(load_tables().defcon_restricted)
        _CLOSED[1] = REGIONS
    return _CLOSED


@implements("8.1.5", "8.1", "8.1.1")
def closed_regions(st) -> tuple[str, ...]:
    """8.1.5: the regions the current DEFCON closes to coups and realignment (8.1.1: at 1 the game
    is over, and every region is closed)."""
    return _closed()[st.d["defcon"]]
