"""Assault (Assaltare), the COIN factions' Operation (the aid's COALIZIONE and GOVERNO blocks,
OPERAZIONI COIN): "Scopo: Eliminare forze nemiche".

Coalition: "Luogo: Qualsiasi Spazio con truppe della Coalizione"; "rimuovi 1 Guerrigliero Attivo o
Base Ribelle per ogni tua Truppa"; "Se hai coinvolto forze Governative, conta anche i cubi Truppa
Govt nelle Province; ed i cubi Polizia nelle Città, Kabul o LoCs" (Kabul is the map's one City:
registry A03, no effect). Its cost, "3 Risorse Govt per Spazio. Spendi altre 3 Risorse Govt per
Spazio, negli spazi dove vuoi coinvolgere nell'assalto anche truppe Governative", is the ruling
``coalition_assault_cost`` (registry A05): by default 3 Government Resources a space and 3 more
where Government forces join (the cost line names no exception, and "altre 3" are 3 more; where the
aid means free it says so: Sweep's "altrimenti zero", Train's "se piazzati cubi"); or a
Coalition-only space free and 3 where the Government joins.

Government: "Luogo: Qualsiasi Spazio", "3 Risorse Govt per Spazio selezionato"; "rimuovi 1
Guerrigliero Attivo per ogni Truppa Govt o una Base Ribelle per ogni 2 Truppe Govt; A Kabul e
nelle LoCs: rimuovi 1 pezzo nemico per ogni 2 Truppe Govt; In zone di Montagna: rimuovi 1 pezzo
nemico per ogni 3 Truppe Govt. +6 Aid per Base Talebana rimossa." Which cubes count is the ruling
``government_assault_cubes`` (registry A04): by default as the Coalition block says (Govt troops in
Provinces, Police in Kabul and on LoCs), or Govt troops only. No source says which spaces are
Mountain (gap ``mountain``): the spaces of the option ``mountain_spaces`` (default none, so by
default the 1-per-3 ratio never applies) are Mountain; there it applies to every piece, Bases
included ("pezzo nemico").

Both: "Basi per ultime" (removal.coin_targets with the ruling ``bases_protected_by``, registry
P50). The counted cubes are one budget spent piece by piece (a guerrilla costs 1, or 2 in Kabul and
on LoCs, a Base 2, for the Government; every piece 1 for the Coalition): the aid's "o" between the
guerrilla and the Base ratios is read as a rate, not as a choice of one kind for the whole space.
The removal is not optional ("rimuovi"): pieces are removed while the budget pays for a piece the
Assault may take; the assaulting faction chooses which kind each time there is a choice
(``{"remove": kind, "space": name}``, the shape of every removal question of the model: Attack's
and Suborn's, which the aid lets stop early, add ``{"remove": null, "space": name}``; the Assault
has no stop, its "rimuovi" being a must). A space is offered wherever the aid's "Luogo" and the
cost allow, whether or not a piece can be removed there (issue 27 item 1: an Assault without
effect is legal): the Coalition's "Qualsiasi Spazio con truppe della Coalizione", the
Government's "Qualsiasi Spazio". Government forces may join a Coalition Assault (``{"govt": bool,
"space": name}``) where some Government cube stands, whether it counts there or not. Only the Government's Assault gains Aid for a Taliban Base (the Coalition
block has no such line). The removal is the procedure ``coin_assault_removal``, which Patrol's free
Assault reuses (operations/patrol.py).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop, push
from cdg_oracle.model.distant_plain.activities import activity, any_space_left, choose_space
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.removal import coin_targets, remove

RULE = {"Coalition": "coalition.operations.assault", "Government": "government.operations.assault"}
COST = 3  # "3 Risorse Govt per Spazio"
GOVT_JOINS = 3  # "Spendi altre 3 Risorse Govt per Spazio"
TALIBAN_BASE_AID = 6  # "+6 Aid per Base Talebana rimossa"
BASES = ("taliban_bases", "warlords_bases")


def is_mountain(st, name: str) -> bool:
    """Whether a space is Mountain: no source says (gap ``mountain``), so the option
    ``mountain_spaces`` (options.py, default none) does."""
    return name in st.d["options"]["mountain_spaces"]


@implements("coalition.operations.assault", "government.operations.assault")
def counted_govt_cubes(st, name: str, reading: str = "troops_provinces_police_kabul_locs") -> int:
    """The Government cubes an Assault in ``name`` counts: "i cubi Truppa Govt nelle Province; ed i
    cubi Polizia nelle Città, Kabul o LoCs" (``troops_provinces_police_kabul_locs``: the Coalition
    block's, for Government forces joining a Coalition Assault), or every Govt troop and no Police
    (``troops_only``: the Government block's "Truppe Govt", its own Assault's default, ruling
    ``government_assault_cubes``, A04)."""
    p = st.d["spaces"][name]["pieces"]
    if reading == "troops_only":
        return p["government_troops"]
    return p["government_troops"] if st.map.spaces[name].type == "province" else p["police"]


def removal_cost(st, faction: str, name: str, kind: str) -> int:
    """How many counted cubes one piece of ``kind`` takes: the Coalition 1 ("1 ... per ogni tua
    Truppa"); the Government 3 in Mountain, 2 in Kabul and on LoCs, else 1 a guerrilla and 2 a
    Base."""
    if faction == "Coalition":
        return 1
    if is_mountain(st, name):
        return 3
    if st.map.spaces[name].type != "province":
        return 2
    return 2 if kind in BASES else 1


def assault_budget(st, faction: str, name: str, govt_joins: bool = False) -> int:
    """The cubes that count in ``faction``'s Assault in ``name``: the Coalition's troops (and, if
    the Government joins, its counted cubes); the Government's counted cubes (ruling
    ``government_assault_cubes``)."""
    if faction == "Coalition":
        return st.d["spaces"][name]["pieces"]["coalition_troops"] + (counted_govt_cubes(st, name) if govt_joins else 0)
    return counted_govt_cubes(st, name, st.rulings.government_assault_cubes)


def removable(st, faction: str, name: str, budget: int) -> list[str]:
    """The kinds of rebel piece the Assault may remove next in ``name`` with ``budget`` cubes left:
    bases last (removal.coin_targets), and no more than the budget pays for."""
    return [k for k in coin_targets(st.d, name, st.rulings.bases_protected_by)
            if removal_cost(st, faction, name, k) <= budget]


def start_removal(st, f: dict, faction: str, name: str, govt_joins: bool, then: str) -> None:
    """Push the removal in ``name`` (``coin_assault_removal``); the caller resumes at ``then``."""
    f["pc"] = then
    push(st, "coin_assault_removal", faction=faction, space=name,
         budget=assault_budget(st, faction, name, govt_joins))


@ENGINE.procedure("coin_assault_removal")
@implements("coalition.operations.assault", "government.operations.assault")
def assault_removal(st, f, a) -> None:
    """Remove rebel pieces in ``f["space"]`` while ``f["budget"]`` pays for one (module docstring);
    the assaulting faction chooses the kind when there is a choice. The Government gains 6 Aid per
    Taliban Base removed. Called without an answer at its question it removes nothing and poses the
    question again (it re-poses: engine.py ``declare_reposing``)."""
    d, faction, name = st.d, f["faction"], f["space"]
    rule = RULE[faction]
    kind = a["remove"] if a is not None and "remove" in a else None
    while True:
        if kind is not None:
            f["budget"] -= removal_cost(st, faction, name, kind)
            remove(d, name, kind)
            cite(st, rule)
            if faction == "Government" and kind == "taliban_bases":
                d["aid"] += TALIBAN_BASE_AID
        options = removable(st, faction, name, f["budget"])
        if not options:
            pop(st)
            return
        if len(options) > 1:
            f["pc"] = "remove"
            ask(st, faction, [{"remove": k, "space": name} for k in options], rule,
                f"{faction}: Assault in {name}: remove which piece? ({f['budget']} cubes left)")
            return
        kind = options[0]


# -- the Coalition -----------------------------------------------------------------------------
def coalition_space_cost(st) -> int:
    """What a Coalition Assault space costs before the Government joins (ruling
    ``coalition_assault_cost``, registry A05): nothing, or 3 Government Resources."""
    return COST if st.rulings.coalition_assault_cost == "three_plus_three" else 0


def govt_may_join(st, name: str, cost: int) -> bool:
    """Whether Government forces can join a Coalition Assault in ``name``: some of its cubes are
    there ("dove vuoi coinvolgere ... truppe Governative"; one that does not count there, Police in a
    Province, joins to no effect, still a legal choice), and the Government Resources pay ``cost``."""
    p = st.d["spaces"][name]["pieces"]
    return p["government_troops"] + p["police"] > 0 and st.d["resources"]["Government"] >= cost


def _coalition_allowed(st):
    d = st.d
    return lambda n: (d["spaces"][n]["pieces"]["coalition_troops"] >= 1
                      and d["resources"]["Government"] >= coalition_space_cost(st))


def coalition_possible(st) -> bool:
    return any_space_left(st, _coalition_allowed(st))


def ask_govt_joins(st, name: str) -> None:
    """Ask whether Government forces join the Coalition's Assault in ``name``."""
    ask(st, "Coalition", [{"govt": False, "space": name}, {"govt": True, "space": name}], RULE["Coalition"],
        f"Coalition: Assault in {name}: do Government forces join (3 Government Resources)?")


