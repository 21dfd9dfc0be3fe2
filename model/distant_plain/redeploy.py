"""The Propaganda round's Redeploy phase (``propaganda.redeploy``): Desertion, then the ordered
redeploys.

Desertion (``propaganda.redeploy.desertion``): in every space the Government must choose and remove
one Government cube (troops or police) per three there, rounded down; the removed cubes go to
Available.

The redeploys (``propaganda.redeploy.redeploy``), "Nel seguente ordine":

1. the Coalition MAY move any number of its Troops "da LoCs e Province senza Basi COIN a spazi COIN
   Control con Basi COIN o a Kabul";
2. the Government MUST move its Troops ("no Polizia") from the same spaces to the same spaces;
3. the Government MAY move Police "in qualsiasi LoCs o spazi COIN Control" (from any space);
4. the Taliban MUST move their guerrillas (Underground and Active alike, each keeping its side)
   "dalle LoCs e Province senza Basi Talebane, in spazi con Basi Talebane e con Taleban Control
   oppure in spazi Pashtun in Pakistan. I Guerriglieri a Kabul rimangono." (Kabul is the City, not
   a Province: no one is moved out of it.)

"Alla fine di questa fase, controllare se vi è stato un cambio di Controllo negli spazi coinvolti":
Control is derived from the pieces (control.py), so there is nothing to store at the end. The
choices made where the aid is silent:

* A move carries no cost and needs no adjacency (the aid names none). "Province" includes the
  Pakistan Provinces (the aid writes "(no Pakistan)" where it leaves them out).
* Control of a destination "as of when" (ruling ``redeploy_control``, P52): by default as it stood
  when the Redeploy phase began, before Desertion (the aid re-checks Control only at the end of the
  phase); ``before_moves``: after Desertion, before the first move; ``live``: as the pieces stand
  at each move. The Propaganda round (turn.py) records the phase's Control before Desertion and
  starts the redeploys with it (their frame's ``phase_control``, ``{space: control}``); run without
  it, they take Control as it stands at their start.
* Taliban guerrillas already in a legal destination (a Pashtun space of Pakistan without a Taliban
  Base is also a "Provincia senza Basi Talebane") stay by default; under the ruling
  ``redeploy_taliban_in_pakistan`` ``leave`` (P53) they must move to another destination.
* Each piece moves at most once in the phase (a piece that has arrived stays), which is also what
  makes the phase end: every answer moves one piece once, or closes a step that may be closed.
* A MUST move with no legal destination: none can occur on this map. Kabul is always a destination
  of Government Troops, and two Pashtun spaces of Pakistan (Northwest Frontier, Waziristan) always
  receive the Taliban, whatever the Control, so that even under ``leave`` a guerrilla in one of
  them can go to the other. Were there none, the piece would stay where it is (nothing in the aid
  removes it).

Atomic choices: one piece per answer, ``{"move": kind, "from": a, "to": b}`` (origins in name
order, then kinds in a fixed order, then destinations in name order), with ``{"done": true}`` in the
steps that MAY be made.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, cite, pop
from cdg_oracle.model.distant_plain.control import control_of, hostility_activates
from cdg_oracle.model.distant_plain.engine import ENGINE

CUBES = ("government_troops", "police")
COIN_BASES = ("coalition_bases", "government_bases")

#: The redeploys in the aid's order: (step, faction, the kinds it moves, whether it must).
STEPS = (("coalition", "Coalition", ("coalition_troops",), False),
         ("government_troops", "Government", ("government_troops",), True),
         ("police", "Government", ("police",), False),
         ("taliban", "Taliban", ("taliban_underground", "taliban_active"), True))


@implements("propaganda.redeploy.desertion")
def deserters(space: dict) -> int:
    """One Government cube in three (rounded down) deserts."""
    p = space["pieces"]
    return (p["government_troops"] + p["police"]) // 3


def control_now(st) -> dict[str, str]:
    """Every space's Control as the pieces stand now (control.py)."""
    d = st.d
    return {n: control_of(d["spaces"][n], st.map.spaces[n].pakistan, d["options"]) for n in st.map.names}


@ENGINE.procedure("desertion")
@implements("propaganda.redeploy", "propaganda.redeploy.desertion")
def desertion(st, f, a) -> None:
    """Space by space (in name order), the Government removes its deserters one cube at a time,
    choosing troops or police each time (``{"cube": kind, "space": name}``; also when only one kind
    is there)."""
    d = st.d
    if f["pc"] == "start":
        f.update(pc="cube", todo=[[n, deserters(d["spaces"][n])] for n in st.map.names if deserters(d["spaces"][n])])
    elif a is not None:
        name = a["space"]
        d["spaces"][name]["pieces"][a["cube"]] -= 1
        d["available"][a["cube"]] += 1
        cite(st, "propaganda.redeploy.desertion")
        f["todo"][0][1] -= 1
        if f["todo"][0][1] == 0:
            f["todo"].pop(0)
    if not f["todo"]:
        pop(st)
        return
    name, left = f["todo"][0]
    pieces = d["spaces"][name]["pieces"]
    ask(st, "Government", [{"cube": k, "space": name} for k in CUBES if pieces[k] > 0], "propaganda.redeploy.desertion",
        f"Government: a cube deserts in {name} ({left} to go)")


