"""``cdg-oracle difftest``: an implementation under test played side by side with the model.

    cdg-oracle difftest                                  the reference adapter (a self-test), every scenario
    cdg-oracle difftest --impl "node my_engine.js --adapter" --games 50 --seed 3
    cdg-oracle difftest --impl "..." --strategy hypothesis --budget 120
    cdg-oracle difftest --impl "..." --trace difftest-disagreement.jsonl     reproduce a finding
    cdg-oracle difftest --impl "..." --solo --ideology potent     solo games (the Jihadist bot, chapter 9)
    cdg-oracle difftest --impl "..." --html finding.html        the first finding also as a page
    cdg-oracle difftest --impl "..." --games 500 --scheduler local:4     games spread over workers (or --jobs 4)

The command is split into words (quotes respected) and started without a shell. The first
disagreement or failure is printed (``--json`` for machine-readable output) and its actions are
written as a trace (``--out``, default ``difftest-disagreement.jsonl``; atomically) that
``cdg-oracle replay`` confirms against the model and ``--trace`` replays against the
implementation. Exit 0 when everything agreed, 1 on a disagreement or a failure of the other
process, 2 for bad arguments, 4 when no step was compared (verdict ``undetermined``: the budget
ran out before the first step, or there was no step to play; as replay's 4, nothing is decided).
With ``--jobs N`` or ``--scheduler ADDRESS`` the random strategy's games run at once on local
workers or a Dask cluster (properties/pool.py), one implementation process per game, merged in
game order: the same verdict, games, steps and finding as one process playing them in turn.
"""
from __future__ import annotations

import sys

from cdg_oracle.model.core.position import from_document
from cdg_oracle.model.core.registry import DEFAULT_GAME
from cdg_oracle.oracle import difftest, trace, usage
from cdg_oracle.oracle.adapter import split_command
from cdg_oracle.oracle.arguments import (GAME_HELP, RULING_HELP, SCHEDULER_HELP, SEED_HELP, add_option_arguments,
                                         parse_options, parse_rulings, workers)
from cdg_oracle.oracle.fileio import check_output, read_bounded, write_atomic
from cdg_oracle.oracle.games import start_state
from cdg_oracle.oracle.html import divergence
from cdg_oracle.oracle.positions import read_document
from cdg_oracle.oracle.progress import bar
from cdg_oracle.oracle.usage import UsageError

EXIT_OK, EXIT_FAIL, EXIT_UNDETERMINED = 0, 1, 4


def reference_command(mutant: str | None = None) -> list[str]:
    """The reference adapter (the model itself) as a command, optionally with a mutant."""
    argv = [sys.executable, "-m", "cdg_oracle.oracle.reference_adapter"]
    return argv + ["--mutant", mutant] if mutant else argv


def add_parser(sub, game: str | None = None) -> None:
    """The ``difftest`` command, with ``game``'s option shortcuts (oracle/arguments.py ``add_option_arguments``)."""
    d = sub.add_parser("difftest", help="drive an implementation through the adapter protocol beside the model; report the first disagreement")
    d.add_argument("--impl", metavar="COMMAND", help="the implementation's adapter command (default: the reference adapter, i.e. the model itself)")
    d.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP)
    d.add_argument("--scenario", default="all", help="a scenario, or all (default): the games go through every scenario in turn")
    d.add_argument("--length", default="standard", help="standard (1 deck), tournament (2), campaign (3)")
    d.add_argument("--ruling", action="append", metavar="NAME=VALUE", help=RULING_HELP)
    d.add_argument("--games", type=usage.count(1), default=10, help="games to play (default 10)")
    d.add_argument("--seed", type=usage.seed, default=0, help=SEED_HELP + " (default 0)")
    d.add_argument("--strategy", choices=("random", "hypothesis"), default="random",
                   help="random: seeded uniform choices; hypothesis: choices drawn by hypothesis, a disagreement shrunk to a simpler game")
    d.add_argument("--budget", type=usage.seconds, metavar="SECONDS",
                   help="stop after this long, in the middle of a game or of a wait for an answer if need be "
                        "(the report then says it is partial), and bound the shrinking; at least 0.001")
    d.add_argument("--timeout", type=usage.seconds, default=10.0, metavar="SECONDS",
                   help="limit for each answer of the implementation (default 10, at least 0.001)")
    d.add_argument("--max-line", type=usage.count(1024, 64 * 2**20), default=4_000_000, metavar="BYTES",
                   help="the longest answer line accepted (default 4000000, at most 64 MiB)")
    d.add_argument("--max-steps", type=usage.count(1), default=100_000, help="stop a game after this many steps (default 100000)")
    d.add_argument("--trace", metavar="TRACE", help="instead of new games, drive the implementation through this trace's actions")
    d.add_argument("--position", metavar="FILE", help="start every game from this position file (docs/positions.md) "
                   "instead of a scenario's start; its header gives the scenario, length, rulings and options")
    d.add_argument("--out", default="difftest-disagreement.jsonl", help="where to write the trace of a finding")
    d.add_argument("--json", action="store_true", help="print the verdict as JSON")
    d.add_argument("--html", metavar="FILE", help="also write the first finding as a self-contained page (the map "
                   "before and after the step, both sides' states, the legal actions, the rules cited; atomically)")
    d.add_argument("--refinement", action="store_true",
                   help="also check the model's own steps against the game's proved z3 transitions "
                        "(a step none explains is a 'refinement' finding)")
    d.add_argument("--jobs", type=usage.count(1, 64), default=None, metavar="N",
                   help="random strategy: N games at once, each with an implementation process of its own (default 1: "
                        "one process for every game, in turn); the verdict, games, steps and finding are the same for any N")
    d.add_argument("--scheduler", metavar="ADDRESS", default=None, help=SCHEDULER_HELP)
    add_option_arguments(d, game)


