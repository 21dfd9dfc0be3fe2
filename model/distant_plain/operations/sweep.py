"""Sweep (Perlustrare), the COIN factions' Operation (the aid's COALIZIONE and GOVERNO blocks,
OPERAZIONI COIN): "Scopo: Entra in un'area e snida nemici. Luogo: Qualsiasi Provincia o Kabul."
"Non possibile se ultimo evento prima dell'ultima Propaganda": the turn does not offer it then
(turn.py, activities.NOT_LAST).

Coalition: "Costo: 3 Risorse Govt per Spazio di destinazione se muovi anche truppe Govt; altrimenti
zero. Procedura: Muovi truppe, inclusa 1 truppa Govt per ogni truppa della Coalizione, in Spazi
adiacenti, sfruttando le LoCs se vuoi. Attiva 1 Guerrigliero per ogni cubo della Coalizione
presente negli spazi di destinazione." Up to one Govt troop per Coalition troop moved into the same
destination, or exactly one with each (ruling ``coalition_sweep_govt_troops``, registry A08); the 3
Government Resources are paid with a destination's first Govt troop.

Government: "Costo: 3 Risorse per Spazio di destinazione. Procedura: Muovi truppe Govt, in Spazi
adiacenti, sfruttando le LoCs se vuoi. Attiva 1 Guerrigliero per ogni cubo Govt presente negli
spazi di destinazione. In ogni LoC in cui sei entrato in cui vi era un Guerrigliero, non conta di
che fazione, trasferisci 1 tua risorsa ai warlord." Each such LoC is paid for once a Sweep (the
first troop entering it); with no Resource left to pay, the LoC cannot be entered, or is entered
without paying (ruling ``warlords_toll_unpaid``, registry P22, shared with Transport's toll); the
Coalition block has no such line, so the Coalition's Sweep pays none.

How it is played here. The faction chooses a destination (one only for a Limited Operation,
``limited_operation``), then moves troops into it one at a time (``{"move": kind, "from": origin,
"to": destination}``) from the spaces adjacent to it or,
"sfruttando le LoCs", from a space through one LoC touching both (LoCs touch no LoC on this map,
gap ``loc_links``; Sweep's text has no Sabotage stop, so Sabotage does not stop it). A troop moves
once. The Government names the LoC it passes (``"via"``) only where entering it costs a Resource;
every other route is one option. Whether a destination must receive a troop ("Entra in un'area")
is the ruling ``destination_needs_move`` (registry P05). After every destination, the activation in
each destination of 1 guerrilla per own cube there (the Coalition's troops; the Government's troops
and Police): where both insurgents have Underground guerrillas and not all are activated the
sweeping faction chooses whose, one at a time (patrol.coin_activation).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop, push
from cdg_oracle.model.distant_plain.activities import activity, any_space_left
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.operations.patrol import (
    CUBES,
    activation_queue,
    movable,
    offer_space,
    record_move,
)

RULE = {"Coalition": "coalition.operations.sweep", "Government": "government.operations.sweep"}
COST = 3  # "3 Risorse (Govt) per Spazio di destinazione"
LOC_FEE = 1  # "trasferisci 1 tua risorsa ai warlord"
COAL, GOVT = "coalition_troops", "government_troops"
GUERRILLAS = ("taliban_underground", "taliban_active", "warlords_underground", "warlords_active")


def routes(st, origin: str, dest: str) -> tuple[bool, list[str]]:
    """How a troop in ``origin`` reaches ``dest``: directly (adjacent), and through which LoCs
    touching both."""
    near = st.map.neighbours(dest)
    via = [n for n in st.map.neighbours(origin) if st.map.spaces[n].type == "loc" and n in near]
    return origin in near, via


def has_guerrilla(st, name: str) -> bool:
    p = st.d["spaces"][name]["pieces"]
    return any(p[k] for k in GUERRILLAS)


def origins(st, f: dict, dest: str, kind: str) -> list[str]:
    """The spaces with an unmoved troop of ``kind`` that can reach ``dest``."""
    return [n for n in st.map.names if n != dest and movable(st, f, n, kind) > 0 and any(routes(st, n, dest))]


def coalition_moves(st, f: dict, dest: str, budget: int, entered: dict, paid: bool) -> list[dict]:
    """The Coalition's moves into ``dest``: a Coalition troop; a Govt troop while fewer have come
    than Coalition troops (``up_to``), or a Coalition troop with a Govt troop (``exactly``); a Govt
    troop only if its destination is paid or ``budget`` pays 3."""
    govt_ok = paid or budget >= COST
    if st.rulings.coalition_sweep_govt_troops == "exactly":
        if not govt_ok:
            return []
        govt = origins(st, f, dest, GOVT)
        return [{"move": COAL, "from": n, "to": dest, "with": g} for n in origins(st, f, dest, COAL) for g in govt]
    out = [{"move": COAL, "from": n, "to": dest} for n in origins(st, f, dest, COAL)]
    if govt_ok and entered.get(GOVT, 0) < entered.get(COAL, 0):
        out += [{"move": GOVT, "from": n, "to": dest} for n in origins(st, f, dest, GOVT)]
    return out


def government_moves(st, f: dict, dest: str, budget: int) -> list[dict]:
    """The Government's moves into ``dest``: a Govt troop by a route that costs nothing (adjacent,
    or through a LoC without guerrillas or already paid for), or through a LoC with a guerrilla not
    yet paid for (``"via"``, while ``budget`` pays 1)."""
    out = []
    for n in origins(st, f, dest, GOVT):
        direct, via = routes(st, n, dest)
        fee = [x for x in via if has_guerrilla(st, x) and x not in f["paid_locs"]]
        if direct or len(fee) < len(via):
            out.append({"move": GOVT, "from": n, "to": dest})
        if budget >= LOC_FEE or st.rulings.warlords_toll_unpaid == "entry_free":
            out += [{"move": GOVT, "from": n, "to": dest, "via": x} for x in fee]
    return out


def sweep_moves(st, f: dict, faction: str, dest: str, budget: int, entered: dict, paid: bool) -> list[dict]:
    if faction == "Coalition":
        return coalition_moves(st, f, dest, budget, entered, paid)
    return government_moves(st, f, dest, budget)


def _sweep_allowed(st, f: dict, faction: str):
    d = st.d

    def allowed(n: str) -> bool:
        if st.map.spaces[n].type == "loc":
            return False
        budget = d["resources"]["Government"] - (COST if faction == "Government" else 0)
        if budget < 0:
            return False
        if st.rulings.destination_needs_move == "optional" and any(d["spaces"][n]["pieces"][k] for k in CUBES[faction]):
            return True
        return bool(sweep_moves(st, f, faction, n, budget, {}, False))
    return allowed


def sweep_possible(faction: str):
    return lambda st: any_space_left(st, _sweep_allowed(st, {"moved": {}, "paid_locs": []}, faction))


def move_troops(st, f: dict, faction: str, a: dict) -> None:
    """Carry out one move of ``sweep_moves`` into ``f["dest"]``, paying what it costs."""
    d, dest = st.d, f["dest"]
    kinds = [a["move"]] + ([GOVT] if "with" in a else [])
    if faction == "Coalition" and GOVT in kinds and not f["paid"]:
        d["resources"]["Government"] -= COST
        f["paid"] = True
    if "via" in a:  # the toll, or what the Government has of it (ruling warlords_toll_unpaid)
        toll = min(LOC_FEE, d["resources"]["Government"])
        d["resources"]["Government"] -= toll
        d["resources"]["Warlords"] += toll
        f["paid_locs"].append(a["via"])
    record_move(st, f, a["move"], a["from"], dest)
    if "with" in a:
        record_move(st, f, GOVT, a["with"], dest)
    for k in kinds:
        f["entered"][k] = f["entered"].get(k, 0) + 1


def run_sweep(st, f, a, faction: str) -> None:
    """One step of ``faction``'s Sweep (module docstring): destinations and moves, then the
    activation. Called without an answer at a step awaiting one (``space``, ``move``) it poses
    that question again and changes nothing else (it re-poses: engine.py ``declare_reposing``)."""
    d = st.d
    t = d["turn"]
    rule = RULE[faction]
    if f["pc"] == "end":
        pop(st)
        return
    if f["pc"] == "start":
        f.update(moved={}, paid_locs=[])
    elif a is None and f["pc"] == "move":
        pass  # the move posed again below, from the same state (re-posing: engine.py)
    elif f["pc"] == "space" and "space" in a:
        if faction == "Government":
            d["resources"]["Government"] -= COST
        t["spaces"].append(a["space"])
        f.update(pc="move", dest=a["space"], entered={}, paid=False)
        cite(st, rule)
    elif f["pc"] == "move" and "move" in a:
        move_troops(st, f, faction, a)
        cite(st, rule)
    elif f["pc"] == "move":  # done with this destination
        f["pc"] = "next"
    elif f["pc"] == "space":  # done choosing destinations
        f["pc"] = "activate"
    if f["pc"] == "move":
        moves = sweep_moves(st, f, faction, f["dest"], d["resources"]["Government"], f["entered"], f["paid"])
        if moves:
            done = [{"done": True}] if f["entered"] or st.rulings.destination_needs_move == "optional" else []
            ask(st, faction, moves + done, rule, f"{faction}: Sweep: move a troop into {f['dest']} (or done)")
            return
        f["pc"] = "next"
    if f["pc"] in ("start", "next"):
        for k in ("dest", "entered", "paid"):
            f.pop(k, None)
        if offer_space(st, f, _sweep_allowed(st, f, faction), rule, f"{faction}: Sweep: which destination?"):
            return
    f["pc"] = "end"  # every destination chosen: the activation
    push(st, "coin_activation", faction=faction, rule=rule, queue=activation_queue(st, faction, t["spaces"]))


@activity(ENGINE, "Coalition", "sweep", sweep_possible("Coalition"))
@implements("coalition.operations.sweep", "limited_operation")
def coalition_sweep(st, f, a) -> None:
    """The Coalition's Sweep: its troops with up to (or exactly) one Govt troop each, 3 Government
    Resources a destination a Govt troop enters (module docstring)."""
    run_sweep(st, f, a, "Coalition")


@activity(ENGINE, "Government", "sweep", sweep_possible("Government"))
@implements("government.operations.sweep", "limited_operation")
def government_sweep(st, f, a) -> None:
    """The Government's Sweep: its troops, 3 Resources a destination, 1 to the Warlords a LoC with a
    guerrilla entered (module docstring)."""
    run_sweep(st, f, a, "Government")
