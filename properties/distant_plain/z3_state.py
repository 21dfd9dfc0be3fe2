"""The A Distant Plain state vector in z3, and the invariants of every reachable state written once
as z3 formulas over it (the aid prints no rule numbers: every invariant cites a named rule of
model/distant_plain/data/rules.yaml, or a gap of data/gaps.yaml by name).

**The vector** (:class:`SymState`): one z3 integer constant per component of the state dict ``st.d``
(model/distant_plain/state.py, scenarios.py) that the invariants and the transitions of
``z3_proofs.py`` talk about:

* per space ``n`` (32: the Provinces, Kabul, the LoCs) its pieces by kind, ``<kind>[n]`` for the 11
  kinds of control.PIECES (``coalition_troops``, ``coalition_bases``, ``government_troops``,
  ``police``, ``government_bases``, ``taliban_underground``, ``taliban_active``, ``taliban_bases``,
  ``warlords_underground``, ``warlords_active``, ``warlords_bases``); its level ``support[n]``
  (-1 Opposition, 0 Neutral, 1 Support) and its markers ``terror[n]``, ``sabotage[n]``,
  ``returnees[n]`` (0/1);
* the boxes off the map, ``available.<kind>``, ``casualties.<kind>``, ``out_of_play.<kind>``;
* the tracks: ``resources.Government``, ``resources.Taliban``, ``resources.Warlords``, ``aid``,
  ``patronage`` (the General Records Track, 0-75), ``islamabad`` (the box, 0 Hostility ... 4
  Sponsorship) and ``islamabad_hard`` (0/1, the marker's Hard side).

What the vector leaves out (procedural, not a fact of the board): the stack of procedure frames, the
pending question, the turn record (``d["turn"]``: the Operation under way, its spaces, its Special
Activity), the options and rulings (constant in a game: :class:`Facts` holds what the formulas read
of them), the terminal outcome.

**The abstraction function** is :func:`concrete_values`: a state dict to ``{component: value}`` with
the names of the vector; the concrete invariant check (:func:`check_state`) and the refinement
check (``refinement.py``) both use it.

**Derived quantities** (:func:`terms`, :func:`margins`): the victory goals' sums (victory.py
``terms``: Total Support, Total Opposition, COIN-controlled Population, uncontrolled Afghan
Population, Taliban Bases, Available Coalition pieces, Patronage, Warlords Resources) and each
faction's margin, z3 functions of the vector read from data/pieces.yaml's goals. Control reads the
options ``control`` and ``pakistan_control`` (gap ``control_definition``, ``pakistan_control``).
The concrete check adds *observed* values ``model_margin.<faction>``, the Python model's own
``victory.margins``, and the invariant ``margins_agree`` says the two agree. Its formulas are built
once per :class:`Facts` (``_checked_invariants``) and the values substituted by z3's own
``Z3_substitute`` called directly (properties/z3_work.py ``substitute``), as z3 numerals made
once each (z3_work.py ``numeral``): a state's check 4-5 times cheaper than building the formulas
for it and substituting through z3.substitute's sort checks, the same verdicts.

**The invariants** (:func:`state_invariants`): pieces conserved by kind (the 158 pieces of
data/pieces.yaml: map + Available + Casualties + Out of Play, rule ``pieces``), no negative count,
the tracks' bounds (0-75, gap ``track_limits``; Islamabad on its five boxes, ``islamabad``),
Support levels in range, markers 0/1 and where they may be (a LoC has no Support, Terror, Returnees
or Base; Sabotage only on a LoC), the boxes (Casualties and Out of Play hold Coalition pieces only;
Available guerrillas are Underground), Hostility (no Underground Taliban guerrilla in Pakistan,
``islamabad.hostility``), and the victory margins bounded (``propaganda.victory``). The aid sets no
stacking limit (gap ``track_limits``), so none is stated.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Callable

import z3

from cdg_oracle.properties.refinement import constants
from cdg_oracle.properties.z3_work import numeral, substitute

z3.set_param("ctrl_c", False)

from cdg_oracle.model.distant_plain.control import ISLAMABAD, PIECES
from cdg_oracle.model.distant_plain.engine import TRACK_HIGH
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.options import normalize_options
from cdg_oracle.model.distant_plain.pieces import FACTIONS, load_pieces
from cdg_oracle.model.distant_plain.scenarios import KINDS as BOX_KINDS

LEVELS = {"opposition": -1, "neutral": 0, "support": 1}
MARKERS = ("terror", "sabotage", "returnees")
ZONES = ("available", "casualties", "out_of_play")
TRACKS = ("resources.Government", "resources.Taliban", "resources.Warlords", "aid", "patronage")
COIN = ("coalition_troops", "coalition_bases", "government_troops", "police", "government_bases")
TALIBAN = ("taliban_underground", "taliban_active", "taliban_bases")
WARLORDS = ("warlords_underground", "warlords_active", "warlords_bases")
BASES = ("coalition_bases", "government_bases", "taliban_bases", "warlords_bases")
HOSTILITY = ISLAMABAD.index("hostility")


def at(field: str, space: str) -> str:
    """The component name of ``field`` (a piece kind, ``support`` or a marker) in ``space``."""
    return f"{field}[{space}]"


def box(zone: str, kind: str) -> str:
    return f"{zone}.{kind}"


#: (faction, piece type) -> the kinds of control.PIECES that are that type (guerrillas: both states)
def _types() -> dict:
    out: dict = {}
    for kind in PIECES:
        ft = BOX_KINDS.get(kind) or BOX_KINDS[kind.replace("_active", "_underground")]
        out.setdefault(ft, []).append(kind)
    return out


PIECE_TYPES = _types()


@dataclass(frozen=True)
class Facts:
    """What the formulas read of the map and of the options (constant in a game): the spaces in
    name order, which are LoCs, in Pakistan, Pashtun; each area's Population, each LoC's Econ; the
    links; the options ``control`` and ``pakistan_control``."""

    names: tuple
    locs: tuple
    areas: tuple
    pakistan: frozenset
    pashtun: frozenset
    population: tuple      # (name, pop) for areas
    econ: tuple            # (name, econ) for LoCs
    adjacent: frozenset    # frozenset of (a, b) pairs, both ways: provinces, Kabul and the LoCs they touch
    control: str = "coin_series"
    pakistan_control: bool = True
    sabotage_together: bool = True      # ruling sabotage_count (default all_others_together)
    casualties_down: bool = True        # ruling casualties_rounding (default leaving_rounded_down)

    def pop(self, name: str) -> int:
        return dict(self.population).get(name, 0)

    def econ_of(self, name: str) -> int:
        return dict(self.econ).get(name, 0)

    def index(self, name: str) -> int:
        return self.names.index(name)


@lru_cache(maxsize=16)
def facts_for(control: str = "coin_series", pakistan_control: bool = True, sabotage_together: bool = True,
              casualties_down: bool = True) -> Facts:
    """The :class:`Facts` of the map under the two Control options and the two rulings the
    deterministic Propaganda steps read (``sabotage_count``, ``casualties_rounding``)."""
    m = load_map()
    adj = set()
    for n in m.areas:
        for x in m.spaces[n].adjacent + m.spaces[n].locs:
            adj.add((n, x))
            adj.add((x, n))
    return Facts(tuple(m.names), tuple(m.locs), tuple(m.areas),
                 frozenset(n for n in m.names if m.spaces[n].pakistan),
                 frozenset(n for n in m.names if m.spaces[n].pashtun),
                 tuple((n, m.spaces[n].population) for n in m.areas),
                 tuple((n, m.spaces[n].econ) for n in m.locs), frozenset(adj), control, pakistan_control,
                 sabotage_together, casualties_down)


def facts_of_options(options: dict | None, rulings: dict | None = None) -> Facts:
    """The :class:`Facts` of a game under ``options`` and ``rulings`` (a state dict's)."""
    from cdg_oracle.model.distant_plain.rulings import DistantPlainRulings

    o = normalize_options(options)
    r = DistantPlainRulings.from_dict(rulings)
    return facts_for(o["control"], o["pakistan_control"], r.sabotage_count == "all_others_together",
                     r.casualties_rounding == "leaving_rounded_down")


def component_names(facts: Facts) -> tuple[str, ...]:
    out = []
    for n in facts.names:
        out += [at(k, n) for k in PIECES]
        out += [at("support", n)] + [at(mk, n) for mk in MARKERS]
    out += [box(z, k) for z in ZONES for k in PIECES]
    out += list(TRACKS) + ["islamabad", "islamabad_hard"]
    return tuple(out)


class SymState:
    """One z3 Int per component (module docstring), named ``prefix + component``."""

    def __init__(self, facts: Facts, prefix: str = ""):
        self.facts = facts
        self.prefix = prefix
        self.state_names = component_names(facts)
        self.v = {n: z3.Int(prefix + n) for n in self.state_names}

    def __getitem__(self, name: str) -> z3.ArithRef:
        return self.v[name]

    def at(self, field: str, space: str) -> z3.ArithRef:
        return self.v[at(field, space)]

    def name_of(self, const: z3.ExprRef) -> str:
        return const.decl().name()[len(self.prefix):]


class StateView(SymState):
    """A :class:`SymState` whose components are given expressions (a transition's post-state)."""

    def __init__(self, facts: Facts, exprs: dict):
        self.facts = facts
        self.prefix = ""
        self.state_names = component_names(facts)
        self.v = dict(exprs)


# --------------------------------------------------------------------------------------------
# Derived quantities: the victory goals' sums and margins (victory.py)
# --------------------------------------------------------------------------------------------


def _sum(xs) -> z3.ArithRef:
    xs = list(xs)
    return z3.Sum(*xs) if xs else z3.IntVal(0)


def population(S: SymState, n: str) -> z3.ArithRef:
    """A space's Population: printed, +1 with a Returnees marker (victory.population)."""
    return S.facts.pop(n) + S.at("returnees", n)


def control(S: SymState, n: str) -> tuple[z3.BoolRef, z3.BoolRef]:
    """(COIN-controlled, Taliban-controlled) of space ``n`` (control.control_of, gap
    ``control_definition``: the option ``control``; Pakistan as ``pakistan_control`` says)."""
    f = S.facts
    if f.control == "none" or (n in f.pakistan and not f.pakistan_control):
        return z3.BoolVal(False), z3.BoolVal(False)
    coin = _sum(S.at(k, n) for k in COIN)
    tal = _sum(S.at(k, n) for k in TALIBAN)
    war = _sum(S.at(k, n) for k in WARLORDS)
    return coin > tal + war, tal > coin + war


def terms(S: SymState) -> dict[str, z3.ArithRef]:
    """Every quantity a victory goal sums (victory.terms), as z3 terms of the vector."""
    f = S.facts
    out = {"total_support": _sum(z3.If(S.at("support", n) == 1, population(S, n), 0) for n in f.areas),
           "total_opposition": _sum(z3.If(S.at("support", n) == -1, population(S, n), 0) for n in f.areas),
           "taliban_bases_on_map": _sum(S.at("taliban_bases", n) for n in f.names)}
    coin_pop, unc_pop = [], []
    for n in f.areas:
        coin, tal = control(S, n)
        coin_pop.append(z3.If(coin, population(S, n), 0))
        if n not in f.pakistan:
            unc_pop.append(z3.If(z3.Or(coin, tal), 0, population(S, n)))
    out["coin_controlled_population"] = _sum(coin_pop)
    out["uncontrolled_afghan_population"] = _sum(unc_pop)
    out["available_coalition_pieces"] = S[box("available", "coalition_troops")] + S[box("available", "coalition_bases")]
    out["patronage"] = S["patronage"]
    out["warlords_resources"] = S["resources.Warlords"]
    return out


def _goal_margins(goal: dict, t: dict) -> list:
    if "all_of" in goal:
        return [x for g in goal["all_of"] for x in _goal_margins(g, t)]
    return [_sum(t[k] for k in goal["sum"]) - goal["exceeds"]]


def _min(xs: list):
    out = xs[0]
    for x in xs[1:]:
        out = z3.If(x < out, x, out)
    return out


def margins(S: SymState) -> dict[str, z3.ArithRef]:
    """Each faction's margin (victory.margins): its sum less its threshold; the Warlords' the
    smaller of their two (gap ``victory_ties``)."""
    t = terms(S)
    goals = load_pieces()["victory"]
    return {fac: _min(_goal_margins(goals[fac], t)) for fac in FACTIONS}


def margin_bounds(facts: Facts) -> dict[str, tuple[int, int]]:
    """The range of each margin over the states keeping the other invariants: each term between 0
    and its most (every area's Population with a Returnees marker; the piece counts; the track's
    75), less the threshold."""
    pieces = load_pieces()["pieces"]
    pop_all = sum(p for _, p in facts.population) + len(facts.areas)
    pop_afghan = sum(p + 1 for n, p in facts.population if n not in facts.pakistan)
    most = {"total_support": pop_all, "total_opposition": pop_all, "coin_controlled_population": pop_all,
            "uncontrolled_afghan_population": pop_afghan, "taliban_bases_on_map": pieces["Taliban"]["bases"],
            "available_coalition_pieces": pieces["Coalition"]["troops"] + pieces["Coalition"]["bases"],
            "patronage": TRACK_HIGH, "warlords_resources": TRACK_HIGH}
    goals = load_pieces()["victory"]

    def rng(goal) -> list[tuple[int, int]]:
        if "all_of" in goal:
            return [r for g in goal["all_of"] for r in rng(g)]
        return [(-goal["exceeds"], sum(most[k] for k in goal["sum"]) - goal["exceeds"])]

    out = {}
    for fac in FACTIONS:
        rs = rng(goals[fac])
        out[fac] = (min(lo for lo, _ in rs), min(hi for _, hi in rs))
    return out


# --------------------------------------------------------------------------------------------
# Invariants
# --------------------------------------------------------------------------------------------


@dataclass
class Invariant:
    """One invariant: its name, the rule it rests on, its words, and its conjuncts (``parts``)."""

    name: str
    rule: str
    text: str
    parts: tuple

    @cached_property
    def formula(self) -> z3.BoolRef:
        """The conjunction of the parts, made on first use and kept (the parts are never replaced:
        a proof batch reads the pre-state invariants' formulas in every query, and z3.And over
        hundreds of conjuncts costs milliseconds a time)."""
        return z3.And(*self.parts) if self.parts else z3.BoolVal(True)


def _in(x, lo, hi):
    return z3.And(x >= lo, x <= hi)


def pieces_conserved(S: SymState) -> Invariant:
    counts = load_pieces()["pieces"]
    parts = []
    for (faction, ptype), kinds in sorted(PIECE_TYPES.items()):
        total = _sum([S.at(k, n) for k in kinds for n in S.facts.names] + [S[box(z, k)] for z in ZONES for k in kinds])
        parts.append(total == counts[faction][ptype])
    return Invariant("pieces_conserved", "pieces",
                     "each kind of piece on the map, Available, in Casualties and Out of Play adds up to its count "
                     "(data/pieces.yaml, 158 in all)", tuple(parts))


def counts_nonnegative(S: SymState) -> Invariant:
    parts = [S.at(k, n) >= 0 for n in S.facts.names for k in PIECES] + [S[box(z, k)] >= 0 for z in ZONES for k in PIECES]
    return Invariant("counts_nonnegative", "pieces", "no count of pieces is negative", tuple(parts))


def tracks_bounded(S: SymState) -> Invariant:
    return Invariant("tracks_bounded", "track_limits",
                     f"Resources, Aid and Patronage on the General Records Track, 0-{TRACK_HIGH} (gap track_limits)",
                     tuple(_in(S[t], 0, TRACK_HIGH) for t in TRACKS))


def islamabad_on_track(S: SymState) -> Invariant:
    return Invariant("islamabad_on_track", "islamabad", "the Islamabad marker on one of its five boxes, either side",
                     (_in(S["islamabad"], 0, len(ISLAMABAD) - 1), _in(S["islamabad_hard"], 0, 1)))


def support_in_range(S: SymState) -> Invariant:
    parts = [_in(S.at("support", n), -1, 1) for n in S.facts.names]
    parts += [_in(S.at(mk, n), 0, 1) for n in S.facts.names for mk in MARKERS]
    return Invariant("support_and_markers_in_range", "propaganda.support",
                     "a level is Opposition, Neutral or Support (three levels); a marker is there or not", tuple(parts))


def space_types(S: SymState) -> Invariant:
    parts = []
    for n in S.facts.names:
        if n in S.facts.locs:
            parts += [S.at("support", n) == 0, S.at("terror", n) == 0, S.at("returnees", n) == 0]
            parts += [S.at(k, n) == 0 for k in BASES]
        else:
            parts.append(S.at("sabotage", n) == 0)
    return Invariant("space_types", "taliban.operations.terror",
                     "on a LoC no Support or Opposition, no Terror, no Returnees, no Base; Sabotage only on a LoC",
                     tuple(parts))


def boxes_hold(S: SymState) -> Invariant:
    parts = [S[box(z, k)] == 0 for z in ("casualties", "out_of_play") for k in PIECES if not k.startswith("coalition_")]
    parts += [S[box("available", k)] == 0 for k in ("taliban_active", "warlords_active")]
    return Invariant("boxes_hold", "pieces", "Casualties and Out of Play hold Coalition pieces only; a guerrilla in "
                     "Available is Underground", tuple(parts))


def hostility(S: SymState) -> Invariant:
    parts = [z3.Implies(S["islamabad"] == HOSTILITY, S.at("taliban_underground", n) == 0)
             for n in S.facts.names if n in S.facts.pakistan]
    return Invariant("hostility", "islamabad.hostility",
                     "under Hostility no Underground Taliban guerrilla in Pakistan (always Active)", tuple(parts))


def margins_bounded(S: SymState) -> Invariant:
    m, b = margins(S), margin_bounds(S.facts)
    return Invariant("margins_bounded", "propaganda.victory",
                     "each faction's victory margin within the range its terms allow",
                     tuple(_in(m[f], *b[f]) for f in FACTIONS))


STATE_INVARIANTS: tuple[Callable[[SymState], Invariant], ...] = (
    pieces_conserved, counts_nonnegative, tracks_bounded, islamabad_on_track, support_in_range, space_types,
    boxes_hold, hostility, margins_bounded)


def state_invariants(S: SymState) -> list[Invariant]:
    return [f(S) for f in STATE_INVARIANTS]


# --------------------------------------------------------------------------------------------
# The abstraction function and the concrete check
# --------------------------------------------------------------------------------------------


def concrete_values(d: dict) -> dict:
    """The abstraction function: a state dict to the value of every component of the vector
    (module docstring), by the vector's names: each space's (:func:`space_values`), then the boxes
    and tracks (:func:`global_values`)."""
    out = {}
    for n, s in d["spaces"].items():
        out.update(space_values(n, s))
    out.update(global_values(d))
    return out


#: The keys of the state dict :func:`global_values` reads (the refinement check's incremental
#: abstraction recomputes those components when one of them changed: properties/distant_plain/
#: refinement.py)
GLOBAL_KEYS = ("available", "casualties", "out_of_play", "resources", "aid", "patronage", "islamabad")


def space_values(n: str, s: dict) -> dict:
    """The components of space ``n`` (its dict ``s`` of the state's ``spaces``): its pieces by
    kind, its level and its markers."""
    kinds, support, markers = _space_names(n)
    pieces = s["pieces"]
    out = {c: pieces[k] for c, k in kinds}
    out[support] = LEVELS[s["support"]]
    for c, mk in markers:
        out[c] = int(bool(s[mk]))
    return out


@lru_cache(maxsize=None)
def _space_names(n: str) -> tuple:
    """The component names of space ``n``: (name, kind) of its pieces, its level's, (name, marker)
    of its markers."""
    return tuple((at(k, n), k) for k in PIECES), at("support", n), tuple((at(mk, n), mk) for mk in MARKERS)


@lru_cache(maxsize=None)
def _box_names() -> tuple:
    """(zone, ((component name, kind) of each piece kind)) of each zone: the boxes' names (made once)."""
    return tuple((z, tuple((box(z, k), k) for k in PIECES)) for z in ZONES)


def global_values(d: dict) -> dict:
    """The components off the map: the boxes, the tracks and Islamabad (read from the keys of
    :data:`GLOBAL_KEYS` alone)."""
    out = {}
    for z, names in _box_names():
        pieces = d[z]
        for c, k in names:
            out[c] = pieces[k]
    resources = d["resources"]
    for f in ("Government", "Taliban", "Warlords"):
        out["resources." + f] = resources[f]
    out["aid"] = d["aid"]
    out["patronage"] = d["patronage"]
    out["islamabad"] = ISLAMABAD.index(d["islamabad"]["level"])
    out["islamabad_hard"] = int(bool(d["islamabad"]["hard"]))
    return out


def observed_values(d: dict) -> dict:
    """What the Python model computes that an invariant holds against the encoding: its margins."""
    from cdg_oracle.model.distant_plain.victory import margins as model_margins

    return {f"model_margin.{f}": v for f, v in model_margins(d).items()}


def derived_invariants(S: SymState) -> list[Invariant]:
    """The encoding against the model: each margin of :func:`margins` equals victory.margins."""
    m = margins(S)
    return [Invariant("margins_agree", "propaganda.victory",
                      "each faction's margin as encoded equals the model's victory.margins",
                      tuple(m[f] == z3.Int(f"{S.prefix}model_margin.{f}") for f in FACTIONS))]


def variables(e: z3.ExprRef) -> list[z3.ExprRef]:
    """The uninterpreted constants of ``e``, each once (properties/refinement.py's walk)."""
    return constants(e)


@lru_cache(maxsize=16)
def _checked_invariants(facts: Facts) -> tuple:
    """``(invariant, its formula)`` for each invariant :func:`check_state` evaluates under ``facts``
    (the state invariants, then the margins' agreement), built once per Facts: building them is
    thousands of z3 terms, as much as the check of a state itself."""
    S = SymState(facts)
    return tuple((inv, inv.formula) for inv in state_invariants(S) + derived_invariants(S))


def check_state(d: dict, facts: Facts | None = None, only: set | None = None) -> list[dict]:
    """Every invariant (and the margins' agreement) on the concrete state dict ``d``: the concrete
    values substituted into the same formulas, simplified to true or false. Each result:
    ``{"name", "rule", "holds", "counterexample"}`` (the values of the false conjuncts' variables)."""
    facts = facts or facts_of_options(d.get("options"), d.get("rulings"))
    vals = {**concrete_values(d), **observed_values(d)}
    pairs = [(z3.Int(k), numeral(v)) for k, v in vals.items()]
    out = []
    for inv, formula in _checked_invariants(facts):
        if only is not None and inv.name not in only:
            continue
        bad = []
        if z3.is_true(z3.simplify(substitute(formula, pairs))):
            out.append({"name": inv.name, "rule": inv.rule, "holds": True, "counterexample": None})
            continue
        for p in inv.parts:
            if not z3.is_true(z3.simplify(substitute(p, pairs))):
                bad.append({x.decl().name(): vals.get(x.decl().name()) for x in variables(p)})
        out.append({"name": inv.name, "rule": inv.rule, "holds": not bad, "counterexample": bad[:3] or None})
    return out


def violations(d: dict, facts: Facts | None = None) -> list[dict]:
    return [r for r in check_state(d, facts) if not r["holds"]]
