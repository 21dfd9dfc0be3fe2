"""``cdg-oracle ambiguities``: how much each entry of a game's ambiguity registry matters in play.

    cdg-oracle ambiguities [--game GAME] [--budget SECONDS] [--seed N] [--out DIR] [--entry ID ...]

For every registry entry of the game (``model/<game>/data/ambiguities/*.yaml``, the registry of
its checks record, properties/games.py) whose readings a ``Rulings`` switch executes, it plays pairs of
games from the same scenario and random stream, one under the default rulings and one under each
alternative reading, and counts how often the two games diverge at all and how often they end
with a different winner (properties/impact.py says how; what differs per game is the game's
``Measurement``, its record's ``measurement``). For each reading that diverges it writes a short
witness, as two traces that ``cdg-oracle replay`` replays: ``DIR/ambiguities/<ID>_<reading>.trace.jsonl``
under the alternative reading and ``DIR/ambiguities/<ID>_<reading>.default.trace.jsonl`` under
the default, the same choices up to the step where the difference shows. Then
``DIR/ambiguities.md`` and ``DIR/ambiguities.json``, the entries sorted by impact (winner changes,
then divergences), with the entries of effect none or pending listed with their reason, and the
discovery of candidate new ambiguities (a seeded walk over pairs of games that differ in one
switch, properties/discovery.py, and the state machine run side by side,
properties/side_by_side.py), each candidate with its trace. ``DIR`` defaults to
``reports/<game>``. Every file is written atomically, after the whole measurement; witness traces
of an earlier report that this one no longer names are removed.

``--budget`` (default 60) is a size of work, not a time limit: it is converted without a clock to
a number of game pairs per reading (properties/impact.py ``pairs_for_budget``: at least
one, and with Labyrinth's full registry one until about 45), of discovery pairs (two per unit, at
least 20) and of state-machine runs (one per 4 units, at least 3), so the same registry, seed and
budget give byte-identical reports; how long they take depends on the machine (the report's
``conversion`` line gives the numbers). Hypothesis's shrinking of the state machine's candidate is
bounded by counts (at most 5 machine runs per run of the budget, properties/side_by_side.py
``SHRINK_RUNS_PER_EXAMPLE``), not by its five-minute clock (properties/hypothesis_runs.py); only a shrink
that reaches the outer cap of ``SHRINK_SECONDS_CAP`` seconds may differ between machines, and the
report then says so (``shrink_cut_by_clock``); ``--entry`` measures only the entries named, without the
discovery. Exit 0 on success, 2 with a one-line error for bad arguments or a broken registry.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from cdg_oracle.oracle.arguments import DEFAULT_GAME, GAME_HELP, add_workers_arguments, workers

EXIT_OK = 0
REPORTS = Path("reports")   # the default out folder is REPORTS / <game>
WITNESS_DIR = "ambiguities"
PARTIAL_DIR = "ambiguities-partial"


def add_parser(sub) -> None:
    """Register ``ambiguities`` on the CLI's subparsers."""
    from cdg_oracle.properties.impact import DEFAULT_BUDGET

    a = sub.add_parser("ambiguities", help="measure how often each reading of a game's ambiguity registry "
                                           "changes a game (paired games); write reports/<game>/ambiguities.md "
                                           "and .json")
    from cdg_oracle.oracle import usage

    a.add_argument("--budget", type=usage.seconds, default=DEFAULT_BUDGET, metavar="SECONDS",
                   help=f"a size of work, not a time limit (default {DEFAULT_BUDGET:g}): converted without a clock to "
                        f"game pairs per reading (at least 1; the report's Budget line gives the formula), discovery "
                        f"pairs (2 per unit) and state-machine runs (1 per 4 units), so the report is deterministic "
                        f"and its running time depends on the machine")
    a.add_argument("--seed", type=usage.seed, default=1, help="the seed of the games' random streams (default 1)")
    a.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP + "; a game with an ambiguity registry "
                                                                    "(cdg-oracle rules --list)")
    add_workers_arguments(a, "the paired games")
    a.add_argument("--out", metavar="DIR", default=None,
                   help=f"report folder (default {REPORTS}/<game>): ambiguities.md, ambiguities.json, "
                        f"{WITNESS_DIR}/*.trace.jsonl")
    a.add_argument("--entry", metavar="ID", nargs="+", action="extend",
                   help="measure only these registry entries (e.g. D16 A13): a partial report, written as "
                        f"ambiguities-partial.md/.json and {PARTIAL_DIR}/ beside the full one, which it never touches")
    a.add_argument("--registry", metavar="DIR", default=None,
                   help="the registry folder (default the game's, model/<game>/data/ambiguities)")


