"""Playout benchmark: random complete games per second and decisions per second on one core.

    python benchmarks/playouts.py [--scenario lets_roll] [--games 200] [--seed 0]
    python benchmarks/playouts.py --solo --ideology potent     (the chapter-9 Jihadist; the US random)
    python benchmarks/playouts.py --game twilight_struggle [--option edition=deluxe]
        (and Labyrinth's figure beside it, from the same run: the games of the two alternate)

Uniformly random legal choices, chance sampled with its exact probabilities (oracle/playout.py).
Prints the figures; it asserts nothing about speed (speed is measured here, never in tests). With
another game than Labyrinth, the same number of Labyrinth two-player games (its default scenario)
are played in turn with it, one of each at a time, and both costs per step are printed: a
Twilight Struggle step should cost no more than a Labyrinth step.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.model.core.registry import get  # noqa: E402
from cdg_oracle.oracle.games import default_scenario, new_state  # noqa: E402
from cdg_oracle.oracle.playout import choose  # noqa: E402


class Tally:
    """What one game's playouts add up to."""

    def __init__(self, game: str):
        self.game, self.games, self.decisions, self.chance, self.gaps, self.seconds = game, 0, 0, 0, 0, 0.0
        self.winners: dict[str, int] = {}

    def play(self, scenario: str, length: str, options: dict | None, seed: int) -> None:
        rng = random.Random(seed)
        t0 = time.perf_counter()
        st = new_state(self.game, scenario, length, None, options)
        while not st.is_terminal():
            if st.current_player() == "chance":
                self.chance += 1
                self.gaps += bool(st.decision().get("gap"))
            else:
                self.decisions += 1
            st.apply(choose(rng, st))
        self.seconds += time.perf_counter() - t0
        self.games += 1
        w = str(st.winner())
        self.winners[w] = self.winners.get(w, 0) + 1

    def lines(self) -> list[str]:
        steps = self.decisions + self.chance
        dt = self.seconds
        return [f"games/s:      {self.games / dt:.1f}",
                f"decisions/s:  {self.decisions / dt:.0f}  (player choices; {self.decisions / self.games:.0f} per game)",
                f"steps/s:      {steps / dt:.0f}  (choices and chance outcomes; {steps / self.games:.0f} per game)",
                f"us/step:      {1e6 * dt / steps:.1f}",
                f"winners:      {dict(sorted(self.winners.items()))}",
                f"time:         {dt:.2f} s"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="labyrinth")
    ap.add_argument("--scenario", default=None, help="default: the game's default scenario")
    ap.add_argument("--length", default="standard")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--solo", action="store_true", help="Labyrinth: a solo game (the Jihadist is the chapter-9 bot)")
    ap.add_argument("--ideology", default="normal", help="Labyrinth: the solo Ideology level (9.7)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (JSON value)")
    args = ap.parse_args()
    options = {"solo": True, "ideology": args.ideology} if args.solo else {}
    for item in args.option:
        name, _, value = item.partition("=")
        try:
            options[name] = json.loads(value)
        except ValueError:
            options[name] = value
    scenario = args.scenario or default_scenario(args.game)
    main_tally = Tally(args.game)
    beside = Tally("labyrinth") if args.game != "labyrinth" else None
    for g in range(args.games):
        main_tally.play(scenario, args.length, options or None, args.seed + g)
        if beside is not None:
            beside.play(default_scenario("labyrinth"), "standard", None, args.seed + g)
    players = len(get(args.game).sides)
    mode = f"solo ({args.ideology})" if args.solo else ("two-player" if players == 2 else f"{players} players")
    print(f"{args.game}: scenario {scenario}, length {args.length}, {mode}, options {options or 'default'}, "
          f"{args.games} games, seed {args.seed}")
    print("\n".join(main_tally.lines()))
    if args.solo:
        print(f"gap steps:    {main_tally.gaps / main_tally.games:.1f} per game  (the 9.5 Global table substitute)")
    if beside is not None:
        print(f"\nlabyrinth beside it (same run, games alternating): scenario {default_scenario('labyrinth')}, two-player")
        print("\n".join(beside.lines()))
        a = main_tally.seconds / (main_tally.decisions + main_tally.chance)
        b = beside.seconds / (beside.decisions + beside.chance)
        print(f"\ncost per step, {args.game} / labyrinth: {a / b:.2f}")


if __name__ == "__main__":
    main()
