"""Victory-condition analysis with z3, over the map data (rules 2.1.1, 2.1.2, 2.2, 2.3; 4.2.5-4.2.6;
cards 117-118; seed_labyrinth.md c.4, A12, A17, A39, A44, h.2 items 20-23).

The encoding: every Muslim country (4.1.2) gets a symbolic Governance, one of *untested*, Poor,
Fair, Good or Islamist Rule (4.2.1, 4.9.4); US Prestige is 1-12 (4.7.1); the Resources and the oil
symbol of each country and the adjacency between them come from ``model/labyrinth/data/map.yaml``
(4.1.1, 4.2.5, 4.5); an Oil Price Spike level 0, 1 or 2 (cards 117 and 118 both lapsing) adds that
much to each oil exporter's Resources (4.2.6). Over that, the four instant conditions that depend
on Governance and Prestige:

- ``us_good_resources``      2.1.1  Good Resources >= 12
- ``us_fair_or_good``        2.1.1  >= 15 of the 18 Muslim countries Fair or Good
- ``jihadist_islamist_rule`` 2.1.2  Islamist Rule Resources >= 6, including a pair of adjacent
                                    Islamist Rule countries (A17: the pair reading)
- ``jihadist_prestige``      2.1.2  Prestige 1 and >= 15 Muslim countries Poor or Islamist Rule

(The other two instant ways to win, no cells on the map and a WMD plot in the United States, do not
depend on Governance and are not encoded.)

:func:`analyse` asks z3 which conditions can be reached, which pairs can hold at once (with and
without Oil Price Spike), which single steps can satisfy both sides at once (what 2.2 decides and
what it leaves open), what 2.3 decides at the end of the game, and the solo end-of-deck threshold
of 9.1 (A12). Every "possible" comes with a witness: a Governance assignment, canonical (z3's model
made lexicographically least: countries in name order, *untested* preferred, then Poor, Fair, Good,
Islamist Rule; no green Regime Change unless needed; Prestige as high as possible), so the report
does not depend on the solver's search. Every "impossible" is an ``unsat`` answer, explained by a
bound found by bisection on z3's answers. Each witness is then built as a concrete model state
(the Let's Roll set-up with the Governance rewritten) and :mod:`cdg_oracle.model.labyrinth.victory` is asked
the same questions: the z3 encoding and the Python model are held against each other.

The result's keys: ``map`` (what the analysis read), ``conditions``, ``pairs``, ``simultaneity``
(``spike_play``, ``spike_lapse``, ``steps``), ``end_of_game`` (2.3 and ``solo``: 9.1, A12), ``a17``
(the adjacency reading), ``undecided`` (sentences with rule numbers) and ``cross_check``. A witness
is ``{governance: {country: value} for tested countries, prestige, oil_price_spike, green_rc,
figures, holds: {condition: bool}, us_end_win}``; a step witness is ``{before, after}``.

:func:`render_md` turns the result into report lines.

The analysis encodes the default readings of the ambiguity registry where a victory condition
depends on one (A17 the adjacent pair, D03 Resources at 2.3, D28 one Prestige loss, A09 Sadr as a
cell, A39 the Spike for every purpose, A44 a check after every step, P12 the acting side); the
cross-check builds its states under the default rulings. How the other readings change play and
winners is measured by ``cdg-oracle ambiguities`` (properties/impact.py).
"""
from __future__ import annotations

from itertools import combinations

import z3

import cdg_oracle.properties.labyrinth.z3_state  # noqa: F401  (z3's Ctrl-C handler off: see there)

from cdg_oracle.model.labyrinth.mapdata import load_map

__all__ = ["CONDITIONS", "GOVERNANCE", "analyse", "cross_check", "evaluate", "model_state",
           "muslim_adjacent_pairs", "render_md"]

#: A Muslim country's Governance in the encoding, in the witnesses' order of preference.
GOVERNANCE = ("untested", "poor", "fair", "good", "islamist_rule")
_MODEL_GOV = {"untested": None, "poor": "poor", "fair": "fair", "good": "good", "islamist_rule": "islamist_rule"}
_ALIGN = {"untested": None, "poor": "neutral", "fair": "neutral", "good": "ally", "islamist_rule": "adversary"}

GOOD_RESOURCES = 12      # 2.1.1
FAIR_OR_GOOD = 15        # 2.1.1 ("almeno 15 (su 18)")
IR_RESOURCES = 6         # 2.1.2
POOR_OR_IR = 15          # 2.1.2
SPIKE_LEVELS = (0, 1, 2)  # 4.2.6: +1 per Oil Price Spike (cards 117, 118) in effect
SOLO_THRESHOLDS = {1: 6, 2: 9, 3: 12}  # 9.1: the US loses at the end of an N-deck game below these

#: (name, side, rule, statement) of the four encoded instant conditions, in report order.
CONDITIONS = (
    ("us_good_resources", "US", "2.1.1", "Muslim countries with a total of at least 12 Resources are Good"),
    ("us_fair_or_good", "US", "2.1.1", "at least 15 of the 18 Muslim countries are Fair or Good"),
    ("jihadist_islamist_rule", "Jihadist", "2.1.2",
     "Islamist Rule over at least 6 Resources, including 2 adjacent Islamist Rule countries (A17)"),
    ("jihadist_prestige", "Jihadist", "2.1.2",
     "US Prestige is 1 and at least 15 Muslim countries are Poor or Islamist Rule"),
)
_SIDE = {name: side for name, side, _, _ in CONDITIONS}
_NAMES = tuple(c[0] for c in CONDITIONS)

#: Per condition: the quantity it bounds and its threshold (for the unsat explanations).
_MEASURE = {
    "us_good_resources": ("Good Resources", GOOD_RESOURCES),
    "us_fair_or_good": ("Muslim countries Fair or Good", FAIR_OR_GOOD),
    "jihadist_islamist_rule": ("Islamist Rule Resources (with an adjacent Islamist Rule pair)", IR_RESOURCES),
    "jihadist_prestige": ("Muslim countries Poor or Islamist Rule (with Prestige 1)", POOR_OR_IR),
}
#: Per condition: the number of countries it needs, and which Governance counts.
_COUNTED = {
    "us_good_resources": ("good",),
    "us_fair_or_good": ("fair", "good"),
    "jihadist_islamist_rule": ("islamist_rule",),
    "jihadist_prestige": ("poor", "islamist_rule"),
}


