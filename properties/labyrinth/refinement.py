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
from cdg_oracle.properties.refinement import Abstraction, Move, Refinement, RefinementModel, default_relates


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


#: The card-flow transitions every card play ends with (6.1: a card is played from a hand; 6.2.9,
#: 4.7.7: put away when it has been resolved): a step may carry them out whatever rule it cites
#: (the model cites the rule of the operation or event the card was played for).
CARD_FLOW = ("play_card", "put_away")

#: The solo rules (chapter 9) name the two-player rule they carry out: 9.4.2.2 a Plot (8.5),
#: 9.4.2.3-9.4.2.4 a Jihad (8.4), 9.4.2.5 a Recruit (8.2), 9.4.2.6 a Travel (8.3), 9.4.3
#: Radicalization (a cell placed from the track, a Travel, a plot placed, a Governance worsened),
#: 9.3.1 Active cells first (8.3, 8.4), 9.3.2 a random plot marker (8.5.2), 9.4.2.1 an event, 9.6
#: the event-or-operation choice, 9.5 a random pick of any of them: a step citing one relates to
#: the transitions of those two-player rules.
SOLO = {
    "9.4.2.2": ("8.5",), "9.3.2": ("8.5",),
    "9.4.2.3": ("8.4",), "9.4.2.4": ("8.4",), "9.4.1": ("8.4",),
    "9.4.2.5": ("8.2",), "9.7": ("8.2", "8.4"),
    "9.4.2.6": ("8.3", "4.6.4"), "9.4.2.6.1": ("8.3", "4.6.4"), "9.4.2.6.2": ("8.3", "4.6.4"),
    "9.3.1": ("8.3", "8.4", "4.6.4"),
    "9.4.3": ("4.7.4.2", "8.3", "8.5", "4.2.2"),
}


def relates(cited: list[str], move: Move) -> bool:
    """Which moves a step may use (properties/refinement.py ``default_relates``, and):

    * a card's event (``card N``): any transition. The 120 events are reduced to the proofs'
      generic effects (cells, markers, tracks, card moves) and an event may carry out an operation
      (a Recruit, a Jihad, a Travel, a Regime Change...): each change must still be the effect of
      a proved move, the event's own text is not checked (z3_proofs' docstring);
    * :data:`CARD_FLOW`: with any step;
    * a solo rule: the two-player rules it carries out (:data:`SOLO`)."""
    if default_relates(cited, move) or move.transition in CARD_FLOW:
        return True
    if any(c.startswith("card ") for c in cited):
        return True
    rules = [r for c in cited for r in SOLO.get(c, ())]
    return bool(rules) and default_relates(rules, move)


REFINEMENT = Refinement("labyrinth", model, relates)
