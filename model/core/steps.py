"""Step helpers: a procedure written as a list of steps that reads like the rule.

A procedure of the procedure stack (model/core/engine.py) is a handler ``handler(st, frame,
action)``. Written by hand, it is an if-chain over ``frame["pc"]`` in which every step names its
successor. With these helpers it is a list instead::

    @ENGINE.sequence("turn")
    @implements("5.2.2", "5.2.3")
    def turn():
        \"\"\"One turn: Jihadist Action Phase, US Action Phase, unblocked plots; repeat.\"\"\"
        return [
            repeat([
                do(begin_jihadist_phase), call("jihadist_phase"),
                do(begin_us_phase), call("us_phase"),
                call("resolve_plots"),
            ], until=turn_is_over, cite="4.7.5"),
        ]

The vocabulary (every combinator takes ``cite=``: rule numbers cited when the step runs, before
its effect; functions below take ``(st, frame)``):

* ``do(fn)``: run ``fn``; it may start a child (``push``) or finish the procedure (``pop``) -- the
  step then ends there -- but never asks (use ``choose``/``roll``/``pick``).
* ``call(proc, **locals)``: start procedure ``proc`` (a name, or a function giving it); a local
  given as a function is computed at the call. The procedure goes on when the child finishes.
* ``choose(player, options, rule, prompt, into=, when=)``: ask ``player`` (only if ``when``
  holds); the answer goes into ``frame[into]`` (None when not asked). ``roll(rule, prompt, into=)``: one die, its face (1-6) into ``frame[into]``.
  ``pick(outcomes, rule, prompt, into=)``: a chance node over ``outcomes`` (``weights=``, ``gap=``).
* ``if_(pred, then, else_)``, ``while_(pred, body)``, ``repeat(body, until=pred)`` (no ``until``:
  for ever, left by ``done``), ``for_each(items, var, body)``: control. ``items`` is a function or
  the name of a local holding a list; the cursor (``frame["each_<var>"]``, the items not yet
  taken) and the current item (``frame[var]``) are plain locals. ``var(name)``: a local's value
  when the step runs (``call("draw", side=var("side"))``).
* ``pause()``: end the step here, so the engine's ``after_step`` hook (Labyrinth: the
  instant-victory check, 2.1) runs before what follows.
* ``done()``: finish the procedure (implicit after the last step).

**Steps and the engine.** A compiled procedure runs its instructions in one handler call until
one of them poses a question, starts a child, finishes the procedure or pauses (or the game
ends); so one *step* of the engine (one ``after_step`` check) spans the same work as one return
of a hand-written handler. Predicates and ``do`` functions must be quick and free of questions.

**Labels, not indices.** The list is compiled once, at import, into instructions; the program
counter kept in the frame is the label of the instruction to run next (``"start"`` for the
first), so a saved state reads ``{"proc": "deal", "pc": "next_side", "order": [...],
"each_side": ["US", "US"], "side": "Jihadist"}`` and a question's identifier
(``decision()["question"]``, ``"<proc>.<label>"``) names its step: ``jihadist_phase.choose``.
A label is the step's ``name=`` if given, else the ``into`` of a question, the function or
procedure's name, or a word for the control step (``if_<pred>``, ``next_<var>``); labels are
unique within a procedure (a repeated default gets ``_2``, a repeated ``name=`` is an error).
``"start"`` is the entry label; the first step may take it as its ``name=`` (``choose(...,
name="start")``), so that a question posed by the first step stands at ``start``: how a
procedure once written by hand that asked at ``start`` keeps its labels when written as steps.

This module knows no game.
"""
from __future__ import annotations

import copy
from typing import Any, Callable, Iterable

from cdg_oracle.model.core.stack import ask, constant, pick_chance, pop, push
from cdg_oracle.model.core.stack import roll as roll_die

#: Instructions one handler call may run without a question, a child or a pause: beyond it a
#: procedure is taken to loop for ever (a ``while_`` whose body never ends a step).
MAX_INLINE = 10_000

StepFn = Callable[[Any, dict], Any]


