"""Jihadist operations (chapter 8): Recruit (8.2), Travel (8.3), Jihad with minor and major Jihad,
failure, Besieged Regime, Islamic Revolution and the Pakistani arsenal (8.4), Plot (8.5).

8.1.2: for each card the Jihadist declares the operation and where each die goes before rolling;
the rolls of one card are simultaneous. Each die assignment is one atomic choice; the
``jihadist_ops_fully_used`` ruling decides whether he may stop before every ops point is used.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.countries import (
    ALIGN_TOWARD_ALLY, WORSE, cells, counted_active_cells, counted_cells, cylinders, gov_value, governance,
    is_regime_change, place_cells_from_track, remove_cells_to_track, remove_sadr, resources, sadr,
    sadr_counts_for_play, set_governance, troops,
)
from cdg_oracle.model.labyrinth.engine import ask, ask_values, cite, pop, procedure, roll
from cdg_oracle.model.labyrinth.events.lasting import in_effect, lapsing_in_effect, marker_on
from cdg_oracle.model.labyrinth.options import failed_jihad_keeps_cells, is_solo, major_jihad_margin
from cdg_oracle.model.labyrinth.tables import push_test
from cdg_oracle.model.labyrinth.tracks import GOV_VALUE, available_cells_of, shift_funding, shift_prestige

DONE = "done"


@implements("8.1.1")
def succeeds_against(gov: str, die: int) -> bool:
    """8.1.1: a die succeeds on <= the Governance value (Good 1, Fair 2, Poor 3); Islamist Rule is
    automatic."""
    return gov == "islamist_rule" or die <= GOV_VALUE[gov]


def success(st, name: str, die: int) -> bool:
    """8.1.1 against ``name``'s current Governance (fixed for non-Muslim countries and Iran)."""
    return succeeds_against(governance(st, name), die)


def _assign_options(f, targets: list[str], fully_used: bool) -> list:
    """8.1.2: ``{"country": n}`` for each of ``targets`` (a list: the question hands these ids
    over, ``key="country", values=targets``, model/core/stack.py), then ``"done"`` when the
    Jihadist may stop."""
    options = [{"country": n} for n in targets]
    if f["dice"] and (not fully_used or not options):
        options.append(DONE)
    return options


# -- Recruit (8.2) -------------------------------------------------------------------------------
@implements("8.2.2")
def recruit_targets(st) -> list[str]:
    """8.2.2: a country that already has a cell (Sadr counts, card 54; ruling ``sadr_counts``, A09)
    or a Cadre, and that may be Recruited in at all (Iran: :func:`recruit_allowed_in`, A19)."""
    return [n for n, c in st.d["countries"].items()
            if (counted_cells(st, c) or c["cadre"]) and recruit_allowed_in(st, n)]


@implements("4.4", "8.2.2")
def recruit_allowed_in(st, name: str) -> bool:
    """4.4 Iran, neither Muslim nor non-Muslim: the rules exclude it from Jihad (8.4) and Disrupt
    (7.4.1) but say nothing of Recruit (A19, ruling ``iran_recruit``). True (default, the explicit
    lists): Recruit may target Iran like any country with a cell or Cadre; False: Iran is closed to
    Recruit, as to the operations that exclude it. The ruling is read only for Iran."""
    return st.map.countries[name].type != "iran" or st.rulings.iran_recruit


@implements("8.2.3", "8.2.4", "4.3.4")
def recruit_succeeds(st, name: str, die: int | None) -> bool:
    """8.2.3: automatic in a Regime Change country; 8.2.4: a printed REC number replaces the
    Governance value; Islamist Rule is automatic (8.1.1)."""
    if recruit_is_automatic(st, name):
        return True
    rec = st.map.countries[name].recruit
    if rec is not None:
        return die <= rec
    return die <= gov_value(st, name)


def recruit_is_automatic(st, name: str) -> bool:
    c = st.d["countries"][name]
    return is_regime_change(c) or c["gov"] == "islamist_rule"


@implements("8.2.1", "8.2.3", "8.1.1")
def recruit_die(st, name: str, die: int | None, rule: str, prompt: str, *,
                automatic=recruit_is_automatic, succeeds=recruit_succeeds,
                cite_automatic: bool = False) -> bool | None:
    """One Recruit die in ``name`` (8.2.1), the step every Recruit shares (the operation, the
    Recruits of cards 48, 53 and 82, the solo bot's 9.4.2.5). ``die`` None: an automatic Recruit
    (``automatic``: 8.2.3 Regime Change, 8.1.1 Islamist Rule) succeeds without a die (True; with
    ``cite_automatic`` the rule is cited), otherwise the die is posed as a chance node (``rule``,
    ``prompt``) and None is returned. ``die`` given: whether it succeeds (``succeeds``: 8.2.1
    Governance, 8.2.4 REC number)."""
    if die is not None:
        return succeeds(st, name, die)
    if automatic(st, name):
        if cite_automatic:
            cite(st, "8.2.3" if is_regime_change(st.d["countries"][name]) else "8.1.1")
        return True
    roll(st, rule, prompt)
    return None


