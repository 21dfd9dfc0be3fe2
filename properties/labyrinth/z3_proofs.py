"""Inductive proofs of the Labyrinth invariants (z3_state.py) over the rules' effects on tracks,
pieces, markers and cards.

Each operation, event effect and end-of-turn step is a **transition relation** T(pre, post) over
two copies of the state vector (:func:`build`). A transition is written as a small program over a
:class:`Work` copy of the pre-state, in the order the rule reads ("move the troops, then place the
marker, then roll Prestige"), with one named helper per rule (``shift_prestige`` 4.7.1,
``set_governance`` 7.2.2.3/8.4.3.2/8.4.4/7.3.4.1, ``move_troops`` 7.3.1, ``place_cells`` 4.7.4/4.6.3,
...); the components it does not rewrite stay equal (the frame). What the rules leave free -- the
players' choices (country, number, kind of plot, card) and the dice -- are fresh z3 constants
limited to their legal range; everything the rule imposes is a guard or an effect.

**Induction.** The invariants hold at every scenario's set-up (a concrete check of
``new_game(name)`` with :func:`z3_state.check_state`: :func:`base_cases`), and for every
transition ``Inv(pre) and T(pre, post) => Inv(post) and OneWay(pre, post)`` is valid: z3 finds its
negation unsatisfiable (``"proved"``) or returns a model, reported as a concrete pre/post witness
(``"counterexample"``). ``OneWay`` (:func:`one_way`) are the two-state facts "removed cards stay
removed" (6.2.9), "the WMD boxes only empty" (4.7.8.1), "removed WMD never return" (8.5.5), "the
Deck marker only advances" (4.7.5), "the game's parameters do not change". Each proved step is
also shown not vacuous: some state keeping every invariant can take it. Every reachable state is a
set-up followed by steps, so every reachable state keeps the invariants -- *as far as the
transitions capture the rules* (below). :func:`prove_lemmas` adds facts about the derived
quantities (GWOT penalty 0-3, Available cells within the track and monotone in Funding, the
rulebook's examples); :func:`refute_non_invariants` breaks each documented h.2 (C) candidate.

**How z3 is asked** (equivalent forms, both available): by default (``sliced=True``) the post
components are replaced by their defining expressions (the one-point rule) and the invariants
whose components the step leaves alone are dropped from the goal (they hold after as before); a
step moving one card is proved for card 1, a representative of all 120 by symmetry
(:func:`the_card`). ``prove(name, sliced=False)`` and ``symbolic_card=True`` give z3 the relation
over both copies with every invariant, and a free card: the same verdicts, slower
(benchmarks/proofs.py ``--unsliced --symbolic-cards``).

**The certificate.** :func:`query` builds a proof's solver calls without solving (``"proved"``, the
query as written whose unsat the verdict means; ``"enabled"``, the one whose sat means not vacuous),
and :func:`prove` asks its solvers from the same build; properties/proved.py digests them, and
``properties/labyrinth/proved.json`` records each digest with z3's verdict (``python -m
cdg_oracle.oracle.proved_cmd --game labyrinth`` re-proves them), which the test suite checks without
solving (the full re-proving: ``prove_all()``, ``cdg-oracle verify``, the slow tests).

**What is abstracted** (weaker than the rules, which only makes a proof stronger): preconditions
that protect no invariant are dropped: Deploy's Ally condition and card value (7.3.2-7.3.3: any
Muslim country, or the Philippines of card 57, may receive troops) and the Regime Change margin
(7.3.1); Regime Change's Islamist Rule target and US Hard Posture (7.3.4); War of Ideas' targets
(7.2.1.1); which countries may be Disrupted (7.4.1); Travel's adjacency and dice (8.3.1); where
plots may be placed (8.5.1). A die is any value 1-6, a success count any number within its dice;
Funding and Prestige moves by events are any amount (clamped); a plot's posture rolls may set any
Posture box but Israel's.

**What the transitions do NOT capture** (said plainly):

* they are written from the rules, not extracted from the Python model. The refinement check
  (properties/labyrinth/refinement.py over properties/refinement.py; ``play_checked(...,
  refine=True)``) ties the model's steps to them: each step must be a stutter, one of these
  transitions related to the rules it cites, or a short sequence of them. What remains uncovered:
  the steps of games it has not been run on; a step whose change a sequence can only explain
  through a component changed and changed back within one ``apply`` other than between two moves
  related to the step, the second right after the first (the search's *intermediate value*,
  properties/refinement.py ``Checker.sequence``: a finding, not a silent pass); and what a transition leaves free is free in the check
  too (a card's event may use any generic effect; the dice and choices are any legal value). And
  once one move of a sequence relates to the step, its other moves may be any transitions: a
  wrong amount, a wrong die table or an effect left out that some other transition could make up
  (a Prestige or Funding shift, a Cadre, an Alignment, a cell flipped) is no finding. What the
  check alone catches is a state no sequence of proved moves reaches (a piece, a plot or a card
  from nowhere or in two places, a track past its bounds) and a step whose related transition's
  forced effects are missing (the end of turn keeping Reserves, the 1st Plot flag, or Funding
  where Pirates does not hold): ``mutants.REFINEMENT_CAUGHT`` lists the mutants it catches.
  Five transitions exist because the model takes them as steps of their own:
  ``regime_change_marker`` (7.3.4 after its troops' ``deploy``), ``first_plot_claimed``
  (8.5.3 / 4.7.7.2: the flag at the Plot, the card to the box when put away),
  ``regime_change_flip`` (5.2.9, after the deal, apart from ``end_of_turn``'s 5.2.5-5.2.7),
  ``discard_from_hand`` (5.2.4: the final card through the table within one step) and
  ``plot_marker_off_map`` (8.5.6's MARKER after the PRESTIGE part); and for the same reason
  ``withdraw`` (7.3.5) leaves the Prestige roll that ends it to ``prestige_roll``, as Regime Change
  does (the model rolls it in a chance step of its own). A solo game's WMD plots set numbered
  markers aside and bring them back (9.3.3) within the transitions that add and use WMD plots
  (:func:`wmd_added`, :func:`take_plot_off_map`; the parameter ``solo`` tells the two games apart);
* an operation is a sequence of these steps, and the 120 card events are reduced to generic
  effects (place or remove Aid, Besieged Regime, NATO, Sadr, cells, a plot, a Cadre; set an
  Alignment, Governance, Posture, Funding, Prestige; move a card between zones): a card whose
  event does something else is not modelled, nor are events' own conditions;
* the procedural and hidden parts of the state are not in the vector: the stack of procedure
  frames, pending decisions, events in effect and lapsing effects, the action log, the phase and
  card index, ``second_card``, Backlash, the US held card, the terminal outcome; a deal's hand
  sizes (5.2.8) are not tied to the draws; victory is not modelled (steps may continue after a win);
* what the state cannot tell is not checked: e.g. a blocked WMD plot going back to Available
  instead of out of the game (against 8.5.5) keeps every invariant (a test documents it); 8.4.5's
  "the first time" needs history: the invariant only says Islamist Rule in Pakistan => box empty.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import z3

from cdg_oracle.properties.z3_work import Spec, Transition, python_value, registrar, z3_steps
from cdg_oracle.properties.z3_work import Work as Z3Work
from cdg_oracle.properties.labyrinth.z3_state import (
    ALIGN, CARDS, GOV, IRAQ, NON_INVARIANTS, PAKISTAN, PLOT_NUMBERS, POSTURE, RC, SIDES,
    STATE_INVARIANTS, US, WMD_BOX_SIZE, ZONES, MapFacts, StateView, SymState, available_cells,
    available_cells_of, card_var, check_state, clamp, cvar, dependencies, facts_of, gwot_penalty,
    hand_size_jihadist, hand_size_us, plots_set_aside, state_invariants, troops_level_of, variables,
    wmd_in_play, world_posture,
)

TRACK = -1          # the Troops track as a location of troops (7.3.1)
PHILIPPINES = "Philippines"
WMD = 4             # plot kind code of a WMD plot; 1-3 are the numbered values

# --------------------------------------------------------------------------------------------
# Building a transition
# --------------------------------------------------------------------------------------------


class Work(Z3Work):
    """The post-state being built from the pre-state (properties/z3_work.py ``Work``): ``w[name]``
    is the current expression of a component; rule helpers rewrite it; ``choose_*`` add a free
    choice or die with its legal range (a guard); ``require`` adds a precondition of the rule.
    Components never rewritten keep their pre value (the frame). Here: selections by a symbolic
    country or troop location of Labyrinth's map."""

    facts: MapFacts

    def at(self, field: str, country: str) -> z3.ExprRef:
        return self.e[cvar(field, country)]

    def die(self, name: str) -> z3.ArithRef:
        """A d6 (4.0): any value 1-6."""
        return self.choose_int(name, 1, 6)

    def choose_value(self, name: str, sort, allowed) -> z3.ExprRef:
        x = self._choice(name, z3.Const(f"{self.label}.{name}", sort))
        self.require(z3.Or(*[x == a for a in allowed]))
        return x

    def choose_country(self, name: str, among=None) -> z3.ArithRef:
        """A country (by index in the map's order), among ``among`` (default: all)."""
        return self.choose_name(name, among)

    def choose_location(self, name: str, among=None) -> z3.ArithRef:
        """A location of troops: the Troops track (``TRACK``) or a country, among ``among``
        (default: all)."""
        return self.choose_name(name, among, extra={TRACK: "track"})

    # selection by a symbolic country
    def is_country(self, sel, country: str) -> z3.BoolRef:
        return sel == self.facts.index(country)

    def is_among(self, sel, countries) -> z3.BoolRef:
        """Whether ``sel`` points at one of ``countries`` (a disjunction over them, in name order)."""
        return z3.Or(*[self.is_country(sel, n) for n in sorted(countries)])

    def select(self, field: str, sel) -> z3.ExprRef:
        """``field`` of the country ``sel`` points at (a chain of If over the map)."""
        return self.by_index(sel, lambda n: self.at(field, n))

    def update(self, field: str, sel, fn: Callable) -> None:
        """Rewrite ``field`` of the country ``sel`` points at to ``fn(current, name)``."""
        self.rewrite_at(lambda n: cvar(field, n), sel, fn)


