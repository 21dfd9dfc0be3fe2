"""What the information state and the re-deal cost (issue 32, item 2): per game, random playouts
with the history recorded against the same playouts without it (the game's information model
switched off in-process, interleaved, the best of the rounds; CPU time of the process, which a
shared machine disturbs less than the wall clock), and at the states of those games, information states and
re-deals per second.

    python benchmarks/information.py [--games 20] [--rounds 3]
    python benchmarks/information.py --rejections [--games 3] [--every 5]

``--rejections``: how often the re-deal sampler (model/core/information.py ``sample``) draws a deal
the question under way rules out, over random states: every ``--every``-th decision node of
``--games`` seeded random games of every scenario of each game (Labyrinth also solo, Twilight
Struggle also under the tournament rules), a re-deal for each side, told apart as the side to move
(what IS-MCTS asks) or the other; per call the deals drawn (one more than those ruled out), the
most in one call, and the calls that gave up (``RedealError``).

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


#: (game, options) whose re-deals ``--rejections`` counts
CONFIGS = (("labyrinth", None), ("labyrinth", {"solo": True, "ideology": "normal"}),
           ("twilight_struggle", None), ("twilight_struggle", {"tournament": True}))


def rejections(games: int, every: int) -> None:
    """The deals each re-deal drew, counted by wrapping its ``deal`` (the sampler itself as is)."""
    from cdg_oracle.model.core.information import RedealError

    for name, options in CONFIGS:
        spec = get(name)
        module = spec.new_state(spec.scenarios()[0], spec.lengths[0], None, options).game_object.information
        real = module.sample
        drawn: list = []

        def counting(st, deal, rng, *args, **kw):
            n = [0]

            def counted(new, r):
                n[0] += 1
                deal(new, r)
            try:
                return real(st, counted, rng, *args, **kw)
            finally:
                drawn.append(n[0])

        module.sample = counting
        stats = {"to move": [0, 0, 0, 0, 0], "other": [0, 0, 0, 0, 0]}  # calls, with a rejection, ruled out, most, gave up
        try:
            for scenario in spec.scenarios():
                for seed in range(games):
                    rng, draws = random.Random(seed), random.Random(seed + 1)
                    st = spec.new_state(scenario, spec.lengths[0], None, options)
                    k = 0
                    while not st.is_terminal():
                        p = st.current_player()
                        if p != "chance":
                            k += 1
                            if k % every == 0:
                                for side in spec.sides:
                                    row = stats["to move" if side == p else "other"]
                                    try:
                                        st.sample_redeal(side, draws)
                                    except RedealError:
                                        row[4] += 1
                                    n = drawn.pop()
                                    row[0] += 1
                                    row[1] += n > 1
                                    row[2] += n - 1
                                    row[3] = max(row[3], n - 1)
                        st.apply(choose(rng, st))
        finally:
            module.sample = real
        label = name + ("" if not options else " " + ",".join(f"{k}={v}" for k, v in options.items()))
        for who, (calls, some, out, most, gave_up) in stats.items():
            print(f"{label:<40} {who:<8} re-deals {calls:>6}  with a deal ruled out {some:>4}  deals ruled out "
                  f"{out:>5}  most in one call {most:>4}  gave up {gave_up}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--rejections", action="store_true",
                    help="count the deals the re-deal sampler rules out instead (--games per scenario)")
    ap.add_argument("--every", type=int, default=5, help="with --rejections: every how many decision nodes")
    args = ap.parse_args()
    if args.rejections:
        rejections(args.games, args.every)
        return
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