def _cites(cite: str | Iterable[str] | None) -> tuple[str, ...]:
    if cite is None:
        return ()
    if isinstance(cite, str):
        return (cite,)
    return tuple(cite)


def _fname(fn: Any, default: str) -> str:
    name = getattr(fn, "__name__", "").lstrip("_")
    return default if not name or name == "<lambda>" else name


class Step:
    """One step of a procedure's list, before compiling (what the combinators build)."""

    __slots__ = ("kind", "name", "cite", "args")

    def __init__(self, kind: str, name: str | None, cite: Any, **args: Any):
        self.kind = kind
        self.name = name
        self.cite = _cites(cite)
        self.args = args

    def __repr__(self) -> str:
        return f"<{self.kind} {self.name or ''}>"


# -- the vocabulary -------------------------------------------------------------------------------
def do(fn: StepFn, *, cite: Any = None, name: str | None = None) -> Step:
    """Run ``fn(st, frame)``. If it starts a child or finishes the procedure, the step ends."""
    return Step("do", name, cite, fn=fn)


def call(proc: str | Callable[[Any, dict], str], *, cite: Any = None, name: str | None = None,
         **local: Any) -> Step:
    """Start procedure ``proc`` with ``local`` in its frame (a function value is computed at the
    call from ``(st, frame)``); this procedure goes on when it finishes."""
    return Step("call", name, cite, proc=proc, local=local)


def choose(player: str | StepFn, options: list | StepFn, rule: str | StepFn, prompt: str | StepFn, *,
           into: str | None = None, when: StepFn | None = None, cite: Any = None,
           name: str | None = None, key: str | None = None) -> Step:
    """Ask ``player`` to choose among ``options(st, frame)`` (or a fixed list); the answer goes
    into ``frame[into]``. ``player``, ``rule`` and ``prompt``: a value or a function, computed
    after the options (so they may read what ``options`` left in the frame); a prompt with
    ``{local}`` is filled from the frame. ``when``: the question is posed only if
    ``when(st, frame)`` holds; if not, ``frame[into]`` is None and the procedure goes on.
    ``key``: the options are one-key objects ``{key: value}`` but for a few at the end (a pass):
    the question hands its ids over so (model/core/stack.py); a fixed list is handed over as the
    constant it is."""
    return Step("choose", name or into, cite, player=player, options=options, rule=rule,
                prompt=prompt, into=into, when=when, key=key)


def roll(rule: str | StepFn, prompt: str | StepFn, *, into: str | None = None, cite: Any = None,
         name: str | None = None) -> Step:
    """Roll one six-sided die (a chance node); its face, 1-6, goes into ``frame[into]``."""
    return Step("roll", name or into, cite, rule=rule, prompt=prompt, into=into)


def pick(outcomes: StepFn, rule: str | StepFn, prompt: str | StepFn, *, into: str | None = None,
         weights: StepFn | None = None, gap: str | None = None, cite: Any = None,
         name: str | None = None, key: str | None = None) -> Step:
    """A chance node over ``outcomes(st, frame)`` (uniform, or by ``weights(st, frame)``); the
    outcome goes into ``frame[into]``. ``gap``: the node stands in for a table no source gives.
    ``key``: every outcome is the one-key object ``{key: value}`` (model/core/stack.py)."""
    return Step("pick", name or into, cite, outcomes=outcomes, rule=rule, prompt=prompt,
                into=into, weights=weights, gap=gap, key=key)


def if_(pred: StepFn, then: list, else_: list = (), *, cite: Any = None,
        name: str | None = None) -> Step:
    """``then`` if ``pred(st, frame)``, else ``else_``."""
    return Step("if", name, cite, pred=pred, then=list(then), else_=list(else_))


def while_(pred: StepFn, body: list, *, cite: Any = None, name: str | None = None) -> Step:
    """``body`` again and again while ``pred(st, frame)`` holds (tested before each round)."""
    return Step("while", name, cite, pred=pred, body=list(body))


def repeat(body: list, *, until: StepFn | None = None, cite: Any = None,
           name: str | None = None) -> Step:
    """``body``, then again until ``until(st, frame)`` holds (tested after each round; ``cite``
    is cited at each test). Without ``until``, for ever: the body leaves by ``done()``."""
    return Step("repeat", name, cite, body=list(body), until=until)