TRANSITIONS: dict[str, Spec] = {}
#: Register a transition: ``build(w, **params)`` rewrites the Work copy as the rule says.
transition = registrar(TRANSITIONS)


def build(name: str, pre: SymState, post: SymState, **params) -> Transition:
    """The transition relation ``name`` between ``pre`` and ``post`` (``params``: the switches
    that break a rule on purpose, e.g. ``clamped=False``)."""
    spec = TRANSITIONS[name]
    w = Work(pre, name)
    spec.build(w, **params)
    return Transition(name, spec.rules, spec.doc, w.relation(post), w.choices)


# --------------------------------------------------------------------------------------------
# Rule helpers (each one rule's effect on the Work copy)
# --------------------------------------------------------------------------------------------

def shift_prestige(w: Work, delta, clamped: bool = True) -> None:
    """4.7.1, 5.2.5 note: Prestige moves by ``delta`` and stays within 1-12 (1 -1 +1 = 2)."""
    x = w["prestige"] + delta
    w["prestige"] = clamp(x, 1, 12) if clamped else x


def shift_funding(w: Work, delta, clamped: bool = True) -> None:
    """4.7.4.1: Funding moves by ``delta`` and stays within 1-9."""
    x = w["funding"] + delta
    w["funding"] = clamp(x, 1, 9) if clamped else x


def prestige_roll(w: Work, clamped: bool = True, when=True) -> None:
    """4.7.1 (IT table): a die, 1-4 down and 5-6 up; then two dice, moved by the lower one.
    ``when`` limits the roll to a condition."""
    direction, a, b = w.die("prestige_direction"), w.die("prestige_die_1"), w.die("prestige_die_2")
    amount = z3.If(a < b, a, b)
    shift_prestige(w, z3.If(when, z3.If(direction >= 5, amount, -amount), 0), clamped)


def set_governance(w: Work, sel, gov, when=True, clears: bool = True) -> None:
    """countries.set_governance: the new Governance; a shift to Good or Islamist Rule removes the
    Aid, the Besieged Regime and the Regime Change marker (7.2.2.3, 8.4.3.2, 8.4.4, 7.3.4.1),
    and NATO with it (card 41, A08). ``when`` limits the shift to a condition."""
    w.update("gov", sel, lambda old, n: z3.If(when, gov, old))
    if not clears:
        return
    cleared = z3.And(when, z3.Or(gov == GOV["good"], gov == GOV["islamist_rule"]))
    for f, none in (("aid", 0), ("besieged", 0), ("rc", RC["none"]), ("nato", 0)):
        w.update(f, sel, lambda old, n, none=none: z3.If(cleared, none, old))


def worse(gov, steps):
    """One level worse per step, Good -> Fair -> Poor, never to Islamist Rule (8.4.1 uses the
    revolution for that; 8.5.6 "never to Islamist Rule"); Islamist Rule stays."""
    g = gov
    for i in range(1, 4):
        g = z3.If(steps >= i, z3.If(g == GOV["good"], GOV["fair"], z3.If(g == GOV["fair"], GOV["poor"], g)), g)
    return g


def troops_at(w: Work, loc) -> z3.ArithRef:
    """Cubes at a location: the Troops track or a country (cubes only; NATO is no cube)."""
    return z3.If(loc == TRACK, w["troops_track"], w.select("troops", loc))


def move_troops(w: Work, src, dst, n, created: int = 0) -> None:
    """countries.move_troops (4.6.2, 7.3.1): ``n`` cubes from one location to another; troops
    moving out of a country remove its NATO marker (card 41, A08). ``created`` adds cubes from
    nowhere (a deliberately broken rule)."""
    w["troops_track"] = (w["troops_track"] - z3.If(src == TRACK, n, 0)
                         + z3.If(dst == TRACK, n + created, 0))
    w.update("troops", src, lambda old, c: old - n)
    w.update("nato", src, lambda old, c: z3.If(n > 0, 0, old))
    w.update("troops", dst, lambda old, c: old + n + created)


def place_cells(w: Work, sel, k) -> None:
    """4.7.4, 4.6.3: ``k`` Sleeper cells from the Funding track (never more than are there); the
    first one placed removes a Cadre (4.8.4, 8.2.2)."""
    w.require(k >= 0, k <= w["cells_track"])
    w["cells_track"] = w["cells_track"] - k
    w.update("sleepers", sel, lambda old, n: old + k)
    w.update("cadre", sel, lambda old, n: z3.If(k > 0, 0, old))


def remove_cells_to_track(w: Work, sel, actives, sleepers) -> None:
    """countries.remove_cells_to_track (4.7.4, 8.3.2, 8.4.3, 7.4.2): cells back to the Funding
    track, no more than are there; no Cadre here."""
    w.require(actives >= 0, sleepers >= 0, actives <= w.select("actives", sel), sleepers <= w.select("sleepers", sel))
    w.update("actives", sel, lambda old, n: old - actives)
    w.update("sleepers", sel, lambda old, n: old - sleepers)
    w["cells_track"] = w["cells_track"] + actives + sleepers


def flip_sleepers(w: Work, sel, k) -> None:
    """4.6.4: ``k`` Sleeper cells turn Active (Jihad 8.4, Disrupt 7.4.2, Regime Change 7.3.4)."""
    w.require(k >= 0, k <= w.select("sleepers", sel))
    w.update("sleepers", sel, lambda old, n: old - k)
    w.update("actives", sel, lambda old, n: old + k)


# (kind, Available component, per-country field) for each plot kind: numbered v or WMD (4.7.8)
PLOT_KINDS = (tuple((v, f"plots_available_{v}", f"plots_{v}") for v in PLOT_NUMBERS)
              + ((WMD, "wmd_available", "plots_wmd"),))


def choose_plot(w: Work) -> z3.ArithRef:
    """A plot marker's kind: numbered 1-3 or WMD (4.8.1, 4.7.8.1)."""
    kind = w.choose_int("plot", 1, WMD)
    w.decode["plot"] = lambda k: "WMD" if k == WMD else k
    return kind


def move_plot_to_country(w: Work, sel, kind) -> None:
    """8.5.2: an Available plot marker of ``kind`` face down in a country (one must be Available)."""
    for k, avail, fld in PLOT_KINDS:
        w.require(z3.Implies(kind == k, w[avail] >= 1))
        w[avail] = w[avail] - z3.If(kind == k, 1, 0)
        w.update(fld, sel, lambda old, n, k=k: old + z3.If(kind == k, 1, 0))


def take_plot_off_map(w: Work, sel, kind, wmd_returns: bool = False, brings_back: bool = True) -> None:
    """8.5.5, 7.5.3: a plot leaves its country: a numbered one back to Available Plots, a WMD one
    out of the game (``wmd_returns``: a deliberately broken rule, back to Available). 9.3.3, solo:
    a WMD plot used brings the highest-numbered set-aside marker back (:func:`return_set_aside`);
    a numbered one is set aside instead of Available while fewer are set aside than there are WMD
    plots in play (the ruling ``solo_wmd_set_aside`` = "deferred", P11: a WMD plot that arrived
    with no numbered marker Available; whether the ruling is that one is left free).
    ``brings_back=False``: a WMD plot used brings no set-aside marker back (a deliberately broken
    rule)."""
    aside = w.choose_bool("set_aside")
    w.require(z3.Implies(aside, z3.And(kind != WMD, w["solo"] == 1, plots_set_aside(w) < wmd_in_play(w))))
    for k, avail, fld in PLOT_KINDS:
        w.require(z3.Implies(kind == k, w.select(fld, sel) >= 1))
        w.update(fld, sel, lambda old, n, k=k: old - z3.If(kind == k, 1, 0))
        if k != WMD:
            w[avail] = w[avail] + z3.If(z3.And(kind == k, z3.Not(aside)), 1, 0)
            w[f"plots_aside_{k}"] = w[f"plots_aside_{k}"] + z3.If(z3.And(kind == k, aside), 1, 0)
        elif wmd_returns:
            w[avail] = w[avail] + z3.If(kind == k, 1, 0)
    if not wmd_returns:
        w["wmd_removed"] = w["wmd_removed"] + z3.If(kind == WMD, 1, 0)
        if brings_back:
            return_set_aside(w, kind == WMD)


def set_aside_lowest(w: Work, when) -> None:
    """9.3.3 (solo): a WMD plot added to the Available plots sets aside the lowest-numbered
    Available numbered marker (with none Available, none: P11). ``when`` limits it to a condition."""
    done = z3.BoolVal(False)
    for v in PLOT_NUMBERS:
        avail, aside = f"plots_available_{v}", f"plots_aside_{v}"
        this = z3.And(when, z3.Not(done), w[avail] >= 1)
        w[avail] = w[avail] - z3.If(this, 1, 0)
        w[aside] = w[aside] + z3.If(this, 1, 0)
        done = z3.Or(done, this)


