"""Inductive proofs of the Twilight Struggle invariants (z3_invariants.py) over the rules' moves.

**Transitions.** Each move the rules make is a small function ``t(pre, c) -> post`` over a
:class:`~cdg_oracle.properties.twilight_struggle.z3_invariants.SymState` ``pre``: what the rules
leave free -- the players' choices (the side acting, a country, a card, the ops of the card, a
free coup or not) and the dice -- are fresh z3 constants made by ``c`` (:class:`Choices`) within
their legal range; what the rules impose is a guard (``c.require``) or an effect; the components
the function does not rewrite stay equal (the frame: :meth:`SymState.with_`). Every transition is
guarded by "the game is not over". The moves (:data:`TRANSITIONS`):

======================  =====================================================================
place_influence         6.1: one influence marker of the acting side in any country
realign_roll            6.2.2: one roll, exact modifiers from the state; the loser loses the
                        difference, never below zero; no influence added (6.2.3)
coup                    6.3.2: net = ops + die - 2 x stability, ops 1-5, die 1-6; remove, then
                        add; milops + ops capped at 5 unless free (8.2.3, 8.2.5); a battleground
                        degrades DEFCON by 1 and DEFCON 1 ends the game (8.1.3, 8.1.4, 6.3.4)
coup_target /           the coup in the model's two steps: the target (guards 6.3.1, 8.1.5;
coup_roll               milops, 8.2.3), then the die (influence, DEFCON); card 41 played may
                        keep a US coup from degrading DEFCON (a choice: coup too)
coup_roll_improved      coup_roll then defcon_improvement in one step (the last round's coup
                        die, the turn's end and the next turn's 4.5 A: 6.3.4 then 8.1.6)
space_attempt           6.4: a card on the table; attempts below the allowed 1 or 2 (6.4.2,
                        6.4.4), box below 8 (6.4.6), card ops at least the box's (6.4.1); a
                        success moves one box and gives its first or second VP (6.4.3)
space_declare /         the attempt in the model's two steps: counted (6.4.2, 6.4.5), then the
space_roll              die; with the China Card played (no card on the table) the VP checked
region_scoring          10.1: its card on the table; any net VP between minus and plus the
                        region's bound; Europe's Control ends the game at once (10.3.1)
southeast_asia_scoring  7.2: its card on the table; net VP within +/-8 (data/tables.yaml)
milops_check            8.2.1: each side's shortfall to the other, net (10.2.3); markers to 0;
                        the VP check
defcon_improvement      8.1.6: +1, never above 5 (8.1.2)
turn_advance            4.5 I: turn < 10, +1; attempts to 0; the era's cards join the pile (4.4)
china_play              9.3: played by its face-up holder, to the opponent face down
china_face_up           4.5 H, 9.3
deal / play_card /      the cards moving as the rules move them: pile -> hand (4.5 B), hand ->
headline_choice /       headline (4.5 C, at most one each) -> table, hand -> table (5.1),
headline_reveal /       table -> discards, removed or in effect (2.2.4-2.2.6), hand -> discards
card_leaves_table /     (6.4.4 box 6), the discards -> pile when the pile is empty (4.3)
space_walk_discard /
reshuffle               card_leaves_table makes the VP check when the table is left empty
final_scoring           10.3.2: turn 10; ends the game; VP may pass 20; Europe's Control wins
turn_10_end             4.5 F then 10.3.2 in one step: milops_check, then (the game going on)
                        final_scoring
**the card events** (model/twilight_struggle/events/*.py; each with its card on the table)
event_vp                any VP either way, unchecked till the card leaves (gain_vp callers:
                        cards 4, 20, 34, 39, 45, 48, 55, 58-61, 65, 71, 78, 83, 84, 89, 90, 97,
                        99, 103, the wars)
effect_vp_checked       card 50's 3 VP at the end of the US's next round, checked at once
event_defcon_degrade    tracks.degrade_defcon by n: cards 4, 11, 20, 43 (ruling), 45, 46, 50, 89
event_defcon_improve    tracks.improve_defcon by n: cards 34, 43, 45, 46, 57, 90
event_defcon_set_2      card 40 (_missile_crisis): DEFCON := 2
crisis_coup_war         card 40 (crisis_coup): a coup of the bound side ends the game
event_milops            tracks.add_milops +n capped at 5: the wars (2, 3), card 46 (5)
event_space_box         card 18 (advance_space): one box, below 8, its VP
event_space_two         card 80 (_small_step): behind only; two boxes, never past 8; box 2's VP
wargames                card 100 (_wargames_end): DEFCON 2; 6 VP to the opponent, checked at
                        once; the game ends (the seed's text: with the final scoring)
event_influence         an event's influence in one country, each side any amount >= 0 (6.1.5)
event_card_move         an event moves a card between zones (not from the table or removed,
                        not to a headline)
event_china_card        9.4: an event passes the China Card (cards 58, 71, 76)
======================  =====================================================================

The VP check (:func:`vp_check`, 10.3.1, victory.check_vp): |VP| >= 20 ends the game and the marker
stays at +/-20 (10.2.1). It is made when a card's play ends (the last card leaves the table:
card_leaves_table, as cardplay._finish and headline._after call check_vp after after_event), by
the Military Operations check (4.5 F) and by card 50's effect; while a card is played the VP are
not bounded (the invariant bounds them between cards).

**The model's moves against the transitions.** The refinement check
(properties/twilight_struggle/refinement.py on properties/refinement.py) ties every step of the
model (one ``apply``) to these transitions: the abstraction of the state before and after (the
vector of z3_invariants, :func:`z3_invariants.concrete_values`, the one function the concrete
invariant check and :func:`track_values` read) must be joined by one transition whose rules relate
to the rules the step cites, or a short sequence of them, or be unchanged. :func:`explain_step` is
the older, coarser check of the tracks alone (DEFCON, VP, the end of the game, Military Operations,
the Space Race and the turn, by a sequence of at most 5 transitions of :data:`TRACK_MOVES` found
by z3, the influence and the cards' zones left free); tests/twilight_struggle/test_z3.py keeps it
as a check of those transitions' track arithmetic.

**Induction.** The invariants hold at each scenario's set-up (:func:`base_cases`: a concrete check
of ``new_game(name)`` with :func:`z3_invariants.check_state`); for each transition ``Inv(pre) and
T(pre, post) => Inv(post) and OneWay(pre, post)`` is valid, ``OneWay`` (:data:`ONE_WAY`) being the
two-state facts "removed cards stay removed" (2.2.4, 4.3), "a Space Race marker never moves back"
(6.4) and "the turn only advances" (4.5): z3 finds its negation unsatisfiable (``"proved"``) or
gives a model, reported as a concrete counterexample (the broken invariants, the pre and post values of
their variables, the choices). Each transition is also shown *not vacuous*: ``Inv(pre) and T`` is
satisfiable, some state keeping every invariant can take it (else ``"vacuous"``). A choice of a
country or a card is one symbolic index over all of them (no representative, no symmetry
argument). :func:`prove_lemmas`: control is exclusive (2.1.7), DEFCON gating (8.1.5, 6.3.5), and
the coup and realignment arithmetic (I5, I6, I17).

**The certificate.** :func:`query` builds a proof's solver calls without solving (``"proved"``, the
query as written whose unsat the verdict means; ``"enabled"``, the one whose sat means not vacuous),
and :func:`prove` asks its solvers from the same build; properties/proved.py digests them, and
``properties/twilight_struggle/proved.json`` records each digest with z3's verdict (``python -m
cdg_oracle.oracle.proved_cmd --game twilight_struggle`` re-proves them), which the test suite checks without
solving (the full re-proving: ``prove_all()``, ``cdg-oracle verify``, the slow tests).

**What is abstracted** (a weaker guard only makes a proof stronger): where influence may be
placed and what it costs (6.1.1-6.1.4: any country, one marker; the ops budget is not tracked);
which regions a China Card bonus applies to (9.6: the coup's ops are any 1-5); a region's net VP
is any value within a bound from the data (control, or for Europe domination, plus every
battleground and every country next to a superpower: :func:`region_bound`;
victory_analysis.py computes the exact maxima, which lie within, with card 35's Taiwan
battleground too: exactly the Asia bound); the final scoring's net is any value within the sum
of those bounds plus the China Card's 1; the required Military Operations are any 1-5 (the
DEFCON at the check, or at step D: ruling ``milops_requirement``).

**What the transitions do NOT capture** (said plainly):

* they are written from the rules and the model's code, not extracted from it; the refinement
  check (properties/twilight_struggle/refinement.py) holds the model to them step by step, but
  only on the steps of the games it is run on (random games, the campaigns): an observation, not
  a proof that every model step is a transition;
* the events' transitions are coarse: event_vp gives any VP (card 84's grow with the influence),
  the DEFCON moves any n (the model's amounts are 1 or 2, card 46's any level), event_influence
  any amount in one country, event_card_move a card between any two of its zones, event_china_card
  any holder face up or down; none is tied to which card is on the table (the refinement check
  relates event_influence and event_card_move to any step citing a card), so a wrong amount or a
  wrong card moved by an event is not seen;
* a model step is matched by a sequence of moves each taking its part of the change (a card's zone
  may pass through its headline and the table, the VP through the value before the Military
  Operations check); two moves changing one component otherwise (two VP gains of one headline
  step) would be a finding, and the sequence found is one explanation, not necessarily the
  model's (a DEFCON -1 may be a coup's or an event's);
* the model's two-step coup and Space Race attempt (coup_target then coup_roll, space_declare
  then space_roll) are not tied to each other: the vector does not say which target was chosen or
  that an attempt is pending, so a roll is allowed against any target holding enemy influence and
  after any attempt made this turn; card 41's bar on a US coup's DEFCON move is a choice (its
  effect outlasts its card's zone, and the effects in force are not in the vector);
* the procedure stack, the pending question, the action round and phasing side, the headline
  order, the required Military Operations of step D, hidden information (the hands' contents as
  seen by each side, the order of the draw pile) and the winner are not in the vector; a deal's
  hand size (8 or 9, 4.5 B) and the number of action rounds are not tied to the moves;
* a transition is one step; the sequence of a turn (A-J) is not enforced: e.g. a DEFCON
  improvement may follow any step, a Space Race attempt may be taken any number of times before
  the turn advances (its guard on the attempts made is what bounds it);
* "a card is being played" is "a card is on the table" (the token the VP invariant and the
  events' guards read; the Space Race halves also accept the China Card face down, its play
  having no zone, a weaker guard that holds for the whole turn after it is played): the ops of a card, its event and the opponent's event are all moves with
  it there, in any order, and the VP check waits for the table to empty (as the model's
  ``check_vp`` at the end of the card); the events' moves are not tied to which card is on the
  table;
* the era's cards join the draw pile only inside ``turn_advance`` (4.4 ties them to the turn
  marker: alone, the move would break the card-zone invariant or be vacuous);
* the guards of ``realign_roll`` follow the default rulings (``realign_needs_enemy_influence``,
  ``defcon_restricts_realignment``); the other readings only drop a guard, which protects no
  invariant. DEFCON gating (8.1.5) is not a state invariant: the lemmas show the coup's guard
  is there and matters, not that every model move respects it;
* a Europe Control ending the final scoring leaves the VP as they were (the model scores Europe
  first; 10.3.2 fixes no order, and the VP no longer matter then).
"""
from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from typing import Callable

