"""The command line's shared pieces, used by cli.py and by every ``*_cmd`` module's sub-command:
the argument parser that reports a bad argument in one line (:class:`Parser`), the help texts of
the options several sub-commands share (``--game``, ``--scenario``, ``--ruling``, ``--seed``), and
the parsing of ``--ruling NAME=VALUE`` and of the game options (``--option NAME=VALUE`` and a
game's own shortcuts, the ``cli_options`` of its checks record, e.g. a solo game's ``--solo``).

Imports run one way: cli.py imports the ``*_cmd`` modules, they and cli.py import this module,
and nothing imports cli.py (tests/test_import_cycles.py).
"""
from __future__ import annotations

import argparse

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.registry import DEFAULT_GAME
from cdg_oracle.oracle.fileio import BadJSON, loads_value
from cdg_oracle.oracle.usage import UsageError

GAME_HELP = f"the game, by its registered name (default {DEFAULT_GAME}; cdg-oracle rules --list lists them)"
SCENARIO_HELP = "the scenario (cdg-oracle scenario check lists them)"
RULING_HELP = "an interpretation switch, repeatable (cdg-oracle rules --rulings lists them)"
SEED_HELP = "seed of the random choices and chance outcomes: the same seed gives the same game (an integer >= 0)"


SCHEDULER_HELP = ("run the campaign's tasks on a Dask cluster instead of local processes: a scheduler's address "
                  "(tcp://host:8786; its workers need cdg-oracle installed) or local:N to start a LocalCluster of N "
                  "worker processes for the run (needs the dask extra: pip install 'cdg-oracle[dask]'); the report is "
                  "the same as with --jobs, for any number of workers; not with --jobs")


def add_workers_arguments(parser, what: str) -> None:
    """``--jobs N`` and ``--scheduler ADDRESS``: where ``what`` runs (properties/pool.py)."""
    from cdg_oracle.oracle import usage

    parser.add_argument("--jobs", type=usage.count(1, 64), default=None, metavar="N",
                        help=f"worker processes for {what} (default: the number of cores); the report is the "
                             "same for any N")
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None, help=SCHEDULER_HELP)


def workers(args):
    """Where a command's campaign runs (properties/pool.py ``Jobs``): ``--scheduler`` (checked for
    its form; a remote one is reached once at once, so that one that does not answer is an error
    before the work, not after it), else ``--jobs``, else one local worker process per core."""
    import os

    scheduler = getattr(args, "scheduler", None)
    if scheduler is None:
        return getattr(args, "jobs", None) or (os.cpu_count() or 1)
    if getattr(args, "jobs", None) is not None:
        raise UsageError("--jobs and --scheduler both say where the work runs: give one")
    from cdg_oracle.properties.dask_executor import DaskBackend, check_address, local_workers

    if local_workers(check_address(scheduler)) is None:
        DaskBackend(scheduler).close()  # reached now, before any work: an unreachable one is a one-line error in seconds
    return scheduler


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, not usage + traceback
        raise UsageError(message)


def parse_rulings(items: list[str] | None) -> dict:
    """``--ruling name=value`` (repeatable); booleans as true/false."""
    out: dict = {}
    for item in items or []:
        if "=" not in item:
            raise UsageError(f"--ruling {item!r}: expected name=value")
        name, value = item.split("=", 1)
        low = value.lower()
        out[name] = True if low == "true" else False if low == "false" else value
    return out


def add_option_arguments(p, game: str | None) -> None:
    """``--option NAME=VALUE`` (repeatable): any game option (e.g. ``edition=deluxe``,
    ``tournament=true``, ``bid={"to":"USSR","vp":2}``); and the command-line shortcuts of ``game``
    (the ``cli_options`` of its checks record, properties/games.py; e.g. a solo game's ``--solo``,
    ``--ideology LEVEL``, ``--minidecks``). ``game`` None, or a game unknown here: no shortcuts (an
    unknown game is reported when the command runs)."""
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a game option, repeatable (true/false, a number, a name or a JSON value; the game "
                        "validates it: cdg-oracle rules --game GAME lists a game's options)")
    shortcuts = cli_options(game)
    for option in shortcuts.options if shortcuts is not None else ():
        p.add_argument(*option.flags, **option.kwargs)


def cli_options(game: str | None):
    """The command-line shortcuts of ``game`` (properties/games.py ``CliOptions``), or None."""
    if game is None:
        return None
    from cdg_oracle.properties.games import checks

    try:
        return checks(game).cli_options
    except DataError:
        return None


def _dest(option) -> str:
    return option.kwargs.get("dest") or option.flags[0].lstrip("-").replace("-", "_")


def _option_value(name: str, text: str):
    """An option's value as typed: true/false, a JSON value (a number, an object) read as traces
    are, else the word. Text that is JSON but refused (a duplicate key, NaN, a number of more than
    4300 digits, nesting too deep) is a UsageError, not a word."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return loads_value(text)
    except BadJSON as e:
        if e.json_error:
            return text
        raise UsageError(f"--option {name}: {e}") from None


def parse_options(args) -> dict | None:
    """The game options of ``--option`` and of the game's own shortcuts (:func:`add_option_arguments`):
    None when none is given (the game's defaults). The game validates them when the game starts."""
    out: dict = {}
    for item in getattr(args, "option", None) or []:
        if "=" not in item:
            raise UsageError(f"--option {item!r}: expected name=value")
        name, value = item.split("=", 1)
        out[name] = _option_value(name, value)
    shortcuts = cli_options(getattr(args, "game", None))
    if shortcuts is not None and shortcuts.options:
        try:
            given = shortcuts.to_options({_dest(o): getattr(args, _dest(o), None) for o in shortcuts.options})
        except ValueError as e:
            raise UsageError(str(e)) from None
        if given is not None:
            return {**out, **given}
    return out or None


def option_game(argv: list[str] | None) -> str | None:
    """The game whose command-line shortcuts the parser offers: for a command that takes game
    options (``play``, ``difftest``), the game its ``--game`` names, else the default game; None
    for any other command (no game is loaded to build its parser). ``argv`` None (a parser for any
    command line): the default game."""
    if argv is None:
        return DEFAULT_GAME
    command = next((a for a in argv if not a.startswith("-")), None)
    if command not in ("play", "difftest"):
        return None
    game = DEFAULT_GAME
    for i, a in enumerate(argv):
        if a == "--game" and i + 1 < len(argv):
            game = argv[i + 1]
        elif a.startswith("--game="):
            game = a.split("=", 1)[1]
    return game
