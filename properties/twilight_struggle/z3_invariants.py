"""The Twilight Struggle state as z3 constants, and the invariants of every reachable state written
once as z3 formulas over it (shared/research/seed_twilight_struggle.md section h, I1-I17; rule
numbers of the Italian rulebook seed, shared/seeds/002_0cdb367d9ca608bf.reflowed.txt).

**The vector** (:class:`SymState`): one z3 constant per component the invariants talk about --

* the tracks: ``defcon`` (8.1), ``vp`` (10.2, positive for the US), ``turn`` (4.1);
* the end of the game: ``over`` (a Bool: the game has ended, ``d["terminal"]`` is set) and
  ``final`` (a Bool: it ended by the final scoring, 10.3.2, ``terminal["rule"] == "10.3.2"``);
* per side (USSR, US): ``milops`` (8.2), ``space`` (the Space Race box, 6.4), ``attempts`` (Space
  Race attempts this turn, 6.4.2);
* ``inf[country][side]`` for every country of the map (model/twilight_struggle/mapdata.load_map());
* the China Card: ``china_holder`` (0 the USSR, 1 the US, 9.1) and ``china_face_up`` (a Bool, 9.3);
* per card of the edition, ``zone[n]``, an integer code: :data:`ZONES` (0 not yet in play, 1 the
  draw pile, 2-3 the hands, 4 the discards, 5 removed, 6 in effect beside the map, 7 on the table,
  8-9 the headlines); the China Card is in no zone: its code is :data:`HELD` (9.1). A concrete
  state whose list puts a card in two places (or twice in one) gets the code :data:`SEVERAL`,
  which no invariant allows; ``stray`` counts entries that are not a card of the edition.

Which cards: the edition's (``cards.deck``): the seed edition's 103 by default, the deluxe
edition's 103 or 110 for a state of that edition; each card comes with its era (4.4).

**The invariants** (:data:`INVARIANTS`, each a name, the rule it comes from, a docstring and a list
of conjuncts): I1 DEFCON, I2 VP (and the end flags), the Military Operations, the Space Race and its
attempts, influence, the turn, the China Card's holder, the card zones (I12).

**Concrete check** (:func:`check_state`): the values of a model state (``st.d``) are substituted
for the constants and the *same* formulas are simplified to true or false; a false invariant
reports the values of the variables of its false conjuncts. So what z3 proves inductive
(z3_proofs.py) and what the model's states are checked against is one text. The substitution is
z3's own (``Z3_substitute``) called directly (properties/z3_work.py ``substitute``: the Python
wrapper's check of every pair's sorts cost four fifths of a check), the values z3 numerals made
once each (z3_work.py ``numeral``).

What the vector leaves out: the action round, the phasing side, the procedure stack and pending
question, the required Military Operations of step D, the headline-shown flags, the revealed
cards, events in effect beyond their card's zone, the order of the cards within a zone, the winner.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Callable

import z3

from cdg_oracle.model.twilight_struggle.cards import CHINA_CARD, deck
from cdg_oracle.model.twilight_struggle.mapdata import load_map
from cdg_oracle.model.twilight_struggle.tracks import MILOPS_MAX
from cdg_oracle.properties.z3_work import numeral, substitute

SIDES = ("USSR", "US")
OPPONENT = {"USSR": "US", "US": "USSR"}
HOLDER = {"USSR": 0, "US": 1}            # the China Card's holder code (9.1)
VP_WIN = 20                              # 10.2.1, 10.3.1
LAST_TURN = 10                           # 4.1
DEFCON_MAX = 5                           # 8.1.2
SPACE_LAST = 8                           # 6.4, 6.4.6
ATTEMPTS_MAX = 2                         # 6.4.2, 6.4.4 box 2
ERA_FROM = {"early": 1, "mid": 4, "late": 8}   # 4.1, 4.4: the first turn an era's cards are in play

ZONES = ("not_in_play", "deck", "hand_USSR", "hand_US", "discard", "removed", "in_effect", "table",
         "headline_USSR", "headline_US")
Z = {name: i for i, name in enumerate(ZONES)}
HELD = len(ZONES)          # 10: the China Card's code: held by a side, in no zone (9.1)
SEVERAL = HELD + 1         # 11: a concrete card listed more than once; never valid
HAND = {"USSR": Z["hand_USSR"], "US": Z["hand_US"]}
HEADLINE = {"USSR": Z["headline_USSR"], "US": Z["headline_US"]}
_LIST_ZONES = ("deck", "discard", "removed", "in_effect", "table")


# -- the vector ----------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def default_cards() -> tuple[tuple[int, str], ...]:
    """(number, era) of every card of the default (seed) edition, by number."""
    return tuple(sorted((n, c.era) for n, c in deck("seed").items()))


def cards_of(st) -> tuple[tuple[int, str], ...]:
    """(number, era) of every card of ``st``'s edition."""
    return tuple(sorted((n, c.era) for n, c in st.cards.items()))


