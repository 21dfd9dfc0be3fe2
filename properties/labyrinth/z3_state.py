"""The Labyrinth state vector in z3, and the invariants of every reachable state written once as z3
formulas over it (seed_labyrinth.md h.1 state vector, h.2 invariant candidates; rule numbers of the
Italian rulebook).

**The vector** (:class:`SymState`). One z3 constant per component of the state dict ``st.d``
(model/labyrinth/state.py, countries.py) that the invariants talk about:

* tracks: ``prestige``, ``funding``, ``reserves_US``, ``reserves_Jihadist``, ``us_posture``,
  ``troops_track``, ``cells_track`` (4.7);
* plots: ``plots_available_1/2/3`` (numbered markers in Available Plots, by value),
  ``plots_aside_1/2/3`` (numbered markers a solo game's WMD plots set aside, 9.3.3: 0 in a
  two-player game), ``wmd_available``, ``wmd_box_loose_nuke`` and ``wmd_box_pakistan`` (4.7.8.1),
  ``wmd_removed``, ``plots_stray`` (plot markers of no known kind anywhere: 0 in a sound state);
* game length: ``reshuffles`` (the Deck marker, 4.7.5) and ``decks`` (3.3); ``first_plot_used``
  (0/1: the turn's first Plot has put its card in the 1st Plot box, 4.7.7.2);
* per country ``name``: ``gov[name]``, ``align[name]``, ``posture[name]``, ``rc[name]`` (enumerations,
  ``none`` for Python's ``None``), ``troops``, ``sleepers``, ``actives`` (cubes and cylinders only),
  ``cadre``, ``besieged`` (0/1 in a sound state), ``aid``, ``nato`` and ``sadr`` (how many NATO /
  Moqtada al-Sadr markers lie there: markers, not pieces, cards 41 and 54), ``plots_1/2/3[name]``
  and ``plots_wmd[name]`` (plot markers face down there);
* cards, per card ``n`` and zone ``z``: ``card[n]@z``, how many times card ``n`` is listed in zone
  ``z`` (deck, hand_US, hand_Jihadist, discard, removed, lapsing, first_plot, in_play), and
  ``cards_stray`` (entries that are not a card number 1-120);
* parameters of the game (constant in a game; the transitions of ``z3_proofs`` keep them):
  ``plot_total_1/2/3``, the number of numbered plot markers of each value (the ruling
  ``plot_marker_values``, model/labyrinth/scenarios.plot_values, less those that left the game
  under ``plot_markers_reusable=false``, D01), ``decks``, and ``solo`` (1 in a solo game, chapter 9;
  else 0).

**Derived quantities** (World Posture, GWOT penalty, troops level, funding level, Available cells,
hand sizes) are z3 functions of the vector (:func:`world_posture` ...). The concrete state adds
*observed* constants ``model_*``: the value the Python model computes (model/labyrinth/tracks.py),
and a "derived" invariant says the two agree; so the encoding and the model are held against each
other on every checked state.

**Concrete check** (:func:`check_state`): the concrete values of a model state are substituted for
the constants and the *same* formulas are simplified to true or false; a false one reports the
concrete values of the variables of its false conjuncts.

Documented NON-invariants (h.2 (C) items: candidate properties that reachable states of the model
break through a rule or event) are listed in :data:`NON_INVARIANTS`, each with its z3 formula;
``z3_proofs.refute_non_invariants`` shows each one broken by a step of the rules.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import z3

# z3's own Ctrl-C handler interrupts a solver call and returns "unknown", swallowing the signal, so
# an interrupted verify used to run on and exit 0 (issue 15 item 5). Without it the signal reaches
# Python, which raises KeyboardInterrupt as soon as the running z3 call returns.
z3.set_param("ctrl_c", False)
from z3.z3 import _to_expr_ref

from cdg_oracle.model.labyrinth import tracks
from cdg_oracle.properties.refinement import constants
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.model.labyrinth.scenarios import plot_values

# --------------------------------------------------------------------------------------------
# Sorts and constants
# --------------------------------------------------------------------------------------------


def _enum(name: str, values: tuple[str, ...]):
    sort, consts = z3.EnumSort(name, values)
    return sort, dict(zip(values, consts))


GOV_SORT, GOV = _enum("LabyrinthGov", ("none", "good", "fair", "poor", "islamist_rule"))
ALIGN_SORT, ALIGN = _enum("LabyrinthAlign", ("none", "ally", "neutral", "adversary"))
POSTURE_SORT, POSTURE = _enum("LabyrinthPosture", ("none", "hard", "soft"))
RC_SORT, RC = _enum("LabyrinthRegimeChange", ("none", "green", "tan"))
ENUM_SORTS = {"gov": GOV_SORT, "align": ALIGN_SORT, "posture": POSTURE_SORT, "rc": RC_SORT}
ENUM_VALUES = {"gov": GOV, "align": ALIGN, "posture": POSTURE, "rc": RC}

PRESTIGE_MIN, PRESTIGE_MAX = tracks.PRESTIGE_MIN, tracks.PRESTIGE_MAX      # 4.7.1
FUNDING_MIN, FUNDING_MAX = tracks.FUNDING_MIN, tracks.FUNDING_MAX          # 4.7.4.1
RESERVES_MAX = tracks.RESERVES_MAX                                         # 6.3.3
TROOP_CUBES, CELL_CYLINDERS = tracks.TROOP_CUBES, tracks.CELL_CYLINDERS    # 4.6.1
WMD_MARKERS, WMD_BOX_SIZE = 6, 3                                           # 4.7.8.1
CARDS = tuple(range(1, 121))                                               # 4.10.1, 4.10.3
PLOT_NUMBERS = (1, 2, 3)                                                   # 4.8.1
ZONES = ("deck", "hand_US", "hand_Jihadist", "discard", "removed", "lapsing", "first_plot", "in_play")
SIDES = ("US", "Jihadist")
TROOPS_LEVELS = ("low_intensity", "war", "overstretch")                    # 4.7.3, codes 0-2
FUNDING_LEVELS = ("tight", "moderate", "ample")                            # 4.7.4.1, codes 0-2
NATO, SADR, IRAQ, PAKISTAN, ISRAEL, US, IRAN = (
    "NATO", "Moqtada al-Sadr", "Iraq", "Pakistan", "Israel", "United States", "Iran")

GLOBAL_INTS = ("prestige", "funding", "reserves_US", "reserves_Jihadist", "troops_track", "cells_track",
               "plots_available_1", "plots_available_2", "plots_available_3",
               "plots_aside_1", "plots_aside_2", "plots_aside_3", "plots_stray",
               "wmd_available", "wmd_box_loose_nuke", "wmd_box_pakistan", "wmd_removed",
               "reshuffles", "cards_stray", "first_plot_used")
PARAMETERS = ("plot_total_1", "plot_total_2", "plot_total_3", "decks", "solo")
COUNTRY_INTS = ("troops", "sleepers", "actives", "cadre", "aid", "besieged", "nato", "sadr",
                "plots_1", "plots_2", "plots_3", "plots_wmd")
COUNTRY_ENUMS = ("gov", "align", "posture", "rc")
OBSERVED = ("model_world_posture", "model_gwot_penalty", "model_troops_level", "model_funding_level",
            "model_available_cells", "model_hand_US", "model_hand_Jihadist")


def cvar(field: str, country: str) -> str:
    """The vector's name of a per-country component: ``troops[Iraq]``."""
    return f"{field}[{country}]"