def return_set_aside(w: Work, when) -> None:
    """9.3.3 (solo): a WMD plot used brings the highest-numbered set-aside marker back to the
    Available plots (none set aside: nothing; a two-player game sets none aside). ``when`` limits
    it to a condition."""
    done = z3.BoolVal(False)
    for v in reversed(PLOT_NUMBERS):
        avail, aside = f"plots_available_{v}", f"plots_aside_{v}"
        this = z3.And(when, z3.Not(done), w[aside] >= 1)
        w[aside] = w[aside] - z3.If(this, 1, 0)
        w[avail] = w[avail] + z3.If(this, 1, 0)
        done = z3.Or(done, this)


def wmd_added(w: Work, k, solo_only: bool = True) -> None:
    """4.7.8.1: ``k`` WMD plots (at most a box's 3) become Available; 9.3.3, solo: each sets aside
    the lowest-numbered Available numbered marker (:func:`set_aside_lowest`), so that 6 plot
    markers are in play. ``solo_only=False`` sets them aside in a two-player game too (a
    deliberately broken rule: chapter 9 is the solo game's)."""
    solo = w["solo"] == 1 if solo_only else z3.BoolVal(True)
    w["wmd_available"] = w["wmd_available"] + k
    for i in range(1, WMD_BOX_SIZE + 1):
        set_aside_lowest(w, z3.And(solo, k >= i))


def zone_index(zone: str) -> int:
    return ZONES.index(zone)


def _zone_choice(w: Work, name: str, allowed) -> z3.ArithRef:
    """A zone (by index in ZONES) among ``allowed``."""
    x = w._choice(name, z3.Int(f"{w.label}.{name}"))
    w.require(z3.Or(*[x == zone_index(z) for z in allowed]))
    w.decode[name] = lambda i: ZONES[i]
    return x


def card_in(w: Work, card, zone) -> z3.BoolRef:
    """The card ``card`` (a number, or a symbolic one) is in zone ``zone`` (symbolic)."""
    def here(n):
        return z3.Or(*[z3.And(zone == zone_index(z), w[card_var(n, z)] >= 1) for z in ZONES])
    if isinstance(card, int):
        return here(card)
    # card by card: a conjunction of small implications is easier for z3 than a chain of If
    return z3.And(*[z3.Implies(card == n, here(n)) for n in CARDS])


def move_card(w: Work, card, src, dst) -> None:
    """One card from zone ``src`` to zone ``dst`` (it must be there). ``card`` is a card number
    (the symmetry representative, see :func:`the_card`) or a symbolic one."""
    w.require(card_in(w, card, src))
    for n in (card,) if isinstance(card, int) else CARDS:
        for z in ZONES:
            k = card_var(n, z)
            moved = True if isinstance(card, int) else card == n
            w[k] = (w[k] - z3.If(z3.And(moved, src == zone_index(z)), 1, 0)
                    + z3.If(z3.And(moved, dst == zone_index(z)), 1, 0))


SYMMETRIC_CARD = 1


def the_card(w: Work, symbolic: bool, card: int | None = None):
    """The card a step moves. The encoding treats the 120 cards alike (no transition that moves a
    card and no invariant names a card number; ``end_of_turn`` reads card 73's zone for Pirates, but
    it is proved on its own, every card free), so the state invariants and the one-way facts are symmetric
    under any renumbering of the cards: if a step moving some card c broke them, the same step
    moving card 1 in the renumbered state would too. Proving the step for card 1 therefore proves
    it for every card, and is much faster for z3 (``symbolic=True`` leaves the card free, 1-120,
    for a cross-check: the same verdicts, ten times the time). ``card=n`` moves card ``n`` itself:
    the refinement check's member of the card's family (properties/labyrinth/refinement.py)."""
    if card is not None:
        w.choices["card"] = z3.IntVal(card)
        return card
    if symbolic:
        return w.choose_int("card", 1, len(CARDS))
    w.choices["card"] = z3.IntVal(SYMMETRIC_CARD)
    return SYMMETRIC_CARD


def zone_size(w: Work, zone: str) -> z3.ArithRef:
    return z3.Sum([w[card_var(n, zone)] for n in CARDS])


def empty_into(w: Work, zones, dst: str, when=True) -> None:
    """Every card of ``zones`` to ``dst`` (5.2.6, 5.3.1)."""
    for n in CARDS:
        moved = z3.Sum([w[card_var(n, z)] for z in zones])
        for z in zones:
            w[card_var(n, z)] = z3.If(when, 0, w[card_var(n, z)])
        w[card_var(n, dst)] = w[card_var(n, dst)] + z3.If(when, moved, 0)


# --------------------------------------------------------------------------------------------
# Tracks
# --------------------------------------------------------------------------------------------

@transition("prestige_shift", "4.7.1", "5.2.5", "7.2.3", "7.4.4", "8.5.6")
def t_prestige_shift(w: Work, clamped: bool = True) -> None:
    """Prestige moves by any amount (operations +1/-1, events), clamped to 1-12 (4.7.1)."""
    shift_prestige(w, w.choose_int("delta"), clamped)


@transition("prestige_roll", "4.7.1")
def t_prestige_roll(w: Work, clamped: bool = True) -> None:
    """The Prestige roll (4.7.1; after Regime Change, Withdraw, a plot in the US, events)."""
    prestige_roll(w, clamped)


@transition("prestige_to_one", "8.4.4", "8.5.6")
def t_prestige_to_one(w: Work) -> None:
    """An Islamic Revolution with troops present (8.4.4), or a WMD plot with troops (8.5.6):
    Prestige to 1."""
    w["prestige"] = z3.IntVal(1)


@transition("funding_shift", "4.7.4.1", "8.4.4", "8.5.6", "card 1")
def t_funding_shift(w: Work, clamped: bool = True) -> None:
    """Funding moves by any amount (plots, revolutions, events), clamped to 1-9 (4.7.4.1)."""
    shift_funding(w, w.choose_int("delta"), clamped)


@transition("funding_to_extreme", "8.5.6", "card 1")
def t_funding_to_extreme(w: Work) -> None:
    """A WMD plot outside the Muslim world or any plot in the US: Funding 9 (8.5.6); Backlash on a
    WMD plot: Funding 1 (card 1)."""
    w["funding"] = w.choose_value("funding", z3.IntSort(), (z3.IntVal(1), z3.IntVal(9)))


@transition("reserves_op", "6.3.3")
def t_reserves_op(w: Work, capped: bool = True) -> None:
    """6.3.3: a card of value 1 or 2 played for Reserves adds its value, up to 2."""
    us = w.choose_bool("us_side")
    value = w.choose_int("card_value", 1, 2)
    for side in SIDES:
        r = w[f"reserves_{side}"]
        new = r + value
        if capped:
            new = z3.If(new > 2, 2, new)
        w[f"reserves_{side}"] = z3.If(us == (side == "US"), new, r)


@transition("reserves_spent", "6.3.3.1")
def t_reserves_spent(w: Work) -> None:
    """6.3.3.1: a side spends all its Reserves (back to zero)."""
    us = w.choose_bool("us_side")
    for side in SIDES:
        w[f"reserves_{side}"] = z3.If(us == (side == "US"), 0, w[f"reserves_{side}"])


@transition("us_posture_roll", "4.9.3", "8.5.6")
def t_us_posture_roll(w: Work) -> None:
    """The US Posture is rolled (4.9.3, +1; a plot in the US, 8.5.6) or set by an event: Hard or
    Soft, on the GWOT track (4.3.2)."""
    w["us_posture"] = w.choose_value("us_posture", POSTURE["hard"].sort(), (POSTURE["hard"], POSTURE["soft"]))


@transition("posture_roll", "4.9.3", "4.9.4", "4.3.3", "7.2.3", "8.5.6")
def t_posture_roll(w: Work, exempt_fixed_hard: bool = True) -> None:
    """A Posture roll (test 4.9.4, War of Ideas 7.2.3, a plot 8.5.6) or an event sets a country's
    Posture Hard or Soft. Only countries with a Posture box (non-Muslim, not the US, 4.3.2); Israel
    is always Hard (4.3.3: its roll is skipped; ``exempt_fixed_hard=False`` breaks that)."""
    among = [n for n in w.facts.posture_box if not (exempt_fixed_hard and n in w.facts.fixed_hard)]
    c = w.choose_country("country", among)
    p = w.choose_value("posture", POSTURE["hard"].sort(), (POSTURE["hard"], POSTURE["soft"]))
    w.update("posture", c, lambda old, n: p)


# --------------------------------------------------------------------------------------------
# Countries: tests, War of Ideas, Governance, Jihad
# --------------------------------------------------------------------------------------------

@transition("test_muslim_country", "4.9.4", "4.9.3")
def t_test_muslim_country(w: Work) -> None:
    """4.9.4: an unmarked Muslim country rolls Governance (1-4 Poor, 5-6 Fair) and becomes Neutral."""
    c = w.choose_country("country", w.facts.muslim)
    w.require(w.select("gov", c) == GOV["none"])
    g = w.choose_value("governance", GOV["poor"].sort(), (GOV["poor"], GOV["fair"]))
    w.update("gov", c, lambda old, n: g)
    w.update("align", c, lambda old, n: ALIGN["neutral"])


