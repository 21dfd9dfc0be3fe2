"""The checked walk, for any game of the registry (model/core/registry.py): a random complete game
that checks after every step that the state keeps the game's invariants, round-trips through JSON
exactly, offers a legal action (no dead end) with chance probabilities summing to 1, and that the
game ends within a step bound. Randomness is the caller's seed; the model holds none. Campaigns
are many walks.

A game's invariants come from its checks record (properties/games.py ``GameChecks.invariants``:
``make(state)``, which returns the check ``check(state) -> [problem, ...]`` for that game and its
rulings); a game without them is walked with the generic checks only. Labyrinth's are
``properties/labyrinth/campaign.py``'s.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Callable

from cdg_oracle.properties.sampling import sample_chance
from cdg_oracle.properties import games

MAX_STEPS = 100_000

@dataclass
class GameResult:
    scenario: str
    seed: int
    steps: int
    winner: str | None
    reason: str
    failures: list[str] = field(default_factory=list)
    actions: list = field(default_factory=list)
    events: set = field(default_factory=set)   # cards whose event rule ("card N") a step applied
    options: dict | None = None                # the game options (None: none, or two-player)
    gaps: int = 0                              # steps at a gap chance node (decision()["gap"])
    rules: set = field(default_factory=set)    # every rule number a step applied (applied_rules())
    game: str = ""                             # the game (its registered name)
    refinement: dict | None = None             # the refinement check's tally (refine=True)
    ending: str = ""                           # how the game ended, a short stable label (ending_label)


def ending_label(outcome: dict | None) -> str:
    """How a game ended, as a short label that is the same for every game that ended the same way:
    the ``reason`` of the game's ``outcome()`` (the core contract, model/core/game.py) without its
    details, followed by the ``rule`` it cites. The details dropped: every ``{...}`` and ``(...)``
    group (the margins, a rule already cited), what follows the first ``:`` or ``;`` (the scores
    behind a "final scoring: +5 VP"), and every number, written ``N`` (an Islamist Rule over 7
    Resources and one over 8 are the same ending). "" when the game has no outcome (it did not end).

    >>> ending_label({"reason": "final scoring: +18 VP (a draw)", "rule": "10.3.2"})
    'final scoring (10.3.2)'
    """
    if not outcome:
        return ""
    text = str(outcome.get("reason") or "")
    for group in (r"\{[^{}]*\}", r"\([^()]*\)"):
        while re.search(group, text):
            text = re.sub(group, "", text)
    text = re.split(r"[:;]", text, maxsplit=1)[0]
    text = re.sub(r"[+-]?\d+", "N", text)
    text = re.sub(r"\s+", " ", text).strip(" ,.") or "no reason given"
    rule = str(outcome.get("rule") or "").strip()
    return f"{text} ({rule})" if rule else text


def invariant_check(spec, state) -> Callable:
    """The invariant check of ``spec``'s game for the game of ``state`` (its rulings): the factory
    of its checks record (properties/games.py), or a check that finds nothing for a game without
    invariants."""
    make = games.checks(spec.name).invariants
    return make(state) if make is not None else _no_invariants


def _no_invariants(state) -> list:
    return []


def sums_to_one(ps: list) -> bool:
    """The probabilities ``ps`` (exact: Fractions or ints) add up to exactly 1. A uniform node (every
    one equal, the common case: a draw, a die) by one product, else by an exact sum."""
    first = ps[0] if ps else 0
    if all(p == first for p in ps):
        return first * len(ps) == 1
    return sum(ps) == 1


def play_checked(game: str, scenario: str, seed: int, roundtrip_every: int = 1, keep_actions: bool = False,
                 options: dict | None = None, length: str = "standard", refine: bool = False,
                 invariants: bool = True, max_steps: int = MAX_STEPS) -> GameResult:
    """Play one random game of ``game``, checking every step; stops at the first failure.
    ``refine``: also check every step against the game's proved transitions
    (properties/refinement.py; a finding is a failure, its trace the game's actions through it);
    ``invariants=False`` and ``roundtrip_every=0`` leave out the other checks (the refinement
    check alone, as the mutants are measured); ``max_steps`` bounds the game."""
    from cdg_oracle.model.core.registry import get

    spec = get(game)
    rng = random.Random(seed)
    st = spec.new_state(scenario, length, None, options)
    check = invariant_check(spec, st) if invariants else _no_invariants
    observer = None
    if refine:
        from cdg_oracle.properties.refinement import StepObserver  # z3: only when asked for
        observer = StepObserver(st, scenario, seed)
    actions: list = []
    failures: list[str] = []
    events: set[int] = set()
    rules: set[str] = set()
    steps = gaps = 0
    failures.extend(f"step 0: {b}" for b in check(st))
    while not st.is_terminal() and not failures:
        if steps >= max_steps:
            if max_steps == MAX_STEPS:
                failures.append(f"step {steps}: no terminal state within {MAX_STEPS} steps")
            break
        legal = st.legal_actions()
        if not legal:
            failures.append(f"step {steps}: dead end at {st.decision()}")
            break
        if st.current_player() == "chance":
            probs = st.chance_outcomes()
            if not sums_to_one([p for _, p in probs]):
                failures.append(f"step {steps}: chance probabilities sum to {sum(p for _, p in probs)}")
                break
            a = sample_chance(rng, probs)
            gaps += bool(st.decision().get("gap"))
        else:
            a = legal[rng.randrange(len(legal))]
        actions.append(a)
        st.apply(a)
        steps += 1
        applied = st.applied_rules()
        rules.update(applied)
        events.update(int(r[5:]) for r in applied if r.startswith("card ") and r[5:].isdigit())
        if observer is not None and observer.observe(st, a) is not None and observer.finding is not None:
            failures.append(f"step {steps}: refinement: {observer.finding.line()}")
            break
        bad = check(st)
        if bad:
            failures.extend(f"step {steps}: {b}" for b in bad)
            break
        if roundtrip_every and steps % roundtrip_every == 0:
            # One dump is enough: what a dump cannot keep (a tuple, an int key) reads back unequal
            # (a set does not dump at all), and equal dicts dump to the same text, so dumping the
            # copy read back could tell nothing more.
            back = spec.state_class.from_json(st.to_json(), check=False)  # the laws were checked just above
            if back != st:
                failures.append(f"step {steps}: the state does not round-trip through JSON")
                break
    t = st.outcome() or {}
    opts = st.options()
    tally = None
    if observer is not None and observer.checker is not None:
        tally = observer.checker.tally.to_dict()
    return GameResult(scenario, seed, steps, t.get("winner"), t.get("reason", ""), failures,
                      actions if (keep_actions or failures) else [], events,
                      opts if opts.get("solo") else None, gaps, rules, spec.name, tally,
                      ending_label(st.outcome()) if st.is_terminal() else "")
