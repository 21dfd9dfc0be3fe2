"""The Warlords' Special Activities (the aid's WARLORDS block, ATTIVITA' SPECIALI): Cultivate
(Coltivare), Traffic (Trafficare), Suborn (Corrompere). Rally and March may take any of them, Attack
and Terror Suborn only (data/activities.yaml); the turn carries one out after the Operation
(turn.py). Each is a procedure on the contract of activities.py: a space at a time
(``{"space": name}``, recorded in the turn's ``sa_spaces``), ``{"done": true}`` ending it once a
space has been chosen.

* Cultivate, "max 1 spazio": "In una provincia dove stai eseguendo una Riorganizzazione o una
  Marcia. Devi avere popolazione maggiore di zero e più tuoi Guerrieri che Polizia. Procedura:
  Piazza una Base Warlord." A Province (not Kabul, not a LoC) among the Operation's spaces (a
  March's are its destinations), Population (with a Returnees marker's +1, victory.population)
  above 0, more Warlords guerrillas than Police; a Base from Available, none if none is there (the
  space is offered all the same: a Cultivate without effect is legal, issue 27 item 1). No cost.
* Traffic: "Spazi con Basi Warlord e no Coalizione. In ogni spazio selezionato, +1 risorsa Warlord
  per Base Warlord, poi: Se Taleban Control: +1 risorsa Talebana. Se COIN Control: +1 Patronage."
  No space limit is printed (registry A23, ruling ``traffic_spaces``: every qualifying space by
  default, or 3). No cost; "no Coalizione": no Coalition troop or Base in the space.
* Suborn, "max 3 spazi": "Luogo: Fino a 3 spazi. In ogni spazio, paga 2 risorse per una di queste
  scelte: Rimuovere 1-3 cubi Govt; Rimuovere 1 base Govt; Rimuovere 1 Guerriero Talebano; Occultare
  tutti i guerrieri (Warlord e/o Talebani)." The aid names no condition on the space (no Warlords
  piece is required there): any space, 2 Warlords Resources each (issue 27 item 1: the flip is
  always a choice, with no Active guerrilla a legal one without effect). Each choice names the
  space (``{"do": ..., "space": name}``). The cubes are removed one at a time (``{"remove": kind,
  "space": name}``, Govt troops or Police, up to 3, ``{"remove": null, "space": name}`` after the
  first: the model's one removal shape); the Taliban guerrilla removed is Underground or Active,
  the Warlords' choice; "e/o": the Warlords flip their own, the Taliban's, or both (the Taliban's
  in Pakistan at Hostility too: "sempre attivi", they are Active again at once, engine.py's
  standing conditions). Removed pieces go to Available (removal.remove).

Each re-poses (model/core/engine.py, "Posing again"): called without an answer at a step awaiting
one, it asks the same question again from what the frame and the state hold, and changes nothing
else (a space's question is asked again at "start", activities.activity).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop
from cdg_oracle.model.distant_plain.activities import activity, any_space_left, choose_space
from cdg_oracle.model.distant_plain.control import control_of
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.removal import remove
from cdg_oracle.model.distant_plain.victory import population

CULTIVATE, TRAFFIC, SUBORN = ("warlords.special_activities.cultivate", "warlords.special_activities.traffic",
                              "warlords.special_activities.suborn")
GOVT_CUBES = ("government_troops", "police")
SUBORN_COST, SUBORN_MOST, CUBES_MOST = 2, 3, 3


def _warlords_guerrillas(p: dict) -> int:
    return p["warlords_underground"] + p["warlords_active"]


# -- Cultivate ----------------------------------------------------------------------------------------
def _cultivate_allowed(st):
    d, t = st.d, st.d["turn"]

    def allowed(n: str) -> bool:
        s, p = d["spaces"][n], d["spaces"][n]["pieces"]
        return (t["op"] in ("rally", "march") and n in t["spaces"] and st.map.spaces[n].type == "province"
                and population(st.map, n, s) > 0 and _warlords_guerrillas(p) > p["police"])
    return allowed


@activity(ENGINE, "Warlords", "cultivate", lambda st: any_space_left(st, _cultivate_allowed(st), "sa_spaces"))
@implements(CULTIVATE)
def cultivate(st, f, a) -> None:
    """Cultivate: a Warlords Base in one Province of the Rally or March (module docstring)."""
    d = st.d
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        if d["available"]["warlords_bases"] >= 1:
            d["available"]["warlords_bases"] -= 1
            d["spaces"][a["space"]]["pieces"]["warlords_bases"] += 1
        d["turn"]["sa_spaces"].append(a["space"])
        cite(st, CULTIVATE)
    choose_space(st, f, _cultivate_allowed(st), CULTIVATE, "Warlords: Cultivate in which Province?",
                 key="sa_spaces", most=1)


# -- Traffic ------------------------------------------------------------------------------------------
def _traffic_allowed(st):
    d = st.d

    def allowed(n: str) -> bool:
        p = d["spaces"][n]["pieces"]
        return p["warlords_bases"] >= 1 and p["coalition_troops"] + p["coalition_bases"] == 0
    return allowed


def traffic_most(st) -> int | None:
    """Traffic's cap on spaces: none printed (ruling ``traffic_spaces``: none, or 3)."""
    return None if st.rulings.traffic_spaces == "unlimited" else 3


