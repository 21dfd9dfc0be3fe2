"""The Operations and Special Activities of the four factions: which exist, which Special Activity
may go with which Operation (``data/activities.yaml``: each Operation heading of the aid ends
"Operation + SA?"), and the contract every one of them keeps with the faction's turn (turn.py).

The contract. An Operation or Special Activity is a procedure named ``<faction>_<name>``
(``coalition_train``, ``taliban_ambush``), registered with :func:`activity` together with a
``possible(st)`` function that says whether it can be started now with at least one legal choice
(the turn offers only those). While it runs, ``st.d["turn"]`` is the turn's record (plain data):

* ``faction``, ``op`` (the Operation), ``limited`` (a Limited Operation: ``limited_operation``, one
  space, or for Patrol, Sweep and March one destination space), ``sa`` (the Special Activity once
  one is chosen or used, else None), ``no_sa`` (no Special Activity may follow: a Limited
  Operation, or the Taliban's Limited Operation under Sponsorship, ``islamabad.sponsorship``);
* ``spaces``: the Operation's chosen spaces (its destinations for Patrol, Sweep and March), in
  order, appended by the Operation as it chooses them (Cultivate reads them);
* ``sa_spaces``: the Special Activity's spaces, likewise;
* ``last_before_final``: this is the faction's last turn before the final Propaganda round (Sweep
  and March are not offered then: "Non possibile se ultimo evento prima dell'ultima Propaganda";
  the sandbox has no event cards, gap ``sequence_of_play``: each faction's last turn, in the last
  pass of the fixed order, stands for the last event).

A procedure ends with ``pop``; a space-by-space one offers ``{"done": true}`` once a space is done.

When the Special Activity happens (the option ``special_activity_timing``, gap ``sa_timing``: the
aid is silent). Under ``series`` (default: the COIN series' rule 4.1, "immediately before, during,
or after" the Operation), every question of an Operation for its next space (``choose_space``:
its first space, which is "before", and each later one, "during": between two spaces, the
destination's moves done for Patrol, Sweep and March) also offers ``{"sa": name}`` for each
Special Activity paired with it that can be carried out now, while the turn allows one and none
has been chosen; the Operation is then suspended, the Special Activity runs, and the Operation
goes on with the same question (its next space, or done). The turn's question after the Operation
(turn.py) offers it "after". Under ``after`` only that last question offers it. Ambush, which
replaces an Attack's roll, is asked within the Attack under both.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from cdg_oracle.model.core.engine import ask, cite, pop, push
from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.yamlio import read_yaml
from cdg_oracle.model.distant_plain.pieces import FACTIONS

DATA = Path(__file__).resolve().parent / "data"
OPERATIONS = {"Coalition": ("train", "patrol", "sweep", "assault"),
              "Government": ("train", "patrol", "sweep", "assault"),
              "Warlords": ("rally", "march", "attack", "terror"),
              "Taliban": ("rally", "march", "attack", "terror")}
#: Operations that move pieces to destination spaces: Limited, they have one destination.
MOVING = ("patrol", "sweep", "march")
#: Operations not allowed on the last turn before the final Propaganda round.
NOT_LAST = ("sweep", "march")


@dataclass(frozen=True)
class Activities:
    """One faction's Operations (name -> the Special Activities it may take) and Special Activities."""

    operations: dict[str, tuple[str, ...]]
    special_activities: tuple[str, ...]


def _parse(path: Path) -> dict[str, Activities]:
    where = str(path)
    d = read_yaml(path, where)
    if not isinstance(d, dict) or set(d) != set(FACTIONS):
        raise DataError(f"{where}: -: one entry per faction: {', '.join(FACTIONS)}")
    out = {}
    for f in FACTIONS:
        block = d[f]
        if not isinstance(block, dict) or set(block) != {"special_activities", "operations"}:
            raise DataError(f"{where}: {f}: special_activities and operations")
        sas = block["special_activities"]
        if not isinstance(sas, list) or len(sas) != 3 or not all(isinstance(s, str) for s in sas):
            raise DataError(f"{where}: {f} special_activities: a list of three names")
        ops = block["operations"]
        if not isinstance(ops, dict) or tuple(ops) != OPERATIONS[f]:
            raise DataError(f"{where}: {f} operations: {', '.join(OPERATIONS[f])}, in order")
        for op, v in ops.items():
            if not isinstance(v, dict) or set(v) != {"with", "line"} or type(v["line"]) is not int \
                    or not isinstance(v["with"], list) or not set(v["with"]) <= set(sas):
                raise DataError(f"{where}: {f} {op}: with (some of {', '.join(sas)}) and the seed's line")
        out[f] = Activities({op: tuple(v["with"]) for op, v in ops.items()}, tuple(sas))
    return out


@functools.lru_cache(maxsize=1)
def load_activities(path: str | Path | None = None) -> dict[str, Activities]:
    """Each faction's Operations and Special Activities (``data/activities.yaml``), validated."""
    return _parse(Path(path) if path else DATA / "activities.yaml")