def control_for_redeploy(st, f: dict, name: str) -> str:
    """The Control of ``name`` the redeploys go by (ruling ``redeploy_control``): the recorded one,
    or under ``live`` the one of the pieces now."""
    if f["control"] is None:
        d = st.d
        return control_of(d["spaces"][name], st.map.spaces[name].pakistan, d["options"])
    return f["control"][name]


@implements("propaganda.redeploy.redeploy")
def origins(st, step: str) -> list[str]:
    """The spaces ``step``'s pieces are moved out of, in name order: the COIN troops "da LoCs e
    Province senza Basi COIN"; police from anywhere; the Taliban "dalle LoCs e Province senza Basi
    Talebane" (under the ruling ``stay``, not a Pashtun space of Pakistan, already a destination)."""
    d, m = st.d, st.map
    out = []
    for n in m.names:
        sp, p = m.spaces[n], d["spaces"][n]["pieces"]
        if step == "police":
            out.append(n)
        elif step == "taliban":
            stays = st.rulings.redeploy_taliban_in_pakistan == "stay" and sp.pakistan and sp.pashtun
            if sp.type == "loc" or (sp.type == "province" and not p["taliban_bases"] and not stays):
                out.append(n)
        elif sp.type == "loc" or (sp.type == "province" and not sum(p[k] for k in COIN_BASES)):
            out.append(n)
    return out


@implements("propaganda.redeploy.redeploy")
def destinations(st, f: dict, step: str) -> list[str]:
    """The spaces ``step``'s pieces may be moved into, in name order: the COIN troops "a spazi COIN
    Control con Basi COIN o a Kabul"; police "in qualsiasi LoCs o spazi COIN Control"; the Taliban
    "in spazi con Basi Talebane e con Taleban Control oppure in spazi Pashtun in Pakistan"."""
    d, m = st.d, st.map
    out = []
    for n in m.names:
        sp, p = m.spaces[n], d["spaces"][n]["pieces"]
        if step == "police":
            ok = sp.type == "loc" or control_for_redeploy(st, f, n) == "coin"
        elif step == "taliban":
            ok = (sp.pakistan and sp.pashtun) or (
                p["taliban_bases"] > 0 and control_for_redeploy(st, f, n) == "taliban")
        else:
            ok = n == "Kabul" or (sum(p[k] for k in COIN_BASES) > 0 and control_for_redeploy(st, f, n) == "coin")
        if ok:
            out.append(n)
    return out


def movable(st, f: dict, name: str, kind: str) -> int:
    """The pieces of ``kind`` in ``name`` not yet moved in this phase (a piece moves once)."""
    return st.d["spaces"][name]["pieces"][kind] - f["moved"].get(name, {}).get(kind, 0)


def redeploy_moves(st, f: dict) -> list[dict]:
    """The moves open in the current step: one piece from an origin to another destination."""
    step, _, kinds, _ = STEPS[f["step"]]
    to = destinations(st, f, step)
    return [{"move": k, "from": a, "to": b} for a in origins(st, step) for k in kinds if movable(st, f, a, k)
            for b in to if b != a]


def move_piece(st, f: dict, kind: str, origin: str, destination: str) -> None:
    """Move one piece of ``kind`` (it keeps its side) and remember that it has moved; an Underground
    Taliban guerrilla entering Pakistan under Hostility turns Active there at once
    (``islamabad.hostility``: "sempre attivi"), and is remembered as the Active piece it now is."""
    d = st.d
    d["spaces"][origin]["pieces"][kind] -= 1
    d["spaces"][destination]["pieces"][kind] += 1
    if kind == "taliban_underground" and st.map.spaces[destination].pakistan \
            and d["islamabad"]["level"] == "hostility":
        hostility_activates(d)
        cite(st, "islamabad.hostility")
        kind = "taliban_active"
    arrived = f["moved"].setdefault(destination, {})
    arrived[kind] = arrived.get(kind, 0) + 1


@ENGINE.procedure("redeploy")
@implements("propaganda.redeploy", "propaganda.redeploy.redeploy")
def redeploy(st, f, a) -> None:
    """The four redeploys in the aid's order (module docstring), one piece per answer; a step that
    MAY be made ends on ``{"done": true}``, one that MUST when no piece is left to move."""
    if f["pc"] == "start":
        control = None
        if st.rulings.redeploy_control == "phase_start" and f.get("phase_control") is not None:
            control = f.pop("phase_control")
        elif st.rulings.redeploy_control != "live":
            control = control_now(st)
        f.pop("phase_control", None)
        f.update(pc="move", step=0, control=control, moved={})
    elif a is None:
        pass  # started at a step (a position's named point, position.py): nothing answered yet
    elif "move" in a:
        move_piece(st, f, a["move"], a["from"], a["to"])
        cite(st, "propaganda.redeploy.redeploy")
    else:
        f["step"] += 1
    while f["step"] < len(STEPS):
        _, faction, kinds, must = STEPS[f["step"]]
        options = redeploy_moves(st, f)
        if options:
            what = {"coalition_troops": "Troops", "government_troops": "Troops", "police": "Police"}.get(
                kinds[0], "guerrillas")
            ask(st, faction, options if must else options + [{"done": True}], "propaganda.redeploy.redeploy",
                f"{faction}: redeploy {what} ({'must' if must else 'may'})")
            return
        f["step"] += 1
    cite(st, "propaganda.redeploy.redeploy")  # Control is derived: the end-of-phase check is implicit
    pop(st)
