"""The command line's shared pieces, used by cli.py and by every ``*_cmd`` module's sub-command:
the argument parser that reports a bad argument in one line (:class:`Parser`), the help texts of
the options several sub-commands share (``--game``, ``--scenario``, ``--ruling``, ``--seed``), and
the parsing of ``--ruling NAME=VALUE`` and of the game options (``--option NAME=VALUE`` and
Labyrinth's solo shortcuts).

Imports run one way: cli.py imports the ``*_cmd`` modules, they and cli.py import this module,
and nothing imports cli.py (tests/test_import_cycles.py).
"""
from __future__ import annotations

import argparse

from cdg_oracle.oracle.fileio import BadJSON, loads_value
from cdg_oracle.oracle.usage import UsageError

#: The game a command plays when --game names none (named here only).
DEFAULT_GAME = "labyrinth"
GAME_HELP = f"the game, by its registered name (default {DEFAULT_GAME})"
SCENARIO_HELP = "the scenario (cdg-oracle scenario check lists them)"
RULING_HELP = "an interpretation switch, repeatable (cdg-oracle rules --rulings lists them)"
SEED_HELP = "seed of the random choices and chance outcomes: the same seed gives the same game (an integer >= 0)"


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


def add_option_arguments(p) -> None:
    """``--option NAME=VALUE`` (repeatable): any game option (Twilight Struggle: ``edition=deluxe``,
    ``tournament=true``, ``bid={"to":"USSR","vp":2}``); and Labyrinth's own shortcuts ``--solo``,
    ``--ideology LEVEL``, ``--minidecks`` (chapter 9)."""
    from cdg_oracle.model.labyrinth.options import IDEOLOGIES

    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a game option, repeatable (true/false, a number, a name or a JSON value; the game "
                        "validates it: Twilight Struggle's edition=seed|deluxe, optional_cards, tournament, bid)")
    p.add_argument("--solo", action="store_true",
                   help="Labyrinth: a solo game (chapter 9): the Jihadist is played by the bot, the choices are the US's")
    p.add_argument("--ideology", choices=IDEOLOGIES, metavar="LEVEL",
                   help=f"Labyrinth: the Jihadist Ideology of a solo game (9.7): {', '.join(IDEOLOGIES)} (default normal)")
    p.add_argument("--minidecks", action="store_true", help="Labyrinth: the mini-decks option of a solo game (9.2)")


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
    """The game options of ``--option`` and of Labyrinth's ``--solo``/``--ideology``/``--minidecks``:
    None when none is given (the game's defaults). The game validates them when the game starts."""
    out: dict = {}
    for item in getattr(args, "option", None) or []:
        if "=" not in item:
            raise UsageError(f"--option {item!r}: expected name=value")
        name, value = item.split("=", 1)
        out[name] = _option_value(name, value)
    if not args.solo:
        given = [f for f, v in (("--ideology", args.ideology), ("--minidecks", args.minidecks)) if v]
        if given:
            raise UsageError(f"{' and '.join(given)} {'needs' if len(given) == 1 else 'need'} --solo "
                             f"(solo options, 9.2 and 9.7)")
        return out or None
    return {**out, "solo": True, "ideology": args.ideology or "normal", "minidecks": bool(args.minidecks)}
