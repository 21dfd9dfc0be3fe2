"""Paired games, for any game of the registry: two games of the same scenario, length and options,
one under the default rulings and one under a single switch changed, walked with the same choices
until they part. What measures the rulings (interpretation switches) of a game by play is built on
this: the discovery and the side-by-side machine (properties/discovery.py, side_by_side.py),
which judge a parting against the game's ambiguity registry.

Everything here goes through the contract and the game's ``GameSpec`` (``new_state``, ``rulings``):

* :func:`alternatives` lists every (switch, default, other value) of ``spec.rulings.describe()``;
* :func:`divergence` says where two games differ for a player or an implementation: the paths of
  their canonical states that differ (:func:`diff_paths`), then ``legal_actions`` if the choices
  differ, or ``chance_outcomes`` if only the probabilities of the outcomes do;
* :func:`cited` and :func:`split` name the rules a divergence was cited at (``applied_rules()``;
  the rule of the question asked when the questions differ; an event cited as ``card N``);
* :func:`walk_pair` walks one pair to its first divergence, the end, or a step bound.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Callable, Iterable

from cdg_oracle.model.core.game import CHANCE, action_key
from cdg_oracle.model.core.registry import get
from cdg_oracle.properties.sampling import sample_chance

#: A pair that has not diverged after this many steps stops.
MAX_PAIR_STEPS = 5_000
#: How deep the diff of two canonical states goes (``countries.Iraq.sleepers`` is depth 3), and
#: how many differing paths a divergence keeps.
DIFF_DEPTH = 3
MAX_DIFF_PATHS = 12


def alternatives(game: str, switches: Iterable[str] | None = None) -> list[tuple[str, Any, Any]]:
    """Every (switch, default, other value) of the game's Rulings class, in the order of
    ``describe()`` then of the switch's choices; only the switches named in ``switches`` if
    given (an unknown name is a ValueError). A switch with a single choice has no alternative."""
    described = get(game).rulings.describe()
    if switches is not None:
        wanted = set(switches)
        unknown = wanted - {s["name"] for s in described}
        if unknown:
            raise ValueError(f"unknown switch {', '.join(sorted(unknown))}")
        described = [s for s in described if s["name"] in wanted]
    return [(s["name"], s["default"], v) for s in described for v in s["choices"] if v != s["default"]]


def pair_rulings(game: str, switch: str, values: tuple) -> list[dict]:
    """The rulings of the two games of a pair, ``{switch: values[x]}``, a value equal to the
    switch's default written as no change at all (``{}``)."""
    defaults = get(game).rulings().to_dict()
    return [{switch: v} if v != defaults[switch] else {} for v in values]


def diff_paths(a: Any, b: Any, prefix: str = "", depth: int = DIFF_DEPTH) -> list[str]:
    """The paths at which two JSON values differ: into mappings down to ``depth`` levels; a
    list, a scalar, or a mapping below the depth is compared whole."""
    if a == b:
        return []
    if not (isinstance(a, dict) and isinstance(b, dict)) or depth == 0:
        return [prefix or "."]
    out: list[str] = []
    for k in sorted(set(a) | set(b), key=str):
        path = f"{prefix}.{k}" if prefix else str(k)
        if k not in a or k not in b:
            out.append(path)
        else:
            out.extend(diff_paths(a[k], b[k], path, depth - 1))
    return out


def divergence(a, b, same: Callable | None = None) -> list[str]:
    """Where two games differ for a player or an implementation (empty: nowhere): the paths of
    their canonical states that differ, then ``legal_actions`` if the choices differ, or
    ``chance_outcomes`` if only the probabilities of the outcomes do. The model's machinery and the
    rulings themselves do not count. ``same(a, b)``: an optional quick test a game may give, true
    only when the two states are the same but for their rulings (then nothing differs)."""
    if same is not None and same(a, b):
        return []
    paths = diff_paths(a.canonical(), b.canonical())
    if [action_key(x) for x in a.legal_actions()] != [action_key(x) for x in b.legal_actions()]:
        paths.append("legal_actions")
    elif [p for _, p in a.chance_outcomes()] != [p for _, p in b.chance_outcomes()]:
        paths.append("chance_outcomes")
    return paths


