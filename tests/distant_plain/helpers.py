"""Running one A Distant Plain procedure on the engine in a test: the game's own flow (the sandbox's
turns and Propaganda round) does not exist yet, so a test puts the procedure under a halting parent
frame, whose run ends the game once the procedure is done."""
from __future__ import annotations

from cdg_oracle.model.distant_plain.activities import OPERATIONS, new_turn
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.pieces import FACTIONS
from cdg_oracle.model.distant_plain.state import DistantPlainState


def _halt(st, f, a) -> None:
    st.d["terminal"] = {"winner": None, "reason": "the procedure under test is done", "rule": "test"}


if "test_halt" not in ENGINE.procs:
    ENGINE.procedure("test_halt")(_halt)


def place(d: dict, space: str, kind: str, n: int, source: str = "available") -> None:
    """Move ``n`` pieces of ``kind`` from a box (Available by default) to ``space``."""
    d[source][kind] -= n
    d["spaces"][space]["pieces"][kind] += n


def running(d: dict, proc: str, limited: bool = False, op: str | None = None, sa_timing: str = "after",
            **turn) -> DistantPlainState:
    """The state ``d`` running procedure ``proc`` under the halting parent, at its first question.
    An Operation or Special Activity (``<faction>_<name>``) runs in a turn record of its faction
    (activities.py ``new_turn``): ``limited``, ``op`` (default: ``proc``'s name when it is an
    Operation) and any other field of the record in ``turn``. ``sa_timing``: the option
    ``special_activity_timing``; ``after`` by default here, so that a test of one Operation sees
    the Operation's own questions (tests/distant_plain/test_sa_timing.py plays ``series``, the
    game's default, where an Operation's space questions also offer its Special Activities)."""
    d["options"] = {**d["options"], "special_activity_timing": sa_timing}
    faction = proc.split("_")[0].title()
    if faction in FACTIONS and "turn" not in turn:
        name = proc.split("_", 1)[1]
        record = new_turn(faction, op or (name if name in OPERATIONS[faction] else None), limited)
        record.update(turn)
        d["turn"] = record
    d.update(stack=[{"proc": "test_halt", "pc": "start"}, {"proc": proc, "pc": "start"}], pending=None, terminal=None)
    st = DistantPlainState(d)
    ENGINE.run(st)
    return st
