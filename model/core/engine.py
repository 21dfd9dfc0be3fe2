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
it once into such a handler. That is the one way to write a new procedure (docs/design.md,
"Writing a procedure"); the handlers still written by hand (:meth:`Engine.hand_written`) are a
list that may only shrink (tests/test_procedures_style.py).

:meth:`Engine.run` calls handlers until a question is pending or the game is over. Each game has
its own :class:`Engine` -- its own registry of procedures, so two games may both have a ``turn`` --
and two hooks: ``after_step(st)`` runs after every step (Labyrinth: the instant-victory check,
2.1) and ``on_ask(st)`` runs when a question is posed (Labyrinth: the solo bot answers the
Jihadist's questions, chapter 9).

**Setting the hooks: one way.** A game builds its engine with its name only
(``ENGINE = Engine("labyrinth")`` in ``model/<game>/engine.py``, which every rule module imports)
and sets its hooks once, with :meth:`Engine.set_hooks`, in its package ``__init__.py`` after the
rule modules are loaded (``ENGINE.set_hooks(after_step=victory.check_instant, on_ask=...)``). So a
hook may live in any rule module, and ``engine.py`` imports none of them: a hook given to the
constructor would make the engine module import the rules that import it (an import cycle). A game
with no hook (Twilight Struggle) calls nothing. Because frames and the pending question are plain data, every
state, also one in the middle of a procedure, round-trips through JSON exactly.

**Posing again.** The pending question is a function of the stack and the rest of the state: a
procedure that can *re-pose* poses the same question again when its frame is called without an
answer, changing nothing else (:meth:`Engine.repose`). A state read from a file (a position's
``machine``, a state's JSON) therefore never has its question taken from the file: it is posed
again and a stated one must agree. Every procedure written as steps re-poses (a ``choose``,
``roll`` or ``pick`` asks again at its own label); one written by hand does when it follows the
same rule -- at the step awaiting an answer, a call without one poses the question -- and is then
declared with ``reposes=True`` (or :meth:`Engine.declare_reposing`). Every procedure of every game
re-poses (tests/oracle/test_positions_machine.py checks that :attr:`Engine.reposing` holds each
registered procedure), so a question read from a file is never more than a claim to check.

The step helpers (:func:`push`, :func:`pop`, :func:`cite`, :func:`ask`, :func:`answer`,
:func:`roll`, :func:`pick_chance`) live in model/core/stack.py and are re-exported here. Imports run
one way: this module builds on steps.py and stack.py, steps.py on stack.py, never back.

This module knows no game: it imports nothing of ``model.labyrinth`` or any other game.
"""
from __future__ import annotations

import functools
from typing import Any, Callable

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.stack import (  # noqa: F401  (the step helpers, re-exported for the games)
    DIE, answer, ask, ask_values, cite, pick_chance, pop, push, question_id, roll)
from cdg_oracle.model.core.state import copy_json
from cdg_oracle.model.core.steps import compile_procedure

Handler = Callable[[Any, dict, Any], None]

#: Steps one :meth:`Engine.run` may take without posing a question before it is taken to run away
#: (a procedure that starts children for ever, a loop that never asks).
MAX_STEPS = 100_000


class Engine:
    """One game's procedures and hooks."""

    def __init__(self, game: str):
        self.game = game
        self.procs: dict[str, Handler] = {}
        #: The procedures that re-pose their question when called without an answer (every one
        #: written as steps, and those written by hand declared so): their questions are always
        #: derived from the stack (:meth:`repose`), never read from a file.
        self.reposing: set[str] = set()
        #: The procedures written as lists of steps (:meth:`sequence`).
        self.sequences: set[str] = set()
        #: The hooks (None: none), set once by :meth:`set_hooks`.
        self.after_step: Callable[[Any], None] | None = None
        self.on_ask: Callable[[Any], None] | None = None

    def set_hooks(self, after_step: Callable[[Any], None] | None = None,
                  on_ask: Callable[[Any], None] | None = None) -> None:
        """Set this game's hooks, once (the module docstring, "Setting the hooks: one way"):
        ``after_step(st)`` runs after every step, ``on_ask(st)`` when a question is posed. A second
        call is a ValueError: a hook set twice means two modules disagree about the game."""
        if self.after_step is not None or self.on_ask is not None:
            raise ValueError(f"{self.game}: the engine's hooks are already set")
        self.after_step = after_step
        self.on_ask = on_ask

    def procedure(self, name: str, reposes: bool = False) -> Callable[[Handler], Handler]:
        """Register ``fn`` as the handler of this game's frames whose ``proc`` is ``name``.
        ``reposes``: called without an answer at a step awaiting one, it poses that question
        again and changes nothing else (see :meth:`repose`; tests check it on random games)."""

        def register(fn: Handler) -> Handler:
            if name in self.procs:
                raise ValueError(f"{self.game}: procedure {name!r} registered twice")
            self.procs[name] = fn
            if reposes:
                self.reposing.add(name)
            return fn

        return register

    def declare_reposing(self, *names: str) -> None:
        """Declare procedures written by hand that re-pose (``procedure(name, reposes=True)``)."""
        self.reposing.update(names)

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

        Returns the handler. This is the one way to write a new procedure (docs/design.md,
        "Writing a procedure"); :meth:`hand_written` lists the procedures written otherwise."""
        if steps is not None:
            handler = self.procedure(name, reposes=True)(compile_procedure(name, steps))
            self.sequences.add(name)
            return handler

        def register(fn: Callable[[], list]) -> Handler:
            handler = compile_procedure(name, fn())
            labels = handler.labels
            functools.update_wrapper(handler, fn)
            handler.labels = labels
            handler = self.procedure(name, reposes=True)(handler)
            self.sequences.add(name)
            return handler

        return register

    def hand_written(self) -> set[str]:
        """The procedures written by hand (:meth:`procedure`), not as lists of steps: the older
        way, which tests/test_procedures_style.py lets only shrink."""
        return set(self.procs) - self.sequences

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


    def labels(self, proc: str) -> tuple[str, ...] | None:
        """The steps (program-counter labels) of procedure ``proc`` if it is written as steps;
        None for one written by hand (its labels are its own code's)."""
        return getattr(self.procs.get(proc), "labels", None)

    def repose(self, st) -> dict:
        """The question the stack of ``st`` poses now, posed again on a scratch copy: the top
        frame's procedure called without an answer (the ``on_ask`` hook as :func:`ask` runs it).
        ``st`` is left untouched. A DataError of one line when the top frame poses nothing, fails
        or changes anything but the question (the frame is not at a step awaiting an answer),
        or when its procedure does not re-pose (not in :attr:`reposing`)."""
        d = st.d
        stack = d["stack"]
        frame = stack[-1]
        proc, pc = frame["proc"], frame["pc"]
        where = f"the top frame ({proc} at step {pc!r})"
        if proc not in self.reposing:
            raise DataError(f"{where}: its procedure does not pose its question again")
        scratch = type(st)(copy_json(d))
        scratch.d["pending"] = None
        top = scratch.d["stack"][-1]
        try:
            self.procs[proc](scratch, top, None)
        except RecursionError:
            raise DataError(f"{where}: cannot pose its question: too deep") from None
        except Exception as e:  # a frame the procedure cannot run is bad input, whatever it raises
            raise DataError(f"{where}: cannot pose its question: {type(e).__name__}: {_clip(str(e))}") from None
        posed = scratch.d["pending"]
        if posed is None or scratch._auto is not None:
            raise DataError(f"{where}: poses no question there (not a step awaiting an answer)")
        scratch.d["pending"] = d["pending"]
        if scratch.d != d:
            raise DataError(f"{where}: does not stand at a question (called without an answer, it goes on)")
        return posed


def _clip(text: str, width: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."
