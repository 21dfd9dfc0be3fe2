"""Control of a space, the pieces counted for it, and the Islamabad track.

Control (gap ``control_definition``: the aid uses COIN Control and Taliban Control without defining
them) is decided by the option ``control`` (options.py); whatever is read, a space is COIN-controlled,
Taliban-controlled or uncontrolled, never two (the three control markers of the VASSAL module).

Islamabad (the aid's Islamabad block): five boxes left to right, Hostility, Pressure, Tolerance,
Backing, Sponsorship. A move past either end leaves the marker where it is and turns it to its Hard
side (``islamabad.hard``); the Reset phase turns a Hard marker back, else moves it one box toward
Backing (``propaganda.reset.islamabad``). What a move does while the marker is Hard the aid does not
say (gap ``islamabad_hard``): a move then is made as on the other side.
"""
from __future__ import annotations

import functools

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.distant_plain.mapdata import load_map

COIN = ("coalition_troops", "coalition_bases", "government_troops", "police", "government_bases")
TALIBAN = ("taliban_underground", "taliban_active", "taliban_bases")
WARLORDS = ("warlords_underground", "warlords_active", "warlords_bases")
PIECES = COIN + TALIBAN + WARLORDS
ISLAMABAD = ("hostility", "pressure", "tolerance", "backing", "sponsorship")


def count(pieces: dict, kinds: tuple[str, ...]) -> int:
    return sum(pieces[k] for k in kinds)


def control_of(space: dict, pakistan: bool, options: dict) -> str:
    """``coin``, ``taliban`` or ``uncontrolled`` for a space record, as the option ``control`` reads it
    (gap ``control_definition``); a Pakistan space is uncontrolled unless ``pakistan_control``."""
    if options["control"] == "none" or (pakistan and not options["pakistan_control"]):
        return "uncontrolled"
    p = space["pieces"]
    coin, taliban, warlords = count(p, COIN), count(p, TALIBAN), count(p, WARLORDS)
    if coin > taliban + warlords:
        return "coin"
    if taliban > coin + warlords:
        return "taliban"
    return "uncontrolled"


@implements("islamabad", "islamabad.hard")
def shift_islamabad(track: dict, steps: int) -> None:
    """Move the Islamabad marker ``steps`` boxes (positive: toward Sponsorship); a move past an end
    keeps the box and turns the marker Hard."""
    i = ISLAMABAD.index(track["level"]) + steps
    if 0 <= i < len(ISLAMABAD):
        track["level"] = ISLAMABAD[i]
    else:
        track["hard"] = True


def shift_islamabad_in(d: dict, steps: int) -> None:
    """Shift the Islamabad marker of state dict ``d``; reaching Hostility activates the Taliban in
    Pakistan at once (``islamabad.hostility``)."""
    shift_islamabad(d["islamabad"], steps)
    hostility_activates(d)


@implements("propaganda.reset.islamabad")
def reset_islamabad(track: dict) -> None:
    """The Reset phase: a Hard marker is turned back; else it moves one box toward Backing."""
    if track["hard"]:
        track["hard"] = False
        return
    i, target = ISLAMABAD.index(track["level"]), ISLAMABAD.index("backing")
    if i != target:
        track["level"] = ISLAMABAD[i + (1 if i < target else -1)]


@implements("islamabad.hostility")
def hostility_activates(d: dict) -> None:
    """Under Hostility the Taliban guerrillas in Pakistan are always Active ("sempre attivi"): any
    Underground there turn Active. A standing state, so it is applied after every step of play
    (engine.standing_conditions), the Reset phase's included (registry A17: the Reset leaves them
    Active)."""
    if d["islamabad"]["level"] != "hostility":
        return
    for name in pakistan_spaces():
        p = d["spaces"][name]["pieces"]
        if p["taliban_underground"]:
            p["taliban_active"] += p["taliban_underground"]
            p["taliban_underground"] = 0


@functools.lru_cache(maxsize=1)
def pakistan_spaces() -> tuple[str, ...]:
    """The Pakistan spaces, in name order."""
    m = load_map()
    return tuple(n for n in m.names if m.spaces[n].pakistan)
