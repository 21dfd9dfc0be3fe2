"""Coup attempts (6.3).

6.3.1: the target must hold enemy influence; the attacker needs none there or nearby. 8.1.5: no
coup in a region DEFCON restricts, except a free coup an event grants (6.3.5). 6.3.3, 8.2.3: the
attacker's Military Operations marker moves by the card's whole ops value (the rulebook's example
moves it before the die; a free coup counts nothing, 8.2.5). 6.3.2: die + ops - 2 x stability; a
positive result removes that much enemy influence and, when the enemy has too little, adds the rest
as the attacker's; zero or less changes nothing. 6.3.4, 8.1.4: a coup in a battleground degrades
DEFCON by one, won or lost (a free one too, 6.3.5).
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.core.engine import ask, ask_values, cite, pop, roll
from cdg_oracle.model.twilight_struggle import defcon
from cdg_oracle.model.twilight_struggle.engine import ENGINE
from cdg_oracle.model.twilight_struggle.events import effects
from cdg_oracle.model.twilight_struggle.operations import area_bonus
from cdg_oracle.model.twilight_struggle.control import OPPONENT, add_influence, remove_influence
from cdg_oracle.model.twilight_struggle.tracks import add_milops, degrade_defcon


@implements("6.3.1", "8.1.5", "6.3.5")
def can_target(st, side: str, country: str, free: bool = False, area: str | None = None,
               closed: tuple[str, ...] | None = None, bars: bool | None = None) -> bool:
    """6.3.1: enemy influence in ``country``; 8.1.5: not DEFCON-restricted unless the coup is
    free (6.3.5); ``area``: a free coup limited to a region by its card. ``closed``: the regions
    DEFCON closes now, if known (defcon.closed_regions). 5.5: an event in force may bar it
    (effects hook ``coup_barred``; ``bars``: whether one is in force, if known)."""
    if area is not None and not st.map.in_area(country, area):
        return False
    if not free and st.map.countries[country].region in (closed if closed is not None else defcon.closed_regions(st)):
        return False
    if st.d["influence"][country][OPPONENT[side]] <= 0:
        return False
    if bars is None:
        bars = effects.active(st, "coup_barred")
    return not (bars and effects.any_(st, "coup_barred", side=side, country=country, free=free))


def available(st, side: str) -> bool:
    """Some country can be the target of a coup now (6.3.1, 8.1.5)."""
    other, inf, closed = OPPONENT[side], st.d["influence"], defcon.closed_regions(st)
    bars = effects.active(st, "coup_barred")
    return any(can_target(st, side, c, closed=closed, bars=bars) for c in st.map.names if inf[c][other])


@implements("6.3.2")
def result(ops: int, die: int, stability: int) -> int:
    """6.3.2: (ops + die) - 2 x stability; positive succeeds by that much."""
    return ops + die - 2 * stability


@implements("6.3.2")
def apply_result(st, side: str, country: str, net: int) -> None:
    """6.3.2: remove ``net`` enemy influence; what the enemy lacks is added as the attacker's."""
    if net <= 0:
        return
    removed = remove_influence(st, OPPONENT[side], country, net)
    add_influence(st, side, country, net - removed)


@ENGINE.procedure("coup", reposes=True)
@implements("6.3", "6.3.3", "6.3.4", "8.1.4", "8.2.2", "8.2.3", "8.2.5", "9.6")
def coup(st, f, a) -> None:
    """A coup attempt with ``f["ops"]`` ops (+``f["bonus"]`` in ``f["bonus_area"]``, the China
    Card's Asia bonus, 9.6; an event's in ``f["area_bonuses"]``, card 9): the target, the Military
    Operations, the die, the result, DEFCON. ``f["free"]``: a free coup roll of an event (6.3.5,
    8.2.5); ``f["countries"]``: the only targets its card allows, if it names them."""
    side = f["side"]
    if f["pc"] == "die" and a is None:  # without an answer: the die again
        roll(st, "6.3.2", f"{side}'s coup die in {f['target']}")
        return
    if f["pc"] == "start" or a is None:  # at "target" without an answer: the question again
        closed, bars = defcon.closed_regions(st), effects.active(st, "coup_barred")
        options = [c for c in f.get("countries", st.map.names)  # an event may name the countries (card 91)
                   if can_target(st, side, c, f.get("free", False), f.get("area"), closed, bars)]
        if not options:
            pop(st)
            return
        f["pc"] = "target"
        ask_values(st, side, "country", options, "6.3.1", f"{side}: coup target")
        return
    if f["pc"] == "target":
        country = a["country"]
        bonus = f["bonus"] if f["bonus"] and st.map.in_area(country, f["bonus_area"]) else 0
        extra = area_bonus(st, f, country) - bonus  # an event's area bonus (card 9; 7.4.2: all purposes)
        ops = f["ops"] + bonus + extra
        f.update(target=country, value=ops)
        if f.get("free"):
            cite(st, "8.2.5")
        else:
            cite(st, "6.3.3", "8.2.2", "8.2.3")
            # the bonus counts as part of the card's value unless ruled otherwise (P03, 7.4.2)
            add_milops(st, side, ops if st.rulings.china_bonus_milops else f["ops"] + extra)
        f["pc"] = "die"
        roll(st, "6.3.2", f"{side}'s coup die in {country}")
        return
    country = f["target"]
    modifier = effects.total(st, "coup_modifier", side=side, country=country) if st.d["effects"] else 0
    net = result(f["value"] + modifier, a["die"], st.map.countries[country].stability)
    cite(st, "6.3.2")
    apply_result(st, side, country, net)
    if st.map.countries[country].battleground and effects.all_(st, "coup_degrades_defcon", side=side, country=country):
        cite(st, "6.3.4", "8.1.4")
        degrade_defcon(st, side)
    effects.run(st, "after_coup", side=side, country=country, free=f.get("free", False))
    pop(st)
