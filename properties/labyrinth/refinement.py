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


def _footprint(spec: P.Spec, facts: S.MapFacts, **params) -> frozenset:
    """The components ``spec``'s program rewrites (``Work.e`` differs from the pre-state)."""
    probe = S.SymState(facts, "probe:")
    w = P.Work(probe, "probe")
    spec.build(w, **params)
    return frozenset(n for n in probe.state_names if not w.e[n].eq(probe[n]))


def _effect(spec: P.Spec, facts: S.MapFacts, footprint: frozenset, names, **params):
    def effect(pre: dict, tag: str) -> tuple[list, dict]:
        work = P.Work(S.StateView(facts, {n: pre[n] for n in names}), tag.rstrip("."))
        spec.build(work, **params)
        return work.guards, {n: work.e[n] for n in footprint}
    return effect


def _moves(spec: P.Spec, facts: S.MapFacts, names) -> list[Move]:
    """The moves of one transition: the transition itself, or, for a transition that moves a card
    (its program takes ``card``), a family of 120 moves, one per card (footprint: that card's eight
    zone components and what else the program rewrites; the z3 terms built when first used)."""
    if "card" not in inspect.signature(spec.build).parameters:
        fp = _footprint(spec, facts)
        return [Move(spec.name, spec.rules, fp, _effect(spec, facts, fp, names), spec.doc)]
    one = _footprint(spec, facts, card=P.SYMMETRIC_CARD)
    cards_of_one = {S.card_var(P.SYMMETRIC_CARD, z): z for z in S.ZONES}
    out = []
    for n in S.CARDS:
        fp = frozenset(S.card_var(n, cards_of_one[c]) if c in cards_of_one else c for c in one)
        out.append(Move(f"{spec.name}[card {n}]", spec.rules, fp, _effect(spec, facts, fp, names, card=n),
                        spec.doc, family=spec.name))
    return out


def model(game_object) -> RefinementModel:
    """The abstraction and the moves of a Labyrinth Game (its map)."""
    facts = S.facts_of(game_object.map)
    names = S.SymState(facts, "probe:").state_names
    return RefinementModel(_abstraction(facts), tuple(m for s in P.TRANSITIONS.values() for m in _moves(s, facts, names)))


REFINEMENT = Refinement("labyrinth", model)
