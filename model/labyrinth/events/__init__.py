"""Card events (6.2): the registry of implemented events.

No event is implemented yet (the next issue implements all 120): ``is_implemented`` answers False
for every card, the model offers no event as a choice, and an event that an operation would
trigger (6.3.2) is recorded in ``d["unimplemented_events"]`` so that traces and reports show it.
"""
from __future__ import annotations

EVENTS: dict[int, object] = {}


def is_implemented(card: int) -> bool:
    return card in EVENTS
