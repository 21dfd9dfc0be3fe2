"""Rally (Riorganizzare), the insurgents' Operation (the aid's WARLORDS and TALEBANI blocks,
OPERAZIONI RIBELLI), for the Warlords and the Taliban.

Each is a procedure on the contract of activities.py: the faction chooses a space at a time (any
number of spaces, one only for a Limited Operation: ``limited_operation``), pays its cost from its
own Resources, and carries out one of the Rally's options there; ``{"done": true}`` ends the
Operation once a space has been chosen.

Shared by the two blocks (the same sentences, "Guerriero" for "Guerrigliero"): 1 Resource a space;
"Piazza 1 Guerrigliero ... o rimpiazzane 2 con una Base" (place 1 guerrilla, or replace 2 with a
Base); "Oppure se c'è già una Base ... puoi piazzare tanti Guerriglieri quanto le Basi più la
popolazione presente" (with a Base there, place up to Bases + Population guerrillas: "puoi piazzare
tanti" read as up to that many); "Oppure occulta tutti i tuoi Guerriglieri" (flip all own
guerrillas Underground: offered also where none is Active, a legal Rally without effect, issue 27
item 1). Pieces come from Available, as far as it has them. A space is offered wherever the aid's
"Luogo" and the Resources allow, whatever can be done there (the flip is always one choice); each
option of a space names it (``{"do": ..., "space": name}``). The Warlords' mass
placement is "non sei in territorio Pashtun" only; the Taliban's has no such condition.

The Taliban's own (lines 363-377 and the Islamabad block, 461-471):

* Location "Pashtun o Province senza Supporto o Kabul" (registry A10, ruling
  ``taliban_rally_location``): by default any Pashtun space, any Province without Support, or Kabul;
  or Pashtun spaces and Provinces only without Support, or Kabul. A LoC is neither.
* Islamabad: at Hostility and Pressure "Nessuna operazione Talebana di Riorganizzazione in Pakistan";
  at Backing and Sponsorship "Riorganizzare in Pakistan ... costa zero Risorse" (a Pakistan space
  costs 0).
* "Oppure dove hai 1 Base, in 1 spazio selezionato, Esegui la Sharia (vedi round Propaganda, fase
  3)": in one of the Rally's spaces (at most one per Rally), instead of the other options, the
  Propaganda's Sharia (support.py ``sharia_step``: remove the Terror marker, else one level toward
  Opposition). Whether the Propaganda's Taliban Control is still needed (P40, ruling
  ``rally_sharia_control``), how many steps at what cost (P41, ``rally_sharia_steps``: by default
  any number, 1 Taliban Resource each on top of the space's cost, the Propaganda's price; the
  Islamabad discount is the Rally's, not the Sharia's) and whether "1 Base" is one or more (P42,
  ``rally_sharia_bases``) are rulings.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop
from cdg_oracle.model.distant_plain.activities import activity, any_space_left, choose_space
from cdg_oracle.model.distant_plain.control import control_of
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.support import sharia_shift, sharia_step, sharia_steps_left
from cdg_oracle.model.distant_plain.victory import population

#: faction -> (Underground guerrillas, Active guerrillas, Bases): the keys of its pieces.
PIECES = {"Warlords": ("warlords_underground", "warlords_active", "warlords_bases"),
          "Taliban": ("taliban_underground", "taliban_active", "taliban_bases")}
#: Islamabad boxes: no Taliban Rally in Pakistan; a Taliban Rally in Pakistan for 0 Resources.
NO_RALLY_IN_PAKISTAN = ("hostility", "pressure")
FREE_RALLY_IN_PAKISTAN = ("backing", "sponsorship")


def placement_options(st, faction: str, name: str, mass: bool) -> list[dict]:
    """The Rally's options shared by both blocks in space ``name``: place 1 guerrilla; replace 2
    (``active`` of them Active) with a Base; with ``mass`` allowed and a Base already there, place
    ``n`` guerrillas, up to Bases + Population ("la popolazione presente": +1 with a Returnees
    marker, as everywhere the model counts Population: victory.population); flip all own guerrillas
    Underground (always: with none Active it changes nothing, and is still the aid's choice). Each
    placement as the pieces Available allow."""
    d = st.d
    U, A, BASES = PIECES[faction]
    p, avail = d["spaces"][name]["pieces"], d["available"]
    out = []
    if avail[U] >= 1:
        out.append({"do": "place"})
    if avail[BASES] >= 1:
        out += [{"do": "base", "active": a} for a in range(3) if p[A] >= a and p[U] >= 2 - a]
    if mass and p[BASES] >= 1 and avail[U] >= 1:
        most = min(p[BASES] + population(st.map, name, d["spaces"][name]), avail[U])
        out += [{"do": "mass", "n": k} for k in range(1, most + 1)]
    out.append({"do": "underground"})  # "occulta tutti i tuoi Guerriglieri": legal with none Active
    return out


def carry_out_placement(d: dict, faction: str, name: str, a: dict) -> None:
    """Carry out one of :func:`placement_options`' options ``a`` in space ``name``."""
    U, A, BASES = PIECES[faction]
    p, avail = d["spaces"][name]["pieces"], d["available"]
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


def run_rally(st, f: dict, a, faction: str, allowed, options, cost) -> None:
    """The space-by-space Rally of ``faction``: ``allowed(name)``, whether a space may be chosen
    now; ``options(name)``, its options; ``cost(name)``, its Resources. Sharia (the Taliban's) is
    carried out here; every other option by :func:`carry_out_placement`."""
    d = st.d
    rule = f"{faction.lower()}.operations.rally"
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        f.update(pc="how", target=a["space"])
        a = None
    if f["pc"] == "how" and a is None:  # also the question posed again
        ask(st, faction, [{**o, "space": f["target"]} for o in options(f["target"])], rule,
            f"{faction}: Rally in {f['target']}")
        return
    elif f["pc"] == "how":
        name = f.pop("target")
        d["resources"][faction] -= cost(name)
        cite(st, rule)
        if a["do"] == "sharia":
            f["sharia"] = name
            rally_sharia(st, name, a["steps"])
        else:
            carry_out_placement(d, faction, name, a)
        d["turn"]["spaces"].append(name)
    choose_space(st, f, allowed, rule, f"{faction}: Rally in which space?")


# -- the Warlords --------------------------------------------------------------------------------
@implements("warlords.operations.rally")
def rally_options(st, name: str) -> list[dict]:
    """The Warlords' Rally in one space: place 1 Warlords guerrilla, or replace 2 with a Base; or,
    with a Base already there outside Pashtun territory, place up to Bases + Population guerrillas;
    or flip all own guerrillas Underground. (Each as the pieces Available allow.)"""
    return placement_options(st, "Warlords", name, mass=not st.map.spaces[name].pashtun)


def _rally_allowed(st):
    d = st.d
    return lambda n: st.map.spaces[n].type != "loc" and d["resources"]["Warlords"] >= 1


@activity(ENGINE, "Warlords", "rally", lambda st: any_space_left(st, _rally_allowed(st)))
@implements("warlords.operations.rally", "limited_operation")
def rally(st, f, a) -> None:
    """The Warlords' Rally: any Province or Kabul, 1 Resource a space."""
    run_rally(st, f, a, "Warlords", _rally_allowed(st), lambda n: rally_options(st, n), lambda n: 1)


# -- the Taliban ---------------------------------------------------------------------------------
@implements("taliban.operations.rally", "islamabad.hostility", "islamabad.pressure", "islamabad.tolerance")
def taliban_rally_location(st, name: str) -> bool:
    """Whether ``name`` is a Taliban Rally space: "Pashtun o Province senza Supporto o Kabul" (A10,
    ruling ``taliban_rally_location``), and not in Pakistan while Islamabad is at Hostility or
    Pressure (at Tolerance, "Nessun effetto", Pakistan is as any other space)."""
    d, space = st.d, st.map.spaces[name]
    if space.type == "loc" or (space.pakistan and d["islamabad"]["level"] in NO_RALLY_IN_PAKISTAN):
        return False
    if space.type == "city":
        return True
    without_support = d["spaces"][name]["support"] != "support"
    if st.rulings.taliban_rally_location == "pashtun_any_or_no_support":
        return space.pashtun or without_support
    return without_support


@implements("taliban.operations.rally", "islamabad.backing", "islamabad.sponsorship", "islamabad.tolerance")
def taliban_rally_cost(st, name: str) -> int:
    """1 Taliban Resource a space; none in Pakistan while Islamabad is at Backing or Sponsorship (at
    Tolerance, no effect: the full cost)."""
    free = st.map.spaces[name].pakistan and st.d["islamabad"]["level"] in FREE_RALLY_IN_PAKISTAN
    return 0 if free else 1


@implements("taliban.operations.rally", "propaganda.support.sharia")
def rally_sharia_most(st, name: str) -> int:
    """How many Sharia steps a Taliban Rally may carry out in ``name`` (0: none), once the space's
    cost is paid: where there is a Taliban Base (P42: one or more, or exactly one), in a space the
    Taliban control unless P40 reads otherwise, with a Terror marker or a level above Opposition;
    by P41 as many as the Taliban can pay after the Rally's cost (1 Resource a step), or one step
    within the Rally's cost."""
    d, r = st.d, st.rulings
    s = d["spaces"][name]
    bases = s["pieces"]["taliban_bases"]
    if bases < 1 or (r.rally_sharia_bases == "exactly_one" and bases != 1):
        return 0
    if r.rally_sharia_control == "base_and_control" and \
            control_of(s, st.map.spaces[name].pakistan, d["options"]) != "taliban":
        return 0
    if r.rally_sharia_steps == "one_step_in_rally_cost":
        return min(1, sharia_steps_left(s))
    return min(sharia_steps_left(s), d["resources"]["Taliban"] - taliban_rally_cost(st, name))


def rally_sharia(st, name: str, steps: int) -> None:
    """Carry out ``steps`` Sharia steps in ``name`` (support.py ``sharia_step``), each paid with a
    Taliban Resource, or (P41 ``one_step_in_rally_cost``) the one step paid by the Rally's cost."""
    d = st.d
    cite(st, "propaganda.support.sharia")
    for _ in range(steps):
        if st.rulings.rally_sharia_steps == "one_step_in_rally_cost":
            sharia_shift(d["spaces"][name])
        else:
            sharia_step(d, name)


def taliban_rally_options(st, f: dict, name: str) -> list[dict]:
    """The Taliban's Rally options in ``name``: the shared ones (mass placement anywhere with a
    Base), and Sharia (``{"do": "sharia", "steps": k}``) unless this Rally has done it already."""
    out = placement_options(st, "Taliban", name, mass=True)
    if f.get("sharia") is None:
        out += [{"do": "sharia", "steps": k} for k in range(1, rally_sharia_most(st, name) + 1)]
    return out


def _taliban_rally_allowed(st, f: dict):
    d = st.d
    return lambda n: taliban_rally_location(st, n) and d["resources"]["Taliban"] >= taliban_rally_cost(st, n)


@activity(ENGINE, "Taliban", "rally", lambda st: any_space_left(st, _taliban_rally_allowed(st, {})))
@implements("taliban.operations.rally", "limited_operation")
def taliban_rally(st, f, a) -> None:
    """The Taliban's Rally: Pashtun spaces, Provinces without Support, Kabul (A10); 1 Resource a
    space, none in Pakistan at Backing or Sponsorship, none allowed there at Hostility or Pressure."""
    if f["pc"] == "how":
        name = f["target"]
        if taliban_rally_cost(st, name) == 0:
            cite(st, f"islamabad.{st.d['islamabad']['level']}")
    run_rally(st, f, a, "Taliban", _taliban_rally_allowed(st, f), lambda n: taliban_rally_options(st, f, n),
              lambda n: taliban_rally_cost(st, n))