import z3

from cdg_oracle.model.twilight_struggle.mapdata import REGIONS, load_map
from cdg_oracle.model.twilight_struggle.rulings import TwilightRulings
from cdg_oracle.model.twilight_struggle.tables import load_tables
from cdg_oracle.model.twilight_struggle.tracks import MILOPS_MAX
from cdg_oracle.properties.twilight_struggle import z3_invariants as ZI
from cdg_oracle.properties.z3_work import z3_steps
from cdg_oracle.properties.twilight_struggle.z3_invariants import (
    DEFCON_MAX, ERA_FROM, HAND, HEADLINE, HOLDER, INVARIANTS, LAST_TURN, SIDES, SPACE_LAST, VP_WIN, Z, SymState,
    inv,
)

SCORED = ("Europe", "Asia", "Middle East", "Central America", "South America", "Africa")  # 10.1, 10.3.2
_RULINGS = TwilightRulings()  # the default readings the guards follow


# -- the players' choices and the dice ---------------------------------------------------------------
class Choices:
    """The fresh constants of one step (named ``<tag>.<name>``), their ranges and the step's
    guards, all in ``constraints``."""

    def __init__(self, tag: str):
        self.tag = tag
        self.constraints: list = []
        self.consts: dict[str, z3.ExprRef] = {}
        self.labels: dict[str, tuple] = {}

    def int(self, name: str, lo, hi, labels: tuple | None = None) -> z3.ArithRef:
        """A fresh integer within ``lo..hi``; ``labels``: what each value 0, 1, ... names (a
        country, a card), for the reports."""
        v = z3.Int(f"{self.tag}.{name}")
        self.consts[name] = v
        self.constraints += [v >= lo, v <= hi]
        if labels is not None:
            self.labels[name] = tuple(labels)
        return v

    def bool(self, name: str) -> z3.BoolRef:
        v = z3.Bool(f"{self.tag}.{name}")
        self.consts[name] = v
        return v

    def require(self, *conds) -> None:
        self.constraints.extend(conds)

    def __getitem__(self, name: str) -> z3.ExprRef:
        return self.consts[name]


# -- helpers -------------------------------------------------------------------------------------------
def zmin(a, b):
    return z3.If(a <= b, a, b)


def zmax(a, b):
    return z3.If(a >= b, a, b)


def at(index, values: list):
    """``values[index]`` for a symbolic ``index`` (the last value for an index past the end)."""
    out = values[-1]
    for i in range(len(values) - 2, -1, -1):
        out = z3.If(index == i, values[i], out)
    return out


def of_side(d: dict, us):
    """The acting side's entry of a per-side dict (``us``: the US acts)."""
    return z3.If(us, d["US"], d["USSR"])


def of_other(d: dict, us):
    return z3.If(us, d["USSR"], d["US"])


def set_side(d: dict, us, v) -> dict:
    """``d`` with the acting side's entry replaced by ``v``."""
    return {"US": z3.If(us, v, d["US"]), "USSR": z3.If(us, d["USSR"], v)}


def signed(us, n):
    """10.2.2: VP gained by the acting side move the marker its way (US up, USSR down)."""
    return z3.If(us, n, -n)


def vp_check(over, vp_raw):
    """10.3.1 (victory.check_vp): once every VP is applied, +/-20 ends the game; 10.2.1: the marker
    stays at the end of the track. Returns (vp, over) after the check; a game already over is left
    alone."""
    reached = z3.Or(vp_raw >= VP_WIN, vp_raw <= -VP_WIN)
    clamped = z3.If(vp_raw >= VP_WIN, VP_WIN, z3.If(vp_raw <= -VP_WIN, -VP_WIN, vp_raw))
    return z3.If(over, vp_raw, clamped), z3.Or(over, reached)


@functools.lru_cache(maxsize=1)
def _map():
    m = load_map()
    return m, m.names


def closed_table() -> dict[int, tuple[str, ...]]:
    """DEFCON level -> the regions closed to coups and realignment rolls (8.1.5, data/tables.yaml;
    DEFCON 1: every region, the game being over, model/twilight_struggle/defcon.py)."""
    t = dict(load_tables().defcon_restricted)
    t[1] = REGIONS
    return t


def closed_region(region: str, defcon) -> z3.BoolRef:
    """8.1.5: ``region`` is closed at the (symbolic) DEFCON level, read from the table."""
    return z3.Or([defcon == lv for lv, regions in sorted(closed_table().items()) if region in regions] or [False])


def closed_country(k, defcon) -> z3.BoolRef:
    """8.1.5: the country of index ``k`` lies in a region the DEFCON level closes."""
    m, names = _map()
    return z3.Or([z3.And(k == i, closed_region(m.countries[c].region, defcon)) for i, c in enumerate(names)])


def controls(s: SymState, side: str, country: str) -> z3.BoolRef:
    """2.1.7: influence at least the stability and exceeding the opponent's by at least it."""
    stab = _map()[0].countries[country].stability
    mine, theirs = s.inf[country][side], s.inf[country][ZI.OPPONENT[side]]
    return z3.And(mine >= stab, mine - theirs >= stab)


def region_bound(region: str) -> int:
    """An upper bound of the VP one side can score in ``region`` (10.1.1-10.1.2): its Control value
    (Europe: Domination, Control winning the game) plus every battleground plus every country next
    to a superpower. victory_analysis.py gives the exact maximum of the net."""
    m = _map()[0]
    v = load_tables().scoring[region]
    top = v.control if v.control is not None else v.domination
    area = m.area(region)
    battlegrounds = sum(m.countries[c].battleground for c in area)
    return top + battlegrounds + sum(m.countries[c].superpower is not None for c in area)


def southeast_asia_bound() -> int:
    """7.2: the most one side can score with Southeast Asia Scoring (every country controlled)."""
    return sum(load_tables().southeast_asia.values())


def final_bound() -> int:
    """10.3.2: the most the final scoring can move the marker: every region's bound and the China
    Card's 1 VP (card 6, ruling ``china_card_final_vp``)."""
    return sum(region_bound(r) for r in SCORED) + 1


def _not_over(s: SymState, c: Choices) -> None:
    c.require(z3.Not(s.over))


def _in_play(s: SymState, c: Choices) -> None:
    """Guard: a card's play is under way (a card on the table, z3_invariants.card_in_play)."""
    c.require(ZI.card_in_play(s))


def _card_index(s: SymState, c: Choices):
    return c.int("card", 0, len(s.cards) - 1, [n for n, _ in s.cards])


def _move_card(s: SymState, c: Choices, k, frm, to) -> SymState:
    """The card of index ``k``, which must be in zone ``frm``, goes to zone ``to``."""
    c.require(z3.Or([z3.And(k == j, s.zone[n] == frm) for j, (n, _) in enumerate(s.cards)]))
    return s.with_(zone={n: z3.If(k == j, to, s.zone[n]) for j, (n, _) in enumerate(s.cards)})


# -- the transitions -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Transition:
    name: str
    rule: str
    doc: str
    fn: Callable[[SymState, Choices], SymState]


TRANSITIONS: dict[str, Transition] = {}


def transition(name: str, rule: str):
    def register(fn):
        TRANSITIONS[name] = Transition(name, rule, " ".join((fn.__doc__ or "").split()), fn)
        return fn
    return register


