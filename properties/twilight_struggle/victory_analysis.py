"""Scoring and victory of Twilight Struggle analysed with z3 over the map's data (rules 2.1.7,
10.1.1, 10.1.2, 10.3.1, 10.3.2, 7.2, card 6; seed_twilight_struggle.md h, I10 and I16).

**The encoding** (:class:`RegionEncoding`): every country of a region gets two Booleans, "the US
controls it" and "the USSR controls it", never both (2.1.7: control is exclusive, proved in
z3_proofs.control_exclusive for stability >= 1); the battlegrounds, the countries next to each
superpower and the scoring values come from ``model/twilight_struggle/data/map.yaml`` and
``data/tables.yaml``. Over them, as 10.1.1 defines them: a side's Presence (at least one country),
Domination (more countries and more battlegrounds than the other, at least one battleground and one
other country) and Control (more countries than the other and every battleground); and its VP as
10.1.2 and the default ruling ``scoring_tiers = highest`` count them: the value of its highest
level, +1 per battleground it controls, +1 per country it controls next to the enemy superpower.
Which influence makes which control is not encoded: any combination of exclusive control is
reachable by placing influence (6.1.5: the markers are unlimited), so the analysis ranges over all.

**What** :func:`analyse` **finds** (a list of ``{name, rule, result, detail}``):

* ``top level exclusive: <region>``: at most one side has Domination or Control (proved: unsat);
* ``control without domination: <region>``: a witness per side where the side has Control but not
  Domination, and the characterisation (proved): Control without Domination is exactly Control with
  no non-battleground controlled (10.1.1's Domination needs one);
* ``max net VP: <region>``: the highest net VP one scoring of the region can give each side
  (z3 Optimize), Europe's Control excluded (it wins the game instead, 10.3.1);
* ``max net VP: Asia with card 35``: the same with Formosan Resolution in force (Taiwan a
  battleground while the US controls it), cross-checked with the card's effect in the model state;
* ``Europe control by one side only``: both sides never hold it (proved), each side can (witness);
* ``Southeast Asia max``: the most Southeast Asia Scoring can give (7.2);
* ``superpower bonus flag``: the regions whose card has no enemy-superpower bonus have no country
  next to a superpower (so the model, which never reads the flag, loses nothing);
* ``final swing``: the range of the net the final scoring can move the marker (10.3.2: every region
  scored, Southeast Asia within Asia, no Europe Control; the China Card's +1 to its holder, card 6).

Every witness is canonical (the fewest countries controlled, then the first in name order left
uncontrolled: a greedy search on z3's answers), so the report does not depend on the solver's
search. Each witness is then built as a concrete model state (the standard set-up's influence
cleared, the controller given the stability) and ``model/twilight_struggle/scoring.py`` is asked
the same question (``cross_check`` in the detail): the encoding and the model held against each
other. The ``scoring_tiers = cumulative`` reading is only cross-checked for Control without
Domination (``detail["cumulative"]``), where the model's reading and the ruling's words part.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

import z3

from cdg_oracle.model.twilight_struggle.mapdata import load_map
from cdg_oracle.model.twilight_struggle.scoring import SCORED_REGIONS
from cdg_oracle.model.twilight_struggle.tables import load_tables

SIDES = ("USSR", "US")
OPPONENT = {"USSR": "US", "US": "USSR"}


def _count(bools) -> z3.ArithRef:
    return z3.Sum([z3.If(b, 1, 0) for b in bools]) if bools else z3.IntVal(0)


@dataclass
class RegionEncoding:
    """One region's control Booleans (``ctrl[side][country]``), exclusive, and what 10.1.1-10.1.2
    make of them."""

    region: str
    ctrl: dict
    constraints: list = field(default_factory=list)
    us_battlegrounds: tuple = ()  # countries that are battlegrounds while the US controls them (card 35)

    @classmethod
    def of(cls, region: str, ctrl: dict | None = None, us_battlegrounds: tuple = ()) -> "RegionEncoding":
        """The encoding of ``region``; ``ctrl``: the Booleans to use (shared by several regions);
        ``us_battlegrounds``: countries an event makes battlegrounds while the US controls them
        (card 35 Formosan Resolution: Taiwan, events/early_19_35.taiwan_battleground)."""
        m = load_map()
        countries = sorted(m.area(region))
        if ctrl is None:
            ctrl = {s: {c: z3.Bool(f"{s} controls {c}") for c in countries} for s in SIDES}
        enc = cls(region, {s: {c: ctrl[s][c] for c in countries} for s in SIDES}, us_battlegrounds=us_battlegrounds)
        enc.constraints = [z3.Not(z3.And(ctrl["US"][c], ctrl["USSR"][c])) for c in countries]  # 2.1.7
        return enc

    @property
    def countries(self) -> list[str]:
        return list(self.ctrl["US"])

    @property
    def battlegrounds(self) -> list[str]:
        m = load_map()
        return [c for c in self.countries if m.countries[c].battleground]

    def count(self, side: str) -> z3.ArithRef:
        return _count(list(self.ctrl[side].values()))

    def _extra(self) -> list:
        """The event's battlegrounds in force: those the US controls."""
        return [self.ctrl["US"][c] for c in self.us_battlegrounds]

    def bg_total(self) -> z3.ArithRef:
        return len(self.battlegrounds) + _count(self._extra())

    def bg_count(self, side: str) -> z3.ArithRef:
        # an event's battleground counts only while the US controls it: never the USSR's
        return _count([self.ctrl[side][c] for c in self.battlegrounds] + (self._extra() if side == "US" else []))

    def presence(self, side: str) -> z3.BoolRef:
        """10.1.1: at least one country controlled."""
        return self.count(side) >= 1

    def domination(self, side: str) -> z3.BoolRef:
        """10.1.1: more countries and more battlegrounds than the other, at least one battleground
        and one non-battleground."""
        o = OPPONENT[side]
        return z3.And(self.count(side) > self.count(o), self.bg_count(side) > self.bg_count(o),
                      self.bg_count(side) >= 1, self.count(side) - self.bg_count(side) >= 1)

    def control(self, side: str) -> z3.BoolRef:
        """10.1.1: more countries than the other and every battleground."""
        return z3.And(self.count(side) > self.count(OPPONENT[side]), self.bg_count(side) == self.bg_total())

    def vp(self, side: str) -> z3.ArithRef:
        """10.1.2 under ``scoring_tiers = highest``: the highest level's value (Europe's Control has
        none: it wins, so it scores as Domination here and must be excluded by the caller), +1 per
        battleground, +1 per country next to the enemy superpower."""
        m = load_map()
        v = load_tables().scoring[self.region]
        top = v.control if v.control is not None else v.domination
        tier = z3.If(self.control(side), top, z3.If(self.domination(side), v.domination,
                                                    z3.If(self.presence(side), v.presence, 0)))
        bonus = [self.ctrl[side][c] for c in self.countries if m.adjacent_to_superpower(c, OPPONENT[side])]
        return tier + self.bg_count(side) + _count(bonus)

    def net(self, side: str) -> z3.ArithRef:
        return self.vp(side) - self.vp(OPPONENT[side])

    def all_bools(self) -> list[tuple[str, str, z3.BoolRef]]:
        return [(s, c, self.ctrl[s][c]) for c in self.countries for s in ("US", "USSR")]


