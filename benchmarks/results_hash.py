"""The model's results hash: one SHA-256 over seeded random games, to show that a change (a
refactoring, a speed-up) left every result as it was.

    python benchmarks/results_hash.py [--games 50] [--seed 0]

For each scenario, ``--games`` two-player games and ``--games`` solo games (Ideology normal), seeds
``seed .. seed+games-1``, played by oracle/playout.py's random player: every action and chance
outcome and every step's applied rules go into the hash, then the final canonical state. Prints
one line per scenario and mode, and the total hash; it asserts nothing (tests/test_results_hash.py
and the speed benchmarks compare it).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.model.labyrinth import new_game, scenario_names  # noqa: E402
from cdg_oracle.oracle.playout import choose  # noqa: E402


def game_hash(h, scenario: str, seed: int, options: dict | None) -> None:
    """Feed one seeded game into ``h``: each action with the rules it applied, then the end."""
    rng = random.Random(seed)
    st = new_game(scenario, "standard", options=options)
    while not st.is_terminal():
        a = choose(rng, st)
        st.apply(a)
        h.update(json.dumps([a, st.applied_rules()], sort_keys=True, separators=(",", ":")).encode())
    h.update(json.dumps(st.canonical(), sort_keys=True, separators=(",", ":")).encode())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    total = hashlib.sha256()
    for scenario in scenario_names():
        for mode, options in (("two-player", None), ("solo", {"solo": True, "ideology": "normal"})):
            h = hashlib.sha256()
            for seed in range(args.seed, args.seed + args.games):
                game_hash(h, scenario, seed, options)
            print(f"{scenario:22} {mode:10} {h.hexdigest()[:16]}")
            total.update(h.digest())
    print(f"results hash ({args.games} games each, seed {args.seed}): {total.hexdigest()}")


if __name__ == "__main__":
    main()
