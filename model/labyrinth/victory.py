"""Victory (chapter 2): instant victories checked at every step (2.1; or at the end of each card,
ruling ``instant_victory_check``, A44), the Oil Price Spike tie (2.2) and the end-of-game
comparison (2.3)."""
from __future__ import annotations

from operator import itemgetter

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.countries import counted_cells, resources
from cdg_oracle.model.labyrinth.options import is_solo

PHASE_SIDE = {"jihadist_action": "Jihadist", "us_action": "US", "plots": "Jihadist"}

#: The thresholds of the instant victories: 2.1.1 the US, 12 Good Resources or 15 Muslim countries
#: Fair or Good; 2.1.2 the Jihadist, 6 Islamist Rule Resources (with adjacency), or 15 Muslim
#: countries Poor or Islamist Rule with Prestige 1; 9.1 the solo Jihadist, 7 Islamist Rule
#: Resources without adjacency (6 under ``solo_ir_victory`` = ``at_least_6``, D02).
US_GOOD_RESOURCES = 12
US_FAIR_OR_GOOD = 15
JIHADIST_IR_RESOURCES = 6
JIHADIST_POOR_OR_IR = 15
JIHADIST_PRESTIGE = 1
SOLO_IR_RESOURCES = {"more_than_6": 7, "at_least_6": 6}


class MuslimTally:
    """What the victory conditions read of the Muslim countries, in one pass (4.7.6, 2.1, 2.3):
    Good Resources, Islamist Rule Resources (with ``count_green_rc``, green Regime Change
    countries counted as Islamist Rule, 2.3), the Islamist Rule countries in map order, and the
    numbers of countries Fair or Good and Poor or Islamist Rule."""

    __slots__ = ("good_resources", "islamist_resources", "islamist_rule", "fair_or_good", "poor_or_islamist")

    def __init__(self, st, count_green_rc: bool = False):
        countries = st.d["countries"]
        good_res = ir_res = fair_or_good = poor_or_ir = 0
        ir = []
        for n in st.map.muslim:
            c = countries[n]
            gov = c["gov"]
            if gov == "good":
                good_res += resources(st, n)
                fair_or_good += 1
            elif gov == "fair":
                fair_or_good += 1
            elif gov == "poor":
                poor_or_ir += 1
            elif gov == "islamist_rule":
                poor_or_ir += 1
                ir.append(n)
                ir_res += resources(st, n)
                continue
            if count_green_rc and c["rc"] == "green":
                ir_res += resources(st, n)
        self.good_resources = good_res
        self.islamist_resources = ir_res
        self.islamist_rule = ir
        self.fair_or_good = fair_or_good
        self.poor_or_islamist = poor_or_ir


@implements("4.7.6")
def good_resources(st) -> int:
    return MuslimTally(st).good_resources


@implements("4.7.6")
def islamist_resources(st, count_green_rc: bool = False) -> int:
    """Resources under Islamist Rule; with ``count_green_rc`` also green Regime Change (2.3)."""
    return MuslimTally(st, count_green_rc).islamist_resources


def count_governance(st, govs: tuple[str, ...]) -> int:
    return sum(1 for n in st.map.muslim if st.d["countries"][n]["gov"] in govs)


@implements("2.3")
def islamist_countries(st, count_green_rc: bool = False) -> int:
    """Muslim countries under Islamist Rule; with ``count_green_rc`` also those with a green Regime
    Change marker (2.3). Read by 2.3 under ``end_game_measure`` = ``countries`` (D03)."""
    return sum(1 for n in st.map.muslim
               if st.d["countries"][n]["gov"] == "islamist_rule"
               or (count_green_rc and st.d["countries"][n]["rc"] == "green"))


def cells_on_map(st) -> int:
    """2.1.1 "non vi sono Cellule della jihad in alcun paese sulla mappa": the cells on the map,
    Sadr (card 54) counted under the ruling ``sadr_counts`` "as_cell" only (A09,
    countries.counted_cells)."""
    return sum(counted_cells(st, c) for c in st.d["countries"].values())