def _one_cell(st) -> int:
    """8.2.1: a Recruit success places one cell."""
    return 1


@dataclass(frozen=True)
class RecruitBy:
    """How a Recruit with a card's ops is conducted (:func:`recruit_with_card`): the operation
    (8.2, ``card`` None) or an event's Recruit (``card``: "card 48", "card 53"). What differs:

    ``gtmo``: the Recruit kind GTMO may stop (card 114, A47: :func:`gtmo_stops`); ``targets``:
    where a die may go (8.2.2); ``automatic``, ``succeeds``: the die (8.2.3, 8.2.4); ``pool``: the
    cells a success may take (4.7.4.2 Available cells, or the Funding track when Funding is
    ignored); ``per_success``: cells per success (9.7 Attractive: two)."""
    card: str | None
    gtmo: str
    targets: Callable = recruit_targets
    automatic: Callable = recruit_is_automatic
    succeeds: Callable = recruit_succeeds
    pool: Callable = available_cells_of
    per_success: Callable = _one_cell

    @property
    def tag(self) -> tuple:
        """What the event's steps cite besides the rule: its card."""
        return (self.card,) if self.card else ()

    @property
    def placed(self) -> tuple:
        """What a placement cites besides 8.2.1 / 8.1.2: the card, or 4.7.4.2 for the operation."""
        return self.tag or ("4.7.4.2",)

    def prefix(self, text: str) -> str:
        return f"{self.card} {text}" if self.card else text


RECRUIT_OPERATION = RecruitBy(card=None, gtmo="operation")


@implements("8.2.1", "8.1.2", "4.9.4", "card 114")
def recruit_with_card(st, f, a, how: RecruitBy) -> None:
    """A Recruit with the ``value`` ops of a card (8.2), conducted as ``how`` says: one die per ops
    point assigned to a country of ``how.targets`` (one atomic choice each; ruling
    ``jihadist_ops_fully_used``, 8.1.2); untested sites tested before the dice (4.9.4); one die
    each (:func:`recruit_die`); then the successes place Sleeper cells from ``how.pool`` (4.7.4.2),
    distributed one at a time by the Jihadist when short in two or more countries (8.1.2; in one
    country there is nothing to choose). GTMO in effect (card 114): nothing, as ``how.gtmo`` says."""
    if f["pc"] == "start":
        if gtmo_stops(st, how.gtmo):
            # Card 114 (A47): no Recruit operation this turn, also one an event's instruction
            # (a "second card" to Recruit) would start: it does nothing (ruling gtmo_blocks).
            cite(st, *how.tag, "card 114")
            pop(st)
            return
        f["dice"] = []
        f["pc"] = "assign"
    if f["pc"] == "assign":
        _recruit_assign(st, f, a, how)
        return
    if f["pc"] == "roll":
        _recruit_roll(st, f, a, how)
        return
    if f["pc"] == "place":
        _recruit_place(st, f, a, how)


@implements("8.1.2")
def _recruit_assign(st, f, a, how: RecruitBy) -> None:
    """8.1.2: the Jihadist assigns each die to a country before rolling (``{"country": X}``, or
    ``"done"`` when he may stop); with no country left nothing is recruited."""
    if a is None:
        if len(f["dice"]) < f["value"]:
            targets = how.targets(st)
            if targets.__class__ is not list:
                targets = list(targets)
            options = _assign_options(f, targets, st.rulings.jihadist_ops_fully_used)
            if options:
                ask(st, "Jihadist", options, "8.1.2",
                    how.prefix(f"Recruit: die {len(f['dice']) + 1} in which country"), key="country", values=targets)
                return
        a = DONE
    if a != DONE:
        f["dice"].append(a["country"])
        return
    if not f["dice"]:
        pop(st)  # nowhere to recruit: nothing happens
        return
    f.update(pc="roll", i=0, hits={}, tested=False)


@implements("8.2.1", "4.9.4")
def _recruit_roll(st, f, a, how: RecruitBy) -> None:
    """4.9.4: the untested sites are tested first; then one die per assignment (8.2.1)."""
    if a is None and not f.get("tested"):
        f["tested"] = True
        for n in reversed(list(dict.fromkeys(f["dice"]))):
            push_test(st, n)
        return
    if a is None and f["i"] >= len(f["dice"]):
        f["pc"] = "place"
        return
    name = f["dice"][f["i"]]
    ok = recruit_die(st, name, None if a is None else a["die"], how.card or "8.2.1",
                     how.prefix(f"Recruit die in {name}"), automatic=how.automatic,
                     succeeds=how.succeeds, cite_automatic=True)
    if ok is None:
        return
    if ok:
        f["hits"][name] = f["hits"].get(name, 0) + how.per_success(st)
    f["i"] += 1
    if a is not None:
        cite(st, "8.2.1", *how.tag)


