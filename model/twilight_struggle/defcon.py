"""The DEFCON restrictions (8.1.5): at DEFCON 4 no coup or realignment roll in Europe, at 3 nor in
Asia, at 2 nor in the Middle East (Europe and Asia with their sub-regions, 2.1.2; the table in
data/tables.yaml). The level itself is on the DEFCON track (tracks.py)."""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.twilight_struggle.tables import load_tables


@implements("8.1.5", "8.1", "8.1.1")
def restricted(st, country: str) -> bool:
    """8.1.5: ``country`` lies in a region the current DEFCON closes to coups and realignment."""
    level = st.d["defcon"]
    if level <= 1:
        return True
    return st.map.countries[country].region in load_tables().defcon_restricted[level]
