"""Replay floor: what checking one step of a trace with state hashes costs at the least, against
one step of bare play, part by part (issue 17's replay target).

    python benchmarks/replay_floor.py [--scenario lets_roll] [--seed 1] [--repeat 5]

One game (the seed's uniformly random playout, as ``sidebyside.py replay`` plays it) is played
bare and timed; then its actions are replayed, timing each part a replay with state hashes must
do: apply the action; write the canonical state (``state.canonical()``) as canonical JSON (sorted
keys, compact) and SHA-256 it; hash the legal actions; read the trace line. The JSON text is
timed with the standard library's encoder (what the oracle uses) and, when it is installed, with
orjson, the fastest C encoder on PyPI (it writes the same bytes for these states: checked here),
to show that no encoder brings the floor down to bare play. Then the oracle's own replay of the
same trace. Each figure is the best of ``--repeat`` runs, in microseconds per step. Prints the
figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.model.labyrinth import new_game  # noqa: E402
from cdg_oracle.oracle import trace  # noqa: E402
from cdg_oracle.oracle.playout import choose  # noqa: E402
from cdg_oracle.oracle.statediff import canonical_json  # noqa: E402

try:
    import orjson  # type: ignore[import-not-found]
except ImportError:  # optional: only to show the floor with a C encoder
    orjson = None


def best(fn, repeat: int) -> float:
    """The least seconds of ``repeat`` calls of ``fn``."""
    out = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default="lets_roll")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    actions: list = []

    def bare() -> None:
        st, rng = new_game(args.scenario), random.Random(args.seed)
        actions.clear()
        while not st.is_terminal():
            a = choose(rng, st)
            actions.append(a)
            st.apply(a)

    t_bare = best(bare, args.repeat)
    n = len(actions)
    states, legal = [], []
    st = new_game(args.scenario)
    for a in actions:
        legal.append(st.legal_actions())
        st.apply(a)
        states.append(st.canonical())

    def apply_only() -> None:
        s = new_game(args.scenario)
        for a in actions:
            s.apply(a)

    def canonical_states() -> None:
        s = new_game(args.scenario)
        for a in actions:
            s.apply(a)
            s.canonical()

    texts = [canonical_json(c).encode() for c in states]
    text = trace.from_actions("labyrinth", args.scenario, "standard", {}, actions)
    lines = text.splitlines()[1:-1]
    t_apply = best(apply_only, args.repeat)
    parts = {
        "apply the action": t_apply,
        "canonical() (less the apply)": best(canonical_states, args.repeat) - t_apply,
        "canonical JSON, standard library": best(lambda: [canonical_json(c) for c in states], args.repeat),
        "SHA-256 of the text": best(lambda: [hashlib.sha256(t).hexdigest() for t in texts], args.repeat),
        "legal-action hash": best(lambda: [trace.legal_hash(x) for x in legal], args.repeat),
        "read the trace line": best(lambda: [json.loads(x) for x in lines], args.repeat),
    }
    if orjson is not None:
        same = all(orjson.dumps(c, option=orjson.OPT_SORT_KEYS) == t for c, t in zip(states, texts))
        parts[f"canonical JSON, orjson {orjson.__version__} (same bytes: {'yes' if same else 'NO'})"] = best(
            lambda: [orjson.dumps(c, option=orjson.OPT_SORT_KEYS) for c in states], args.repeat)
    t_replay = best(lambda: trace.replay(text), args.repeat)

    us = 1e6 / n
    print(f"labyrinth {args.scenario}, seed {args.seed}: {n} steps; canonical state "
          f"{sum(map(len, texts)) // n} bytes of JSON on average; best of {args.repeat}")
    print(f"  {'bare play (choose and apply)':58} {t_bare * us:8.1f} us/step")
    for name, t in parts.items():
        print(f"  {name:58} {t * us:8.1f} us/step")
    print(f"  {'the oracle replay (trace.replay)':58} {t_replay * us:8.1f} us/step"
          f"   replay/play {t_bare / t_replay:.2f}")
    encoders = [t for name, t in parts.items() if name.startswith("canonical JSON")]
    floor = parts["apply the action"] + parts["SHA-256 of the text"] + min(encoders)
    print(f"  {'floor: apply + fastest encoder + SHA-256 (nothing else)':58} {floor * us:8.1f} us/step"
          f"   at most {t_bare / floor:.2f} of bare play")


if __name__ == "__main__":
    main()
