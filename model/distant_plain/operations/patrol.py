"""Patrol (Pattugliare), the COIN factions' Operation (the aid's COALIZIONE and GOVERNO blocks,
OPERAZIONI COIN): "Scopo: Proteggi le LoCs. Luogo: Qualsiasi LoC o Kabul."

Coalition ("Costo: Nessuno"): "Muovi qualsiasi truppa della Coalizione dentro o attraverso LoCs
adiacenti o Kabul, fermati se incontri Sabotaggio. Poi, in ogni LoC, attiva 1 Guerrigliero per ogni
tuo cubo presente e se desideri, esegui un Assalto gratuito in 1 LoC." Government ("Costo: 3
Risorse in totale"): the same with "qualsiasi cubo Govt" (troops and Police).

How it is played here. The faction chooses a destination (a LoC or Kabul; one only for a Limited
Operation, ``limited_operation``: "1 solo spazio di destinazione"), then moves its cubes into it one
at a time (``{"move": kind, "from": space, "to": destination}``) from any space from which a chain of adjacent LoCs or
Kabul leads there; a chain stops on entering a sabotaged LoC (a cube may leave the sabotaged LoC it
starts on: the aid stops a cube that "meets" Sabotage). A cube moves once. LoCs touch no LoC on this
map (gap ``loc_links``), so a chain runs LoC, Kabul, LoC. Whether a destination must receive a cube
is the ruling ``destination_needs_move`` (registry P05). The Government pays its 3 Resources with
its first destination.

Then the activation, in each LoC, of 1 guerrilla per own cube there (the Coalition's cubes are its
troops; the Government's its troops and Police): in every LoC of the map as the aid writes ("in
ogni LoC"), or only in the Patrol's destinations (ruling ``patrol_activation``, registry P04).
Which insurgent's guerrilla is activated, where both have Underground ones and not all are
activated, the patrolling faction chooses one at a time (``{"activate": kind, "space": name}``:
procedure ``coin_activation``, which Sweep shares). Then the free Assault in 1 LoC, if the faction wishes: its own Assault's removal
(operations/assault.py; for the Coalition, Government forces may join at no cost, the Assault being
free, or for the Assault's 3 Government Resources: ruling ``patrol_assault_govt_join``, registry P07), in any LoC (the Coalition's where its troops are: the Assault's "Luogo"), whether or not
a piece can be removed there (issue 27 item 1), or only in a destination (ruling
``patrol_assault_where``, registry P06).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop, push
from cdg_oracle.model.distant_plain.activities import activity, any_space_left, choose_space
from cdg_oracle.model.distant_plain.engine import ENGINE
from cdg_oracle.model.distant_plain.operations.assault import GOVT_JOINS, govt_may_join, start_removal

RULE = {"Coalition": "coalition.operations.patrol", "Government": "government.operations.patrol"}
#: Each COIN faction's cubes: what it moves in a Patrol, and what activates a guerrilla in Patrol
#: ("tuo cubo") and Sweep ("cubo della Coalizione", "cubo Govt").
CUBES = {"Coalition": ("coalition_troops",), "Government": ("government_troops", "police")}
COST = {"Coalition": 0, "Government": 3}  # "Nessuno"; "3 Risorse in totale"
HIDDEN = ("taliban_underground", "warlords_underground")


# -- shared with Sweep and Train ----------------------------------------------------------------
def offer_space(st, f: dict, allowed, rule: str, prompt: str) -> bool:
    """Ask for the next space (activities.choose_space) if one is left; else return False without
    ending the Operation (it has a step after its spaces)."""
    if not any_space_left(st, allowed):
        return False
    return choose_space(st, f, allowed, rule, prompt)


def movable(st, f: dict, name: str, kind: str) -> int:
    """The cubes of ``kind`` in ``name`` that have not moved in this Operation (``f["moved"]``)."""
    return st.d["spaces"][name]["pieces"][kind] - f["moved"].get(name, {}).get(kind, 0)


def record_move(st, f: dict, kind: str, origin: str, dest: str) -> None:
    p = st.d["spaces"]
    p[origin]["pieces"][kind] -= 1
    p[dest]["pieces"][kind] += 1
    moved = f["moved"].setdefault(dest, {})
    moved[kind] = moved.get(kind, 0) + 1


def activation_queue(st, faction: str, names) -> list[list]:
    """``[space, n]`` for each of ``names`` where ``n``, the faction's cubes there (``CUBES``), is above 0."""
    out = []
    for n in names:
        cubes = sum(st.d["spaces"][n]["pieces"][k] for k in CUBES[faction])
        if cubes:
            out.append([n, cubes])
    return out


