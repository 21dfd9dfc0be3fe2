"""A bounded campaign of random complete games, checking after every step that the state keeps
the invariants, round-trips through JSON exactly, and offers a legal action (no dead end), and
that each game ends (terminates within a step bound). Randomness is the caller's seeded
``random.Random``; the model holds none.

A game may be solo (chapter 9): ``options={"solo": True, "ideology": LEVEL}`` (the options of
``new_game``, model/labyrinth/solo/options.py). The invariants then include the solo ones
(``invariants.solo_invariants``: no Jihadist decision node, 9.3.3 plot markers, the Jihadist draw
stack), and the result counts the steps at a chance node that stands in for a table no source gives
(``decision()["gap"]``: the 9.5 Global table)."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from cdg_oracle.model.labyrinth import new_game
from cdg_oracle.model.labyrinth.scenarios import plot_values
from cdg_oracle.model.labyrinth.state import LabyrinthState
from cdg_oracle.properties.labyrinth.invariants import check_all
from cdg_oracle.properties.sampling import sample_chance

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
    options: dict | None = None                # the game options (None: two-player)
    gaps: int = 0                              # steps at a gap chance node (decision()["gap"])
    rules: set = field(default_factory=set)    # every rule number a step applied (applied_rules())


def play_checked(scenario: str, seed: int, roundtrip_every: int = 1, keep_actions: bool = False,
                 options: dict | None = None) -> GameResult:
    """Play one random game, checking every step; stops at the first failure. ``options``: the
    game options of ``new_game`` (a solo game: ``{"solo": True, "ideology": LEVEL}``)."""
    rng = random.Random(seed)
    st = new_game(scenario, options=options)
    numbered = plot_values(st.rulings)
    muslim = st.map.muslim
    actions: list = []
    failures: list[str] = []
    events: set[int] = set()
    rules: set[str] = set()
    steps = gaps = 0
    bad = check_all(st.d, numbered, muslim)
    if bad:
        failures.extend(f"step 0: {b}" for b in bad)
    while not st.is_terminal() and not failures:
        if steps >= MAX_STEPS:
            failures.append(f"step {steps}: no terminal state within {MAX_STEPS} steps")
            break
        legal = st.legal_actions()
        if not legal:
            failures.append(f"step {steps}: dead end at {st.decision()}")
            break
        if st.current_player() == "chance":
            probs = st.chance_outcomes()
            if sum(p for _, p in probs) != 1:
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
        events.update(int(r[5:]) for r in applied if r.startswith("card "))
        bad = check_all(st.d, numbered, muslim)
        if bad:
            failures.extend(f"step {steps}: {b}" for b in bad)
            break
        if roundtrip_every and steps % roundtrip_every == 0:
            back = LabyrinthState.from_json(st.to_json())
            if back != st or back.to_json() != st.to_json():
                failures.append(f"step {steps}: the state does not round-trip through JSON")
                break
    t = st.d["terminal"] or {}
    return GameResult(scenario, seed, steps, t.get("winner"), t.get("reason", ""), failures,
                      actions if (keep_actions or failures) else [], events,
                      st.options() if st.options()["solo"] else None, gaps, rules)


def campaign(scenarios: list[str], seed: int, games_per_scenario: int, budget_s: float | None = None,
             progress=None, options: dict | None = None) -> list[GameResult]:
    """Play ``games_per_scenario`` games per scenario (seeds derived from ``seed``), within an
    optional time budget; returns every result. ``options``: the game options of every game
    (see :func:`play_checked`)."""
    results = []
    start = time.monotonic()
    for k in range(games_per_scenario):
        for scen in scenarios:
            if budget_s is not None and time.monotonic() - start > budget_s:
                return results
            r = play_checked(scen, seed * 100_003 + k, options=options)
            results.append(r)
            if progress:
                progress(len(results), r)
    return results


def solo_campaign(scenarios: list[str], ideologies: list[str], seed: int, games: int,
                  budget_s: float | None = None, progress=None) -> list[GameResult]:
    """Solo games (chapter 9): ``games`` rounds, each one game for every scenario at every Ideology
    (9.7), seeds derived from ``seed`` as in :func:`campaign`. The first round is always played
    whole, so that every scenario and Ideology is covered; later rounds stop at the optional time
    budget. Returns every result (``gaps`` counts each game's steps at a 9.5 Global-table
    substitute)."""
    results = []
    start = time.monotonic()
    for k in range(games):
        for scen in scenarios:
            for ideology in ideologies:
                if k and budget_s is not None and time.monotonic() - start > budget_s:
                    return results
                r = play_checked(scen, seed * 100_003 + k, options={"solo": True, "ideology": ideology})
                results.append(r)
                if progress:
                    progress(len(results), r)
    return results