def no_cells_on_map(st) -> bool:
    """2.1.1's "no cells" condition: no country holds a cell (:func:`cells_on_map` is 0), decided
    at the first country that holds one. A cylinder anywhere settles it at once (every count of
    cells includes the cylinders); only a map without cylinders asks how Sadr counts."""
    countries = st.d["countries"]
    hint = countries.get(st._cells_seen_in)  # where a cylinder was last seen: most often still there
    if hint is not None and (hint["sleepers"] or hint["actives"]):
        return False
    for name, c in countries.items():
        if c["sleepers"] or c["actives"]:
            st._cells_seen_in = name
            return False
    return not any(counted_cells(st, c) for c in countries.values())


def adjacent_islamist_pair(st, tally: MuslimTally | None = None) -> bool:
    ir = (tally or MuslimTally(st)).islamist_rule
    irs = set(ir)
    return any(st.map.adjacent(n) & irs for n in ir)


@implements("2.1.2")
def islamist_rule_groups(st) -> list[list[str]]:
    """The connected groups of Islamist Rule countries: each group is a set of Muslim countries under
    Islamist Rule linked by chains of adjacent Islamist Rule countries (map adjacency, 4.1.1, 4.5).
    Groups in map order, each in map order. Read by 2.1.2 under ``ir_win_adjacency`` =
    ``connected_group`` (A17)."""
    ir = [n for n in st.map.muslim if st.d["countries"][n]["gov"] == "islamist_rule"]
    irs = set(ir)
    seen: set[str] = set()
    groups = []
    for n in ir:
        if n in seen:
            continue
        group, todo = {n}, [n]
        while todo:
            for m in st.map.adjacent(todo.pop()) & irs:
                if m not in group:
                    group.add(m)
                    todo.append(m)
        seen |= group
        groups.append([m for m in ir if m in group])
    return groups


@implements("2.1.2")
def connected_islamist_resources(st) -> int:
    """The most Resources Islamist Rule holds within one connected group of at least 2 adjacent
    Islamist Rule countries (0 if no two are adjacent): 2.1.2 under ``ir_win_adjacency`` =
    ``connected_group`` (A17)."""
    return max((sum(resources(st, n) for n in g) for g in islamist_rule_groups(st) if len(g) >= 2),
               default=0)


@implements("2.1.2")
def islamist_rule_win(st, tally: MuslimTally | None = None) -> bool:
    """2.1.2: 'il Governo Islamico governa paesi con un totale di almeno 6 Risorse che includono
    almeno 2 paesi adiacenti'. Ruling ``ir_win_adjacency`` (A17): ``adjacent_pair`` (default) --
    Islamist Rule Resources >= 6 in all and some pair of adjacent Islamist Rule countries;
    ``connected_group`` -- >= 6 Resources within one connected group of adjacent Islamist Rule
    countries. (Not read in a solo game: 9.1 drops the adjacency.)"""
    if st.rulings.ir_win_adjacency == "connected_group":
        return connected_islamist_resources(st) >= JIHADIST_IR_RESOURCES
    t = tally or MuslimTally(st)
    return t.islamist_resources >= JIHADIST_IR_RESOURCES and adjacent_islamist_pair(st, t)


@implements("2.1.1", "9.1")
def us_instant_win(st, tally: MuslimTally | None = None) -> str | None:
    """2.1.1: Good Resources >= 12, or >= 15 of 18 Muslim countries Fair or Good, or no cells on
    the map (9.1: not in a solo game, "L'eliminazione dell'ultima cellula non causa la vittoria
    USA"). Returns the reason, or None. ``tally``: the Muslim countries already tallied."""
    t = tally or MuslimTally(st)
    if t.good_resources >= US_GOOD_RESOURCES:
        return "Muslim countries with at least 12 Resources are Good (2.1.1)"
    if t.fair_or_good >= US_FAIR_OR_GOOD:
        return "at least 15 Muslim countries are Fair or Good (2.1.1)"
    if not is_solo(st) and no_cells_on_map(st):
        return "no Jihadist cells on the map (2.1.1)"
    return None


@implements("2.1.2", "9.1")
def jihadist_instant_win(st) -> str | None:
    """2.1.2: Islamist Rule over >= 6 Resources including 2 adjacent Islamist Rule countries
    (``ir_win_adjacency``, A17: a pair anywhere, or one connected group holding the 6; see
    :func:`islamist_rule_win`), or Prestige 1 and >= 15 Muslim countries Poor or Islamist Rule.
    (The third way, a WMD plot resolved in the US, is decided in plots.py.) 9.1, solo: Islamist
    Rule over 6 Resources wins without adjacency (``solo_ir_victory``, D02: at least 6).
    Returns the reason, or None (:func:`jihadist_win` also gives the rule)."""
    win = jihadist_win(st)
    return None if win is None else win[0]


