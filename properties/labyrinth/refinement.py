"""Labyrinth's refinement check (properties/refinement.py): every model step against the proved
transitions of ``z3_proofs.py``.

**The abstraction function** is ``z3_state.concrete_values`` (the one the invariants' concrete
check uses), restricted to the state vector's components (the ``model_*`` observations of derived
quantities are the invariants' business, not a transition's). Step after step it is computed
incrementally (:class:`_Incremental`): only the parts of ``concrete_values`` whose input changed
are recomputed (the whole vector costs about 1 ms, more than a checked-walk step), and the changed
components come with it.

**One model per map** (:func:`model`): every Game on the map (each scenario, two-player and solo,
any rulings) shares the moves, so one checker's compiled moves and caches serve them all.

**The moves** are the transitions of ``z3_proofs.TRANSITIONS``, split into families of small moves
(``Move.family`` names the transition; the tally counts transitions), so that a step costs a few
cached z3 slices over a handful of components and Python evaluations:

* a transition that moves a card (its program takes ``card``): one move per card, its footprint
  that card's eight zone components (and what else the program rewrites, e.g. the 1st Plot flag);
  the proofs' card 1 stands for every card by symmetry, a model step moves a particular one;
* a transition over a country, or from one place to another (``choose_country`` /
  ``choose_location``): one move per country (per pair: Travel, Deploy, Regime Change, Withdraw),
  built with the choice fixed (:class:`_PinnedWork`: the program reads and rewrites that country's
  components only); its footprint is read from two builds at different countries;
* the others (tracks, the reshuffle, the end of turn): the transition itself.

The z3 terms of a move are built when a step first needs it; a card's move from card 1's, its
components and choices renamed (``Move.template``: the programs treat the 120 cards alike, the
symmetry ``z3_proofs.the_card`` states; tests/labyrinth/test_refinement.py holds every card's
renamed terms equivalent to its own program's); a country's move names its countries
(``Move.labels``) and, where its countries are of one kind with an earlier member's (:func:`_kind`:
the printed facts its program may read of them, and no name its program singles out: 3,451 of the
3,712), is that member's renamed likewise, a choice named after a country too (8.5.6's
``posture_rolled[country]``)
(``Move.template``, :func:`_swap`: one substitution, no program run, and none until a step checks
a part of it; the test holds every such
member's terms equal, or proved equal by z3, to its own program's); the others the checker
builds, and where it finds their terms another country's renamed, asks that one's z3 queries
renamed (properties/refinement.py ``Checker._kin``; the test holds each such move's terms equal
to its own program's). So that countries of one kind have such terms, a pinned choice compared with a
number is True or False (:class:`_Pin`: Deploy's ``from == TRACK``), a test of the country's kind
one truth value (``Work.is_among``), and 9.3.3's WMD plots in play, a sum over every country that
a plot's removal reads, a term any renaming leaves equal (:func:`_symmetric`). A transition no model step takes whole is no move
(:data:`WHOLE_ONLY`: ``regime_change``, which the model takes as ``deploy``,
``regime_change_marker`` and ``prestige_roll``).

**Which moves a step may use** (:func:`relates`): those related to the rules it cites
(``refinement.related``), and a card's event (``card N``) any transition: the 120 events are
reduced to the proofs' generic effects (each change must still be the effect of a proved move; the
event's own text is not checked); the card flow (``play_card``, ``put_away``) with any step (the
model cites the operation's or event's rule); a solo rule (chapter 9) the transitions of the
two-player rule it carries out (:data:`SOLO`). A sequence may hold :data:`MAX_MOVES` moves (one
solo ``apply`` plays a Jihadist card through: its event, its operations, Radicalization), and every
component is *shared* (:func:`shared`): each move of a sequence may move it in part (a Jihad in
three countries, each failure sending a cell to the Funding track), and a component the step leaves
as it is may take an intermediate value between two moves related to the step
(properties/refinement.py ``Checker.sequence``): a solo bot's card drawn and played in one apply
(5.3.1 ``draw`` then 6.1 ``play_card``: the hand count 0, 1, 0), a cell placed by Radicalization or
travelling into a country whose Jihad or Plot then turns it Active (9.4.3 / 8.3.1, then 8.4 / 8.5.1:
the Sleeper count up and back down).

**Measured** (seed 1, the first 60 steps of one two-player and one solo game of each scenario,
/tmp driver of the brief): 477 steps, 268 matched by one move, 66 by a sequence, the rest
stutters, 1 finding (a solo Travel whose cell arrives in a country that a Jihad of the same apply
then rolls: the cell's Sleeper count there goes up and back down), since matched by an
intermediate value (tests/labyrinth/test_refinement.py replays it and two more such steps).
Seeds 1000-1004 of every scenario, at most 300 steps, every finding of a game listed (the check
going on after one; issue 31's second brief): the 20 solo games had 26 findings in 15 games, 24
of them "search bounded": 11 a solo WMD plot setting numbered markers aside or bringing one back
(9.3.3: ``plot_total_*`` was constant in the proofs; now ``plots_aside_v``, moved within the
transitions that add and use WMD plots), the others long bot steps (a card's event relates to every
transition: the first search, without intermediate values, ran out of its budget before the second
could run, and Regime Change's 702 moves and empty Disrupts were candidates of every Prestige
change). After those fixes (the search before its last two changes, ``Checker._can_take``'s sets
and ``_partial_cores``): 11 findings in 7 games, every one "search bounded", long bot steps of
lets_roll and mission_accomplished (none in anaconda or you_can_call_me_al; with those two changes
the games that had one replayed: 10 in 6, mission_accomplished 1004 step 198 explained), e.g. lets_roll 1001
step 18 (8 moves, an intermediate value: a card drawn, two played, an event placing cells in two
countries from the Funding track, a Jihad revealing one) or lets_roll 1000 step 124 (5 moves,
found by the search over those moves alone in 193 parts, not within the budget over every related
move). Since (issue 31, the third search: ``Checker._may_take_on``), verify's own refinement games
(seed 1, the first game of each scenario) have none: its one finding, mission_accomplished seed
100003 step 684, a plot in Iran resolved in the apply that ends the turn (8.5.6 FUNDING +1, 5.2.5
-1: Funding passes through a value it does not end on), is ``end_of_turn`` and
``resolve_plot[country=Iran]``; of the solo seeds above, a partial rerun (anaconda, lets_roll and
mission_accomplished 1000-1001, on the code before the third search) had 8 "search bounded" in 5
games, the long bot steps above among them (each a search limit: with a budget of 200,000 parts
lets_roll 1000 step 124 is explained in 80,733). Cost (CPU seconds, docs/design.md): ``python
benchmarks/refinement.py --game labyrinth --verify --seed 1`` 4.4-5.0x the checked walk (16.5x before
lab-speed5, 9.6x after; 8.4x before lab-speed6, run alongside; 5.3-5.7x before lab-speed7, alternately); ``--games 24 --steps 60 --solo`` 33.2x, 7.4x without its one finding
(a "search bounded" bot step, 78% of the run); the incremental abstraction about 0.15x.
"""
from __future__ import annotations

