"""``cdg-oracle position``: ask the oracle about a position (docs/positions.md).

    cdg-oracle position check FILE...                 valid? (one line each; exit 2 if any is not)
    cdg-oracle position legal FILE [--json]           the decision, its question id, the legal actions
    cdg-oracle position play FILE --actions A [A...] [--state] [--out NEW] [--json]
                                                      apply choices and chance outcomes; print the
                                                      difference from the start (--state: the whole
                                                      canonical state) and the next decision
    cdg-oracle position show                          the position of the default scenario's start
    cdg-oracle position show --scenario S [--game G]  ... of a scenario's start
    cdg-oracle position show --trace T --at N         ... after step N of a trace (0: its start)
    cdg-oracle position show --state STATE.json       ... of a state saved with to_json()
    cdg-oracle position show FILE                     a position file rewritten in its plain form
    cdg-oracle position show ... --json               as JSON, with the derived facts (``derived``)
    cdg-oracle position show ... --html PAGE          also as a self-contained page (its map, oracle/html)
    cdg-oracle position schema [--game G]             the published JSON Schema

Exit 0 on success, 2 for a bad position, action or argument (one line naming what and where).
An action is JSON (``'{"card": 44}'``, ``'{"die": 4}'``) or a bare word (``event``, ``pass``).
"""
from __future__ import annotations

import json
import sys

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.game import action_key
from cdg_oracle.model.core.position import from_document, to_document
from cdg_oracle.model.core.registry import DEFAULT_GAME, get
from cdg_oracle.oracle import statediff, trace, usage
from cdg_oracle.oracle.arguments import GAME_HELP, SCENARIO_HELP
from cdg_oracle.oracle.fileio import BadJSON, check_output, loads_value, read_bounded, write_atomic
from cdg_oracle.oracle.games import default_scenario, new_state
from cdg_oracle.oracle.html import divergence
from cdg_oracle.oracle.positions import dumps, from_file, read_document, to_file
from cdg_oracle.oracle.textsafe import printable
from cdg_oracle.oracle.usage import UsageError

EXIT_OK, EXIT_INVALID = 0, 2


def add_parser(sub) -> None:
    p = sub.add_parser("position", help="check a position file, list its legal actions, play from it, or "
                                        "write the position of any state")
    ps = p.add_subparsers(dest="position_command", metavar="ACTION", parser_class=type(p))
    c = ps.add_parser("check", help="validate position files; one line each")
    c.add_argument("files", nargs="+", metavar="FILE")
    lg = ps.add_parser("legal", help="the decision at a position: player, question id, rule, legal actions")
    lg.add_argument("file", metavar="FILE")
    lg.add_argument("--json", action="store_true", help="print as JSON")
    pl = ps.add_parser("play", help="apply actions (choices and chance outcomes) from a position")
    pl.add_argument("file", metavar="FILE")
    pl.add_argument("--actions", nargs="+", required=True, metavar="ACTION",
                    help="the actions in order: JSON ('{\"card\": 44}') or a bare word (event)")
    pl.add_argument("--state", action="store_true", help="print the whole canonical state, not the difference")
    pl.add_argument("--out", metavar="FILE", help="also write the position reached (atomically)")
    pl.add_argument("--json", action="store_true", help="print as JSON")
    sh = ps.add_parser("show", help="write the position of a state: a scenario's start, a trace's step, "
                                    "a saved state, or a position file in plain form")
    sh.add_argument("file", nargs="?", metavar="FILE", help="a position file to rewrite")
    sh.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP)
    sh.add_argument("--scenario", help=SCENARIO_HELP + " (default: the game's default scenario)")
    sh.add_argument("--trace", help="a trace file: the position after step --at")
    sh.add_argument("--at", type=usage.count(0), metavar="N", help="the step of --trace (0: the start)")
    sh.add_argument("--state", dest="state_file", metavar="STATE.json", help="a state saved with to_json()")
    sh.add_argument("--out", metavar="FILE", help="write the position there (atomically) instead of printing it")
    sh.add_argument("--html", metavar="FILE", help="also write the position as a self-contained page (its map, "
                    "question, legal actions, derived facts and state; atomically)")
    sh.add_argument("--json", action="store_true",
                    help="print the position as JSON with its derived facts (control, victory totals, hand "
                         "sizes...: the derived section, each key's rule under derived_rules)")
    sc = ps.add_parser("schema", help="print the JSON Schema of a game's positions")
    sc.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP)


def run(args) -> int:
    cmd = args.position_command
    if cmd is None:
        raise UsageError("position: say check, legal, play, show or schema (cdg-oracle position -h)")
    return {"check": _check, "legal": _legal, "play": _play, "show": _show, "schema": _schema}[cmd](args)


