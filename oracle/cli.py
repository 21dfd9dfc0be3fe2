"""The ``cdg-oracle`` command.

    cdg-oracle verify                          the main job on the embedded defaults
    cdg-oracle play --scenario lets_roll --seed 1 --out game.jsonl [--states]   a trace (docs/trace.md)
    cdg-oracle play --solo [--ideology LEVEL] [--minidecks] ...   a solo game (the Jihadist bot, chapter 9)
    cdg-oracle replay game.jsonl [--json] [--max-branches N] [--html PAGE]
    cdg-oracle report --game G                 reports/G/index.html from the committed JSON reports
        exit 0 conformant, 1 violation, 2 invalid trace (or bad arguments), 4 undetermined
    cdg-oracle replay game.jsonl --position-at N [--out FILE]     the position after step N
    cdg-oracle position check|legal|play|show|schema ...           positions (docs/positions.md)
    cdg-oracle rules [--json] [--rulings | --list]                every rule and card; the switches; the games

Exit status: 0 success (conformant, every property holds), 1 a divergence or a failed property,
2 bad arguments or bad input (a one-line error, never a traceback).
"""
from __future__ import annotations

import argparse
import errno
import json
import os
import random
import signal
import sys
import threading

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.registry import DEFAULT_GAME
from cdg_oracle.oracle import (ambiguities_cmd, difftest_cmd, position_cmd, reference_adapter, rules_report,
                               scenario_cmd, trace, usage, vectors_cmd, verify)
from cdg_oracle.oracle.arguments import (  # noqa: F401  (Parser, parse_*: used by tests and callers as cli.*)
    GAME_HELP, RULING_HELP, SCENARIO_HELP, SEED_HELP, Parser, add_option_arguments, cli_options, option_game,
    parse_options, parse_rulings, add_workers_arguments, workers)
