"""The four uses of a card's operations (6.0): influence (6.1), realignment rolls (6.2), a coup
attempt (6.3) and a Space Race attempt (6.4). Each module has ``available(...)`` (can the use be
made at all now) and the procedure that carries it out. The ops value and the China Card's bonus
(9.6: +1 when every op is spent in Asia) come in as ``ops`` and ``bonus`` (``bonus_area``,
``in_area``); an event's bonus of the same kind (card 9 Vietnam Revolts: +1 when every op is spent in
Southeast Asia) comes in the optional list ``area_bonuses`` (``{"area", "bonus", "in_area"}`` each,
cardplay.area_bonuses), each bonus kept while every op so far went to its area; the bonuses add up
(7.4: counted together). ``budget`` says what a next op may cost."""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements


def _bonuses(f: dict) -> list[tuple[int, str, bool]]:
    """Every area bonus of the frame as (bonus, area, still to be had): the China Card's (9.6)
    first, then the events' (``area_bonuses``, card 9)."""
    out = [(f["bonus"], f["bonus_area"], f["in_area"])] if f["bonus"] else []
    out.extend((b["bonus"], b["area"], b["in_area"]) for b in f.get("area_bonuses", ()))
    return out


@implements("9.6", "7.4")
def area_bonus(st, f: dict, country: str) -> int:
    """The bonuses still to be had that an op spent in ``country`` keeps (9.6; card 9; 7.4: they
    add up)."""
    return sum(b for b, area, live in _bonuses(f) if live and st.map.in_area(country, area))


@implements("9.6", "7.4")
def budget(st, f: dict, country: str) -> int:
    """The ops left for spending in ``country``: the card's ``ops`` minus what is spent, plus each
    bonus while every op so far (and this one) goes to its area (9.6: the China Card's +1 in Asia,
    Southeast Asia included; card 9: Vietnam Revolts' +1 in Southeast Asia)."""
    return f["ops"] + area_bonus(st, f, country) - f["spent"]


def spend(st, f: dict, country: str, cost: int) -> None:
    """Spend ``cost`` ops in ``country``; an op spent outside a bonus's area loses that bonus."""
    f["spent"] += cost
    if f["bonus"] and not st.map.in_area(country, f["bonus_area"]):
        f["in_area"] = False
    for b in f.get("area_bonuses", ()):
        if not st.map.in_area(country, b["area"]):
            b["in_area"] = False


def _ops(n: int) -> str:
    return f"{n} op" if n == 1 else f"{n} ops"


@implements("9.6")
def ops_left(st, f: dict) -> str:
    """The ops left, in words, counted where the next op may go: with the China Card's bonus still
    to be had (9.6: every op so far spent in Asia), the count in Asia has it and the count
    elsewhere does not (spending there loses it); otherwise one count. With several bonuses still
    to be had (card 9), a count for each area, the largest first."""
    plain = f["ops"] - f["spent"]
    live = [(b, area) for b, area, still in _bonuses(f) if still]
    if not live:
        return f"{_ops(plain)} left"
    if len(live) > 1:  # each area counts the bonuses of every area that holds it
        counts = sorted(((plain + sum(b for b, a in live if st.map.area(area) <= st.map.area(a)), area)
                         for _, area in live), key=lambda x: (-x[0], x[1]))
        text = ", ".join(f"{_ops(n)} left in {area}" if i == 0 else f"{n} in {area}"
                         for i, (n, area) in enumerate(counts))
        return text + (f", {plain} elsewhere" if plain > 0 else "")
    bonus, area = live[0]
    if plain <= 0:
        return f"{_ops(plain + bonus)} left, in {area} only"
    return f"{_ops(plain + bonus)} left in {area}, {plain} elsewhere"
