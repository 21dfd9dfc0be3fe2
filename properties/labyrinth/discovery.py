"""Discovery of ambiguities the registry does not name (issue 7, item 4): the walk of the stateful
machine (``properties/labyrinth/stateful.py``), run with differing rulings side by side.

A *pair* is two games of the same scenario, length and options, one under rulings A, the other
under rulings B, which differ in exactly one ``LabyrinthRulings`` switch: A has the switch's default
(and every other switch at its default too: the game as the model plays it), B one of its other
choices. The two games are walked with the same choices -- the same action at a decision, the same
outcome at a chance node -- for as long as they offer the same ones. At the first step where they
*diverge* (their canonical states, their legal actions or, at a chance node, the probabilities of
the outcomes differ) the pair stops and records: the switch and its two values, the scenario,
length and options, the actions from the start, the rules each game's step cited
(``applied_rules()``; a card's event is cited as ``card N``; when the questions differ, also the
rule of the question each game now asks) and which parts of the canonical state
differ (paths such as ``prestige``, ``hands.US`` or ``countries.Iraq.sleepers``; ``legal_actions``
or ``chance_outcomes`` when the questions differ). States that differ at set-up, before any step,
diverge at step 0 and cite the set-up rule 3.2 (the rules the set-up happened to apply, such as
5.2.8 for the first deal, are left out: they vary with the scenario, not with the switch).

A divergence is *named* by the registry when an entry with that switch lists one of the cited
rules (or a section above one: an entry naming ``8.5`` names a step citing ``8.5.6``) or one of
the cited cards. Otherwise it is a *candidate new ambiguity*: the switch changed play at a rule the
registry does not connect to it -- a reading that reaches further than its entry says, or a rule
the model consults for the switch that the entry forgot. Candidates are grouped by the switch and
the rules and cards cited; each group keeps its shortest example (the first found, on a tie) and
the number of divergences it stands for.

Why a seeded walker and not hypothesis: a divergence is a finding to record, not a failure to
shrink, so hypothesis's shrinking has nothing to do; a seeded walk makes ``runs`` exactly the
number of pairs, tries every switch in turn (pair k varies the k-th alternative of
:func:`alternatives`, cyclically: every switch value is tried once ``runs`` reaches their number),
draws the chance outcomes by their probabilities, as a game is played, and gives the same result
for the same seed on every machine and every hypothesis version. The choices are the machine's:
an index among the legal actions, an outcome at a chance node; the randomness is a
``random.Random`` seeded from the seed and the pair's index (no clock, no global state).
The checks of the machine (invariants, JSON round trip, determinism) are not repeated here; a
model crash in either game ends the pair and is listed under ``crashes``.
"""
from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any, Iterable

from cdg_oracle.model.core.game import CHANCE, action_key
from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.model.labyrinth.rulings import LabyrinthRulings
from cdg_oracle.model.labyrinth.scenarios import LENGTHS
from cdg_oracle.model.labyrinth.solo.options import IDEOLOGIES
from cdg_oracle.properties.labyrinth.registry import DIRECTORY, Entry, load_registry
from cdg_oracle.properties.labyrinth.stateful import SCENARIOS
from cdg_oracle.properties.sampling import sample_chance

#: A pair that has not diverged after this many steps stops (complete games take under 1,400).
MAX_PAIR_STEPS = 5_000
#: How deep the diff of two canonical states goes (``countries.Iraq.sleepers`` is depth 3), and
#: how many differing paths a divergence keeps.
DIFF_DEPTH = 3
MAX_DIFF_PATHS = 12
#: The rule cited for a divergence present before the first step: the scenario set-up.
SETUP_RULE = "3.2"


def alternatives(switches: Iterable[str] | None = None) -> list[tuple[str, Any, Any]]:
    """Every (switch, default, other value) of ``LabyrinthRulings``, in the order of
    ``describe()`` then of the switch's choices; only the switches named in ``switches`` if
    given. A switch with a single choice has no alternative."""
    described = LabyrinthRulings.describe()
    if switches is not None:
        wanted = set(switches)
        unknown = wanted - {s["name"] for s in described}
        if unknown:
            raise ValueError(f"unknown switch {', '.join(sorted(unknown))}")
        described = [s for s in described if s["name"] in wanted]
    return [(s["name"], s["default"], v) for s in described for v in s["choices"] if v != s["default"]]


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


