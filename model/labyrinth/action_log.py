"""What happened in this and the previous Action Phase, for the events that ask (A55):
Detainee Release (card 61: "the US disrupted in this or the last Action Phase", the cell goes
"where the Disrupt occurred") and The door of Itjihad was closed (card 94: "a country tested, or
improved to Fair or Good, in this or the previous Action Phase").

``d["action_log"] = {"current": {...}, "previous": {...}}``; each holds the country lists
``disrupted``, ``tested`` and ``improved``. A new Action Phase (5.2.2) shifts current to previous,
across turns too (5.2.2 note: the previous phase of a turn's first Jihadist phase is the last US
phase of the turn before) -- ruling ``last_action_phase`` (A55): ``across_turns`` (default), or
``same_turn_only``, under which :func:`new_turn` forgets the previous turn's phases.
"""
from __future__ import annotations

KINDS = ("disrupted", "tested", "improved")


def empty() -> dict:
    return {k: [] for k in KINDS}


def new_log() -> dict:
    return {"current": empty(), "previous": empty()}


def new_phase(d: dict) -> None:
    d["action_log"] = {"current": empty(), "previous": d["action_log"]["current"]}


def new_turn(st) -> None:
    """Start of a turn (5.2, before its first Action Phase). Ruling ``last_action_phase`` (A55),
    cards 61 and 94 "this or the last Action Phase": ``across_turns`` (default, the 5.2.2 note "anche
    se di un Turno precedente") keeps the record, so the last Action Phase of a turn's first
    Jihadist phase is the previous turn's last US phase; ``same_turn_only`` clears it, so only
    phases of the current turn count and the turn's first Jihadist phase has no last Action Phase."""
    if st.rulings.last_action_phase == "same_turn_only":
        st.d["action_log"] = new_log()


def record(st, kind: str, country: str) -> None:
    cur = st.d["action_log"]["current"][kind]
    if country not in cur:
        cur.append(country)


def recent(st, kind: str) -> list[str]:
    """Countries with a ``kind`` record in this or the previous Action Phase (sorted)."""
    log = st.d["action_log"]
    return sorted(set(log["current"][kind]) | set(log["previous"][kind]))