# -- solving ---------------------------------------------------------------------------------------------
def _solver(*facts) -> z3.Solver:
    s = z3.SolverFor("QF_LIA")
    s.add(*facts)
    return s


def _proved(*facts) -> bool:
    """``facts`` are unsatisfiable together (what they deny is proved)."""
    return _solver(*facts).check() == z3.unsat


def canonical(bools: list[tuple[str, str, z3.BoolRef]], facts: list) -> dict | None:
    """A canonical assignment satisfying ``facts``: the fewest countries controlled, then each
    (country, side) in order left uncontrolled when it can be. ``{"US": [...], "USSR": [...]}``
    (the countries each side controls), or None when ``facts`` are unsatisfiable."""
    s = _solver(*facts)
    if s.check() != z3.sat:
        return None
    total = _count([b for _, _, b in bools])
    lo, hi = 0, s.model().eval(total, model_completion=True).as_long()
    while lo < hi:  # the fewest controlled, by bisection
        mid = (lo + hi) // 2
        if _solver(*facts, total <= mid).check() == z3.sat:
            hi = mid
        else:
            lo = mid + 1
    s = _solver(*facts, total == lo)
    for _, _, b in bools:
        s.push()
        s.add(z3.Not(b))
        if s.check() == z3.sat:
            s.pop()
            s.add(z3.Not(b))
        else:
            s.pop()
            s.add(b)
    s.check()
    m = s.model()
    out = {"US": [], "USSR": []}
    for side, c, b in bools:
        if z3.is_true(m.eval(b, model_completion=True)):
            out[side].append(c)
    return {k: sorted(v) for k, v in out.items()}