def divergence(a, b) -> list[str]:
    """Where two games differ for a player or an implementation (empty: nowhere): the paths of
    their canonical states that differ, then ``legal_actions`` if the choices differ, or
    ``chance_outcomes`` if only the probabilities of the outcomes do. The model's machinery (the
    procedure stack, the prompt's words) and the rulings themselves do not count."""
    da, db = a.d, b.d
    if da.keys() == db.keys() and all(da[k] == db[k] for k in da if k != "rulings"):
        return []  # the whole state is the same: so are the canonical state and the questions
    paths = diff_paths(a.canonical(), b.canonical())
    if [action_key(x) for x in a.legal_actions()] != [action_key(x) for x in b.legal_actions()]:
        paths.append("legal_actions")
    elif [p for _, p in a.chance_outcomes()] != [p for _, p in b.chance_outcomes()]:
        paths.append("chance_outcomes")
    return paths


def _cited(game, paths: list[str], applied: list[str]) -> list[str]:
    """The rules a game cites for a divergence: those its step applied and, when the questions
    differ, the rule of the question it now asks."""
    out = list(applied)
    question = game.decision()
    if ("legal_actions" in paths or "chance_outcomes" in paths) and question and question["rule"] not in out:
        out.append(question["rule"])
    return out


def _split(cited: list[str]) -> tuple[list[str], list[int]]:
    """Cited rule numbers (in rule order) and card numbers (``card N``), without repeats."""
    rules = {c for c in cited if not c.startswith("card ")}
    cards = {int(c[5:]) for c in cited if c.startswith("card ")}
    return sorted(rules, key=_rule_order), sorted(cards)


def _rule_order(number: str) -> tuple:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in number.split("."))


def names(entry: Entry, rules: list[str], cards: list[int]) -> bool:
    """Does ``entry`` name a step that cited ``rules`` and ``cards``: one of its rules is a cited
    rule or a section above one, or one of its cards is cited?"""
    return any(c == r or c.startswith(r + ".") for c in rules for r in entry.rules) or \
        bool(set(entry.cards) & set(cards))


def walk_pair(scenario: str, length: str, options: dict | None, switch: str, values: tuple,
              rng: random.Random, max_steps: int = MAX_PAIR_STEPS) -> dict:
    """Walk two games side by side, under ``{switch: values[0]}`` and ``{switch: values[1]}``
    (every other switch at its default), with the same choices drawn from ``rng``, to the first
    divergence, the end of the games or ``max_steps``. Returns ``{"diverged": bool, "crash": text
    or None, "actions", "steps", "rulings": {"a", "b"}}`` (the rulings: non-default choices only),
    and for a divergence ``"cited": {"a": [...], "b": [...]}, "rules", "cards", "diff_paths"``."""
    defaults = LabyrinthRulings().to_dict()
    rulings = [{switch: v} if v != defaults[switch] else {} for v in values]
    out: dict = {"diverged": False, "crash": None, "actions": [], "steps": 0,
                 "rulings": {"a": rulings[0], "b": rulings[1]}}
    games = []
    for side, r in zip("ab", rulings):
        try:
            games.append(new_game(scenario, length, r, copy.deepcopy(options)))
        except Exception as e:  # noqa: BLE001 -- a crash of the model is a finding, recorded
            out["crash"] = f"game {side}: setting up raised {type(e).__name__}: {e}"
            return out
    a, b = games
    paths = divergence(a, b)
    if paths:
        cited_a, cited_b = _cited(a, paths, [SETUP_RULE]), _cited(b, paths, [SETUP_RULE])
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
        paths = divergence(a, b)
        if paths:
            cited_a, cited_b = _cited(a, paths, a.applied_rules()), _cited(b, paths, b.applied_rules())
    out["steps"] = len(actions)
    if paths:
        rules, cards = _split(cited_a + cited_b)
        out.update(diverged=True, cited={"a": cited_a, "b": cited_b}, rules=rules, cards=cards,
                   diff_paths=paths[:MAX_DIFF_PATHS])
    return out