def _usage(message: str) -> Exception:
    """A bad argument: exit 2 with one line (the CLI's UsageError)."""
    from cdg_oracle.oracle.usage import UsageError

    return UsageError(message)


def _with_registry() -> list[str]:
    """The games whose checks record names an ambiguity registry."""
    from cdg_oracle.model.core.registry import names
    from cdg_oracle.properties.games import checks

    return [g for g in names() if checks(g).registry is not None]


def run(args, stream=None) -> int:
    from cdg_oracle.model.core.errors import DataError
    from cdg_oracle.oracle.fileio import check_output
    from cdg_oracle.oracle.games import spec
    from cdg_oracle.properties import impact
    from cdg_oracle.properties.games import checks

    game = spec(getattr(args, "game", None) or DEFAULT_GAME).name
    registry_of = checks(game).registry
    if registry_of is None:
        raise _usage(f"ambiguities --game {game}: {game} has no ambiguity registry yet (games with one: "
                     f"{', '.join(_with_registry())})")
    stream = stream or sys.stdout
    if not args.budget > 0 or args.budget == float("inf"):
        raise _usage(f"--budget {args.budget:g}: must be a number of seconds > 0")
    out = Path(args.out) if getattr(args, "out", None) is not None else REPORTS / game
    check_output(out, "--out", directory=True)
    registry = Path(args.registry) if args.registry is not None else Path(registry_of.directory)
    if not registry.is_dir():
        raise DataError(f"--registry {registry}: not a folder")
    entries = registry_of.load(registry)
    if args.entry:
        known = {e.id for e in entries}
        unknown = [i for i in dict.fromkeys(args.entry) if i not in known]
        if unknown:
            raise _usage(f"--entry {', '.join(unknown)}: not in the registry ({len(known)} entries, "
                         f"e.g. {', '.join(sorted(known)[:3])})")
        wanted = set(args.entry)
        entries = tuple(e for e in entries if e.id in wanted)
    # Issue 15 item 8: a partial run (--entry) has names of its own, so the full report and its
    # witness traces stay as they are; only the partial run's own stale witnesses are removed.
    partial = bool(args.entry)
    stem, witness_dir = ("ambiguities-partial", PARTIAL_DIR) if partial else ("ambiguities", WITNESS_DIR)
    from cdg_oracle.oracle.progress import bar

    with bar(None, "ambiguities: paired games", "pair") as b:
        data = impact.measure(game, entries, args.budget, args.seed, progress=lambda text: b.update(1),
                              jobs=workers(args))
    report, files = finish_report(data, witness_dir)
    if partial:
        report["partial"] = sorted(set(args.entry))
    else:
        report["discovery"] = discovery_section(game, args.seed, args.budget, entries, files)
    from cdg_oracle.oracle.fileio import write_atomic

    for rel, text in files.items():
        write_atomic(out / rel, text)
    write_reports(out, report, stem)
    for old in sorted((out / witness_dir).glob("*.trace.jsonl")):
        if old.relative_to(out).as_posix() not in files:
            old.unlink()  # a witness of an earlier report, which this report no longer names
    n_measured, n_listed = len(report["measured"]), len(report["not_measured"])
    lines = [f"{out / (stem + '.md')}, {out / (stem + '.json')}: {'partial, ' * partial}{n_measured} "
             f"entr{'ies' if n_measured != 1 else 'y'} measured ({report['pairs_per_reading']} pair"
             f"{'s' if report['pairs_per_reading'] != 1 else ''} per reading, seed {args.seed}), {n_listed} "
             f"not measured (effect none or pending)",
             f"{out / witness_dir}: {len(files)} witness trace{'s' if len(files) != 1 else ''} written"]
    failed = [(m["id"], alt["reading"], len(alt["errors"])) for m in report["measured"]
              for alt in m["alternatives"] if alt["errors"]]
    if failed:
        lines.append("the model failed in some pairs (see the report): " +
                     ", ".join(f"{i} {r} ({n})" for i, r, n in failed))
    for m in report["measured"][:10]:
        i = m["impact"]
        lines.append(f"  {m['rank']:>3}. {m['id']} {m['switch']}: winner changed in {i['winner_changed']} of "
                     f"{i['pairs']} pairs, diverged in {i['diverged']}")
    print("\n".join(lines), file=stream)
    return EXIT_OK


