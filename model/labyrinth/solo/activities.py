"""The solo Jihadist's operations: where and how each is done (9.4.2, 9.4.2.2-9.4.2.6.2, 9.7).

Each activity is a procedure that takes ``value`` ops, picks its countries by the priority lists of
``priorities.py`` (random among equal ones, 9.5), and leaves the ops it could not use in its
parent frame's ``left`` for Radicalization (9.4.3). Rolling and resolving reuse the two-player
procedures of ``operations/jihadist.py`` (8.4 Jihad, 8.5 Plot, 8.3 Travel) with the dice already
assigned; their remaining questions (which cells are used, which plot marker) are answered by the
bot (``answers.py``: 9.3.1, 9.3.2).

9.4.2: "svolgete le operazioni della jihad di una data carta entro un paese scelto prima di
spostarsi ad un altro": a card's ops go to the first country chosen as far as its cells allow
(PL/ES, D45: one cell per Jihad or Plot die), then to the next one of the same list.
"""
from __future__ import annotations

from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.countries import counted_cells, place_cells_from_track
from cdg_oracle.model.labyrinth.engine import cite, pop, procedure, push
from cdg_oracle.model.labyrinth.operations.jihadist import (biometrics, plot_targets, recruit_die, recruit_targets,
                                                 travel_removes_cadre)
from cdg_oracle.model.labyrinth.solo import priorities as prio
from cdg_oracle.model.labyrinth.options import cells_per_recruit
from cdg_oracle.model.labyrinth.solo.random_country import country_options, push_pick
from cdg_oracle.model.labyrinth.tables import push_test
from cdg_oracle.model.labyrinth.tracks import available_cells_of


def give_back(st, f, left: int) -> None:
    """Finish an activity, leaving ``left`` unused ops to the parent (for Radicalization, 9.4.3)."""
    pop(st)
    parent = st.d["stack"][-1]
    parent["left"] = parent.get("left", 0) + left


def _choose(st, f, groups: list[list[str]], rule: str, purpose: str) -> str | None:
    """The first group's country, or a 9.5 pick among it (then None: the pick is pending)."""
    group = groups[0]
    if len(group) == 1:
        return group[0]
    opts, names = country_options(st, group)
    push_pick(st, opts, names=names, rule=rule, purpose=purpose)
    return None


def _allocate(st, f, groups_fn, rule: str, purpose: str) -> bool:
    """Give dice to countries (one per cell) by ``groups_fn(exclude, dice_left)`` until the card's
    ops or the countries run out. True when done (``f["dice"]`` holds the assignment)."""
    if "picked" in f:
        name = f.pop("picked")["country"]
        # One die per cell: Sadr counts under the ruling sadr_counts "as_cell" only (A09).
        f["dice"] += [name] * min(f["left"], counted_cells(st, st.d["countries"][name]))
        f["left"] -= f["dice"].count(name)
    while f["left"] > 0:
        groups = groups_fn(list(dict.fromkeys(f["dice"])), f["left"])
        if not groups:
            return True
        name = _choose(st, f, groups, rule, purpose)
        if name is None:
            return False
        cite(st, rule)
        f["dice"] += [name] * min(f["left"], counted_cells(st, st.d["countries"][name]))
        f["left"] -= f["dice"].count(name)
    return True


def _dice_then_roll(st, f, groups_fn, rule: str, purpose: str, proc: str, **extra) -> None:
    """Jihad and Plot: assign the dice by ``groups_fn`` (:func:`_allocate`), then roll and resolve
    them with the two-player procedure ``proc`` (8.4, 8.5) from its Major Jihad step, the dice
    already placed; then give the ops left back. ``solo_major``: the answer to 8.4.2's question."""
    if f["pc"] == "assign":
        if not _allocate(st, f, groups_fn, rule, purpose):
            return
        if not f["dice"]:
            give_back(st, f, f["left"])
            return
        f["pc"] = "rolled"
        order = list(dict.fromkeys(f["dice"]))
        if "solo_major" in extra:
            extra = {"solo_major": {n: extra["solo_major"] for n in order}}
        push(st, proc, side="Jihadist", card=f.get("card"), value=f["value"], pc="major",
             dice=list(f["dice"]), order=order, k=0, major={}, **extra)
        return
    give_back(st, f, f["left"])


# -- 9.4.2.2 Plot -----------------------------------------------------------------------------------
@procedure("solo_plot")
@implements("9.4.2.2", "9.3.2")
def solo_plot(st, f, a) -> None:
    """Plot with ``value`` ops by 9.4.2.2 (the card's value does not limit the plot, 9.3.2)."""
    if f["pc"] == "start":
        f["left"], f["dice"], f["pc"] = f["value"], [], "assign"

    def groups(exclude, _left):
        cand = [n for n in plot_targets(st, {"dice": []}) if n not in exclude]
        return prio.plot_groups(st, cand, event=False)

    _dice_then_roll(st, f, groups, "9.4.2.2", "Plot: which country (9.4.2.2)", "op_plot")