def card_var(n: int, zone: str) -> str:
    """The vector's name of a card-zone multiplicity: ``card[17]@deck``."""
    return f"card[{n}]@{zone}"


# --------------------------------------------------------------------------------------------
# Static map facts
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MapFacts:
    """The printed, unchanging facts of the map the encoding needs (mapdata.py): which countries
    are Muslim (4.1.2), non-Muslim, Iran (4.4), which have a Posture box (4.3.2: non-Muslim but the
    US), which are fixed Hard (Israel, 4.3.3), and each Muslim country's Resources (4.2.5)."""

    names: tuple[str, ...]
    muslim: frozenset
    non_muslim: frozenset
    posture_box: frozenset
    fixed_hard: frozenset
    resources: tuple  # ((name, resources), ...)

    @classmethod
    def from_map(cls, m) -> "MapFacts":
        return cls(
            names=tuple(m.names),
            muslim=frozenset(n for n, c in m.countries.items() if c.muslim),
            non_muslim=frozenset(n for n, c in m.countries.items() if c.non_muslim),
            posture_box=frozenset(n for n, c in m.countries.items() if c.has_posture_marker),
            fixed_hard=frozenset(n for n, c in m.countries.items() if c.posture == "fixed_hard"),
            resources=tuple((n, c.resources or 0) for n, c in m.countries.items()),
        )

    def index(self, name: str) -> int:
        return self.names.index(name)

    def resource(self, name: str) -> int:
        return dict(self.resources)[name]


# --------------------------------------------------------------------------------------------
# The symbolic state vector
# --------------------------------------------------------------------------------------------

class SymState:
    """One copy of the state vector: z3 constants named ``prefix + name`` (``pre:prestige``).

    ``S[name]`` is the constant of a component by its vector name (``"prestige"``,
    ``"troops[Iraq]"``, ``"card[17]@deck"``); ``S.at(field, country)`` and ``S.card(n, zone)`` are
    shorthands. ``state_names`` lists the state and parameters (what a transition relates),
    ``observed_names`` the model's derived values (concrete checks only)."""

    def __init__(self, facts: MapFacts, prefix: str = ""):
        self.facts = facts
        self.prefix = prefix
        self.v: dict[str, z3.ExprRef] = {}
        for n in GLOBAL_INTS + PARAMETERS:
            self._int(n)
        self.v["us_posture"] = z3.Const(prefix + "us_posture", POSTURE_SORT)
        for c in facts.names:
            for f in COUNTRY_ENUMS:
                name = cvar(f, c)
                self.v[name] = z3.Const(prefix + name, ENUM_SORTS[f])
            for f in COUNTRY_INTS:
                self._int(cvar(f, c))
        for n in CARDS:
            for z in ZONES:
                self._int(card_var(n, z))
        self.state_names: tuple[str, ...] = tuple(self.v)
        for n in OBSERVED:
            self._int(n)
        self.observed_names: tuple[str, ...] = OBSERVED
        self._by_z3 = {e.decl().name(): name for name, e in self.v.items()}

    def _int(self, name: str) -> None:
        self.v[name] = z3.Int(self.prefix + name)

    def __getitem__(self, name: str) -> z3.ExprRef:
        return self.v[name]

    def at(self, field: str, country: str) -> z3.ExprRef:
        return self.v[cvar(field, country)]

    def card(self, n: int, zone: str) -> z3.ExprRef:
        return self.v[card_var(n, zone)]

    def name_of(self, const: z3.ExprRef) -> str:
        """The vector name of one of this copy's constants."""
        return self._by_z3[const.decl().name()]

    def cells(self, country: str) -> z3.ArithRef:
        """Cells for every rule that counts them: cylinders plus Sadr (card 54, countries.cells)."""
        return self.at("sleepers", country) + self.at("actives", country) + self.at("sadr", country)

    def troops_present(self, country: str) -> z3.ArithRef:
        """Troops for every rule that counts them: cubes plus 2 per NATO marker (card 41)."""
        return self.at("troops", country) + 2 * self.at("nato", country)


class StateView(SymState):
    """A state given by expressions instead of fresh constants (e.g. a post-state as functions of
    the pre-state and the choices of a step): the invariants and derived quantities, written for
    a :class:`SymState`, apply to it unchanged."""

    def __init__(self, facts: MapFacts, exprs: dict):
        self.facts = facts
        self.prefix = None
        self.v = dict(exprs)
        self.state_names = tuple(exprs)
        self.observed_names = ()
        self._by_z3 = {}

    def state_exprs(self) -> dict:
        """A copy of the view's components by name, in ``state_names``' order (what
        :class:`~cdg_oracle.properties.z3_work.Work` starts from: ``{n: self[n] for n in
        state_names}``, copied at once)."""
        return dict(self.v)


# --------------------------------------------------------------------------------------------
# Derived quantities as z3 functions of the vector (model/labyrinth/tracks.py)
# --------------------------------------------------------------------------------------------

def clamp(x, lo, hi):
    """``x`` kept within ``lo..hi`` (a marker never leaves its track, 5.2.5 note)."""
    return z3.If(x < lo, lo, z3.If(x > hi, hi, x))