@transition("war_of_ideas", "7.2.1.1", "7.2.1.2", "7.2.2.1")
def t_war_of_ideas(w: Work) -> None:
    """7.2.1.2: a success shifts a Neutral country to Ally, or improves an Ally's Governance one
    level (to Good: Aid, Besieged and Regime Change go, 7.2.1.1); 7.2.2.1: failing by exactly 1
    places the first Aid. The target is a marked Muslim country (tested first, 4.9.4), not
    Islamist Rule; the roll and its modifiers are free."""
    c = w.choose_country("country", w.facts.muslim)
    gov, align = w.select("gov", c), w.select("align", c)
    w.require(gov != GOV["none"], gov != GOV["islamist_rule"])
    success, by_one = w.choose_bool("success"), w.choose_bool("failed_by_one")
    neutral = align == ALIGN["neutral"]
    w.update("align", c, lambda old, n: z3.If(z3.And(success, neutral), ALIGN["ally"], old))
    better = z3.If(gov == GOV["poor"], GOV["fair"], GOV["good"])
    improve = z3.And(success, z3.Not(neutral), z3.Or(gov == GOV["poor"], gov == GOV["fair"]))
    set_governance(w, c, better, when=improve)
    w.update("aid", c, lambda old, n: z3.If(z3.And(z3.Not(success), by_one, old == 0), 1, old))


@transition("governance_change", "4.2.2", "8.4.1", "8.5.6", "7.3.4.1", "8.4.4")
def t_governance_change(w: Work, islamist_rule: bool = False) -> None:
    """A marked Muslim country's Governance changes to Good, Fair or Poor, from any level (Jihad
    successes 8.4.1, plots 8.5.6, War of Ideas 7.2.1.2, events), with the marker rules of a shift
    to Good (countries.set_governance). Islamist Rule comes only through an Islamic Revolution
    (8.4.2-8.4.4: ``islamic_revolution``); ``islamist_rule=True`` allows it here too, skipping
    8.4.5 (a deliberately broken rule)."""
    c = w.choose_country("country", w.facts.muslim)
    w.require(w.select("gov", c) != GOV["none"])
    levels = (GOV["good"], GOV["fair"], GOV["poor"]) + ((GOV["islamist_rule"],) if islamist_rule else ())
    g = w.choose_value("governance", GOV["good"].sort(), levels)
    set_governance(w, c, g)


@transition("islamic_revolution", "8.4.4", "8.4.5", "7.3.4.1", "9.3.3")
def t_islamic_revolution(w: Work, removes_markers: bool = True) -> None:
    """8.4.4: Islamist Rule; Adversary; Regime Change, Besieged Regime and Aid removed (NATO with
    the Regime Change marker, card 41); Funding + the country's Resources (clamped); Prestige to 1
    if troops (NATO counts) are there. 8.4.5: the first time Pakistan falls, its Arsenal's 3 WMD
    plots become Available (9.3.3, solo: each sets aside a numbered marker, :func:`wmd_added`).
    ``removes_markers=False`` breaks 8.4.4's removals."""
    c = w.choose_country("country", w.facts.muslim)
    w.require(w.select("gov", c) != GOV["none"], w.select("gov", c) != GOV["islamist_rule"])
    troops_there = w.select("troops", c) + 2 * w.select("nato", c)
    set_governance(w, c, GOV["islamist_rule"], clears=removes_markers)
    w.update("align", c, lambda old, n: ALIGN["adversary"])
    shift_funding(w, w.static(c, w.facts.resource))
    w["prestige"] = z3.If(troops_there > 0, 1, w["prestige"])
    pakistan = w.is_country(c, PAKISTAN)
    wmd_added(w, z3.If(pakistan, w["wmd_box_pakistan"], 0))
    w["wmd_box_pakistan"] = z3.If(pakistan, 0, w["wmd_box_pakistan"])


@transition("major_jihad_failure", "8.4.3.1")
def t_major_jihad_failure(w: Work) -> None:
    """8.4.3.1: three dice rolled in a Poor country without a revolution: a Besieged Regime (one at
    most) and the Alignment one box toward Ally."""
    c = w.choose_country("country", w.facts.muslim)
    w.require(w.select("gov", c) == GOV["poor"])
    w.update("besieged", c, lambda old, n: 1)
    w.update("align", c, lambda old, n: z3.If(old == ALIGN["adversary"], ALIGN["neutral"], ALIGN["ally"]))


@transition("jihad", "8.4", "8.4.1", "8.4.3", "4.6.4", "card 54")
def t_jihad(w: Work) -> None:
    """One country's Jihad dice (8.4): the cells rolling turn Active; each success worsens the
    Governance one level (never to Islamist Rule here: the revolution is its own step) and removes
    an Aid (8.4.1); each failure returns an Active cell to the Funding track (8.4.3), or removes
    Moqtada al-Sadr from the game (card 54). A Muslim country, not under Islamist Rule."""
    c = w.choose_country("country", w.facts.muslim)
    gov = w.select("gov", c)
    w.require(gov != GOV["none"], gov != GOV["islamist_rule"])
    flip_sleepers(w, c, w.choose_int("cells_revealed"))
    hits = w.choose_int("successes", 0, 3)
    set_governance(w, c, worse(gov, hits), when=hits > 0)
    w.update("aid", c, lambda old, n: z3.If(old - hits > 0, old - hits, 0))
    remove_cells_to_track(w, c, w.choose_int("failures"), z3.IntVal(0))
    lose_sadr = w.choose_bool("sadr_lost")
    w.update("sadr", c, lambda old, n: z3.If(lose_sadr, 0, old))


# --------------------------------------------------------------------------------------------
# Cells and Cadres
# --------------------------------------------------------------------------------------------

@transition("recruit", "8.2.1", "4.7.4.2", "4.6.3", "8.2.2")
def t_recruit(w: Work, limit: str | None = "available") -> None:
    """8.2.1, 4.7.4.2: Recruit places as many Sleeper cells as it succeeds, never more than the
    Available cells (the Funding boxes at or left of the marker). ``limit="track"`` is a placement
    by an event (4.7.4.2 last paragraph: any cell on the track); ``limit=None`` drops the limit
    (a deliberately broken rule)."""
    c = w.choose_country("country")
    k = w.choose_int("cells", 0)
    if limit == "available":
        w.require(k <= available_cells(w.pre))
    if limit is None:
        w["cells_track"] = w["cells_track"] - k
        w.update("sleepers", c, lambda old, n: old + k)
        return
    place_cells(w, c, k)


@transition("place_cells_by_event", "4.7.4.2", "4.6.3", "3.2")
def t_place_cells_by_event(w: Work) -> None:
    """An event (or the Anaconda set-up, 3.2) places cells: any on the Funding track (4.7.4.2 last
    paragraph; 4.6.3: none when the track is empty)."""
    place_cells(w, w.choose_country("country"), w.choose_int("cells", 0))


@transition("remove_cells", "8.3.2", "8.4.3", "7.4.2", "4.7.4")
def t_remove_cells(w: Work) -> None:
    """Cells back to the Funding track (a failed Travel 8.3.2, Jihad failures 8.4.3, Disrupt 7.4.2,
    events), no more than are there."""
    c = w.choose_country("country")
    remove_cells_to_track(w, c, w.choose_int("actives"), w.choose_int("sleepers"))


@transition("flip_cells", "4.6.4", "8.3.1", "7.4.2", "7.3.4", "8.5.1")
def t_flip_cells(w: Work) -> None:
    """4.6.4: cells turn Active (Jihad, Disrupt, Regime Change) or Sleeper (Travel in place, 8.3.1;
    events)."""
    c = w.choose_country("country")
    k = w.choose_int("cells", 0)
    to_active = w.choose_bool("to_active")
    w.require(k <= z3.If(to_active, w.select("sleepers", c), w.select("actives", c)))
    w.update("sleepers", c, lambda old, n: old + z3.If(to_active, -k, k))
    w.update("actives", c, lambda old, n: old + z3.If(to_active, k, -k))


@transition("travel", "8.3.1", "8.3.3", "card 54")
def t_travel(w: Work) -> None:
    """8.3.1: one cell moves from a country to any country (its own included) and arrives Sleeper.
    Only cylinders travel: Sadr cannot (card 54). A failed roll is ``remove_cells``."""
    src, dst = w.choose_country("from"), w.choose_country("to")
    active = w.choose_bool("active_cell")
    w.require(z3.If(active, w.select("actives", src), w.select("sleepers", src)) >= 1)
    w.update("actives", src, lambda old, n: old - z3.If(active, 1, 0))
    w.update("sleepers", src, lambda old, n: old - z3.If(active, 0, 1))
    w.update("sleepers", dst, lambda old, n: old + 1)


@transition("disrupt", "7.4.1", "7.4.2", "7.4.3", "7.4.4", "card 54")
def t_disrupt(w: Work) -> None:
    """7.4.2: up to 2 cells affected: an Active one to the Funding track, a Sleeper one turned Active
    (Sadr cannot be Disrupted, card 54); with no cells, the Cadre removed instead: a Disrupt affects
    a cell or removes the Cadre (7.4.1: its country has one or the other). 7.4.3: removing the last
    cell places a Cadre. 7.4.4: with 2+ troops there (NATO counts), Prestige +1."""
    c = w.choose_country("country")
    troops_there = w.select("troops", c) + 2 * w.select("nato", c)
    cells_before = w.select("sleepers", c) + w.select("actives", c) + w.select("sadr", c)
    cadre_before = w.select("cadre", c)
    removed, flipped = w.choose_int("actives_removed", 0, 2), w.choose_int("sleepers_flipped", 0, 2)
    w.require(removed + flipped <= 2)
    remove_cells_to_track(w, c, removed, z3.IntVal(0))
    flip_sleepers(w, c, flipped)
    cells_after = w.select("sleepers", c) + w.select("actives", c) + w.select("sadr", c)
    remove_cadre = z3.And(cells_before == 0, cadre_before == 1, removed + flipped == 0)
    w.require(z3.Or(removed + flipped >= 1, remove_cadre))
    w.update("cadre", c, lambda old, n: z3.If(z3.And(removed > 0, cells_after == 0), 1,
                                              z3.If(remove_cadre, 0, old)))
    shift_prestige(w, z3.If(troops_there >= 2, 1, 0))


