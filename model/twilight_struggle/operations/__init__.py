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
