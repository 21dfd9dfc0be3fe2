"""Invariants of every Labyrinth state, as plain predicates over the state data (seed_labyrinth.md
h.2). Each returns a list of violations (empty when it holds), so a failure names what is wrong.

The z3 encoding of the same invariants is the properties issue; these predicates are what every
generated game is checked against after every step.
"""
from __future__ import annotations

from collections import Counter

PRESTIGE = (1, 12)
FUNDING = (1, 9)


def track_bounds(d: dict) -> list[str]:
    """h.2 #1: 1 <= Prestige <= 12 (4.7.1); 1 <= Funding <= 9 (4.7.4); Reserves 0-2 (6.3.3)."""
    out = []
    if not PRESTIGE[0] <= d["prestige"] <= PRESTIGE[1]:
        out.append(f"prestige {d['prestige']} outside 1-12 (4.7.1)")
    if not FUNDING[0] <= d["funding"] <= FUNDING[1]:
        out.append(f"funding {d['funding']} outside 1-9 (4.7.4)")
    for side, r in d["reserves"].items():
        if not 0 <= r <= 2:
            out.append(f"{side} reserves {r} outside 0-2 (6.3.3)")
    return out


def pieces_conserved(d: dict) -> list[str]:
    """h.2 #2-3: 15 troop cubes and 15 cell cylinders, on the map or on their tracks (4.6.1).
    Event markers that count as pieces are not cubes or cylinders (``sleepers``/``actives`` and
    ``troops`` hold only those): NATO (card 41, A08) and Moqtada al-Sadr (card 54, A09)."""
    out = []
    troops = d["troops_track"] + sum(c["troops"] for c in d["countries"].values())
    cells = d["cells_track"] + sum(c["sleepers"] + c["actives"] for c in d["countries"].values())
    if troops != 15 or d["troops_track"] < 0:
        out.append(f"{troops} troop cubes in play, not 15 (4.6.1)")
    if cells != 15 or d["cells_track"] < 0:
        out.append(f"{cells} cell cylinders in play, not 15 (4.6.1)")
    for name, c in d["countries"].items():
        for k in ("troops", "sleepers", "actives", "aid"):
            if c[k] < 0:
                out.append(f"{name}: {k} {c[k]} < 0")
    return out


def plots_conserved(d: dict, numbered: list[int]) -> list[str]:
    """h.2 #5-6: the six numbered plots are Available or on the map (4.8.1, D01: reusable); the six
    WMD plots are in their boxes, Available, on the map or removed (4.7.8.1)."""
    out = []
    on_map = [p for c in d["countries"].values() for p in c["plots"]]
    nums = Counter(d["plots_available"]) + Counter(p for p in on_map if p != "WMD")
    if nums != Counter(numbered):
        out.append(f"numbered plots {sorted(nums.elements())} != {sorted(numbered)} (4.8.1)")
    wmd = sum(d["wmd_boxes"].values()) + d["wmd_available"] + on_map.count("WMD") + d["wmd_removed"]
    if wmd != 6:
        out.append(f"{wmd} WMD plot markers accounted for, not 6 (4.7.8.1)")
    if d["wmd_boxes"]["pakistan_arsenal"] not in (0, 3):
        out.append("the Pakistan Arsenal box holds neither 0 nor 3 WMD (8.4.5)")
    return out


ZONES = ("deck", "discard", "removed", "lapsing", "first_plot", "in_play")


def cards_conserved(d: dict) -> list[str]:
    """h.2 #4: each of the 120 cards is in exactly one zone."""
    seen = Counter()
    for z in ZONES:
        seen.update(d[z])
    for side in ("US", "Jihadist"):
        seen.update(d["hands"][side])
    out = []
    dup = sorted(n for n, k in seen.items() if k > 1)
    missing = sorted(set(range(1, 121)) - set(seen))
    if dup:
        out.append(f"cards in two zones: {dup[:5]}")
    if missing:
        out.append(f"cards in no zone: {missing[:5]}")
    if len(d["first_plot"]) > 1:
        out.append("more than one card in the 1st Plot box (4.7.7.2)")
    return out


def markers_consistent(d: dict, muslim: tuple[str, ...]) -> list[str]:
    """h.2 #10-11, 14: Regime Change only on Poor or Fair (7.3.4.1); Cadre and Besieged are single
    markers; Israel is always Hard (4.3.3); Iran has no Posture or Alignment (4.4); non-Muslim
    countries have no Governance marker, Alignment, Aid or Besieged Regime."""
    out = []
    for name, c in d["countries"].items():
        if c["rc"] is not None and c["gov"] not in ("poor", "fair"):
            out.append(f"{name}: Regime Change on {c['gov']} (7.3.4.1)")
        if name in muslim:
            if (c["gov"] is None) != (c["align"] is None):
                out.append(f"{name}: governance {c['gov']} with alignment {c['align']} (4.2)")
        else:
            if c["gov"] is not None or c["align"] is not None or c["aid"] or c["besieged"]:
                out.append(f"{name}: Muslim-only marker on a non-Muslim country (4.3)")
    if d["countries"]["Israel"]["posture"] != "hard":
        out.append("Israel's Posture is not Hard (4.3.3)")
    if d["countries"]["Iran"]["posture"] is not None:
        out.append("Iran has a Posture (4.4)")
    out += piece_markers(d)
    return out


def piece_markers(d: dict) -> list[str]:
    """Event markers that stand for pieces: Moqtada al-Sadr only in Iraq (card 54); NATO only on a
    Regime Change country (card 41, A08: removed when the country stops being one); no marker
    twice in a country."""
    out = []
    for name, c in d["countries"].items():
        if len(set(c["markers"])) != len(c["markers"]):
            out.append(f"{name}: a marker listed twice {c['markers']}")
        if "Moqtada al-Sadr" in c["markers"] and name != "Iraq":
            out.append(f"{name}: Moqtada al-Sadr outside Iraq (card 54)")
        if "NATO" in c["markers"] and c["rc"] is None:
            out.append(f"{name}: NATO on a country without Regime Change (card 41, A08)")
    return out


def check_all(d: dict, numbered: list[int], muslim: tuple[str, ...]) -> list[str]:
    return (track_bounds(d) + pieces_conserved(d) + plots_conserved(d, numbered)
            + cards_conserved(d) + markers_consistent(d, muslim))