@implements("9.1")
def solo_ir_resources(st) -> int:
    """9.1: the Islamist Rule Resources the solo Jihadist needs, adjacency not needed: "more than
    6", 7, or at least 6 (ruling ``solo_ir_victory``, D02, default 6)."""
    return SOLO_IR_RESOURCES[st.rulings.solo_ir_victory]


def jihadist_win(st, tally: MuslimTally | None = None) -> tuple[str, str] | None:
    """:func:`jihadist_instant_win` as ``(reason, rule)``: "9.1" for the solo Islamist Rule win,
    else "2.1.2". ``tally``: the Muslim countries already tallied."""
    t = tally or MuslimTally(st)
    if is_solo(st):
        ir = t.islamist_resources
        # the ruling is read only at 6 Resources, the one total it decides (as the impact read-log expects)
        if ir >= SOLO_IR_RESOURCES["more_than_6"] or (ir >= SOLO_IR_RESOURCES["at_least_6"]
                                                      and ir >= solo_ir_resources(st)):
            return f"Islamist Rule over {ir} Resources, adjacency not needed (9.1)", "9.1"
    elif islamist_rule_win(st, t):
        if st.rulings.ir_win_adjacency == "connected_group":
            return (f"Islamist Rule over {connected_islamist_resources(st)} Resources within one group "
                    "of adjacent countries (2.1.2)"), "2.1.2"
        return "Islamist Rule over at least 6 Resources including 2 adjacent countries (2.1.2)", "2.1.2"
    if st.d["prestige"] == JIHADIST_PRESTIGE and t.poor_or_islamist >= JIHADIST_POOR_OR_IR:
        return "US Prestige 1 and at least 15 Muslim countries Poor or Islamist Rule (2.1.2)", "2.1.2"
    return None


def declare(st, winner: str, reason: str, rule: str) -> None:
    st.d["terminal"] = {"winner": winner, "reason": reason, "rule": rule}
    st._applied.append(rule)


@implements("2.2")
def acting_side(st) -> str:
    """The side acting now: the side implementing the innermost running event (2.2: the player of
    Oil Price Spike wins a double victory its event causes), else the side of the phase."""
    for frame in reversed(st.d["stack"]):
        if frame["proc"] == "event":
            return frame["side"]
    return PHASE_SIDE.get(st.d["phase"], "Jihadist")


def oil_price_spike_running(st) -> bool:
    """2.2's own case: an Oil Price Spike event (cards 117, 118) is being resolved."""
    return any(f["proc"] == "event" and f["card"] in (117, 118) for f in st.d["stack"])


#: The procedures that resolve one card: its play for an event, operations or Reserves
#: (``play_card``; ``solo_card`` for the solo Jihadist, 9.4.1) and an event outside any card play
#: (``event``: US Election discarded as the final card, 5.2.4). Read by A44 ``end_of_card``.
CARD_PROCS = ("play_card", "solo_card", "event")


@implements("2.1", "6.1")
def card_in_progress(st) -> bool:
    """A card's event or operations are being resolved: a frame of :data:`CARD_PROCS` is running
    (6.1: a card is played for its event or for operations; an event or operation a card's
    resolution starts -- a triggered event, an operation an event grants -- is part of it)."""
    return any(f["proc"] in CARD_PROCS for f in st.d["stack"])


@implements("2.1")
def instant_check_deferred(st) -> bool:
    """Ruling ``instant_victory_check`` (A44), 2.1.1/2.1.2 "nel momento in cui": ``each_step``
    (default) checks after every atomic step; ``end_of_card`` checks only once the running card's
    event or operation is complete (so a condition that holds midway through a card and is undone
    later in it does not win), and at every step outside any card (plot resolution 5.2.3, the end
    of turn 5.2.5). Project decisions: the whole card is one unit (an event it triggers included,
    6.3.2.1); at the deferred check no event runs any more, so a tie (2.2, ``simultaneous_victory``)
    goes to the phasing side, who played the card; a game-length reshuffle during a card (5.3.1)
    ends the game at once by 2.3, as under either reading."""
    return st.rulings.instant_victory_check == "end_of_card" and card_in_progress(st)


_GOV = itemgetter("gov")


