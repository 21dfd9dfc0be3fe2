"""A Distant Plain's four victory goals analysed with z3 over the map's data: which can hold alone,
which together, and the largest margin each can reach (the aid's "Vittoria" of each faction block;
model/distant_plain/victory.py, data/pieces.yaml).

**The encoding.** Every Province and Kabul gets its Support level (-1 Opposition, 0 Neutral,
1 Support), a Returnees marker (0 or 1, +1 Population) and its pieces: Coalition, Government,
Taliban guerrillas, Taliban Bases, Warlords guerrillas, Warlords Bases, each a whole number >= 0,
their sums over the map within the game's counts (data/pieces.yaml: Coalition 26, Government 63,
Taliban 30 + 12 bases, Warlords 15 + 12 bases); the Coalition pieces Available are at most those not
on the map; Patronage and the Warlords' Resources lie on the General Records Track, 0-75 (gap
``track_limits``: no other bound is known). Control is the option ``control``'s reading
(control.py): COIN where the COIN pieces outnumber all insurgent pieces, Taliban where the Taliban
pieces outnumber all others; a Pakistan space as the option ``pakistan_control`` says. The goals are
the data file's sums, strictly exceeding their thresholds. The encoding over-approximates what play
reaches (a Returnees marker is placed only by Govern, a level only by Operations): a goal pattern it
finds impossible is impossible in play; one it finds possible is possible for the counts, the map
and the formulas.

**What** :func:`analyse` **finds**: for every non-empty set of factions whether their goals can
all hold at once (``goals together: ...``), and each faction's largest margin (z3 Optimize). Every
satisfiable pattern is cross-checked: z3's witness is built as a concrete sandbox state and the
model's own ``victory.goals_met`` must name every faction of the pattern (``cross_check``). The
report states only verdicts, optima and cross-checks, never z3's witnesses, so it does not depend on
the solver's search.
"""
from __future__ import annotations

from itertools import combinations

import z3

from cdg_oracle.model.distant_plain.engine import TRACK_HIGH
from cdg_oracle.model.distant_plain.mapdata import load_map
from cdg_oracle.model.distant_plain.options import normalize_options
from cdg_oracle.model.distant_plain.pieces import FACTIONS, load_pieces
from cdg_oracle.model.distant_plain.scenarios import sandbox_state
from cdg_oracle.model.distant_plain.victory import goals_met, margins

KINDS = ("coal", "gov", "tg", "tb", "wg", "wb")
#: encoding kind -> the state's piece kind a witness places.
PLACE = {"coal": "coalition_troops", "gov": "government_troops", "tg": "taliban_underground",
         "tb": "taliban_bases", "wg": "warlords_underground", "wb": "warlords_bases"}


