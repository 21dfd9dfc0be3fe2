"""The step helpers every procedure uses: what a handler does on the procedure stack.

A handler (model/core/engine.py) starts a child with :func:`push`, finishes with :func:`pop`,
cites the rules it applies with :func:`cite`, asks a side with :func:`ask` (a bot answers with
:func:`answer`) and poses a chance node with :func:`roll` or :func:`pick_chance`. A procedure
written as steps (model/core/steps.py) compiles into calls of the same helpers.

They live apart from the :class:`~cdg_oracle.model.core.engine.Engine` so that imports run one
way: engine.py builds on steps.py (``Engine.sequence`` compiles a step list) and both build on
this module, which imports nothing of the project. engine.py re-exports every helper, so a game
imports them from either.

**The ids a question hands over.** A procedure that builds its choices from a list of values
(``[{"space": n} for n in left]``) may say so: ``ask(..., key="space", values=left)`` promises
that the actions *begin* with ``{key: v}`` for each ``v`` of ``values``, in that order (the rest,
a ``{"done": true}`` or a scalar, follow); ``key`` without ``values``, that the actions are such
objects but for a few at the end (a pass). The promise is kept beside the state dict, never in it
(``st._hint``, with the question it belongs to, by identity, so a question posed or replaced after
it and a clone have none; a state read from JSON has what its question, posed again, says), and
costs the procedure one assignment. A question whose actions are a constant list (:data:`DIE`, a
step's fixed options: registered by :func:`constant`, offered as that very list) says nothing and
costs nothing: the list is known by its identity. Either way an encoding reads it only when asked
(model/core/encoding.py ``ActionTable.hinted_ids``: the ids of a node without a look-up per
action object; tests/oracle/test_encoding.py holds them equal to the actions' own ids over random
games).

This module knows no game.
"""
from __future__ import annotations

from typing import Any

DIE = [{"die": n} for n in range(1, 7)]

#: The constant lists of actions a question offers as they are (never changed): :data:`DIE` and
#: the fixed options of a step (model/core/steps.py ``choose``), by identity (:func:`constant`)
CONSTANTS: dict[int, list] = {id(DIE): DIE}


def constant(actions: list) -> list:
    """Register ``actions`` as a constant list of actions (:data:`CONSTANTS`: a question offering
    this very list hands its ids over as the constant's, the module docstring); returns it. The
    list must never change: it is the ``pending`` actions of every question that offers it."""
    CONSTANTS[id(actions)] = actions
    return actions


def push(st, proc: str, **local: Any) -> dict:
    """Start procedure ``proc`` as a child of the current frame; returns its frame."""
    frame = {"proc": proc, "pc": "start", **local}
    st.d["stack"].append(frame)
    return frame


def pop(st) -> None:
    """Finish the current procedure; its parent resumes with ``action=None``."""
    st.d["stack"].pop()


def cite(st, *rules: str) -> None:
    """Record the rule numbers the current step applies (reported by ``applied_rules()``)."""
    st._applied.extend(rules)


def question_id(st) -> str:
    """The stable identifier of a question posed now: the asking procedure and its step
    (``"op_travel.origin"``, ``"play_card.use"``), the same in every game and version that keeps
    the procedure's name -- what drivers key on instead of parsing the prompt."""
    stack = st.d["stack"]
    if not stack:
        return "setup"
    frame = stack[-1]
    return f"{frame['proc']}.{frame['pc']}"


def ask(st, player: str, actions: list, rule: str, prompt: str, question: str | None = None,
        key: str | None = None, values: Any = None) -> None:
    """Pose a decision to ``player`` among ``actions`` (non-empty). ``question``: its stable
    identifier (default :func:`question_id`). ``key``/``values``: what the actions were built
    from (the module docstring, "The ids a question hands over"). The game's ``on_ask`` hook may
    answer it at once (a bot, :func:`answer`) or turn it into a chance node."""
    if not actions:
        raise RuntimeError(f"dead end: {prompt} ({rule}) offers no action")
    p = st.d["pending"] = {"player": player, "actions": actions, "rule": rule, "prompt": prompt,
                           "question": question or question_id(st)}
    if key is not None or values is not None:
        st._hint = (p, key, values)
    hook = st.ENGINE.on_ask
    if hook is not None:
        hook(st)


def ask_values(st, player: str, key: str, values: Any, rule: str, prompt: str, question: str | None = None) -> None:
    """:func:`ask` among ``{key: v}`` for each ``v`` of ``values`` (a list, or any iterable read
    once), in that order, handing the ids over as built (the module docstring)."""
    if values.__class__ is not list:
        values = list(values)
    if not values:
        raise RuntimeError(f"dead end: {prompt} ({rule}) offers no action")
    # ``ask``'s body, a frame less (a question posed at most steps)
    p = st.d["pending"] = {"player": player, "actions": [{key: v} for v in values], "rule": rule,
                           "prompt": prompt, "question": question or question_id(st)}
    st._hint = (p, key, values)
    hook = st.ENGINE.on_ask
    if hook is not None:
        hook(st)


def answer(st, action: Any) -> None:
    """Answer the question just posed without a decision node: :meth:`Engine.run` feeds
    ``action`` to the top frame next (a bot's answer)."""
    st.d["pending"] = None
    st._auto = action


def roll(st, rule: str, prompt: str, question: str | None = None) -> None:
    """Pose a chance node: one six-sided die, each face 1/6 (its outcomes the constant
    :data:`DIE`, which hands its ids over as such: the module docstring)."""
    st.d["pending"] = {"player": "chance", "actions": DIE, "weights": None, "rule": rule, "prompt": prompt,
                       "question": question or question_id(st)}


def pick_chance(st, outcomes: list, weights: list[int] | None, rule: str, prompt: str,
                gap: str | None = None, question: str | None = None, key: str | None = None,
                values: Any = None) -> None:
    """Pose a chance node over ``outcomes`` (uniform, or proportional to integer ``weights``).
    ``gap`` says the node stands in for a table no source gives (``decision()`` reports it).
    ``key``/``values``: what the outcomes were built from (the module docstring)."""
    if not outcomes:
        raise RuntimeError(f"empty chance node: {prompt} ({rule})")
    p = st.d["pending"] = {"player": "chance", "actions": outcomes, "weights": weights, "rule": rule,
                           "prompt": prompt, "question": question or question_id(st)}
    if key is not None or values is not None:
        st._hint = (p, key, values)
    if gap:
        st.d["pending"]["gap"] = gap
