"""``reports/<game>/index.html`` (issue 33 item 1): one self-contained page per game, built from
the committed JSON alone, plus the scenario set-ups the model builds (cheap and deterministic):
nothing is re-run. The JSON: ``verification.json`` (``cdg-oracle verify``), and when present
``ambiguities.json`` (``cdg-oracle ambiguities``) and two benchmarks' outputs, ``mutants.json``
(``benchmarks/mutants.py --out``, difftest against each mutant, or ``benchmarks/refinement.py
--mutants --out``, the refinement check alone, for a game whose mutants no reference adapter
serves: its ``benchmark`` says which) and ``proofs.json`` (``benchmarks/proofs.py --out``), whose
seconds are the machine's that ran them (the reports' own JSON holds no time).

The page: the overall verdict and the work done; the summary of every property section, each
linking to its details; the plots (the random campaign's wins and game lengths and how its games
ended, the victory types; the ruling readings' change rates of the ambiguity measurement; the
mutants' detection in steps and seconds; the proofs' verdicts, and their seconds and z3 steps),
a note in place of each figure whose JSON is absent; the map of
every scenario set-up and of every z3 witness or counterexample the game's map can show
(``GameSpec.map_drawing``) and of the state every recorded failure reached (a campaign failure's
actions, a state-machine failure's trace, played through the model); then every section's details. It names no game."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.registry import get
from cdg_oracle.oracle.fileio import write_atomic
from cdg_oracle.oracle import trace
from cdg_oracle.oracle.games import start_state
from cdg_oracle.oracle.html import mapdraw, plots
from cdg_oracle.oracle.html.divergence import played
from cdg_oracle.oracle.html.page import compact, document, esc, figure, table, verdict

META = ("tool", "version", "game", "seed", "ok", "work")
BENCHMARK_FILES = ("mutants.json", "proofs.json")  # written by benchmarks/mutants.py (or refinement.py --mutants) and proofs.py --out
REFINEMENT_BENCHMARK = "benchmarks/refinement.py"  # mutants.json's benchmark when the refinement check wrote it
BAD_LISTS = ("failures", "problems", "findings", "violations", "differences")
VERDICT_KEYS = ("verdict", "status", "result")
GOOD_VERDICTS = {"agree", "proved", "holds", "possible", "ok", "impossible"}


def read_json(path: Path, what: str) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"{path}: no {what} (run cdg-oracle verify first)") from None
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise DataError(f"{path}: not a readable JSON {what}: {e}") from None
    if not isinstance(data, dict):
        raise DataError(f"{path}: not a JSON object")
    return data


def problems(value: Any) -> int:
    """How many failures, problems, findings, violations or differences a section lists, plus
    every entry whose ``ok`` is false (anywhere inside it)."""
    n = 0
    if isinstance(value, dict):
        if value.get("ok") is False:
            n += 1
        for k, v in value.items():
            if k in BAD_LISTS and isinstance(v, list):
                n += len(v)
            else:
                n += problems(v)
    elif isinstance(value, list):
        n += sum(problems(v) for v in value)
    return n


def status_words(value: Any) -> str:
    """A section's summary in words: its entries by verdict, or the games and steps it ran."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        tally = Counter()
        for v in value:
            key = next((k for k in VERDICT_KEYS if k in v), None)
            if key is not None:
                tally[str(v[key])] += 1
            elif "ok" in v:
                tally["ok" if v["ok"] else "failed"] += 1
        if tally:
            return ", ".join(f"{n} {k}" for k, n in sorted(tally.items()))
        return f"{len(value)} entries"
    if isinstance(value, dict):
        parts = [f"{value[k]} {k}" for k in ("runs", "games", "steps", "entries") if isinstance(value.get(k), int)]
        if isinstance(value.get("games_checked"), int) and isinstance(value.get("games"), int):
            # a check of some of the campaign's games (the refinement check): how many of them
            parts[parts.index(f"{value['games']} games")] = f"{value['games_checked']} of {value['games']} games"
        if isinstance(value.get("findings"), list):
            parts.append(f"{len(value['findings'])} findings")
        return ", ".join(parts) if parts else f"{len(value)} parts"
    return compact(value, 80)


