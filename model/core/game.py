"""The decision-protocol contract every game implements (DESIGN.md, "The contract").

An extensive-form game in the manner of OpenSpiel:

* ``current_player()`` is a side name (e.g. ``"US"``), :data:`CHANCE` or :data:`TERMINAL`;
* ``legal_actions()`` is the complete, ordered list of atomic choices open now (at a chance node
  it is the list of outcomes);
* ``chance_outcomes()`` is ``[(outcome, probability), ...]`` at a chance node;
* ``apply(action)`` applies one choice or chance outcome;
* ``clone()``, ``to_json()`` / ``from_json()`` round-trip every state exactly, including a state
  in the middle of resolving an operation;
* ``applied_rules()`` names the rule numbers the last ``apply`` applied;
* ``outcome()`` says who won, why and by which rule, at a terminal state;
* ``rulings_dict()`` gives the interpretation switches the game is played under;
* ``decision()`` names the pending question (a stable ``question`` id beside the prompt) and
  ``context()`` what is being resolved; ``observation(side)`` is what ``side`` sees;
* ``canonical()`` is the canonical state: the facts of the game two rules-faithful
  implementations must agree on after every step, as plain JSON (no procedure stack, no pending
  prompt; orderless zones sorted). It is what the oracle compares with an implementation under
  test (the adapter protocol's ``state``) and what a trace's state hashes are taken of.

Actions and outcomes are small JSON values: a string or a flat object of strings, integers,
booleans and null (e.g. Labyrinth's ``{"reroll": null}``: no re-roll; the trace schema allows it). Two actions are the same action iff their canonical JSON (:func:`action_key`) is equal.
"""
from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Protocol

CHANCE = "chance"
TERMINAL = "terminal"

Action = Any  # str | dict[str, str | int | bool | None]


_KEYS: dict = {}  # a flat action's items with their types -> its key (actions recur: cards, countries)


def action_key(action: Action) -> str:
    """Canonical JSON text of an action: sorted keys, no spaces. Equal actions, equal keys.
    A flat object's key is remembered by its items and their types (``{"die": 1}`` and
    ``{"die": True}`` are different actions with different keys)."""
    if type(action) is dict:
        try:
            memo = tuple((k, v.__class__, v) for k, v in action.items())
            return _KEYS[memo]
        except KeyError:
            key = json.dumps(action, sort_keys=True, separators=(",", ":"))
            if len(_KEYS) < 100_000:
                _KEYS[memo] = key
            return key
        except TypeError:  # a value that cannot be a dict key (not a flat action): no memo
            pass
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


class GameState(Protocol):
    """What every game's state offers; tools use nothing else (DESIGN.md)."""

    game: str

    def current_player(self) -> str: ...

    def legal_actions(self) -> list[Action]: ...

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]: ...

    def apply(self, action: Action) -> None: ...

    def clone(self) -> "GameState": ...

    def to_json(self) -> str: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> dict[str, int]: ...

    def applied_rules(self) -> list[str]: ...

    def outcome(self) -> dict | None:
        """At a terminal state ``{"winner": side, "reason": text, "rule": number}``, else None."""
        ...

    def rulings_dict(self) -> dict: ...

    def canonical(self) -> dict: ...

    def decision(self) -> dict | None:
        """``{"player", "question", "prompt", "rule"}``: ``question`` is a stable identifier of
        the question posed (``"op_travel.origin"``), for drivers; the prompt is for people."""
        ...

    def context(self) -> dict:
        """``{"procedures", "card", "side", "rule"}``: what is being resolved now (the running
        procedures, outermost first; the card being played or resolved; the side on whose behalf
        the innermost procedure runs; the rule of the pending question)."""
        ...

    def observation(self, side: str) -> dict:
        """The canonical state as ``side`` sees it by the rules (what it cannot see as counts), with
        ``derived``: the facts the rules compute from it (the game's ``GameSpec.derived_facts``)."""
        ...
