"""What the information state and the re-deal cost (issue 32, item 2): per game, random playouts
with the history recorded against the same playouts without it (the game's information model
switched off in-process, interleaved, the best of the rounds; CPU time of the process, which a
shared machine disturbs less than the wall clock), and at the states of those games, information states and
re-deals per second.

    python benchmarks/information.py [--games 20] [--rounds 3]

Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.model.core.registry import get  # noqa: E402
from cdg_oracle.oracle.playout import choose  # noqa: E402

GAMES = (("labyrinth", "lets_roll"), ("twilight_struggle", "standard"), ("distant_plain", None))


def playouts(spec, scenario: str, games: int, record: bool, keep: bool = False) -> tuple[float, int, list]:
    """Seconds and steps of ``games`` seeded random games, and (``keep``) every 50th state met."""
    kept, steps = [], 0
    t = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        st = spec.new_state(scenario, spec.lengths[0], None, None)
        game = st.game_object
        info = game.information
        if not record:
            game.information = None
        try:
            while not st.is_terminal():
                st.apply(choose(rng, st))
                steps += 1
                if keep and steps % 50 == 0:
                    kept.append(st.clone())
        finally:
            game.information = info
    return time.process_time() - t, steps, kept


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    for name, scenario in GAMES:
        spec = get(name)
        scenario = scenario or spec.scenarios()[0]
        spec.new_state(scenario, spec.lengths[0], None, None)  # tables loaded before timing
        best = {True: float("inf"), False: float("inf")}
        for _ in range(args.rounds):
            for record in (True, False):
                secs, steps, _ = playouts(spec, scenario, args.games, record)
                best[record] = min(best[record], secs / steps)
        states = playouts(spec, scenario, args.games, True, keep=True)[2]
        print(f"{name} ({scenario}, {args.games} games, {steps} steps): {1e6 * best[True]:.0f} us/step with the "
              f"history, {1e6 * best[False]:.0f} without (ratio {best[False] / best[True]:.2f})")
        rng = random.Random(0)
        for what, call in (("information states", lambda st, side: st.information_state(side)),
                           ("re-deals", lambda st, side: st.sample_redeal(side, rng))):
            n, t = 0, time.process_time()
            for st in states:
                for side in spec.sides:
                    call(st, side)
                    n += 1
            secs = time.process_time() - t
            print(f"  {what}: {n / secs:.0f}/s over {n} (states of those games, every side)")


if __name__ == "__main__":
    main()