def for_each(items: str | StepFn, var: str, body: list, *, cite: Any = None,
             name: str | None = None) -> Step:
    """``body`` once for each of ``items`` (a function, or the name of a local holding a list,
    read once when the loop starts), the item in ``frame[var]``."""
    return Step("for_each", name, cite, items=items, var=var, body=list(body))


def var(name: str) -> StepFn:
    """The frame's local ``name``, read when the step runs: ``call("draw", side=var("side"))``."""
    def local(st, f):
        return f[name]
    local.__name__ = name
    return local


def pause(*, cite: Any = None, name: str | None = None) -> Step:
    """End the step: the engine's ``after_step`` hook runs before the next instruction."""
    return Step("pause", name, cite)


def done(*, cite: Any = None, name: str | None = None) -> Step:
    """Finish the procedure; its parent goes on."""
    return Step("done", name, cite)


# -- compiling ------------------------------------------------------------------------------------
class _Mark:
    """A jump target: the position of the next instruction in the flat list."""

    __slots__ = ("at",)

    def __init__(self) -> None:
        self.at = -1


class _Ins:
    """A flat instruction: its kind, label hint, explicit name, cites and jump targets."""

    __slots__ = ("kind", "hint", "name", "cite", "args", "targets")

    def __init__(self, kind: str, hint: str, name: str | None, cite: tuple, args: dict, **targets: _Mark):
        self.kind, self.hint, self.name, self.cite, self.args, self.targets = kind, hint, name, cite, args, targets


def _flatten(proc: str, steps: list, out: list) -> None:
    for s in steps:
        if isinstance(s, _Mark):
            raise TypeError(f"procedure {proc!r}: a mark is not a step")
        if not isinstance(s, Step):
            raise TypeError(f"procedure {proc!r}: {s!r} is not a step (use do, call, choose, ...)")
        k, a = s.kind, s.args
        if k == "do":
            out.append(_Ins("do", _fname(a["fn"], "do"), s.name, s.cite, a))
        elif k == "call":
            p = a["proc"]
            out.append(_Ins("call", p if isinstance(p, str) else _fname(p, "call"), s.name, s.cite, a))
        elif k in ("choose", "roll", "pick"):
            out.append(_Ins(k, k, s.name, s.cite, a))
        elif k in ("pause", "done"):
            out.append(_Ins(k, k, s.name, s.cite, a))
        elif k == "if":
            other, end = _Mark(), _Mark()
            out.append(_Ins("if", "if_" + _fname(a["pred"], "test"), s.name, s.cite, a, no=other))
            _flatten(proc, a["then"], out)
            if a["else_"]:
                out.append(_Ins("jump", "jump", None, (), {}, to=end))
                out.append(other)
                _flatten(proc, a["else_"], out)
                out.append(end)
            else:
                out.append(other)
        elif k == "while":
            head, end = _Mark(), _Mark()
            out.append(head)
            out.append(_Ins("if", "while_" + _fname(a["pred"], "test"), s.name, s.cite, a, no=end))
            _flatten(proc, a["body"], out)
            out.append(_Ins("jump", "jump", None, (), {}, to=head))
            out.append(end)
        elif k == "repeat":
            if not a["body"]:
                raise ValueError(f"procedure {proc!r}: repeat of nothing")
            top, end = _Mark(), _Mark()
            out.append(top)
            _flatten(proc, a["body"], out)
            if a["until"] is None:
                if s.cite or s.name:
                    raise ValueError(f"procedure {proc!r}: a repeat without until has no test to name or cite")
                out.append(_Ins("jump", "jump", s.name, (), {}, to=top))
            else:
                out.append(_Ins("until", "until_" + _fname(a["until"], "test"), s.name, s.cite, a,
                                again=top, out=end))
            out.append(end)
        elif k == "for_each":
            head, end = _Mark(), _Mark()
            var = a["var"]
            out.append(_Ins("each", "each_" + var, s.name, s.cite, a))
            out.append(head)
            out.append(_Ins("next", "next_" + var, None, (), a, out=end))
            _flatten(proc, a["body"], out)
            out.append(_Ins("jump", "jump", None, (), {}, to=head))
            out.append(end)
        else:  # pragma: no cover - the combinators make no other kind
            raise ValueError(f"procedure {proc!r}: unknown step {k!r}")


