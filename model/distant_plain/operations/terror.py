"""Terror (Terrorizzare), the insurgents' Operation (the aid's WARLORDS and TALEBANI blocks,
OPERAZIONI RIBELLI). So far the Warlords' Terror; the Taliban's comes next.

Each is a procedure on the contract of activities.py: the Warlords choose a space at a time (any
number of spaces, one only for a Limited Operation: ``limited_operation``), pay its cost from the
Warlords' Resources, and carry it out; ``{"done": true}`` ends the Operation once a space has been
chosen.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import cite, pop
from cdg_oracle.model.distant_plain.activities import activity, choose_space, spaces_left
from cdg_oracle.model.distant_plain.engine import ENGINE

U, A = "warlords_underground", "warlords_active"


def _terror_allowed(st):
    d = st.d
    return lambda n: (d["spaces"][n]["pieces"][U] >= 1
                      and d["resources"]["Warlords"] >= (0 if st.map.spaces[n].type == "loc" else 1))


@activity(ENGINE, "Warlords", "terror", lambda st: bool(spaces_left(st, _terror_allowed(st))))
@implements("warlords.operations.terror", "limited_operation")
def terror(st, f, a) -> None:
    """Terror: in spaces with Underground Warlords guerrillas (1 Resource a Province or Kabul, none a
    LoC), activate one; a Province or Kabul gets a Terror marker (one at most) and goes Neutral; an
    unsabotaged LoC gets Sabotage (one at most)."""
    d = st.d
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        name = a["space"]
        s = d["spaces"][name]
        cite(st, "warlords.operations.terror")
        s["pieces"][U] -= 1
        s["pieces"][A] += 1
        if st.map.spaces[name].type == "loc":
            s["sabotage"] = True
        else:
            d["resources"]["Warlords"] -= 1
            s["terror"] = True
            s["support"] = "neutral"
        d["turn"]["spaces"].append(name)
    choose_space(st, f, _terror_allowed(st), "warlords.operations.terror", "Warlords: Terror in which space?")