@transition("cadre_change", "4.8.4", "7.4.3")
def t_cadre_change(w: Work) -> None:
    """The Jihadist removes a Cadre in his Action Phase (4.8.4); an event's removal of the last cell
    places one (7.4.3)."""
    c = w.choose_country("country")
    k = w.choose_int("cadre", 0, 1)
    w.update("cadre", c, lambda old, n: k)


# --------------------------------------------------------------------------------------------
# Troops: Deploy, Regime Change, Withdraw
# --------------------------------------------------------------------------------------------

def deploy_destinations(w: Work) -> list[str]:
    """7.3.2-7.3.3: troops deploy to the track or an (Ally, hence) Muslim country; card 57 Abu
    Sayyaf adds the Philippines (the Alignment and card-value conditions are left free)."""
    return sorted(w.facts.muslim | {PHILIPPINES})


@transition("deploy", "7.3.1", "7.3.2", "7.3.3", "7.3.4", "card 41", "card 57")
def t_deploy(w: Work, create_cube: bool = False) -> None:
    """7.3.1: any number of troops from one location (a country or the Troops track) to one other
    (the track, a Muslim country, or the Philippines under Abu Sayyaf); NATO leaves a country
    troops move out of (card 41). ``create_cube=True`` adds a cube from nowhere (a deliberately
    broken rule)."""
    src, dst = w.choose_location("from"), w.choose_location("to", deploy_destinations(w))
    n = w.choose_int("troops", 1)
    w.require(src != dst, n <= troops_at(w, src))
    move_troops(w, src, dst, n, created=1 if create_cube else 0)


@transition("regime_change", "7.3.4", "4.8.2", "4.9.3", "7.3.4.1", "4.7.1")
def t_regime_change(w: Work) -> None:
    """7.3.4: 6+ troops from one location into a Muslim country; a green Regime Change marker; roll
    Governance (1-4 Poor, 5-6 Fair, placed with the marker: never Regime Change on Islamist Rule);
    Ally; its Sleeper cells turn Active; roll Prestige."""
    target = w.choose_country("country", w.facts.muslim)
    src = w.choose_location("from")
    n = w.choose_int("troops", 6)
    w.require(src != target, n <= troops_at(w, src))
    move_troops(w, src, target, n)
    g = w.choose_value("governance", GOV["poor"].sort(), (GOV["poor"], GOV["fair"]))
    w.update("gov", target, lambda old, c: g)
    w.update("rc", target, lambda old, c: RC["green"])
    w.update("align", target, lambda old, c: ALIGN["ally"])
    flip_sleepers(w, target, w.select("sleepers", target))
    prestige_roll(w)


@transition("regime_change_marker", "7.3.4", "4.8.2", "4.9.3", "7.3.4.1", "4.6.4")
def t_regime_change_marker(w: Work) -> None:
    """7.3.4 after its troops have moved in (a ``deploy`` of 6+, which the model takes as its own
    step): the Regime Change marker (green; tan where the ruling ``rc_marker_tan``, D23, lets the US
    choose, 4.8.2) placed with the Governance roll's result (1-4 Poor, 5-6 Fair, 4.9.3: never
    Regime Change on Islamist Rule, 7.3.4.1); Ally; its Sleeper cells turn Active (4.6.4). The
    country holds the 6+ troops that moved in. (The Prestige roll that ends it is ``prestige_roll``.)"""
    target = w.choose_country("country", w.facts.muslim)
    w.require(w.select("troops", target) >= 6)
    g = w.choose_value("governance", GOV["poor"].sort(), (GOV["poor"], GOV["fair"]))
    marker = w.choose_value("marker", RC["green"].sort(), (RC["green"], RC["tan"]))
    w.update("gov", target, lambda old, c: g)
    w.update("rc", target, lambda old, c: marker)
    w.update("align", target, lambda old, c: ALIGN["ally"])
    flip_sleepers(w, target, w.select("sleepers", target))


@transition("withdraw", "7.3.5", "card 41")
def t_withdraw(w: Work) -> None:
    """7.3.5: troops out of a Regime Change country (to the track or a country they could deploy
    to, the ``withdraw_destination`` ruling's widest reading); its Aid removed; a Besieged Regime
    placed. NATO leaves with the troops (card 41). (The Prestige roll that ends it, 7.3.5 and
    4.7.1, is ``prestige_roll``: the model rolls it in a step of its own, a chance node, as it does
    Regime Change's.)"""
    src = w.choose_country("from")
    dst = w.choose_location("to", deploy_destinations(w))
    n = w.choose_int("troops", 1)
    w.require(w.select("rc", src) != RC["none"], dst != src, n <= w.select("troops", src))
    move_troops(w, src, dst, n)
    w.update("aid", src, lambda old, c: 0)
    w.update("besieged", src, lambda old, c: 1)


# --------------------------------------------------------------------------------------------
# Plots and WMD
# --------------------------------------------------------------------------------------------

@transition("place_plot", "8.5.2", "8.5.4", "4.7.8", "card 57")
def t_place_plot(w: Work) -> None:
    """8.5.2: an Available plot marker (numbered or WMD) face down in a country, by a Plot or an
    event; Abu Sayyaf may cost 1 Prestige (card 57)."""
    c = w.choose_country("country")
    kind = choose_plot(w)
    move_plot_to_country(w, c, kind)
    abu_sayyaf = w.choose_bool("abu_sayyaf")
    shift_prestige(w, z3.If(abu_sayyaf, -1, 0))


@transition("resolve_plot", "8.5.6", "8.5.5", "5.2.3", "9.3.3", "card 1")
def t_resolve_plot(w: Work) -> None:
    """8.5.6, one unblocked plot: FUNDING (a clamped shift, or to 9 -- to 1 under Backlash);
    POSTURE (non-Muslim: that country's Posture and, in Schengen, two others rolled; the US: its
    Posture); PRESTIGE (troops there: -1, WMD: to 1; the US: a Prestige roll); GOVERNANCE (a
    Muslim country: each success removes an Aid and worsens it one level, never to Islamist Rule);
    MARKER: a numbered plot back to Available, a WMD plot out of the game (8.5.5; 9.3.3, solo:
    :func:`take_plot_off_map`)."""
    c = w.choose_country("country")
    kind = choose_plot(w)
    # FUNDING
    to_extreme = w.choose_bool("funding_set")
    extreme = w.choose_value("funding_value", z3.IntSort(), (z3.IntVal(1), z3.IntVal(9)))
    delta = w.choose_int("funding_delta")
    w["funding"] = z3.If(to_extreme, extreme, clamp(w["funding"] + delta, 1, 9))
    # POSTURE: any Posture box but Israel's may be rolled; the US Posture if in the US
    for n in sorted(w.facts.posture_box - w.facts.fixed_hard):
        rolled = w.choose_bool(f"posture_rolled[{n}]")
        p = w.choose_value(f"posture[{n}]", POSTURE["hard"].sort(), (POSTURE["hard"], POSTURE["soft"]))
        w[cvar("posture", n)] = z3.If(rolled, p, w.at("posture", n))
    us_p = w.choose_value("us_posture", POSTURE["hard"].sort(), (POSTURE["hard"], POSTURE["soft"]))
    in_us = w.is_country(c, US)
    w["us_posture"] = z3.If(in_us, us_p, w["us_posture"])
    # PRESTIGE
    troops_there = w.select("troops", c) + 2 * w.select("nato", c)
    shift_prestige(w, z3.If(z3.And(troops_there > 0, kind != WMD), -1, 0))
    w["prestige"] = z3.If(z3.And(troops_there > 0, kind == WMD), 1, w["prestige"])
    prestige_roll(w, when=in_us)
    # GOVERNANCE
    hits = w.choose_int("governance_successes", 0, 3)
    muslim = w.is_among(c, w.facts.muslim)
    gov = w.select("gov", c)
    set_governance(w, c, worse(gov, hits), when=z3.And(muslim, hits > 0))
    w.update("aid", c, lambda old, n: z3.If(muslim, z3.If(old - hits > 0, old - hits, 0), old))
    # MARKER
    take_plot_off_map(w, c, kind)


@transition("alert", "7.5.3", "8.5.5", "9.3.3", "card 116")
def t_alert(w: Work, wmd_returns: bool = False, brings_back: bool = True) -> None:
    """7.5.3: Alert removes a plot: a numbered one back to Available, a WMD one out of the game
    (8.5.5; 9.3.3, solo: a set-aside marker back, :func:`take_plot_off_map`); KSM (card 116)
    likewise."""
    c = w.choose_country("country")
    take_plot_off_map(w, c, choose_plot(w), wmd_returns, brings_back)


@transition("plot_marker_off_map", "8.5.6", "8.5.5", "9.3.3")
def t_plot_marker_off_map(w: Work) -> None:
    """8.5.6 SEGNALINO, a plot resolution's last part: its marker leaves the country, a numbered one
    back to Available Plots, a WMD one out of the game (8.5.5). The model resolves a plot in parts
    (FUNDING, POSTURE, PRESTIGE, GOVERNANCE: the dice are chance steps), so this one may come in a
    step of its own, after ``resolve_plot``'s PRESTIGE where troops are there."""
    c = w.choose_country("country")
    take_plot_off_map(w, c, choose_plot(w))


