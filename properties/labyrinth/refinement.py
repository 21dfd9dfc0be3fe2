"""Labyrinth's refinement check (properties/refinement.py): every model step against the proved
transitions of ``z3_proofs.py``.

**The abstraction function** is ``z3_state.concrete_values`` (the one the invariants' concrete
check uses), restricted to the state vector's components (the ``model_*`` observations of derived
quantities are the invariants' business, not a transition's). **The moves** are the 44
transitions of ``z3_proofs.TRANSITIONS``, each built once over a :class:`~.z3_state.StateView` of
any vector: its footprint is the components its program rewrites (``Work.e`` differs from the
pre-state), its relation the guards and the rewritten components. A transition that moves a card
is built with the card free (``symbolic_card=True``): the proofs' card 1 stands for every card by
symmetry, a model step moves a particular one.
"""
from __future__ import annotations

import inspect

import z3

from cdg_oracle.properties.labyrinth import z3_proofs as P
from cdg_oracle.properties.labyrinth import z3_state as S
from cdg_oracle.properties.refinement import Abstraction, Move, Refinement, RefinementModel


def _abstraction(facts: S.MapFacts) -> Abstraction:
    sym = S.SymState(facts)
    names = sym.state_names
    enum_field = {n: ("posture" if n == "us_posture" else n.split("[", 1)[0])
                  for n in names if sym[n].sort() != z3.IntSort()}

    def values(st) -> dict:
        vals = S.concrete_values(st.d, facts)
        return {n: vals[n] for n in names}

    def symbolic(prefix: str) -> dict:
        v = S.SymState(facts, prefix).v
        return {n: v[n] for n in names}

    def constant(name: str, value):
        return S._z3_value(enum_field, name, value)

    return Abstraction(names, values, symbolic, constant)


def _move(spec: P.Spec, facts: S.MapFacts) -> Move:
    params = {"symbolic_card": True} if "symbolic_card" in inspect.signature(spec.build).parameters else {}
    probe = S.SymState(facts, "probe:")
    w = P.Work(probe, "probe")
    spec.build(w, **params)
    footprint = frozenset(n for n in probe.state_names if not w.e[n].eq(probe[n]))

    def effect(pre: dict, tag: str) -> tuple[list, dict]:
        work = P.Work(S.StateView(facts, {n: pre[n] for n in probe.state_names}), tag.rstrip("."))
        spec.build(work, **params)
        return work.guards, {n: work.e[n] for n in footprint}

    return Move(spec.name, spec.rules, footprint, effect, spec.doc)


def model(game_object) -> RefinementModel:
    """The abstraction and the moves of a Labyrinth Game (its map)."""
    facts = S.facts_of(game_object.map)
    return RefinementModel(_abstraction(facts), tuple(_move(s, facts) for s in P.TRANSITIONS.values()))


REFINEMENT = Refinement("labyrinth", model)