@transition("place_influence", "6.1, 3.2, 3.3")
def place_influence(s: SymState, c: Choices) -> SymState:
    """6.1: the acting side places one influence marker in a country (6.1.1-6.1.4's reach and cost
    abstracted: any country); the set-up's free placements are the same move (3.2, 3.3)."""
    _not_over(s, c)
    us = c.bool("us")
    _, names = _map()
    k = c.int("country", 0, len(names) - 1, names)
    inf = {}
    for i, name in enumerate(names):
        old = s.inf[name]
        inf[name] = {"US": z3.If(z3.And(k == i, us), old["US"] + 1, old["US"]),
                     "USSR": z3.If(z3.And(k == i, z3.Not(us)), old["USSR"] + 1, old["USSR"])}
    return s.with_(inf=inf)


def _realign_modifiers(s: SymState, side: str, country: str):
    """6.2.2: +1 per adjacent country ``side`` controls, +1 for more influence in the target, +1
    when the target is next to ``side``'s superpower."""
    m = _map()[0]
    adj = [z3.If(controls(s, side, a), 1, 0) for a in m.countries[country].adjacent]
    more = z3.If(s.inf[country][side] > s.inf[country][ZI.OPPONENT[side]], 1, 0)
    return z3.Sum(adj + [more, int(m.adjacent_to_superpower(country, side))])


@transition("realign_roll", "6.2.2, 6.2.3, 8.1.5")
def realign_roll(s: SymState, c: Choices) -> SymState:
    """6.2.2: one realignment roll: each side's die plus its modifiers; the higher total removes
    the difference from the loser's influence in the target, never below zero; a tie removes
    nothing; 6.2.3: nothing is added. Guards (default rulings): the target holds enemy influence,
    its region is not closed by DEFCON (8.1.5)."""
    _not_over(s, c)
    us = c.bool("us")
    _, names = _map()
    k = c.int("country", 0, len(names) - 1, names)
    die_own, die_other = c.int("die_acting", 1, 6), c.int("die_other", 1, 6)
    if _RULINGS.realign_needs_enemy_influence:
        c.require(z3.Or([z3.And(k == i, of_other(s.inf[n], us) > 0) for i, n in enumerate(names)]))
    if _RULINGS.defcon_restricts_realignment:
        c.require(z3.Not(closed_country(k, s.defcon)))
    die = {"US": z3.If(us, die_own, die_other), "USSR": z3.If(us, die_other, die_own)}
    inf = {}
    for i, name in enumerate(names):
        old = s.inf[name]
        total = {x: die[x] + _realign_modifiers(s, x, name) for x in SIDES}
        diff_us = total["US"] - total["USSR"]  # > 0: the US wins the roll, < 0: the USSR
        new_us = z3.If(diff_us < 0, zmax(0, old["US"] + diff_us), old["US"])
        new_ussr = z3.If(diff_us > 0, zmax(0, old["USSR"] - diff_us), old["USSR"])
        inf[name] = {"US": z3.If(k == i, new_us, old["US"]), "USSR": z3.If(k == i, new_ussr, old["USSR"])}
    return s.with_(inf=inf)


@transition("coup", "6.3.2, 6.3.4, 8.1.3, 8.1.4, 8.1.5, 8.2.3, 8.2.5, 6.3.5, card 41")
def coup(s: SymState, c: Choices) -> SymState:
    """6.3.2: a coup with ops 1-5 (a card's 1-4, the China Card's 4+1 in Asia, 9.6) and a die 1-6:
    net = ops + die - 2 x stability; a positive net removes that much enemy influence and adds what
    the enemy lacked as the attacker's. Guards: enemy influence in the target (6.3.1); the region
    not closed by DEFCON unless the coup is free (8.1.5, 6.3.5). 8.2.3: the attacker's Military
    Operations + ops, the track ending at 5; 8.2.5: a free coup counts nothing. 6.3.4, 8.1.4: a
    battleground degrades DEFCON by 1 (not a US coup in the turn of card 41 Nuclear Subs:
    :func:`subs_bar`); 8.1.3: DEFCON 1 ends the game."""
    _not_over(s, c)
    us = c.bool("us")
    _, names = _map()
    k = c.int("country", 0, len(names) - 1, names)
    ops, die, free = c.int("ops", 1, 5), c.int("die", 1, 6), c.bool("free")
    c.require(z3.Or([z3.And(k == i, of_other(s.inf[n], us) > 0) for i, n in enumerate(names)]))
    c.require(z3.Or(free, z3.Not(closed_country(k, s.defcon))))
    inf, defcon = _coup_result(s, c, us, k, ops + die)
    milops = set_side(s.milops, us, z3.If(free, of_side(s.milops, us), zmin(MILOPS_MAX, of_side(s.milops, us) + ops)))
    return s.with_(inf=inf, milops=milops, defcon=defcon, over=z3.Or(s.over, defcon <= 1))


NUCLEAR_SUBS = 41   # card 41 (Deluxe number, as the model's @event)


def subs_bar(s: SymState, us, c: Choices) -> z3.BoolRef:
    """Card 41 Nuclear Subs keeps a coup of the US from degrading DEFCON for the turn it is played
    (events/mid_36_47.subs_defcon, the seed's text; the Deluxe's: battleground coups). The vector
    holds no record of the effects in force (effects.py ``d["effects"]``: the card itself is
    discarded), so the bar is a choice, open to a US coup once the card has been played this game
    (its zone: the discards, removed or in effect); a state without the card bars nothing."""
    if NUCLEAR_SUBS not in s.zone:
        return z3.BoolVal(False)
    barred = c.bool("nuclear_subs")
    z = s.zone[NUCLEAR_SUBS]
    c.require(z3.Implies(barred, z3.And(us, z3.Or(z == Z["discard"], z == Z["removed"], z == Z["in_effect"]))))
    return barred


@transition("coup_target", "6.3.1, 6.3.3, 8.2.2, 8.2.3, 8.2.5, 8.1.5, 6.3.5")
def coup_target(s: SymState, c: Choices) -> SymState:
    """The first half of a coup as the model takes it (operations/coup.py: the target chosen, one
    ``apply``): guards as :func:`coup`'s, enemy influence in the target (6.3.1) and its region not
    closed by DEFCON unless the coup is free (8.1.5, 6.3.5); the attacker's Military Operations +
    the ops, the track ending at 5 (6.3.3, 8.2.3), a free coup counting nothing (8.2.5)."""
    _not_over(s, c)
    us = c.bool("us")
    _, names = _map()
    k = c.int("country", 0, len(names) - 1, names)
    ops, free = c.int("ops", 1, 5), c.bool("free")
    c.require(z3.Or([z3.And(k == i, of_other(s.inf[n], us) > 0) for i, n in enumerate(names)]))
    c.require(z3.Or(free, z3.Not(closed_country(k, s.defcon))))
    return s.with_(milops=set_side(s.milops, us, z3.If(free, of_side(s.milops, us),
                                                       zmin(MILOPS_MAX, of_side(s.milops, us) + ops))))


def _coup_result(s: SymState, c: Choices, us, k, roll) -> tuple[dict, z3.ArithRef]:
    """A coup's result in the country ``k`` points at, ``roll`` its ops + die (6.3.2): net = roll -
    2 x stability; a positive net removes that much enemy influence and adds what the enemy lacked
    as the attacker's. The influence of every country, and DEFCON degraded by 1 on a battleground
    (6.3.4, 8.1.4; not a US coup in the turn of card 41: :func:`subs_bar`)."""
    m, names = _map()
    inf = {}
    for i, name in enumerate(names):
        old = s.inf[name]
        net = roll - 2 * m.countries[name].stability
        enemy, own = of_other(old, us), of_side(old, us)
        removed = z3.If(net > 0, zmin(net, enemy), 0)
        added = z3.If(net > 0, net - removed, 0)
        new = {"US": z3.If(us, own + added, enemy - removed), "USSR": z3.If(us, enemy - removed, own + added)}
        inf[name] = {x: z3.If(k == i, new[x], old[x]) for x in SIDES}
    battleground = z3.Or([k == i for i, n in enumerate(names) if m.countries[n].battleground])
    return inf, z3.If(z3.And(battleground, z3.Not(subs_bar(s, us, c))), s.defcon - 1, s.defcon)


@transition("coup_roll", "6.3.2, 6.3.4, 8.1.3, 8.1.4, card 41")
def coup_roll(s: SymState, c: Choices) -> SymState:
    """The second half of a coup (the die, its own ``apply``): :func:`coup`'s result with ops 1-5
    and a die 1-6 against the target, which still holds enemy influence (6.3.1): net = ops + die -
    2 x stability; a positive net removes that much enemy influence and adds what the enemy lacked
    (6.3.2); a battleground degrades DEFCON by 1 (6.3.4, 8.1.4; not a US coup in the turn of card
    41, :func:`subs_bar`), DEFCON 1 ending the game (8.1.3).
    (Whether the target was open or the coup free was the target step's guard.)"""
    _not_over(s, c)
    us = c.bool("us")
    _, names = _map()
    k = c.int("country", 0, len(names) - 1, names)
    ops, die = c.int("ops", 1, 5), c.int("die", 1, 6)
    c.require(z3.Or([z3.And(k == i, of_other(s.inf[n], us) > 0) for i, n in enumerate(names)]))
    inf, defcon = _coup_result(s, c, us, k, ops + die)
    return s.with_(inf=inf, defcon=defcon, over=z3.Or(s.over, defcon <= 1))



