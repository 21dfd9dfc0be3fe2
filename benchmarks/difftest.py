"""difftest throughput: steps compared per second through the reference adapter.

    python benchmarks/difftest.py [--scenario lets_roll] [--games 10] [--seed 0] [--strategy random]

Drives the reference adapter (the model itself, in another process, over the adapter protocol)
side by side with the model, comparing player, legal actions and canonical state at every step
(oracle/difftest.py), and prints the figures: games, steps, seconds, steps per second, and the
share of the time spent waiting on the other process. It asserts nothing about speed.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.oracle import difftest  # noqa: E402
from cdg_oracle.oracle.adapter import Implementation  # noqa: E402
from cdg_oracle.oracle.difftest_cmd import reference_command  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default="lets_roll")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--strategy", choices=("random", "hypothesis"), default="random")
    args = ap.parse_args()
    waited = [0.0]
    real = Implementation.request

    def timed(self, cmd, **fields):
        t = time.perf_counter()
        try:
            return real(self, cmd, **fields)
        finally:
            waited[0] += time.perf_counter() - t
    Implementation.request = timed
    r = difftest.run(reference_command(), scenario=args.scenario, games=args.games, seed=args.seed,
                     strategy=args.strategy)
    print(f"difftest {args.scenario} ({args.strategy}, seed {args.seed}): verdict {r.verdict}")
    print(f"  games {r.games}, steps {r.steps}, {r.seconds:.2f} s")
    print(f"  {r.steps / r.seconds:.0f} steps/s; {r.seconds / max(1, r.games):.2f} s per game")
    print(f"  waiting on the adapter process: {waited[0]:.2f} s ({100 * waited[0] / r.seconds:.0f}%)")


if __name__ == "__main__":
    main()
