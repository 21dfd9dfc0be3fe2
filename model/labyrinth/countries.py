"""Country state and the small rules that change it (chapter 4): governance, alignment, posture,
cells, cadres, troops, Aid, Besieged Regime and Regime Change markers.

A country's state is a plain dict in ``d["countries"][name]``::

    {"gov": None | "good" | "fair" | "poor" | "islamist_rule",   # None = untested (4.9.4)
     "align": None | "ally" | "neutral" | "adversary",           # Muslim countries only (4.2.3)
     "posture": None | "hard" | "soft",                          # non-Muslim except the US (4.3.2)
     "troops": int, "sleepers": int, "actives": int, "cadre": bool,
     "aid": int, "besieged": bool, "rc": None | "green" | "tan",
     "plots": [1 | 2 | 3 | "WMD", ...],                          # face down (8.5.4)
     "markers": [str, ...]}                                      # event markers on the country
"""
from __future__ import annotations

from model.core.citations import implements
from model.labyrinth.action_log import record
from model.labyrinth.tracks import GOV_ORDER, GOV_VALUE

ALIGN_TOWARD_ALLY = {"adversary": "neutral", "neutral": "ally", "ally": "ally"}


def new_country() -> dict:
    return {
        "gov": None, "align": None, "posture": None,
        "troops": 0, "sleepers": 0, "actives": 0, "cadre": False,
        "aid": 0, "besieged": False, "rc": None, "plots": [], "markers": [],
    }


def cells(c: dict) -> int:
    return c["sleepers"] + c["actives"]


def governance(st, name: str) -> str | None:
    """Current governance: the marker of a Muslim country, the fixed value elsewhere (4.3.1, 4.4)."""
    fixed = st.map.countries[name].governance
    return fixed if fixed is not None else st.d["countries"][name]["gov"]


@implements("7.1.1", "8.1.1", "4.2.1", "4.3.1", "4.4")
def gov_value(st, name: str) -> int | None:
    """Good 1, Fair 2, Poor 3; None for Islamist Rule or an untested Muslim country (4.2.1, 4.3.1)."""
    g = governance(st, name)
    return GOV_VALUE.get(g) if g is not None else None


@implements("4.2.3", "4.3.2")
def is_tested(st, name: str) -> bool:
    """4.9.4: a Muslim country without Governance, or a non-Muslim country (other than the US and
    Israel) without Posture, is untested."""
    info = st.map.countries[name]
    c = st.d["countries"][name]
    if info.muslim:
        return c["gov"] is not None
    if info.has_posture_marker:
        return c["posture"] is not None
    return True


def is_regime_change(c: dict) -> bool:
    """7.3.4.1: any country with a Regime Change marker, green or tan."""
    return c["rc"] is not None


@implements("7.3.4.1", "7.2.1.1", "7.2.2.3", "8.4.3.2")
def set_governance(st, name: str, gov: str) -> None:
    """Set a Muslim country's governance and apply the marker rules that follow a shift.

    A shift to Good removes all Aid, the Besieged Regime and the Regime Change marker
    (7.2.1.1 note, 7.2.2.3, 8.4.3.2, 7.3.4.1); a shift to Islamist Rule does the same (8.4.4
    handles the rest of the revolution).
    """
    c = st.d["countries"][name]
    before = c["gov"]
    c["gov"] = gov
    if gov in ("fair", "good") and (before is None or GOV_ORDER.index(gov) < GOV_ORDER.index(before)):
        record(st, "improved", name)  # for card 94 (action_log.py)
    if gov in ("good", "islamist_rule"):
        c["aid"] = 0
        c["besieged"] = False
        c["rc"] = None


WORSE = {"good": "fair", "fair": "poor", "poor": "poor"}
BETTER = {"poor": "fair", "fair": "good", "good": "good"}


@implements("4.6.2", "4.6.3", "4.6.4", "4.7.4")
def place_cells_from_track(st, name: str, n: int) -> int:
    """Place up to ``n`` Sleeper cells from the Funding track (4.6.4); returns how many were placed.

    The first cell placed from the track removes a Cadre there (4.8.4, 8.2.2). With no cylinder on
    the track nothing can be placed (4.6.3).
    """
    d = st.d
    n = min(n, d["cells_track"])
    if n <= 0:
        return 0
    c = d["countries"][name]
    d["cells_track"] -= n
    c["sleepers"] += n
    c["cadre"] = False
    return n


def remove_cells_to_track(st, name: str, actives: int, sleepers: int) -> None:
    """Return cells from a country to the Funding track (no Cadre is placed here)."""
    c = st.d["countries"][name]
    assert 0 <= actives <= c["actives"] and 0 <= sleepers <= c["sleepers"]
    c["actives"] -= actives
    c["sleepers"] -= sleepers
    st.d["cells_track"] += actives + sleepers


def move_troops(st, src: str, dst: str, n: int) -> None:
    """Move ``n`` troop cubes between countries and/or the Troops track ("track")."""
    d = st.d
    if src == "track":
        d["troops_track"] -= n
    else:
        d["countries"][src]["troops"] -= n
    if dst == "track":
        d["troops_track"] += n
    else:
        d["countries"][dst]["troops"] += n
    assert d["troops_track"] >= 0 and (src == "track" or d["countries"][src]["troops"] >= 0)


def troops(st, name: str) -> int:
    """Troops present for every rule that counts them (cubes; NATO, card 41, joins in issue 3)."""
    return st.d["countries"][name]["troops"]


@implements("4.2.5", "4.2.6")
@implements("card 117", "card 118")
def resources(st, name: str) -> int:
    """A Muslim country's Resources, +1 per Oil Price Spike (cards 117, 118) in effect this turn for
    oil exporters (4.2.5-4.2.6)."""
    info = st.map.countries[name]
    base = info.resources or 0
    if info.oil_exporter:
        from model.labyrinth.events.lasting import lapsing_count  # late: lasting needs the cards
        base += lapsing_count(st, 117) + lapsing_count(st, 118)
    return base
