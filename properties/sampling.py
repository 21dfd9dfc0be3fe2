"""Sampling chance outcomes with exact probabilities, for tools that play games (campaigns,
playouts). The model holds no randomness; the caller's seeded ``random.Random`` does, and integer
arithmetic keeps the draw identical on every platform."""
from __future__ import annotations

import random
from fractions import Fraction
from math import lcm
from operator import itemgetter


def sample_chance(rng: random.Random, outcomes: list[tuple[object, Fraction]]):
    """Draw one outcome of ``[(outcome, probability)]`` with exact integer weights. Equal
    probabilities (a die, a draw from the pile) draw ``rng.randrange(n)`` directly: the same draw
    the weights 1, ..., 1 give."""
    probabilities = list(map(itemgetter(1), outcomes))
    if probabilities.count(probabilities[0]) == len(probabilities):
        return outcomes[rng.randrange(len(outcomes))][0]
    denom = lcm(*(p.denominator for _, p in outcomes))
    weights = [p.numerator * (denom // p.denominator) for _, p in outcomes]
    r = rng.randrange(sum(weights))
    for (outcome, _), w in zip(outcomes, weights):
        if r < w:
            return outcome
        r -= w
    raise AssertionError("chance probabilities do not sum to 1")