def proc_name(faction: str, name: str) -> str:
    return f"{faction.lower()}_{name}"


#: procedure name -> its ``possible(st)``.
POSSIBLE: dict[str, Callable] = {}


def activity(engine, faction: str, name: str, possible: Callable) -> Callable:
    """Register the decorated handler as the procedure of ``faction``'s ``name`` (an Operation or
    Special Activity of data/activities.yaml) with its ``possible(st)``."""
    acts = load_activities()[faction]
    if name not in acts.operations and name not in acts.special_activities:
        raise ValueError(f"{faction} has no Operation or Special Activity {name!r}")
    proc = proc_name(faction, name)

    def register(fn: Callable) -> Callable:
        POSSIBLE[proc] = possible
        if name not in acts.operations:
            @functools.wraps(fn)
            def special_activity(st, f, a) -> None:
                if a is None and f["pc"] == "space":  # the next space posed again, as at the start
                    f["pc"] = "start"
                fn(st, f, a)
            return engine.procedure(proc)(special_activity)

        @functools.wraps(fn)
        def operation(st, f, a) -> None:
            if a is None and f["pc"] == "space":  # the next space posed again, as at "next"
                f["pc"] = "next"
            if a is not None and "sa" in a:  # a Special Activity before or during (module docstring)
                st.d["turn"]["sa"] = a["sa"]
                cite(st, f"{faction.lower()}.special_activities")
                f["pc"] = "next"  # every Operation asks its next space again at "next"
                push(st, proc_name(faction, a["sa"]))
                return
            fn(st, f, a)
        return engine.procedure(proc)(operation)

    return register


def implemented(faction: str, name: str) -> bool:
    return proc_name(faction, name) in POSSIBLE


def is_possible(st, faction: str, name: str) -> bool:
    """Whether ``faction``'s ``name`` is implemented and can be started now."""
    p = POSSIBLE.get(proc_name(faction, name))
    return p is not None and bool(p(st))


def new_turn(faction: str, op: str | None, limited: bool = False, last_before_final: bool = False,
             no_sa: bool = False) -> dict:
    """A turn's record (module docstring)."""
    return {"faction": faction, "op": op, "limited": limited, "sa": None, "no_sa": no_sa or limited,
            "spaces": [], "sa_spaces": [], "last_before_final": last_before_final}


def one_space_left(st) -> bool:
    """Whether the running Operation may still choose a (destination) space: a Limited Operation
    takes one (``limited_operation``)."""
    t = st.d["turn"]
    return not (t["limited"] and t["spaces"])


def spaces_left(st, allowed: Callable[[str], bool], key: str = "spaces") -> list[str]:
    """The spaces (in name order) not yet chosen by the running activity (``key``: ``spaces`` for an
    Operation, ``sa_spaces`` for a Special Activity) where ``allowed(name)``; none once a Limited
    Operation has its space."""
    t = st.d["turn"]
    if key == "spaces" and not one_space_left(st):
        return []
    return [n for n in st.map.names if n not in t[key] and allowed(n)]


def any_space_left(st, allowed: Callable[[str], bool], key: str = "spaces") -> bool:
    """Whether :func:`spaces_left` would name a space (stops at the first): what ``possible`` asks."""
    t = st.d["turn"]
    if key == "spaces" and not one_space_left(st):
        return False
    return any(n not in t[key] and allowed(n) for n in st.map.names)


def special_activity_choices(st) -> list[dict]:
    """The Special Activities paired with the turn's Operation that can be carried out now (Ambush
    aside: it is asked within the Attack), while the turn allows one and none has been chosen."""
    t = st.d["turn"]
    if t["no_sa"] or t["sa"] is not None:
        return []
    paired = load_activities()[t["faction"]].operations[t["op"]]
    return [{"sa": s} for s in paired if s != "ambush" and is_possible(st, t["faction"], s)]


def choose_space(st, f: dict, allowed: Callable[[str], bool], rule: str, prompt: str, key: str = "spaces",
                 most: int | None = None) -> bool:
    """Ask the turn's faction for the next space (``{"space": name}``), with ``{"done": true}`` once
    one is chosen; ``most``: the activity's cap on spaces. With no space left the activity ends
    (``pop``). Returns whether a question was posed. The answer comes back at ``pc`` ``space``.
    An Operation's question (``key`` ``spaces``) also offers its Special Activities under the
    option ``special_activity_timing`` ``series`` (module docstring)."""
    d = st.d
    t = d["turn"]
    left = [] if most is not None and len(t[key]) >= most else spaces_left(st, allowed, key)
    if not left:
        pop(st)
        return False
    options = [{"space": n} for n in left]
    if t[key]:
        options.append({"done": True})
    sas = special_activity_choices(st) if key == "spaces" and d["options"]["special_activity_timing"] == "series" \
        else []
    f["pc"] = "space"
    ask(st, t["faction"], options + sas, rule, prompt + (" (or a Special Activity now)" if sas else ""),
        key="space", values=left)
    if sas:
        d["pending"]["gap"] = "sa_timing"  # before or during: the series' rule, not the aid's
    return True