def maximum(objective: z3.ArithRef, facts: list) -> int:
    """The highest value of ``objective`` under ``facts`` (z3 Optimize)."""
    o = z3.Optimize()
    o.add(*facts)
    h = o.maximize(objective)
    assert o.check() == z3.sat
    return o.upper(h).as_long()


# -- the model's view of a witness ------------------------------------------------------------------------
@functools.lru_cache(maxsize=1)
def _base_state():
    from cdg_oracle.model.twilight_struggle.scenarios import new_game
    return new_game("standard")


def model_state(witness: dict, rulings: dict | None = None):
    """A concrete model state where the witness's countries are controlled (the controller's
    influence equal to the stability, the other's 0) and no other country holds influence."""
    from cdg_oracle.model.twilight_struggle.rulings import TwilightRulings
    st = _base_state()
    m = load_map()
    st.d["influence"] = {c: {"US": 0, "USSR": 0} for c in m.names}
    for side in SIDES:
        for c in witness.get(side, []):
            st.d["influence"][c][side] = m.countries[c].stability
    st.rulings = TwilightRulings.from_dict(rulings)
    return st


def model_region(witness: dict, region: str, rulings: dict | None = None) -> dict:
    """What scoring.py makes of the witness in ``region``: each side's level and VP."""
    from cdg_oracle.model.twilight_struggle import scoring
    st = model_state(witness, rulings)
    try:
        return {"levels": scoring.region_levels(st, region), "vp": scoring.region_vp(st, region)}
    finally:
        st.rulings = type(st.rulings).from_dict(None)


# -- the findings ---------------------------------------------------------------------------------------
def _finding(name: str, rule: str, result, detail) -> dict:
    return {"name": name, "rule": rule, "result": result, "detail": detail}


def top_level_exclusive(region: str) -> dict:
    """10.1.1: both need more countries than the other, so at most one side has Domination or
    Control."""
    e = RegionEncoding.of(region)
    top = {s: z3.Or(e.domination(s), e.control(s)) for s in SIDES}
    ok = _proved(*e.constraints, top["US"], top["USSR"])
    return _finding(f"top level exclusive: {region}", "10.1.1", "proved" if ok else "refuted",
                    {"countries": len(e.countries), "battlegrounds": len(e.battlegrounds)})


def control_without_domination(region: str) -> dict:
    """10.1.1: a side with Control but not Domination (a witness per side), and the
    characterisation: exactly Control with no non-battleground controlled."""
    e = RegionEncoding.of(region)
    detail: dict = {}
    possible = {}
    for s in SIDES:
        w = canonical(e.all_bools(), [*e.constraints, e.control(s), z3.Not(e.domination(s))])
        possible[s] = w is not None
        detail[s] = w
        non_bg = e.count(s) - e.bg_count(s)
        detail[f"characterisation {s}"] = "proved" if (
            _proved(*e.constraints, e.control(s), z3.Not(e.domination(s)), non_bg >= 1)
            and _proved(*e.constraints, e.control(s), non_bg == 0, e.domination(s))) else "refuted"
        if w is not None:
            got = model_region(w, region)
            detail[f"cross_check {s}"] = {"model_level": got["levels"][s], "model_vp": got["vp"][s]}
            cum = model_region(w, region, {"scoring_tiers": "cumulative"})
            v = load_tables().scoring[region]
            detail[f"cumulative {s}"] = {
                "model_vp": cum["vp"][s],
                "levels_met_vp": None if v.control is None else
                v.presence + v.control + len(e.battlegrounds) + _superpower_bonus(w[s], s)}
    result = "possible" if all(possible.values()) else "impossible" if not any(possible.values()) else possible
    return _finding(f"control without domination: {region}", "10.1.1", result, detail)