# -- 9.4.2.3 / 9.4.2.4 Jihad ------------------------------------------------------------------------
@procedure("solo_jihad")
@implements("9.4.2.3", "9.4.2.4", "9.4.1")
def solo_jihad(st, f, a) -> None:
    """Jihad with ``value`` ops: Major Jihad where it could succeed (``major``, 9.4.2.3) or Minor
    Jihad in Good and Fair countries (9.4.2.4). The Major Jihad question of 8.4.2 is answered by
    the plan (``solo_major``)."""
    if f["pc"] == "start":
        f["left"], f["dice"], f["pc"] = f["value"], [], "assign"
    major = f["major"]

    def groups(exclude, left):
        if major:
            return prio.major_jihad_groups(st, left, exclude)
        return prio.minor_jihad_groups(st, prio.minor_jihad_targets(st, exclude))

    rule = "9.4.2.3" if major else "9.4.2.4"
    _dice_then_roll(st, f, groups, rule, f"{'Major' if major else 'Minor'} Jihad: which country ({rule})",
                    "op_jihad", solo_major=major)


# -- 9.4.2.5 Recruit --------------------------------------------------------------------------------
@procedure("solo_recruit")
@implements("9.4.2.5", "8.2.1", "9.7")
def solo_recruit(st, f, a) -> None:
    """Recruit with ``value`` ops in the country of 9.4.2.5, one die at a time; each success places
    one Available cell (two from Attractive on, 9.7; ``solo_attractive_available``, D41). With no
    country, or when the Available cells run out with ops left, the rest goes to Radicalization."""
    if f["pc"] == "start":
        f["left"] = f["value"]
        groups = prio.recruit_groups(st, recruit_targets(st), f["value"])
        if not groups:
            give_back(st, f, f["left"])
            return
        f["pc"] = "chosen"
        name = _choose(st, f, groups, "9.4.2.5", "Recruit: which country (9.4.2.5)")
        if name is None:
            return
        f["picked"] = {"country": name}
    if f["pc"] == "chosen":
        f["country"] = f.pop("picked")["country"]
        cite(st, "9.4.2.5")
        f["pc"] = "die"
        push_test(st, f["country"])
        return
    name = f["country"]
    if f["pc"] == "die":
        if a is None and (f["left"] <= 0 or available_cells_of(st) == 0):
            give_back(st, f, f["left"])
            return
        ok = recruit_die(st, name, None if a is None else a["die"], "8.2.1",
                         f"Recruit die in {name} (9.4.2.5: one at a time)")
        if ok is not None:
            _recruited(st, f, name, ok)


@implements("8.2.1", "9.7", "4.7.4.2")
def _recruited(st, f, name: str, ok: bool) -> None:
    """One solo Recruit die resolved (9.4.2.5, one at a time): a success places one Available cell
    at once (8.2.1, 4.7.4.2) and, from Attractive on, a second one (9.7) from the Available cells
    or, under ``solo_attractive_available`` False (D41), the Funding track."""
    d = st.d
    f["left"] -= 1
    cite(st, "8.2.1")
    if not ok:
        return
    per = cells_per_recruit(st)
    avail = available_cells_of(st)
    placed = place_cells_from_track(st, name, min(1, avail))
    if per > 1:
        cite(st, "9.7")
        second = available_cells_of(st) if st.rulings.solo_attractive_available else d["cells_track"]
        placed += place_cells_from_track(st, name, min(per - 1, second))
    cite(st, "4.7.4.2")