@implements("8.2.1", "8.1.2", "4.7.4.2")
def _recruit_place(st, f, a, how: RecruitBy) -> None:
    """8.2.1: each success places a Sleeper from ``how.pool`` (4.7.4.2); more successes than cells
    in two or more countries: the Jihadist places them one at a time (8.1.2)."""
    hits = {n: k for n, k in f["hits"].items() if k > 0}
    avail = how.pool(st)
    if a is None:
        if not hits or avail <= 0:
            cite(st, *how.tag)
            pop(st)
            return
        if sum(hits.values()) <= avail or len(hits) == 1:
            # Every success is placed, or all of them are in one country: nothing to choose.
            for n, k in hits.items():
                place_cells_from_track(st, n, min(k, avail))
            cite(st, "8.2.1", *how.placed)
            pop(st)
            return
        # Map order, not the hits dict's (its key order changes through JSON, sort_keys).
        ask_values(st, "Jihadist", "country", [n for n in st.map.names if n in hits], "8.1.2",
            how.prefix("Recruit: more successes than Available cells; place one in"
                       if not how.card else "Recruit: more successes than cells; place one in"))
        return
    place_cells_from_track(st, a["country"], 1)
    f["hits"][a["country"]] -= 1
    cite(st, "8.1.2", *how.placed)


@procedure("op_recruit")
@implements("8.2.1", "8.1.2")
def op_recruit(st, f, a) -> None:
    """8.2.1: each successful die places one Available Sleeper cell (4.7.4.2); a failed die does
    nothing. With more successes than Available cells in two or more countries, the Jihadist
    distributes them one at a time (8.1.2); in one country there is nothing to choose. An untested
    site is tested before the dice (4.9.4). Card 114 GTMO: no Recruit operation this turn (A47)."""
    recruit_with_card(st, f, a, RECRUIT_OPERATION)


@implements("card 114")
def gtmo(st) -> bool:
    """Card 114 GTMO (LAPSING): "Nessuna operazione di reclutamento ... per il resto di questo
    turno" (A47: Recruit *operations*, an event's "Recruit with the second card" included, unless
    the ``gtmo_blocks`` ruling says otherwise: :func:`gtmo_stops`)."""
    return lapsing_in_effect(st, 114)


@implements("card 114", "8.2")
def gtmo_stops(st, kind: str) -> bool:
    """Whether GTMO in effect stops a Recruit of ``kind`` (A47, ruling ``gtmo_blocks``):
    ``"operation"`` (a Recruit operation, 8.2: always), ``"second_card"`` (the Recruit cards 48 Adam
    Gadahn and 53 Madrassas order with the second card: stopped under ``ops_and_second_card``, the
    default, and ``all_recruits``; not under ``ops_only``), ``"event"`` (card 82 Jihadist Videos'
    Recruit: stopped only under ``all_recruits``)."""
    if not gtmo(st):
        return False
    reading = st.rulings.gtmo_blocks
    if kind == "operation":
        return True
    if kind == "second_card":
        return reading != "ops_only"
    if kind == "event":
        return reading == "all_recruits"
    raise ValueError(f"gtmo_stops: unknown Recruit kind {kind!r}")


# -- Travel (8.3) --------------------------------------------------------------------------------
@implements("card 2")
def biometrics(st) -> bool:
    """Card 2 Biometrics (LAPSING) is in effect this turn."""
    return lapsing_in_effect(st, 2)


@implements("8.3.1", "card 2")
def travel_destinations(st, src: str) -> list[str]:
    """8.3.1: any country, the origin included (to turn Sleeper). Card 2 Biometrics: "non è
    possibile lo spostamento non adiacente": this turn only the origin and its adjacent countries."""
    if not biometrics(st):
        return list(st.map.names)
    pa = st.patriot_act()
    return [n for n in st.map.names if n == src or st.map.are_adjacent(src, n, patriot_act=pa)]


@implements("8.3.1", "card 2")
def travel_needs_roll(st, src: str, dst: str) -> bool:
    """8.3.1: Travel within a country, to an adjacent one or to an Islamist Rule one is automatic;
    otherwise a die <= the destination's Governance is needed. Card 2 Biometrics: "lo spostamento a
    paesi Buoni adiacenti deve tirare per avere successo": to an adjacent Good country it rolls too,
    succeeding on 1 (A48: the Good value, as any Travel roll)."""
    if src == dst or governance(st, dst) == "islamist_rule":
        return False
    if st.map.are_adjacent(src, dst, patriot_act=st.patriot_act()):
        return biometrics(st) and governance(st, dst) == "good"
    return True


def _undeclared(f, name: str, c: dict) -> tuple[int, int]:
    """(actives, sleepers) in ``name`` not yet declared to travel with this card (8.3.3)."""
    used = f["declared"].get(name, [0, 0])
    return c["actives"] - used[0], c["sleepers"] - used[1]


