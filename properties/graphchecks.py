"""Game-independent checks on a map graph, for any game's map (networkx).

A map is given either as a networkx graph or as an adjacency mapping ``{node: iterable of
neighbours}`` (a dict keeps one-way entries that a ``networkx.Graph`` would silently make
symmetric, so the symmetry check takes the mapping). Every ``check_*`` function returns a
``Check``: ``(name, violations)``, where ``violations`` is a sorted list of one-line strings and
an empty list means the property holds. ``name`` has a generic default; a game passes its own
name citing its rule (e.g. ``"adjacency is symmetric (4.1.1)"``).

The functions never raise on a broken map: an unknown node or a missing neighbour is a violation,
not an exception. Nothing here knows any game.
"""
from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping
from typing import Union

import networkx as nx

__all__ = [
    "Check", "MapLike", "as_adjacency", "as_graph", "ball",
    "check_symmetric", "check_known_nodes", "check_no_self_loops", "check_connected",
    "check_clique", "check_complete_bipartite", "check_no_edges_among", "check_neighbours",
    "check_same_edges", "check_within", "check_names_known", "check_graph",
]

Check = tuple[str, list[str]]
MapLike = Union[nx.Graph, Mapping[Hashable, Iterable[Hashable]]]


# --------------------------------------------------------------------------- conversions

def as_adjacency(g: MapLike) -> dict[Hashable, set[Hashable]]:
    """``{node: set of neighbours}`` as given (a mapping is copied without symmetrising it; a
    directed graph keeps its successors; an undirected graph lists both ends of each edge)."""
    if isinstance(g, nx.Graph):
        return {n: set(g.adj[n]) for n in g.nodes}
    return {n: set(ns) for n, ns in g.items()}


def as_graph(g: MapLike) -> nx.Graph:
    """An undirected graph (a copy): every node of the mapping, and an edge for each entry in
    either direction. Neighbours that are not keys become nodes too."""
    if isinstance(g, nx.Graph):
        return nx.Graph(g)
    out = nx.Graph()
    out.add_nodes_from(g)
    out.add_edges_from((a, b) for a, ns in g.items() for b in ns)
    return out


def _pair(a: Hashable, b: Hashable) -> str:
    x, y = sorted((str(a), str(b)))
    return f"{x} - {y}"


def _edge_set(g: MapLike) -> set[frozenset]:
    return {frozenset((a, b)) for a, ns in as_adjacency(g).items() for b in ns}


def _show(edge: frozenset) -> str:
    items = sorted(map(str, edge))
    return _pair(items[0], items[-1])


# --------------------------------------------------------------------------- structural checks

def check_symmetric(g: MapLike, name: str = "adjacency is symmetric") -> Check:
    """Every ``a -> b`` has ``b -> a``. Meaningful for a mapping or a DiGraph; an undirected
    networkx graph is symmetric by construction. Neighbours that are not nodes are left to
    :func:`check_known_nodes`."""
    adj = as_adjacency(g)
    bad = sorted(f"{a} -> {b} (but not {b} -> {a})"
                 for a, ns in adj.items() for b in ns if b in adj and a not in adj[b])
    return name, bad


def check_known_nodes(g: MapLike, name: str = "every neighbour is a node of the map") -> Check:
    """Each neighbour listed for a node is itself a node (a mapping can name a stranger)."""
    adj = as_adjacency(g)
    bad = sorted(f"{a} -> {b}: {b} is not a node" for a, ns in adj.items() for b in ns if b not in adj)
    return name, bad


def check_no_self_loops(g: MapLike, name: str = "no node is adjacent to itself") -> Check:
    adj = as_adjacency(g)
    return name, sorted(str(a) for a, ns in adj.items() if a in ns)


def check_connected(g: MapLike, name: str = "the map is connected") -> Check:
    """One connected component. Otherwise one violation per component beyond the largest,
    listing its nodes (so the report says what is cut off)."""
    graph = as_graph(g)
    if graph.number_of_nodes() == 0:
        return name, ["the map has no nodes"]
    comps = sorted((sorted(map(str, c)) for c in nx.connected_components(graph)),
                   key=lambda c: (-len(c), c))
    return name, [f"cut off from {comps[0][0]}: {', '.join(c)}" for c in comps[1:]]


def check_clique(g: MapLike, members: Iterable[Hashable], name: str = "the members form a clique") -> Check:
    """Every two distinct ``members`` are adjacent (checked both ways for a mapping)."""
    adj = as_adjacency(g)
    members = sorted(set(members), key=str)
    bad = [f"{m} is not a node" for m in members if m not in adj]
    present = [m for m in members if m in adj]
    bad += [f"{a} -> {b} missing" for a in present for b in present if a != b and b not in adj[a]]
    return name, sorted(bad)