# --------------------------------------------------------------------------- the encoding

def muslim_adjacent_pairs(m) -> list[tuple[str, str]]:
    """The adjacent pairs of Muslim countries (4.1.1, 4.5), each once, sorted: the only adjacency
    the Islamist Rule condition of 2.1.2 reads (A17)."""
    muslim = set(m.muslim)
    return sorted((a, b) for a in m.muslim for b in m.adjacent(a) if b in muslim and a < b)


_TESTED = GOVERNANCE[1:]


def _ge(terms: list, k: int):
    """Pseudo-Boolean ``sum(weight for formula, weight in terms if formula) >= k``."""
    if not terms or all(w >= 0 for _, w in terms) and k <= 0:
        return z3.BoolVal(k <= 0)
    return z3.PbGe(terms, k)


class _Vars:
    """One symbolic board: a Governance per Muslim country (one Boolean per tested Governance, at
    most one true; none = untested), a green Regime Change flag per country, and Prestige. Every
    count and sum of Resources is a pseudo-Boolean constraint (``z3.PbGe``): z3 decides those far
    faster than the same sums written as integer arithmetic."""

    def __init__(self, enc: "_Encoding", tag: str) -> None:
        self.enc = enc
        self.b = {n: {g: z3.Bool(f"{tag}.{g}[{n}]") for g in _TESTED} for n in enc.names}
        self.rc = {n: z3.Bool(f"{tag}.green_rc[{n}]") for n in enc.names}
        self.prestige = z3.Int(f"{tag}.prestige")
        self._memo: dict = {}  # formulas built once per board

    def domain(self, green_rc: bool = False) -> list:
        """4.2.1 Governance values (or untested, 4.9.4); Prestige 1-12 (4.7.1); a Regime Change
        country is Poor or Fair (7.3.4.1, h.2 items 11-13); no green RC unless asked for."""
        out = [self.prestige >= 1, self.prestige <= 12]
        for n in self.enc.names:
            out.append(z3.AtMost(*self.b[n].values(), 1))
            if green_rc:
                out.append(z3.Implies(self.rc[n], z3.Or(self.b[n]["poor"], self.b[n]["fair"])))
            else:
                out.append(z3.Not(self.rc[n]))
        return out

    def is_(self, n: str, *govs: str):
        """Country ``n`` has one of ``govs`` (``"untested"``: no Governance marker)."""
        key = ("is", n, govs)
        if key not in self._memo:
            self._memo[key] = self._is(n, govs)
        return self._memo[key]

    def _is(self, n: str, govs: tuple):
        parts = [self.b[n][g] for g in govs if g != "untested"]
        if "untested" in govs:
            parts.append(z3.Not(z3.Or(list(self.b[n].values()))))
        return parts[0] if len(parts) == 1 else z3.Or(parts)

    def count_terms(self, *govs: str) -> list:
        return [(self.is_(n, *govs), 1) for n in self.enc.names]

    def res_terms(self, spike: int, *govs: str, green_rc: bool = False, scale: int = 1) -> list:
        out = []
        for n in self.enc.names:
            cond = self.is_(n, *govs)
            if green_rc:
                cond = z3.Or(cond, self.rc[n])
            out.append((cond, scale * self.enc.res(n, spike)))
        return out

    def adjacent_ir_pair(self):
        pairs = self.enc.pairs
        if not pairs:
            return z3.BoolVal(False)
        return z3.Or([z3.And(self.b[a]["islamist_rule"], self.b[b]["islamist_rule"]) for a, b in pairs])

    def conditions(self, spike: int) -> dict:
        """The four instant conditions (2.1.1, 2.1.2) at Oil Price Spike level ``spike``."""
        key = ("conditions", spike)
        if key not in self._memo:
            self._memo[key] = self._conditions(spike)
        return self._memo[key]

    def _conditions(self, spike: int) -> dict:
        return {
            "us_good_resources": _ge(self.res_terms(spike, "good"), GOOD_RESOURCES),
            "us_fair_or_good": _ge(self.count_terms("fair", "good"), FAIR_OR_GOOD),
            "jihadist_islamist_rule": z3.And(_ge(self.res_terms(spike, "islamist_rule"), IR_RESOURCES),
                                             self.adjacent_ir_pair()),
            "jihadist_prestige": z3.And(self.prestige == 1,
                                        _ge(self.count_terms("poor", "islamist_rule"), POOR_OR_IR)),
        }

    def us(self, spike: int):
        c = self.conditions(spike)
        return z3.Or(c["us_good_resources"], c["us_fair_or_good"])

    def jihadist(self, spike: int):
        c = self.conditions(spike)
        return z3.Or(c["jihadist_islamist_rule"], c["jihadist_prestige"])

    def none(self, spike: int):
        return z3.Not(z3.Or(list(self.conditions(spike).values())))

    def measure(self, name: str, spike: int):
        """(terms of the quantity, what else the condition needs) for the unsat explanations."""
        if name == "us_good_resources":
            return self.res_terms(spike, "good"), z3.BoolVal(True)
        if name == "us_fair_or_good":
            return self.count_terms("fair", "good"), z3.BoolVal(True)
        if name == "jihadist_islamist_rule":
            return self.res_terms(spike, "islamist_rule"), self.adjacent_ir_pair()
        return self.count_terms("poor", "islamist_rule"), self.prestige == 1

    def us_end_win(self, spike: int):
        """2.3: Good Resources > 2 x Islamist Rule Resources, green Regime Change counting as IR."""
        return _ge(self.res_terms(spike, "good")
                   + self.res_terms(spike, "islamist_rule", green_rc=True, scale=-2), 1)

    def end_sums(self, spike: int):
        """Good and Islamist Rule (with green RC) Resources as integer terms (2.3)."""
        good = z3.Sum([z3.If(f, w, 0) for f, w in self.res_terms(spike, "good")])
        ir = z3.Sum([z3.If(f, w, 0) for f, w in self.res_terms(spike, "islamist_rule", green_rc=True)])
        return good, ir

    def same_governance(self, other: "_Vars", n: str):
        return z3.And([self.b[n][g] == other.b[n][g] for g in _TESTED])

    def order(self, green_rc: bool = False) -> list:
        """(formula for each value, values in preference order) as the canonical witness fixes them."""
        out = [([self.is_(n, g) for g in GOVERNANCE], GOVERNANCE) for n in self.enc.names]
        if green_rc:
            out += [([z3.Not(self.rc[n]), self.rc[n]], (False, True)) for n in self.enc.names]
        out.append(([self.prestige == p for p in range(12, 0, -1)], tuple(range(12, 0, -1))))
        return out


