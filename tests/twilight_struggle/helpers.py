"""Building Twilight Struggle positions for rule tests, and playing scripted actions and dice.

A test states only what matters over the standard set-up (``position(influence={...}, hands=...,
next=...)``): the position machinery (model/core/position.py) fills in the rest, derives the draw
pile, checks the consistency laws and runs play to the first question. ``play(st, ...)`` applies
actions given as JSON-like dicts, each refused unless legal; a die is ``{"die": n}``.
"""
from __future__ import annotations

from cdg_oracle.model.core.position import from_document
from cdg_oracle.model.twilight_struggle.state import TwilightState

ZERO = {"US": 0, "USSR": 0}


def position(next: dict | None = None, machine: dict | None = None, scenario: str = "standard",
             options: dict | None = None, rulings: dict | None = None, **state) -> TwilightState:
    """The state of a position document: the scenario's set-up with ``state`` over it, play at
    ``next`` (default: the USSR's first action round)."""
    doc = {"format": "cdg-oracle-position", "format_version": 1, "game": "twilight_struggle",
           "scenario": scenario, "state": state}
    if options:
        doc["options"] = options
    if rulings:
        doc["rulings"] = rulings
    if machine is not None:
        doc["machine"] = machine
    else:
        doc["next"] = next or {"phase": "action_round", "side": "USSR", "round": 1}
    return from_document(doc)


def play(st: TwilightState, *actions) -> TwilightState:
    """Apply each action (a dict, or a bare int as a die) in turn; each must be legal."""
    for a in actions:
        if isinstance(a, int):
            a = {"die": a}
        legal = st.legal_actions()
        assert a in legal, f"{a} is not legal at {st.decision()}: legal are {legal}"
        st.apply(a)
    return st


def question(st: TwilightState) -> str:
    return st.decision()["question"]


def cleared(*countries: str) -> dict:
    """Influence records of zero for ``countries`` (to clear the set-up's influence there)."""
    return {c: dict(ZERO) for c in countries}
