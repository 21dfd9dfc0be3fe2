"""March (Marciare), the insurgents' Operation (the aid's WARLORDS and TALEBANI blocks, OPERAZIONI
RIBELLI), for both the Warlords and the Taliban.

"Luogo: Qualsiasi Spazio. Costo: 1 Risorsa per destinazione, zero per LoCs. Procedura: Muovi
Guerrieri Warlord in spazi adiacenti. Se la destinazione è una LoC o un territorio Pashtun, e la
somma dei tuoi Guerrieri più i Guerrieri Talebani è superiore a 3, attiva i tuoi Guerrieri." The
Taliban's: "Se la destinazione non è un territorio Pashtun, e la somma dei tuoi Guerriglieri più i
Guerriglieri Warlord è superiore a 3, attiva i tuoi Guerriglieri. Se la destinazione è un territorio
Pashtun, puoi Marciare ancora." Not offered on the last turn before the final Propaganda round
(turn.py).

On the contract of activities.py, a destination at a time: the faction chooses a destination
(``{"space": name}``, each space once), then moves its guerrillas into it one at a time from adjacent
spaces (``{"move": kind, "from": origin, "to": destination}``), ``{"done": true}`` ending the
destination once one has moved in; then the activation test, then the destination's cost is paid:
1 Resource, none for a LoC, none for the Taliban under Backing or Sponsorship when the March is into
or out of Pakistan (``islamabad.backing``; which origins make a March "out of" Pakistan: registry
P31, ruling ``march_pakistan_cost``). A move is offered only when the destination's cost with it is
affordable. A Limited March has one destination, from any number of origins (``limited_operation``).

Which guerrillas may move: a guerrilla moves once in a March (the aid's "Muovi ... in spazi
adiacenti": into an adjacent space), except the Taliban's that entered a Pashtun destination: they
"may March again" ("puoi Marciare ancora"), onward from there into a later destination; so a
Limited March, with its one destination, never marches onward (the onward space would be a second
destination: the aid names it "la destinazione" too).

The activation test (registry A09, ruling ``march_activation``): by default every guerrilla of both
insurgents in the destination after the move is counted, and a LoC is not Pashtun territory;
``moving_group`` counts the own guerrillas that moved in plus the other faction's there;
``loc_exempt_for_taliban`` never activates the Taliban on a LoC. Which own guerrillas are activated
(registry P30, ruling ``march_activates``): those that moved in (default), or every own guerrilla
there. The aid's March has no Mountain clause: the option ``mountain_spaces`` (gap ``mountain``)
plays no part.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop
from cdg_oracle.model.distant_plain.activities import activity, any_space_left, choose_space
from cdg_oracle.model.distant_plain.engine import ENGINE

OTHER = {"Warlords": "Taliban", "Taliban": "Warlords"}
RULE = {"Warlords": "warlords.operations.march", "Taliban": "taliban.operations.march"}
FREE_LEVELS = ("backing", "sponsorship")


def guerrilla_kinds(faction: str) -> tuple[str, str]:
    """A faction's guerrilla piece keys: (Underground, Active)."""
    f = faction.lower()
    return f"{f}_underground", f"{f}_active"


def guerrillas(d: dict, space: str, faction: str) -> int:
    """A faction's guerrillas in a space, Underground and Active."""
    p = d["spaces"][space]["pieces"]
    return sum(p[k] for k in guerrilla_kinds(faction))


def marches_on(st, faction: str, space: str) -> bool:
    """Whether guerrillas that entered ``space`` may move again in this March: the Taliban's in a
    Pashtun destination ("Se la destinazione è un territorio Pashtun, puoi Marciare ancora")."""
    return faction == "Taliban" and st.map.spaces[space].pashtun


def movable(st, f: dict, faction: str, origin: str, kind: str) -> int:
    """The guerrillas of ``kind`` at ``origin`` that may still move: those not held there by an
    earlier move of this March (``f["held"]``)."""
    return st.d["spaces"][origin]["pieces"][kind] - f["held"].get(origin, {}).get(kind, 0)


@implements("islamabad.backing", "islamabad.sponsorship")
def destination_cost(st, faction: str, dest: str, origins: list[str]) -> int:
    """A destination's cost: 1 Resource, none for a LoC; none for the Taliban under Backing or
    Sponsorship when the March is into Pakistan (the destination is there) or out of it (every
    origin, or by ruling ``march_pakistan_cost`` any origin, is there)."""
    space = st.map.spaces[dest]
    if space.type == "loc":
        return 0
    if faction == "Taliban" and st.d["islamabad"]["level"] in FREE_LEVELS:
        from_pakistan = [st.map.spaces[o].pakistan for o in origins]
        out = all(from_pakistan) if st.rulings.march_pakistan_cost == "all_from_pakistan" else any(from_pakistan)
        if space.pakistan or (origins and out):
            return 0
    return 1


def move_options(st, f: dict, faction: str, dest: str, origins: list[str]) -> list[dict]:
    """The moves into ``dest`` allowed now: one own guerrilla from an adjacent space, Underground
    then Active, origins in name order, each only if the destination stays affordable."""
    out = []
    for origin in sorted(st.map.neighbours(dest)):
        if destination_cost(st, faction, dest, sorted(set(origins) | {origin})) > st.d["resources"][faction]:
            continue
        out += [{"move": kind, "from": origin, "to": dest} for kind in guerrilla_kinds(faction)
                if movable(st, f, faction, origin, kind) > 0]
    return out