from cdg_oracle.oracle.fileio import check_output, read_bounded, write_atomic
from cdg_oracle.oracle.games import default_scenario, new_state, spec
from cdg_oracle.oracle.html import divergence
from cdg_oracle.oracle.html import report as html_report
from cdg_oracle.oracle.playout import choose
from cdg_oracle.oracle.position_cmd import replay_position
from cdg_oracle.oracle.progress import bar
from cdg_oracle.oracle.rules_report import open_items_lines
from cdg_oracle.oracle.textsafe import printable
from cdg_oracle.oracle.usage import UsageError

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def build_parser(argv: list[str] | None = None) -> Parser:
    """The parser of ``argv`` (its game's option shortcuts: :func:`option_game`)."""
    game = option_game(argv)
    p = Parser(prog="cdg-oracle", description="A rules oracle for GMT card-driven wargames.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    v = sub.add_parser("verify", help="every property check of a game (its own checks too: e.g. map, scenario and z3 checks), the "
                                      "state machine, random campaigns, the reference adapter; writes reports/<game>/")
    v.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP)
    v.add_argument("--budget", type=usage.seconds, default=None, metavar="SECONDS",
                   help="stop the campaigns (all of them together, counted from the first one's start) after "
                        "this long: the report then says it is partial (default: no limit; the seed and --games "
                        "fix the work)")
    v.add_argument("--games", type=usage.count(0), default=20,
                   help="random games per scenario, and as many of each campaign the game adds (e.g. solo games per scenario "
                        "and Ideology) (default 20; 0: no campaign)")
    v.add_argument("--seed", type=usage.seed, default=1, help=SEED_HELP + " (default 1)")
    v.add_argument("--examples", type=usage.count(1), default=25, help="state-machine runs (default 25)")
    v.add_argument("--steps", type=usage.count(1), default=300, help="steps per state-machine run (default 300)")
    v.add_argument("--refinement", action=argparse.BooleanOptionalAction, default=True,
                   help="check every step of the random campaign's first games (--refinement-games) and, where the "
                        "game says so, of the state machine against the game's proved z3 transitions "
                        "(properties/refinement.py; its own section in the report: games and steps checked, steps "
                        "matched per transition, transitions never matched, findings) (default: on; "
                        "--no-refinement: off)")
    v.add_argument("--refinement-games", type=usage.count(0), default=None, metavar="N",
                   help="refinement-check the first N random games of each scenario (default: the game's own number, "
                        "chosen so that the check costs about the time of its campaigns; the check costs from a few "
                        "to some 50 times the game it checks)")
    v.add_argument("--out", default="reports", help="report folder (default reports/)")
    add_workers_arguments(v, "the campaigns")

    pl = sub.add_parser("play", help="play one game with uniformly random choices and seeded chance; write its trace")
    pl.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP)
    pl.add_argument("--scenario", help=SCENARIO_HELP + " (default: the game's default scenario)")
    pl.add_argument("--length", default="standard", help="standard (1 deck), tournament (2), campaign (3)")
    pl.add_argument("--seed", type=usage.seed, default=0, help=SEED_HELP + " (default 0)")
    pl.add_argument("--ruling", action="append", metavar="NAME=VALUE", help=RULING_HELP)
    pl.add_argument("--out", default="-", metavar="FILE",
                    help="where to write the trace (default -: standard output, the summary on standard error)")
    pl.add_argument("--no-legal-hash", action="store_true", help="omit per-step legal-action counts and hashes")
    pl.add_argument("--states", action="store_true", help="write the full canonical state after every step (large)")
    add_option_arguments(pl, game)

    r = sub.add_parser("replay", help="replay a trace: conformant (exit 0), the first violation (1), "
                                      "invalid (2) or undetermined (4)")
    r.add_argument("trace")
    r.add_argument("--json", action="store_true", help="print the verdict as JSON")
    r.add_argument("--max-branches", type=usage.branches, default=256, metavar="N",
                   help="candidate histories kept across hidden chance steps before the verdict is "
                        "undetermined (default 256, at most 20000: each is a full game state in memory, "
                        "about 71 KiB, so 20000 take about 1.4 GiB)")
    r.add_argument("--position-at", type=usage.count(0), metavar="N",
                   help="instead of a verdict, write the position after step N (0: the start; docs/positions.md)")
    r.add_argument("--out", metavar="FILE", help="with --position-at: write the position there (atomically)")
    r.add_argument("--html", metavar="FILE",
                   help="also write the first divergence as a self-contained page (the map before and after the "
                        "step, both sides' states, the legal actions, the rules cited; atomically)")
    r.add_argument("--refinement", action="store_true",
                   help="also check every step of a conformant trace against the game's proved z3 transitions "
                        "(exit 1 at the first step none explains)")

    rp = sub.add_parser("report", help="write reports/<game>/index.html from the committed JSON reports, "
                                       "without re-running anything (what verify writes beside them)")
    rp.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP)
    rp.add_argument("--out", default="reports", help="the report folder (default reports/): reads and writes <out>/<game>/")

    ru = sub.add_parser("rules", help="every numbered rule and card with its status; --rulings: every "
                                      "interpretation switch")
    ru.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP)
    ru.add_argument("--json", action="store_true", help="print as JSON")
    ru.add_argument("--list", action="store_true", help="list the known games (those the cdg_oracle.games entry points name)")
    ru.add_argument("--rulings", action="store_true",
                    help="list every Rulings switch: its values, its default and its registry entries")

    position_cmd.add_parser(sub)
    scenario_cmd.add_parser(sub)
    difftest_cmd.add_parser(sub, game)
    vectors_cmd.add_parser(sub)
    ambiguities_cmd.add_parser(sub)
    ad = sub.add_parser("adapter", help="serve the model itself through the adapter protocol on stdin/stdout (the reference adapter)")
    ad.add_argument("--mutant", metavar="[GAME:]NAME", help=reference_adapter.MUTANT_HELP)
    return p


def cmd_play(args) -> int:
    """Play one game with seeded random choices and write its version 2 trace atomically."""
    if args.out != "-":
        check_output(args.out)
    options = parse_options(args)
    scenario = args.scenario or default_scenario(args.game)
    state = new_state(args.game, scenario, args.length, parse_rulings(args.ruling), options)
    lines = [trace.dumps(trace.header(args.game, scenario, args.length, state.rulings_dict(), args.seed,
                                      state.options()))]
    rng = random.Random(args.seed)
    steps = 0
    gaps: list[str] = []  # the "gap" of every step that has one
    while not state.is_terminal():
        rec = trace.step_record(state, steps, choose(rng, state), legal=not args.no_legal_hash,
                                with_state=args.states)
        if "gap" in rec:
            gaps.append(rec["gap"])
        lines.append(trace.dumps(rec))
        steps += 1
    lines.append(trace.dumps(trace.end_record(state, steps)))
    text = "\n".join(lines) + "\n"
    t = state.outcome()
    summary = f"{steps} steps, {t['winner']} wins: {t['reason']}"
    notes = play_notes(args.game, options, gaps)
    if args.out == "-":  # the trace on standard output, the summary on standard error
        sys.stdout.write(text)
        sys.stdout.flush()
        print("\n".join([f"cdg-oracle play: {summary}"] + notes), file=sys.stderr)
        return EXIT_OK
    write_atomic(args.out, text)
    print(f"{args.out}: {summary}")
    if notes:
        print("\n".join(notes))
    return EXIT_OK


