"""Replay branches: the memory one candidate history costs a replay (``--max-branches``, issue 28.7).

    python benchmarks/replay_branches.py [--branches 1000 4000] [--scenario lets_roll]

A replay keeps, after a hidden chance step, one model state per candidate history (and, while it
merges identical ones, that state's JSON text). To measure what one costs, a trace is made whose
first chance steps are hidden (the opening deal: every card drawn is a candidate, about 120 per
draw, so two hidden draws already give some 14,000 histories), and it is replayed with
``--max-branches N`` for each N of ``--branches``, each in a fresh process, until the candidates
pass N (verdict undetermined). The peak resident memory of each process is read from the kernel
(``ru_maxrss``); the memory per branch is the slope between the smallest and the largest N (so
the interpreter and the model's tables cancel out). Prints the figures, and the largest
``--max-branches`` that fits in the bound the CLI sets (oracle/usage.py ``MAX_BRANCHES``); asserts
nothing.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHILD = """
import resource, sys
from cdg_oracle.oracle import trace
text = open(sys.argv[1], encoding="utf-8").read()
v = trace.replay(text, "bench", int(sys.argv[2]))
print(v.verdict, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def hidden_trace(scenario: str, seed: int, hidden: int) -> str:
    """A played game's trace with its first ``hidden`` chance steps hidden."""
    import random

    from cdg_oracle.model.labyrinth import new_game
    from cdg_oracle.oracle import trace
    from cdg_oracle.oracle.playout import choose

    state = new_game(scenario)
    rng = random.Random(seed)
    lines = [trace.dumps(trace.header("labyrinth", scenario, "standard", state.rulings_dict(), seed))]
    left = hidden
    steps = 0
    for i in range(40):
        if state.is_terminal():
            break
        chance = state.current_player() == "chance"
        rec = trace.step_record(state, i, choose(rng, state), legal=False)
        if chance and left > 0:
            rec = {"type": "step", "i": i, "player": "chance", "hidden": True}
            left -= 1
        lines.append(trace.dumps(rec))
        steps += 1
    lines.append(trace.dumps(trace.end_record(state, steps)))
    return "\n".join(lines) + "\n"


def peak_kib(path: str, branches: int) -> tuple[str, int]:
    out = subprocess.run([sys.executable, "-c", CHILD, path, str(branches)], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    verdict, kib = out.stdout.split()
    return verdict, int(kib)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--branches", type=int, nargs="+", default=[1000, 4000], help="the N to try (default 1000 4000)")
    ap.add_argument("--scenario", default="lets_roll")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    from cdg_oracle.oracle.usage import MAX_BRANCHES

    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "hidden.jsonl")
        Path(path).write_text(hidden_trace(args.scenario, args.seed, 3), encoding="utf-8")
        rows = []
        for n in sorted(set(args.branches)):
            verdict, kib = peak_kib(path, n)
            rows.append((n, verdict, kib))
            print(f"--max-branches {n:>7}: {verdict}, peak resident memory {kib / 1024:8.1f} MiB")
    (n0, _, k0), (n1, _, k1) = rows[0], rows[-1]
    if n1 > n0:
        per = (k1 - k0) * 1024 / (n1 - n0)
        print(f"memory per branch: {per / 1024:.1f} KiB (slope between {n0} and {n1} branches)")
        print(f"the CLI's bound, --max-branches {MAX_BRANCHES}: about {per * MAX_BRANCHES / 2**30:.2f} GiB "
              f"of candidates")
        print(json.dumps({"bytes_per_branch": round(per), "max_branches": MAX_BRANCHES}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