def _value(v: Any) -> Callable[[Any, dict], Any]:
    """A step argument as a function of ``(st, frame)``: functions as they are, a string with
    ``{local}`` filled from the frame, any other value constant."""
    if callable(v):
        return v
    if isinstance(v, str) and "{" in v:
        return lambda st, f: v.format_map(f)
    return lambda st, f: v


def compile_procedure(proc: str, steps: list) -> Callable[[Any, dict, Any], None]:
    """Compile a step list into an ordinary handler ``handler(st, frame, action)``."""
    flat: list = []
    _flatten(proc, list(steps), flat)
    flat.append(_Ins("done", "end", None, (), {}))
    code: list[_Ins] = []
    for x in flat:
        if isinstance(x, _Mark):
            x.at = len(code)
        else:
            code.append(x)

    def resolve(i: int) -> int:
        """The instruction really run at ``i``: jumps threaded through (they are never stored)."""
        seen = set()
        while code[i].kind == "jump":
            if i in seen:
                raise ValueError(f"procedure {proc!r}: a loop of jumps with no step in it")
            seen.add(i)
            i = code[i].targets["to"].at
        return i

    # labels: explicit names first (unique), then defaults made unique
    labels: list[str | None] = [None] * len(code)
    taken: set[str] = {"start"}
    first = resolve(0)
    for i, ins in enumerate(code):
        if ins.kind != "jump" and ins.name is not None:
            if ins.name == "start" and i == first and labels[i] is None:
                labels[i] = "start"  # the first step may carry the entry label itself
                continue
            if ins.name in taken:
                raise ValueError(f"procedure {proc!r}: step name {ins.name!r} used twice (or 'start' "
                                 f"on a step other than the first)")
            taken.add(ins.name)
            labels[i] = ins.name
    for i, ins in enumerate(code):
        if ins.kind != "jump" and labels[i] is None:
            label, k = ins.hint, 2
            while label in taken:
                label, k = f"{ins.hint}_{k}", k + 1
            taken.add(label)
            labels[i] = label
    index = {label: i for i, label in enumerate(labels) if label is not None}
    index["start"] = resolve(0)

    ops: list = []
    for i, ins in enumerate(code):
        nxt = resolve(i + 1) if i + 1 < len(code) else -1
        ops.append(None if ins.kind == "jump" else _make(proc, ins, labels[i], nxt, labels[nxt] if nxt >= 0 else None,
                                                         resolve))
    ops_t = tuple(ops)

    def handler(st, f: dict, a: Any) -> None:
        try:
            i = index[f["pc"]]
        except KeyError:
            raise RuntimeError(f"procedure {proc!r} has no step {f['pc']!r} (a state saved by another "
                               f"version of the model?)") from None
        i = ops_t[i](st, f, a)
        n = 0
        while i >= 0:
            i = ops_t[i](st, f, None)
            n += 1
            if n > MAX_INLINE:
                raise RuntimeError(f"runaway procedure {proc!r}: {MAX_INLINE} steps without a question, "
                                   f"a child or a pause (at {labels[i]!r})")

    handler.labels = tuple(label for label in labels if label is not None)  # type: ignore[attr-defined]
    handler.__name__ = handler.__qualname__ = proc
    return handler


def _branch(pred, yes, no, cites):
    """An instruction that cites its rules, then goes to ``yes`` if ``pred(st, frame)`` holds,
    else to ``no`` (``if_`` and the test of ``repeat(until=)``)."""
    def op(st, f, _a):
        if cites:
            st._applied.extend(cites)
        return yes if pred(st, f) else no
    return op



