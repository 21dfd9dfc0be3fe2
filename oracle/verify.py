"""``cdg-oracle verify``: the main job. Checks what this version of the oracle can check and writes
``reports/labyrinth/verification.md`` (readable) and ``verification.json`` (stable keys).

Checks now: the map properties (networkx), every scenario's set-up against the invariants and its
printed figures, and a bounded campaign of random complete games checked after every step
(invariants, JSON round-trip, no dead end, termination), card events included. The z3 proofs and the hypothesis state
machine are listed as not yet implemented (the properties issue), never reported as passed.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from oracle import __version__
from oracle.fileio import write_atomic


def run(out_dir: str, budget: float, games: int, seed: int) -> int:
    from model.labyrinth.mapdata import load_map
    from model.labyrinth.scenarios import scenario_names
    from properties.labyrinth.campaign import campaign
    from properties.labyrinth.mapchecks import check_map
    from properties.labyrinth.scenario_checks import check_all_scenarios

    t0 = time.monotonic()
    print("verify: map checks", file=sys.stderr)
    maps = [{"check": name, "ok": not bad, "violations": bad} for name, bad in check_map(load_map())]
    print("verify: scenario checks", file=sys.stderr)
    scen = check_all_scenarios()
    print(f"verify: random campaign (up to {games} games per scenario, budget {budget:g} s, seed {seed})", file=sys.stderr)

    def progress(n, r):
        if n % 10 == 0:
            print(f"  {n} games played", file=sys.stderr)

    results = campaign(scenario_names(), seed, games, budget, progress)
    failures = [r for r in results if r.failures]
    per_scen = {}
    for r in results:
        s = per_scen.setdefault(r.scenario, {"games": 0, "steps": 0, "US": 0, "Jihadist": 0, "failed": 0})
        s["games"] += 1
        s["steps"] += r.steps
        s[r.winner or "failed"] = s.get(r.winner or "failed", 0) + (0 if r.failures else 1)
        s["failed"] += bool(r.failures)
    ok = all(m["ok"] for m in maps) and all(s["ok"] for s in scen) and not failures
    report = {
        "tool": "cdg-oracle", "version": __version__, "game": "labyrinth", "seed": seed,
        "ok": ok,
        "map_checks": maps,
        "scenario_checks": scen,
        "campaign": {"games": len(results), "per_scenario": per_scen,
                     "failures": [{"scenario": r.scenario, "seed": r.seed, "failures": r.failures[:5],
                                   "actions": r.actions} for r in failures]},
        "not_yet_implemented": ["z3 invariant proofs", "hypothesis state machine", "victory-condition analysis"],
    }
    folder = Path(out_dir) / "labyrinth"
    write_atomic(folder / "verification.json", json.dumps(report, indent=1, sort_keys=True) + "\n")
    write_atomic(folder / "verification.md", render_md(report))
    took = time.monotonic() - t0
    print(f"verify: {'every property holds' if ok else 'FAILURES'}; {len(results)} games; "
          f"report in {folder}/verification.md ({took:.0f} s)")
    return 0 if ok else 1


def render_md(r: dict) -> str:
    mark = lambda ok: "holds" if ok else "**FAILS**"
    lines = ["# Labyrinth verification report", "",
             f"cdg-oracle {r['version']}, seed {r['seed']}. Overall: **{'every property holds' if r['ok'] else 'failures found'}**.", "",
             "## Map (networkx)", ""]
    for m in r["map_checks"]:
        lines.append(f"- {m['check']}: {mark(m['ok'])}" + (f" — {', '.join(m['violations'][:5])}" if m["violations"] else ""))
    lines += ["", "## Scenarios: set-up invariants and printed figures", "",
              "| scenario | result | troops | funding | Good res. | IR res. | Fair/Good | Poor/IR |", "|---|---|---|---|---|---|---|---|"]
    for s in r["scenario_checks"]:
        c = s["computed"]
        lines.append(f"| {s['scenario']} | {mark(s['ok'])} | {c['troops']} | {c['funding']} | {c['good_resources']} | "
                     f"{c['islamist_resources']} | {c['fair_or_good']} | {c['poor_or_islamist']} |")
        for p in s["problems"]:
            lines.append(f"|  | {p} | | | | | | |")
    camp = r["campaign"]
    lines += ["", "## Random campaign", "",
              "Complete games with uniformly random legal choices and seeded chance; after every step the state is",
              "checked against the invariants (track bounds, 15 cubes and 15 cylinders, plots, cards, markers),",
              "round-tripped through JSON, and checked to offer a legal action.", "",
              "| scenario | games | steps | US wins | Jihadist wins | failed |", "|---|---|---|---|---|---|"]
    for name, s in sorted(camp["per_scenario"].items()):
        lines.append(f"| {name} | {s['games']} | {s['steps']} | {s.get('US', 0)} | {s.get('Jihadist', 0)} | {s['failed']} |")
    for f in camp["failures"]:
        lines.append(f"\n- {f['scenario']} seed {f['seed']}: " + "; ".join(f["failures"]))
    lines += ["", "## Not yet checked", ""] + [f"- {x}: not implemented" for x in r["not_yet_implemented"]]
    return "\n".join(lines) + "\n"