@procedure("op_travel")
@implements("8.3.1", "8.3.2", "8.3.3", "4.9.4")
def op_travel(st, f, a) -> None:
    """8.3: each ops point moves one cell to any country or within its own (turning it Sleeper).
    All origins and destinations are declared before rolling, and a cell travels at most once per
    card (8.3.3). Travel to an adjacent country or in place is automatic; otherwise a die <= the
    destination's Governance (Islamist Rule automatic) is needed (8.3.1); an untested destination
    is tested first (4.9.4). A failed roll returns the cell to the Funding track, no Cadre (8.3.2).
    Once every cell on the map is declared the remaining ops points are lost, without a question.
    Only cylinders travel: Sadr "non può spostarsi" (card 54). Card 2 Biometrics changes which
    destinations may be declared and which travels roll (:func:`travel_destinations`,
    :func:`travel_needs_roll`)."""
    d = st.d
    pc = f["pc"]
    if pc == "start":
        f["moves"] = []
        f["declared"] = {}
        f["pc"] = "from"
    if f["pc"] == "from":
        if a is None:
            if len(f["moves"]) >= f["value"]:
                f["pc"] = "resolve"
                f["i"] = 0
                return
            sources = [n for n, c in d["countries"].items() if sum(_undeclared(f, n, c)) > 0]
            if not sources:
                # 8.3.3: every cell is already declared; the rest of the card cannot be used
                # (as for Jihad and Plot when no cell is left for a die: no forced "done").
                f["pc"] = "resolve"
                f["i"] = 0
                return
            options = [{"from": n} for n in sources]
            if f["moves"] and not st.rulings.jihadist_ops_fully_used:
                options.append(DONE)
            ask(st, "Jihadist", options, "8.3.3", f"Travel: cell {len(f['moves']) + 1} from", key="from",
                values=sources)
            return
        if a == DONE:
            f["pc"] = "resolve"
            f["i"] = 0
            return
        f["cur"] = {"from": a["from"]}
        act, slp = _undeclared(f, a["from"], d["countries"][a["from"]])
        if act and slp:
            f["pc"] = "cell"
            ask(st, "Jihadist", [{"cell": "active"}, {"cell": "sleeper"}], "8.3.1", f"Travel from {a['from']}: which cell",
                key="cell")
            return
        f["cur"]["cell"] = "active" if act else "sleeper"
        f["pc"] = "to"
        return
    if f["pc"] == "cell":
        if a is None:  # the question posed again
            ask(st, "Jihadist", [{"cell": "active"}, {"cell": "sleeper"}], "8.3.1",
                f"Travel from {f['cur']['from']}: which cell", key="cell")
            return
        f["cur"]["cell"] = a["cell"]
        f["pc"] = "to"
        return
    if f["pc"] == "to":
        if a is None:
            if biometrics(st):
                cite(st, "card 2")
            ask_values(st, "Jihadist", "to", travel_destinations(st, f["cur"]["from"]), "8.3.1",
                f"Travel from {f['cur']['from']}: to")
            return
        move = dict(f["cur"], to=a["to"])
        f["moves"].append(move)
        used = f["declared"].setdefault(move["from"], [0, 0])
        used[0 if move["cell"] == "active" else 1] += 1
        f["pc"] = "from"
        return
    if f["pc"] == "resolve":
        if f["i"] >= len(f["moves"]):
            pop(st)
            return
        move = f["moves"][f["i"]]
        if a is None:
            if not move.get("tested"):
                move["tested"] = True
                push_test(st, move["to"])
                return
            src, dst = move["from"], move["to"]
            if not travel_needs_roll(st, src, dst):
                _arrive(st, move, True)
                return
            roll(st, "8.3.1", f"Travel roll {src} -> {dst}")
            return
        adjacent = st.map.are_adjacent(move["from"], move["to"], patriot_act=st.patriot_act())
        if biometrics(st) and adjacent:
            cite(st, "card 2")
        _arrive(st, move, travel_roll_succeeds(st, move["to"], a["die"], adjacent))
        return


@implements("8.3.1", "8.1.1", "card 2")
def travel_roll_succeeds(st, dst: str, die: int, adjacent: bool = False) -> bool:
    """8.3.1: a Travel roll succeeds on a die <= the destination's Governance value (8.1.1).
    Ruling ``travel_roll_strict`` (D07, ES "menor que"): True makes a non-adjacent Travel roll
    succeed only on a die strictly less than that value, so a Good destination is never reached by
    a roll. The adjacent roll of card 2 Biometrics (A48: the Good value, 1) keeps <= either way."""
    value = gov_value(st, dst)
    if st.rulings.travel_roll_strict and not adjacent:
        return die < value
    return die <= value


@implements("4.8.4")
def travel_removes_cadre(st, src: str, dst: str) -> None:
    """A cell has Travelled from ``src`` into ``dst``. 4.8.4 removes a Cadre only when a cell is
    placed from the Funding track, so by default the Cadre stays. Ruling ``cadre_removed_by_travel``
    (A31) True: a cell Travelling into a country with a Cadre removes the Cadre (not a Travel
    within the same country)."""
    c = st.d["countries"][dst]
    if st.rulings.cadre_removed_by_travel and src != dst and c["cadre"]:
        c["cadre"] = False
        cite(st, "4.8.4")