class _Encoding:
    def __init__(self, m) -> None:
        self.m = m
        self.names = tuple(m.muslim)
        self.pairs = muslim_adjacent_pairs(m)
        self.base = {n: m.countries[n].resources for n in self.names}
        self.oil = {n: bool(m.countries[n].oil_exporter) for n in self.names}

    def res(self, n: str, spike: int) -> int:
        """4.2.5-4.2.6: printed Resources, +1 per Oil Price Spike for an oil exporter."""
        return self.base[n] + (spike if self.oil[n] else 0)

    def board(self, tag: str) -> _Vars:
        return _Vars(self, tag)


# --------------------------------------------------------------------------- solving

def _canonical(constraints: list, order: list):
    """A model of ``constraints`` made lexicographically least along ``order``, or None if unsat.

    Each variable in turn is fixed to its most preferred value that keeps the rest satisfiable;
    the current model already shows one satisfiable value, so only the values preferred to it are
    tried."""
    s = z3.Solver()
    s.add(constraints)
    if s.check() != z3.sat:
        return None
    mdl = s.model()
    for formulas, _values in order:
        current = next(i for i, f in enumerate(formulas) if z3.is_true(mdl.eval(f, model_completion=True)))
        for i in range(current):
            s.push()
            s.add(formulas[i])
            if s.check() == z3.sat:
                mdl = s.model()
                s.pop()
                current = i
                break
            s.pop()
        s.add(formulas[current])
    assert s.check() == z3.sat
    return s.model()


def _proved(constraints: list) -> bool:
    """True when z3 answers unsat: no assignment satisfies ``constraints``."""
    s = z3.Solver()
    s.add(constraints)
    r = s.check()
    assert r in (z3.sat, z3.unsat), r
    return r == z3.unsat


def _optimum(constraints: list, terms: list, maximize: bool = True, arith=None) -> int | None:
    """The largest (or smallest) value of the pseudo-Boolean sum ``terms`` over the models of
    ``constraints``, by bisection on z3 answers; None if ``constraints`` is unsat. ``arith``, the
    same sum as an integer term, is bounded alongside when the question mixes sums (the integer
    bound lets z3's arithmetic see what the pseudo-Boolean form alone would search for)."""
    s = z3.Solver()
    s.add(constraints)
    if s.check() != z3.sat:
        return None
    lo = sum(w for _, w in terms if w < 0)
    hi = sum(w for _, w in terms if w > 0)
    neg = [(f, -w) for f, w in terms]

    def feasible(k: int) -> bool:  # some model has sum >= k (maximize) or sum <= k (minimize)
        s.push()
        s.add(_ge(terms, k) if maximize else _ge(neg, -k))
        if arith is not None:
            s.add(arith >= k if maximize else arith <= k)
        r = s.check() == z3.sat
        s.pop()
        return r

    if maximize:
        while lo < hi:  # invariant: feasible(lo)
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if feasible(mid) else (lo, mid - 1)
        return lo
    while lo < hi:  # invariant: feasible(hi)
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if feasible(mid) else (mid + 1, hi)
    return hi


def _witness(mdl, v: _Vars, spike: int, green_rc: bool = False) -> dict:
    """A witness board as plain data: the tested countries' Governance, Prestige, Oil Price Spike
    level, green Regime Change countries, the figures the rules read (summed from the map data)
    and the four conditions and the 2.3 verdict as z3 evaluates them in the model."""
    ev = lambda e: z3.is_true(mdl.eval(e, model_completion=True))  # noqa: E731
    enc = v.enc
    govs = {n: next(g for g in GOVERNANCE if ev(v.is_(n, g))) for n in enc.names}
    green = sorted(n for n in enc.names if ev(v.rc[n])) if green_rc else []
    cond = v.conditions(spike)
    res = lambda *gs: sum(enc.res(n, spike) for n in enc.names if govs[n] in gs)  # noqa: E731
    return {
        "governance": {n: g for n, g in sorted(govs.items()) if g != "untested"},
        "prestige": mdl.eval(v.prestige, model_completion=True).as_long(),
        "oil_price_spike": spike,
        "green_rc": green,
        "figures": {
            "good_resources": res("good"),
            "islamist_resources": res("islamist_rule"),
            "islamist_resources_with_green_rc": res("islamist_rule") + sum(enc.res(n, spike) for n in green),
            "fair_or_good": sum(govs[n] in ("fair", "good") for n in enc.names),
            "poor_or_islamist_rule": sum(govs[n] in ("poor", "islamist_rule") for n in enc.names),
            "adjacent_islamist_pair": ev(v.adjacent_ir_pair()),
        },
        "holds": {name: ev(cond[name]) for name in _NAMES},
        "us_end_win": ev(v.us_end_win(spike)),
    }


def _find(v: _Vars, spike: int, constraints: list, green_rc: bool = False) -> dict | None:
    mdl = _canonical(v.domain(green_rc) + constraints, v.order(green_rc))
    return None if mdl is None else _witness(mdl, v, spike, green_rc)


def _find_step(enc: _Encoding, spike_before: int, spike_after: int, link: list, want: list) -> dict | None:
    """A canonical (before, after) pair of boards: ``link`` ties them, ``want`` constrains them."""
    b, a = enc.board("before"), enc.board("after")
    cons = b.domain() + a.domain() + [c(b, a) for c in link] + [w(b, a) for w in want]
    mdl = _canonical(cons, b.order() + a.order())
    if mdl is None:
        return None
    return {"before": _witness(mdl, b, spike_before), "after": _witness(mdl, a, spike_after)}


