"""OpenSpiel benchmark (issue 32 item 5): random playouts through OpenSpiel against the native model,
in one run, as a ratio of the cost of a step; and states copied per second, both ways.

    python benchmarks/openspiel.py [--game labyrinth] [--games 20] [--seed 0]

For each game (every game of the registry with an action encoding, or the one named), the same
number of random complete games is played natively (the contract: ``legal_actions``,
``chance_outcomes``, ``apply``; oracle/playout.py's choices) and through OpenSpiel
(``pyspiel.load_game("cdg_<game>")``: ``current_player``, ``legal_actions`` as ids,
``chance_outcomes`` as floats, ``apply_action``), one of each in turn, with the same seeds. The
games differ (the choices are drawn over differently ordered lists), so the figure compared is the
cost of a step: ``ratio`` = OpenSpiel's seconds per step / native seconds per step (the target: at
most 1.2). ``clones/s`` copies a mid-game state (after ``--clone-after`` steps) repeatedly: the
model's ``clone()`` against OpenSpiel's ``state.clone()`` (which copies only the model state).
Prints the figures; asserts nothing (speed is measured here, never in tests).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pyspiel  # noqa: E402

from cdg_oracle.model.core.registry import get  # noqa: E402
from cdg_oracle.oracle import action_tables, openspiel  # noqa: E402
from cdg_oracle.oracle.playout import choose  # noqa: E402


def native_game(spec, scenario: str, seed: int) -> tuple[int, float]:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    st = spec.new_state(scenario, spec.lengths[0], None, None)
    steps = 0
    while not st.is_terminal():
        st.apply(choose(rng, st))
        steps += 1
    return steps, time.perf_counter() - t0


def spiel_game(game, seed: int) -> tuple[int, float]:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            x, acc = rng.random(), 0.0
            for action, p in outcomes:
                acc += p
                if x < acc:
                    break
            state.apply_action(action)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
    return steps, time.perf_counter() - t0


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
          f"{'native clones/s':>15} {'openspiel clones/s':>18}")
    for name in args.game or action_tables.games():
        spec = get(name)
        scenario = spec.default_scenario or spec.scenarios()[0]
        game = openspiel.load(name, scenario=scenario, length=spec.lengths[0])
        native = [0, 0.0]
        spiel = [0, 0.0]
        for k in range(args.games):
            seed = args.seed + k
            for tally, (steps, secs) in ((native, native_game(spec, scenario, seed)), (spiel, spiel_game(game, seed))):
                tally[0] += steps
                tally[1] += secs
        n_rate, s_rate = native[0] / native[1], spiel[0] / spiel[1]
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
              f"{clones_per_second(state.native()):>15.0f} {clones_per_second(state):>18.0f}", flush=True)
    print(f"(ratio: OpenSpiel's cost of a step over the native one; {args.games} random games each way; "
          f"pyspiel {getattr(pyspiel, '__version__', '?')})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