import inspect
import itertools
import marshal
import operator
from collections import Counter
from functools import lru_cache

import z3

from cdg_oracle.properties.labyrinth import z3_proofs as P
from cdg_oracle.properties.labyrinth import z3_state as S
from cdg_oracle.properties.refinement import (Abstraction, Move, Refinement, RefinementModel, closed_permutation,
                                              default_relates, merged)


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

    return Abstraction(names, values, symbolic, constant, incremental=lambda st: _Incremental(facts, names, st))


class _Incremental:
    """The abstraction of a game's states one step after another (properties/refinement.py
    ``Abstraction.incremental``): the vector of the first state is computed whole, then each step
    recomputes only the parts of ``z3_state.concrete_values`` whose input changed, the input of the
    last state kept as a snapshot: the global components when a key of ``z3_state.GLOBAL_KEYS``
    changed, a country's components when its dict changed (their ``marshal`` bytes differ: equal
    bytes are equal data), a zone's ``card[n]@z`` for the cards whose count in the zone changed.
    Exact: the same functions as the whole abstraction, on every part whose input may differ
    (tests/labyrinth/test_refinement.py holds the two equal over random games)."""

    def __init__(self, facts: S.MapFacts, names, st):
        d = st.d
        self.names = facts.names
        self.g_key = self._global_key(d)
        vals = S.global_values(d)
        self.avail_stray = vals.pop("plots_stray")
        self.c_all = marshal.dumps(d["countries"])
        self.c_key, self.c_stray = {}, {}
        for n in self.names:
            c = d["countries"][n]
            self.c_key[n] = marshal.dumps(c)
            part, self.c_stray[n] = S.country_values(c, n)
            vals.update(part)
        vals["plots_stray"] = self.avail_stray + sum(self.c_stray.values())
        self.zones, self.z_stray = {}, {}
        for z, cards in S.zone_lists(d).items():
            self.zones[z] = list(cards)
            part, self.z_stray[z] = S.zone_values(z, cards)
            vals.update(part)
        vals["cards_stray"] = sum(self.z_stray.values())
        self.values = {n: vals[n] for n in names}

    @staticmethod
    def _global_key(d: dict) -> bytes:
        return marshal.dumps(tuple(d.get(k) for k in S.GLOBAL_KEYS))

    def step(self, st) -> tuple[dict, frozenset]:
        """The vector of ``st`` (the state after one more step; a new dict when it changed) and
        the components that changed."""
        d = st.d
        new: dict = {}
        key = self._global_key(d)
        if key != self.g_key:
            self.g_key = key
            new.update(S.global_values(d))
            self.avail_stray = new.pop("plots_stray")
        key = marshal.dumps(d["countries"])
        if key != self.c_all:
            self.c_all = key
            for n in self.names:
                c = d["countries"][n]
                b = marshal.dumps(c)
                if b != self.c_key[n]:
                    self.c_key[n] = b
                    part, self.c_stray[n] = S.country_values(c, n)
                    new.update(part)
        new["plots_stray"] = self.avail_stray + sum(self.c_stray.values())
        for z, cards in S.zone_lists(d).items():
            old = self.zones[z]
            if cards != old:
                before, after = Counter(old), Counter(cards)
                moved = [n for n in before.keys() | after.keys() if before[n] != after[n] and n in _CARD_SET]
                part, self.z_stray[z] = S.zone_values(z, cards, only=moved)
                new.update(part)
                self.zones[z] = list(cards)
        new["cards_stray"] = sum(self.z_stray.values())
        self.values, changed = merged(self.values, new)
        return self.values, changed