def check_complete_bipartite(g: MapLike, left: Iterable[Hashable], right: Iterable[Hashable],
                             name: str = "every left node is adjacent to every right node") -> Check:
    """Each node of ``left`` is adjacent to each node of ``right``, in both directions."""
    adj = as_adjacency(g)
    left, right = sorted(set(left), key=str), sorted(set(right), key=str)
    bad = [f"{m} is not a node" for m in sorted(set(left) | set(right), key=str) if m not in adj]
    for a in left:
        for b in right:
            if a == b or a not in adj or b not in adj:
                continue
            if b not in adj[a]:
                bad.append(f"{a} -> {b} missing")
            if a not in adj[b]:
                bad.append(f"{b} -> {a} missing")
    return name, sorted(bad)


def check_no_edges_among(g: MapLike, nodes: Iterable[Hashable], allowed: Iterable[Iterable[Hashable]] = (),
                         name: str = "no two of these nodes are adjacent") -> Check:
    """No two of ``nodes`` are adjacent, except the pairs in ``allowed``."""
    ok = {frozenset(p) for p in allowed}
    nodes = set(nodes)
    bad = {frozenset((a, b)) for a, ns in as_adjacency(g).items() if a in nodes
           for b in ns if b in nodes and a != b and frozenset((a, b)) not in ok}
    return name, sorted(_show(e) for e in bad)


def check_neighbours(g: MapLike, node: Hashable, expected: Iterable[Hashable],
                     name: str | None = None) -> Check:
    """``node``'s neighbours are exactly ``expected``, and no other node lists ``node``."""
    adj = as_adjacency(g)
    expected = set(expected)
    name = name or f"{node} is adjacent exactly to {', '.join(sorted(map(str, expected)))}"
    if node not in adj:
        return name, [f"{node} is not a node"]
    bad = [f"{node} -> {b}: not allowed" for b in adj[node] - expected]
    bad += [f"{node} -> {b} missing" for b in expected - adj[node]]
    bad += [f"{a} -> {node}: not allowed" for a, ns in adj.items() if node in ns and a not in expected]
    return name, sorted(bad)


def check_same_edges(g: MapLike, expected: MapLike | Iterable[Iterable[Hashable]],
                     name: str = "the edges are exactly the expected ones") -> Check:
    """Undirected edge sets equal: ``expected`` is a map or an iterable of 2-node pairs."""
    have = _edge_set(g)
    if isinstance(expected, (nx.Graph, Mapping)):
        want = _edge_set(expected)
    else:
        want = {frozenset(p) for p in expected}
    bad = [f"unexpected edge {_show(e)}" for e in have - want]
    bad += [f"missing edge {_show(e)}" for e in want - have]
    return name, sorted(bad)


# --------------------------------------------------------------------------- distances

def ball(g: MapLike, source: Hashable, n: int) -> frozenset:
    """Nodes at most ``n`` steps from ``source`` (``source`` itself included when ``n >= 0``)."""
    graph = as_graph(g)
    if n < 0 or source not in graph:
        return frozenset()
    return frozenset(nx.single_source_shortest_path_length(graph, source, cutoff=n))


def check_within(g: MapLike, source: Hashable, n: int, expected: Collection[Hashable],
                 name: str | None = None) -> Check:
    """The nodes within ``n`` of ``source`` on the graph are exactly ``expected``."""
    name = name or f"within {n} of {source}"
    have, want = ball(g, source, n), frozenset(expected)
    bad = [f"{x} is within {n} of {source} but not expected" for x in have - want]
    bad += [f"{x} is expected within {n} of {source} but is not" for x in want - have]
    return name, sorted(bad)


# --------------------------------------------------------------------------- names

def check_names_known(named: Iterable[tuple[str, Hashable]], known: Collection[Hashable],
                      name: str = "every name refers to a node of the map") -> Check:
    """``named`` is ``(where, name)`` pairs (``where`` locates the mention for the report)."""
    known = set(known)
    return name, sorted(f"{where}: {n!r} is not on the map" for where, n in named if n not in known)


# --------------------------------------------------------------------------- the basic set

def check_graph(g: MapLike, label: str = "") -> list[Check]:
    """The checks any game's map must pass: neighbours are nodes, symmetric, no self-loops,
    connected. ``label`` (e.g. ``" (4.1.1)"``) is appended to each check's name."""
    return [
        check_known_nodes(g, f"every neighbour is a node of the map{label}"),
        check_symmetric(g, f"adjacency is symmetric{label}"),
        check_no_self_loops(g, f"no node is adjacent to itself{label}"),
        check_connected(g, f"the map is connected{label}"),
    ]
