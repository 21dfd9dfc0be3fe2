"""The solo game option (chapter 9) and the Jihadist Ideology levels (9.7).

A game's options are plain data in ``d["options"]``: ``{"solo": bool, "ideology": LEVEL,
"minidecks": bool}``. Two-player games have ``solo`` false (and the other two at their defaults).
In a solo game the player is the US and every Jihadist decision is made by chapter 9 and the dice
(9.0: "Il giocatore prende le parti USA").

9.7 (IT "IDEOLOGIA DELLA JIHAD"), cumulative levels of difficulty for the US:

* ``normal``: the rules as written (the "livello di gioco base");
* ``attractive``: each Recruit success places two Available cells (modifies 8.2.1);
* ``potent``: as above, and Major Jihad needs only 3 cells more than troops (modifies 8.4.2);
* ``infectious``: as above, and the US must play all its cards (modifies 5.2.4);
* ``virulent``: as above, and failed Jihad dice do not remove cells (modifies 8.4.3).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.options import merged

IDEOLOGIES = ("normal", "attractive", "potent", "infectious", "virulent")
_RANK = {name: i for i, name in enumerate(IDEOLOGIES)}  # each level's place in 9.7's order
DEFAULT_OPTIONS = {"solo": False, "ideology": "normal", "minidecks": False}


def normalize_options(options: dict | None) -> dict:
    """The full options dict for ``options`` (None: two-player); a DataError names a bad key or value."""
    out = merged(options, DEFAULT_OPTIONS)
    for k, v in out.items():
        if k in ("solo", "minidecks") and not isinstance(v, bool):
            raise DataError(f"options: {k} must be true or false, not {v!r}")
        if k == "ideology" and v not in IDEOLOGIES:
            raise DataError(f"options: ideology {v!r} unknown (choose {', '.join(IDEOLOGIES)})")
    if not out["solo"] and (out["ideology"] != "normal" or out["minidecks"]):
        raise DataError("options: ideology and minidecks are solo options (9.2, 9.7); set solo too")
    return out


def is_solo(st) -> bool:
    """Chapter 9 applies: a one-player game, the Jihadist played by the rules of chapter 9."""
    return st.d["options"]["solo"] if "options" in st.d else False


@implements("9.7")
def ideology_at_least(st, level: str) -> bool:
    """9.7: the levels are cumulative; True when the game's Ideology is ``level`` or higher."""
    if not is_solo(st):
        return False
    return _RANK[st.d["options"]["ideology"]] >= _RANK[level]


@implements("9.7", "8.4.2")
def major_jihad_margin(st) -> int:
    """8.4.2: cells must exceed troops by 5 for Major Jihad; 9.7 Potent and above: by 3."""
    return 3 if ideology_at_least(st, "potent") else 5


@implements("9.7", "8.2.1")
def cells_per_recruit(st) -> int:
    """8.2.1: a Recruit success places one cell; 9.7 Attractive and above: two Available cells."""
    return 2 if ideology_at_least(st, "attractive") else 1


@implements("9.7", "5.2.4")
def us_must_play_all(st) -> bool:
    """9.7 Infectious and above: the US must play all its cards (no holding or discarding, 5.2.4)."""
    return ideology_at_least(st, "infectious")


@implements("9.7", "8.4.3")
def failed_jihad_keeps_cells(st) -> bool:
    """9.7 Virulent: failed Jihad dice do not remove cells (8.4.3)."""
    return ideology_at_least(st, "virulent")
