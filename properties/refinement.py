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
  vectors are the players' choices and the dice (existential; ``Move.choices`` may name them).

**A model step** is one ``apply`` of the contract: the state before, the state after, and the rules
the step cites (``applied_rules()``). It is **matched** when the pair of abstractions satisfies

* nothing (the abstraction is unchanged: a *stutter*, a question answered that moves nothing the
  proofs see), or
* one move whose rules include a rule the step cites (``relates``: the same number, or one a
  sub-rule of the other, ``7.3`` and ``7.3.1``), or
* a sequence of at most ``max_moves`` moves, one of them so related (one ``apply`` may play a card,
  carry out its operation and check victory: several transitions of the proofs). Each changed
  component is taken to its value after the step by exactly one move of the sequence, in an order
  in which every move's guards hold on the state the moves before it left; a move may leave a
  component of its footprint as it is for a related move after it, and a component may pass
  through a *waypoint* the game declares (``Refinement.waypoints``: e.g. a card's zone through the
  table), or, for a *shared* component (``Refinement.shared``), the value one move's effect gives
  it, a later move taking it on -- also a component the step leaves as it is, changed and changed
  back by two moves related to the step (an *intermediate value*: a second search, only where the
  step is not explained without one, and a third where the move taking it back has a larger
  footprint than the change); otherwise a component two moves of one step both change, or
  one changed and changed back, needs a transition of its own that says so.

**How a step is checked.** The abstraction of each state: the game's ``incremental`` one where it
gives one (Labyrinth, A Distant Plain: only the parts of the vector whose input changed recomputed,
and the changed components given with it), else the whole vector and the two compared. One move is checked
exactly and mostly without z3 (:meth:`Checker.admits`): the frame in Python; the guards and the
changed components' equations without a choice as Python functions compiled once from the z3
terms (a move without any choice never reaches z3); then a z3 *slice* (the guards and the
changed components' equations, the pre values substituted) solved for a witness of the choices,
cached by the values it reads (values not met before: the last witnesses of the move and change
tried first, in Python: the move under each, its guards and footprint with the witness substituted
and simplified, compiled once per witness; one that takes the pre values to the post values is
taken; then a witness of a step of the same form over other labels translated, where the game
gives ``Refinement.label_value``, and one of a move whose choices are this one's renamed, where it
gives ``Refinement.witness_from``; z3 only when none does, its first query with the move's
choices of labels pinned where the step names them -- the one label it changed, else those its
action names, ``Refinement.action_labels`` -- a hint z3 decides), and the rest of the footprint
evaluated under that witness by Python functions (each compiled when first called); z3 asks the
whole relation only where that witness breaks another component (its model then joins the move's
last witnesses). A move's terms are walked once for what each reads, on its first use; where the
game names a move's choices (``Move.choices``), a footprint component's value when a check first
reads it, its guards when a finding or the whole relation asks, and its guards without a choice
are sorted out when the sequence search first asks (:meth:`Checker._fixed`): until then the slice
holds them. Those verdicts are exact whichever witness z3 gives; the one place a witness steers
the search (a shared component's value within a sequence, :meth:`Checker._partial`) takes a
canonical one (:func:`_canonical`, the goals minimized in order by :func:`_lexicographic`), so
what explains a step never depends on the z3 calls made before it. The slices go to one z3 solver kept for the process, each in a scope of its own. A sequence is a **depth-first search over parts** of the change (:meth:`Checker.sequence`):
each part one cached move check on the pre-state with the parts before it taken, a failed
sub-search remembered, the moves holding a component read from the checker's index of footprints
and the parts a move may take (:meth:`Checker._can_take`) kept per move and part; it tries at most :data:`SEARCH_BUDGET` parts, and a step it cannot explain
within them is a finding marked *search bounded*. So a step whose values were seen before costs
dictionary lookups and Python evaluations; z3 runs for a move's first use (its terms built) and for
a slice of values never seen; a move that is another renamed (``Move.template``: a card's move,
card 1's with the two cards' components swapped) is built from that one's terms by one
substitution, and asks that one's z3 queries renamed (its forced components, ``_can_take``, its
slices: the same answers, asked once per family); a member of a family over labels
(``Move.labels``: a country's move) whose terms are an earlier member's with the two moves'
labelled components swapped (the two terms' signatures equal: :meth:`Checker._kin`, found by the
checker, not declared; a term the game calls symmetric, ``RefinementModel.symmetric``, equal in
both) asks that member's queries likewise. ``_can_take`` keeps each
unsatisfiable query's core (a move with a large footprint on a solver of its own, assumptions per
component) and answers a later query that holds it without z3. Every checker of Games with one model (Labyrinth's: one map) shares the compiled
moves and the caches, within the process. :data:`STATS` counts what the check cost
(benchmarks/refinement.py prints it).

**A game may narrow a step's moves** (``Refinement.context`` and ``Refinement.narrow``, both
optional): :class:`StepObserver` reads ``context(state)`` of the state before each step, and
``narrow(context, action, move, cited)`` (``cited``: the rules the step cites) leaves out of that
step's search (``Checker.check``'s ``allowed``) the moves the game's rules exclude for it --
exactly, the game arguing it (a family member of another country than the one the step acts on;
an act the model always cites, in a step that does not cite it). A check without it (``allowed``
None) searches every move.