@transition("wmd_becomes_available", "4.7.8.1", "9.3.3", "card 65", "card 69", "card 71")
def t_wmd_becomes_available(w: Work, solo_only: bool = True) -> None:
    """4.7.8.1: a WMD event (HEU, Kazakh Strain, Loose Nuke) moves one WMD plot from the "Loose
    Nuke, HEU & Kazakh Strain" box to Available (none left: nothing); 9.3.3, solo: it sets aside the
    lowest-numbered Available numbered marker (:func:`wmd_added`; ``solo_only=False`` breaks that)."""
    w.require(w["wmd_box_loose_nuke"] >= 1)
    w["wmd_box_loose_nuke"] = w["wmd_box_loose_nuke"] - 1
    wmd_added(w, z3.IntVal(1), solo_only)


# --------------------------------------------------------------------------------------------
# Event markers on countries
# --------------------------------------------------------------------------------------------

@transition("place_aid", "7.2.2.1", "card 13", "card 27", "card 30", "card 32", "card 113", "card 119")
def t_place_aid(w: Work) -> None:
    """War of Ideas' first Aid (7.2.2.1) and events: an Aid marker more in a Muslim country,
    whatever its Governance (card 27 Saddam Captured: Iraq; card 32 Back Channel)."""
    c = w.choose_country("country", w.facts.muslim)
    w.update("aid", c, lambda old, n: old + 1)


@transition("remove_aid", "7.2.2.3", "8.4.1", "8.5.6", "7.3.5", "card 81")
def t_remove_aid(w: Work) -> None:
    """Aid removed: one per Jihad or plot success (8.4.1, 8.5.6), all on Withdraw (7.3.5), events."""
    c = w.choose_country("country")
    k = w.choose_int("aid_removed", 0)
    w.update("aid", c, lambda old, n: z3.If(old - k > 0, old - k, 0))


@transition("besiege", "8.4.3.1", "7.3.5", "card 81", "card 93", "card 113", "card 119")
def t_besiege(w: Work) -> None:
    """A Besieged Regime placed in a Muslim country (one at most), whatever its Governance or
    whether it is marked (card 93 Taliban; A34)."""
    c = w.choose_country("country", w.facts.muslim)
    w.update("besieged", c, lambda old, n: 1)


@transition("lift_besieged", "card 28", "8.4.3.2")
def t_lift_besieged(w: Work) -> None:
    """A Besieged Regime removed (card 28 Sharia; a shift to Good or Islamist Rule, 8.4.3.2)."""
    c = w.choose_country("country")
    w.update("besieged", c, lambda old, n: 0)


@transition("shift_alignment", "8.4.3.1", "card 32", "card 113", "card 119")
def t_shift_alignment(w: Work) -> None:
    """An event (or a Major Jihad failure) sets a marked Muslim country's Alignment, Islamist Rule
    included (card 32 Back Channel: Neutral; FAQ)."""
    c = w.choose_country("country", w.facts.muslim)
    w.require(w.select("gov", c) != GOV["none"])
    a = w.choose_value("alignment", ALIGN["ally"].sort(), (ALIGN["ally"], ALIGN["neutral"], ALIGN["adversary"]))
    w.update("align", c, lambda old, n: a)


@transition("place_nato", "card 41")
def t_place_nato(w: Work, regime_change_only: bool = True) -> None:
    """Card 41 NATO: its marker on a Regime Change country (A08). ``regime_change_only=False``
    drops that condition (a deliberately broken rule)."""
    c = w.choose_country("country")
    if regime_change_only:
        w.require(w.select("rc", c) != RC["none"])
    w.update("nato", c, lambda old, n: 1)


@transition("remove_nato", "card 41")
def t_remove_nato(w: Work) -> None:
    """Card 41: the NATO marker removed."""
    c = w.choose_country("country")
    w.update("nato", c, lambda old, n: 0)


@transition("place_sadr", "card 54")
def t_place_sadr(w: Work) -> None:
    """Card 54 Moqtada al-Sadr: its marker, an Active cell that is no cylinder, in Iraq."""
    w[cvar("sadr", IRAQ)] = z3.IntVal(1)


@transition("remove_sadr", "card 54")
def t_remove_sadr(w: Work) -> None:
    """Card 54: Sadr removed as a cell leaves the game (no cylinder returns to the track)."""
    w[cvar("sadr", IRAQ)] = z3.IntVal(0)


# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------

HAND = {"US": "hand_US", "Jihadist": "hand_Jihadist"}


def _hand_choice(w: Work) -> z3.ArithRef:
    us = w.choose_bool("us_side")
    return z3.If(us, zone_index("hand_US"), zone_index("hand_Jihadist"))


@transition("draw", "5.3.1", "5.2.8")
def t_draw(w: Work, symbolic_card: bool = False, card: int | None = None) -> None:
    """5.2.8, 5.3.1: a card from the draw pile to a hand."""
    move_card(w, the_card(w, symbolic_card, card), z3.IntVal(zone_index("deck")), _hand_choice(w))


@transition("play_card", "6.1", "5.2.2", "5.2.4")
def t_play_card(w: Work, symbolic_card: bool = False, card: int | None = None) -> None:
    """6.1: a card from a hand is played (or discarded, 5.2.4): it is being resolved."""
    move_card(w, the_card(w, symbolic_card, card), _hand_choice(w), z3.IntVal(zone_index("in_play")))


@transition("discard_from_hand", "5.2.4", "6.3.2.3")
def t_discard_from_hand(w: Work, symbolic_card: bool = False, card: int | None = None) -> None:
    """5.2.4: the US discards its final card (no effect; 6.3.2.3: discarding any card causes no
    event): a card from a hand to the discard pile in one step (the model passes it through the
    table and puts it away within one ``apply``)."""
    move_card(w, the_card(w, symbolic_card, card), _hand_choice(w), z3.IntVal(zone_index("discard")))


@transition("first_plot_claimed", "8.5.3", "4.7.7.2")
def t_first_plot_claimed(w: Work) -> None:
    """8.5.3, 4.7.7.2: the turn's first Plot (with a US event, ruling ``first_plot_exemption``)
    uses up the 1st Plot exemption: once per turn (the flag was clear); its card goes to the box
    when it is put away (``put_away``)."""
    w.require(w["first_plot_used"] == 0)
    w["first_plot_used"] = z3.IntVal(1)


@transition("put_away", "6.2.9", "4.7.7.1", "4.7.7.2", "6.3.2.3")
def t_put_away(w: Work, box_guard: bool = True, symbolic_card: bool = False, card: int | None = None) -> None:
    """events/play.put_away: the played card goes to the discards, is removed (REMOVE, 6.2.9), to
    the Lapsing box (4.7.7.1), or to the 1st Plot box (4.7.7.2): only the card of the Plot that
    used up the turn's exemption (``first_plot_claimed`` set the flag), into the empty box
    (``box_guard=False`` drops that, a deliberately broken rule)."""
    dst = _zone_choice(w, "to", ("discard", "removed", "lapsing", "first_plot"))
    to_box = dst == zone_index("first_plot")
    if box_guard:
        w.require(z3.Implies(to_box, z3.And(w["first_plot_used"] == 1, zone_size(w, "first_plot") == 0)))
    move_card(w, the_card(w, symbolic_card, card), z3.IntVal(zone_index("in_play")), dst)


@transition("reshuffle", "5.3.1", "3.3", "4.7.5", "4.7.7.3")
def t_reshuffle(w: Work) -> None:
    """5.3.1: a card must be drawn and the draw pile is empty: the Deck marker advances; the
    discards, the Lapsing and 1st Plot boxes become the new pile -- unless it is the game's last
    reshuffle (3.3), which ends the game at once. A game that is over has no more steps."""
    w.require(zone_size(w, "deck") == 0, w["reshuffles"] < w["decks"])
    w["reshuffles"] = w["reshuffles"] + 1
    empty_into(w, ("discard", "lapsing", "first_plot"), "deck", when=w["reshuffles"] < w["decks"])


@transition("event_card_move", "6.2", "card 48", "card 53", "card 97", "card 111")
def t_event_card_move(w: Work, symbolic_card: bool = False, from_removed: bool = False, card: int | None = None) -> None:
    """An event moves one card between zones (discard from a hand, take from the discards or a
    box, swap hands, ...); never out of the removed cards (6.2.9; ``from_removed=True`` allows it,
    a deliberately broken rule), never into the 1st Plot box."""
    src = _zone_choice(w, "from", [z for z in ZONES if from_removed or z != "removed"])
    dst = _zone_choice(w, "to", [z for z in ZONES if z != "first_plot"])
    w.require(src != dst)
    move_card(w, the_card(w, symbolic_card, card), src, dst)


# --------------------------------------------------------------------------------------------
# End of turn
# --------------------------------------------------------------------------------------------

PIRATES = 73                          # card 73 Pirates (MARK and REMOVE)
PIRATES_COUNTRIES = ("Somalia", "Yemen")


def pirates_hold(w: Work) -> z3.BoolRef:
    """Card 73 Pirates: "Mentre uno di questi paesi [Somalia, Yemen] è sotto Governo Islamico, non
    si ha il calo dei Fondi a fine turno". Its marker is in effect only once its event has been
    played, and the card is then out of the game (MARK and REMOVE, 6.2.7, 6.2.9): the card is among
    the removed cards, and Somalia or Yemen is under Islamist Rule now."""
    return z3.And(w[card_var(PIRATES, "removed")] >= 1,
                  z3.Or(*[w.at("gov", n) == GOV["islamist_rule"] for n in PIRATES_COUNTRIES]))