def world_posture(S: SymState) -> z3.ArithRef:
    """4.7.2: Hard markers minus Soft markers of the countries on the map (Israel's printed Hard
    box is its marker, 4.3.3; the US Posture is on the GWOT track, not counted), capped at 3 on
    the side of the larger count: -3 (Soft 3) .. +3 (Hard 3)."""
    names = S.facts.names
    hard = z3.Sum([z3.If(S.at("posture", n) == POSTURE["hard"], 1, 0) for n in names])
    soft = z3.Sum([z3.If(S.at("posture", n) == POSTURE["soft"], 1, 0) for n in names])
    return clamp(hard - soft, -3, 3)


def gwot_penalty(S: SymState) -> z3.ArithRef:
    """4.7.2.1: the World value when World and US Postures are on opposite sides, else 0."""
    w = world_posture(S)
    us_hard = S["us_posture"] == POSTURE["hard"]
    return z3.If(w == 0, 0, z3.If((w > 0) == us_hard, 0, z3.If(w > 0, w, -w)))


def troops_level_of(troops_track) -> z3.ArithRef:
    """4.7.3: the marker in the rightmost box holding fewer than 5 cubes: 10+ cubes on the track
    Low Intensity (0), 5-9 War (1), 0-4 Overstretch (2) (A10 for 15)."""
    return z3.If(troops_track >= 10, 0, z3.If(troops_track >= 5, 1, 2))


def troops_level(S: SymState) -> z3.ArithRef:
    return troops_level_of(S["troops_track"])


def funding_level_of(funding) -> z3.ArithRef:
    """4.7.4.1: Tight 1-3 (0), Moderate 4-6 (1), Ample 7-9 (2)."""
    return z3.If(funding <= 3, 0, z3.If(funding <= 6, 1, 2))


def funding_level(S: SymState) -> z3.ArithRef:
    return funding_level_of(S["funding"])


def available_cells_of(funding, cells_track) -> z3.ArithRef:
    """4.7.4.2: cells in the Funding boxes at or left of the marker; the three boxes hold 5 each
    and fill right to left: Tight max(0, C-10), Moderate max(0, C-5), Ample C."""
    def pos(x):
        return z3.If(x > 0, x, 0)
    level = funding_level_of(funding)
    return z3.If(level == 0, pos(cells_track - 10), z3.If(level == 1, pos(cells_track - 5), cells_track))


def available_cells(S: SymState) -> z3.ArithRef:
    return available_cells_of(S["funding"], S["cells_track"])


def hand_size_us(S: SymState) -> z3.ArithRef:
    """5.2.8: the US draws 9 / 8 / 7 at Low Intensity / War / Overstretch (4.7.3)."""
    lvl = troops_level(S)
    return z3.If(lvl == 0, 9, z3.If(lvl == 1, 8, 7))


def hand_size_jihadist(S: SymState) -> z3.ArithRef:
    """5.2.8: the Jihadist draws 7 / 8 / 9 at Tight / Moderate / Ample Funding (4.7.4.1)."""
    lvl = funding_level(S)
    return z3.If(lvl == 0, 7, z3.If(lvl == 1, 8, 9))


# --------------------------------------------------------------------------------------------
# The invariants, written once
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Invariant:
    """A named invariant: the conjunction of ``parts`` (small z3 formulas, so a failure names the
    part that fails). ``kind`` is "state" (a property of every reachable state, proved inductive in
    z3_proofs) or "derived" (the Python model's derived value equals the z3 function: concrete
    states only). ``model_check`` names the predicate of model/labyrinth/consistency.py that
    checks the same thing in Python (None if none does)."""

    name: str
    rule: str
    text: str
    parts: tuple
    kind: str = "state"
    model_check: str | None = None

    @property
    def formula(self) -> z3.BoolRef:
        return z3.And(*self.parts)


def _bounds(x, lo, hi):
    return z3.And(lo <= x, x <= hi)


def prestige_bounds(S: SymState) -> Invariant:
    """4.7.1: US Prestige is between 1 and 12."""
    return Invariant("prestige_bounds", "4.7.1", "1 <= Prestige <= 12",
                     (_bounds(S["prestige"], PRESTIGE_MIN, PRESTIGE_MAX),), model_check="track_bounds")


def funding_bounds(S: SymState) -> Invariant:
    """4.7.4.1: Jihadist Funding is between 1 and 9."""
    return Invariant("funding_bounds", "4.7.4.1", "1 <= Funding <= 9",
                     (_bounds(S["funding"], FUNDING_MIN, FUNDING_MAX),), model_check="track_bounds")


def reserves_bounds(S: SymState) -> Invariant:
    """6.3.3: each side's Reserves are 0, 1 or 2."""
    return Invariant("reserves_bounds", "6.3.3", "0 <= Reserves <= 2 for each side",
                     tuple(_bounds(S[f"reserves_{s}"], 0, RESERVES_MAX) for s in SIDES), model_check="track_bounds")


def troop_cubes_conserved(S: SymState) -> Invariant:
    """4.6.1, 4.6.2: the 15 troop cubes are on the map or on the Troops track, never fewer or more;
    NATO is a marker, not a cube (card 41). No negative count anywhere."""
    names = S.facts.names
    parts = [S["troops_track"] + z3.Sum([S.at("troops", n) for n in names]) == TROOP_CUBES,
             S["troops_track"] >= 0]
    parts += [S.at("troops", n) >= 0 for n in names]
    return Invariant("troop_cubes_conserved", "4.6.1", "Troops track + troops in countries = 15, none negative",
                     tuple(parts), model_check="pieces_conserved")


def cell_cylinders_conserved(S: SymState) -> Invariant:
    """4.6.1, 4.6.2: the 15 cell cylinders are on the map (Sleeper or Active) or on the Funding
    track; Moqtada al-Sadr is a marker, not a cylinder (card 54, A09)."""
    names = S.facts.names
    parts = [S["cells_track"] + z3.Sum([S.at("sleepers", n) + S.at("actives", n) for n in names]) == CELL_CYLINDERS,
             S["cells_track"] >= 0]
    parts += [z3.And(S.at("sleepers", n) >= 0, S.at("actives", n) >= 0) for n in names]
    return Invariant("cell_cylinders_conserved", "4.6.1", "Funding track + cells in countries = 15, none negative",
                     tuple(parts), model_check="pieces_conserved")