def run(args) -> int:
    if not args.trace:
        check_output(args.out)  # before any work (issue 15 item 7)
    if args.html:
        check_output(args.html, "--html")
    options = parse_options(args)
    if args.trace and options is not None:
        raise UsageError("--trace plays the trace's own game: its header carries the options, "
                         "not --option or the game's own option flags")
    position = None
    if args.position:
        if args.trace or options is not None or args.ruling or args.scenario != "all":
            raise UsageError("--position gives the game's start: its header carries the scenario, rulings and "
                             "options (not --trace, --scenario, --ruling or an option)")
        position = read_document(args.position)
        from_document(position, args.position)  # a bad position: a one-line error before any process starts
    spread = getattr(args, "jobs", None) is not None or getattr(args, "scheduler", None) is not None
    if spread and (args.trace or args.strategy != "random"):
        raise UsageError("--jobs and --scheduler spread the random strategy's games: not with --trace or "
                         "--strategy hypothesis")
    jobs = workers(args) if spread else 1
    try:
        command = split_command(args.impl) if args.impl is not None else reference_command()
    except ValueError as e:
        raise UsageError(str(e))
    if args.trace:
        data = read_bounded(args.trace, "trace")
        result = difftest.replay_trace(command, trace.decode(data, args.trace), args.trace, args.timeout,
                                       args.max_line)
    else:
        with bar(args.games, "difftest", "game") as b:
            result = difftest.run(command, args.game, args.scenario, args.length, parse_rulings(args.ruling),
                                  args.games, args.seed, args.strategy, args.timeout, args.max_line,
                                  args.max_steps, args.budget, progress=lambda r: b.update(1), options=options,
                                  position=position, refine=args.refinement, jobs=jobs)
    path = None
    f = result.finding
    if f is not None and not args.trace and (f.kind == "disagreement" or f.actions):
        # A failure of the process before the first step (the command does not start, the reset
        # fails) has nothing to reproduce: nothing is written, so an earlier finding's trace is
        # never overwritten with an empty one (issue 15 item 7). A disagreement at the start is
        # a finding: its trace (the header alone) reproduces it.
        f = result.finding
        try:
            write_atomic(args.out, trace.from_actions(result.game, f.scenario, result.length,
                                                      result.rulings, f.actions, result.seed * 1000 + f.game,
                                                      result.options, result.position))
        except UsageError:  # the trace cannot be written (a full disk): the finding is still printed,
            report(args, result, None)  # then the one-line error, exit 2 (issue 28.12)
            raise
        path = args.out
    report(args, result, path)
    if args.html and f is not None:
        start = start_state(result.game, f.scenario, result.length, result.rulings, result.options, result.position) \
            if not args.trace else trace.initial_state(trace.parse(trace.decode(data, args.trace), args.trace)[0], args.trace)
        write_atomic(args.html, divergence.difftest_page(result, start, args.impl or ""))
        print(f"page written to {args.html}", file=sys.stderr)
    return {"agree": EXIT_OK, "undetermined": EXIT_UNDETERMINED}.get(result.verdict, EXIT_FAIL)


def report(args, result, path: str | None) -> None:
    """Print the verdict on standard output: JSON with ``--json``, else in words; ``path`` is the
    finding's trace as written (None: none written)."""
    if args.json:
        print(difftest.to_json(result, path))
    else:
        sys.stdout.write(difftest.render_text(result, path))
    sys.stdout.flush()
