"""Events of the US cards 1-16 (6.2). Each cites its card number and quotes the rule it applies."""
from __future__ import annotations

from model.labyrinth.engine import cite, pop
from model.labyrinth.events import event
from model.labyrinth.events.lasting import in_effect
from model.labyrinth.tracks import shift_funding


def patriot_act_in_effect(st, side) -> bool:
    return in_effect(st, "Patriot Act")


@event(6, 7, playable=patriot_act_in_effect)
def sanctions(st, f, a) -> None:
    """Cards 6-7 Sanctions: "Giocare se è in effetto Atto Patriottico. -2 ai Fondi"."""
    shift_funding(st.d, -2)
    cite(st, f"card {f['card']}")
    pop(st)
