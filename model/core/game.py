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
* ``information_state(side)`` is what ``side`` has seen and done so far (perfect recall) and
  ``sample_redeal(side, rng)`` a state consistent with it, drawn with the caller's ``rng``
  (model/core/information.py);
* ``canonical()`` is the canonical state: the facts of the game two rules-faithful
  implementations must agree on after every step, as plain JSON (no procedure stack, no pending
  prompt; orderless zones sorted). It is what the oracle compares with an implementation under
  test (the adapter protocol's ``state``) and what a trace's state hashes are taken of.

Actions and outcomes are small JSON values: a string or a flat object of strings, integers,
booleans and null (e.g. Labyrinth's ``{"reroll": null}``: no re-roll; the trace schema allows it). Two actions are the same action iff their canonical JSON (:func:`action_key`) is equal.

Beside the contract, :class:`Game`: one game under one set of options and rulings, built once and
shared by its states (``st.game_object``), holding what they read and never change (the map, the
cards, the tables, the Rulings object).
"""
from __future__ import annotations

import importlib
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


def resolve(where: str) -> Any:
    """The object ``"module:attribute"`` names (``"module"`` alone: the module itself; a dotted
    attribute is followed): how a game names what it would import only when used (its Game's
    :data:`~Game.POSITIONS`, its spec's ``checks``, the fields of its checks record)."""
    module, _, attribute = where.partition(":")
    found = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        found = getattr(found, part)
    return found

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
        ``derived``: the facts the rules compute from it (:meth:`Game.derived_facts`)."""
        ...

    def information_state(self, side: str) -> dict:
        """The perfect-recall information state of ``side`` as plain JSON: what it has seen and
        done so far by the rules (model/core/information.py). Equal for two states ``side``
        cannot tell apart."""
        ...

    def sample_redeal(self, side: str, rng: Any) -> "GameState":
        """A full state consistent with ``side``'s information state, drawn with the caller's
        ``rng`` (``random.Random``) with the probabilities of the chance nodes that could have
        made it (the game's ``information.py`` argues them)."""
        ...


class Game:
    """One game under one set of options and rulings (OpenSpiel's Game beside its State): what
    every state of it reads and none of them changes -- the Rulings object, and in a game's
    subclass (``model/<game>/game.py``) its map, its cards, its tables -- built once per
    (options, rulings) and shared by every state made under them (:meth:`of`).

    A game subclasses it and declares

    * ``RULINGS``: its Rulings class (``from_dict``), which makes ``self.rulings``;
    * ``SHARED``: the names of what each state carries as its own attribute (``st.map``,
      ``st.rulings``...): references set once when a state is made, never rebuilt per state;
    * ``build()``: the tables (``self.map``, ``self.cards``...), from ``self.options`` and
      ``self.rulings``;
    * ``DERIVED``: the facts the rules compute from a state (a function of the state, returning
      plain data: its ``derived.py``) and ``DERIVED_RULES`` the rule each key reads:
      :meth:`derived_facts` is the one way they are computed;
    * ``POSITIONS``: ``"module:attribute"`` of its position format (model/core/position.py
      ``PositionFormat``), what a state read from JSON is checked against (None: none yet). A
      string, imported when first needed, since the format names the state class.

    The state dict keeps its ``options`` and ``rulings`` (a trace and a position carry them): the
    Game is found from them once, by their canonical JSON (:meth:`for_state`).
    """

    name: str = ""
    RULINGS: Any = None
    SHARED: tuple[str, ...] = ()
    DERIVED: Any = None
    DERIVED_RULES: dict = {}
    POSITIONS: str | None = None
    #: ``"module"`` of the game's information model (``model/<game>/information.py``: who sees
    #: each step, the information state, the re-deal sampler; model/core/information.py), or
    #: None: the game has none (its states keep no history). The module gives
    #: ``seen_by(st, action)`` (before a step: None if every side sees what is taken, else the
    #: list of the sides that do), ``sightings(st)`` (what the state shows a side of a place it
    #: cannot otherwise see, now: a set of ``(side, place, cards)``; what a step adds to it is
    #: recorded after the step), ``reveals(st, action)`` (before a step: what it will show that
    #: is gone again by its end, the same triples), ``information_state(st, side)`` and
    #: ``sample_redeal(st, side, rng)``.
    INFORMATION: str | None = None
    #: the options of a state dict that has none (Labyrinth's two-player default)
    DEFAULT_OPTIONS: dict = {}
    CACHE_SIZE = 64  # games kept per class: one per options and rulings played in a process
    _made: dict = {}
    _positions: Any = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._made = {}  # each game its own cache
        cls._positions = None

    def __init__(self, options: dict, rulings: dict):
        self.options = options
        self.rulings = self.RULINGS.from_dict(rulings) if self.RULINGS is not None else rulings
        self.build()
        #: the game's information model (:data:`INFORMATION` imported), or None
        self.information = resolve(self.INFORMATION) if self.INFORMATION else None
        #: what each state of this game carries as its own attributes (:data:`SHARED`)
        self.shared = {name: getattr(self, name) for name in self.SHARED}

    def __deepcopy__(self, memo: dict) -> "Game":
        """A Game is what its states read and none changes (built once per options and rulings):
        a deep copy of a state shares it, as ``clone()`` does (it holds modules, e.g. its
        ``information``, which cannot be copied)."""
        return self

    def build(self) -> None:
        """The game's tables, from ``self.options`` and ``self.rulings`` (a subclass's)."""

    @classmethod
    def of(cls, options: dict | None, rulings: dict | None) -> "Game":
        """The game under ``options`` and ``rulings`` (plain JSON, as a state dict holds them),
        built on first use and kept: the same canonical JSON, the same object. A bad value is the
        Rulings class's DataError, and nothing is kept."""
        key = json.dumps([options or {}, rulings or {}], sort_keys=True, separators=(",", ":"))
        made = cls._made
        game = made.get(key)
        if game is None:
            game = cls(*json.loads(key))  # its own copy: a caller's dict may change later
            if len(made) >= cls.CACHE_SIZE:
                del made[next(iter(made))]
            made[key] = game
        return game

    @classmethod
    def for_state(cls, d: dict) -> "Game":
        """The game a state dict is played under (its ``options`` and ``rulings``)."""
        return cls.of(d.get("options", cls.DEFAULT_OPTIONS), d.get("rulings"))

    @classmethod
    def positions(cls) -> Any:
        """The game's position format (:data:`POSITIONS` imported), or None."""
        if cls._positions is None and cls.POSITIONS is not None:
            cls._positions = resolve(cls.POSITIONS)
        return cls._positions

    @classmethod
    def derived_facts(cls, st: Any) -> dict:
        """Every derived fact of ``st`` (:data:`DERIVED`), plain JSON with sorted keys ({}: the game
        declares none)."""
        if cls.DERIVED is None:
            return {}
        return json.loads(json.dumps(cls.DERIVED(st), sort_keys=True))
