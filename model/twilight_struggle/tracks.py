"""The tracks: DEFCON (8.1), victory points (10.2), military operations (8.2) and the turn.

DEFCON runs 1-5; "improve" means a higher number, "degrade" a lower one (8.1.7); it never rises
above 5 (8.1.2); at 1 nuclear war ends the game at once and the side responsible loses (8.1.3).
The VP track runs from +20 (US) to -20 (USSR); a side that gains VP moves the marker its way
(10.2.2); the start box counts as zero like any other (10.2.1).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.twilight_struggle.control import OPPONENT

#: The highest box of the Military Operations track. No source gives it (the dossier, 8.2: "the
#: maximum is not stated"); 5, the highest DEFCON, the requirement can never exceed, so a higher
#: count never changes a penalty (8.2.1). Registered as an ambiguity with no effect on play.
MILOPS_MAX = 5


def _barred(st, side: str | None) -> bool:
    """5.5: an event in force keeps ``side`` (who would be responsible, 8.1.3) from moving DEFCON."""
    if side is None or not st.d["effects"]:
        return False
    from cdg_oracle.model.twilight_struggle.events import effects

    return effects.any_(st, "defcon_move_barred", side=side)


@implements("8.1.2", "8.1.7")
def improve_defcon(st, n: int = 1) -> None:
    """8.1.7: improve DEFCON by ``n`` (a higher number); 8.1.2: never above 5. 5.5: an event in force
    may keep the phasing side from moving DEFCON (effects hook ``defcon_move_barred``: card 41)."""
    if _barred(st, st.d["phasing"]):
        return
    st.d["defcon"] = min(5, st.d["defcon"] + n)


@implements("8.1.3", "8.1.7")
def degrade_defcon(st, responsible: str, n: int = 1) -> None:
    """8.1.7: degrade DEFCON by ``n``. 8.1.3: at DEFCON 1 nuclear war breaks out and the game ends
    at once; the side responsible (the phasing player who made the move) loses; 10.3.1 gives the
    other the win. 5.5: an event in force may keep ``responsible`` from moving DEFCON (effects hook
    ``defcon_move_barred``: card 41)."""
    d = st.d
    if _barred(st, responsible):
        return
    d["defcon"] = max(1, d["defcon"] - n)
    if d["defcon"] == 1 and d["terminal"] is None:
        cite(st, "8.1.3", "10.3.1")
        d["terminal"] = {"winner": OPPONENT[responsible], "reason": f"nuclear war: {responsible} moved DEFCON to 1",
                         "rule": "8.1.3"}


@implements("10.2.2")
def gain_vp(st, side: str, n: int) -> None:
    """10.2.2: ``side`` gains ``n`` VP: the marker moves ``n`` boxes its way (US up, USSR down)."""
    st.d["vp"] += n if side == "US" else -n


@implements("10.2.3")
def net_vp(st, us: int, ussr: int) -> None:
    """10.2.3: when both sides gain VP from one card or event, only the difference is applied."""
    st.d["vp"] += us - ussr


@implements("8.2.3")
def add_milops(st, side: str, n: int) -> None:
    """8.2.3: the side's Military Operations marker moves ``n`` boxes (the card's whole ops value);
    the track ends at :data:`MILOPS_MAX`."""
    st.d["milops"][side] = min(MILOPS_MAX, st.d["milops"][side] + n)
