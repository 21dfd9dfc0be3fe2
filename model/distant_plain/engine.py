"""A Distant Plain's procedures on the core engine (model/core/engine.py): its own Engine, with one
hook after every step: the General Records Track's end (:func:`track_limits`)."""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import Engine

#: The General Records Track runs 0-75 (data/pieces.yaml ``tracks.general_records``, source B).
TRACK_HIGH = 75


@implements("pieces")
def track_limits(st) -> None:
    """Resources, Aid and Patronage are marked on the General Records Track, 0-75: a gain past 75
    stops at 75. (Any other limit no source gives: gap ``track_limits``.) A spend below 0 is never
    offered, so only the top needs holding here."""
    d = st.d
    r = d.get("resources")
    if r is None:
        return
    for k, v in r.items():
        if v > TRACK_HIGH:
            r[k] = TRACK_HIGH
    for k in ("aid", "patronage"):
        if d[k] > TRACK_HIGH:
            d[k] = TRACK_HIGH


ENGINE = Engine("distant_plain", after_step=track_limits)
