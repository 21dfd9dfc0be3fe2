"""The step helpers every procedure uses: what a handler does on the procedure stack.

A handler (model/core/engine.py) starts a child with :func:`push`, finishes with :func:`pop`,
cites the rules it applies with :func:`cite`, asks a side with :func:`ask` (a bot answers with
:func:`answer`) and poses a chance node with :func:`roll` or :func:`pick_chance`. A procedure
written as steps (model/core/steps.py) compiles into calls of the same helpers.

They live apart from the :class:`~cdg_oracle.model.core.engine.Engine` so that imports run one
way: engine.py builds on steps.py (``Engine.sequence`` compiles a step list) and both build on
this module, which imports nothing of the project. engine.py re-exports every helper, so a game
imports them from either.

This module knows no game.
"""
from __future__ import annotations

from typing import Any

DIE = [{"die": n} for n in range(1, 7)]


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


def ask(st, player: str, actions: list, rule: str, prompt: str, question: str | None = None) -> None:
    """Pose a decision to ``player`` among ``actions`` (non-empty). ``question``: its stable
    identifier (default :func:`question_id`). The game's ``on_ask`` hook may answer it at once
    (a bot, :func:`answer`) or turn it into a chance node."""
    if not actions:
        raise RuntimeError(f"dead end: {prompt} ({rule}) offers no action")
    st.d["pending"] = {"player": player, "actions": actions, "rule": rule, "prompt": prompt,
                       "question": question or question_id(st)}
    hook = st.ENGINE.on_ask
    if hook is not None:
        hook(st)


def answer(st, action: Any) -> None:
    """Answer the question just posed without a decision node: :meth:`Engine.run` feeds
    ``action`` to the top frame next (a bot's answer)."""
    st.d["pending"] = None
    st._auto = action


def roll(st, rule: str, prompt: str, question: str | None = None) -> None:
    """Pose a chance node: one six-sided die, each face 1/6."""
    st.d["pending"] = {"player": "chance", "actions": DIE, "weights": None, "rule": rule, "prompt": prompt,
                       "question": question or question_id(st)}


def pick_chance(st, outcomes: list, weights: list[int] | None, rule: str, prompt: str,
                gap: str | None = None, question: str | None = None) -> None:
    """Pose a chance node over ``outcomes`` (uniform, or proportional to integer ``weights``).
    ``gap`` says the node stands in for a table no source gives (``decision()`` reports it)."""
    if not outcomes:
        raise RuntimeError(f"empty chance node: {prompt} ({rule})")
    st.d["pending"] = {"player": "chance", "actions": outcomes, "weights": weights, "rule": rule,
                       "prompt": prompt, "question": question or question_id(st)}
    if gap:
        st.d["pending"]["gap"] = gap
