"""Perft: reference counts of the game tree from each scenario's start, as chess engines publish them,
so that another implementation can check its move generation by counting (docs/vectors.md).

``perft(d)`` is the number of distinct sequences of ``d`` decisions of a side from the start, where
every chance node met on the way is resolved by one fixed outcome: **the outcome whose canonical
JSON (``action_key``: sorted keys, no spaces, ASCII) sorts first as a string** (so the counts do not
depend on the order in which an implementation lists outcomes). Chance steps are not counted as
depth. A sequence that reaches the end of the game before ``d`` decisions is not a sequence of depth
``d``. So ``perft(1)`` is the number of legal actions at the first decision, and ``perft(d)`` the sum,
over the legal actions ``a`` there, of the count of depth ``d - 1`` after ``a`` (its chance steps
resolved): the *divide*, which tells where two implementations part.
"""
from __future__ import annotations

from itertools import repeat
from typing import Any

from cdg_oracle.model.core.game import action_key
from cdg_oracle.model.core.registry import get, names
from cdg_oracle.oracle import statediff
from cdg_oracle.oracle.games import new_state

FORMAT = "cdg-oracle-perft"
FORMAT_VERSION = 1
CHANCE_RULE = ("every chance node is resolved by the outcome whose canonical JSON (sorted keys, separators ',' "
               "and ':', non-ASCII escaped as \\uXXXX) sorts first, comparing the texts character by character")
DEPTH_RULE = ("depth counts the decisions of a side only, not chance steps; perft(d) is the number of distinct "
              "sequences of d decisions from the start (after its chance steps are resolved); a game that ends "
              "before d decisions adds nothing to perft(d); divide lists, for each first decision, the count of "
              "the deepest depth under it")
# The default depth per scenario is the game's (``GameSpec.perft_depths``: as deep as stays within a
# few seconds); a scenario it does not list gets this one.
FALLBACK_DEPTH = 3


class _IntegerText(dict):
    """``n -> str(n) + "}"``, remembered: how an integer ends a one-key object's canonical JSON."""

    def __missing__(self, n: int) -> str:
        text = self[n] = f"{n}}}"
        return text


_INTEGER_TEXT = _IntegerText()


def first_outcome(state) -> Any:
    """The chance outcome the rule picks: the one whose canonical JSON sorts first.

    Outcomes that are all one-key objects with an integer value under the same key (a draw,
    ``{"card": 17}``; a die, ``{"die": 4}``) share the text ``{"key":`` before the number, so the
    first is the one whose ``str(value) + "}"`` sorts first: the same choice without writing every
    outcome's JSON (``{"card":10}`` sorts before ``{"card":1}``, as ``"10}"`` before ``"1}"``)."""
    outcomes = state.legal_actions()
    first = outcomes[0]
    if type(first) is dict and len(first) == 1 and set(map(type, outcomes)) == {dict} \
            and sum(map(len, outcomes)) == len(outcomes):
        (key,) = first
        values = list(map(dict.get, outcomes, repeat(key)))
        if set(map(type, values)) == {int}:
            return outcomes[values.index(min(values, key=_INTEGER_TEXT.__getitem__))]
    return min(outcomes, key=action_key)


def resolve(state) -> int:
    """Apply the rule's outcome at every chance node until a decision or the end; the number of
    chance steps taken."""
    n = 0
    while state.current_player() == "chance":
        state.apply(first_outcome(state))
        n += 1
    return n


def _count(state, depth: int, counts: list[int], level: int) -> None:
    """Add to ``counts[j]`` the sequences of ``j + 1`` decisions below ``state`` (a decision node
    reached after ``level`` decisions), for every ``j < depth``."""
    if state.is_terminal():
        return
    legal = state.legal_actions()
    counts[level] += len(legal)
    if level + 1 == depth:
        return
    for a in legal:
        child = state.clone()
        child.apply(a)
        resolve(child)
        _count(child, depth, counts, level + 1)


