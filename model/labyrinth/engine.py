"""Labyrinth's procedures on the core engine (model/core/engine.py).

The rules are written as procedures on the procedure stack of the core engine; this module holds
Labyrinth's :class:`~cdg_oracle.model.core.engine.Engine` (its own registry of procedures, so that
another game may have a ``turn`` too) and re-exports the step helpers every rule module uses
(``push``, ``pop``, ``cite``, ``ask``, ``answer``, ``roll``, ``pick_chance``). Its two hooks are set
with ``ENGINE.set_hooks`` when the package is loaded (``model/labyrinth/__init__.py``; every game
sets its hooks so, model/core/engine.py), so that this module imports nothing of the rest of
Labyrinth: after every step the instant-victory check (2.1; under the ruling
``instant_victory_check`` = ``end_of_card``, A44, ``victory.check_instant`` skips the steps inside a
card, so the check falls when the card is done), and on a question the solo bot (chapter 9: the
Jihadist's questions in a solo game go to ``solo/answers.py``, which answers at once or poses the
chance node of a random choice, 9.5).

Which choices are posed. Every choice the rules give a side (a card, its use, an operation, a
target, an origin, a number of troops, a plot marker, a die assignment) is posed as a decision,
also when only one option is legal, with these exceptions where the rule's choice has a single
possible outcome and is not posed: the order of unblocked plots when one plot marker is on the map
(8.5.6); the distribution of Recruit successes beyond the Available cells when they all fell in one
country (8.1.2); how many of the cells used by Jihad or Plot dice are Sleepers, when only one number
is possible (8.4, 8.5.1); which kind of cell travels, when the origin has only one kind left
(8.3.1); Major Jihad, which is asked only where its conditions hold (8.4.2). Chance nodes are posed
whatever their number of outcomes. Card events: ``{"use": "event"}`` is offered only when the event
is playable now (6.2.5-6.2.8); the order of a triggered event and the operation (6.3.2.1) is asked
whenever the card carries an event its operations trigger, also one that will turn out unplayable
when its turn comes (it then does not happen). What the rules leave to chance or hide -- a random
card from a hand, which face-down plot an event reveals, the Jihadist's card under card 47 -- is a
chance node, never a choice.
"""
from __future__ import annotations

from typing import Any

from cdg_oracle.model.core.engine import (  # noqa: F401  (the step helpers, re-exported)
    DIE, Engine, answer, ask, ask_values, cite, pick_chance, pop, push, roll,
)

ENGINE = Engine("labyrinth")
PROCS = ENGINE.procs


def procedure(name: str):
    """Register a Labyrinth procedure. Every one re-poses its question when called without an
    answer (model/core/engine.py, "Posing again"; checked at every question of random games, two-player
    and solo, by tests/oracle/test_positions_machine.py), so each is declared ``reposes``."""
    return ENGINE.procedure(name, reposes=True)


def run(st, action: Any = None) -> None:
    """Advance the game: feed ``action`` to the top frame, then step until a question is pending."""
    ENGINE.run(st, action)

