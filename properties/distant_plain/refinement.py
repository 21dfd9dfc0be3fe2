"""A Distant Plain's refinement check (properties/refinement.py): every model step against the
proved transitions of ``z3_proofs.py``.

**The abstraction function** is ``z3_state.concrete_values`` (the one the invariants' concrete
check uses): every component of the state vector (pieces by kind per space, levels, markers, the
boxes, the tracks, Islamabad), under the Game's options and rulings (``z3_state.facts_of_options``:
Control, and the rulings the deterministic Propaganda phases read). **The moves** are the
transitions of ``z3_proofs.TRANSITIONS``, each built once over a :class:`~.z3_state.StateView` of
any vector: its footprint is the components its program rewrites (``Work.e`` differs from the
pre-state), its relation the guards and the rewritten components. Each move is one step of play
(one answer), so a model step is matched by one move citing its rule, or, where one answer ends a
faction's turn and runs a Propaganda phase or two, by a short sequence (``max_moves``).
"""
from __future__ import annotations

import z3

from cdg_oracle.properties.distant_plain import z3_proofs as P
from cdg_oracle.properties.distant_plain import z3_state as S
from cdg_oracle.properties.refinement import Abstraction, Move, Refinement, RefinementModel


def _abstraction(facts: S.Facts) -> Abstraction:
    names = S.component_names(facts)

    def values(st) -> dict:
        return S.concrete_values(st.d)

    def symbolic(prefix: str) -> dict:
        return dict(S.SymState(facts, prefix).v)

    def constant(name: str, value):
        return z3.IntVal(value)

    return Abstraction(names, values, symbolic, constant)


def _move(spec: P.Spec, facts: S.Facts) -> Move:
    probe = S.SymState(facts, "probe:")
    w = P.Work(probe, "probe")
    spec.build(w)
    footprint = frozenset(n for n in probe.state_names if not w.e[n].eq(probe[n]))

    def relation(pre: dict, post: dict, tag: str) -> z3.BoolRef:
        view = S.StateView(facts, {n: pre[n] for n in probe.state_names})
        work = P.Work(view, tag.rstrip("."))
        spec.build(work)
        return z3.And(*work.guards, *[post[n] == work.e[n] for n in footprint])

    return Move(spec.name, spec.rules, footprint, relation, spec.doc)


def model(game_object) -> RefinementModel:
    """The abstraction and the moves of an A Distant Plain Game (its options and rulings)."""
    facts = S.facts_of_options(game_object.options, game_object.rulings.changes())
    return RefinementModel(_abstraction(facts), tuple(_move(s, facts) for s in P.TRANSITIONS.values()))


#: Every phase one ``apply`` runs is cited (turn.py), so a sequence uses only moves related to the
#: step's rules (``chain="related"``).
REFINEMENT = Refinement("distant_plain", model, chain="related")