# --------------------------------------------------------------------------- the analysis

def _conditions(enc: _Encoding) -> list[dict]:
    out = []
    for name, side, rule, statement in CONDITIONS:
        v = enc.board("w")
        cond = v.conditions(0)
        others = [z3.Not(c) for other, c in cond.items() if other != name]
        alone = _find(v, 0, [cond[name]] + others)
        witness = alone or _find(v, 0, [cond[name]])
        fewest = []
        for spike in SPIKE_LEVELS:
            c = v.conditions(spike)[name]
            n = _optimum(v.domain() + [c], v.count_terms(*_COUNTED[name]), maximize=False)
            fewest.append({"oil_price_spike": spike, "countries": n})
        out.append({
            "name": name, "side": side, "rule": rule, "statement": statement,
            "reachable": witness is not None, "reachable_alone": alone is not None,
            "witness": witness, "fewest_countries": fewest,
        })
    return out


def _pairs(enc: _Encoding) -> list[dict]:
    out = []
    for a, b in combinations(_NAMES, 2):
        for spike in SPIKE_LEVELS:
            v = enc.board("w")
            cond = v.conditions(spike)
            w = _find(v, spike, [cond[a], cond[b]])
            entry = {"a": a, "b": b, "oil_price_spike": spike, "cross_side": _SIDE[a] != _SIDE[b],
                     "simultaneous": w is not None, "witness": w}
            if w is None:
                bounds = []
                for x, y in ((a, b), (b, a)):
                    qty, needs = v.measure(x, spike)
                    best = _optimum(v.domain() + [cond[y], needs], qty)
                    label, threshold = _MEASURE[x]
                    if best is None:
                        bounds.append(f"{y} and the rest of {x} cannot hold together")
                    elif best < threshold:
                        bounds.append(f"with {y}, {label} is at most {best} (needs {threshold})")
                entry["reason"] = "unsat: " + ("; ".join(bounds) or "no single bound explains it")
            else:
                entry["reason"] = "sat"
            out.append(entry)
    return out


def _simultaneity(enc: _Encoding) -> dict:
    cross = [(a, b) for a, b in combinations(_NAMES, 2) if _SIDE[a] != _SIDE[b]]
    same_gov = lambda b, a: z3.And([b.same_governance(a, n) for n in enc.names])  # noqa: E731
    same_prestige = lambda b, a: b.prestige == a.prestige  # noqa: E731

    spike_play = []
    for lo, hi in ((0, 1), (1, 2)):
        for x, y in cross:
            w = _find_step(enc, lo, hi, [same_gov, same_prestige],
                           [lambda b, a, lo=lo: b.none(lo),
                            lambda b, a, hi=hi, x=x, y=y: z3.And(a.conditions(hi)[x], a.conditions(hi)[y])])
            spike_play.append({"from": lo, "to": hi, "a": x, "b": y, "possible": w is not None, "witness": w})

    spike_lapse = []
    for hi, lo in ((1, 0), (2, 1), (2, 0)):
        for name in _NAMES:
            w = _find_step(enc, hi, lo, [same_gov, same_prestige],
                           [lambda b, a, hi=hi: b.none(hi), lambda b, a, lo=lo, name=name: a.conditions(lo)[name]])
            spike_lapse.append({"from": hi, "to": lo, "condition": name, "possible": w is not None, "witness": w})

    def differ(k):
        return lambda b, a: z3.Not(_ge([(z3.Not(b.same_governance(a, n)), 1) for n in enc.names], k + 1))

    # A step from a board with no instant condition to one with a US and a Jihadist condition.
    # Asked per pair of conditions (smaller questions for z3); a step kind contained in a wider
    # one (one country, or Prestige alone, in "one country and Prestige") is impossible whenever
    # the wider one is, which is then the proof.
    kinds = (
        ("one_country_and_prestige", [differ(1)], None),
        ("one_country", [differ(1), same_prestige], "one_country_and_prestige"),
        ("prestige", [differ(0)], "one_country_and_prestige"),
        ("two_countries", [differ(2), same_prestige], None),
    )
    steps = []
    for spike in SPIKE_LEVELS:
        possible: dict = {}
        for kind, link, wider in kinds:
            found, proofs = None, []
            for x, y in cross:
                if wider is not None and not possible[(wider, x, y)]:
                    possible[(kind, x, y)] = False
                    proofs.append(f"{x} + {y}: implied by {wider}")
                    continue
                w = _find_step(enc, spike, spike, link,
                               [lambda b, a, s=spike: b.none(s),
                                lambda b, a, s=spike, x=x, y=y: z3.And(a.conditions(s)[x], a.conditions(s)[y])])
                possible[(kind, x, y)] = w is not None
                proofs.append(f"{x} + {y}: " + ("sat" if w else "unsat"))
                if w and found is None:
                    found = {"a": x, "b": y, "witness": w}
                    if kind != "one_country_and_prestige":  # no narrower kind reads the rest
                        break
            steps.append({"change": kind, "oil_price_spike": spike, "double_victory": found is not None,
                          "conditions": [found["a"], found["b"]] if found else None,
                          "witness": found["witness"] if found else None, "proof": proofs})
    steps.sort(key=lambda e: ([k[0] for k in kinds].index(e["change"]), e["oil_price_spike"]))
    return {"spike_play": spike_play, "spike_lapse": spike_lapse, "steps": steps}


