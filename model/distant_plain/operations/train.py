"""Train (Addestrare), the COIN factions' Operation (the aid's COALIZIONE and GOVERNO blocks,
OPERAZIONI COIN).

Coalition: "Luogo: Qualsiasi Provincia con pezzi della Coalizione o Kabul. Costo: 3 Risorse Govt per
Spazio se piazzati cubi. Procedura: Se c'è una Base della Coalizione, piazza fino a 6 cubi Govt (in
qualsiasi combinazione Govt e/o Polizia), se non ci sono più cubi in riserva puoi prendili dalla
mappa. Poi, in 1 spazio dove hai Addestrato con COIN Control, esegui un'Azione Civica (vedi round
Propaganda, fase 3) con risorse del Govt. Oppure, a Kabul, trasferisci 3 Patronage alle risorse
Govt." Whether Kabul without a Coalition Base takes cubes is the ruling ``coalition_train_kabul``
(registry A06: by default not, Kabul then serving the Civic Action or the Patronage transfer).

Government: "Luogo: Qualsiasi Provincia o Kabul. Costo: 3 Risorse per Spazio. Procedura: A Kabul o
dove vi sia una o più Basi COIN, piazza fino a 6 cubi Govt, se non ci sono più cubi in riserva puoi
prendili dalla mappa. Poi, in 1 spazio dove hai Addestrato, rimpiazza 3 cubi Govt con una Base
Govt, oppure, con COIN Control, esegui un'Azione Civica". Whether a space where no cube is placed
costs the 3 Resources is the ruling ``government_train_cost`` (registry A07: by default it does).

How it is played here. The faction chooses a space at a time (one for a Limited Operation,
``limited_operation``), any space of the aid's "Luogo" it can pay for (issue 27 item 1: also one
where nothing can be placed or done, a legal Train without effect: the Coalition's Kabul, or a
Province with a Coalition troop and no Base). In it, it places Govt cubes one at a time
(``{"place": kind, "space": name}`` from Available, or ``{"place": kind, "space": name, "from":
other}`` from another space of the map), up to 6, or stops (``{"done": true}``); the 3 Resources are paid with the first cube (the Coalition's "se piazzati
cubi"; the Government's under ``only_if_cubes``) or when the space is chosen (the Government's
``every_space``). When a cube may come from the map ("se non ci sono più cubi in riserva") is the
ruling ``train_cubes_from_map`` (registry P03): by default once no Govt cube of either kind is
Available; or a kind once none of that kind is.

Then, once, in 1 trained space, if the faction wishes: Civic Action (support.civic_action_step: 3
Government Resources a step, removing Terror or shifting one level toward Support, offered only
where a step changes something), where the space is under COIN Control (or, under the ruling
``train_civic_action_where``, registry P02, where the Support phase would allow it: also its
"Truppe e Polizia"); as many steps as the Government Resources pay, the Support phase's "un
qualsiasi numero di risorse", or one step only (ruling ``train_civic_action``, registry P01). Or the Coalition, in Kabul trained,
moves 3 Patronage to the Government Resources (only with 3 Patronage: the aid's number, no partial
transfer); or the Government replaces 3 of its cubes there (any mix of troops and Police, to
Available) with a Government Base from Available.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop
from cdg_oracle.model.distant_plain.activities import activity, any_space_left
from cdg_oracle.model.distant_plain.control import control_of
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.operations.patrol import offer_space
from cdg_oracle.model.distant_plain.removal import remove
from cdg_oracle.model.distant_plain.support import (
    CIVIC_ACTION_COST,
    civic_action_allowed,
    civic_action_step,
    civic_action_steps_left,
)

RULE = {"Coalition": "coalition.operations.train", "Government": "government.operations.train"}
COST = 3  # "3 Risorse (Govt) per Spazio"
MOST = 6  # "fino a 6 cubi Govt"
PATRONAGE = 3  # "trasferisci 3 Patronage alle risorse Govt"
BASE_CUBES = 3  # "rimpiazza 3 cubi Govt con una Base Govt"
CUBES = ("government_troops", "police")


# -- where, and what it costs ---------------------------------------------------------------------
@implements("coalition.operations.train", "government.operations.train")
def train_location(st, faction: str, name: str) -> bool:
    """The Coalition: a Province with Coalition pieces, or Kabul; the Government: any Province or
    Kabul."""
    space = st.map.spaces[name]
    if space.type == "loc":
        return False
    if faction == "Government" or name == "Kabul":
        return True
    p = st.d["spaces"][name]["pieces"]
    return p["coalition_troops"] + p["coalition_bases"] > 0


def places_cubes(st, faction: str, name: str) -> bool:
    """Where Train places cubes: the Coalition with a Coalition Base (Kabul without one under
    ``kabul_always``, registry A06); the Government in Kabul or with a COIN Base."""
    p = st.d["spaces"][name]["pieces"]
    if faction == "Government":
        return name == "Kabul" or p["coalition_bases"] + p["government_bases"] > 0
    return p["coalition_bases"] > 0 or (name == "Kabul" and st.rulings.coalition_train_kabul == "kabul_always")


def selection_cost(st, faction: str) -> int:
    """What choosing a space costs: 3 for the Government under ``every_space`` (registry A07)."""
    return COST if faction == "Government" and st.rulings.government_train_cost == "every_space" else 0


def cube_sources(st, name: str) -> list[dict]:
    """Where the next cube placed in ``name`` may come from: Available; or another space of the map
    when none is in reserve (ruling ``train_cubes_from_map``, registry P03)."""
    d = st.d
    avail = d["available"]
    none_left = not any(avail[k] for k in CUBES)
    out = []
    for kind in CUBES:
        if avail[kind]:
            out.append({"place": kind, "space": name})
        elif none_left or st.rulings.train_cubes_from_map == "kind_unavailable":
            out += [{"place": kind, "space": name, "from": n} for n in st.map.names
                    if n != name and d["spaces"][n]["pieces"][kind]]
    return out


def placements(st, faction: str, name: str, placed: int, paid: bool, budget: int) -> list[dict]:
    """The cubes ``faction`` may place next in ``name`` (``placed`` so far; ``paid``: the space's 3
    Resources are paid, else ``budget`` must pay them)."""
    if placed >= MOST or not places_cubes(st, faction, name) or not (paid or budget >= COST):
        return []
    return cube_sources(st, name)


# -- the step after the spaces ------------------------------------------------------------------
def civic_action_here(st, name: str, budget: int) -> bool:
    """Whether a Train's Civic Action step can be done in ``name`` with ``budget`` Government
    Resources: a Terror marker to remove or a level toward Support to gain, and COIN Control; or,
    under ``support_phase`` (registry P02), the Support phase's own conditions (COIN Control and the
    cubes of the ruling ``civic_action_cubes``: support.civic_action_allowed)."""
    d = st.d
    s = d["spaces"][name]
    if budget < CIVIC_ACTION_COST or not civic_action_steps_left(s):
        return False
    if st.rulings.train_civic_action_where == "support_phase":
        return civic_action_allowed(st, name)
    return control_of(s, st.map.spaces[name].pakistan, d["options"]) == "coin"


def base_options(st, name: str) -> list[dict]:
    """The Government's ways to replace 3 of its cubes in ``name`` with a Base: ``troops`` of them
    troops, the rest Police."""
    d = st.d
    p = d["spaces"][name]["pieces"]
    if not d["available"]["government_bases"]:
        return []
    return [{"base": name, "troops": k} for k in range(BASE_CUBES + 1)
            if p["government_troops"] >= k and p["police"] >= BASE_CUBES - k]


def follow_ups(st, faction: str, names: list[str], budget: int) -> list[dict]:
    """The steps after the spaces, in ``names`` (the trained spaces)."""
    d = st.d
    out = [{"civic_action": n} for n in names if civic_action_here(st, n, budget)]
    if faction == "Coalition" and "Kabul" in names and d["patronage"] >= PATRONAGE:
        out.append({"patronage": True, "space": "Kabul"})
    if faction == "Government":
        out += [o for n in names for o in base_options(st, n)]
    return out


def _train_allowed(st, faction: str):
    """The spaces Train may choose: the aid's "Luogo" (train_location), paid for where choosing costs
    (the Government's ``every_space``); whether anything can be placed or done there is not asked
    (issue 27 item 1: a Train without effect is legal)."""
    d = st.d

    def allowed(n: str) -> bool:
        return train_location(st, faction, n) and d["resources"]["Government"] >= selection_cost(st, faction)
    return allowed


def train_possible(faction: str):
    return lambda st: any_space_left(st, _train_allowed(st, faction))


# -- the procedure ------------------------------------------------------------------------------
def place_cube(st, f: dict, faction: str, a: dict) -> None:
    d = st.d
    name = f["target"]
    if not f["paid"]:
        d["resources"]["Government"] -= COST
        f["paid"] = True
    kind = a["place"]
    box = d["spaces"][a["from"]]["pieces"] if "from" in a else d["available"]
    box[kind] -= 1
    d["spaces"][name]["pieces"][kind] += 1
    f["placed"] += 1


def follow_up(st, a: dict) -> bool:
    """Carry out a step after the spaces; whether more Civic Action may follow."""
    d = st.d
    if "civic_action" in a:
        civic_action_step(d, a["civic_action"])
        cite(st, "propaganda.support.civic_action")
        return st.rulings.train_civic_action == "any_steps"
    if "patronage" in a:
        d["patronage"] -= PATRONAGE
        d["resources"]["Government"] += PATRONAGE
    elif "base" in a:
        name, k = a["base"], a["troops"]
        if k:
            remove(d, name, "government_troops", k)
        if BASE_CUBES - k:
            remove(d, name, "police", BASE_CUBES - k)
        d["available"]["government_bases"] -= 1
        d["spaces"][name]["pieces"]["government_bases"] += 1
    return False


def ask_civic(st, f: dict, faction: str) -> None:
    """Ask whether to do another Civic Action in the space of the last one (``f["civic"]``, kept in
    the frame so that the question can be posed again)."""
    name = f["civic"]
    ask(st, faction, [{"civic_action": name}, {"done": True}], RULE[faction],
        f"{faction}: Train: another Civic Action in {name}?")


def run_train(st, f, a, faction: str) -> None:
    """One step of ``faction``'s Train (module docstring). Called without an answer at a step
    awaiting one (``space``, ``place``, ``follow``, ``civic``) it poses that question again and
    changes nothing else (it re-poses: engine.py ``declare_reposing``)."""
    d = st.d
    t = d["turn"]
    rule = RULE[faction]
    if a is None and f["pc"] == "civic":  # the question posed again (re-posing: engine.py)
        ask_civic(st, f, faction)
        return
    if a is None and f["pc"] in ("place", "follow"):
        pass  # the question posed again below, from the same state (re-posing: engine.py)
    elif f["pc"] == "space" and "space" in a:
        cost = selection_cost(st, faction)
        d["resources"]["Government"] -= cost
        t["spaces"].append(a["space"])
        f.update(pc="place", target=a["space"], placed=0, paid=cost > 0)
        cite(st, rule)
    elif f["pc"] == "place" and "place" in a:
        place_cube(st, f, faction, a)
        cite(st, rule)
    elif f["pc"] == "place":  # done placing here
        f["pc"] = "next"
    elif f["pc"] == "space":  # done choosing spaces
        f["pc"] = "follow"
    elif f["pc"] in ("follow", "civic"):
        if "done" in a:
            pop(st)
            return
        more = follow_up(st, a)
        cite(st, rule)
        if more and civic_action_here(st, a["civic_action"], d["resources"]["Government"]):
            f.update(pc="civic", civic=a["civic_action"])
            ask_civic(st, f, faction)
            return
        pop(st)
        return
    if f["pc"] == "place":
        options = placements(st, faction, f["target"], f["placed"], f["paid"], d["resources"]["Government"])
        if options:
            ask(st, faction, options + [{"done": True}], rule,
                f"{faction}: Train: place a Govt cube in {f['target']} ({f['placed']} placed; or done)")
            return
        f["pc"] = "next"
    if f["pc"] in ("start", "next"):
        for k in ("target", "placed", "paid"):
            f.pop(k, None)
        if offer_space(st, f, _train_allowed(st, faction), rule, f"{faction}: Train in which space?"):
            return
    options = follow_ups(st, faction, t["spaces"], d["resources"]["Government"])
    if not options:
        pop(st)
        return
    f["pc"] = "follow"
    ask(st, faction, options + [{"done": True}], rule, f"{faction}: Train: then, in 1 trained space?")


@activity(ENGINE, "Coalition", "train", train_possible("Coalition"))
@implements("coalition.operations.train", "limited_operation")
def coalition_train(st, f, a) -> None:
    """The Coalition's Train: Govt cubes where a Coalition Base is, paid with Government Resources;
    then Civic Action or the Patronage transfer in Kabul (module docstring)."""
    run_train(st, f, a, "Coalition")


@activity(ENGINE, "Government", "train", train_possible("Government"))
@implements("government.operations.train", "limited_operation")
def government_train(st, f, a) -> None:
    """The Government's Train: Govt cubes in Kabul or with a COIN Base; then a Government Base or
    Civic Action (module docstring)."""
    run_train(st, f, a, "Government")
