"""The Propaganda round's Support phase (``propaganda.support``): Civic Action, then Sharia.

Civic Action (``propaganda.support.civic_action``), in the aid's words: "Il Governo e poi la
Coalizione, possono spendere un qualsiasi numero di risorse per aumentare il Supporto nelle Province
o Kabul se li Controlla (COIN Control) e dove ci siano Truppe e Polizia. Per ogni 3 risorse spese
rimuovi un segnalino Terrore o, se non presente, sposta di un livello verso Supporto. La fazione con
più truppe negli spazi scelti decide quante Azioni Civili eseguire, in caso di parità decide la
Coalizione." Read here as follows.

* Whose Resources: always the Government's. The Coalition has none (its Operations cost "Risorse
  Govt", its Train's Civic Action is done "con risorse del Govt"), so "the Government then the
  Coalition may spend" means that each of the two may decide to spend Government Resources
  (registry A19, P51).
* Where: a Province (Pakistan's too: the aid writes "(no Pakistan)" where it leaves them out) or
  Kabul under COIN Control (Civic Action moves no piece, so its Control does not change during the
  phase) holding the cubes of the ruling ``civic_action_cubes`` (A19): Troops, of either COIN
  faction, and Police (default); Troops or Police; or the Government's own Troops and Police. A
  space at Support without a Terror marker has nothing to buy and is not offered; nor is any space
  once the Government has fewer than 3 Resources.
* Who decides (ruling ``civic_action_decider``, P51): by default space by space, the faction with
  more Troops there (Coalition Troops against Government Troops, Police and Bases not counted; a
  tie, the Coalition), the Government first in the spaces it decides, then the Coalition in its
  own; or ``overall``: the faction with more Troops in all the spaces where Civic Action can be
  bought when the phase begins decides every Civic Action, the other none.
* Atomic: one Civic Action (3 Resources) per answer, ``{"space": name}``, or ``{"done": true}``
  when the deciding faction stops.

Sharia (``propaganda.support.sharia``): the Taliban may spend any number of Resources in spaces they
control (Taliban Control, options.py ``control``); each Resource removes a Terror marker there or,
if there is none, shifts the space one level toward Opposition.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop
from cdg_oracle.model.distant_plain.control import control_of
from cdg_oracle.model.distant_plain.engine import ENGINE

COIN_FACTIONS = ("Government", "Coalition")  # "Il Governo e poi la Coalizione"

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


def civic_action_steps_left(space: dict) -> int:
    """How many Civic Actions a space record can still take: its Terror marker, then each level
    below Support."""
    return int(space["terror"]) + len(LEVELS) - 1 - LEVELS.index(space["support"])


@implements("propaganda.support.civic_action")
def civic_action_allowed(st, name: str) -> bool:
    """Whether the Support phase's Civic Action may be done in ``name``: a Province or Kabul under
    COIN Control with the cubes the ruling ``civic_action_cubes`` asks ("dove ci siano Truppe e
    Polizia", A19)."""
    d = st.d
    if st.map.spaces[name].type == "loc":
        return False
    s = d["spaces"][name]
    if control_of(s, st.map.spaces[name].pakistan, d["options"]) != "coin":
        return False
    p = s["pieces"]
    cubes = st.rulings.civic_action_cubes
    if cubes == "government_troops":
        return p["government_troops"] > 0 and p["police"] > 0
    troops = p["coalition_troops"] + p["government_troops"] > 0
    if cubes == "either":
        return troops or p["police"] > 0
    return troops and p["police"] > 0


def civic_action_spaces(st) -> list[str]:
    """Where a Civic Action can be bought now, in name order: allowed there, something left to do,
    and 3 Government Resources."""
    d = st.d
    if d["resources"]["Government"] < CIVIC_ACTION_COST:
        return []
    return [n for n in st.map.areas if civic_action_steps_left(d["spaces"][n]) and civic_action_allowed(st, n)]


def more_troops(pieces: list[dict]) -> str:
    """'La fazione con più truppe ... in caso di parità decide la Coalizione': Government if its
    Troops outnumber the Coalition's in ``pieces`` (space records' pieces), else the Coalition."""
    coalition = sum(p["coalition_troops"] for p in pieces)
    government = sum(p["government_troops"] for p in pieces)
    return "Government" if government > coalition else "Coalition"


@implements("propaganda.support.civic_action")
def civic_action_decider(st, f: dict, name: str) -> str:
    """The faction that decides how many Civic Actions are done in ``name`` (ruling
    ``civic_action_decider``, P51): the one with more Troops there, or the one chosen for the whole
    phase (``f["overall"]``)."""
    if f["overall"] is not None:
        return f["overall"]
    return more_troops([st.d["spaces"][name]["pieces"]])


@ENGINE.procedure("civic_action")
@implements("propaganda.support", "propaganda.support.civic_action")
def civic_action(st, f, a) -> None:
    """The Government, then the Coalition, buy Civic Actions one at a time in the spaces they
    decide (module docstring), each until it stops or can buy no more. Called without an answer at
    its question (step ``choose``) it poses that question again and changes nothing else (it
    re-poses: engine.py ``declare_reposing``)."""
    d = st.d
    if f["pc"] == "choose" and a is None:
        pass  # the question posed again below, from the same state
    elif f["pc"] == "start":
        overall = None
        if st.rulings.civic_action_decider == "overall":
            overall = more_troops([d["spaces"][n]["pieces"] for n in civic_action_spaces(st)])
        f.update(pc="choose", deciders=list(COIN_FACTIONS), overall=overall)
    elif "space" in a:
        civic_action_step(d, a["space"])
        cite(st, "propaganda.support.civic_action")
    else:
        f["deciders"].pop(0)
    while f["deciders"]:
        faction = f["deciders"][0]
        options = [n for n in civic_action_spaces(st) if civic_action_decider(st, f, n) == faction]
        if options:
            ask(st, faction, [{"space": n} for n in options] + [{"done": True}], "propaganda.support.civic_action",
                f"{faction}: Civic Action (3 Government Resources each; {d['resources']['Government']} left)",
                key="space", values=options)
            return
        f["deciders"].pop(0)
    pop(st)


def sharia_steps_left(space: dict) -> int:
    """How many Sharia steps a space record can still take: its Terror marker, then each level
    above Opposition."""
    return int(space["terror"]) + LEVELS.index(space["support"])


@implements("propaganda.support.sharia")
def sharia_step(d: dict, name: str) -> None:
    """One Sharia step in space ``name``, paid with 1 Taliban Resource: remove its Terror marker
    or, if there is none, shift it one level toward Opposition. (Where and when Sharia may be done
    is the caller's: the Support phase, or a Taliban Rally, operations/rally.py.)"""
    if d["resources"]["Taliban"] < 1:
        raise ValueError(f"Sharia in {name}: no Taliban Resource")
    sharia_shift(d["spaces"][name])
    d["resources"]["Taliban"] -= 1


def sharia_shift(space: dict) -> None:
    """What one Sharia step does to a space record (its price is the caller's): remove its Terror
    marker or, if there is none, shift it one level toward Opposition."""
    if not sharia_steps_left(space):
        raise ValueError("Sharia: no Terror marker and already at Opposition")
    if space["terror"]:
        space["terror"] = False
    else:
        space["support"] = LEVELS[LEVELS.index(space["support"]) - 1]


@implements("propaganda.support.sharia")
def sharia_spaces(st) -> list[str]:
    """Where a Sharia step can be bought: Taliban-controlled spaces with a Terror marker or not yet
    at Opposition, while the Taliban have a Resource."""
    d = st.d
    if d["resources"]["Taliban"] < 1:
        return []
    return [n for n in st.map.areas
            if control_of(d["spaces"][n], st.map.spaces[n].pakistan, d["options"]) == "taliban"
            and sharia_steps_left(d["spaces"][n])]


@ENGINE.procedure("sharia")
@implements("propaganda.support", "propaganda.support.sharia")
def sharia(st, f, a) -> None:
    """The Taliban buy Sharia one Resource at a time, or stop. Called without an answer at its
    question (step ``choose``) it poses that question again and changes nothing else (it re-poses:
    engine.py ``declare_reposing``)."""
    d = st.d
    if f["pc"] == "choose" and a is None:
        pass  # the question posed again below, from the same state
    elif f["pc"] == "choose" and "space" in a:
        sharia_step(d, a["space"])
        cite(st, "propaganda.support.sharia")
    elif f["pc"] == "choose":  # done
        pop(st)
        return
    options = sharia_spaces(st)
    if not options:
        pop(st)
        return
    f["pc"] = "choose"
    ask(st, "Taliban", [{"space": n} for n in options] + [{"done": True}], "propaganda.support.sharia",
        f"Taliban: Sharia (1 Resource each; {d['resources']['Taliban']} left)", key="space", values=options)