def _arrive(st, move: dict, ok: bool) -> None:
    src = st.d["countries"][move["from"]]
    act = move["cell"] == "active"
    if ok:
        if act:
            src["actives"] -= 1
        else:
            src["sleepers"] -= 1
        st.d["countries"][move["to"]]["sleepers"] += 1
        cite(st, "8.3.1")
        travel_removes_cadre(st, move["from"], move["to"])
    else:
        remove_cells_to_track(st, move["from"], 1 if act else 0, 0 if act else 1)
        cite(st, "8.3.2")
    frame = st.d["stack"][-1]
    frame["i"] += 1


# -- Jihad (8.4) and Plot (8.5): dice need one cell each -------------------------------------------
@implements("8.4", "card 33")
def jihad_targets(st, f) -> list[str]:
    """8.4: a Muslim country (not Iran) not under Islamist Rule, with a cell for every die (Sadr
    counts, card 54, under the ruling ``sadr_counts`` "as_cell", A09). Card 33 Benazir Bhutto:
    "Nessuna jihad lì": none in Pakistan while its marker is there."""
    out = []
    for n in st.map.muslim:
        c = st.d["countries"][n]
        if c["gov"] not in (None, "islamist_rule") and f["dice"].count(n) < counted_cells(st, c) \
                and not marker_on(st, "Benazir Bhutto", n):
            out.append(n)
    return out


@implements("8.5.1")
def plot_targets(st, f) -> list[str]:
    """8.5.1: any country (Iran included) not under Islamist Rule, with a cell for every die (Sadr
    counts under the ruling ``sadr_counts`` "as_cell", A09)."""
    return [n for n, c in st.d["countries"].items()
            if c["gov"] != "islamist_rule" and f["dice"].count(n) < counted_cells(st, c)]


@implements("8.4.2", "8.4.3.2")
def major_jihad_eligible(st, name: str, dice: int, value: int) -> bool:
    """8.4.2: cells exceed troops by 5+ at the start of the operation; a card of value 2 or 3 is
    needed to reach Islamist Rule, except with a Besieged Regime (8.4.3.2). Sadr is a cell (card
    54; not under the ruling ``sadr_counts`` "iraq_event_only", A09), NATO 2 troops (card 41)."""
    c = st.d["countries"][name]
    return counted_cells(st, c) - troops(st, name) >= major_jihad_margin(st) and (value >= 2 or c["besieged"])


def _dice_cells(st, f, a, who: str, rule: str) -> bool:
    """Shared steps of Jihad and Plot: assign dice to countries, then choose which cells are used.
    Returns True once every die is assigned and every used cell chosen."""
    d = st.d
    if f["pc"] == "start":
        f["dice"] = []
        f["pc"] = "assign"
    if f["pc"] == "assign":
        targets = jihad_targets(st, f) if who == "jihad" else plot_targets(st, f)
        if a is None:
            if len(f["dice"]) >= f["value"] or (not targets and f["dice"]):
                f["pc"] = "major"
                f["order"] = list(dict.fromkeys(f["dice"]))
                f["k"] = 0
                f["major"] = {}
                return False
            if targets.__class__ is not list:
                targets = list(targets)
            options = _assign_options(f, targets, st.rulings.jihadist_ops_fully_used)
            ask(st, "Jihadist", options, rule, f"{who.capitalize()}: die {len(f['dice']) + 1} in which country",
                key="country", values=targets)
            return False
        if a == DONE:
            f["pc"] = "major"
            f["order"] = list(dict.fromkeys(f["dice"]))
            f["k"] = 0
            f["major"] = {}
            return False
        f["dice"].append(a["country"])
        return False
    if f["pc"] == "major":
        if f["k"] >= len(f["order"]):
            f["pc"] = "sleepers"
            f["k"] = 0
            return False
        name = f["order"][f["k"]]
        if a is None:
            if who == "jihad" and major_jihad_eligible(st, name, f["dice"].count(name), f["value"]):
                ask(st, "Jihadist", [{"major": True}, {"major": False}], "8.4.2", f"Major Jihad in {name}?")
                return False
            f["major"][name] = False
            f["k"] += 1
            return False
        f["major"][name] = a["major"]
        f["k"] += 1
        return False
    if f["pc"] == "sleepers":
        if f["k"] >= len(f["order"]):
            f["pc"] = "roll"
            f["k"] = 0
            f["i"] = 0
            f["results"] = []
            return True
        name = f["order"][f["k"]]
        c = d["countries"][name]
        used = f["dice"].count(name)
        if f["major"][name]:
            # 8.4.2: all Sleeper cells there become Active.
            c["actives"] += c["sleepers"]
            c["sleepers"] = 0
            cite(st, "8.4.2")
            f["k"] += 1
            return False
        # Sadr is an Active cell (card 54): it can support a die without a Sleeper being used
        # (not under the ruling sadr_counts "iraq_event_only", A09).
        lo, hi = max(0, used - counted_active_cells(st, c)), min(used, c["sleepers"])
        if a is None and lo < hi:
            ask_values(st, "Jihadist", "sleepers", range(lo, hi + 1), rule,
                f"{who.capitalize()} in {name}: how many of the {used} cells used are Sleepers")
            return False
        k = lo if a is None else a["sleepers"]
        c["sleepers"] -= k
        c["actives"] += k
        cite(st, "8.4" if who == "jihad" else "8.5.1")
        f["k"] += 1
        return False
    return True


