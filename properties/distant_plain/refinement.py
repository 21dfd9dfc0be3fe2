"""A Distant Plain's refinement check (properties/refinement.py): every model step against the
proved transitions of ``z3_proofs.py``.

**The abstraction function** is ``z3_state.concrete_values`` (the one the invariants' concrete
check uses): every component of the state vector (pieces by kind per space, levels, markers, the
boxes, the tracks, Islamabad), read under the Game's options and rulings
(``z3_state.facts_of_options``: Control, and the rulings the deterministic Propaganda phases read).
Step after step it is computed incrementally (:class:`_Incremental`: a space's components when its
dict changed, the boxes and tracks when one of them changed), the changed components with it.
**The moves** are the transitions of ``z3_proofs.TRANSITIONS`` and the composite steps of
``z3_proofs.COMPOSITES`` (an answer that ends the Warlords' turn and runs the Propaganda round's
Resources phase, or ends a phase and runs Reset: transitions in a row that change one component
twice), each built once over the checker's vector (``pre:``): its footprint is the components its
program rewrites (``Work.e`` differs from the pre-state), its effect the guards and the rewritten
components, that build itself for the checker, given over another vector by one z3 substitution
of it (not a second run of the program).
Each transition is one step of play (one answer), so a model step is matched by one move related to
a rule it cites, or a short sequence of moves with disjoint changes.

**Which moves a step may use** (:func:`relates`): a transition whose rule the step cites; a
composite where the step cites a rule of each of its parts (an answer that ends the Warlords' turn
with an Attack and runs the Resources phase is no Rally's composite).

**Cost** (``python benchmarks/refinement.py --game distant_plain --games 6 --steps 100``, CPU
seconds, a machine shared with other jobs: runs of one code differ by up to 30%; docs/design.md
has the history): 1.74-1.95x the checked walk after the sixth round of this work, median 1.88x
(main before it, measured alternately, 2.09-2.24x, 2.19x; 4.1-4.4x before the second round, 9.9x
before the first); ``--verify --seed 1`` (what ``cdg-oracle verify`` checks: its 5 games whole,
284 steps) 1.73-1.87x, median 1.81x (1.92-2.24x, 2.05x before). A move's terms are not walked
(``Move.choices``: what a term reads walked only when a finding or the whole relation asks, its
guards without a choice sorted out when the sequence search first asks; its slices keyed by the
whole vector, read in the incremental abstraction's order). A slice's first z3 query is asked
with the move's choices of a space pinned (``Move.labelled``: :class:`_Work` records them): the
space the step changed, else those its answer names (:func:`_action_labels`: a Train's payment
changes no space, its answer names the space), else the move's last witness's, the whole slice
asked where that is unsatisfiable. A slice not met before is first tried with the last witnesses
of its move and change, or one translated from a step of the same form in another space
(:func:`_space_index`; those of steps whose values went the same ways first), or of the
composite's first part (:func:`_witness_from`), verified in Python. What is left above the
steady state (about 1.2x: the incremental abstraction some 15 us a step) is first uses: z3's
queries (18-26, some 0.8 ms each), each witness's residual (a model evaluation of the move's
footprint and the programs of what differs, compiled when first called; a composite's Resources
phase 1-1.5 ms), the moves' builds.
"""
from __future__ import annotations

import marshal
import operator
from functools import lru_cache

import z3

from cdg_oracle.properties.distant_plain import z3_proofs as P
from cdg_oracle.properties.distant_plain import z3_state as S
from cdg_oracle.properties.refinement import (Abstraction, Move, Refinement, RefinementModel, _children, _packed,
                                              default_relates, merged, related)
from cdg_oracle.properties.z3_work import substitute

#: the z3 numerals of the values a component takes (every component is an integer): made once each
_INTS: dict = {}


def _abstraction(facts: S.Facts) -> Abstraction:
    names = S.component_names(facts)

    def values(st) -> dict:
        return S.concrete_values(st.d)

    def symbolic(prefix: str) -> dict:
        return dict(S.SymState(facts, prefix).v)

    def constant(name: str, value):
        c = _INTS.get(value)
        if c is None:
            c = _INTS[value] = z3.IntVal(value)
        return c

    return Abstraction(names, values, symbolic, constant, incremental=_Incremental)