class VictoryEncoding:
    """The symbolic board (module docstring) under ``options`` (normalized)."""

    def __init__(self, options: dict | None = None):
        self.options = normalize_options(options)
        m = load_map()
        self.map = m
        counts = load_pieces()["pieces"]
        high = TRACK_HIGH
        self.limits = {"coal": counts["Coalition"]["troops"] + counts["Coalition"]["bases"],
                       "gov": counts["Government"]["troops"] + counts["Government"]["police"],
                       "tg": counts["Taliban"]["guerrillas"], "tb": counts["Taliban"]["bases"],
                       "wg": counts["Warlords"]["guerrillas"], "wb": counts["Warlords"]["bases"]}
        self.v = {n: {k: z3.Int(f"{k}[{n}]") for k in KINDS + ("sup", "ret")} for n in m.areas}
        self.avail_coal, self.patronage, self.wres = z3.Ints("avail_coalition patronage warlords_resources")
        self.base = []
        for n, x in self.v.items():
            self.base += [x[k] >= 0 for k in KINDS] + [x["sup"] >= -1, x["sup"] <= 1, x["ret"] >= 0, x["ret"] <= 1]
        for k in KINDS:
            self.base.append(z3.Sum([x[k] for x in self.v.values()]) <= self.limits[k])
        self.base += [self.avail_coal >= 0, self.avail_coal + z3.Sum([x["coal"] for x in self.v.values()]) <= self.limits["coal"],
                      self.patronage >= 0, self.patronage <= high, self.wres >= 0, self.wres <= high]

    def pop(self, n: str):
        return self.map.spaces[n].population + self.v[n]["ret"]

    def control(self, n: str, who: str):
        x, s = self.v[n], self.map.spaces[n]
        if self.options["control"] == "none" or (s.pakistan and not self.options["pakistan_control"]):
            return z3.BoolVal(False) if who != "uncontrolled" else z3.BoolVal(True)
        coin, tal, war = x["coal"] + x["gov"], x["tg"] + x["tb"], x["wg"] + x["wb"]
        c, t = coin > tal + war, tal > coin + war
        return {"coin": c, "taliban": t, "uncontrolled": z3.And(z3.Not(c), z3.Not(t))}[who]

    def terms(self) -> dict:
        areas = self.map.areas
        return {
            "total_support": z3.Sum([z3.If(self.v[n]["sup"] == 1, self.pop(n), 0) for n in areas]),
            "total_opposition": z3.Sum([z3.If(self.v[n]["sup"] == -1, self.pop(n), 0) for n in areas]),
            "coin_controlled_population": z3.Sum([z3.If(self.control(n, "coin"), self.pop(n), 0) for n in areas]),
            "uncontrolled_afghan_population": z3.Sum([z3.If(self.control(n, "uncontrolled"), self.pop(n), 0)
                                                      for n in areas if not self.map.spaces[n].pakistan]),
            "taliban_bases_on_map": z3.Sum([self.v[n]["tb"] for n in areas]),
            "available_coalition_pieces": self.avail_coal, "patronage": self.patronage,
            "warlords_resources": self.wres}

    def margins(self) -> dict[str, list]:
        """Each faction's margins (one per sum of its goal: the Warlords have two)."""
        t = self.terms()

        def flat(goal):
            if "all_of" in goal:
                return [m for g in goal["all_of"] for m in flat(g)]
            return [z3.Sum([t[k] for k in goal["sum"]]) - goal["exceeds"]]

        return {f: flat(g) for f, g in load_pieces()["victory"].items()}

    def goal(self, faction: str):
        return z3.And([m > 0 for m in self.margins()[faction]])

    def witness_state(self, model) -> dict:
        """z3's witness as a concrete sandbox state (pieces from Available; Coalition pieces not on
        the map nor Available go Out of Play)."""
        d = sandbox_state(self.options)
        val = lambda e: model.eval(e, model_completion=True).as_long()  # noqa: E731
        coal_on_map = 0
        for n, x in self.v.items():
            s = d["spaces"][n]
            s["support"] = ("opposition", "neutral", "support")[val(x["sup"]) + 1]
            s["returnees"] = bool(val(x["ret"]))
            for k in KINDS:
                amount = val(x[k])
                if k == "coal":
                    coal_on_map += amount
                    troops = min(amount, d["available"]["coalition_troops"])
                    for kind, a in (("coalition_troops", troops), ("coalition_bases", amount - troops)):
                        s["pieces"][kind] += a
                        d["available"][kind] -= a
                    continue
                if k == "gov":
                    troops = min(amount, d["available"]["government_troops"])
                    for kind, a in (("government_troops", troops), ("police", amount - troops)):
                        s["pieces"][kind] += a
                        d["available"][kind] -= a
                    continue
                s["pieces"][PLACE[k]] += amount
                d["available"][PLACE[k]] -= amount
        spare = d["available"]["coalition_troops"] + d["available"]["coalition_bases"] - val(self.avail_coal)
        for kind in ("coalition_bases", "coalition_troops"):
            moved = min(spare, d["available"][kind])
            d["available"][kind] -= moved
            d["out_of_play"][kind] += moved
            spare -= moved
        d["patronage"], d["resources"]["Warlords"] = val(self.patronage), val(self.wres)
        return d


def _pattern(enc: VictoryEncoding, factions: tuple[str, ...]) -> dict:
    s = z3.Solver()
    s.add(enc.base + [enc.goal(f) for f in factions])
    verdict = s.check()
    out = {"name": f"goals together: {' + '.join(factions)}" if len(factions) > 1 else f"goal alone: {factions[0]}",
           "rule": ", ".join(f"{f.lower()}.victory" for f in factions), "result": "possible" if verdict == z3.sat
           else "impossible" if verdict == z3.unsat else "unknown"}
    if verdict == z3.sat:
        d = enc.witness_state(s.model())
        met = goals_met(d)
        out["cross_check"] = all(f in met for f in factions)
        out["detail"] = f"the model's goals_met on the witness: {', '.join(met)}"
    return out


def _best_margin(enc: VictoryEncoding, faction: str) -> dict:
    o = z3.Optimize()
    o.add(enc.base)
    ms = enc.margins()[faction]
    objective = ms[0] if len(ms) == 1 else z3.If(ms[0] < ms[1], ms[0], ms[1])
    h = o.maximize(objective)
    o.check()
    best = h.value().as_long()
    d = enc.witness_state(o.model())
    return {"name": f"largest margin: {faction}", "rule": f"{faction.lower()}.victory", "result": best,
            "cross_check": margins(d)[faction] == best,
            "detail": "the smaller of the two margins (gap victory_ties)" if len(ms) > 1 else ""}


def analyse(options: dict | None = None) -> list[dict]:
    """Every finding (module docstring) under ``options``."""
    enc = VictoryEncoding(options)
    out = []
    for k in range(1, len(FACTIONS) + 1):
        for group in combinations(FACTIONS, k):
            out.append(_pattern(enc, group))
    out += [_best_margin(enc, f) for f in FACTIONS]
    return out