def _roll_all(st, f, a, rule: str) -> bool:
    """Roll one die per assignment (chance nodes); True when every die is rolled."""
    if a is not None:
        f["results"].append(a["die"])
        f["i"] += 1
    if f["i"] >= len(f["dice"]):
        return True
    roll(st, rule, f"die {f['i'] + 1} in {f['dice'][f['i']]}")
    return False


@procedure("op_jihad")
@implements("8.4.1", "8.4.2", "8.4.3", "8.4.3.1")
def op_jihad(st, f, a) -> None:
    """8.4: roll the dice (against the Governance at the start, all simultaneous, 8.1.2) and resolve
    each country: successes worsen Governance toward Poor and remove an Aid each (8.4.1); in a
    Major Jihad, Poor becomes Islamist Rule with 2 more successes (1 with a Besieged Regime,
    8.4.2, 8.4.3.2); each failure returns a cell to the Funding track (8.4.3); 3 dice failing in a
    country Poor at the start place a Besieged Regime and shift it toward Ally (8.4.3.1).

    Countries are resolved one per step (instant victory is checked after each, 2.1). Where
    Moqtada al-Sadr (card 54, an Active cell) is and a die failed, the Jihadist first says whether
    Sadr is among the cells the failures remove (``{"remove_sadr": true | false}``; only ``true``
    is offered, and still posed, when the Active cylinders are fewer than the failures; never
    asked under the ruling ``sadr_counts`` "iraq_event_only", A09). Card 33
    Benazir Bhutto: no Jihad in Pakistan (``jihad_targets``)."""
    if f["pc"] not in ("roll", "resolve"):
        if not _dice_cells(st, f, a, "jihad", "8.4"):
            return
        a = None
    if f["pc"] == "roll":
        if "start_gov" not in f:
            f["start_gov"] = {n: st.d["countries"][n]["gov"] for n in f["order"]}
        if not _roll_all(st, f, a, "8.4"):
            return
        f["pc"] = "resolve"
        f["k"] = 0
        a = None
    # resolve each country in turn; Sadr there and a failure: the Jihadist says if Sadr is lost.
    if f["k"] >= len(f["order"]):
        pop(st)
        return
    name = f["order"][f["k"]]
    c = st.d["countries"][name]
    rolls = [r for n, r in zip(f["dice"], f["results"]) if n == name]
    hits = sum(1 for r in rolls if succeeds_against(f["start_gov"][name], r))
    fails = len(rolls) - hits
    if a is None and fails and sadr(c) and sadr_counts_for_play(st):
        # A09, ruling sadr_counts: under "iraq_event_only" no die used Sadr and no failure takes it.
        options = [{"remove_sadr": True}]
        if c["actives"] >= fails:
            options.append({"remove_sadr": False})
        ask(st, "Jihadist", options, "8.4.3",
            f"Jihad in {name}: {fails} failed dice remove cells; is Moqtada al-Sadr among them?")
        return
    lose_sadr = a is not None and a["remove_sadr"]
    resolve_jihad(st, name, f["start_gov"][name], len(rolls), hits, f["major"][name], lose_sadr)
    f["k"] += 1


