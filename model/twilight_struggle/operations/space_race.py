"""The Space Race (6.4).

6.4.1: a card whose ops value is at least the next box's number may attempt it: a die within the
box's range moves the marker in. 6.4.2: one card a turn (two with box 2's ability, 6.4.4). 6.4.3:
the first side to reach a box gains its first VP value, the second its second. 6.4.5: the event of
a card used for the Space Race does not happen, whosever it is. 6.4.6: a side on the last box makes
no more attempts.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite
from cdg_oracle.model.core.steps import do, roll
from cdg_oracle.model.twilight_struggle import space_abilities
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.control import OPPONENT
from cdg_oracle.model.twilight_struggle.tables import load_tables
from cdg_oracle.model.twilight_struggle.tracks import gain_vp

LAST_BOX = 8


@implements("6.4.2", "6.4.4")
def attempts_allowed(st, side: str) -> int:
    """6.4.2: one Space Race card a turn; 6.4.4 box 2: two."""
    return 2 if space_abilities.has(st, side, "two_space_attempts") else 1


@implements("6.4.1", "6.4.2", "6.4.6")
def available(st, side: str, ops: int) -> bool:
    """A card of ``ops`` may attempt the next box: not past the last box (6.4.6), attempts left
    this turn (6.4.2), ops at least the box's number (6.4.1)."""
    box = st.d["space"][side] + 1
    if box > LAST_BOX or st.d["space_attempts"][side] >= attempts_allowed(st, side):
        return False
    return ops >= load_tables().space[box].ops


def _count_attempt(st, f) -> None:
    """6.4.2: the attempt counts against the side's attempts this turn."""
    st.d["space_attempts"][f["side"]] += 1


def _box(st, f):
    """The box the side attempts: the next one on its track."""
    return load_tables().space[st.d["space"][f["side"]] + 1]


def _die_prompt(st, f) -> str:
    box = _box(st, f)
    return f"{f['side']}'s Space Race die for box {box.box} (1-{box.max_roll} succeeds)"


def _move_on_success(st, f) -> None:
    """6.4.1: a die within the box's range moves the marker in; 6.4.3: the first side to reach
    the box gains its first VP value, the second its second."""
    side = f["side"]
    box = _box(st, f)
    cite(st, "6.4.1")
    if f["die"] <= box.max_roll:
        st.d["space"][side] = box.box
        first = st.d["space"][OPPONENT[side]] < box.box
        vp = box.vp_first if first else box.vp_second
        if vp:
            cite(st, "6.4.3")
            gain_vp(st, side, vp)


@ENGINE.sequence("space")
@implements("6.4", "6.4.1", "6.4.3", "6.4.5")
def space_attempt():
    """One Space Race attempt: the die, and on a success the next box and its VP (6.4.1, 6.4.3)."""
    return [
        do(_count_attempt),
        roll("6.4.1", _die_prompt, into="die"),
        do(_move_on_success),
    ]