def _allowed(st, f: dict, faction: str):
    return lambda n: bool(move_options(st, f, faction, n, []))


def activation_applies(st, faction: str, dest: str) -> bool:
    """Whether the destination can activate the marching faction: for the Warlords a LoC or Pashtun
    territory; for the Taliban a space not Pashtun (a LoC too, unless ruling
    ``march_activation`` is ``loc_exempt_for_taliban``)."""
    space = st.map.spaces[dest]
    if faction == "Warlords":
        return space.type == "loc" or space.pashtun
    if space.type == "loc" and st.rulings.march_activation == "loc_exempt_for_taliban":
        return False
    return not space.pashtun


def activation_count(st, faction: str, dest: str, moved: dict) -> int:
    """'La somma dei tuoi Guerrieri più i Guerrieri Talebani' (ruling ``march_activation``): every own
    guerrilla in the destination, or (``moving_group``) those that moved in; plus the other
    insurgent's guerrillas there."""
    own = sum(moved.values()) if st.rulings.march_activation == "moving_group" else guerrillas(st.d, dest, faction)
    return own + guerrillas(st.d, dest, OTHER[faction])


def activate(st, faction: str, dest: str, moved: dict) -> None:
    """Activate the own guerrillas (ruling ``march_activates``: those that moved in, or all there)."""
    u, a = guerrilla_kinds(faction)
    p = st.d["spaces"][dest]["pieces"]
    n = moved[u] if st.rulings.march_activates == "moved" else p[u]
    p[u] -= n
    p[a] += n
    moved[a] += moved[u]
    moved[u] = 0


def finish_destination(st, f: dict, faction: str) -> None:
    """A destination's moves are over: the activation test, the cost, and the guerrillas that moved
    in are held there unless they may march again."""
    d, dest, moved = st.d, f.pop("dest"), f.pop("moved")
    origins = f.pop("origins")
    rule = RULE[faction]
    if activation_applies(st, faction, dest) and activation_count(st, faction, dest, moved) > 3:
        activate(st, faction, dest, moved)
        cite(st, rule)
    cost = destination_cost(st, faction, dest, origins)
    if cost == 0 and st.map.spaces[dest].type != "loc":
        cite(st, f"islamabad.{d['islamabad']['level']}")
    d["resources"][faction] -= cost
    if not marches_on(st, faction, dest):
        held = f["held"].setdefault(dest, {})
        for kind, n in moved.items():
            held[kind] = held.get(kind, 0) + n


def ask_move(st, f: dict, faction: str) -> bool:
    """Ask for the next move into the destination (``{"done": true}`` once one has moved in);
    none left: the destination is finished. Returns whether a question was posed."""
    options = move_options(st, f, faction, f["dest"], f["origins"])
    if not options:
        finish_destination(st, f, faction)
        return False
    f["pc"] = "move"
    done = [{"done": True}] if sum(f["moved"].values()) else []
    ask(st, faction, options + done, RULE[faction], f"{faction}: March which guerrilla into {f['dest']}?")
    return True


def march_step(st, f: dict, a, faction: str) -> None:
    """One step of either faction's March (module docstring). Called without an answer at a step
    awaiting one (``space``, ``move``) it poses that question again and changes nothing else (it
    re-poses: engine.py ``declare_reposing``)."""
    d = st.d
    rule = RULE[faction]
    if f["pc"] == "start":
        f["held"] = {}
    elif f["pc"] == "space":
        if "done" in a:
            pop(st)
            return
        f.update(dest=a["space"], moved={k: 0 for k in guerrilla_kinds(faction)}, origins=[])
        d["turn"]["spaces"].append(a["space"])
        cite(st, rule)
        if ask_move(st, f, faction):
            return
    elif f["pc"] == "move" and a is None:  # the move posed again (re-posing: engine.py)
        ask_move(st, f, faction)
        return
    elif f["pc"] == "move":
        if "done" in a:
            finish_destination(st, f, faction)
        else:
            p_from = d["spaces"][a["from"]]["pieces"]
            p_from[a["move"]] -= 1
            d["spaces"][a["to"]]["pieces"][a["move"]] += 1
            f["moved"][a["move"]] += 1
            if a["from"] not in f["origins"]:
                f["origins"] = sorted(f["origins"] + [a["from"]])
            if ask_move(st, f, faction):
                return
    choose_space(st, f, _allowed(st, f, faction), rule, f"{faction}: March into which space?")


def _possible(faction: str):
    return lambda st: any_space_left(st, _allowed(st, {"held": {}}, faction))


@activity(ENGINE, "Warlords", "march", _possible("Warlords"))
@implements("warlords.operations.march", "limited_operation")
def warlords_march(st, f, a) -> None:
    """The Warlords' March: guerrillas into adjacent spaces; in a LoC or Pashtun destination, more
    than 3 guerrillas (own and Taliban) activate the own."""
    march_step(st, f, a, "Warlords")


@activity(ENGINE, "Taliban", "march", _possible("Taliban"))
@implements("taliban.operations.march", "limited_operation")
def taliban_march(st, f, a) -> None:
    """The Taliban's March: guerrillas into adjacent spaces; in a destination not Pashtun, more than
    3 guerrillas (own and Warlords) activate the own; from a Pashtun destination they may march on."""
    march_step(st, f, a, "Taliban")
