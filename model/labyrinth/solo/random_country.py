"""9.5 Random Country and 9.5.1 Nearest Country: how the solo Jihadist picks among equal options.

9.5 (IT "PAESE A CASO"): when the "Where?" flowchart, a scenario set-up, a Jihadist event or other
instructions give several countries of equal priority, or say "at random", pick at random:

* 6 options or fewer, neither Schengen nor Shia-Mix specified: give each option a die face and roll
  one die (PL/ES: "or an equal range of faces"; the 9.5.1 example gives two options 1-3 and 4-6).
  Here: 2 options take faces 1-3 / 4-6, 3 options 1-2 / 3-4 / 5-6, 6 options one face each; with
  4 or 5 options the options take faces 1-4 or 1-5 and any other face is rolled again. Faces are
  given to the options in the order they are offered, which for countries is the map's order
  (data/map.yaml), so that another implementation can map a die to the same country.
* more than 6 options: the tan and the black die on the Global table. No source gives that table's
  cells (data/solo_tables.yaml, confidence "missing"): the model cannot roll it by the rules. It
  substitutes a uniform choice among the options (sources A and B of
  labyrinth_solo_tables.yaml do the same) and marks the chance node as a gap, which
  ``decision()``, traces and ``cdg-oracle play --solo`` report.
* Schengen specified: one die on the Schengen table (it omits Eastern Europe).
* Shia-Mix specified: three dice summed on the Shia-Mix table.

9.5.1: if the table gives a country that cannot be used, take the nearest usable countries
(counting adjacent countries: graph distance on the map, 4.1.1 and 4.5, card 43) and pick among
them with the die of the first method.

A pick is the procedure ``solo_pick``; its result either answers the Jihadist question it was
started for (``mode="answer"``, the bot's answer to an ``ask``) or is left in the parent frame as
``picked`` (``mode="return"``).
"""
from __future__ import annotations

from cdg_oracle.model.core.choosers import pick_uniform, pick_weighted
from cdg_oracle.model.core.citations import implements
from cdg_oracle.model.labyrinth.engine import answer, cite, pop, procedure, push, roll
from cdg_oracle.model.labyrinth.solo.tables import load_solo_tables

GLOBAL_GAP = ("9.5 Global table: no source gives its cells (data/solo_tables.yaml); "
              "substitute: a uniform choice")

# die face (index 0-5) -> the option it picks, None: roll again; by the number of options
FACES = {
    2: [0, 0, 0, 1, 1, 1],
    3: [0, 0, 1, 1, 2, 2],
    4: [0, 1, 2, 3, None, None],
    5: [0, 1, 2, 3, 4, None],
    6: [0, 1, 2, 3, 4, 5],
}


def map_order(st, names) -> list[str]:
    """``names`` in the map's order (the order die faces are given in)."""
    s = set(names)
    return [n for n in st.map.names if n in s]


@implements("9.5")
def face_text(labels: list[str]) -> str:
    """The die-face assignment of 9.5's first method, as a prompt says it."""
    faces = FACES[len(labels)]
    parts = []
    for i, label in enumerate(labels):
        got = [k + 1 for k, j in enumerate(faces) if j == i]
        parts.append(f"{got[0]}-{got[-1]} {label}" if len(got) > 1 else f"{got[0]} {label}")
    if None in faces:
        first = faces.index(None) + 1
        parts.append(f"{first}-6 roll again" if first < 6 else "6 roll again")
    return ", ".join(parts)


def _label(option) -> str:
    if isinstance(option, dict) and len(option) == 1:
        return str(next(iter(option.values())))
    return str(option)


def push_pick(st, options: list, *, rule: str, purpose: str, method: str = "die",
              names: list | None = None, mode: str = "return", weights: list[int] | None = None) -> None:
    """Start a 9.5 random pick among ``options`` (actions). ``names``: the country each option
    stands for (needed by the table methods and 9.5.1); ``method``: "die" (9.5 first and second
    methods by the number of options), "schengen", "shia_mix" or "global_nearest" (roll the Global
    table over the whole map, then the nearest usable option, 9.4.2.1)."""
    if not options:
        raise RuntimeError(f"solo random pick with no option: {purpose} ({rule})")
    push(st, "solo_pick", options=list(options), names=list(names) if names is not None else None,
         method=method, rule=rule, purpose=purpose, mode=mode, weights=weights)
    st.d["pending"] = None  # a Jihadist question it answers is no decision node (engine.run goes on)


def country_options(st, names, key: str = "country") -> tuple[list, list]:
    """Options ``{key: name}`` for ``names`` in map order, and the names."""
    ordered = map_order(st, names)
    return [{key: n} for n in ordered], ordered


def _finish(st, f, option) -> None:
    mode = f["mode"]
    pop(st)
    if mode == "answer":
        answer(st, option)
    else:
        st.d["stack"][-1]["picked"] = option


