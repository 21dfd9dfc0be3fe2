"""Playout benchmark: random complete games per second and decisions per second on one core.

    python benchmarks/playouts.py [--scenario lets_roll] [--games 200] [--seed 0]
    python benchmarks/playouts.py --solo --ideology potent     (the chapter-9 Jihadist; the US random)

Uniformly random legal choices, chance sampled with its exact probabilities (oracle/playout.py).
Prints the figures; it asserts nothing about speed (speed is measured here, never in tests).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.model.labyrinth import new_game  # noqa: E402
from cdg_oracle.oracle.playout import choose  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default="lets_roll")
    ap.add_argument("--length", default="standard")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--solo", action="store_true", help="a solo game: the Jihadist is the chapter-9 bot")
    ap.add_argument("--ideology", default="normal", help="solo Ideology level (9.7)")
    args = ap.parse_args()
    options = {"solo": True, "ideology": args.ideology} if args.solo else None
    decisions = chance = gaps = 0
    winners: dict[str, int] = {}
    t0 = time.perf_counter()
    for g in range(args.games):
        rng = random.Random(args.seed + g)
        st = new_game(args.scenario, args.length, options=options)
        while not st.is_terminal():
            if st.current_player() == "chance":
                chance += 1
                gaps += bool(st.decision().get("gap"))
            else:
                decisions += 1
            st.apply(choose(rng, st))
        winners[st.winner()] = winners.get(st.winner(), 0) + 1
    dt = time.perf_counter() - t0
    mode = f"solo ({args.ideology})" if args.solo else "two-player"
    print(f"scenario {args.scenario}, length {args.length}, {mode}, {args.games} games, seed {args.seed}")
    print(f"games/s:      {args.games / dt:.1f}")
    print(f"decisions/s:  {decisions / dt:.0f}  (player choices; {decisions / args.games:.0f} per game)")
    print(f"steps/s:      {(decisions + chance) / dt:.0f}  (choices and chance outcomes)")
    print(f"winners:      {dict(sorted(winners.items()))}")
    if args.solo:
        print(f"gap steps:    {gaps / args.games:.1f} per game  (the 9.5 Global table substitute)")
    print(f"time:         {dt:.2f} s")


if __name__ == "__main__":
    main()