def walk(value: Any, path: str = "") -> Iterator[tuple[str, str, dict]]:
    """Every non-empty ``witness`` or ``counterexample`` object, with its path in the report."""
    if isinstance(value, dict):
        for k, v in value.items():
            sub = f"{path}.{k}" if path else k
            if k in ("witness", "counterexample") and isinstance(v, dict) and v:
                yield sub, k, v
            else:
                yield from walk(v, sub)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}[{i}]")


def failure_states(game: str, report: dict) -> Iterator[tuple[str, Any]]:
    """The state each recorded failure reached: a campaign failure's ``actions`` played from its
    scenario's start, a state-machine failure's ``trace`` file (when it is there) played through;
    (what it says, the state)."""
    for key in sorted(report):
        section = report[key]
        failures = section.get("failures") if isinstance(section, dict) else None
        for i, f in enumerate(failures if isinstance(failures, list) else []):
            if not isinstance(f, dict):
                continue
            said = f.get("failures") or f.get("what") or ""
            said = "; ".join(str(x) for x in said) if isinstance(said, list) else said
            what = f"{key}.failures[{i}]: " + compact(said, 200)
            try:
                if isinstance(f.get("actions"), list) and f.get("scenario"):
                    st = start_state(game, f["scenario"], "standard", None, f.get("options"))
                    st, n = played(st, f["actions"])
                elif isinstance(f.get("trace"), str) and Path(f["trace"]).is_file():
                    text = trace.decode(Path(f["trace"]).read_bytes(), f["trace"])
                    head, steps, _ = trace.parse(text, f["trace"])
                    st, n = played(trace.initial_state(head, f["trace"]),
                                   [r["action"] for r in steps if "action" in r])
                else:
                    continue
            except DataError:  # a failure this model cannot set up: listed in the details only
                continue
            yield f"{what} (after {n} steps)", st


