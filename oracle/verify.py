"""``cdg-oracle verify``: the main job. Runs every property check of ``properties/`` for a game and
writes ``reports/<game>/verification.md`` (readable), ``verification.json`` (stable keys) and
``index.html`` (the self-contained page drawn from the JSON, oracle/html/report.py).

In order: the game's own checks (properties/verification.py; Labyrinth's: the map, the scenarios,
the z3 invariants on every set-up, the z3 inductive proofs, the z3 victory analysis); the
hypothesis state machine (bounded, derandomized; every failure is written as a replayable trace);
a bounded campaign of random complete games checked after every step; the campaigns the game adds
(Labyrinth: solo games at every Ideology, with the count of steps that used the substitute for the
9.5 Global table); difftest of the reference adapter against the model (the oracle's own harness,
end to end). The exit status is 0 only when every property holds.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from cdg_oracle.model.core.registry import DEFAULT_GAME, get
from cdg_oracle.oracle import __version__, difftest, trace
from cdg_oracle.oracle.difftest_cmd import reference_command
from cdg_oracle.oracle.fileio import write_atomic
from cdg_oracle.oracle.html import report as html_report
from cdg_oracle.oracle.games import scenarios as game_scenarios
from cdg_oracle.oracle.usage import Terminated, raise_if_signalled
from cdg_oracle.properties.campaign import campaign
from cdg_oracle.properties.games import checks as games_checks
from cdg_oracle.properties.verification import Section, verification


def say(text: str) -> None:
    """Say what verify does next, after making sure no interrupt was lost in the last phase."""
    raise_if_signalled()
    print(text, file=sys.stderr, flush=True)


def run(out_dir: str, budget: float | None, games: int, seed: int, examples: int = 25, steps: int = 300,
        game: str = DEFAULT_GAME, jobs: int | str = 1, refinement: bool = True,
        refinement_games: int | None = None) -> int:
    """Run every check of ``game`` and write the report. The seed and ``games`` fix the work (the
    same report on any machine, whatever ``jobs``: where the campaigns run, local worker processes
    or a Dask scheduler, properties/pool.py);
    ``budget`` (seconds, or None) may only cut the campaigns short, and the report then says it
    is partial (issue 15 item 6). It bounds every campaign together (the random one, then the
    game's own: solo, Deluxe, active), counted from the first campaign's start (issue 28.6); the
    checks, the state machine and the adapter self-test are the fixed work before and after.

    ``refinement`` (on by default): the random campaign's games also check every step against the
    game's proved transitions (properties/refinement.py), the report gaining its section: the
    first ``refinement_games`` games of each scenario (None: the number of the game's checks record,
    ``GameChecks.refinement_games``, whose None is every game), and the state machine's steps where
    the record says so (``refinement_machine``)."""
    t0 = time.monotonic()
    spec = get(game)
    game = spec.name
    ver = verification(game)
    folder = Path(out_dir) / game
    scenarios = spec.scenarios()
    checks = ver.checks(seed, say)
    say(f"verify: hypothesis state machine ({examples} runs of up to {steps} steps, seed {seed})")
    failure_files = []

    def write_failure(f: dict) -> None:
        path = folder / "failures" / f"stateful-{len(failure_files) + 1}.jsonl"
        write_atomic(path, trace.from_actions(game, f["scenario"], f["length"], f["rulings"], f["actions"],
                                              options=f.get("options")))
        failure_files.append(str(path))

    # ``refinement``: the campaign (its first games of each scenario) and the state machine (where
    # the game's record says so) also check every step against the game's proved transitions
    # (properties/refinement.py), the report gaining its section
    record = games_checks(game)
    refine = refinement and record.refinement is not None
    if refinement_games is None:
        refinement_games = record.refinement_games
    refine_games = games if refinement_games is None else min(refinement_games, games)
    refine_machine = refine and record.refinement_machine
    machine = ver.run_machine(examples, steps, seed, write_failure, refine=refine_machine)
    machine_section = machine_report(ver, machine, examples, steps, failure_files)
    limit = "no time limit" if budget is None else f"cut short after {budget:g} s"
    say(f"verify: random campaign ({games} games per scenario, {limit}, seed {seed})")

    played = []  # every campaign's games as they are taken, in schedule order (an interrupt's report)

    def progress(n, r):
        played.append(r)
        if n % 10 == 0:
            say(f"  {n} games played")

    # The budget bounds the campaigns together (issue 28.6), counted from the first one's start:
    # each campaign gets what the ones before it left.
    ends = None if budget is None else time.monotonic() + budget
    try:
        results = campaign(game, scenarios, seed, games, budget, progress, jobs=jobs, refine=refine,
                           refine_games=refine_games) if games else []
    except (KeyboardInterrupt, Terminated) as e:
        e.partial_report = write_interrupted(folder, ver, spec.sides, game, seed, games, played)
        raise
    camp = campaign_report(ver, spec.sides, results)

    refinement_files: list[str] = []

    def write_refinement_trace(f: dict) -> str:
        path = folder / "failures" / f"refinement-{f['index']}.jsonl"
        write_atomic(path, trace.from_actions(game, f["scenario"], "standard", None, f["actions"]))
        refinement_files.append(str(path))
        return str(path)

    refined = refinement_report(game, results, write_refinement_trace,
                                {"games_per_scenario": refine_games, "state_machine": refine_machine,
                                 "machine_steps": machine["stats"].get("steps", 0)}) if refine else None
    left = None if ends is None else max(0.0, ends - time.monotonic())
    try:
        extras = ver.extra_campaigns(scenarios, seed, games, left, progress, say, jobs)
    except (KeyboardInterrupt, Terminated) as e:
        e.partial_report = write_interrupted(folder, ver, spec.sides, game, seed, games, played)
        raise
    planned = {"games": games * len(scenarios)}
    work = {"games_per_scenario": games}
    for e in extras:
        planned.update(e.planned)
        work.update(e.work)
    partial = len(results) < planned["games"] or any(e.played < sum(e.planned.values()) for e in extras)
    say("verify: the reference adapter against the model (difftest, one game per scenario)")
    adapter = adapter_selftest(seed, game)
    sections = checks + [machine_section, camp] + ([refined] if refined else []) + \
        [e.section for e in extras] + [adapter_section(adapter)]
    ok = all(x.ok for x in sections)
    report = {"tool": "cdg-oracle", "version": __version__, "game": game, "seed": seed, "ok": ok,
              "work": {**work, "planned": planned, "budget_seconds": budget, "partial": partial}}
    for x in sections:
        report[x.key] = x.data
    raise_if_signalled()  # an interrupt lost in the last phase still writes no report
    write_atomic(folder / "verification.json", json.dumps(report, indent=1, sort_keys=True) + "\n")
    write_atomic(folder / "verification.md", render_md(ver.title or f"{game} verification report", report,
                                                       sections, extras))
    html_report.write(game, folder)  # index.html beside them, from the JSON just written (issue 33)
    remove_stale_traces(folder / "failures", failure_files + refinement_files)
    took = time.monotonic() - t0
    if partial:
        done = ", ".join([f"{len(results)} of {planned['games']} games"] + [e.partial_words for e in extras])
        say(f"verify: partial: the --budget of {budget:g} s cut the campaigns short ({done})")
    parts = [x.summary for x in checks if x.summary] + [
        f"{machine['stats'].get('steps', 0)} state-machine steps", f"{len(results)} games"] + (
        [refined.summary] if refined else []) + [
        e.section.summary for e in extras if e.section.summary]
    print(f"verify: {'every property holds' if ok else 'FAILURES'}; {', '.join(parts)}; "
          f"report in {folder}/verification.md ({took:.0f} s)")
    return 0 if ok else 1


def remove_stale_traces(failures: Path, written: list[str]) -> None:
    """The failure traces an earlier run wrote (``stateful-N.jsonl``, ``refinement-N.jsonl``) that
    the report just written does not name are removed, and the folder if it is left empty: a
    failure fixed since would otherwise stay beside a report that says every property holds.
    Called after the full report is written (never after an interrupted or failed run)."""
    keep = {Path(p).name for p in written}
    if not failures.is_dir():
        return
    for path in failures.glob("*.jsonl"):
        if path.name not in keep and path.name.split("-")[0] in ("stateful", "refinement"):
            path.unlink()
    if not any(failures.iterdir()):
        failures.rmdir()


def write_interrupted(folder: Path, ver, sides: tuple[str, ...], game: str, seed: int, games: int,
                      played: list) -> str:
    """An interrupt (SIGINT, SIGTERM) during the campaigns (issue 34.3): the games taken so far,
    a prefix of the schedule wherever they ran (properties/pool.py), written as
    ``verification-partial.json`` and ``.md`` beside the full report, which is left as it was (as
    ``ambiguities --entry`` writes its partial report). It says it is partial and which games, by
    scenario, seed and options, it covers; every property but the campaigns' is absent from it.
    Returns the Markdown file's path."""
    covered = [{"scenario": r.scenario, "seed": r.seed, "options": r.options} for r in played]
    camp = campaign_report(ver, sides, played)
    report = {"tool": "cdg-oracle", "version": __version__, "game": game, "seed": seed, "partial": True,
              "interrupted": True, "work": {"games_per_scenario": games}, "covered": covered,
              "games_played": camp.data}
    md = [f"# {ver.title or game + ' verification report'}: partial (interrupted)", "",
          f"cdg-oracle {__version__}, seed {seed}, {games} random games per scenario asked for. **Partial**: "
          f"the run was interrupted during the campaigns after {len(played)} games; they are a prefix of the "
          "schedule, the games below, checked as the full report checks them. This is not a verification "
          "report: the other checks are not in it.", "",
          "| # | scenario | seed | options |", "|---|---|---|---|"]
    md += [f"| {i} | {c['scenario']} | {c['seed']} | {json.dumps(c['options'], sort_keys=True) if c['options'] else '-'} |"
           for i, c in enumerate(covered, 1)]
    md += [""] + camp.md
    write_atomic(folder / "verification-partial.json", json.dumps(report, indent=1, sort_keys=True) + "\n")
    path = folder / "verification-partial.md"
    write_atomic(path, "\n".join(md) + "\n")
    return str(path)


def machine_report(ver, machine: dict, examples: int, steps: int, failure_files: list[str]) -> Section:
    """The state machine's section: its runs, steps and games, and each failure with its trace."""
    stats = machine["stats"]
    failures = [{"what": f["what"], "scenario": f["scenario"], "options": f.get("options"),
                 "steps": len(f["actions"]), "trace": p}
                for f, p in zip(machine["failures"], failure_files)]
    data = {"runs": stats.get("runs"), "steps": stats.get("steps"), "games": stats.get("games"),
            "examples": examples, "step_count": steps, "failures": failures}
    if "solo_games" in stats:
        data["solo_games"] = stats.get("solo_games")
    md = ["## Hypothesis state machine", "",
          f"{data['runs']} runs, {data['steps']} steps (at most {examples} runs of {steps} steps; "
          "invariants, dead ends, JSON round-trip, determinism and termination checked)" + ver.machine_games(stats), ""]
    for f in failures:
        solo = f" solo {f['options']['ideology']}" if f.get("options") and "ideology" in f["options"] else \
            (f" options {json.dumps(f['options'], sort_keys=True)}" if f.get("options") else "")
        md.append(f"- **{f['what']}** ({f['scenario']}{solo}, {f['steps']} steps): trace {f['trace']}")
    return Section("state_machine", data, not machine["failures"], md)


def campaign_report(ver, sides: tuple[str, ...], results: list) -> Section:
    """The random campaign's section: per scenario the games, steps, wins of each side, how the
    games ended (``endings``: each ending's label, properties/walk.py ``ending_label``, and its
    count; the failed games left out), failures."""
    per_scen = {}
    for r in results:
        s = per_scen.setdefault(r.scenario, {"games": 0, "steps": 0, **{side: 0 for side in sides}, "failed": 0})
        s["games"] += 1
        s["steps"] += r.steps
        if r.failures:
            s["failed"] += 1
        else:  # a game that ended without a winner is a draw (Twilight Struggle 10.3.2)
            key = r.winner if r.winner is not None else "draws"
            s[key] = s.get(key, 0) + 1
            ends = s.setdefault("endings", {})  # how it ended (walk.ending_label): the victory types
            ends[r.ending] = ends.get(r.ending, 0) + 1
    failures = [r for r in results if r.failures]
    data = {"games": len(results), "per_scenario": per_scen,
            "failures": [{"scenario": r.scenario, "seed": r.seed, "failures": r.failures[:5], "actions": r.actions}
                         for r in failures]}
    draws = " | draws" if any(s.get("draws") for s in per_scen.values()) else ""  # a game with draws only
    md = ["## Random campaign", "", *ver.campaign_words, "",
          "| scenario | games | steps | " + " | ".join(f"{side} wins" for side in sides) + draws + " | failed |",
          "|---|---|---|" + "---|" * (len(sides) + bool(draws)) + "---|"]
    for name, s in sorted(per_scen.items()):
        md.append(f"| {name} | {s['games']} | {s['steps']} | " + " | ".join(str(s.get(side, 0)) for side in sides)
                  + (f" | {s.get('draws', 0)}" if draws else "") + f" | {s['failed']} |")
    if any(s.get("endings") for s in per_scen.values()):
        md += ["", "How the games ended (the reason of each game's outcome without its numbers, and the rule it cites):", ""]
        for name, s in sorted(per_scen.items()):
            ends = s.get("endings") or {}
            md.append(f"- {name}: " + ("; ".join(f"{k}: {n}" for k, n in sorted(ends.items())) or "none"))
    for f in data["failures"]:
        md.append(f"\n- {f['scenario']} seed {f['seed']}: " + "; ".join(f["failures"]))
    return Section("campaign", data, not failures, md)


def refinement_report(game: str, results: list, write_trace, scope: dict | None = None) -> Section:
    """The refinement check's section (properties/refinement.py): every step of the campaign's
    games that were checked against the game's proved transitions: how many games and steps were
    checked out of the campaign's, stutters, steps matched per transition, the transitions no step
    matched, and the findings (each written as a replayable trace by ``write_trace``). ``scope``:
    what verify asked for (``games_per_scenario`` checked, whether the ``state_machine``'s
    ``machine_steps`` were checked too)."""
    from cdg_oracle.properties import refinement  # z3: only here

    scope = scope or {}
    checked = [r for r in results if r.refinement]
    s = refinement.summary(game, [r.refinement for r in checked])
    findings = []
    for i, f in enumerate(s["findings"], 1):
        f = dict(f, index=i)
        simpler = refinement.shrink(game, f["scenario"], None, f["actions"]) if f.get("actions") else None
        if simpler is not None:   # the campaign's game shrunk to a simpler one with a finding
            f.update(simpler[1].to_dict(), index=i, actions=simpler[0], scenario=f["scenario"], seed=f["seed"])
        findings.append({k: f[k] for k in ("step", "rules", "changed", "candidates", "scenario", "seed")}
                        | {"trace": write_trace(f)})
    data = {k: s[k] for k in ("steps", "stutters", "matched", "per_move", "never_matched", "lengths")}
    data.update({"games_checked": len(checked), "games": len(results),
                 "campaign_steps": sum(r.steps for r in results),
                 "games_per_scenario": scope.get("games_per_scenario"),
                 "state_machine": bool(scope.get("state_machine"))})
    data["findings"] = findings
    per = scope.get("games_per_scenario")
    which = "every game" if len(checked) == len(results) else f"the first {per} of each scenario"
    machine = (f" The state machine's {scope.get('machine_steps', 0)} steps were checked too (a finding fails "
               "its section)." if scope.get("state_machine") else
               " The state machine's steps were not checked (the game's `refinement_machine`).")
    md = ["## Refinement: every model step against the proved transitions", "",
          "Every step of the random campaign's checked games (one `apply`) is checked against the transitions",
          "the z3 proofs prove inductive: the abstraction of the state before and after must be unchanged (a",
          "stutter), or joined by one proved transition whose rules include a rule the step cites, or by a",
          "sequence of a few (properties/refinement.py).", "",
          f"Checked: {len(checked)} of the campaign's {len(results)} games ({which}; `--refinement-games`), "
          f"{s['steps']} of its {data['campaign_steps']} steps." + machine, "",
          f"{s['steps']} steps checked: {s['stutters']} stutters, {s['matched']} matched "
          f"(by sequence length: {', '.join(f'{k}: {v}' for k, v in s['lengths'].items()) or 'none'}), "
          f"{len(findings)} findings.", "",
          "| transition | steps matched |", "|---|---|"]
    md += [f"| {n} | {k} |" for n, k in s["per_move"].items()]
    md += ["", "Never matched by a step: " + (", ".join(s["never_matched"]) or "none") + "."]
    for f in findings:
        md.append(f"\n- **finding** ({f['scenario']} seed {f['seed']}, step {f['step']}; rules {', '.join(f['rules'])}): "
                  f"changed {json.dumps(f['changed'], sort_keys=True)[:300]}; trace {f['trace']}")
    return Section("refinement", data, not findings, md,
                   f"{s['steps']} steps of {len(checked)} games refinement-checked, {len(findings)} findings")


def adapter_selftest(seed: int, game: str = DEFAULT_GAME) -> list[dict]:
    """difftest of the reference adapter (the model in another process, over the adapter
    protocol) against the model: the harness itself checked end to end, one game per scenario."""
    out = []
    for name in game_scenarios(game):
        r = difftest.run(reference_command(), game=game, scenario=name, games=1, seed=seed)
        out.append({"scenario": name, "verdict": r.verdict, "games": r.games, "steps": r.steps,
                    "finding": None if r.finding is None else r.finding.message})
    return out


def adapter_section(adapter: list[dict]) -> Section:
    md = ["## The reference adapter against the model (difftest)", "",
          "The model served through the adapter protocol in another process and played side by side with",
          "the model: player, legal actions and canonical state compared after every step.", "",
          "| scenario | verdict | steps |", "|---|---|---|"]
    for a in adapter:
        verdict = a["verdict"] if a["verdict"] == "agree" else "**" + a["verdict"] + "**: " + a["finding"]
        md.append(f"| {a['scenario']} | {verdict} | {a['steps']} |")
    return Section("adapter_selftest", adapter, all(a["verdict"] == "agree" for a in adapter), md)


def render_md(title: str, r: dict, sections: list[Section], extras: list) -> str:
    """The Markdown report: title, overall verdict, the work done, then every section in order."""
    lines = [f"# {title}", "",
             f"cdg-oracle {r['version']}, seed {r['seed']}. Overall: **{'every property holds' if r['ok'] else 'failures found'}**.", ""]
    w = r["work"]
    lines += [f"Work: {w['games_per_scenario']} random games per scenario"
              + "".join(f" and {e.work_words}" for e in extras) + ", fixed by the seed and `--games`"
              + ("." if w["budget_seconds"] is None else f"; time budget {w['budget_seconds']:g} s."), ""]
    if w["partial"]:
        done = ", ".join([f"{r['campaign']['games']} of {w['planned']['games']} games"] + [e.partial_words for e in extras])
        lines += [f"**Partial**: the time budget cut the campaigns short ({done}); this report does not "
                  "reproduce on another machine.", ""]
    for i, x in enumerate(sections):
        if i:
            lines.append("")
        lines += x.md
    return "\n".join(lines) + "\n"
