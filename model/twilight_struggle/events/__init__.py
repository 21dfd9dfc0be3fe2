"""Card events (7.0): the registry of the 110 events and how an event is played.

Each event is a procedure ``event_<n>`` written as a list of steps (model/core/steps.py), ``n`` the
card's *Deluxe* number whatever the edition (cards.py: ``Card.deluxe``; the seed numbers three
cards differently), registered with :func:`event` together with

* ``playable(st, side)``: the event can happen now: its prerequisite is met and no earlier event
  prohibits it (5.2, 7.5). A card whose event cannot happen is still played for its ops (7.5); an
  event that can happen but would change nothing is still playable (5.2 EXAMPLE 3 and 4);
* ``headline``: the card may be chosen as a headline (4.5 C; card 32 UN Intervention: not).

The frame of an event carries ``card`` (the card's number in the edition played), ``side`` (the
side carrying the event out, who makes every choice it poses unless the card names the other:
the player, or for an opponent's event that operations trigger the opponent, 5.2) and
``trigger``: ``"play"`` (played as the event, 7.1), ``"headline"`` (4.5 C), ``"ops"`` (5.2) or
``"event"`` (another event carries it out: common.py ``other_event``).

The events are in modules by card number (``early_1_18``, ``early_19_35``, ``mid_36_47``,
``mid_48_57``, ``mid_58_69``, ``mid_70_81``, ``late_82_92``, ``late_93_103``,
``optional_104_110``; the seven scoring cards in ``scoring_cards``); steps several events share in ``common.py``; effects that last beyond the
event (7.3, and those for the rest of a turn) and how they change other rules in ``effects.py``;
how an event is played and where its card goes in ``play.py``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.twilight_struggle.engine import ENGINE


@dataclass(frozen=True)
class Event:
    card: int  # the Deluxe number
    proc: str
    playable: Callable  # (st, side) -> bool: prerequisite met, not prohibited (5.2, 7.5)
    headline: bool  # may be headlined (4.5 C)


EVENTS: dict[int, Event] = {}


def always(st, side) -> bool:
    return True


def event(card: int, playable: Callable | None = None, headline: bool = True) -> Callable:
    """Register the function, which returns the event's list of steps, as procedure
    ``event_<card>`` (``card``: the Deluxe number), with its ``playable(st, side)`` (default:
    always) and whether it may be headlined."""

    def register(fn: Callable[[], list]) -> Callable:
        if card in EVENTS:
            raise ValueError(f"card {card}: event registered twice")
        name = f"event_{card}"
        handler = ENGINE.sequence(name)(implements(f"card {card}")(fn))
        EVENTS[card] = Event(card, name, playable or always, headline)
        return handler

    return register


def registered(deluxe: int) -> Event | None:
    """The event of the card whose Deluxe number is ``deluxe``, if the model implements it."""
    return EVENTS.get(deluxe)


MODULES = ("scoring_cards", "early_1_18", "early_19_35", "mid_36_47", "mid_48_57", "mid_58_69", "mid_70_81",
           "late_82_92", "late_93_103", "optional_104_110")


def load_all() -> None:
    """Import every event module (each registers its events)."""
    for m in MODULES:
        importlib.import_module(f"{__name__}.{m}")