@transition("end_of_turn", "5.2.5", "5.2.6", "5.2.7", "4.7.7.1", "card 73")
def t_end_of_turn(w: Work, clamped: bool = True) -> None:
    """5.2.5: Funding -1 unless Pirates holds (card 73: its card removed, Somalia or Yemen under
    Islamist Rule: :func:`pirates_hold`); Prestige -1 once if any country is under Islamist Rule;
    then +1 if the World Posture is 3 on the US's side. 5.2.6: the Lapsing and 1st Plot boxes to
    the discards, the 1st Plot exemption available again. 5.2.7: Reserves to zero. (5.2.8, the
    deal, is a series of ``draw``; 5.2.9, after the deal, is ``regime_change_flip``.)
    ``clamped=False`` drops the track limits (a deliberately broken rule).

    Funding is kept only where Pirates holds; the converse (Funding dropping while it holds) is
    left free: the state cannot tell the card removed by its own event from one removed otherwise."""
    pirates = w.choose_bool("pirates")
    w.require(z3.Implies(pirates, pirates_hold(w)))
    shift_funding(w, z3.If(pirates, 0, -1), clamped)
    any_ir = z3.Or(*[w.at("gov", n) == GOV["islamist_rule"] for n in w.facts.names])
    shift_prestige(w, z3.If(any_ir, -1, 0), clamped)
    diplomacy = z3.And(z3.Or(world_posture(w.pre) == 3, world_posture(w.pre) == -3), gwot_penalty(w.pre) == 0)
    shift_prestige(w, z3.If(diplomacy, 1, 0), clamped)
    empty_into(w, ("lapsing", "first_plot"), "discard")
    w["first_plot_used"] = z3.IntVal(0)
    for side in SIDES:
        w[f"reserves_{side}"] = z3.IntVal(0)


@transition("regime_change_flip", "5.2.9")
def t_regime_change_flip(w: Work) -> None:
    """5.2.9, the end of turn's last step, after the deal (5.2.8): every green Regime Change marker
    turns tan. (The model takes it with the deal's last card: a step of its own, not part of
    ``end_of_turn``, which comes before the deal.)"""
    for n in w.facts.names:
        w[cvar("rc", n)] = z3.If(w.at("rc", n) == RC["green"], RC["tan"], w.at("rc", n))


# --------------------------------------------------------------------------------------------
# Two-state facts and lemmas
# --------------------------------------------------------------------------------------------

ONE_WAY_NAMES = (
    [card_var(n, "removed") for n in CARDS],
    ["wmd_box_loose_nuke", "wmd_box_pakistan"],
    ["wmd_removed"],
    ["reshuffles"],
    ["plot_total_1", "plot_total_2", "plot_total_3", "decks", "solo"],
)


def one_way(pre: SymState, post: SymState) -> list[tuple[str, str, z3.BoolRef]]:
    """Facts about every step: (name, rule, formula over pre and post)."""
    return [
        ("removed_cards_stay_removed", "6.2.9",
         z3.And(*[post.card(n, "removed") >= pre.card(n, "removed") for n in CARDS])),
        ("wmd_boxes_only_empty", "4.7.8.1",
         z3.And(post["wmd_box_loose_nuke"] <= pre["wmd_box_loose_nuke"],
                post["wmd_box_pakistan"] <= pre["wmd_box_pakistan"])),
        ("removed_wmd_never_return", "8.5.5", post["wmd_removed"] >= pre["wmd_removed"]),
        ("deck_marker_only_advances", "4.7.5", post["reshuffles"] >= pre["reshuffles"]),
        ("game_parameters_fixed", "3.3",
         z3.And(*[post[p] == pre[p] for p in ("plot_total_1", "plot_total_2", "plot_total_3", "decks", "solo")])),
    ]


@lru_cache(maxsize=2)
def _copies(facts: MapFacts) -> tuple[SymState, SymState, list, list]:
    pre, post = SymState(facts, "pre:"), SymState(facts, "post:")
    return pre, post, state_invariants(pre), state_invariants(post)


def _facts() -> MapFacts:
    from cdg_oracle.model.labyrinth.mapdata import load_map
    return facts_of(load_map())


def solver() -> z3.Solver:
    """The solver of every proof: simplify, lift the If-terms out of arithmetic, then z3's SMT
    core. (z3's default solver answers "unknown" on some of these goals, e.g. the GWOT penalty
    range: it mixes enumerations with the If-sums of the World Posture.)"""
    return z3.Then("simplify", "elim-term-ite", "smt").solver()


#: The default solver's resource limit (a count of z3's own steps, the same on every machine,
#: where a wall-clock timeout made the solver that answers, so a counterexample shown, depend on
#: the machine's load): about 20 s of an unloaded machine.
RLIMIT = 100_000_000


def _check(formulas: list) -> tuple:
    """(verdict, model or None) for the conjunction of ``formulas``: z3's default solver first
    (fastest on the transitions), within :data:`RLIMIT`; on "unknown", the tactic solver of
    :func:`solver`."""
    for make in (z3.Solver, solver):
        s = make()
        if make is z3.Solver:
            s.set("rlimit", RLIMIT)
        s.add(*formulas)
        r = s.check()
        if r != z3.unknown:
            return r, (s.model() if r == z3.sat else None)
    return r, None


def _value(m: z3.ModelRef, e: z3.ExprRef):
    return python_value(m.eval(e, model_completion=True))


@dataclass
class _Built:
    """A proof's queries built, not solved (:func:`_build`)."""
    spec: Spec
    w: Work
    pre: SymState
    after: dict
    goals: list
    inv_pre: list
    step: list
    negated_goal: z3.BoolRef
    relevant: Callable[[], list] | None   # the sliced form's first assumptions (solving only)

    def query(self, inv_pre: list | None = None) -> list:
        """The query as written whose unsat the verdict "proved" means: every pre-invariant, the
        step, the negated goal (the sliced form's first query assumes only :attr:`relevant`'s
        of the pre-invariants: its unsat is this one's). ``inv_pre``: the pre-invariants'
        formulas, where already built."""
        return (inv_pre or [i.formula for i in self.inv_pre]) + self.step + [self.negated_goal]


def _build(name: str, facts: MapFacts | None = None, sliced: bool = True, **params) -> _Built:
    """The queries of :func:`prove` (same arguments), built without solving."""
    facts = facts or _facts()
    pre, post, inv_pre, inv_post = _copies(facts)
    spec = TRANSITIONS[name]
    w = Work(pre, name)
    spec.build(w, **params)
    deps = dependencies(facts)
    if sliced:
        changed = {n for n in pre.state_names if not w.e[n].eq(pre[n])}
        view = StateView(facts, w.e)
        goal_invs = [f(view) for f, i in zip(STATE_INVARIANTS, inv_pre) if not changed.isdisjoint(deps[i.name][0])]
        after = {n: w.e[n] for n in pre.state_names}
        step = list(w.guards)
        ways = [(way, names) for way, names in zip(one_way(pre, view), ONE_WAY_NAMES) if not changed.isdisjoint(names)]
    else:
        goal_invs = inv_post
        after = {n: post[n] for n in pre.state_names}
        step = [w.relation(post)]
        ways = list(zip(one_way(pre, post), ONE_WAY_NAMES))
    goals = [(i.name, i.rule, i.parts, deps[i.name][1]) for i in goal_invs]
    goals += [(n, r, (f,), [names]) for (n, r, f), names in ways]
    negated_goal = z3.Not(z3.And(*[z3.And(*parts) for _, _, parts, _ in goals]))
    relevant = None
    if sliced:
        def relevant() -> list:
            # assume first only the pre-invariants that share components with the step and its
            # goals; a counterexample is only reported if it survives every pre-invariant
            touched = set(changed)
            for g in goal_invs:
                touched.update(deps[g.name][0])
            for g in step:
                touched.update(pre.name_of(x) for x in variables(g) if x.decl().name().startswith(pre.prefix))
            return [i for i in inv_pre if not touched.isdisjoint(deps[i.name][0])]
    return _Built(spec, w, pre, after, goals, inv_pre, step, negated_goal, relevant)


def query(name: str, facts: MapFacts | None = None, sliced: bool = True, memo: dict | None = None,
          **params) -> dict[str, list]:
    """The solver calls of ``prove(name)``, built without solving (properties/proved.py, the
    certificate): ``"proved"``, the query as written whose unsat the verdict "proved" means (the
    sliced form's first query assumes some of its pre-invariants: its unsat is this one's);
    ``"enabled"``, the query whose sat means the step is not vacuous (the same without the negated
    goal). ``memo`` (a dict the caller keeps for a batch of queries) holds the map's facts and the
    pre-invariants' formulas, built once (the symbolic copies are cached by :func:`_copies`)."""
    if facts is None and memo is not None:
        facts = memo.setdefault("facts", _facts())
    b = _build(name, facts, sliced, **params)
    inv_pre = memo.get(("inv_pre", facts)) if memo is not None else None
    if inv_pre is None:
        inv_pre = [i.formula for i in b.inv_pre]
        if memo is not None:
            memo[("inv_pre", facts)] = inv_pre
    proved = b.query(inv_pre)
    return {"proved": proved, "enabled": proved[:-1]}


def query_names() -> list[str]:
    """The proofs whose queries the certificate records: every transition (as :func:`prove_all`
    proves them)."""
    return list(TRANSITIONS)