_CARD_SET = frozenset(S.CARDS)


class _Pin(z3.IntNumRef):
    """A pinned choice's index (:class:`_PinnedWork`): compared (``==``, ``!=``) with a number or
    another pin, z3's True or False, not a term holding the index (``from == TRACK`` of 7.3.1's
    Deploy is False at a country): so the terms of a family's members hold no member's index
    number, and a member whose terms are another's with the countries renamed is found so
    (properties/refinement.py ``Checker._kin``: Deploy and Withdraw). The same values: the
    comparison of two numbers is decided either way."""

    def __init__(self, i: int):
        v = z3.IntVal(i)
        super().__init__(v.as_ast(), v.ctx)

    @staticmethod
    def _number(other):
        if isinstance(other, int) and not isinstance(other, bool):
            return other
        if isinstance(other, z3.ExprRef) and z3.is_int_value(other):
            return other.as_long()
        return None

    def __eq__(self, other):
        n = self._number(other)
        return z3.BoolVal(self.as_long() == n) if n is not None else super().__eq__(other)

    def __ne__(self, other):
        n = self._number(other)
        return z3.BoolVal(self.as_long() != n) if n is not None else super().__ne__(other)

    __hash__ = z3.IntNumRef.__hash__


class _PinnedWork(P.Work):
    """A :class:`~.z3_proofs.Work` whose country choices are fixed (``pins``: choice name -> index
    in the map's order, or ``TRACK``): the program then reads and rewrites that country's
    components only (no chain of If over the map), and records the components it writes."""

    def __init__(self, pre, label: str, pins: dict):
        super().__init__(pre, label)
        self.pins = pins
        self.written: set = set()

    def __setitem__(self, name, expr) -> None:
        if not isinstance(expr, z3.ExprRef):
            expr = z3.IntVal(expr)
        self.written.add(name)
        self.e[name] = expr

    def _pinned(self, name: str, among, track: bool):
        i = self.pins[name]
        names = self.facts.names if among is None else set(among)
        ok = (track and i == P.TRACK) or (i != P.TRACK and self.facts.names[i] in names)
        if not ok:
            self.require(z3.BoolVal(False))
        x = _Pin(i)
        self.choices[name] = x
        return x

    def choose_country(self, name: str, among=None):
        if name not in self.pins:
            return super().choose_country(name, among)
        return self._pinned(name, among, False)

    def choose_location(self, name: str, among=None):
        if name not in self.pins:
            return super().choose_location(name, among)
        return self._pinned(name, among, True)

    def select(self, field: str, sel):
        if z3.is_int_value(sel):
            i = sel.as_long()
            return self.at(field, self.facts.names[i]) if i != P.TRACK else z3.IntVal(0)
        return super().select(field, sel)

    def update(self, field: str, sel, fn) -> None:
        if z3.is_int_value(sel):
            i = sel.as_long()
            if i != P.TRACK:
                n = self.facts.names[i]
                self[S.cvar(field, n)] = fn(self.at(field, n), n)
            return
        for n in self.facts.names:
            self.written.add(S.cvar(field, n))
        super().update(field, sel, fn)

    def is_country(self, sel, country: str):
        if z3.is_int_value(sel):
            return z3.BoolVal(sel.as_long() == self.facts.index(country))
        return super().is_country(sel, country)

    def is_among(self, sel, countries):
        if z3.is_int_value(sel):   # one truth value, not a disjunction holding it at the country's place
            return z3.BoolVal(sel.as_long() != P.TRACK and self.facts.names[sel.as_long()] in set(countries))
        return super().is_among(sel, countries)

    def static(self, sel, fn):
        if z3.is_int_value(sel):
            return z3.IntVal(fn(self.facts.names[sel.as_long()]))
        return super().static(sel, fn)


