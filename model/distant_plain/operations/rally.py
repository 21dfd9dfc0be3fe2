"""Rally (Riorganizzare), the insurgents' Operation (the aid's WARLORDS and TALEBANI blocks,
OPERAZIONI RIBELLI). So far the Warlords' Rally; the Taliban's comes next.

Each is a procedure on the contract of activities.py: the Warlords choose a space at a time (any
number of spaces, one only for a Limited Operation: ``limited_operation``), pay its cost from the
Warlords' Resources, and carry it out; ``{"done": true}`` ends the Operation once a space has been
chosen.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop
from cdg_oracle.model.distant_plain.activities import activity, choose_space, spaces_left
from cdg_oracle.model.distant_plain.engine import ENGINE

U, A, BASES = "warlords_underground", "warlords_active", "warlords_bases"


@implements("warlords.operations.rally")
def rally_options(st, name: str) -> list[dict]:
    """The aid's Rally in one space: place 1 Warlords guerrilla, or replace 2 with a Base; or, with a
    Base already there outside Pashtun territory, place up to Bases + Population guerrillas; or flip
    all own guerrillas Underground. (Each as the pieces Available allow.)"""
    d = st.d
    p, avail, space = d["spaces"][name]["pieces"], d["available"], st.map.spaces[name]
    out = []
    if avail[U] >= 1:
        out.append({"do": "place"})
    if avail[BASES] >= 1:
        out += [{"do": "base", "active": a} for a in range(3) if p[A] >= a and p[U] >= 2 - a]
    if p[BASES] >= 1 and not space.pashtun and avail[U] >= 1:
        most = min(p[BASES] + space.population, avail[U])
        out += [{"do": "mass", "n": k} for k in range(1, most + 1)]
    if p[A] >= 1:
        out.append({"do": "underground"})
    return out


def _rally_allowed(st):
    d = st.d
    return lambda n: (st.map.spaces[n].type != "loc" and d["resources"]["Warlords"] >= 1
                      and bool(rally_options(st, n)))


@activity(ENGINE, "Warlords", "rally", lambda st: bool(spaces_left(st, _rally_allowed(st))))
@implements("warlords.operations.rally", "limited_operation")
def rally(st, f, a) -> None:
    """Rally: any Province or Kabul, 1 Resource a space."""
    d = st.d
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        f.update(pc="how", target=a["space"])
        ask(st, "Warlords", rally_options(st, a["space"]), "warlords.operations.rally",
            f"Warlords: Rally in {a['space']}")
        return
    elif f["pc"] == "how":
        name = f.pop("target")
        p, avail = d["spaces"][name]["pieces"], d["available"]
        d["resources"]["Warlords"] -= 1
        cite(st, "warlords.operations.rally")
        if a["do"] == "place":
            p[U] += 1
            avail[U] -= 1
        elif a["do"] == "base":
            p[A] -= a["active"]
            p[U] -= 2 - a["active"]
            avail[U] += 2
            p[BASES] += 1
            avail[BASES] -= 1
        elif a["do"] == "mass":
            p[U] += a["n"]
            avail[U] -= a["n"]
        else:
            p[U] += p[A]
            p[A] = 0
        d["turn"]["spaces"].append(name)
    choose_space(st, f, _rally_allowed(st), "warlords.operations.rally", "Warlords: Rally in which space?")