def _end_of_game(enc: _Encoding) -> dict:
    def find(spike, build):
        v = enc.board("w")
        return _find(v, spike, build(v), green_rc=True)

    def maximum(spike, build, terms, arith=None):
        v = enc.board("w")
        return _optimum(v.domain(green_rc=True) + build(v), terms(v), arith=arith and arith(v))

    cont = lambda v, s=0: [v.none(s)]  # noqa: E731  the game went on to the end: no instant win held
    good = lambda v, s=0: v.res_terms(s, "good")  # noqa: E731
    ir = lambda v, s=0: v.res_terms(s, "islamist_rule")  # noqa: E731
    out: dict = {"rule": "2.3"}

    def end_arith(v, s):
        """The same facts as integer arithmetic: no instant US win (Good <= 11) and a 2.3 US win."""
        g, i = v.end_sums(s)
        return [g < GOOD_RESOURCES, g > 2 * i]

    # h.2 item 21: the IT table's form ("the Jihadist wins if IR is at least half of Good").
    v = enc.board("w")
    g, i = v.end_sums(0)
    out["us_win_iff_not_twice_ir_at_least_good"] = _proved(v.domain(True) + [(g > 2 * i) == (2 * i >= g)])
    empty = [v.is_(n, "untested") for n in enc.names]
    out["empty_board_winner"] = "Jihadist" if _proved(v.domain(True) + empty + [v.us_end_win(0)]) else "US"
    out["us_can_win"] = find(0, lambda v: cont(v) + [v.us_end_win(0)])
    out["jihadist_can_win"] = find(0, lambda v: cont(v) + [z3.Not(v.us_end_win(0))])
    out["green_rc_decides"] = find(0, lambda v: cont(v) + [
        _ge(good(v) + v.res_terms(0, "islamist_rule", scale=-2), 1), z3.Not(v.us_end_win(0))])

    # Does a Spike still in effect decide 2.3 (A39)? Same board, counted without and with it.
    spike_decides = []
    for spike in (1, 2):
        for winner in ("US", "Jihadist"):
            def build(v, spike=spike, winner=winner):
                with_spike, without = v.us_end_win(spike), v.us_end_win(0)
                return cont(v, spike) + ([with_spike, z3.Not(without)] if winner == "US"
                                          else [z3.Not(with_spike), without])
            w = find(spike, build)
            spike_decides.append({"oil_price_spike": spike, "winner_with_spike": winner,
                                  "possible": w is not None, "witness": w})
    out["spike_decides"] = spike_decides

    out["max_good_resources_without_instant_win"] = [
        {"oil_price_spike": s, "max": maximum(s, lambda v, s=s: cont(v, s), lambda v, s=s: good(v, s))}
        for s in SPIKE_LEVELS]
    out["max_islamist_resources_without_instant_win"] = [
        {"oil_price_spike": s, "max": maximum(s, lambda v, s=s: cont(v, s), lambda v, s=s: ir(v, s))}
        for s in SPIKE_LEVELS]
    most = out["max_islamist_resources_without_instant_win"][0]["max"]
    out["most_islamist_resources_without_instant_win"] = find(0, lambda v: cont(v) + [_ge(ir(v), most)])
    out["max_islamist_resources_with_green_rc_for_us_end_win"] = [
        {"oil_price_spike": s,
         "max": maximum(s, lambda v, s=s: cont(v, s) + [v.us_end_win(s)] + end_arith(v, s),
                        lambda v, s=s: v.res_terms(s, "islamist_rule", green_rc=True),
                        lambda v, s=s: v.end_sums(s)[1])}
        for s in SPIKE_LEVELS]

    # A12 / 9.1 solo: at the end of an N-deck game the US also loses with Good Resources below
    # 6 / 9 / 12. The board was checked for instant victory at the last step (2.1 "at the moment"),
    # at a Spike level at least the present one (a lapsing Spike only ends, 5.2.6, 4.7.7.3).
    solo = []
    for decks, threshold in sorted(SOLO_THRESHOLDS.items()):
        def build(v, threshold=threshold):
            # 9.1 solo instant wins: 2.1.1 without "no cells"; IR >= 6 Resources with no adjacency (D02).
            c = v.conditions(0)
            return [z3.Not(c["us_good_resources"]), z3.Not(c["us_fair_or_good"]),
                    z3.Not(_ge(ir(v), IR_RESOURCES)), z3.Not(c["jihadist_prestige"]),
                    _ge(good(v), threshold), v.us_end_win(0)]
        w = find(0, build)
        solo.append({"decks": decks, "good_resources_needed": threshold, "us_can_win": w is not None, "witness": w})
    counterexample = None
    for s_check in SPIKE_LEVELS:
        for s_end in (s for s in SPIKE_LEVELS if s <= s_check):
            v = enc.board("w")
            counterexample = counterexample or _find(v, s_end, [
                z3.Not(v.conditions(s_check)["us_good_resources"]), _ge(good(v, s_end), SOLO_THRESHOLDS[3])])
    out["solo"] = {"by_game_length": solo, "three_decks_always_us_loss": counterexample is None,
                   "counterexample": counterexample}
    return out