@transition("coup_roll_improved", "6.3.2, 6.3.4, 8.1.4, 8.1.6, 8.1.2, card 41")
def coup_roll_improved(s: SymState, c: Choices) -> SymState:
    """:func:`coup_roll` then :func:`defcon_improvement` in one step, as the model rolls the last
    round's coup die, ends the turn and begins the next (4.5 A: DEFCON improves) in one ``apply``:
    the coup's DEFCON degradation in a battleground (6.3.4) and the improvement (8.1.6; not when
    the coup ended the game, the improvement's guard). The composition of the two transitions; a transition
    of its own because the refinement check's sequences take each component once: the DEFCON
    between the two is in no state the model shows (as turn_10_end)."""
    return defcon_improvement(coup_roll(s, c), c)

def _space_allowed(s: SymState, us):
    """6.4.2: one attempt a turn; 6.4.4 box 2: two while the side is at or past box 2 and the other
    short of it (space_abilities.has)."""
    mine, theirs = of_side(s.space, us), of_other(s.space, us)
    return z3.If(z3.And(mine >= 2, theirs < 2), 2, 1)


@transition("space_attempt", "6.4.1, 6.4.2, 6.4.3, 6.4.4, 6.4.6, 10.3.1")
def space_attempt(s: SymState, c: Choices) -> SymState:
    """6.4: a Space Race attempt with a card being played (guard: a card on the table, 5.1):
    guards: attempts made this turn below the allowed 1 or 2 (6.4.2, 6.4.4), the box below 8
    (6.4.6), the card's ops at least the next box's (6.4.1). The attempt counts; a die within the
    next box's range moves the marker in and gives its first VP value if the other side has not
    reached it, else its second (6.4.3). The VP check (10.3.1) waits for the card to leave the
    table (card_leaves_table)."""
    _not_over(s, c)
    _in_play(s, c)
    us = c.bool("us")
    boxes = load_tables().space
    box, other = of_side(s.space, us), of_other(s.space, us)
    ops, die = c.int("card_ops", 1, 4), c.int("die", 1, 6)
    c.require(of_side(s.attempts, us) < _space_allowed(s, us), box < SPACE_LAST)
    nxt = lambda field: at(box, [getattr(boxes[b], field) for b in range(1, SPACE_LAST + 1)])  # noqa: E731
    c.require(ops >= nxt("ops"))
    success = die <= nxt("max_roll")
    gained = z3.If(success, z3.If(other < box + 1, nxt("vp_first"), nxt("vp_second")), 0)
    return s.with_(space=set_side(s.space, us, z3.If(success, box + 1, box)),
                   attempts=set_side(s.attempts, us, of_side(s.attempts, us) + 1), vp=s.vp + signed(us, gained))


def _card_or_china_played(s: SymState, c: Choices) -> None:
    """Guard: a card's play is under way: a card on the table, or the China Card just played (it
    has no zone: 9.3 passed to the opponent face down at once)."""
    c.require(z3.Or(ZI.card_in_play(s), z3.Not(s.china_face_up)))


@transition("space_declare", "6.0, 6.4.1, 6.4.2, 6.4.4, 6.4.5, 6.4.6, 9.2")
def space_declare(s: SymState, c: Choices) -> SymState:
    """The first half of a Space Race attempt as the model takes it (operations/space_race.py
    ``_count_attempt``, its own ``apply``, the card used for operations, 6.0; its event does not
    happen, 6.4.5): guards as :func:`space_attempt`'s, a card on the table or the China Card played
    (9.2), attempts below the allowed 1 or 2 (6.4.2, 6.4.4), the box below 8 (6.4.6), the card's ops
    at least the next box's (6.4.1); the attempt counts."""
    _not_over(s, c)
    _card_or_china_played(s, c)
    us = c.bool("us")
    boxes = load_tables().space
    box = of_side(s.space, us)
    ops = c.int("card_ops", 1, 4)
    c.require(of_side(s.attempts, us) < _space_allowed(s, us), box < SPACE_LAST)
    c.require(ops >= at(box, [boxes[b].ops for b in range(1, SPACE_LAST + 1)]))
    return s.with_(attempts=set_side(s.attempts, us, of_side(s.attempts, us) + 1))


@transition("space_roll", "6.4.1, 6.4.3, 6.4.6, 9.2, 10.3.1")
def space_roll(s: SymState, c: Choices) -> SymState:
    """The second half (``_move_on_success``: the die, its own ``apply``): a card on the table, an
    attempt made this turn, the box below 8 (6.4.6); a die within the next box's range moves the
    marker in and gives its first VP value if the other side has not reached it, else its second
    (6.4.3), checked when the card leaves the table; the China Card played (no card on the table,
    9.2) ends its play with the roll: the VP checked at once (10.3.1)."""
    _not_over(s, c)
    _card_or_china_played(s, c)
    us = c.bool("us")
    boxes = load_tables().space
    box, other = of_side(s.space, us), of_other(s.space, us)
    die = c.int("die", 1, 6)
    c.require(of_side(s.attempts, us) >= 1, box < SPACE_LAST)
    nxt = lambda field: at(box, [getattr(boxes[b], field) for b in range(1, SPACE_LAST + 1)])  # noqa: E731
    success = die <= nxt("max_roll")
    gained = z3.If(success, z3.If(other < box + 1, nxt("vp_first"), nxt("vp_second")), 0)
    raw = s.vp + signed(us, gained)
    checked, over = vp_check(s.over, raw)
    table = ZI.card_in_play(s)
    return s.with_(space=set_side(s.space, us, z3.If(success, box + 1, box)), vp=z3.If(table, raw, checked),
                   over=z3.If(table, s.over, over))


@transition("region_scoring", "10.1, 10.1.2, 10.2.3, 10.3.1")
def region_scoring(s: SymState, c: Choices) -> SymState:
    """10.1: a region's scoring card, being played (guard: on the table): any net VP within +/- the
    region's bound (region_bound), on the track (10.2.3; the VP check when the card leaves the
    table); or Europe's Control: the game ends at once (10.3.1)."""
    _not_over(s, c)
    _in_play(s, c)
    r = c.int("region", 0, len(SCORED) - 1, SCORED)
    bound = at(r, [region_bound(x) for x in SCORED])
    net = c.int("net", -bound, bound)
    europe_control = c.bool("europe_control")
    c.require(z3.Implies(europe_control, r == SCORED.index("Europe")))
    return s.with_(vp=z3.If(europe_control, s.vp, s.vp + net), over=z3.Or(s.over, europe_control))


@transition("southeast_asia_scoring", "7.2, 10.2.3, 10.3.1")
def southeast_asia_scoring(s: SymState, c: Choices) -> SymState:
    """7.2: Southeast Asia Scoring, being played (guard: on the table): any net VP within +/-8
    (every country's value, data/tables.yaml); the VP check when the card leaves the table."""
    _not_over(s, c)
    _in_play(s, c)
    b = southeast_asia_bound()
    net = c.int("net", -b, b)
    return s.with_(vp=s.vp + net)


@transition("milops_check", "8.2.1, 10.1.4, 10.2.3, 10.3.1")
def milops_check(s: SymState, c: Choices) -> SymState:
    """4.5 F, 8.2.1: each side short of the required Military Operations gives the other 1 VP per
    missing point; the net goes on the track (10.2.3); both markers return to 0; then the VP check.
    The requirement: any 1-5 (the DEFCON now or at step D, ruling ``milops_requirement``)."""
    _not_over(s, c)
    need = c.int("need", 1, DEFCON_MAX)
    short = {x: zmax(0, need - s.milops[x]) for x in SIDES}
    vp, over = vp_check(s.over, s.vp + short["USSR"] - short["US"])
    return s.with_(vp=vp, over=over, milops={x: z3.IntVal(0) for x in SIDES})


@transition("defcon_improvement", "8.1.6, 8.1.2")
def defcon_improvement(s: SymState, c: Choices) -> SymState:
    """4.5 A, 8.1.6: DEFCON improves by 1; 8.1.2: never above 5."""
    _not_over(s, c)
    return s.with_(defcon=zmin(DEFCON_MAX, s.defcon + 1))


@transition("turn_advance", "4.5, 4.1, 4.4, 6.4.2")
def turn_advance(s: SymState, c: Choices) -> SymState:
    """4.5 I: the turn marker advances (guard: turn < 10, 4.1); the Space Race attempts of the turn
    are forgotten (6.4.2: a turn's limit); 4.4: at turn 4 the Mid War cards, at turn 8 the Late War
    cards join the draw pile."""
    _not_over(s, c)
    c.require(s.turn < LAST_TURN)
    turn = s.turn + 1
    zone = {n: (z3.If(turn == ERA_FROM[era], Z["deck"], s.zone[n]) if ERA_FROM[era] > 1 else s.zone[n])
            for n, era in s.cards}
    return s.with_(turn=turn, attempts={x: z3.IntVal(0) for x in SIDES}, zone=zone)


@transition("china_play", "9.2, 9.3")
def china_play(s: SymState, c: Choices) -> SymState:
    """9.3: the China Card, played by its holder while face up, passes at once to the opponent face
    down."""
    _not_over(s, c)
    us = c.bool("us")
    c.require(s.china_holder == z3.If(us, HOLDER["US"], HOLDER["USSR"]), s.china_face_up)
    return s.with_(china_holder=z3.If(us, z3.IntVal(HOLDER["USSR"]), z3.IntVal(HOLDER["US"])),
                   china_face_up=z3.BoolVal(False))


@transition("china_face_up", "4.5, 9.3")
def china_face_up(s: SymState, c: Choices) -> SymState:
    """4.5 H, 9.3: at the end of the turn the China Card is turned face up."""
    _not_over(s, c)
    return s.with_(china_face_up=z3.BoolVal(True))


