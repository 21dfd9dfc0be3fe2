"""Seeded playouts: uniformly random legal choices, chance sampled with its probabilities.

The randomness lives here, in the tool, never in the model: ``random.Random(seed)`` picks each
choice, and each chance outcome is drawn with exact integer weights, so the same scenario,
rulings and seed give the same game on every machine.
"""
from __future__ import annotations

import random

from cdg_oracle.properties.sampling import sample_chance


def choose(rng: random.Random, state):
    """The next action of a uniformly random player (or of chance)."""
    if state.current_player() == "chance":
        return sample_chance(rng, state.chance_outcomes())
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def play_random(state, seed: int, max_steps: int = 200_000, on_step=None):
    """Play ``state`` to the end with seed ``seed``; ``on_step(state, player, action, legal)`` is
    called before each apply. Returns the number of steps."""
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if steps >= max_steps:
            raise RuntimeError(f"no terminal state after {max_steps} steps")
        player = state.current_player()
        legal = state.legal_actions()
        action = choose(rng, state)
        if on_step is not None:
            on_step(state, player, action, legal)
        state.apply(action)
        steps += 1
    return steps