# -- the witness traces ------------------------------------------------------------------------------

def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


def witness_names(entry_id: str, reading: str, folder: str = WITNESS_DIR) -> tuple[str, str]:
    """The witness traces of a reading: (under the alternative reading, under the default)."""
    stem = f"{folder}/{_safe(entry_id)}_{_safe(reading)}"
    return f"{stem}.trace.jsonl", f"{stem}.default.trace.jsonl"


def discovery_runs(budget: float) -> int:
    """Game pairs the discovery walks for a budget: two per budget second, at least 20 (no clock,
    so the report stays deterministic). A pair takes about a tenth of a second; the default budget
    (60 s, 120 pairs) gives every alternative value of every switch at least one pair (tested)."""
    return max(20, int(2 * budget))


def discovery_section(game: str, seed: int, budget: float, entries, files: dict[str, str]) -> dict:
    """Issue 7 item 4: pairs of games side by side under rulings that differ in one switch
    (properties/discovery.py); a divergence at a rule or card no entry with that switch
    names is a candidate new ambiguity. Each candidate's game goes into ``files`` as a trace under
    the changed reading (its last step is where the two games part)."""
    from cdg_oracle.properties import discovery

    found = discovery.discover(game, seed, discovery_runs(budget), registry=entries)
    out = {k: found[k] for k in ("seed", "pairs", "divergences", "named")}
    out["runs"] = discovery_runs(budget)
    out["candidates"] = []
    for k, c in enumerate(found["candidates"], 1):
        out["candidates"].append(candidate_entry(game, c, f"candidate_{k:02d}_{_safe(c['switch'])}", files))
    out["crashes"] = len(found["crashes"])
    out["machine"] = machine_hunt(game, seed, budget, entries, files)
    return out


