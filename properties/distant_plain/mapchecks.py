"""Map checks for A Distant Plain on its networkx graph (the map of data/map.yaml).

Each check returns ``(name, problems)`` (an empty list: it holds) and never raises on a broken map.
What they expect comes from shared/research/a_distant_plain_facts.yaml (``counts``, ``validation``,
``cross_checks``) and from the rulebook seed (the Italian Coalition player aid, through
shared/research/seed_a_distant_plain.md): the links are symmetric and join spaces of the map; the
map is one connected graph; LoCs touch only provinces and Kabul, and no LoC touches another (the
aid's operations move along LoCs into adjacent spaces; LoC-to-LoC links are a registered gap, not
a fact); the Pakistan spaces are the three the aid names as Pakistan (Redeploy into 'Pashtun spaces
in Pakistan': two of them are Pashtun); Kabul is the one city; population and Econ add up to the
totals the VASSAL module's own sums confirm (27 and 12).
"""
from __future__ import annotations

from cdg_oracle.model.distant_plain.mapdata import DistantPlainMap, load_map
from cdg_oracle.properties import graphchecks as gc

Check = gc.Check
PAKISTAN = ("Balochistan (Pakistan)", "Northwest Frontier (Pakistan)", "Waziristan (Pakistan)")


def adjacency(m: DistantPlainMap) -> dict[str, set[str]]:
    """Each space's neighbours as the records list them (one-sided links kept)."""
    return {n: set(m.neighbours(n)) for n in m.names}


def check_locs(m: DistantPlainMap) -> Check:
    """A LoC touches only provinces and Kabul (no source gives a LoC-to-LoC link)."""
    bad = sorted(f"{x} touches the LoC {t}" for x in m.locs for t in m.spaces[x].touches if m.spaces[t].type == "loc")
    bad += sorted(f"{x} touches no space" for x in m.locs if not m.spaces[x].touches)
    return "a LoC touches only provinces and Kabul, at least one", bad


def check_pakistan(m: DistantPlainMap) -> Check:
    """The three Pakistan spaces, two of them Pashtun (the aid's Redeploy into Pashtun Pakistan)."""
    got = tuple(n for n in m.names if m.spaces[n].pakistan)
    bad = [] if got == PAKISTAN else [f"Pakistan spaces {list(got)}, expected {list(PAKISTAN)}"]
    if not any(m.spaces[n].pashtun for n in got):
        bad.append("no Pashtun space in Pakistan for the Taliban Redeploy")
    return "the Pakistan spaces, Pashtun ones among them", bad


def check_totals(m: DistantPlainMap) -> Check:
    """Population 27 (25 in Afghanistan with Kabul, 2 in Pakistan) and Econ 12: the sums the
    VASSAL module's victory markers reproduce."""
    s = m.spaces
    got = (sum(x.population for x in s.values() if not x.pakistan), sum(x.population for x in s.values() if x.pakistan),
           sum(x.econ for x in s.values()))
    return "population 25 + 2 and Econ 12", [] if got == (25, 2, 12) else [f"population {got[0]} + {got[1]}, Econ {got[2]}"]


def all_checks(m: DistantPlainMap | None = None) -> dict[str, list[str]]:
    """Every check: ``{name: problems}``."""
    m = m or load_map()
    adj = adjacency(m)
    checks = [gc.check_symmetric(adj, "links are listed at both ends"),
              gc.check_known_nodes(adj, "every neighbour is a space of the map"),
              gc.check_no_self_loops(adj, "no space is adjacent to itself"),
              gc.check_connected(m.graph(), "the map is one connected graph"),
              check_locs(m), check_pakistan(m), check_totals(m)]
    return dict(checks)
