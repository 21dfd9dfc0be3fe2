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
    inf = st.d["influence"][country]
    stab = st.map.countries[country].stability
    mine = inf[side]
    return mine >= stab and mine - inf[OPPONENT[side]] >= stab


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