class _Incremental:
    """The abstraction of a game's states one step after another (properties/refinement.py
    ``Abstraction.incremental``): the vector of the first state computed whole
    (``z3_state.concrete_values``), then each step recomputes only the parts whose input changed:
    a space's components when its dict is no longer equal to the copy kept of it (a ``marshal``
    round trip, made when it changed: ``==`` over plain data, and components of equal dicts are
    equal, ``z3_state.space_values``), the boxes and tracks when a key of ``z3_state.GLOBAL_KEYS``
    changed (kept as ``marshal`` bytes: equal bytes are equal data; ``z3_state.global_values``).
    Exact: the same functions as the whole abstraction, on every part whose input may differ
    (tests/distant_plain/test_refinement.py holds the two equal over random games)."""

    def __init__(self, st):
        d = st.d
        self.values = S.concrete_values(d)
        self.spaces = {n: _copy(s) for n, s in d["spaces"].items()}
        self.rest = self._global_key(d)

    @staticmethod
    def _global_key(d: dict, _read=operator.itemgetter(*S.GLOBAL_KEYS)) -> bytes:
        return marshal.dumps(_read(d))

    def step(self, st) -> tuple[dict, frozenset]:
        """The vector of ``st`` (the state after one more step; a new dict when it changed) and
        the components that changed."""
        d = st.d
        new: dict = {}
        kept = self.spaces
        for n, s in d["spaces"].items():
            if s != kept.get(n):
                kept[n] = _copy(s)
                new.update(S.space_values(n, s))
        key = self._global_key(d)
        if key != self.rest:
            self.rest = key
            new.update(S.global_values(d))
        self.values, changed = merged(self.values, new)
        return self.values, changed


def _copy(data):
    """A deep copy of plain data (dicts, lists, numbers, strings): a ``marshal`` round trip."""
    return marshal.loads(marshal.dumps(data))


#: The vector a move's program is run over: the refinement checker's own (properties/refinement.py
#: ``Checker.pre``, ``symbolic("pre:")``), so that the checker's use of the build is the build itself
_PRE = "pre:"


class _Work(P.Work):
    """``z3_proofs.Work`` keeping the choices of a space it makes (``choose_name``: their values are
    the map's indices, :func:`_space_index`'s), the move's ``Move.labelled`` (the same terms)."""

    def __init__(self, pre, label: str):
        super().__init__(pre, label)
        self.named: list = []

    def choose_name(self, name: str, among=None, extra=None):
        x = super().choose_name(name, among, extra)
        self.named.append(x)
        return x


def _move(spec: P.Spec, facts: S.Facts, same: list) -> Move:
    """The move of ``spec``: its program run once over the vector ``pre:`` (the checker's), its
    choices labelled ``<name>#0`` (the checker's tag for a move's first use), which gives its
    footprint; ``effect(pre, tag)`` is that build itself where ``pre`` is that vector and ``tag``
    that label (no z3 call: the checker's case), else the build with the vector's constants
    replaced by ``pre`` and the choices (``Work.choices``: the programs' only free constants besides
    the vector, tests/distant_plain/test_refinement.py) renamed after ``tag``: one z3 substitution,
    not a second run of the program (the same terms as a run over ``pre`` builds); ``same`` holds the
    last vector found to be the build's own, shared by the moves of one model (the vectors of one
    Facts are the same z3 constants: compared once). ``choices(tag)``
    names the choices (``Move.choices``: the checker walks a value's terms only when a check reads
    it)."""
    label = f"{spec.name}#0"
    own = label + "."
    probe = S.SymState(facts, _PRE)
    w = _Work(probe, label)
    spec.build(w)
    footprint = frozenset(n for n in probe.state_names if not w.e[n].eq(probe[n]))
    order = sorted(footprint)
    guards, values = list(w.guards), [w.e[n] for n in order]
    packed: list = []   # the guards and values as one term, and the choices (on first use)

    def effect(pre: dict, tag: str) -> tuple[list, dict]:
        terms = guards + values
        if not terms:
            return [], {}
        if tag == own and (pre is same[0] or all(pre[n].eq(probe[n]) for n in probe.state_names)):
            same[0] = pre   # the substitution would be the identity: the build's own terms
            return list(guards), dict(zip(order, values))
        if not packed:
            packed.extend((_packed(terms), list(w.choices.values())))
        whole, choices = packed
        pairs = [(probe[n], pre[n]) for n in probe.state_names]
        pairs += [(c, z3.Const(tag + c.decl().name()[len(own):], c.sort())) for c in choices]
        out = _children(substitute(whole, pairs))
        return out[:len(guards)], dict(zip(order, out[len(guards):]))

    def choices(tag: str) -> list:
        if tag == own:   # the checker's tag: the build's own constants (none made)
            return list(w.choices.values())
        return [z3.Const(tag + c.decl().name()[len(own):], c.sort()) for c in w.choices.values()]

    labelled = tuple(c.decl().name()[len(own):] for c in w.named)
    return Move(spec.name, spec.rules, footprint, effect, spec.doc, choices=choices, labelled=labelled)