def play_notes(game: str, options: dict | None, gaps: list[str]) -> list[str]:
    """What a played game's trace rests on beyond the rules, for its options: the game's notes
    (its ``cli_options.notes``, e.g. the steps of a solo game that used a substitute for a missing
    table), then the game's open items (its spec's ``open_items()``); nothing when the game has no
    notes for these options."""
    shortcuts = cli_options(game)
    notes = shortcuts.notes(options or {}, gaps) if shortcuts is not None and shortcuts.notes else None
    if notes is None:
        return []
    s = spec(game)
    return notes + open_items_lines(s.open_items() if s.open_items is not None else [])


def cmd_replay(args) -> int:
    """Replay a trace; exit 0 conformant, 1 violation, 2 invalid, 4 undetermined. With --json a
    bad input also prints {"verdict": "invalid", "line", "message"} on stdout."""
    if args.position_at is not None:
        if args.html:
            raise UsageError("--html writes a verdict's page; --position-at writes a position, not a verdict: give one")
        return replay_position(args)
    if args.out:
        raise UsageError("--out goes with --position-at (a replay prints its verdict)")
    if args.html:
        check_output(args.html, "--html")
    try:
        if args.max_branches < 1:
            raise UsageError(f"--max-branches {args.max_branches}: must be at least 1")
        data = read_bounded(args.trace, "trace")
        text = trace.decode(data, args.trace)
        with bar(max(0, text.count("\n") - 2), "replay", "step") as b:
            verdict = trace.replay(text, args.trace, args.max_branches, progress=b)
    except (UsageError, DataError) as e:
        if args.json:
            print(json.dumps({"verdict": "invalid", "line": getattr(e, "line", None), "message": str(e)},
                             sort_keys=True))
        raise
    if args.html:
        write_atomic(args.html, divergence.replay_page(text, args.trace, verdict))
    refined = None
    if args.refinement and verdict.verdict == "conformant":
        refined = trace.refinement(text, args.trace)
    if args.json:
        out = verdict.to_dict()
        if refined is not None:
            out["refinement"] = refined
        print(json.dumps(out, sort_keys=True))
    else:
        print("\n".join(printable(x) for x in verdict.report(args.trace)))  # the trace's words, shown
        if refined is not None:
            f = refined["finding"]
            print(f"refinement: {refined['steps']} steps checked, {refined['stutters']} stutters, "
                  f"{refined['matched']} matched; " + ("no finding" if f is None else printable(f["line"])))
    if refined is not None and refined["finding"] is not None:
        return EXIT_FAIL
    return {"conformant": EXIT_OK, "violation": EXIT_FAIL, "undetermined": 4}[verdict.verdict]


def cmd_rules(args) -> int:
    if args.list:
        return list_games(args.json)
    game = spec(args.game).name
    if args.rulings:
        rows = rules_report.rulings_report(game)
        if args.json:
            print(json.dumps(rows, indent=1, sort_keys=True))
        else:
            sys.stdout.write(rules_report.render_rulings(rows))
        return EXIT_OK
    report = rules_report.report(game)
    if args.json:
        report["summary"] = rules_report.summary(report)
        print(json.dumps(report, indent=1, sort_keys=True))
    else:
        sys.stdout.write(rules_report.render_text(report))
    return EXIT_OK


def list_games(as_json: bool) -> int:
    """``rules --list``: every known game, one a line: its name, the entry point that names it
    (group ``cdg_oracle.games``) and the distribution that declares it. No game is imported."""
    from cdg_oracle.model.core import registry

    eps = registry.entry_points()
    rows = []
    for name in registry.names():
        ep = eps.get(name)
        dist = getattr(getattr(ep, "dist", None), "name", None) if ep is not None else None
        rows.append({"game": name, "entry_point": ep.value if ep is not None else None,
                     "distribution": dist, "default": name == DEFAULT_GAME})
    if as_json:
        print(json.dumps(rows, indent=1, sort_keys=True))
    else:
        for r in rows:
            where = f"{r['entry_point']} ({r['distribution']})" if r["entry_point"] else "registered in this process"
            print(f"{r['game']:<20} {where}{'  [default]' * r['default']}")
    return EXIT_OK


def cmd_verify(args) -> int:
    game = spec(args.game).name
    check_output(args.out, "--out", directory=True)
    jobs = workers(args)
    return verify.run(args.out, args.budget, args.games, args.seed, args.examples, args.steps, game=game, jobs=jobs,
                      refinement=args.refinement, refinement_games=args.refinement_games)