def perft(state, depth: int) -> dict:
    """The counts of depths 1..``depth`` from ``state`` (chance resolved first) and the divide at
    ``depth``: ``{"counts": [...], "divide": [{"action", "count"}], "start": canonical start state}``."""
    if depth < 1:
        raise ValueError("perft depth must be at least 1")
    st = state.clone()
    resolve(st)
    counts = [0] * depth
    divide = []
    if not st.is_terminal():
        legal = st.legal_actions()
        counts[0] = len(legal)
        for a in sorted(legal, key=action_key):
            if depth == 1:
                divide.append({"action": a, "count": 1})
                continue
            child = st.clone()
            child.apply(a)
            resolve(child)
            sub = [0] * (depth - 1)
            _count(child, depth - 1, sub, 0)
            for j, n in enumerate(sub):
                counts[j + 1] += n
            divide.append({"action": a, "count": sub[-1]})
    return {"counts": counts, "divide": divide, "start": st}


def default_depth(scenario: str, game: str | None = None) -> int:
    """The default perft depth of ``scenario``: the one ``game``'s spec gives it
    (``GameSpec.perft_depths``), else :data:`FALLBACK_DEPTH`. Without ``game``, the depth the one
    registered game listing that scenario gives it (scenario names of different games may clash:
    then the fallback)."""
    if game is not None:
        return get(game).perft_depths.get(scenario, FALLBACK_DEPTH)
    depths = {get(g).perft_depths[scenario] for g in names() if scenario in get(g).perft_depths}
    return depths.pop() if len(depths) == 1 else FALLBACK_DEPTH


def perft_scenarios(game: str, scenarios: list[str], depth: int | None, length: str = "standard",
                    rulings: dict | None = None, options: dict | None = None) -> dict:
    """For each scenario, under the game ``options`` (None: the defaults): its depth, the counts of
    depths 1..depth, the divide and the canonical hash of the start position (after its chance
    steps)."""
    out: dict = {}
    for scenario in scenarios:
        st = new_state(game, scenario, length, rulings, options)
        d = depth if depth is not None else default_depth(scenario, game)
        r = perft(st, d)
        out[scenario] = {
            "depth": d,
            "counts": r["counts"],
            "divide": r["divide"],
            "start_state_hash": statediff.canonical_hash(r["start"].canonical()),
            "start_player": r["start"].current_player(),
        }
    return out


def perft_doc(game: str, scenarios: list[str], depth: int | None, length: str = "standard",
              rulings: dict | None = None, variants: tuple = ()) -> dict:
    """``perft.json``: the counts of every scenario under the game's default options
    (``scenarios``: :func:`perft_scenarios`) and, for each named set of options of ``variants``
    (``(name, options)`` pairs; Twilight Struggle: the Deluxe edition, with and without its
    optional cards), the same under those options (``variants``: a list of ``{name, options,
    scenarios}``; absent when there are none)."""
    out: dict = {"format": FORMAT, "format_version": FORMAT_VERSION, "game": game, "length": length,
                 "chance_rule": CHANCE_RULE, "depth_rule": DEPTH_RULE,
                 "rulings": new_state(game, scenarios[0], length, rulings).rulings_dict(),
                 "scenarios": perft_scenarios(game, scenarios, depth, length, rulings)}
    if variants:
        out["variants"] = [{"name": name, "options": dict(options),
                            "scenarios": perft_scenarios(game, scenarios, depth, length, rulings, dict(options))}
                           for name, options in variants]
    return out


def render(doc: dict) -> list[str]:
    """The lines printed on stdout: per scenario the counts by depth, then the divide."""
    lines = [f"perft ({doc['game']}, {doc['length']}; chance: the outcome whose canonical JSON sorts first)"]
    blocks = [("", doc["scenarios"])] + [(f" [{v['name']}: {action_key(v['options'])}]", v["scenarios"])
                                         for v in doc.get("variants", ())]
    for label, scenarios in blocks:
        for scenario, s in scenarios.items():
            counts = ", ".join(f"{i + 1}: {n}" for i, n in enumerate(s["counts"]))
            lines.append(f"{scenario}{label}: depth {counts}")
            for x in s["divide"]:
                lines.append(f"  {action_key(x['action'])}: {x['count']}")
    return lines