def hunt_examples(budget: float) -> int:
    """Runs of the side-by-side state machine for a budget: one per 4 budget seconds, at least 3
    (no clock). Each run is up to :data:`HUNT_STEPS` steps."""
    return max(3, int(budget // 4))


#: Steps per run of the side-by-side state machine in the report.
HUNT_STEPS = 300


def machine_hunt(game: str, seed: int, budget: float, entries, files: dict[str, str]) -> dict:
    """Issue 7 item 4 as the properties issue's state machine: hypothesis plays pairs of games under
    the default rulings and under one switch changed (properties/side_by_side.py); a
    parting the registry does not name fails the run and is shrunk to a minimal game, whose trace
    (under the changed reading) goes into ``files``. Only the switches of the registry's entries are
    varied (that every switch has an entry is the registry's own check)."""
    from cdg_oracle.properties import side_by_side

    switches = sorted({e.switch for e in entries if e.switch})  # the switches the registry executes
    if not switches:
        return {"runs": 0, "pairs": 0, "steps": 0, "divergences": 0, "named": 0, "max_examples": 0,
                "step_count": HUNT_STEPS, "shrink_cut_by_clock": False, "problem": None, "candidate": None}
    found = side_by_side.hunt(game, seed, hunt_examples(budget), HUNT_STEPS, registry=entries, switches=switches)
    out = {k: found["stats"][k] for k in ("runs", "pairs", "steps", "divergences", "named", "max_examples",
                                          "step_count", "shrink_cut_by_clock")}
    out["problem"] = found["problem"]
    c = found["candidate"]
    out["candidate"] = None
    if c is not None:
        out["candidate"] = candidate_entry(game, c, f"candidate_machine_{_safe(c['switch'])}", files)
    return out


CANDIDATE_FIELDS = ("switch", "values", "rules", "cards", "diff_paths", "scenario", "length", "options",
                    "steps", "count")


def candidate_entry(game: str, c: dict, stem: str, files: dict[str, str]) -> dict:
    """A candidate new ambiguity for the report, its game written into ``files`` as a trace under
    the changed reading (its last step is where the two games part)."""
    from cdg_oracle.oracle import trace

    rel = f"{WITNESS_DIR}/{stem}.trace.jsonl"
    files[rel] = trace.from_actions(game, c["scenario"], c["length"], c["rulings"]["b"],
                                    c["actions"], None, c["options"])
    return {key: c[key] for key in CANDIDATE_FIELDS if key in c} | {"trace": rel}


def _shows(w: dict) -> str:
    """Where the two witness traces differ (their states and legal actions agree before it)."""
    if w["kind"] == "legal_actions":
        return (f"step {w['steps']}: the legal actions differ (legal_count, legal_hash); the states and "
                f"legal actions of the {w['steps']} steps before agree")
    if w["steps"] == 0:
        return "the set-up: the end line's state_hash differs (no step is needed)"
    return (f"step {w['steps'] - 1}: the state after it differs (state_hash); the states and legal "
            f"actions before agree")


def finish_report(data: dict, folder: str = WITNESS_DIR) -> tuple[dict, dict[str, str]]:
    """The report document and its witness traces (trace texts by path relative to the report
    folder): the measurement with each witness's two action lists replaced by its two traces."""
    from cdg_oracle.oracle import __version__, trace

    report = {"format": "cdg-oracle-ambiguities", "format_version": 1, "model_version": __version__}
    report.update(data)
    files: dict[str, str] = {}
    for m in report["measured"]:
        for alt in m["alternatives"]:
            w = alt["witness"]
            if w is None:
                continue
            path, default_path = witness_names(m["id"], alt["reading"], folder)
            files[path] = trace.from_actions(data["game"], w["scenario"], data["length"], w["rulings"],
                                             w.pop("actions_alternative"), None, w["options"])
            files[default_path] = trace.from_actions(data["game"], w["scenario"], data["length"], {},
                                                     w.pop("actions_default"), None, w["options"])
            w["trace"], w["default_trace"], w["shows"] = path, default_path, _shows(w)
    return report, files


# -- the reports -------------------------------------------------------------------------------------

def write_reports(out: Path, report: dict, stem: str = "ambiguities") -> None:
    from cdg_oracle.oracle.fileio import write_atomic

    write_atomic(out / f"{stem}.json", json.dumps(report, indent=1, sort_keys=True) + "\n")
    write_atomic(out / f"{stem}.md", render_markdown(report))


def _cell(text) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _value(v) -> str:
    return json.dumps(v) if not isinstance(v, str) else v


def _wins(w: dict, labels: dict) -> str:
    """The wins of one side of a pair's games: each side (its short name, the measurement's
    ``side_labels``), then draws and unfinished games when there are any."""
    s = ", ".join(f"{labels.get(side, side)} {n}" for side, n in w.items() if side not in ("draw", "unfinished"))
    s += f", draw {w['draw']}" if w.get("draw") else ""
    return s + (f", unfinished {w['unfinished']}" if w["unfinished"] else "")


def _options_label(options, m) -> str:
    """A discovery pair's options as the report shows them after its scenario: the label of the
    kind of game whose options they include (Labyrinth: ``(solo)``), else the options."""
    if not options:
        return ""
    for label, _, kind_options in m.kinds:
        if kind_options and all(options.get(k) == v for k, v in kind_options.items()):
            return f" ({label})"
    return f" ({_cell(json.dumps(options, sort_keys=True))})"


def render_markdown(report: dict) -> str:
    from cdg_oracle.model.core.registry import get
    from cdg_oracle.properties.impact import measurement_of

    game = report["game"]
    spec, meas = get(game), measurement_of(game)
    title = spec.title or game.replace("_", " ").title()
    labels = dict(meas.side_labels)
    order = {side: k for k, side in enumerate(spec.sides + ("draw", "unfinished"))}

    def wins(w: dict) -> str:
        return _wins(dict(sorted(w.items(), key=lambda kv: order.get(kv[0], len(order)))), labels)

    kinds = "".join(f", a {label} game for a `{prefix}` switch" for label, prefix, _ in meas.kinds if prefix)
    named = "" if game == DEFAULT_GAME else f"--game {game} "
    measured, listed = report["measured"], report["not_measured"]
    out = [f"# {title}: the impact of the ambiguities", "",
           f"Generated by `cdg-oracle ambiguities {named}--budget {report['budget_seconds']:g} "
           f"--seed {report['seed']}` "
           f"(model {report['model_version']}). The same registry, seed and budget give this very file.", ""]
    if report.get("partial"):
        out += [f"**Partial**: only the entries {', '.join(report['partial'])} (`--entry`), without the discovery; "
                "the full report is `ambiguities.md`.", ""]
    out += [
           "## How it is measured", "",
           f"For each alternative reading of an entry (one `Rulings` switch set to one value), "
           f"{report['pairs_per_reading']} pairs of games: pair *j* plays scenario "
           f"`{'`, `'.join(report['scenarios'])}` in turn (j mod {len(report['scenarios'])}), at {report['length']} "
           f"length{kinds}, once under the default rulings and once under the "
           f"reading, both driven by the same random stream (seed {report['seed']}, pair *j*): the same "
           f"choices and dice until the rulings make the games differ.", "",
           "- **Diverged**: the canonical states or the legal-action lists of the two games differ at some step.",
           "- **Winner changed**: the two games end with different winners. After a divergence the games go on "
           "with the same stream but from different positions, so a changed winner also contains chance; "
           "the **wins** (default -> alternative) show whether the reading moves the results on average.",
           "- **Consulted**: pairs whose default game read the switch at all (or whose set-up differs); "
           "the others are the same game by construction and cannot diverge.",
           "- A divergence under a shared stream also counts a reading that only reorders chance draws "
           "(for instance dealing the same shuffled deck in another order).",
           f"- Budget: {report['conversion']}.",
           "- **Witness**: the shortest divergence found, as two traces (alternative reading; default) under "
           "`ambiguities/` that `cdg-oracle replay` replays; *hypothesis* when a bounded hypothesis search "
           "found a game shorter than the earliest divergence of the pairs, else *first divergence*.", "",
           "## Impact, sorted", ""]
    if measured:
        out += ["| Rank | Entry | Sev. | Switch = value (reading) | Game | Pairs | Consulted | Diverged | "
                "Winner changed | Wins default -> alternative | Earliest divergence | Witness |",
                "|---:|---|---|---|---|---:|---:|---:|---:|---|---:|---|"]
        for m in measured:
            for alt in m["alternatives"]:
                w = alt["witness"]
                wit = (f"[{alt['reading']}]({w['trace']}), {w['steps']} steps ({w['method'].replace('_', ' ')})"
                       if w else "-")
                earliest = alt["earliest_divergence_step"]
                out.append(
                    f"| {m['rank']} | {m['id']} | {m['severity']} | `{m['switch']}` = {_cell(_value(alt['value']))} "
                    f"({_cell(alt['reading'])}) | {alt['game']} | {alt['pairs']} | {alt['consulted']} | "
                    f"{alt['diverged']} ({alt['divergence_rate']:.0%}) | {alt['winner_changed']} "
                    f"({alt['winner_change_rate']:.0%}) | {wins(alt['wins_default'])} -> "
                    f"{wins(alt['wins_alternative'])} | {'-' if earliest is None else earliest} | {wit} |")
    else:
        out.append("No entry with effect play was measured.")
    out += ["", "## The measured entries", ""]
    for m in measured:
        out += [f"### {m['rank']}. {m['id']}: {m['title']}", "",
                f"- {m['kind'].capitalize()}, severity {m['severity']}; rules {', '.join(m['rules']) or '-'}; "
                f"cards {', '.join(map(str, m['cards'])) or '-'}; {m['file']}; source: {m['source']}",
                f"- Switch `{m['switch']}`; readings:"]
        for rid, says in m["readings"].items():
            mark = " **(default)**" if rid == m["default"] else ""
            out.append(f"  - `{rid}` (`{m['switch']}` = {_cell(_value(m['values'][rid]))}){mark}: {_cell(says)}")
        out.append(f"- Default `{m['default']}`, basis {m['basis'].replace('_', ' ')}: {_cell(m['why'])}")
        for alt in m["alternatives"]:
            head = f"- Reading `{alt['reading']}`: "
            if alt["note"]:
                out.append(head + f"not played: {alt['note']}.")
                continue
            out.append(head + f"{alt['pairs']} {alt['game']} pairs, {alt['consulted']} consulted, "
                       f"{alt['diverged']} diverged, {alt['winner_changed']} changed the winner; wins "
                       f"{wins(alt['wins_default'])} -> {wins(alt['wins_alternative'])}.")
            for j, scenario, error in alt["errors"]:
                out.append(f"  - **The model failed** in pair {j} ({scenario}): {_cell(error)}")
            f = alt["first_divergence"]
            if f:
                out.append(f"  - First divergence: pair {f['pair']} ({f['scenario']}), step {f['step']}, "
                           f"{f['kind'].replace('_', ' ')}, rules {', '.join(f['rules']) or '(the set-up)'}.")
            if alt["rules_at_divergence"]:
                out.append("  - Rules at the divergences: " +
                           ", ".join(f"{r} ({n})" for r, n in alt["rules_at_divergence"]) + ".")
            w = alt["witness"]
            if w:
                how = ("shrunk by the hypothesis search" if w["method"] == "hypothesis" else
                       "the earliest divergence of the pairs (the hypothesis search found none shorter "
                       "within its bound)")
                out.append(f"  - Witness: `{w['trace']}` (default: `{w['default_trace']}`), {w['scenario']}, "
                           f"{w['steps']} steps, {how}; first divergence prefix {w['first_divergence_steps']} "
                           f"steps; shows at {w['shows']}; rules {', '.join(w['rules']) or '(the set-up)'}.")
        out.append("")
    disc = report.get("discovery")
    if disc is not None:
        out += ["## Discovery: candidate new ambiguities", "",
                f"{disc['pairs']} pairs of games side by side (seed {disc['seed']}), each under the default rulings "
                f"and under one switch changed, with the same choices until they part "
                f"({meas.modules['discovery']}): {disc['divergences']} diverged, {disc['named']} at a rule or "
                f"card a registry entry with that switch names. A divergence anywhere else is listed here: the "
                f"switch changed play where the registry does not say it does.", ""]
        if disc["candidates"]:
            out += ["| Switch | Values | Rules cited | Cards | What differs | Game | Steps | Seen | Trace |",
                    "|---|---|---|---|---|---|---:|---:|---|"]
            for c in disc["candidates"]:
                game = c["scenario"] + _options_label(c["options"], meas)
                out.append(f"| `{c['switch']}` | {_cell(' -> '.join(_value(v) for v in c['values']))} | "
                           f"{', '.join(c['rules']) or '-'} | {', '.join(map(str, c['cards'])) or '-'} | "
                           f"{_cell(', '.join(c['diff_paths'][:4]))} | {game} | {c['steps']} | {c['count']} | "
                           f"[trace]({c['trace']}) |")
        else:
            out.append("No candidate: every divergence met a rule or card the registry names for its switch.")
        out.append("")
        m = disc["machine"]
        out += [f"The state machine of the properties issue, run side by side "
                f"({meas.modules['side_by_side']}, seed {disc['seed']}): {m['runs']} hypothesis runs of up "
                f"to {m['step_count']} steps, {m['pairs']} pairs, {m['steps']} steps in each game, every check of "
                f"the state machine in both games after every step; {m['divergences']} pairs parted, "
                f"{m['named']} at a rule or card the registry names for the switch.", ""]
        if m.get("shrink_cut_by_clock"):
            from cdg_oracle.properties.hypothesis_runs import SHRINK_SECONDS_CAP

            out += [f"The wall clock stopped hypothesis's shrinking (its outer cap, {SHRINK_SECONDS_CAP:,} s, "
                    f"properties/hypothesis_runs.py): on another machine the counts above and the candidate "
                    f"may differ.", ""]
        c = m["candidate"]
        if c is not None:
            game = c["scenario"] + _options_label(c["options"], meas)
            out.append(f"Candidate, shrunk by hypothesis: `{c['switch']}` "
                       f"{_cell(' -> '.join(_value(v) for v in c['values']))} parts the games at "
                       f"{', '.join(c['rules']) or '-'} (cards {', '.join(map(str, c['cards'])) or '-'}; "
                       f"{_cell(', '.join(c['diff_paths'][:4]))}) after {c['steps']} steps of {game}: "
                       f"[trace]({c['trace']}).")
        elif m["problem"]:
            out.append(f"A check of the state machine failed: {_cell(m['problem'])}")
        else:
            out.append("No candidate: every parting met a rule or card the registry names for its switch.")
        out.append("")
    out += ["## Not measured (effect none or pending)", ""]
    if listed:
        out += ["| Entry | Effect | Sev. | Title | Rules | Why no switch |", "|---|---|---|---|---|---|"]
        for m in listed:
            out.append(f"| {m['id']} | {m['effect']} | {m['severity']} | {_cell(m['title'])} | "
                       f"{', '.join(m['rules'] + [f'card {c}' for c in m['cards']]) or '-'} | {_cell(m['no_switch'])} |")
    else:
        out.append("None.")
    return "\n".join(out) + "\n"