class _Choices(P.Work):
    """Records a program's country choices: name -> the indices it may take (``TRACK`` too for a
    location)."""

    def __init__(self, pre, label):
        super().__init__(pre, label)
        self.countries: dict = {}
        self.reads_static = False   # whether it reads a printed number of a chosen country (static)
        #: the countries it singles out (:func:`_kind`): one a choice is compared with
        #: (``is_country``), or a member of a set of countries it tests or chooses among that is not
        #: a set of one printed fact (Muslim, non-Muslim, Posture box, fixed Hard)
        self.named: set = set()
        self._in_set = False

    def _set(self, countries) -> None:
        s = frozenset(countries)
        f = self.facts
        if s not in (frozenset(f.names), f.muslim, f.non_muslim, f.posture_box, f.fixed_hard):
            self.named |= s

    def static(self, sel, fn):
        self.reads_static = True
        return super().static(sel, fn)

    def is_country(self, sel, country: str):
        if not self._in_set:
            self.named.add(country)
        return super().is_country(sel, country)

    def is_among(self, sel, countries):
        self._set(countries)
        self._in_set, was = True, self._in_set
        try:
            return super().is_among(sel, countries)
        finally:
            self._in_set = was

    def choose_country(self, name: str, among=None):
        names = self.facts.names if among is None else [n for n in self.facts.names if n in set(among)]
        self._set(names)
        self.countries[name] = [self.facts.index(n) for n in names]
        return super().choose_country(name, among)

    def choose_location(self, name: str, among=None):
        names = self.facts.names if among is None else [n for n in self.facts.names if n in set(among)]
        self._set(names)
        self.countries[name] = [P.TRACK] + [self.facts.index(n) for n in names]
        return super().choose_location(name, among)


