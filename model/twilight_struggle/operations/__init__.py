"""The four uses of a card's operations (6.0): influence (6.1), realignment rolls (6.2), a coup
attempt (6.3) and a Space Race attempt (6.4). Each module has ``available(...)`` (can the use be
made at all now) and the procedure that carries it out. The ops value and the China Card's bonus
(9.6: +1 when every op is spent in Asia) come in as ``ops`` and ``bonus``; ``Budget`` says what a
next op may cost."""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements


@implements("9.6")
def budget(st, f: dict, country: str) -> int:
    """The ops left for spending in ``country``: the card's ``ops`` minus what is spent, plus the
    ``bonus`` while every op so far (and this one) goes to ``f["bonus_area"]`` (9.6: the China
    Card's +1 in Asia, Southeast Asia included)."""
    total = f["ops"]
    if f["bonus"] and f["in_area"] and st.map.in_area(country, f["bonus_area"]):
        total += f["bonus"]
    return total - f["spent"]


def spend(st, f: dict, country: str, cost: int) -> None:
    """Spend ``cost`` ops in ``country``; an op spent outside the bonus area loses the bonus."""
    f["spent"] += cost
    if f["bonus"] and not st.map.in_area(country, f["bonus_area"]):
        f["in_area"] = False


def _ops(n: int) -> str:
    return f"{n} op" if n == 1 else f"{n} ops"


@implements("9.6")
def ops_left(st, f: dict) -> str:
    """The ops left, in words, counted where the next op may go: with the China Card's bonus still
    to be had (9.6: every op so far spent in Asia), the count in Asia has it and the count
    elsewhere does not (spending there loses it); otherwise one count."""
    plain = f["ops"] - f["spent"]
    if not (f["bonus"] and f["in_area"]):
        return f"{_ops(plain)} left"
    area = f["bonus_area"]
    if plain <= 0:
        return f"{_ops(plain + f['bonus'])} left, in {area} only"
    return f"{_ops(plain + f['bonus'])} left in {area}, {plain} elsewhere"