@implements("8.4.1", "8.4.2", "8.4.3", "8.4.3.1", "8.4.3.2", "7.2.2.3", "card 54")
def resolve_jihad(st, name: str, start_gov: str, dice: int, hits: int, major: bool,
                  lose_sadr: bool = False) -> None:
    """One country's Jihad dice, once rolled. ``lose_sadr``: one of the failures removes Moqtada
    al-Sadr, which leaves the game (card 54: "Se la cellula viene rimossa, rimuovete il segnalino
    dal gioco"; A09); the other failures remove cylinders.

    Aid (7.2.2.3, 8.4.1, ruling ``aid_removed_per``, D27): "success" (default, PL/ES and IT 8.4.1)
    each successful die removes an Aid marker; "roll" (IT 7.2.2.3 literal) every die rolled does,
    the failures included."""
    d = st.d
    c = d["countries"][name]
    fails = dice - hits
    left = hits
    while left and c["gov"] in ("good", "fair"):
        set_governance(st, name, WORSE[c["gov"]])
        c["aid"] = max(0, c["aid"] - 1)
        left -= 1
        cite(st, "8.4.1")
    revolution = False
    if major and c["gov"] == "poor" and left >= (1 if c["besieged"] else 2):
        revolution = True
    else:
        c["aid"] = max(0, c["aid"] - left)
    if fails and st.rulings.aid_removed_per == "roll" and c["aid"]:
        # 7.2.2.3 (D27, ruling aid_removed_per "roll", IT "Un tiro di dado per la risoluzione della
        # jihad ... rimuove un Aiuto"): each failed die removes an Aid too.
        c["aid"] = max(0, c["aid"] - fails)
        cite(st, "7.2.2.3")
    # 8.4.3: each failed die removes a (now Active) cell to the Funding track; no Cadre.
    if fails and failed_jihad_keeps_cells(st):
        fails = 0  # 9.7 Virulent: failed Jihad dice do not remove cells
        cite(st, "9.7")
    if fails and lose_sadr and sadr(c):
        remove_sadr(st, name)
        fails -= 1
        cite(st, "card 54")
    if fails:
        fails = min(fails, cylinders(c))
        remove_cells_to_track(st, name, min(fails, c["actives"]), max(0, fails - c["actives"]))
        cite(st, "8.4.3")
    if revolution:
        islamic_revolution(st, name)
        return
    needs_major = st.rulings.major_jihad_failure_needs_major
    if dice == 3 and start_gov == "poor" and (major or not needs_major):
        c["besieged"] = True
        c["align"] = ALIGN_TOWARD_ALLY[c["align"]]
        cite(st, "8.4.3.1")


@implements("8.4.4", "8.4.5")
def islamic_revolution(st, name: str) -> None:
    """8.4.4: Islamist Rule; Adversary; remove Regime Change, Besieged Regime and Aid; Funding +
    the country's Resources; Prestige to 1 if troops are there (they stay). 8.4.5: the first time
    Pakistan falls, its 3 arsenal WMD plots become Available. The Resources with an Oil Price Spike
    in effect: ruling ``oil_spike_scope`` (A39, countries.resources)."""
    d = st.d
    c = d["countries"][name]
    had_troops = troops(st, name) > 0  # NATO counts (card 41) and leaves with the Regime Change marker
    set_governance(st, name, "islamist_rule")
    c["align"] = "adversary"
    shift_funding(d, resources(st, name, for_victory=False))  # A39: oil_spike_scope
    if had_troops:
        d["prestige"] = 1
    cite(st, "8.4.4")
    if name == "Pakistan" and d["wmd_boxes"]["pakistan_arsenal"]:
        wmd_added(st, d["wmd_boxes"]["pakistan_arsenal"])
        d["wmd_boxes"]["pakistan_arsenal"] = 0
        cite(st, "8.4.5")


@implements("8.5.2", "card 57")
def place_plot(st, name: str, plot) -> None:
    """Place Available plot marker ``plot`` (1-3 or "WMD") face down in ``name`` (8.5.2), by an
    operation or an event. Abu Sayyaf (card 57) in effect: a plot placed in the Philippines costs
    1 Prestige unless troops there outnumber cells (A03: the card's text, troops <= cells; the
    clarification: it need not be unblocked). Ruling ``abu_sayyaf_prestige_tie`` (A03):
    "troops_not_more" (default, the card's text) costs Prestige when troops <= cells;
    "cells_more" (the card clarification) only when cells > troops, so not when they are equal."""
    d = st.d
    if plot == "WMD":
        d["wmd_available"] -= 1
    else:
        d["plots_available"].remove(plot)
    c = d["countries"][name]
    c["plots"].append(plot)
    c["plots"].sort(key=str)
    cite(st, "8.5.2")
    if name == "Philippines" and in_effect(st, "Abu Sayyaf") and _abu_sayyaf_costs(st, troops(st, name), cells(c)):
        shift_prestige(d, -1)
        cite(st, "card 57")


def _abu_sayyaf_costs(st, n_troops: int, n_cells: int) -> bool:
    """Card 57 Abu Sayyaf's Prestige cost test (A03, ruling ``abu_sayyaf_prestige_tie``)."""
    if st.rulings.abu_sayyaf_prestige_tie == "cells_more":
        return n_cells > n_troops
    return n_troops <= n_cells


def plot_options(st, max_value: int | None, wmd: bool = True) -> list:
    """The Available plot markers that may be placed: numbered ones up to ``max_value`` (None: any),
    and a WMD plot if one is Available and ``wmd``; as actions ``{"plot": v}``."""
    d = st.d
    values = sorted({p for p in d["plots_available"] if max_value is None or p <= max_value})
    opts = [{"plot": p} for p in values]
    if wmd and d["wmd_available"] > 0:
        opts.append({"plot": "WMD"})
    return opts