def _undecided(result: dict) -> list[str]:
    sim = result["simultaneity"]
    play = sorted({(e["a"], e["b"]) for e in sim["spike_play"] if e["possible"]})
    play_txt = ", ".join(f"{a} with {b}" for a, b in play) or "no pair"
    one = [e for e in sim["steps"] if e["change"] in ("one_country", "prestige") and e["double_victory"]]
    two = [e for e in sim["steps"] if e["change"] == "two_countries" and e["double_victory"]]
    mixed = sorted(e["oil_price_spike"] for e in sim["steps"]
                   if e["change"] == "one_country_and_prestige" and e["double_victory"])
    lapse = [e for e in sim["spike_lapse"] if e["possible"]]
    eog = result["end_of_game"]
    spike_flip = any(e["possible"] for e in eog["spike_decides"])
    a17 = result["a17"]
    out = [
        "2.2 decides a double victory only when playing Oil Price Spike (cards 117, 118) causes it; z3 finds "
        f"that the play can cause one only as {play_txt} (the other conditions of 2.1.1 and 2.1.2 do not read "
        "Resources, so they would already have held before the play and ended the game).",
        ("A change of a single Muslim country's Governance, or of Prestige alone, can never satisfy both sides' "
         "conditions at once from a board satisfying none (2.1.1 and 2.1.2 move in opposite directions); "
         if not one else "A single change can satisfy both sides' conditions at once (2.1.1, 2.1.2); ")
        + ("a step that changes two countries' Governance can (witness under simultaneity.steps), "
           if two else "nor can a step that changes two countries' Governance; ")
        + (f"so can one country and Prestige changed together at Oil Price Spike level {', '.join(map(str, mixed))}; "
           if mixed else "")
        + "for those 2.1 and 2.2 do not say who wins: the model's ruling simultaneous_victory picks the acting "
          "side (A44).",
        ("The end of a Lapsing Oil Price Spike (5.2.6, 4.7.7.3) can never create an instant victory: "
         "Resources only fall, and every Resources condition of 2.1 is monotone in them."
         if not lapse else "The end of a Lapsing Oil Price Spike (5.2.6) can create an instant victory (2.1)."),
        "2.3 does not say whether an Oil Price Spike still in effect counts in the end-of-game comparison; the model "
        "counts it (A39, card 117-118 in the Lapsing box). It can matter only when the end-game reshuffle comes "
        "from a draw during a turn (5.3.1): at the deal (5.2.8) the Lapsing box is already empty (5.2.6). "
        + ("z3 finds boards where the Spike turns the 2.3 verdict either way (end_of_game.spike_decides)."
           if spike_flip else "z3 finds no board where it turns the 2.3 verdict."),
        "2.3 reads 'more than double': a tie, including a board with no Good and no Islamist Rule Resources "
        f"(0 = 2 x 0), is a {eog['empty_board_winner']} win; the IT table's 'the Jihadist wins if Islamist Rule is at "
        "least half of Good' is the same test (h.2 item 21); the ES text says 'countries' for Resources (D03).",
        "2.1.2 'at least 6 Resources including at least 2 adjacent countries' (A17) is encoded as a pair of adjacent "
        "Islamist Rule countries anywhere; a reading that counts only the Resources of connected Islamist Rule "
        + (f"countries gives another verdict on {_board_text(a17['witness'])}." if a17["readings_differ"]
           else "countries never gives another verdict on this map."),
        "9.1 (solo) replaces the Islamist Rule condition with 'Islamist Rule over 6 Resources' without adjacency "
        "(the IT text says 'more than 6', D02); the end-of-deck analysis (end_of_game.solo) uses '>= 6', "
        "and its verdicts "
        "do not depend on it, because a 2.3 US win with at most 11 Good Resources already needs Islamist Rule "
        "(with green Regime Change) below 6.",
        "No cells on the map (2.1.1) and a WMD plot resolved in the United States (2.1.2) do not depend on "
        "Governance and are outside this encoding; whether one of them can coincide with a condition of the "
        "other side depends on the card and operation effects, not on the map data.",
    ]
    return out


def _a17(enc: _Encoding) -> dict:
    """A17: the pair reading against 'at least 6 Resources among Islamist Rule countries that have an
    Islamist Rule neighbour' (which every connected-group reading implies)."""
    v = enc.board("w")
    nbrs = {n: [b for a, b in enc.pairs if a == n] + [a for a, b in enc.pairs if b == n] for n in enc.names}
    grouped = [(z3.And(v.is_(n, "islamist_rule"), z3.Or([v.is_(x, "islamist_rule") for x in nbrs[n]]
                                                         or [z3.BoolVal(False)])), enc.res(n, 0))
               for n in enc.names]
    w = _find(v, 0, [v.conditions(0)["jihadist_islamist_rule"], z3.Not(_ge(grouped, IR_RESOURCES))])
    return {"readings_differ": w is not None, "witness": w}


def analyse(m=None) -> dict:
    """The whole analysis over map ``m`` (default: the packaged map). Deterministic plain data."""
    m = m or load_map()
    enc = _Encoding(m)
    total = sum(enc.base.values())
    oil = sum(enc.oil.values())
    result = {
        "map": {"muslim_countries": len(enc.names), "resources": total, "oil_exporters": oil,
                "resources_by_spike": [{"oil_price_spike": s, "resources": total + s * oil} for s in SPIKE_LEVELS],
                "adjacent_muslim_pairs": len(enc.pairs)},
        "conditions": _conditions(enc),
        "pairs": _pairs(enc),
        "simultaneity": _simultaneity(enc),
        "end_of_game": _end_of_game(enc),
        "a17": _a17(enc),
    }
    result["undecided"] = _undecided(result)
    result["cross_check"] = cross_check(result, m)
    return result


# --------------------------------------------------------------------------- cross-check

def _witnesses(result: dict):
    """Every witness board in ``result`` (whole or in part) with the place it came from."""
    for c in result.get("conditions", []):
        if c["witness"]:
            yield f"conditions.{c['name']}", c["witness"]
    for p in result.get("pairs", []):
        if p["witness"]:
            yield f"pairs.{p['a']}+{p['b']}@{p['oil_price_spike']}", p["witness"]
    sim = result.get("simultaneity", {})
    for e in sim.get("spike_play", []):
        if e["witness"]:
            for when in ("before", "after"):
                yield f"spike_play.{e['a']}+{e['b']}@{e['from']}->{e['to']}.{when}", e["witness"][when]
    for e in sim.get("spike_lapse", []):
        if e["witness"]:
            for when in ("before", "after"):
                yield f"spike_lapse.{e['condition']}@{e['from']}->{e['to']}.{when}", e["witness"][when]
    for e in sim.get("steps", []):
        if e["witness"]:
            for when in ("before", "after"):
                yield f"steps.{e['change']}@{e['oil_price_spike']}.{when}", e["witness"][when]
    if "end_of_game" not in result:
        return
    eog = result["end_of_game"]
    for key in ("us_can_win", "jihadist_can_win", "green_rc_decides",
                "most_islamist_resources_without_instant_win"):
        if eog.get(key):
            yield f"end_of_game.{key}", eog[key]
    for e in eog["spike_decides"]:
        if e["witness"]:
            yield f"end_of_game.spike_decides.{e['winner_with_spike']}@{e['oil_price_spike']}", e["witness"]
    for e in eog["solo"]["by_game_length"]:
        if e["witness"]:
            yield f"end_of_game.solo.{e['decks']}", e["witness"]
    if eog["solo"].get("counterexample"):
        yield "end_of_game.solo.counterexample", eog["solo"]["counterexample"]
    if result.get("a17", {}).get("witness"):
        yield "a17", result["a17"]["witness"]