def prove(name: str, facts: MapFacts | None = None, sliced: bool = True, **params) -> dict:
    """Prove that transition ``name`` (with ``params``, the switches that break a rule on purpose)
    keeps every state invariant and the one-way facts:
    ``Inv(pre) and T(pre, post) and not (Inv(post) and OneWay(pre, post))`` is unsatisfiable.

    ``sliced=True`` (the default) asks z3 the same question in a smaller form: T defines each
    post component as an expression of the pre-state and the choices, so the post components are
    replaced by those expressions (the one-point rule), and an invariant none of whose components
    the step rewrites is left out of the goal (it holds after as it held before: the frame).
    ``sliced=False`` gives z3 the relation over the two copies and every invariant, as written.

    Returns ``{"name", "rules", "status": "proved" | "counterexample" | "unknown", "violated",
    "witness", "seconds", "z3_steps"}`` (``z3_steps``: z3's resource count it used, z3_work.z3_steps); the witness holds the choices and dice, and the pre and post values
    of every component the step changed or the violated parts mention."""
    t0, s0 = time.perf_counter(), z3_steps()
    b = _build(name, facts, sliced, **params)
    spec, w, pre, after, goals, inv_pre, step = b.spec, b.w, b.pre, b.after, b.goals, b.inv_pre, b.step
    if sliced:
        relevant_pre = b.relevant()
        r, m = _check([i.formula for i in relevant_pre] + step + [b.negated_goal])
        if r != z3.unsat and len(relevant_pre) < len(inv_pre):
            r, m = _check(b.query())
    else:
        r, m = _check(b.query())
    out = {"name": name, "rules": list(spec.rules), "status": "unknown", "violated": [], "witness": None}
    if r == z3.unsat:
        out["status"] = "proved"
        # not vacuous: the step can be taken from some state that keeps every invariant
        enabled, _ = _check([i.formula for i in inv_pre] + step)
        out["enabled"] = enabled == z3.sat
        if enabled != z3.sat:
            out["status"] = "vacuous"
    elif r == z3.sat:
        relevant = [n for n in pre.state_names if not z3.is_true(m.eval(pre[n] == after[n], model_completion=True))]
        for gname, rule, parts, part_names in goals:
            bad = [names for p, names in zip(parts, part_names) if z3.is_false(m.eval(p, model_completion=True))]
            if bad:
                out["violated"].append(f"{gname} ({rule})")
            for names in bad:
                if len(names) > 12:
                    names = [n for n in names if (_value(m, pre[n]), _value(m, after[n])) != (0, 0)
                             and (_value(m, pre[n]), _value(m, after[n])) != ("none", "none")]
                relevant += [n for n in names if n not in relevant]
        out["status"] = "counterexample"
        out["witness"] = {"choices": w.shown_choices(m),
                          "pre": {n: _value(m, pre[n]) for n in relevant},
                          "post": {n: _value(m, after[n]) for n in relevant}}
    if params:
        out["params"] = dict(params)
    out["seconds"] = round(time.perf_counter() - t0, 3)
    out["z3_steps"] = z3_steps() - s0
    return out


# -- lemmas: facts about the derived quantities, valid in every state that keeps the invariants --

def _lemmas(facts: MapFacts) -> list[tuple[str, tuple[str, ...], z3.BoolRef]]:
    S = SymState(facts, "s:")
    f1, f2, c = z3.Ints("s:f1 s:f2 s:c")
    inv = z3.And(*[i.formula for i in state_invariants(S)])
    wp, pen = world_posture(S), gwot_penalty(S)
    avail = available_cells(S)
    return [
        ("world_posture_range", ("4.7.2",), z3.And(wp >= -3, wp <= 3)),
        ("world_posture_counts_israel", ("4.3.3", "4.7.2"),
         z3.Implies(z3.And(inv, *[S.at("posture", n) == POSTURE["none"] for n in facts.names
                                  if n not in facts.fixed_hard]), wp == 1)),
        ("gwot_penalty_range", ("4.7.2.1",), z3.And(pen >= 0, pen <= 3)),
        ("available_cells_within_track", ("4.7.4.2",),
         z3.Implies(inv, z3.And(avail >= 0, avail <= S["cells_track"]))),
        ("available_cells_monotone_in_funding", ("4.7.4.2",),
         z3.Implies(z3.And(1 <= f1, f1 <= f2, f2 <= 9, 0 <= c, c <= 15),
                    available_cells_of(f1, c) <= available_cells_of(f2, c))),
        ("available_cells_example", ("4.7.4.2",), available_cells_of(z3.IntVal(6), z3.IntVal(12)) == 7),
        ("troops_level_example", ("4.7.3",), troops_level_of(z3.IntVal(15 - 7)) == 1),
        ("hand_sizes_7_to_9", ("5.2.8",),
         z3.Implies(inv, z3.And(hand_size_us(S) >= 7, hand_size_us(S) <= 9,
                                hand_size_jihadist(S) >= 7, hand_size_jihadist(S) <= 9))),
    ]


def prove_lemmas(facts: MapFacts | None = None) -> list[dict]:
    out = []
    for name, rules, f in _lemmas(facts or _facts()):
        t0, s0 = time.perf_counter(), z3_steps()
        s = solver()
        s.add(z3.Not(f))
        r = s.check()
        wit = None
        if r == z3.sat:
            m = s.model()
            wit = {str(d): python_value(m[d]) for d in m.decls()
                   if m[d] is not None and python_value(m[d]) not in (0, "none")}
        out.append({"name": f"lemma: {name}", "rules": list(rules),
                    "status": "proved" if r == z3.unsat else ("counterexample" if r == z3.sat else "unknown"),
                    "witness": wit, "seconds": round(time.perf_counter() - t0, 3), "z3_steps": z3_steps() - s0})
    return out


def base_cases() -> list[dict]:
    """The induction's base: every invariant (and every derived agreement) holds in each
    scenario's state after its fixed set-up (``new_game``: before its set-up decisions, which are
    steps covered by the transitions: ``place_cells_by_event``, ``test_muslim_country``,
    ``posture_roll``)."""
    from cdg_oracle.model.labyrinth import new_game, scenario_names
    out = []
    for name, options in [(n, o) for n in scenario_names() for o in (None, {"solo": True})]:
        t0, s0 = time.perf_counter(), z3_steps()
        st = new_game(name, options=options)
        res = check_state(st.d, st.map)
        bad = [r for r in res if not r["holds"]]
        out.append({"name": f"base case: {name}" + (" (solo)" if options else ""), "rules": ["3.2"] + (["9.0"] if options else []),
                    "status": "proved" if not bad else "counterexample",
                    "witness": {r["name"]: r["counterexample"] for r in bad} or None,
                    "seconds": round(time.perf_counter() - t0, 3), "z3_steps": z3_steps() - s0})
    return out


def setup() -> None:
    """Build once what every proof reuses (the map's facts, the two symbolic copies and their
    invariants; cached): benchmarks/proofs.py times it apart from the proofs."""
    _copies(_facts())


def prove_all() -> list[dict]:
    """The whole proof suite: base cases, every registered transition (rules as written), the
    lemmas on derived quantities. Each entry: ``{"name", "rules", "status", "witness", "seconds",
    "z3_steps"}`` (the seconds and z3's resource count each used: measured, kept out of the report)."""
    facts = _facts()
    out = base_cases()
    out += [prove(name, facts) for name in query_names()]
    out += prove_lemmas(facts)
    return out


# --------------------------------------------------------------------------------------------
# Non-invariants: the h.2 (C) candidates, each broken by a step of the rules
# --------------------------------------------------------------------------------------------

def refute_non_invariants(facts: MapFacts | None = None) -> list[dict]:
    """For each documented non-invariant (z3_state.NON_INVARIANTS), a state keeping every invariant
    and the candidate, and a step of the named transition after which the candidate fails:
    ``{"name", "rule", "transition", "status": "refuted" | "not refuted", "witness"}``."""
    facts = facts or _facts()
    pre, post, inv_pre, _ = _copies(facts)
    out = []
    for ni in NON_INVARIANTS:
        t0, s0 = time.perf_counter(), z3_steps()
        w = Work(pre, ni.broken_by)
        TRANSITIONS[ni.broken_by].build(w)
        view = StateView(facts, w.e)
        s = solver()
        s.add(*[i.formula for i in inv_pre], ni.candidate(pre), *w.guards, z3.Not(ni.candidate(view)))
        r = s.check()
        wit = None
        if r == z3.sat:
            m = s.model()
            changed = [n for n in pre.state_names
                       if not z3.is_true(m.eval(pre[n] == w.e[n], model_completion=True))]
            # and the components of the candidate's conjuncts that fail after the step
            after, named = ni.candidate(view), ni.candidate(post)
            pairs = zip(after.children(), named.children()) if z3.is_and(after) else [(after, named)]
            for part, same in pairs:
                if z3.is_false(m.eval(part, model_completion=True)):
                    changed += [post.name_of(x) for x in variables(same) if post.name_of(x) not in changed]
            wit = {"choices": w.shown_choices(m),
                   "pre": {n: _value(m, pre[n]) for n in changed},
                   "post": {n: _value(m, w.e[n]) for n in changed}}
        out.append({"name": ni.name, "rule": ni.rule, "transition": ni.broken_by,
                    "status": "refuted" if r == z3.sat else "not refuted", "witness": wit,
                    "seconds": round(time.perf_counter() - t0, 3), "z3_steps": z3_steps() - s0})
    return out