def aid_nonnegative(S: SymState) -> Invariant:
    """7.2.2.2, 4.8.3: Aid markers accumulate in a country until removed (several through
    events); their count is never negative."""
    return Invariant("aid_nonnegative", "7.2.2.2", "Aid >= 0 in every country",
                     tuple(S.at("aid", n) >= 0 for n in S.facts.names), model_check="pieces_conserved")


def numbered_plots_conserved(S: SymState) -> Invariant:
    """4.8.1 (D01: reusable): the six numbered plot markers are in Available Plots, face down on
    the map (a plot being resolved stays in its country until its MARKER step, 8.5.6) or, in a solo
    game, set aside by a WMD plot (9.3.3); the values come from the ``plot_marker_values`` ruling
    (parameters ``plot_total_v``)."""
    names = S.facts.names
    parts = []
    for v in PLOT_NUMBERS:
        avail, aside, total = S[f"plots_available_{v}"], S[f"plots_aside_{v}"], S[f"plot_total_{v}"]
        parts.append(avail + aside + z3.Sum([S.at(f"plots_{v}", n) for n in names]) == total)
        parts += [avail >= 0, aside >= 0]
        parts += [S.at(f"plots_{v}", n) >= 0 for n in names]
    parts.append(S["plots_stray"] == 0)
    return Invariant("numbered_plots_conserved", "4.8.1",
                     "for each value v: Available v + v on the map + v set aside = the ruling's count of v",
                     tuple(parts), model_check="plots_conserved")


def wmd_in_play(S: SymState) -> z3.ArithRef:
    """9.3.3: the WMD plots in play: Available or face down on the map."""
    return S["wmd_available"] + z3.Sum([S.at("plots_wmd", n) for n in S.facts.names])


def plots_set_aside(S: SymState) -> z3.ArithRef:
    """9.3.3: the numbered plot markers set aside, every value."""
    return z3.Sum([S[f"plots_aside_{v}"] for v in PLOT_NUMBERS])


def set_aside_plots_stand_for_wmd(S: SymState) -> Invariant:
    """9.3.3 (solo): each WMD plot added to the Available plots sets aside a numbered marker, and
    each WMD plot used brings one back, "so that there are always exactly 6 plot markers in play":
    a marker is set aside only for a WMD plot in play (Available or on the map), so no more are set
    aside than there are WMD plots in play (fewer where one arrived with no numbered marker
    Available, consistency.solo_plots); a two-player game sets none aside (9.0: chapter 9 is the
    solo game's)."""
    aside = plots_set_aside(S)
    return Invariant("set_aside_plots_stand_for_wmd", "9.3.3",
                     "numbered markers set aside <= WMD plots in play; none in a two-player game",
                     (_bounds(S["solo"], 0, 1), aside <= wmd_in_play(S), z3.Implies(S["solo"] == 0, aside == 0)))


def wmd_plots_conserved(S: SymState) -> Invariant:
    """4.7.8.1, 8.5.5: the six WMD plot markers are in the two WMD boxes (3 each at most),
    Available, on the map, or removed from the game."""
    names = S.facts.names
    boxes = (S["wmd_box_loose_nuke"], S["wmd_box_pakistan"])
    parts = [sum(boxes) + S["wmd_available"] + z3.Sum([S.at("plots_wmd", n) for n in names]) + S["wmd_removed"]
             == WMD_MARKERS]
    parts += [_bounds(b, 0, WMD_BOX_SIZE) for b in boxes]
    parts += [S["wmd_available"] >= 0, S["wmd_removed"] >= 0]
    parts += [S.at("plots_wmd", n) >= 0 for n in names]
    return Invariant("wmd_plots_conserved", "4.7.8.1",
                     "WMD boxes + Available + on the map + removed = 6, boxes hold 0-3",
                     tuple(parts), model_check="plots_conserved")


def pakistan_arsenal_all_or_nothing(S: SymState) -> Invariant:
    """8.4.5, 4.7.8.1: the three Pakistan Arsenal WMD plots become Available together, the first
    time Pakistan falls to Islamist Rule: the box holds 3 or 0."""
    b = S["wmd_box_pakistan"]
    return Invariant("pakistan_arsenal_all_or_nothing", "8.4.5", "the Pakistan Arsenal box holds 0 or 3 WMD",
                     (z3.Or(b == 0, b == WMD_BOX_SIZE),), model_check="plots_conserved")


def pakistan_arsenal_released_under_islamist_rule(S: SymState) -> Invariant:
    """8.4.5: when Pakistan is under Islamist Rule its Arsenal has been released (it fell at least
    once: Islamist Rule comes only through an Islamic Revolution, 8.4.4, which releases it the first
    time), so the box is empty."""
    return Invariant("pakistan_arsenal_released_under_islamist_rule", "8.4.5",
                     "Pakistan under Islamist Rule => the Pakistan Arsenal box is empty",
                     (z3.Implies(S.at("gov", PAKISTAN) == GOV["islamist_rule"], S["wmd_box_pakistan"] == 0),))


def cards_conserved(S: SymState) -> Invariant:
    """4.10.1, 4.10.3, 5.3.1: each of the 120 cards is in exactly one zone: the draw pile, a hand,
    the discards, removed, the Lapsing or 1st Plot box, or being played."""
    parts = [z3.Sum([S.card(n, z) for z in ZONES]) == 1 for n in CARDS]
    parts += [z3.And(*[S.card(n, z) >= 0 for z in ZONES]) for n in CARDS]
    parts.append(S["cards_stray"] == 0)
    return Invariant("cards_conserved", "4.10.1", "each card 1-120 is in exactly one zone",
                     tuple(parts), model_check="cards_conserved")


def first_plot_box_single(S: SymState) -> Invariant:
    """4.7.7.2, 4.7.7.3: the 1st Plot box holds the card of the first Plot operation of the turn:
    one card at most, and only once that first Plot has been used this turn (``first_plot_used``,
    0/1; the box may empty earlier, by a reshuffle or an event, while the flag stays)."""
    box = z3.Sum([S.card(n, "first_plot") for n in CARDS])
    used = S["first_plot_used"]
    return Invariant("first_plot_box_single", "4.7.7.2",
                     "at most one card in the 1st Plot box, and one only after the turn's first Plot",
                     (box <= 1, _bounds(used, 0, 1), z3.Implies(box >= 1, used == 1)),
                     model_check="cards_conserved")