@activity(ENGINE, "Coalition", "assault", coalition_possible)
@implements("coalition.operations.assault", "limited_operation")
def coalition_assault(st, f, a) -> None:
    """The Coalition's Assault: a space at a time with Coalition troops (one for a Limited
    Operation); pay its cost; choose whether the Government joins (3 Government
    Resources more, counting its cubes); remove. Called without an answer at a step awaiting one
    (``space``, ``govt``) it poses that question again and changes nothing else (it re-poses:
    engine.py ``declare_reposing``)."""
    d = st.d
    rule = RULE["Coalition"]
    if f["pc"] == "govt" and a is None:  # the question posed again (re-posing: engine.py)
        ask_govt_joins(st, f["target"])
        return
    if f["pc"] == "space" and "done" in a:
        pop(st)
        return
    if f["pc"] == "space":
        name = a["space"]
        d["resources"]["Government"] -= coalition_space_cost(st)
        d["turn"]["spaces"].append(name)
        cite(st, rule)
        if govt_may_join(st, name, GOVT_JOINS):
            f.update(pc="govt", target=name)
            ask_govt_joins(st, name)
            return
        start_removal(st, f, "Coalition", name, False, "removed")
        return
    if f["pc"] == "govt":
        name = f.pop("target")
        if a["govt"]:
            d["resources"]["Government"] -= GOVT_JOINS
        start_removal(st, f, "Coalition", name, a["govt"], "removed")
        return
    choose_space(st, f, _coalition_allowed(st), rule, "Coalition: Assault in which space?")


# -- the Government ----------------------------------------------------------------------------
def _government_allowed(st):
    d = st.d
    return lambda n: d["resources"]["Government"] >= COST


def government_possible(st) -> bool:
    return any_space_left(st, _government_allowed(st))


@activity(ENGINE, "Government", "assault", government_possible)
@implements("government.operations.assault", "limited_operation")
def government_assault(st, f, a) -> None:
    """The Government's Assault: any space at a time (one for a Limited Operation), 3 Resources
    each; remove what its counted cubes can."""
    d = st.d
    rule = RULE["Government"]
    if f["pc"] == "space" and "done" in a:
        pop(st)
        return
    if f["pc"] == "space":
        name = a["space"]
        d["resources"]["Government"] -= COST
        d["turn"]["spaces"].append(name)
        cite(st, rule)
        start_removal(st, f, "Government", name, False, "removed")
        return
    choose_space(st, f, _government_allowed(st), rule, "Government: Assault in which space?")