def _pair_setup(seed: int, k: int, switch: str) -> tuple[random.Random, str, str, dict | None]:
    """The random stream, scenario, length and options of pair ``k``: a solo game (chapter 9,
    every Ideology, mini-decks or not) for a ``solo_`` switch, else two-player or solo evenly."""
    rng = random.Random(f"cdg-oracle discovery {seed} {k}")
    scenario = rng.choice(SCENARIOS)
    length = rng.choice(list(LENGTHS))
    solo = switch.startswith("solo_") or rng.randrange(2) == 1
    options = None
    if solo:
        options = {"solo": True, "ideology": rng.choice(IDEOLOGIES), "minidecks": rng.randrange(2) == 1}
    return rng, scenario, length, options


def _entries(registry) -> tuple[Entry, ...]:
    if registry is None:
        return load_registry(DIRECTORY)
    if isinstance(registry, (str, Path)):
        return load_registry(Path(registry))
    return tuple(registry)


def discover(seed: int, runs: int, registry=None, switches: Iterable[str] | None = None,
             max_steps: int = MAX_PAIR_STEPS) -> dict:
    """Walk ``runs`` pairs of games (pair k varies the k-th alternative of :func:`alternatives`,
    cyclically) and sort their divergences into those the registry names and candidate new
    ambiguities. ``registry``: the entries (None: the registry of ``ambiguities/``; a directory:
    the registry there); ``switches``: vary only these. Same arguments, same result. Returns::

        {"seed", "pairs", "divergences", "named",
         "candidates": [{"switch", "values": [A, B], "rules", "cards", "cited": {"a", "b"},
                         "diff_paths", "scenario", "length", "options", "rulings": {"a", "b"},
                         "actions", "steps", "count"}],
         "switches": {name: {"pairs", "divergences", "named", "named_by": [entry ids]}},
         "crashes": [{"switch", "values", "scenario", "length", "options", "rulings", "actions",
                      "steps", "what"}]}

    A candidate's example replays as ``new_game(scenario, length, rulings[x], options)`` fed
    ``actions``: the games under the two rulings diverge at the last action (``steps`` actions;
    0: at set-up)."""
    entries = _entries(registry)
    alts = alternatives(switches)
    if not alts:
        raise ValueError("no switch with more than one choice to vary")
    by_switch: dict[str, list[Entry]] = {}
    for e in entries:
        if e.switch:
            by_switch.setdefault(e.switch, []).append(e)
    stats = {name: {"pairs": 0, "divergences": 0, "named": 0, "named_by": []}
             for name in dict.fromkeys(name for name, _, _ in alts)}
    groups: dict[tuple, dict] = {}
    crashes: list[dict] = []
    divergences = named = 0
    for k in range(runs):
        switch, default, value = alts[k % len(alts)]
        rng, scenario, length, options = _pair_setup(seed, k, switch)
        res = walk_pair(scenario, length, options, switch, (default, value), rng, max_steps)
        s = stats[switch]
        s["pairs"] += 1
        example = {"switch": switch, "values": [default, value], "scenario": scenario, "length": length,
                   "options": options, "rulings": res["rulings"], "actions": res["actions"],
                   "steps": res["steps"]}
        if res["crash"]:
            crashes.append({**example, "what": res["crash"]})
            continue
        if not res["diverged"]:
            continue
        divergences += 1
        s["divergences"] += 1
        naming = [e.id for e in by_switch.get(switch, []) if names(e, res["rules"], res["cards"])]
        if naming:
            named += 1
            s["named"] += 1
            s["named_by"] = sorted(set(s["named_by"]) | set(naming))
            continue
        key = (switch, tuple(res["rules"]), tuple(res["cards"]))
        found = {**example, "rules": res["rules"], "cards": res["cards"], "cited": res["cited"],
                 "diff_paths": res["diff_paths"]}
        if key not in groups:
            groups[key] = {**found, "count": 1}
        else:
            count = groups[key]["count"] + 1
            if found["steps"] < groups[key]["steps"]:
                groups[key] = found
            groups[key]["count"] = count
    order = {name: i for i, name in enumerate(stats)}
    candidates = [groups[key] for key in sorted(groups, key=lambda key: (order[key[0]], key[1:]))]
    candidates = [_ordered(c) for c in candidates]
    return {"seed": seed, "pairs": runs, "divergences": divergences, "named": named,
            "candidates": candidates, "switches": stats, "crashes": crashes}


_FIELDS = ("switch", "values", "rules", "cards", "cited", "diff_paths", "scenario", "length", "options",
           "rulings", "actions", "steps", "count")


def _ordered(candidate: dict) -> dict:
    return {f: candidate[f] for f in _FIELDS}
