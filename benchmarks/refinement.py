"""Refinement benchmark: what checking every model step against the proved transitions costs,
beside the campaign it checks, in one run.

    python benchmarks/refinement.py [--game labyrinth] [--games 10] [--seed 0] [--scenario NAME]

The same seeded games of the checked walk (properties/walk.py: invariants, JSON round trip, dead
ends, as ``cdg-oracle verify``'s campaign plays them) are played twice, alternating game by game:
without the refinement check and with it (``refine=True``, properties/refinement.py). Prints the
steps per second of each, the ratio of their times (the issue's target: at most 2), the one-time
cost of building the game's moves (compiled once per process, left out of the ratio and printed
apart), the steps checked, stutters, matched and findings, and the verdict cache's size. It
asserts nothing about speed (speed is measured here, never in tests).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.model.core.registry import get  # noqa: E402
from cdg_oracle.properties import refinement  # noqa: E402
from cdg_oracle.properties.campaign import game_seed  # noqa: E402
from cdg_oracle.properties.walk import play_checked  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="labyrinth")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scenario", default=None, help="default: every scenario in turn")
    args = ap.parse_args(argv)
    spec = get(args.game)
    scenarios = [args.scenario] if args.scenario else list(spec.scenarios())
    t0 = time.perf_counter()
    names = refinement.move_names(spec.name)   # builds the default Game's moves: the one-time cost
    build = time.perf_counter() - t0
    plain = checked = 0.0
    plain_steps = checked_steps = 0
    tallies = []
    for k in range(args.games):
        scenario = scenarios[k % len(scenarios)]
        seed = game_seed(args.seed, k)
        t = time.perf_counter()
        a = play_checked(spec.name, scenario, seed)
        plain += time.perf_counter() - t
        t = time.perf_counter()
        b = play_checked(spec.name, scenario, seed, refine=True)
        checked += time.perf_counter() - t
        plain_steps += a.steps
        checked_steps += b.steps
        tallies.append(b.refinement)
    s = refinement.summary(spec.name, tallies)
    print(f"refinement benchmark: {spec.name}, {args.games} games (seed {args.seed}), {len(names)} moves "
          f"built in {build:.1f} s (once per process)")
    print(f"  checked walk            : {plain_steps} steps in {plain:.2f} s = {plain_steps / plain:.0f} steps/s")
    print(f"  checked walk + refinement: {checked_steps} steps in {checked:.2f} s = {checked_steps / checked:.0f} steps/s")
    ratio = (checked / max(checked_steps, 1)) / (plain / max(plain_steps, 1))
    print(f"  ratio (with / without)  : {ratio:.2f}x per step  (target: at most 2x; a game stops at a finding)")
    print(f"  steps checked {s['steps']}: {s['stutters']} stutters, {s['matched']} matched "
          f"(lengths {s['lengths']}), {len(s['findings'])} findings; "
          f"never matched: {len(s['never_matched'])} of {len(s['per_move'])} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
