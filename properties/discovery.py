"""Discovery of ambiguities a game's registry does not name (issue 7, item 4; for every game with a
registry, issue 29 item 5): the walk of the stateful machine (``properties/stateful.py``), run with
differing rulings side by side.

A *pair* is two games of the same scenario, length and options, one under rulings A, the other
under rulings B, which differ in exactly one switch of the game's ``Rulings`` class: A has the
switch's default (and every other switch at its default too: the game as the model plays it), B
one of its other choices. The two games are walked with the same choices -- the same action at a
decision, the same outcome at a chance node -- for as long as they offer the same ones. At the
first step where they *diverge* (their canonical states, their legal actions or, at a chance node,
the probabilities of the outcomes differ) the pair stops and records: the switch and its two
values, the scenario, length and options, the actions from the start, the rules each game's step
cited (``applied_rules()``; a card's event is cited as ``card N``; when the questions differ, also
the rule of the question each game now asks) and which parts of the canonical state differ (paths
such as ``prestige``, ``hands.US`` or ``countries.Iraq.sleepers``; ``legal_actions`` or
``chance_outcomes`` when the questions differ). States that differ at set-up, before any step,
diverge at step 0 and cite the game's set-up rule (:attr:`Measurement.setup_rule`; Labyrinth's
3.2; the rules the set-up happened to apply, such as 5.2.8 for Labyrinth's first deal, are left
out: they vary with the scenario, not with the switch).

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

The pairs themselves (alternatives, divergence, citations, the walk of a pair) are
``properties/pairs.py``; this module judges them against the game's ambiguity registry
(:func:`names`). What is the game's own comes from its :class:`~cdg_oracle.properties.impact.Measurement`:
the pairs' scenario, length and options (``discovery_game``; Labyrinth: solo games for the
``solo_`` switches) and the set-up rule; a quick test of state dicts equal but for the rulings
comes before the canonical states are compared.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Iterable

from cdg_oracle.model.core.registry import get
from cdg_oracle.properties import pairs
from cdg_oracle.properties.ambiguities import Entry
from cdg_oracle.properties.impact import measurement_of
from cdg_oracle.properties.pairs import diff_paths  # noqa: F401  (re-exported)

#: A pair that has not diverged after this many steps stops (complete games take under 1,400).
MAX_PAIR_STEPS = 5_000


def alternatives(game: str, switches: Iterable[str] | None = None) -> list[tuple[str, Any, Any]]:
    """Every (switch, default, other value) of the game's ``Rulings``, in the order of
    ``describe()`` then of the switch's choices; only the switches named in ``switches`` if
    given. A switch with a single choice has no alternative (``properties/pairs.py``)."""
    return pairs.alternatives(game, switches)


def _same_but_rulings(a, b) -> bool:
    """The quick test: the whole state dicts are equal but for the rulings (then so are the
    canonical states and the questions)."""
    da, db = a.d, b.d
    return da.keys() == db.keys() and all(da[k] == db[k] for k in da if k != "rulings")


def divergence(a, b) -> list[str]:
    """Where two games differ for a player or an implementation (empty: nowhere): the paths of
    their canonical states that differ, then ``legal_actions`` if the choices differ, or
    ``chance_outcomes`` if only the probabilities of the outcomes do (``properties/pairs.py``, with
    the quick test of equal state dicts first). The model's machinery (the procedure stack,
    the prompt's words) and the rulings themselves do not count."""
    return pairs.divergence(a, b, _same_but_rulings)


def names(entry: Entry, rules: list[str], cards: list[int]) -> bool:
    """Does ``entry`` name a step that cited ``rules`` and ``cards``: one of its rules is a cited
    rule or a section above one, or one of its cards is cited?"""
    return any(c == r or c.startswith(r + ".") for c in rules for r in entry.rules) or \
        bool(set(entry.cards) & set(cards))


def walk_pair(game: str, scenario: str, length: str, options: dict | None, switch: str, values: tuple,
              rng: random.Random, max_steps: int = MAX_PAIR_STEPS) -> dict:
    """Walk two games side by side (``properties/pairs.py``'s ``walk_pair``; a divergence at set-up
    cites the game's set-up rule)."""
    return pairs.walk_pair(game, scenario, length, options, switch, values, rng, max_steps,
                           measurement_of(game).setup_rule, _same_but_rulings)


def generic_game(game: str, rng: random.Random, switch: str) -> tuple[str, str, dict | None]:
    """A discovery pair's scenario and length drawn from ``rng`` among the game's, no options (the
    default of :attr:`Measurement.discovery_game`)."""
    spec = get(game)
    return rng.choice(list(spec.scenarios())), rng.choice(list(spec.lengths)), None


def _pair_setup(game: str, seed: int, k: int, switch: str) -> tuple[random.Random, str, str, dict | None]:
    """The random stream, scenario, length and options of pair ``k`` (the game's
    :attr:`Measurement.discovery_game`: Labyrinth draws a solo game, chapter 9, every Ideology,
    mini-decks or not, for a ``solo_`` switch, else two-player or solo evenly)."""
    rng = random.Random(f"cdg-oracle discovery {seed} {k}")
    chosen = measurement_of(game).discovery_game
    scenario, length, options = chosen(rng, switch) if chosen else generic_game(game, rng, switch)
    return rng, scenario, length, options


def entries_of(game: str, registry) -> tuple[Entry, ...]:
    """The registry entries ``registry`` stands for: None, the game's registry (its ``CHECKS``);
    a folder, the game's registry read from there; else the entries themselves."""
    if registry is None or isinstance(registry, (str, Path)):
        from cdg_oracle.properties.games import checks

        reg = checks(game).registry
        if reg is None:
            raise ValueError(f"{game} has no ambiguity registry")
        return reg.load(None if registry is None else Path(registry))
    return tuple(registry)


def discover(game: str, seed: int, runs: int, registry=None, switches: Iterable[str] | None = None,
             max_steps: int = MAX_PAIR_STEPS) -> dict:
    """Walk ``runs`` pairs of games of ``game`` (pair k varies the k-th alternative of
    :func:`alternatives`, cyclically) and sort their divergences into those the registry names and
    candidate new ambiguities. ``registry``: the entries (None: the game's registry; a directory:
    the registry there); ``switches``: vary only these. Same arguments, same result. Returns::

        {"seed", "pairs", "divergences", "named",
         "candidates": [{"switch", "values": [A, B], "rules", "cards", "cited": {"a", "b"},
                         "diff_paths", "scenario", "length", "options", "rulings": {"a", "b"},
                         "actions", "steps", "count"}],
         "switches": {name: {"pairs", "divergences", "named", "named_by": [entry ids]}},
         "crashes": [{"switch", "values", "scenario", "length", "options", "rulings", "actions",
                      "steps", "what"}]}

    A candidate's example replays as ``spec.new_state(scenario, length, rulings[x], options)`` fed
    ``actions``: the games under the two rulings diverge at the last action (``steps`` actions;
    0: at set-up)."""
    entries = entries_of(game, registry)
    alts = alternatives(game, switches)
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
        rng, scenario, length, options = _pair_setup(game, seed, k, switch)
        res = walk_pair(game, scenario, length, options, switch, (default, value), rng, max_steps)
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
