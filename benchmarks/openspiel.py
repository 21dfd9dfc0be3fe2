"""OpenSpiel benchmark (issue 32 item 5): random playouts through OpenSpiel against the native model,
in one run, as a ratio of the cost of a step; and states copied per second, both ways.

    python benchmarks/openspiel.py [--game labyrinth] [--games 20] [--seed 0]

For each game (every game of the registry with an action encoding, or the one named), random
complete games of its default scenario are played natively (the contract: ``legal_actions``,
``chance_outcomes``, ``apply``; oracle/playout.py's random choices), and each, right after, the
same game through OpenSpiel (``pyspiel.load_game("cdg_<game>")``): at each node what a random
playout asks of it (``is_chance_node``, the legal ids or the chance outcomes as floats, a random
draw) and ``apply_action`` of the recorded choice's id. The same games, so ``ratio`` is the cost of
the binding: OpenSpiel's seconds over native seconds for the same steps (the target: at most 1.2). ``clones/s`` copies a mid-game state (after ``--clone-after`` steps) repeatedly: the
model's ``clone()`` against OpenSpiel's ``state.clone()`` (which copies only the model state).
``log10 p``: the probability that a random playout samples the first game played, the weight
outcome-sampling CFR divides by (a float is 0 below about 1e-308: docs/openspiel.md).
Prints the figures; asserts nothing (speed is measured here, never in tests).
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pyspiel  # noqa: E402

from cdg_oracle.model.core.registry import get  # noqa: E402
from cdg_oracle.oracle import action_tables, openspiel  # noqa: E402
from cdg_oracle.oracle.playout import choose  # noqa: E402


def native_game(spec, scenario: str, seed: int) -> tuple[list, float]:
    """A random game of the model (oracle/playout.py's choices); its actions and its seconds."""
    rng = random.Random(seed)
    t0 = time.perf_counter()
    st = spec.new_state(scenario, spec.lengths[0], None, None)
    played = []
    while not st.is_terminal():
        action = choose(rng, st)
        st.apply(action)
        played.append(action)
    return played, time.perf_counter() - t0


def log10_sampling_probability(spec, scenario: str, played: list) -> float:
    """log10 of the probability that a random playout (uniform choices, chance by its
    probabilities) samples the game ``played``: what outcome-sampling CFR divides by."""
    st = spec.new_state(scenario, spec.lengths[0], None, None)
    total = 0.0
    for action in played:
        if st.current_player() == "chance":
            p = next(p for a, p in st.chance_outcomes() if a == action)
            total += math.log10(p.numerator) - math.log10(p.denominator)
        else:
            total -= math.log10(len(st.legal_actions()))
        st.apply(action)
    return total


def spiel_game(game, ids: list[int], seed: int) -> float:
    """The same game through OpenSpiel: at each node what a random playout asks (the legal ids or
    the chance outcomes, and a random draw over them), then the recorded choice; its seconds."""
    rng = random.Random(seed)
    t0 = time.perf_counter()
    state = game.new_initial_state()
    for action in ids:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            rng.random()
        else:
            legal = state.legal_actions()
            rng.randrange(len(legal))
        state.apply_action(action)
    assert state.is_terminal()
    return time.perf_counter() - t0


def clones_per_second(state, seconds: float = 1.0) -> float:
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(20):
            state.clone()
        n += 20
    return n / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="a game of the registry (default: every one with an encoding)")
    ap.add_argument("--games", type=int, default=20, help="random games each way (default 20)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--clone-after", type=int, default=100, help="steps played before the clone measure")
    args = ap.parse_args(argv)
    print(f"{'game':<20} {'native steps/s':>14} {'openspiel steps/s':>17} {'ratio':>6} "
          f"{'native clones/s':>15} {'openspiel clones/s':>18} {'first game: steps, log10 p':>27}")
    for name in args.game or action_tables.games():
        spec = get(name)
        scenario = spec.default_scenario or spec.scenarios()[0]
        game = openspiel.load(name, scenario=scenario, length=spec.lengths[0])
        table = spec.action_table()
        steps, native, spiel, logp = 0, 0.0, 0.0, None
        for k in range(args.games):
            seed = args.seed + k
            played, secs = native_game(spec, scenario, seed)
            if logp is None:
                logp = (len(played), log10_sampling_probability(spec, scenario, played))
            steps, native = steps + len(played), native + secs
            spiel += spiel_game(game, [table.action_id(a) for a in played], seed)
        n_rate, s_rate = steps / native, steps / spiel
        # a mid-game state, both ways
        state = game.new_initial_state()
        rng = random.Random(args.seed)
        for _ in range(args.clone_after):
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        print(f"{name:<20} {n_rate:>14.0f} {s_rate:>17.0f} {n_rate / s_rate:>6.2f} "
              f"{clones_per_second(state.native()):>15.0f} {clones_per_second(state):>18.0f} "
              f"{logp[0]:>20} {logp[1]:>6.0f}", flush=True)
    print(f"(ratio: OpenSpiel's cost of a step over the native one; {args.games} random games each way; "
          f"log10 p: the probability that a random playout samples the first game, what outcome-sampling "
          f"CFR divides by: below -308 a float is 0; pyspiel {getattr(pyspiel, '__version__', '?')})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
