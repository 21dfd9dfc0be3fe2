"""How a game's z3 transitions are written: a :class:`Work` copy of the symbolic state that the
rule helpers rewrite, and the registry of named transitions (:class:`Spec`, :class:`Transition`).

A transition of a game's proofs (``properties/<game>/z3_proofs.py``) is a function of a Work copy:
it reads the pre-state's components (``w[name]``), adds the rule's free choices and dice with
their legal ranges (``choose_int``, ``choose_bool``, ``choose_name``: guards), its preconditions
(``require``) and rewrites the components the rule changes; a component never rewritten keeps
its pre value (the frame). :meth:`Work.relation` is then the transition relation between the
pre-state and a post-state. Each game subclasses :class:`Work` with its selections by a symbolic
country or space (a chain of ``If`` over its map: :meth:`Work.by_index`, :meth:`Work.rewrite_at`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import z3


def z3_steps() -> int:
    """z3's resource count so far in this process ("rlimit count": the steps an ``rlimit`` bounds,
    z3's own unit of work). A fresh solver's statistics give the running total of the context
    every solver here shares, so a proof's steps are the count after it less the count before.
    The same queries in the same order count the same steps on every machine, for one z3 version;
    another version counts differently (so the proofs' steps, like their seconds, stay out of
    verification.json: benchmarks/proofs.py records them)."""
    return int(dict(iter(z3.Solver().statistics())).get("rlimit count", 0))


def c_function(name: str) -> Callable:
    """z3's C function ``name`` (``"Z3_get_ast_id"``) without the error check its Python wrapper
    runs after each call (z3core's wrappers keep the C function in their last default argument),
    or the wrapper itself where that is not so: for hot walks over terms known valid, where the
    check is most of the cost (properties/refinement.py, properties/proved.py)."""
    f = getattr(z3.z3core, name)
    inner = getattr((getattr(f, "__defaults__", None) or (None,))[-1], "f", None)
    return inner if inner is not None else f


def substitute(e: z3.ExprRef, pairs: list) -> z3.ExprRef:
    """``z3.substitute(e, *pairs)`` by z3's C function directly (the Python wrapper checks every
    pair's sorts, which costs more than the substitution; the pairs here are made with the same
    sorts)."""
    n = len(pairs)
    src, dst = (z3.Ast * n)(), (z3.Ast * n)()
    for i, (a, b) in enumerate(pairs):
        src[i], dst[i] = a.as_ast(), b.as_ast()
    ctx = e.ctx
    return z3.z3._to_expr_ref(z3.Z3_substitute(ctx.ref(), e.as_ast(), n, src, dst), ctx)


_NUMERALS: dict = {}


def numeral(value: int | bool) -> z3.ExprRef:
    """The z3 value of a Python int or bool (``z3.IntVal``, ``z3.BoolVal``: the very term z3 makes
    for it), made once per value in a process and kept: a concrete check substitutes hundreds of
    components a state, nearly all of them the same few small numbers (the invariants' concrete
    checks, properties/twilight_struggle/z3_invariants.py and distant_plain/z3_state.py). A bool is
    kept apart from the int it equals (``True == 1``)."""
    key = (value.__class__ is bool, value)
    v = _NUMERALS.get(key)
    if v is None:
        v = _NUMERALS[key] = z3.BoolVal(value) if key[0] else z3.IntVal(value)
    return v


def python_value(v: z3.ExprRef):
    """A z3 value as plain Python: int, bool, or (an enumeration member) its name."""
    if z3.is_int_value(v):
        return v.as_long()
    if z3.is_true(v):
        return True
    if z3.is_false(v):
        return False
    return str(v)


class Work:
    """The post-state being built from the pre-state ``pre`` (a game's symbolic state view: it has
    ``state_names``, ``facts`` and ``pre[name]``). ``label`` prefixes the names of the choices, so
    two transitions' choices never share a z3 constant."""

    def __init__(self, pre, label: str):
        self.pre = pre
        self.facts = pre.facts
        self.label = label
        # a view that gives its state as one dict (``state_exprs``) is copied at C speed: a move's
        # effect is built on a fresh Work of some 1,500 components (the refinement check's first use)
        exprs = getattr(pre, "state_exprs", None)
        self.e: dict[str, z3.ExprRef] = exprs() if exprs is not None else {n: pre[n] for n in pre.state_names}
        self.guards: list[z3.BoolRef] = []
        self.choices: dict[str, z3.ExprRef] = {}
        self.decode: dict[str, Callable] = {}   # how a witness shows a choice (a country's name...)

    # components
    def __getitem__(self, name: str) -> z3.ExprRef:
        return self.e[name]

    def __setitem__(self, name: str, expr) -> None:
        self.e[name] = expr

    def require(self, *conds, when=True) -> None:
        """Preconditions of the rule (under ``when``: the step's disjunct). A Python ``True`` is a
        guard met whatever the state; ``False`` one never met."""
        for c in conds:
            if c is True:
                continue
            c = z3.BoolVal(False) if c is False else c
            self.guards.append(c if when is True else z3.Implies(when, c))

    # choices and dice
    def _choice(self, name: str, x: z3.ExprRef) -> z3.ExprRef:
        if name in self.choices:
            raise ValueError(f"{self.label}: the choice {name!r} is made twice")
        self.choices[name] = x
        return x

    def choose_int(self, name: str, lo: int | None = None, hi: int | None = None) -> z3.ArithRef:
        """A free integer (a number chosen, a die) within ``lo``..``hi`` where given."""
        x = self._choice(name, z3.Int(f"{self.label}.{name}"))
        if lo is not None:
            self.require(x >= lo)
        if hi is not None:
            self.require(x <= hi)
        return x

    def choose_bool(self, name: str) -> z3.BoolRef:
        return self._choice(name, z3.Bool(f"{self.label}.{name}"))

    def choose_name(self, name: str, among: Sequence[str] | None = None, extra: dict | None = None) -> z3.ArithRef:
        """A country or space of the map (its index in the map's name order), among ``among``
        (default: all); ``extra`` adds values outside the map (index -> how a witness shows it)."""
        names = self.facts.names if among is None else [n for n in self.facts.names if n in set(among)]
        x = self._choice(name, z3.Int(f"{self.label}.{name}"))
        extra = extra or {}
        self.require(z3.Or(*[x == k for k in extra], *[x == self.facts.index(n) for n in names]))
        self.decode[name] = lambda i: extra[i] if i in extra else self.facts.names[i]
        return x

    # selection by a symbolic country or space
    def by_index(self, sel, value: Callable[[str], object]) -> z3.ExprRef:
        """``value(name)`` of the map entry ``sel`` points at (a chain of If over the map)."""
        names = self.facts.names
        out = value(names[-1])
        out = z3.IntVal(out) if isinstance(out, int) else out
        for n in reversed(names[:-1]):
            out = z3.If(sel == self.facts.index(n), value(n), out)
        return out

    def static(self, sel, fn: Callable[[str], int]) -> z3.ArithRef:
        """A printed number of the map entry ``sel`` points at (e.g. its Resources)."""
        return self.by_index(sel, fn)

    def rewrite_at(self, key: Callable[[str], str], sel, fn: Callable, when=True) -> None:
        """Rewrite the component ``key(name)`` of the map entry ``sel`` points at to
        ``fn(current, name)`` (under ``when``)."""
        for n in self.facts.names:
            k = key(n)
            cond = sel == self.facts.index(n)
            self.e[k] = z3.If(cond if when is True else z3.And(when, cond), fn(self.e[k], n), self.e[k])

    # the relation
    def relation(self, post) -> z3.BoolRef:
        """Guards, and every post component equal to its rewritten expression."""
        return z3.And(*self.guards, *[post[n] == self.e[n] for n in self.pre.state_names])

    def shown_choices(self, m: z3.ModelRef) -> dict:
        """The choices and dice of a witness, by name (countries, spaces, kinds by name)."""
        out = {}
        for k, v in self.choices.items():
            x = python_value(m.eval(v, model_completion=True))
            out[k] = self.decode[k](x) if k in self.decode and isinstance(x, int) and not isinstance(x, bool) else x
        return out


@dataclass
class Transition:
    """A built transition: its relation ``formula`` between a pre- and a post-state, and the z3
    constants of its choices."""
    name: str
    rules: tuple[str, ...]
    doc: str
    formula: z3.BoolRef
    choices: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Spec:
    """A registered transition: ``build(w, **params)`` rewrites a Work copy as its rules say."""
    name: str
    rules: tuple[str, ...]
    build: Callable
    doc: str


def registrar(table: dict[str, Spec], after: Callable | None = None) -> Callable:
    """The ``@transition(name, *rules)`` decorator of a game's proofs, registering into ``table``;
    ``after(w)`` (e.g. the standing conditions every step keeps) runs after each build."""
    def transition(name: str, *rules: str):
        def deco(fn):
            if after is None:
                build = fn
            else:
                def build(w, **params) -> None:
                    fn(w, **params)
                    after(w)
            table[name] = Spec(name, rules, build, (fn.__doc__ or "").strip())
            return fn
        return deco
    return transition