@lru_cache(maxsize=4)
def _probe(facts: S.MapFacts) -> S.SymState:
    """The vector the footprints are read on (one per map)."""
    return S.SymState(facts, "probe:")


def _footprint(spec: P.Spec, facts: S.MapFacts, pins: dict | None = None, **params) -> frozenset:
    """The components ``spec``'s program rewrites (``Work.e`` differs from the pre-state)."""
    probe = _probe(facts)
    w = _PinnedWork(probe, "probe", pins or {})
    spec.build(w, **params)
    return frozenset(n for n in probe.state_names if not w.e[n].eq(probe[n]))


def _effect(spec: P.Spec, facts: S.MapFacts, footprint: frozenset, names, pins: dict | None = None, **params):
    names = tuple(names)
    # the ~1,500 components read at C speed (a move's first use); itemgetter of one name gives no tuple
    pick = operator.itemgetter(*names) if len(names) > 1 else (lambda d: tuple(d[n] for n in names))

    def effect(pre: dict, tag: str) -> tuple[list, dict]:
        work = _PinnedWork(S.StateView(facts, dict(zip(names, pick(pre)))), tag.rstrip("."), pins or {})
        spec.build(work, **params)
        return work.guards, {n: work.e[n] for n in footprint}
    return effect


def _country_of(component: str) -> tuple[str, str] | None:
    """(field, country) of a per-country component ``field[country]``; None for another."""
    if component.endswith("]") and "[" in component and not component.startswith("card["):
        f, c = component[:-1].split("[", 1)
        return f, c
    return None


def _country_family(spec: P.Spec, facts: S.MapFacts, names, choices: dict, reads_static: bool = True,
                    named: frozenset = None) -> list[Move]:
    """One move per value of the program's country choices (one per country, or per pair for a
    move from one place to another): its footprint the chosen countries' components the program
    rewrites and the components it rewrites whatever the choice (tracks, ...). The shape is read
    from two builds at different countries: a component ``field[c]`` rewritten where the choice
    ``k`` is ``c`` in both belongs to choice ``k``; one rewritten in both builds under the same name
    is fixed."""
    keys = sorted(choices)
    samples = []
    for shift in (0, 1):
        pins = {}
        for j, k in enumerate(keys):
            countries = [i for i in choices[k] if i != P.TRACK]
            pins[k] = countries[(2 * j + shift) % len(countries)]
        samples.append((pins, _footprint(spec, facts, pins)))
    (pa, fa), (pb, fb) = samples
    fixed = set(fa & fb)
    pattern: dict = {k: set() for k in keys}
    for comp in fa:
        fc = _country_of(comp)
        if fc is None:
            continue
        for k in keys:
            if fc[1] == facts.names[pa[k]] and S.cvar(fc[0], facts.names[pb[k]]) in fb:
                pattern[k].add(fc[0])
                fixed.discard(comp)
                fixed.discard(S.cvar(fc[0], facts.names[pb[k]]))
    out = []
    first: dict = {}   # a kind of choice (_kind) -> the first member of it
    for values in itertools.product(*[choices[k] for k in keys]):
        pins = dict(zip(keys, values))
        fp = set(fixed)
        for k, i in pins.items():
            if i != P.TRACK:
                fp.update(S.cvar(f, facts.names[i]) for f in pattern[k])
        label = ",".join(f"{k}={'track' if i == P.TRACK else facts.names[i]}" for k, i in pins.items())
        fp = frozenset(fp)
        labels = tuple(facts.names[i] for i in pins.values() if i != P.TRACK)
        name = f"{spec.name}[{label}]"
        template = None
        if len(set(labels)) == len(labels):
            kind = tuple(_kind(facts, i, reads_static, named) for i in pins.values())
            base = first.setdefault(kind, (name, labels))
            if base[0] != name:
                template = _swap(facts, names, base[1], labels)
                template = None if template is None else (base[0], template)
        out.append(Move(name, spec.rules, fp, _effect(spec, facts, fp, names, pins),
                        spec.doc, family=spec.name, labels=labels, template=template))
    return out


