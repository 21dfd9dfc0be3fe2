"""A Distant Plain positions: what model/core/position.py needs to read and write them
(docs/positions.md; the published schema is ``data/position.schema.json``).

A position states, over the sandbox's set-up (every piece Available, every space Neutral), the
``spaces`` that differ (each ``{pieces: {kind: n}, support, terror, sabotage, returnees}``, only the
fields that differ), the boxes ``available``, ``casualties``, ``out_of_play``, the ``resources``,
``aid``, ``patronage`` and ``islamabad``. Nothing is derived: Control is computed from the pieces
whenever it is needed (control.py), never stored.

Where play stands (``next``): ``{phase: setup}`` (the first turn of the first round);
``{phase: turn, faction: Taliban, round: 1, cycle: 1}`` (that faction chooses its Operation, in that
Propaganda round's ``cycle``-th pass of the fixed order: turn.py); ``{phase: propaganda, round: 1}``
(the Propaganda round about to begin with its Victory phase).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import PositionFormat
from cdg_oracle.model.distant_plain.consistency import check_all
from cdg_oracle.model.distant_plain.pieces import FACTIONS
from cdg_oracle.model.distant_plain.sandbox import start_dict
from cdg_oracle.model.distant_plain.state import DistantPlainState

SCHEMA = Path(__file__).with_name("data") / "position.schema.json"

#: Where play stands (``next`` sets them; ``machine`` states them).
MACHINE = ("stack", "pending", "terminal", "turn")
#: What the header decides.
FIXED = ("game", "version", "scenario", "options", "rulings")
PHASES = ("setup", "turn", "propaganda")


def _whole(v, low: int, high: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _turn_stack(d: dict, faction: str, rnd: int, cycle: int) -> list[dict]:
    """The stack as turn.py's ``sandbox`` leaves it having started ``faction``'s turn."""
    opts = d["options"]
    k = FACTIONS.index(faction) + 1
    after = {"faction": k, "cycle": cycle} if k < len(FACTIONS) else {"faction": 0, "cycle": cycle + 1}
    last = rnd == opts["propaganda_rounds"] and cycle == opts["turns_per_propaganda"]
    return [{"proc": "sandbox", "pc": "next", "round": rnd, **after},
            {"proc": "faction_turn", "pc": "start", "side": faction, "last_before_final": last}]


@implements("propaganda")
def resume(d: dict, point: object) -> list:
    """Set ``d``'s machine at the named point ``point`` (module docstring)."""
    if not isinstance(point, dict):
        raise DataError("a mapping such as {phase: turn, faction: Taliban, round: 1, cycle: 1}")
    phase = point.get("phase")
    if phase not in PHASES:
        raise DataError(f"phase: {json.dumps(phase)} is not one of {', '.join(PHASES)}")
    keys = {"setup": {"phase"}, "turn": {"phase", "faction", "round", "cycle"}, "propaganda": {"phase", "round"}}[phase]
    if set(point) != keys:
        raise DataError(f"next: phase {phase} takes exactly {', '.join(sorted(keys))}")
    opts = d["options"]
    d.update(pending=None, terminal=None, turn=None)
    if phase == "setup":
        d["stack"] = [{"proc": "sandbox", "pc": "start"}]
        return []
    rnd = point["round"]
    if not _whole(rnd, 1, opts["propaganda_rounds"]):
        raise DataError(f"round: {json.dumps(rnd)} is not a Propaganda round 1-{opts['propaganda_rounds']} "
                        "(the option propaganda_rounds)")
    if phase == "propaganda":
        d["stack"] = [{"proc": "sandbox", "pc": "propaganda", "round": rnd,
                       "cycle": opts["turns_per_propaganda"] + 1, "faction": 0},
                      {"proc": "propaganda", "pc": "start", "final": rnd == opts["propaganda_rounds"]}]
        return []
    faction, cycle = point["faction"], point["cycle"]
    if faction not in FACTIONS:
        raise DataError(f"faction: {json.dumps(faction)} is not one of {', '.join(FACTIONS)}")
    if not _whole(cycle, 1, opts["turns_per_propaganda"]):
        raise DataError(f"cycle: {json.dumps(cycle)} is not 1-{opts['turns_per_propaganda']} "
                        "(the option turns_per_propaganda)")
    d["stack"] = _turn_stack(d, faction, rnd, cycle)
    return []


def points(d: dict) -> list[tuple[dict, dict]]:
    """The named point a state stands at, if any (with the state as the position states it): a
    faction choosing its Operation. (A state inside a Propaganda round has already had its Victory
    and Resources phases: it is written with its ``machine``.)"""
    stack = d["stack"]
    if d["turn"] is not None or len(stack) != 2:
        return []
    game, top = stack
    if top["proc"] == "faction_turn" and top["pc"] == "operation":
        cycle = game["cycle"] if game["faction"] else game["cycle"] - 1
        return [({"phase": "turn", "faction": top["side"], "round": game["round"], "cycle": cycle}, d)]
    return []


def start(scenario: str, length: str = "standard", rulings: dict | None = None, options: dict | None = None) -> dict:
    """The sandbox's set-up as a state dict, before any step (sandbox.start_dict)."""
    if not isinstance(scenario, str):
        raise DataError(f"scenario: {json.dumps(scenario)} is not a scenario name")
    return start_dict(scenario, length, rulings, options)


@lru_cache(maxsize=1)
def schema() -> dict:
    """The published JSON Schema of A Distant Plain positions (data/position.schema.json)."""
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


FORMAT = PositionFormat(start=start, state_class=DistantPlainState, machine=MACHINE, fixed=FIXED, resume=resume,
                        points=points, check=check_all, schema=schema)