def details(key: str, value: Any) -> str:
    """A section's details: a list of objects as a table (a column per key), an object as a
    table of its keys; long values shortened (the JSON report holds them whole)."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        cols = sorted({k for v in value for k in v})
        rows = [[compact(v.get(c), 160) for c in cols] for v in value]
        classes = ["diff" if problems(v) else "" for v in value]
        return table(cols, rows, classes)
    if isinstance(value, dict):
        return table(("key", "value"), [(k, compact(v, 400)) for k, v in value.items()],
                     ["diff" if k in BAD_LISTS and v else "" for k, v in value.items()])
    return f"<p>{esc(compact(value, 1000))}</p>"


def campaign_plots(report: dict, sides: tuple[str, ...]) -> tuple[list[str], int]:
    """Each campaign's wins and game lengths, and how its games ended where it records that
    (``endings``); the figures, and how many of them show endings."""
    out, ends = [], 0
    for key in sorted(report):
        v = report[key]
        if isinstance(v, dict) and isinstance(v.get("per_scenario"), dict) and all(
                isinstance(s, dict) and "steps" in s and "games" in s for s in v["per_scenario"].values()):
            svg = plots.campaign(v["per_scenario"], sides, f"{key}: wins and mean game length per scenario")
            if svg:
                out.append(figure(svg, f"{key}: games won by each side per scenario (bars) and the mean number "
                                       "of steps per game (line), from per_scenario in verification.json."))
            if all(isinstance(s.get("endings", {}), dict) for s in v["per_scenario"].values()):
                svg = plots.endings(v["per_scenario"], f"{key}: how the games ended")
                if svg:
                    ends += 1
                    out.append(figure(svg, f"{key}: the victory types: how the games of each scenario ended "
                                           "(per_scenario.endings in verification.json: the reason the game gave, "
                                           "its numbers left out, and the rule it cites; failed games are not "
                                           "counted)."))
    return out, ends


def benchmark_output(folder: Path, name: str, what: str, key: str) -> dict | None:
    """A benchmark's JSON output beside the reports (``mutants.json``, ``proofs.json``), or None
    when there is none; one with no list ``key`` of named objects is a DataError."""
    path = folder / name
    if not path.exists():
        return None
    data = read_json(path, what)
    rows = data.get(key)
    if not isinstance(rows, list) or not all(isinstance(r, dict) and isinstance(r.get("name"), str) for r in rows):
        raise DataError(f"{path}: no list {key!r} of objects with a name: not a {what}")
    return data


def number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def mutants_figure(data: dict) -> str:
    """The mutants' detection (benchmarks/mutants.py ``--out``, or benchmarks/refinement.py
    ``--mutants --out``: the file's ``benchmark`` names which, and the caption says so): per
    detected mutant the steps played to the finding (fixed by the seed) and the seconds (the
    machine's that ran it), slowest first; the mutants not detected named in the caption; a note
    when none was."""
    found = [m for m in data["mutants"] if m.get("detected")]
    missed = [m["name"] for m in data["mutants"] if not m.get("detected")]
    rows = sorted(((m["name"], number(m.get("steps")), number(m.get("seconds"))) for m in found),
                  key=lambda r: (-(r[1] or 0), r[0]))
    refinement = data.get("benchmark") == REFINEMENT_BENCHMARK
    default = REFINEMENT_BENCHMARK + " --mutants" if refinement else "benchmarks/mutants.py"
    head = (f"mutants.json, written by {data.get('command', default)} (cdg-oracle "
            f"{data.get('version')}; a benchmark's output, not part of verification.json): "
            f"{len(found)} of {len(data['mutants'])} mutants detected")
    within = " or ".join(([f"{data['budget_seconds']} s"] if data.get("budget_seconds") is not None else [])
                         + [f"{data.get('games_per_mutant')} games"])
    missed_words = f" Not detected within {within}: " + ", ".join(missed) + "." if missed else ""
    checker = "the refinement check alone" if refinement else "difftest"
    svg = plots.ranked(rows, ("steps played to the finding", "seconds to the verdict"),
                       f"Mutant detection: {checker} against each deliberate rule mutant") if rows else None
    if svg is None:
        return f'<p class="note">{esc(head)}: no detection to plot.{esc(missed_words)}</p>'
    how = ("by the refinement check alone (every model step checked against the proved transitions; no "
           "invariant, no second implementation) in seeded games with each mutant active"
           if refinement else "by difftest against the reference adapter serving each")
    return figure(svg, head + f" {how} (seed {data.get('seed')}), "
                  f"slowest first. Left: the steps {'played' if refinement else 'difftest played'} until the "
                  "finding, every game before it "
                  "included (fixed by the seed); right: the seconds to the verdict on the machine that ran "
                  "the benchmark." + missed_words)


def mutants_command(game: str) -> str | None:
    """The command that writes ``game``'s mutants.json: difftest's benchmark for the mutants its
    checks record names (``mutants``, served by the reference adapter), the refinement benchmark's
    for its ``refinement_mutants`` (properties/games.py ``GameChecks``); None when it has neither."""
    from cdg_oracle.properties.games import checks

    c = checks(game)
    out = f"--out reports/{game}/mutants.json"
    if c.mutants is not None:
        return f"python benchmarks/mutants.py --game {game} {out}"
    if c.refinement_mutants is not None:
        return f"python {REFINEMENT_BENCHMARK} --game {game} --mutants {out}"
    return None


def proofs_figure(data: dict) -> str:
    """The proofs' times (benchmarks/proofs.py ``--out``): per proof its seconds (the machine's
    that ran it) and its z3 steps (z3's resource count: one z3 version's), slowest first."""
    rows = sorted(((p["name"], number(p.get("seconds")), number(p.get("z3_steps"))) for p in data["proofs"]),
                  key=lambda r: (-(r[1] or 0), r[0]))
    head = (f"proofs.json, written by {data.get('command', 'benchmarks/proofs.py')} (cdg-oracle "
            f"{data.get('version')}, z3 {data.get('z3_version')}; a benchmark's output, not part of "
            f"verification.json): the {len(rows)} proofs of the suite")
    svg = plots.ranked(rows, ("seconds", "z3 steps (rlimit count)"), "Proof times: each z3 proof") if rows else None
    if svg is None:
        return f'<p class="note">{esc(head)}: none to plot.</p>'
    return figure(svg, head + f", {data.get('suite_seconds')} s and {data.get('z3_steps')} z3 steps in all, "
                  "slowest first. Left: the seconds on the machine that ran the benchmark; right: z3's own "
                  "steps (its resource count, the unit of an rlimit: the same for the same z3 version and "
                  "suite). A base case is a concrete check of a set-up and takes few or no z3 steps.")


def ambiguity_rows(amb: dict) -> list[tuple[str, float, float]]:
    rows = []
    for m in amb.get("measured", []):
        for alt in m.get("alternatives", []):
            if isinstance(alt.get("divergence_rate"), (int, float)):
                rows.append((f"{m.get('id')} {m.get('switch')}={alt.get('reading')} ({alt.get('game')})",
                             float(alt["divergence_rate"]), float(alt.get("winner_change_rate") or 0.0)))
    return sorted(rows)


def proof_verdicts(report: dict) -> Counter:
    tally = Counter()
    for v in report.get("z3_proofs", []) if isinstance(report.get("z3_proofs"), list) else []:
        key = next((k for k in VERDICT_KEYS if k in v), None)
        if key:
            tally[str(v[key])] += 1
    return tally


def plot_section(report: dict, amb: dict | None, sides: tuple[str, ...], mutants: dict | None = None,
                 proofs: dict | None = None, mutants_cmd: str | None = None) -> list[str]:
    """The plots, each with what it shows, and a note for each figure the JSON does not hold.
    ``mutants`` and ``proofs``: the benchmarks' outputs beside the reports (mutants.json,
    proofs.json), None when absent; ``mutants_cmd``: the command that writes the game's
    mutants.json (:func:`mutants_command`; None: the game has no mutants), named by the note."""
    out, ends = campaign_plots(report, sides)
    if not ends:
        out.append('<p class="note">Victory types (which condition ended each game) are not in verification.json '
                   '(no campaign records its endings): not plotted.</p>')
    rows_amb = ambiguity_rows(amb) if amb else []
    svg = plots.rates(rows_amb, "How often each ruling reading changes a game") if rows_amb else None
    if svg:
        out.append(figure(svg, f"ambiguities.json: for each reading measured ({len(rows_amb)}), the share of "
                               f"game pairs ({amb.get('pairs_per_reading')} per reading, seed {amb.get('seed')}) "
                               "that diverged from the default reading, and the share whose winner changed."))
    else:
        out.append('<p class="note">No ambiguity measurement in this folder (ambiguities.json): no rate plot.</p>')
    if mutants is not None:
        out.append(mutants_figure(mutants))
    else:
        out.append('<p class="note">Mutant detection times are not in this folder (no mutants.json: '
                   + (f'cdg-oracle verify does not run the mutants; {esc(mutants_cmd)} does'
                      if mutants_cmd else 'this game has no rule mutants') + '): not plotted.</p>')
    tally = proof_verdicts(report)
    svg = plots.counts(tally, "z3 proofs by verdict") if tally else None
    if svg:
        out.append(figure(svg, "z3_proofs in verification.json: the proofs by verdict."))
    if proofs is not None:
        out.append(proofs_figure(proofs))
    else:
        out.append('<p class="note">Proof times are not in this folder (verification.json records verdicts only, '
                   'so that the report is the same on every machine, and there is no proofs.json: python '
                   'benchmarks/proofs.py --game G --out reports/G/proofs.json writes it): not plotted.</p>')
    return out


def build(game: str, folder: str | Path) -> str:
    """The page of ``game`` from the JSON reports in ``folder`` (``reports/<game>``)."""
    spec = get(game)
    folder = Path(folder)
    report = read_json(folder / "verification.json", "verification report")
    amb_path = folder / "ambiguities.json"
    amb = read_json(amb_path, "ambiguity report") if amb_path.exists() else None
    mutants = benchmark_output(folder, "mutants.json", "mutant benchmark output", "mutants")
    proofs = benchmark_output(folder, "proofs.json", "proof benchmark output", "proofs")
    inputs = ["verification.json"] + [n for n, d in (("ambiguities.json", amb), ("mutants.json", mutants),
                                                     ("proofs.json", proofs)) if d is not None]
    title = f"{spec.title or spec.name}: verification report"
    w = report.get("work", {})
    sub = (f"cdg-oracle {report.get('version')}, seed {report.get('seed')}; "
           f"{w.get('games_per_scenario')} random games per scenario"
           + ("; partial (a time budget cut the campaigns short)" if w.get("partial") else ""))
    sections = [k for k in report if k not in META]
    body = [f"<p>Overall: {verdict(bool(report.get('ok')), 'every property holds', 'failures found')}. "
            "Built from " + " and ".join([", ".join(f"<code>{n}</code>" for n in inputs[:-1]), f"<code>{inputs[-1]}</code>"]
                                         if len(inputs) > 1 else [f"<code>{inputs[0]}</code>"])
            + " of this folder (<code>cdg-oracle report</code>); the Markdown beside it says the same in words"
            + ("; " + " and ".join(n for n in inputs if n in BENCHMARK_FILES)
               + (" are benchmarks' outputs, their seconds those of the machine that ran them" if mutants and proofs
                  else " is a benchmark's output, its seconds those of the machine that ran it")
               if mutants or proofs else "") + ".</p>",
            "<nav><h2 id=\"summary\">Summary</h2>"]
    rows = []
    for k in sections:
        n = problems(report[k])
        rows.append((f'<a href="#s-{esc(k)}">{esc(k)}</a>', verdict(n == 0, "holds", f"{n} problems"),
                     esc(status_words(report[k]))))
    body.append(table(("property section", "verdict", "what it holds"), rows,
                      ["" if "ok" in r[1] else "diff" for r in rows], raw=True))
    body.append('<ul><li><a href="#plots">Plots</a></li><li><a href="#maps">Maps: scenario set-ups</a></li>'
                '<li><a href="#witnesses">Maps: witnesses and counterexamples</a></li></ul></nav>')

    body.append('<h2 id="plots">Plots</h2>')
    body += plot_section(report, amb, spec.sides, mutants, proofs, mutants_command(spec.name)) if plots.available() else [
        '<p class="note">matplotlib is not installed (pip install \'cdg-oracle[html]\'): no plots drawn.</p>']
    rows_amb = ambiguity_rows(amb) if amb else []

    drawing = spec.map_drawing
    body.append('<h2 id="maps">Maps: scenario set-ups</h2>')
    if drawing is None:
        body.append('<p class="note">This game supplies no map drawing (GameSpec.map_drawing).</p>')
    else:
        layout = drawing.layout()
        for name in spec.scenarios():
            st = spec.new_state(name, spec.lengths[0], None, None)
            view = drawing.view(st.canonical(), json.loads(st.to_json()).get("options"))
            body.append(figure(mapdraw.svg(layout, view, f"{name}: the set-up"),
                               f"Scenario {name} at its first decision: {view.get('caption', '')}."))
    body.append('<h2 id="witnesses">Maps: witnesses and counterexamples</h2>')
    drawn: dict[str, list[str]] = {}
    views = {}
    if drawing is not None:
        for path, kind, facts in walk(report):
            view = drawing.witness(facts)
            if view is not None:
                key = json.dumps(view, sort_keys=True)
                drawn.setdefault(key, []).append(f"{kind} at {path}")
                views[key] = view
    if drawing is not None:
        for what, st in failure_states(spec.name, report):
            view = drawing.view(st.canonical(), json.loads(st.to_json()).get("options"))
            key = json.dumps(view, sort_keys=True)
            drawn.setdefault(key, []).append(f"the failure {what}")
            views[key] = view
    if not drawn:
        body.append('<p class="note">No witness or counterexample in verification.json names a space of the map, '
                    'and no failure was recorded.</p>')
    for i, (key, paths) in enumerate(drawn.items(), 1):
        body.append(f'<h3 id="w-{i}">{esc(paths[0])}</h3>')
        body.append(figure(mapdraw.svg(layout, views[key], f"witness {i}"),
                           "The facts of " + "; ".join(paths) + "."))

    body.append('<h2 id="details">Details</h2>')
    for k in sections:
        body.append(f'<h3 id="s-{esc(k)}">{esc(k)}</h3>')
        body.append(details(k, report[k]))
    if amb:
        body.append('<h3 id="s-ambiguities">ambiguities (measured readings)</h3>')
        body.append(table(("reading", "divergence rate", "winner change rate"),
                          [(r[0], f"{r[1]:.2f}", f"{r[2]:.2f}") for r in rows_amb]))
    return document(title, sub, "\n".join(body))


def write(game: str, folder: str | Path) -> Path:
    """Write ``folder/index.html`` (through a temporary file and a rename); its path."""
    path = Path(folder) / "index.html"
    write_atomic(path, build(game, folder))
    return path