@dataclass(frozen=True, eq=False)
class SymState:
    """A Twilight Struggle state as z3 terms (constants for a fresh state, expressions for a state
    a transition computes). ``cards``: (number, era) of each card that has a ``zone``."""

    defcon: z3.ArithRef
    vp: z3.ArithRef
    turn: z3.ArithRef
    over: z3.BoolRef
    final: z3.BoolRef
    milops: dict
    space: dict
    attempts: dict
    inf: dict
    china_holder: z3.ArithRef
    china_face_up: z3.BoolRef
    zone: dict
    stray: z3.ArithRef
    cards: tuple

    @classmethod
    def fresh(cls, prefix: str = "", cards: tuple | None = None) -> "SymState":
        """A state of fresh constants named ``prefix + component`` (see :meth:`components`)."""
        cards = default_cards() if cards is None else cards
        names = load_map().names
        i = lambda n: z3.Int(prefix + n)  # noqa: E731
        return cls(
            defcon=i("defcon"), vp=i("vp"), turn=i("turn"),
            over=z3.Bool(prefix + "over"), final=z3.Bool(prefix + "final"),
            milops={s: i(f"milops[{s}]") for s in SIDES},
            space={s: i(f"space[{s}]") for s in SIDES},
            attempts={s: i(f"attempts[{s}]") for s in SIDES},
            inf={c: {s: i(f"inf[{c}][{s}]") for s in SIDES} for c in names},
            china_holder=i("china_holder"), china_face_up=z3.Bool(prefix + "china_face_up"),
            zone={n: i(f"zone[{n}]") for n, _ in cards}, stray=i("stray"), cards=cards)

    def with_(self, **changes) -> "SymState":
        """This state with some components replaced (the others stay equal: the frame)."""
        return replace(self, **changes)

    def components(self) -> dict[str, z3.ExprRef]:
        """Every component by name (the names :meth:`fresh` gives its constants)."""
        out = {"defcon": self.defcon, "vp": self.vp, "turn": self.turn, "over": self.over, "final": self.final}
        for field in ("milops", "space", "attempts"):
            for s in SIDES:
                out[f"{field}[{s}]"] = getattr(self, field)[s]
        for c, by_side in self.inf.items():
            for s in SIDES:
                out[f"inf[{c}][{s}]"] = by_side[s]
        out["china_holder"] = self.china_holder
        out["china_face_up"] = self.china_face_up
        for n, z in self.zone.items():
            out[f"zone[{n}]"] = z
        out["stray"] = self.stray
        return out


# -- the invariants ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Invariant:
    """An invariant: ``parts(S)`` its conjuncts over a :class:`SymState`; ``ids``: the dossier's
    candidate numbers (seed_twilight_struggle.md h)."""

    name: str
    rule: str
    ids: str
    doc: str
    parts: Callable[[SymState], list]

    def formula(self, s: SymState) -> z3.BoolRef:
        return z3.And(self.parts(s))


INVARIANTS: dict[str, Invariant] = {}