def _make(proc: str, ins: _Ins, label: str, nxt: int, nxt_label: str | None, resolve) -> Callable:
    """The function that runs one instruction: returns the index of the next one to run in the
    same step, or -1 when the step ends (having set ``frame["pc"]`` where the procedure goes on)."""
    k, a, cites = ins.kind, ins.args, ins.cite

    if k == "do":
        fn = a["fn"]

        def op(st, f, _a):
            if cites:
                st._applied.extend(cites)
            fn(st, f)
            d = st.d
            stack = d["stack"]
            if d["pending"] is not None or st._auto is not None:
                raise RuntimeError(f"procedure {proc!r}: step {label!r} (do) posed a question; "
                                   "use choose, roll or pick")
            if stack and stack[-1] is f and d["terminal"] is None:
                return nxt
            f["pc"] = nxt_label  # a child runs first, or the procedure or the game is over
            return -1
        return op

    if k == "call":
        p = a["proc"]
        local = a["local"]
        fixed = {key: v for key, v in local.items() if not callable(v)}
        containers = tuple(key for key, v in fixed.items() if isinstance(v, (list, dict)))
        computed = tuple((key, v) for key, v in local.items() if callable(v))
        named = isinstance(p, str)

        def op(st, f, _a):
            if cites:
                st._applied.extend(cites)
            f["pc"] = nxt_label
            args = dict(fixed)
            for key in containers:  # each frame its own copy: a procedure may change its locals
                args[key] = copy.deepcopy(args[key])
            for key, v in computed:
                args[key] = v(st, f)
            push(st, p if named else p(st, f), **args)
            return -1
        return op

    if k in ("choose", "roll", "pick"):
        into = a["into"]
        rule, prompt = _value(a["rule"]), _value(a["prompt"])
        if k == "choose":
            player, options = _value(a["player"]), a["options"]
            key = a.get("key")
            if not callable(options):  # a fixed list: offered as the constant it is (stack.constant)
                fixed_options = constant(list(options))
                key = None

                def options(st, f):
                    return fixed_options

            if key is None:
                def pose(st, f):
                    ask(st, player(st, f), options(st, f), rule(st, f), prompt(st, f))
            else:
                def pose(st, f):
                    ask(st, player(st, f), options(st, f), rule(st, f), prompt(st, f), None, key)
        elif k == "roll":
            def pose(st, f):
                roll_die(st, rule(st, f), prompt(st, f))
        else:
            outcomes, weights, gap, key = a["outcomes"], a["weights"], a["gap"], a.get("key")

            def pose(st, f):
                pick_chance(st, outcomes(st, f), None if weights is None else weights(st, f), rule(st, f),
                            prompt(st, f), gap, None, key)
        die = k == "roll"
        when = a.get("when")

        def op(st, f, answer):
            if answer is None:
                if when is not None and not when(st, f):
                    if into is not None:
                        f[into] = None
                    return nxt
                if cites:
                    st._applied.extend(cites)
                f["pc"] = label
                pose(st, f)
                return -1
            if into is not None:
                f[into] = answer["die"] if die else answer
            return nxt
        return op

    if k == "if":
        return _branch(a["pred"], nxt, resolve(ins.targets["no"].at), cites)

    if k == "until":
        return _branch(a["until"], resolve(ins.targets["out"].at), resolve(ins.targets["again"].at), cites)

    if k == "each":
        items, key = a["items"], "each_" + a["var"]
        if isinstance(items, str):
            local = items

            def items(st, f):
                return f[local]

        def op(st, f, _a):
            if cites:
                st._applied.extend(cites)
            f[key] = list(items(st, f))
            return nxt
        return op

    if k == "next":
        var, key, out = a["var"], "each_" + a["var"], resolve(ins.targets["out"].at)

        def op(st, f, _a):
            left = f[key]
            if left:
                f[var] = left.pop(0)
                return nxt
            del f[key]
            f.pop(var, None)
            return out
        return op

    if k == "pause":
        def op(st, f, _a):
            if cites:
                st._applied.extend(cites)
            f["pc"] = nxt_label
            return -1
        return op

    if k == "done":
        def op(st, f, _a):
            if cites:
                st._applied.extend(cites)
            pop(st)
            return -1
        return op

    raise ValueError(f"procedure {proc!r}: unknown instruction {k!r}")  # pragma: no cover
