"""Map checks on the networkx graph (4.1, 4.5, card 43): each returns a list of violations."""
from __future__ import annotations

import networkx as nx


def check_map(m) -> list[tuple[str, list[str]]]:
    """(check name, violations) for every map property."""
    g = m.graph()
    out = []
    asym = [f"{a} -> {b}" for a in m.names for b in m.adjacent(a) if a not in m.adjacent(b)]
    out.append(("adjacency is symmetric (4.1.1)", asym))
    out.append(("no country is adjacent to itself", [n for n in m.names if n in m.adjacent(n)]))
    out.append(("the map is connected", [] if nx.is_connected(g) else
                [f"{len(list(nx.connected_components(g)))} components"]))
    sch = set(m.schengen)
    bad = [f"{a}-{b}" for a in sch for b in sch if a < b and b not in m.adjacent(a)]
    out.append(("the 7 Schengen countries are mutually adjacent (4.5)", bad + ([] if len(sch) == 7 else [f"{len(sch)} Schengen countries"])))
    bad = [f"{l}-{s}" for l in m.schengen_links for s in sch if s not in m.adjacent(l)]
    out.append(("each Schengen-linked country is adjacent to every Schengen country (4.5)", bad))
    bad = [f"{a}-{b}" for a in m.schengen_links for b in m.schengen_links if a < b and b in m.adjacent(a)
           and frozenset((a, b)) not in {frozenset(e) for e in m.printed_links}]
    out.append(("two linked countries are not adjacent through Schengen (4.5)", bad))
    pa = m.adjacent("United States", patriot_act=True)
    bad = [] if pa == {"Canada"} else [f"US neighbours under Patriot Act: {sorted(pa)}"]
    bad += [n for n in m.names if n != "Canada" and "United States" in m.adjacent(n, patriot_act=True)]
    out.append(("Patriot Act: the US is adjacent only to Canada (card 43)", bad))
    return out
