"""Solo test helpers: a solo position and a runner for one procedure with scripted chance outcomes.

    st = solo_position(countries={"Iraq": {"cells": 2}}, bare=True, prestige=5)
    run_solo(st, "solo_plot", [2, 5], value=2)          # 2: the 9.5 die, 5: the Plot die

``solo_position`` builds the scenario's two-player opening (set-up questions and the deal answered
with the first legal option, as ``tests/labyrinth/harness.py`` does, so that no bot runs) and then
turns it into a solo game (``options``, chapter 9): ``plots_set_aside`` (9.3.3) and, with the
mini-decks, ``minideck_next`` (9.2). ``bare`` empties the map of cells, troops, Cadres, plots, Aid,
Besieged Regimes and Regime Changes (Governance, Alignment and Posture stay); ``countries`` then sets
fields (``"cells": n`` is a shorthand for ``"sleepers": n``); the cubes and cylinders are conserved
on their tracks unless ``conserve=False``.

``run_solo`` replaces the procedure stack by the harness's halt frame and the named procedure and
applies the script (an int is a die; any other item an action or chance outcome), checking at every
step that the Jihadist is never asked anything (chapter 9: the bot answers or a chance node stands
for its die) and that the state round-trips through JSON. The prompts of the nodes met are kept in
``st.prompts`` (a 9.5 pick says its die-face assignment there).
"""
from __future__ import annotations

import json

from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.model.labyrinth.engine import pop, procedure
from cdg_oracle.model.labyrinth.options import normalize_options
from cdg_oracle.model.labyrinth.solo.random_country import push_pick
from cdg_oracle.model.labyrinth.state import LabyrinthState
from tests.labyrinth.harness import HALT, conserve as _conserve, finished, halt_frame, start_proc

SOLO = {"solo": True, "ideology": "normal", "minidecks": False}


def solo_position(scenario: str = "lets_roll", options: dict | None = None, rulings: dict | None = None,
                  countries: dict | None = None, bare: bool = False, conserve: bool = True,
                  **tracks) -> LabyrinthState:
    st = new_game(scenario, rulings=rulings)
    while not (st.d["phase"] == "jihadist_action" and st.current_player() == "Jihadist"):
        st.apply(st.legal_actions()[0])
    d = st.d
    d["options"] = normalize_options({**SOLO, **(options or {})})
    d["plots_set_aside"] = []
    if d["options"]["minidecks"]:
        d["minideck_next"] = "Unassociated"
    if bare:
        for c in d["countries"].values():
            c.update(troops=0, sleepers=0, actives=0, cadre=False, aid=0, besieged=False, rc=None, plots=[])
            c["markers"] = [m for m in c["markers"] if m not in ("NATO", "Moqtada al-Sadr")]
    for key, value in tracks.items():
        if key not in d:
            raise KeyError(f"no track {key!r}")
        d[key] = value
    for name, changes in (countries or {}).items():
        c = d["countries"][name]
        for k, v in changes.items():
            if k == "cells":
                k = "sleepers"
            if k not in c:
                raise KeyError(f"{name}: no field {k!r}")
            c[k] = v
    st = LabyrinthState(d)
    if conserve:
        _conserve(st)
    return st


def check_step(st: LabyrinthState) -> None:
    """Chapter 9: no Jihadist decision node; every state is plain JSON data (DESIGN.md)."""
    assert st.is_terminal() or st.current_player() != "Jihadist", f"Jihadist decision node: {st.decision()}"
    back = LabyrinthState(json.loads(st.to_json()))   # plain data (a test's position need not be consistent)
    assert back == st


def solo_feed(st: LabyrinthState, script: list) -> LabyrinthState:
    """Apply each scripted item (an int n is {"die": n}); each must be legal at its node."""
    check_step(st)
    for item in script:
        action = {"die": item} if isinstance(item, int) else item
        assert not st.is_terminal(), f"game over before {action}: {st.outcome()}"
        legal = st.legal_actions()
        assert action in legal, f"{action} not legal at {st.decision()}; legal: {legal[:12]}"
        st.prompts.append(st.decision()["prompt"])
        st.apply(action)
        st.trail = getattr(st, "trail", []) + list(st._applied)
        check_step(st)
    return st


def start_solo(st: LabyrinthState, proc: str, **local) -> LabyrinthState:
    st.prompts = []
    start_proc(st, proc, **local)
    check_step(st)
    return st


def run_solo(st: LabyrinthState, proc: str, script: list, **local) -> LabyrinthState:
    """Run ``proc`` with ``script`` and check that it finished exactly (halt reached or game over)."""
    start_solo(st, proc, **local)
    solo_feed(st, script)
    assert finished(st), f"procedure did not finish: {st.decision()} {st.legal_actions()[:8]}"
    return st


def result(st: LabyrinthState) -> dict:
    """The halt frame (what a procedure left to its parent: ``left`` ops, ``picked``)."""
    return halt_frame(st)


@procedure("test_solo_pick")
def _test_pick(st, f, a) -> None:
    """A 9.5 pick (``push_pick`` arguments in the frame) whose result is left in the halt frame."""
    if f["pc"] == "start":
        f["pc"] = "picked"
        push_pick(st, f["options"], names=f.get("names"), method=f.get("method", "die"), rule="9.5",
                  purpose="test pick", mode="return")
        return
    st.d["stack"][-2]["picked"] = f.pop("picked")
    pop(st)


def pick(st: LabyrinthState, names: list[str], script: list, method: str = "die") -> str:
    """Run a 9.5 pick among the countries ``names`` (given in map order) with ``script``; the
    country picked."""
    ordered = [n for n in st.map.names if n in set(names)]
    run_solo(st, "test_solo_pick", script, options=[{"country": n} for n in ordered], names=ordered,
             method=method)
    return result(st)["picked"]["country"]


def cells(st: LabyrinthState, name: str) -> int:
    c = st.d["countries"][name]
    return c["sleepers"] + c["actives"]


def country(st: LabyrinthState, name: str) -> dict:
    return st.d["countries"][name]


__all__ = ["HALT", "SOLO", "cells", "check_step", "country", "pick", "result", "run_solo", "solo_feed",
           "solo_position", "start_solo"]