def cmd_report(args) -> int:
    """``report``: reports/<game>/index.html from the JSON reports there (oracle/html/report.py)."""
    game = spec(args.game).name
    path = html_report.write(game, os.path.join(args.out, game))
    print(f"report: {path}")
    return EXIT_OK


def cmd_difftest(args) -> int:
    return difftest_cmd.run(args)


def cmd_vectors(args) -> int:
    return vectors_cmd.run(args)


def cmd_ambiguities(args) -> int:
    return ambiguities_cmd.run(args)


def cmd_adapter(args) -> int:
    return reference_adapter.run(args.mutant)


def cmd_position(args) -> int:
    return position_cmd.run(args)


def cmd_scenario(args) -> int:
    return scenario_cmd.run(args)


_SIGNALLED = usage.SIGNALLED  # the signals that arrived (SIGINT, SIGTERM), to tell an interrupt apart


def _on_sigterm(signum, frame):
    _SIGNALLED.append(signum)
    raise usage.Terminated()


def _on_sigint(signum, frame):
    _SIGNALLED.append(signum)
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    _SIGNALLED.clear()
    saved = {}
    if threading.current_thread() is threading.main_thread():
        saved[signal.SIGTERM] = signal.signal(signal.SIGTERM, _on_sigterm)  # stop cleanly: finally blocks kill children
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not when the caller ignores it
            saved[signal.SIGINT] = signal.signal(signal.SIGINT, _on_sigint)
    try:
        return _main(argv)
    finally:
        for signum, handler in saved.items():  # a caller in the same process keeps its own handlers
            if handler is not None:
                signal.signal(signum, handler)


def _main(argv: list[str] | None) -> int:
    parser = build_parser(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return EXIT_USAGE
        for name in ("out", "registry", "check"):  # '' would be taken for the current folder
            if getattr(args, name, None) == "":
                raise UsageError(f"--{name} '': an empty path; give a file or folder name (. for the current folder)")
        handler = {"play": cmd_play, "replay": cmd_replay, "rules": cmd_rules, "verify": cmd_verify,
                   "scenario": cmd_scenario, "difftest": cmd_difftest, "adapter": cmd_adapter,
                   "vectors": cmd_vectors, "ambiguities": cmd_ambiguities, "position": cmd_position,
                   "report": cmd_report}[args.command]
        code = handler(args)
        sys.stdout.flush()  # a full disk behind standard output shows here, not after the exit
        return code
    except UsageError as e:
        print(f"cdg-oracle: error: {printable(str(e))}", file=sys.stderr)
        return EXIT_USAGE
    except DataError as e:  # it may quote a file's contents: shown, not obeyed (issue 28 item 11)
        print(f"cdg-oracle: error: {printable(str(e))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt as e:
        print(f"cdg-oracle: interrupted; {_written(e)}", file=sys.stderr)
        return 130
    except usage.Terminated as e:
        print(f"cdg-oracle: terminated; {_written(e)}", file=sys.stderr)
        return 143
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly, as Unix tools do
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 141
    except OSError as e:
        if e.errno not in _FULL or e.filename is not None:
            return _internal(e)
        # Every file output goes through fileio.write_atomic, which names its path; a full disk
        # without a file name is standard output's (> /dev/full): bad output, not a bug (issue 28.12)
        print(f"cdg-oracle: error: standard output: cannot write: {e.strerror or e}", file=sys.stderr)
        try:
            sys.stdout = open(os.devnull, "w")  # nothing more to flush at the exit
        except OSError:
            pass
        return EXIT_USAGE
    except Exception as e:  # an oracle bug: still one line, never a traceback
        return _internal(e)


def _written(e: BaseException) -> str:
    """What an interrupted command left: the partial report verify writes when its campaigns are
    interrupted (oracle/verify.py ``write_interrupted``), else nothing."""
    path = getattr(e, "partial_report", None)
    return f"partial report (the games played so far) in {path}" if path else "no report written"


#: The errors of a write that does not fit: no space left, over a quota, a file too large.
_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def _internal(e: BaseException) -> int:
    """An oracle bug: still one line, never a traceback (exit 3)."""
    if _SIGNALLED:  # an interrupt that a C library wrapped (ctypes: "ArgumentError: ... KeyboardInterrupt")
        term = _SIGNALLED[-1] == signal.SIGTERM
        print(f"cdg-oracle: {'terminated' if term else 'interrupted'}; no report written", file=sys.stderr)
        return 143 if term else 130
    print(f"cdg-oracle: internal error: {type(e).__name__}: {printable(str(e))}", file=sys.stderr)
    return 3


if __name__ == "__main__":
    sys.exit(main())