@ENGINE.procedure("coin_activation")
@implements("coalition.operations.patrol", "government.operations.patrol", "coalition.operations.sweep",
            "government.operations.sweep")
def coin_activation(st, f, a) -> None:
    """Activate, in each ``[space, n]`` of ``f["queue"]``, ``n`` Underground guerrillas (as many as
    there are); where both insurgents have some and not all are activated, ``f["faction"]`` chooses
    whose, one at a time (``{"activate": kind, "space": name}``). Called without an answer at that
    question it activates nothing and poses it again (it re-poses: engine.py ``declare_reposing``):
    every forced activation before it is already done."""
    d = st.d
    if a is not None and "activate" in a:
        flip(d, a["space"], a["activate"], 1)
        f["queue"][0][1] -= 1
    while f["queue"]:
        name, n = f["queue"][0]
        p = d["spaces"][name]["pieces"]
        hidden = [k for k in HIDDEN if p[k] > 0]
        if n <= 0 or not hidden:
            f["queue"].pop(0)
            continue
        if len(hidden) == 1 or n >= sum(p[k] for k in hidden):
            for k in hidden:
                flip(d, name, k, min(n, p[k]))
            cite(st, f["rule"])
            f["queue"].pop(0)
            continue
        f["pc"] = "activate"
        ask(st, f["faction"], [{"activate": k, "space": name} for k in hidden], f["rule"],
            f"{f['faction']}: activate whose guerrilla in {name}? ({n} to activate)")
        return
    pop(st)


def flip(d: dict, name: str, hidden: str, n: int) -> None:
    """Turn ``n`` Underground guerrillas of kind ``hidden`` in ``name`` Active."""
    p = d["spaces"][name]["pieces"]
    p[hidden] -= n
    p[hidden.replace("_underground", "_active")] += n


# -- Patrol's movement --------------------------------------------------------------------------
def on_chain(st, name: str) -> bool:
    return name == "Kabul" or st.map.spaces[name].type == "loc"


def patrol_origins(st, dest: str) -> list[str]:
    """The spaces from which a cube can reach ``dest`` moving "dentro o attraverso LoCs adiacenti o
    Kabul", stopping on entering a sabotaged LoC (so a sabotaged LoC is passed through by none, but
    may be a cube's start or end)."""
    d = st.d
    origins, frontier = set(), [dest]
    while frontier:
        here = frontier.pop()
        for n in st.map.neighbours(here):
            if n == dest or n in origins:
                continue
            origins.add(n)
            if on_chain(st, n) and not d["spaces"][n]["sabotage"]:
                frontier.append(n)
    return sorted(origins)


def patrol_moves(st, f: dict, faction: str, dest: str) -> list[dict]:
    """The single-cube moves into ``dest``: cubes that have not moved, from a space whose chain
    reaches it."""
    origins = patrol_origins(st, dest)
    return [{"move": kind, "from": n, "to": dest} for kind in CUBES[faction] for n in origins
            if movable(st, f, n, kind) > 0]


def _patrol_allowed(st, f: dict, faction: str):
    d = st.d

    def allowed(n: str) -> bool:
        if not on_chain(st, n):
            return False
        if not d["turn"]["spaces"] and d["resources"]["Government"] < COST[faction]:
            return False
        if st.rulings.destination_needs_move == "optional" and any(d["spaces"][n]["pieces"][k] for k in CUBES[faction]):
            return True
        return bool(patrol_moves(st, f, faction, n))
    return allowed


def patrol_possible(faction: str):
    return lambda st: any_space_left(st, _patrol_allowed(st, {"moved": {}}, faction))


# -- after the moves ---------------------------------------------------------------------------
def activation_locs(st) -> list[str]:
    """Where Patrol activates (ruling ``patrol_activation``): every LoC, or its destination LoCs."""
    if st.rulings.patrol_activation == "destination_locs":
        return [n for n in st.d["turn"]["spaces"] if st.map.spaces[n].type == "loc"]
    return list(st.map.locs)


def free_assault_locs(st, faction: str) -> list[str]:
    """The LoCs of the free Assault (ruling ``patrol_assault_where``): any LoC, or a destination; the
    Coalition's where its troops are (its Assault's "Qualsiasi Spazio con truppe della Coalizione"),
    the Government's any (its Assault's "Qualsiasi Spazio"), a piece to remove or not (issue 27
    item 1)."""
    d = st.d
    names = st.map.locs if st.rulings.patrol_assault_where == "any_loc" else \
        [n for n in d["turn"]["spaces"] if st.map.spaces[n].type == "loc"]
    if faction == "Coalition":
        return [n for n in names if d["spaces"][n]["pieces"]["coalition_troops"] >= 1]
    return list(names)