# -- check, legal, play -----------------------------------------------------------------------------
def _check(args) -> int:
    bad = 0
    for f in args.files:
        try:
            st = from_file(f)
        except (DataError, UsageError) as e:
            print(f"cdg-oracle: error: {printable(str(e))}", file=sys.stderr)
            bad += 1
            continue
        print(f"{f}: a valid {st.game} position; {_where(st)}")
    return EXIT_INVALID if bad else EXIT_OK


def _where(st) -> str:
    """One line: who is to act, on which question, with how many choices (or the outcome)."""
    if st.is_terminal():
        t = st.outcome()
        return f"the game is over: {t['winner']} won ({t['reason']}; {t['rule']})"
    d = st.decision()
    n = len(st.legal_actions())
    return f"{st.current_player()} to act: {d['question']} ({d['rule']}), {n} legal action{'s' * (n != 1)}"


def decision_dict(st) -> dict:
    """The decision at ``st`` as data: player, question, prompt, rule (and gap), the legal actions,
    with their probabilities at a chance node; or the outcome."""
    if st.is_terminal():
        return {"player": "terminal", "outcome": st.outcome()}
    out = dict(st.decision())
    if st.current_player() == "chance":
        out["actions"] = [{"action": a, "probability": str(p)} for a, p in st.chance_outcomes()]
    else:
        out["actions"] = st.legal_actions()
    return out


def decision_lines(st) -> list[str]:
    if st.is_terminal():
        t = st.outcome()
        return [f"the game is over: {t['winner']} won ({t['reason']}; rule {t['rule']})"]
    d = st.decision()
    lines = [f"{st.current_player()} to act: {d['prompt']} (rule {d['rule']})", f"question: {d['question']}"]
    if d.get("gap"):
        lines.append(f"gap: {d['gap']}")
    if st.current_player() == "chance":
        outcomes = st.chance_outcomes()
        lines.append(f"{len(outcomes)} chance outcome{'s' * (len(outcomes) != 1)}:")
        lines += [f"  {action_key(a)}  {p}" for a, p in outcomes]
    else:
        legal = st.legal_actions()
        lines.append(f"{len(legal)} legal action{'s' * (len(legal) != 1)}:")
        lines += [f"  {action_key(a)}" for a in legal]
    return lines


def _legal(args) -> int:
    st = from_file(args.file)
    if args.json:
        print(json.dumps(decision_dict(st), sort_keys=True))
    else:
        print("\n".join(decision_lines(st)))
    return EXIT_OK


def parse_action(text: str, i: int):
    """``--actions`` item ``i``: JSON, read as traces are (no duplicate key, NaN or number of more
    than 4300 digits; nested at most a few levels), or a bare word taken as a string action."""
    try:
        return loads_value(text)
    except BadJSON as e:
        if e.json_error and text.replace("_", "").isalnum():
            return text
        what = "not JSON and not a bare word" if e.json_error else str(e)
        raise UsageError(f"--actions item {i + 1} ({text[:60]!r}{'...' if len(text) > 60 else ''}): {what}") from None


#: What the model may raise when it goes on from a procedure stack written by hand (a position's
#: ``machine``: its frames below the top are checked only when play reaches them).
MACHINE_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError, RuntimeError, AssertionError)


def apply_all(st, actions: list, where: str = "--actions", stated_machine: bool = False) -> list[dict]:
    """Apply ``actions`` in order; the record of each (player, action, rules). An action that is
    not legal is a UsageError naming it, the question and the legal actions. ``stated_machine``:
    ``st`` was read from a position's ``machine``, so the model failing to go on is that stack's
    fault: a one-line DataError, not an internal error."""
    done = []
    for i, a in enumerate(actions):
        if st.is_terminal():
            raise UsageError(f"{where} item {i + 1} ({action_key(a)}): the game is already over")
        legal = st.legal_actions()
        by_key = {action_key(x): x for x in legal}
        key = action_key(a)
        if key not in by_key:
            d = st.decision()
            shown = ", ".join(list(by_key)[:12]) + (f", ... ({len(by_key)} in all)" if len(by_key) > 12 else "")
            raise UsageError(f"{where} item {i + 1} ({key}) is not legal at {d['question']} "
                             f"({d['prompt']!r}, rule {d['rule']}); legal: {shown}")
        player = st.current_player()
        if not stated_machine:
            st.apply(by_key[key])
        else:
            try:
                st.apply(by_key[key])
            except MACHINE_ERRORS as e:
                raise DataError(f"{where} item {i + 1} ({key}): play cannot go on from the position's machine "
                                f"(a procedure stack the model did not write?): {type(e).__name__}: "
                                f"{' '.join(str(e).split())[:160]}") from None
        done.append({"player": player, "action": by_key[key], "rules": st.applied_rules()})
    return done