@implements("9.5.1")
def nearest(st, origin: str, usable: list[str]) -> list[str]:
    """9.5.1: the usable countries nearest ``origin`` counting adjacent countries (breadth-first
    on the map graph, card 43 Patriot Act included); ``origin`` itself when usable."""
    if origin in usable:
        return [origin]
    pa = st.patriot_act()
    want = set(usable)
    seen = {origin}
    layer = [origin]
    while layer:
        nxt = []
        for n in layer:
            for m in sorted(st.map.adjacent(n, patriot_act=pa)):
                if m not in seen:
                    seen.add(m)
                    nxt.append(m)
        hits = [n for n in nxt if n in want]
        if hits:
            return map_order(st, hits)
        layer = nxt
    return []


def _to_nearest(st, f, rolled: str) -> None:
    """The table gave ``rolled``: use it if it is an option, else the nearest options (9.5.1)."""
    names = f["names"]
    close = nearest(st, rolled, names)
    cite(st, "9.5.1" if rolled not in names else "9.5")
    if not close:
        # No usable country is connected to the result: choose among all options (9.5).
        close = names
    idx = [names.index(n) for n in close]
    if len(idx) == 1:
        _finish(st, f, f["options"][idx[0]])
        return
    f["options"] = [f["options"][i] for i in idx]
    f["names"] = close
    f["method"] = "die"
    f["pc"] = "start"
    _step(st, f, None)


@procedure("solo_pick")
@implements("9.5", "9.5.1")
def solo_pick(st, f, a) -> None:
    """One random pick of 9.5 (see the module docstring). Called without an answer at a chance
    node (the pick posed again), it poses it again from ``start``, which only poses (the Shia-Mix
    dice, ``dice``, roll their next die again by themselves)."""
    if a is None and f["pc"] in ("global", "die", "drawn", "uniform", "rolled"):
        f["pc"] = "start"
    _step(st, f, a)


def _step(st, f, a) -> None:
    method, options = f["method"], f["options"]
    if method == "die":
        n = len(options)
        if f["pc"] == "start":
            cite(st, "9.5")
            if n == 1:
                _finish(st, f, options[0])
                return
            if n > 6:
                f["pc"] = "global"
                pick_uniform(st, options, "9.5", f"{f['purpose']}: {n} options, the Global table", gap=GLOBAL_GAP)
                return
            f["pc"] = "die"
            roll(st, "9.5", f"{f['purpose']}: d6 {face_text([_label(o) for o in options])}")
            return
        if f["pc"] == "global":
            _finish(st, f, a)
            return
        k = FACES[n][a["die"] - 1]
        if k is None:
            f["pc"] = "start"
            _step(st, f, None)  # 9.5: a face given to no option is rolled again
            return
        _finish(st, f, options[k])
        return
    if method == "weighted":
        # A draw that is no country pick (9.3.2 plot markers when more than 6 are Available): one
        # chance node over the distinct options, each as likely as its ``weights`` entry.
        if f["pc"] == "start":
            f["pc"] = "drawn"
            pick_weighted(st, options, f["weights"], f["rule"], f["purpose"])
            return
        _finish(st, f, a)
        return
    tables = load_solo_tables()
    if method == "schengen":
        if f["pc"] == "start":
            if st.rulings.solo_schengen_table == "uniform":
                # sources A and B: a uniform pick among the Schengen options (Eastern Europe
                # included when it is one), by the die method of 9.5's first bullet
                cite(st, "9.5")
                f["method"] = "die"
                _step(st, f, None)
                return
            f["pc"] = "die"
            roll(st, "9.5", f"{f['purpose']}: d6 on the Schengen table")
            return
        cite(st, "9.5")
        _to_nearest(st, f, tables["schengen"].entries[a["die"]])
        return
    if method == "shia_mix":
        if f["pc"] == "start":
            if st.rulings.solo_shia_mix_table == "uniform":
                cite(st, "9.5")
                f["pc"] = "uniform"
                pick_uniform(st, options, "9.5", f"{f['purpose']}: uniform among the Shia-Mix options")
                return
            f["pc"] = "dice"
            f["dice"] = []
        if f["pc"] == "uniform":
            _finish(st, f, a)
            return
        if a is not None:
            f["dice"].append(a["die"])
        if len(f["dice"]) < 3:
            roll(st, "9.5", f"{f['purpose']}: Shia-Mix table, die {len(f['dice']) + 1} of 3")
            return
        cite(st, "9.5")
        _to_nearest(st, f, tables["shia_mix"].entries[sum(f["dice"])])
        return
    if method == "global_nearest":
        if f["pc"] == "start":
            f["pc"] = "rolled"
            pick_uniform(st, st.map.names, "9.5", f"{f['purpose']}: the Global table", key="country", gap=GLOBAL_GAP)
            return
        cite(st, "9.5")
        _to_nearest(st, f, a["country"])
        return
    raise RuntimeError(f"solo_pick: unknown method {method!r}")