def game_length(S: SymState) -> Invariant:
    """3.3, 5.3.1: a game lasts 1, 2 or 3 decks; the Deck marker advances at each reshuffle and the
    reshuffle that matches the length ends the game."""
    return Invariant("game_length", "3.3", "1 <= decks <= 3 and 0 <= reshuffles <= decks",
                     (_bounds(S["decks"], 1, 3), _bounds(S["reshuffles"], 0, S["decks"])))


def us_posture_on_gwot_track(S: SymState) -> Invariant:
    """4.3.2, 4.7.2: the US has a Posture, Hard or Soft, kept on the GWOT track, not in its
    country space."""
    return Invariant("us_posture_on_gwot_track", "4.3.2",
                     "US Posture is Hard or Soft; the United States space has no Posture marker",
                     (S["us_posture"] != POSTURE["none"], S.at("posture", US) == POSTURE["none"]),
                     model_check="postures_placed")


def israel_always_hard(S: SymState) -> Invariant:
    """4.3.3: Israel's Posture is always Hard."""
    return Invariant("israel_always_hard", "4.3.3", "Israel's Posture is Hard",
                     tuple(S.at("posture", n) == POSTURE["hard"] for n in sorted(S.facts.fixed_hard)),
                     model_check="markers_consistent")


def iran_no_posture_or_alignment(S: SymState) -> Invariant:
    """4.4: Iran is neither Muslim nor non-Muslim: a fixed Governance, no Posture, no Alignment."""
    return Invariant("iran_no_posture_or_alignment", "4.4", "Iran has no Posture, Alignment or Governance marker",
                     (S.at("posture", IRAN) == POSTURE["none"], S.at("align", IRAN) == ALIGN["none"],
                      S.at("gov", IRAN) == GOV["none"]), model_check="markers_consistent")


def non_muslim_no_muslim_markers(S: SymState) -> Invariant:
    """4.3.1, 4.4, 4.2: non-Muslim countries and Iran have a permanent Governance (no marker), no
    Alignment, Aid, Besieged Regime or Regime Change marker."""
    parts = []
    for n in S.facts.names:
        if n in S.facts.muslim:
            continue
        parts.append(z3.And(S.at("gov", n) == GOV["none"], S.at("align", n) == ALIGN["none"],
                            S.at("aid", n) == 0, S.at("besieged", n) == 0, S.at("rc", n) == RC["none"]))
    return Invariant("non_muslim_no_muslim_markers", "4.3.1",
                     "non-Muslim countries and Iran: no Governance marker, Alignment, Aid, Besieged or Regime Change",
                     tuple(parts), model_check="markers_consistent")


def muslim_no_posture(S: SymState) -> Invariant:
    """4.3.2: only non-Muslim countries (but the US) have a Posture box; Muslim countries none."""
    return Invariant("muslim_no_posture", "4.3.2", "Muslim countries have no Posture",
                     tuple(S.at("posture", n) == POSTURE["none"] for n in sorted(S.facts.muslim)),
                     model_check="postures_placed")


def muslim_marked_iff_aligned(S: SymState) -> Invariant:
    """4.2.3, 4.2.4, 4.9.4: a Muslim country's Governance marker sits on its Alignment track: it
    is marked (tested) exactly when it has an Alignment."""
    return Invariant("muslim_marked_iff_aligned", "4.2.3",
                     "a Muslim country has a Governance marker iff it has an Alignment",
                     tuple((S.at("gov", n) == GOV["none"]) == (S.at("align", n) == ALIGN["none"])
                           for n in sorted(S.facts.muslim)), model_check="markers_consistent")


def regime_change_only_poor_or_fair(S: SymState) -> Invariant:
    """7.3.4.1: only Poor or Fair countries can be Regime Change countries (the marker is removed
    at once on Good or Islamist Rule)."""
    return Invariant("regime_change_only_poor_or_fair", "7.3.4.1", "a Regime Change marker only on Poor or Fair",
                     tuple(z3.Implies(S.at("rc", n) != RC["none"],
                                      z3.Or(S.at("gov", n) == GOV["poor"], S.at("gov", n) == GOV["fair"]))
                           for n in S.facts.names), model_check="markers_consistent")


def cadre_single(S: SymState) -> Invariant:
    """4.8.4, 7.4.3: a country has a Cadre marker or not (one at most)."""
    return Invariant("cadre_single", "4.8.4", "Cadre is 0 or 1",
                     tuple(_bounds(S.at("cadre", n), 0, 1) for n in S.facts.names))


def besieged_single(S: SymState) -> Invariant:
    """8.4.3.2: "Un paese puo avere al massimo un segnalino di Regime Assediato"."""
    return Invariant("besieged_single", "8.4.3.2", "Besieged Regime is 0 or 1",
                     tuple(_bounds(S.at("besieged", n), 0, 1) for n in S.facts.names))


def nato_only_on_regime_change(S: SymState) -> Invariant:
    """Card 41 (A08): the NATO marker goes on a Regime Change country and is removed when the
    country stops being one; one marker."""
    parts = []
    for n in S.facts.names:
        k = S.at("nato", n)
        parts.append(z3.And(_bounds(k, 0, 1), z3.Implies(k > 0, S.at("rc", n) != RC["none"])))
    return Invariant("nato_only_on_regime_change", "card 41", "NATO (0/1) only on a Regime Change country",
                     tuple(parts), model_check="markers_consistent")


def sadr_only_in_iraq(S: SymState) -> Invariant:
    """Card 54 (A09): the Moqtada al-Sadr marker is a cell in Iraq only; one marker."""
    parts = []
    for n in S.facts.names:
        k = S.at("sadr", n)
        parts.append(_bounds(k, 0, 1) if n == IRAQ else k == 0)
    return Invariant("sadr_only_in_iraq", "card 54", "Moqtada al-Sadr (0/1) only in Iraq",
                     tuple(parts), model_check="markers_consistent")