def _invariant(name: str, rule: str, ids: str):
    def register(fn):
        INVARIANTS[name] = Invariant(name, rule, ids, " ".join((fn.__doc__ or "").split()), fn)
        return fn
    return register


def _within(x, lo, hi) -> z3.BoolRef:
    return z3.And(x >= lo, x <= hi)


@_invariant("defcon", "8.1.1, 8.1.3", "I1")
def _defcon(s: SymState) -> list:
    """DEFCON is 1-5 (8.1.1, 8.1.2), and 1 only once the game is over: reaching it ends the game at
    once (8.1.3)."""
    return [_within(s.defcon, 1, DEFCON_MAX), z3.Implies(s.defcon == 1, s.over)]


def card_in_play(s: SymState) -> z3.BoolRef:
    """A card's play is under way: some card is on the table (5.1; 10.3.1's check waits for the
    end of the card's play, model/twilight_struggle/cardplay.py ``_finish``, headline.py
    ``_after``: the card leaves the table, then victory.check_vp)."""
    return z3.Or([s.zone[n] == Z["table"] for n, _ in s.cards] or [z3.BoolVal(False)])


@_invariant("vp", "10.2.1, 10.3.1, 10.3.2", "I2")
def _vp(s: SymState) -> list:
    """Between cards (no card on the table) while the game goes on the VP marker is strictly
    inside -20..+20 (10.3.1: 20 wins at once, once every VP of the card is on the track); a game
    ended otherwise than by the final scoring, between cards, leaves it within -20..+20 (10.2.1:
    the track ends there); the final scoring may pass them (10.3.2: +/-20 wins nothing then).
    While a card is played the VP are not bounded: its events move them before the check (e.g.
    -19 and card 4's 3 VP: -22 until the card leaves the table and the check puts it at -20)."""
    between = z3.Not(card_in_play(s))
    return [z3.Implies(z3.And(z3.Not(s.over), between), z3.And(s.vp > -VP_WIN, s.vp < VP_WIN)),
            z3.Implies(z3.And(s.over, z3.Not(s.final), between), _within(s.vp, -VP_WIN, VP_WIN))]


@_invariant("end_flags", "10.3.2", "I2, I16")
def _end_flags(s: SymState) -> list:
    """A game ended by the final scoring is over (10.3.2)."""
    return [z3.Implies(s.final, s.over)]


@_invariant("milops", "8.2", "I8")
def _milops(s: SymState) -> list:
    """Each side's Military Operations marker is on the track, 0-5 (8.2; tracks.MILOPS_MAX: the
    rules state no maximum, 5 is the highest requirement)."""
    return [_within(s.milops[x], 0, MILOPS_MAX) for x in SIDES]


@_invariant("space_race", "6.4", "I9")
def _space_race(s: SymState) -> list:
    """Each side's Space Race marker is on the track, box 0 (the start) to 8 (6.4, 6.4.6)."""
    return [_within(s.space[x], 0, SPACE_LAST) for x in SIDES]


@_invariant("space_attempts", "6.4.2", "I9")
def _space_attempts(s: SymState) -> list:
    """Each side has made 0-2 Space Race attempts this turn (6.4.2: one; two with box 2's ability,
    6.4.4)."""
    return [_within(s.attempts[x], 0, ATTEMPTS_MAX) for x in SIDES]


@_invariant("influence", "6.1.5", "I3, I17")
def _influence(s: SymState) -> list:
    """No country holds negative influence of either side (6.1.5; a coup or a realignment roll
    removes only what is there, 6.3.2, 6.2.2)."""
    return [s.inf[c][x] >= 0 for c in s.inf for x in SIDES]


@_invariant("turn", "4.1", "I13")
def _turn(s: SymState) -> list:
    """The turn marker is on turn 1-10 (4.1)."""
    return [_within(s.turn, 1, LAST_TURN)]


