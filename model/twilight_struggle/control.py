"""Influence and control (2.1.7, 6.1.5).

Influence is unlimited (6.1.5: the markers are like money, their number is no limit) and never
negative. A side controls a country when its influence is at least the country's stability number
and exceeds the opponent's by at least that number (2.1.7; the first condition follows from the
second, since influence is never negative).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements

OPPONENT = {"USSR": "US", "US": "USSR"}


@implements("2.1.7")
def controls(st, side: str, country: str) -> bool:
    """2.1.7: ``side`` controls ``country``."""
    return side_controls(st.d["influence"][country], side, st.map.countries[country].stability)


def side_controls(influence: dict, side: str, stability: int) -> bool:
    """2.1.7 on plain values: ``side`` controls a country of ``stability`` holding ``influence``
    (``{"US": n, "USSR": m}``); what :func:`controls` reads, and the map pictures (mapview.py)."""
    mine = influence[side]
    return mine >= stability and mine - influence[OPPONENT[side]] >= stability


@implements("6.1.5")
def add_influence(st, side: str, country: str, n: int) -> None:
    """Add ``n`` of ``side``'s influence to ``country`` (no limit to the markers, 6.1.5)."""
    st.d["influence"][country][side] += n


def remove_influence(st, side: str, country: str, n: int) -> int:
    """Remove up to ``n`` of ``side``'s influence from ``country`` (never below zero); returns
    how much was removed."""
    inf = st.d["influence"][country]
    k = min(n, inf[side])
    inf[side] -= k
    return k