@transition("deal", "4.5, 4.3")
def deal(s: SymState, c: Choices) -> SymState:
    """4.5 B: a card of the draw pile is dealt to a side's hand."""
    _not_over(s, c)
    us = c.bool("us")
    return _move_card(s, c, _card_index(s, c), Z["deck"], z3.If(us, HAND["US"], HAND["USSR"]))


@transition("play_card", "4.5, 5.1")
def play_card(s: SymState, c: Choices) -> SymState:
    """4.5 E, 5.1: a side plays a card of its hand: it goes to the table."""
    _not_over(s, c)
    us = c.bool("us")
    return _move_card(s, c, _card_index(s, c), z3.If(us, HAND["US"], HAND["USSR"]), Z["table"])


@transition("headline_choice", "4.5")
def headline_choice(s: SymState, c: Choices) -> SymState:
    """4.5 C: a side chooses its headline card from its hand (one: guard, its headline is empty)."""
    _not_over(s, c)
    us = c.bool("us")
    box = z3.If(us, HEADLINE["US"], HEADLINE["USSR"])
    c.require(z3.And([s.zone[n] != box for n, _ in s.cards]))
    return _move_card(s, c, _card_index(s, c), z3.If(us, HAND["US"], HAND["USSR"]), box)


@transition("headline_reveal", "4.5")
def headline_reveal(s: SymState, c: Choices) -> SymState:
    """4.5 C: a headline card is revealed and its event happens: it goes to the table."""
    _not_over(s, c)
    us = c.bool("us")
    return _move_card(s, c, _card_index(s, c), z3.If(us, HEADLINE["US"], HEADLINE["USSR"]), Z["table"])


@transition("card_leaves_table", "2.2.4, 2.2.5, 2.2.6, 5.2, card 49")
def card_leaves_table(s: SymState, c: Choices) -> SymState:
    """A played card leaves the table: to the discards (2.2.6), removed (2.2.4, an asterisk), in
    effect beside the map (2.2.5, underlined) or, by its own text, to a hand (card 49 Missile Envy:
    the opponent's); when no card is left on the table the card's play
    is over and 10.3.1 is checked (cardplay.py ``_finish``: after_event, then victory.check_vp);
    with another card still there the check may be made or not (headline.py ``_after`` checks
    after each headline event, the other side's headline card being on the table too)."""
    _not_over(s, c)
    # a hand 2-3 (card 49 Missile Envy: to the opponent's hand), discard 4, removed 5, in effect 6
    dest = c.int("dest", Z["hand_USSR"], Z["in_effect"])
    k = _card_index(s, c)
    post = _move_card(s, c, k, Z["table"], dest)
    vp, over = vp_check(s.over, s.vp)
    # the last card: checked; another still on the table: checked or not (headline._after checks
    # after each headline's event, the other headline card revealed on the table)
    another = z3.Or([z3.And(k != j, s.zone[n] == Z["table"]) for j, (n, _) in enumerate(s.cards)])
    check = z3.Or(z3.Not(another), c.bool("check"))
    return post.with_(vp=z3.If(check, vp, s.vp), over=z3.If(check, over, s.over))


@transition("space_walk_discard", "6.4.4")
def space_walk_discard(s: SymState, c: Choices) -> SymState:
    """6.4.4 box 6: at the end of the turn a side discards its held card."""
    _not_over(s, c)
    us = c.bool("us")
    return _move_card(s, c, _card_index(s, c), z3.If(us, HAND["US"], HAND["USSR"]), Z["discard"])


@transition("reshuffle", "4.3")
def reshuffle(s: SymState, c: Choices) -> SymState:
    """4.3: when the draw pile is empty (guard), every discarded card forms the new pile (removed
    cards never return)."""
    _not_over(s, c)
    c.require(z3.And([s.zone[n] != Z["deck"] for n, _ in s.cards]))
    return s.with_(zone={n: z3.If(s.zone[n] == Z["discard"], Z["deck"], s.zone[n]) for n, _ in s.cards})


@transition("final_scoring", "10.3.2, card 6")
def final_scoring(s: SymState, c: Choices) -> SymState:
    """10.3.2: after turn 10 (guard) every region is scored and the China Card's holder gains 1 VP
    (card 6): the net is any value within final_bound; the game ends, +/-20 winning nothing (the VP
    may pass 20). Europe's Control wins at once (10.3.1; the model scores Europe first, so the VP
    is left as it was)."""
    _not_over(s, c)
    c.require(s.turn == LAST_TURN)
    b = final_bound()
    net = c.int("net", -b, b)
    europe_control = c.bool("europe_control")
    return s.with_(vp=z3.If(europe_control, s.vp, s.vp + net), over=z3.BoolVal(True),
                   final=z3.Not(europe_control))


@transition("turn_10_end", "4.5, 8.2.1, 10.3.2, card 6")
def turn_10_end(s: SymState, c: Choices) -> SymState:
    """4.5 F then 10.3.2 in one step, as the model ends turn 10 in one ``apply``: the Military
    Operations check (milops_check: its net, the markers to 0, the VP check: 20 VP there ends the
    game and nothing follows), then, the game going on (guard), the final scoring (final_scoring).
    The composition of the two transitions; a transition of its own because the refinement check's
    sequences take each component once: the VP between the two and the game not yet over are in no
    state the model shows."""
    return final_scoring(milops_check(s, c), c)


# -- the card events that move the tracks (model/twilight_struggle/events/*.py) -----------------------
# Each transition names the cards (Deluxe numbers, as the model's @event) and the model function
# whose code it encodes; the event happens while its card is on the table (guard ``_in_play``),
# so the VP it gives wait for the check of card_leaves_table (10.3.1), as the model's do.
@transition("event_vp", "10.2.2, 10.2.3, 10.3.1, 7.6, cards 4 20 34 39 45 48 55 58-61 65 71 78 83 84 89 90 97 99 103")
def event_vp(s: SymState, c: Choices) -> SymState:
    """An event gains a side VP (tracks.gain_vp, net_vp) while its card is played: any amount
    either way, no check until the card leaves the table (10.3.1). Encodes: card 4
    early_1_18._duck_and_cover (5 - DEFCON), 20 early_19_35._compare (Olympic Games), 34
    early_19_35._test_ban (DEFCON - 2), the wars (11, 13, 24 ...: common.resolve_war), 39
    mid_36_47._arms_race (1 or 3), 45 mid_36_47._summit_winner (2), 48 mid_48_57._kitchen_debates,
    55 mid_48_57._brandt, 58 mid_58_69._cultural_revolution, 59 mid_58_69.flower_power_war_card
    and 60 u2_un_intervention (hooks of a card being played), 60 _u2_incident, 61 _opec (per
    country), 65 _camp_david, 71 mid_70_81._nixon, 78 _alliance (per battleground), 83
    late_82_92._iron_lady, 84 _libya (per 2 influence: no bound), 89 _kal_vp, 90 _glasnost, 97
    late_93_103._evil_empire, 99 _pershing_vp, 103 _defectors, the war 102 (_invade). (The Space
    Race boxes' VP of cards 18 and 80 are in event_space_box and event_space_two; card 100's in
    wargames.)"""
    _not_over(s, c)
    _in_play(s, c)
    delta = z3.Int(f"{c.tag}.delta")  # unbounded: card 84 gives 1 VP per 2 influence
    c.consts["delta"] = delta
    return s.with_(vp=s.vp + delta)


@transition("effect_vp_checked", "card 50, 10.3.1")
def effect_vp_checked(s: SymState, c: Choices) -> SymState:
    """Card 50 We Will Bury You's lasting effect (mid_48_57.bury_you_round, a ``round_ended`` hook
    run by cardplay._finish after the card left the table): the USSR gains 3 VP at the end of the
    US's next round, and 10.3.1 is checked at once."""
    _not_over(s, c)
    vp, over = vp_check(s.over, s.vp - 3)
    return s.with_(vp=vp, over=over)


def _degrade(s: SymState, n):
    """tracks.degrade_defcon: DEFCON - n, never below 1; 1 ends the game (8.1.3)."""
    defcon = zmax(1, s.defcon - n)
    return s.with_(defcon=defcon, over=z3.Or(s.over, defcon == 1))


@transition("event_defcon_degrade", "8.1.3, 8.1.7, cards 4 11 20 43 45 46 50 89")
def event_defcon_degrade(s: SymState, c: Choices) -> SymState:
    """An event degrades DEFCON by n >= 1 (tracks.degrade_defcon: never below 1, DEFCON 1 ends the
    game, 8.1.3): card 4 early_1_18._duck_and_cover (1), 11 _korean_defcon (1, seed text), 20
    early_19_35._boycott (1), 43 mid_36_47._salt (2 under ruling ``card_43_defcon`` 'degrade'),
    45 _summit_defcon (1), 46 _set_level (now - the level chosen: 1-4), 50 mid_48_57._bury (1),
    89 late_82_92._kal_defcon (1). A move barred by card 41 (tracks._barred) changes nothing (the
    frame)."""
    _not_over(s, c)
    _in_play(s, c)
    return _degrade(s, c.int("n", 1, DEFCON_MAX - 1))