def evaluate(witness: dict, m=None) -> dict:
    """What the z3 encoding says of one concrete board (a witness, or any dict of the same form):
    the four conditions (2.1.1, 2.1.2) and the 2.3 verdict."""
    enc = _Encoding(m or load_map())
    v = enc.board("e")
    spike = witness["oil_price_spike"]
    fix = [v.is_(n, witness["governance"].get(n, "untested")) for n in enc.names]
    fix += [v.rc[n] == (n in witness["green_rc"]) for n in enc.names] + [v.prestige == witness["prestige"]]
    s = z3.Solver()
    s.add(v.domain(green_rc=True) + fix)
    if s.check() != z3.sat:
        raise ValueError("not a board: a green Regime Change country must be Poor or Fair (7.3.4.1)")
    mdl = s.model()
    cond = v.conditions(spike)
    return {"holds": {name: z3.is_true(mdl.eval(cond[name], model_completion=True)) for name in _NAMES},
            "us_end_win": z3.is_true(mdl.eval(v.us_end_win(spike), model_completion=True))}


def model_state(witness: dict, base=None, m=None):
    """The Let's Roll set-up (or a clone of ``base``) with every Muslim country's Governance,
    Alignment and Regime Change, Prestige and the Lapsing Oil Price Spikes set as ``witness`` says."""
    if base is None:
        from cdg_oracle.model.labyrinth import new_game
        base = new_game("lets_roll")
    st = base.clone()
    if m is not None:
        st.map = m
    d = st.d
    green = set(witness["green_rc"])
    for n in st.map.muslim:
        gov = witness["governance"].get(n, "untested")
        c = d["countries"][n]
        c["gov"] = _MODEL_GOV[gov]
        c["align"] = "ally" if n in green else _ALIGN[gov]
        c["rc"] = "green" if n in green else None
        c["aid"], c["besieged"] = 0, False
    d["prestige"] = witness["prestige"]
    d["lapsing"] = [117, 118][:witness["oil_price_spike"]]
    d["lapsing_effects"] = []
    d["terminal"] = None
    return st


def _model_verdicts(st) -> dict:
    from cdg_oracle.model.labyrinth import victory as vic
    good = vic.good_resources(st)
    ir = vic.islamist_resources(st)
    return {
        "holds": {
            "us_good_resources": good >= GOOD_RESOURCES,
            "us_fair_or_good": vic.count_governance(st, ("good", "fair")) >= FAIR_OR_GOOD,
            "jihadist_islamist_rule": ir >= IR_RESOURCES and vic.adjacent_islamist_pair(st),
            "jihadist_prestige": st.d["prestige"] == 1
            and vic.count_governance(st, ("poor", "islamist_rule")) >= POOR_OR_IR,
        },
        "us": vic.us_instant_win(st) is not None,
        "jihadist": vic.jihadist_instant_win(st) is not None,
        "figures": {"good_resources": good, "islamist_resources": ir,
                    "islamist_resources_with_green_rc": vic.islamist_resources(st, count_green_rc=True)},
    }


def _end_winner(st) -> str:
    from cdg_oracle.model.labyrinth import victory as vic
    st = st.clone()
    vic.end_of_game(st)
    return st.d["terminal"]["winner"]


def cross_check(result: dict, m=None) -> dict:
    """Build every witness as a model state and ask :mod:`cdg_oracle.model.labyrinth.victory` about it: each
    condition, ``us_instant_win`` / ``jihadist_instant_win`` and the 2.3 ``end_of_game`` winner must
    agree with what z3 evaluated in its model. Returns the count and the disagreements."""
    from cdg_oracle.model.labyrinth import new_game
    base = new_game("lets_roll")
    m = m or load_map()
    if set(m.names) != set(base.d["countries"]):
        return {"states": 0, "disagreements": [], "skipped": "the map's countries are not the Let's Roll set-up's"}
    from cdg_oracle.model.labyrinth import victory as vic
    bad, count = [], 0
    for where, w in _witnesses(result):
        st = model_state(w, base, m)
        if vic.cells_on_map(st) == 0:  # the "no cells" way to win is not encoded (module doc)
            bad.append(f"{where}: the model state has no cells on the map")
            continue
        count += 1
        got = _model_verdicts(st)
        for name in _NAMES:
            if got["holds"][name] != w["holds"][name]:
                bad.append(f"{where}: {name}: z3 {w['holds'][name]}, model {got['holds'][name]}")
        want_us = w["holds"]["us_good_resources"] or w["holds"]["us_fair_or_good"]
        want_j = w["holds"]["jihadist_islamist_rule"] or w["holds"]["jihadist_prestige"]
        if got["us"] != want_us:
            bad.append(f"{where}: us_instant_win: z3 {want_us}, model {got['us']}")
        if got["jihadist"] != want_j:
            bad.append(f"{where}: jihadist_instant_win: z3 {want_j}, model {got['jihadist']}")
        for key, value in got["figures"].items():
            if value != w["figures"][key]:
                bad.append(f"{where}: {key}: z3 {w['figures'][key]}, model {value}")
        want_end = "US" if w["us_end_win"] else "Jihadist"
        if _end_winner(st) != want_end:
            bad.append(f"{where}: end_of_game: z3 {want_end}, model {_end_winner(st)}")
    return {"states": count, "disagreements": bad}


# --------------------------------------------------------------------------- report

_SHORT = {"untested": "untested", "poor": "Poor", "fair": "Fair", "good": "Good", "islamist_rule": "IR"}