# -- 9.4.2.6 Travel ---------------------------------------------------------------------------------
@procedure("solo_travel")
@implements("9.4.2.6", "9.4.2.6.1", "9.4.2.6.2", "card 2")
def solo_travel(st, f, a) -> None:
    """Travel ``value`` cells: pick every destination first, one cell per box, from box
    ``first_box`` (1; Radicalization starts at the second "To" box, 9.4.3), then a random destination
    for the cells left (9.5); then an origin for each (9.4.2.6.1); then the Travels (9.4.2.6.2), one
    attempt each. With Biometrics in effect (card 2) a destination without an adjacent cell is
    given up and its op goes to Radicalization, and only a cell adjacent to (or in) a destination
    may be its origin. ``automatic``: the Travels succeed without a roll
    and ignore Biometrics (Radicalization, 9.4.3)."""
    d = st.d
    if f["pc"] == "start":
        f.update(left=0, dests=[], box=f.get("first_box", 1), pc="dests", moves=[])
        f["free"], f["free_act"] = prio.free_cells(st)
        if not f["free"]:
            give_back(st, f, f["value"])
            return
    if f["pc"] == "dests":
        if "picked" in f:
            _add_dest(st, f, f.pop("picked")["country"])
        want = f["value"] - len(f["dests"]) - f["left"]
        while want > 0 and f["box"] <= 4:
            names = prio.travel_box(st, f["box"])
            f["box"] += 1
            if not names:
                continue
            cite(st, "9.4.2.6")
            name = _choose(st, f, prio.destination_groups(st, names), "9.4.2.6",
                           f"Travel: destination from box {f['box'] - 1} (9.4.2.6)")
            if name is None:
                return
            _add_dest(st, f, name)
            want = f["value"] - len(f["dests"]) - f["left"]
        if want > 0 and f["box"] == 5:
            f["box"] = 6
            f["random_count"] = want
            opts, names = country_options(st, st.map.names)
            push_pick(st, opts, names=names, rule="9.4.2.6", purpose=f"Travel: a random destination for {want} cells (9.5)")
            return
        f["pc"] = "origins"
        f["k"] = 0
    if f["pc"] == "origins":
        if "picked" in f:
            _add_move(st, f, f.pop("picked")["country"])
        while f["k"] < len(f["dests"]):
            dest = f["dests"][f["k"]]
            others = [x for x in f["dests"] if x != dest]
            free = f["free"]
            if biometrics(st) and not f.get("automatic"):
                # Card 2: "non è possibile lo spostamento non adiacente": only a cell adjacent to
                # (or in) the destination can travel there this turn.
                pa = st.patriot_act()
                free = {n: k for n, k in free.items() if n == dest or st.map.are_adjacent(dest, n, patriot_act=pa)}
            groups = prio.origin_groups(st, dest, f.get("card_value", f["value"]), free, f["free_act"], others)
            if not groups:
                # no cell can travel there: its op goes to Radicalization (9.4.2.6, 9.4.3)
                cite(st, "9.4.2.6" if free is f["free"] else "card 2")
                f["left"] += 1
                del f["dests"][f["k"]]
                continue
            name = _choose(st, f, groups, "9.4.2.6.1", f"Travel to {dest}: from which country (9.4.2.6.1)")
            if name is None:
                return
            _add_move(st, f, name)
        f["pc"] = "go"
        if not f["moves"]:
            give_back(st, f, f["left"])
            return
        if f.get("automatic"):
            f["i"] = 0
            f["pc"] = "auto"
        else:
            push(st, "op_travel", side="Jihadist", card=f.get("card"), value=len(f["moves"]),
                 pc="resolve", moves=[dict(m) for m in f["moves"]], declared={}, i=0)
            return
    if f["pc"] == "auto":
        # 9.4.3: the Radicalization Travel succeeds automatically (Biometrics ignored).
        while f["i"] < len(f["moves"]):
            m = f["moves"][f["i"]]
            if not m.get("tested"):
                m["tested"] = True
                push_test(st, m["to"])
                return
            src = d["countries"][m["from"]]
            src["actives" if m["cell"] == "active" else "sleepers"] -= 1
            d["countries"][m["to"]]["sleepers"] += 1
            cite(st, "9.4.3", "8.3.1")
            travel_removes_cadre(st, m["from"], m["to"])  # 4.8.4, ruling cadre_removed_by_travel (A31)
            f["i"] += 1
        give_back(st, f, f["left"])
        return
    give_back(st, f, f["left"])


def _add_dest(st, f, name: str) -> None:
    count = f.pop("random_count", 1)
    for _ in range(count):
        if biometrics(st) and not f.get("automatic") and not prio._adjacent_cell(st, name):
            cite(st, "9.4.2.6", "card 2")
            f["left"] += 1  # 9.4.2.6: Biometrics and no adjacent cell: Radicalization instead
            continue
        f["dests"].append(name)


def _add_move(st, f, origin: str) -> None:
    """The cell of ``origin`` (Active first, 9.3.1) travels to the k-th destination; the last cell
    of an Islamist Rule or Regime Change country travels in place instead (9.4.2.6.1)."""
    d = st.d
    dest = f["dests"][f["k"]]
    c = d["countries"][origin]
    if f["free"][origin] == 1 and (c["gov"] == "islamist_rule" or c["rc"]) and origin != dest:
        dest = origin
        cite(st, "9.4.2.6.1")
    cell = "active" if f["free_act"].get(origin, 0) > 0 else "sleeper"
    f["free"][origin] -= 1
    if cell == "active":
        f["free_act"][origin] -= 1
    f["moves"].append({"from": origin, "cell": cell, "to": dest})
    cite(st, "9.4.2.6.1", "9.3.1")
    f["k"] += 1

