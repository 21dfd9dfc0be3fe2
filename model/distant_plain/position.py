"""A Distant Plain positions: what model/core/position.py needs to read and write them
(docs/positions.md; the published schema is ``data/position.schema.json``).

A position states, over the sandbox's set-up (every piece Available, every space Neutral), the
``spaces`` that differ (each ``{pieces: {kind: n}, support, terror, sabotage, returnees}``, only the
fields that differ), the boxes ``casualties`` and ``out_of_play``, the ``resources``, ``aid``,
``patronage`` and ``islamabad``. ``available`` is derived: every piece of data/pieces.yaml not on
the map, in Casualties or Out of Play (a guerrilla there Underground); a position may state some of
it, which must then agree. Control is computed from the pieces whenever it is needed (control.py),
never stored. The consistency laws (consistency.py) bound every count, track and marker.

Where play stands (``next``): ``{phase: setup}`` (the first turn of the first round);
``{phase: turn, faction: Taliban, round: 1, cycle: 1}`` (that faction chooses its Operation, in that
Propaganda round's ``cycle``-th pass of the fixed order: turn.py); ``{phase: propaganda, round: 1}``
(the Propaganda round about to begin with its Victory phase) and, with ``step``, any later phase or
step of that round the aid names (:data:`STEPS`): ``resources``, ``support`` (its Civic Action),
``support.sharia``, ``redeploy`` (its Desertion), ``redeploy.coalition``,
``redeploy.government_troops``, ``redeploy.police``, ``redeploy.taliban`` (the ordered redeploys,
nothing moved yet; the Control they go by is the position's, or the pieces' at each move under the
ruling ``redeploy_control`` ``live``), ``redeploy.game_end`` ("Fine del gioco?") and ``reset``
(not in the last round, which ends at its Redeploy phase).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.position import PositionFormat
from cdg_oracle.model.distant_plain.consistency import check_position
from cdg_oracle.model.distant_plain.control import PIECES, control_of
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.pieces import FACTIONS, load_pieces
from cdg_oracle.model.distant_plain.redeploy import STEPS as REDEPLOYS
from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings
from cdg_oracle.model.distant_plain.scenarios import KINDS, start_dict
from cdg_oracle.model.distant_plain.state import DistantPlainState

SCHEMA = Path(__file__).with_name("data") / "position.schema.json"

#: Where play stands (``next`` sets them; ``machine`` states them).
MACHINE = ("stack", "pending", "terminal", "turn")
#: What the header decides.
FIXED = ("game", "version", "scenario", "options", "rulings")
PHASES = ("setup", "turn", "propaganda")
#: The Propaganda round's named steps, in the aid's order: step -> (the round's ``pc``, the child
#: procedure started there or None). ``victory`` is the round's start (``step`` left out).
STEPS = {"victory": ("start", None), "resources": ("resources", None), "support": ("sharia", "civic_action"),
         "support.sharia": ("desertion", "sharia"), "redeploy": ("redeploy", "desertion"),
         **{f"redeploy.{step}": ("end", "redeploy") for step, *_ in REDEPLOYS},
         "redeploy.game_end": ("end", None), "reset": ("reset", None)}


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


def _propaganda_stack(d: dict, rnd: int, step: str) -> list[dict]:
    """The stack as turn.py's ``propaganda`` holds it at ``step`` of round ``rnd`` (:data:`STEPS`)."""
    opts = d["options"]
    final = rnd == opts["propaganda_rounds"]
    pc, child = STEPS[step]
    stack = [{"proc": "sandbox", "pc": "propaganda", "round": rnd, "cycle": opts["turns_per_propaganda"] + 1,
              "faction": 0}, {"proc": "propaganda", "pc": pc, "final": final}]
    if step == "redeploy":
        stack[1]["control"] = control_now(d)  # the phase's Control, as the round records it
    if child == "redeploy":
        live = DistantPlainRulings.from_dict(d["rulings"]).redeploy_control == "live"
        k = [f"redeploy.{name}" for name, *_ in REDEPLOYS].index(step)
        stack.append({"proc": "redeploy", "pc": "move", "step": k, "control": None if live else control_now(d),
                      "moved": {}})
    elif child is not None:
        stack.append({"proc": child, "pc": "start"})
    return stack