@implements("coalition.operations.patrol")
def join_cost(st) -> int:
    """What Government forces joining the Coalition Patrol's free Assault cost (ruling
    ``patrol_assault_govt_join``, P07): nothing, or the Assault's 3 Government Resources."""
    return 0 if st.rulings.patrol_assault_govt_join == "join_free" else GOVT_JOINS


def ask_free_assault(st, faction: str, locs: list[str]) -> None:
    """Ask for the free Assault's LoC among ``locs`` (free_assault_locs), or none."""
    ask(st, faction, [{"assault": n} for n in locs] + [{"assault": None}], RULE[faction],
        f"{faction}: Patrol: a free Assault in 1 LoC?", key="assault", values=locs)


def ask_govt_joins(st, name: str) -> None:
    """Ask whether Government forces join the Coalition's free Assault in ``name``."""
    ask(st, "Coalition", [{"govt": False, "space": name}, {"govt": True, "space": name}], RULE["Coalition"],
        f"Coalition: free Assault in {name}: do Government forces join?")


def run_patrol(st, f, a, faction: str) -> None:
    """One step of ``faction``'s Patrol (module docstring): destinations and moves, then the
    activation, then the free Assault. Called without an answer at a step awaiting one
    (``space``, ``move``, ``assault``, ``govt``) it poses that question again and changes nothing
    else (it re-poses: engine.py ``declare_reposing``)."""
    d = st.d
    t = d["turn"]
    rule = RULE[faction]
    if a is None and f["pc"] == "assault":  # the questions posed again (re-posing: engine.py)
        ask_free_assault(st, faction, free_assault_locs(st, faction))
        return
    if a is None and f["pc"] == "govt":
        ask_govt_joins(st, f["target"])
        return
    if f["pc"] == "start":
        f["moved"] = {}
    elif a is None and f["pc"] == "move":
        pass  # the move posed again below, from the same state
    elif f["pc"] == "space" and "space" in a:
        if not t["spaces"]:
            d["resources"]["Government"] -= COST[faction]
        t["spaces"].append(a["space"])
        f.update(pc="move", dest=a["space"], entered=0)
        cite(st, rule)
    elif f["pc"] == "move" and "move" in a:
        record_move(st, f, a["move"], a["from"], f["dest"])
        f["entered"] += 1
        cite(st, rule)
    elif f["pc"] == "move":  # done with this destination
        f["pc"] = "next"
    elif f["pc"] == "space":  # done choosing destinations
        f["pc"] = "activate"
    elif f["pc"] == "activated":
        locs = free_assault_locs(st, faction)
        if not locs:
            pop(st)
            return
        f["pc"] = "assault"
        ask_free_assault(st, faction, locs)
        return
    elif f["pc"] == "assault":
        name = a["assault"]
        if name is None:
            pop(st)
            return
        if faction == "Coalition" and govt_may_join(st, name, join_cost(st)):
            f.update(pc="govt", target=name)
            ask_govt_joins(st, name)
            return
        start_removal(st, f, faction, name, False, "end")
        return
    elif f["pc"] == "govt":
        if a["govt"]:
            d["resources"]["Government"] -= join_cost(st)
        start_removal(st, f, faction, f.pop("target"), a["govt"], "end")
        return
    elif f["pc"] == "end":
        pop(st)
        return
    if f["pc"] == "move":
        moves = patrol_moves(st, f, faction, f["dest"])
        if moves:
            done = [{"done": True}] if f["entered"] or st.rulings.destination_needs_move == "optional" else []
            ask(st, faction, moves + done, rule, f"{faction}: Patrol: move a cube into {f['dest']} (or done)")
            return
        f["pc"] = "next"
    if f["pc"] in ("start", "next"):
        f.pop("dest", None)
        f.pop("entered", None)
        if offer_space(st, f, _patrol_allowed(st, f, faction), rule, f"{faction}: Patrol: which destination?"):
            return
    f["pc"] = "activated"  # every destination chosen: the activation
    push(st, "coin_activation", faction=faction, rule=rule, queue=activation_queue(st, faction, activation_locs(st)))


@activity(ENGINE, "Coalition", "patrol", patrol_possible("Coalition"))
@implements("coalition.operations.patrol", "limited_operation")
def coalition_patrol(st, f, a) -> None:
    """The Coalition's Patrol, free: its troops (module docstring)."""
    run_patrol(st, f, a, "Coalition")


@activity(ENGINE, "Government", "patrol", patrol_possible("Government"))
@implements("government.operations.patrol", "limited_operation")
def government_patrol(st, f, a) -> None:
    """The Government's Patrol, 3 Resources in all: its troops and Police (module docstring)."""
    run_patrol(st, f, a, "Government")
