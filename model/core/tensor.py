"""A fixed numeric layout of a game's observation (issue 32 item 3: OpenSpiel's observation
tensor), declared from the game's data.

The layout (:func:`layout`) is read off the observations every side has of the first state of
every scenario (the map's countries or spaces, the tracks, the counts: what the game's data lays
out) and the game's ``categories`` (its encoding declaration, model/<game>/encoding.py: the words a
string field takes). Walking an observation in sorted key order, each leaf is one or more slots:

* ``number``: an integer, a float or a boolean as a number (``null``: 0);
* ``onehot``: a string field named in ``categories`` (:func:`category`), one slot per word
  (``null`` or another word: all zero);
* ``counts``: a list whose field is named in ``categories``, one slot per word, its count;
* ``length``: any other list, its length (a hidden list the observation shows as a number: that
  number).

A string field not named in ``categories`` has no slot (the string observation, the JSON, carries
it). A field missing from a later observation is zero; a field the first states do not have
(something a later state adds) has no slot. The layout is published with the action table
(``model/<game>/data/actions.json``, ``observation_tensor``) and never depends on the state
encoded, so every tensor of a game has the same size and meaning.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

NUMBER, ONEHOT, COUNTS, LENGTH = "number", "onehot", "counts", "length"


def _merge(into: dict, obs: Mapping) -> None:
    for k, v in obs.items():
        if isinstance(v, Mapping):
            sub = into.get(k)
            if not isinstance(sub, dict):
                sub = into[k] = {}
            _merge(sub, v)
        elif k not in into or into[k] is None:
            into[k] = v


def category(categories: Mapping[str, tuple], parent: str, key: str) -> tuple | None:
    """The words of field ``key`` under ``parent``: ``categories`` names a field ``"parent.key"``,
    ``"parent.*"`` (every field of that object: a country's controller) or ``"key"``."""
    for name in (f"{parent}.{key}", f"{parent}.*", key):
        if name in categories:
            return tuple(categories[name])
    return None


def layout(observations: Iterable[Mapping], categories: Mapping[str, tuple]) -> list[list]:
    """The slots of the observations' union: ``[path, kind, words]`` each (``path`` the list of
    keys from the top, ``words`` the categories of a ``onehot`` or ``counts`` slot, else [])."""
    union: dict = {}
    for obs in observations:
        _merge(union, obs)
    out: list[list] = []

    def walk(d: Mapping, path: list) -> None:
        for k in sorted(d):
            v = d[k]
            p = path + [k]
            words = category(categories, path[-1] if path else "", k)
            if isinstance(v, dict):
                walk(v, p)
            elif isinstance(v, list):
                out.append([p, COUNTS, list(words)] if words is not None else [p, LENGTH, []])
            elif words is not None:
                out.append([p, ONEHOT, list(words)])
            elif v is None or isinstance(v, (bool, int, float)):
                out.append([p, NUMBER, []])
    walk(union, [])
    return out


def size(slots: list[list]) -> int:
    """The tensor's length."""
    return sum(len(w) if kind in (ONEHOT, COUNTS) else 1 for _, kind, w in slots)


def compile_slots(slots: list[list]) -> dict:
    """The slots as a tree of their paths (what :func:`encode` walks): each key leads to a subtree
    (a dict) or to a leaf ``(kind, offset, {word: index})``."""
    tree: dict = {}
    i = 0
    for path, kind, words in slots:
        node = tree
        for k in path[:-1]:
            node = node.setdefault(k, {})
        node[path[-1]] = (kind, i, {_word(w): j for j, w in enumerate(words)})
        i += len(words) if kind in (ONEHOT, COUNTS) else 1
    return tree


def _word(w: Any) -> tuple:
    return (type(w), w)  # 1 and True are different words


def encode(tree: dict, obs: Mapping, out: Any, offset: int = 0) -> None:
    """Write ``obs`` into ``out`` (a list or a numpy array of zeros, from ``offset``) by the
    compiled layout ``tree`` (:func:`compile_slots`)."""
    for k, node in tree.items():
        v = obs.get(k)
        if type(node) is dict:
            if type(v) is dict:
                encode(node, v, out, offset)
            continue
        kind, i, words = node
        i += offset
        if kind == NUMBER:
            if v is not None and type(v) in (bool, int, float):
                out[i] = float(v)
        elif kind == LENGTH:
            if type(v) is list:
                out[i] = float(len(v))
            elif type(v) is int:  # a hidden list shown as its size
                out[i] = float(v)
        elif kind == ONEHOT:
            j = words.get((type(v), v)) if v is not None and type(v) in (str, int, bool, float) else None
            if j is not None:
                out[i + j] = 1.0
        elif type(v) is list:  # COUNTS
            for x in v:
                j = words.get((type(x), x)) if type(x) in (str, int, bool, float) else None
                if j is not None:
                    out[i + j] += 1.0