A step that no move or sequence explains is a **finding** (:class:`Finding`): the step, the rules
it cites, and for each candidate move (those whose rules relate to the step's) the values that
break it: components changed outside its footprint, or the conjuncts of its relation that the
values make false. Where the check runs (properties/walk.py's checked walk, the state machine,
difftest's reference side, ``cdg-oracle replay --refinement``) a finding stops the run and is
written as a replayable trace cut at its step: verify's campaign shrinks it first (:func:`shrink`:
the game's choices dropped or made the first, within a count of replays), the state machine by
hypothesis.

**Coverage both ways** (:class:`Tally`): per move, how many steps it matched (alone or in a
sequence), the steps that stuttered, and the moves no step ever matched.
"""
from __future__ import annotations

import ctypes
import gc
import marshal
import operator
import time
import types
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping

import z3

from cdg_oracle.properties import games
from cdg_oracle.properties.z3_work import c_function, substitute

# z3's Ctrl-C handler swallows the signal (issue 15 item 5): let it reach Python.
z3.set_param("ctrl_c", False)

#: The longest sequence of moves one model step may be explained by.
MAX_MOVES = 4

#: A sequence search (one step's) tries at most this many parts (move checks): a step it cannot
#: explain within them is a finding marked "search bounded" (a finding must not take minutes). In
#: 24 Labyrinth games (benchmarks/refinement.py --solo --steps 60) a search that matched tried at
#: most 1,147 parts, one that failed (a finding) 13,360.
SEARCH_BUDGET = 20_000

#: The first sequence search (no intermediate value), once it has tried this many parts without an
#: explanation, asks whether one can exist (:meth:`Checker._no_direct_taker`: a changed component
#: that no move can take to its value after the step, the components outside the change as they
#: are): where none can, it stops (it would fail), and the second search follows at once. In
#: verify's Labyrinth games every first search that matched tried fewer than 200 parts but the end
#: of turn resolving a plot in Iran, whose first search (it needs an intermediate value) tried
#: 6,900 before it failed.
FIRST_PROOF_AFTER = 200

#: :meth:`Checker._no_direct_taker` asks about the changed components that at most this many moves
#: of the search may change (the others, a Funding or a plot count that a whole family moves, are
#: left out: a weaker proof, never a wrong one).
PROOF_MOVERS = 64

#: The third search (a move with a larger footprint taking an intermediate value on,
#: :meth:`Checker._may_take_on`) tries at most this many parts: it runs only where the first search
#: failed, at each number of moves after the second failed at it, and each of its parts asks every
#: related move what it always changes (:meth:`Checker._forced`, z3 on a move's first use): over a step citing a card's event (every
#: move related) 1,000 parts cost a finding half a minute. The end-of-turn step of verify's
#: campaign it explains (a plot in Iran, tests/labyrinth/test_refinement.py) took fewer than 20;
#: verify's four games give the same tally with 100 as with 1,000.
WIDE_BUDGET = 100

#: A move's components changed whatever its choices are computed for footprints of at most this many
#: components (``Checker._forced``; a larger footprint, e.g. the end of turn's cards, has none).
FORCED_MAX = 24

#: ``Checker._can_take`` keeps this many models of a move's terms (states and choices z3 found for
#: its earlier queries) and tries them on a new query before z3 (one that satisfies it answers it).
MODELS_KEPT = 4

#: A finding shows what breaks at most this many candidate moves (a game may split a transition
#: into a family of many moves).
MAX_CANDIDATES = 12


@dataclass(frozen=True)
class Move:
    """One proved transition as the refinement check sees it: ``effect(pre, tag)`` returns its
    guards and the new value of each component of its ``footprint``, as z3 terms over the vector
    ``pre`` (component name -> term) and its choices and dice (free z3 constants whose names start
    with ``tag``, so two uses of one move are independent). Its relation is
    ``guards and post[n] == value[n]`` for the footprint, every other component unchanged (the
    frame)."""

    name: str
    rules: tuple[str, ...]
    footprint: frozenset
    effect: Callable[[Mapping[str, z3.ExprRef], str], tuple[list, dict]]
    doc: str = ""
    #: the proved transition this move is a member of, when a game splits one transition into a
    #: family of moves with small footprints (one per card, ...): the tally counts the family
    family: str = ""
    #: ``(name, rename)``: this move is the move ``name`` with its components renamed (``rename``,
    #: a permutation of the vector's components, given by the pairs it moves: a card's family
    #: member is card 1's with the two cards' components swapped), and its choices renamed after
    #: it; the checker builds it from that move's terms by substitution (:meth:`Checker.effect`),
    #: not by running ``effect``. The game answers for the two being the same
    #: (Labyrinth: tests/labyrinth/test_refinement.py compares them)
    template: tuple | None = None
    #: ``choices(tag)``: the free constants of ``effect(pre, tag)`` besides the vector (its choices
    #: and dice), where the game knows them without a walk of the terms (A Distant Plain:
    #: ``Work.choices``); the checker then walks neither the guards nor a footprint component's
    #: value for the pre components they read until a check reads that (:class:`_LazyReads`): the
    #: guards without a choice, and a step's changed values without one, found by one substitution
    #: of the choices (:func:`_hold_choice`), a slice keyed by the whole vector. None: every term
    #: walked on the move's first use
    choices: Callable[[str], list] | None = None
    #: the labels of the components this move is about (a family member's countries, in the order
    #: of its choices), or empty: the checker looks for a member of its family built before whose
    #: terms are this move's with the two moves' labelled components swapped, and then asks that
    #: member's z3 queries renamed (:meth:`Checker._kin`: found by the checker, proved by the
    #: two moves' signatures; ``template`` is the game's own declaration)
    labels: tuple = ()
    #: the names (after the tag) of its choices whose value is a label's (``Refinement.label_value``:
    #: A Distant Plain's choices of a space): a slice not met before is first asked of z3 with them
    #: pinned (:meth:`Checker._pins`: a hint z3 decides; the whole slice asked where it fails)
    labelled: tuple = ()

    @property
    def transition(self) -> str:
        """The name the tally counts: the family, or the move's own name."""
        return self.family or self.name

    def relation(self, pre: Mapping[str, z3.ExprRef], post: Mapping[str, z3.ExprRef], tag: str) -> z3.BoolRef:
        """T(pre, post) over the footprint (the proofs' form of the move)."""
        guards, values = self.effect(pre, tag)
        return z3.And(*guards, *[post[n] == values[n] for n in self.footprint])


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
    #: ``incremental(state)``: the abstraction of a game's states step after step, where the game
    #: gives one: an object whose ``values`` is the vector of ``state`` and whose ``step(state)``
    #: returns the vector of the state after one more step (a new dict when it changed: the last
    #: one is left as it was) and the components that changed, recomputing only the parts whose
    #: input changed; None: ``values`` of every state, and the two vectors compared
    incremental: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class RefinementModel:
    """The abstraction and the moves of one Game (map, rulings: what the proofs are built on)."""

    abstraction: Abstraction
    moves: tuple[Move, ...]
    #: ``symmetric(pre)``: terms over the vector ``pre`` that any renaming of labels leaves equal (a
    #: sum of one field over every label: Labyrinth's WMD plots in play, 9.3.3), as the moves'
    #: programs build them; a family member's signature holds each as one placeholder
    #: (:meth:`Checker._kin`), so members reading it share terms. None: none
    symmetric: Callable[[Mapping[str, z3.ExprRef]], list] | None = None


def merged(values: dict, new: Mapping) -> tuple[dict, frozenset]:
    """An incremental abstraction's step (``Abstraction.incremental``): ``values`` with the
    recomputed components ``new`` in, and the components whose value changed. ``values`` itself is
    never changed (a copy where anything changed: the vector before the step may still be read)."""
    changed = frozenset(k for k, v in new.items() if values[k] != v)
    if changed:
        values = dict(values)
        for k in changed:
            values[k] = new[k]
    return values, changed


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
    :func:`default_relates`), ``max_moves``, the longest sequence one step may be, and
    ``waypoints``, the intermediate values a component may take within a sequence (a card passing
    through the table on its way from a hand to the discards in one step)."""

    game: str
    model: Callable[[Any], RefinementModel]
    relates: Callable[[list[str], Move], bool] = default_relates
    max_moves: int = MAX_MOVES
    #: ``waypoints(component, before, after)``: the values a component may pass through within one
    #: step of a sequence (a move may take it there, a later move on); None: none
    waypoints: Callable[[str, Any, Any], tuple] | None = None
    #: components several moves of one step may each change in part (a track that two Jihads'
    #: failures both add to): in a sequence, a move may take them to the value its own effect gives
    #: (not the step's final one), the next moves taking them on from there; and one the step leaves
    #: as it is may pass through such a value between two related moves (Checker.sequence: an
    #: intermediate value)
    shared: Callable[[str], bool] = lambda component: False
    #: whether ``relates(cited, move)`` depends on the move's transition (``Move.transition``) and
    #: rules alone (as :func:`default_relates` does): the checker then asks it once per transition
    #: of a family, not once per member
    relates_per_transition: bool = False
    #: ``context(state)``: what the state *before* a step tells :attr:`narrow` (the observer reads it
    #: after each step, for the next one, and at the set-up), or None: no narrowing
    context: Callable[[Any], Any] | None = None
    #: ``narrow(context, action, move, cited)``: False where the move cannot be part of the step
    #: that ``action`` takes from a state of that ``context``, citing the rules ``cited`` (a game's
    #: exact reading of its rules: e.g. a family member for a country other than the one the step
    #: acts on); the checker then leaves the move out of the step's search
    #: (:meth:`Checker.check`'s ``allowed``)
    narrow: Callable[[Any, Any, Move, list], bool] | None = None
    #: ``label_value(label)``: the value a choice takes for a component's label (the text in its
    #: first brackets: A Distant Plain's space, its index in the map's order), or None for a label
    #: no choice names; where a game gives it, a witness of a step of one form (its changed
    #: components, labels as ranks: :func:`_shape`) is translated to a step of that form over other
    #: labels and tried before z3 (:meth:`Checker._witness`: a candidate, verified exactly)
    label_value: Callable[[str], Any] | None = None
    #: ``witness_from(move)``: the moves whose choices are ``move``'s renamed, each with the
    #: renaming of its choice names to ``move``'s (A Distant Plain: a composite's first part), or
    #: None; with :attr:`label_value`, their witnesses of a step over as many labels are translated
    #: and tried before z3 on a slice of ``move`` not met before (:meth:`Checker._borrowed`: a
    #: candidate, verified exactly)
    witness_from: Callable[[str], list] | None = None
    #: ``action_labels(action, move)``: the labels the step's ``action`` names for choices of
    #: ``move`` whose value is a label's (:attr:`Move.labelled`), choice name (after the tag) ->
    #: label (A Distant Plain: an answer's ``space``, ``from``, ``to``), or None; with
    #: :attr:`label_value`, a slice's first z3 query, and the whole relation's, is asked with those
    #: choices pinned where the change names no label (:meth:`Checker._pins`: a hint z3 decides; the
    #: query asked whole where it fails). Only :class:`StepObserver` gives the checker the action
    action_labels: Callable[[Any, Move], Mapping[str, str] | None] | None = None


# --------------------------------------------------------------------------------------------
# Verdicts
# --------------------------------------------------------------------------------------------

STUTTER = "(stutter)"

#: What :meth:`Checker.sequence` returns when its search ran out of :data:`SEARCH_BUDGET`.
BOUNDED = "(search bounded)"


#: What the check has cost in this process: moves' terms built ("effects built") and their
#: seconds, z3 solver calls and their seconds, sequence searches and the parts they tried, the
#: findings and their steps' seconds (of which building moves, and z3: a finding's price apart
#: from what a clean campaign pays) (benchmarks/refinement.py prints them). Seconds are this process's CPU time
#: (``time.process_time``: z3 runs in the process; other processes on the machine do not count).
STATS: Counter = Counter()


class _Bounded(Exception):
    """The sequence search ran out of its budget."""


class _Unexplained(Exception):
    """The first sequence search cannot explain the step (``Checker._no_direct_taker``)."""


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
    #: the sequence search stopped at :data:`SEARCH_BUDGET` parts tried (a longer sequence might
    #: still explain the step)
    bounded: bool = False

    def to_dict(self) -> dict:
        out = {"step": self.step, "rules": self.rules, "changed": self.changed,
               "candidates": self.candidates, "scenario": self.scenario, "seed": self.seed,
               "actions": self.trace}
        if self.bounded:
            out["bounded"] = True
        return out

    def line(self) -> str:
        changed = ", ".join(f"{k} {a}->{b}" for k, (a, b) in list(self.changed.items())[:6])
        more = "" if len(self.changed) <= 6 else f" (+{len(self.changed) - 6} more)"
        bounded = f"; search bounded at {SEARCH_BUDGET} parts tried" if self.bounded else ""
        return (f"step {self.step}: no proved transition explains it (rules {', '.join(self.rules)}; "
                f"changed {changed}{more}; candidates {', '.join(self.candidates) or 'none'}{bounded})")


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


_APP, _QUANTIFIER = z3.Z3_APP_AST, z3.Z3_QUANTIFIER_AST
_C = {n: c_function("Z3_" + n) for n in ("get_ast_id", "get_ast_kind", "get_app_num_args", "get_app_arg", "get_app_decl",
                                     "get_decl_kind", "get_quantifier_body", "get_decl_name", "get_symbol_string",
                                     "get_numeral_string", "get_sort", "get_sort_kind", "mk_func_decl", "mk_app",
                                     "mk_string_symbol", "mk_bool_sort")}


def _plain_c(name: str, restype, *argtypes) -> Callable:
    """z3's C function ``name`` with plain ctypes argument types (``c_void_p`` for a context or an
    AST: Python ints or z3's pointer objects, converted by ctypes in C; z3's own prototypes convert
    each argument by a Python method), a prototype of its own (z3's is left as it is)."""
    address = ctypes.cast(c_function(name), ctypes.c_void_p).value
    return ctypes.CFUNCTYPE(restype, *argtypes)(address)


_P, _U = ctypes.c_void_p, ctypes.c_uint
#: the C functions of the walks of :func:`_constant_asts_each` and :func:`python_function`, on plain
#: pointers (ints)
_W = {"id": _plain_c("Z3_get_ast_id", _U, _P, _P), "kind": _plain_c("Z3_get_ast_kind", _U, _P, _P),
      "nargs": _plain_c("Z3_get_app_num_args", _U, _P, _P), "arg": _plain_c("Z3_get_app_arg", _P, _P, _P, _U),
      "decl": _plain_c("Z3_get_app_decl", _P, _P, _P), "decl_kind": _plain_c("Z3_get_decl_kind", _U, _P, _P),
      "decl_name": _plain_c("Z3_get_decl_name", _P, _P, _P),
      "symbol": _plain_c("Z3_get_symbol_string", ctypes.c_char_p, _P, _P),
      "body": _plain_c("Z3_get_quantifier_body", _P, _P, _P),
      "numeral": _plain_c("Z3_get_numeral_string", ctypes.c_char_p, _P, _P)}


def _pointer(a) -> int:
    """The address of a z3 pointer object (its ctypes value, or what z3's constructor set as its
    ``_as_parameter_``)."""
    v = a.value
    if v is None:
        p = getattr(a, "_as_parameter_", None)
        return _pointer(p) if isinstance(p, ctypes.c_void_p) else p
    return v


def _ast(address: int) -> z3.Ast:
    """A z3 AST pointer object of ``address`` (both ways z3 reads one set)."""
    a = z3.Ast(address)
    a.value = address
    return a


def _expr(a, ctx) -> z3.ExprRef:
    """The raw AST ``a`` as a z3 Python object (``z3.z3._to_expr_ref``'s, read by z3's C functions
    directly for an integer or a boolean term)."""
    ref = ctx.ref()
    sk = _C["get_sort_kind"](ref, _C["get_sort"](ref, a))
    kind = _C["get_ast_kind"](ref, a)
    if kind != _QUANTIFIER:
        if sk == z3.Z3_BOOL_SORT:
            return z3.BoolRef(a, ctx)
        if sk == z3.Z3_INT_SORT:
            return z3.IntNumRef(a, ctx) if kind == z3.Z3_NUMERAL_AST else z3.ArithRef(a, ctx)
    return z3.z3._to_expr_ref(a, ctx)


def _children(e: z3.ExprRef) -> list:
    """``e.children()`` of an application, by z3's C functions directly."""
    ctx = e.ctx
    ref, a = ctx.ref(), e.as_ast()
    get = _C["get_app_arg"]
    return [_expr(get(ref, a, i), ctx) for i in range(_C["get_app_num_args"](ref, a))]


def constants(e: z3.ExprRef) -> list[z3.ExprRef]:
    """The uninterpreted constants of ``e`` (each once, in the order met; depth first, the last
    child first)."""
    ctx = e.ctx
    return [z3.z3._to_expr_ref(a, ctx) for a in _constant_asts(e).values()]


def _constant_asts(e: z3.ExprRef) -> dict:
    """The uninterpreted constants of ``e`` by name: name -> the raw AST (alive while ``e`` is), in
    the order of :func:`constants`. The walk calls z3's C library directly (the terms of ``e`` are
    kept alive by ``e``; nothing becomes a Python object): Python's z3 wrappers cost far more per
    node. (Which z3 objects a process makes, and when, can change z3's choice among equally good
    models: the check reads a model's choice only where :func:`_canonical` makes it one.)"""
    ref = e.ctx.ref()
    get_id, kind, nargs, arg = _C["get_ast_id"], _C["get_ast_kind"], _C["get_app_num_args"], _C["get_app_arg"]
    get_decl, decl_kind, decl_name, symbol = _C["get_app_decl"], _C["get_decl_kind"], _C["get_decl_name"], _C["get_symbol_string"]
    out: dict = {}
    todo = [e.as_ast()]
    done: set = set()
    while todo:
        a = todo.pop()
        k = get_id(ref, a)
        if k in done:
            continue
        done.add(k)
        t = kind(ref, a)
        if t == _APP:
            n = nargs(ref, a)
            if n:
                todo.extend(arg(ref, a, i) for i in range(n))
            else:
                d = get_decl(ref, a)
                if decl_kind(ref, d) == z3.Z3_OP_UNINTERPRETED:
                    name = symbol(ref, decl_name(ref, d))
                    if name not in out:
                        out[name] = a
        elif t == _QUANTIFIER:
            todo.append(_C["get_quantifier_body"](ref, a))
    return {(n.decode() if isinstance(n, bytes) else n): a for n, a in out.items()}


_NONE: frozenset = frozenset()
_UNKNOWN = object()   # a cache's miss (None is a verdict)


def _constant_asts_each(terms: list) -> list[dict]:
    """:func:`_constant_asts` of each of ``terms`` (their names sorted), in one walk: a subterm
    several of them share (a chain of If over a map that many components read) is walked once, its
    constants kept by its id (as a bit set: bit ``i`` the ``i``-th constant met). The walk calls
    z3's C functions on plain pointers (:data:`_W`)."""
    return _Walker().each(terms)


class _Walker:
    """The walk of :func:`_constant_asts_each`, its memo kept for the terms of later calls (a
    subterm walked before is not walked again: the terms walked must stay alive while the walker
    is, their addresses being its keys: z3 shares equal terms, so one address is one term while
    it lives, and no id is asked per edge)."""

    def __init__(self, constants: Mapping[str, z3.ExprRef] | None = None, ground: list = ()):
        self.memo: dict = {}     # a subterm's address -> the bit set of its constants
        self.names: list = []    # bit i -> the name of the constant
        self.asts: list = []     # bit i -> its AST
        #: ``constants`` (name -> constant: a vector's) and ``ground`` (terms without a constant:
        #: small numerals) known before any walk, so a walk meeting them asks z3 nothing (kept alive)
        self.keep = list((constants or {}).values()) + list(ground)
        for name, c in (constants or {}).items():
            a = _pointer(c.as_ast())
            if a not in self.memo:
                self.memo[a] = 1 << len(self.names)
                self.names.append(name)
                self.asts.append(_ast(a))
        for g in ground:
            self.memo.setdefault(_pointer(g.as_ast()), 0)

    def each(self, terms: list) -> list[dict]:
        if not terms:
            return []
        ref = _pointer(terms[0].ctx.ref())
        kind, nargs, arg = _W["kind"], _W["nargs"], _W["arg"]
        get_decl, decl_kind, decl_name, symbol = _W["decl"], _W["decl_kind"], _W["decl_name"], _W["symbol"]
        memo, names, asts = self.memo, self.names, self.asts
        out = []
        for e in terms:
            root = _pointer(e.as_ast())
            todo = [(root, None)]
            while todo:
                a, kids = todo.pop()
                if kids is not None:   # its children are done
                    m = 0
                    for i in kids:
                        m |= memo[i]
                    memo[a] = m
                    continue
                if a in memo:
                    continue
                t = kind(ref, a)
                if t == _APP:
                    n = nargs(ref, a)
                    if n:
                        ids = [arg(ref, a, i) for i in range(n)]
                        todo.append((a, ids))   # after its children
                        todo.extend((x, None) for x in ids if x not in memo)
                        continue
                    d = get_decl(ref, a)
                    if decl_kind(ref, d) == z3.Z3_OP_UNINTERPRETED:
                        memo[a] = 1 << len(names)
                        names.append(symbol(ref, decl_name(ref, d)).decode())
                        asts.append(_ast(a))
                    else:
                        memo[a] = 0
                elif t == _QUANTIFIER:
                    body = _W["body"](ref, a)
                    todo.append((a, [body]))
                    todo.append((body, None))
                else:
                    memo[a] = 0
            m, found = memo[root], []
            while m:
                low = m & -m
                j = low.bit_length() - 1
                found.append((names[j], asts[j]))
                m ^= low
            out.append(dict(sorted(found)))
        return out


#: A slice is solved by one z3 solver kept for the process, each query asserted in a scope of its
#: own (push, check, pop): making a solver costs more than most slices (z3's default solver sets
#: up its tactics each time). It is made anew after this many queries (what z3 keeps between
#: scopes stays small).
SOLVER_QUERIES = 2_000

_SOLVER: list = [None, 0]


def _process_solver() -> z3.Solver:
    """The process's z3 solver (:data:`SOLVER_QUERIES`), counted as one query: the caller asks in
    a scope of its own (push ... pop)."""
    s, used = _SOLVER
    if s is None or used >= SOLVER_QUERIES:
        s = _SOLVER[0] = z3.Solver()
        used = 0
    _SOLVER[1] = used + 1
    return s


def _solved(parts: list, model: bool = False) -> tuple:
    """(verdict, model) for ``parts`` (the model where ``model`` is asked and the verdict is sat,
    else None): the process's z3 solver, in a scope of its own; where it answers "unknown", z3's
    default solver made for the query, its solver for integer arithmetic, then its ``qflia`` tactic
    (on some ground slices of integer moves z3's automatic configuration picks its
    difference-logic solver, which gives up: A Distant Plain). The verdict is z3's on ``parts``
    alone, whichever solver gives it; a model is read only where any model serves (a witness of
    a slice: :meth:`Checker.admits` is exact whichever it is)."""
    t = time.process_time()
    try:
        s = _process_solver()
        s.push()
        try:
            s.add(_conjunction(parts) if len(parts) > 1 else parts[0])   # one assertion (no Python per part)
            r = s.check()
            if r != z3.unknown:
                return r, (s.model() if model and r == z3.sat else None)
        except z3.Z3Exception:
            pass
        finally:
            s.pop()
        r = z3.unknown
        for make in (z3.Solver, lambda: z3.SolverFor("QF_LIA"), lambda: z3.Tactic("qflia").solver()):
            s = make()
            s.add(*parts)
            try:
                r = s.check()
            except z3.Z3Exception:
                continue
            if r != z3.unknown:
                return r, (s.model() if model and r == z3.sat else None)
        return r, None
    finally:
        STATS["z3 solver calls"] += 1
        STATS["z3 seconds"] += time.process_time() - t


def _check_assuming(s: z3.Solver, literals: list) -> z3.CheckSatResult:
    """``s.check(*literals)`` (boolean constants) by z3's C function directly: the Python wrapper
    casts each assumption to a boolean (its sort made and compared, some 10 us each; an end of
    turn's query assumes some 365)."""
    n = len(literals)
    arr = (z3.Ast * n)()
    for i, x in enumerate(literals):
        arr[i] = x.as_ast()
    return z3.CheckSatResult(z3.Z3_solver_check_assumptions(s.ctx.ref(), s.solver, n, arr))


_SUBSTITUTE = _plain_c("Z3_substitute", _P, _P, _P, _U, ctypes.POINTER(_P), ctypes.POINTER(_P))


def _substitute_pointers(e: z3.ExprRef, src: list, dst: list) -> z3.ExprRef:
    """:func:`substitute` (z3_work.py) given the pairs' addresses (terms alive), arrays made by ctypes at once."""
    n = len(src)
    return _substitute_arrays(e, n, (_P * n)(*src), (_P * n)(*dst))


def _substitute_arrays(e: z3.ExprRef, n: int, src, dst) -> z3.ExprRef:
    """:func:`substitute` (z3_work.py) given ctypes arrays of the ``n`` pairs' addresses (terms alive)."""
    ctx = e.ctx
    out = _SUBSTITUTE(_pointer(ctx.ref()), _pointer(e.as_ast()), n, src, dst)
    return z3.z3._to_expr_ref(_ast(out), ctx)


def _joined(head: list, tail) -> "ctypes.Array":
    """A ctypes array of the addresses ``head`` followed by those of the ctypes array ``tail``
    (copied at once)."""
    k, n = len(head), len(tail)
    out = (_P * (k + n))(*head)
    ctypes.memmove(ctypes.addressof(out) + k * ctypes.sizeof(_P), tail, n * ctypes.sizeof(_P))
    return out


def _equations(pairs: list) -> list:
    """``a == b`` for each pair (terms of one sort) by z3's C function directly: the terms z3's
    ``==`` makes, without its Python coercions (an end of turn's hundreds of components)."""
    if not pairs:
        return []
    ctx = pairs[0][0].ctx
    ref, mk = ctx.ref(), z3.Z3_mk_eq
    return [z3.BoolRef(mk(ref, a.as_ast(), b.as_ast()), ctx) for a, b in pairs]


def _equals(pairs: list) -> list:
    """``a == b`` for each pair, the very terms z3's ``==`` makes (as :func:`_equations`, without
    its Python coercions), its operands in the order Python gives them: the right one's
    ``__eq__`` first where its class is a subclass of the left's (a term against a numeral makes
    ``12 == t``), so the terms, and the queries over them, are those ``==`` made."""
    return _equations([(b, a) if type(b) is not type(a) and isinstance(b, type(a)) else (a, b) for a, b in pairs])


def _conjunction(exprs: list) -> z3.BoolRef:
    """``z3.And(*exprs)`` (boolean terms) by z3's C function directly (the Python wrapper coerces
    and checks every argument)."""
    n = len(exprs)
    if n == 0:
        return z3.BoolVal(True)
    args = (z3.Ast * n)()
    for i, x in enumerate(exprs):
        args[i] = x.as_ast()
    ctx = exprs[0].ctx
    return z3.BoolRef(z3.Z3_mk_and(ctx.ref(), n, args), ctx)


#: A slice the checker has not solved is first tried with at most this many of the last witnesses
#: of its move and change (``Checker._witness``), in Python, before z3 is asked.
RECENT_WITNESSES = 4


def _python_value(x: z3.ExprRef):
    """A z3 value as :func:`python_function` reads it: an int, a boolean, an enumeration member's
    name."""
    if z3.is_int_value(x):
        return x.as_long()
    if z3.is_true(x) or z3.is_false(x):
        return z3.is_true(x)
    return x.decl().name()


def _ways(pre_v: dict, post_v: dict, names: list) -> tuple:
    """The way each of ``names`` went in a step: 1 up, -1 down, 0 otherwise (a value that is not
    a number, or not given): a witness's step, compared with another's of the same form (:meth:`Checker._witness`
    tries those that went the same ways first)."""
    out = []
    for n in names:   # (a template's slice reads the values it reads alone: one may be missing)
        a, b = pre_v.get(n), post_v.get(n)
        out.append((b > a) - (b < a) if type(a) is int and type(b) is int else 0)
    return tuple(out)


def _translated(move: str, w: tuple, vals: dict, before: list, after: list, label_value: Callable) -> tuple | None:
    """The witness ``w`` (its Python values ``vals``) of a step whose labels were ``before``, for a
    step of the same form whose labels are ``after``: each choice whose value is the value of a
    label of ``before`` (``label_value``) takes the value of the label of the same rank in
    ``after``; ``(witness, values)``, or None where the labels give no values (a candidate: the
    caller verifies it)."""
    if len(before) != len(after):
        return None
    move_to = {}
    for a, b in zip(before, after):
        x, y = label_value(a), label_value(b)
        if x is None or y is None or move_to.get(x, y) != y:
            return None
        move_to[x] = y
    new_vals, pairs = {}, []
    for n, z in w[0]:
        x = vals[n]
        if type(x) is int and x in move_to:
            x = move_to[x]
            z = z3.IntVal(x)
        new_vals[n] = x
        pairs.append((n, z))
    pairs = tuple(pairs)
    # the key as the z3 path writes it (str of a z3 value is its Python value's: 5, True, a name)
    return (pairs, (move, tuple((n, str(new_vals[n])) for n, _ in pairs))), new_vals


#: :func:`_packed`'s C functions on plain pointers (ints), as :data:`_W`
_PK = {"sort": _plain_c("Z3_get_sort", _P, _P, _P), "bool": _plain_c("Z3_mk_bool_sort", _P, _P),
       "symbol": _plain_c("Z3_mk_string_symbol", _P, _P, ctypes.c_char_p),
       "decl": _plain_c("Z3_mk_func_decl", _P, _P, _P, _U, ctypes.POINTER(_P), _P),
       "app": _plain_c("Z3_mk_app", _P, _P, _P, _U, ctypes.POINTER(_P))}


#: :func:`_packed_pointers`'s function declarations by their sorts' addresses (z3 makes one decl
#: of a name and signature: the same one each time; kept alive)
_PACK_DECLS: dict = {}


def _packed_pointers(ctx: z3.Context, pointers: list, sorts: list) -> z3.BoolRef:
    """:func:`_packed` of the terms at ``pointers`` (alive), of ``sorts`` (their sorts' addresses),
    its declaration made once per signature."""
    ref = _pointer(ctx.ref())
    n = len(pointers)
    key = (ref, tuple(sorts))
    decl = _PACK_DECLS.get(key)
    if decl is None:
        d = _PK["decl"](ref, _PK["symbol"](ref, b"refinement.pack"), n, (_P * n)(*sorts), _PK["bool"](ref))
        decl = _PACK_DECLS[key] = (z3.FuncDeclRef(_ast(d), ctx), d)   # the reference kept, the address used
    return z3.BoolRef(_ast(_PK["app"](ref, decl[1], n, (_P * n)(*pointers))), ctx)


def _packed(terms: list) -> z3.ExprRef | None:
    """``terms`` as one z3 application (of a function ``refinement.pack`` of their sorts), or None
    for none: one substitution or simplification of it does each term's (:func:`_children` gives
    them back). Made by z3's C functions directly on plain pointers (the Python wrappers check and
    coerce every argument)."""
    if not terms:
        return None
    n = len(terms)
    ctx = terms[0].ctx
    ref = _pointer(ctx.ref())
    sort = _PK["sort"]
    pointers = [_pointer(t.as_ast()) for t in terms]
    args, sorts = (_P * n)(*pointers), (_P * n)(*[sort(ref, a) for a in pointers])
    decl = _PK["decl"](ref, _PK["symbol"](ref, b"refinement.pack"), n, sorts, _PK["bool"](ref))
    return z3.BoolRef(_ast(_PK["app"](ref, decl, n, args)), ctx)


def _simplified_changed(pack: z3.ExprRef | None, before: list, pairs: list = ()) -> list:
    """``z3.simplify`` of each term of a :func:`_packed` application, in one call: the index and
    the simplified term of those that are not the term of ``before`` at their index (the others,
    compared by z3's C functions, are never made Python objects). ``before``: the terms, or their
    ids (:func:`_ids`: once for many calls). ``pairs`` (constant, value): the terms with those
    constants given those values, simplified -- a model of the values evaluated over the pack
    without completion (the other constants stay), one pass where a substitution and a
    simplification are two (the same terms)."""
    if pack is None:
        return []
    if pairs:
        m = z3.Model(pack.ctx)
        for c, v in pairs:
            m.update_value(c, v)
        out = m.eval(pack, model_completion=False)
    else:
        out = z3.simplify(pack)
    ctx = out.ctx
    ref, a = _pointer(ctx.ref()), _pointer(out.as_ast())
    if _W["nargs"](ref, a) != len(before):   # never: an uninterpreted function stays
        raise ValueError("refinement: a packed term simplified away")
    get, get_id = _W["arg"], _W["id"]
    if before and not isinstance(before[0], int):
        before = _ids(before)
    found = []
    for i, b in enumerate(before):
        x = get(ref, a, i)
        if get_id(ref, x) != b:
            found.append((i, _expr(_ast(x), ctx)))
    return found


#: :meth:`_Grouped.changed`'s C functions on plain pointers: a model made, given the witness's
#: values, evaluated over the pack without completion, released
_ME = {"mk": _plain_c("Z3_mk_model", _P, _P), "inc": _plain_c("Z3_model_inc_ref", None, _P, _P),
       "dec": _plain_c("Z3_model_dec_ref", None, _P, _P),
       "interp": _plain_c("Z3_add_const_interp", None, _P, _P, _P, _P),
       "eval": _plain_c("Z3_model_eval", ctypes.c_bool, _P, _P, _P, ctypes.c_bool, ctypes.POINTER(_P))}

#: the size of a group of :class:`_Grouped` (a move's footprint: some 100 to 300 components)
PACK_GROUP = 16


class _Grouped:
    """``terms`` packed in groups of :data:`PACK_GROUP` (:func:`_packed` applications inside one),
    each group beside the same group of ``before`` packed alike: after an evaluation
    (:meth:`changed`), a group whose result is its ``before`` group (one comparison of addresses:
    z3 shares equal terms) holds no term that differs, so only the other groups' terms are compared
    one by one (what :func:`_simplified_changed` does term by term; most of a footprint is its
    frame, the pre value itself under any witness)."""

    def __init__(self, terms: list, before: list, sorts: list | None = None, olds: list | None = None):
        g = PACK_GROUP
        ctx = terms[0].ctx
        ref = _pointer(ctx.ref())
        pointers = [_pointer(t.as_ast()) for t in terms]
        if sorts is None:   # a term's and its before term's (one sort): the caller's where known
            sort = _PK["sort"]
            sorts = [sort(ref, a) for a in pointers]
        if olds is None:    # the before terms' addresses: the caller's where known
            olds = [_pointer(t.as_ast()) for t in before]
        self.pack = _packed([_packed_pointers(ctx, pointers[i:i + g], sorts[i:i + g]) for i in range(0, len(terms), g)])
        self.before = [_packed_pointers(ctx, olds[i:i + g], sorts[i:i + g]) for i in range(0, len(before), g)]   # kept alive
        self.keep = list(before)
        self.addresses = [_pointer(b.as_ast()) for b in self.before]
        #: each group's before terms by address (alive while ``keep`` is: z3 shares equal terms, so
        #: an evaluated term is its before term exactly where the addresses are equal; no id asked)
        self.olds = [olds[i:i + g] for i in range(0, len(before), g)]

    def changed(self, pairs: list) -> tuple[list, z3.ExprRef]:
        """The index, the z3 id and the address of each of the terms, those constants given those
        values (a model evaluated without completion, :func:`_simplified_changed`), that is not its
        ``before`` term, and the evaluation (which keeps them alive: a term is made a Python object
        only where the caller has not met its id)."""
        ctx = self.pack.ctx
        ref = _pointer(ctx.ref())
        m = _ME["mk"](ref)   # z3.Model's update_value and eval by z3's C functions directly
        _ME["inc"](ref, m)
        try:
            decl = _W["decl"]
            for c, v in pairs:
                _ME["interp"](ref, m, decl(ref, _pointer(c.as_ast())), _pointer(v.as_ast()))
            got = _P()
            if not _ME["eval"](ref, m, _pointer(self.pack.as_ast()), False, ctypes.byref(got)):
                raise ValueError("refinement: a packed term not evaluated")
            out = z3.BoolRef(_ast(got.value), ctx)   # kept (its reference counted) before the model goes
        finally:
            _ME["dec"](ref, m)
        a = got.value
        get, get_id, nargs = _W["arg"], _W["id"], _W["nargs"]
        if nargs(ref, a) != len(self.addresses):   # never: an uninterpreted function stays
            raise ValueError("refinement: a packed term simplified away")
        found = []
        for j, address in enumerate(self.addresses):
            x = get(ref, a, j)
            if x == address:
                continue
            olds = self.olds[j]
            if nargs(ref, x) != len(olds):
                raise ValueError("refinement: a packed term simplified away")
            base = j * PACK_GROUP
            for i, b in enumerate(olds):
                y = get(ref, x, i)
                if y != b:
                    found.append((base + i, get_id(ref, y), y))
        return found, out


def _ids(terms: list) -> list:
    """The z3 ids of ``terms`` (kept alive by the caller)."""
    if not terms:
        return []
    ref, get_id = _pointer(terms[0].ctx.ref()), _W["id"]
    return [get_id(ref, _pointer(t.as_ast())) for t in terms]


def _distance(x: z3.ExprRef, target: z3.ExprRef) -> z3.ArithRef:
    """How far ``x`` is from ``target``: an integer's absolute difference; 0 or 1 for another."""
    if z3.is_int(x):
        return z3.If(x >= target, x - target, target - x)
    return z3.If(x == target, 0, 1)


def _rank(x: z3.ExprRef) -> z3.ArithRef:
    """An integer's value; False before True; an enumeration member's rank in its sort."""
    if z3.is_int(x):
        return x
    if z3.is_bool(x):
        return z3.If(x, 1, 0)
    sort = x.sort()
    rank = z3.IntVal(0)
    for i in range(sort.num_constructors() - 1, 0, -1):
        rank = z3.If(x == sort.constructor(i)(), i, rank)
    return rank


def _canonical(terms: dict, before: dict, after: dict, passing: frozenset) -> list:
    """The objectives, after the most components at their values ``after`` the step, that make the
    values of ``terms`` (shared components' values under a move's choices, :meth:`Checker._partial`)
    one function of the query, never of z3's internal state (the order its terms were made in: a
    witness among equally good ones would otherwise change with the z3 calls made before, and with
    it the sequence found), in this order: the ``passing`` components away from their values
    after the step (an intermediate value is sought); the move's smallest change (the distances
    from the values ``before`` it, summed: a Recruit placing the one cell the step added, not two
    of which a Travel then moves one); then component by component (by name) the nearest to its
    value after the step, and the lowest (:func:`_rank`)."""
    out = []
    if passing:
        out.append(z3.Sum([z3.If(terms[n] == after[n], 1, 0) for n in sorted(passing)]))
    out.append(z3.Sum([_distance(terms[n], before[n]) for n in sorted(terms)]))
    for n in sorted(terms):
        out += [_distance(terms[n], after[n]), _rank(terms[n])]
    return out


#: :func:`_lexicographic` settles a goal in at most this many descents (else z3's Optimize does)
LEX_DESCENTS = 32


def _lexicographic(hard: list, softs: list, goals: list):
    """A model of ``hard`` with the most ``softs`` true, then each of ``goals`` (integer terms) at
    its least, in order (what z3's Optimize gives for ``add_soft`` each of ``softs`` then
    ``minimize`` each goal: the same optimum), by one z3 solver: a model, then each goal pushed
    below its value until unsatisfiable and fixed at the least met (z3's Optimize sets up its
    MaxSMT and optimization engines per query: some 10-100 ms for one or two shared components,
    where these checks take a few). The process's solver (:func:`_process_solver`), in a scope of
    its own: a solver made per query set up z3's tactics each time, some 4 ms (the witness is the
    optimum whichever solver finds the models: each goal fixed in turn, the last fixing every
    term's value). None: unsatisfiable; False: a goal still falling after :data:`LEX_DESCENTS`
    descents (unbounded, or a long way down), or z3 undecided."""
    t = time.process_time()
    s = _process_solver()
    s.push()
    try:
        s.add(*[z3.simplify(h) for h in hard])   # ground terms folded: the checks below are incremental
        order = ([z3.Sum([z3.If(x, 0, 1) for x in softs])] if softs else []) + list(goals)
        STATS["z3 solver calls"] += 1
        r = s.check()
        if r != z3.sat:
            return None if r == z3.unsat else False
        m = s.model()
        for g in order:
            v = m.eval(g, model_completion=True)
            for _ in range(LEX_DESCENTS):
                s.push()
                s.add(g < v)
                STATS["z3 solver calls"] += 1
                r = s.check()
                if r == z3.sat:
                    m = s.model()
                    v = m.eval(g, model_completion=True)
                s.pop()
                if r == z3.unsat:
                    break
                if r != z3.sat:
                    return False
            else:
                return False
            s.add(g == v)
        return m
    finally:
        s.pop()
        STATS["z3 seconds"] += time.process_time() - t


def _leave_one(part: frozenset, for_first: frozenset) -> list:
    """The components of ``for_first`` (those of a move's ``part`` that a related move not yet used
    could take) that a move may leave, one alone, for such a move, where there are more than one
    (leaving all of them is the other option): a coup taking a country's influence and DEFCON but
    leaving the game's end to turn 10's end (Twilight Struggle 6.3.4, 4.5 F, 10.3.2), though other
    coups could take DEFCON and other moves the influence. In their order, after the options of
    taking the whole part and of leaving all of ``for_first``."""
    if len(for_first) < 2 or len(part) < 2:
        return []
    return sorted(for_first)


def _label(name: str) -> tuple[str, str | None]:
    """A component's or a move's name and the text in its first brackets (its label: a card, a
    country, a side): ``"inf[Iraq][US]"`` gives ``("inf", "Iraq")``; no brackets, ``(name, None)``."""
    i = name.find("[")
    if i < 0:
        return name, None
    j = name.find("]", i)
    return name[:i], name[i + 1:j]


def _narrowed(names: list[str], allowed: Callable[[str], bool] | None) -> list[str]:
    """The moves of ``names`` (in their order) that ``allowed`` lets be part of the step: all of
    them where it is None (the game's ``Refinement.narrow`` not asked)."""
    return list(names) if allowed is None else [n for n in names if allowed(n)]


def _shape(cited: list[str], changed: frozenset) -> tuple[tuple, list]:
    """A step's shape, the key of the explanations the checker remembers (``Checker._recall``): the
    rules it cites and its changed components, each label written as its rank among the step's
    labels (``zone[42]`` and ``zone[7]``: ``zone[#0]``, ``zone[#1]``); and those labels, in rank
    order. Steps playing different cards or in different countries the same way share a shape."""
    labels: list = []
    comps = []
    for c in sorted(changed):
        base, label = _label(c)
        if label is None:
            comps.append(c)
            continue
        if label not in labels:
            labels.append(label)
        comps.append(f"{base}[#{labels.index(label)}]{c[len(base) + len(label) + 2:]}")
    return (tuple(cited), tuple(comps)), labels


# -- z3 terms as Python functions (the exact evaluation of a ground term) ---------------------

_PY_OPS = {
    z3.Z3_OP_ADD: lambda a: "(" + " + ".join(a) + ")",
    z3.Z3_OP_SUB: lambda a: "(" + " - ".join(a) + ")",
    z3.Z3_OP_MUL: lambda a: "(" + " * ".join(a) + ")",
    z3.Z3_OP_UMINUS: lambda a: f"(-{a[0]})",
    z3.Z3_OP_LE: lambda a: f"({a[0]} <= {a[1]})",
    z3.Z3_OP_LT: lambda a: f"({a[0]} < {a[1]})",
    z3.Z3_OP_GE: lambda a: f"({a[0]} >= {a[1]})",
    z3.Z3_OP_GT: lambda a: f"({a[0]} > {a[1]})",
    z3.Z3_OP_EQ: lambda a: f"({a[0]} == {a[1]})",
    z3.Z3_OP_DISTINCT: lambda a: f"(len({{{', '.join(a)}}}) == {len(a)})",
    z3.Z3_OP_AND: lambda a: "(" + " and ".join(a) + ")",
    z3.Z3_OP_OR: lambda a: "(" + " or ".join(a) + ")",
    z3.Z3_OP_NOT: lambda a: f"(not {a[0]})",
    z3.Z3_OP_IMPLIES: lambda a: f"((not {a[0]}) or {a[1]})",
    z3.Z3_OP_XOR: lambda a: f"({a[0]} != {a[1]})",
    z3.Z3_OP_ITE: lambda a: f"({a[1]} if {a[0]} else {a[2]})",
    z3.Z3_OP_IDIV: lambda a: f"({a[0]} // {a[1]})",
    z3.Z3_OP_MOD: lambda a: f"({a[0]} % {a[1]})",
}


def _values_of(names) -> Callable[[Mapping], tuple]:
    """A function giving the tuple of a vector's values at ``names`` (in that order), read at C
    speed (``operator.itemgetter``; one name or none give a tuple too): a cache key's values."""
    names = tuple(names)
    if len(names) > 1:
        return operator.itemgetter(*names)
    return lambda v: tuple(v[n] for n in names)


def python_function(e: z3.ExprRef, names: Mapping[str, str], leaves: Mapping[int, tuple] | None = None
                    ) -> Callable[[Mapping], Any]:
    """``e`` as a Python function of a mapping ``v`` (component name -> value): the vector's
    constants read ``v[names[constant name]]``, numerals and enumeration members are their values
    (ints, booleans, member names). Shared subterms are computed once. A term with an operator
    outside :data:`_PY_OPS` (or a constant not in ``names``) is a ValueError. The component names
    read are the function's default arguments (``k0``, ``k1``...): :func:`renamed` gives the same
    code over other components. ``leaves``: the address of a leaf known beforehand (alive while
    the caller is) -> ``("v", component)`` for a vector's constant (the one ``names`` gives it),
    ``("n", text)`` for a numeral: read without a call to z3."""
    lines: list[str] = []
    memo: dict[int, str] = {}   # a subterm's address -> its text
    keys: dict[str, int] = {}
    # the walk calls z3's C library directly on plain pointers (as _constant_asts_each: the terms
    # are kept alive by ``e``)
    ref = _pointer(e.ctx.ref())
    kind, nargs, arg = _W["kind"], _W["nargs"], _W["arg"]
    get_decl, decl_kind, decl_name, symbol = _W["decl"], _W["decl_kind"], _W["decl_name"], _W["symbol"]
    numeral = _W["numeral"]

    def text(b) -> str:
        return b.decode() if isinstance(b, bytes) else b

    def go(a) -> str:
        k = a   # a subterm's address (z3 shares equal terms; every one alive while ``e`` is)
        if k in memo:
            return memo[k]
        if leaves is not None:
            leaf = leaves.get(k)
            if leaf is not None:
                out = memo[k] = f"v[k{keys.setdefault(leaf[1], len(keys))}]" if leaf[0] == "v" else leaf[1]
                return out
        t = kind(ref, a)
        if t == z3.Z3_NUMERAL_AST:
            out = text(numeral(ref, a))
            if not out.lstrip("-").isdigit():
                raise ValueError(f"refinement: no Python form for the numeral {out}")
            memo[k] = out
            return out
        if t != _APP:
            raise ValueError("refinement: no Python form for a quantifier or a variable")
        d = get_decl(ref, a)
        dk = decl_kind(ref, d)
        n = nargs(ref, a)
        if dk == z3.Z3_OP_TRUE:
            out = "True"
        elif dk == z3.Z3_OP_FALSE:
            out = "False"
        elif dk == z3.Z3_OP_UNINTERPRETED and n == 0:
            name = text(symbol(ref, decl_name(ref, d)))
            c = names.get(name)
            if c is None:
                raise ValueError(f"refinement: a free constant {name} left in a term")
            out = f"v[k{keys.setdefault(c, len(keys))}]"
        elif dk == z3.Z3_OP_DT_CONSTRUCTOR and n == 0:
            out = repr(text(symbol(ref, decl_name(ref, d))))
        else:
            op = _PY_OPS.get(dk)
            if op is None:
                raise ValueError(f"refinement: no Python form for {text(symbol(ref, decl_name(ref, d)))}")
            out = op([go(arg(ref, a, i)) for i in range(n)])
        if n > 0:
            v = f"t{len(lines)}"
            lines.append(f"    {v} = {out}")
            out = v
        memo[k] = out
        return out

    result = go(_pointer(e.as_ast()))
    head = "".join(f", k{i}" for i in range(len(keys)))
    src = f"def f(v{head}):\n" + "\n".join(lines + [f"    return {result}"]) + "\n"
    f = _COMPILED.get(src)
    if f is None:   # terms of one form over other components give the same source: compiled once
        scope: dict = {}
        exec(compile(src, "<refinement>", "exec"), scope)  # noqa: S102  (our own generated source)
        f = _COMPILED[src] = scope["f"]
    return types.FunctionType(f.__code__, f.__globals__, f.__name__, tuple(keys) or None)


#: :func:`python_function`'s compiled functions by their source
_COMPILED: dict = {}


def renamed(f: Callable, rename: Mapping[str, str]) -> Callable:
    """A function of :func:`python_function` reading, for each component ``a`` it read,
    ``rename.get(a, a)`` (the same code)."""
    if not f.__defaults__:
        return f
    return types.FunctionType(f.__code__, f.__globals__, f.__name__,
                              tuple(rename.get(k, k) for k in f.__defaults__))


def closed_permutation(f: dict) -> dict:
    """The one-to-one map ``f`` (component -> component) completed into a permutation: each chain
    ``start -> ... -> x`` whose start nothing maps to is closed by ``x -> start`` (two label sets
    that overlap); returns the components it moves."""
    image, rename = set(f.values()), dict(f)
    for start in f:
        if start in image:
            continue
        x = start
        while x in f:
            x = f[x]
        rename[x] = start
    return {a: c for a, c in rename.items() if a != c}


@dataclass
class _Effect:
    """One move's effect over the checker's ``pre:`` vector: its guards, the value of each
    footprint component, its choices; per component (and for the guards) the pre components read."""

    move: Move
    guards: list
    values: dict
    choices: list
    reads: dict          # footprint component or "(guards)" -> [pre component read]
    fixed: list = field(default_factory=list)   # the guards without a choice, as Python functions
    #: the footprint components whose value reads no choice: component -> its value as a Python
    #: function of the pre values (compiled when first needed; None until then, False for a term
    #: without a Python form)
    plain: dict = field(default_factory=dict)
    #: no choice, and every guard has a Python form, and every footprint value found to have one
    #: so far (each compiled when first evaluated, :meth:`Checker.admits`; all at once where a
    #: move is renamed from it, :meth:`Checker._settled`): the move is decided by Python
    #: evaluation alone (no z3)
    closed: bool = False
    #: ``(base, rename)``: built from move ``base``'s effect by :meth:`Checker._renamed` (its terms
    #: ``base``'s with the components renamed, ``rename``: the move's component -> ``base``'s), so
    #: what holds of ``base``'s terms holds of these with the components renamed; None: built alone
    renamed_from: tuple | None = None
    #: its guards and footprint's values walked only when read (:class:`_LazyReads`: the move names
    #: its choices, ``Move.choices``), so :attr:`plain` holds only the components walked so far
    lazy: bool = False
    #: built by :meth:`Checker._renamed` with a choice named after a label renamed as the labels
    #: are: ``base``'s choice name -> this move's (None: each choice ``base``'s with this move's
    #: name in front)
    choice_names: dict | None = None
    #: its guards without a choice not sorted out yet (:attr:`fixed` empty until then): a lazy
    #: effect's, found when first asked (:meth:`Checker._fixed`: :meth:`Checker.enabled`, a move
    #: renamed from it); :meth:`Checker.admits` leaves them to the slice
    unfixed: bool = False


class _LazyReads(dict):
    """A lazy effect's :attr:`_Effect.reads`: a footprint component's walked (:class:`_Walker`, the
    checker's one memo) the first time it is asked, which also tells whether its value reads a
    choice (a component whose value reads none joins :attr:`_Effect.plain`), and the guards' (key
    ``"(guards)"``) likewise where they were not walked with the effect. Exact: the same reads as
    the whole walk gives, asked one by one."""

    def __init__(self, reads: dict, values: dict, walker: _Walker, pre_name: dict, plain: dict,
                 guards: list | None = None):
        super().__init__(reads)
        self._values, self._walker, self._pre_name, self._plain = values, walker, pre_name, plain
        self._guards = guards   # the guards, where they too are walked when asked ("(guards)")

    def __missing__(self, key: str) -> list:
        if key == "(guards)" and self._guards is not None:
            got = self[key] = sorted({n for found in self._walker.each(self._guards) for c in found
                                      if (n := self._pre_name.get(c)) is not None})
            return got
        names, free = [], False
        for c in self._walker.each([self._values[key]])[0]:
            n = self._pre_name.get(c)
            if n is None:
                free = True
            else:
                names.append(n)
        if not free:
            self._plain.setdefault(key, None)
        got = self[key] = sorted(set(names))
        return got

    def complete(self) -> None:
        """Walk every footprint value not walked yet (what needs all of them: the whole relation),
        and the guards."""
        if self._guards is not None:
            self["(guards)"]
        for n in self._values:
            if n not in self:
                self[n]


def _other_constants(choices: list) -> list:
    """Each of ``choices`` (constants) paired with another constant of its sort (:func:`_hold_choice`)."""
    return [(c, z3.Const("refinement.other#" + c.decl().name(), c.sort())) for c in choices]


def _hold_choice(terms: list, pairs: list) -> list[bool]:
    """Whether each of ``terms`` holds a constant of ``pairs`` (:func:`_other_constants`): whether one
    substitution of those constants by the others moves it (z3 shares equal terms: compared by
    address), found by z3's C library, no term walked in Python."""
    if not terms or not pairs:
        return [False] * len(terms)
    moved = substitute(_packed(terms), pairs)
    ref, a, get = _pointer(moved.ctx.ref()), _pointer(moved.as_ast()), _W["arg"]
    return [get(ref, a, i) != _pointer(t.as_ast()) for i, t in enumerate(terms)]


def _without_choice(terms: list, choices: list) -> list:
    """The terms of ``terms`` that hold none of ``choices`` (constants): :func:`_hold_choice`."""
    return [t for t, free in zip(terms, _hold_choice(terms, _other_constants(choices))) if not free]


class _Deferred:
    """:func:`python_function` of a term, made on the first call (then that function called):
    the same function, built only where it is evaluated."""

    __slots__ = ("_args", "_f")

    def __init__(self, term: z3.ExprRef, names: Mapping[str, str], leaves: Mapping[int, tuple]):
        self._args, self._f = (term, names, leaves), None

    def __call__(self, v: Mapping):
        f = self._f
        if f is None:
            f = self._f = python_function(*self._args)
        return f(v)


def _walked(e: _Effect) -> _Effect:
    """``e`` with every footprint value walked (its :attr:`_Effect.reads` and :attr:`_Effect.plain`
    complete)."""
    if e.lazy:
        e.reads.complete()
    return e


class Checker:
    """The refinement check of one Game: :meth:`check` takes the abstraction of the state before
    and after a step, and the rules the step cites, and returns the moves that explain it (a tuple
    of names; ``(STUTTER,)`` when nothing changed) or a :class:`Finding` without its trace.

    **How one move is checked** (:meth:`admits`), exactly and mostly without z3:

    1. the frame: every changed component is in the move's footprint (Python);
    2. the guards without a choice, and the equations of the changed components whose value
       reads no choice, as Python functions of the pre values (a cheap refusal: a slice with a
       false conjunct is unsatisfiable; for a move that names its choices, ``Move.choices``, the
       values walked so far: the others are checked with the slice); then the *slice*: the guards and the changed components'
       equations, the pre values
       substituted, solved by z3 for the choices (a witness) -- cached by the values the slice reads;
       for values not met before, the last :data:`RECENT_WITNESSES` witnesses of the move and
       change are tried first (the move under each: its guards and footprint with the witness
       substituted and simplified, Python functions of the pre values, :meth:`_residual`), then
       (``Refinement.label_value``) those of steps of the same form over other labels translated,
       then (``Refinement.witness_from``) those of a move whose choices are this one's renamed
       (a witness is one whoever found it; z3 when none fits);
    3. the rest of the footprint under that witness: each component's value, the witness
       substituted and simplified once per witness (most become the pre value itself, the frame),
       the others evaluated as Python functions of the pre values: each must equal its (unchanged)
       value. When that fails, z3 is asked the whole relation (another witness may exist).

    **A step of a shape seen before** (:func:`_shape`: its rules and changed components, labels as
    ranks) is first tried against the moves that explained the last such step, with its own
    labels (:meth:`_recall`: the same exact checks over those moves alone); the search over every
    related move follows when they do not explain it."""

    def __init__(self, spec: Refinement, game_object: Any, model: RefinementModel | None = None):
        self.spec = spec
        self.model = spec.model(game_object) if model is None else model
        self.abstraction = self.model.abstraction
        self.moves = {m.name: m for m in self.model.moves}
        self._footprints = {m.name: m.footprint for m in self.model.moves}
        self._shared_parts: dict = {}   # a move -> the shared components of its footprint (_shared_footprint)
        self._partial_plans: dict = {}  # (a move, the change left, free) -> what it takes and keeps (_partial)
        self._part_options_kept: dict = {}  # (a move, a part, for_first) -> the parts it may take (_part_options)
        self._inside_moves: dict = {}   # a move -> the moves whose footprint lies within its shared one (_inside)
        self._touching: dict[str, list[str]] = {}     # component -> the moves whose footprint has it
        for m in self.model.moves:
            for c in m.footprint:
                self._touching.setdefault(c, []).append(m.name)
        self.pre = self.abstraction.symbolic("pre:")
        self._pre_name = {c.decl().name(): n for n, c in self.pre.items()}
        self._every = sorted(self.pre)   # every component (_whole)
        #: (the last vector a slice keyed by the whole vector read, its values as bytes) (_witness, _vector_bytes)
        self._whole_key: tuple = (None, b"")
        self._vector_order: tuple | None = None   # the components of the first vector, in its order (_vector_bytes)
        self._pre_pointers: dict = {}  # a pre component (None: true) -> (its address, its sort's) (_residual)
        self._last_pins: dict = {}    # a move -> its last z3 witness's choices of labels (_pins)
        self._action = None           # the action of the step being checked, where given (check, _pins)
        #: id of a list of components -> (it, its values' reader, its pre constants' addresses, the
        #: addresses of the last values grounded, those values) (_ground: ctypes arrays, updated)
        self._ground_src: dict = {}
        self._numerals: dict = {}     # (component, value) -> (its constant, the address) (_ground)
        self._effects: dict[str, _Effect] = {}
        self._declared_parts: dict = {}   # a member not built yet -> (fixed, renamed_from) or None (_declared)
        self._renaming_plans: dict = {}   # a member declared, not built yet -> its _renaming plan (_renamed)
        #: one walk memo for every move's terms (they stay alive in ``_effects``): a subterm two
        #: moves share is walked once; the vector's constants and small numerals known beforehand
        self._walker = _Walker({c.decl().name(): c for c in self.pre.values()},
                               [z3.IntVal(k) for k in range(-8, 65)] + [z3.BoolVal(True), z3.BoolVal(False)])
        #: the leaves python_function reads without z3: the vector's constants and the small
        #: numerals (kept alive by the walker)
        self._leaves = {_pointer(c.as_ast()): ("v", n) for n, c in self.pre.items()}
        self._leaves.update((_pointer(z3.IntVal(k).as_ast()), ("n", str(k))) for k in range(0, 65))
        self._slices: dict = {}
        self._residuals: dict = {}
        self._choices_by_name: dict = {}  # a move -> its choices by name (_residual)
        self._choice_names: dict = {}     # a move -> (name, choice) of each of its choices, in order (_model_witness)
        self._functions: dict = {}    # a simplified term's id -> (the term, its Python function)
        self._deferred: dict = {}     # a residual value's id -> (the term, its _Deferred function) (_later)
        self._recent: dict = {}       # (a move, the changed components) -> its last witnesses (_witness)
        self._by_form: dict = {}      # (a move, the change's form) -> its last z3 witnesses, with labels
        self._verdicts: dict = {}
        self._all_reads: dict = {}    # a move -> the pre components any of its terms reads (_partial)
        self._slice_reads: dict = {}  # (a move, the changed components) -> what its slice reads (_witness)
        self._first: dict = {}       # the step's rules -> the moves related to them
        self._first_set: dict = {}   # the same, as sets
        self._groups: dict = {}      # (transition, rules) -> its moves, in order (relates_per_transition)
        for n, m in self.moves.items():
            self._groups.setdefault((m.transition, m.rules), []).append(n)
        self._order = {n: i for i, n in enumerate(self.moves)}
        self._plans: dict = {}       # a step's shape -> the moves that explained it last (_recall)
        self._forced_sets: dict = {}  # a move -> the components it always changes (_forced)
        self._within: dict = {}       # (a move, components) -> whether it can take them (_can_take)
        self._models: dict = {}       # a move -> models of its terms z3 found (_can_take, _forced)
        self._cores: dict = {}        # a move -> unsatisfiable cores of its _can_take queries (kept, changed)
        self._move_solvers: dict = {}  # a move with a large footprint -> its solver and literals (_assumed)
        self._independent: dict = {}  # a move with a large footprint -> its independent groups (_independent_groups)
        self._group_verdicts: dict = {}  # (a move, a group, kept, changed) -> z3's verdict (_assumed_by_group)
        self._stays: dict = {}        # a move -> per footprint component (value == pre, its negation) (_can_take)
        self._kin_members: dict = {}  # a family member's signature -> the member built alone (_kin)
        self._kin_keep: list = []     # the signatures (their ids are keys)
        self._placeholders: dict = {}  # a labelled component's placeholder (_kin)
        self._by_label: dict | None = None   # a label -> its components (_label_rename)
        #: (a term any renaming of labels leaves equal, its placeholder) (_kin; RefinementModel.symmetric)
        self._symmetric = [(t, z3.Const(f"kin:symmetric#{i}", t.sort()))
                           for i, t in enumerate(self.model.symmetric(self.pre) if self.model.symmetric else ())]
        #: whether any component is shared (the second search of :meth:`sequence` needs one)
        self._any_shared = any(spec.shared(c) for c in self.abstraction.components)
        self.tally = Tally()
        self.stats = STATS

    # -- one move ------------------------------------------------------------------------------
    def _keep_renamed(self, name: str, e: _Effect, t0: float) -> _Effect:
        """Keep ``e``, move ``name``'s effect made from another move's by renaming (a declared
        template, :meth:`_renamed`, or a kin found, :meth:`_kin`), and count it (``STATS``)."""
        self._effects[name] = e
        STATS["effects built"] += 1
        STATS["effects renamed"] += 1
        STATS["effects seconds"] += time.process_time() - t0
        return e

    def effect(self, name: str) -> _Effect:
        e = self._effects.get(name)
        if e is None:
            t0 = time.process_time()
            m = self.moves[name]
            if m.template is not None and m.template[0] != name and m.template[0] in self.moves:
                e = self._renamed(m)
                if e is not None:
                    return self._keep_renamed(name, e, t0)
            guards, values = m.effect(self.pre, f"{name}#0.")
            each = None   # the walk of every term, where _kin made it (the same walk serves below)
            if m.labels and m.family:   # a member of a family over labels: another member's renamed?
                keyed = [("(guards)", guards)] + [(n, [values[n]]) for n in m.footprint]
                each = self._walker.each([t for _, terms in keyed for t in terms])
                e = self._kin(m, guards, values, keyed, each)
                if e is not None:
                    return self._keep_renamed(name, e, t0)
            reads, choices, plain = {}, {}, {}
            fixed = []
            # a move that names its choices: each footprint value walked when read
            known = m.choices(f"{name}#0.") if m.choices is not None else None
            if known:
                choices = {c.decl().name(): c for c in known}
            walker = self._walker
            # a move that names its choices: its guards not walked either (what they read is walked
            # when asked, _LazyReads; its slices keyed by the whole vector, _witness), those without
            # a choice found by one substitution of the choices when first asked (_fixed)
            lazy_guards = bool(known) and each is None
            keyed = ([] if lazy_guards else [("(guards)", guards)]) + \
                ([] if known else [(n, [values[n]]) for n in m.footprint])
            # the terms _kin walked are these same terms, in this order, where no choices are named
            found = iter(each if each is not None and not known else walker.each([t for _, terms in keyed for t in terms]))
            for key, terms in keyed:
                names = []
                for t in terms:
                    free = False
                    for c, a in next(found).items():
                        n = self._pre_name.get(c)
                        if n is None:
                            if c not in choices:
                                choices[c] = z3.z3._to_expr_ref(a, t.ctx)
                            free = True
                        else:
                            names.append(n)
                    if key == "(guards)" and not free:
                        try:
                            fixed.append(python_function(t, self._pre_name, self._leaves))
                        except ValueError:
                            pass
                    if key != "(guards)" and not free:
                        plain[key] = None
                reads[key] = sorted(set(names))
            values = dict(values)
            if known:
                reads = _LazyReads(reads, values, walker, self._pre_name, plain, guards if lazy_guards else None)
            e = self._effects[name] = _Effect(m, list(guards), values, list(choices.values()), reads, fixed, plain,
                                              lazy=bool(known), unfixed=lazy_guards)
            # a move without a choice whose guards have a Python form: decided in Python alone, each
            # value compiled when first evaluated (admits; one without a Python form reopens it)
            if not choices and len(fixed) == len(guards):
                e.closed = True
            STATS["effects built"] += 1
            STATS["effects seconds"] += time.process_time() - t0
        return e

    def _kin(self, m: Move, guards: list, values: dict, keyed: list, each: list) -> _Effect | None:
        """The effect of ``m`` (a member of a family over distinct labels, :attr:`Move.labels`,
        whose terms ``guards`` and ``values`` are built: ``keyed``, them by key, ``each`` the
        constants of each term) as a member built before renamed: one whose
        *signature* is ``m``'s (the terms with the move's labelled components written as their
        label's rank, ``cells[#0]``, and its choices without its name: one z3 substitution, and
        z3 shares equal terms, so a comparison of ids). Equal signatures are a proof that ``m``'s
        terms are that member's with the two moves' labelled components swapped (the renaming
        to ranks is one to one, and neither move's terms hold the other's labelled components:
        the other's signature would keep them; a term of ``RefinementModel.symmetric``, a
        placeholder in both, is equal under any renaming of labels: there the terms are equal,
        not renamed one to one), so ``m`` asks that member's z3 queries renamed
        (its forced components, ``_can_take``, its slices: :attr:`_Effect.renamed_from`), as a
        card's move asks card 1's, and takes its compiled Python functions renamed. None where no
        member of its signature was built (``m`` is then built as any other, and kept as one)."""
        if len(set(m.labels)) != len(m.labels):
            return None
        rank = {label: i for i, label in enumerate(m.labels)}
        placeholders = self._placeholders
        prefix = f"{m.name}#0."
        pairs, choices, reads, named = list(self._symmetric), {}, {}, set()
        found = iter(each)
        for key, terms in keyed:
            got = set()
            for t in terms:
                for c, a in next(found).items():
                    n = self._pre_name.get(c)
                    if n is None:   # a choice: its name without the move's
                        if c not in choices:
                            x = choices[c] = z3.z3._to_expr_ref(a, t.ctx)
                            sort = x.sort()
                            ph = (c[len(prefix):] if c.startswith(prefix) else c, sort.get_id())
                            p = placeholders.get(ph)
                            if p is None:
                                p = placeholders[ph] = z3.Const("kin:" + ph[0], sort)
                            pairs.append((x, p))
                        continue
                    got.add(n)
                    if n in named:
                        continue
                    named.add(n)
                    base, label = _label(n)
                    if label in rank:   # a labelled component: its label's rank
                        ph = f"{base}[#{rank[label]}]{n[len(base) + len(label) + 2:]}"
                        p = placeholders.get(ph)
                        if p is None:
                            p = placeholders[ph] = z3.Const("kin:" + ph, self.pre[n].sort())
                        pairs.append((self.pre[n], p))
            reads[key] = sorted(got)

        def placeholder(n: str) -> str:
            base, label = _label(n)
            return f"{base}[#{rank[label]}]{n[len(base) + len(label) + 2:]}" if label in rank else n

        order = sorted(m.footprint, key=placeholder)
        pack = _packed(list(guards) + [values[n] for n in order])
        sig = substitute(pack, pairs) if pairs and pack is not None else pack
        key = (m.family, len(guards), tuple(placeholder(n) for n in order), None if sig is None else sig.get_id())
        base = self._kin_members.get(key)
        if base is None:
            self._kin_members[key] = m.name
            self._kin_keep.append(sig)   # its id is the key's: kept alive
            return None
        rename = self._label_rename(self.moves[base].labels, m.labels)
        if rename is None:
            return None
        b = self._settled(self.effect(base))
        return _Effect(m, list(guards), dict(values), list(choices.values()), reads,
                       [renamed(f, rename) for f in self._fixed(b)],
                       {rename.get(k, k): (renamed(f, rename) if f else f) for k, f in b.plain.items()},
                       b.closed, (base, {c: a for a, c in rename.items()}))

    def _label_rename(self, before: tuple, after: tuple) -> dict | None:
        """The permutation of the vector's components taking each component of label
        ``before[i]`` to the same component of label ``after[i]`` (those it moves, component ->
        component), completed into a permutation where the two label sets overlap (the chains
        closed); None where a component has no counterpart."""
        if len(before) != len(after):
            return None
        by_label = self._by_label
        if by_label is None:
            by_label = self._by_label = {}
            for n in self.abstraction.components:
                base, label = _label(n)
                if label is not None:
                    by_label.setdefault(label, {})[base + "\0" + n[len(base) + len(label) + 2:]] = n
        f = {}
        for a, b in zip(before, after):
            if a == b:
                continue
            ca, cb = by_label.get(a, {}), by_label.get(b, {})
            if ca.keys() != cb.keys():
                return None
            for k, n in ca.items():
                f[n] = cb[k]
        return closed_permutation(f)

    def _renaming(self, m: Move, base: str, rename: dict) -> tuple | None:
        """Whether ``m`` is move ``base``'s effect renamed by ``rename`` (:meth:`_renamed`'s
        conditions): ``(b, labels, choice names)``, ``b`` the base's effect walked, ``labels`` the
        renaming read as one of labels where a choice is named after one, and each base choice's
        name in ``m``; None where the base's footprint or choices do not rename to ``m``'s."""
        b = _walked(self._settled(self.effect(base)))
        old, new = f"{base}#0.", f"{m.name}#0."
        # a member of a family over labels: a choice named after a label the renaming moves (its
        # first brackets: 8.5.6's posture_rolled[country], one per Posture box, in every member)
        # is renamed as the labels are (the components' renaming read as one of labels)
        labels: dict = {}
        if m.labels and any("[" in c.decl().name()[len(old):] for c in b.choices):
            for a, c in rename.items():
                la, lc = _label(a)[1], _label(c)[1]
                if la is not None and labels.setdefault(la, lc) != lc:
                    return None
        names = []
        for c in b.choices:
            n = c.decl().name()
            if not n.startswith(old):
                return None
            rest = n[len(old):]
            head, label = _label(rest) if labels else (rest, None)
            if label in labels:
                rest = f"{head}[{labels[label]}]{rest[len(head) + len(label) + 2:]}"
            names.append(new + rest)
        if frozenset(rename.get(n, n) for n in b.move.footprint) != m.footprint:
            return None
        return b, labels, names

    @staticmethod
    def _renamed_from(base: str, rename: dict) -> tuple | None:
        """:attr:`_Effect.renamed_from` of a move renamed from ``base`` by ``rename``: where the
        renaming is a permutation (as Move.template says), the terms are base's renamed one to one."""
        return (base, {c: a for a, c in rename.items()}) if set(rename.values()) == set(rename) else None

    def _declared(self, name: str) -> tuple | None:
        """For a move not built yet that its template (:attr:`Move.template`) renames to: ``(fixed,
        renamed_from)``, its guards without a choice as Python functions and
        :attr:`_Effect.renamed_from`, as :meth:`_renamed` makes them (the base's renamed), without
        its terms: what :meth:`enabled`, :meth:`_forced` and :meth:`_can_take` read of it (the
        sequence search asks them of every candidate; most members are never checked further,
        so never built). None: none, or not built from its template (built by its program)."""
        got = self._declared_parts.get(name, False)
        if got is False:
            got = None
            m = self.moves[name]
            if m.template is not None and m.template[0] != name and m.template[0] in self.moves:
                base, rename = m.template
                plan = self._renaming(m, base, rename)
                if plan is not None:
                    got = ([renamed(f, rename) for f in self._fixed(plan[0])], self._renamed_from(base, rename))
                    self._renaming_plans[name] = plan   # for its build (_renamed), not made twice
            self._declared_parts[name] = got
        return got

    def _renamed(self, m: Move, template: tuple | None = None) -> _Effect | None:
        """The effect of ``m`` from its template's (:attr:`Move.template`, or ``template``): the
        terms with the components and the choices renamed (one z3 substitution each), what they
        read renamed, the compiled Python functions given the renamed components; None where the
        template's footprint or choices do not rename to ``m``'s (then ``m`` is built as any
        other)."""
        base, rename = m.template if template is None else template
        plan = self._renaming_plans.pop(m.name, None) if template is None else None   # _declared's
        if plan is None:
            plan = self._renaming(m, base, rename)
        if plan is None:
            return None
        b, labels, choice_names = plan
        pairs = [(self.pre[a], self.pre[c]) for a, c in rename.items()]
        choices, names = [], {}
        for c, n in zip(b.choices, choice_names):
            x = z3.Const(n, c.sort())
            if labels:
                names[c.decl().name()] = n
            pairs.append((c, x))
            choices.append(x)
        values = {rename.get(n, n): b.values[n] for n in b.move.footprint}

        terms = list(b.guards) + list(values.values())
        if pairs and terms:   # one substitution over all the terms (packed as one application)
            terms = _children(substitute(_packed(terms), pairs))
        guards, terms = terms[:len(b.guards)], terms[len(b.guards):]
        return _Effect(m, guards, dict(zip(values, terms)), choices,
                       {rename.get(k, k): sorted(rename.get(r, r) for r in v) for k, v in b.reads.items()},
                       [renamed(f, rename) for f in self._fixed(b)],
                       {rename.get(k, k): (renamed(f, rename) if f else f) for k, f in b.plain.items()},
                       b.closed,
                       self._renamed_from(base, rename), choice_names=names or None)

    def _ground(self, exprs: list, pre_v: dict, extra: list = (), reads: list | None = None) -> list:
        """``exprs`` with the pre values they read substituted (and the ``extra`` pairs);
        ``reads``: the pre components they read, when known (no traversal of the terms)."""
        const = self.abstraction.constant
        pairs = list(extra)
        if reads is not None:   # one substitution over the conjunction, on the terms' addresses
            whole = _conjunction(exprs) if len(exprs) != 1 else exprs[0]
            if not reads:
                return [substitute(whole, pairs) if pairs else whole]
            n = len(reads)
            got = self._ground_src.get(id(reads))
            if got is None or got[0] is not reads:   # the pre constants' addresses: once per list
                got = self._ground_src[id(reads)] = [reads, _values_of(reads),
                                                     (_P * n)(*[_pointer(self.pre[c].as_ast()) for c in reads]),
                                                     (_P * n)(), (None,) * n]
            _, read, src, dst, last = got
            now = read(pre_v)
            numerals = self._numerals
            for i, v in enumerate(now):   # the values that differ from the last vector's: their constants
                if v != last[i] or type(v) is not type(last[i]):   # (made once, kept alive: addresses used)
                    k = (reads[i], v)
                    hit = numerals.get(k)
                    if hit is None:
                        c = const(k[0], v)
                        hit = numerals[k] = (c, _pointer(c.as_ast()))
                    dst[i] = hit[1]
            got[4] = now
            if pairs:
                return [_substitute_arrays(whole, len(pairs) + n, _joined([_pointer(a.as_ast()) for a, _ in pairs], src),
                                           _joined([_pointer(b.as_ast()) for _, b in pairs], dst))]
            return [_substitute_arrays(whole, n, src, dst)]
        seen = set()
        for x in exprs:
            for v in constants(x):
                n = self._pre_name.get(v.decl().name())
                if n is not None and n not in seen:
                    seen.add(n)
                    pairs.append((v, const(n, pre_v[n])))
        return [substitute(x, pairs) if pairs else x for x in exprs]

    def _witness(self, e: _Effect, pre_v: dict, post_v: dict, changed: frozenset):
        """A witness (choice constant name -> z3 value) of the slice, or None: cached by what the
        slice reads. A slice not met before is first tried with the last witnesses of its move
        and change (at most :data:`RECENT_WITNESSES`), the move under each evaluated in Python
        (:meth:`_residual`: its guards and footprint with the witness substituted, compiled once
        per witness): one under which the move takes the pre values to the post values is a
        witness of the slice that keeps the rest of the footprint (the same Rally in the same
        space, on another board; :meth:`admits` then asks no whole relation); z3 solves the slice
        when none is."""
        shape = (e.move.name, changed)
        got = self._slice_reads.get(shape)
        if got is None:   # what the slice reads, and the changed components in order: once per (move, change)
            # (a lazy effect's guards are not walked: the whole vector stands for what they read, a
            # key over more values as exact, as in _whole)
            reads = self._every if e.lazy else sorted(set(e.reads["(guards)"]).union(*(e.reads[n] for n in changed)))
            got = self._slice_reads[shape] = (reads, sorted(changed), _values_of(reads), _values_of(sorted(changed)))
        reads, ordered, read_pre, read_post = got
        if reads is self._every:   # the whole vector: its values as bytes, once per vector (their hash kept)
            whole = self._whole_key
            if whole[0] is not pre_v:
                whole = self._whole_key = (pre_v, self._vector_bytes(pre_v, read_pre))
            key = (e.move.name, changed, whole[1], read_post(post_v))
        else:
            key = (e.move.name, changed, read_pre(pre_v), read_post(post_v))
        hit = self._slices.get(key, _UNKNOWN)
        if hit is not _UNKNOWN:
            return hit
        if e.renamed_from is not None:
            w = self._slices[key] = self._renamed_witness(e, pre_v, post_v, changed, reads)
            return w
        recent = self._recent.setdefault(shape, [])
        label_value = self.spec.label_value
        form = labels = None
        if label_value is not None:
            (_, comps), labels = _shape([], changed)
            form = (e.move.name, comps)
        others = self._by_form.get(form, ()) if form is not None else ()
        sources = self.spec.witness_from(e.move.name) if form is not None and self.spec.witness_from else ()
        if recent or others or sources:
            def fits(w) -> bool:
                # the move under the witness (its guards and the values that are not the pre value
                # itself, Python functions of the pre values) takes pre_v to post_v
                guards, values = self._residual(e, w)
                if guards is None or not all(g(pre_v) for g in guards):
                    return False
                taken = 0
                for n, fn in values:
                    if fn(pre_v) != post_v[n]:
                        return False
                    taken += n in changed
                return taken == len(changed)   # a changed component left at its pre value: no

            for i in range(len(recent) - 1, -1, -1):
                w, vals = recent[i]
                if fits(w):
                    recent.append(recent.pop(i))
                    self._slices[key] = w
                    return w
            # a step of the same form over other labels: its witness, the labels' values moved
            # (those of a step whose changed values went the same ways first: a move from one space
            # to another translated onto a move the other way round is refused, its program made)
            ways = _ways(pre_v, post_v, ordered) if others else ()
            for w, vals, before, _ in sorted(reversed(others), key=lambda kept: kept[3] != ways):
                moved = _translated(e.move.name, w, vals, before, labels, label_value)
                if moved is not None and moved[1] != vals and fits(moved[0]):
                    recent.append(moved)
                    del recent[:-RECENT_WITNESSES]
                    self._slices[key] = moved[0]
                    return moved[0]
            # a move whose choices are another's renamed (Refinement.witness_from): that one's
            # witnesses of steps over as many labels, translated, renamed (each one verified)
            if sources:
                moved = self._borrowed(e, sources, labels, fits)
                if moved is not None:
                    recent.append(moved)
                    del recent[:-RECENT_WITNESSES]
                    self._slices[key] = moved[0]
                    return moved[0]
        const = self.abstraction.constant
        parts = list(e.guards) + _equals([(e.values[n], const(n, post_v[n])) for n in ordered])
        r, mdl, pins = self._pinned_first(e, parts, pre_v, reads, self._pins(e, labels))
        w = None
        if r == z3.sat:
            w, vals = self._model_witness(e, mdl, pins)
            if e.move.labelled:
                own = {f"{e.move.name}#0.{n}" for n in e.move.labelled}
                self._last_pins[e.move.name] = {n: x for n, x in w[0] if n in own}
            recent.append((w, vals))
            del recent[:-RECENT_WITNESSES]
            if form is not None:
                kept = self._by_form.setdefault(form, [])
                kept.append((w, vals, labels, _ways(pre_v, post_v, ordered)))
                del kept[:-RECENT_WITNESSES]
        self._slices[key] = w
        return w

    def _model_witness(self, e: _Effect, mdl: z3.ModelRef, pins: dict) -> tuple:
        """The witness of ``e``'s choices in ``mdl`` (a pinned choice its pin: the query had it
        substituted), as the checker keeps one: ``((pairs, key), values)``, the pairs (choice name,
        z3 value) in the choices' order, the key (the move, the choice names with their values'
        text), the values as Python values (:func:`_python_value`); the choices' names read once
        per move."""
        named = self._choice_names.get(e.move.name)
        if named is None:
            named = self._choice_names[e.move.name] = [(c.decl().name(), c) for c in e.choices]
        w = tuple((n, pins[n] if n in pins else mdl.eval(c, model_completion=True)) for n, c in named)
        vals = {n: _python_value(x) for n, x in w}
        return (w, (e.move.name, tuple((n, str(vals[n])) for n, _ in w))), vals

    def _vector_bytes(self, v: dict, read: Callable) -> bytes:
        """The values of the whole vector ``v`` as bytes (a slice key, :meth:`_witness`): read in
        the dict's own order where its components are in the order of the first vector met (the
        incremental abstraction's vectors keep it: no lookup by name), else by ``read`` (every
        component by name, in :attr:`_every`'s order); the two kinds of key tagged apart."""
        keys = tuple(v)
        if self._vector_order is None:
            self._vector_order = keys
        if keys == self._vector_order:
            return b"o" + marshal.dumps(tuple(v.values()))
        return b"s" + marshal.dumps(read(v))

    def _pins(self, e: _Effect, labels: list | None, recalled: bool = True) -> dict:
        """Values to pin the choices of labels of ``e``'s move to (:attr:`Move.labelled`), choice name
        -> z3 value, for the first z3 query of a slice: the one label the step changed where the
        move has one such choice, else the labels the step's action names for them
        (``Refinement.action_labels``: a Train's payment changes no space, its answer names the
        space), else (where ``recalled``) those of the move's last z3 witness; none where none is
        known, or the game gives no ``label_value``. A hint: a query pinned is a query of the same slice with fewer choices, so its model
        is a witness, and z3 asks the slice whole where it is unsatisfiable."""
        names = e.move.labelled
        label_value = self.spec.label_value
        if not names or label_value is None:
            return {}
        if len(names) == 1 and labels is not None and len(labels) == 1:
            v = label_value(labels[0])
            if v is not None:
                return {f"{e.move.name}#0.{names[0]}": z3.IntVal(v)}
        if self._action is not None and self.spec.action_labels is not None:
            named = self.spec.action_labels(self._action, e.move) or {}
            pins = {f"{e.move.name}#0.{n}": z3.IntVal(v) for n, label in named.items()
                    if n in names and (v := label_value(label)) is not None}
            if pins:
                return pins
        return dict(self._last_pins.get(e.move.name, {})) if recalled else {}

    def _pinned_first(self, e: _Effect, parts: list, pre_v: dict, reads: list, pins: dict) -> tuple:
        """``_solved`` of ``parts`` (the pre values substituted, ``reads``) with ``e``'s choices
        ``pins`` (:meth:`_pins`) pinned where that is satisfiable, else of ``parts`` alone:
        (verdict, model, the pins its model took)."""
        if pins:   # the choices of labels pinned (the query folds to what they point at), z3 deciding
            by_name = self._choices_by_name.get(e.move.name)
            if by_name is None:
                by_name = self._choices_by_name[e.move.name] = {c.decl().name(): c for c in e.choices}
            extra = [(by_name[n], v) for n, v in pins.items()]
            r, mdl = _solved(self._ground(parts, pre_v, extra=extra, reads=reads), model=True)
            if r == z3.sat:
                return r, mdl, pins
        r, mdl = _solved(self._ground(parts, pre_v, reads=reads), model=True)
        return r, mdl, {}

    def _borrowed(self, e: _Effect, sources: list, labels: list, fits: Callable) -> tuple | None:
        """A witness of a slice of ``e``'s move taken from the moves ``sources`` name
        (``Refinement.witness_from``: (move, the renaming of its choice names to this move's)):
        their last z3 witnesses of a step whose change has as many labels (:attr:`_by_form`), the
        labels' values moved to this step's (:func:`_translated`), the choices renamed; the first
        that ``fits`` (the move under it takes the pre values to the post values, in Python), as
        ``(witness, values)``, else None. At most :data:`RECENT_WITNESSES` tried."""
        own = {c.decl().name() for c in e.choices}
        label_value = self.spec.label_value
        tried = 0
        for other, rename in sources:
            for (move, _), kept in list(self._by_form.items()):
                if move != other:
                    continue
                for w, vals, before, _ in reversed(kept):
                    moved = _translated(other, w, vals, before, labels, label_value)
                    if moved is None:
                        continue
                    pairs = tuple((rename(n), v) for n, v in moved[0][0])
                    if {n for n, _ in pairs} != own:   # the candidate must give every choice
                        continue
                    new_vals = {rename(n): v for n, v in moved[1].items()}
                    w2 = (pairs, (e.move.name, tuple((n, str(new_vals[n])) for n, _ in pairs)))
                    tried += 1
                    if fits(w2):
                        return w2, new_vals
                    if tried >= RECENT_WITNESSES:
                        return None
        return None

    def _renamed_witness(self, e: _Effect, pre_v: dict, post_v: dict, changed: frozenset, reads: list):
        """The witness of a slice of a move built from its template's terms renamed
        (:attr:`_Effect.renamed_from`): the template's slice over the same values, its
        components renamed back (that slice is this one renamed: satisfiable together), its
        choices renamed after this move's (:meth:`_renamed`). Any witness serves
        (:meth:`admits` is exact whichever it is): the template's, cached, serves every card."""
        base, back = e.renamed_from
        b = self.effect(base)
        # every value the base's check may read (its slice's, then the rest of its footprint's:
        # a recent witness is tried on the whole footprint), renamed back
        if b.lazy:   # its slices are keyed by the whole vector (_witness): every value, renamed back
            pre_b = {back.get(c, c): v for c, v in pre_v.items()}
        else:
            every = self._all_reads.get(e.move.name)
            if every is None:
                every = self._all_reads[e.move.name] = (sorted(set().union(*_walked(e).reads.values())),
                                                        _values_of(sorted(set().union(*_walked(e).reads.values()))))
            pre_b = {back.get(c, c): pre_v[c] for c in every[0]}
        post_b = {back.get(c, c): post_v[c] for c in e.move.footprint}
        w = self._witness(b, pre_b, post_b, frozenset(back.get(c, c) for c in changed))
        if w is None:
            return None
        old, new, names = f"{base}#0.", f"{e.move.name}#0.", e.choice_names or {}
        pairs = tuple((names.get(n) or new + n[len(old):], v) for n, v in w[0])
        # the key's texts are the template's witness's, in its order (str of each value: z3's
        # printer costs more than the rest of the renaming)
        return pairs, (e.move.name, tuple((n, t) for (n, _), (_, t) in zip(pairs, w[1][1])))

    def _residual(self, e: _Effect, witness: tuple) -> tuple:
        """The move under ``witness`` (the pairs, and their key): its guards that are not true
        whatever the pre values, and the footprint components whose value is not the pre value
        itself, each as a Python function of the pre values (the guards None where one has no
        Python form); once per witness (the components whose value reads no choice once per
        move). The guards and values are substituted and simplified in one z3 call (packed in
        groups, :class:`_Grouped`: a group left as it was is compared once), and a term compiled
        before is found by its id, not compiled again."""
        witness, key = witness
        r = self._residuals.get(key)
        if r is None:
            name = e.move.name
            got = self._residuals.get(("(no choice)", name))
            if got is None:   # the same under every witness
                fixed = []
                # (a lazy effect's values are not all walked: every one is substituted, a value
                # without a choice left as it is by the witness)
                names = [] if e.lazy else sorted(n for n in e.move.footprint if n in e.plain)
                for i, t in _simplified_changed(_packed([e.values[n] for n in names]), [self.pre[n] for n in names]):
                    n = names[i]
                    fn = e.plain[n]
                    if fn is None:
                        fn = e.plain[n] = self._plain(e, n)
                    fixed.append((n, fn if fn is not False else self._compiled(t)))
                others = sorted(e.move.footprint - set(names))
                true = z3.BoolVal(True)
                terms = list(e.guards) + [e.values[n] for n in others]
                grouped = None
                if terms:   # the sorts and addresses of the pre constants (and of true), read once per checker
                    known = self._pre_pointers
                    if not known:
                        sort = _PK["sort"]
                        ref = _pointer(true.ctx.ref())
                        for n, c in list(self.pre.items()) + [(None, true)]:
                            a = _pointer(c.as_ast())
                            known[n] = (a, sort(ref, a))
                        known[None] = (known[None][0], known[None][1], true)   # true kept alive
                    head = [known[None][:2]] * len(e.guards) + [known[n] for n in others]
                    grouped = _Grouped(terms, [true] * len(e.guards) + [self.pre[n] for n in others],
                                       [x[1] for x in head], [x[0] for x in head])
                got = self._residuals[("(no choice)", name)] = (fixed, others, grouped)
            fixed, others, pack = got
            values, guards = list(fixed), []
            if pack is not None:
                by_name = self._choices_by_name.get(name)
                if by_name is None:
                    by_name = self._choices_by_name[name] = {c.decl().name(): c for c in e.choices}
                pairs = [(by_name[n], v) for n, v in witness]
                k = len(e.guards)
                found, out = pack.changed(pairs)
                functions, ctx = self._functions, out.ctx
                for i, j, x in found:   # a term compiled before found by its id, not made again
                    hit = functions.get(j)
                    if i >= k:   # a value: its function made when first called (_later)
                        values.append((others[i - k], hit[1] if hit is not None else self._later(j, x, ctx)))
                    elif guards is not None:
                        try:
                            guards.append(hit[1] if hit is not None else self._compiled(_expr(_ast(x), ctx)))
                        except ValueError:
                            guards = None   # a guard without a Python form: the witness is not tested
                del out
            r = self._residuals[key] = (guards, values)
        return r

    def _later(self, k: int, address: int, ctx: z3.Context) -> "_Deferred":
        """The Python function of the term of id ``k`` at ``address`` (alive) made when first called
        (:class:`_Deferred`), once per term: a witness's residual values (:meth:`_residual`), most
        of them never evaluated (a candidate witness refused at a guard or an earlier value, a
        changed component's value that :meth:`admits` does not read)."""
        hit = self._deferred.get(k)
        if hit is None:
            t = _expr(_ast(address), ctx)
            hit = self._deferred[k] = (t, _Deferred(t, self._pre_name, self._leaves))
        return hit[1]

    def _compiled(self, t: z3.ExprRef) -> Callable:
        """:func:`python_function` of ``t`` over the pre vector, once per term (the term kept with
        it, so its id is not another's)."""
        k = t.get_id()
        hit = self._functions.get(k)
        if hit is None:
            hit = self._functions[k] = (t, python_function(t, self._pre_name, self._leaves))
        return hit[1]

    def admits(self, name: str, pre_v: dict, post_v: dict, changed: frozenset) -> bool:
        """Whether move ``name`` alone takes ``pre_v`` to ``post_v`` (``changed``: the components
        that differ)."""
        m = self.moves[name]
        if not changed <= m.footprint:
            return False
        e = self.effect(name)
        if not all(f(pre_v) for f in e.fixed):   # a guard without a choice: evaluated, no z3
            return False   # (none sorted out yet on a lazy effect: the slice holds them, Checker._fixed)
        # (a lazy effect's plain holds the values walked so far: a step's other changed values are
        # not sorted out first -- one substitution of the choices per new change, some 0.1 ms, and
        # in A Distant Plain's campaigns never a refusal; the slice holds their equations)
        plain = e.plain
        for n in changed:   # an equation of the slice without a choice: evaluated, no z3
            if n in plain:
                fn = plain[n]
                if fn is None:
                    fn = plain[n] = self._plain(e, n)
                if fn is not False and fn(pre_v) != post_v[n]:
                    return False
        if e.closed:   # the guards held; every footprint component at the value its term gives
            for n, fn in plain.items():
                if fn is None:
                    fn = plain[n] = self._plain(e, n)
                if fn is False:   # a value without a Python form: the move is not decided in Python
                    e.closed = False
                    break
                if fn(pre_v) != post_v[n]:
                    return False
            else:
                return True
        w = self._witness(e, pre_v, post_v, changed)
        if w is None:
            return False
        if all(fn(pre_v) == post_v[n] for n, fn in self._residual(e, w)[1] if n not in changed):
            return True
        return self._whole(e, pre_v, post_v, changed)

    def enabled(self, name: str, state: dict) -> bool:
        """Whether the guards of move ``name`` that read no choice hold on ``state`` (Python
        functions of its values, :attr:`_Effect.fixed`): where they do not, no part of any step
        from ``state`` is that move's (:meth:`admits` and :meth:`_partial` would refuse each), so
        the sequence search skips it without a part tried (a family of a hundred members, one a
        card on the table: the others are not counted against :data:`SEARCH_BUDGET`)."""
        e = self._effects.get(name)
        if e is None:
            declared = self._declared(name)   # a template member not built: its base's, renamed
            if declared is not None:
                return all(f(state) for f in declared[0])
            e = self.effect(name)
        return all(f(state) for f in self._fixed(e))

    def _fixed(self, e: _Effect) -> list:
        """:attr:`_Effect.fixed`, its guards without a choice as Python functions, sorted out first
        where the effect left them (:attr:`_Effect.unfixed`: one substitution of its choices,
        :func:`_without_choice`)."""
        if e.unfixed:
            for t in _without_choice(e.guards, e.choices):
                try:
                    e.fixed.append(python_function(t, self._pre_name, self._leaves))
                except ValueError:
                    pass
            e.unfixed = False
        return e.fixed

    def _settled(self, e: _Effect) -> _Effect:
        """``e`` with its values compiled where it is closed (:attr:`_Effect.closed`: they are
        compiled when first evaluated; a move renamed from it takes them renamed), and no longer
        closed where one has no Python form."""
        if e.closed:
            for n, fn in e.plain.items():
                if fn is None:
                    e.plain[n] = self._plain(e, n)
            e.closed = all(fn is not False for fn in e.plain.values())
        return e

    def _plain(self, e: _Effect, n: str):
        """The value of footprint component ``n`` (a term without a choice) as a Python function
        of the pre values, or False where it has no Python form."""
        try:
            return python_function(e.values[n], self._pre_name, self._leaves)
        except ValueError:
            return False

    def _whole(self, e: _Effect, pre_v: dict, post_v: dict, changed: frozenset = _NONE) -> bool:
        """The whole relation by z3 (the witness of the slice broke another component). Its model's
        choices join the last witnesses of the move and change (:meth:`_witness` tries them on the
        next slice of that change: one that keeps the rest of the footprint, where the slice's own
        witness did not -- a Rally's Sharia step paying what its placement paid -- so the next such
        step asks z3 nothing)."""
        const = self.abstraction.constant
        # a lazy effect's values are not all walked: the whole vector stands for what they read
        # (a key over more values is as exact; walking a footprint of 300 values cost more than
        # the query)
        reads = self._every if e.lazy else sorted(set().union(*_walked(e).reads.values()))
        key = (e.move.name, tuple(pre_v[n] for n in reads), tuple(post_v[n] for n in sorted(e.move.footprint)))
        hit = self._verdicts.get(key)
        if hit is None:
            parts = list(e.guards) + _equals([(e.values[n], const(n, post_v[n])) for n in sorted(e.move.footprint)])
            # the choices of labels the step gives pinned first (not a last witness's: a hint)
            pins = self._pins(e, _shape((), changed)[1] if changed else None, recalled=False)
            r, mdl, pins = self._pinned_first(e, parts, pre_v, reads, pins)
            hit = self._verdicts[key] = r == z3.sat
            if mdl is not None and changed:
                w, vals = self._model_witness(e, mdl, pins)
                recent = self._recent.setdefault((e.move.name, changed), [])
                recent.append((w, vals))
                del recent[:-RECENT_WITNESSES]
        return hit

    def breaks(self, name: str, pre_v: dict, post_v: dict, changed: frozenset) -> dict:
        """What keeps move ``name`` from explaining the step: the components it may not change
        that changed; else the guards and equations of the changed components the values make
        false whatever the choices (with the values they read)."""
        m = self.moves[name]
        outside = sorted(changed - m.footprint)
        if outside:
            return {"outside footprint": {k: [pre_v[k], post_v[k]] for k in outside[:12]}}
        e = self.effect(name)
        const = self.abstraction.constant
        false = []
        labelled = [("guard", g, e.reads["(guards)"]) for g in e.guards] + \
                   [(n, e.values[n] == const(n, post_v[n]), e.reads[n]) for n in sorted(changed)]
        for label, part, reads in labelled:
            if _solved(self._ground([part], pre_v))[0] == z3.unsat:
                shown = {f"pre:{n}": pre_v[n] for n in reads[:12]}
                if label != "guard":
                    shown[f"post:{label}"] = post_v[label]
                false.append({"conjunct": label if label != "guard" else str(part)[:160], "values": shown})
        if false:
            return {"false": false[:4]}
        return {"no choice satisfies them together": sorted(changed)[:12]}

    # -- sequences -----------------------------------------------------------------------------
    def sequence(self, names: list[str], first: set, pre_v: dict, post_v: dict, changed: frozenset,
                 k: int, idle: Callable[[], list] | None = None) -> tuple[str, ...] | None:
        """At most ``k`` moves among ``names``, one of them in ``first``, each taking the changed
        components of its footprint not yet taken to their values after the step, in an order in
        which each move admits its part (the intermediate states are the pre-state with the parts
        taken so far). A move may instead take one component of its part to a *waypoint*
        (``Refinement.waypoints``: a value it passes through within the step), the component left
        for a later move, or take only the components of its part no related move (``first``) not
        yet used could take, the others left as they are for that move, or only those it must
        change (:meth:`_forced`: a card's zone as it leaves the table), the rest of what related
        moves could take left to them; and a move may take the
        ``Refinement.shared`` components of its part to the values its own effect gives (the next
        moves taking them on). A depth-first search over orders, the moves taking the most of what
        is left tried first; every part is a cached move check. The state is fixed by the values of
        the components left (every other is at its value after the step): a search that failed
        from the same values left, with the same related moves used and as many moves to go or
        more, is not repeated; the last move must take all that is left (no other is tried).

        **An intermediate value** (a component the step leaves as it is, but two of its moves
        change: a card drawn and played, its hand count 0, 1, 0; a cell placed in a country whose
        Jihad then turns it Active): where that search finds nothing (or runs out of its budget, or
        is shown unable to succeed: after :data:`FIRST_PROOF_AFTER` parts it asks
        :meth:`_no_direct_taker`), a second one (its own :data:`SEARCH_BUDGET`) lets a move related
        to the step take shared components of its footprint that are at their values after the
        step to the values its effect gives, when a related move not yet used, whose footprint lies
        within the change left and that first move's footprint, may take them on; the next move
        must then take one of them on. A third search (a budget of its own, :data:`WIDE_BUDGET`)
        lets a move whose footprint is larger take them on, when what it always changes lies
        within them (:meth:`_may_take_on`: an end of turn, whose footprint holds every card's Lapsing
        and 1st Plot boxes, taking back the Funding a plot resolved in the same apply added). The
        two deepen together, the shortest sequences first: at each number of moves the second
        search, then the third (only where the second met a move only the third's wider test
        admits, or ran out), so a two-move explanation by the third is not behind the second's
        whole tree of longer ones (the plot in Iran: 20,000 parts, then 2); each keeps its own
        memo of failures across the depths.

        ``idle`` (None: none): the related moves whose footprint misses the change but may take on
        an intermediate value another move gives (:meth:`_idle_takers`), asked for only where the
        second and third searches explain nothing: both run again, with budgets of their own, the
        idle takers joining ``names`` and ``first``, only as takers (a Prestige the step leaves as
        it is, that card 20's event raises and the same apply's end of turn lowers, 5.2.5:
        ``end_of_turn`` gives the value, ``prestige_shift`` takes it on). A step the searches
        explain without them is explained as it was, within the same budgets."""
        waypoints = self.spec.waypoints
        holding: dict = {}   # a component: the moves among names whose footprint holds it, in their order
        position = {n: i for i, n in enumerate(dict.fromkeys(names))}

        def holders(c: str) -> list:
            h = holding.get(c)
            if h is None:   # from the moves whose footprint holds it (the checker's index), not every name
                h = holding[c] = sorted((n for n in self._touching.get(c, ()) if n in position), key=position.__getitem__)
            return h

        failed: dict = {}
        idle_moves: list = []   # the idle takers (``idle``), from the second search on
        shared = self.spec.shared
        budget = [SEARCH_BUDGET]
        stats = self.stats

        def spend() -> None:
            budget[0] -= 1
            if budget[0] < 0:
                raise _Bounded
            if budget[0] == proof_at[0] and self._no_direct_taker(names, pre_v, post_v, changed):
                raise _Unexplained   # the first search cannot succeed: no need to walk the rest of it

        def admits(n, state, nxt, moved) -> bool:
            spend()
            return self.admits(n, state, nxt, moved)

        def dfs(state: dict, left: frozenset, used: tuple) -> tuple | None:
            if not left:
                return used if any(u in first for u in used) else None
            if len(used) == limit[0]:
                return None
            memo = (frozenset((c, state[c]) for c in left), self._used_key(used, first, left), passed[0] > 0,
                    pending[0])
            if failed.get(memo, -1) >= limit[0] - len(used):
                return None
            found = search(state, left, used)
            if found is None:
                failed[memo] = limit[0] - len(used)
            return found

        def passing_moves(state: dict, left: frozenset, used: tuple, after: frozenset) -> tuple | None:
            if len(used) + 1 >= limit[0]:
                return None   # a move after it must take the intermediate value on
            # an intermediate value: a move may take shared components of its footprint that
            # are at their values after the step (unchanged by it, or taken there already) to the
            # values its effect gives, a later move taking them back (a card drawn and played in
            # one apply: its hand count 0, 1, 0; a cell arriving in a country whose Jihad then
            # rolls it: the Sleeper count up and back down)
            # (only in the second and third searches, and only between two moves related to the
            # step: the one taking the component to its intermediate value, and one not yet used
            # that may take it on, which has a part of the change left to take and may change nothing else: its
            # footprint within the change left and the first move's footprint, or, in the third
            # search, what it always changes within them: _may_take_on; or an idle move, ``idle``,
            # whose footprint misses the change and lies within the first move's footprint)
            # the related moves not yet used whose footprint meets the change left, once (from the
            # checker's index): only they may take a value on (_may_take_on), or be met by the
            # second search as ones only the third's wider test may let (a card's event relates to
            # every move: a scan of them all for each first move cost seconds over a long search)
            meeting = self._related_meeting(left, first, used)
            rests = self._outside_left(meeting, left)
            # the idle moves (their footprint misses the change left) take values on, never give one,
            # and leave the third search's wider test as it was
            idle_rests = self._outside_left([f for f in idle_moves if f not in used and f not in meeting], left)
            for n in sorted([n for n in names if n in meeting], key=lambda n: -len(left & self.moves[n].footprint)):
                m = self.moves[n]
                part = left & m.footprint
                if after and not after & part:
                    continue
                # (_may_take_on's first test, per move: its footprint outside the change left within
                # n's footprint, ``rests``)
                fp = m.footprint
                if not wide[0] and not wider[0] and any(f != n and not r <= fp for f, r in rests):
                    wider[0] = True   # a move only the third search may let take a value on
                # the shared components of its footprint outside the change left that a related move
                # may take on (none: no intermediate value, no taker asked)
                free = self._shared_footprint(n) - left
                if not free:
                    continue
                takers = self._takers_on(n, rests + idle_rests, left, wide[0])
                passing = free & frozenset().union(*takers)
                if not passing or not self.enabled(n, state) \
                        or not self._can_take(n, part | passing, any_of=(part, passing)):
                    continue
                spend()
                nxt = self._partial(n, state, post_v, left, frozenset(c for c in part if shared(c)) | passing,
                                    passing)
                if nxt is not None and any(nxt[c] != state[c] for c in part) \
                        and any(nxt[c] != post_v[c] for c in passing):
                    passed[0] += 1
                    pending[0], before = frozenset(c for c in passing if nxt[c] != post_v[c]), pending[0]
                    try:
                        found = dfs(nxt, frozenset(c for c in left | passing if nxt[c] != post_v[c]), used + (n,))
                    finally:
                        passed[0] -= 1
                        pending[0] = before
                    if found:
                        return found
            return None

        def search(state: dict, left: frozenset, used: tuple) -> tuple | None:
            # the last move of the sequence must take all that is left: only a move whose footprint
            # holds it can (the others are not tried: they would fail)
            last = len(used) + 1 == limit[0]
            # right after a move that took components to intermediate values, a move that takes
            # one of them on
            after, pending[0] = pending[0], frozenset()
            try:
                return _search(state, left, used, last, after)
            finally:
                pending[0] = after

        def _search(state: dict, left: frozenset, used: tuple, last: bool, after: frozenset) -> tuple | None:
            if passing_ok[0] and not passed[0]:
                # the second search: every explanation needs an intermediate value (the first found
                # none without), so until one is taken those moves are tried first
                found = passing_moves(state, left, used, after)
                if found:
                    return found
            # each move's part of what is left, once (the moves whose footprint misses it take no part)
            got: dict = {}
            for c in left:
                for n in holders(c):
                    got.setdefault(n, []).append(c)
            order = [n for n in names if n in got]   # in names' order (got[n]: n's part, each component once)
            # the related moves not yet used whose footprint holds each component left (each
            # component's found once, where a move's part first asks)
            takers: dict = {}

            def for_others(c: str, n: str) -> bool:
                t = takers.get(c)
                if t is None:
                    t = takers[c] = [m for m in self._touching.get(c, ()) if m in first and m not in used]
                return len(t) > 1 or (len(t) == 1 and t[0] != n)

            # the moves taking the most of what is left first (most steps: one move and the card leaving)
            for n in sorted(order, key=lambda n: -len(got[n])):
                part = got[n]   # within left: all of it where as long
                if (last and len(part) != len(left)) or (after and after.isdisjoint(part)):
                    continue
                part = frozenset(part)
                if not self.enabled(n, state):
                    continue   # its guards without a choice fail here: every option would (no part tried)
                # the parts the move may take (_part_options: the move and the parts alone, once;
                # after the guards: a move they refuse asks no _can_take, z3 on a query's first use);
                # every component left differs from its value after the step (the search's parts
                # take components to those values, or to a waypoint, another value), so a part
                # moves all it holds, and a waypoint's option asks what taking the whole part asks
                takes, whole = self._part_options(n, part, frozenset(c for c in part if for_others(c, n)))
                options = [(p, None) for p in takes]
                if waypoints is not None and whole:
                    options += [(part, (c, w)) for c in sorted(part) for w in waypoints(c, state[c], post_v[c])
                                if w != state[c] and w != post_v[c]]
                for part_, via in options:
                    # what the part moves, read before the state is copied: all of it (above)
                    moved = part_
                    nxt = dict(state)
                    for c in part_:
                        nxt[c] = post_v[c]
                    taken = part_
                    if via is not None:
                        nxt[via[0]] = via[1]
                        taken = part_ - {via[0]}
                    if admits(n, state, nxt, moved):
                        found = dfs(nxt, left - taken, used + (n,))
                        if found:
                            return found
            # then the moves that take the shared components left to values of their own (the
            # step's final values where they can)
            for n in order:
                part = got[n]
                if (last and len(part) != len(left)) or (after and after.isdisjoint(part)):
                    continue
                free = frozenset(c for c in part if shared(c))
                if not free:
                    continue
                part = frozenset(part)
                if self.enabled(n, state) and self._can_take(n, part, every=part - free, any_of=(part,)):
                    seen = []
                    for core in self._partial_cores(free):
                        spend()
                        nxt = self._partial(n, state, post_v, left, free - core)
                        if nxt is None or nxt in seen or not any(nxt[c] != state[c] for c in part):
                            continue
                        seen.append(nxt)
                        found = dfs(nxt, frozenset(c for c in left if nxt[c] != post_v[c]), used + (n,))
                        if found:
                            return found
            if passing_ok[0] and passed[0]:
                return passing_moves(state, left, used, after)   # another intermediate value, last
            return None

        stats["sequence searches"] += 1
        found = None
        passing_ok, passed, limit, pending, wide = [False], [0], [k], [frozenset()], [False]
        wider = [False]   # the second search met a move the third's wider test alone might admit
        spent = 0   # the parts the searches before the last one tried
        allot = SEARCH_BUDGET   # the budget of the search under way
        # the first search, once it has tried FIRST_PROOF_AFTER parts, asks whether it can succeed
        proof_at = [SEARCH_BUDGET - FIRST_PROOF_AFTER]
        try:
            try:
                try:
                    found, first_bounded = dfs(pre_v, changed, ()), False
                finally:
                    proof_at[0] = -1   # the later searches change components outside the change
            except _Unexplained:
                found, first_bounded = None, False
                stats["first searches cut by a proof"] += 1
            except _Bounded:
                # the first search ran out of its budget: the second still has one of its own (the
                # step may need an intermediate value, which only the second search tries)
                found, first_bounded = None, True
            bounded = first_bounded
            if found is None and self._any_shared:
                # a second search, with intermediate values of the components at their final
                # values: only where the step is not explained without them; the shortest such
                # sequence first (iterative deepening: a failure with some moves to go is one with
                # fewer, so the memo of failures serves every depth); then a third, where a move
                # whose footprint is no subset may take an intermediate value on (_may_take_on)
                passing_ok[0] = True
                spent += allot - budget[0]   # what the first search tried
                allot = 0
                # then, only where the second and third searches explain nothing, both again with the
                # idle takers (``idle``): a step they explain is explained as without them, and each
                # round has budgets of its own
                for with_idle in ((False, True) if idle is not None else (False,)):
                    if with_idle:
                        if found is not None:
                            break
                        idle_moves = [n for n in idle() if n not in position]
                        if not idle_moves:
                            break
                        stats["searches again with idle takers"] += 1
                        for n in idle_moves:   # they join the search (no component of the change is theirs)
                            position[n] = len(position)
                        names = list(position)
                        holding.clear()
                        first = first | set(idle_moves)
                    budgets = {False: SEARCH_BUDGET, True: WIDE_BUDGET}   # each search's own budget
                    memos = {False: {}, True: {}}   # each search's failures (they serve every depth)
                    out = set()   # the searches that ran out of their budget
                    for limit[0] in range(2, k + 1):
                        for wide[0] in (False, True):
                            if wide[0] in out:
                                continue
                            if wide[0] and not wider[0] and False not in out:
                                # the third search at this depth would walk the second's tree (the
                                # wider test is its one difference, and no move of that tree needed
                                # it) within a smaller budget: it could find nothing the second did not
                                continue
                            if not wide[0]:
                                wider[0] = False
                            failed = memos[wide[0]]
                            budget[0] = budgets[wide[0]]
                            _b0 = budget[0]
                            try:
                                found = dfs(pre_v, changed, ())
                            except _Bounded:
                                found, bounded = None, True
                                out.add(wide[0])
                            finally:
                                allot += _b0 - budget[0]
                                budgets[wide[0]] = budget[0]
                            if found:
                                stats["sequences with an intermediate value"] += 1
                                break
                        if found or len(out) == 2:
                            break
                budget[0] = 0
            if found is None and bounded:
                raise _Bounded
        except _Bounded:
            stats["searches bounded"] += 1
            found = BOUNDED
        tried = spent + allot - budget[0]
        stats["sequence parts tried"] += tried
        most = "most parts tried by a search that matched" if found and found is not BOUNDED else \
            "most parts tried by a search that failed"
        stats[most] = max(stats[most], tried)
        return found

    @staticmethod
    def _partial_cores(free: frozenset) -> list:
        """The ways :meth:`sequence` tries a move that takes the shared components ``free`` to
        values of its own: first each as near its value after the step as the move's witness can
        (no component held), then each one held at its value after the step (the others free). One
        witness alone may take the wrong one there: a Sleeper cell placed in one country and one in
        another from a Funding track they share (the first placement's witness may take the whole
        track's change, leaving the second none)."""
        return [frozenset()] + [frozenset({c}) for c in sorted(free)] if len(free) > 1 else [frozenset()]

    def _forced(self, name: str) -> frozenset:
        """The components move ``name`` changes whatever the state and its choices (its guards and
        ``value == pre`` unsatisfiable: a Travel's arrival, a Deploy's two places, a card's zone it
        enters): a move may take part in a sequence only where each of them changes (the search's
        cheap refusal, before any move check; a Travel to a country whose cells the step leaves as
        they are is no candidate). Computed once per move (z3, one query a component; none for a
        footprint over :data:`FORCED_MAX` components, and none for those the model of an earlier
        query keeps as they are: the guards and their ``value == pre`` hold in it); a move built
        from its template's terms renamed (:attr:`_Effect.renamed_from`: a card's move, card 1's)
        has the template's set renamed (its queries are the template's renamed: the same
        verdicts)."""
        f = self._forced_sets.get(name)
        if f is None:
            e, renamed_from = self._built_or_renamed(name)
            if renamed_from is not None:   # the template's, renamed: the same queries renamed
                base, back = renamed_from
                to = {a: c for c, a in back.items()}
                f = self._forced_sets[name] = frozenset(to.get(c, c) for c in self._forced(base))
                return f
            out = []
            if len(e.move.footprint) <= FORCED_MAX:
                t = time.process_time()   # CPU time, as every figure of STATS
                s = z3.Solver()
                s.add(*e.guards)
                stay = {n: e.values[n] == self.pre[n] for n in sorted(e.move.footprint)}
                kept: set = set()   # components a model found keeps as they are: not forced
                for n, eq in stay.items():
                    if n in kept:
                        continue
                    s.push()
                    s.add(eq)
                    r = s.check()
                    if r == z3.unsat:
                        out.append(n)
                    elif r == z3.sat:   # the model (a state and choices) keeps these too: no query each
                        mdl = s.model()
                        models = self._models.setdefault(name, [])
                        if len(models) < MODELS_KEPT:   # for _can_take's queries
                            models.append(mdl)
                        kept.update(k for k, q in stay.items()
                                    if k not in kept and z3.is_true(mdl.eval(q, model_completion=True)))
                    s.pop()
                    STATS["z3 solver calls"] += 1
                STATS["z3 seconds"] += time.process_time() - t
            f = self._forced_sets[name] = frozenset(out)
        return f

    def _built_or_renamed(self, name: str) -> tuple:
        """``(effect, renamed_from)`` of move ``name`` for :meth:`_forced` and :meth:`_can_take`: a
        template member not built yet answers from its base renamed (:meth:`_declared`: effect None,
        nothing built); any other move is built (or was) and gives its own ``renamed_from``."""
        e = self._effects.get(name)
        declared = self._declared(name) if e is None else None
        if declared is not None and declared[1] is not None:
            return None, declared[1]
        e = self.effect(name) if e is None else e
        return e, e.renamed_from

    def _can_take(self, name: str, within: frozenset, every: frozenset = frozenset(), any_of: tuple = ()) -> bool:
        """Whether move ``name``, in some state and with some choices (the pre-state free), can
        change each component of ``every``, one at least of each set of ``any_of``, and none of its
        footprint outside ``within``: what a part of a sequence asks of it (:meth:`sequence`: the
        components it takes, those it may take on, the rest of its footprint as it is). A move that
        cannot (a Plot's marker, a Revolution's Governance, a Travel's arrival elsewhere, a Recruit
        that places a cell in another country) is refused before any move check, and costs no part
        of the search's budget. The components it always changes first (:meth:`_forced`, no z3),
        then z3 once per move and sets (cached; a move built from its template's terms renamed asks
        the template's query over the sets renamed back, the same verdict; a model kept from the
        move's earlier queries, :data:`MODELS_KEPT`, that satisfies the query answers it without z3):
        a necessary condition, never a verdict."""
        fp = self.moves[name].footprint
        if not self._forced(name) <= within or any(not a & fp for a in any_of):
            return False
        key = (name, within & fp, every & fp, tuple(a & fp for a in any_of))
        hit = self._within.get(key)
        if hit is None:
            e, renamed_from = self._built_or_renamed(name)
            if renamed_from is not None:   # the template's query over the components renamed back
                base, back = renamed_from
                hit = self._within[key] = self._can_take(
                    base, frozenset(back.get(c, c) for c in key[1]), frozenset(back.get(c, c) for c in key[2]),
                    tuple(frozenset(back.get(c, c) for c in a) for a in key[3]))
                return hit
            stay = self._stays.get(name)
            if stay is None:   # each footprint component's "value == pre" and its negation, made once
                stay = self._stays[name] = {}
                for n in fp:
                    eq = e.values[n] == self.pre[n]
                    stay[n] = (eq, z3.Not(eq))
            keep, change = fp - within, every & fp
            cores = self._cores.get(name, ())
            if any(k <= keep and c <= change for k, c in cores):
                # an earlier query's unsatisfiable core (those kept, those changed) lies within this one
                STATS["z3 queries answered by an unsat core"] += 1
                hit = self._within[key] = False
                return hit
            parts = list(e.guards) + [stay[n][0] for n in sorted(keep)]
            parts += [stay[n][1] for n in sorted(change)]
            parts += [z3.Or(*[stay[n][1] for n in sorted(a & fp)]) for a in any_of]
            kept = self._models.setdefault(name, [])
            if kept:   # a state and choices an earlier query found: where they satisfy this one too, sat
                whole = _conjunction(parts)
                if any(z3.is_true(m.eval(whole, model_completion=True)) for m in kept):
                    STATS["z3 queries answered by a model kept"] += 1
                    hit = self._within[key] = True
                    return hit
            r, mdl = self._assumed(name, e, stay, keep, change, any_of) if len(fp) > FORCED_MAX else (z3.unknown, None)
            if r == z3.unknown:
                r, mdl = _solved(parts, model=True)
            if mdl is not None:
                kept.insert(0, mdl)
                del kept[MODELS_KEPT:]
            hit = self._within[key] = r != z3.unsat
        return hit

    def _assumed(self, name: str, e: _Effect, stay: dict, keep: frozenset, change: frozenset, any_of: tuple) -> tuple:
        """:meth:`_can_take`'s query of a move with a large footprint (over :data:`FORCED_MAX`
        components: an end of turn's ~500, a plot's resolution) on a solver of the move's own,
        kept: its guards, and per footprint component two literals implying "kept" and "changed",
        asserted once; each query assumes the literals of its sets (``any_of`` in a scope of its
        own). (verdict, model); an unsatisfiable query without ``any_of`` keeps its core (the
        components it holds kept and changed: a later query holding them too is unsatisfiable, no
        z3). A move whose terms fall into independent groups asks each group apart
        (:meth:`_assumed_by_group`)."""
        groups = self._independent.get(name)
        if groups is None:
            groups = self._independent[name] = self._independent_groups(e, stay)
        if groups:
            return self._assumed_by_group(name, groups, stay, keep, change, any_of)
        t = time.process_time()
        try:
            got = self._move_solvers.get(name)
            if got is None:
                s = z3.Solver()
                lits, imps = {}, list(e.guards)
                for n in sorted(stay):
                    k, c = z3.Bool(f"refinement.keep:{name}:{n}"), z3.Bool(f"refinement.change:{name}:{n}")
                    imps += [z3.Implies(k, stay[n][0]), z3.Implies(c, stay[n][1])]
                    lits[n] = (k, c)
                s.add(_conjunction(imps))
                got = self._move_solvers[name] = (s, lits, {})
            s, lits, back = got
            assumed = [lits[n][0] for n in sorted(keep)] + [lits[n][1] for n in sorted(change)]
            if any_of:
                s.push()
                s.add(*[z3.Or(*[stay[n][1] for n in sorted(a & self.moves[name].footprint)]) for a in any_of])
            try:
                r = _check_assuming(s, assumed)
                mdl = s.model() if r == z3.sat else None
                if r == z3.unsat and not any_of:
                    if not back:
                        back.update({lits[n][0].get_id(): (n, 0) for n in lits})
                        back.update({lits[n][1].get_id(): (n, 1) for n in lits})
                    core = [back[x.get_id()] for x in s.unsat_core()]
                    self._cores.setdefault(name, []).append((frozenset(n for n, i in core if i == 0),
                                                             frozenset(n for n, i in core if i == 1)))
            finally:
                if any_of:
                    s.pop()
            return r, mdl
        except z3.Z3Exception:
            return z3.unknown, None
        finally:
            STATS["z3 solver calls"] += 1
            STATS["z3 seconds"] += time.process_time() - t

    @staticmethod
    def _independent_groups(e: _Effect, stay: dict) -> list:
        """The guards and footprint components of move ``e`` in groups that share no constant (a
        pre component or a choice; an end of turn's 365 components in 124 groups, a plot's
        resolution's 36 in 20), as (guards, components), or [] where there are fewer than two:
        the conjunction of groups over disjoint constants is satisfiable exactly where each group
        is. A guard without a constant is in every group."""
        guards = list(e.guards)
        names = sorted(stay)
        each = _constant_asts_each(guards + [stay[n][0] for n in names])
        parent: dict = {}

        def find(x):
            return _root(parent, x)

        keys = []   # each guard's and component's constant naming its group, or None (no constant)
        for cs in each:
            cs = [find(c) for c in cs]
            for c in cs[1:]:
                parent[c] = cs[0]
            keys.append(cs[0] if cs else None)
        ground = [g for g, k in zip(guards, keys) if k is None]
        groups: dict = {}
        for i, k in enumerate(keys):
            if i < len(guards):
                if k is not None:
                    groups.setdefault(find(k), ([], []))[0].append(guards[i])
            else:
                groups.setdefault(find(k) if k is not None else ("ground", i), ([], []))[1].append(names[i - len(guards)])
        if len(groups) < 2:
            return []
        return [(ground + g, frozenset(cs)) for g, cs in groups.values()]

    def _assumed_by_group(self, name: str, groups: list, stay: dict, keep: frozenset, change: frozenset,
                          any_of: tuple = ()) -> tuple:
        """:meth:`_assumed`'s query asked of the move's independent groups apart (a set of
        ``any_of`` joins the groups it meets: its disjunction reads them all): each block's guards,
        those of ``keep`` it holds kept, those of ``change`` changed, its sets of ``any_of``; each
        block's verdict kept (a group's sets recur: most of an end of turn's ~365 components are
        kept in every query). Unsat where a block is (its sets kept as the move's core where no
        ``any_of`` set is in it), unknown where a block is and none unsat (:meth:`_can_take` then
        asks the whole), else sat; no model (the verdict is exact; a kept model only spares z3 a
        query, and these queries cost little)."""
        fp = self.moves[name].footprint
        blocks = [[i] for i in range(len(groups))]
        ors: list = [() for _ in groups]
        if any_of:   # join the groups each set meets (a union of blocks), the set kept by the block's first
            at: dict = {}

            def find(x):
                return _root(at, x)
            for a in any_of:
                met = sorted({find(i) for i, (_, comps) in enumerate(groups) if a & comps})
                for i in met[1:]:
                    at[i] = met[0]
            joined: dict = {}
            for i in range(len(groups)):
                joined.setdefault(find(i), []).append(i)
            blocks = list(joined.values())
            by_root: dict = {}   # a block's root: the sets it keeps, in any_of's order
            for a in any_of:
                r = find(next(i for i, (_, comps) in enumerate(groups) if a & comps))
                by_root[r] = by_root.get(r, ()) + (a & fp,)
            ors = [by_root.get(b[0], ()) for b in blocks]
        verdict = z3.sat
        for b, sets in zip(blocks, ors):
            comps = groups[b[0]][1] if len(b) == 1 else frozenset().union(*(groups[i][1] for i in b))
            k, c = keep & comps, change & comps
            key = (name, tuple(b), k, c, sets)
            r = self._group_verdicts.get(key)
            if r is None:
                parts = [g for i in b for g in groups[i][0]] + [stay[n][0] for n in sorted(k)]
                parts += [stay[n][1] for n in sorted(c)]
                parts += [z3.Or(*[stay[n][1] for n in sorted(a)]) for a in sets]
                r = self._group_verdicts[key] = _solved(parts)[0] if parts else z3.sat
            if r == z3.unsat:
                if not sets:
                    self._cores.setdefault(name, []).append((k, c))
                return r, None
            if r == z3.unknown:
                verdict = r
        return verdict, None

    def _no_direct_taker(self, names: list, pre_v: dict, post_v: dict, changed: frozenset) -> bool:
        """Whether a changed component is one that no move among ``names`` can take to its value
        after the step, or none can take from its value before it, while changing nothing outside
        ``changed``, from a state whose components outside ``changed`` have their values before
        the step (and after it: they are the same): then the first search of :meth:`sequence`
        cannot explain the step. Its moves change components of the change alone, so every state
        it passes through has those values, the last of its moves that changes a component takes
        it to its value after the step, and the first takes it from its value before (an end of
        turn that must keep a Funding it always lowers, where no other move clears the 1st Plot
        flag; Active cells where there were none, that no move places and only a Jihad of cells
        not yet there reveals). The components with the fewest moves first, those with at most
        :data:`PROOF_MOVERS`; per move :meth:`_can_take` (no state), then z3 over its terms with
        the values outside the change substituted (:meth:`_takes_directly`). A proof that a
        search fails, never a verdict on a step."""
        movers = {c: [n for n in names if c in self.moves[n].footprint] for c in changed}
        for c in sorted(changed, key=lambda c: (len(movers[c]), c)):
            if len(movers[c]) > PROOF_MOVERS:
                break
            if not any(self._takes_directly(n, c, pre_v, post_v, changed) for n in movers[c]) or \
                    not any(self._takes_directly(n, c, pre_v, post_v, changed, first=True) for n in movers[c]):
                return True
        return False

    def _takes_directly(self, name: str, c: str, pre_v: dict, post_v: dict, changed: frozenset,
                        first: bool = False) -> bool:
        """Whether move ``name`` can change component ``c`` to its value after the step (``first``:
        from its value before the step, to any other), changing nothing outside ``changed``, from
        some state whose components outside ``changed`` have their values in ``pre_v`` (the others
        free): z3, cached by those values (:meth:`_no_direct_taker`: the last move of a first
        search's sequence that changes ``c``, and the first)."""
        if not self._can_take(name, changed, every=frozenset((c,))):
            return False
        if first:
            changed = changed - {c}   # c read at its value before the step
        e = self.effect(name)
        fp = self.moves[name].footprint
        got = self._all_reads.get(name)
        if got is None:   # what any of the move's terms reads: once per move
            reads = sorted(set().union(*_walked(e).reads.values()))
            got = self._all_reads[name] = (reads, _values_of(reads))
        outside = [r for r in got[0] if r not in changed]
        keep = sorted(fp - changed)
        key = ("direct", name, c, first, post_v[c], changed & (fp | frozenset(got[0])),
               tuple(pre_v[r] for r in outside), tuple(pre_v[d] for d in keep))
        hit = self._verdicts.get(key)
        if hit is None:
            const = self.abstraction.constant
            if first:   # c leaves its value before the step (c is among the components kept: drop it)
                parts = list(e.guards) + [e.values[c] != const(c, pre_v[c])]
                keep = [d for d in keep if d != c]
            else:
                parts = list(e.guards) + [e.values[c] == const(c, post_v[c]), e.values[c] != self.pre[c]]
            parts += [e.values[d] == const(d, pre_v[d]) for d in keep]
            hit = self._verdicts[key] = _solved(self._ground(parts, pre_v, reads=outside))[0] != z3.unsat
        return hit

    def _idle_takers(self, first: list[str], related_moves: list[str], changed: frozenset) -> list[str]:
        """The moves among ``related_moves`` whose footprint misses ``changed`` but lies within the
        shared footprint of a move of ``first`` (:meth:`_inside`), in the moves' order: the moves
        that may take on an intermediate value a move of the step gives without taking any of the
        change (:meth:`sequence`'s ``idle``: card 20's Prestige +1 taken back by the end of turn,
        5.2.5, in one apply)."""
        related = set(related_moves)
        out = {m for n in first for m in self._inside(n)
               if m in related and not self._footprints[m] & changed}
        return sorted(out, key=self._order.get)

    def _inside(self, name: str) -> list[str]:
        """The moves (but ``name``) whose footprint lies within the shared footprint of move ``name``
        (:meth:`_shared_footprint`), once per move: those that may take on every intermediate value
        it gives (:meth:`_idle_takers`)."""
        got = self._inside_moves.get(name)
        if got is None:
            fp, footprints = self._shared_footprint(name), self._footprints
            near = {m for c in fp for m in self._touching.get(c, ())}
            got = self._inside_moves[name] = [m for m in near if m != name and footprints[m] <= fp]
        return got

    def _may_take_on(self, name: str, left: frozenset, within: frozenset, wide: bool) -> bool:
        """Whether move ``name`` may take on an intermediate value that another move of a sequence
        gives (:meth:`sequence`): it has a part of the change ``left`` to take and may change
        nothing outside ``within`` (the change left and the other move's footprint). Its footprint
        within them answers at once (the second search asks no more); ``wide`` (the third search),
        a larger footprint whose components the move always changes (:meth:`_forced`, cached per
        move) lie within them: an end of turn, whose footprint holds every card's Lapsing and 1st
        Plot boxes, moving only the two cards there. A pruning, never a verdict: the move's part is
        then checked exactly; it asks no z3 per step (a card's event relates to every move, and
        ``_can_take``'s query per move and change left cost minutes over a finding's search)."""
        fp = self.moves[name].footprint
        if not fp & left:
            return False
        return fp <= within or (wide and self._forced(name) <= within)

    def _part_options(self, name: str, part: frozenset, for_first: frozenset) -> tuple:
        """The parts of ``part`` (the components of the change left in move ``name``'s footprint)
        that :meth:`sequence`'s search tries the move on, in order, those it can take
        (:meth:`_can_take`, changing each and no other component of its footprint): the whole part;
        or only what no related move left could take (``for_first``: the components another related
        move not yet used could take), the rest left as it is for that move (a Military Operations
        check leaving the VP to the final scoring after it); or the part but one of ``for_first``
        (:func:`_leave_one`); or only what it must change (:meth:`_forced`), the rest of
        ``for_first`` left to the related moves after it (a card leaving the table, its zone,
        before turn 10's end takes the VP and the game's end, when other related moves could take
        its zone too). And whether it can take the whole part (a waypoint's option moves all of
        it too). Once per move, part and ``for_first``: none of it reads the state."""
        key = (name, part, for_first)
        got = self._part_options_kept.get(key)
        if got is None:
            options = [part]
            if for_first and part - for_first:
                options.append(part - for_first)
            options += [part - {c} for c in _leave_one(part, for_first)]
            must = part & self._forced(name)
            if must and must != part and must not in options and part - must <= for_first:
                options.append(must)
            takes = tuple(p for p in options if self._can_take(name, p, every=p))
            got = self._part_options_kept[key] = (takes, bool(takes) and takes[0] is part)
        return got

    def _shared_footprint(self, name: str) -> frozenset:
        """The components of move ``name``'s footprint that are shared (``Refinement.shared``), once
        per move: those a move may take to an intermediate value (:meth:`sequence`)."""
        got = self._shared_parts.get(name)
        if got is None:
            shared = self.spec.shared
            got = self._shared_parts[name] = frozenset(c for c in self.moves[name].footprint if shared(c))
        return got

    def _outside_left(self, moves, left: frozenset) -> list:
        """``(move, its footprint outside left)`` for each of ``moves``: what :meth:`_takers_on`
        reads of them, once per change left."""
        footprints = self._footprints
        return [(f, footprints[f] - left) for f in moves]

    def _takers_on(self, name: str, rests: list, left: frozenset, wide: bool) -> list:
        """The footprints of the moves of ``rests`` (:meth:`_outside_left` of the related moves not
        yet used meeting the change ``left``, :meth:`_related_meeting`) but ``name`` that may take on
        a value move ``name`` gives: :meth:`_may_take_on` with ``within`` the change left and
        ``name``'s footprint, its first test read as the move's footprint outside ``left`` within
        ``name``'s (no union per pair: a card's event relates to every move, and a long search asks
        this of thousands of pairs), its wider test (``wide``, the third search) as it is."""
        fp, footprints = self._footprints[name], self._footprints
        return [footprints[f] for f, r in rests
                if f != name and (r <= fp or (wide and self._may_take_on(f, left, left | fp, True)))]

    def _related_meeting(self, left: frozenset, first: set, used: tuple) -> set:
        """The moves of ``first`` (those related to the step) not in ``used`` whose footprint meets
        ``left``, from the checker's index of footprints (:attr:`_touching`): what
        :meth:`sequence`'s intermediate values read of the related moves (a move whose footprint
        misses the change left takes no part of it, nor any value on)."""
        touching = self._touching
        return {f for c in left for f in touching.get(c, ()) if f in first and f not in used}

    def _used_key(self, used: tuple, first: set, left: frozenset) -> tuple:
        """What of the moves ``used`` so far the rest of a sequence search depends on (its memo of
        failures, :meth:`sequence`): whether one of them is related to the step (a sequence needs
        one), and the related ones whose footprint meets the change ``left`` (an intermediate value
        needs a related move not yet used that may take it on, and a move may leave a component to
        one: both read only the moves whose footprint meets what is left). A related move whose
        footprint lies outside what is left plays no part in the rest of the search, so two
        sequences that took the same parts by different such moves share their failures (a card's
        event relates to every transition: without this, each move that could have taken a part is
        a search of its own)."""
        related = [u for u in used if u in first]
        return bool(related), frozenset(u for u in related if self.moves[u].footprint & left)

    def _partial(self, name: str, state: dict, post_v: dict, left: frozenset, free: frozenset,
                 passing: frozenset = frozenset()) -> dict | None:
        """The state after move ``name`` takes the components of ``left`` in its footprint, but the
        ``free`` (shared) ones, to their values after the step, keeps the rest of its footprint,
        and takes the free ones to the values its effect then gives (a witness by z3, as many of
        them at their values after the step as can be, but the ``passing`` ones: free components
        outside ``left``, at their values after the step already, whose intermediate value is
        sought; then as :func:`_canonical` prefers: the witness is a function
        of the query alone; :func:`_lexicographic`), or None."""
        e = self.effect(name)
        plan = self._partial_plans.get((name, left, free))
        if plan is None:   # the components it takes and keeps, in order, once per move and change left
            fp = self.moves[name].footprint
            keep = sorted(fp - left - free)   # an end of turn's: some 500
            free_sorted = sorted(free)
            plan = self._partial_plans[(name, left, free)] = (sorted((left & fp) - free), keep, _values_of(keep),
                                                              tuple(free_sorted), _values_of(free_sorted))
        core, keep, read_keep, free_key, read_free = plan
        got = self._all_reads.get(name)
        if got is None:   # what any of the move's terms reads: once per move
            reads = sorted(set().union(*_walked(e).reads.values()))
            got = self._all_reads[name] = (reads, _values_of(reads))
        reads, read = got
        # the free components' values before and after the step too, which the terms may not
        # read: the witness is the nearest to them (_partial_witness's soft constraints and
        # _canonical's goals)
        key = ("partial", name, read(state), tuple(post_v[n] for n in core),
               read_keep(state), free_key, read_free(state), read_free(post_v), tuple(sorted(passing)))
        hit = self._verdicts.get(key, False)
        if hit is False:
            hit = self._partial_witness(e, state, post_v, core, keep, free, passing)
            self._verdicts[key] = hit
        if hit is None:
            return None
        nxt = dict(state)
        for n in core:
            nxt[n] = post_v[n]
        nxt.update(hit)
        return nxt

    def _partial_witness(self, e: _Effect, state: dict, post_v: dict, core: list, keep: list, free: frozenset,
                         passing: frozenset) -> dict | None:
        """:meth:`_partial`'s query: the values the ``free`` components take (None: no choice takes
        the ``core`` ones to their values after the step and keeps ``keep``). An equation of a
        component whose value reads no choice (:attr:`_Effect.plain`, with a Python form) is one
        truth value whatever the choices: evaluated in Python on ``state`` (false: no witness; true:
        left out of the query, which then has the same models), the others z3's over what they
        read alone (the end of turn keeps hundreds of such components; a move whose values are
        walked when read, :attr:`_Effect.lazy`, gives all its equations to z3)."""
        const = self.abstraction.constant
        plain = e.plain if not e.lazy else {}
        pairs, asked = [], []
        for n, v in [(n, post_v[n]) for n in core] + [(n, state[n]) for n in keep]:
            fn = False
            if n in plain:
                fn = plain[n]
                if fn is None:
                    fn = plain[n] = self._plain(e, n)
            if fn is False:
                pairs.append((e.values[n], const(n, v)))
                asked.append(n)
            elif fn(state) != v:
                return None   # the guards and this equation: no model
        reads = e.reads if not e.lazy else _walked(e).reads
        reads = sorted(set(reads["(guards)"]).union(*(reads[n] for n in asked), *(reads[n] for n in free)))
        parts = list(e.guards) + _equations(pairs)
        hard = self._ground(parts, state, reads=reads)
        names = sorted(free)   # their terms grounded in one substitution (the same terms, each)
        terms = dict(zip(names, _children(self._ground([_packed([e.values[n] for n in names])], state,
                                                      reads=reads)[0])))
        # a term that reads no choice (Checker.effect's ``plain``) is ground here: one value in
        # every model, so its soft constraint and objectives move no optimum (left out: the
        # same witness, a smaller query; the end of turn's hundreds of shared components)
        chosen = {n: t for n, t in terms.items() if n not in e.plain}
        softs = _equals([(chosen[n], const(n, post_v[n])) for n in sorted(chosen.keys() - passing)])
        goals = _canonical(chosen, {n: const(n, state[n]) for n in chosen},
                           {n: const(n, post_v[n]) for n in chosen}, passing & chosen.keys()) if chosen else []
        hit = None
        mdl = _lexicographic(hard, softs, goals)
        if mdl is False:   # a goal not settled in a few descents: z3's Optimize (the same optimum)
            s = z3.Optimize()
            s.add(*hard)
            for x in softs:
                s.add_soft(x)
            for goal in goals:
                s.minimize(goal)
            t = time.process_time()
            mdl = s.model() if s.check() == z3.sat else None
            STATS["z3 solver calls"] += 1
            STATS["z3 seconds"] += time.process_time() - t
        if mdl is not None:
            got = {}
            for n in sorted(free):
                v = mdl.eval(terms[n], model_completion=True)
                got[n] = v.as_long() if z3.is_int_value(v) else (z3.is_true(v) if z3.is_bool(v) else v.decl().name())
            hit = got
        return hit

    # -- a step --------------------------------------------------------------------------------
    def check(self, pre_v: dict, post_v: dict, cited: list[str], step: int = 0, changed: frozenset | None = None,
              allowed: Callable[[str], bool] | None = None, action: Any = None):
        """The moves explaining one step, or a :class:`Finding` (see the class docstring); the
        verdict is counted in :attr:`tally`. ``changed``: the components that differ, when the
        caller knows them (an incremental abstraction); otherwise the two vectors are compared.
        ``allowed``: the moves that may be part of this step (the game's ``Refinement.narrow``), or
        None: every move. ``action``: the step's action, where known (``Refinement.action_labels``
        reads it: pins for z3, a hint). A check that built moves (:meth:`effect`) ends with
        :func:`_keep_long_lived`."""
        built = STATS["effects built"]
        self._action = action
        try:
            found = self._check(pre_v, post_v, cited, step, changed, allowed)
        finally:
            self._action = None
        if STATS["effects built"] != built:
            _keep_long_lived()
        return found

    def _check(self, pre_v: dict, post_v: dict, cited: list[str], step: int, changed: frozenset | None,
               allowed: Callable[[str], bool] | None):
        """:meth:`check`'s verdict."""
        t0 = time.process_time()   # a finding's cost: the whole step's check
        built0, z30 = STATS["effects seconds"], STATS["z3 seconds"]
        t = self.tally
        t.steps += 1
        if changed is None:
            changed = frozenset(k for k, v in post_v.items() if pre_v[k] != v)
        if not changed:
            t.stutters += 1
            return (STUTTER,)
        first = self._first.get(tuple(cited))
        if first is None:
            relates = self.spec.relates
            if self.spec.relates_per_transition:
                first = []   # relates asked once per transition and rules, the moves kept in order
                for names in self._groups.values():
                    if relates(cited, self.moves[names[0]]):
                        first += names
                first = self._first[tuple(cited)] = sorted(first, key=self._order.__getitem__)
            else:
                first = self._first[tuple(cited)] = [n for n, m in self.moves.items() if relates(cited, m)]
        # only a move whose footprint meets the change can take part in explaining it
        near = set().union(*(self._touching.get(c, ()) for c in changed))
        if allowed is not None:   # asked of the moves near the change alone: first's meet them below
            near = {n for n in near if allowed(n)}
        related_moves = first   # the related moves before the narrowing (a finding's candidates narrow them)
        if len(near) < len(first):   # the same list, in the moves' order: from the smaller side
            among = self._first_set.get(tuple(cited))
            if among is None:
                among = self._first_set[tuple(cited)] = frozenset(first)
            first = sorted((n for n in near if n in among), key=self._order.get)
        else:
            first = [n for n in first if n in near]
        shape, labels = _shape(cited, changed)
        found = self._recall(shape, labels, first, pre_v, post_v, changed, allowed) if first else None
        if found:
            return self._count(found)
        for n in first:
            if self.admits(n, pre_v, post_v, changed):
                self._remember(shape, labels, (n,))
                return self._count((n,))
        bounded = False
        if first and self.spec.max_moves > 1:
            touching = sorted(near, key=self._order.get)

            def idle() -> list:
                """The idle takers the game's narrowing allows (as it allows ``near``'s moves)."""
                return _narrowed(self._idle_takers(first, related_moves, changed), allowed)
            found = self.sequence(touching, set(first), pre_v, post_v, changed, self.spec.max_moves, idle=idle)
            if found is BOUNDED:
                bounded = True
            elif found:
                self._remember(shape, labels, found)
                return self._count(found)
        finding = Finding(step, list(cited), {k: [pre_v[k], post_v[k]] for k in sorted(changed)},
                          {n: self.breaks(n, pre_v, post_v, changed)
                           for n in self._candidates(_narrowed(related_moves, allowed), near)},
                          bounded=bounded)
        # the price of a finding (its step's check: the sequence search, what breaks the candidates), apart from
        # what a clean campaign pays (benchmarks/refinement.py prints the ratio without it)
        STATS["findings"] += 1
        STATS["finding seconds"] += time.process_time() - t0
        STATS["finding seconds building moves"] += STATS["effects seconds"] - built0
        STATS["finding seconds in z3"] += STATS["z3 seconds"] - z30
        t.findings.append(finding)
        return finding

    def _count(self, found: tuple) -> tuple:
        """Count the moves of an explanation in the tally (each transition once), and return it."""
        t = self.tally
        for n in {self.moves[m].transition for m in found}:
            t.matched[n] += 1
        t.lengths[len(found)] += 1
        return found

    # -- explanations remembered: a step of a shape seen before --------------------------------
    def _remember(self, shape: tuple, labels: list, found: tuple) -> None:
        """Keep the explanation ``found`` of a step of ``shape`` (:func:`_shape`), its moves' labels
        that are the step's written as their rank among the step's labels."""
        plan = []
        for n in found:
            base, label = _label(n)
            plan.append((n, None) if label is None or label not in labels else (base, labels.index(label)))
        self._plans[shape] = tuple(plan)

    def _recall(self, shape: tuple, labels: list, first: list, pre_v: dict, post_v: dict,
                changed: frozenset, allowed: Callable[[str], bool] | None = None) -> tuple | None:
        """The moves that explained the last step of this ``shape``, with this step's labels: the
        explanation if they explain this step too (one move: :meth:`admits`; several: the search
        of :meth:`sequence` over those moves alone, so the same exact check), else None (the
        full search follows). A cache of explanations, not of verdicts: nothing is taken on trust."""
        plan = self._plans.get(shape)
        if plan is None:
            return None
        names = []
        for base, rank in plan:
            if rank is not None:
                if rank >= len(labels):
                    return None
                base = f"{base}[{labels[rank]}]"
            if base not in self.moves or (allowed is not None and not allowed(base)):
                return None
            names.append(base)
        related_here = set(first) & set(names)
        if not related_here:
            return None
        if len(names) == 1:
            return tuple(names) if self.admits(names[0], pre_v, post_v, changed) else None
        found = self.sequence(names, related_here, pre_v, post_v, changed, len(names))
        return None if found is BOUNDED else found

    def _candidates(self, related_moves: list[str], near: set) -> list[str]:
        """The moves a finding explains the failure of: one member of each related transition
        (those whose footprint meets the change first), then more members up to
        :data:`MAX_CANDIDATES`."""
        ordered = [n for n in related_moves if n in near] + [n for n in related_moves if n not in near]
        out, seen = [], set()
        for n in ordered:
            t = self.moves[n].transition
            if t not in seen:
                seen.add(t)
                out.append(n)
        return out + [n for n in ordered if n not in out][:max(0, MAX_CANDIDATES - len(out))]

    def never_matched(self) -> list[str]:
        """The moves no checked step matched."""
        return sorted({m.transition for m in self.moves.values()} - {n for n, k in self.tally.matched.items() if k})


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
        base = _CHECKERS[id(game_object)] = (game_object, _shared_checker(spec, game_object))
    proto = base[1]
    c = Checker.__new__(Checker)
    c.__dict__.update(proto.__dict__)   # the compiled moves and the caches are shared
    c.tally = Tally()
    # but not the explanations remembered (``_recall``): which of two moves that both explain a
    # step is counted follows the plan remembered for its shape, so a plan from another game would
    # make a game's tally depend on the games its process checked before (verify's campaign runs
    # in worker processes: its report must be the same bytes whichever worker checks a game)
    c._plans = {}
    return c


_BY_MODEL: dict = {}


def _shared_checker(spec: Refinement, game_object: Any) -> Checker:
    """The checker of ``game_object``: one already built for the same :class:`RefinementModel`
    object (a game whose ``model`` gives several Games one model: Labyrinth's, by map), whose
    compiled moves and caches then serve both (a verdict depends on the model and the values
    only), or a new one."""
    model = spec.model(game_object)
    hit = _BY_MODEL.get(id(model))
    if hit is not None and hit[0] is model:
        return hit[1]
    c = Checker(spec, game_object, model)
    _BY_MODEL[id(model)] = (model, c)
    _keep_long_lived()
    return c


def _root(parent: dict, x):
    """``x``'s root in the union-find forest ``parent`` (child -> parent; a node not in it is its
    own root), each path halved on the way (:meth:`Checker._independent_groups`,
    :meth:`Checker._assumed_by_group`)."""
    while parent.setdefault(x, x) != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _keep_long_lived() -> None:
    """Move what the process holds now out of the garbage collector's passes (CPython's
    ``gc.freeze``, what its documentation gives long-lived objects): a checker's compiled moves
    (their z3 terms' Python wrappers), memos and caches live as long as the process, and every
    full collection walked them again (Labyrinth's verify campaign: ~0.6 s of its checked run, half
    of it in generation-2 passes). Called when a checker is made and after a check that built
    moves; the young generations collected first (``gc.collect(1)``: the cycles a build leaves,
    python_function's closures, are freed, not frozen). Frozen objects are still freed when no
    longer referenced; only a cycle left in the oldest generation at that moment stays."""
    gc.collect(1)
    gc.freeze()


class StepObserver:
    """Checks the steps of one game as it is played: ``observe(state)`` after each ``apply`` (the
    set-up first); ``finding`` is the first :class:`Finding`, with its trace cut at its step."""

    def __init__(self, state, scenario: str = "", seed: int | None = None):
        self.checker = checker(state)
        self.prev = None
        self._incremental = None
        if self.checker is not None:
            make = self.checker.abstraction.incremental
            if make is not None:
                self._incremental = make(state)
                self.prev = self._incremental.values
            else:
                self.prev = self.checker.abstraction.values(state)
        self.actions: list = []
        self.scenario, self.seed = scenario, seed
        self.finding: Finding | None = None
        #: the game's ``Refinement.context`` of the state before the next step (None: no narrowing)
        self._context = self._read_context(state)

    def _read_context(self, state):
        spec = self.checker.spec if self.checker is not None else None
        return spec.context(state) if spec is not None and spec.context is not None else None

    def observe(self, state, action):
        """Check the step that ``action`` just took ``state`` through: the moves that explain it,
        or its :class:`Finding` (None for a game without a refinement)."""
        if self.checker is None:
            return None
        self.actions.append(action)
        if self._incremental is not None:
            now, changed = self._incremental.step(state)
        else:
            now, changed = self.checker.abstraction.values(state), None
        allowed = None
        cited = state.applied_rules()
        narrow = self.checker.spec.narrow
        if narrow is not None and self._context is not None:
            ctx, moves = self._context, self.checker.moves
            allowed = lambda n: narrow(ctx, action, moves[n], cited)  # noqa: E731
        verdict = self.checker.check(self.prev, now, cited, len(self.actions), changed, allowed, action)
        self.prev = now
        self._context = self._read_context(state)
        if isinstance(verdict, Finding):
            verdict.trace = list(self.actions)
            verdict.scenario, verdict.seed = self.scenario, self.seed
            if self.finding is None:
                self.finding = verdict
        return verdict


def _first_finding(game: str, scenario: str, options: dict | None, indices: list[int]):
    """Play ``indices`` (each step: the index, modulo their number, among the legal actions or
    chance outcomes) from the scenario's start with the refinement check: the actions played
    through the first finding and the finding, or None when no step is a finding."""
    from cdg_oracle.model.core.registry import get

    st = get(game).new_state(scenario, "standard", None, options)
    obs = StepObserver(st, scenario)
    for i in indices:
        if st.is_terminal():
            return None
        legal = st.legal_actions()
        a = legal[i % len(legal)]
        st.apply(a)
        if isinstance(obs.observe(st, a), Finding):
            return obs.actions, obs.finding
    return None


def shrink(game: str, scenario: str, options: dict | None, actions: list, runs: int = 200):
    """A simpler game with a finding, from ``actions`` (a game whose last step is a finding): the
    steps as indices among the legal actions, then, within ``runs`` replays, each step dropped or
    its index made 0 (the first legal action) where a finding still comes, and the game cut at its
    first finding (as hypothesis shrinks, by the choices, not by a clock). Returns ``(actions,
    finding)`` of the simplest game found (the given one when nothing simpler fails)."""
    from cdg_oracle.model.core.registry import get

    st = get(game).new_state(scenario, "standard", None, options)
    indices = []
    for a in actions:
        legal = st.legal_actions()
        indices.append(legal.index(a))
        st.apply(a)
    best = _first_finding(game, scenario, options, indices)
    if best is None:
        return None
    indices = indices[:len(best[0])]
    left = runs
    i = len(indices) - 1
    while i >= 0 and left > 0:
        for trial in (indices[:i] + indices[i + 1:], indices[:i] + [0] + indices[i + 1:]):
            if left <= 0 or trial == indices:
                continue
            left -= 1
            got = _first_finding(game, scenario, options, trial)
            if got is not None:
                best, indices = got, trial[:len(got[0])]
                break
        i = min(i - 1, len(indices) - 1)
    return best


def move_names(game: str) -> list[str]:
    """The names the tally counts for ``game``'s moves (those of the Game of its default scenario),
    in order: a move's transition (``Move.transition``: a family of moves, one per card or country,
    is one name, as :attr:`Tally.matched` counts it); empty for a game without a refinement."""
    from cdg_oracle.model.core.registry import get

    spec = get(game)
    c = checker(spec.new_state(spec.default_scenario, "standard", None, None))
    return [] if c is None else list(dict.fromkeys(m.transition for m in c.moves.values()))


def summary(game: str, tallies: list[dict]) -> dict:
    """The refinement check over a campaign (the tallies of its games, ``Tally.to_dict()``): steps
    checked, stutters, steps matched, per move the steps it matched (every move listed, 0 for one
    never matched), the moves never matched, the sequence lengths and the findings."""
    total = Tally()
    for t in tallies:
        if t:
            total.add(Tally.from_dict(t))
    names = move_names(game)
    per_move = {n: total.matched.get(n, 0) for n in names}
    for n, k in total.matched.items():   # a move of another Game of the game (options, rulings)
        per_move.setdefault(n, k)
    return {"steps": total.steps, "stutters": total.stutters,
            "matched": total.steps - total.stutters - len(total.findings),
            "per_move": per_move, "never_matched": sorted(n for n, k in per_move.items() if not k),
            "lengths": {str(k): v for k, v in sorted(total.lengths.items())},
            "findings": total.findings}