STATE_INVARIANTS: tuple[Callable[[SymState], Invariant], ...] = (
    prestige_bounds, funding_bounds, reserves_bounds,
    troop_cubes_conserved, cell_cylinders_conserved, aid_nonnegative,
    numbered_plots_conserved, wmd_plots_conserved, set_aside_plots_stand_for_wmd, pakistan_arsenal_all_or_nothing,
    pakistan_arsenal_released_under_islamist_rule,
    cards_conserved, first_plot_box_single, game_length,
    us_posture_on_gwot_track, israel_always_hard, iran_no_posture_or_alignment,
    non_muslim_no_muslim_markers, muslim_no_posture, muslim_marked_iff_aligned,
    regime_change_only_poor_or_fair, cadre_single, besieged_single,
    nato_only_on_regime_change, sadr_only_in_iraq,
)


def derived_invariants(S: SymState) -> list[Invariant]:
    """The Python model's derived quantities (``model_*``, tracks.py) equal the z3 functions."""
    def inv(name, rule, text, obs, expr):
        return Invariant(name, rule, text, (S[obs] == expr,), kind="derived")
    return [
        inv("world_posture_matches_model", "4.7.2", "tracks.world_posture = z3 world_posture",
            "model_world_posture", world_posture(S)),
        inv("gwot_penalty_matches_model", "4.7.2.1", "tracks.gwot_penalty = z3 gwot_penalty",
            "model_gwot_penalty", gwot_penalty(S)),
        inv("troops_level_matches_model", "4.7.3", "tracks.troops_level = z3 troops_level",
            "model_troops_level", troops_level(S)),
        inv("funding_level_matches_model", "4.7.4.1", "tracks.funding_level = z3 funding_level",
            "model_funding_level", funding_level(S)),
        inv("available_cells_matches_model", "4.7.4.2", "tracks.available_cells = z3 available_cells",
            "model_available_cells", available_cells(S)),
        Invariant("hand_sizes_match_model", "5.2.8", "tracks.hand_sizes = z3 hand sizes (US, Jihadist)",
                  (S["model_hand_US"] == hand_size_us(S), S["model_hand_Jihadist"] == hand_size_jihadist(S)),
                  kind="derived"),
    ]


def state_invariants(S: SymState) -> list[Invariant]:
    """Every state invariant over ``S`` (the ones proved inductive)."""
    return [f(S) for f in STATE_INVARIANTS]


def invariants(S: SymState) -> list[Invariant]:
    """State invariants, then the derived-quantity agreements."""
    return state_invariants(S) + derived_invariants(S)


# --------------------------------------------------------------------------------------------
# Documented non-invariants (h.2 (C) items)
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class NonInvariant:
    """A candidate invariant (h.2 (C)) that reachable states break: ``candidate(S)`` is its z3
    formula, ``why`` the rule or card that breaks it (with the model's witness where one was
    seen), ``broken_by`` the z3_proofs transition that breaks it."""

    name: str
    rule: str
    why: str
    candidate: Callable[[SymState], z3.BoolRef]
    broken_by: str


def _every_muslim(S: SymState, fn) -> z3.BoolRef:
    return z3.And(*[fn(n) for n in sorted(S.facts.muslim)])


NON_INVARIANTS: tuple[NonInvariant, ...] = (
    NonInvariant(
        "good_has_no_aid", "7.2.2.3",
        "a shift to Good removes the Aid, but events place Aid whatever the Governance "
        "(card 27 Saddam Captured in Iraq, card 13 Anbar Awakening)",
        lambda S: _every_muslim(S, lambda n: z3.Implies(S.at("gov", n) == GOV["good"], S.at("aid", n) == 0)),
        "place_aid"),
    NonInvariant(
        "good_not_besieged", "8.4.3.2",
        "card 93 Taliban places a Besieged Regime in Afghanistan whatever its Governance "
        "(seen in random games: Afghanistan Good and Besieged; registry P22 as_printed)",
        lambda S: _every_muslim(S, lambda n: z3.Implies(S.at("gov", n) == GOV["good"], S.at("besieged", n) == 0)),
        "besiege"),
    NonInvariant(
        "islamist_rule_has_no_aid", "8.4.4",
        "the revolution removes the Aid; card 32 Back Channel places Aid there later (seen in random games; "
        "registry P22 as_printed)",
        lambda S: _every_muslim(S, lambda n: z3.Implies(S.at("gov", n) == GOV["islamist_rule"], S.at("aid", n) == 0)),
        "place_aid"),
    NonInvariant(
        "islamist_rule_not_besieged", "8.4.4",
        "card 93 Taliban places a Besieged Regime in Afghanistan under Islamist Rule too (seen in random games; "
        "registry P22 as_printed)",
        lambda S: _every_muslim(S, lambda n: z3.Implies(S.at("gov", n) == GOV["islamist_rule"],
                                                        S.at("besieged", n) == 0)),
        "besiege"),
    NonInvariant(
        "islamist_rule_is_adversary", "8.4.4",
        "Adversary at the revolution; card 32 Back Channel shifts it to Neutral (FAQ; seen in random games)",
        lambda S: _every_muslim(S, lambda n: z3.Implies(S.at("gov", n) == GOV["islamist_rule"],
                                                        S.at("align", n) == ALIGN["adversary"])),
        "shift_alignment"),
    NonInvariant(
        "unmarked_not_besieged", "4.9.4",
        "A34: a Besieged Regime on an unmarked country (Somalia in Anaconda's set-up; card 93)",
        lambda S: _every_muslim(S, lambda n: z3.Implies(S.at("gov", n) == GOV["none"], S.at("besieged", n) == 0)),
        "besiege"),
    NonInvariant(
        "aid_at_most_one", "7.2.2.2",
        "War of Ideas places only a first Aid, but events add more (cards 13, 27, 30; seen in random games)",
        lambda S: _every_muslim(S, lambda n: S.at("aid", n) <= 1),
        "place_aid"),
    NonInvariant(
        "cadre_means_no_cells", "4.8.4",
        "A31: only a cell placed from the Funding track removes a Cadre; a cell Travelling in leaves it",
        lambda S: z3.And(*[z3.Implies(S.at("cadre", n) == 1, S.cells(n) == 0) for n in S.facts.names]),
        "travel"),
    NonInvariant(
        "troops_only_in_muslim_countries", "7.3.2",
        "card 57 Abu Sayyaf lets the US deploy to the Philippines (seen in random games)",
        lambda S: z3.And(*[S.at("troops", n) == 0 for n in S.facts.names if n not in S.facts.muslim]),
        "deploy"),
)


