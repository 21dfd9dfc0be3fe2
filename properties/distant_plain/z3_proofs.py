"""Inductive proofs of the A Distant Plain invariants (z3_state.py) over the aid's Operations,
Special Activities and Propaganda phases.

Each transition is a relation T(pre, post) over two copies of the state vector, written as a small
program over a :class:`Work` copy of the pre-state, with one helper per effect the aid names
(``pay``: an Operation's Resources, never below 0; ``gain``: a track moved up, stopping at the
General Records Track's 75, engine.track_limits; ``place``: a piece from Available; ``remove``: a
piece to where removal.py sends it, a Coalition piece to Casualties, a guerrilla Underground to
Available; ``move``; ``flip``; ``shift_islamabad``, ``islamabad.hard``...). What the players choose
(the space, the kind, how many) and the dice are fresh z3 constants in their legal range; what the
rule imposes is a guard or an effect; components never rewritten keep their values (the frame).

**One transition is one step of play** as the model takes it (one answer of a player: a space
chosen and paid, one piece placed or moved, one removal): the Operation's transition is the union
of the steps its rule names, chosen by a free ``step`` constant, each disjunct one of the aid's
sentences. Every transition ends with the **standing conditions** the engine applies after every
step (engine.standing_conditions): under Hostility the Taliban guerrillas in Pakistan are Active
(``islamabad.hostility``); the tracks' top is each ``gain``'s.

**Induction.** The invariants hold at the sandbox's set-up under the option sets the campaigns play
(:func:`base_cases`: a concrete check), and for every transition ``Inv(pre) and T(pre, post) =>
Inv(post)`` is valid: z3 finds its negation unsatisfiable (``"proved"``) or gives a counterexample.
Each proved transition is shown not vacuous (some state keeping the invariants can take it).

**How z3 is asked** (:func:`prove`; ``quick=False`` gives the old form, benchmarks/proofs.py
``--unquick``): the post components are the transition's expressions of the pre-state (the
one-point rule) and an invariant none of whose components the step rewrites is left out of the
goal. The inductive step goes first to a tactic solver (:data:`TACTICS`: simplify, propagate-values,
solve-eqs, elim-term-ite, then the SMT core; each keeps the query equisatisfiable) with the goal
narrowed further to the conjuncts reading a changed component, within :data:`QUICK_RLIMIT`; its
unsat is the proof. Whatever it does not settle -- a sat, an "unknown", the budget spent -- is asked
as written to z3's default solver within :data:`RLIMIT`, whose answer is then the verdict and whose
model the counterexample shown, so "proved", "counterexample" and "unknown" mean what they meant
without the quick form. The enabled check (not vacuous) is asked as written: it is cheap (a
concrete witness, the sandbox's set-up substituted for the pre-state, cost more seconds than the
query it would save).

**The certificate.** :func:`query` builds a proof's solver calls without solving (``"proved"``, the
query as written whose unsat the verdict means; ``"enabled"``, the one whose sat means not vacuous),
and :func:`prove` asks its solvers from the same build; properties/proved.py digests them, and
``properties/distant_plain/proved.json`` records each digest with z3's verdict (``python -m
cdg_oracle.oracle.proved_cmd --game distant_plain`` re-proves them), which the test suite checks without
solving (the full re-proving: ``prove_all()``, ``cdg-oracle verify``, the slow tests).

**What is abstracted** (weaker than the aid, which only makes a proof stronger; the refinement check
matches model steps against these relations, so a looser guard there is a weaker check, never a
false finding): adjacency (a March, Sweep, Patrol, Transport, Air Lift or Redeploy move may join
any two spaces: the Patrol's and Transport's chains, the Redeploy's destinations under Control are
not encoded), the Control conditions of where an activity may be done (Surge, Govern, Eradicate,
Extort, Traffic, Civic Action, Sharia), how many guerrillas a Rally places (any number Available),
how many a Sweep or Patrol activates (any number Underground), the Attack's die (a removal is any
enemy piece), which cost of a space applies where the ruling or the step order decides it (a step
pays the space's cost or not). Both readings of the rulings a step's effect depends on are allowed
where cheap (Terror's shift, Extort's transfer, Eradicate's Aid, Govern's Population); the two
deterministic Propaganda phases (Resources, Reset) read the game's rulings (``sabotage_count``,
``casualties_rounding``) from :class:`~.z3_state.Facts`.

**What the transitions do NOT capture**: the procedural state (the stack, the turn's record of its
spaces and Special Activity, the phase's Control), so an Operation's per-turn limits (a Limited
Operation's one space, 3 Air Strike spaces, a piece moving once) are not checked; victory is a
stutter (the terminal outcome is not in the vector); the event cards are not modelled (gap
``event_cards``).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import z3

from cdg_oracle.properties.z3_work import Spec, Transition, registrar, z3_steps
from cdg_oracle.properties.z3_work import Work as Z3Work
from cdg_oracle.model.distant_plain.control import ISLAMABAD, PIECES
from cdg_oracle.model.distant_plain.engine import TRACK_HIGH
from cdg_oracle.properties.distant_plain.z3_state import (
    COIN, HOSTILITY, STATE_INVARIANTS, Facts, StateView, SymState, at, box, check_state, facts_for, state_invariants,
    variables,
)

z3.set_param("ctrl_c", False)

GOVT_CUBES = ("government_troops", "police")
GUERRILLAS = {"Taliban": ("taliban_underground", "taliban_active"),
              "Warlords": ("warlords_underground", "warlords_active")}
OWN_BASE = {"Taliban": "taliban_bases", "Warlords": "warlords_bases"}
REBEL_ACTIVE_OR_BASE = ("taliban_active", "warlords_active", "taliban_bases", "warlords_bases")
SPONSORSHIP = len(ISLAMABAD) - 1

# The amounts the aid prints (each the model's constant, quoted in its module)
TRAIN_COST = 3            # "3 Risorse Govt per Spazio"
PATRONAGE_TRANSFER = 3    # "a Kabul, trasferisci 3 Patronage alle risorse Govt"
PATROL_COST = 3           # Government Patrol: "3 Risorse in totale"
SWEEP_COST = 3
ASSAULT_COST = 3          # "3 Risorse Govt per Spazio", and "altre 3" where the Government joins
TALIBAN_BASE_AID = 6      # Government Assault: "+6 Aid per Base Talebana rimossa"
CIVIC_ACTION_COST = 3     # "Ogni 3 Risorse"
SUBORN_COST = 2
CASUALTY_AID = 3          # propaganda.resources.casualties_and_aid


# --------------------------------------------------------------------------------------------
# Building a transition
# --------------------------------------------------------------------------------------------


class Work(Z3Work):
    """The post-state being built from the pre-state (properties/z3_work.py ``Work``): ``w[name]``
    is the current expression of a component; the helpers rewrite it; ``choose_*`` add a free
    choice with its legal range (a guard); ``require`` adds a precondition. Every effect takes
    ``when`` (a condition: the step's disjunct), under which its guards hold and its rewrites
    happen. Here: selections by a symbolic space of the aid's map."""

    facts: Facts

    def set(self, name: str, expr, when=True) -> None:
        self.e[name] = expr if when is True else z3.If(when, expr, self.e[name])

    def choose_space(self, name: str, among=None) -> z3.ArithRef:
        """A space (its index in the map's name order), among ``among`` (default: every space)."""
        return self.choose_name(name, among)

    def choose_kind(self, name: str, kinds: tuple[str, ...]) -> z3.ArithRef:
        """A kind of piece among ``kinds`` (its index there)."""
        x = self.choose_int(name, 0, len(kinds) - 1)
        self.decode[name] = lambda i: kinds[i]
        return x

    # reading by a symbolic space
    def is_space(self, sel, name: str) -> z3.BoolRef:
        return sel == self.facts.index(name)

    def get(self, field: str, sel) -> z3.ArithRef:
        """``field`` of the space ``sel`` points at (a chain of If over the map)."""
        return self.by_index(sel, lambda n: self.e[at(field, n)])

    def in_set(self, sel, names) -> z3.BoolRef:
        ks = [self.facts.index(n) for n in self.facts.names if n in set(names)]
        return z3.Or(*[sel == k for k in ks]) if ks else z3.BoolVal(False)

    def add(self, field: str, sel, delta, when=True) -> None:
        """``field`` of the space ``sel`` points at grows by ``delta`` (under ``when``)."""
        self.rewrite_at(lambda n: at(field, n), sel, lambda v, n: v + delta, when)

    def put(self, field: str, sel, fn: Callable, when=True) -> None:
        """``field`` of the space ``sel`` points at becomes ``fn(current)``."""
        self.rewrite_at(lambda n: at(field, n), sel, lambda v, n: fn(v), when)


def pick(k, options: tuple, fn: Callable):
    """The value ``fn(option)`` of the option ``k`` points at (an If chain over ``options``)."""
    out = fn(options[-1])
    for i in range(len(options) - 2, -1, -1):
        out = z3.If(k == i, fn(options[i]), out)
    return out


TRANSITIONS: dict[str, Spec] = {}


def _standing(w: Work) -> None:
    standing_conditions(w)


#: Register a transition: ``build(w, **params)`` rewrites the Work copy as the rules say; the
#: standing conditions follow (:func:`standing_conditions`).
transition = registrar(TRANSITIONS, after=_standing)


def run(name: str, pre: SymState, **params) -> Work:
    w = Work(pre, name)
    TRANSITIONS[name].build(w, **params)
    return w


def build(name: str, pre: SymState, post: SymState, **params) -> Transition:
    """The transition relation ``name`` between ``pre`` and ``post``."""
    w = run(name, pre, **params)
    rel = z3.And(*w.guards, *[post[n] == w.e[n] for n in pre.state_names])
    return Transition(name, TRANSITIONS[name].rules, TRANSITIONS[name].doc, rel, w.choices)


# --------------------------------------------------------------------------------------------
# Effects (each one sentence of the aid on the Work copy)
# --------------------------------------------------------------------------------------------


def standing_conditions(w: Work) -> None:
    """``islamabad.hostility`` (engine.standing_conditions after every step): under Hostility every
    Underground Taliban guerrilla in Pakistan turns Active."""
    hostile = w["islamabad"] == HOSTILITY
    for n in w.facts.names:
        if n in w.facts.pakistan:
            u, a = at("taliban_underground", n), at("taliban_active", n)
            w[a] = z3.If(hostile, w[a] + w[u], w[a])
            w[u] = z3.If(hostile, 0, w[u])


def pay(w: Work, track: str, amount, when=True) -> None:
    """A cost: the faction must have it (a spend below 0 is never offered, engine.track_limits)."""
    w.require(w[track] >= amount, when=when)
    w.set(track, w[track] - amount, when)


def gain(w: Work, track: str, amount, when=True) -> None:
    """A gain on the General Records Track stops at its top (engine.track_limits, gap
    ``track_limits``)."""
    x = w[track] + amount
    w.set(track, z3.If(x > TRACK_HIGH, TRACK_HIGH, x), when)


def transfer(w: Work, src: str, dst: str, amount, when=True) -> None:
    pay(w, src, amount, when)
    gain(w, dst, amount, when)


def place(w: Work, kind: str, sel, n=1, when=True, zone: str = "available") -> None:
    """``n`` pieces of ``kind`` from the ``zone`` box to the space ``sel`` (guerrillas come from
    Available Underground)."""
    src = box(zone, kind)
    w.require(w[src] >= n, when=when)
    w.set(src, w[src] - n, when)
    w.add(kind, sel, n, when)


def destination(kind: str) -> tuple[str, str]:
    """Where a removed piece goes (removal.destination): Coalition to Casualties; guerrillas
    Underground to Available; the rest to Available."""
    if kind.startswith("coalition_"):
        return "casualties", kind
    if kind.endswith(("_active", "_underground")):
        return "available", kind.split("_")[0] + "_underground"
    return "available", kind


def remove(w: Work, kind: str, sel, n=1, when=True) -> None:
    """``n`` pieces of ``kind`` removed from the space ``sel`` (removal.remove, rule ``pieces``)."""
    w.require(w.get(kind, sel) >= n, when=when)
    w.add(kind, sel, -n, when)
    z, k = destination(kind)
    w.set(box(z, k), w[box(z, k)] + n, when)


def remove_one_of(w: Work, name: str, kinds: tuple[str, ...], sel, when=True) -> z3.ArithRef:
    """One piece of a kind among ``kinds`` (chosen) removed from ``sel``."""
    k = w.choose_kind(name, kinds)
    for i, kind in enumerate(kinds):
        remove(w, kind, sel, 1, when=z3.And(when, k == i) if when is not True else k == i)
    return k


def move(w: Work, kind: str, src, dst, n=1, when=True) -> None:
    """``n`` pieces of ``kind`` from the space ``src`` to the space ``dst``."""
    w.require(w.get(kind, src) >= n, src != dst, when=when)
    w.add(kind, src, -n, when)
    w.add(kind, dst, n, when)


def flip(w: Work, faction: str, sel, n, to_active: bool = True, when=True) -> None:
    """``n`` of ``faction``'s guerrillas in ``sel`` turn Active (or Underground)."""
    u, a = GUERRILLAS[faction]
    src, dst = (u, a) if to_active else (a, u)
    w.require(n >= 0, w.get(src, sel) >= n, when=when)
    w.add(src, sel, -n, when)
    w.add(dst, sel, n, when)


def flip_all(w: Work, faction: str, sel, when=True) -> None:
    """Every guerrilla of ``faction`` in ``sel`` turns Underground ("occulta tutti")."""
    u, a = GUERRILLAS[faction]
    for n in w.facts.names:
        cond = w.is_space(sel, n) if when is True else z3.And(when, w.is_space(sel, n))
        w[at(u, n)] = z3.If(cond, w[at(u, n)] + w[at(a, n)], w[at(u, n)])
        w[at(a, n)] = z3.If(cond, 0, w[at(a, n)])


def shift_islamabad(w: Work, steps: int, when=True) -> None:
    """``islamabad``, ``islamabad.hard``: one box toward Sponsorship (+1) or Hostility (-1); past
    an end the marker stays and turns Hard."""
    i = w["islamabad"]
    edge = SPONSORSHIP if steps > 0 else 0
    w.set("islamabad_hard", z3.If(i == edge, 1, w["islamabad_hard"]), when)
    w.set("islamabad", z3.If(i == edge, i, i + steps), when)


def civic_action_step(w: Work, sel, when=True) -> None:
    """``propaganda.support.civic_action`` (support.civic_action_step): 3 Government Resources
    remove the Terror marker, or else shift one level toward Support."""
    pay(w, "resources.Government", CIVIC_ACTION_COST, when)
    terror = w.get("terror", sel) == 1
    w.require(z3.Or(terror, w.get("support", sel) < 1), when=when)
    w.put("terror", sel, lambda x: z3.If(terror, 0, x), when)
    w.put("support", sel, lambda x: z3.If(terror, x, x + 1), when)


def sharia_steps(w: Work, sel, steps, when=True) -> None:
    """``propaganda.support.sharia`` (support.sharia_shift), ``steps`` times: the Terror marker
    removed first, then one level toward Opposition each."""
    t = w.get("terror", sel)
    shifts = z3.If(z3.And(t == 1, steps >= 1), steps - 1, steps)
    w.require(steps >= 0, w.get("support", sel) - shifts >= -1, when=when)
    w.put("terror", sel, lambda x: z3.If(steps >= 1, 0, x), when)
    w.put("support", sel, lambda x: x - shifts, when)


# --------------------------------------------------------------------------------------------
# COIN Operations
# --------------------------------------------------------------------------------------------


def _train_cube(w: Work, sel, faction: str) -> z3.ArithRef:
    """Train's common steps in the space ``sel`` (0 nothing placed, 1-2 a Govt cube from Available,
    3-4 one from another space of the map: ruling ``train_cubes_from_map``), and the space's 3
    Government Resources paid with any of them (``paid``)."""
    step = w.choose_int("step", 0, 5)
    paid = w.choose_bool("paid")
    pay(w, "resources.Government", TRAIN_COST, when=paid)
    w.require(z3.Implies(step == 5, z3.Not(paid)))
    for i, kind in enumerate(GOVT_CUBES):
        place(w, kind, sel, 1, when=step == 1 + i)
        other = w.choose_space(f"from_{kind}", w.facts.areas + w.facts.locs)
        move(w, kind, other, sel, 1, when=step == 3 + i)
    return step


@transition("coalition_train", "coalition.operations.train")
def t_coalition_train(w: Work) -> None:
    """Coalition Train, one step in a Province or Kabul: the space's 3 Government Resources paid
    ("3 Risorse Govt per Spazio se piazzati cubi"), a Govt cube placed (from Available, or from the
    map when none is in reserve), or in Kabul 3 Patronage moved to the Government's Resources."""
    sel = w.choose_space("space", w.facts.areas)
    step = _train_cube(w, sel, "Coalition")
    kabul = w.is_space(sel, "Kabul")
    w.require(z3.Implies(step == 5, kabul))
    transfer(w, "patronage", "resources.Government", PATRONAGE_TRANSFER, when=step == 5)


@transition("government_train", "government.operations.train")
def t_government_train(w: Work) -> None:
    """Government Train, one step in a Province or Kabul: 3 Resources for the space, a Govt cube
    placed, or 3 Govt cubes there replaced with a Government Base ("rimpiazza 3 cubi Govt con una
    Base Govt": the cubes to Available)."""
    sel = w.choose_space("space", w.facts.areas)
    step = _train_cube(w, sel, "Government")
    troops = w.choose_int("troops", 0, 3)
    base = step == 5
    remove(w, "government_troops", sel, troops, when=base)
    remove(w, "police", sel, 3 - troops, when=base)
    place(w, "government_bases", sel, 1, when=base)


#: Each COIN faction's cubes: what activates a guerrilla in Patrol and Sweep (patrol.CUBES)
CUBES = {"Coalition": ("coalition_troops",), "Government": ("government_troops", "police")}


def coin_activation(w: Work, faction: str, spaces, when=True) -> None:
    """Patrol's and Sweep's activation (patrol.coin_activation): in each of ``spaces``, up to 1
    Underground guerrilla per ``faction``'s cube there turns Active, of either insurgent (all of them
    at once, when the Operation's last answer closes it)."""
    for n in spaces:
        cubes = z3.Sum(*[w[at(k, n)] for k in CUBES[faction]])
        t = w.choose_int(f"taliban@{n}", 0)
        g = w.choose_int(f"warlords@{n}", 0)
        w.require(t + g <= cubes, when=when)
        for f, x in (("Taliban", t), ("Warlords", g)):
            u, a = GUERRILLAS[f]
            w.require(w[at(u, n)] >= x, when=when)
            w.set(at(u, n), w[at(u, n)] - x, when)
            w.set(at(a, n), w[at(a, n)] + x, when)


def _coin_removal(w: Work, sel, when, government: bool) -> None:
    """An Assault's removal: one Active guerrilla or rebel Base (bases last: removal.coin_targets,
    abstracted) removed; +6 Aid for a Taliban Base removed by the Government."""
    k = remove_one_of(w, "removed", REBEL_ACTIVE_OR_BASE, sel, when)
    if government:
        gain(w, "aid", TALIBAN_BASE_AID, when=z3.And(when, k == 2))


def _cube_move(w: Work, kinds: tuple[str, ...], when, dest=None) -> None:
    kind = w.choose_kind("cube", kinds)
    src = w.choose_space("from")
    dst = w.choose_space("to", dest)
    for i, k in enumerate(kinds):
        move(w, k, src, dst, 1, when=z3.And(when, kind == i))


def _patrol(w: Work, faction: str) -> None:
    """One answer of a Patrol: a cube into a LoC or Kabul; the activation in the LoCs (when the
    answer closes the moves); the free Assault's removal in a LoC; the cost."""
    moves, activates = w.choose_bool("moves"), w.choose_bool("activates")
    kinds = ("coalition_troops",) if faction == "Coalition" else GOVT_CUBES
    _cube_move(w, kinds, moves, dest=w.facts.locs + ("Kabul",))
    coin_activation(w, faction, w.facts.locs, when=activates)
    removes = w.choose_bool("removes")
    w.require(z3.Implies(removes, z3.Not(z3.Or(moves, activates))))
    _coin_removal(w, w.choose_space("loc", w.facts.locs), removes, faction == "Government")
    # the Patrol's cost (Government: "3 Risorse in totale", with its first destination), or
    # Government forces joining the Coalition's free Assault (ruling patrol_assault_govt_join)
    pay(w, "resources.Government", PATROL_COST, when=w.choose_bool("paid"))


@transition("coalition_patrol", "coalition.operations.patrol")
def t_coalition_patrol(w: Work) -> None:
    """Coalition Patrol, one step: a Coalition troop into a LoC or Kabul; in a LoC, Underground
    guerrillas activated by the cubes; the free Assault's removal in a LoC (Government forces
    joining it may cost 3, ruling ``patrol_assault_govt_join``)."""
    _patrol(w, "Coalition")


@transition("government_patrol", "government.operations.patrol")
def t_government_patrol(w: Work) -> None:
    """Government Patrol, one step: 3 Resources in all; a Govt cube into a LoC or Kabul;
    activation in a LoC; the free Assault's removal (+6 Aid per Taliban Base)."""
    _patrol(w, "Government")


def _sweep(w: Work, faction: str) -> None:
    """One answer of a Sweep: a troop into the destination (the Warlords' toll for a LoC passed,
    the destination's 3 Government Resources with its first Govt troop); the activation in the
    destinations (when the answer closes the moves)."""
    moves, activates = w.choose_bool("moves"), w.choose_bool("activates")
    kinds = ("coalition_troops", "government_troops") if faction == "Coalition" else GOVT_CUBES
    _cube_move(w, kinds, moves)
    coin_activation(w, faction, w.facts.names, when=activates)
    pay(w, "resources.Government", SWEEP_COST, when=w.choose_bool("paid"))
    if faction == "Government":   # "In ogni LoC in cui sei entrato ... trasferisci 1 tua risorsa ai warlord"
        transfer(w, "resources.Government", "resources.Warlords", w.choose_int("toll", 0, 1))


@transition("coalition_sweep", "coalition.operations.sweep")
def t_coalition_sweep(w: Work) -> None:
    """Coalition Sweep, one step: a troop (Coalition, or Government joining for 3 Government
    Resources) into an adjacent space, the Warlords' toll paid; or Underground guerrillas
    activated."""
    _sweep(w, "Coalition")


@transition("government_sweep", "government.operations.sweep")
def t_government_sweep(w: Work) -> None:
    """Government Sweep, one step: 3 Resources a space; a Govt cube into an adjacent space (the
    Warlords' toll); or activation."""
    _sweep(w, "Government")


@transition("coalition_assault", "coalition.operations.assault")
def t_coalition_assault(w: Work) -> None:
    """Coalition Assault, one step: a space's 3 Government Resources, or 3 more where Government
    forces join (ruling ``coalition_assault_cost``); or one Active guerrilla or rebel Base removed."""
    sel = w.choose_space("space")
    remove_now = w.choose_bool("remove")
    _coin_removal(w, sel, remove_now, False)
    pay(w, "resources.Government", ASSAULT_COST, when=z3.Not(remove_now))


@transition("government_assault", "government.operations.assault")
def t_government_assault(w: Work) -> None:
    """Government Assault, one step: 3 Resources for a space; or one Active guerrilla or rebel
    Base removed ("+6 Aid per Base Talebana rimossa")."""
    sel = w.choose_space("space")
    remove_now = w.choose_bool("remove")
    _coin_removal(w, sel, remove_now, True)
    pay(w, "resources.Government", ASSAULT_COST, when=z3.Not(remove_now))


# --------------------------------------------------------------------------------------------
# Insurgent Operations
# --------------------------------------------------------------------------------------------


def _rally(w: Work, faction: str) -> None:
    u, a = GUERRILLAS[faction]
    res = f"resources.{faction}"
    sel = w.choose_space("space", w.facts.areas)
    # 1 Resource a space; the Taliban's none in Pakistan at Backing or Sponsorship (islamabad.backing)
    if faction == "Taliban":
        free = z3.And(w.in_set(sel, w.facts.pakistan), w["islamabad"] >= ISLAMABAD.index("backing"))
        cost = z3.If(free, 0, 1)
    else:
        cost = z3.IntVal(1)
    pay(w, res, cost)
    step = w.choose_int("step", 0, 3)
    n = w.choose_int("placed", 0)
    place(w, u, sel, n, when=step == 0)
    # replace 2 guerrillas (either side) with a Base
    k = w.choose_int("underground", 0, 2)
    base = step == 1
    w.require(w.get(u, sel) >= k, w.get(a, sel) >= 2 - k, when=base)
    w.add(u, sel, -k, base)
    w.add(a, sel, -(2 - k), base)
    w.set(box("available", u), w[box("available", u)] + 2, base)
    place(w, OWN_BASE[faction], sel, 1, when=base)
    flip_all(w, faction, sel, when=step == 2)
    if faction == "Taliban":
        steps = w.choose_int("sharia", 0, 3)
        pay(w, res, steps, when=step == 3)
        sharia_steps(w, sel, steps, when=step == 3)
    else:
        w.require(step != 3)


@transition("taliban_rally", "taliban.operations.rally", "islamabad.backing", "islamabad.sponsorship")
def t_taliban_rally(w: Work) -> None:
    """Taliban Rally, one space: its Resource (none in Pakistan at Backing or Sponsorship), then
    guerrillas placed from Available, or 2 replaced with a Base, or all flipped Underground, or the
    Rally's Sharia (1 Taliban Resource a step)."""
    _rally(w, "Taliban")


@transition("warlords_rally", "warlords.operations.rally")
def t_warlords_rally(w: Work) -> None:
    """Warlords Rally, one space: 1 Resource, then guerrillas placed, 2 replaced with a Base, or
    all flipped Underground."""
    _rally(w, "Warlords")


def _march(w: Work, faction: str) -> None:
    u, a = GUERRILLAS[faction]
    src, dst = w.choose_space("from"), w.choose_space("to")
    kind = w.choose_kind("kind", (u, a))
    n = w.choose_int("moved", 0, 1)
    move(w, u, src, dst, n, when=kind == 0)
    move(w, a, src, dst, n, when=kind == 1)
    flip(w, faction, dst, w.choose_int("activated", 0), True)
    pay(w, f"resources.{faction}", w.choose_int("cost", 0, 1))


@transition("taliban_march", "taliban.operations.march")
def t_taliban_march(w: Work) -> None:
    """Taliban March, one step: a guerrilla into the destination; at the destination's end the
    activation ("superiore a 3") and its cost (1, none a LoC or into or out of Pakistan at Backing
    or Sponsorship)."""
    _march(w, "Taliban")


@transition("warlords_march", "warlords.operations.march")
def t_warlords_march(w: Work) -> None:
    """Warlords March, one step: a guerrilla into the destination; the activation and the cost."""
    _march(w, "Warlords")


ENEMIES = {"Taliban": ("government_troops", "police", "coalition_troops", "warlords_underground", "warlords_active",
                       "coalition_bases", "government_bases", "warlords_bases"),
           "Warlords": ("government_troops", "police", "coalition_troops", "taliban_underground", "taliban_active",
                        "coalition_bases", "government_bases", "taliban_bases")}


def _attack(w: Work, faction: str) -> None:
    u, _ = GUERRILLAS[faction]
    sel = w.choose_space("space")
    step = w.choose_int("step", 0, 2)
    # 0: the space's 1 Resource (with its choice) and/or "Attiva tutti i Guerrieri" (after the
    # Taliban's Ambush question, declined, the activation alone)
    pay(w, f"resources.{faction}", 1, when=z3.And(step == 0, w.choose_bool("paid")))
    flip(w, faction, sel, w.choose_int("activated", 0), True, when=step == 0)
    # 1: an enemy piece removed (Coalition to Casualties)
    remove_one_of(w, "removes", ENEMIES[faction], sel, when=step == 1)
    # 2 (or with the last removal): on a 1, a guerrilla from Available
    added = w.choose_int("added", 0, 1)
    w.require(z3.Implies(step == 0, added == 0))
    place(w, u, sel, added)


@transition("taliban_attack", "taliban.operations.attack", "taliban.special_activities.ambush")
def t_taliban_attack(w: Work) -> None:
    """Taliban Attack, one step in a space: 1 Resource and every own guerrilla there activated; an
    enemy piece removed; on a 1 a guerrilla added from Available. (The question whether to Ambush
    is the Ambush's: the model cites it for the Attack's activation when Ambush is declined.)"""
    _attack(w, "Taliban")


@transition("warlords_attack", "warlords.operations.attack")
def t_warlords_attack(w: Work) -> None:
    """Warlords Attack, one step in a space: as the Taliban's."""
    _attack(w, "Warlords")


def _terror(w: Work, faction: str) -> None:
    sel = w.choose_space("space")
    flip(w, faction, sel, 1, True)
    loc = w.in_set(sel, w.facts.locs)
    pay(w, f"resources.{faction}", 1, when=z3.Not(loc))
    w.put("sabotage", sel, lambda x: z3.IntVal(1), when=loc)
    w.put("terror", sel, lambda x: z3.IntVal(1), when=z3.Not(loc))
    if faction == "Taliban":
        # toward Opposition: one level (ruling taliban_terror_shift one_level) or to Opposition
        one = w.choose_bool("one_level")
        w.put("support", sel, lambda x: z3.If(one, z3.If(x > -1, x - 1, x), z3.IntVal(-1)), when=z3.Not(loc))
    else:
        w.put("support", sel, lambda x: z3.IntVal(0), when=z3.Not(loc))


@transition("taliban_terror", "taliban.operations.terror")
def t_taliban_terror(w: Work) -> None:
    """Taliban Terror in a space: an Underground guerrilla activated; in a Province or Kabul 1
    Resource, a Terror marker, a shift toward Opposition; on a LoC Sabotage, free."""
    _terror(w, "Taliban")


@transition("warlords_terror", "warlords.operations.terror")
def t_warlords_terror(w: Work) -> None:
    """Warlords Terror in a space: an Underground guerrilla activated; in a Province or Kabul 1
    Resource, a Terror marker and Neutral; on a LoC Sabotage, free."""
    _terror(w, "Warlords")


# --------------------------------------------------------------------------------------------
# Special Activities
# --------------------------------------------------------------------------------------------


@transition("coalition_surge", "coalition.special_activities.surge")
def t_surge(w: Work) -> None:
    """Surge, one step: a Coalition piece moved among its spaces and the Available box ("aggiungi
    e/o toglie pezzi"); or the die's split between Aid and the Warlords' Resources."""
    step = w.choose_int("step", 0, 3)
    kind = w.choose_kind("kind", ("coalition_troops", "coalition_bases"))
    a, b = w.choose_space("from", w.facts.areas), w.choose_space("to", w.facts.areas)
    for i, k in enumerate(("coalition_troops", "coalition_bases")):
        move(w, k, a, b, 1, when=z3.And(step == 0, kind == i))
        place(w, k, b, 1, when=z3.And(step == 1, kind == i))
        w.require(w.get(k, a) >= 1, when=z3.And(step == 2, kind == i))
        w.add(k, a, -1, z3.And(step == 2, kind == i))
        w.set(box("available", k), w[box("available", k)] + 1, z3.And(step == 2, kind == i))
    die = w.choose_int("die", 1, 6)
    to_aid = w.choose_int("aid", 0)
    w.require(to_aid <= die)
    gain(w, "aid", to_aid, when=step == 3)
    gain(w, "resources.Warlords", die - to_aid, when=step == 3)


@transition("coalition_air_lift", "coalition.special_activities.air_lift")
def t_air_lift(w: Work) -> None:
    """Air Lift, one step: Coalition troops, or up to 3 Government troops, moved between its
    spaces."""
    kind = w.choose_kind("kind", ("coalition_troops", "government_troops"))
    a, b = w.choose_space("from"), w.choose_space("to")
    n = w.choose_int("moved", 1)
    w.require(z3.Implies(kind == 1, n <= 3))
    move(w, "coalition_troops", a, b, n, when=kind == 0)
    move(w, "government_troops", a, b, n, when=kind == 1)


@transition("coalition_air_strike", "coalition.special_activities.air_strike", "islamabad.hard")
def t_air_strike(w: Work) -> None:
    """Air Strike, one step outside Kabul: one Active guerrilla or rebel Base removed (bases last)
    and/or, in Pakistan, Islamabad one box toward Sponsorship (Hard past its end)."""
    sel = w.choose_space("space", [n for n in w.facts.names if n != "Kabul"])
    removes = w.choose_bool("removes")
    remove_one_of(w, "kind", REBEL_ACTIVE_OR_BASE, sel, when=removes)
    shifts = w.choose_bool("islamabad")
    w.require(z3.Implies(shifts, w.in_set(sel, w.facts.pakistan)), z3.Or(removes, shifts))
    shift_islamabad(w, +1, when=shifts)


@transition("government_govern", "government.special_activities.govern")
def t_govern(w: Work) -> None:
    """Govern in a Province or Kabul: a Returnees marker where none is; or (no Coalition Base)
    the space's Population moved from Aid to Patronage (as much Aid as there is) and Neutral."""
    sel = w.choose_space("space", w.facts.areas)
    returnees = w.choose_bool("returnees")
    w.require(w.get("returnees", sel) == 0, when=returnees)
    w.put("returnees", sel, lambda x: z3.IntVal(1), when=returnees)
    other = z3.Not(returnees)
    pop = w.static(sel, w.facts.pop) + z3.If(w.choose_bool("with_returnees"), w.get("returnees", sel), 0)
    moved = z3.If(w["aid"] < pop, w["aid"], pop)
    w.require(w.get("coalition_bases", sel) == 0, when=other)
    transfer(w, "aid", "patronage", moved, when=other)
    w.put("support", sel, lambda x: z3.IntVal(0), when=other)


@transition("government_transport", "government.special_activities.transport")
def t_transport(w: Work) -> None:
    """Transport, one step: a group of Government troops moved, paying 1 Government Resource to the
    Warlords for each space entered with guerrillas."""
    a, b = w.choose_space("from"), w.choose_space("to")
    n = w.choose_int("moved", 1)
    move(w, "government_troops", a, b, n)
    transfer(w, "resources.Government", "resources.Warlords", w.choose_int("toll", 0, 1))


@transition("government_eradicate", "government.special_activities.eradicate")
def t_eradicate(w: Work) -> None:
    """Eradicate in a Province: + Aid (none by default, ruling ``eradicate_aid``), +1 Patronage, a
    Warlords Base removed, one level toward Opposition, and in a Pashtun space a Taliban guerrilla
    placed (if one is Available)."""
    sel = w.choose_space("space", [n for n in w.facts.areas if n != "Kabul"])
    gain(w, "aid", w.choose_int("aid", 0, 1))
    gain(w, "patronage", 1)
    remove(w, "warlords_bases", sel, 1)
    w.put("support", sel, lambda x: z3.If(x > -1, x - 1, x))
    pashtun = w.in_set(sel, w.facts.pashtun)
    placed = z3.And(pashtun, w[box("available", "taliban_underground")] >= 1)
    place(w, "taliban_underground", sel, 1, when=placed)


@transition("taliban_extort", "taliban.special_activities.extort")
def t_extort(w: Work) -> None:
    """Extort in a space: an Underground guerrilla activated; on an unsabotaged LoC its Econ in
    Taliban Resources; else 2 per Warlords Base (taken from the Warlords, capped by theirs: ruling
    ``extort_warlords_resources``); else +1."""
    sel = w.choose_space("space")
    flip(w, "Taliban", sel, 1, True)
    open_loc = z3.And(w.in_set(sel, w.facts.locs), w.get("sabotage", sel) == 0)
    bases = w.get("warlords_bases", sel)
    taken = w.choose_bool("taken")
    base_gain = z3.If(taken, z3.If(w["resources.Warlords"] < 2 * bases, w["resources.Warlords"], 2 * bases), 2 * bases)
    g = z3.If(open_loc, w.static(sel, w.facts.econ_of), z3.If(bases > 0, base_gain, 1))
    w.set("resources.Warlords", w["resources.Warlords"] - base_gain, z3.And(taken, z3.Not(open_loc), bases > 0))
    gain(w, "resources.Taliban", g)


@transition("taliban_infiltrate", "taliban.special_activities.infiltrate")
def t_infiltrate(w: Work) -> None:
    """Infiltrate in a space, one step: a Government or Warlords piece replaced by a Taliban
    guerrilla from Available, or removed; Patronage -1 per Government piece removed (not below 0)."""
    sel = w.choose_space("space")
    kinds = ("government_troops", "police", "government_bases", "warlords_underground", "warlords_active",
             "warlords_bases")
    removes = w.choose_bool("removes")
    remove_one_of(w, "kind", kinds, sel, when=removes)
    place(w, "taliban_underground", sel, w.choose_int("placed", 0, 1))
    lost = w.choose_int("patronage", 0, 3)   # up to 2 taken and the one replaced (ruling P45)
    w.set("patronage", z3.If(w["patronage"] < lost, 0, w["patronage"] - lost))


@transition("taliban_ambush", "taliban.special_activities.ambush")
def t_ambush(w: Work) -> None:
    """Ambush in an Attack space: one Underground guerrilla activated, the Attack won without a
    roll (its removals are the Attack's steps), a guerrilla added as on a 1."""
    sel = w.choose_space("space")
    flip(w, "Taliban", sel, 1, True)
    place(w, "taliban_underground", sel, w.choose_int("added", 0, 1))


@transition("warlords_cultivate", "warlords.special_activities.cultivate")
def t_cultivate(w: Work) -> None:
    """Cultivate in a Province of the Rally or March: a Warlords Base from Available."""
    place(w, "warlords_bases", w.choose_space("space", [n for n in w.facts.areas if n != "Kabul"]), 1)


@transition("warlords_traffic", "warlords.special_activities.traffic")
def t_traffic(w: Work) -> None:
    """Traffic in a space: +1 Warlords Resource per Warlords Base; +1 Taliban Resource under
    Taliban Control, or +1 Patronage under COIN Control (Control abstracted)."""
    sel = w.choose_space("space")
    gain(w, "resources.Warlords", w.get("warlords_bases", sel))
    which = w.choose_int("control", 0, 2)
    gain(w, "resources.Taliban", 1, when=which == 1)
    gain(w, "patronage", 1, when=which == 2)


@transition("warlords_suborn", "warlords.special_activities.suborn")
def t_suborn(w: Work) -> None:
    """Suborn in a space: 2 Warlords Resources for one choice: up to 3 Govt cubes removed (one a
    step), a Government Base or a Taliban guerrilla removed, or every guerrilla (Warlords and/or
    Taliban) flipped Underground."""
    sel = w.choose_space("space")
    paid = w.choose_bool("paid")
    pay(w, "resources.Warlords", SUBORN_COST, when=paid)
    step = w.choose_int("step", 0, 2)
    remove_one_of(w, "removes", ("government_troops", "police", "government_bases", "taliban_underground",
                                 "taliban_active"), sel, when=step == 1)
    w.require(z3.Implies(step == 2, paid))
    for f in ("Taliban", "Warlords"):
        flip_all(w, f, sel, when=z3.And(step == 2, w.choose_bool(f"flips_{f}")))


# --------------------------------------------------------------------------------------------
# The Propaganda round
# --------------------------------------------------------------------------------------------


@transition("propaganda_victory", "propaganda.victory")
def t_victory(w: Work) -> None:
    """1. Victory? The check changes nothing on the board (a met goal ends the game: not in the
    vector)."""


@transition("propaganda_resources", "propaganda.resources", "propaganda.resources.sabotage",
            "propaganda.resources.government", "propaganda.resources.taliban", "propaganda.resources.warlords",
            "propaganda.resources.casualties_and_aid")
def t_resources(w: Work) -> None:
    """2. Sabotage on every LoC where the Taliban guerrillas outnumber the other pieces (all
    together, or each kind: ruling ``sabotage_count``); the Government + Aid + the Econ of the
    unsabotaged LoCs; the Taliban +1 per Taliban Base; the Warlords +1 per Warlords Base and per
    Warlords guerrilla on unsabotaged LoCs; Aid -3 per piece in Casualties (not below 0)."""
    f = w.facts
    others_kinds = [k for k in PIECES if k not in ("taliban_underground", "taliban_active")]
    for n in f.locs:
        g = w[at("taliban_underground", n)] + w[at("taliban_active", n)]
        if f.sabotage_together:
            cond = g > z3.Sum(*[w[at(k, n)] for k in others_kinds])
        else:
            each = [w[at(k, n)] for k in ("coalition_troops", "coalition_bases", "government_troops", "police",
                                          "government_bases", "taliban_bases", "warlords_bases")]
            each.append(w[at("warlords_underground", n)] + w[at("warlords_active", n)])
            cond = z3.And(*[g > x for x in each])
        w[at("sabotage", n)] = z3.If(cond, 1, w[at("sabotage", n)])
    econ = z3.Sum(*[z3.If(w[at("sabotage", n)] == 0, f.econ_of(n), 0) for n in f.locs])
    gain(w, "resources.Government", w["aid"] + econ)
    gain(w, "resources.Taliban", z3.Sum(*[w[at("taliban_bases", n)] for n in f.names]))
    gain(w, "resources.Warlords", z3.Sum(*[w[at("warlords_bases", n)] for n in f.names])
         + z3.Sum(*[z3.If(w[at("sabotage", n)] == 0, w[at("warlords_underground", n)] + w[at("warlords_active", n)], 0)
                    for n in f.locs]))
    cas = z3.Sum(*[w[box("casualties", k)] for k in PIECES])
    x = w["aid"] - CASUALTY_AID * cas
    w["aid"] = z3.If(x < 0, 0, x)


@transition("civic_action", "propaganda.support.civic_action")
def t_civic_action(w: Work) -> None:
    """3. Civic Action (also Train's), one step in a Province or Kabul: 3 Government Resources
    remove the Terror marker, or else shift one level toward Support."""
    civic_action_step(w, w.choose_space("space", w.facts.areas))


@transition("sharia", "propaganda.support.sharia")
def t_sharia(w: Work) -> None:
    """3. Sharia, one step in a Province or Kabul: 1 Taliban Resource removes the Terror marker, or
    else shifts one level toward Opposition."""
    sel = w.choose_space("space", w.facts.areas)
    pay(w, "resources.Taliban", 1)
    w.require(z3.Or(w.get("terror", sel) == 1, w.get("support", sel) > -1))
    sharia_steps(w, sel, 1)


@transition("desertion", "propaganda.redeploy.desertion")
def t_desertion(w: Work) -> None:
    """4. Desertion, one step: a Government cube (troops or police) removed to Available."""
    remove_one_of(w, "cube", GOVT_CUBES, w.choose_space("space"))


@transition("redeploy", "propaganda.redeploy.redeploy")
def t_redeploy(w: Work) -> None:
    """4. The redeploys, one move: a Coalition troop, a Government troop, a Police cube or a
    Taliban guerrilla (keeping its side) from one space to another (the destinations' Control
    abstracted)."""
    kinds = ("coalition_troops", "government_troops", "police", "taliban_underground", "taliban_active")
    kind = w.choose_kind("kind", kinds)
    a, b = w.choose_space("from"), w.choose_space("to")
    for i, k in enumerate(kinds):
        move(w, k, a, b, 1, when=kind == i)


@transition("propaganda_reset", "propaganda.reset", "propaganda.reset.casualties", "propaganda.reset.islamabad",
            "propaganda.reset.markers", "propaganda.reset.underground")
def t_reset(w: Work) -> None:
    """5. Reset: Casualties, every Coalition base and half the troops Out of Play (the half leaving
    rounded down, ruling ``casualties_rounding``), the others Available; Islamabad turned back from
    Hard, else one box toward Backing; every Terror and Sabotage marker removed; every Active
    guerrilla Underground (then Hostility's standing condition)."""
    f = w.facts
    cb, ct = box("casualties", "coalition_bases"), box("casualties", "coalition_troops")
    w[box("out_of_play", "coalition_bases")] = w[box("out_of_play", "coalition_bases")] + w[cb]
    w[cb] = z3.IntVal(0)
    troops = w[ct]
    leave = troops / 2 if f.casualties_down else troops - troops / 2
    w[box("out_of_play", "coalition_troops")] = w[box("out_of_play", "coalition_troops")] + leave
    w[box("available", "coalition_troops")] = w[box("available", "coalition_troops")] + troops - leave
    w[ct] = z3.IntVal(0)
    i, hard = w["islamabad"], w["islamabad_hard"]
    backing = ISLAMABAD.index("backing")
    w["islamabad"] = z3.If(hard == 1, i, z3.If(i < backing, i + 1, z3.If(i > backing, i - 1, i)))
    w["islamabad_hard"] = z3.IntVal(0)
    for n in f.names:
        w[at("terror", n)] = z3.IntVal(0)
        w[at("sabotage", n)] = z3.IntVal(0)
        for g in ("taliban", "warlords"):
            w[at(f"{g}_underground", n)] = w[at(f"{g}_underground", n)] + w[at(f"{g}_active", n)]
            w[at(f"{g}_active", n)] = z3.IntVal(0)


# --------------------------------------------------------------------------------------------
# Composite steps: one answer that ends a turn or a phase and runs the next phases
# --------------------------------------------------------------------------------------------

#: The steps of play that are several transitions in a row where two of them change one component
#: (the refinement check takes each changed component to its value by exactly one move of a
#: sequence, properties/refinement.py, so such a step needs a transition of its own that says so):
#: the Warlords' last answer of the round's last turn (their turn closes the order, turn.py) runs
#: the Propaganda round's Resources phase (both move Resources; Terror and Resources both place
#: Sabotage), and Reset when no phase between poses a question; the last answer of a Support or
#: Redeploy phase runs Reset (a redeployed guerrilla then flipped; Civic Action's Terror marker
#: removed). Each is the composition of proved transitions, so it keeps the invariants as they do;
#: it is also proved inductive itself, as a transition is (:func:`prove` takes a composite's name;
#: :func:`prove_all` proves every composite after the transitions): the proof covers the
#: composite's own relation, the one the refinement check matches a step against.
COMPOSITES: dict[str, Spec] = {}

WARLORDS_LAST = ("warlords_rally", "warlords_march", "warlords_attack", "warlords_terror", "warlords_cultivate",
                 "warlords_traffic", "warlords_suborn")
PHASE_LAST = ("civic_action", "sharia", "desertion", "redeploy")


def composite(*names: str) -> Spec:
    """The transitions ``names`` in a row, as one (each part's choices its own constants)."""
    specs = [TRANSITIONS[n] for n in names]

    def build(w: Work, **params) -> None:
        label = w.label
        for i, spec in enumerate(specs):
            w.label = f"{label}.{i}"
            spec.build(w)
        w.label = label

    name = "+".join(names)
    rules = tuple(dict.fromkeys(r for spec in specs for r in spec.rules))
    out = COMPOSITES[name] = Spec(name, rules, build, "; then ".join(spec.doc.split("\n")[0] for spec in specs))
    return out


for _x in WARLORDS_LAST:
    composite(_x, "propaganda_resources")
    composite(_x, "propaganda_resources", "propaganda_reset")
composite("propaganda_resources", "propaganda_reset")
for _x in PHASE_LAST:
    composite(_x, "propaganda_reset")


# --------------------------------------------------------------------------------------------
# Proving
# --------------------------------------------------------------------------------------------


def _facts() -> Facts:
    return facts_for()


#: z3's resource limit per query: a count of z3's own steps, the same on every machine (a wall-clock
#: timeout would make a loaded machine's report differ: "the same report from any install"). The
#: hardest transition (warlords_terror) needs about 89 million; a query past the limit is "unknown".
RLIMIT = 2_000_000_000


def _check(formulas: list, rlimit: int = RLIMIT) -> tuple:
    """(verdict, model or None) of the conjunction of ``formulas`` by z3's default solver, within
    ``rlimit``: the query as written, whose answer is the proof's verdict and whose model is the
    counterexample shown."""
    s = z3.Solver()
    s.set("rlimit", rlimit)
    s.add(*formulas)
    r = s.check()
    return r, (s.model() if r == z3.sat else None)


#: The tactics the quick form runs before z3's SMT core: simplify, substitute the constants a
#: guard fixes and the equations solved for one variable (solve-eqs), lift the If-terms of the
#: symbolic space out of the sums (elim-term-ite). Each keeps the query equisatisfiable.
TACTICS = ("simplify", "propagate-values", "solve-eqs", "elim-term-ite", "smt")


#: The quick form's resource limit: the tactic solver's steps vary with what the process asked
#: before (z3's term order), from a few million to hundreds on the same query; past this budget the
#: query is asked as written instead (a bounded loss, where the tactic solver usually answers in a
#: fraction of the default solver's seconds).
QUICK_RLIMIT = 30_000_000


def _quick_unsat(formulas: list) -> bool:
    """Whether the conjunction of ``formulas`` is unsatisfiable by the tactic solver of
    :data:`TACTICS`, within :data:`QUICK_RLIMIT`. The tactics keep satisfiability, so its unsat
    is the query's; a sat or "unknown" settles nothing and the caller asks :func:`_check` the query
    as written."""
    s = z3.Then(*TACTICS).solver()
    s.set("rlimit", QUICK_RLIMIT)
    s.add(*formulas)
    return s.check() == z3.unsat


def _value(m: z3.ModelRef, e: z3.ExprRef):
    x = m.eval(e, model_completion=True)
    return x.as_long() if z3.is_int_value(x) else str(x)


@dataclass
class _Built:
    """A proof's query built, not solved: the pre-state, the transition's Work copy, the components
    it changes, the invariants read after it that read one of them (``goals``) and their
    conjuncts that do (``goal_parts``: the quick form's goal), and ``query``, the assertions whose
    unsat is the proof (its last the negated goal)."""
    pre: SymState
    spec: Spec
    w: Work
    changed: set
    goals: list
    goal_parts: list
    query: list


def _build(name: str, facts: Facts | None = None, memo: dict | None = None, **params) -> _Built:
    """The query of :func:`prove`'s transition or composite ``name`` (with ``params``), built:
    ``Inv(pre) and T and not Inv(post)``, the post-state given by the transition's expressions and
    the invariants it leaves alone left out of the goal. ``memo`` (a dict the caller keeps for a
    batch of queries: :func:`query`'s) holds what every query shares, the pre-state, its
    invariants and the components each invariant and conjunct reads, built once (the same terms:
    z3 hash-conses them)."""
    facts = facts or _facts()
    shared = memo.get(("pre", facts)) if memo is not None else None
    pre = shared[0] if shared else SymState(facts, "pre:")
    spec = TRANSITIONS[name] if name in TRANSITIONS else COMPOSITES[name]
    w = Work(pre, name)
    spec.build(w, **params)
    changed = {n for n in pre.state_names if not w.e[n].eq(pre[n])}
    inv_pre = shared[1] if shared else state_invariants(pre)
    reads: dict = shared[2] if shared else {}   # what an invariant (or one of its conjuncts) reads
    if memo is not None and not shared:
        memo[("pre", facts)] = (pre, inv_pre, reads)

    def read(key, formula) -> set:
        if key not in reads:
            reads[key] = {pre.name_of(x) for x in variables(formula)}
        return reads[key]

    view = StateView(facts, w.e)
    goals, goal_parts = [], []
    for i, (ip, invariant_of) in enumerate(zip(inv_pre, STATE_INVARIANTS)):
        if read(i, ip.formula) & changed:
            iq = invariant_of(view)   # after the step: only the invariants it can break are built
            goals.append(iq)
            # the quick form's goal: the conjuncts reading a changed component (a conjunct over
            # components the step leaves alone is its pre-state conjunct, a hypothesis)
            goal_parts += [q for j, (p, q) in enumerate(zip(ip.parts, iq.parts)) if read((i, j), p) & changed]
    negated = z3.Not(z3.And(*[g.formula for g in goals])) if goals else z3.BoolVal(False)
    query = [i.formula for i in inv_pre] + list(w.guards) + [negated]
    return _Built(pre, spec, w, changed, goals, goal_parts, query)


def query(name: str, facts: Facts | None = None, memo: dict | None = None, **params) -> dict[str, list]:
    """The solver calls of ``prove(name)``, built without solving (properties/proved.py, the
    certificate): ``"proved"``, the query as written whose unsat the verdict "proved" means (the
    quick form's tactic query is a narrowing of it: its unsat is this one's); ``"enabled"``, the
    query whose sat means the step is not vacuous. ``memo``: see :func:`_build`."""
    q = _build(name, facts, memo, **params).query
    return {"proved": q, "enabled": q[:-1]}


def query_names() -> list[str]:
    """The proofs whose queries the certificate records: every transition, then every composite
    (as :func:`prove_all` proves them)."""
    return [*TRANSITIONS, *COMPOSITES]


def prove(name: str, facts: Facts | None = None, quick: bool = True, **params) -> dict:
    """Prove that transition ``name`` keeps every invariant: ``Inv(pre) and T and not Inv(post)`` is
    unsatisfiable (the post-state given by the transition's expressions, the one-point rule; the
    invariants none of whose components the step rewrites hold after as before and are left out of
    the goal). ``name``: a transition of :data:`TRANSITIONS` or a composite step of
    :data:`COMPOSITES` (its parts in a row, proved as one). ``quick=True`` (the default) asks the
    tactic solver first (:func:`_quick_unsat`: an unsat there is the proof); whatever it does not
    settle, every counterexample, and the enabled check are asked as written (:func:`_check`), so
    the verdicts are those of ``quick=False``, which asks only the query as written
    (benchmarks/proofs.py ``--unquick``). Returns ``{"name", "rules", "status": "proved" |
    "counterexample" | "vacuous" | "unknown", "violated", "witness", "enabled", "seconds",
    "z3_steps"}`` (``z3_steps``: z3's resource count it used, z3_work.z3_steps)."""
    t0, s0 = time.perf_counter(), z3_steps()
    built = _build(name, facts, **params)   # (no memo: each proof builds its query afresh)
    pre, spec, w, changed, goals, asked = built.pre, built.spec, built.w, built.changed, built.goals, built.query
    if quick and _quick_unsat(asked[:-1] + [z3.Not(z3.And(*built.goal_parts))]):
        r, m = z3.unsat, None
    else:
        r, m = _check(asked)
    out = {"name": name, "rules": list(spec.rules), "status": "unknown", "violated": [], "witness": None}
    if r == z3.unsat:
        enabled, _ = _check(asked[:-1])
        out["enabled"] = enabled == z3.sat
        out["status"] = "proved" if enabled == z3.sat else "vacuous"
    elif r == z3.sat:
        out["status"] = "counterexample"
        for g in goals:
            bad = [p for p in g.parts if z3.is_false(m.eval(p, model_completion=True))]
            if bad:
                out["violated"].append(f"{g.name} ({g.rule})")
        moved = [n for n in sorted(changed) if not z3.is_true(m.eval(pre[n] == w.e[n], model_completion=True))]
        out["witness"] = {"choices": w.shown_choices(m), "pre": {n: _value(m, pre[n]) for n in moved[:20]},
                          "post": {n: _value(m, w.e[n]) for n in moved[:20]}}
    if params:
        out["params"] = dict(params)
    out["seconds"] = round(time.perf_counter() - t0, 3)
    out["z3_steps"] = z3_steps() - s0
    return out


#: The option sets the base cases check: the default sandbox and the active campaign's.
BASE_OPTIONS = ({}, {"propaganda_rounds": 3, "turns_per_propaganda": 2}, {"control": "none"},
                {"pakistan_control": False})


def base_cases() -> list[dict]:
    """The induction's base: every invariant (and the margins' agreement with the model) holds at
    the sandbox's set-up (``new_game``), under each option set of :data:`BASE_OPTIONS`."""
    from cdg_oracle.model.distant_plain.scenarios import new_game
    out = []
    for options in BASE_OPTIONS:
        t0, s0 = time.perf_counter(), z3_steps()
        st = new_game(options=options or None)
        bad = [r for r in check_state(st.d) if not r["holds"]]
        label = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
        out.append({"name": f"base case: sandbox ({label})", "rules": ["set-up"],
                    "status": "proved" if not bad else "counterexample",
                    "witness": {r["name"]: r["counterexample"] for r in bad} or None,
                    "seconds": round(time.perf_counter() - t0, 3), "z3_steps": z3_steps() - s0})
    return out


def prove_all() -> list[dict]:
    """The whole proof suite: the base cases, then every transition, then every composite step."""
    facts = _facts()
    return base_cases() + [prove(name, facts) for name in query_names()]
