"""Random picks posed as chance nodes, for every game.

The model holds no randomness: whatever the rules leave to chance -- a card taken at random from a
hand, which face-down marker is drawn, a shuffle, a random country -- is a chance node
(:func:`~cdg_oracle.model.core.engine.pick_chance`) whose outcomes and exact probabilities the
contract reports. These helpers are the one way a game poses such a pick:

* :func:`pick_weighted`: one of these, each as likely as its integer weight;
* :func:`pick_uniform`: one of these, each equally likely (outcomes in the order given);
* :func:`pick_by_count`: one marker from a heap holding some values more than once: one outcome
  per distinct value (sorted), as likely as the number of markers of that value;
* :func:`pick_next`: the next of ``k`` picks without replacement (one chance node per pick), for a
  procedure that takes ``k`` of these one at a time.

Outcomes are plain JSON actions; with ``key`` each item ``x`` is the action ``{key: x}``.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping

from cdg_oracle.model.core.engine import pick_chance


def _outcome(key: str | None, item: Any) -> Any:
    return item if key is None else {key: item}


def pick_weighted(st, outcomes: list, weights: list[int] | None, rule: str, prompt: str, *,
                  gap: str | None = None) -> None:
    """Pose a chance node: one of ``outcomes`` (actions, in the order given), each as likely as
    its entry of ``weights`` (None: uniform). ``gap``: the node stands in for a table no source
    gives. The one place the helpers below reach the engine's chance node."""
    pick_chance(st, list(outcomes), weights, rule, prompt, gap=gap)


def pick_uniform(st, items: Iterable, rule: str, prompt: str, *, key: str | None = None,
                 gap: str | None = None) -> None:
    """Pose a chance node: one of ``items``, each equally likely, in the order given (``key``:
    each outcome is ``{key: item}``). ``gap``: the node stands in for a table no source gives."""
    pick_weighted(st, [_outcome(key, x) for x in items], None, rule, prompt, gap=gap)


def pick_by_count(st, markers: Iterable | Mapping[Any, int], rule: str, prompt: str, *,
                  key: str | None = None) -> None:
    """Pose a chance node: one marker drawn from a heap, each marker equally likely, so each
    distinct value (outcomes sorted by their text) as likely as the markers of that value.
    ``markers``: the markers (a value held twice appears twice) or a mapping value -> count."""
    counts = markers if isinstance(markers, Mapping) else Counter(markers)
    values = sorted(counts, key=str)
    pick_weighted(st, [_outcome(key, v) for v in values], [counts[v] for v in values], rule, prompt)


def pick_next(st, pool: list, taken: int, k: int, rule: str, prompt: str, *,
              key: str | None = None) -> bool:
    """The next of ``k`` picks without replacement from ``pool`` (what is still there), ``taken``
    made so far: True when done (``k`` taken or the pool empty: fewer than ``k`` items give as
    many picks as there are), else a uniform chance node over ``pool`` is posed and False."""
    if taken >= k or not pool:
        return True
    pick_uniform(st, pool, rule, prompt, key=key)
    return False