#: The countries the programs name (z3_proofs: a plot in the US, 8.5.6; Pakistan's Islamic
#: Revolution, 8.4.4; al-Sadr in Iraq, card 54; Abu Sayyaf's Philippines, card 57; Iran and Israel,
#: which z3_state names)
_NAMED = frozenset({S.US, S.PAKISTAN, S.IRAQ, S.IRAN, S.ISRAEL, P.PHILIPPINES})

#: Of those, the countries z3_state names (Iran's markers, Israel's Posture): named in every family.
#: The others are named in a family whose program singles them out (:class:`_Choices` ``named``:
#: 8.5.6's plot in the US, 8.4.4's Pakistan, card 57's Philippines among Deploy's destinations),
#: so a family that never does has their members of one kind with others (Travel, Recruit, ...).
_STATE_NAMED = frozenset({S.IRAN, S.ISRAEL})


def _kind(facts: S.MapFacts, i: int, resources: bool = True, named: frozenset | None = None) -> tuple:
    """What the programs may read of a pinned choice (``TRACK`` or a country): its printed facts
    (z3_state.MapFacts: Muslim, non-Muslim, Posture box, fixed Hard, and its Resources where
    ``resources``: the program reads a printed number of its choice, ``Work.static``) and its name where a
    program names it (:data:`_NAMED`). Members of a family whose choices are of one kind are one
    program with the countries renamed (:func:`_swap`), and with them the choices named after a
    country (8.5.6's POSTURE rolls every Posture box, ``posture_rolled[country]``: the checker
    renames such a choice as the countries are, properties/refinement.py ``Checker._renamed``)."""
    if i == P.TRACK:
        return ("track",)
    n = facts.names[i]
    return (n in facts.muslim, n in facts.non_muslim, n in facts.posture_box, n in facts.fixed_hard,
            facts.resource(n) if resources else None, n if n in (_NAMED if named is None else named) else None)


def _swap(facts: S.MapFacts, names, before: tuple, after: tuple) -> dict | None:
    """The permutation of the vector's components (``Move.template``'s rename: a component of the
    move built -> this one's) taking each component of country ``before[i]`` to the same component
    of ``after[i]``, the chains closed where the two sets overlap; None where a country's
    components differ from the other's."""
    by = _by_country(facts, tuple(names))
    f = {}
    for a, b in zip(before, after):
        if a == b:
            continue
        if by[a].keys() != by[b].keys():
            return None
        for field, comp in by[a].items():
            f[comp] = by[b][field]
    return closed_permutation(f)


@lru_cache(maxsize=4)
def _by_country(facts: S.MapFacts, names: tuple) -> dict:
    """country -> {field: its component ``field[country]``}."""
    out: dict = {n: {} for n in facts.names}
    for comp in names:
        fc = _country_of(comp)
        if fc is not None and fc[1] in out:
            out[fc[1]][fc[0]] = comp
    return out


def _moves(spec: P.Spec, facts: S.MapFacts, names) -> list[Move]:
    """The moves of one transition: the transition itself; for a transition that moves a card
    (its program takes ``card``), a family of 120 moves, one per card (footprint: that card's eight
    zone components and what else the program rewrites); for one over a country (or a place to
    another), a family of moves, one per country (per pair). The z3 terms are built when first
    used."""
    if "card" in inspect.signature(spec.build).parameters:
        one = _footprint(spec, facts, card=P.SYMMETRIC_CARD)
        cards_of_one = {S.card_var(P.SYMMETRIC_CARD, z): z for z in S.ZONES}
        out = []
        first = f"{spec.name}[card {P.SYMMETRIC_CARD}]"
        for n in S.CARDS:
            fp = frozenset(S.card_var(n, cards_of_one[c]) if c in cards_of_one else c for c in one)
            swap = {}
            if n != P.SYMMETRIC_CARD:
                for z in S.ZONES:
                    a, b = S.card_var(P.SYMMETRIC_CARD, z), S.card_var(n, z)
                    swap[a], swap[b] = b, a
            out.append(Move(f"{spec.name}[card {n}]", spec.rules, fp, _effect(spec, facts, fp, names, card=n),
                            spec.doc, family=spec.name, template=(first, swap) if swap else None))
        return out
    probe = _Choices(_probe(facts), "probe")
    spec.build(probe)
    if probe.countries:
        return _country_family(spec, facts, names, probe.countries, probe.reads_static,
                               frozenset(probe.named) & _NAMED | _STATE_NAMED)
    fp = _footprint(spec, facts)
    return [Move(spec.name, spec.rules, fp, _effect(spec, facts, fp, names), spec.doc)]