def control_now(d: dict) -> dict[str, str]:
    """Every space's Control as the pieces of ``d`` stand (redeploy.control_now on a state dict)."""
    m = load_map()
    return {n: control_of(d["spaces"][n], m.spaces[n].pakistan, d["options"]) for n in m.names}


@implements("propaganda")
def resume(d: dict, point: object) -> list:
    """Set ``d``'s machine at the named point ``point`` (module docstring)."""
    if not isinstance(point, dict):
        raise DataError("a mapping such as {phase: turn, faction: Taliban, round: 1, cycle: 1}")
    phase = point.get("phase")
    if phase not in PHASES:
        raise DataError(f"phase: {json.dumps(phase)} is not one of {', '.join(PHASES)}")
    keys = {"setup": ({"phase"},), "turn": ({"phase", "faction", "round", "cycle"},),
            "propaganda": ({"phase", "round"}, {"phase", "round", "step"})}[phase]
    if set(point) not in keys:
        raise DataError(f"next: phase {phase} takes exactly {' or '.join(', '.join(sorted(k)) for k in keys)}")
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
        step = point.get("step", "victory")
        if step not in STEPS:
            raise DataError(f"step: {json.dumps(step)} is not one of {', '.join(STEPS)}")
        if step == "reset" and rnd == opts["propaganda_rounds"]:
            raise DataError(f"step: reset: round {rnd} is the last, which ends after its Redeploy phase "
                            "(propaganda.redeploy.game_end): it has no Reset")
        d["stack"] = _propaganda_stack(d, rnd, step)
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
    faction choosing its Operation, or a step of a Propaganda round that asks a question (Civic
    Action, Sharia, Desertion, each redeploy). (A state inside an Operation is written with its
    ``machine``.)"""
    stack = d["stack"]
    if d["turn"] is not None or len(stack) not in (2, 3):
        return []
    game, top = stack[0], stack[-1]
    if len(stack) == 2:
        if top["proc"] == "faction_turn" and top["pc"] == "operation":
            cycle = game["cycle"] if game["faction"] else game["cycle"] - 1
            return [({"phase": "turn", "faction": top["side"], "round": game["round"], "cycle": cycle}, d)]
        return []
    if stack[1]["proc"] != "propaganda":
        return []
    step = {"civic_action": "support", "sharia": "support.sharia", "desertion": "redeploy"}.get(top["proc"])
    if top["proc"] == "redeploy" and top.get("pc") == "move":
        step = f"redeploy.{REDEPLOYS[top['step']][0]}"
    if step is None:
        return []
    return [({"phase": "propaganda", "round": game["round"], "step": step}, d)]


def available(d: dict) -> dict[str, int]:
    """Every piece of data/pieces.yaml not on the map, in Casualties or Out of Play, by kind (a
    guerrilla in Available is Underground); a DataError naming the pieces when more are placed
    than the game has."""
    counts = load_pieces()["pieces"]
    out = dict.fromkeys(PIECES, 0)
    for kind, (faction, ptype) in KINDS.items():
        kinds = (kind, kind.replace("_underground", "_active")) if kind.endswith("_underground") else (kind,)
        where = {n: sum(s["pieces"][k] for k in kinds) for n, s in d["spaces"].items()}
        where.update({z.replace("_", " ").title(): sum(d[z][k] for k in kinds) for z in ("casualties", "out_of_play")})
        placed = {n: v for n, v in where.items() if v}
        left = counts[faction][ptype] - sum(placed.values())
        if left < 0:
            shown = ", ".join(f"{n} {v}" for n, v in list(placed.items())[:6]) + (", ..." if len(placed) > 6 else "")
            raise DataError(f"state: {faction} {ptype}: {sum(placed.values())} placed ({shown}), the game has "
                            f"{counts[faction][ptype]} (data/pieces.yaml)")
        out[kind] = left
    return out


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
                        points=points, check=check_position, schema=schema,
                        derived={"available": (available, "the game's pieces (data/pieces.yaml) less those on the "
                                                          "map, in Casualties and Out of Play (Underground in Available)")})