@implements(TRAFFIC)
def traffic_in(st, name: str) -> None:
    """Traffic in one space: +1 Warlords Resource per Warlords Base; then +1 Taliban Resource under
    Taliban Control, +1 Patronage under COIN Control."""
    d = st.d
    s = d["spaces"][name]
    d["resources"]["Warlords"] += s["pieces"]["warlords_bases"]
    control = control_of(s, st.map.spaces[name].pakistan, d["options"])
    if control == "taliban":
        d["resources"]["Taliban"] += 1
    elif control == "coin":
        d["patronage"] += 1


@activity(ENGINE, "Warlords", "traffic", lambda st: any_space_left(st, _traffic_allowed(st), "sa_spaces"))
@implements(TRAFFIC)
def traffic(st, f, a) -> None:
    """Traffic: Resources from spaces with Warlords Bases and no Coalition piece (module docstring)."""
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        traffic_in(st, a["space"])
        st.d["turn"]["sa_spaces"].append(a["space"])
        cite(st, TRAFFIC)
    choose_space(st, f, _traffic_allowed(st), TRAFFIC, "Warlords: Traffic in which space?", key="sa_spaces",
                 most=traffic_most(st))


# -- Suborn -------------------------------------------------------------------------------------------
@implements(SUBORN, "islamabad.hostility")
def suborn_options(st, name: str) -> list[dict]:
    """Suborn's choices in one space: remove Govt cubes, a Govt Base, a Taliban guerrilla
    (Underground or Active), where there are some; or flip guerrillas Underground, the Warlords',
    the Taliban's, or both, whether any is Active or not (a flip without effect is legal: so too
    the Taliban's in Pakistan while Islamabad is at Hostility, where they are "sempre attivi" and
    Active again at once, engine.standing_conditions, as after the Reset: registry A17). Each names
    the space."""
    p = st.d["spaces"][name]["pieces"]
    out = []
    if any(p[k] for k in GOVT_CUBES):
        out.append({"do": "cubes"})
    if p["government_bases"]:
        out.append({"do": "base"})
    out += [{"do": "taliban", "kind": k} for k in ("taliban_underground", "taliban_active") if p[k]]
    out += [{"do": "underground", "factions": f} for f in ("taliban", "warlords", "both")]
    return [{**o, "space": name} for o in out]


def _suborn_allowed(st):
    return lambda n: st.d["resources"]["Warlords"] >= SUBORN_COST


def suborn_choice(st, f: dict, name: str, a: dict) -> None:
    """Pay 2 Warlords Resources and carry out the choice ``a`` (the cubes: one at a time, next)."""
    d = st.d
    p = d["spaces"][name]["pieces"]
    d["resources"]["Warlords"] -= SUBORN_COST
    cite(st, SUBORN)
    if a["do"] == "cubes":
        f["cubes"] = 0
    elif a["do"] == "base":
        remove(d, name, "government_bases")
    elif a["do"] == "taliban":
        remove(d, name, a["kind"])
    else:
        for faction in ("taliban", "warlords") if a["factions"] == "both" else (a["factions"],):
            p[f"{faction}_underground"] += p[f"{faction}_active"]
            p[f"{faction}_active"] = 0


def ask_cube(st, f: dict, name: str) -> bool:
    """Ask for the next Govt cube to remove (up to 3, ``{"remove": null, "space": name}`` to stop
    after the first); returns whether a question was posed."""
    p = st.d["spaces"][name]["pieces"]
    kinds = [k for k in GOVT_CUBES if p[k]] if f["cubes"] < CUBES_MOST else []
    if not kinds:
        f.pop("cubes")
        return False
    f["pc"] = "cube"
    ask(st, "Warlords", [{"remove": k, "space": name} for k in kinds]
        + ([{"remove": None, "space": name}] if f["cubes"] else []), SUBORN,
        f"Warlords: Suborn in {name}: remove which Govt cube?")
    return True


@activity(ENGINE, "Warlords", "suborn", lambda st: any_space_left(st, _suborn_allowed(st), "sa_spaces"))
@implements(SUBORN)
def suborn(st, f, a) -> None:
    """Suborn: up to 3 spaces, 2 Resources each, one choice each (module docstring)."""
    d = st.d
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        f.update(pc="how", target=a["space"])
        a = None
    if f["pc"] == "how" and a is None:  # also the question posed again
        ask(st, "Warlords", suborn_options(st, f["target"]), SUBORN, f"Warlords: Suborn in {f['target']}")
        return
    if a is None:  # the cube posed again (below)
        pass
    elif f["pc"] == "how":
        d["turn"]["sa_spaces"].append(f["target"])
        suborn_choice(st, f, f["target"], a)
    elif f["pc"] == "cube":
        if a["remove"] is None:
            f["cubes"] = CUBES_MOST
        else:
            remove(d, f["target"], a["remove"])
            f["cubes"] += 1
    if "cubes" in f and ask_cube(st, f, f["target"]):
        return
    f.pop("target", None)
    choose_space(st, f, _suborn_allowed(st), SUBORN, "Warlords: Suborn in which space?", key="sa_spaces",
                 most=SUBORN_MOST)
