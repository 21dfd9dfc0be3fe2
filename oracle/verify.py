"""``cdg-oracle verify``: the main job. Runs every property check of ``properties/`` and writes
``reports/labyrinth/verification.md`` (readable) and ``verification.json`` (stable keys).

In order: the map checks (networkx, 4.1, 4.5, card 43, event distances); every scenario against the
invariants, its printed figures and its golden summary; the z3 invariants evaluated on every
scenario's set-up; the z3 inductive proofs (each "proved" or a counterexample); the z3 victory
analysis on the map's data; the hypothesis state machine (bounded, derandomized; every failure is
written as a replayable trace); a bounded campaign of random complete games checked after every
step; difftest of the reference adapter against the model (the oracle's own harness, end to
end). The exit status is 0 only when every property holds.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from oracle import __version__
from oracle.fileio import write_atomic


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run(out_dir: str, budget: float, games: int, seed: int, examples: int = 25, steps: int = 300) -> int:
    from model.labyrinth import new_game
    from model.labyrinth.mapdata import load_map
    from model.labyrinth.scenarios import scenario_names
    from oracle import trace
    from properties.labyrinth import stateful, victory_analysis, z3_proofs, z3_state
    from properties.labyrinth.campaign import campaign
    from properties.labyrinth.mapchecks import check_map
    from properties.labyrinth.scenario_checks import check_all_scenarios

    t0 = time.monotonic()
    folder = Path(out_dir) / "labyrinth"
    m = load_map()
    say("verify: map checks")
    maps = [{"check": name, "ok": not bad, "violations": bad} for name, bad in check_map(m)]
    say("verify: scenario checks")
    scen = check_all_scenarios()
    say("verify: z3 invariants on every scenario's set-up")
    z3inv = []
    for name in scenario_names():
        st = new_game(name)
        bad = [r for r in z3_state.check_state(st.d, st.map) if not r["holds"]]
        z3inv.append({"scenario": name, "ok": not bad,
                      "violations": [{"name": r["name"], "rule": r["rule"], "counterexample": r["counterexample"]}
                                     for r in bad]})
    say("verify: z3 inductive proofs")
    proofs = [{k: v for k, v in p.items() if k != "seconds"} for p in z3_proofs.prove_all()]
    say("verify: z3 victory analysis")
    victory = victory_analysis.analyse(m)
    say(f"verify: hypothesis state machine ({examples} runs of up to {steps} steps, seed {seed})")
    failure_files = []

    def write_failure(f: dict) -> None:
        path = folder / "failures" / f"stateful-{len(failure_files) + 1}.jsonl"
        write_atomic(path, trace.from_actions("labyrinth", f["scenario"], f["length"], f["rulings"], f["actions"]))
        failure_files.append(str(path))

    machine = stateful.run_machine(examples, steps, seed, on_failure=write_failure)
    machine_failures = [{"what": f["what"], "scenario": f["scenario"], "steps": len(f["actions"]), "trace": p}
                        for f, p in zip(machine["failures"], failure_files)]
    say(f"verify: random campaign (up to {games} games per scenario, budget {budget:g} s, seed {seed})")

    def progress(n, r):
        if n % 10 == 0:
            say(f"  {n} games played")

    results = campaign(scenario_names(), seed, games, budget, progress)
    say("verify: the reference adapter against the model (difftest, one game per scenario)")
    adapter = adapter_selftest(seed)
    failures = [r for r in results if r.failures]
    per_scen = {}
    for r in results:
        s = per_scen.setdefault(r.scenario, {"games": 0, "steps": 0, "US": 0, "Jihadist": 0, "failed": 0})
        s["games"] += 1
        s["steps"] += r.steps
        s[r.winner or "failed"] = s.get(r.winner or "failed", 0) + (0 if r.failures else 1)
        s["failed"] += bool(r.failures)
    ok = (all(x["ok"] for x in maps) and all(x["ok"] for x in scen) and all(x["ok"] for x in z3inv)
          and all(p["status"] == "proved" for p in proofs) and not machine["failures"] and not failures
          and all(a["verdict"] == "agree" for a in adapter))
    report = {
        "tool": "cdg-oracle", "version": __version__, "game": "labyrinth", "seed": seed,
        "ok": ok,
        "map_checks": maps,
        "scenario_checks": scen,
        "z3_invariants": z3inv,
        "z3_proofs": proofs,
        "victory_analysis": victory,
        "state_machine": {"runs": machine["stats"].get("runs"), "steps": machine["stats"].get("steps"),
                          "examples": examples, "step_count": steps, "failures": machine_failures},
        "campaign": {"games": len(results), "per_scenario": per_scen,
                     "failures": [{"scenario": r.scenario, "seed": r.seed, "failures": r.failures[:5],
                                   "actions": r.actions} for r in failures]},
        "adapter_selftest": adapter,
    }
    write_atomic(folder / "verification.json", json.dumps(report, indent=1, sort_keys=True) + "\n")
    write_atomic(folder / "verification.md", render_md(report, victory_analysis.render_md(victory)))
    took = time.monotonic() - t0
    print(f"verify: {'every property holds' if ok else 'FAILURES'}; {len(proofs)} proofs, "
          f"{machine['stats'].get('steps', 0)} state-machine steps, {len(results)} games; "
          f"report in {folder}/verification.md ({took:.0f} s)")
    return 0 if ok else 1


def adapter_selftest(seed: int) -> list[dict]:
    """difftest of the reference adapter (the model in another process, over the adapter
    protocol) against the model: the harness itself checked end to end, one game per scenario."""
    from model.labyrinth.scenarios import scenario_names
    from oracle import difftest
    from oracle.difftest_cmd import reference_command

    out = []
    for name in scenario_names():
        r = difftest.run(reference_command(), scenario=name, games=1, seed=seed)
        out.append({"scenario": name, "verdict": r.verdict, "games": r.games, "steps": r.steps,
                    "finding": None if r.finding is None else r.finding.message})
    return out


def render_md(r: dict, victory_lines: list[str]) -> str:
    mark = lambda ok: "holds" if ok else "**FAILS**"
    lines = ["# Labyrinth verification report", "",
             f"cdg-oracle {r['version']}, seed {r['seed']}. Overall: **{'every property holds' if r['ok'] else 'failures found'}**.", "",
             "## Map (networkx)", ""]
    for m in r["map_checks"]:
        lines.append(f"- {m['check']}: {mark(m['ok'])}" + (f" — {', '.join(m['violations'][:5])}" if m["violations"] else ""))
    lines += ["", "## Scenarios: set-up invariants, printed figures, golden summary", "",
              "| scenario | result | troops | funding | Good res. | IR res. | Fair/Good | Poor/IR |", "|---|---|---|---|---|---|---|---|"]
    for s in r["scenario_checks"]:
        c = s["computed"]
        lines.append(f"| {s['scenario']} | {mark(s['ok'])} | {c['troops']} | {c['funding']} | {c['good_resources']} | "
                     f"{c['islamist_resources']} | {c['fair_or_good']} | {c['poor_or_islamist']} |")
        for p in s["problems"]:
            lines.append(f"|  | {p} | | | | | | |")
    lines += ["", "## z3 invariants on each scenario's set-up", "",
              "The invariants are z3 formulas over a symbolic state; each set-up is checked by evaluating them",
              "on the model's concrete state.", ""]
    for z in r["z3_invariants"]:
        lines.append(f"- {z['scenario']}: {mark(z['ok'])}" + "".join(
            f"\n  - {v['name']} ({v['rule']}): counterexample {json.dumps(v['counterexample'], sort_keys=True)}"
            for v in z["violations"]))
    lines += ["", "## z3 inductive proofs", "",
              "Each transition (an operation's or an end-of-turn step's effect on tracks and counts) is proved to",
              "preserve the invariants, or a counterexample is shown.", "",
              "| transition | rules | result |", "|---|---|---|"]
    for p in r["z3_proofs"]:
        res = "proved" if p["status"] == "proved" else f"**counterexample** {json.dumps(p.get('witness'), sort_keys=True)[:200]}"
        lines.append(f"| {p['name']} | {', '.join(p.get('rules', []))} | {res} |")
    lines += [""] + ["#" + x if x.startswith("#") else x for x in victory_lines]   # its sections one level down
    sm = r["state_machine"]
    lines += ["", "## Hypothesis state machine", "",
              f"{sm['runs']} runs, {sm['steps']} steps (at most {sm['examples']} runs of {sm['step_count']} steps; "
              "invariants, dead ends, JSON round-trip, determinism and termination checked).", ""]
    for f in sm["failures"]:
        lines.append(f"- **{f['what']}** ({f['scenario']}, {f['steps']} steps): trace {f['trace']}")
    camp = r["campaign"]
    lines += ["", "## Random campaign", "",
              "Complete games with uniformly random legal choices and seeded chance, card events included; after",
              "every step the state is checked against the invariants, round-tripped through JSON, and checked to",
              "offer a legal action.", "",
              "| scenario | games | steps | US wins | Jihadist wins | failed |", "|---|---|---|---|---|---|"]
    for name, s in sorted(camp["per_scenario"].items()):
        lines.append(f"| {name} | {s['games']} | {s['steps']} | {s.get('US', 0)} | {s.get('Jihadist', 0)} | {s['failed']} |")
    for f in camp["failures"]:
        lines.append(f"\n- {f['scenario']} seed {f['seed']}: " + "; ".join(f["failures"]))
    lines += ["", "## The reference adapter against the model (difftest)", "",
              "The model served through the adapter protocol in another process and played side by side with",
              "the model: player, legal actions and canonical state compared after every step.", "",
              "| scenario | verdict | steps |", "|---|---|---|"]
    for a in r.get("adapter_selftest", []):
        lines.append(f"| {a['scenario']} | {a['verdict'] if a['verdict'] == 'agree' else '**' + a['verdict'] + '**: ' + a['finding']} | {a['steps']} |")
    return "\n".join(lines) + "\n"