@_invariant("china_card", "9.1", "I11")
def _china_card(s: SymState) -> list:
    """The China Card has exactly one holder, the USSR or the US (9.1, 9.3)."""
    return [z3.Or(s.china_holder == HOLDER["USSR"], s.china_holder == HOLDER["US"])]


@_invariant("card_zones", "2.2, 4.3, 4.4, 9.1", "I12")
def _card_zones(s: SymState) -> list:
    """Every card is in exactly one valid zone: the draw pile, a hand, the discards, removed, in
    effect, on the table or a headline once its era is in play (4.4: the Mid War cards from turn 4,
    the Late War from turn 8), and in none before; the China Card in no zone, held (9.1); at most
    one card in each side's headline (4.5 C); no entry that is not a card of the edition."""
    out = []
    for n, era in s.cards:
        z = s.zone[n]
        if n == CHINA_CARD:
            out.append(z == HELD)
            continue
        out.append(_within(z, 0, len(ZONES) - 1))
        if ERA_FROM[era] <= 1:
            out.append(z != Z["not_in_play"])
        else:
            out.append((z == Z["not_in_play"]) == (s.turn < ERA_FROM[era]))
    for side in SIDES:
        out.append(z3.Sum([z3.If(s.zone[n] == HEADLINE[side], 1, 0) for n, _ in s.cards]) <= 1)
    out.append(s.stray == 0)
    return out


def inv(s: SymState) -> z3.BoolRef:
    """Every invariant of ``s``."""
    return z3.And([i.formula(s) for i in INVARIANTS.values()])


# -- the concrete check --------------------------------------------------------------------------------
def zone_codes(d: dict, cards: tuple) -> tuple[dict[int, int], int]:
    """The zone code of each card of ``cards`` in the state dict ``d``, and the count of stray
    entries (not a card of the edition)."""
    where: dict[int, list[int]] = {}
    listed = [(n, Z[z]) for z in _LIST_ZONES for n in d[z]]
    listed += [(n, HAND[s]) for s in SIDES for n in d["hands"][s]]
    listed += [(n, HEADLINE[s]) for s in SIDES if (n := d["headline"][s]) is not None]
    for n, code in listed:
        where.setdefault(n, []).append(code)
    known = {n for n, _ in cards}
    stray = sum(len(v) for n, v in where.items() if n not in known)
    out = {}
    for n, _ in cards:
        got = where.get(n, [])
        if not got:
            out[n] = HELD if n == CHINA_CARD else Z["not_in_play"]
        elif len(got) == 1:
            out[n] = got[0]
        else:
            out[n] = SEVERAL
    return out, stray


def _whole(v) -> int:
    """A concrete number (a value that is not one, e.g. None, becomes -1000: no invariant holds)."""
    return v if type(v) is int else -1000


@functools.lru_cache(maxsize=1)
def _track_names() -> tuple:
    """The components of the per-side tracks, as (component name, state key, side), in the
    vector's order (:func:`concrete_values`: Military Operations, the Space Race, its attempts)."""
    return tuple((f"{field}[{s}]", key, s) for field, key in
                 (("milops", "milops"), ("space", "space"), ("attempts", "space_attempts")) for s in SIDES)


@functools.lru_cache(maxsize=1)
def _influence_names() -> tuple:
    """The influence components, as (country, its USSR component's name, its US one's), in the map's
    order (:func:`concrete_values` writes them once per step: the names are made once)."""
    return tuple((c, f"inf[{c}][{SIDES[0]}]", f"inf[{c}][{SIDES[1]}]") for c in load_map().names)


@functools.lru_cache(maxsize=8)
def _zone_names(cards: tuple) -> dict:
    """Each card of ``cards`` (``cards_of``) -> its zone component's name."""
    return {n: f"zone[{n}]" for n, _ in cards}


