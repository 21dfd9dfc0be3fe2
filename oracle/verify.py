"""``cdg-oracle verify``: the main job. Runs every property check of ``properties/`` and writes
``reports/labyrinth/verification.md`` (readable) and ``verification.json`` (stable keys).

In order: the map checks (networkx, 4.1, 4.5, card 43, event distances); every scenario against the
invariants, its printed figures and its golden summary; the z3 invariants evaluated on every
scenario's set-up; the z3 inductive proofs (each "proved" or a counterexample); the z3 victory
analysis on the map's data; the hypothesis state machine (bounded, derandomized; every failure is
written as a replayable trace); a bounded campaign of random complete games checked after every
step; a bounded solo campaign (chapter 9: the Jihadist played by the bot) for every scenario at every
Ideology, with the count of steps that used the substitute for the 9.5 Global table; difftest of
the reference adapter against the model (the oracle's own harness, end to end). The exit status is
0 only when every property holds.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from cdg_oracle.oracle import __version__
from cdg_oracle.oracle.fileio import write_atomic


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def solo_games_for(games: int) -> int:
    """Solo games per scenario and Ideology for ``--games`` two-player games per scenario: a fifth
    (there are five Ideologies, so as many solo games per scenario as two-player ones), at least one;
    none when ``--games`` is 0 (no campaign at all)."""
    return 0 if games == 0 else max(1, games // 5)


def run(out_dir: str, budget: float | None, games: int, seed: int, examples: int = 25, steps: int = 300,
        solo_games: int | None = None) -> int:
    """Run every check and write the report. The seed and ``games`` fix the work (the same report
    on any machine); ``budget`` (seconds, or None) may only cut the campaigns short, and the
    report then says it is partial (issue 15 item 6)."""
    from cdg_oracle.model.labyrinth import new_game
    from cdg_oracle.model.labyrinth.mapdata import load_map
    from cdg_oracle.model.labyrinth.scenarios import scenario_names
    from cdg_oracle.oracle import trace
    from cdg_oracle.properties.labyrinth import stateful, victory_analysis, z3_proofs, z3_state
    from cdg_oracle.model.labyrinth.solo.options import IDEOLOGIES
    from cdg_oracle.model.labyrinth.solo.random_country import GLOBAL_GAP
    from cdg_oracle.properties.labyrinth.campaign import campaign, solo_campaign
    from cdg_oracle.properties.labyrinth.mapchecks import check_map
    from cdg_oracle.properties.labyrinth.scenario_checks import check_all_scenarios

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
        bad = [r for r in z3_state.check_state(st.canonical(), st.map, rulings=st.rulings_dict()) if not r["holds"]]
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
        write_atomic(path, trace.from_actions("labyrinth", f["scenario"], f["length"], f["rulings"], f["actions"],
                                              options=f.get("options")))
        failure_files.append(str(path))

    machine = stateful.run_machine(examples, steps, seed, on_failure=write_failure)
    machine_failures = [{"what": f["what"], "scenario": f["scenario"], "options": f.get("options"),
                         "steps": len(f["actions"]), "trace": p}
                        for f, p in zip(machine["failures"], failure_files)]
    limit = "no time limit" if budget is None else f"cut short after {budget:g} s"
    say(f"verify: random campaign ({games} games per scenario, {limit}, seed {seed})")

    def progress(n, r):
        if n % 10 == 0:
            say(f"  {n} games played")

    results = campaign(scenario_names(), seed, games, budget, progress) if games else []
    n_solo = solo_games_for(games) if solo_games is None else solo_games
    say(f"verify: solo campaign (chapter 9; {n_solo} games per scenario and Ideology, {limit}, seed {seed})")
    solo = solo_report(solo_campaign(scenario_names(), list(IDEOLOGIES), seed, n_solo, budget, progress)
                       if n_solo else [], GLOBAL_GAP)
    planned = {"games": games * len(scenario_names()),
               "solo_games": n_solo * len(scenario_names()) * len(IDEOLOGIES)}
    partial = len(results) < planned["games"] or solo["games"] < planned["solo_games"]
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
          and not solo["failures"] and all(a["verdict"] == "agree" for a in adapter))
    report = {
        "tool": "cdg-oracle", "version": __version__, "game": "labyrinth", "seed": seed,
        "ok": ok,
        "work": {"games_per_scenario": games, "solo_games_per_scenario_and_ideology": n_solo,
                 "planned": planned, "budget_seconds": budget, "partial": partial},
        "map_checks": maps,
        "scenario_checks": scen,
        "z3_invariants": z3inv,
        "z3_proofs": proofs,
        "victory_analysis": victory,
        "state_machine": {"runs": machine["stats"].get("runs"), "steps": machine["stats"].get("steps"),
                          "games": machine["stats"].get("games"), "solo_games": machine["stats"].get("solo_games"),
                          "examples": examples, "step_count": steps, "failures": machine_failures},
        "campaign": {"games": len(results), "per_scenario": per_scen,
                     "failures": [{"scenario": r.scenario, "seed": r.seed, "failures": r.failures[:5],
                                   "actions": r.actions} for r in failures]},
        "solo_campaign": solo,
        "adapter_selftest": adapter,
    }
    write_atomic(folder / "verification.json", json.dumps(report, indent=1, sort_keys=True) + "\n")
    write_atomic(folder / "verification.md", render_md(report, victory_analysis.render_md(victory)))
    took = time.monotonic() - t0
    if partial:
        say(f"verify: partial: the --budget of {budget:g} s cut the campaigns short ({len(results)} of "
            f"{planned['games']} games, {solo['games']} of {planned['solo_games']} solo games)")
    print(f"verify: {'every property holds' if ok else 'FAILURES'}; {len(proofs)} proofs, "
          f"{machine['stats'].get('steps', 0)} state-machine steps, {len(results)} games, "
          f"{solo['games']} solo games ({solo['gap_steps']} steps on the Global-table substitute); "
          f"report in {folder}/verification.md ({took:.0f} s)")
    return 0 if ok else 1


def solo_report(results: list, gap: str) -> dict:
    """The solo campaign's section of the report: per scenario and Ideology the games, steps, wins,
    failures and gap steps (chance nodes standing in for the 9.5 Global table, ``decision()["gap"]``)."""
    per = {}
    for r in results:
        s = per.setdefault(r.scenario, {}).setdefault(r.options["ideology"], {
            "games": 0, "steps": 0, "US": 0, "Jihadist": 0, "failed": 0, "gap_steps": 0, "games_with_gaps": 0})
        s["games"] += 1
        s["steps"] += r.steps
        s["gap_steps"] += r.gaps
        s["games_with_gaps"] += bool(r.gaps)
        if r.failures:
            s["failed"] += 1
        elif r.winner:
            s[r.winner] += 1
    failed = [r for r in results if r.failures]
    return {"games": len(results), "steps": sum(r.steps for r in results),
            "gap_steps": sum(r.gaps for r in results), "games_with_gaps": sum(bool(r.gaps) for r in results),
            "gap": gap, "per_scenario": per,
            "failures": [{"scenario": r.scenario, "options": r.options, "seed": r.seed, "failures": r.failures[:5],
                          "actions": r.actions} for r in failed]}


def adapter_selftest(seed: int) -> list[dict]:
    """difftest of the reference adapter (the model in another process, over the adapter
    protocol) against the model: the harness itself checked end to end, one game per scenario."""
    from cdg_oracle.model.labyrinth.scenarios import scenario_names
    from cdg_oracle.oracle import difftest
    from cdg_oracle.oracle.difftest_cmd import reference_command

    out = []
    for name in scenario_names():
        r = difftest.run(reference_command(), scenario=name, games=1, seed=seed)
        out.append({"scenario": name, "verdict": r.verdict, "games": r.games, "steps": r.steps,
                    "finding": None if r.finding is None else r.finding.message})
    return out


def render_md(r: dict, victory_lines: list[str]) -> str:
    mark = lambda ok: "holds" if ok else "**FAILS**"
    lines = ["# Labyrinth verification report", "",
             f"cdg-oracle {r['version']}, seed {r['seed']}. Overall: **{'every property holds' if r['ok'] else 'failures found'}**.", ""]
    w = r.get("work")
    if w:
        lines += [f"Work: {w['games_per_scenario']} random games per scenario and "
                  f"{w['solo_games_per_scenario_and_ideology']} solo games per scenario and Ideology, fixed by the "
                  "seed and `--games`" + ("." if w["budget_seconds"] is None else
                                          f"; time budget {w['budget_seconds']:g} s."), ""]
        if w["partial"]:
            lines += [f"**Partial**: the time budget cut the campaigns short ({r['campaign']['games']} of "
                      f"{w['planned']['games']} games, {r['solo_campaign']['games']} of "
                      f"{w['planned']['solo_games']} solo games); this report does not reproduce on another machine.", ""]
    lines += [
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
              "invariants, dead ends, JSON round-trip, determinism and termination checked)"
              + (f"; {sm['games']} games, {sm['solo_games']} of them solo (chapter 9)." if sm.get("games") is not None
                 else "."), ""]
    for f in sm["failures"]:
        solo = f" solo {f['options']['ideology']}" if f.get("options") else ""
        lines.append(f"- **{f['what']}** ({f['scenario']}{solo}, {f['steps']} steps): trace {f['trace']}")
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
    if "solo_campaign" in r:
        lines += render_solo_md(r["solo_campaign"])
    lines += ["", "## The reference adapter against the model (difftest)", "",
              "The model served through the adapter protocol in another process and played side by side with",
              "the model: player, legal actions and canonical state compared after every step.", "",
              "| scenario | verdict | steps |", "|---|---|---|"]
    for a in r.get("adapter_selftest", []):
        lines.append(f"| {a['scenario']} | {a['verdict'] if a['verdict'] == 'agree' else '**' + a['verdict'] + '**: ' + a['finding']} | {a['steps']} |")
    return "\n".join(lines) + "\n"


def render_solo_md(solo: dict) -> list[str]:
    """The solo campaign's section of the Markdown report."""
    lines = ["", "## Solo campaign (chapter 9)", "",
             "Complete solo games: the US plays uniformly random legal choices, the Jihadist is the bot of",
             "chapter 9, chance is seeded; every scenario at every Ideology (9.7). After every step the",
             "two-player checks hold, plus the solo invariants: no Jihadist decision node (9.0), the numbered",
             "plot markers Available, on the map and set aside are the six, and each set-aside marker stands for",
             "a WMD plot in play (9.3.3), the Jihadist draw stack holds each card once (9.2).", "",
             "| scenario | Ideology | games | steps | US wins | Jihadist wins | failed | gap steps |",
             "|---|---|---|---|---|---|---|---|"]
    for name, by_ideology in sorted(solo["per_scenario"].items()):
        for ideology, s in by_ideology.items():
            lines.append(f"| {name} | {ideology} | {s['games']} | {s['steps']} | {s['US']} | {s['Jihadist']} | "
                         f"{s['failed']} | {s['gap_steps']} |")
    share = f" ({100 * solo['gap_steps'] / solo['steps']:.1f}%)" if solo["steps"] else ""
    lines += ["", f"Gap steps: {solo['gap_steps']} of {solo['steps']} steps{share}, in {solo['games_with_gaps']} of "
              f"{solo['games']} games, were chance nodes standing in for a table no source gives: "
              f"{solo['gap']}. A game through such a step follows the model's substitute there, not a rule."]
    for f in solo["failures"]:
        lines.append(f"\n- {f['scenario']} solo {f['options']['ideology']} seed {f['seed']}: " + "; ".join(f["failures"]))
    return lines