@transition("event_defcon_improve", "8.1.2, 8.1.7, cards 34 43 45 46 57 90")
def event_defcon_improve(s: SymState, c: Choices) -> SymState:
    """An event improves DEFCON by n >= 1 (tracks.improve_defcon: never above 5, 8.1.2): card 34
    early_19_35._test_ban (2), 43 mid_36_47._salt (2, default ruling), 45 _summit_defcon (1), 46
    _set_level (the level chosen - now), 57 mid_48_57._abm (1), 90 late_82_92._glasnost (1)."""
    _not_over(s, c)
    _in_play(s, c)
    return s.with_(defcon=zmin(DEFCON_MAX, s.defcon + c.int("n", 1, DEFCON_MAX - 1)))


@transition("event_defcon_set_2", "card 40")
def event_defcon_set_2(s: SymState, c: Choices) -> SymState:
    """Card 40 Cuban Missile Crisis (mid_36_47._missile_crisis): DEFCON is set to 2 (not a
    degradation: no side responsible, card 41 does not bar it)."""
    _not_over(s, c)
    _in_play(s, c)
    return s.with_(defcon=z3.IntVal(2))


@transition("crisis_coup_war", "card 40")
def crisis_coup_war(s: SymState, c: Choices) -> SymState:
    """Card 40 (mid_36_47.crisis_coup, an ``after_coup`` hook): a coup by the side the crisis binds
    ends the game (global thermonuclear war; DEFCON unchanged); the coup's card on the table, or the
    China Card played for it (no zone, face down: :func:`_card_or_china_played`)."""
    _not_over(s, c)
    _card_or_china_played(s, c)
    return s.with_(over=z3.BoolVal(True))


@transition("event_milops", "8.2.3, 8.2.4, 7.6, card 46")
def event_milops(s: SymState, c: Choices) -> SymState:
    """An event adds n Military Operations to a side (tracks.add_milops: the track ends at
    MILOPS_MAX, 8.2): the wars 11, 13, 24, 36 (Brush War), 102, 2 or 3 (common.resolve_war, 7.6,
    8.2.4), card 46
    mid_36_47._set_level (5: 'conta come 5 Operazioni Militari')."""
    _not_over(s, c)
    _in_play(s, c)
    us = c.bool("us")
    n = c.int("n", 1, 5)
    return s.with_(milops=set_side(s.milops, us, zmin(MILOPS_MAX, of_side(s.milops, us) + n)))


def _box_vp(box, other):
    """6.4.3: the VP of reaching ``box`` (1-8): its first value if the other side (at ``other``) has
    not reached it, else its second (data/tables.yaml)."""
    boxes = load_tables().space
    v = lambda field: at(box - 1, [getattr(boxes[b], field) for b in range(1, SPACE_LAST + 1)])  # noqa: E731
    return z3.If(other < box, v("vp_first"), v("vp_second"))


@transition("event_space_box", "card 18, 6.4.3, 6.4.6")
def event_space_box(s: SymState, c: Choices) -> SymState:
    """Card 18 Captured Nazi Scientist (early_1_18._captured_nazi_scientist, advance_space): the
    side's marker moves one box (guard: below 8, 6.4.6; at 8 nothing moves), no die, no attempt
    counted (6.4.2); the box's VP (6.4.3), checked when the card leaves the table."""
    _not_over(s, c)
    _in_play(s, c)
    us = c.bool("us")
    box, other = of_side(s.space, us), of_other(s.space, us)
    c.require(box < SPACE_LAST)
    return s.with_(space=set_side(s.space, us, box + 1), vp=s.vp + signed(us, _box_vp(box + 1, other)))


@transition("event_space_two", "card 80, 6.4.3, 6.4.6")
def event_space_two(s: SymState, c: Choices) -> SymState:
    """Card 80 One Small Step (mid_70_81._small_step; playable only behind in the Space Race,
    behind_in_space: guard): the marker moves two boxes, never past 8 (6.4.6); only the second
    box's VP, if reached (6.4.3), checked when the card leaves the table."""
    _not_over(s, c)
    _in_play(s, c)
    us = c.bool("us")
    box, other = of_side(s.space, us), of_other(s.space, us)
    c.require(box < other)
    new = zmin(SPACE_LAST, box + 2)
    gained = z3.If(new == box + 2, _box_vp(box + 2, other), 0)
    return s.with_(space=set_side(s.space, us, new), vp=s.vp + signed(us, gained))


@transition("wargames", "card 100, 10.3.1, 10.3.2")
def wargames(s: SymState, c: Choices) -> SymState:
    """Card 100 Wargames (events/late_93_103._wargames_end; playable at DEFCON 2, at_defcon_2:
    guard): the opponent gains 6 VP and 10.3.1 is checked at once (20 wins); else the game ends:
    under the seed's text with the final scoring (10.3.2: any net within final_bound, Europe's
    Control winning), under the Deluxe text without it, the VP as they are (ruling
    ``card_100_text``)."""
    _not_over(s, c)
    _in_play(s, c)
    us = c.bool("us")
    c.require(s.defcon == 2)
    vp, won = vp_check(s.over, s.vp - signed(us, 6))
    seed, europe = c.bool("seed_text"), c.bool("europe_control")
    b = final_bound()
    net = c.int("net", -b, b)
    scored = z3.And(z3.Not(won), seed)
    return s.with_(vp=z3.If(z3.And(scored, z3.Not(europe)), vp + net, vp), over=z3.BoolVal(True),
                   final=z3.And(scored, z3.Not(europe)))

# -- what the events do beyond the tracks (the refinement check ties the model's steps to these) ----------
#: the zones an event may take a card from and put it in (event_card_move): never from the table (a card
#: leaves it by card_leaves_table, with the VP check), from removed (2.2.4) or before its era (4.4); never to
#: a headline (4.5 C) or back out of play
_EVENT_FROM = (Z["deck"], Z["hand_USSR"], Z["hand_US"], Z["discard"], Z["in_effect"], Z["headline_USSR"],
               Z["headline_US"])
_EVENT_TO = (Z["deck"], Z["hand_USSR"], Z["hand_US"], Z["discard"], Z["removed"], Z["in_effect"], Z["table"])


@transition("event_influence", "7.1, 7.6")
def event_influence(s: SymState, c: Choices) -> SymState:
    """An event changes the influence of one country (events/common.place_influence and
    remove_influence_, the wars' replacement, 7.6, the cards setting or doubling influence): each
    side's influence there becomes any amount, never below zero (6.1.5); every other country keeps
    its own. (The amounts are the card's text: the model's events; the transition bounds only
    where: one country per move.)"""
    _not_over(s, c)
    _, names = _map()
    k = c.int("country", 0, len(names) - 1, names)
    new = {}
    for x in SIDES:
        v = z3.Int(f"{c.tag}.{x}")
        c.consts[x] = v
        c.require(v >= 0)
        new[x] = v
    return s.with_(inf={n: {x: z3.If(k == i, new[x], s.inf[n][x]) for x in SIDES} for i, n in enumerate(names)})


@transition("event_card_move", "7.1, 2.2")
def event_card_move(s: SymState, c: Choices) -> SymState:
    """An event moves a card between zones (draws, discards, retrievals, a headline cancelled, a
    card put in effect or removed: cards 5, 10, 32, 67, 77, 85, 103 ...): from the draw pile, a hand,
    the discards, the cards in effect or a headline, to the draw pile, a hand, the discards, removed,
    in effect or the table; never from the table (card_leaves_table), from removed (2.2.4) or before
    its era (4.4), never to a headline (4.5 C)."""
    _not_over(s, c)
    k = _card_index(s, c)
    to = c.int("to", 0, len(ZI.ZONES) - 1, ZI.ZONES)
    c.require(z3.Or([to == z for z in _EVENT_TO]))
    c.require(z3.Or([z3.And(k == j, s.zone[n] != to, z3.Or([s.zone[n] == z for z in _EVENT_FROM]))
                     for j, (n, _) in enumerate(s.cards)]))
    return s.with_(zone={n: z3.If(k == j, to, s.zone[n]) for j, (n, _) in enumerate(s.cards)})


@transition("event_china_card", "9.4, cards 58 71 76")
def event_china_card(s: SymState, c: Choices) -> SymState:
    """9.4: an event passes the China Card (card 58 mid_58_69._cultural_revolution: to the USSR face
    up; 71 mid_70_81._nixon: to the US face down; 76 _take_china_face_up: to the US face up): a
    holder, the USSR or the US, and face up or down."""
    _not_over(s, c)
    us = c.bool("to_us")
    return s.with_(china_holder=z3.If(us, z3.IntVal(HOLDER["US"]), z3.IntVal(HOLDER["USSR"])),
                   china_face_up=c.bool("face_up"))


# -- two-state facts -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class OneWay:
    """A fact of every step (pre, post): ``parts(pre, post)`` its conjuncts."""

    name: str
    rule: str
    doc: str
    parts: Callable[[SymState, SymState], list]


ONE_WAY: dict[str, OneWay] = {}


def _one_way(name: str, rule: str):
    def register(fn):
        ONE_WAY[name] = OneWay(name, rule, " ".join((fn.__doc__ or "").split()), fn)
        return fn
    return register


@_one_way("removed_stay_removed", "2.2.4, 4.3")
def _removed_stay_removed(pre: SymState, post: SymState) -> list:
    """A card removed from the game never comes back (2.2.4; 4.3: it is not reshuffled)."""
    return [z3.Implies(pre.zone[n] == Z["removed"], post.zone[n] == Z["removed"]) for n, _ in pre.cards]


@_one_way("space_never_back", "6.4")
def _space_never_back(pre: SymState, post: SymState) -> list:
    """A Space Race marker never moves back (6.4.1: only to the next box)."""
    return [post.space[x] >= pre.space[x] for x in SIDES]


