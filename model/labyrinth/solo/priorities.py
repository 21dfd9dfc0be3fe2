"""9.4.2 "Where?": the solo Jihadist's priority lists, as pure functions of the state.

Each function returns *groups*: lists of countries, best group first; the countries of one group
have equal priority, and the bot picks among them at random (9.5, ``random_country.py``). A
country appears at most once, in its best group. Candidates are given in the map's order.

The lists, by rule (IT 9.4.2.2-9.4.2.6.1; seed_labyrinth.md f.5; the ``Rulings`` switches named
are the translation disagreements of seed_labyrinth.md section g):

* 9.4.2.2 Plot (:func:`plot_groups`): the United States as far as possible; then, if Prestige is
  above Low (``solo_plot_prestige``, D12), the Philippines when Abu Sayyaf is in effect and it has
  at least as many cells as troops, then countries with troops (``solo_plot_troops``, D12); then, if
  the GWOT penalty is 0, countries with the US Posture; then countries with Aid; then, if Funding is
  below 9, any non-Muslim country, then Muslim countries or Iran. Within each step Fair, Good, Poor
  for a Plot operation; Good, Fair, Poor for a plot an event places.
* 9.4.2.3 Major Jihad (:func:`major_jihad_groups`): Pakistan, then the highest Resources, among
  the countries where a Major Jihad is "possible" (:func:`major_jihad_possible`,
  ``solo_major_jihad_possible``, A21).
* 9.4.2.4 Minor Jihad and event Governance/Alignment shifts (:func:`minor_jihad_groups`): Good,
  then Fair (then Poor for an Alignment shift); within each, Pakistan, then Aid, then Besieged
  Regime, then the highest Resources.
* 9.4.2.5 Recruit (:func:`recruit_groups`): a Regime Change country where troops exceed cells by 5
  or more; an Islamist Rule country with fewer cells than twice the card's ops
  (``solo_recruit_ir_cells``, D13); another country with the highest roll needed to succeed.
  Within each: Besieged Regime, the most troops + cells, then (all Muslim) the highest Resources.
* 9.4.2.6 Travel destinations (:func:`travel_box`): box 1 a non-Islamist-Rule country with
  Regime Change, Besieged Regime or Aid; box 2 a Poor country where Major Jihad would be possible
  with 2 more cells; box 3 a Good or Fair Muslim country (``solo_travel_box3_muslim``, D14) with an
  adjacent cell; box 4 an unmarked non-Muslim country if the US is Hard, a Soft one if it is Soft.
  Within a box: Pakistan, then (all Muslim) the highest Resources.
* 9.4.2.6.1 Travel origins (:func:`origin_groups`).
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.countries import (cells, counted_cells, cylinders, governance, is_regime_change, resources,
                                       troops)
from cdg_oracle.model.labyrinth.events.lasting import in_effect, marker_on
from cdg_oracle.model.labyrinth.options import major_jihad_margin
from cdg_oracle.model.labyrinth.tracks import GOV_VALUE, gwot_penalty

PAKISTAN = "Pakistan"


def _groups_by_key(names: list[str], key) -> list[list[str]]:
    """Group ``names`` (kept in their order) by ``key``, smallest key first."""
    out: dict = {}
    for n in names:
        out.setdefault(key(n), []).append(n)
    return [out[k] for k in sorted(out)]


def _dedupe(groups: list[list[str]]) -> list[list[str]]:
    seen: set[str] = set()
    out = []
    for g in groups:
        g = [n for n in g if n not in seen]
        seen.update(g)
        if g:
            out.append(g)
    return out


def _muslim(st, n: str) -> bool:
    return st.map.countries[n].muslim


# -- 9.4.2.2 Plot ------------------------------------------------------------------------------------
@implements("9.4.2.2")
def plot_tiers(st, candidates: list[str]) -> list[list[str]]:
    """The steps of 9.4.2.2 over ``candidates`` (countries where a plot can go), before the
    Governance preference within each step."""
    d = st.d
    cand = [n for n in st.map.names if n in set(candidates)]
    tiers = [[n for n in cand if n == "United States"]]
    above_low = d["prestige"] >= 4
    if (above_low if st.rulings.solo_plot_prestige == "above_low" else False):
        # "below Low" (IT/PL literal) can never hold: Low is the lowest band (D12).
        if in_effect(st, "Abu Sayyaf"):
            tiers.append([n for n in cand if n == "Philippines"
                          and cells(d["countries"][n]) >= troops(st, n)])
        with_troops = st.rulings.solo_plot_troops == "with_troops"
        tiers.append([n for n in cand if (troops(st, n) > 0) == with_troops])
    if gwot_penalty(d) == 0:
        tiers.append([n for n in cand if st.map.countries[n].non_muslim and n != "United States"
                      and d["countries"][n]["posture"] == d["us_posture"]])
    tiers.append([n for n in cand if d["countries"][n]["aid"] > 0])
    if d["funding"] < 9:
        tiers.append([n for n in cand if st.map.countries[n].non_muslim])
        tiers.append([n for n in cand if not st.map.countries[n].non_muslim])
    return _dedupe(tiers)


@implements("9.4.2.2")
def plot_groups(st, candidates: list[str], event: bool = False) -> list[list[str]]:
    """9.4.2.2 as groups of equal priority: each step split by Governance, Fair, Good, Poor for a
    Plot operation, Good, Fair, Poor for a plot placed by an event."""
    prefs = ("good", "fair", "poor") if event else ("fair", "good", "poor")
    out = []
    for tier in plot_tiers(st, candidates):
        for g in prefs:
            out.append([n for n in tier if governance(st, n) == g])
        out.append([n for n in tier if governance(st, n) not in prefs])  # untested: last
    return _dedupe(out)


# -- 9.4.2.3 Major Jihad, 9.4.2.4 Minor Jihad ---------------------------------------------------------
@implements("9.4.2.3", "9.4.1", "8.4.2")
def major_jihad_possible(st, name: str, dice: int) -> bool:
    """9.4.1 "tirate per la Jihad Maggiore (una che potrebbe portare al Governo Islamico, 8.4.2) se
    possibile" (A21, ruling ``solo_major_jihad_possible``). Always: a tested Muslim country not
    under Islamist Rule (nor Pakistan under Benazir Bhutto, card 33) whose cells exceed its troops
    by 5 (3 from Potent on, 9.7) -- the 8.4.2 conditions. Then, by the ruling:

    * "conditions_and_dice" (default): the dice the card gives there (its ops, at most one per
      cell) can make Islamist Rule: from Poor 2 successes (1 with a Besieged Regime), from Fair one
      more; from Good more dice than a card has;
    * "conditions_only": the conditions alone, whatever the dice (a Good country included; a
      value-1 card then rolls a Minor Jihad, 8.4.2's question not being posed);
    * "likely": the exact chance that those dice make Islamist Rule is at least 1/2
      (:func:`major_jihad_success_chance`)."""
    d = st.d
    c = d["countries"][name]
    if not _muslim(st, name) or c["gov"] in (None, "islamist_rule") or marker_on(st, "Benazir Bhutto", name):
        return False
    if counted_cells(st, c) - troops(st, name) < major_jihad_margin(st):  # Sadr: sadr_counts (A09)
        return False
    reading = st.rulings.solo_major_jihad_possible
    if reading == "conditions_only":
        return True
    n = min(dice, counted_cells(st, c))
    if reading == "likely":
        return major_jihad_success_chance(c["gov"], c["besieged"], n) >= Fraction(1, 2)
    return n >= major_jihad_successes_needed(c["gov"], c["besieged"])


@implements("8.4.2", "8.4.3.2")
def major_jihad_successes_needed(gov: str, besieged: bool) -> int:
    """8.4.1/8.4.2/8.4.3.2: the successes one Major Jihad needs to make Islamist Rule: 2 from Poor
    (1 with a Besieged Regime), one more per level above Poor (Fair 3, Good 4)."""
    return (1 if besieged else 2) + {"poor": 0, "fair": 1, "good": 2}[gov]


@implements("8.4.2", "8.1.1", "8.1.2")
def major_jihad_success_chance(gov: str, besieged: bool, n: int) -> Fraction:
    """A21 reading "likely": the exact probability that a Major Jihad of ``n`` dice in a country of
    Governance ``gov`` makes Islamist Rule. The dice are rolled together against the Governance at
    the start (8.1.2), each succeeding on a die <= its value (8.1.1: Good 1, Fair 2, Poor 3, so with
    probability value/6, independently); the Jihad succeeds when the successes reach
    :func:`major_jihad_successes_needed`: the binomial tail
    sum_{k >= need} C(n, k) p^k (1 - p)^(n - k), computed with fractions (no randomness).
    Examples: Poor, 3 dice: 1/2; Poor, 2 dice: 1/4; Poor with a Besieged Regime, 1 die: 1/2; Fair,
    3 dice: 1/27 (7/27 with a Besieged Regime)."""
    p = Fraction(GOV_VALUE[gov], 6)
    need = major_jihad_successes_needed(gov, besieged)
    return sum((comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(need, n + 1)), Fraction(0))


@implements("9.4.2.3")
def major_jihad_groups(st, dice: int, exclude=()) -> list[list[str]]:
    """9.4.2.3: the countries where Major Jihad could succeed with ``dice``: Pakistan first, then
    the highest Resources."""
    cand = [n for n in st.map.muslim if n not in exclude and major_jihad_possible(st, n, dice)]
    return _groups_by_key(cand, lambda n: (n != PAKISTAN, -resources(st, n, for_victory=False)))  # A39


def _minor_key(st, n: str, order: tuple) -> tuple:
    c = st.d["countries"][n]
    return (order.index(c["gov"]), n != PAKISTAN, not c["aid"], not c["besieged"],
            -resources(st, n, for_victory=False))  # A39: oil_spike_scope


@implements("9.4.2.4")
def minor_jihad_groups(st, candidates: list[str], alignment: bool = False) -> list[list[str]]:
    """9.4.2.4: Good countries first, then Fair (then Poor for an Alignment shift); within each,
    Pakistan, then countries with Aid, then Besieged Regimes, then the highest Resources."""
    order = ("good", "fair", "poor") if alignment else ("good", "fair")
    cand = [n for n in st.map.names if n in set(candidates) and st.d["countries"][n]["gov"] in order]
    return _groups_by_key(cand, lambda n: _minor_key(st, n, order))


@implements("9.4.2.4", "8.4")
def minor_jihad_targets(st, exclude=()) -> list[str]:
    """Good or Fair Muslim countries with a cell where Jihad can be rolled (8.4, card 33; Sadr
    counts under the ruling ``sadr_counts`` "as_cell" only, A09)."""
    return [n for n in st.map.muslim if n not in exclude and st.d["countries"][n]["gov"] in ("good", "fair")
            and counted_cells(st, st.d["countries"][n]) > 0 and not marker_on(st, "Benazir Bhutto", n)]


# -- 9.4.2.5 Recruit ---------------------------------------------------------------------------------
@implements("8.2.4", "8.1.1")
def recruit_number(st, name: str) -> int:
    """The highest die that succeeds in a Recruit there: the printed REC number, else the
    Governance value (0 when untested)."""
    rec = st.map.countries[name].recruit
    if rec is not None:
        return rec
    g = governance(st, name)
    return GOV_VALUE.get(g, 0) if g else 0


@implements("9.4.2.5")
def recruit_groups(st, targets: list[str], value: int) -> list[list[str]]:
    """9.4.2.5 over the Recruit ``targets`` (countries with a cell or Cadre, 8.2.2)."""
    d = st.d
    cand = [n for n in st.map.names if n in set(targets)]
    rc = [n for n in cand if is_regime_change(d["countries"][n])
          and troops(st, n) - cells(d["countries"][n]) >= 5]
    twice = st.rulings.solo_recruit_ir_cells == "twice_ops"
    limit = 2 * value if twice else value / 2
    ir = [n for n in cand if d["countries"][n]["gov"] == "islamist_rule" and cells(d["countries"][n]) < limit]
    rest = [n for n in cand if d["countries"][n]["gov"] != "islamist_rule" and not is_regime_change(d["countries"][n])]

    def within(names: list[str], first=lambda n: 0) -> list[list[str]]:
        # "poi (se la scelta è tra paesi Musulmani) il paese con le Risorse maggiori": the choice
        # left after the earlier tie-breaks; a non-Muslim country they already set apart does not
        # stop the Resources tie-break among the Muslim countries still tied.
        out = []
        for tied in _groups_by_key(names, lambda n: (
                first(n), not d["countries"][n]["besieged"], -(troops(st, n) + cells(d["countries"][n])))):
            if all(_muslim(st, n) for n in tied):
                out += _groups_by_key(tied, lambda n: -resources(st, n, for_victory=False))  # A39
            else:
                out.append(tied)
        return out

    return _dedupe(within(rc) + within(ir) + within(rest, lambda n: -recruit_number(st, n)))


# -- 9.4.2.6 Travel ----------------------------------------------------------------------------------
def _adjacent_cell(st, n: str) -> bool:
    pa = st.patriot_act()
    return any(cells(st.d["countries"][m]) > 0 for m in st.map.adjacent(n, patriot_act=pa))


@implements("9.4.2.6")
def travel_box(st, box: int) -> list[str]:
    """The destinations of Travel box ``box`` (1-4) of 9.4.2.6, in map order."""
    d = st.d
    countries = d["countries"]
    if box == 1:  # not under Islamist Rule, and Regime Change, a Besieged Regime or Aid
        return [n for n in st.map.names if (c := countries[n])["gov"] != "islamist_rule"
                and (is_regime_change(c) or c["besieged"] or c["aid"] > 0)]
    if box == 2:  # Poor, where two more cells would allow a Major Jihad
        # Card 33 Benazir Bhutto: no Jihad in Pakistan, so no Major Jihad would be possible there.
        margin = major_jihad_margin(st)
        return [n for n in st.map.names if (c := countries[n])["gov"] == "poor"
                and counted_cells(st, c) + 2 - troops(st, n) >= margin and not marker_on(st, "Benazir Bhutto", n)]
    if box == 3:  # Good or Fair (Muslim only, by the ruling), adjacent to a cell
        muslim_only = st.rulings.solo_travel_box3_muslim
        return [n for n in st.map.names if (st.map.countries[n].muslim or not muslim_only)
                and governance(st, n) in ("good", "fair") and _adjacent_cell(st, n)]
    # box 4: a country with a Posture: unmarked while the US is Hard, Soft while it is Soft
    hard = d["us_posture"] == "hard"
    return [n for n in st.map.names if st.map.countries[n].has_posture_marker
            and (countries[n]["posture"] is None if hard else countries[n]["posture"] == "soft")]


@implements("9.4.2.6")
def destination_groups(st, names: list[str]) -> list[list[str]]:
    """Within a Travel box: Pakistan first, then (if all the options are Muslim) the highest
    Resources."""
    all_muslim = all(_muslim(st, n) for n in names)
    return _groups_by_key(names, lambda n: (
        n != PAKISTAN, -resources(st, n, for_victory=False) if all_muslim else 0))  # A39: oil_spike_scope


@implements("9.4.2.6.1")
def origin_groups(st, dest: str, value: int, free: dict, free_actives: dict, other_dests: list[str]) -> list[list[str]]:
    """9.4.2.6.1: the origins for a cell travelling to ``dest``, best group first. ``free``: cells
    (cylinders) per country not yet given a Travel by this card; ``free_actives``: Active ones.

    Categories: an Islamist Rule country with more cells than the card's ops; a Regime Change
    country with more cells than troops; a country adjacent to the destination; at random among
    the countries with cells, the destination included (``dest`` "" when the destination is not
    known yet: an event that asks the origin first). Within each category, where possible no other
    destination of the same card (the solo example, Musharraf: "la priorità 'Non Altra
    Destinazione'"), and then countries with an Active cell not yet used to Travel come first:
    other destinations come after every other country of the category, Active ones first.

    Ruling ``solo_travel_origin_count`` (P21): the cells compared with the card's ops (and with the
    troops) are ``all_cells`` (default: every cell in the country) or ``unassigned_cells`` (less
    those already given a Travel by this card)."""
    d = st.d
    pa = st.patriot_act()
    has = [n for n in st.map.names if free.get(n, 0) > 0]
    unassigned = st.rulings.solo_travel_origin_count == "unassigned_cells"

    def count(n: str) -> int:
        c = d["countries"][n]
        return cells(c) - (cylinders(c) - free[n]) if unassigned else cells(c)

    cats = [
        [n for n in has if d["countries"][n]["gov"] == "islamist_rule" and count(n) > value],
        [n for n in has if is_regime_change(d["countries"][n]) and count(n) > troops(st, n)],
        [n for n in has if dest and st.map.are_adjacent(dest, n, patriot_act=pa)],
        has,
    ]
    out = []
    for cat in cats:
        out += _groups_by_key(cat, lambda n: (n in other_dests, free_actives.get(n, 0) == 0))
    return _dedupe(out)


def free_cells(st) -> tuple[dict, dict]:
    """Cylinders (Sadr cannot travel, card 54) and Active cylinders per country."""
    free, act = {}, {}
    for n, c in st.d["countries"].items():
        k = cylinders(c)
        if k:
            free[n], act[n] = k, c["actives"]
    return free, act
