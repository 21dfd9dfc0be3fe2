"""Stateful-machine benchmark: steps per second of the hypothesis state machine that walks the
decision protocol (properties/labyrinth/stateful.py), every check included (invariants, dead ends,
exact chance, JSON round trip, the shadow replay), hypothesis's own overhead included.

    python benchmarks/stateful.py [--examples N] [--steps N] [--seed S]
    HYPOTHESIS_PROFILE=long python benchmarks/stateful.py

The run counts and lengths default to the profile named by HYPOTHESIS_PROFILE ("ci" if unset; the
numbers are ``PROFILES`` in properties/labyrinth/stateful.py). Prints the figures; asserts nothing
about speed (speed is measured here, never in tests). Exits 1 if the machine found a failure.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.properties.labyrinth.stateful import PROFILES, run_machine  # noqa: E402


def main() -> int:
    profile = os.environ.get("HYPOTHESIS_PROFILE", "ci")
    if profile not in PROFILES:
        print(f"HYPOTHESIS_PROFILE={profile!r}: unknown (known: {', '.join(PROFILES)})", file=sys.stderr)
        return 2
    numbers = PROFILES[profile]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--examples", type=int, default=numbers["max_examples"], help="hypothesis runs (max_examples)")
    ap.add_argument("--steps", type=int, default=numbers["stateful_step_count"], help="steps per run (stateful_step_count)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    r = run_machine(args.examples, args.steps, args.seed)
    s = r["stats"]
    print(f"profile {profile}: {args.examples} runs of up to {args.steps} steps, seed {args.seed}")
    print(f"steps/s:      {s['steps_per_second']:.0f}  (game steps, all checks and hypothesis included)")
    print(f"runs:         {s['runs']}")
    print(f"steps:        {s['steps']}")
    print(f"games:        {s['games']} started, {s['games_finished']} finished; longest {s['longest_game']} steps")
    for ending, n in s["endings"].items():
        print(f"  {n:4d}  {ending}")
    print(f"time:         {s['seconds']:.2f} s")
    for f in r["failures"]:
        print(f"FAILURE: {f['what']}\n  {f['scenario']} ({f['length']}, rulings {f['rulings']}), "
              f"{f['steps']} actions: {json.dumps(f['actions'])}")
    return 1 if r["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