def model(game_object) -> RefinementModel:
    """The abstraction and the moves of a Labyrinth Game: they depend on its map alone (the
    rulings and options only change parameters and values of the vector), so every Game on one
    map shares one model, and with it one checker's compiled moves and caches
    (properties/refinement.py ``checker``): the two-player and solo games of every scenario."""
    return _model(S.facts_of(game_object.map))


#: The proved transitions no model step takes whole, left out of the moves: the model carries out a
#: Regime Change (7.3.4) as three steps, its troops' ``deploy``, ``regime_change_marker`` (after the
#: Governance roll, a chance step) and ``prestige_roll`` (another), so ``regime_change`` (the rule's
#: whole, proved) would only stand for those three at once, and its 702 moves (a target and a
#: place the troops come from), each rolling Prestige, would be candidates of every step that moves
#: Prestige (a solo bot's card event).
WHOLE_ONLY = ("regime_change",)


@lru_cache(maxsize=4)
def _model(facts: S.MapFacts) -> RefinementModel:
    names = _probe(facts).state_names
    return RefinementModel(_abstraction(facts), tuple(m for k, s in P.TRANSITIONS.items() if k not in WHOLE_ONLY
                                                      for m in _moves(s, facts, names)),
                           symmetric=lambda pre: _symmetric(facts, pre))


def _symmetric(facts: S.MapFacts, pre) -> list:
    """The terms over the vector ``pre`` that any renaming of countries leaves equal, as the
    programs build them (properties/refinement.py ``RefinementModel.symmetric``): 9.3.3's WMD plots
    in play (``z3_state.wmd_in_play``: a sum over every country, read by a plot's removal, 8.5.5), so
    the members of Resolve Plot, Alert and a plot marker's removal over countries of one kind share
    terms (``Checker._kin``)."""
    return [S.wmd_in_play(S.StateView(facts, dict(pre)))]


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
    * a solo rule: the two-player rules it carries out (:data:`SOLO`).

    The answer depends on the step's rules and the move's transition and rules only (a family's
    members share them): cached by those."""
    key = (tuple(cited), move.transition, move.rules)
    hit = _RELATES.get(key)
    if hit is None:
        hit = _RELATES[key] = _relates(cited, move)
    return hit


_RELATES: dict = {}


def _relates(cited: list[str], move: Move) -> bool:
    # a card's event or the card flow first: no rule compared (the same answer)
    if move.transition in CARD_FLOW or any(c.startswith("card ") for c in cited) or default_relates(cited, move):
        return True
    rules = [r for c in cited for r in SOLO.get(c, ())]
    return bool(rules) and default_relates(rules, move)


#: The components several moves of one step may each change in part (properties/refinement.py
#: ``Refinement.shared``): every one. A step may carry out a Jihad in three countries, each failure
#: sending a cell to the Funding track; resolve two plots in one country, each moving Funding and
#: taking its marker; test a country (Neutral) and shift it by an event; and pass a component
#: through an intermediate value: a card drawn and played (5.3.1, 6.1: its hand), a cell placed
#: or arriving where a Jihad or Plot then reveals it (9.4.3, 8.3.1; 8.4, 8.5.1).
def shared(component: str) -> bool:
    return True

#: One ``apply`` of a solo game may play a Jihadist card through (9.2: its event and operations,
#: Radicalization's steps): up to this many moves.
MAX_MOVES = 8

REFINEMENT = Refinement("labyrinth", model, relates=relates, max_moves=MAX_MOVES, shared=shared,
                        relates_per_transition=True)