# --------------------------------------------------------------------------------------------
# Concrete states: the same formulas, evaluated
# --------------------------------------------------------------------------------------------

def _troops_level_code(d: dict) -> int:
    return TROOPS_LEVELS.index(tracks.troops_level(d["troops_track"]))


def _funding_level_code(d: dict) -> int:
    return FUNDING_LEVELS.index(tracks.funding_level(d["funding"]))


MODEL_DERIVED: dict[str, Callable[[dict], int]] = {
    "model_world_posture": tracks.world_posture,
    "model_gwot_penalty": tracks.gwot_penalty,
    "model_troops_level": _troops_level_code,
    "model_funding_level": _funding_level_code,
    "model_available_cells": tracks.available_cells,
    "model_hand_US": lambda d: tracks.hand_sizes(d)["US"],
    "model_hand_Jihadist": lambda d: tracks.hand_sizes(d)["Jihadist"],
}


def concrete_values(d: dict, facts: MapFacts, derived: dict | None = None, rulings: dict | None = None) -> dict:
    """The value of every vector component in the state ``d`` (ints; enumeration members by name,
    ``"none"`` for None), with the model's derived quantities (``MODEL_DERIVED``, entries
    overridden by ``derived``). ``d`` is the model's state dict or the canonical state
    (``canonical()``: the same facts, zones sorted, without the rulings); ``rulings`` (the state's
    ``rulings_dict()``) stands in for ``d["rulings"]``, which the canonical state leaves out: the
    number of plot markers in the game depends on them (D01). Computed in parts
    (:func:`global_values`, :func:`country_values`, :func:`zone_values`), which the refinement
    check's incremental abstraction recomputes one by one (properties/labyrinth/refinement.py)."""
    vals = global_values(d, rulings)
    stray = vals["plots_stray"]
    for n in facts.names:
        part, s = country_values(d["countries"][n], n)
        vals.update(part)
        stray += s
    vals["plots_stray"] = stray
    stray_cards = 0
    for z, cards in zone_lists(d).items():
        part, s = zone_values(z, cards)
        vals.update(part)
        stray_cards += s
    vals["cards_stray"] = stray_cards
    fns = dict(MODEL_DERIVED)
    fns.update(derived or {})
    for k in OBSERVED:
        vals[k] = int(fns[k](d))
    return vals


#: The keys of the state dict :func:`global_values` reads (the incremental abstraction recomputes
#: the global components only when one of them changed).
GLOBAL_KEYS = ("prestige", "funding", "troops_track", "cells_track", "wmd_available", "wmd_removed", "reshuffles",
               "decks", "reserves", "us_posture", "first_plot_used", "wmd_boxes", "plots_available", "rulings",
               "plots_removed", "plots_set_aside", "options")


def global_values(d: dict, rulings: dict | None = None) -> dict:
    """The components outside the countries and the card zones (tracks, plots available and set
    aside, game length, parameters); ``plots_stray`` counts the stray markers of Available Plots
    and of the set-aside ones only (the countries' are :func:`country_values`')."""
    vals: dict = {}
    for k in ("prestige", "funding", "troops_track", "cells_track", "wmd_available", "wmd_removed",
              "reshuffles", "decks"):
        vals[k] = int(d[k])
    for s in SIDES:
        vals[f"reserves_{s}"] = int(d["reserves"][s])
    vals["us_posture"] = d["us_posture"] or "none"
    vals["first_plot_used"] = int(d["first_plot_used"])
    vals["wmd_box_loose_nuke"] = int(d["wmd_boxes"]["loose_nuke_heu_kazakh_strain"])
    vals["wmd_box_pakistan"] = int(d["wmd_boxes"]["pakistan_arsenal"])
    avail = Counter(d["plots_available"])
    aside = Counter(d.get("plots_set_aside", ()))
    for v in PLOT_NUMBERS:
        vals[f"plots_available_{v}"] = avail.pop(v, 0)
        vals[f"plots_aside_{v}"] = aside.pop(v, 0)
    vals["plots_stray"] = sum(avail.values()) + sum(aside.values())
    # The numbered markers in the game: those that left it (plot_markers_reusable=false, D01) are
    # out of what the z3 state counts (a solo game's set aside, 9.3.3, are ``plots_aside_v``).
    totals = Counter(_plot_values(d["rulings"] if rulings is None else rulings)) - Counter(d.get("plots_removed", ()))
    for v in PLOT_NUMBERS:
        vals[f"plot_total_{v}"] = totals.get(v, 0)
    # A solo game (chapter 9): its options say so; the canonical state, which leaves them out, keeps
    # the set-aside markers' list only in a solo game (model/labyrinth/scenarios.initial_state).
    vals["solo"] = int(bool(d["options"]["solo"] if "options" in d else "plots_set_aside" in d))
    return vals


def _plot_values(rulings: dict) -> tuple:
    """The numbered plot markers of a game under ``rulings`` (``plot_marker_values``, D01)."""
    return tuple(plot_values(LabyrinthRulings.from_dict(rulings)))


def country_values(c: dict, n: str) -> tuple[dict, int]:
    """The components of country ``n`` (its dict ``c``), and how many plot markers of no known
    kind lie there."""
    vals: dict = {}
    for f in COUNTRY_ENUMS:
        vals[cvar(f, n)] = c[f] if c[f] is not None else "none"
    for f in ("troops", "sleepers", "actives", "aid"):
        vals[cvar(f, n)] = int(c[f])
    vals[cvar("cadre", n)] = int(c["cadre"])
    vals[cvar("besieged", n)] = int(c["besieged"])
    vals[cvar("nato", n)] = c["markers"].count(NATO)
    vals[cvar("sadr", n)] = c["markers"].count(SADR)
    plots = Counter(c["plots"])
    for v in PLOT_NUMBERS:
        vals[cvar(f"plots_{v}", n)] = plots.pop(v, 0)
    vals[cvar("plots_wmd", n)] = plots.pop("WMD", 0)
    return vals, sum(plots.values())


def zone_lists(d: dict) -> dict:
    """Each card zone of the vector (``ZONES``) and the list of the state that holds it."""
    return {"deck": d["deck"], "hand_US": d["hands"]["US"], "hand_Jihadist": d["hands"]["Jihadist"],
            "discard": d["discard"], "removed": d["removed"], "lapsing": d["lapsing"],
            "first_plot": d["first_plot"], "in_play": d["in_play"]}


