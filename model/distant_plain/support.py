"""The Propaganda round's Support phase (``propaganda.support``). So far Sharia: the Taliban may
spend any number of Resources in spaces they control (Taliban Control, options.py ``control``); each
Resource removes a Terror marker there or, if there is none, shifts the space one level toward
Opposition. Civic Action (registry A19: whose troops, whose Resources, who decides) comes with its
switches."""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop
from cdg_oracle.model.distant_plain.control import control_of
from cdg_oracle.model.distant_plain.engine import ENGINE

LEVELS = ("opposition", "neutral", "support")
CIVIC_ACTION_COST = 3  # propaganda.support.civic_action: "Ogni 3 Risorse"


@implements("propaganda.support.civic_action")
def civic_action_step(d: dict, name: str) -> None:
    """One Civic Action in space ``name``, paid with 3 Government Resources: remove its Terror
    marker or, if there is none, shift it one level toward Support. (Where and by whom Civic Action
    may be done is the caller's: the Support phase, or a Train.)"""
    s = d["spaces"][name]
    if d["resources"]["Government"] < CIVIC_ACTION_COST:
        raise ValueError(f"Civic Action in {name}: {d['resources']['Government']} Government Resources, not 3")
    d["resources"]["Government"] -= CIVIC_ACTION_COST
    if s["terror"]:
        s["terror"] = False
    elif s["support"] != "support":
        s["support"] = LEVELS[LEVELS.index(s["support"]) + 1]


@implements("propaganda.support.sharia")
def sharia_spaces(st) -> list[str]:
    """Where a Sharia step can be bought: Taliban-controlled spaces with a Terror marker or not yet
    at Opposition, while the Taliban have a Resource."""
    d = st.d
    if d["resources"]["Taliban"] < 1:
        return []
    return [n for n in st.map.areas
            if control_of(d["spaces"][n], st.map.spaces[n].pakistan, d["options"]) == "taliban"
            and (d["spaces"][n]["terror"] or d["spaces"][n]["support"] != "opposition")]


@ENGINE.procedure("sharia")
@implements("propaganda.support", "propaganda.support.sharia")
def sharia(st, f, a) -> None:
    """The Taliban buy Sharia one Resource at a time, or stop."""
    d = st.d
    if f["pc"] == "choose" and a is not None and "space" in a:
        s = d["spaces"][a["space"]]
        d["resources"]["Taliban"] -= 1
        cite(st, "propaganda.support.sharia")
        if s["terror"]:
            s["terror"] = False
        else:
            s["support"] = LEVELS[LEVELS.index(s["support"]) - 1]
    elif f["pc"] == "choose":
        pop(st)
        return
    options = sharia_spaces(st)
    if not options:
        pop(st)
        return
    f["pc"] = "choose"
    ask(st, "Taliban", [{"space": n} for n in options] + [{"done": True}], "propaganda.support.sharia",
        f"Taliban: Sharia (1 Resource each; {d['resources']['Taliban']} left)")