def muslim_conditions_key(st, solo: bool) -> tuple:
    """Everything the instant-victory conditions read besides the cells (2.1.1, 2.1.2, 9.1): each
    Muslim country's Governance, the Oil Price Spikes in effect (the only change to a Resources
    value, cards 117 and 118), Prestige, the solo option and the rulings. While it is unchanged
    and cells remain on the map, the conditions are as unmet as they were at the last check that
    found none held (:func:`check_instant` remembers that check's key on the state object)."""
    d = st.d
    lapsing, effects = d["lapsing"], d["lapsing_effects"]
    spikes = (lapsing.count(117) + lapsing.count(118) + effects.count(117) + effects.count(118)
              if lapsing or effects else 0)
    return (tuple(map(_GOV, st.muslim_records_of(d["countries"]))), spikes, d["prestige"], solo, st.rulings)


@implements("2.1", "2.2")
def check_instant(st) -> None:
    """Check instant victory 'at the moment' (2.1): called by the engine after every step (under
    ``instant_victory_check`` = ``end_of_card``, A44, not while a card is being resolved:
    :func:`instant_check_deferred`).

    If both sides' conditions hold at once, the side acting wins (2.2 for Oil Price Spike; the
    ``simultaneous_victory`` ruling otherwise: the acting side, or the phasing side)."""
    d = st.d
    if d["terminal"] is not None or not d["started"]:
        return
    solo = is_solo(st)
    key = muslim_conditions_key(st, solo)
    if key == st._muslim_conditions_unmet and (solo or not no_cells_on_map(st)):
        return  # the Muslim countries' conditions were unmet with these inputs, and cells remain
    t = MuslimTally(st)
    us = us_instant_win(st, t)
    jihad_win = jihadist_win(st, t)
    if not (us or jihad_win) or instant_check_deferred(st):
        if not (us or jihad_win):
            st._muslim_conditions_unmet = key
        return  # the A44 ruling is read only when a condition holds, the one case it changes
    jihad, jihad_rule = jihad_win if jihad_win else (None, None)
    if us and jihad:
        side = acting_side(st)
        if st.rulings.simultaneous_victory == "phasing_side" and not oil_price_spike_running(st):
            side = PHASE_SIDE.get(d["phase"], "Jihadist")
        declare(st, side, (us if side == "US" else jihad) + "; both sides' conditions held at once",
                "2.2")
    elif us:
        declare(st, "US", us, "2.1.1")
    elif jihad:
        declare(st, "Jihadist", jihad, jihad_rule)


SOLO_END_THRESHOLD = {1: 6, 2: 9, 3: 12}


@implements("2.3", "9.1")
def end_of_game(st) -> None:
    """2.3: at the end-game reshuffle the US wins iff Good Resources exceed twice the Islamist
    Rule Resources, counting green (this turn's) Regime Change countries as Islamist Rule.
    Ruling ``end_game_measure`` (D03): ``resources`` (IT/PL, default) or ``countries`` (ES "países":
    the number of Good countries against twice the number of Islamist Rule countries, green Regime
    Change countries again counted as Islamist Rule).
    9.1, solo: the US also loses if fewer than 6, 9 or 12 Resources are Good in a game of 1, 2 or
    3 decks (``solo_end_measure``, D04: Resources; ES: Good countries)."""
    good = good_resources(st)
    ir = islamist_resources(st, count_green_rc=True)
    if is_solo(st):
        need = SOLO_END_THRESHOLD[st.d["decks"]]
        have = good if st.rulings.solo_end_measure == "resources" else count_governance(st, ("good",))
        if have < need:
            what = "Good Resources" if st.rulings.solo_end_measure == "resources" else "Good countries"
            declare(st, "Jihadist", f"end of a {st.d['decks']}-deck solo game: {what} {have} < {need} (9.1)", "9.1")
            return
    what = "Resources"
    if st.rulings.end_game_measure == "countries":
        good, ir, what = count_governance(st, ("good",)), islamist_countries(st, count_green_rc=True), "countries"
    if good > 2 * ir:
        declare(st, "US", f"end of game: Good {what} {good} > 2 x Islamist Rule {what} {ir} (2.3)", "2.3")
    else:
        declare(st, "Jihadist", f"end of game: Good {what} {good} <= 2 x Islamist Rule {what} {ir} (2.3)", "2.3")