def zone_values(z: str, cards: list, only=None) -> tuple[dict, int]:
    """The components ``card[n]@z`` of zone ``z`` (the list ``cards``: how many times each card is
    listed), for every card or those of ``only``, and how many entries are not a card number."""
    count = Counter(cards)
    vals = {card_var(n, z): count.pop(n, 0) for n in (CARDS if only is None else only)}
    if only is not None:
        for n in CARDS:
            count.pop(n, None)
    return vals, sum(count.values())


_INT_CACHE: dict[int, z3.IntNumRef] = {}


def _z3_value(enum_field: dict, name: str, value):
    field = enum_field.get(name)
    if field is None:
        v = _INT_CACHE.get(value)
        if v is None:
            v = _INT_CACHE[value] = z3.IntVal(value)
        return v
    values = ENUM_VALUES[field]
    if value not in values:
        raise ValueError(f"state: {name} = {value!r} is not one of {sorted(values)}")
    return values[value]


def variables(e: z3.ExprRef) -> list[z3.ExprRef]:
    """The uninterpreted constants of ``e``, sorted by name (the refinement check's walk,
    properties/refinement.py ``constants``)."""
    return sorted(constants(e), key=lambda x: x.decl().name())


@dataclass
class _Frame:
    """The concrete-check frame for one map: a prefix-less vector, its invariants and, per
    invariant and per part, the vector names of the constants it mentions (computed once)."""
    S: SymState
    invs: list
    formulas: list
    inv_vars: list
    part_vars: list
    enum_field: dict  # vector name -> enumeration field ("gov", ...), for the non-integer components
    order: tuple      # every vector name, in the order of ``from_asts``
    from_asts: object  # ctypes array of the constants (for Z3_substitute)


@lru_cache(maxsize=4)
def _frame(facts: MapFacts) -> _Frame:
    S = SymState(facts)
    invs = invariants(S)
    part_vars = [[[S.name_of(x) for x in variables(p)] for p in inv.parts] for inv in invs]
    inv_vars = [list(dict.fromkeys(n for names in pv for n in names)) for pv in part_vars]
    enum_field = {n: ("posture" if n == "us_posture" else n.split("[", 1)[0])
                  for n, e in S.v.items() if e.sort() != z3.IntSort()}
    order = tuple(S.v)
    from_asts = (z3.Ast * len(order))()
    for i, n in enumerate(order):
        from_asts[i] = S[n].as_ast()
    return _Frame(S, invs, [inv.formula for inv in invs], inv_vars, part_vars, enum_field, order, from_asts)


def dependencies(facts: MapFacts) -> dict[str, tuple[list[str], list[list[str]]]]:
    """For each invariant: the vector names it mentions, and those of each of its parts."""
    fr = _frame(facts)
    return {inv.name: (names, parts) for inv, names, parts in zip(fr.invs, fr.inv_vars, fr.part_vars)}


def facts_of(st_map) -> MapFacts:
    """The map facts of a LabyrinthMap (or MapFacts as given)."""
    return st_map if isinstance(st_map, MapFacts) else MapFacts.from_map(st_map)


class _Substitution:
    """Every constant of the vector replaced by its concrete value, through the C API in one
    array (z3.substitute's Python wrapper checks each pair's sorts, which costs more than the
    whole evaluation)."""

    def __init__(self, fr: "_Frame", zvals: dict):
        self.fr = fr
        self.to = (z3.Ast * len(fr.order))()
        self.keep = [zvals[n] for n in fr.order]
        for i, v in enumerate(self.keep):
            self.to[i] = v.as_ast()

    def __call__(self, expr: z3.ExprRef) -> z3.ExprRef:
        ctx = expr.ctx
        a = z3.Z3_substitute(ctx.ref(), expr.as_ast(), len(self.fr.order), self.fr.from_asts, self.to)
        return z3.simplify(_to_expr_ref(a, ctx))


def _evaluate(expr, sub: _Substitution) -> bool:
    r = sub(expr)
    if z3.is_true(r):
        return True
    if z3.is_false(r):
        return False
    raise AssertionError(f"not ground after substitution: {r}")


REPORT_ALL_UP_TO = 12


def check_state(d: dict, st_map, derived: dict | None = None, only: set | None = None,
                rulings: dict | None = None) -> list[dict]:
    """Evaluate every invariant (or those named in ``only``) on the state ``d``: the model's state
    dict, or the canonical state (``st.canonical()``) with the rulings (``st.rulings_dict()``) as
    ``rulings``, since the canonical state leaves them out and the count of plot markers in the game
    depends on them.

    Returns one entry per invariant: ``{"name", "rule", "kind", "holds", "counterexample"}``;
    ``counterexample`` is None when it holds, else ``{variable: concrete value}`` for the variables
    of its false parts (when a false part mentions more than 12 variables, those whose value is
    0 or ``none`` are left out: they add nothing to a sum and fix no marker).
    ``derived`` overrides the model's derived-quantity functions (``MODEL_DERIVED``), e.g. to
    check that a wrong one is caught."""
    facts = facts_of(st_map)
    fr = _frame(facts)
    vals = concrete_values(d, facts, derived, rulings)
    zvals = {k: _z3_value(fr.enum_field, k, v) for k, v in vals.items()}
    sub = _Substitution(fr, zvals)
    out = []
    for inv, formula, pvars in zip(fr.invs, fr.formulas, fr.part_vars):
        if only is not None and inv.name not in only:
            continue
        holds = _evaluate(formula, sub)
        cex = None
        if not holds:
            cex = {}
            for part, pv in zip(inv.parts, pvars):
                if _evaluate(part, sub):
                    continue
                names = pv
                if len(names) > REPORT_ALL_UP_TO:
                    names = [n for n in names if vals[n] not in (0, "none")]
                for n in names:
                    cex[n] = vals[n]
        out.append({"name": inv.name, "rule": inv.rule, "kind": inv.kind, "holds": holds, "counterexample": cex})
    return out


def violations(d: dict, st_map, **kw) -> list[dict]:
    """The failing entries of :func:`check_state`."""
    return [r for r in check_state(d, st_map, **kw) if not r["holds"]]
