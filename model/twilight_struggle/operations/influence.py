"""Placing influence with operations (6.1).

6.1.1: markers are placed one at a time, each in or next to a country that held the side's
influence at the start of its action round (the ``reach``, taken then); 6.1.4: a country next to
the side's own superpower is always open. 6.1.2: a marker costs 1 op in a country the side controls
or nobody controls, 2 in a country the enemy controls, the cost read as each marker is placed (a
country no longer enemy-controlled costs 1 for the next). 6.1.3: markers may go to several
countries and regions. 6.0: all the card's ops go to this one use, so placement goes on while an
op is left and some open country can take a marker at its cost.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, ask_values, cite, pop
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.control import OPPONENT, add_influence, controls
from cdg_oracle.model.twilight_struggle.operations import budget, ops_left, spend


@implements("6.1.1", "6.1.4")
def reach(st, side: str) -> list[str]:
    """6.1.1, 6.1.4: where ``side`` may place influence this action round: the countries holding
    its influence now, their neighbours, and the countries next to its superpower (sorted)."""
    m, inf = st.map, st.d["influence"]
    own = [c for c in m.names if inf[c][side] > 0]
    out = set(own)
    for c in own:
        out.update(m.countries[c].adjacent)
    out.update(m.next_to_superpower[side])
    return sorted(out)


@implements("6.1.2")
def cost(st, side: str, country: str) -> int:
    """6.1.2: 2 ops in an enemy-controlled country, else 1."""
    return 2 if controls(st, OPPONENT[side], country) else 1


def targets(st, f: dict) -> list[str]:
    """The countries of the reach where the next marker can be paid for (6.1.2: 2 ops where the
    enemy controls, else 1); 5.5: not where an event in force bars it (effects hook
    ``influence_barred``)."""
    side = f["side"]
    if effects.active(st, "influence_barred"):
        return [c for c in f["reach"] if cost(st, side, c) <= budget(st, f, c) and not barred(st, side, c)]
    if f["ops"] - f["spent"] >= 2:  # 2 ops or more anywhere (the bonus aside): every country can be paid for
        return list(f["reach"])
    return [c for c in f["reach"] if cost(st, side, c) <= budget(st, f, c)]


def barred(st, side: str, country: str) -> bool:
    """5.5: an event in force bars ``side`` from placing influence with ops in ``country``."""
    return effects.any_(st, "influence_barred", side=side, country=country)


def available(st, side: str, ops: int, bonus: int, reach_now: list[str] | None = None,
              area_bonuses: list[dict] = ()) -> bool:
    """Some country of the reach can take a marker (6.0: the use can be made): with 2 ops or more
    always (no marker costs more than 2, 6.1.2, and the countries next to the side's superpower are
    always open, 6.1.4); with 1, one the enemy does not control (``reach_now``: the reach, if known),
    or one in the area of an event's bonus (``area_bonuses``, card 9); never where an event in
    force bars it."""
    bars = effects.active(st, "influence_barred")
    if not bars and ops + bonus >= 2:
        return True
    if bars or area_bonuses:
        places = reach_now if reach_now is not None else reach(st, side)
        return any(not (bars and barred(st, side, c)) and (
            ops + bonus + sum(b["bonus"] for b in area_bonuses if st.map.in_area(c, b["area"])) >= 2
            or not controls(st, OPPONENT[side], c)) for c in places)
    other = OPPONENT[side]
    return any(not controls(st, other, c) for c in (reach_now if reach_now is not None else reach(st, side)))


@ENGINE.procedure("influence", reposes=True)
@implements("6.1", "6.1.3", "6.0")
def place_influence(st, f, a) -> None:
    """Place the card's ops as influence, one marker at a time (6.1.1-6.1.4)."""
    side = f["side"]
    if f["pc"] == "place" and a is not None:  # without an answer: the question again
        country = a["country"]
        c = cost(st, side, country)
        cite(st, "6.1.2")
        spend(st, f, country, c)
        add_influence(st, side, country, 1)
    options = targets(st, f)
    if not options:
        pop(st)
        return
    f["pc"] = "place"
    ask_values(st, side, "country", options, "6.1.1",
        f"{side}: place 1 influence ({ops_left(st, f)})")
