"""Card events (chapter 6.2): the registry of the 120 events and how they are played.

Each event is a procedure ``event_<n>`` (see ``engine.py``), registered with :func:`event` together
with its playability precondition (6.2.6). The frame of an event carries

* ``card``: the card number;
* ``side``: the side implementing it: the player, or for an event triggered by the opponent's
  operations the associated side, who then makes every decision the event needs (6.3.2.2);
* ``trigger``: ``"play"`` (played as the event), ``"ops"`` (triggered by operations, 6.3.2),
  ``"reserves"`` (6.3.3), ``"discard"`` (US Election discarded, 6.3.1) or ``"quagmire"`` (card 90).

The modules hold the events by card number: ``us_1_16``, ``us_17_32``, ``us_33_47``,
``jihadist_48_71``, ``jihadist_72_95``, ``unassociated_96_120``; the events that differ only in
data are rows of ``data/template_events.yaml`` run by ``templates.py``. Shared steps are in ``common.py``;
markers, lapsing effects and blocking in ``lasting.py``; when an event can be played and what
happens to its card in ``play.py``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.engine import procedure


@dataclass(frozen=True)
class Event:
    card: int
    proc: str
    playable: Callable  # (st, side) -> bool: the card's own precondition (6.2.6)


EVENTS: dict[int, Event] = {}


def always(st, side) -> bool:
    return True


def event(*cards: int, playable: Callable | None = None) -> Callable:
    """Register ``handler(st, f, a)`` as the event of ``cards`` (identical cards share a handler),
    with the precondition ``playable(st, side)`` (default: none beyond 6.2.5-6.2.8)."""

    def register(handler: Callable) -> Callable:
        for n in cards:
            if n in EVENTS:
                raise ValueError(f"card {n}: event registered twice")
            name = f"event_{n}"
            procedure(name)(handler)
            EVENTS[n] = Event(n, name, playable or always)
        return implements(*(f"card {n}" for n in cards))(handler)

    return register


def is_implemented(card: int) -> bool:
    return card in EVENTS


MODULES = ("us_1_16", "us_17_32", "us_33_47", "jihadist_48_71", "jihadist_72_95", "unassociated_96_120",
           "templates")


def load_all() -> None:
    """Import every event module (each registers its events)."""
    for m in MODULES:
        importlib.import_module(f"{__name__}.{m}")