def _superpower_bonus(countries: list[str], side: str) -> int:
    m = load_map()
    return sum(m.adjacent_to_superpower(c, OPPONENT[side]) for c in countries)


@functools.lru_cache(maxsize=None)
def _max_net_vp(region: str) -> dict:
    return _max_net_vp_uncached(region)


def max_net_vp(region: str) -> dict:
    """:func:`_max_net_vp_uncached`, computed once per region (a copy)."""
    import copy
    return copy.deepcopy(_max_net_vp(region))


def _max_net_vp_uncached(region: str) -> dict:
    """10.1.2: the highest net VP one scoring of ``region`` gives each side; Europe's Control is
    excluded (10.3.1: it wins the game instead)."""
    e = RegionEncoding.of(region)
    facts = list(e.constraints)
    if load_tables().scoring[region].control is None:
        facts += [z3.Not(e.control(s)) for s in SIDES]
    result, detail = {}, {}
    for s in SIDES:
        best = maximum(e.net(s), facts)
        w = canonical(e.all_bools(), [*facts, e.net(s) == best])
        got = model_region(w, region)["vp"]
        result[s] = best
        detail[s] = {"witness": w, "cross_check": got[s] - got[OPPONENT[s]]}
    return _finding(f"max net VP: {region}", "10.1.2", result, detail)


def max_net_vp_formosan() -> dict:
    """Card 35 Formosan Resolution in force: Taiwan counts as an Asian battleground while the US
    controls it (events/early_19_35.taiwan_battleground): the highest net VP of one Asia scoring
    for each side, cross-checked by the model's scoring with the card's effect in force (the VP
    bound of z3_proofs.region_scoring must cover it: region_bound)."""
    from cdg_oracle.model.twilight_struggle import scoring
    from cdg_oracle.model.twilight_struggle.events.effects import start_effect
    e = RegionEncoding.of("Asia", us_battlegrounds=("Taiwan",))
    result, detail = {}, {}
    for s in SIDES:
        best = maximum(e.net(s), e.constraints)
        w = canonical(e.all_bools(), [*e.constraints, e.net(s) == best])
        st = model_state(w)
        start_effect(st, 35, "US", "cancelled")  # as the event starts it (its card in effect)
        got = scoring.region_vp(st, "Asia")
        result[s] = best
        detail[s] = {"witness": w, "cross_check": got[s] - got[OPPONENT[s]]}
    return _finding("max net VP: Asia with card 35", "10.1.2, card 35", result, detail)


def europe_control_one_side() -> dict:
    """10.3.1: Europe's Control is held by one side only (both at once: unsat), and each side can
    hold it (a witness; the model's Europe scoring then ends the game with that side the winner)."""
    from cdg_oracle.model.twilight_struggle import scoring
    e = RegionEncoding.of("Europe")
    ok = _proved(*e.constraints, e.control("US"), e.control("USSR"))
    detail = {}
    for s in SIDES:
        w = canonical(e.all_bools(), [*e.constraints, e.control(s)])
        st = model_state(w)
        st.d["terminal"] = None
        scoring.score_region(st, "Europe")
        detail[s] = {"witness": w, "model_winner": (st.d["terminal"] or {}).get("winner")}
        st.d["terminal"] = None
    return _finding("Europe control by one side only", "10.3.1", "proved" if ok else "refuted", detail)


def southeast_asia_max() -> dict:
    """7.2: the most Southeast Asia Scoring gives one side (every country of its table)."""
    m = load_map()
    table = load_tables().southeast_asia
    ctrl = {s: {c: z3.Bool(f"{s} controls {c}") for c in sorted(table)} for s in SIDES}
    excl = [z3.Not(z3.And(ctrl["US"][c], ctrl["USSR"][c])) for c in table]
    vp = {s: z3.Sum([z3.If(ctrl[s][c], table[c], 0) for c in sorted(table)]) for s in SIDES}
    result = {s: maximum(vp[s] - vp[OPPONENT[s]], excl) for s in SIDES}
    return _finding("Southeast Asia max", "7.2", result,
                    {"countries": sorted(m.area("Southeast Asia")), "table": dict(sorted(table.items()))})


