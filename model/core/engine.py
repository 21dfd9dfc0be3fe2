"""The procedure stack: how a game's rules become atomic decisions and chance nodes.

A game writes its rules as *procedures* (one per rule or step of a rule). A running procedure is
a *frame*: a plain dict ``{"proc": name, "pc": step, ...locals}`` on the state's ``d["stack"]``.
A procedure is a function ``handler(st, frame, action)`` that does one step and then either

* asks a question with :func:`ask` (a side chooses among atomic actions) or poses a chance node
  with :func:`roll` / :func:`pick_chance`, setting ``d["pending"]``; the next call of the same
  handler receives the answer as ``action``; or
* makes progress without input: mutates the state, starts a child with :func:`push`, or finishes
  with :func:`pop` (the parent then resumes with ``action=None``).

A procedure may also be written as a list of steps (``do``, ``call``, ``choose``, ``roll``,
``for_each``...: model/core/steps.py) and registered with :meth:`Engine.sequence`, which compiles
it once into such a handler.

:meth:`Engine.run` calls handlers until a question is pending or the game is over. Each game has
its own :class:`Engine` -- its own registry of procedures, so two games may both have a ``turn`` --
and two hooks: ``after_step(st)`` runs after every step (Labyrinth: the instant-victory check,
2.1) and ``on_ask(st)`` runs when a question is posed (Labyrinth: the solo bot answers the
Jihadist's questions, chapter 9). Because frames and the pending question are plain data, every
state, also one in the middle of a procedure, round-trips through JSON exactly.

This module knows no game: it imports nothing of ``model.labyrinth`` or any other game.
"""
from __future__ import annotations

import functools
from typing import Any, Callable

Handler = Callable[[Any, dict, Any], None]

DIE = [{"die": n} for n in range(1, 7)]

#: Steps one :meth:`Engine.run` may take without posing a question before it is taken to run away
#: (a procedure that starts children for ever, a loop that never asks).
MAX_STEPS = 100_000


class Engine:
    """One game's procedures and hooks."""

    def __init__(self, game: str, after_step: Callable[[Any], None] | None = None,
                 on_ask: Callable[[Any], None] | None = None):
        self.game = game
        self.procs: dict[str, Handler] = {}
        self.after_step = after_step
        self.on_ask = on_ask

    def procedure(self, name: str) -> Callable[[Handler], Handler]:
        """Register ``fn`` as the handler of this game's frames whose ``proc`` is ``name``."""

        def register(fn: Handler) -> Handler:
            if name in self.procs:
                raise ValueError(f"{self.game}: procedure {name!r} registered twice")
            self.procs[name] = fn
            return fn

        return register

    def sequence(self, name: str, steps: list | None = None) -> Any:
        """Register procedure ``name`` written as a list of steps (model/core/steps.py), compiled
        once into an ordinary handler. Either ``ENGINE.sequence("deal", [...])``, or as a
        decorator on a function that returns the list (its docstring and ``@implements`` then
        belong to the procedure)::

            @ENGINE.sequence("turn")
            @implements("5.2.2")
            def turn():
                \"\"\"One turn: ...\"\"\"
                return [do(...), call("jihadist_phase"), ...]

        Returns the handler."""
        from cdg_oracle.model.core.steps import compile_procedure  # steps.py builds on this module

        if steps is not None:
            return self.procedure(name)(compile_procedure(name, steps))

        def register(fn: Callable[[], list]) -> Handler:
            handler = compile_procedure(name, fn())
            labels = handler.labels
            functools.update_wrapper(handler, fn)
            handler.labels = labels
            return self.procedure(name)(handler)

        return register

    def run(self, st, action: Any = None) -> None:
        """Advance the game: feed ``action`` to the top frame, then step until a question is
        pending or the game is over (``d["terminal"]`` set). More than :data:`MAX_STEPS` steps
        without a question is a runaway: a RuntimeError naming the procedure running."""
        d = st.d
        procs = self.procs
        after = self.after_step
        n = 0
        while True:
            if d["terminal"] is not None:
                d["pending"] = None
                d["stack"] = []
                st._auto = None
                return
            frame = d["stack"][-1]
            n += 1
            if n > MAX_STEPS:
                raise RuntimeError(f"{self.game}: runaway: {MAX_STEPS} steps without a question "
                                   f"(procedure {frame['proc']!r} at step {frame['pc']!r})")
            d["pending"] = None
            procs[frame["proc"]](st, frame, action)
            action = None
            if st._auto is not None:
                action, st._auto = st._auto, None
            if after is not None:
                after(st)
            if d["pending"] is not None and d["terminal"] is None:
                return


# -- the step helpers every procedure uses ----------------------------------------------------------
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