def _board_text(w: dict | None) -> str:
    if not w:
        return "-"
    by: dict[str, list[str]] = {}
    for n, g in w["governance"].items():
        by.setdefault(g, []).append(n)
    parts = [f"{_SHORT[g]}: {', '.join(by[g])}" for g in ("good", "fair", "poor", "islamist_rule") if g in by]
    if w["green_rc"]:
        parts.append(f"green RC: {', '.join(w['green_rc'])}")
    f = w["figures"]
    parts.append(f"Prestige {w['prestige']}")
    if w["oil_price_spike"]:
        parts.append(f"Oil Price Spike +{w['oil_price_spike']}")
    parts.append(f"(Good Res {f['good_resources']}, IR Res {f['islamist_resources']}"
                 + (f", IR+green RC Res {f['islamist_resources_with_green_rc']}" if w["green_rc"] else "")
                 + f", Fair/Good {f['fair_or_good']}, Poor/IR {f['poor_or_islamist_rule']})")
    return "; ".join(parts)


def _step_text(w: dict | None) -> str:
    if not w:
        return "-"
    return f"before {_board_text(w['before'])} -> after {_board_text(w['after'])}"


def render_md(result: dict) -> list[str]:
    """Readable report lines (Markdown) for :func:`analyse`'s result."""
    mp = result["map"]
    L = ["# Victory conditions (2.1-2.3) analysed with z3", "",
         f"Map data: {mp['muslim_countries']} Muslim countries, {mp['resources']} Resources in all "
         f"({', '.join(str(r['resources']) for r in mp['resources_by_spike'])} with Oil Price Spike 0/1/2: "
         f"{mp['oil_exporters']} oil exporters), {mp['adjacent_muslim_pairs']} adjacent pairs of Muslim countries.",
         "", "## Instant conditions", "",
         "| condition | rule | reachable | alone | fewest countries (Spike 0/1/2) | witness |",
         "|---|---|---|---|---|---|"]
    for c in result["conditions"]:
        fewest = "/".join(str(f["countries"]) for f in c["fewest_countries"])
        L.append(f"| {c['name']}: {c['statement']} | {c['rule']} | {'yes' if c['reachable'] else 'NO'} | "
                 f"{'yes' if c['reachable_alone'] else 'no'} | {fewest} | {_board_text(c['witness'])} |")
    L += ["", "## Pairs of instant conditions", "",
          "| a | b | Spike 0 | Spike +1 | Spike +2 |", "|---|---|---|---|---|"]
    grouped: dict = {}
    for p in result["pairs"]:
        grouped.setdefault((p["a"], p["b"]), []).append(p)
    for (a, b), rows in grouped.items():
        cells = ["possible" if r["simultaneous"] else "impossible" for r in rows]
        L.append(f"| {a} | {b} | " + " | ".join(cells) + " |")
    L += [""]
    for p in result["pairs"]:
        head = f"- {p['a']} + {p['b']}, Spike {p['oil_price_spike']}: "
        L.append(head + (_board_text(p["witness"]) if p["simultaneous"] else p["reason"]))
    sim = result["simultaneity"]
    L += ["", "## Which steps can satisfy both sides at once (2.2)", ""]
    for e in sim["spike_play"]:
        L.append(f"- playing Oil Price Spike ({e['from']} -> {e['to']}): {e['a']} + {e['b']}: "
                 + ("possible: " + _step_text(e["witness"]) if e["possible"] else "impossible (unsat)"))
    lapse = [e for e in sim["spike_lapse"] if e["possible"]]
    L.append("- a Spike lapsing (1->0, 2->1, 2->0) creates an instant victory: "
             + ("possible" if lapse else "never (unsat for every condition)"))
    for e in sim["steps"]:
        L.append(f"- {e['change'].replace('_', ' ')} changed (Spike {e['oil_price_spike']}): "
                 + (f"double victory possible ({' + '.join(e['conditions'])}): " + _step_text(e["witness"])
                    if e["double_victory"] else "no double victory (unsat)"))
    eog = result["end_of_game"]
    L += ["", "## End of game (2.3) and the solo end of deck (9.1, A12)", "",
          f"- US wins iff not (2 x IR >= Good), the IT table's form: "
          f"{'proved' if eog['us_win_iff_not_twice_ir_at_least_good'] else 'NOT proved'}",
          f"- empty board (no Good, no IR): {eog['empty_board_winner']} wins",
          f"- US can win at the end with no instant win before: {_board_text(eog['us_can_win'])}",
          f"- Jihadist can win at the end: {_board_text(eog['jihadist_can_win'])}",
          f"- green Regime Change decides 2.3: {_board_text(eog['green_rc_decides'])}"]
    for e in eog["spike_decides"]:
        L.append(f"- an Oil Price Spike +{e['oil_price_spike']} still in effect gives the {e['winner_with_spike']} "
                 f"the 2.3 win: " + (_board_text(e["witness"]) if e["possible"] else "impossible"))
    for key, label in (("max_good_resources_without_instant_win", "most Good Resources with no instant win"),
                       ("max_islamist_resources_without_instant_win", "most IR Resources with no instant win"),
                       ("max_islamist_resources_with_green_rc_for_us_end_win",
                        "most IR (+green RC) Resources with a 2.3 US win")):
        L.append(f"- {label} (Spike 0/1/2): " + "/".join(str(e["max"]) for e in eog[key]))
    L.append("- a board with the most IR Resources and no instant win (no two IR countries adjacent): "
             + _board_text(eog["most_islamist_resources_without_instant_win"]))
    for e in eog["solo"]["by_game_length"]:
        L.append(f"- solo, {e['decks']}-deck game (Good >= {e['good_resources_needed']} needed): US "
                 + ("can win: " + _board_text(e["witness"]) if e["us_can_win"] else "always loses (unsat)"))
    L.append("- A12: reaching the end of a 3-deck solo game is always a US loss, whatever Spike lapsed since the "
             "last check: " + ("proved" if eog["solo"]["three_decks_always_us_loss"]
                               else "REFUTED: " + _board_text(eog["solo"]["counterexample"])))
    L += ["", "## What 2.2 and 2.3 leave undecided", ""]
    L += [f"- {s}" for s in result["undecided"]]
    cc = result["cross_check"]
    L += ["", "## Cross-check against model.labyrinth.victory", "",
          f"- {cc['states']} witness states built from Let's Roll; "
          f"{len(cc['disagreements'])} disagreement(s)" + (f" ({cc['skipped']})" if cc.get("skipped") else "")]
    L += [f"  - {d}" for d in cc["disagreements"]]
    return L