def concrete_values(st) -> dict[str, int | bool]:
    """The value of every component of ``st`` (a TwilightState), by component name."""
    d = st.d
    t = d["terminal"]
    out: dict[str, int | bool] = {
        "defcon": _whole(d["defcon"]), "vp": _whole(d["vp"]), "turn": _whole(d["turn"]),
        "over": t is not None, "final": t is not None and t.get("rule") == "10.3.2"}
    for name, key, s in _track_names():
        out[name] = _whole(d[key].get(s))
    influence, ussr, us = d["influence"], SIDES[0], SIDES[1]
    for c, ussr_name, us_name in _influence_names():
        rec = influence.get(c, {})
        out[ussr_name] = _whole(rec.get(ussr))
        out[us_name] = _whole(rec.get(us))
    out["china_holder"] = HOLDER.get(d["china"].get("holder"), -1)
    out["china_face_up"] = bool(d["china"].get("face_up"))
    cards = cards_of(st)
    codes, stray = zone_codes(d, cards)
    names = _zone_names(cards)
    for n, code in codes.items():
        out[names[n]] = code
    out["stray"] = stray
    return out


@functools.lru_cache(maxsize=8)
def _symbolic(cards: tuple):
    """The fresh state for ``cards``, its invariants' conjuncts, one term holding every invariant
    as an argument (``ALL(inv1, ..., invN)``: one substitution checks them all) and, per invariant,
    one holding its conjuncts (to find the false ones with one substitution)."""
    S = SymState.fresh("", cards)
    parts = {name: i.parts(S) for name, i in INVARIANTS.items()}
    every = z3.Function("ALL", *([z3.BoolSort()] * (len(parts) + 1)))
    each = {name: z3.Function(f"PARTS_{name}", *([z3.BoolSort()] * (len(p) + 1)))(*p) for name, p in parts.items()}
    return S, parts, every(*[z3.And(p) for p in parts.values()]), each


def _consts(e: z3.ExprRef) -> list[z3.ExprRef]:
    """The uninterpreted constants of ``e``, in order of first appearance."""
    seen, out, todo = set(), [], [e]
    while todo:
        x = todo.pop()
        if x.get_id() in seen:
            continue
        seen.add(x.get_id())
        if z3.is_const(x) and x.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            out.append(x)
        else:
            todo.extend(reversed(x.children()))
    return out


def _as_python(v: z3.ExprRef) -> int | bool:
    return z3.is_true(v) if z3.is_bool(v) else v.as_long()


def check_state(st) -> list[dict]:
    """Evaluate every invariant on the concrete model state ``st`` (a TwilightState): its values
    substituted for the constants of the formulas. Returns ``[{name, rule, holds,
    counterexample}]``, the counterexample (None when it holds) giving ``values`` (the variables
    of the false conjuncts) and ``parts`` (those conjuncts, as text, at most five)."""
    S, parts_of, every, each = _symbolic(cards_of(st))
    values = concrete_values(st)
    comps = S.components()
    pairs = [(comps[k], numeral(v)) for k, v in values.items()]
    verdicts = z3.simplify(substitute(every, pairs)).children()
    out = []
    for (name, parts), verdict in zip(parts_of.items(), verdicts):
        inv_ = INVARIANTS[name]
        if z3.is_true(verdict):
            out.append({"name": name, "rule": inv_.rule, "holds": True, "counterexample": None})
            continue
        got = z3.simplify(substitute(each[name], pairs)).children()
        false = [p for p, v in zip(parts, got) if not z3.is_true(v)]
        names = [str(c) for p in false for c in _consts(p)]
        out.append({"name": name, "rule": inv_.rule, "holds": False,
                    "counterexample": {"values": {n: values[n] for n in dict.fromkeys(names)},
                                       "parts": [str(p) for p in false[:5]]}})
    return out


def violations(st) -> list[str]:
    """The names of the invariants ``st`` breaks (empty when all hold)."""
    return [r["name"] for r in check_state(st) if not r["holds"]]


__all__ = ["SymState", "Invariant", "card_in_play", "INVARIANTS", "ZONES", "Z", "HELD", "SEVERAL", "HOLDER", "inv",
           "check_state", "violations", "concrete_values", "zone_codes", "default_cards", "cards_of"]