def superpower_bonus_flag() -> dict:
    """10.1.2: the scoring cards without the enemy-superpower bonus (data/tables.yaml) are of
    regions with no country next to a superpower, so scoring.py, which adds the bonus wherever a
    country is next to the enemy superpower and never reads the flag, scores them alike."""
    m = load_map()
    detail = {}
    for r in SCORED_REGIONS:
        flag = load_tables().scoring[r].enemy_superpower_bonus
        detail[r] = {"flag": flag, "next_to_a_superpower": sorted(c for c in m.area(r) if m.countries[c].superpower)}
    consistent = all(v["flag"] or not v["next_to_a_superpower"] for v in detail.values())
    return _finding("superpower bonus flag", "10.1.2", "consistent" if consistent else "inconsistent", detail)


def final_swing() -> dict:
    """10.3.2: every region scored at the end (Southeast Asia within Asia), no side controlling
    Europe (that wins instead), and the China Card's holder +1 VP (card 6, ruling
    ``china_card_final_vp``): the lowest and highest net the final scoring can move the marker
    (positive for the US). The regions share no country, so the extremes are the sums of the
    regions' ``max net VP`` and the China Card's 1 (checked), and the union of the regions'
    witnesses reaches each extreme (checked by z3 and by the model)."""
    m = load_map()
    ctrl = {s: {c: z3.Bool(f"{s} controls {c}") for c in m.names} for s in SIDES}
    encs = [RegionEncoding.of(r, ctrl) for r in SCORED_REGIONS]
    us_holds_china = z3.Bool("US holds the China Card")
    facts = [f for e in encs for f in e.constraints]
    europe = next(e for e in encs if e.region == "Europe")
    facts += [z3.Not(europe.control(s)) for s in SIDES]
    net = z3.Sum([e.net("US") for e in encs]) + z3.If(us_holds_china, 1, -1)
    hi = maximum(net, facts)
    lo = -maximum(-net, facts)
    per_region = {r: max_net_vp(r) for r in SCORED_REGIONS}
    detail = {"sum_of_region_maxima": {s: sum(f["result"][s] for f in per_region.values()) + 1 for s in SIDES}}
    from cdg_oracle.model.twilight_struggle import scoring
    for label, value, side in (("max", hi, "US"), ("min", lo, "USSR")):
        # the regions share no country: the union of the regions' canonical witnesses for ``side``
        w = {s: sorted(c for f in per_region.values() for c in f["detail"][side]["witness"][s]) for s in SIDES}
        holder_us = side == "US"
        exact = [ctrl[s][c] == (c in w[s]) for s in SIDES for c in m.names]
        reaches = _solver(*facts, *exact, us_holds_china == holder_us, net == value).check() == z3.sat
        st = model_state(w)
        model_net = sum(v["US"] - v["USSR"] for v in (scoring.region_vp(st, r) for r in SCORED_REGIONS))
        detail[label] = {"witness": w, "china_holder": side, "reaches_the_extreme": reaches,
                         "cross_check": model_net + (1 if holder_us else -1)}
    return _finding("final swing", "10.3.2, card 6", {"min": lo, "max": hi}, detail)


def analyse() -> list[dict]:
    """Every finding (see the module docstring)."""
    out = [top_level_exclusive(r) for r in SCORED_REGIONS]
    out += [control_without_domination(r) for r in SCORED_REGIONS]
    out += [max_net_vp(r) for r in SCORED_REGIONS] + [max_net_vp_formosan()]
    out += [europe_control_one_side(), southeast_asia_max(), superpower_bonus_flag(), final_swing()]
    return out


__all__ = ["RegionEncoding", "analyse", "canonical", "maximum", "model_state", "model_region",
           "top_level_exclusive", "control_without_domination", "max_net_vp", "max_net_vp_formosan",
           "europe_control_one_side",
           "southeast_asia_max", "superpower_bonus_flag", "final_swing"]
