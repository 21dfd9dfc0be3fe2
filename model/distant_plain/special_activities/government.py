"""The Government's Special Activities (the aid's GOVERNO block, ATTIVITA' SPECIALI): Govern (the
aid's heading "Government (Govern)"), Transport (Trasporto), Eradicate (Sradicare). Each is a
procedure on the contract of activities.py, carried out after its Operation (turn.py), its spaces in
``d["turn"]["sa_spaces"]``.

Govern and Eradicate choose a space at a time (at most 2, ``{"done": true}`` once one is done) and
carry it out; Transport chooses its origin, the size of the group, then each space it enters, one
at a time, ``{"done": true}`` stopping it where it stands.

Each re-poses (model/core/engine.py, "Posing again"): called without an answer at a step awaiting
one, it asks the same question again from what the frame and the state hold, and changes nothing
else (a space's question is asked again at "start", activities.activity).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop
from cdg_oracle.model.distant_plain import removal
from cdg_oracle.model.distant_plain.activities import activity, any_space_left, choose_space
from cdg_oracle.model.distant_plain.control import control_of
from cdg_oracle.model.distant_plain.engine import ENGINE

GOVERN_SPACES = ERADICATE_SPACES = 2  # "max 2 spazi"
TROOPS = "government_troops"
GUERRILLAS = ("taliban_underground", "taliban_active", "warlords_underground", "warlords_active")
LEVELS = ("opposition", "neutral", "support")


def coin_controlled(st, name: str) -> bool:
    d = st.d
    return control_of(d["spaces"][name], st.map.spaces[name].pakistan, d["options"]) == "coin"


# -- Govern --------------------------------------------------------------------------------------
def govern_population(st, name: str) -> int:
    """A space's Population for Govern: with the Returnees marker's "+1 Pop" (default), or the
    printed value (ruling ``govern_population``, registry P21)."""
    s = st.d["spaces"][name]
    extra = 1 if s["returnees"] and st.rulings.govern_population == "with_returnees" else 0
    return st.map.spaces[name].population + extra


@implements("government.special_activities.govern")
def govern_options(st, name: str) -> list[dict]:
    """What Govern may do in a space: place a Returnees marker where there is none ("Se non ci sono
    segnalini Returnees in quello spazio, piazza un Returnees +1 Pop"), or, where there is no
    Coalition Base, move the space's Population from Aid to Patronage and set the space Neutral
    ("Oppure, se non ci sono Basi della Coalizione lì, trasferisci il valore della Popolazione da
    Aid a Patronage e spostala su Neutrale"; "la" read as the space's Support). With Aid below the
    Population: what Aid there is moves (default), or the option is refused (ruling
    ``govern_aid_short``, registry A15)."""
    d = st.d
    s = d["spaces"][name]
    out = []
    if not s["returnees"]:
        out.append({"do": "returnees"})
    short = d["aid"] < govern_population(st, name)
    if s["pieces"]["coalition_bases"] == 0 and not (short and st.rulings.govern_aid_short == "option_refused"):
        out.append({"do": "patronage"})
    return out


def govern_space(st, name: str) -> bool:
    """Govern's location: "1-2 Spazi COIN Control con Supporto o a popolazione 0": a COIN-controlled
    space at Support, or whose Population is 0 (COIN Control read as applying to both); a Province
    or Kabul (a LoC has no Population or Support in the map's data); where it can do something."""
    s = st.d["spaces"][name]
    return (st.map.spaces[name].type != "loc" and coin_controlled(st, name)
            and (s["support"] == "support" or govern_population(st, name) == 0)
            and bool(govern_options(st, name)))


def _govern_allowed(st):
    return lambda n: govern_space(st, n)


@activity(ENGINE, "Government", "govern", lambda st: any_space_left(st, _govern_allowed(st), key="sa_spaces"))
@implements("government.special_activities.govern")
def govern(st, f, a) -> None:
    """Govern in 1-2 spaces (govern_space), one of govern_options in each."""
    d = st.d
    rule = "government.special_activities.govern"
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        f.update(pc="how", target=a["space"])
        a = None
    if f["pc"] == "how" and a is None:  # also the question posed again
        ask(st, "Government", [{**o, "space": f["target"]} for o in govern_options(st, f["target"])], rule,
            f"Government: Govern in {f['target']}")
        return
    if f["pc"] == "how":
        name = f.pop("target")
        s = d["spaces"][name]
        if a["do"] == "returnees":
            s["returnees"] = True
        else:
            moved = min(d["aid"], govern_population(st, name))
            d["aid"] -= moved
            d["patronage"] += moved
            s["support"] = "neutral"
        cite(st, rule)
        d["turn"]["sa_spaces"].append(name)
    choose_space(st, f, _govern_allowed(st), rule, "Government: Govern in which space?", key="sa_spaces",
                 most=GOVERN_SPACES)


# -- Transport -----------------------------------------------------------------------------------
def chain(st, name: str) -> bool:
    """A space of Transport's chain: a LoC or Kabul ("una catena di LoCs (o Kabul)")."""
    return name == "Kabul" or st.map.spaces[name].type == "loc"


def toll(d: dict, name: str) -> int:
    """What entering ``name`` costs: 1 Resource to the Warlords where there are guerrillas, of
    either faction, Underground or Active ("per ogni spazio in cui entri e vi siano Guerriglieri (di
    qualsiasi fazione)")."""
    p = d["spaces"][name]["pieces"]
    return 1 if any(p[k] for k in GUERRILLAS) else 0


def may_enter(st, name: str) -> bool:
    """Whether the troops may enter ``name``: free of guerrillas, or the Government can pay the
    Warlords; with no Resource left the entry is refused (default) or made without paying (ruling
    ``warlords_toll_unpaid``, registry P22)."""
    d = st.d
    return (not toll(d, name) or d["resources"]["Government"] >= 1
            or st.rulings.warlords_toll_unpaid == "entry_free")


@implements("government.special_activities.transport")
def transport_steps(st, path: list[str]) -> list[str]:
    """The spaces the group at the end of ``path`` may enter next: "Muovi un gruppo di truppe Govt
    dentro o lungo una catena di LoCs (o Kabul), e poi in uno spazio adiacente". From a LoC or Kabul,
    any adjacent space; from the origin outside the chain, a LoC or Kabul only (it enters the
    chain); never a space already on the path. (The map's adjacency: LoCs touch provinces and
    Kabul, not each other: gap ``loc_links``.) Whether the group must stop is the caller's
    (``transport_stops``)."""
    here = path[-1]
    first = len(path) == 1
    if not chain(st, here) and not first:
        return []
    return [n for n in st.map.neighbours(here)
            if n not in path and (chain(st, n) or chain(st, here)) and may_enter(st, n)]


def transport_stops(st, name: str) -> bool:
    """The group stops in ``name``: a Sabotage marker ("Fermati se trovi un segnalino Sabotaggio"),
    or the space beyond the chain ("e poi in uno spazio adiacente"). A group starting on a sabotaged
    LoC may leave it: it does not "find" the marker by entering."""
    return st.d["spaces"][name]["sabotage"] or not chain(st, name)


def transport_origin(st, name: str) -> bool:
    return st.d["spaces"][name]["pieces"][TROOPS] >= 1 and bool(transport_steps(st, [name]))


def _transport_allowed(st):
    return lambda n: transport_origin(st, n)


@activity(ENGINE, "Government", "transport",
          lambda st: any_space_left(st, _transport_allowed(st), key="sa_spaces"))
@implements("government.special_activities.transport")
def transport(st, f, a) -> None:
    """Transport, "da 1 spazio a 1 spazio": choose the origin (a space with Government Troops,
    Troops only: "truppe Govt"), then how many Troops form the group, then each space entered
    (transport_steps), paying 1 Government Resource to the Warlords for each entered with
    guerrillas (toll); the group stops at Sabotage or beyond the chain, or where the Government
    says (``{"done": true}``, once it has moved: the aid's "dentro" a chain lets it end on a LoC or
    Kabul). The group moves with each step. The spaces recorded: the origin and the destination."""
    d = st.d
    rule = "government.special_activities.transport"
    t = d["turn"]
    if f["pc"] == "start":
        choose_space(st, f, _transport_allowed(st), rule, "Government: Transport from which space?", key="sa_spaces",
                     most=1)
        return
    if f["pc"] == "space":
        t["sa_spaces"].append(a["space"])
        f.update(pc="troops", path=[a["space"]])
        a = None
    if f["pc"] == "troops" and a is None:  # also the question posed again
        origin = f["path"][0]
        n = d["spaces"][origin]["pieces"][TROOPS]
        ask(st, "Government", [{"troops": k, "space": origin} for k in range(1, n + 1)], rule,
            f"Government: Transport how many Troops from {origin}?")
        return
    if f["pc"] == "troops":
        f.update(pc="step", n=a["troops"])
    elif a is None:  # the next space posed again
        pass
    elif "done" in a:
        t["sa_spaces"].append(f["path"][-1])
        pop(st)
        return
    else:
        here, there = f["path"][-1], a["space"]
        cost = min(toll(d, there), d["resources"]["Government"])
        d["resources"]["Government"] -= cost
        d["resources"]["Warlords"] += cost
        d["spaces"][here]["pieces"][TROOPS] -= f["n"]
        d["spaces"][there]["pieces"][TROOPS] += f["n"]
        f["path"].append(there)
        cite(st, rule)
        if transport_stops(st, there):
            t["sa_spaces"].append(there)
            pop(st)
            return
    options = [{"space": n} for n in transport_steps(st, f["path"])]
    if len(f["path"]) > 1:
        options.append({"done": True})
    ask(st, "Government", options, rule, f"Government: Transport: enter which space from {f['path'][-1]}?")


# -- Eradicate -----------------------------------------------------------------------------------
ERADICATE_AID = {"missing_number": 0, "plus_one": 1}


def eradicate_space(st, name: str) -> bool:
    """Eradicate's location: "1-2 Province COIN Control, cubi Govt e Basi Warlord": a Province
    (Kabul is the City) under COIN Control with a Government cube (Troops or Police) and a Warlords
    Base."""
    p = st.d["spaces"][name]["pieces"]
    return (st.map.spaces[name].type == "province" and coin_controlled(st, name)
            and p[TROOPS] + p["police"] >= 1 and p["warlords_bases"] >= 1)


def _eradicate_allowed(st):
    return lambda n: eradicate_space(st, n)


@implements("government.special_activities.eradicate")
def eradicate_in(st, name: str) -> None:
    """Eradicate in one space: "In ogni spazio, + Aid, +1 Patronage, rimuovi 1 Base Warlord, sposta
    di 1 livello verso l'Opposizione e, se Pashtun, piazza un Guerrigliero Talebano". The Aid amount
    is missing from the aid (registry A02): by default nothing is added, and the gap is said; the
    ruling ``eradicate_aid`` reads "+1 Aid". The Base goes to the Warlords' Available (no "Basi per
    ultime" here: Eradicate removes it whatever guards it); the shift stops at Opposition; the
    Taliban guerrilla comes Underground from Available, none if none is there."""
    d = st.d
    s = d["spaces"][name]
    d["aid"] += ERADICATE_AID[st.rulings.eradicate_aid]
    d["patronage"] += 1
    removal.remove(d, name, "warlords_bases")
    s["support"] = LEVELS[max(0, LEVELS.index(s["support"]) - 1)]
    if st.map.spaces[name].pashtun and d["available"]["taliban_underground"] >= 1:
        d["available"]["taliban_underground"] -= 1
        s["pieces"]["taliban_underground"] += 1


@activity(ENGINE, "Government", "eradicate",
          lambda st: any_space_left(st, _eradicate_allowed(st), key="sa_spaces"))
@implements("government.special_activities.eradicate")
def eradicate(st, f, a) -> None:
    """Eradicate in 1-2 spaces (eradicate_space), each carried out at once (eradicate_in)."""
    rule = "government.special_activities.eradicate"
    if f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        eradicate_in(st, a["space"])
        cite(st, rule)
        st.d["turn"]["sa_spaces"].append(a["space"])
    choose_space(st, f, _eradicate_allowed(st), rule, "Government: Eradicate in which space?", key="sa_spaces",
                 most=ERADICATE_SPACES)
