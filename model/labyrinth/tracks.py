"""Tracks and the quantities derived from them (4.7): pure functions of the state data.

Every function takes the plain state dict ``d`` (see ``state.py``) and never mutates it, except the
``shift_*``/``set_*`` helpers which clamp to the track's bounds (5.2.5 note: a marker never leaves
its track; 1 -1 +1 = 2).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements

PRESTIGE_MIN, PRESTIGE_MAX = 1, 12
FUNDING_MIN, FUNDING_MAX = 1, 9
TROOP_CUBES = 15
CELL_CYLINDERS = 15
RESERVES_MAX = 2

GOV_VALUE = {"good": 1, "fair": 2, "poor": 3}
GOV_ORDER = ("good", "fair", "poor", "islamist_rule")


@implements("4.7.1")
def shift_prestige(d: dict, delta: int) -> None:
    """Move US Prestige by ``delta``, clamped to 1..12 (4.7.1, 5.2.5 note)."""
    d["prestige"] = max(PRESTIGE_MIN, min(PRESTIGE_MAX, d["prestige"] + delta))


@implements("4.7.4.1")
def shift_funding(d: dict, delta: int) -> None:
    """Move Jihadist Funding by ``delta``, clamped to 1..9 (4.7.4.1)."""
    d["funding"] = max(FUNDING_MIN, min(FUNDING_MAX, d["funding"] + delta))


@implements("4.7.1")
def prestige_level(prestige: int) -> str:
    """Low 1-3, Medium 4-6, High 7-9, Very High 10-12 (track; seed_labyrinth.md a.3, A11)."""
    if prestige <= 3:
        return "low"
    if prestige <= 6:
        return "medium"
    if prestige <= 9:
        return "high"
    return "very_high"


PRESTIGE_WOI_DRM = {"low": -1, "medium": 0, "high": 1, "very_high": 2}


@implements("4.7.2")
def world_posture(d: dict) -> int:
    """Net World Posture: +n for Hard n, -n for Soft n, 0 for even (4.7.2).

    Count Hard and Soft posture markers of non-US countries (Israel is always Hard, 4.3.3);
    the net is the difference, capped at 3, on the side of the larger count.
    """
    hard = soft = 0
    for c in d["countries"].values():
        p = c["posture"]
        if p == "hard":
            hard += 1
        elif p == "soft":
            soft += 1
    net = hard - soft
    return max(-3, min(3, net))


@implements("4.7.2.1")
def gwot_penalty(d: dict) -> int:
    """GWOT penalty: the World value when World and US postures differ, else 0 (4.7.2.1)."""
    w = world_posture(d)
    if w == 0:
        return 0
    us_side = 1 if d["us_posture"] == "hard" else -1
    return 0 if (w > 0) == (us_side > 0) else abs(w)


@implements("4.7.3")
def troops_level(troops_on_track: int) -> str:
    """Troops track level (4.7.3): the marker sits in the rightmost box holding fewer than 5 cubes.

    Boxes left to right Low Intensity | War | Overstretch, 5 cubes each, filled right to left:
    10+ cubes on the track -> Low Intensity, 5-9 -> War, 0-4 -> Overstretch. With all 15 on the
    track no box holds fewer than 5; Low Intensity is taken (seed_labyrinth.md A10).
    """
    if troops_on_track >= 10:
        return "low_intensity"
    if troops_on_track >= 5:
        return "war"
    return "overstretch"


# Card 41: "La NATO vale 2 Truppe"; its marker on the map (countries.NATO).
NATO_MARKER, NATO_TROOPS = "NATO", 2


@implements("4.7.3", "card 41")
def us_troops_level(st) -> str:
    """The Troops track level now, for every rule that reads it (the 5.2.8 US hand, cards 11, 26,
    100): :func:`troops_level` of the cubes on the track. Card 41 NATO, ruling ``nato_troops``
    (A08): under ``counts_on_track`` each NATO marker on the map counts as 2 troops off the track
    (project decision: NATO stands for troops committed abroad, as deployed cubes do, so it lowers
    the level as 2 more cubes off the track would); under the other readings it does not count.
    The ruling is read only while a NATO marker is on the map, the one case it changes."""
    d = st.d
    on_track = d["troops_track"]
    natos = sum(1 for c in d["countries"].values() if NATO_MARKER in c["markers"])
    if natos and st.rulings.nato_troops == "counts_on_track":
        on_track -= NATO_TROOPS * natos
    return troops_level(on_track)


US_HAND = {"low_intensity": 9, "war": 8, "overstretch": 7}


@implements("4.7.4.1")
def funding_level(funding: int) -> str:
    """Tight 1-3, Moderate 4-6, Ample 7-9 (4.7.4.1; seed_labyrinth.md a.7): the track's boxes by
    thirds. The model's rules read :func:`funding_level_of`, which applies the ruling
    ``funding_3_level`` (A11)."""
    if funding <= 3:
        return "tight"
    if funding <= 6:
        return "moderate"
    return "ample"


JIHADIST_HAND = {"tight": 7, "moderate": 8, "ample": 9}


@implements("5.2.8")
def hand_sizes(d: dict) -> dict[str, int]:
    """Cards dealt at 5.2.8: the Jihadist per the Funding box, the US per the Troops box, as the
    tracks print them (the default readings of A08 and A11; the model deals by
    :func:`hand_sizes_of`)."""
    return {
        "Jihadist": JIHADIST_HAND[funding_level(d["funding"])],
        "US": US_HAND[troops_level(d["troops_track"])],
    }


@implements("4.7.4.2")
def available_cells(d: dict) -> int:
    """Cells Available for Recruit (4.7.4.2): those in Funding boxes at or left of the marker.

    The boxes Tight | Moderate | Ample hold 5 cylinders each and fill right to left, so with C on
    the track: Tight -> max(0, C-10), Moderate -> max(0, C-5), Ample -> C.
    (Example 4.7.4.2: Funding 6 with 12 cells on the track -> 7 Available.)
    """
    return _available_in(d["cells_track"], funding_level(d["funding"]))


def _available_in(cells_track: int, level: str) -> int:
    """4.7.4.2: the cylinders of ``cells_track`` in the boxes at or left of Funding level ``level``."""
    if level == "tight":
        return max(0, cells_track - 10)
    if level == "moderate":
        return max(0, cells_track - 5)
    return cells_track


# -- the Funding level under the ruling funding_3_level (A11) ----------------------------------
@implements("4.7.4.1")
def funding_3_is_moderate(st) -> bool:
    """A11, ruling ``funding_3_level``: Funding is 3 and the ruling is "moderate" (the IT solo
    example: "I Fondi passano da 7 a 3 e quindi da Ampli a Modesti"), so Funding 3 is Moderate,
    not Tight as the track's thirds give ("tight", default: "Fondi Scarsi" at 3, 7 cards, later in
    the same example). The ruling is read only when Funding is 3, the one value it changes."""
    return st.d["funding"] == 3 and st.rulings.funding_3_level == "moderate"


@implements("4.7.4.1")
def funding_level_of(st) -> str:
    """The Funding level for every rule that reads it (the 5.2.8 Jihadist hand, the 4.7.4.2
    Available cells): :func:`funding_level` of the marker, Funding 3 Moderate under the ruling
    ``funding_3_level`` "moderate" (A11): Tight 1-2, Moderate 3-6, Ample 7-9."""
    return "moderate" if funding_3_is_moderate(st) else funding_level(st.d["funding"])


@implements("5.2.8", "4.7.4.1")
def hand_sizes_of(st) -> dict[str, int]:
    """5.2.8 :func:`hand_sizes` of ``st``: the Jihadist hand by :func:`funding_level_of` (A11,
    ruling ``funding_3_level``: Funding 3 Moderate deals 8 Jihadist cards, not 7), the US hand by
    :func:`us_troops_level` (A08, ruling ``nato_troops``)."""
    return {"Jihadist": JIHADIST_HAND[funding_level_of(st)], "US": US_HAND[us_troops_level(st)]}


@implements("4.7.4.2", "4.7.4.1")
def available_cells_of(st) -> int:
    """4.7.4.2 :func:`available_cells` of ``st`` at the level of :func:`funding_level_of` (A11,
    ruling ``funding_3_level``: at Funding 3 Moderate, the cylinders of the Tight and Moderate boxes
    are Available, C-5 of C on the track instead of C-10)."""
    if funding_3_is_moderate(st):
        return _available_in(st.d["cells_track"], "moderate")
    return available_cells(st.d)
