"""``reports/<game>/index.html`` (issue 33 item 1): one self-contained page per game, built from
the committed JSON reports alone (``verification.json``, and ``ambiguities.json`` when present),
plus the scenario set-ups the model builds (cheap and deterministic): nothing is re-run.

The page: the overall verdict and the work done; the summary of every property section, each
linking to its details; the plots (the random campaign's wins and game lengths, the ruling
readings' change rates of the ambiguity measurement, the proofs' verdicts), each saying which
figure the JSON does not hold (victory types, mutant detection times, proof times); the map of
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


def campaign_plots(report: dict, sides: tuple[str, ...]) -> list[str]:
    out = []
    for key in sorted(report):
        v = report[key]
        if isinstance(v, dict) and isinstance(v.get("per_scenario"), dict) and all(
                isinstance(s, dict) and "steps" in s and "games" in s for s in v["per_scenario"].values()):
            svg = plots.campaign(v["per_scenario"], sides, f"{key}: wins and mean game length per scenario")
            if svg:
                out.append(figure(svg, f"{key}: games won by each side per scenario (bars) and the mean number "
                                       "of steps per game (line), from per_scenario in verification.json."))
    return out


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


def has_key(value: Any, names: tuple[str, ...]) -> bool:
    if isinstance(value, dict):
        return any(k in names or has_key(v, names) for k, v in value.items())
    if isinstance(value, list):
        return any(has_key(v, names) for v in value)
    return False


def plot_section(report: dict, amb: dict | None, sides: tuple[str, ...]) -> list[str]:
    """The plots, each with what it shows, and a note for each figure the JSON does not hold."""
    out = campaign_plots(report, sides)
    out.append('<p class="note">Victory types (which condition ended each game) are not in verification.json: '
               'the campaign records the winner only, so no plot of them is drawn.</p>')
    rows_amb = ambiguity_rows(amb) if amb else []
    svg = plots.rates(rows_amb, "How often each ruling reading changes a game") if rows_amb else None
    if svg:
        out.append(figure(svg, f"ambiguities.json: for each reading measured ({len(rows_amb)}), the share of "
                               f"game pairs ({amb.get('pairs_per_reading')} per reading, seed {amb.get('seed')}) "
                               "that diverged from the default reading, and the share whose winner changed."))
    else:
        out.append('<p class="note">No ambiguity measurement in this folder (ambiguities.json): no rate plot.</p>')
    if not has_key(report, ("mutants", "detection_seconds", "detected_at")):
        out.append('<p class="note">Mutant detection times are not in the JSON reports (cdg-oracle verify does not '
                   'run the mutants; tests/oracle/test_mutants.py does): not plotted.</p>')
    tally = proof_verdicts(report)
    svg = plots.counts(tally, "z3 proofs by verdict") if tally else None
    if svg:
        out.append(figure(svg, "z3_proofs in verification.json: the proofs by verdict."))
    if not has_key(report.get("z3_proofs"), ("seconds", "time", "elapsed")):
        out.append('<p class="note">Proof times are not in verification.json (it records verdicts only, so that '
                   'the report is the same on every machine): not plotted.</p>')
    return out


def build(game: str, folder: str | Path) -> str:
    """The page of ``game`` from the JSON reports in ``folder`` (``reports/<game>``)."""
    spec = get(game)
    folder = Path(folder)
    report = read_json(folder / "verification.json", "verification report")
    amb_path = folder / "ambiguities.json"
    amb = read_json(amb_path, "ambiguity report") if amb_path.exists() else None
    title = f"{spec.title or spec.name}: verification report"
    w = report.get("work", {})
    sub = (f"cdg-oracle {report.get('version')}, seed {report.get('seed')}; "
           f"{w.get('games_per_scenario')} random games per scenario"
           + ("; partial (a time budget cut the campaigns short)" if w.get("partial") else ""))
    sections = [k for k in report if k not in META]
    body = [f"<p>Overall: {verdict(bool(report.get('ok')), 'every property holds', 'failures found')}. "
            "Built from <code>verification.json</code>" + (" and <code>ambiguities.json</code>" if amb else "")
            + " of this folder (<code>cdg-oracle report</code>); the Markdown beside it says the same in words.</p>",
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
    body += plot_section(report, amb, spec.sides) if plots.available() else [
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