def cited(game, paths: list[str], applied: list[str]) -> list[str]:
    """The rules a game cites for a divergence: those its step applied and, when the questions
    differ, the rule of the question it now asks."""
    out = list(applied)
    question = game.decision()
    if ("legal_actions" in paths or "chance_outcomes" in paths) and question and question["rule"] not in out:
        out.append(question["rule"])
    return out


def split(citations: list[str]) -> tuple[list[str], list[int]]:
    """Cited rule numbers (in rule order) and card numbers (``card N``), without repeats."""
    rules = {c for c in citations if not c.startswith("card ")}
    cards = {int(c[5:]) for c in citations if c.startswith("card ")}
    return sorted(rules, key=rule_order), sorted(cards)


def rule_order(number: str) -> tuple:
    """A sort key of rule numbers: ``2.10`` after ``2.9``."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in number.split("."))


def walk_pair(game: str, scenario: str, length: str, options: dict | None, switch: str, values: tuple,
              rng: random.Random, max_steps: int = MAX_PAIR_STEPS, setup_rule: str = "setup",
              same: Callable | None = None) -> dict:
    """Walk two games of ``game`` side by side, under ``{switch: values[0]}`` and ``{switch:
    values[1]}`` (every other switch at its default), with the same choices drawn from ``rng`` (an
    index among the legal actions; a chance outcome by its probability), to the first divergence,
    the end of the games or ``max_steps``. A divergence before the first step cites
    ``setup_rule``. Returns ``{"diverged": bool, "crash": text or None, "actions", "steps",
    "rulings": {"a", "b"}}`` (the rulings: non-default choices only), and for a divergence
    ``"cited": {"a": [...], "b": [...]}, "rules", "cards", "diff_paths"``."""
    spec = get(game)
    rulings = pair_rulings(spec.name, switch, values)
    out: dict = {"diverged": False, "crash": None, "actions": [], "steps": 0,
                 "rulings": {"a": rulings[0], "b": rulings[1]}}
    games = []
    for side, r in zip("ab", rulings):
        try:
            games.append(spec.new_state(scenario, length, r, copy.deepcopy(options)))
        except Exception as e:  # noqa: BLE001 -- a crash of the model is a finding, recorded
            out["crash"] = f"game {side}: setting up raised {type(e).__name__}: {e}"
            return out
    a, b = games
    paths = divergence(a, b, same)
    if paths:
        cited_a, cited_b = cited(a, paths, [setup_rule]), cited(b, paths, [setup_rule])
    actions = out["actions"]
    while not paths and not a.is_terminal() and len(actions) < max_steps:
        if a.current_player() == CHANCE:
            act = sample_chance(rng, a.chance_outcomes())
        else:
            legal = a.legal_actions()
            act = legal[rng.randrange(len(legal))]
        actions.append(copy.deepcopy(act))
        for side, g in (("a", a), ("b", b)):
            try:
                g.apply(copy.deepcopy(act))
            except Exception as e:  # noqa: BLE001 -- a crash of the model is a finding, recorded
                out["crash"] = f"game {side}: step {len(actions)}: apply({action_key(act)}) raised " \
                               f"{type(e).__name__}: {e}"
                out["steps"] = len(actions)
                return out
        paths = divergence(a, b, same)
        if paths:
            cited_a, cited_b = cited(a, paths, a.applied_rules()), cited(b, paths, b.applied_rules())
    out["steps"] = len(actions)
    if paths:
        rules, cards = split(cited_a + cited_b)
        out.update(diverged=True, cited={"a": cited_a, "b": cited_b}, rules=rules, cards=cards,
                   diff_paths=paths[:MAX_DIFF_PATHS])
    return out
