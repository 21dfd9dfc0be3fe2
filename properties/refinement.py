"""The refinement check (trace validation): every step the model takes is one the proofs allow.

A game's z3 proofs (``properties/<game>/z3_proofs.py``) prove invariants inductive over
**transitions** written from the rules. Nothing in the proofs ties a step the model takes to one
of those transitions; this module does, as TLA+ trace validation ties an implementation's
behaviours to a specification (a model step must be a step of the specification, or a few of them,
or change nothing the specification sees).

**The pieces a game supplies** (its :class:`Refinement`, the ``refinement`` field of its checks
record, properties/games.py):

* **one abstraction function**, from a state to the values of the symbolic state vector its proofs
  use (:class:`Abstraction`: ``values(state)``, ``symbolic(prefix)``, ``constant(name, value)``),
  in one place, used by the proofs' concrete checks and by this one;
* its proved transitions as :class:`Move` records: a name, the rules it implements, its
  **footprint** (the components it may change: every other component keeps its value, the frame)
  and its relation ``T(pre, post)`` over the footprint, whose free constants other than the two
  vectors are the players' choices and the dice (existential).

**A model step** is one ``apply`` of the contract: the state before, the state after, and the rules
the step cites (``applied_rules()``). It is **matched** when the pair of abstractions satisfies

* nothing (the abstraction is unchanged: a *stutter*, a question answered that moves nothing the
  proofs see), or
* one move whose rules include a rule the step cites (``relates``: the same number, or one a
  sub-rule of the other, ``7.3`` and ``7.3.1``), or
* a sequence of at most ``max_moves`` moves, one of them so related (one ``apply`` may play a card,
  carry out its operation and check victory: several transitions of the proofs).

A pair is checked **by evaluation** where that is exact (a move without choices: the concrete
values substituted, the formula simplifies to true or false) and **by z3** where it is not (the
choices left free); a sequence is one z3 query over the unrolled chain, each intermediate state a
fresh vector over the moves' footprints. Verdicts are cached by the values the formulas read, so a
step seen before costs a dictionary lookup.

A step that no move or sequence explains is a **finding** (:class:`Finding`): the step, the rules
it cites, and for each candidate move (those whose rules relate to the step's) the values that
break it: components changed outside its footprint, or the conjuncts of its relation that the
values make false. Where the check runs (properties/walk.py's checked walk, the state machine,
difftest's reference side, ``cdg-oracle replay --refinement``) a finding stops the run and is
written as a replayable trace cut at its step; the state machine shrinks it (hypothesis).

**Coverage both ways** (:class:`Tally`): per move, how many steps it matched (alone or in a
sequence), the steps that stuttered, and the moves no step ever matched.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping

import z3

from cdg_oracle.properties import games

# z3's Ctrl-C handler swallows the signal (issue 15 item 5): let it reach Python.
z3.set_param("ctrl_c", False)

#: The longest sequence of moves one model step may be explained by.
MAX_MOVES = 4


@dataclass(frozen=True)
class Move:
    """One proved transition as the refinement check sees it: ``relation(pre, post, tag)`` is
    T(pre, post) over the ``footprint`` (the frame, every other component unchanged, is the
    check's), with its choices and dice free z3 constants whose names start with ``tag`` (so two
    uses of one move in a chain are independent)."""

    name: str
    rules: tuple[str, ...]
    footprint: frozenset
    relation: Callable[[Mapping[str, z3.ExprRef], Mapping[str, z3.ExprRef], str], z3.BoolRef]
    doc: str = ""


@dataclass(frozen=True)
class Abstraction:
    """A game's abstraction function and the symbolic vector it maps to.

    ``values(state)``: the concrete value of every component (ints, booleans, enumeration members
    by name); ``symbolic(prefix)``: a fresh vector, component name -> z3 constant named
    ``prefix + name``; ``constant(name, value)``: a concrete value of component ``name`` as a z3
    term."""

    components: tuple[str, ...]
    values: Callable[[Any], dict]
    symbolic: Callable[[str], dict]
    constant: Callable[[str, Any], z3.ExprRef]


@dataclass(frozen=True)
class RefinementModel:
    """The abstraction and the moves of one Game (map, rulings: what the proofs are built on)."""

    abstraction: Abstraction
    moves: tuple[Move, ...]


def related(cited: str, rule: str) -> bool:
    """Whether a rule a step cites and a rule a move implements name the same rule: equal, or one
    is a sub-rule of the other (``7.3`` and ``7.3.1``; a card's event ``card 44`` only itself)."""
    if cited == rule:
        return True
    if cited.startswith("card ") or rule.startswith("card "):
        return False
    return cited.startswith(rule + ".") or rule.startswith(cited + ".")


def default_relates(cited: list[str], move: Move) -> bool:
    """A move relates to a step when one of its rules is related to a rule the step cites."""
    return any(related(c, r) for c in cited for r in move.rules)


@dataclass(frozen=True)
class Refinement:
    """What a game gives the refinement check: ``model(game_object)`` its :class:`RefinementModel`
    for one Game (built once per Game: cached here), ``relates(cited, move)`` (default:
    :func:`default_relates`), and ``max_moves``, the longest sequence one step may be."""

    game: str
    model: Callable[[Any], RefinementModel]
    relates: Callable[[list[str], Move], bool] = default_relates
    max_moves: int = MAX_MOVES


# --------------------------------------------------------------------------------------------
# Verdicts
# --------------------------------------------------------------------------------------------

STUTTER = "(stutter)"


@dataclass
class Finding:
    """A model step that no proved move or sequence of moves explains."""

    step: int
    rules: list[str]
    changed: dict                 # component -> [before, after]
    candidates: dict              # move name -> what breaks it (components, values)
    trace: list = field(default_factory=list)   # the actions from the set-up through this step
    scenario: str = ""
    seed: int | None = None

    def to_dict(self) -> dict:
        return {"step": self.step, "rules": self.rules, "changed": self.changed,
                "candidates": self.candidates, "scenario": self.scenario, "seed": self.seed,
                "actions": self.trace}

    def line(self) -> str:
        changed = ", ".join(f"{k} {a}->{b}" for k, (a, b) in list(self.changed.items())[:6])
        more = "" if len(self.changed) <= 6 else f" (+{len(self.changed) - 6} more)"
        return (f"step {self.step}: no proved transition explains it (rules {', '.join(self.rules)}; "
                f"changed {changed}{more}; candidates {', '.join(self.candidates) or 'none'})")


@dataclass
class Tally:
    """Coverage both ways: steps checked, per move the steps it matched (alone or in a sequence),
    stutters, the sequence lengths, and the findings."""

    steps: int = 0
    stutters: int = 0
    matched: Counter = field(default_factory=Counter)
    lengths: Counter = field(default_factory=Counter)
    findings: list = field(default_factory=list)

    def add(self, other: "Tally") -> None:
        self.steps += other.steps
        self.stutters += other.stutters
        self.matched.update(other.matched)
        self.lengths.update(other.lengths)
        self.findings.extend(other.findings)

    def to_dict(self) -> dict:
        return {"steps": self.steps, "stutters": self.stutters,
                "matched": dict(sorted(self.matched.items())),
                "lengths": {str(k): v for k, v in sorted(self.lengths.items())},
                "findings": [f.to_dict() if isinstance(f, Finding) else f for f in self.findings]}

    @classmethod
    def from_dict(cls, d: dict) -> "Tally":
        return cls(d["steps"], d["stutters"], Counter(d["matched"]), Counter({int(k): v for k, v in d["lengths"].items()}),
                   list(d["findings"]))


# --------------------------------------------------------------------------------------------
# The check
# --------------------------------------------------------------------------------------------


def _variables(e: z3.ExprRef) -> list[z3.ExprRef]:
    """The uninterpreted constants of ``e`` (each once)."""
    seen: dict = {}
    todo = [e]
    done: set = set()
    while todo:
        x = todo.pop()
        k = x.get_id()
        if k in done:
            continue
        done.add(k)
        if z3.is_const(x) and x.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            seen.setdefault(x.decl().name(), x)
        else:
            todo.extend(x.children())
    return list(seen.values())


@dataclass
class _Compiled:
    """One move's relation over the two fixed vectors ``pre:``/``post:``, with the vector
    components it reads (substituted by values) and whether choices remain free."""

    move: Move
    formula: z3.BoolRef
    conjuncts: list
    reads: list          # (z3 constant, side "pre"/"post", component)
    free: bool           # choices or dice left after substitution (z3 decides)


class Checker:
    """The refinement check of one Game: :meth:`check` takes the abstraction of the state before
    and after a step, and the rules the step cites, and returns the moves that explain it (a tuple
    of names; ``(STUTTER,)`` when nothing changed) or a :class:`Finding` without its trace."""

    def __init__(self, spec: Refinement, game_object: Any):
        self.spec = spec
        self.model = spec.model(game_object)
        self.abstraction = self.model.abstraction
        self.moves = {m.name: m for m in self.model.moves}
        self.pre = self.abstraction.symbolic("pre:")
        self.post = self.abstraction.symbolic("post:")
        self._side = {}
        for side, vec in (("pre", self.pre), ("post", self.post)):
            for n, c in vec.items():
                self._side[c.decl().name()] = (side, n)
        self._compiled: dict[str, _Compiled] = {}
        self._cache: dict = {}
        self.tally = Tally()

    # -- one move ------------------------------------------------------------------------------
    def compiled(self, name: str) -> _Compiled:
        c = self._compiled.get(name)
        if c is None:
            m = self.moves[name]
            f = m.relation(self.pre, self.post, f"{name}#0.")
            conj = list(f.children()) if z3.is_and(f) else [f]
            reads, free = [], False
            for v in _variables(f):
                where = self._side.get(v.decl().name())
                if where is None:
                    free = True
                else:
                    reads.append((v, where[0], where[1]))
            c = self._compiled[name] = _Compiled(m, f, conj, reads, free)
        return c

    def _subst(self, c: _Compiled, pre_v: dict, post_v: dict, expr: z3.ExprRef) -> z3.ExprRef:
        const = self.abstraction.constant
        pairs = [(v, const(n, (pre_v if side == "pre" else post_v)[n])) for v, side, n in c.reads]
        return z3.simplify(z3.substitute(expr, *pairs)) if pairs else z3.simplify(expr)

    def admits(self, name: str, pre_v: dict, post_v: dict, changed: set) -> bool:
        """Whether move ``name`` alone takes ``pre_v`` to ``post_v``."""
        m = self.moves[name]
        if not changed <= m.footprint:
            return False
        c = self.compiled(name)
        key = (name, tuple((pre_v if side == "pre" else post_v)[n] for _, side, n in c.reads))
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        g = self._subst(c, pre_v, post_v, c.formula)
        if z3.is_true(g) or z3.is_false(g):
            ok = z3.is_true(g)
        else:
            s = z3.Solver()
            s.add(g)
            ok = s.check() == z3.sat
        self._cache[key] = ok
        return ok

    def breaks(self, name: str, pre_v: dict, post_v: dict, changed: set) -> dict:
        """What keeps move ``name`` from explaining the step: the components it may not change
        that changed, else its conjuncts false under the values (with the values they read)."""
        m = self.moves[name]
        outside = sorted(changed - m.footprint)
        if outside:
            return {"outside footprint": {k: [pre_v[k], post_v[k]] for k in outside[:12]}}
        c = self.compiled(name)
        false = []
        for part in c.conjuncts:
            g = self._subst(c, pre_v, post_v, part)
            if z3.is_false(g):
                names = [self._side[v.decl().name()] for v in _variables(part) if v.decl().name() in self._side]
                false.append({f"{side}:{n}": (pre_v if side == "pre" else post_v)[n] for side, n in names[:12]})
        return {"false conjuncts": false[:4]} if false else {"no choice satisfies it": sorted(changed)[:12]}

    # -- sequences -----------------------------------------------------------------------------
    def sequence(self, names: list[str], first: set, pre_v: dict, post_v: dict, changed: set,
                 k: int) -> tuple[str, ...] | None:
        """A sequence of ``k`` moves among ``names`` (one of them in ``first``: related to the
        step) taking ``pre_v`` to ``post_v``: one z3 query over the unrolled chain."""
        union = set().union(*(self.moves[n].footprint for n in names))
        if not changed <= union:
            return None
        reads = sorted(union)
        key = ("seq", k, tuple(names), tuple(sorted(first)), tuple(pre_v[n] for n in self._read_set(names)),
               tuple(post_v[n] for n in reads))
        if key in self._cache:
            return self._cache[key]
        const = self.abstraction.constant
        # s0 = pre, s_k = post, the intermediates fresh over the union of footprints
        states = []
        for i in range(k + 1):
            vec = {}
            for n, v in self.pre.items():
                if i == 0 or (n not in union):
                    vec[n] = const(n, pre_v[n])
                elif i == k:
                    vec[n] = const(n, post_v[n])
                else:
                    vec[n] = self._fresh(n, i)
            states.append(vec)
        s = z3.Solver()
        sels = [z3.Int(f"sel{i}") for i in range(k)]
        for i in range(k):
            opts = []
            for j, n in enumerate(names):
                m = self.moves[n]
                frame = [states[i + 1][c] == states[i][c] for c in reads if c not in m.footprint]
                opts.append(z3.And(sels[i] == j, m.relation(states[i], states[i + 1], f"{n}#{i}."), *frame))
            s.add(z3.Or(*opts))
        idx = [j for j, n in enumerate(names) if n in first]
        s.add(z3.Or(*[z3.Or(*[x == j for j in idx]) for x in sels]))
        out = None
        if s.check() == z3.sat:
            mdl = s.model()
            out = tuple(names[mdl.eval(x).as_long()] for x in sels)
        self._cache[key] = out
        return out

    @lru_cache(maxsize=None)
    def _fresh(self, name: str, i: int) -> z3.ExprRef:
        c = self.pre[name]
        return z3.Const(f"mid{i}:{name}", c.sort())

    def _read_set(self, names: list[str]) -> list[str]:
        out: set = set()
        for n in names:
            out.update(comp for _, side, comp in self.compiled(n).reads if side == "pre")
            out.update(self.moves[n].footprint)
        return sorted(out)

    # -- a step --------------------------------------------------------------------------------
    def check(self, pre_v: dict, post_v: dict, cited: list[str], step: int = 0):
        """The moves explaining one step, or a :class:`Finding` (see the class docstring); the
        verdict is counted in :attr:`tally`."""
        t = self.tally
        t.steps += 1
        changed = {k for k, v in post_v.items() if pre_v[k] != v}
        if not changed:
            t.stutters += 1
            return (STUTTER,)
        relates = self.spec.relates
        first = [n for n, m in self.moves.items() if relates(cited, m)]
        for n in first:
            if self.admits(n, pre_v, post_v, changed):
                t.matched[n] += 1
                t.lengths[1] += 1
                return (n,)
        if first:
            touching = [n for n, m in self.moves.items() if m.footprint & changed or n in first]
            for k in range(2, self.spec.max_moves + 1):
                found = self.sequence(touching, set(first), pre_v, post_v, changed, k)
                if found:
                    for n in set(found):
                        t.matched[n] += 1
                    t.lengths[k] += 1
                    return found
        finding = Finding(step, list(cited), {k: [pre_v[k], post_v[k]] for k in sorted(changed)},
                          {n: self.breaks(n, pre_v, post_v, changed) for n in first})
        t.findings.append(finding)
        return finding

    def never_matched(self) -> list[str]:
        """The moves no checked step matched."""
        return sorted(n for n in self.moves if not self.tally.matched.get(n))


# --------------------------------------------------------------------------------------------
# Finding a game's check
# --------------------------------------------------------------------------------------------

_CHECKERS: dict = {}


def refinement_of(game: str) -> Refinement | None:
    """The game's :class:`Refinement` (its checks record's ``refinement``), or None."""
    return games.checks(game).refinement


def checker(state) -> Checker | None:
    """A fresh :class:`Checker` for the Game of ``state`` (its tally empty; the compiled moves and
    the verdict cache shared with every checker of that Game), or None for a game without a
    refinement."""
    spec = refinement_of(type(state).game)
    if spec is None:
        return None
    game_object = state.game_object
    base = _CHECKERS.get(id(game_object))
    if base is None or base[0] is not game_object:
        base = _CHECKERS[id(game_object)] = (game_object, Checker(spec, game_object))
    proto = base[1]
    c = Checker.__new__(Checker)
    c.__dict__.update(proto.__dict__)
    c.tally = Tally()
    return c


class StepObserver:
    """Checks the steps of one game as it is played: ``observe(state)`` after each ``apply`` (the
    set-up first); ``finding`` is the first :class:`Finding`, with its trace cut at its step."""

    def __init__(self, state, scenario: str = "", seed: int | None = None):
        self.checker = checker(state)
        self.prev = self.checker.abstraction.values(state) if self.checker else None
        self.actions: list = []
        self.scenario, self.seed = scenario, seed
        self.finding: Finding | None = None

    def observe(self, state, action) -> Finding | None:
        if self.checker is None:
            return None
        self.actions.append(action)
        now = self.checker.abstraction.values(state)
        verdict = self.checker.check(self.prev, now, state.applied_rules(), len(self.actions))
        self.prev = now
        if isinstance(verdict, Finding):
            verdict.trace = list(self.actions)
            verdict.scenario, verdict.seed = self.scenario, self.seed
            if self.finding is None:
                self.finding = verdict
            return verdict
        return None