@_one_way("turn_never_back", "4.1, 4.5")
def _turn_never_back(pre: SymState, post: SymState) -> list:
    """The turn marker only advances (4.5 I)."""
    return [post.turn >= pre.turn]


def one_way(pre: SymState, post: SymState) -> z3.BoolRef:
    return z3.And([z3.And(o.parts(pre, post)) for o in ONE_WAY.values()])


# -- the proofs ----------------------------------------------------------------------------------------
def _solver() -> z3.Solver:
    """A solver for quantifier-free linear integer arithmetic (every formula here is one): z3's
    QF_LIA strategy answers the card-zone proofs in a tenth of a second where the default
    incremental solver takes seconds to minutes."""
    return z3.SolverFor("QF_LIA")


def _value(model: z3.ModelRef, e: z3.ExprRef):
    v = model.eval(e, model_completion=True)
    return z3.is_true(v) if z3.is_bool(v) else v.as_long()


def _counterexample(model: z3.ModelRef, pre: SymState, post: SymState, c: Choices) -> dict:
    """The invariants broken after the step, the pre and post values of the components of their
    false conjuncts, and the choices."""
    broken, names = [], []
    for name, i in INVARIANTS.items():
        pre_parts, post_parts = i.parts(pre), i.parts(post)
        false = [j for j, p in enumerate(post_parts) if not _value(model, p)]
        if false:
            broken.append(name)
            for j in false:
                names += [str(x) for x in ZI._consts(pre_parts[j])]
    for name, o in ONE_WAY.items():
        pre_parts = o.parts(pre, pre)
        false = [j for j, p in enumerate(o.parts(pre, post)) if not _value(model, p)]
        if false:
            broken.append(name)
            for j in false:
                names += [str(x) for x in ZI._consts(pre_parts[j])]
    pc, qc = pre.components(), post.components()
    names = list(dict.fromkeys(names))
    return {"broken": broken, "pre": {n: _value(model, pc[n]) for n in names},
            "post": {n: _value(model, qc[n]) for n in names},
            "choices": {n: _label(c, n, _value(model, v)) for n, v in c.consts.items()}}


def _label(c: Choices, name: str, value):
    """A choice's value as the report gives it: the country or card an index names."""
    labels = c.labels.get(name)
    return labels[value] if labels is not None and 0 <= value < len(labels) else value


def _step(name: str, fn: Callable[[SymState, Choices], SymState], cards: tuple | None = None):
    """The transition ``fn`` taken from a fresh symbolic state: ``(pre, choices, post)``."""
    pre = SymState.fresh("", cards)
    c = Choices(name)
    return pre, c, fn(pre, c)


def _enabled_query(pre: SymState, c: Choices, inv_pre: z3.BoolRef | None = None) -> list:
    """``Inv(pre) and T``: sat when some state keeping every invariant can take the step
    (``inv_pre``: ``inv(pre)``, where already built)."""
    return [inv(pre) if inv_pre is None else inv_pre, *c.constraints]


def _proved_query(pre: SymState, c: Choices, post: SymState, enabled: list | None = None) -> list:
    """``Inv(pre) and T and not (Inv(post) and OneWay(pre, post))``: unsat is the proof
    (``enabled``: :func:`_enabled_query` of the same step, where already built)."""
    return [*(enabled if enabled is not None else _enabled_query(pre, c)),
            z3.Not(z3.And(inv(post), one_way(pre, post)))]


def query(name: str, memo: dict | None = None) -> dict[str, list]:
    """The two solver calls of ``prove(name)``, built without solving (properties/proved.py, the
    certificate): ``"enabled"``, whose sat means the step is not vacuous, and ``"proved"``, whose
    unsat is the proof (:func:`prove_transition` asks them from the same functions). ``memo`` (a
    dict the caller keeps for a batch of queries) holds ``Inv(pre)``, the same term for every
    transition (the fresh pre-state's constants are named alike), built once."""
    t = TRANSITIONS[name]
    pre, c, post = _step(t.name, t.fn)
    if memo is not None and "inv_pre" not in memo:
        memo["inv_pre"] = inv(pre)
    enabled = _enabled_query(pre, c, memo["inv_pre"] if memo is not None else None)
    return {"enabled": enabled, "proved": _proved_query(pre, c, post, enabled)}


def query_names() -> list[str]:
    """The proofs whose queries the certificate records: every transition (as :func:`prove_all`
    proves them)."""
    return list(TRANSITIONS)


def prove_transition(name: str, rule: str, fn: Callable[[SymState, Choices], SymState],
                     cards: tuple | None = None) -> dict:
    """Prove ``Inv(pre) and T(pre, post) => Inv(post) and OneWay(pre, post)`` for the transition
    ``fn``: verdict
    ``proved`` (its negation unsat), ``counterexample`` (with one) or ``vacuous`` (no state keeping
    the invariants can take the step: the proof would say nothing)."""
    t0, s0 = time.perf_counter(), z3_steps()
    pre, c, post = _step(name, fn, cards)
    s = _solver()
    s.add(*_enabled_query(pre, c))
    enabled = s.check() == z3.sat
    verdict, cex = "vacuous", None
    if enabled:
        s = _solver()  # a fresh solver: a second check on the same one runs incrementally, far slower
        s.add(*_proved_query(pre, c, post))
        r = s.check()
        if r == z3.unsat:
            verdict = "proved"
        elif r == z3.sat:
            verdict, cex = "counterexample", _counterexample(s.model(), pre, post, c)
        else:
            verdict = "unknown"
    return {"name": name, "rule": rule, "kind": "transition", "verdict": verdict, "enabled": enabled,
            "seconds": round(time.perf_counter() - t0, 3), "z3_steps": z3_steps() - s0, "counterexample": cex}


def prove(name: str) -> dict:
    """The proof of the transition called ``name``."""
    t = TRANSITIONS[name]
    return prove_transition(t.name, t.rule, t.fn)


def base_cases() -> list[dict]:
    """The invariants hold at each scenario's set-up (and at the deluxe edition's with the optional
    cards): a concrete check of the first state (verdict ``proved``: the base of the induction;
    else ``counterexample``, the broken invariants' values)."""
    from cdg_oracle.model.twilight_struggle.scenarios import new_game, scenario_names
    starts = [(f"base case: {n}", new_game(n)) for n in scenario_names()]
    starts.append(("base case: standard, deluxe edition with optional cards",
                   new_game("standard", options={"edition": "deluxe", "optional_cards": True})))
    out = []
    for name, st in starts:
        t0, s0 = time.perf_counter(), z3_steps()
        broken = [r for r in ZI.check_state(st) if not r["holds"]]
        out.append({"name": name, "rule": "3.0", "kind": "base",
                    "verdict": "proved" if not broken else "counterexample",
                    "seconds": round(time.perf_counter() - t0, 3), "z3_steps": z3_steps() - s0,
                    "counterexample": {r["name"]: r["counterexample"] for r in broken} or None})
    return out


# -- lemmas --------------------------------------------------------------------------------------------
def _lemma(name: str, rule: str, claim: z3.BoolRef, assume: list | None = None) -> dict:
    """``claim`` is valid under ``assume``: its negation is unsat (``proved``), else a counterexample."""
    t0, s0 = time.perf_counter(), z3_steps()
    s = _solver()
    s.add(*(assume or []), z3.Not(claim))
    r = s.check()
    cex = None
    if r == z3.sat:
        m = s.model()
        cex = {str(d): _value(m, d()) for d in sorted(m.decls(), key=str) if d.arity() == 0}
    verdict = "proved" if r == z3.unsat else "counterexample" if r == z3.sat else "unknown"
    return {"name": name, "rule": rule, "kind": "lemma", "verdict": verdict,
            "seconds": round(time.perf_counter() - t0, 3), "z3_steps": z3_steps() - s0, "counterexample": cex}


def _exists(name: str, rule: str, facts: list, show: dict[str, z3.ExprRef], c: Choices | None = None) -> dict:
    """Some assignment satisfies ``facts``: ``proved`` with the ``witness`` (the values of the
    terms ``show``; a choice of ``c`` by its label), else ``refuted``."""
    t0, s0 = time.perf_counter(), z3_steps()
    s = _solver()
    s.add(*facts)
    r = s.check()
    witness = None
    if r == z3.sat:
        m = s.model()
        witness = {k: _value(m, e) for k, e in show.items()}
        if c is not None:
            witness.update({n: _label(c, n, _value(m, v)) for n, v in c.consts.items()})
    return {"name": name, "rule": rule, "kind": "lemma", "verdict": "proved" if r == z3.sat else "refuted",
            "seconds": round(time.perf_counter() - t0, 3), "z3_steps": z3_steps() - s0, "counterexample": None, "witness": witness}


def control_exclusive(min_stability: int = 1) -> dict:
    """2.1.7: with influence >= 0 and stability >= ``min_stability`` no country is controlled by
    both sides (with ``min_stability`` 0 the lemma is false: a counterexample)."""
    a, b, stab = z3.Ints("us ussr stability")
    ctrl = lambda x, y: z3.And(x >= stab, x - y >= stab)  # noqa: E731
    return _lemma(f"lemma: control is exclusive (stability >= {min_stability})", "2.1.7",
                  z3.Not(z3.And(ctrl(a, b), ctrl(b, a))), [a >= 0, b >= 0, stab >= min_stability])