def model(game_object) -> RefinementModel:
    """The abstraction and the moves of an A Distant Plain Game (its options and rulings)."""
    facts = S.facts_of_options(game_object.options, game_object.rulings.changes())
    specs = list(P.TRANSITIONS.values()) + list(P.COMPOSITES.values())
    same: list = [None]   # the last vector found to be the moves' own (kept alive: compared by identity)
    return RefinementModel(_abstraction(facts), tuple(_move(s, facts, same) for s in specs))


def _space_index(label: str) -> int | None:
    """A space's index in the map's order (the value of a choice of that space, ``Work.choose_name``),
    None for another label."""
    names = S.facts_for().names
    return names.index(label) if label in names else None


def relates(cited: list[str], move: Move) -> bool:
    """Whether ``move`` relates to a step citing the rules ``cited`` (properties/refinement.py
    ``Refinement.relates``): a transition where one of its rules is cited (``default_relates``); a
    composite (``z3_proofs.COMPOSITES``: transitions in a row, named ``a+b``) where each of its
    parts is, as the step that is that composite takes each part's rule: an answer that ends the
    Warlords' turn with a Rally and runs the Resources phase cites the Rally
    (``warlords.operations.rally``) and the phase (``propaganda.resources``); so a step that cites
    the phase after an Attack is no Rally's composite (z3 found each such slice unsatisfiable, one
    query of some 10 to 30 ms each). Both read :func:`_cited_transitions` of the step's rules (made
    once per list of rules, not once per move: the checker asks every move of each new list); a
    move that is not one of ``z3_proofs``' with its rules is asked ``default_relates``."""
    parts = move.name.split("+")
    if len(parts) == 1 and (move.name not in P.TRANSITIONS or P.TRANSITIONS[move.name].rules != move.rules):
        return default_relates(cited, move)
    cited_here = _cited_transitions(tuple(cited))
    return all(p in cited_here for p in parts)


@lru_cache(maxsize=None)
def _cited_transitions(cited: tuple) -> frozenset:
    """The transitions of ``z3_proofs.TRANSITIONS`` that relate to a step citing the rules ``cited``
    (one of their rules related to one of those: properties/refinement.py ``related``)."""
    return frozenset(n for n, t in P.TRANSITIONS.items() if any(related(c, r) for c in cited for r in t.rules))


def _witness_from(name: str) -> list:
    """The moves whose witnesses a slice of move ``name`` may borrow (properties/refinement.py
    ``Refinement.witness_from``): for a composite (``z3_proofs.COMPOSITES``, ``a+b``), its first
    part ``a``, whose choice ``a#0.<choice>`` is the composite's ``<composite>#0.0.<choice>``
    (``composite``'s labels; the checker borrows only where the later parts choose nothing, the
    renamed witness then giving every choice): the Rally that ends the Warlords' turn tries the
    Rallies in other spaces before z3."""
    parts = name.split("+")
    if len(parts) == 1:
        return []
    old, new = f"{parts[0]}#0.", f"{name}#0.0."
    return [(parts[0], lambda n: new + n[len(old):] if n.startswith(old) else n)]


def _action_labels(action, move: Move) -> dict:
    """The spaces an answer names for ``move``'s choices of a space (properties/refinement.py
    ``Refinement.action_labels``): a choice (``Move.labelled``: ``space``, ``from``, ``to``; a
    composite's ``0.space``) whose last name the answer has as a key (``{'space': 'Badakhshan'}``,
    ``{'move': ..., 'from': 'Helmand', 'to': 'Zabol'}``), with a space's name as its value: a hint
    for z3 (a Train's payment changes no space; its answer names the space paid for), never trusted."""
    if not isinstance(action, dict):
        return {}
    out = {}
    for n in move.labelled:
        label = action.get(n.rsplit(".", 1)[-1])
        if isinstance(label, str) and _space_index(label) is not None:
            out[n] = label
    return out


REFINEMENT = Refinement("distant_plain", model, relates=relates, label_value=_space_index,
                        witness_from=_witness_from, action_labels=_action_labels)
