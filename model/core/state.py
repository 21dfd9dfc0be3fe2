"""The base state of a game played on the procedure stack (model/core/engine.py): the whole
decision-protocol contract (model/core/game.py) implemented once, from three plain-data fields of
the state dict ``d``: ``stack`` (the running procedures), ``pending`` (the question posed now) and
``terminal`` (``{"winner", "reason", "rule"}`` at the end).

A game subclasses :class:`StackState` and supplies

* ``game`` (its name), ``SIDES`` (its sides), ``ENGINE`` (its :class:`~.engine.Engine`),
  ``STATE_VERSION``;
* ``GAME``: its :class:`~.game.Game` class (model/<game>/game.py), the tables, options and
  rulings a state is played under. A state points to its Game (``st.game_object``, found once
  from the dict's ``options`` and ``rulings``, :meth:`~.game.Game.for_state`, and shared by
  ``clone()``) and carries the Game's ``SHARED`` tables as its own attributes (``st.map``,
  ``st.rulings``...): nothing is rebuilt per state;
* ``canonical()``: the facts two implementations must agree on (without the machinery);
* ``options()`` (its game options, when it has some);
* ``observation(side)``: what ``side`` sees by the rules (see :meth:`StackState.observation`);
* optionally ``setup(d)`` (a state's own memory: hints a step leaves for the next) and
  ``context()`` additions.

Every ``apply`` appends the step to the state's ``history`` (a list beside ``d``: the sides'
memory of the past, not a fact of the position; model/core/information.py), marked private when
the game's ``information.py`` says only some sides saw what was taken; ``clone()`` keeps it, and
the JSON round trip when asked (``to_json(history=True)``); ``information_state(side)`` and ``sample_redeal(side, rng)`` are the game's
(its Game's ``INFORMATION``).
"""
from __future__ import annotations

import copy
import json
import marshal
from fractions import Fraction
from functools import lru_cache
from itertools import repeat
from typing import Any, ClassVar

from cdg_oracle.model.core.errors import DataError, IllegalAction
from cdg_oracle.model.core.game import CHANCE, TERMINAL, Game
from cdg_oracle.model.core.information import HISTORY, check_side, entry, history_json, read_history, record_sightings
from cdg_oracle.model.core.stack import CONSTANTS