def _play(args) -> int:
    if args.out:
        check_output(args.out)
    doc = read_document(args.file)
    st = from_document(doc, args.file)
    start = st.canonical()
    steps = apply_all(st, [parse_action(t, i) for i, t in enumerate(args.actions)],
                      stated_machine=isinstance(doc, dict) and "machine" in doc)
    end = st.canonical()
    if args.out:
        to_file(st, args.out)
    if args.json:
        out = {"steps": steps, "next": decision_dict(st)}
        out["state" if args.state else "difference"] = end if args.state else statediff.diff(start, end, limit=500)
        print(json.dumps(out, sort_keys=True))
        return EXIT_OK
    lines = [f"{i + 1}. {s['player']}: {action_key(s['action'])}  (rules {', '.join(s['rules'])})"
             for i, s in enumerate(steps)]
    if args.state:
        lines += ["canonical state:", statediff.canonical_json(end)]
    else:
        entries = statediff.diff(start, end, limit=500)
        lines.append(f"difference from the start ({len(entries)} place{'s' * (len(entries) != 1)}):")
        lines += [f"  {x}" for x in statediff.render(entries)]
    lines += ["next:"] + [f"  {x}" for x in decision_lines(st)]
    if args.out:
        lines.append(f"position written to {args.out}")
    print("\n".join(lines))
    return EXIT_OK


# -- show, schema -----------------------------------------------------------------------------------
def state_at_step(trace_path: str, n: int, option: str = "--at"):
    """The state after step ``n`` of a trace (0: its start), by applying its actions; a hidden
    step before it, an action that is not legal or a trace shorter than ``n`` is an error, which
    names the ``option`` that gave ``n`` (``--at``, or replay's ``--position-at``)."""
    text = trace.decode(read_bounded(trace_path, "trace"), trace_path)
    head, steps, _ = trace.parse(text, trace_path)
    if n > len(steps):
        raise UsageError(f"{option} {n}: the trace {trace_path} has {len(steps)} steps")
    st = trace.initial_state(head, trace_path)
    for rec in steps[:n]:
        if rec.get("hidden"):
            raise DataError(f"{trace_path}: line {rec['_line']}: a hidden chance step: the position after it "
                            f"is not known (cdg-oracle replay finds the candidates)")
        apply_all(st, [rec["action"]], f"{trace_path}: line {rec['_line']}: step")
    return st


def _show(args) -> int:
    sources = [x for x in (args.file, args.trace, args.state_file) if x]
    if len(sources) > 1 or (sources and args.scenario):
        raise UsageError("position show: give one of FILE, --trace, --state and --scenario")
    if (args.at is not None) != bool(args.trace):
        raise UsageError("position show: --trace and --at go together")
    if args.json and args.out:
        raise UsageError("position show: --json prints the position with its derived facts; --out writes a "
                         "position file, which never states them: give one")
    if args.out:
        check_output(args.out)
    if args.html:
        check_output(args.html, "--html")
    if args.file:
        st = from_file(args.file)
    elif args.trace:
        st = state_at_step(args.trace, args.at)
    elif args.state_file:
        spec = get(args.game)
        st = spec.state_class.from_json(read_bounded(args.state_file, "state").decode("utf-8", "replace"))
    else:
        st = new_state(args.game, args.scenario or default_scenario(args.game))
    if args.html:
        where = args.file or args.trace or args.state_file or f"the start of {args.scenario or default_scenario(args.game)}"
        write_atomic(args.html, divergence.position_page(get(st.game), st, where))
    if args.json:
        print(json.dumps(document_with_derived(st)))
        return EXIT_OK
    return _write_or_print(st, args.out)


def document_with_derived(st) -> dict:
    """The position of ``st`` (its document) with the game's derived facts under ``derived`` and
    the rule of each under ``derived_rules`` (issue 27.11; a game that declares none has neither).
    What ``position show --json`` prints; a position that states them is refused."""
    doc = to_document(st)
    spec = get(st.game)
    if spec.derived_facts is not None:
        doc["derived"] = spec.derived_facts(st)
        doc["derived_rules"] = dict(sorted(spec.derived_rules.items()))
    return doc


def _write_or_print(st, out: str | None) -> int:
    """Write the position of ``st`` to ``out`` (atomically), or print it."""
    if out:
        to_file(st, out)
        print(f"position written to {out}")
    else:
        print(dumps(st), end="")
    return EXIT_OK


def _schema(args) -> int:
    fmt = get(args.game).positions
    if fmt is None:
        raise UsageError(f"--game {args.game}: no position format yet")
    print(json.dumps(fmt.schema(), indent=2))
    return EXIT_OK


def replay_position(args) -> int:
    """``cdg-oracle replay TRACE --position-at N [--out FILE]``: the position after step N."""
    if args.out:
        check_output(args.out)
    return _write_or_print(state_at_step(args.trace, args.position_at, "--position-at"), args.out)