@procedure("op_plot")
@implements("8.5.1", "8.5.2", "8.5.5")
def op_plot(st, f, a) -> None:
    """8.5.2: each success places face down an Available plot marker numbered no higher than the
    card's value, or an Available WMD plot (8.5.5), chosen by the Jihadist; a failure does nothing.
    With no eligible marker left a success places nothing (A18)."""
    if f["pc"] not in ("roll", "place"):
        if not _dice_cells(st, f, a, "plot", "8.5.1"):
            return
        a = None
    if f["pc"] == "roll":
        if "tested" not in f:
            f["tested"] = True
            for n in reversed(f["order"]):
                push_test(st, n)
            return
        if not _roll_all(st, f, a, "8.5.2"):
            return
        f["hits"] = [n for n, r in zip(f["dice"], f["results"]) if success(st, n, r)]
        f["pc"] = "place"
        a = None
    if f["pc"] == "place":
        if a is not None:
            f["hits"].pop(0)
            place_plot(st, f["placing"], a["plot"])
        while f["hits"]:
            # 9.3.2: in a solo game the card's value does not limit the plot marker.
            opts = plot_options(st, None if is_solo(st) else f["value"])
            if not opts:
                f["hits"] = []
                cite(st, "8.5.2")
                break
            f["placing"] = f["hits"][0]
            ask(st, "Jihadist", opts, "8.5.2", f"Plot success in {f['placing']}: which plot marker", key="plot")
            return
        pop(st)


@implements("8.1.3", "card 114")
def available_ops(st, value: int) -> list:
    """8.1.3: the Jihadist operations that can be conducted now. Recruit needs a cell or Cadre and
    no GTMO this turn (card 114); Travel a cylinder (Sadr cannot travel, card 54); Jihad and Plot a
    country where a die can go. Should nothing be possible (only Sadr left, in an Islamist Rule
    Iraq, under GTMO) Travel is still offered, its ops points lost (8.3.3), so that a card played
    for operations never dead-ends."""
    ops = []
    if recruit_targets(st) and not gtmo(st):
        ops.append({"op": "recruit"})
    if any(cylinders(c) for c in st.d["countries"].values()):
        ops.append({"op": "travel"})
    probe = {"dice": []}
    if jihad_targets(st, probe):
        ops.append({"op": "jihad"})
    if plot_targets(st, probe):
        ops.append({"op": "plot"})
    if not ops:
        ops.append({"op": "travel"})
    return ops


@implements("9.3.3", "4.7.8.1")
def wmd_added(st, k: int) -> None:
    """``k`` WMD plots become Available (4.7.8.1). 9.3.3, solo: each replaces the lowest-numbered
    Available plot marker, set aside, so that exactly 6 plot markers are always in play."""
    d = st.d
    d["wmd_available"] += k
    if not is_solo(st):
        return
    for _ in range(k):
        if d["plots_available"]:
            low = min(d["plots_available"])
            d["plots_available"].remove(low)
            d["plots_set_aside"].append(low)
            d["plots_set_aside"].sort()
    cite(st, "9.3.3")


@implements("9.3.3")
def wmd_used(st) -> None:
    """9.3.3, solo: when a WMD plot is used, the highest-numbered set-aside plot marker returns to
    the Available plots."""
    d = st.d
    if is_solo(st) and d["plots_set_aside"]:
        d["plots_available"].append(d["plots_set_aside"].pop())
        d["plots_available"].sort()
        cite(st, "9.3.3")


def _wmd_in_play(st) -> int:
    d = st.d
    return d["wmd_available"] + sum(c["plots"].count("WMD") for c in d["countries"].values())


@implements("9.3.3", "8.5.6", "7.5.3", "4.8.1")
def return_plot(st, plot: int) -> None:
    """Numbered plot marker ``plot`` goes back to the Available plots (8.5.6 after resolution, 7.5.3
    after Alert). 9.3.3, solo, ruling ``solo_wmd_set_aside`` = "deferred": while fewer numbered
    markers are set aside than there are WMD plots in play (a WMD plot arrived when no numbered
    marker was Available to replace), the returning marker is set aside instead, so that 6 plot
    markers are in play ("in modo che vi siano sempre esattamente 6 segnalini di Complotto in gioco").

    4.8.1, ruling ``plot_markers_reusable`` (D01): True (default, PL/ES "pueden ser reutilizados",
    IT 7.5.3 and 8.5.6) as above; False (IT 4.8.1 "non possono essere riutilizzati") the marker
    leaves the game instead, whatever removed it (resolution, Alert, an event), and is recorded in
    ``d["plots_removed"]`` (sorted numbered values; the key exists only once a marker has left the
    game), so that Available + on the map + set aside + removed are still the six numbered markers.
    A Plot success with no eligible marker left places nothing (8.5.2, A18)."""
    d = st.d
    if not st.rulings.plot_markers_reusable:
        d.setdefault("plots_removed", []).append(plot)
        d["plots_removed"].sort()
        cite(st, "4.8.1")
        return
    if is_solo(st) and st.rulings.solo_wmd_set_aside == "deferred" \
            and _wmd_in_play(st) > len(d["plots_set_aside"]):
        d["plots_set_aside"].append(plot)
        d["plots_set_aside"].sort()
        cite(st, "9.3.3")
        return
    d["plots_available"].append(plot)
    d["plots_available"].sort()
