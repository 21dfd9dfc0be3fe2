"""A bounded campaign of random complete games, checking after every step that the state keeps
the invariants, round-trips through JSON exactly, and offers a legal action (no dead end), and
that each game ends (terminates within a step bound). Randomness is the caller's seeded
``random.Random``; the model holds none."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from model.labyrinth import new_game
from model.labyrinth.scenarios import plot_values
from model.labyrinth.state import LabyrinthState
from properties.labyrinth.invariants import check_all
from properties.sampling import sample_chance

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


def play_checked(scenario: str, seed: int, roundtrip_every: int = 1, keep_actions: bool = False) -> GameResult:
    """Play one random game, checking every step; stops at the first failure."""
    rng = random.Random(seed)
    st = new_game(scenario)
    numbered = plot_values(st.rulings)
    muslim = st.map.muslim
    actions: list = []
    failures: list[str] = []
    events: set[int] = set()
    steps = 0
    while not st.is_terminal():
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
        else:
            a = legal[rng.randrange(len(legal))]
        actions.append(a)
        st.apply(a)
        steps += 1
        events.update(int(r[5:]) for r in st.applied_rules() if r.startswith("card "))
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
                      actions if (keep_actions or failures) else [], events)


def campaign(scenarios: list[str], seed: int, games_per_scenario: int, budget_s: float | None = None,
             progress=None) -> list[GameResult]:
    """Play ``games_per_scenario`` games per scenario (seeds derived from ``seed``), within an
    optional time budget; returns every result."""
    results = []
    start = time.monotonic()
    for k in range(games_per_scenario):
        for scen in scenarios:
            if budget_s is not None and time.monotonic() - start > budget_s:
                return results
            r = play_checked(scen, seed * 100_003 + k)
            results.append(r)
            if progress:
                progress(len(results), r)
    return results