def copy_json(v: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, strings, numbers, booleans, None): what
    ``copy.deepcopy`` gives for such data (key order kept), several times faster (marshal's
    C round trip, no memo)."""
    try:
        return marshal.loads(marshal.dumps(v))
    except ValueError:  # not plain data: let copy.deepcopy say what it makes of it
        return copy.deepcopy(v)


@lru_cache(maxsize=None)
def _uniform(n: int) -> Fraction:
    """The probability of each of ``n`` equally likely outcomes (one object per ``n``)."""
    return Fraction(1, n)


class StackState:
    """One position of a game: at a decision, a chance node or the end."""

    game: ClassVar[str] = ""
    SIDES: ClassVar[tuple[str, ...]] = ()
    ENGINE: ClassVar[Any] = None
    STATE_VERSION: ClassVar[int] = 1
    GAME: ClassVar[type[Game]] = Game
    #: what the pending question's procedure said its actions were built from (model/core/stack.py,
    #: "The ids a question hands over"): ``(pending, key, values)``, set by ``ask``/``ask_values``/
    #: ``pick_chance`` beside the dict, never copied (a clone has none)
    _hint: Any = None

    def __init__(self, d: dict, game: Game | None = None, history: list | None = None):
        """The state of dict ``d``, played under ``game`` (None: the Game of ``d``'s options and
        rulings, :meth:`~.game.Game.for_state`), with the steps that led to it (``history``,
        model/core/information.py; None: none recorded, as for a state read from a position)."""
        self.d = d
        #: every step applied since the state was made, as the sides saw it (model/core/information.py)
        self.history: list = [] if history is None else history
        self._applied: list[str] = []
        self._auto = None  # an answer a bot gave within Engine.run (never kept between steps)
        if game is None:
            game = self.GAME.for_state(d)
        self.game_object = game
        self.__dict__.update(game.shared)
        self.setup(d)

    def setup(self, d: dict) -> None:
        """A state's own memory, if the game keeps any (hints a step leaves for the next); the
        tables are the Game's."""

    # -- the contract ---------------------------------------------------------------------------
    def current_player(self) -> str:
        if self.d["terminal"] is not None:
            return TERMINAL
        p = self.d["pending"]["player"]
        return CHANCE if p == "chance" else p

    def is_terminal(self) -> bool:
        return self.d["terminal"] is not None

    def legal_actions(self) -> list:
        """The exact, ordered list of atomic choices (or chance outcomes) open now."""
        if self.d["terminal"] is not None:
            return []
        return list(self.d["pending"]["actions"])

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """``[(outcome, probability)]`` at a chance node, else ``[]``."""
        p = self.d["pending"]
        if self.d["terminal"] is not None or p["player"] != "chance":
            return []
        acts = p["actions"]
        w = p["weights"]
        if w is None:
            return list(zip(acts, repeat(_uniform(len(acts)))))
        total = sum(w)
        return [(a, Fraction(x, total)) for a, x in zip(acts, w)]

    def chance_distribution(self, copy: bool = True) -> tuple[list, list[int] | None] | None:
        """At a chance node ``(outcomes, weights)``: the outcomes as ``chance_outcomes()`` lists
        them and their integer weights (each outcome's probability is its weight over their sum),
        ``weights`` None when they are equally likely; None when not a chance node. The same
        distribution as ``chance_outcomes()`` without a Fraction and a pair per outcome (a draw
        from the deck has up to 120: oracle/openspiel.py reads this, not part of the contract).
        ``copy`` False: the pending lists themselves, which the caller must not change."""
        d = self.d
        p = d["pending"]
        if d["terminal"] is not None or p["player"] != "chance":
            return None
        w = p["weights"]
        if not copy:
            return p["actions"], w
        return list(p["actions"]), (None if w is None else list(w))

    def hinted_actions(self) -> tuple[list, tuple[str | None, Any] | None] | None:
        """``(actions, hint)``: the pending question's actions, the list itself (not a copy, as
        ``legal_actions()`` gives: the caller must not change it), with :meth:`action_hint`'s
        promise; None at the end of the game. One call where a binding would make two
        (oracle/openspiel.py, a decision's ids); not part of the contract."""
        p = self.d["pending"]
        if p is None or self.d["terminal"] is not None:
            return None
        actions = p["actions"]
        h = self._hint
        if h is not None and h[0] is p:
            return actions, (h[1], h[2])
        if CONSTANTS.get(id(actions)) is actions:  # a constant list of actions (stack.constant)
            return actions, (None, actions)
        return actions, None

    def action_hint(self) -> tuple[str | None, Any] | None:
        """``(key, values)``: what the pending question's actions were built from, as its
        procedure said (model/core/stack.py, "The ids a question hands over"): the actions begin
        with ``{key: v}`` for each ``v`` of ``values`` (``values`` None: the actions are such
        objects but for a few at the end; ``key`` None: the actions are the constant list
        ``values``, stack.constant, known by its identity); None when it said nothing, or the
        question it said it of is no longer the pending one. Not part of the
        contract (model/core/game.py): an encoding's shortcut (model/core/encoding.py
        ``ActionTable.hinted_ids``), which falls back to the actions' values without it. The
        promise of :meth:`hinted_actions`, which reads it."""
        got = self.hinted_actions()
        return None if got is None else got[1]

    def apply(self, action: Any) -> None:
        """Apply one legal action or chance outcome; raises IllegalAction otherwise."""
        if self.d["terminal"] is not None:
            raise IllegalAction("the game is over")
        pending = self.d["pending"]
        if action not in pending["actions"]:
            raise IllegalAction(f"{json.dumps(action)} is not legal at {pending['prompt']!r} ({pending['rule']})")
        self._applied = [pending["rule"]]
        info = self.game_object.information
        if info is None:
            self.ENGINE.run(self, action)
            return
        history = self.history
        history.append(entry(pending["player"], pending.get("question", ""), action, info.seen_by(self, action)))
        shown = info.sightings(self)
        revealed = info.reveals(self, action)
        self.ENGINE.run(self, action)
        record_sightings(history, shown, info.sightings(self) + revealed)

    def applied_rules(self) -> list[str]:
        """Rule numbers applied by the last ``apply`` (first: the rule of the question answered)."""
        out: list[str] = []
        for r in self._applied:
            if r not in out:
                out.append(r)
        return out

    def decision(self) -> dict | None:
        """The pending question: ``player``, ``question`` (a stable identifier such as
        ``"op_travel.origin"``), ``prompt`` (words for people) and ``rule``; ``gap`` when a chance
        node stands in for a table no source gives. None when terminal."""
        p = self.d["pending"]
        if p is None:
            return None
        out = {"player": p["player"], "question": p.get("question", ""), "prompt": p["prompt"], "rule": p["rule"]}
        if p.get("gap"):
            out["gap"] = p["gap"]
        return out

    def context(self) -> dict:
        """What is being resolved now, from the running procedures: ``procedures`` (outermost
        first), ``card`` (the innermost card being played or resolved, or None), ``side`` (the
        side on whose behalf the innermost procedure that names one runs: the side drawing, playing
        or taking its turn; None if none does) and ``rule`` (the rule of the pending question).
        Tools read this instead of the stack."""
        stack = self.d["stack"]
        card = next((f["card"] for f in reversed(stack) if isinstance(f.get("card"), int)
                     and not isinstance(f.get("card"), bool)), None)
        side = next((f["side"] for f in reversed(stack) if f.get("side") in self.SIDES), None)
        p = self.d["pending"]
        return {"procedures": [f["proc"] for f in stack], "card": card, "side": side,
                "rule": None if p is None else p["rule"]}

    def returns(self) -> dict[str, int]:
        """+1 for the winner, -1 for each other side, at a terminal state; zeros otherwise, and at an
        end without a winner (a draw: Twilight Struggle 10.3.2; a tie of margins: A Distant Plain)."""
        t = self.d["terminal"]
        if t is None or t["winner"] is None:
            return {s: 0 for s in self.SIDES}
        return {s: (1 if s == t["winner"] else -1) for s in self.SIDES}

    def outcome(self) -> dict | None:
        """``{"winner", "reason", "rule"}`` at a terminal state, else None."""
        t = self.d["terminal"]
        return None if t is None else dict(t)

    def winner(self) -> str | None:
        t = self.d["terminal"]
        return None if t is None else t["winner"]

    def canonical(self) -> dict:
        raise NotImplementedError

    def observation(self, side: str) -> dict:
        raise NotImplementedError

    def information_state(self, side: str) -> dict:
        """The perfect-recall information state of ``side``: what it has seen and done so far, by
        the rules, as plain JSON (model/core/information.py: the game, scenario, options and
        rulings; the history of every step, with the actions ``side`` did not see as ``null``,
        and what events showed it; its observation now). Two states ``side`` cannot tell apart
        have equal information states. A bad side is a one-line DataError."""
        check_side(self, side, "information_state")
        info = self.game_object.information
        if info is None:
            raise DataError(f"information_state: {self.game} has no information model")
        return info.information_state(self, side)

    def sample_redeal(self, side: str, rng: Any) -> "StackState":
        """A full state consistent with ``side``'s information state, drawn with the right
        probabilities by the caller's ``rng`` (a ``random.Random``; the model never draws): what
        ``side`` cannot see (the other hands, the draw pile, face-down markers...) dealt again
        among the places it could be, every deal consistent with what ``side`` has seen as likely
        as the chance nodes that made it (the game's ``information.py`` says why, and when that
        is exact). ``self`` is not changed; the re-dealt state has the same information state
        for ``side``, the same observation and, at ``side``'s decision, the same legal actions.
        When the question under way rules out every deal drawn (model/core/information.py
        ``sample``), a one-line ``RedealError``: never ``self``'s own hidden cards as a draw."""
        check_side(self, side, "sample_redeal")
        info = self.game_object.information
        if info is None:
            raise DataError(f"sample_redeal: {self.game} has no information model")
        return info.sample_redeal(self, side, rng)

    def rulings_dict(self) -> dict:
        """The Rulings switches of this state (every one, ``to_dict``); {} for a game without."""
        rulings = getattr(self, "rulings", None)
        return {} if rulings is None or isinstance(rulings, dict) else rulings.to_dict()

    def options(self) -> dict:
        return {}

    def derived_facts(self) -> dict:
        """The facts the rules compute from this state (the Game's ``DERIVED``, each key with its
        rule in ``DERIVED_RULES``), plain JSON with sorted keys: what ``observation`` carries under
        ``derived`` and ``position show --json`` writes."""
        return self.game_object.derived_facts(self)

    def clone(self):
        """An exact copy, sharing the Game (no table rebuilt). The history's entries are never
        changed in place (a re-deal replaces an entry), so the copy shares them."""
        return type(self)(copy_json(self.d), self.game_object, list(self.history))

    def to_json(self, history: bool = False) -> str:
        """Canonical JSON of the whole state: sorted keys, compact separators. ``history``: with
        the steps that led to it under ``"history"`` (:data:`~.information.HISTORY`; what a
        serialization that must keep each side's information state writes, e.g. OpenSpiel's),
        which ``from_json`` takes back out of the dict. Without it (the default) the text is the
        position's alone: two states reached by different paths have the same text."""
        if history and self.history:
            return json.dumps({**self.d, HISTORY: history_json(self.history)}, sort_keys=True, separators=(",", ":"))
        return json.dumps(self.d, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, check: bool = True):
        """The state of ``to_json``'s text (with its history if the text has one, else none).
        ``check`` (default): refuse a state that breaks the
        game's shape or consistency laws (:meth:`check_loaded`). The checked walks pass False for
        the round trip of a state the same step has just checked against those laws."""
        try:
            d = json.loads(text)
        except json.JSONDecodeError as e:
            raise DataError(f"state: not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
        if not isinstance(d, dict) or d.get("game") != cls.game or d.get("version") != cls.STATE_VERSION:
            raise DataError(f"state: not a {cls.game} state of version {cls.STATE_VERSION}")
        history = d.pop(HISTORY, None)
        if history is not None:
            history = read_history(history, cls.SIDES)
        if check:
            cls.check_loaded(d)
        return cls(d, None, history)

    @classmethod
    def check_loaded(cls, d: dict) -> None:
        """Refuse a state read from JSON that breaks the game's shape or consistency laws (a
        one-line DataError naming the field): model/core/position.py ``check_state`` with the
        game's position format (its Game's ``POSITIONS``), if it has one."""
        from cdg_oracle.model.core.position import check_state

        fmt = cls.GAME.positions()
        if fmt is not None:
            check_state(d, fmt)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self.d == other.d