def control_exclusive_on_map() -> dict:
    """2.1.7 on the map: every country's stability (mapdata) is at least 1, so with influence >= 0
    no country of the map is controlled by both sides."""
    S = SymState.fresh("", ())
    m = _map()[0]
    claim = z3.And([z3.Not(z3.And(controls(S, "US", n), controls(S, "USSR", n))) for n in m.names])
    assume = [S.inf[n][x] >= 0 for n in m.names for x in SIDES]
    return _lemma("lemma: no country of the map is controlled by both sides", "2.1.7, 2.1.3", claim, assume)


def closed_regions_grow() -> dict:
    """8.1.5: the regions closed to coups and realignment only grow as DEFCON falls: a region
    closed at a level is closed at every lower level (data/tables.yaml, DEFCON 1 closing all)."""
    hi, lo = z3.Ints("defcon_high defcon_low")
    claim = z3.And([z3.Implies(closed_region(r, hi), closed_region(r, lo)) for r in REGIONS])
    return _lemma("lemma: closed regions only grow as DEFCON falls", "8.1.5", claim,
                  [lo >= 1, lo <= hi, hi <= DEFCON_MAX])


def _coup_step() -> tuple[SymState, Choices]:
    pre = SymState.fresh("", ())
    c = Choices("coup")
    coup(pre, c)
    return pre, c


def coup_never_in_closed_region() -> dict:
    """8.1.5: a coup that is not free is never made in a region the DEFCON level closes (the coup
    transition's guard), from any state keeping the invariants."""
    pre, c = _coup_step()
    return _lemma("lemma: a coup that is not free is never made in a closed region", "8.1.5",
                  z3.Not(z3.And(z3.Not(c["free"]), closed_country(c["country"], pre.defcon))),
                  [inv(pre), *c.constraints])


def free_coup_may_be_in_closed_region() -> dict:
    """6.3.5: a free coup may be made in a closed region (a witness state)."""
    pre, c = _coup_step()
    return _exists("lemma: a free coup may be made in a closed region", "6.3.5",
                   [inv(pre), *c.constraints, c["free"], closed_country(c["country"], pre.defcon)],
                   {"defcon": pre.defcon}, c)


def coup_arithmetic() -> dict:
    """6.3.2, I5, I17: with net = ops + die - 2 x stability, a coup succeeds exactly when the die is
    at least 2 x stability - ops + 1; what it removes plus what it adds is the net; the target's
    total influence changes by at most the net."""
    ops, die, stab, enemy = z3.Ints("ops die stability enemy")
    net = ops + die - 2 * stab
    removed = z3.If(net > 0, zmin(net, enemy), 0)
    added = z3.If(net > 0, net - removed, 0)
    claim = z3.And((net > 0) == (die >= 2 * stab - ops + 1),
                   z3.Implies(net > 0, removed + added == net),
                   z3.Abs(added - removed) <= zmax(net, 0), removed >= 0, added >= 0)
    return _lemma("lemma: coup arithmetic (success threshold, removed + added = net)", "6.3.2",
                  claim, [ops >= 1, ops <= 5, die >= 1, die <= 6, stab >= 1, stab <= 5, enemy >= 0])


def realignment_never_adds() -> dict:
    """6.2.3, I6, I17: a realignment roll never adds influence: after the realign_roll transition no
    country holds more of either side's influence than before."""
    pre = SymState.fresh("", ())
    c = Choices("realign")
    post = realign_roll(pre, c)
    claim = z3.And([post.inf[n][x] <= pre.inf[n][x] for n in pre.inf for x in SIDES])
    return _lemma("lemma: realignment never adds influence", "6.2.3", claim, [inv(pre), *c.constraints])


def prove_lemmas() -> list[dict]:
    return [control_exclusive(1), control_exclusive_on_map(), closed_regions_grow(), coup_never_in_closed_region(),
            free_coup_may_be_in_closed_region(), coup_arithmetic(), realignment_never_adds()]


def prove_all() -> list[dict]:
    """The base cases, every transition and every lemma: ``[{name, rule, verdict, seconds, z3_steps,
    counterexample}]`` (and ``kind``; ``enabled`` for a transition, ``witness`` for an existence;
    ``z3_steps``: z3's resource count each used, z3_work.z3_steps; the solvers here have neither an
    rlimit nor a timeout)."""
    return base_cases() + [prove(n) for n in query_names()] + prove_lemmas()


__all__ = ["TRANSITIONS", "Transition", "Choices", "prove", "prove_transition", "prove_all", "prove_lemmas",
           "query", "query_names",
           "base_cases", "vp_check", "region_bound", "final_bound", "closed_region", "closed_country",
           "control_exclusive", "ONE_WAY", "one_way"]


# -- the model's track moves against the transitions ------------------------------------------------------
TRACKS = ("defcon", "vp", "over", "milops[USSR]", "milops[US]", "space[USSR]", "space[US]", "turn")
#: the transitions a step of the model may be made of, for the track check: every one that moves a
#: track, and those that put a card on the table or take it off (the VP check waits for that)
TRACK_MOVES = ("coup", "space_attempt", "region_scoring", "southeast_asia_scoring", "milops_check",
               "defcon_improvement", "turn_advance", "play_card", "headline_reveal", "card_leaves_table",
               "final_scoring", "event_vp", "effect_vp_checked", "event_defcon_degrade", "event_defcon_improve",
               "event_defcon_set_2", "crisis_coup_war", "event_milops", "event_space_box", "event_space_two",
               "wargames")
_TOKEN = ((0, "early"),)  # one card standing for "the card on the table", if any


def track_values(st) -> dict:
    """The components the track check compares (:data:`TRACKS`; the Space Race attempts and the
    final flag, fixed before a step), and whether a card is on the table: read from the one
    abstraction function, z3_invariants.concrete_values (the invariants' concrete check and the
    refinement check read it too)."""
    v = ZI.concrete_values(st)
    out = {k: v[k] for k in TRACKS + ("final", "attempts[USSR]", "attempts[US]")}
    out["table"] = any(v[f"zone[{n}]"] == Z["table"] for n, _ in ZI.cards_of(st))
    return out


def _fix(S: SymState, v: dict) -> list:
    """``S``'s tracked components equal to the concrete values ``v``; its token card on the table
    exactly when a card is."""
    comps = S.components()
    out = [comps[k] == (z3.BoolVal(v[k]) if isinstance(v[k], bool) else z3.IntVal(v[k])) for k in TRACKS]
    token = S.zone[_TOKEN[0][0]]
    out.append(token == Z["table"] if v["table"] else z3.And(token >= 0, token < len(ZI.ZONES), token != Z["table"]))
    return out


@functools.lru_cache(maxsize=8)
def _unrolled(max_moves: int, moves: tuple = TRACK_MOVES):
    """``max_moves`` steps of ``moves`` (default :data:`TRACK_MOVES`) from a fresh state (each step
    one transition, chosen by ``m<i>.move``, or none: -1): the first and last states, the facts, the
    choices."""
    first = cur = SymState.fresh("m0.", _TOKEN)
    facts, sels = [], []
    for i in range(1, max_moves + 1):
        sel = z3.Int(f"m{i}.move")
        sels.append(sel)
        facts += [sel >= -1, sel < len(moves)]
        merged = dict(cur.components())
        for j, name in enumerate(moves):
            c = Choices(f"m{i}.{name}")
            post = TRANSITIONS[name].fn(cur, c)
            facts.append(z3.Implies(sel == j, z3.And(c.constraints)))
            pc = post.components()
            for key in _MERGED:
                merged[key] = z3.If(sel == j, pc[key], merged[key])
        nxt = SymState.fresh(f"m{i}.", _TOKEN)
        nc = nxt.components()
        facts += [nc[key] == merged[key] for key in _MERGED]
        cur = nxt
    return first, cur, facts, sels


def explain_step(pre_v: dict, post_v: dict, max_moves: int = 5, moves: tuple = TRACK_MOVES) -> list[str] | None:
    """A sequence of at most ``max_moves`` transitions of ``moves`` (default :data:`TRACK_MOVES`:
    a test leaves one out to show a step needs it) taking the tracks of
    a model state (``pre_v``, :func:`track_values`: DEFCON, VP, the end of the game, Military
    Operations, the Space Race, the turn) to those of the next (``post_v``; one ``apply`` of the
    model may make several moves: a card's
    event, its leaving the table and the VP check), whether a card is on the table before and after
    matching too (the turn, the final flag and the Space Race attempts fixed before); the influence
    and the other components are left free. Returns the transitions' names in order, or None when
    no sequence explains the step (a move no transition describes)."""
    # one move, two moves, then any number up to max_moves (a single query: the deep ones are rare)
    for n, exact in ((1, True), (2, True), (max_moves, False)):
        first, last, facts, sels = _unrolled(n, tuple(moves))
        comps = first.components()
        fixed = _fix(first, pre_v) + _fix(last, post_v) + ([x >= 0 for x in sels] if exact else [])
        for k in ("final", "attempts[USSR]", "attempts[US]"):
            fixed.append(comps[k] == (z3.BoolVal(pre_v[k]) if isinstance(pre_v[k], bool) else z3.IntVal(pre_v[k])))
        s = _solver()
        s.add(*facts, *fixed)
        if s.check() == z3.sat:
            m = s.model()
            return [moves[m.eval(x).as_long()] for x in sels]
    return None


_MERGED = TRACKS + ("final", "turn", "attempts[USSR]", "attempts[US]", "china_holder", "china_face_up",
                    f"zone[{_TOKEN[0][0]}]")
